"""Boo Party! bots: how often 4 Monsters beat a perfect-memory Seer (5 players).

    python benchmarks/boo_bots.py [--games 10000] [--p 0.9 0.95] [--seed 0] [--workers 1]

For Monster memory p = 0.9 and p = 0.95, the Seer is the best bot
(``boo_party_bots.BEST``) with a perfect memory (p = 1); the Monsters are each
bot of ``BOTS`` in turn (the old ``memory`` bots for comparison, then the
stronger ones). The old line-up of the issue (memory Seer against memory
Monsters) is measured too. Each line gives the games, the Monsters' wins, the
win rate and its 95 % Wilson interval. The same seed gives the same numbers.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gamekit
from gamekit.charts import wilson
from gamekit.titles.boo_party.bots import BEST, BOTS

PLAYERS = 5
MEMORIES = (0.9, 0.95)


def monster_wins(
    seer: str, monsters: str, p: float, games: int, seed: int, workers: int
) -> tuple[int, int]:
    """Games and Monster wins of ``seer`` (p = 1) against ``PLAYERS - 1`` ``monsters`` at ``p``."""
    lineup: list[Any] = [(seer, {"p": 1.0})] + [(monsters, {"p": p})] * (PLAYERS - 1)
    table = gamekit.simulate(
        "boo-party",
        games=games,
        players=PLAYERS,
        bots=lineup,
        seed=seed,
        workers=workers,
        aggregate=True,
        progress=False,
    )
    monster = table.iloc[1]  # every Monster wins or loses with the team: seat 1 tells
    return int(monster["games"]), int(monster["wins"])


def main() -> None:
    """Measure every line-up and print one line each."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--p", type=float, nargs="+", default=list(MEMORIES), help="Monster memory")
    args = ap.parse_args()
    lineups = [(BEST, name) for name in BOTS] + [("memory", "memory")]
    print(f"Boo Party!, {PLAYERS} players: Monster wins against a perfect-memory Seer")
    print(f"{'Seer':>8} {'Monsters':>9} {'p':>5} {'games':>7} {'wins':>6} {'rate':>7}  95% Wilson")
    for p in args.p:
        for seer, monsters in lineups:
            start = time.perf_counter()
            games, wins = monster_wins(seer, monsters, p, args.games, args.seed, args.workers)
            low, high = wilson(wins, games)
            took = time.perf_counter() - start
            print(
                f"{seer:>8} {monsters:>9} {p:>5} {games:>7} {wins:>6} {wins / games:>7.1%}"
                f"  [{low:.1%}, {high:.1%}]  ({took:.0f} s)"
            )


if __name__ == "__main__":
    main()
