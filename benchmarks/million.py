"""One million Knock! Knock! games in the aggregate mode: time and peak memory.

    python benchmarks/million.py [--games 1000000] [--workers N] [--title knock-knock]

Peak memory is the largest total resident size (RSS) of this process and its
worker processes together, sampled every 0.2 s (psutil), and also the kernel's
own peaks (``ru_maxrss``) for this process and for its largest worker.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import threading
import time

import gamekit


def tree_rss(pid: int) -> int:
    """Resident bytes of a process and all its children, now."""
    import psutil

    root = psutil.Process(pid)
    total = 0
    for proc in [root, *root.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += proc.memory_info().rss
    return total


def main() -> None:
    """Run the games, print the summary table, the time and the memory."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--title", default="knock-knock")
    args = ap.parse_args()
    peak = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], tree_rss(os.getpid()))
            time.sleep(0.2)

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    start = time.perf_counter()
    summary = gamekit.simulate(
        args.title, games=args.games, seed=1, workers=args.workers, aggregate=True
    )
    elapsed = time.perf_counter() - start
    done.set()
    watcher.join()
    mine = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(summary.to_string(index=False))
    print(
        f"{args.games:,} games of {args.title} in {elapsed:,.1f} s "
        f"({args.games / elapsed:,.0f} games/s, workers={args.workers or 'all cores'})"
    )
    print(f"peak RSS, all processes together (sampled): {peak[0] / 2**20:,.1f} MiB")
    print(f"peak RSS of the main process: {mine:,.1f} MiB; of the largest worker: {child:,.1f} MiB")


if __name__ == "__main__":
    main()
