"""How strong and how fast the ``"best"`` bots are: the targets of the bot ladder.

    python benchmarks/bots.py [--games 200] [--seed 1] [--bot best [demo ...]]
                              [--rows knock-knock hats]
                              [--timing-games 3] [--titles ...]

Rows (win share = the share of games the bot's seat is among the winners, a
shared win counting as a win; Wilson 95 % interval):

- Knock! Knock!: the bot against 3 ``greedy``, 4 players, its seat rotated
  through all four (target >= 0.40; greedy itself: about 0.30; ``"best"`` is
  the planner: 0.434 and 0.460 with ``--games 800`` and seeds 7001 and 7002).
- Hats: the bot against ``greedy``, 2 players, seats alternated (target >= 0.60).

Each row also gives the games per CPU second of the whole row (the measured bot
and its opponents). ``--bot demo search`` puts the search bot at its title's demo
budget beside its full budget.

Then the decision time of ``"best"`` in every title (median and 95th
percentile over all its decisions in ``--timing-games`` games against the
title's next-strongest bot; targets 50 ms and 200 ms). Games run on one core,
on the lean path (``play_out``), seeded: the same arguments give the same
win counts on every machine.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from typing import Any

from gamekit import TITLES, bots
from gamekit.core.lean import play_out
from gamekit.core.registry import rules_for
from gamekit.core.rng import derive_seed

ROWS: dict[str, tuple[int, str, float]] = {
    "knock-knock": (4, "greedy", 0.40),
    "hats": (2, "greedy", 0.60),
}
"""Title -> (players, opponent bot, target win share)."""


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default).

    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


class Timed(bots.Bot):
    """Wraps a bot and records how long each of its decisions takes."""

    def __init__(self, inner: bots.Bot, times: list[tuple[float, float]]) -> None:
        super().__init__(inner.seed)
        self.inner, self.times = inner, times
        self.needs_view, self.needs_state = inner.needs_view, inner.needs_state
        self.name = inner.name

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        action = self.inner.act(view, legal)
        self.times.append((time.perf_counter() - start, time.process_time() - cpu))
        return action

    def act_on_state(self, rules: Any, state: Any, legal: Sequence[Any]) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        action = self.inner.act_on_state(rules, state, legal)
        self.times.append((time.perf_counter() - start, time.process_time() - cpu))
        return action


def play_row(
    title: str,
    bot: str,
    opponent: str,
    players: int,
    games: int,
    seed: int,
    times: list[tuple[float, float]],
) -> tuple[int, float]:
    """Games with ``bot`` in seat ``game % players``: (games won, win share counting ties)."""
    rules = rules_for(title)
    config = rules.make_config(players, {})
    wins, shares = 0, 0.0
    for game in range(games):
        seat = game % players
        seats: list[bots.Bot] = [
            bots.make(title, bot if s == seat else opponent, seed=derive_seed(seed, "bot", game, s))
            for s in range(players)
        ]
        seats[seat] = Timed(seats[seat], times)
        result = play_out(rules, config, derive_seed(seed, "game", game // players), seats)
        winners = rules.winners(result.state)
        if seat in winners:
            wins += 1
            shares += 1 / len(winners)
    return wins, shares


def strength(args: argparse.Namespace) -> None:
    """Print one row per title of ``ROWS`` and bot of ``--bot``."""
    print(
        "| title | bot | against | players | games | win share | Wilson 95 % | split | target "
        "| games per CPU s |"
    )
    print("|---|---|---|---:|---:|---:|---|---:|---:|---:|")
    for title in args.rows:
        players, opponent, target = ROWS[title]
        for bot in args.bot:
            times: list[tuple[float, float]] = []
            start, cpu = time.perf_counter(), time.process_time()
            wins, shares = play_row(title, bot, opponent, players, args.games, args.seed, times)
            cpu = time.process_time() - cpu
            low, high = wilson(wins, args.games)
            print(
                f"| {title} | {bot} ({_describe(title, bot)}) | {opponent} | {players} "
                f"| {args.games} | {wins / args.games:.3f} | {low:.3f}-{high:.3f} "
                f"| {shares / args.games:.3f} | >= {target:.2f} | {args.games / cpu:.2f} "
                f"|  ({time.perf_counter() - start:.0f} s; {_times(times)})",
                flush=True,
            )


def _describe(title: str, bot: str) -> str:
    """What the name ``bot`` stands for in ``title`` (search bots with their budget)."""
    name = bots.best(title) if bot == bots.BEST else bot
    if name == bots.DEMO:
        return f"search, budget {bots.demo_budget(title):,}"
    if name == bots.SEARCH:
        return f"search, budget {rules_for(title).search_defaults.budget:,}"
    return name


def _times(times: list[tuple[float, float]]) -> str:
    """Median, 95th percentile and maximum, wall clock (and CPU time: the bot's own cost)."""
    if not times:
        return "no decisions"
    parts = []
    for label, column in (("wall", 0), ("cpu", 1)):
        ordered = sorted(t[column] for t in times)
        p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
        parts.append(
            f"{label} median {1e3 * statistics.median(ordered):.1f} ms, "
            f"p95 {1e3 * p95:.1f} ms, max {1e3 * ordered[-1]:.1f} ms"
        )
    return "; ".join(parts) + f" ({len(times)} decisions)"


def timing(args: argparse.Namespace) -> None:
    """Decision times of ``"best"`` in every title, against the next bot down the ladder."""
    print("\n| title | best | opponents | players | decision time |")
    print("|---|---|---|---:|---|")
    for title in args.titles:
        rules = rules_for(title)
        players = rules.default_players
        ladder = bots.names(title)
        best = bots.best(title)
        below = [n for n in ladder if n != best]
        opponent = below[-1] if below else best
        times: list[tuple[float, float]] = []
        play_row(title, "best", opponent, players, args.timing_games, args.seed, times)
        print(f"| {title} | {best} | {opponent} | {players} | {_times(times)} |", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the arguments, print the strength rows, then the decision times."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per strength row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bot", nargs="+", default=["best"], help="the bots to measure (default: best)"
    )
    parser.add_argument("--rows", nargs="*", default=list(ROWS), choices=list(ROWS))
    parser.add_argument("--timing-games", type=int, default=3, help="games per title timed")
    parser.add_argument("--titles", nargs="*", default=list(TITLES), choices=list(TITLES))
    args = parser.parse_args(argv)
    if args.rows:
        strength(args)
    if args.titles and args.timing_games > 0:
        timing(args)


if __name__ == "__main__":
    main()
