"""Tables: seats, claims, clocks, the server's due turns, resignation, abandonment, and the
log replay that rebuilds a table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_service.rules import NextDeal, Phase, Reason, RuleViolation, new_game
from engine_service.rules.events import DealStartedEvent
from engine_service.tables import (
    Actor,
    ClockSpec,
    DueKind,
    SeatKind,
    SeatSpec,
    Status,
    Strength,
    Table,
    TableSpec,
    TimeoutPolicy,
)
from engine_service.tables.events import TimedOutEvent

T0 = 1_000.0
OPEN, RESERVED = SeatSpec(SeatKind.OPEN), SeatSpec(SeatKind.RESERVED)
BOT = SeatSpec(SeatKind.BOT, Strength.RANDOM)


def table(variant: str = "hearts", seats: tuple[SeatSpec, ...] | None = None, **spec: object) -> Table:
    game = new_game(variant, seed="tables")
    seats = seats or tuple(RESERVED for _ in range(game.players))
    hashes = [f"h{seat}" if spec_.kind is SeatKind.RESERVED else "" for seat, spec_ in enumerate(seats)]
    return Table(game, TableSpec(seats, **spec), hashes, T0)  # type: ignore[arg-type]


def rejected(call, reason: Reason) -> None:
    with pytest.raises(RuleViolation) as caught:
        call()
    assert caught.value.reason is reason


def test_a_table_with_an_open_seat_waits_and_shows_nothing_dealt():
    waiting = table(seats=(OPEN, BOT, BOT, RESERVED))
    assert waiting.status is Status.WAITING
    assert waiting.to_act() == ()
    assert waiting.view(3, T0).game is None
    assert waiting.open_seats() == 1
    rejected(lambda: waiting.push(3, waiting.game.legal_moves(3)[0], T0), Reason.GAME_NOT_STARTED)
    rejected(lambda: waiting.resign(3, T0), Reason.GAME_NOT_STARTED)


def test_the_last_claim_starts_the_game_and_shows_the_first_deal():
    waiting = table(seats=(OPEN, OPEN, BOT, BOT))
    first = waiting.claim(0, "a", None, T0 + 1)
    assert [event.kind for event in first] == ["seat_claimed"] and waiting.status is Status.WAITING
    second = waiting.claim(1, "b", None, T0 + 2)
    assert [event.kind for event in second[:3]] == ["seat_claimed", "game_started", "deal_started"]
    dealt = second[2]
    assert isinstance(dealt, DealStartedEvent) and dealt.for_viewer(1).hand.seen()  # the claimer's own hand
    assert dealt.for_viewer(None).hand.seen() is None and dealt.for_viewer(0).hand != dealt.for_viewer(1).hand
    assert waiting.status is Status.ACTIVE and waiting.version == 2
    assert waiting.view(1, T0 + 2).game is not None


def test_claims_that_are_refused_change_nothing():
    spec = (OPEN, SeatSpec(SeatKind.OPEN, invitation_hash="code-hash"), BOT, RESERVED)
    waiting = table(seats=spec)
    waiting.claim(0, "a", None, T0)
    for seat, code, reason in ((0, None, Reason.SEAT_TAKEN), (2, None, Reason.SEAT_NOT_OPEN),
                               (3, None, Reason.SEAT_NOT_OPEN), (1, None, Reason.INVALID_INVITATION),
                               (1, "wrong", Reason.INVALID_INVITATION)):
        rejected(lambda seat=seat, code=code: waiting.claim(seat, "x", code, T0), reason)
    assert waiting.version == 1 and waiting.hashes == ["a", "", "", "h3"]
    waiting.claim(1, "b", "code-hash", T0)
    assert waiting.status is Status.ACTIVE


def test_bots_are_due_after_their_delay_and_the_next_deal_after_the_pause():
    bots = table("euchre3", seats=(BOT, BOT, BOT), bot_delay=0.5, deal_pause=2.0)
    due = bots.due()
    assert due is not None and due.kind is DueKind.BOT and due.at == T0 + 0.5 and due.seat == bots.to_act()[0]
    now, rng = T0, random.Random(1)
    while bots.game.phase is not Phase.DEAL_OVER:
        now += 1
        seat = bots.to_act()[0]
        bots.push(seat, rng.choice(bots.game.legal_moves(seat)), now, Actor.BOT)
    due = bots.due()
    assert due is not None and due.kind is DueKind.NEXT_DEAL and due.at == now + 2.0


def test_a_table_of_humans_without_clock_is_only_due_for_abandonment():
    humans = table(abandon_after=60.0)
    due = humans.due()
    assert due is not None and due.kind is DueKind.ABANDON and due.at == T0 + 60
    assert table(abandon_after=0.0).due() is None
    humans.abandon(T0 + 60)
    assert humans.status is Status.ABANDONED and humans.winners == () and humans.due() is None


def test_per_move_time_sets_the_deadline_and_a_fast_move_keeps_the_bank():
    clocked = table("euchre3", clock=ClockSpec(per_move=10, bank=30, increment=2))
    seat = clocked.to_act()[0]
    assert clocked.deadline(seat) == T0 + 40  # 10 s of its own, then the 30 s bank
    clocked.push(seat, clocked.game.legal_moves(seat)[0], T0 + 4)
    assert clocked.bank[seat] == 32  # untouched, plus the increment
    nxt = clocked.to_act()[0]
    assert clocked.deadline(nxt) == T0 + 4 + 10 + 30
    clocked.push(nxt, clocked.game.legal_moves(nxt)[0], T0 + 4 + 25)  # 15 s of the bank used
    assert clocked.bank[nxt] == 30 - 15 + 2


def test_a_timeout_is_due_at_the_deadline_and_the_stand_in_empties_the_bank():
    clocked = table("euchre3", clock=ClockSpec(per_move=5, bank=20))
    seat = clocked.to_act()[0]
    due = clocked.due()
    assert due is not None and due.kind is DueKind.TIMEOUT and due.seat == seat and due.at == T0 + 25
    events = clocked.push(seat, clocked.game.legal_moves(seat)[0], T0 + 25, Actor.STAND_IN)
    assert events[0] == TimedOutEvent(seat=events[0].seat, policy=TimeoutPolicy.BOT)
    assert clocked.bank[seat] == 0
    view = clocked.view(None, T0 + 26)
    nxt = clocked.to_act()[0]
    assert view.clocks[nxt].deadline == T0 + 25 + 25 and view.clocks[seat].deadline is None


def test_the_clock_view_counts_the_bank_down_once_per_move_time_is_used():
    clocked = table("euchre3", clock=ClockSpec(per_move=5, bank=20))
    seat = clocked.to_act()[0]
    assert clocked.view(None, T0 + 3).clocks[seat].bank == 20
    assert clocked.view(None, T0 + 12).clocks[seat].bank == 13
    assert clocked.view(None, T0 + 99).clocks[seat].bank == 0


def test_a_forfeit_on_time_ends_the_match_for_the_other_sides():
    clocked = table("belote", clock=ClockSpec(per_move=5, policy=TimeoutPolicy.FORFEIT))
    seat = clocked.to_act()[0]
    kinds = [event.kind for event in clocked.forfeit(seat, T0 + 5)]
    assert kinds == ["timed_out", "forfeited", "game_over"]
    assert clocked.status is Status.FINISHED
    assert clocked.winners == tuple(other for other in range(4) if other % 2 != seat % 2)


def test_the_hearts_pass_times_each_seat_from_the_start_of_its_decision():
    clocked = table("hearts", clock=ClockSpec(per_move=30))
    assert clocked.game.phase is Phase.PASSING and set(clocked.to_act()) == {0, 1, 2, 3}
    clocked.push(0, clocked.game.legal_moves(0)[0], T0 + 10)
    assert clocked.deadline(1) == T0 + 30  # still deciding since the deal began
    assert clocked.deadline(0) is None


def test_resigning_needs_the_turn_and_gives_the_match_to_the_other_sides():
    game = table("belote")
    seat = game.to_act()[0]
    other = (seat + 1) % 4
    rejected(lambda: game.resign(other, T0), Reason.NOT_YOUR_TURN)
    kinds = [event.kind for event in game.resign(seat, T0 + 1)]
    assert kinds == ["resigned", "game_over"]
    assert game.winners == tuple(s for s in range(4) if s % 2 != seat % 2)
    assert game.to_act() == () and game.view(seat, T0).game.legal_moves == ()  # type: ignore[union-attr]
    rejected(lambda: game.resign(seat, T0), Reason.GAME_OVER)
    rejected(lambda: game.push(other, NextDeal(), T0), Reason.GAME_OVER)


def test_a_rematch_links_once_and_only_after_the_end():
    game = table("belote")
    rejected(lambda: game.link_rematch("next", T0), Reason.GAME_NOT_OVER)
    game.resign(game.to_act()[0], T0)
    game.link_rematch("next", T0 + 1)
    assert game.rematch_id == "next"
    rejected(lambda: game.link_rematch("again", T0), Reason.REMATCH_EXISTS)


def test_table_parameters_are_validated_at_construction():
    with pytest.raises(RuleViolation):
        SeatSpec(SeatKind.BOT)  # a bot needs a strength
    with pytest.raises(RuleViolation):
        SeatSpec(SeatKind.RESERVED, invitation_hash="x")
    with pytest.raises(RuleViolation):
        ClockSpec(increment=3)  # an increment without a bank
    with pytest.raises(RuleViolation):
        ClockSpec(per_move=-1)
    with pytest.raises(RuleViolation):
        TableSpec((RESERVED,) * 4, bot_budget=0)
    with pytest.raises(RuleViolation):
        TableSpec((RESERVED,) * 3).check_players(4)
    spec = TableSpec((OPEN, BOT, SeatSpec(SeatKind.OPEN, invitation_hash="c"), RESERVED),
                     ClockSpec(1, 2, 3, TimeoutPolicy.FORFEIT, Strength.HINT), 0.1, 0.2, 0.3, 0.4, "old")
    assert TableSpec.from_dict(spec.to_dict()) == spec


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["euchre3", "belote3", "hearts", "belote"]))
def test_replaying_the_log_rebuilds_the_same_table(seed, variant):
    """Every entry, in its text form and with its instant, makes the same table again:
    what a server rebuilds after a restart."""
    rng = random.Random(seed)
    players = new_game(variant).players
    seats = tuple(rng.choice((OPEN, BOT, RESERVED)) for _ in range(players))
    spec = TableSpec(seats, ClockSpec(per_move=rng.choice((0, 5)), bank=rng.choice((0, 20)), increment=0),
                     bot_delay=0.1)
    live, log = _table(variant, spec), []
    now = T0
    for _ in range(rng.randrange(1, 120)):
        now += rng.choice((0.5, 3.0, 40.0))
        entry = _random_entry(live, rng)
        if entry is None:
            break
        seat, text, actor = entry
        live.apply(seat, text, now, actor)
        log.append((seat, text, now, actor))
    again = _table(variant, spec)
    for seat, text, at, actor in log:
        again.apply(seat, text, at, actor)
    for viewer in (None, *range(players)):
        assert again.view(viewer, now) == live.view(viewer, now)
    assert again.due() == live.due() and again.bank == live.bank


def _table(variant: str, spec: TableSpec) -> Table:
    hashes = [f"h{seat}" if s.kind is SeatKind.RESERVED else "" for seat, s in enumerate(spec.seats)]
    return Table(new_game(variant, seed="replay"), spec, hashes, T0)


def _random_entry(live: Table, rng: random.Random) -> tuple[int | None, str, Actor | None] | None:
    if live.is_over():
        return None
    open_seats = [seat for seat in range(live.game.players) if not live.is_taken(seat)]
    if open_seats:
        seat = rng.choice(open_seats)
        return seat, f"@claim:t{seat}", None
    seat = rng.choice(live.to_act())
    if rng.random() < 0.01:
        return seat, "@resign", None
    actor = rng.choice((None, Actor.BOT, Actor.STAND_IN))
    return seat, rng.choice(live.game.legal_moves(seat)).text(), actor


def test_no_clock_runs_between_deals():
    clocked = table("euchre3", clock=ClockSpec(per_move=5))
    now, rng = T0, random.Random(3)
    while clocked.game.phase is not Phase.DEAL_OVER:
        now += 1
        seat = clocked.to_act()[0]
        clocked.push(seat, rng.choice(clocked.game.legal_moves(seat)), now)
    assert all(clocked.deadline(seat) is None for seat in range(3))
    due = clocked.due()
    assert due is not None and due.kind is DueKind.NEXT_DEAL  # the server deals on at a clocked table
