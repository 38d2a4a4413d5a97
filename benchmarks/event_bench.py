"""A duplicate event at scale: 64 tables of random bots play the same deals, beside
the same server's move throughput with as many ordinary all-bot games, in one run.

On one real server process (SQLite file, synchronous=FULL), in turn:
- the baseline: as many ordinary games of random bots (no bot delay, no pause between
  deals), matches of --deals deals: deals and moves a second until every one is over;
- the event: --tables tables, all of random bots but one whose seats this script holds
  and plays (random legal moves, as fast as the server answers), --deals deals each;
  deals finished a second by the bot tables (read from the database file, as no reader of
  the event may see them yet) and by all, and the standings'
  latency for the person's seat while the event runs (asked after each of its moves) and for
  anyone once it is over.

    .venv/bin/python benchmarks/event_bench.py [--tables 64] [--deals 4] [--variant hearts]
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardgames_client import PLAYERS, CardgamesError, Client, pb, table_options  # noqa: E402

from tests.service.players import choose  # noqa: E402
from tests.service.server_process import ServerProcess  # noqa: E402


def bots(players: int) -> pb.TableOptions:
    return table_options(["bot:random"] * players, bot_delay_ms=0, deal_pause_ms=0)


def baseline(client: Client, variant: str, tables: int, deals: int) -> tuple[float, float]:
    """Deals and moves a second of ``tables`` ordinary all-bot games of ``deals`` deals each,
    from their creation until every one is over."""
    began = time.monotonic()
    games = [client.create_game(variant, {"deals": deals}, table=bots(PLAYERS[variant])).game_id
             for _ in range(tables)]
    while any(client.get_game(game).status != pb.GAME_STATUS_FINISHED for game in games):
        time.sleep(0.05)
    elapsed = time.monotonic() - began
    return tables * deals / elapsed, sum(client.get_game(game).version for game in games) / elapsed


class Person(threading.Thread):
    """Plays the held table's seats with random legal moves; after each move, times the standings."""

    def __init__(self, address: str, event_id: str, game_id: str, tokens: tuple[str, ...]) -> None:
        super().__init__(daemon=True)
        self.address, self.event_id, self.game_id, self.tokens = address, event_id, game_id, tokens
        self.latencies: list[float] = []
        self.error: BaseException | None = None

    def run(self) -> None:
        rng = random.Random(1)
        try:
            with Client(self.address) as client:
                while True:
                    view = client.get_game(self.game_id, 0, self.tokens[0])
                    if view.status == pb.GAME_STATUS_FINISHED:
                        return
                    seat = rng.choice(list(view.to_act))
                    mine = client.get_game(self.game_id, seat, self.tokens[seat])
                    try:
                        client.submit_move(self.game_id, seat, self.tokens[seat], choose(mine, rng))
                    except CardgamesError:
                        continue
                    began = time.perf_counter()
                    client.get_event_standings(self.event_id, self.tokens[0])
                    self.latencies.append(time.perf_counter() - began)
        except BaseException as error:  # reported by the main thread
            self.error = error


def all_over(database: str, game_ids: list[str]) -> bool:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as conn:
        marks = ",".join("?" for _ in game_ids)
        done = conn.execute(f"SELECT COUNT(*) FROM games WHERE game_id IN ({marks}) AND status = 'FINISHED'",
                            game_ids).fetchone()[0]
    return bool(done == len(game_ids))


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--variant", default="hearts", choices=sorted(PLAYERS))
    args = parser.parse_args()
    players = PLAYERS[args.variant]
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(Path(folder) / "games.db").start()
        try:
            with Client(server.address) as client:
                ordinary_deals, ordinary = baseline(client, args.variant, args.tables, args.deals)
                began = time.monotonic()
                event = client.create_event(args.variant, deals=args.deals, tables=[
                    table_options(["reserved"] * players), *[bots(players)] * (args.tables - 1)])
                person = Person(server.address, event.event_id, event.tables[0].game_id, event.tables[0].tokens)
                person.start()
                bot_games = [table.game_id for table in event.tables[1:]]
                while not all_over(server.database, bot_games):  # the database's word: no reader may see it yet
                    time.sleep(0.05)
                bots_elapsed = time.monotonic() - began
                while not client.get_event(event.event_id).over:
                    time.sleep(0.05)
                elapsed = time.monotonic() - began
                person.join()
                if person.error is not None:
                    raise person.error
                moves = sum(client.get_game(table.game_id).version for table in event.tables)
                deals = args.tables * args.deals
                after = []
                for _ in range(20):
                    start = time.perf_counter()
                    standings = client.get_event_standings(event.event_id)
                    after.append(time.perf_counter() - start)
                assert standings.deals_counted == args.deals
        finally:
            server.stop()
    during = person.latencies
    print(f"{args.variant}: {args.tables} tables ({args.tables - 1} of bots, 1 played), {args.deals} deals each")
    print(f"baseline ({args.tables} ordinary all-bot games): {ordinary_deals:.1f} deals/s, {ordinary:,.0f} moves/s")
    bot_deals = (args.tables - 1) * args.deals
    print(f"event, its bot tables: {bot_deals} deals in {bots_elapsed:.1f} s = {bot_deals / bots_elapsed:.1f} deals/s "
          f"({bot_deals / bots_elapsed / ordinary_deals:.2f} x the baseline)")
    print(f"event, all: {deals} deals in {elapsed:.1f} s (the played table last), {moves / elapsed:,.0f} moves/s")
    print(f"standings while it runs (the person's seat, {len(during)} asks): p50 {statistics.median(during) * 1000:.1f} ms, "
          f"p95 {quantile(during, 0.95) * 1000:.1f} ms")
    print(f"standings once over (anyone, 20 asks): p50 {statistics.median(after) * 1000:.1f} ms, "
          f"p95 {quantile(after, 0.95) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
