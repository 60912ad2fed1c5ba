"""What a learner waits for in small runs: the first ``simulate`` of a kernel, and
20- to 2,000-game runs with the default workers beside one process.

    python benchmarks/small_runs.py [--title knock-knock] [--games 20 200 2000]
                                    [--rounds 5] [--fresh 3]

Three tables, CPU seconds (this process and its workers) and wall seconds:

1. import costs, from ``python -X importtime`` in a fresh interpreter: ``gamekit``,
   ``gamekit.simulation`` and pandas (what a first table needs);
2. the first ``simulate(title, games=20)`` of a fresh interpreter (imports included),
   with the default workers and with ``workers=1``, the fastest of ``--fresh`` tries;
3. warm runs in one process, default workers beside ``workers=1``, the rounds taken
   in turn, the fastest kept. The goal: a 20-game run with the default workers costs
   no more than one in-process run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Sequence

import gamekit


def cpu_seconds() -> float:
    """CPU time used so far by this process and its finished children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def import_costs() -> dict[str, float]:
    """Cumulative import time (s) of each module, as ``python -X importtime`` reports it."""
    code = "import gamekit, gamekit.simulation, pandas"
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    found: dict[str, float] = {}
    for line in done.stderr.splitlines():
        match = re.match(r"import time:\s+\d+ \|\s+(\d+) \|( +)(\S+)", line)
        if match and len(match.group(2)) == 1:  # top-level imports only
            found[match.group(3)] = int(match.group(1)) / 1e6
    return {name: found.get(name, 0.0) for name in ("gamekit", "gamekit.simulation", "pandas")}


FIRST = """
import json, resource, sys, time
wall = time.perf_counter()
import gamekit
workers = None if sys.argv[2] == "default" else int(sys.argv[2])
gamekit.simulate(sys.argv[1], games=int(sys.argv[3]), workers=workers, progress=False)
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
print(json.dumps({"cpu": cpu, "wall": time.perf_counter() - wall}))
"""


def first_run(title: str, workers: str, games: int) -> tuple[float, float]:
    """CPU and wall seconds of a fresh interpreter's first run (imports included)."""
    done = subprocess.run(
        [sys.executable, "-c", FIRST, title, workers, str(games)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return float(found["cpu"]), float(found["wall"])


def warm_run(title: str, games: int, workers: int | None, seed: int) -> tuple[float, float]:
    """CPU and wall seconds of one run in this (warm) process."""
    cpu, wall = cpu_seconds(), time.perf_counter()
    gamekit.simulate(title, games=games, seed=seed, workers=workers, progress=False)
    return cpu_seconds() - cpu, time.perf_counter() - wall


def _best(pairs: Sequence[tuple[float, float]]) -> tuple[float, float]:
    return min(p[0] for p in pairs), min(p[1] for p in pairs)


def report(title: str, sizes: Sequence[int], rounds: int, fresh: int) -> str:
    """The three tables as Markdown text."""
    costs = import_costs()
    lines = [
        f"Measured on {os.cpu_count()} cores, Python {sys.version.split()[0]}, {title}.",
        "",
        "| import (fresh interpreter) | seconds |",
        "|---|---:|",
        *(f"| {name} | {seconds:.3f} |" for name, seconds in costs.items()),
        "",
        "| first run of a fresh interpreter, 20 games | CPU s | wall s |",
        "|---|---:|---:|",
    ]
    tries: dict[str, list[tuple[float, float]]] = {"default": [], "1": []}
    for _ in range(max(1, fresh)):
        for workers in tries:
            tries[workers].append(first_run(title, workers, 20))
    for workers, pairs in tries.items():
        cpu, wall = _best(pairs)
        lines.append(
            f"| workers={'None' if workers == 'default' else workers} | {cpu:.3f} | {wall:.3f} |"
        )
    gamekit.simulate(title, games=4, workers=1, progress=False)  # warm: imports, first calls
    warm: dict[tuple[int, int | None], list[tuple[float, float]]] = {}
    for round_number in range(max(1, rounds)):
        for games in sizes:
            for workers in (None, 1):
                warm.setdefault((games, workers), []).append(
                    warm_run(title, games, workers, round_number)
                )
    lines += [
        "",
        "| warm run | default workers CPU s | default wall s | workers=1 CPU s | workers=1 wall s "
        "| default ÷ one, CPU+wall |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for games in sizes:
        d_cpu, d_wall = _best(warm[(games, None)])
        o_cpu, o_wall = _best(warm[(games, 1)])
        ratio = (d_cpu + d_wall) / (o_cpu + o_wall)
        lines.append(
            f"| {games:,} games | {d_cpu:.3f} | {d_wall:.3f} | {o_cpu:.3f} | {o_wall:.3f} "
            f"| {ratio:.2f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the tables (``python benchmarks/small_runs.py --help``)."""
    ap = argparse.ArgumentParser(prog="small_runs.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--title", default="knock-knock", choices=gamekit.all_titles())
    ap.add_argument("--games", nargs="+", type=int, default=[20, 200, 2000])
    ap.add_argument("--rounds", type=int, default=5, help="warm rounds (default: 5)")
    ap.add_argument("--fresh", type=int, default=3, help="fresh interpreters per way (3)")
    args = ap.parse_args(argv)
    print(report(args.title, args.games, args.rounds, args.fresh))


if __name__ == "__main__":
    main()
