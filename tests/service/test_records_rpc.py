"""Game records through a real server: GetGameRecord for each reader (never a hidden card
before its time, never a token), a whole match of every variant exported and imported
back (protobuf, JSON over gRPC and over Connect, text), and every fault of an import named."""

from __future__ import annotations

import random

import grpc
import pytest
from cardgames_client import Client, CreatedGame, pb, records
from google.protobuf import json_format

from engine_service.rules import PassCards, new_game, parse_move
from engine_service.service.credentials import token_hash
from tests.rules.invariants import knowable_codes
from tests.service.players import QUICK_OPTIONS, choose, error_of
from tests.service.server_process import ServerProcess
from tests.service.web_client import Connect, ConnectError

VARIANTS = ["euchre3", "belote3", "hearts", "belote"]
ANALYSIS = "/cardgames.v1.AnalysisService/"


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory):
    process = ServerProcess(tmp_path_factory.mktemp("records") / "games.db", web=True).start()
    yield process
    process.stop()


@pytest.fixture()
def client(web_server):
    with Client(web_server.address) as connected:
        yield connected


class Mirror:
    """A game played through the server and, move for move, on a local engine game with the
    same seed: the oracle of what each seat may know."""

    def __init__(self, client: Client, variant: str, seed: str | None, rng: random.Random) -> None:
        self.client, self.rng = client, rng
        self.created = client.create_game(variant, QUICK_OPTIONS[variant], seed=seed)
        self.game = new_game(variant, QUICK_OPTIONS[variant], seed=seed) if seed else None

    def step(self) -> bool:
        """One random move; False once the match is over."""
        table = self.client.get_game(self.created.game_id)
        if not table.to_act:
            return False
        seat = self.rng.choice(list(table.to_act))
        view = self.client.get_game(self.created.game_id, seat, self.created.tokens[seat])
        text = choose(view, self.rng)
        self.client.submit_move(self.created.game_id, seat, self.created.tokens[seat], text)
        if self.game is not None:
            self.game.push(seat, parse_move(text, self.game.deck))
        return True

    def record(self, seat: int | None) -> records.GameRecord:
        token = self.created.tokens[seat] if seat is not None else None
        return self.client.get_game_record(self.created.game_id, seat, token)


def _codes(message, deck_codes: set[str]) -> set[str]:
    found: set[str] = set()
    stack = [json_format.MessageToDict(message)]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            found |= {part for part in item.replace(":", " ").replace(";", " ").replace("=", " ").split()
                      if part in deck_codes}
    return found


def _whole_match(client: Client, variant: str, rng: random.Random) -> CreatedGame:
    mirror = Mirror(client, variant, None, rng)
    while mirror.step():
        pass
    return mirror.created


# ----------------------------------------------------------------------------- reading


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_record_asked_during_a_deal_shows_each_reader_no_more_than_it_may_know(client, variant):
    rng = random.Random(variant)
    mirror = Mirror(client, variant, f"records-{variant}", rng)
    game = mirror.game
    assert game is not None
    deck_codes = {card.code for card in game.deck.cards}
    checked = 0
    for step in range(400):
        if not mirror.step():
            break
        if step % 7:
            continue
        for reader in (None, *range(game.players)):
            record = mirror.record(reader)
            if record.status == pb.GAME_STATUS_FINISHED:
                assert all(not deal.hidden for deal in record.deals)  # over: nothing matters any more
                continue
            current = record.deals[-1]
            shown = _codes(current, deck_codes) - _codes(current.result, deck_codes)
            assert shown <= knowable_codes(game, reader), (step, reader, shown - knowable_codes(game, reader))
            # A creator-given seed: no past deal is shown before the match is over.
            assert all(deal.hidden and not deal.notation for deal in record.deals if record.status == pb.GAME_STATUS_ACTIVE)
            checked += 1
    assert checked > 20


def test_a_deal_over_is_shown_at_once_when_the_server_drew_the_seed(client):
    mirror = Mirror(client, "belote", None, random.Random(4))
    while mirror.client.get_game(mirror.created.game_id).phase != pb.PHASE_DEAL_OVER:
        assert mirror.step()
    record = mirror.record(None)
    first = record.deals[0]
    assert not first.hidden and first.notation and len(first.stock) == 12 and first.HasField("result")
    assert all(len(hand.cards) == 5 for hand in first.hands)  # as dealt, before the completion
    assert sorted(card for hand in first.hands for card in hand.cards) + sorted(first.stock) != []


def test_a_record_holds_no_token_no_hash_no_seed(client):
    created = client.create_game("hearts", QUICK_OPTIONS["hearts"], seed="my-own-seed")
    text = json_format.MessageToJson(client.get_game_record(created.game_id, 0, created.tokens[0]))
    for secret in (*created.tokens, *(token_hash(token) for token in created.tokens), "my-own-seed"):
        assert secret not in text


