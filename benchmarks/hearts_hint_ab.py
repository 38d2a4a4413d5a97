"""Hearts: one build of the hint bot against another, in duplicate, at a fixed number of deals a hint.

    .venv/bin/python benchmarks/hearts_hint_ab.py --old /tmp/old.so [--new engine_service/_solver.abi3.so] \\
        --deals 200 --samples 50 --jobs 2 [--passes] [--output ab.jsonl]

Each side is a compiled extension (a copy of ``engine_service/_solver.abi3.so``: build the
version to compare, copy the file away), or a directory holding an ``engine_service`` package
with its extension built (a ``git worktree``, for a change on the Python side too), loaded
in a worker process of its own that answers
its seats' hint questions (``engine_service.hints``, one thread, ``--samples`` deals a hint
and no time budget: reproducible and unaffected by the machine's load). Each seeded deal is
played twice: the new build in seats 0 and 2, the old one in 1 and 3, then the seats
swapped. The deal's margin is, averaged over the four seats, the old build's points in the
seat minus the new build's (moon included): positive means the new build is better, in
penalty points per seat and deal; deals are the units of the 95% t-interval. Passing is off
(card play only) unless ``--passes``, which plays each deal's pass with the pass hint too.
A forced card (one legal) is played without asking and is not timed. ``--old-samples``
gives the old build its own number of deals a hint, to compare at equal time a change
that makes each deal cost more.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import multiprocessing
import os
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from typing import Any

from duplicate_runs import machine, margin, play_deals

SEATS = 4
TABLES = ((0, 2), (1, 3))  # the new build's seats at table A, then B
DEFAULT_NEW = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine_service", "_solver.abi3.so")


@dataclass(frozen=True)
class Settings:
    seed: int
    new_samples: int
    old_samples: int
    passes: bool
    new: str
    old: str

    def key(self) -> dict[str, Any]:
        return asdict(self)


def _serve(extension: str, conn: Connection) -> None:
    """A worker answering (question, seed, samples) with ``extension`` in place of the package's
    (or, a directory, the ``engine_service`` package there, with its own extension). Nothing of
    ``engine_service`` is imported before (this module imports it lazily)."""
    assert "engine_service" not in sys.modules
    if os.path.isdir(extension):
        sys.path.insert(0, extension)
    else:
        loader = importlib.machinery.ExtensionFileLoader("engine_service._solver", extension)
        spec = importlib.util.spec_from_file_location("engine_service._solver", extension, loader=loader)
        assert spec is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["engine_service._solver"] = module
        loader.exec_module(module)
    from engine_service import hints

    assert not os.path.isdir(extension) or hints.__file__.startswith(os.path.join(extension, ""))

    while True:
        request = conn.recv()
        if request is None:
            return
        question, seed, samples = request
        started = time.perf_counter()
        hint = hints.answer(question, seed=seed, budget=None, max_samples=samples, threads=1)
        conn.send((hint.best.move, time.perf_counter() - started))


class Side:
    def __init__(self, extension: str) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(extension, theirs), daemon=True)
        self.process.start()
        self.seconds = 0.0
        self.moves = 0

    def move(self, question: Any, seed: int, samples: int) -> str:
        self.conn.send((question, seed, samples))
        move, seconds = self.conn.recv()
        self.seconds += seconds
        self.moves += 1
        return str(move)

    def close(self) -> None:
        self.conn.send(None)
        self.process.join(timeout=10)


def play_table(settings: Settings, number: int, new_seats: tuple[int, ...], new: Side, old: Side) -> list[int]:
    from hearts_vs_openspiel import NoPassHearts

    from engine_service import hints
    from engine_service.rules import Phase, Play, parse_move
    from engine_service.rules.hearts import Hearts

    seed = f"hearts-hint-ab-{settings.seed}-{number}"
    game = Hearts(seed=seed) if settings.passes else NoPassHearts(seed=seed)
    step = 0
    while game.phase in (Phase.PASSING, Phase.PLAY):
        seat = game.to_act()[0]
        if game.phase is Phase.PLAY and len(legal := game.legal_cards(seat)) == 1:
            game.push(seat, Play(next(iter(legal))))
            continue
        side, samples = (new, settings.new_samples) if seat in new_seats else (old, settings.old_samples)
        # The same hint seed for either build at the same point of the deal.
        text = side.move(hints.hint_question(game, seat), hash((settings.seed, number, step)) % 2**62, samples)
        game.push(seat, parse_move(text, game.deck))
        step += 1
    return list(game.results[-1].scores)


def play_deal(args: tuple[Settings, int]) -> dict[str, Any]:
    settings, number = args
    started = time.perf_counter()
    new, old = Side(settings.new), Side(settings.old)
    try:
        new_points = [0] * SEATS
        old_points = [0] * SEATS
        for new_seats in TABLES:
            scores = play_table(settings, number, new_seats, new, old)
            for seat in range(SEATS):
                (new_points if seat in new_seats else old_points)[seat] = scores[seat]
    finally:
        new.close()
        old.close()
    return {
        **settings.key(),
        "deal": number,
        "margin": statistics.fmean(o - n for o, n in zip(old_points, new_points, strict=True)),
        "new_points": new_points,
        "old_points": old_points,
        "new_seconds": round(new.seconds, 4),
        "new_moves": new.moves,
        "old_seconds": round(old.seconds, 4),
        "old_moves": old.moves,
        "seconds": round(time.perf_counter() - started, 2),
    }


def summary(rows: list[dict[str, Any]]) -> str:
    margins = [float(row["margin"]) for row in rows]
    n = len(margins)
    if not n:
        return "no deals"
    mean, interval = margin(margins)
    new_move = sum(row["new_seconds"] for row in rows) / max(1, sum(row["new_moves"] for row in rows))
    old_move = sum(row["old_seconds"] for row in rows) / max(1, sum(row["old_moves"] for row in rows))
    return "\n".join([
        f"deals: {n}; margin (old points - new points, per seat and deal; > 0: the new build is better): "
        f"{mean:+.2f}, 95% t-interval {interval}; new ahead in {sum(m > 0 for m in margins)}, "
        f"behind in {sum(m < 0 for m in margins)}, level in {sum(m == 0 for m in margins)}",
        f"points per seat and deal: new {statistics.fmean(p for r in rows for p in r['new_points']):.2f}, "
        f"old {statistics.fmean(p for r in rows for p in r['old_points']):.2f}",
        f"seconds per hint (with a choice): new {new_move:.4f}, old {old_move:.4f}",
        f"machine: {machine()}",
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--new", default=DEFAULT_NEW, help="the new build's extension or directory (default: the package's extension)")
    parser.add_argument("--old", required=True, help="the old build's extension (a copied _solver.abi3.so) or a directory with its engine_service")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the deals' seed")
    parser.add_argument("--samples", type=int, default=50, help="deals a hint (both builds)")
    parser.add_argument("--old-samples", type=int, help="the old build's deals a hint (default: --samples)")
    parser.add_argument("--passes", action="store_true", help="play the pass too (with the pass hint)")
    parser.add_argument("--jobs", type=int, default=1, help="deals played in parallel (each with two worker processes)")
    parser.add_argument("--output", help="JSON lines, one a deal; deals already there are skipped")
    args = parser.parse_args()
    settings = Settings(args.seed, args.samples, args.old_samples or args.samples, args.passes,
                        os.path.abspath(args.new), os.path.abspath(args.old))
    rows = play_deals(play_deal, settings, settings.key(), args.deals, args.jobs, args.output,
                      lambda row: f"new {row['new_points']}, old {row['old_points']}")
    print(summary(rows))


if __name__ == "__main__":
    main()
