"""The error matrix: every status code and reason produced by a real request, and the game unchanged."""

from __future__ import annotations

import random

import grpc
import pytest
from cardgames_client import CardgamesError, Client, api, move, move_text, pb

from tests.service.players import choose, play_to_end

C = grpc.StatusCode


def everything_seen(client: Client, game) -> tuple:
    """Every seat's view and the spectator's: a rejected request must change none of it."""
    views = [client.get_game(game.game_id, seat, token) for seat, token in enumerate(game.tokens)]
    return (client.get_game(game.game_id).SerializeToString(), *(view.SerializeToString() for view in views))


def rejected(client: Client, game, call, code: grpc.StatusCode, reason: str, field: str | None = None) -> CardgamesError:
    before = everything_seen(client, game) if game is not None else None
    with pytest.raises(CardgamesError) as caught:
        call()
    error = caught.value
    assert (error.code, error.reason) == (code, reason), str(error)
    if field is not None:
        assert error.fields == (field,)
    if game is not None:
        assert everything_seen(client, game) == before, "a rejected request changed the game"
    return error


def advance_until(client: Client, game, rng: random.Random, wanted, max_moves: int = 500):
    """Random legal moves until ``wanted(view_of_seat_to_act)`` holds; returns that view."""
    for _ in range(max_moves):
        table = client.get_game(game.game_id)
        seat = table.to_act[0]
        view = client.get_game(game.game_id, seat, game.tokens[seat])
        if wanted(view):
            return view
        client.submit_move(game.game_id, seat, game.tokens[seat], choose(view, rng))
    raise AssertionError("situation not reached")


@pytest.fixture()
def game(client):
    return client.create_game("belote", seed="error-matrix")


def test_invalid_argument_on_creation(client):
    rejected(client, None, lambda: client.create_game(pb.VARIANT_UNSPECIFIED), C.INVALID_ARGUMENT,
             "INVALID_VARIANT", "variant")
    rejected(client, None, lambda: client.create_game("hearts", {"target_score": 0}), C.INVALID_ARGUMENT,
             "INVALID_OPTION", "options.target_score")
    rejected(client, None, lambda: client.create_game("belote", {"first_dealer": 4}), C.INVALID_ARGUMENT,
             "INVALID_OPTION", "options.first_dealer")
    request = api.CreateGameRequest(variant=pb.VARIANT_HEARTS,
                                    options=pb.GameOptions(belote=pb.BeloteOptions()))
    rejected(client, None, lambda: client._call(client.stub.CreateGame, request), C.INVALID_ARGUMENT,
             "INVALID_OPTION", "options.belote")
    rejected(client, None, lambda: client.create_game("hearts", deal="not a deal"), C.INVALID_ARGUMENT,
             "INVALID_NOTATION", "deal")
    # The seed is stored and replayed from: bounded, as request ids are.
    rejected(client, None, lambda: client.create_game("hearts", seed="s" * 257), C.INVALID_ARGUMENT,
             "INVALID_ARGUMENT", "seed")
    assert client.create_game("hearts", seed="s" * 256).game_id


def test_invalid_argument_on_moves(client, game):
    token = game.tokens[0]
    empty = api.SubmitMoveRequest(game_id=game.game_id, seat=0, move=pb.Move())
    rejected(client, game, lambda: client._call(client.stub.SubmitMove, empty, token), C.INVALID_ARGUMENT,
             "UNKNOWN_MOVE", "move")
    rejected(client, game, lambda: client.submit_move(game.game_id, 0, token, "play:ZZ"), C.INVALID_ARGUMENT,
             "UNKNOWN_CARD", "move")
    rejected(client, game, lambda: client.submit_move(game.game_id, 0, token, "call:X"), C.INVALID_ARGUMENT,
             "UNKNOWN_SUIT", "move")
    rejected(client, game, lambda: client.submit_move(game.game_id, 9, token, "pass"), C.INVALID_ARGUMENT,
             "INVALID_SEAT", "seat")
    rejected(client, game, lambda: client.submit_move(game.game_id, 0, token, "pass", request_id="x" * 200),
             C.INVALID_ARGUMENT, "INVALID_ARGUMENT", "request_id")
    rejected(client, game, lambda: client.get_game(""), C.INVALID_ARGUMENT, "INVALID_ARGUMENT", "game_id")
    rejected(client, game, lambda: client.list_games(page_token="garbage!"), C.INVALID_ARGUMENT,
             "INVALID_PAGE_TOKEN", "page_token")
    rejected(client, game, lambda: client.list_games(page_size=5000), C.INVALID_ARGUMENT, "INVALID_ARGUMENT",
             "page_size")


