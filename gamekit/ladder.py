"""The bot ladder: a seeded round robin rated by Bradley–Terry, with bootstrap intervals.

:func:`ladder` plays every mix of the listed bots (:func:`schedule`), each mix in
every rotation of the seats, through :func:`gamekit.simulate` (so on one core,
on processes or on Dask like every other run), then fits a Bradley–Terry model
to the pairwise results (:func:`rate`).

>>> import gamekit
>>> board = gamekit.ladder("hats", bots=["random", "greedy"], games=60, seed=1)
>>> list(board.bot)
['greedy', 'random']
>>> bool((board.low <= board.rating).all() and (board.rating <= board.high).all())
True

**The schedule.** With ``players`` seats and the bots ``b1 ... bn``, each *mix*
is a multiset of ``players`` bots with at least two different bots in it (for
two players: every pair). Each mix is seated once in each of its ``players``
cyclic rotations: these are the *seatings*. Every bot therefore sits in every
seat equally often (a bot that appears ``m`` times in a mix sits ``m`` times in
each seat over its rotations), so the advantage of a seat cancels out. Every
seating plays the same number of games, ``games`` rounded up to a whole number
of passes through the schedule; seating ``k`` runs with seed
``derive_seed(seed, "ladder", k)``.

**The ratings.** In a game, bot A *beats* bot B when a seat of A ranks above a
seat of B (rank 1 for the winners); equal ranks, shared wins included, are
ties (half a win each). Seats holding the same bot are not compared. The
Bradley–Terry model says A beats B with chance ``s_A / (s_A + s_B)``; the
strengths are fitted by the MM algorithm (Hunter 2004), with one virtual tie
added to every pair that met so that a bot that never loses still gets a finite
rating. A rating is ``400 log10(s)`` (the Elo scale: 400 points is 10-to-1
odds, 120 points about 2-to-1), the bots averaging 0. The 95 % intervals are
percentile intervals of a seeded *Bayesian bootstrap* over the games (Rubin
1981): each resample gives every game a random weight (exponential, scaled to
average 1 within its seating, so the seats stay balanced) and the virtual ties
random weights too, then fits the model again. It behaves like resampling the
games with replacement, but when one bot beat another every time it still shows
how unsure the gap is (the weight of the virtual tie varies), where plain
resampling would give an interval of width zero.

**Teams.** A title whose seat 0 plays alone against every other seat names its
two sides in ``Rules.sides`` (Boo Party!: the Seer against the Monsters), and
there seats cannot rotate. There each game seats one Seer bot against one Monster bot
(every Monster seat holds it), every Seer bot against every Monster bot, and the
table rates *roles*: ``("seer", bot)`` and ``("monsters", bot)``. A Seer rating
and a Monster rating compare directly (the chance that this Seer beats these
Monsters); two ratings of the same role compare through the bots of the other
role they both met.

pandas and numpy are imported when this module is.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import math
import sys
import types
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

import numpy as np
import pandas as pd

from gamekit import bots as bots_module
from gamekit.charts import Z95, wilson
from gamekit.core import registry
from gamekit.core.rng import derive_seed
from gamekit.simulation import BotSpec, as_frame, local_cores, make_plan, simulate

SCALE = 400 / math.log(10)
"""Natural-log strengths to Elo points."""

COLUMNS = ["bot", "rating", "low", "high", "games", "wins", "win_share", "win_low", "win_high"]
"""The columns of a ladder (team titles put ``role`` first)."""


class Ladder(pd.DataFrame):  # type: ignore[misc]
    """A ladder: one row per bot (or role and bot), strongest first.

    Columns: ``bot``, ``rating`` (Elo scale, the bots averaging 0), ``low`` and
    ``high`` (the 95 % bootstrap interval of the rating), ``games`` (the games
    the bot played), ``wins`` (the seats it filled that won; in a team title the
    games its side won), ``win_share`` (wins per seat filled) and its Wilson
    interval ``win_low`` and ``win_high``. ``attrs`` hold how it was made.
    """

    @property
    def _constructor(self) -> type[Ladder]:
        return Ladder

    def describe_run(self) -> str:
        """One paragraph: what was played and how the ratings were fitted."""
        a = self.attrs
        if not {"title", "players", "seatings", "per_seating"} <= set(a):
            return "Bradley–Terry ladder"
        games = a["seatings"] * a["per_seating"]
        return (
            f"Bradley–Terry ladder of {a['title']}, {a['players']} players: "
            f"{a['seatings']} seatings x {a['per_seating']} games = {games} games, "
            f"seed {a['seed']}.\nrating: Elo scale (400 = 10-to-1 odds), bots average 0; "
            f"low-high: 95 % interval ({a['resamples']} Bayesian-bootstrap weightings of games)."
            + "".join(
                f"\nnote: {pair}: that gap rests on the virtual tie, its interval is wide."
                for pair in a.get("one_sided", [])
            )
        )

    def __repr__(self) -> str:
        body = pd.DataFrame(self).round(
            {"rating": 0, "low": 0, "high": 0, "win_share": 3, "win_low": 3, "win_high": 3}
        )
        for column in ("rating", "low", "high"):
            if column in body:
                body[column] = body[column].astype("int64")
        return f"{self.describe_run()}\n{body.to_string(index=False)}"

    def _repr_html_(self) -> str:
        text = self.describe_run().replace("\n", "<br>")
        table = pd.DataFrame(self).to_html(index=False, float_format=lambda x: f"{x:.3g}")
        return f"<p>{text}</p>{table}"


# -- the schedule ---------------------------------------------------------------------
T = TypeVar("T")


def schedule(bots: Sequence[T], players: int) -> list[tuple[T, ...]]:
    """Every seating of a round robin of ``bots`` at a table of ``players``.

    Every multiset of ``players`` bots with two different bots at least, in each of
    its cyclic rotations; every bot sits in every seat equally often.

    >>> schedule(["a", "b"], 2)
    [('a', 'b'), ('b', 'a')]
    >>> schedule(["a", "b"], 3)
    [('a', 'a', 'b'), ('a', 'b', 'a'), ('b', 'a', 'a'), ('a', 'b', 'b'), ('b', 'b', 'a'), ('b', 'a', 'b')]
    """  # noqa: E501
    seatings: list[tuple[T, ...]] = []
    for mix in itertools.combinations_with_replacement(bots, players):
        if len(set(mix)) < 2:
            continue
        seatings.extend(mix[k:] + mix[:k] for k in range(players))
    return seatings


def team_schedule(bots: Sequence[T], players: int) -> list[tuple[T, ...]]:
    """Seat 0 against the rest: every bot in seat 0 against every bot in all the others.

    >>> team_schedule(["a", "b"], 3)
    [('a', 'a', 'a'), ('a', 'b', 'b'), ('b', 'a', 'a'), ('b', 'b', 'b')]
    """
    return [(alone, *[rest] * (players - 1)) for alone in bots for rest in bots]


def default_bots(title: str) -> list[str]:
    """The title's bots weakest first, ``random`` at the bottom."""
    names = getattr(bots_module, "names", None)
    if names is not None:
        listed = [n for n in names(title) if n != "best"]
    else:
        listed = ["random", *(n for n in registry.rules_for(title).bots() if n != "random")]
    return list(dict.fromkeys(listed))


