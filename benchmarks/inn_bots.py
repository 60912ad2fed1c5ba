"""The Bloody Inn's bots in the solo long game: money, ratings and decision time.

    python benchmarks/inn_bots.py [--games 1000] [--seed 0] [--timed-games 100]

For the old bot (``innkeeper``) and the best one (``bloody_inn_bots.BEST``), over
the same seeded solo long games (``gamekit.simulate``, one worker): the mean
final money with its 95 % interval, how many games reach the print's first rung
(110F) and how many were lost (a lost game counts 0F). Then the median and 95th
percentile time of the best bot's decisions (its ``act`` only, the view
excluded) over ``--timed-games`` games. Run it with ``nice``: the machine is
shared.
"""

from __future__ import annotations

import argparse
import statistics
import time

import gamekit
from gamekit import bots
from gamekit.titles.bloody_inn.bots import BEST

TITLE = "bloody-inn"
OLD = "innkeeper"


def money_line(name: str, games: int, seed: int) -> str:
    """One bot's solo long-game results, as one printed line."""
    start = time.perf_counter()
    table = gamekit.simulate(
        TITLE, games=games, players=1, bots=name, seed=seed, workers=1, progress=False
    )
    seconds = time.perf_counter() - start
    money = [0 if lost else int(score) for score, lost in zip(table.score, table.lost, strict=True)]
    mean = statistics.fmean(money)
    half = 1.96 * statistics.stdev(money) / len(money) ** 0.5 if len(money) > 1 else 0.0
    rung = sum(1 for m in money if m >= 110)
    lost = int(table.lost.sum())
    return (
        f"{name:>10}: mean {mean:6.1f}F  95% interval [{mean - half:.1f}, {mean + half:.1f}]  "
        f">=110F in {rung}/{games}  lost {lost}  ({seconds:.0f} s)"
    )


def decision_times(name: str, games: int, seed: int) -> dict[str, list[float]]:
    """Seconds taken by the ``act`` calls of bot ``name`` in solo long games:
    all of them, and those choosing a night action (where the planning happens)."""
    rules = gamekit.rules_for(TITLE)
    config = rules.make_config(1, {})
    times: dict[str, list[float]] = {"every decision": [], "night actions": []}
    for game in range(games):
        state = rules.initial_state(config, seed + game)
        bot = bots.make(TITLE, name, seed=game)
        while rules.to_move(state) is not None:
            view, legal = rules.view(state, 0), rules.legal_actions(state)
            start = time.perf_counter()
            action = bot.act(view, legal)
            seconds = time.perf_counter() - start
            times["every decision"].append(seconds)
            if state.step == "act":
                times["night actions"].append(seconds)
            rules.apply(state, action, None)
    return times


def main() -> None:
    """Print the money lines of both bots and the best bot's decision times."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timed-games", type=int, default=100)
    args = ap.parse_args()
    print(f"The Bloody Inn, solo long game, {args.games} seeded games (seed {args.seed}):")
    for name in dict.fromkeys([OLD, BEST]):
        print(money_line(name, args.games, args.seed))
    for label, times in decision_times(BEST, args.timed_games, args.seed).items():
        times.sort()
        median = statistics.median(times) * 1000
        p95 = times[int(0.95 * (len(times) - 1))] * 1000
        print(
            f"{BEST} decision time, {label} ({len(times)}): median {median:.2f} ms, "
            f"95th percentile {p95:.2f} ms, slowest {times[-1] * 1000:.1f} ms "
            "(targets 50 / 200 ms)"
        )


if __name__ == "__main__":
    main()
