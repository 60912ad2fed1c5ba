"""Speed-up of ``gamekit.simulate`` from 1 to 2 (or more) worker processes.

    python benchmarks/scaling.py [--title knock-knock] [--games 20000] [--workers 1 2]

Wall-clock time of the same seeded run with each number of workers (the tables
are checked equal), and the speed-up against one worker. Run it on an idle
machine: other work on the cores makes the figure meaningless.
"""

from __future__ import annotations

import argparse
import os
import time

import gamekit


def main() -> None:
    """Time the run for each worker count and print the speed-ups."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--title", default="knock-knock")
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = ap.parse_args()
    gamekit.simulate(args.title, games=10, workers=1)  # imports and warm-up
    times, tables = {}, {}
    for workers in args.workers:
        start = time.perf_counter()
        tables[workers] = gamekit.simulate(
            args.title, games=args.games, seed=1, workers=workers, progress=False
        )
        times[workers] = time.perf_counter() - start
    first = args.workers[0]
    same = all(tables[first].equals(t) for t in tables.values())
    print(f"{args.games:,} games of {args.title}; load average before: {os.getloadavg()[0]:.2f}")
    for workers, seconds in times.items():
        speedup = times[first] / seconds
        print(f"workers={workers}: {seconds:,.1f} s, speed-up x{speedup:.2f} against {first}")
    print("same table for every worker count:", same)


if __name__ == "__main__":
    main()
