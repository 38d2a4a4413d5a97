"""Game records in the engine: built from a table's log, read by a seat or a spectator
with the hidden cards held back until they can no longer matter, written as text and
replayed; every fault of an imported record named."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_service.records import (
    GameRecord,
    RecordBuilder,
    TableAction,
    for_reader,
    format_record,
    parse_record,
    replay,
)
from engine_service.rules import VARIANTS, Card, Phase, Play, Reason, RuleViolation, new_game
from engine_service.rules.codec import to_data
from engine_service.tables import Table, TableSpec
from tests.conftest import soaked
from tests.rules.invariants import knowable_codes

QUICK = {"euchre3": {"target_score": 2}, "belote3": {"target_score": 500}, "hearts": {"target_score": 26},
         "belote": {"target_score": 501}}
common = settings(max_examples=soaked(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
variants = st.sampled_from(sorted(VARIANTS))


def played(variant: str, rng: random.Random, *, stop_after: int | None = None) -> tuple[RecordBuilder, Table]:
    """A match of ``variant`` played at random on a table, every entry recorded (or the
    first ``stop_after`` of them)."""
    game = new_game(variant, QUICK[variant], seed=f"seed-{rng.random()}")
    table = Table(game, TableSpec.reserved(game.players), ["token-hash"] * game.players, 1000.0)
    builder = RecordBuilder(table, game_id="g", created_at=1000.0)
    moves = 0
    while not table.is_over() and (stop_after is None or moves < stop_after):
        seat = rng.choice(table.to_act())
        builder.add(seat, rng.choice(game.legal_moves(seat)).text(), 1000.0 + moves)
        moves += 1
    return builder, table


# ----------------------------------------------------------------------------- building and replaying


@common
@given(variant=variants, seed=st.integers(0, 2**32))
def test_a_whole_match_written_as_text_replays_to_the_same_deals_results_and_scores(variant, seed):
    builder, table = played(variant, random.Random(seed))
    record = builder.record()
    assert record.status.value == "FINISHED" and record.winners == table.winners
    assert [deal.number for deal in record.deals] == list(range(len(record.deals)))
    assert all(deal.result is not None for deal in record.deals)
    again = replay(parse_record(format_record(record)))
    assert again.scores == record.scores and again.winners == record.winners and again.status == record.status
    assert [deal.result for deal in again.deals] == [deal.result for deal in record.deals]
    assert [deal.deal for deal in again.deals] == [deal.deal for deal in record.deals]
    assert [[entry.move for entry in deal.entries] for deal in again.deals] == \
           [[entry.move for entry in deal.entries] for deal in record.deals]
    assert replay(record).scores == record.scores  # the typed record replays as it is


def test_each_entry_belongs_to_the_deal_it_was_made_in_and_the_next_deal_starts_after_it():
    builder, _ = played("hearts", random.Random(5))
    record = builder.record()
    for deal in record.deals[:-1]:
        assert deal.entries[-1].move is not None and deal.entries[-1].move.KIND == "next_deal"
    versions = [entry.version for deal in record.deals for entry in deal.entries]
    assert versions == list(range(1, len(versions) + 1))


def test_a_claim_keeps_no_secret_and_a_resignation_ends_the_record():
    game = new_game("euchre3", QUICK["euchre3"], seed="s")
    table = Table(game, TableSpec.reserved(3), ["a", "b", "c"], 0.0)
    builder = RecordBuilder(table)
    seat = table.to_act()[0]
    builder.add(seat, "@resign", 1.0)
    record = builder.record()
    (entry,) = record.deals[0].entries
    assert entry.action is TableAction.RESIGN and entry.seat == seat and entry.move is None
    assert record.ending is not None and record.ending.kind == "resigned" and record.is_over
    assert replay(record).winners == record.winners


# ----------------------------------------------------------------------------- what a reader sees


@common
@given(variant=variants, seed=st.integers(0, 2**32), cut=st.integers(1, 60))
def test_a_deal_in_progress_shows_each_reader_only_what_it_may_know(variant, seed, cut):
    builder, table = played(variant, random.Random(seed), stop_after=cut)
    game, record = table.game, builder.record()
    if record.is_over:
        return
    for reader in (None, *range(game.players)):
        for seed_drawn in (True, False):
            if seed_drawn and record.deals[-1].result is not None:
                continue  # scored: shown (the next test)
            current = for_reader(record, reader, seed_drawn=seed_drawn).deals[-1]
            shown = _codes(current)
            assert shown <= knowable_codes(game, reader), (reader, shown - knowable_codes(game, reader))
            assert current.stock is None and current.is_hidden
            assert [hand is not None for hand in current.hands] == [seat == reader for seat in range(game.players)]


@common
@given(variant=variants, seed=st.integers(0, 2**32), cut=st.integers(30, 400))
def test_a_finished_deal_is_shown_at_once_if_the_server_drew_the_seed_and_else_only_after_the_match(
        variant, seed, cut):
    builder, table = played(variant, random.Random(seed), stop_after=cut)
    record = builder.record()
    drawn = for_reader(record, None, seed_drawn=True)
    given_seed = for_reader(record, None, seed_drawn=False)
    for number, deal in enumerate(record.deals):
        finished = deal.result is not None
        assert (drawn.deals[number].deal is not None) == (finished or record.is_over)
        assert (given_seed.deals[number].deal is not None) == record.is_over
        if finished:
            assert given_seed.deals[number].result == deal.result  # a result is public as soon as it is known


def test_a_private_move_is_its_movers_alone_while_its_deal_is_hidden():
    builder, table = played("hearts", random.Random(2), stop_after=4)  # the four passes
    record = builder.record()
    for reader in (None, 0, 1, 2, 3):
        entries = for_reader(record, reader, seed_drawn=True).deals[0].entries
        for entry in entries:
            assert (entry.move is not None) == (entry.seat == reader)
            assert entry.move is not None or entry.hidden_kind == "give"


def _codes(deal) -> set[str]:
    data = to_data(dataclasses.replace(deal, result=None))
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif isinstance(item, Card):
            found.add(item.code)
        elif isinstance(item, str):
            found |= {part for part in item.replace(":", " ").split() if len(part) == 2}
    return found


# ----------------------------------------------------------------------------- faults of an import


@pytest.fixture(scope="module")
def belote_text() -> str:
    builder, _ = played("belote", random.Random(11))
    return format_record(builder.record())


def _fault(text: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        replay(parse_record(text))
    return caught.value


def test_an_illegal_move_is_refused_naming_its_deal_and_entry(belote_text):
    lines = belote_text.splitlines()
    record = replay(parse_record(belote_text))
    deal = next(deal for deal in record.deals if any(isinstance(e.move, Play) for e in deal.entries))
    index = next(i for i, e in enumerate(deal.entries) if isinstance(e.move, Play))
    entry = deal.entries[index]
    hand_of_other = next(card for card in deal.deal.hands[(entry.seat + 1) % 4])  # type: ignore[union-attr]
    head, moves = lines[deal.number + 1].split(";moves=")
    items = moves.split(";")[0].split(",")
    items[index] = f"{entry.seat}:play:{hand_of_other.code}"
    lines[deal.number + 1] = head + ";moves=" + ",".join(items) + ";" + ";".join(moves.split(";")[1:])
    fault = _fault("\n".join(lines).replace(";\n", "\n"))
    assert fault.field == f"deals[{deal.number}].entries[{index}]"
    assert fault.reason is Reason.CARD_NOT_IN_HAND and f"deal {deal.number}" in fault.message


def test_a_card_dealt_twice_is_refused(belote_text):
    lines = belote_text.splitlines()
    first_card = lines[1].split(":")[1].split(".")[0][:1]
    assert first_card
    hands, rest = lines[1].split(";", 1)
    seat_hands = hands.split(" ")
    seat_hands[1] = seat_hands[0].split(":")[1]  # seat 1 is given seat 0's cards
    lines[1] = " ".join(seat_hands) + ";" + rest
    fault = _fault("\n".join(lines))
    assert fault.reason is Reason.DUPLICATE_CARD and fault.field == "line 2"


def test_a_wrong_result_is_refused_naming_the_deal_and_the_score(belote_text):
    lines = belote_text.splitlines()
    scores = lines[1].rsplit(";scores=", 1)[1].split()
    lines[1] = lines[1].rsplit(";scores=", 1)[0] + ";scores=" + " ".join(str(int(s) + 10) for s in scores)
    fault = _fault("\n".join(lines))
    assert fault.reason is Reason.INVALID_RECORD and fault.field == "deals[0].result.scores"
    assert "deal 0" in fault.message


@pytest.mark.parametrize(("text", "reason", "field"), [
    ("", Reason.INVALID_RECORD, "text"),
    ("variant=hearts", Reason.INVALID_RECORD, "deals"),
    ("variant=poker", Reason.INVALID_OPTION, "variant"),
    ("variant=hearts target_score=-7", Reason.INVALID_OPTION, "target_score"),
    ("variant=hearts target_scor=70", Reason.INVALID_OPTION, "target_scor"),
    ("variant=hearts\n0:AK.QJ", Reason.INVALID_NOTATION, "line 2"),
    ("variant=hearts\n0:" + "x" * 5000, Reason.INVALID_NOTATION, "line 2"),
])
def test_a_malformed_text_is_refused_with_its_reason(text, reason, field):
    with pytest.raises(RuleViolation) as caught:
        replay(parse_record(text))
    assert caught.value.reason is reason and caught.value.field == field
    assert len(caught.value.message) < 200


def test_a_deal_that_does_not_end_before_the_next_one_is_refused(belote_text):
    lines = belote_text.splitlines()
    head, moves = lines[1].split(";moves=")
    lines[1] = head + ";moves=" + moves.split(",")[0]
    fault = _fault("\n".join(lines))
    assert fault.field == "deals[0].entries" and fault.reason is Reason.INVALID_RECORD


def test_a_record_dealt_by_the_wrong_seat_or_missing_a_deal_is_refused():
    builder, _ = played("euchre3", random.Random(4))
    record = builder.record()
    wrong = dataclasses.replace(record, deals=(dataclasses.replace(record.deals[0], dealer=2), *record.deals[1:]))
    with pytest.raises(RuleViolation) as caught:
        replay(wrong)
    assert caught.value.field == "deals[0].dealer"
    if len(record.deals) > 1:
        with pytest.raises(RuleViolation) as caught:
            replay(dataclasses.replace(record, deals=record.deals[:1]))
        assert caught.value.reason in (Reason.INVALID_DEAL, Reason.INVALID_RECORD)


def test_an_unfinished_match_replays_as_far_as_it_goes():
    builder, table = played("hearts", random.Random(8), stop_after=30)
    again = replay(parse_record(format_record(builder.record())))
    assert again.status.value == "ACTIVE" and again.deals[-1].result is None
    assert not again.is_over and table.game.phase is not Phase.GAME_OVER


def test_the_record_type_has_no_field_for_a_seed_or_a_token():
    names = {field.name for field in dataclasses.fields(GameRecord)}
    assert not names & {"seed", "credential_hashes", "hashes", "token"}
