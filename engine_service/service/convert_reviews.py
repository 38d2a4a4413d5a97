"""Reviews into their messages (review.proto), field for field."""

from __future__ import annotations

from cardgames.moves import move as move_message
from cardgames.v1 import analysis_service_pb2 as api
from cardgames.v1 import review_pb2 as rev

from .. import reviews
from .reviewing import MatchSummary, Progress

JUDGEMENTS = {judgement: rev.Judgement.Value(f"JUDGEMENT_{judgement.name}") for judgement in reviews.Judgement}


def response(progress: Progress) -> api.ReviewGameResponse:
    message = api.ReviewGameResponse(done=progress.done, total=progress.total)
    item = progress.item
    if isinstance(item, reviews.DecisionReview):
        message.decision.CopyFrom(decision(item))
    elif isinstance(item, reviews.DealSummary):
        message.deal.CopyFrom(deal(item))
    else:
        message.match.CopyFrom(match(item))
    return message


def decision(review: reviews.DecisionReview) -> rev.DecisionReview:
    message = rev.DecisionReview(deal_number=review.deal, entry=review.entry, version=review.version, seat=review.seat,
                                 judgement=JUDGEMENTS[review.judgement])  # type: ignore[arg-type]
    message.played.CopyFrom(move_message(review.played.text()))
    known = review.known
    if known is not None:
        message.known.unit, message.known.deals, message.known.seed = known.unit, known.deals, known.seed
        message.known.loss, message.known.accuracy = known.loss, known.accuracy
        message.known.loss_stderr = known.loss_stderr
        message.known.judgement = JUDGEMENTS[known.judgement]  # type: ignore[assignment]
        for option in known.options:
            entry = message.known.options.add(expected=option.expected, stderr=option.stderr,
                                              behind_stderr=option.behind_stderr)
            entry.move.CopyFrom(move_message(option.move.text()))
            if option.expected_deal_score is not None:
                entry.expected_deal_score = option.expected_deal_score
    real = review.real
    if real is not None:
        message.real.unit, message.real.played, message.real.best, message.real.loss = (
            real.unit, real.played, real.best, real.loss)
        message.real.judgement = JUDGEMENTS[real.judgement]  # type: ignore[assignment]
        message.real.values.extend(rev.RealCardValue(card=card, value=value) for card, value in real.values)
    return message


def seat(summary: reviews.SeatSummary) -> rev.SeatReview:
    counts = dict(summary.counts)
    message = rev.SeatReview(seat=summary.seat, decisions=summary.decisions, forced=summary.forced,
                             inaccuracies=counts.get(reviews.Judgement.INACCURACY, 0),
                             mistakes=counts.get(reviews.Judgement.MISTAKE, 0),
                             blunders=counts.get(reviews.Judgement.BLUNDER, 0), real_loss=summary.real_loss)
    message.losses.extend(rev.UnitLoss(unit=unit, total=total) for unit, total in summary.losses)
    if summary.accuracy is not None:
        message.accuracy = summary.accuracy
    return message


def deal(summary: reviews.DealSummary) -> rev.DealReview:
    message = rev.DealReview(deal_number=summary.deal, curve=summary.curve, curve_unit=summary.curve_unit,
                             complete=summary.complete)
    message.seats.extend(seat(item) for item in summary.seats)
    if summary.curve_seat is not None:
        message.curve_seat = summary.curve_seat
    return message


def match(summary: MatchSummary) -> rev.MatchReview:
    message = rev.MatchReview(complete=summary.complete)
    message.seats.extend(seat(item) for item in summary.seats)
    return message


__all__ = ["response"]
