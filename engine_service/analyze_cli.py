"""cardgames-analyze: double-dummy analysis of many deals, or reviews of many played games,
on every local core or on a Dask cluster, one JSON line per deal or game.

    cardgames-analyze deals.txt --variant belote --output out.jsonl --table
    cardgames-analyze --variant euchre3 --random 10000 --seed 7 --output out.jsonl
    cardgames-analyze deals.txt --variant belote --output out.jsonl --cluster tcp://scheduler:8786
    cardgames-analyze --export 127.0.0.1:50051 --output records.jsonl
    cardgames-analyze --review records.jsonl --output reviews.jsonl --deals 32

``--export`` writes the record (docs/records.md) of every finished game of a server, one
JSON line each; ``--review`` reviews such records (docs/reviews.md): one line per game,
its ``review`` holding each decision's verdicts, each deal's summary and the match's, in
the JSON of ReviewGame's messages, or its ``error`` (a record that does not replay).

Each line of the output is one deal, in the input's order: ``index``, the ``deal`` in the
deal notation (docs/rules.md), its ``value`` (an integer, in ``unit``, for the taker of
the default contract, or hearts' player 0), every legal first card's value (``cards``),
the ``contract`` solved, with ``--table`` the double-dummy table (every trump and taker),
and the run's ``options`` (variant, table). A deal that cannot be analysed gets a line with
its ``error``; the run goes on. Run again with the same output file and options, it resumes
after the last complete line (an output made of other deals or with other options is
refused, as is a ``--cluster`` where no scheduler answers: one line, exit status 2).

The cluster engine is Dask (``distributed``): a pure-Python scheduler and workers started
with ``dask scheduler`` / ``dask worker`` on any machines where this package is installed,
nothing else to run; its futures come back as they finish and are written in order here.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import IO, Any

from tqdm import tqdm

from .analysis import DealAnalysis, analyse_deal
from .analyze_reviews import digest, exported, review_one, review_options
from .rules import VARIANTS, RuleViolation, new_game
from .rules.notation import format_deal
from .solver import Solver

# Deals handed out ahead of the ones being solved (per worker), so no worker waits for work.
AHEAD = 4

# One solver per thread (a Dask worker runs tasks on several): its tables stay warm from
# deal to deal, and a solver is never shared by two solves at once.
_local = threading.local()


def random_deals(variant: str, count: int, seed: str) -> list[str]:
    """``count`` deals shuffled from ``seed`` (the same seed, the same deals)."""
    deals = []
    for index in range(count):
        game = new_game(variant, seed=f"{seed}:{index}")
        deals.append(format_deal(game.deck, game.dealt))
    return deals


def read_deals(path: str) -> list[str]:
    """One deal per line; blank lines and lines starting with # are skipped."""
    lines = Path(path).read_text().splitlines() if path != "-" else sys.stdin.read().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def analyse_one(variant: str, table: bool, index: int, deal: str) -> dict[str, Any]:
    """One deal's output line (its error's, if it cannot be analysed), with the run's options.
    Keeps one solver per process: its tables stay warm from deal to deal."""
    solver = getattr(_local, "solver", None)
    if solver is None:
        solver = _local.solver = Solver()
    line: dict[str, Any] = {"index": index, "deal": deal, "options": run_options(variant, table)}
    try:
        result = analyse_deal(variant, deal, table=table, solver=solver)
    except RuleViolation as violation:
        return {**line, "error": f"{violation.reason.value}: {violation.message}"}
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:
        return {**line, "error": f"{type(error).__name__}: the analysis failed"}
    return {**line, **record(result)}


def run_options(variant: str, table: bool) -> dict[str, Any]:
    """What a run's lines depend on besides the deal: a resumed output must have been made with the same."""
    return {"variant": variant, "table": table}


def record(result: DealAnalysis) -> dict[str, Any]:
    """What a line says of an analysis (as AnalyzeDeal answers it)."""
    line: dict[str, Any] = {"unit": result.unit}
    if result.play is not None:
        solution = result.play.solution
        line.update(
            value=int(solution.value),
            cards={card: int(value) for card, value in solution.card_values.items()},
            contract={"trump": result.play.contract.trump, "taker": result.play.contract.taker},
        )
    if result.table is not None:
        line["table"] = [{"trump": trump, "taker": taker, "value": int(value)}
                         for (trump, taker), value in result.table.entries.items()]
    return line


def completed(output: Path) -> int:
    """How many lines of a previous run are complete; a line cut short by a kill is removed."""
    if not output.exists():
        return 0
    data = output.read_bytes()
    keep = data[: data.rfind(b"\n") + 1]  # up to the last complete line
    if len(keep) != len(data):
        output.write_bytes(keep)
    return keep.count(b"\n")


