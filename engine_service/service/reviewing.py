"""Reviews on the analysis slots (``ReviewGame``): which deals a caller may have reviewed,
the verdicts spread over the slots it holds (each deal's real-deal solves on one slot, in
order, the known verdicts on the others as they free up), each decision's review sent as
soon as both its verdicts are in, each deal's summary once its decisions are, the match's
last. A time limit or the call's deadline stops the solvers and ends the stream with the
summaries of what was done.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .. import records, reviews
from ..rules import Reason, variant_class
from ..solver import Solver
from .credentials import Credential
from .errors import DeadlineExceeded, FailedPrecondition, InvalidInput, OutOfRange, ServiceReason
from .games import GameService
from .solving import Slot, SolverSlots

DEFAULT_BUDGET_MS = 200
MAX_BUDGET_MS = 10_000
DEFAULT_DEALS = 64
MAX_DEALS = 400
MAX_LIMIT_MS = 600_000
# The stream's summaries are sent this long before the call's deadline, so they reach the caller.
DEADLINE_MARGIN = 0.25


@dataclass(frozen=True)
class Settings:
    seats: tuple[int, ...]  # empty: every seat
    deal_number: int | None
    budget: float | None  # seconds per known verdict; None: `deals` only
    deals: int
    seed: int
    limit: float | None  # seconds for the whole review


@dataclass(frozen=True)
class MatchSummary:
    seats: tuple[reviews.SeatSummary, ...]
    complete: bool


Item = reviews.DecisionReview | reviews.DealSummary | MatchSummary


@dataclass(frozen=True)
class Progress:
    item: Item
    done: int
    total: int


def settings(seats: Sequence[int], deal_number: int | None, budget_ms: int | None, deals: int, seed: int,
             time_limit_ms: int) -> Settings:
    """A request's settings, each checked."""
    if budget_ms is not None and not 0 <= budget_ms <= MAX_BUDGET_MS:
        raise InvalidInput(f"budget_ms must be 0..{MAX_BUDGET_MS}", field="budget_ms")
    if not 0 <= deals <= MAX_DEALS:
        raise InvalidInput(f"deals must be 0..{MAX_DEALS} (0 means {DEFAULT_DEALS})", field="deals")
    if not 0 <= time_limit_ms <= MAX_LIMIT_MS:
        raise InvalidInput(f"time_limit_ms must be 0..{MAX_LIMIT_MS}", field="time_limit_ms")
    if deal_number is not None and deal_number < 0:
        raise InvalidInput("deal_number is 0 or more", field="deal_number")
    budget = DEFAULT_BUDGET_MS / 1000 if budget_ms is None else (budget_ms / 1000 or None)
    return Settings(tuple(dict.fromkeys(seats)), deal_number, budget, deals or DEFAULT_DEALS, seed,
                    time_limit_ms / 1000 or None)


