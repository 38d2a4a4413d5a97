"""ReviewGame through a real server: a finished game reviewed as a stream (the decisions as
they are known, then the summaries), each verdict equal to GetHint's and AnalyzeDeal's
there, the same review twice, imported records reviewed, a time limit ending it with what
is done, and a deal whose cards still matter refused to everyone."""

from __future__ import annotations

import random
from types import SimpleNamespace

import grpc
import pytest
from cardgames.v1 import review_pb2
from cardgames_client import Client, CreatedGame, analysis, pb

from engine_service.records import format_record
from engine_service.reviews import decision_seed
from engine_service.service.convert_records import record_from_message
from tests.service.players import QUICK_OPTIONS, error_of, next_move


@pytest.fixture()
def client(server):
    with Client(server.address) as connected:
        yield connected


def _finish(client: Client, game: CreatedGame, rng: random.Random) -> None:
    while (step := next_move(client, game, rng)) is not None:
        seat, _, text = step
        client.submit_move(game.game_id, seat, game.tokens[seat], text)


def _finished(client: Client, variant: str, seed: int) -> CreatedGame:
    """A match played to its end at random: its deals dealt from a seed, so every run
    solves the same deals (a review's time is the same from run to run)."""
    game = client.create_game(variant, QUICK_OPTIONS[variant], seed=f"reviewed-{variant}-{seed}")
    _finish(client, game, random.Random(seed))
    return game


def _review(client: Client, **kwargs) -> list[analysis.ReviewGameResponse]:
    return list(client.review_game(timeout=300, **kwargs))


def test_a_finished_game_is_reviewed_decision_by_decision_then_summed_up(client):
    game = _finished(client, "euchre3", 1)
    messages = _review(client, game_id=game.game_id, budget_ms=0, deals=4)
    kinds = [message.WhichOneof("item") for message in messages]
    assert kinds[0] == "decision" and kinds[-1] == "match" and kinds.count("match") == 1
    record = client.get_game_record(game.game_id)
    scored = [deal.number for deal in record.deals if deal.HasField("result")]
    deals = [message.deal for message in messages if message.HasField("deal")]
    assert sorted(deal.deal_number for deal in deals) == scored and all(deal.complete for deal in deals)
    decisions = [message.decision for message in messages if message.HasField("decision")]
    moves = [entry for number in scored for entry in record.deals[number].entries
             if entry.WhichOneof("entry") == "move" and entry.move.WhichOneof("kind") != "next_deal"]
    assert len(decisions) == len(moves) == messages[-1].total
    assert [message.done for message in messages if message.HasField("decision")] == list(range(1, len(decisions) + 1))
    for decision in decisions:  # each is the record's move at its entry
        entry = record.deals[decision.deal_number].entries[decision.entry]
        assert entry.move == decision.played and entry.seat == decision.seat
        assert decision.HasField("known") == (decision.judgement != records_judgement("FORCED"))
    cards = [d for d in decisions if d.played.WhichOneof("kind") == "play"]
    assert cards and all(d.HasField("real") for d in cards)
    match = messages[-1].match
    assert match.complete and [seat.seat for seat in match.seats] == [0, 1, 2]
    assert sum(seat.decisions + seat.forced for seat in match.seats) == len(decisions)
    for deal in deals:
        played = sum(1 for d in cards if d.deal_number == deal.deal_number)
        assert len(deal.curve) == played + 1 and deal.curve_unit == "tricks"


def records_judgement(name: str) -> int:
    return review_pb2.Judgement.Value(f"JUDGEMENT_{name}")


def test_the_same_inputs_give_the_same_review_and_seats_can_be_chosen(client):
    game = _finished(client, "belote3", 2)
    first = _review(client, game_id=game.game_id, budget_ms=0, deals=3, seed=5, seats=[1])
    again = _review(client, game_id=game.game_id, budget_ms=0, deals=3, seed=5, seats=[1])
    assert _content(first) == _content(again)  # in whatever order the slots finished them
    assert {m.decision.seat for m in first if m.HasField("decision")} == {1}
    assert [seat.seat for seat in first[-1].match.seats] == [1]


def _content(messages: list[analysis.ReviewGameResponse]) -> list[bytes]:
    items = [getattr(message, message.WhichOneof("item")) for message in messages]
    return sorted(item.SerializeToString(deterministic=True) for item in items)


