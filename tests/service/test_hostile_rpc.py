"""Hostile input through a real server: raw bytes that are no message, huge strings in every
string field, seeds that are no seed, tokens without seats, foreign page tokens. Each gets a
deliberate status with its reason, a bounded message and the call's request id, and the
game is left as it was."""

from __future__ import annotations

import base64
import random

import grpc
import pytest
from cardgames_client import CardgamesError, Client, analysis, api, events, pb, players, table_options
from google.protobuf import descriptor as descriptor_module
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2

from tests.records.test_docs_examples import EXAMPLES
from tests.service.players import error_of

SERVICES = [api.DESCRIPTOR.services_by_name["GameService"], analysis.DESCRIPTOR.services_by_name["AnalysisService"],
            players.DESCRIPTOR.services_by_name["PlayerService"], events.DESCRIPTOR.services_by_name["EventService"]]
METHODS = [(f"/{service.full_name}/{method.name}", method) for service in SERVICES for method in service.methods]
# Undecodable requests: a truncated length prefix, bytes that are no wire format at all
# (and, per method, invalid UTF-8 in a string field: see `undecodable`).
UNDECODABLE = [bytes.fromhex("1a05ab"), b"\xff" * 6]
BAD_UTF8 = bytes.fromhex("fffec328")
NEVER = {grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL}
MAX_MESSAGE = 500


def raw_call(channel: grpc.Channel, path: str, method, payload: bytes, timeout: float = 10.0,
             token: str | None = None) -> tuple[grpc.RpcError | None, list[bytes]]:
    """Sends ``payload`` as the request's bytes: the call's error (None if it succeeded) and
    the answers' bytes."""
    metadata = [("authorization", f"Bearer {token}")] if token else None
    answers: list[bytes] = []
    try:
        if method.server_streaming:
            answers.extend(channel.unary_stream(path)(payload, timeout=timeout, metadata=metadata))
        else:
            answers.append(channel.unary_unary(path)(payload, timeout=timeout, metadata=metadata))
    except grpc.RpcError as error:
        return error, answers
    return None, answers


def undecodable(method) -> list[bytes]:
    """The method's undecodable requests, with bytes that are not UTF-8 in a string field
    (nested in its first message field if it has no string field of its own)."""
    return [_bad_utf8(method.input_type), *UNDECODABLE]


def _bad_utf8(message) -> bytes:
    for field in message.fields:
        if field.type == field.TYPE_STRING:
            return bytes([field.number << 3 | 2, len(BAD_UTF8)]) + BAD_UTF8
    field = next(field for field in message.fields if field.type == field.TYPE_MESSAGE)
    inner = _bad_utf8(field.message_type)
    return bytes([field.number << 3 | 2, len(inner)]) + inner


def reason_of(error: grpc.RpcError) -> str:
    for key, value in error.trailing_metadata() or ():
        if key == "grpc-status-details-bin":
            for detail in status_pb2.Status.FromString(value).details:
                if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                    info = error_details_pb2.ErrorInfo()
                    detail.Unpack(info)
                    return info.reason
    return ""


def request_id_of(metadata) -> str:
    return dict(metadata or ()).get("x-request-id", "")


@pytest.fixture()
def channel(server):
    with grpc.insecure_channel(server.address) as opened:
        yield opened


@pytest.fixture(scope="module")
def belote_game(server):
    with Client(server.address) as creator:
        return creator.create_game("belote", seed="hostile")


@pytest.fixture(scope="module")
def event_id(server) -> str:
    """An event whose one table waits for its player: its calls read, nothing moves."""
    with Client(server.address) as creator:
        return creator.create_event("euchre3", deals=1, tables=[table_options(["reserved"] * 3)]).event_id


def test_undecodable_requests_are_invalid_argument_with_a_reason_and_a_log_line(server, channel):
    assert undecodable(METHODS[0][1])[0] == bytes.fromhex("1a04fffec328")  # CreateGame's seed
    for path, method in METHODS:
        for payload in undecodable(method):
            error, _ = raw_call(channel, path, method, payload)
            assert error is not None and error.code() == grpc.StatusCode.INVALID_ARGUMENT, (path, payload)
            assert reason_of(error) == "MALFORMED_REQUEST"
            assert "Error" not in error.details() and "exception" not in error.details().lower()
            answer_id = request_id_of(error.trailing_metadata())
            assert answer_id
            line = server.wait_for_log(lambda r, i=answer_id: r.get("request_id") == i and "status" in r)
            assert (line["method"], line["status"], line["reason"]) == (method.name, "INVALID_ARGUMENT",
                                                                         "MALFORMED_REQUEST")


