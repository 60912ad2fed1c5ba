"""The saved bot ladders of lesson 51: every title's round robin, larger than a lesson can run.

    python benchmarks/ladder.py [--scale 1.0] [--seed 2026] [--workers 1] [--backend processes]

Writes two small CSV files that ``notebooks/51-bot-ladder.ipynb`` loads:

- ``notebooks/data/ladder.csv``: one row per title and bot (and role, for Boo
  Party!): the rating, its 95 % bootstrap interval, games, wins, the win share
  and its Wilson interval, with the run's players, games and seed;
- ``notebooks/data/ladder_summary.csv``: per title and bot (and role), the mean
  of every numeric ``summary`` column of the title over the same games (what the
  lesson uses to ask *why* the top bot is better).

The line-ups are ``LADDERS`` below. The same seed and scale give the same files
whatever the workers or the backend. Regenerate after changing a bot, then run
the lesson (its checked cell compares the saved ladders with a fresh small run).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import pandas as pd

from gamekit.ladder import means, play, rate

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "notebooks" / "data"

FORGETFUL = {"p": 0.9}
LADDERS: dict[str, dict[str, Any]] = {
    "knock-knock": {"bots": ["random", "greedy"], "players": 4, "games": 1200},
    "hats": {"bots": ["random", "greedy"], "players": 3, "games": 1200},
    "boo-party": {
        "bots": ["random", ("memory", FORGETFUL), ("team", FORGETFUL)],
        "players": 5,
        "games": 1800,
    },
    "bloody-inn": {"bots": ["random", "innkeeper", "planner"], "players": 2, "games": 600},
}
"""Per title: the bots (weakest first), the players and the games of the saved run."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--backend", default="processes")
    args = parser.parse_args()
    ratings, summaries = [], []
    for title, spec in LADDERS.items():
        start = time.perf_counter()
        games = max(1, round(spec["games"] * args.scale))
        table = play(
            title,
            spec["bots"],
            games,
            spec["players"],
            args.seed,
            args.workers,
            args.backend,
        )
        board = rate(table, resamples=500, seed=args.seed)
        played = board.attrs["seatings"] * board.attrs["per_seating"]
        info = {"title": title, "players": spec["players"], "played": played, "seed": args.seed}
        frame = pd.DataFrame(board)
        if "role" not in frame:
            frame.insert(0, "role", "")
        ratings.append(frame.assign(**info))
        summaries.append(means(table).assign(title=title))
        print(f"{title}: {played} games in {time.perf_counter() - start:.0f} s")
        print(board)
    OUT.mkdir(parents=True, exist_ok=True)
    columns = ["title", "players", "played", "seed", "role"]
    table = pd.concat(ratings, ignore_index=True)
    table = table[columns + [c for c in table.columns if c not in columns]]
    table.round(4).to_csv(OUT / "ladder.csv", index=False)
    averages = pd.concat(summaries, ignore_index=True)
    averages = averages[["title"] + [c for c in averages.columns if c != "title"]]
    averages.round(4).to_csv(OUT / "ladder_summary.csv", index=False)
    print(f"wrote {OUT / 'ladder.csv'} and {OUT / 'ladder_summary.csv'}")


if __name__ == "__main__":
    main()
