"""Arbitrary requests get a deliberate status: never UNKNOWN or INTERNAL, and nothing changes."""

from __future__ import annotations

import grpc
import pytest
from cardgames_client import CardgamesError, Client, api, pb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import soaked

ALLOWED = {
    grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.NOT_FOUND, grpc.StatusCode.UNAUTHENTICATED,
    grpc.StatusCode.PERMISSION_DENIED, grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED,
    grpc.StatusCode.OUT_OF_RANGE,
}
text = st.text(max_size=40) | st.sampled_from(["", "play:", "play:QS", "give:2C 2C 3C", "call:", "call:H",
                                               "discard:MA", "pass", "take", "next-deal", "declare"])
moves = st.one_of(
    st.builds(lambda s: pb.Move(play=pb.PlayCard(card=s)), text),
    st.builds(lambda s: pb.Move(call=pb.CallSuit(suit=s)), text),
    st.builds(lambda s: pb.Move(discard=pb.DiscardCard(card=s)), text),
    st.builds(lambda cards: pb.Move(give=pb.GiveCards(cards=cards)), st.lists(text, max_size=5)),
    st.just(pb.Move()),
    st.just(pb.Move(next_deal=pb.NextDeal())),
    st.just(pb.Move(declare=pb.DeclareCombinations(declare=True))),
)
int32 = st.integers(-(2**31), 2**31 - 1)


@pytest.fixture(scope="module")
def fuzz_game(server):
    with Client(server.address) as creator:
        return creator.create_game("euchre3", seed="fuzz")


def _call(client: Client, method, request, token: str | None = None):
    try:
        return client._call(method, request, token)
    except CardgamesError as error:
        assert error.code in ALLOWED, f"{error.code} for {request!r}"
        assert error.reason, "every error names its reason"
        return None


@settings(max_examples=soaked(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_arbitrary_requests(client, fuzz_game, data):
    game = fuzz_game
    before = client.get_game(game.game_id).SerializeToString()
    seat = data.draw(st.one_of(st.integers(-2, 5), int32))
    header_safe = st.text(st.characters(min_codepoint=33, max_codepoint=126), max_size=40)
    token = data.draw(st.sampled_from([*game.tokens, "", "x" * 40]) | header_safe)
    game_id = data.draw(st.sampled_from([game.game_id, "", "nope"]) | text)
    kind = data.draw(st.sampled_from(["submit", "validate", "get", "watch", "create", "list"]))
    if kind == "submit":
        request = api.SubmitMoveRequest(game_id=game_id, seat=seat, move=data.draw(moves),
                                        request_id=data.draw(text))
        if data.draw(st.booleans()):
            request.expected_version = data.draw(st.integers(-5, 2**40))
        answer = _call(client, client.stub.SubmitMove, request, token)
        if answer is not None:  # a legal move by chance: the game moved on by exactly one
            before = None
    elif kind == "validate":
        _call(client, client.stub.ValidateMove,
              api.ValidateMoveRequest(game_id=game_id, seat=seat, move=data.draw(moves)), token)
    elif kind == "get":
        _call(client, client.stub.GetGame, api.GetGameRequest(game_id=game_id, seat=seat), token)
    elif kind == "watch":
        request = api.WatchGameRequest(game_id=game_id, after_version=data.draw(st.integers(-3, 2**40)))
        try:
            for _ in client.stub.WatchGame(request, timeout=0.5):
                break
        except grpc.RpcError as error:
            assert error.code() in ALLOWED | {grpc.StatusCode.DEADLINE_EXCEEDED}, error
    elif kind == "create":
        request = api.CreateGameRequest(variant=data.draw(st.integers(0, 6)), deal=data.draw(text))
        if data.draw(st.booleans()):
            request.options.hearts.common.target_score = data.draw(int32)
        _call(client, client.stub.CreateGame, request)
    else:
        request = api.ListGamesRequest(variant=data.draw(st.integers(0, 6)), status=data.draw(st.integers(0, 4)),
                                       page_size=data.draw(int32), page_token=data.draw(text))
        _call(client, client.stub.ListGames, request)
    if before is not None:
        assert client.get_game(game.game_id).SerializeToString() == before