def _resumable(output: Path, lines: int, keys: list[str], key: str, options: dict[str, Any]) -> str | None:
    """Why a previous run's output cannot be resumed by this run (None: it can): its last
    line must be of the same input (its ``key``: the deal, or the record's digest), made
    with the same options."""
    try:
        last = json.loads(output.read_text().splitlines()[lines - 1])
    except (ValueError, UnicodeDecodeError):
        return f"{output} is not an output of cardgames-analyze; give another --output"
    if not isinstance(last, dict) or lines > len(keys) or last.get("index") != lines - 1 or last.get(key) != keys[lines - 1]:
        inputs = "the analysis of other deals" if key == "deal" else "the reviews of other records"
        return f"{output} holds {inputs}; give another --output"
    if last.get("options") != options:
        made = ", ".join(f"{name} {value}" for name, value in sorted((last.get("options") or {}).items()))
        return f"{output} was made with other options ({made}); give another --output, or the same options"
    return None


def _end_with_the_run() -> None:
    """A pool worker's start: it ends once the run that started it has (a killed run cannot
    tell its workers, which would otherwise wait for work forever)."""
    run = multiprocessing.parent_process()
    if run is not None:
        threading.Thread(target=_exit_after, args=(run,), name="end-with-the-run", daemon=True).start()


def _exit_after(run: multiprocessing.process.BaseProcess) -> None:
    # Waits on the run's sentinel, which closes when it exits, however it was started and
    # ended; the solver releases the GIL, so this ends a worker during a long solve too.
    run.join()
    os._exit(1)


Task = Callable[[int, str], dict[str, Any]]  # an input's line (picklable: a module function or its partial)


def run_local(task: Task, items: list[tuple[int, str]], processes: int) -> Iterator[dict[str, Any]]:
    """The lines as they finish, made on ``processes`` local processes."""
    with ProcessPoolExecutor(max_workers=processes, initializer=_end_with_the_run) as pool:
        pending = iter(items)
        running: set[Future[dict[str, Any]]] = set()
        try:
            while True:
                while len(running) < processes * AHEAD:
                    item = next(pending, None)
                    if item is None:
                        break
                    running.add(pool.submit(task, item[0], item[1]))
                if not running:
                    return
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            for future in running:
                future.cancel()


def connect(address: str, timeout: float) -> Any:
    """A client of the Dask scheduler at ``address``; OSError if none answers within ``timeout`` seconds."""
    from distributed import Client

    try:
        return Client(address, timeout=timeout)  # type: ignore[no-untyped-call]  # distributed ships no full annotations
    except (OSError, TimeoutError, ValueError) as error:
        raise OSError(f"no Dask scheduler answers at {address} within {timeout:g} s") from error


def run_cluster(client: Any, task: Task, items: list[tuple[int, str]]) -> Iterator[dict[str, Any]]:
    """The lines as they finish, made by the workers of the Dask scheduler ``client`` is connected to."""
    from distributed import as_completed

    futures = [client.submit(task, index, item, pure=False) for index, item in items]
    try:
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            yield future.result()
    finally:
        client.cancel(futures)