class Reviewer:
    def __init__(self, games: GameService, solving: SolverSlots) -> None:
        self.games = games
        self.solving = solving

    async def game_deals(self, game_id: str, credential: Credential | None,
                         deal_number: int | None) -> tuple[records.GameRecord, list[int]]:
        """A game's whole record and the deals of it the caller may have reviewed."""
        whole, readable = await self.games.readable_record(game_id, None, credential)
        await self.games.check_analysable(game_id)
        if deal_number is None:
            if not whole.is_over:
                raise FailedPrecondition("a game is reviewed whole once it is over; name a finished deal",
                                         reason=Reason.GAME_NOT_OVER)
            return whole, [deal.number for deal in whole.deals if deal.result is not None]
        _check_deal(whole, deal_number)
        if readable.deals[deal_number].deal is None:
            raise FailedPrecondition("this deal's cards are shown once the match is over",
                                     reason=ServiceReason.DEAL_HIDDEN)
        return whole, [deal_number]

    @staticmethod
    def record_deals(record: records.GameRecord, deal_number: int | None) -> list[int]:
        """The deals of a record made elsewhere that a review covers: the one named, or every scored one."""
        if deal_number is None:
            return [deal.number for deal in record.deals if deal.result is not None]
        _check_deal(record, deal_number)
        return [deal_number]

    async def review(self, record: records.GameRecord, deals: list[int], chosen: Settings, *, caller: str,
                     time_remaining: float | None) -> AsyncIterator[Progress]:
        players = variant_class(record.variant).players
        seats = chosen.seats or tuple(range(players))
        for seat in seats:
            if not 0 <= seat < players:
                raise InvalidInput(f"seats are 0..{players - 1}", reason=Reason.INVALID_SEAT, field="seats")
        curve_seat = None if variant_class(record.variant).has_contract else seats[0]
        decisions, plays = await asyncio.to_thread(reviews.decisions_of, record, set(deals), set(seats), curve_seat)
        limits = [left for left in (chosen.limit, None if time_remaining is None else time_remaining - DEADLINE_MARGIN)
                  if left is not None]
        until = time.monotonic() + min(limits) if limits else None
        run = _Run(self.solving, decisions, plays, chosen, seats, until)
        async for item in run.stream(caller):
            yield item
        done = run.reviewed()
        for number in deals:
            if number not in run.summarised:
                yield Progress(run.deal_summary(number, complete=run.complete), len(done), len(decisions))
        yield Progress(MatchSummary(reviews.seat_summaries(done, seats), run.complete), len(done), len(decisions))


def _check_deal(record: records.GameRecord, number: int) -> None:
    if number >= len(record.deals):
        raise OutOfRange(f"this game has deals 0..{len(record.deals) - 1}", reason=ServiceReason.DEAL_OUT_OF_RANGE,
                         field="deal_number")
    if record.deals[number].result is None:
        raise FailedPrecondition("this deal is still being played: it is reviewed once it is over",
                                 reason=ServiceReason.DEAL_IN_PROGRESS)