# -- playing --------------------------------------------------------------------------
def play(
    title: str,
    bots: Sequence[BotSpec] | None = None,
    games: int = 200,
    players: int | None = None,
    seed: int = 0,
    workers: int | None = 1,
    backend: str = "processes",
    address: Any = None,
    **options: Any,
) -> pd.DataFrame:
    """Play the round robin and return the stacked :func:`gamekit.simulate` tables.

    ``games`` is the total, rounded up to a whole number of games per seating.
    Columns: those of ``simulate`` (``game`` numbered across the whole ladder) plus
    ``seating`` (its number in the schedule). ``attrs`` record the run.

    >>> t = play("knock-knock", ["random", "greedy"], games=10, players=3, seed=3)
    >>> t.attrs["seatings"], t.attrs["per_seating"], t.game.nunique()
    (6, 2, 12)
    """
    listed = _check_bots(title, bots)
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    plan = make_plan(title, players, "random", seed, options)
    roles = registry.rules_for(title).sides
    labels = [_spec_label(title, spec) for spec in listed]
    if roles is None:
        seatings = schedule(range(len(listed)), plan.players)
    else:
        seatings = team_schedule(range(len(listed)), plan.players)
    per = math.ceil(games / len(seatings))
    with _one_cluster(backend, address, workers) as address:
        parts = []
        for k, seating in enumerate(seatings):
            lineup = [listed[i] for i in seating]
            run_seed = derive_seed(seed, "ladder", k)
            table = simulate(
                title,
                per,
                plan.players,
                lineup,
                run_seed,
                workers,
                backend,
                progress=False,
                address=address,
                **options,
            )
            table = as_frame(table, "ladder")
            table["bot"] = table["bot"].astype(str)
            parts.append(table.assign(game=table["game"] + k * per, seating=k))
    table = pd.concat(parts, ignore_index=True)
    table["bot"] = pd.Categorical(table["bot"], categories=labels)
    table.attrs.update(
        title=title,
        players=plan.players,
        bots=labels,
        seed=seed,
        seatings=len(seatings),
        per_seating=per,
        roles=list(roles) if roles else None,
    )
    return table