def _mutations(valid: bytes, rng: random.Random) -> list[bytes]:
    """Random bytes, and a valid request cut short, with a byte flipped, or with junk added."""
    out = [rng.randbytes(rng.randint(1, 40)) for _ in range(6)]
    if valid:
        cut = rng.randint(0, len(valid) - 1)
        flipped = bytearray(valid)
        flipped[rng.randrange(len(valid))] ^= 1 << rng.randrange(8)
        out += [valid[:cut], bytes(flipped), valid + rng.randbytes(5)]
    return out


def _valid_requests(game, event_id: str) -> dict[str, tuple[Message, int | None]]:
    """A request each method would accept, with the game's (or event's) id where it takes
    one, and the seat whose token goes with it."""
    deal = "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0"
    record_text = next(text for variant, _, text in EXAMPLES if variant == "euchre3")
    item = analysis.DealInput(variant=pb.VARIANT_BELOTE, position=deal)
    reserved = table_options(["reserved"] * 3)
    return {
        "CreateGame": (api.CreateGameRequest(variant=pb.VARIANT_HEARTS, seed="x"), None),
        "GetGame": (api.GetGameRequest(game_id=game.game_id, seat=1), 1),
        "ListGames": (api.ListGamesRequest(page_size=2), None),
        "SubmitMove": (api.SubmitMoveRequest(game_id=game.game_id, seat=2, move=pb.Move(play=pb.PlayCard(card="QS"))), 2),
        "ValidateMove": (api.ValidateMoveRequest(game_id=game.game_id, seat=0, move=pb.Move(call=pb.CallSuit(suit="H"))), 0),
        "WatchGame": (api.WatchGameRequest(game_id=game.game_id, after_version=0), None),
        "GetHint": (api.GetHintRequest(game_id=game.game_id, seat=3, budget_ms=50), 3),
        "ClaimSeat": (api.ClaimSeatRequest(game_id=game.game_id, seat=1, invitation_code="code"), None),
        # Seat 2 is not to move (seat 1 bids first): a resignation is refused, the game unmoved.
        "Resign": (api.ResignRequest(game_id=game.game_id, seat=2), 2),
        "Rematch": (api.RematchRequest(game_id=game.game_id, seat=2), 2),
        "AnalyzeDeal": (analysis.AnalyzeDealRequest(input=item, time_limit_ms=2000), None),
        "AnalyzeDealProgress": (analysis.AnalyzeDealProgressRequest(input=item, time_limit_ms=2000), None),
        "AnalyzeDeals": (analysis.AnalyzeDealsRequest(inputs=[item], time_limit_ms=2000), None),
        "GetGameRecord": (api.GetGameRecordRequest(game_id=game.game_id, seat=1), 1),
        "ImportGameRecord": (analysis.ImportGameRecordRequest(text=record_text), None),
        # The game's first deal is being played: the review is refused, quickly.
        "ReviewGame": (analysis.ReviewGameRequest(game_id=game.game_id, deal_number=0, budget_ms=50), None),
        "GetPlayer": (players.GetPlayerRequest(player_id="bot:greedy", history_size=5), None),
        "ListLeaderboard": (players.ListLeaderboardRequest(variant=pb.VARIANT_HEARTS, page_size=5), None),
        "CreateEvent": (events.CreateEventRequest(variant=pb.VARIANT_EUCHRE3, deals=1, tables=[reserved]), None),
        "AddEventTable": (events.AddEventTableRequest(event_id=event_id, table=reserved), None),
        "GetEvent": (events.GetEventRequest(event_id=event_id), None),
        "GetEventStandings": (events.GetEventStandingsRequest(event_id=event_id), None),
        "GetDealComparison": (events.GetDealComparisonRequest(event_id=event_id, deal_number=0), None),
    }


def test_random_and_mutated_bytes_never_get_unknown_or_internal(channel, client, belote_game, event_id):
    rng = random.Random(29)
    valid = _valid_requests(belote_game, event_id)
    before = client.get_game(belote_game.game_id).SerializeToString()
    for _round in range(3):
        for path, method in METHODS:
            request, seat = valid[method.name]
            token = None if seat is None else belote_game.tokens[seat]  # so the bytes reach the move and the hint
            for payload in _mutations(request.SerializeToString(), rng):
                # WatchGame waits for moves on a valid request: a short deadline ends it.
                timeout = 1.0 if method.name == "WatchGame" else 10.0
                error, _ = raw_call(channel, path, method, payload, timeout, token)
                if error is None and method.name == "SubmitMove":
                    before = client.get_game(belote_game.game_id).SerializeToString()  # a legal move by chance
                if error is not None:
                    assert error.code() not in NEVER, (path, payload, error)
                    if error.code() != grpc.StatusCode.DEADLINE_EXCEEDED:
                        assert reason_of(error), (path, payload, error)
    # Still answering, and the game unmoved (the mutated moves are not its seats' with tokens).
    assert client.get_game(belote_game.game_id).SerializeToString() == before