class _Run:
    """One review's jobs on the slots, and what has come back of them."""

    def __init__(self, solving: SolverSlots, decisions: list[reviews.Decision], plays: list[reviews.DealPlay],
                 chosen: Settings, seats: tuple[int, ...], until: float | None) -> None:
        self.solving, self.chosen, self.until = solving, chosen, until
        self.decisions = decisions
        self.plays = plays
        self.seats = seats
        self.known: dict[tuple[int, int], reviews.KnownVerdict] = {}
        self.real: dict[tuple[int, int], reviews.RealVerdict] = {}
        self.curves: dict[int, list[int]] = {}
        self.plays_done: set[int] = set()  # deals whose every real-deal job is over
        self._plays_left = Counter(play.deal for play in plays)
        self.sent: dict[tuple[int, int], reviews.DecisionReview] = {}
        self.summarised: set[int] = set()
        self.complete = True
        self._units = {play.deal: variant_class(play.variant).value_unit for play in plays}
        self._curve_seats = {play.deal: play.player for play in plays if play.makes_curve}

    def reviewed(self) -> list[reviews.DecisionReview]:
        return list(self.sent.values())

    def _jobs(self) -> Iterator[tuple[str, Any]]:
        """The first known verdict (so the first review comes at once), then the real-deal
        solves (the longest jobs first: the slots finish together), then the other known
        verdicts in order."""
        known = [decision for decision in self.decisions if decision.question is not None]
        yield from (("known", decision) for decision in known[:1])
        yield from (("real", play) for play in self.plays)
        yield from (("known", decision) for decision in known[1:])

    async def stream(self, caller: str) -> AsyncIterator[Progress]:
        if not self.decisions:
            return
        results: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        loop = asyncio.get_running_loop()
        jobs = self._jobs()
        pool = self.solving.analysis

        async def drain(slot: Slot) -> None:
            for kind, job in jobs:
                try:
                    if kind == "real":
                        await self._real(slot, job, loop, results)
                    else:
                        verdict = await slot.run(reviews.known_verdict, job, seed=self.chosen.seed,
                                                 deals=self.chosen.deals, budget=self.chosen.budget, stop=slot.stop)
                        results.put_nowait(("known", (job, verdict)))
                except DeadlineExceeded:
                    results.put_nowait(("stopped", job))
            results.put_nowait(("idle", slot))

        with pool.held(len(self.plays) + len(self.decisions), caller) as slots:
            workers = [asyncio.create_task(drain(slot)) for slot in slots]
            idle = 0
            try:
                for decision in self._ready_now():
                    yield decision
                while idle < len(slots):
                    timeout = None if self.until is None else self.until - time.monotonic()
                    try:
                        kind, value = await asyncio.wait_for(results.get(), timeout)
                    except TimeoutError:
                        self.complete = False
                        for slot in slots:
                            slot.stop.set()
                        return
                    if kind == "idle":
                        idle += 1
                        continue
                    if kind == "stopped":
                        self.complete = False
                        if isinstance(value, reviews.DealPlay):
                            self._play_over(value.deal)  # its cards not solved stay without a real verdict
                        for item in self._ready_now():
                            yield item
                        continue
                    self._take(kind, value)
                    for item in self._ready_now():
                        yield item
            finally:
                for worker in workers:
                    worker.cancel()
                await asyncio.gather(*workers, return_exceptions=True)

    async def _real(self, slot: Slot, play: reviews.DealPlay, loop: asyncio.AbstractEventLoop,
                    results: asyncio.Queue[tuple[str, Any]]) -> None:
        def on_card(decision: reviews.Decision, verdict: reviews.RealVerdict, after: int) -> None:
            loop.call_soon_threadsafe(results.put_nowait, ("card", (play, decision, verdict, after)))

        def work(*, solver: Solver) -> int | None:
            return reviews.real_verdicts(play, solver=solver, on_card=on_card, until=self.until)

        start = await slot.run(self.solving.analyse, work, stop=slot.stop)
        results.put_nowait(("play", (play, start)))

    def _take(self, kind: str, value: Any) -> None:
        if kind == "known":
            decision, verdict = value
            self.known[(decision.deal, decision.entry)] = verdict
        elif kind == "card":
            play, decision, verdict, after = value
            self.real[(decision.deal, decision.entry)] = verdict
            if play.makes_curve:
                self.curves.setdefault(decision.deal, []).append(after)
        elif kind == "play":
            play, start = value
            if start is not None and play.makes_curve:
                self.curves[play.deal] = [start, *self.curves.get(play.deal, [])]
            self._play_over(play.deal)

    def _play_over(self, deal: int) -> None:
        self._plays_left[deal] -= 1
        if self._plays_left[deal] <= 0:
            self.plays_done.add(deal)

    def _ready_now(self) -> Iterator[Progress]:
        """The decisions whose verdicts are all in (and not sent yet), then the deals all done."""
        total = len(self.decisions)
        for decision in self.decisions:
            key = (decision.deal, decision.entry)
            if key in self.sent:
                continue
            known = self.known.get(key)
            if decision.question is not None and known is None:
                continue
            real = self.real.get(key)
            if decision.position is not None and real is None and decision.deal not in self.plays_done:
                continue
            review = reviews.DecisionReview(decision.deal, decision.entry, decision.version, decision.seat,
                                            decision.played, decision.forced, known, real)
            self.sent[key] = review
            yield Progress(review, len(self.sent), total)
        for number in sorted({decision.deal for decision in self.decisions} - self.summarised):
            pending = [d for d in self.decisions if d.deal == number and (d.deal, d.entry) not in self.sent]
            if not pending and (number in self.plays_done or number not in self._units):
                yield Progress(self.deal_summary(number, complete=True), len(self.sent), total)

    def deal_summary(self, number: int, *, complete: bool) -> reviews.DealSummary:
        self.summarised.add(number)
        variant_unit = self._units.get(number, "")
        whole = complete and all((d.deal, d.entry) in self.sent for d in self.decisions if d.deal == number)
        return reviews.deal_summary(number, self.sent.values(), self.seats, curve=self.curves.get(number, []),
                                    curve_unit=variant_unit, curve_seat=self._curve_seats.get(number),
                                    complete=whole)


__all__ = ["MatchSummary", "Progress", "Reviewer", "Settings", "settings"]
