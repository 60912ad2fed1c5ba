"""Seat win counts of long bot-vs-bot runs, saved for the analysis notebooks.

    python benchmarks/seat_shares.py                  # every run of RUNS
    python benchmarks/seat_shares.py knock-knock-greedy-4
    python benchmarks/seat_shares.py --title hats --players 2 --bots search --games 4000

Some seat effects need more games than a notebook can play in a few seconds.
This script plays them once (seeded, one worker: run it with ``nice``) and writes
one CSV per run under ``notebooks/data/``, named ``TITLE-BOTS-PLAYERS.csv``: one
row per seat with ``seat, bot, games, wins`` (shared wins count for every
winner), the ``aggregate=True`` table of :func:`gamekit.simulate`. A solo run
(one player) is named ``TITLE-solo-BOTS.csv`` and keeps one row per game
(``game, bot, wealth, lost, rating``: The Bloody Inn's solo ladder). A notebook
reads the CSV and checks that a small fresh run of the same line-up agrees with
it within the intervals; after changing a notebook's bot, play its runs again
with ``--bots``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import NamedTuple

import gamekit

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"
SEED = 1000
"""The seed of every run."""


class Run(NamedTuple):
    title: str
    players: int
    bots: str
    games: int

    @property
    def name(self) -> str:
        if self.players == 1:
            return f"{self.title}-solo-{self.bots}"
        return f"{self.title}-{self.bots}-{self.players}"


RUNS = [
    Run("knock-knock", 4, "greedy", 2000),
    Run("knock-knock", 4, "random", 20000),
    Run("hats", 2, "greedy", 4000),
    Run("hats", 3, "greedy", 2000),
    Run("hats", 3, "random", 20000),
    Run("bloody-inn", 2, "planner", 1000),
    Run("bloody-inn", 1, "planner", 1000),
    Run("bloody-inn", 1, "innkeeper", 1000),
]
"""The runs the analysis notebooks read."""


def play(run: Run) -> Path:
    """Play ``run`` and write its CSV; return the path."""
    start = time.perf_counter()
    solo = run.players == 1
    table = gamekit.simulate(
        run.title,
        games=run.games,
        players=run.players,
        bots=run.bots,
        seed=SEED,
        workers=1,
        aggregate=not solo,
        progress=False,
    )
    columns = (
        ["game", "bot", "wealth", "lost", "rating"] if solo else ["seat", "bot", "games", "wins"]
    )
    path = DATA / f"{run.name}.csv"
    DATA.mkdir(parents=True, exist_ok=True)
    table[columns].to_csv(path, index=False)
    print(f"{run.name}: {time.perf_counter() - start:.0f} s -> {path}")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="runs of RUNS to play (default: all)")
    ap.add_argument("--title", help="play one run of your own: the title ...")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="random", help="... the bot in every seat ...")
    ap.add_argument("--games", type=int, default=1000, help="... and the number of games")
    args = ap.parse_args()
    if args.title:
        play(Run(args.title, args.players, args.bots, args.games))
        return
    chosen = [run for run in RUNS if not args.names or run.name in args.names]
    unknown = set(args.names) - {run.name for run in RUNS}
    if unknown:
        ap.error(f"unknown runs {sorted(unknown)}; choose from {[r.name for r in RUNS]}")
    for run in chosen:
        play(run)


if __name__ == "__main__":
    main()
