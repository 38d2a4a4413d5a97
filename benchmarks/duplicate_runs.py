"""What the duplicate hearts benchmarks share: deals played in worker processes, a resumable
JSON-lines output, the margin's mean with its 95% t-interval, and the machine's name."""

from __future__ import annotations

import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

T_975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)

Row = dict[str, Any]


def t_975(df: int) -> float:
    if df <= len(T_975):
        return T_975[df - 1]
    z = 1.959964  # Cornish-Fisher expansion: within 0.1% from 30 degrees of freedom
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def margin(margins: list[float]) -> tuple[float, str]:
    """The mean margin and its 95% t-interval, as text."""
    mean = statistics.fmean(margins)
    if len(margins) < 2:
        return mean, "n/a (one deal)"
    half = t_975(len(margins) - 1) * statistics.stdev(margins) / math.sqrt(len(margins))
    return mean, f"[{mean - half:+.2f}, {mean + half:+.2f}]"


def machine() -> str:
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as info:
            model = next((line.split(":", 1)[1].strip() for line in info if line.startswith("model name")), model)
    except OSError:
        pass
    return f"{os.cpu_count()} cores (nproc), {model}"


def read_rows(path: str | None, key: dict[str, Any]) -> list[Row]:
    """The deals already in ``path``; a file of other settings (``key``) stops the run."""
    if not path or not os.path.exists(path):
        return []
    rows = []
    with open(path) as lines:
        for line in lines:
            if not line.strip():
                continue
            row = json.loads(line)
            if {name: row.get(name) for name in key} != key:
                sys.exit(f"{path} holds deals of other settings ({line.strip()[:200]}): use another --output")
            rows.append(row)
    return rows


def _run(play_deal: Callable[[tuple[Any, int]], Row], settings: Any, numbers: Iterable[int],
         jobs: int) -> Iterable[Row]:
    work = [(settings, number) for number in numbers]
    if jobs <= 1:
        yield from map(play_deal, work)
        return
    with ProcessPoolExecutor(jobs) as pool:
        for future in as_completed([pool.submit(play_deal, item) for item in work]):
            yield future.result()


def play_deals(play_deal: Callable[[tuple[Any, int]], Row], settings: Any, key: dict[str, Any], deals: int,
               jobs: int, output: str | None, describe: Callable[[Row], str]) -> list[Row]:
    """Deals 0..``deals``-1 that ``output`` does not hold yet, each written as it ends; every row of the run."""
    rows = read_rows(output, key)
    done = {row["deal"] for row in rows}
    todo = [number for number in range(deals) if number not in done]
    print(f"{len(todo)} deals to play ({len(done)} already in {output}), {settings}, {jobs} jobs", flush=True)
    started = time.perf_counter()
    out = open(output, "a") if output else None
    try:
        for row in _run(play_deal, settings, todo, jobs):
            rows.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
            print(f"deal {row['deal']}: margin {row['margin']:+.2f}, {describe(row)}, {row['seconds']} s", flush=True)
    finally:
        if out:
            out.close()
    print(f"{time.perf_counter() - started:.0f} s")
    return [row for row in rows if row["deal"] < deals]