def test_reading_a_record_needs_the_seats_own_token(client):
    created = client.create_game("hearts", QUICK_OPTIONS["hearts"])
    cases = [
        (lambda: client.get_game_record(created.game_id, 1, created.tokens[0]), grpc.StatusCode.PERMISSION_DENIED),
        (lambda: client.get_game_record(created.game_id, 1, "forged"), grpc.StatusCode.UNAUTHENTICATED),
        (lambda: client.get_game_record(created.game_id, 1), grpc.StatusCode.UNAUTHENTICATED),
        (lambda: client.get_game_record("no-such-game"), grpc.StatusCode.NOT_FOUND),
        (lambda: client.get_game_record(created.game_id, 9, created.tokens[0]), grpc.StatusCode.INVALID_ARGUMENT),
    ]
    for call, code in cases:
        assert error_of(call).code == code
    mine = client.get_game_record(created.game_id, token=created.tokens[2])  # a token alone: its seat's record
    assert [hand.hidden for hand in mine.deals[0].hands] == [True, True, False, True]


# ----------------------------------------------------------------------------- export and import


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_match_exported_imports_back_to_the_same_results(client, web_server, variant):
    created = _whole_match(client, variant, random.Random(f"whole-{variant}"))
    exported = client.get_game_record(created.game_id)
    assert exported.status == pb.GAME_STATUS_FINISHED and exported.format == 1
    assert all(not deal.hidden and deal.notation for deal in exported.deals)
    back = client.import_game_record(exported)
    _same_play(back, exported)
    assert back.game_id == exported.game_id
    # Its JSON, as a file would hold it: over gRPC, and over Connect as a page would send it.
    document = json_format.MessageToJson(exported)
    _same_play(client.import_game_record(json_format.Parse(document, records.GameRecord())), exported)
    web = Connect(web_server.web_address)
    try:
        answer = web.call(ANALYSIS + "ImportGameRecord", {"record": json_format.MessageToDict(exported)})
    finally:
        web.close()
    assert not isinstance(answer, ConnectError), answer
    _same_play(json_format.ParseDict(answer["record"], records.GameRecord()), exported)


def _same_play(got: records.GameRecord, expected: records.GameRecord) -> None:
    assert list(got.scores) == list(expected.scores) and got.status == expected.status
    assert list(got.outcome.winners) == list(expected.outcome.winners)
    assert [deal.result for deal in got.deals] == [deal.result for deal in expected.deals]
    assert [deal.notation for deal in got.deals] == [deal.notation for deal in expected.deals]
    assert [[entry.move for entry in deal.entries] for deal in got.deals] == \
           [[entry.move for entry in deal.entries if entry.WhichOneof("entry") == "move"] for deal in expected.deals]


def test_a_record_written_by_hand_in_text_is_imported(client):
    game = new_game("hearts", {"target_score": 26}, seed="hand")
    rng = random.Random(1)
    lines = ["# a deal written by hand", "variant=hearts target_score=26"]
    from engine_service.rules import format_deal

    deal = format_deal(game.deck, game.dealt)
    moves = []
    while game.phase.name != "DEAL_OVER":
        seat = rng.choice(game.to_act())
        move = rng.choice(game.legal_moves(seat))
        game.push(seat, move)
        moves.append(f"{seat}:{move.text()}")
    lines.append(deal + ";moves=" + ",".join(moves))
    record = client.import_game_record(text="\n".join(lines))
    assert record.status == pb.GAME_STATUS_ACTIVE and len(record.deals) == 1
    assert list(record.deals[0].result.scores) == list(game.results[0].scores)
    assert any(isinstance(parse_move(m.split(":", 1)[1], game.deck), PassCards) for m in moves)


def test_each_fault_of_an_import_is_invalid_argument_naming_where(client):
    created = _whole_match(client, "euchre3", random.Random(9))
    good = client.get_game_record(created.game_id)

    def mutated(change) -> records.GameRecord:
        copy = records.GameRecord()
        copy.CopyFrom(good)
        change(copy)
        return copy

    def illegal(record: records.GameRecord) -> None:
        entry = next(e for e in record.deals[0].entries if e.move.WhichOneof("kind") == "play")
        entry.move.play.card = next(c for c in record.deals[0].hands[(entry.seat + 1) % 3].cards)

    def twice(record: records.GameRecord) -> None:
        record.deals[0].hands[1].cards[0] = record.deals[0].hands[0].cards[0]

    def wrong_score(record: records.GameRecord) -> None:
        record.deals[0].result.scores[0] += 1

    def unknown_card(record: records.GameRecord) -> None:
        record.deals[0].stock[0] = "ZZ" * 100

    cases = [
        (illegal, "CARD_NOT_IN_HAND", "record.deals[0].entries["),
        (twice, "DUPLICATE_CARD", "record.deals[0]"),
        (wrong_score, "INVALID_RECORD", "record.deals[0].result.scores"),
        (unknown_card, "UNKNOWN_CARD", "record.deals[0].stock"),
        (lambda record: setattr(record, "format", 7), "INVALID_RECORD", "record.format"),
        (lambda record: record.deals[0].ClearField("hands"), "INVALID_DEAL", "record.deals[0].hands"),
    ]
    for change, reason, field in cases:
        error = error_of(lambda change=change: client.import_game_record(mutated(change)))
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and error.reason == reason, (reason, error)
        assert error.fields and error.fields[0].startswith(field), (field, error.fields)
        assert len(error.message) <= 500 and "ZZZZ" * 20 not in error.message
    text_error = error_of(lambda: client.import_game_record(text="variant=hearts\n0:AK"))
    assert text_error.code == grpc.StatusCode.INVALID_ARGUMENT and text_error.fields == ("text",)
    huge = error_of(lambda: client.import_game_record(text="x" * (1 << 20 + 1)))
    assert huge.code == grpc.StatusCode.INVALID_ARGUMENT