def _string_paths(descriptor: descriptor_module.Descriptor, prefix: str = "", depth: int = 0) -> list[str]:
    """Every string field of a message, nested messages included, as dotted paths."""
    paths = []
    for field in descriptor.fields:
        name = prefix + field.name
        if field.type == field.TYPE_STRING:
            paths.append(name)
        elif field.type == field.TYPE_MESSAGE and depth < 3 and field.message_type.full_name.startswith("cardgames."):
            paths += _string_paths(field.message_type, name + ".", depth + 1)
    return paths


def _with(request: Message, path: str, value: str) -> Message:
    copy = type(request)()
    copy.CopyFrom(request)
    *parents, last = path.split(".")
    target = copy
    for name in parents:
        field = target.DESCRIPTOR.fields_by_name[name]
        if field.is_repeated:
            items = getattr(target, name)
            target = items[0] if len(items) else items.add()
        else:
            target = getattr(target, name)
    field = target.DESCRIPTOR.fields_by_name[last]
    if field.is_repeated:
        getattr(target, last).append(value)
    else:
        setattr(target, last, value)
    return copy


def test_every_string_field_oversized_gets_its_status_and_a_short_message(server, belote_game, event_id):
    """4,000 characters in every string field, 1 MiB in a few: the default client reads the
    answer (no metadata limit hit), whose message quotes the input cut short."""
    valid = _valid_requests(belote_game, event_id)
    huge = {"move.play.card", "input.deal", "input.position", "seed", "game_id"}
    with grpc.insecure_channel(server.address) as channel:
        for path, method in METHODS:
            request, seat = valid[method.name]
            token = None if seat is None else belote_game.tokens[seat]
            for field_path in _string_paths(request.DESCRIPTOR):
                for size in (4000, 1 << 20) if field_path in huge else (4000,):
                    sent = _with(request, field_path, "X" * size)
                    where = (method.name, field_path, size)
                    error, answers = raw_call(channel, path, method, sent.SerializeToString(), 10.0, token)
                    messages = [error.details()] if error is not None else []
                    if method.name == "AnalyzeDeals":  # an item's error comes in its own message
                        messages += [analysis.AnalyzeDealsResponse.FromString(a).error.message for a in answers]
                    for message in messages:
                        assert len(message) <= MAX_MESSAGE and "X" * 41 not in message, where
                    if error is not None:
                        assert error.code() not in NEVER | {grpc.StatusCode.RESOURCE_EXHAUSTED}, (where, error.details())
                        assert reason_of(error), where


def test_an_empty_seed_is_no_seed_and_a_control_character_is_refused(client):
    first = client.create_game("hearts", seed="")
    second = client.create_game("hearts", seed="")
    hands = [client.get_game(game.game_id, 0, game.tokens[0]).hand for game in (first, second)]
    assert hands[0] != hands[1], "an empty seed dealt the same cards twice"
    again = client.create_game("hearts", seed="")
    assert client.get_game(again.game_id, 0, again.tokens[0]).hand not in hands
    for seed in ("\0", "a\nb", "x" * 257):
        error = error_of(lambda s=seed: client.create_game("hearts", seed=s))
        assert (error.code, error.reason, error.fields) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT", ("seed",))


def test_a_token_without_a_seat_reads_as_its_seat_never_as_a_spectator(client, belote_game):
    game = belote_game
    for seat, token in enumerate(game.tokens):
        view = client.stub.GetGame(api.GetGameRequest(game_id=game.game_id),
                                   metadata=[("authorization", f"Bearer {token}")]).view
        assert view.HasField("viewer") and view.viewer == seat and len(view.hand) > 0
        stream = client.stub.WatchGame(api.WatchGameRequest(game_id=game.game_id),
                                       metadata=[("authorization", f"Bearer {token}")], timeout=5)
        snapshot = next(stream).snapshot
        stream.cancel()
        assert snapshot.viewer == seat and list(snapshot.hand) == list(view.hand)
    with pytest.raises(grpc.RpcError) as caught:
        client.stub.GetGame(api.GetGameRequest(game_id=game.game_id), metadata=[("authorization", "Bearer nope")])
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
    spectator = client.get_game(game.game_id)
    assert not spectator.HasField("viewer") and not spectator.hand