def write_in_order(lines: Iterable[dict[str, Any]], first: int, out: IO[str], progress: tqdm[Any]) -> None:
    """Writes each line once every line before it is written (the input's order)."""
    waiting: dict[int, dict[str, Any]] = {}
    next_index = first
    for line in lines:
        waiting[line["index"]] = line
        progress.update(1)
        while next_index in waiting:
            out.write(json.dumps(waiting.pop(next_index), separators=(",", ":")) + "\n")
            next_index += 1
        out.flush()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="cardgames-analyze", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", help="deals in the deal notation, one per line (- for standard input)")
    parser.add_argument("--variant", choices=VARIANTS, help="the deals' variant (with --export: only its games)")
    parser.add_argument("--random", type=int, metavar="N", help="analyse N random deals instead of a file")
    parser.add_argument("--seed", default="cardgames-analyze",
                        help="the seed of --random deals (default: %(default)s; the same seed, the same deals), "
                             "or with --review an integer: the seed of the deals each verdict draws")
    parser.add_argument("--review", metavar="RECORDS", help="review the games of a JSON lines file of records")
    parser.add_argument("--seats", default="", help="--review: the seats judged, e.g. 0,2 (default every seat)")
    parser.add_argument("--deals", type=int, default=64, help="--review: the most deals per verdict (default %(default)s)")
    parser.add_argument("--budget-ms", type=int, default=0,
                        help="--review: time per verdict, 0 for none: the deals only, reproducible (default %(default)s)")
    parser.add_argument("--export", metavar="ADDRESS", help="write the records of a server's finished games")
    parser.add_argument("--output", help="the JSON lines file (resumed if it exists); default standard output")
    parser.add_argument("--table", action="store_true", help="add each deal's double-dummy table")
    parser.add_argument("--cluster", metavar="ADDRESS", help="a Dask scheduler (tcp://host:8786) to run on")
    parser.add_argument("--connect-timeout", type=float, default=10.0, metavar="SECONDS",
                        help="how long to wait for the --cluster scheduler to answer (default %(default)s)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="local processes (default: cores)")
    args = parser.parse_args(argv)
    sources = [args.file is not None, args.random is not None, args.review is not None, args.export is not None]
    if sum(sources) != 1:
        parser.error("give one of a FILE of deals, --random N, --review RECORDS or --export ADDRESS")
    if (args.file is not None or args.random is not None) and args.variant is None:
        parser.error("--variant is needed to analyse deals")
    if args.random is not None and args.random < 0:
        parser.error("--random must be 0 or more")
    if args.processes < 1:
        parser.error("--processes must be 1 or more")
    if args.review is not None:
        try:
            args.seats = tuple(int(seat) for seat in args.seats.split(",") if seat.strip())
            args.seed = int(args.seed) if args.seed != "cardgames-analyze" else 0
        except ValueError:
            parser.error("--seats is numbers separated by commas, and --seed a number, with --review")
        if not 1 <= args.deals <= 400 or not 0 <= args.budget_ms <= 10_000:
            parser.error("--deals must be 1..400 and --budget-ms 0..10000")
    return args


def _inputs(args: argparse.Namespace) -> tuple[list[str], list[str], str, dict[str, Any], Task]:
    """The run's inputs, the key each line names its input by, that key's name, the options
    its lines carry, and the task making a line of an input."""
    if args.review is not None:
        lines = read_deals(args.review)
        options = review_options(args.seats, args.deals, args.budget_ms, args.seed)
        task = functools.partial(review_one, args.seats, args.deals, args.budget_ms, args.seed)
        return lines, [digest(line) for line in lines], "record", options, task
    deals = random_deals(args.variant, args.random, args.seed) if args.random is not None else read_deals(args.file)
    return deals, deals, "deal", run_options(args.variant, args.table), functools.partial(analyse_one, args.variant,
                                                                                          args.table)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.export is not None:
        return _export(args.export, args.variant, args.output)
    try:
        inputs, keys, key, options, task = _inputs(args)
        output = Path(args.output) if args.output else None
        first = completed(output) if output is not None else 0
    except (OSError, UnicodeDecodeError) as error:
        return _refused(_why(error))
    if output is not None and first:
        why = _resumable(output, first, keys, key, options)
        if why is not None:
            return _refused(why)
    items = list(enumerate(inputs))[first:]
    try:
        # The scheduler first: a run that cannot start leaves no output file behind.
        cluster = connect(args.cluster, args.connect_timeout) if args.cluster else None
    except OSError as error:
        return _refused(str(error))
    try:
        out: IO[str] = open(output, "a") if output is not None else sys.stdout  # closed below
    except OSError as error:
        if cluster is not None:
            cluster.close()
        return _refused(_why(error))
    # On standard error: the rate and the time left (shown on a terminal only).
    unit = "game" if args.review is not None else "deal"
    progress = tqdm(total=len(inputs), initial=first, unit=unit, file=sys.stderr, smoothing=0.1, disable=None)
    try:
        lines = run_cluster(cluster, task, items) if cluster is not None else run_local(task, items, args.processes)
        write_in_order(lines, first, out, progress)
    except KeyboardInterrupt:
        return 130  # every line written is complete: run again to resume
    except BrokenPipeError:
        # The reader of standard output left (`| head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    finally:
        progress.close()
        if out is not sys.stdout:
            out.close()
        if cluster is not None:
            cluster.close()
    return 0


def _export(address: str, variant: str | None, output: str | None) -> int:
    """Writes the records of the server's finished games (replacing ``output``)."""
    from cardgames_client import CardgamesError

    try:
        with open(output, "w") if output is not None else contextlib.nullcontext(sys.stdout) as out:
            for line in exported(address, variant):
                out.write(line + "\n")
    except CardgamesError as error:
        return _refused(f"{address}: {error.code.name} {error.message}")
    except OSError as error:
        return _refused(_why(error))
    return 0


def _refused(why: str) -> int:
    """A run that cannot start: one line on standard error, exit status 2 (as a usage error)."""
    print(f"cardgames-analyze: {why}", file=sys.stderr)
    return 2


def _why(error: OSError | UnicodeDecodeError) -> str:
    if isinstance(error, UnicodeDecodeError):
        return "the deals are not UTF-8 text"
    return f"{error.filename}: {error.strerror}" if error.filename else str(error)


if __name__ == "__main__":
    sys.exit(main())
