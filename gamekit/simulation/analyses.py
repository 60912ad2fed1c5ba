"""Runs made for particular charts: generic ones here, a title's own in its folder.

:func:`versus` and :func:`scores_by_round` work for any title (the latter for a title
whose :meth:`~gamekit.core.rules.Rules.round_of` counts rounds). A title's own
analyses live in ``gamekit/titles/<t>/analyses.py`` (``ANALYSES``), read through
``rules_for(title).analyses()``; :func:`analysis` finds one by name, which keeps the
old names (``memory_sweep``, ``wealth_by_round``) working without naming a title.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from gamekit import bots as bots_module
from gamekit.core import registry
from gamekit.core.errors import ConfigError
from gamekit.core.lean import decide
from gamekit.core.rng import derive_seed
from gamekit.core.rules import Rules
from gamekit.simulation.plan import BotSpec, make_plan
from gamekit.simulation.records import Records, as_frame, pandas_missing
from gamekit.simulation.runs import simulate
from gamekit.simulation.worker import game_seed, seat_bots

if TYPE_CHECKING:
    import pandas as pd


def versus(
    title: str,
    names: Sequence[str],
    games: int = 200,
    players: int | None = None,
    seed: int = 0,
    workers: int | None = 1,
    **options: Any,
) -> pd.DataFrame:
    """Every bot against every bot: one row per (bot, opponent) with its win rate.

    ``bot`` sits in each seat in turn (``games`` split evenly over the seats) and
    ``opponent`` fills every other seat; shared wins count as wins.

    >>> m = versus("knock-knock", ["random", "greedy"], games=4, seed=1)
    >>> list(m.columns), len(m)
    (['bot', 'opponent', 'games', 'wins', 'win_rate'], 4)
    """
    import pandas as pd

    players = make_plan(title, players, None, seed, options).players
    per_seat = max(1, games // players)
    rows = []
    for bot in names:
        for opponent in names:
            wins = played = 0
            for seat in range(players):
                lineup = [opponent] * players
                lineup[seat] = bot
                run_seed = derive_seed(seed, "versus", bot, opponent, seat)
                table = simulate(
                    title,
                    games=per_seat,
                    players=players,
                    bots=lineup,
                    seed=run_seed,
                    workers=workers,
                    **options,
                )
                table = as_frame(table, "versus")
                mine = table[table.seat == seat]
                wins += int(mine.winner.sum())
                played += len(mine)
            rows.append((bot, opponent, played, wins, wins / played))
    return pd.DataFrame(rows, columns=["bot", "opponent", "games", "wins", "win_rate"])


def scores_by_round(
    title: str,
    games: int = 100,
    players: int | None = None,
    bots: BotSpec | Sequence[BotSpec] | None = None,
    seed: int = 0,
    **options: Any,
) -> pd.DataFrame | Records:
    """Each seat's running score at the end of every round, on the lean path.

    For titles that count rounds (:meth:`Rules.round_of`; The Bloody Inn: the score
    is the wealth). The games are the games of :func:`simulate` with the same
    arguments. Columns: game, round, seat, bot, score; the last row of each game
    holds the final scores. Where pandas is absent, :class:`Records` of the same rows.

    >>> t = scores_by_round("bloody-inn", games=2, players=2, seed=1)
    >>> list(t.columns)
    ['game', 'round', 'seat', 'bot', 'score']
    """
    plan = make_plan(title, players, bots, seed, options)
    rules = plan.rules()
    config = rules.make_config(plan.players, dict(plan.options))
    rows: list[tuple[int, int, int, str, Any]] = []
    for game in range(games):
        state = rules.initial_state(config, game_seed(seed, game))
        for number, scores in round_scores(rules, state, seat_bots(plan, game)):
            rows.extend((game, number, s, plan.labels[s], v) for s, v in enumerate(scores))
    columns = ["game", "round", "seat", "bot", "score"]
    if pandas_missing():
        return Records([dict(zip(columns, row, strict=True)) for row in rows], columns)
    import pandas as pd

    return pd.DataFrame(rows, columns=columns)


def round_scores(
    rules: Rules[Any], state: Any, seats: Sequence[bots_module.Bot]
) -> Iterator[tuple[int, list[Any]]]:
    """Play a game out (as :func:`~gamekit.core.lean.play_out` does) yielding the scores
    as each round ends."""
    current = rules.round_of(state)
    if current is None:
        raise ConfigError(f"{rules.name} does not count rounds")
    seat = rules.to_move(state)
    while seat is not None:
        rules.apply(state, decide(rules, state, seats[seat], seat), None)
        seat = rules.to_move(state)
        now = rules.round_of(state)
        if now != current or seat is None:
            yield current, list(rules.scores(state))
            current = now if now is not None else current


# -- a title's own analyses ---------------------------------------------------------
def analyses(title: str) -> dict[str, Callable[..., Any]]:
    """The analyses and charts of a title, by name (``{}`` for a title without any).

    >>> sorted(analyses("knock-knock"))
    ['door_decisions', 'doors_by_player']
    """
    return dict(registry.rules_for(title).analyses())


def analysis(name: str, title: str | None = None) -> Callable[..., Any]:
    """The analysis ``name`` of ``title``, or of the first installed title that has one.

    >>> analysis("no such analysis")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.ConfigError: no title has an analysis named 'no such analysis'
    """
    titles = [title] if title is not None else registry.installed_titles()
    for key in titles:
        found = analyses(key).get(name)
        if found is not None:
            return found
    if title is not None:
        raise ConfigError(f"{registry.rules_for(title).name} has no analysis named {name!r}")
    raise ConfigError(f"no title has an analysis named {name!r}")


def memory_sweep(*args: Any, **kwargs: Any) -> pd.DataFrame | Records:
    """Boo Party!'s memory sweep (its ``analyses.memory_sweep``, kept here by name)."""
    table: pd.DataFrame | Records = analysis("memory_sweep")(*args, **kwargs)
    return table


def wealth_by_round(*args: Any, **kwargs: Any) -> pd.DataFrame:
    """The Bloody Inn's wealth by round (its ``analyses.wealth_by_round``, kept here by
    name)."""
    table: pd.DataFrame = analysis("wealth_by_round")(*args, **kwargs)
    return table