def test_request_id_reused_for_another_move(client, game):
    seat = client.get_game(game.game_id).to_act[0]
    token = game.tokens[seat]
    first = client.submit_move(game.game_id, seat, token, "pass", request_id="r-1")
    rejected(client, game, lambda: client.submit_move(game.game_id, seat, token, "take", request_id="r-1"),
             C.INVALID_ARGUMENT, "REQUEST_ID_REUSED", "request_id")
    assert client.submit_move(game.game_id, seat, token, "pass", request_id="r-1") == first


def test_not_found(client, game):
    for call in (
        lambda: client.get_game("no-such-game"),
        lambda: client.submit_move("no-such-game", 0, game.tokens[0], "pass"),
        lambda: client.validate_move("no-such-game", 0, game.tokens[0], "pass"),
        lambda: list(client.watch("no-such-game")),
    ):
        rejected(client, game, call, C.NOT_FOUND, "GAME_NOT_FOUND")


def test_credentials(client, game):
    other = client.create_game("belote", seed="other")
    seat = client.get_game(game.game_id).to_act[0]
    rejected(client, game, lambda: client.submit_move(game.game_id, seat, "", "pass"), C.UNAUTHENTICATED,
             "MISSING_CREDENTIAL")
    rejected(client, game, lambda: client.get_game(game.game_id, seat), C.UNAUTHENTICATED, "MISSING_CREDENTIAL")
    rejected(client, game, lambda: client.submit_move(game.game_id, seat, "forged-token", "pass"),
             C.UNAUTHENTICATED, "INVALID_CREDENTIAL")
    rejected(client, game, lambda: client.submit_move(game.game_id, seat, other.tokens[seat], "pass"),
             C.UNAUTHENTICATED, "INVALID_CREDENTIAL")
    wrong = game.tokens[(seat + 1) % 4]
    rejected(client, game, lambda: client.submit_move(game.game_id, seat, wrong, "pass"), C.PERMISSION_DENIED,
             "WRONG_SEAT")
    rejected(client, game, lambda: client.get_game(game.game_id, seat, wrong), C.PERMISSION_DENIED, "WRONG_SEAT")
    rejected(client, game, lambda: list(client.watch(game.game_id, seat, wrong)), C.PERMISSION_DENIED,
             "WRONG_SEAT")


def test_rules_forbid(client, game):
    table = client.get_game(game.game_id)
    seat = table.to_act[0]
    idle = (seat + 1) % 4
    rejected(client, game, lambda: client.submit_move(game.game_id, idle, game.tokens[idle], "pass"),
             C.FAILED_PRECONDITION, "NOT_YOUR_TURN")
    rejected(client, game, lambda: client.submit_move(game.game_id, seat, game.tokens[seat], "play:JH"),
             C.FAILED_PRECONDITION, "WRONG_PHASE")
    verdict = client.validate_move(game.game_id, idle, game.tokens[idle], "pass")
    assert (verdict.legal, verdict.reason, verdict.version) == (False, "NOT_YOUR_TURN", table.version)
    assert client.validate_move(game.game_id, seat, game.tokens[seat], "pass").legal

    rng = random.Random(3)

    def must_follow(view):
        if view.phase != pb.PHASE_PLAY or not view.trick:
            return False
        legal = {move_text(m) for m in view.legal_moves}
        return any(f"play:{card}" not in legal and _reason(client, game, view, card) == "MUST_FOLLOW_SUIT"
                   for card in view.hand)

    view = advance_until(client, game, rng, must_follow)
    seat = view.viewer
    card = next(c for c in view.hand if _reason(client, game, view, c) == "MUST_FOLLOW_SUIT")
    rejected(client, game, lambda: client.submit_move(game.game_id, seat, game.tokens[seat], f"play:{card}"),
             C.FAILED_PRECONDITION, "MUST_FOLLOW_SUIT")
    played = {entry.card for entry in view.trick}
    elsewhere = next(code for code in ("JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H", "JS", "9S")
                     if code not in view.hand and code not in played)
    error = rejected(client, game,
                     lambda: client.submit_move(game.game_id, seat, game.tokens[seat], f"play:{elsewhere}"),
                     C.FAILED_PRECONDITION, "CARD_NOT_IN_HAND")
    assert error.message.count(elsewhere) <= 1


def _reason(client, game, view, card) -> str:
    seat = view.viewer
    return client.validate_move(game.game_id, seat, game.tokens[seat], f"play:{card}").reason


