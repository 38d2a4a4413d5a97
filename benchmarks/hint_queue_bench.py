"""Hints asked by many players at once: clients each at a table of their own (hearts and
belote), each asking a hint for the seat to move at the default budget, then playing a
legal move, again and again for a while, against a real server (SQLite file).

Reports the hints answered and refused a second (a refused hint is asked again 20 ms
later), the time from asking to the answer (median, p95) against the fair share
(clients × budget ÷ the hint pool's slots), how busy the hint pool was (its busy slots,
sampled from /metrics, and the server's CPU time over the run), and each client's hints.

    .venv/bin/python benchmarks/hint_queue_bench.py [--clients 8] [--seconds 15]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import grpc

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardgames_client import CardgamesError, Client  # noqa: E402

from tests.service.players import choose  # noqa: E402
from tests.service.server_process import ServerProcess  # noqa: E402

BUDGET = 0.2  # the default hint budget
RETRY_SECONDS = 0.02
VARIANTS = ("hearts", "belote")


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process so far (/proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def busy_slots(metrics: str) -> float:
    with urllib.request.urlopen(f"http://{metrics}/metrics", timeout=10) as answer:
        for line in answer.read().decode().splitlines():
            if line.startswith('cardgames_solver_slots_busy{pool="hint"}'):
                return float(line.rsplit(" ", 1)[1])
    return 0.0


class Player(threading.Thread):
    """One client at its own table: hint, move, hint, move... until ``until``."""

    def __init__(self, address: str, number: int, until: float) -> None:
        super().__init__(daemon=True)
        self.address, self.number, self.until = address, number, until
        self.waits: list[float] = []
        self.refused = 0
        self.other_errors: list[str] = []

    def run(self) -> None:
        rng = random.Random(self.number)
        with Client(self.address, timeout=30) as client:
            game = client.create_game(VARIANTS[self.number % len(VARIANTS)], seed=f"queue-bench-{self.number}")
            while time.monotonic() < self.until:
                table = client.get_game(game.game_id)
                if not table.to_act:
                    game = client.create_game(VARIANTS[self.number % len(VARIANTS)], seed=f"queue-bench-{rng.random()}")
                    continue
                seat = table.to_act[0]
                asked = time.monotonic()
                while time.monotonic() < self.until:
                    try:
                        client.get_hint(game.game_id, seat, game.tokens[seat])
                        self.waits.append(time.monotonic() - asked)
                        break
                    except CardgamesError as error:
                        if error.code != grpc.StatusCode.RESOURCE_EXHAUSTED:
                            self.other_errors.append(f"{error.code.name} {error.reason}")
                            break
                        self.refused += 1
                        time.sleep(RETRY_SECONDS)
                view = client.get_game(game.game_id, seat, game.tokens[seat])
                if view.legal_moves:
                    try:
                        client.submit_move(game.game_id, seat, game.tokens[seat], choose(view, rng))
                    except CardgamesError:
                        pass  # the table moved on meanwhile (a deal's pause): ask again


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args()
    slots = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(Path(folder) / "bench.db", "--metrics-address", "127.0.0.1:0").start()
        metrics = server.wait_for_log(lambda record: record.get("event") == "metrics_started")["address"]
        try:
            assert server.process is not None
            until = time.monotonic() + args.seconds
            players = [Player(server.address, number, until) for number in range(args.clients)]
            cpu_before, started = cpu_seconds(server.process.pid), time.monotonic()
            for player in players:
                player.start()
            samples = []
            while time.monotonic() < until:
                samples.append(busy_slots(metrics))
                time.sleep(0.05)
            for player in players:
                player.join()
            elapsed = time.monotonic() - started
            cpu = cpu_seconds(server.process.pid) - cpu_before
        finally:
            server.stop()
    waits = sorted(wait for player in players for wait in player.waits)
    answered = len(waits)
    refused = sum(player.refused for player in players)
    fair = args.clients * BUDGET / slots
    p95 = waits[min(len(waits) - 1, int(0.95 * len(waits)))] if waits else float("nan")
    print(f"machine: {os.cpu_count()} cores; hint slots: {slots}; {args.clients} clients for {args.seconds:.0f} s;"
          f" budget {BUDGET * 1000:.0f} ms")
    print(f"answered: {answered} ({answered / elapsed:.1f}/s); refused: {refused} ({refused / elapsed:.1f}/s,"
          f" {100 * refused / max(answered, 1):.2f}% of answered)")
    print(f"time to a hint: median {statistics.median(waits):.3f} s, p95 {p95:.3f} s;"
          f" fair share {fair:.3f} s; p95 / fair share {p95 / fair:.2f}")
    print(f"hint pool busy (sampled): {100 * statistics.mean(samples) / slots:.0f}% of its slots;"
          f" server CPU {100 * cpu / (elapsed * slots):.0f}% of {slots} cores")
    print("hints per client:", [len(player.waits) for player in players])
    errors = [error for player in players for error in player.other_errors]
    if errors:
        print("other errors:", errors[:10])


if __name__ == "__main__":
    main()