@contextlib.contextmanager
def _one_cluster(backend: str, address: Any, workers: int | None) -> Iterator[Any]:
    """With Dask and no address, one LocalCluster for every seating (not one each)."""
    if backend != "dask" or address is not None:
        yield address
        return
    import logging

    distributed: Any = importlib.import_module("dask.distributed")
    cluster = distributed.LocalCluster(
        n_workers=workers or local_cores(),
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def _check_bots(title: str, bots: Sequence[BotSpec] | None) -> list[BotSpec]:
    registry.rules_for(title)
    if bots is None:
        return list(default_bots(title))
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise ValueError(f"bots must be a list of two bots or more, not {bots!r}")
    listed = list(bots)
    labels = [_spec_label(title, spec) for spec in listed]
    if len(listed) < 2:
        raise ValueError(f"a ladder needs two bots or more, not {len(listed)}")
    if len(set(labels)) < len(labels):
        twice = sorted({x for x in labels if labels.count(x) > 1})
        raise ValueError(f"each bot once in a ladder: {', '.join(twice)} listed twice")
    return listed


def _spec_label(title: str, spec: BotSpec) -> str:
    """The table label of a bot spec (checks that the bot exists)."""
    plan = make_plan(title, None, [spec] * _default_players(title), 0, {})
    return plan.labels[0]


def _default_players(title: str) -> int:
    return int(registry.rules_for(title).make_config(None, {}).players)


# -- rating ---------------------------------------------------------------------------
def rate(table: pd.DataFrame, resamples: int = 200, seed: int = 0) -> Ladder:
    """Fit Bradley–Terry ratings with 95 % bootstrap intervals to a :func:`play` table.

    ``resamples`` Bayesian-bootstrap weightings of the games (see the module
    docstring), drawn by a generator seeded by ``seed``.
    """
    if not isinstance(resamples, int) or isinstance(resamples, bool) or resamples < 20:
        raise ValueError(f"resamples must be a whole number >= 20, not {resamples!r}")
    if "seating" not in table or len(table) == 0:
        raise ValueError("rate() takes the table of gamekit.ladder.play (a 'seating' column)")
    roles = table.attrs.get("roles") if table.attrs else None
    items, per_game, seating_of = _pairwise(table, roles)
    totals = per_game.sum(axis=0)
    met = (totals + totals.T) > 0
    prior = 0.5 * met
    point = _fit(totals[None] + prior[None])[0]
    rng = np.random.default_rng(derive_seed(seed, "bootstrap"))
    weights = rng.exponential(size=(resamples, len(seating_of)))
    for s in np.unique(seating_of):
        members = seating_of == s
        weights[:, members] /= weights[:, members].mean(axis=1, keepdims=True)
    wins = np.tensordot(weights, per_game, axes=(1, 0))
    boot = _fit(wins + prior[None] * rng.exponential(size=(resamples, *met.shape)))
    low = np.minimum(np.percentile(boot, 2.5, axis=0), point)
    high = np.maximum(np.percentile(boot, 97.5, axis=0), point)
    rows = _win_shares(table, items, roles)
    rows["rating"], rows["low"], rows["high"] = point, low, high
    columns = (["role"] if roles else []) + COLUMNS
    ordered = rows[columns].sort_values("rating", ascending=False, kind="stable")
    out = Ladder(ordered.reset_index(drop=True))
    out.attrs.update(dict(table.attrs), resamples=resamples)
    out.attrs["one_sided"] = [
        f"{_item_label(items[i])} beat {_item_label(items[j])} every time"
        for i, j in zip(*np.nonzero(met & (totals.T == 0)), strict=True)
    ]
    return out


def _item_label(item: tuple[str, str]) -> str:
    role, bot = item
    return f"{bot} ({role})" if role else bot


def _pairwise(
    table: pd.DataFrame, roles: Sequence[str] | None
) -> tuple[list[tuple[str, str]], Any, Any]:
    """The rated items, per-game win matrices (games x items x items), each game's seating."""
    frame = table.sort_values(["game", "seat"])
    players = int(frame.seat.max()) + 1
    bots = [str(b) for b in frame["bot"].cat.categories] if hasattr(frame["bot"], "cat") else []
    if not bots:
        bots = sorted(str(b) for b in frame["bot"].unique())
    ranks = frame["rank"].to_numpy().reshape(-1, players)
    names = frame["bot"].astype(str).to_numpy().reshape(-1, players)
    seating_of = frame["seating"].to_numpy().reshape(-1, players)[:, 0]
    if roles:
        items = [(roles[0], b) for b in bots] + [(roles[1], b) for b in bots]
        index = {item: i for i, item in enumerate(items)}
        if (names[:, 1:] != names[:, 1:2]).any():
            raise ValueError(f"in a team ladder every {roles[1]} seat holds the same bot")
        alone = np.array([index[(roles[0], n)] for n in names[:, 0]])
        rest = np.array([index[(roles[1], n)] for n in names[:, 1]])
        per_game = np.zeros((len(names), len(items), len(items)))
        games = np.arange(len(names))
        won = (ranks[:, 0] < ranks[:, 1]).astype(float)
        tied = ranks[:, 0] == ranks[:, 1]
        won[tied] = 0.5
        per_game[games, alone, rest] += won
        per_game[games, rest, alone] += 1 - won
        return items, per_game, seating_of
    items = [("", b) for b in bots]
    index_of = {b: i for i, b in enumerate(bots)}
    codes = np.vectorize(index_of.__getitem__)(names)
    per_game = np.zeros((len(names), len(items), len(items)))
    games = np.arange(len(names))
    for a, b in itertools.combinations(range(players), 2):
        differ = codes[:, a] != codes[:, b]
        g = games[differ]
        ca, cb = codes[differ, a], codes[differ, b]
        ra, rb = ranks[differ, a], ranks[differ, b]
        score = np.where(ra < rb, 1.0, np.where(ra == rb, 0.5, 0.0))
        np.add.at(per_game, (g, ca, cb), score)
        np.add.at(per_game, (g, cb, ca), 1.0 - score)
    return items, per_game, seating_of


def _fit(w: Any, iterations: int = 2000, tolerance: float = 1e-10) -> Any:
    """Bradley–Terry ratings (Elo scale, mean 0) for each stack of win matrices.

    ``w[b, i, j]``: wins of item i over item j in resample b (the virtual ties
    included). MM updates (Hunter 2004), all resamples at once.
    """
    n = w + np.swapaxes(w, 1, 2)
    total = w.sum(axis=2)
    p = np.ones(total.shape)
    for _ in range(iterations):
        pair = p[:, :, None] + p[:, None, :]
        new = total / (n / pair).sum(axis=2)
        new /= np.exp(np.log(new).mean(axis=1, keepdims=True))
        done = np.max(np.abs(np.log(new) - np.log(p))) < tolerance
        p = new
        if done:
            break
    ratings = SCALE * np.log(p)
    return ratings - ratings.mean(axis=1, keepdims=True)


def _win_shares(
    table: pd.DataFrame, items: Sequence[tuple[str, str]], roles: Sequence[str] | None
) -> pd.DataFrame:
    rows = []
    for role, bot in items:
        if roles:
            seats = table[(table.seat == 0) == (role == roles[0])]
            mine = seats[seats["bot"].astype(str) == bot]
            per_game = mine.groupby("game").winner.any()
            games, wins = len(per_game), int(per_game.sum())
            seats_filled = games
        else:
            mine = table[table["bot"].astype(str) == bot]
            games, seats_filled, wins = mine.game.nunique(), len(mine), int(mine.winner.sum())
        low, high = wilson(wins, seats_filled, Z95)
        share = wins / seats_filled if seats_filled else math.nan
        rows.append((role, bot, games, wins, share, low, high))
    return pd.DataFrame(
        rows, columns=["role", "bot", "games", "wins", "win_share", "win_low", "win_high"]
    )


def means(table: pd.DataFrame) -> pd.DataFrame:
    """Per bot (and role), the mean of every numeric column of a :func:`play` table.

    The title's ``summary`` columns (and score, winner, decisions) averaged over
    the seats the bot filled, with ``seats``: what a bot achieves over the whole
    round robin. ``role`` is empty unless the title is a team title.
    """
    base = {"game", "seed", "seat", "bot", "score", "rank", "winner", "decisions", "seating"}
    numeric = [
        c
        for c in table.columns
        if c not in base and pd.api.types.is_numeric_dtype(table[c]) and c != "rating"
    ]
    roles = table.attrs.get("roles")
    frame = table.assign(bot=table["bot"].astype(str))
    if roles:
        frame["role"] = [roles[0] if s == 0 else roles[1] for s in frame.seat]
    else:
        frame["role"] = ""
    grouped = frame.groupby(["role", "bot"])
    means = grouped[[*numeric, "score", "winner", "decisions"]].mean()
    means["seats"] = grouped.size()
    return means.reset_index()


# -- the one call ---------------------------------------------------------------------
def ladder(
    title: str,
    bots: Sequence[BotSpec] | None = None,
    games: int = 200,
    players: int | None = None,
    seed: int = 0,
    resamples: int = 200,
    workers: int | None = 1,
    backend: str = "processes",
    address: Any = None,
    **options: Any,
) -> Ladder:
    """Play a seeded round robin of ``bots`` and rate them (see the module docstring).

    ``bots``: names or ``(name, params)``, two or more (default: the title's
    bots, weakest first, with ``random``). ``games``: the total, rounded up to a
    whole number per seating. ``workers``, ``backend`` and ``address`` go to
    :func:`gamekit.simulate` (one worker by default); ``options`` are the title's
    variants. The same arguments give the same ladder. Bad arguments raise
    ``ValueError``.
    """
    return rate(
        play(title, bots, games, players, seed, workers, backend, address, **options),
        resamples,
        seed,
    )


def agree(saved: pd.DataFrame, fresh: pd.DataFrame) -> pd.DataFrame:
    """Side by side, per bot: do two ladders' rating intervals overlap?

    Columns: (``role``,) ``bot``, ``saved``, ``fresh`` (the ratings) and ``overlap``.
    """
    keys = ["role", "bot"] if "role" in saved and "role" in fresh else ["bot"]
    left = saved[[*keys, "rating", "low", "high"]]
    right = fresh[[*keys, "rating", "low", "high"]]
    both = pd.merge(pd.DataFrame(left), pd.DataFrame(right), on=keys, suffixes=("_s", "_f"))
    both["overlap"] = (both.low_s <= both.high_f) & (both.low_f <= both.high_s)
    out = both[[*keys, "rating_s", "rating_f", "overlap"]]
    return pd.DataFrame(out.rename(columns={"rating_s": "saved", "rating_f": "fresh"}))


class _CallableModule(types.ModuleType):
    """This module, callable: ``gamekit.ladder(...)`` works once it is imported too.

    Importing ``gamekit.ladder`` binds the module to the package attribute that
    held the lazy function :func:`gamekit.ladder`; calling the module calls
    :func:`ladder`, so both spellings keep working.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> Ladder:
        return ladder(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
