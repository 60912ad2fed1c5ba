"""Seat win counts of long bot-vs-bot runs, saved for the analysis notebooks.

    python benchmarks/seat_shares.py            # every run below
    python benchmarks/seat_shares.py knock-knock-greedy-4

Some seat effects need more games than a notebook can play in a few seconds.
This script plays them once (seeded, one worker: run it with ``nice``) and writes
one CSV per run under ``notebooks/data/``: one row per seat with ``seat, bot,
games, wins`` (shared wins count for every winner), the ``aggregate=True`` table
of :func:`gamekit.simulate`; the solo runs one row per game (``PER_GAME``).
A notebook reads the CSV and checks that a small fresh run of the same line-up
agrees with it within the intervals.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import gamekit

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"

RUNS: dict[str, dict[str, object]] = {
    "knock-knock-greedy-4": {"title": "knock-knock", "players": 4, "bots": "greedy", "games": 2000},
    "knock-knock-random-4": {
        "title": "knock-knock",
        "players": 4,
        "bots": "random",
        "games": 20000,
    },
    "hats-greedy-2": {"title": "hats", "players": 2, "bots": "greedy", "games": 4000},
    "hats-greedy-3": {"title": "hats", "players": 3, "bots": "greedy", "games": 2000},
    "hats-random-3": {"title": "hats", "players": 3, "bots": "random", "games": 20000},
    "bloody-inn-planner-2": {"title": "bloody-inn", "players": 2, "bots": "planner", "games": 1000},
    "bloody-inn-solo-planner": {
        "title": "bloody-inn",
        "players": 1,
        "bots": "planner",
        "games": 1000,
    },
    "bloody-inn-solo-innkeeper": {
        "title": "bloody-inn",
        "players": 1,
        "bots": "innkeeper",
        "games": 1000,
    },
}
"""Run name -> simulate() arguments. The seed is 1000 for every run."""

PER_GAME = {"bloody-inn-solo-planner", "bloody-inn-solo-innkeeper"}
"""Runs saved one row per game (``game, bot, wealth, lost, rating``), not per seat."""

SEED = 1000


def run(name: str) -> Path:
    """Play run ``name`` and write its per-seat CSV; return the path."""
    spec = dict(RUNS[name])
    title = str(spec.pop("title"))
    start = time.perf_counter()
    per_game = name in PER_GAME
    table = gamekit.simulate(
        title,
        seed=SEED,
        workers=1,
        aggregate=not per_game,
        progress=False,
        **spec,  # type: ignore[arg-type]
    )
    path = DATA / f"{name}.csv"
    DATA.mkdir(parents=True, exist_ok=True)
    columns = (
        ["game", "bot", "wealth", "lost", "rating"]
        if per_game
        else ["seat", "bot", "games", "wins"]
    )
    table[columns].to_csv(path, index=False)
    print(f"{name}: {time.perf_counter() - start:.0f} s -> {path}")
    return path


if __name__ == "__main__":
    for name in sys.argv[1:] or list(RUNS):
        run(name)
