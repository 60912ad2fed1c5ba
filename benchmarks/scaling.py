"""Speed-up of ``gamekit.simulate`` from 1 to 2 (or more) worker processes.

    python benchmarks/scaling.py [--title knock-knock] [--games 20000] [--workers 1 2]

Wall-clock time of the same seeded run with each number of workers (the tables
are checked equal), and the speed-up against one worker. Run it on an idle
machine: other work on the cores makes the wall-clock figure noisy. The CPU
seconds (this process and its workers) show the cost of splitting the work:
equal CPU seconds mean the only limit left is the number of free cores.
"""

from __future__ import annotations

import argparse
import os
import resource
import time

import gamekit


def cpu_seconds() -> float:
    """CPU time used so far by this process and its finished workers."""
    me, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    """Time the run for each worker count and print the speed-ups."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--title", default="knock-knock")
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = ap.parse_args()
    gamekit.simulate(args.title, games=10, workers=1)  # imports and warm-up
    times, tables, cpu = {}, {}, {}
    for workers in args.workers:
        start, cpu_start = time.perf_counter(), cpu_seconds()
        tables[workers] = gamekit.simulate(
            args.title, games=args.games, seed=1, workers=workers, progress=False
        )
        times[workers] = time.perf_counter() - start
        cpu[workers] = cpu_seconds() - cpu_start
    first = args.workers[0]
    same = all(tables[first].equals(t) for t in tables.values())
    print(f"{args.games:,} games of {args.title}; load average before: {os.getloadavg()[0]:.2f}")
    for workers, seconds in times.items():
        speedup = times[first] / seconds
        print(
            f"workers={workers}: {seconds:,.1f} s, speed-up x{speedup:.2f} against {first}; "
            f"{cpu[workers]:,.1f} CPU s"
        )
    print("same table for every worker count:", same)


if __name__ == "__main__":
    main()