def test_version_conflict_and_game_over(server, client):
    game = client.create_game("euchre3", {"target_score": 1}, seed="short")
    seat = client.get_game(game.game_id).to_act[0]
    rejected(client, game, lambda: client.submit_move(game.game_id, seat, game.tokens[seat], "pass",
                                                      expected_version=7), C.ABORTED, "VERSION_CONFLICT")
    rejected(client, game, lambda: client.submit_move(game.game_id, seat, game.tokens[seat], "pass",
                                                      expected_version=-1), C.INVALID_ARGUMENT, "INVALID_ARGUMENT",
             "expected_version")  # no game is at a negative version: malformed, not stale
    rejected(client, game, lambda: list(client.watch(game.game_id, after_version=10**6)), C.OUT_OF_RANGE,
             "VERSION_OUT_OF_RANGE", "after_version")
    rejected(client, game, lambda: list(client.watch(game.game_id, after_version=-1)), C.INVALID_ARGUMENT,
             "INVALID_ARGUMENT", "after_version")  # never valid, whatever the game does next
    play_to_end(server.address, game, random.Random(5))
    rejected(client, game, lambda: client.submit_move(game.game_id, seat, game.tokens[seat], "next-deal"),
             C.FAILED_PRECONDITION, "GAME_OVER")


def test_error_details_are_google_rpc(client, game):
    """The status carries ErrorInfo (domain cardgames.v1) and BadRequest, readable by any client."""
    from google.rpc import error_details_pb2
    from grpc_status import rpc_status

    try:
        client.stub.SubmitMove(api.SubmitMoveRequest(game_id=game.game_id, seat=9, move=move("pass")),
                               metadata=(("authorization", f"Bearer {game.tokens[0]}"),))
    except grpc.RpcError as error:
        status = rpc_status.from_call(error)
    kinds = {detail.TypeName() for detail in status.details}
    assert kinds == {"google.rpc.ErrorInfo", "google.rpc.BadRequest"}
    info = error_details_pb2.ErrorInfo()
    status.details[0].Unpack(info)
    assert (info.domain, info.reason) == ("cardgames.v1", "INVALID_SEAT")


def test_a_rejection_does_not_tell_where_a_card_is(client):
    """Playing a card held by another seat or one never dealt: the same answer, so an error
    cannot be used to locate hidden cards."""
    from engine_service.rules import new_game, parse_move

    game = client.create_game("euchre3", {"target_score": 50}, seed="where-is-it")
    replica = new_game("euchre3", {"target_score": 50}, seed="where-is-it")
    rng = random.Random(8)
    while True:
        seat = replica.to_act()[0]
        if replica.phase.value == "PLAY":
            break
        view = client.get_game(game.game_id, seat, game.tokens[seat])
        text = choose(view, rng)
        client.submit_move(game.game_id, seat, game.tokens[seat], text)
        replica.push(seat, parse_move(text, replica.deck))
    other = next(iter(replica.hand((seat + 1) % 3)))
    undealt = replica.stock[0]
    answers = []
    for card in (other, undealt):
        error = rejected(client, game, lambda c=card: client.submit_move(
            game.game_id, seat, game.tokens[seat], f"play:{c.code}"), C.FAILED_PRECONDITION, "CARD_NOT_IN_HAND")
        answers.append((error.code, error.reason, error.message.replace(card.code, "<card>"), error.fields))
    assert answers[0] == answers[1]


@pytest.mark.parametrize("header", ["{token}", "Token {token}", "Bearer", "Basic {token}", "Bearer  "])
def test_an_authorization_header_not_in_the_bearer_form_is_named_as_the_mistake(client, game, header):
    """Not "this call needs the seat's token", which hides what is wrong."""
    metadata = (("authorization", header.format(token=game.tokens[0])),)
    with pytest.raises(grpc.RpcError) as caught:
        client.stub.SubmitMove(api.SubmitMoveRequest(game_id=game.game_id, seat=0, move=move("pass")), metadata=metadata)
    error = CardgamesError.from_rpc_error(caught.value)
    assert (error.code, error.reason) == (grpc.StatusCode.UNAUTHENTICATED, "MALFORMED_CREDENTIAL")
    assert "Bearer <token>" in error.message and game.tokens[0] not in error.message


def test_the_bearer_scheme_is_read_whatever_its_case(client, game):
    seat = client.get_game(game.game_id).to_act[0]
    for scheme in ("bearer", "BEARER"):
        answer = client.stub.GetGame(api.GetGameRequest(game_id=game.game_id, seat=seat),
                                     metadata=(("authorization", f"{scheme} {game.tokens[seat]}"),))
        assert answer.view.viewer == seat and answer.view.hand