def test_a_known_verdict_is_what_get_hint_said_at_that_moment(client):
    rng = random.Random(4)
    game = client.create_game("belote", QUICK_OPTIONS["belote"])
    asked = []
    while (step := next_move(client, game, rng)) is not None:
        seat, view, text = step
        record = client.get_game_record(game.game_id)
        deal = len(record.deals) - 1
        entry = len(record.deals[-1].entries)
        options = len(view.legal_moves) + (1 if view.card_selection.count else 0)
        if options > 1 and len(asked) < 3 and view.phase in (pb.PHASE_BIDDING, pb.PHASE_PLAY):
            seed = decision_seed(9, SimpleNamespace(deal=deal, entry=entry))
            hint = client.get_hint(game.game_id, seat, game.tokens[seat], budget_ms=60_000, seed=seed, max_samples=5)
            asked.append((deal, entry, hint))
        client.submit_move(game.game_id, seat, game.tokens[seat], text)
    assert len(asked) == 3
    reviewed = {(m.decision.deal_number, m.decision.entry): m.decision
                for m in _review(client, game_id=game.game_id, budget_ms=0, deals=5, seed=9) if m.HasField("decision")}
    for deal, entry, hint in asked:
        known = reviewed[(deal, entry)].known
        assert known.seed == hint.seed and known.deals == hint.samples == 5
        assert [(o.move, o.expected) for o in known.options] == [(o.move, o.expected) for o in hint.options]


def test_a_real_verdict_is_what_analyze_deal_says_at_that_card(client):
    game = _finished(client, "belote", 6)
    messages = _review(client, game_id=game.game_id, budget_ms=0, deals=2, deal_number=0)
    cards = sorted((m.decision for m in messages
                    if m.HasField("decision") and m.decision.played.WhichOneof("kind") == "play"), key=lambda d: d.entry)
    first_of_trick_two = cards[8]  # 4 cards a trick
    answer = client.analyze_deal(game_id=game.game_id, seat=0, token=game.tokens[0], deal_number=0, from_trick=2)
    assert {card.card: card.value for card in answer.play.cards} == \
           {value.card: value.value for value in first_of_trick_two.real.values}


def test_an_imported_record_and_its_text_are_reviewed_alike(client):
    game = _finished(client, "hearts", 3)
    record = client.get_game_record(game.game_id)
    by_record = _review(client, record=record, budget_ms=0, deals=2, deal_number=0, seats=[2])
    assert by_record[-1].match.complete
    decisions = [m.decision for m in by_record if m.HasField("decision")]
    assert decisions and {d.seat for d in decisions} == {2}
    deal = [m.deal for m in by_record if m.HasField("deal")][0]
    assert deal.curve_seat == 2 and deal.curve_unit == "penalty_points"
    assert len(deal.curve) == 1 + sum(d.played.WhichOneof("kind") == "play" for d in decisions)
    text = format_record(record_from_message(record))
    by_text = _review(client, text=text, budget_ms=0, deals=2, deal_number=0, seats=[2])
    assert _content(by_text) == _content(by_record)


def test_a_time_limit_ends_the_review_with_what_was_done(client):
    game = _finished(client, "hearts", 8)
    messages = _review(client, game_id=game.game_id, budget_ms=200, time_limit_ms=1)
    assert messages[-1].HasField("match") and not messages[-1].match.complete
    assert all(not m.deal.complete for m in messages if m.HasField("deal"))
    assert messages[-1].done < messages[-1].total


def test_a_deal_whose_cards_still_matter_is_refused_to_everyone(client):
    rng = random.Random(12)
    drawn = client.create_game("belote", QUICK_OPTIONS["belote"])
    chosen = client.create_game("belote", QUICK_OPTIONS["belote"], seed="the-creators-seed")
    for game in (drawn, chosen):
        while client.get_game(game.game_id).phase != pb.PHASE_DEAL_OVER:
            seat, view, text = next_move(client, game, rng)
            client.submit_move(game.game_id, seat, game.tokens[seat], text)
        seat = client.get_game(game.game_id).to_act[0]
        client.submit_move(game.game_id, seat, game.tokens[seat], "next-deal")
    for game in (drawn, chosen):
        for token in (None, *game.tokens):
            in_progress = error_of(lambda game=game, token=token: _review(client, game_id=game.game_id, token=token,
                                                                          deal_number=1))
            assert (in_progress.code, in_progress.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "DEAL_IN_PROGRESS")
            whole = error_of(lambda game=game, token=token: _review(client, game_id=game.game_id, token=token))
            assert whole.reason == "GAME_NOT_OVER"
    hidden = error_of(lambda: _review(client, game_id=chosen.game_id, token=chosen.tokens[0], deal_number=0))
    assert (hidden.code, hidden.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "DEAL_HIDDEN")
    allowed = _review(client, game_id=drawn.game_id, deal_number=0, budget_ms=0, deals=1)
    assert allowed[-1].match.complete


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"seats": [7]}, "seats"),
    ({"budget_ms": 99_999}, "budget_ms"),
    ({"deals": 1000}, "deals"),
    ({"time_limit_ms": -1}, "time_limit_ms"),
    ({"deal_number": -2}, "deal_number"),
])
def test_bad_settings_are_refused_naming_the_field(client, kwargs, field):
    game = _finished(client, "euchre3", 2)
    error = error_of(lambda: _review(client, game_id=game.game_id, **kwargs))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT and error.fields == (field,)