def test_a_page_token_is_refused_with_other_filters(client):
    for _ in range(3):
        client.create_game("euchre3")
    page = client.list_games("euchre3", page_size=1)
    assert page.next_page_token
    assert client.list_games("euchre3", page_size=1, page_token=page.next_page_token).games
    for variant, status in ((None, None), ("hearts", None), ("euchre3", "finished")):
        error = error_of(lambda v=variant, s=status: client.list_games(v, status=s, page_size=1,
                                                                       page_token=page.next_page_token))
        assert (error.code, error.reason, error.fields) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_PAGE_TOKEN",
                                                            ("page_token",))
    # A token of the right form whose row number no database holds.
    for seq in (10**20, -(10**20)):
        forged = base64.urlsafe_b64encode(f"v2:{seq}:euchre3/".encode()).decode()
        error = error_of(lambda t=forged: client.list_games("euchre3", page_size=1, page_token=t))
        assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_PAGE_TOKEN")


def test_every_answer_carries_its_request_id(client, belote_game):
    ok = client.stub.GetGame.with_call(api.GetGameRequest(game_id=belote_game.game_id))
    assert request_id_of(ok[1].trailing_metadata())
    given = client.stub.GetGame.with_call(api.GetGameRequest(game_id=belote_game.game_id),
                                          metadata=[("x-request-id", "probe-42")])
    assert request_id_of(given[1].trailing_metadata()) == "probe-42"
    with pytest.raises(grpc.RpcError) as caught:
        client.stub.GetGame(api.GetGameRequest(game_id="missing"), metadata=[("x-request-id", "probe-43")])
    assert request_id_of(caught.value.trailing_metadata()) == "probe-43"
    error = error_of(lambda: client.get_game("missing"))
    assert error.request_id and error.reason == "GAME_NOT_FOUND"
    with pytest.raises(grpc.RpcError) as caught:  # a stream's error, after its start
        list(client.stub.WatchGame(api.WatchGameRequest(game_id=belote_game.game_id, after_version=10**6),
                                   metadata=[("x-request-id", "probe-44")], timeout=5))
    assert caught.value.code() == grpc.StatusCode.OUT_OF_RANGE
    assert request_id_of(caught.value.trailing_metadata()) == "probe-44"
    stream = client.stub.WatchGame(api.WatchGameRequest(game_id=belote_game.game_id), timeout=5)
    assert next(stream).HasField("snapshot")
    stream.cancel()


def test_rule_messages_name_the_api_moves_and_what_is_legal(client):
    game = client.create_game("hearts", seed="messages")
    table = client.get_game(game.game_id)
    seat = table.to_act[0]
    error = error_of(lambda: client.submit_move(game.game_id, seat, game.tokens[seat], "play:2C"))
    assert error.reason == "WRONG_PHASE" and "give" in error.message and "passcards" not in error.message
    for seat, token in enumerate(game.tokens):
        view = client.get_game(game.game_id, seat, token)
        client.submit_move(game.game_id, seat, token, "give:" + " ".join(view.card_selection.cards[:3]))
    leader = client.get_game(game.game_id).to_act[0]
    view = client.get_game(game.game_id, leader, game.tokens[leader])
    other = next(card for card in view.hand if card != "2C")
    error = error_of(lambda: client.submit_move(game.game_id, leader, game.tokens[leader], f"play:{other}"))
    assert error.reason == "MUST_LEAD_TWO_OF_CLUBS" and error.message.endswith("play the 2C")
    error = error_of(lambda: client.submit_move(game.game_id, leader, game.tokens[leader], "next-deal"))
    assert error.reason == "WRONG_PHASE" and error.message.endswith("play")


def test_a_huge_card_or_trump_is_refused_briefly_and_the_seat_still_gets_its_hint(client, belote_game):
    game = belote_game
    seat = client.get_game(game.game_id).to_act[0]
    assert client.get_hint(game.game_id, seat, game.tokens[seat], budget_ms=50).samples >= 1
    for text in ("play:" + "Z" * 4000, "call:" + "Z" * 4000):
        error = error_of(lambda t=text: client.submit_move(game.game_id, seat, game.tokens[seat], t))
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and error.reason in ("UNKNOWN_CARD", "UNKNOWN_SUIT")
        assert len(error.message) < 120
    deal = "0:7.98.A.9 9.T.QJ.8 K.QJ.T.J .A.9.QT7;stock=JS 7D KD KH 8S TS KC AS AC QS 8D 7H"
    item = analysis.DealInput(variant=pb.VARIANT_BELOTE, deal=deal, contract=analysis.Contract(trump="Q" * 4000))
    with pytest.raises(CardgamesError) as caught:
        client.analyze_deal(item)
    assert (caught.value.code, caught.value.fields) == (grpc.StatusCode.INVALID_ARGUMENT, ("input.contract.trump",))
    assert len(caught.value.message) < 200
    assert client.get_hint(game.game_id, seat, game.tokens[seat], budget_ms=50).samples >= 1
