"""What-if explorers: move a slider, see the exact value, deal more, watch the estimate.

An :class:`Explorer` is one question with parameters: the letters of an exercise's
formula, or a title's real options (players, costumes, removed types, deck length).
Its ``exact(**point)`` is a pure function that returns the exact value (SymPy) at
every slider point; its ``sample(point, n, seed)`` deals ``n`` fresh seeded games (or
shuffles) of that point and yields one 0/1 outcome (or number) each.

A title declares its explorers in an ``explorers`` module next to its rules
(``EXPLORERS``, a tuple of :class:`Explorer`); the kit's four titles each have at
least one, and every exercise with a formula has one (its id is the key).

>>> import gamekit
>>> from gamekit.explorers import exploration, explorer
>>> ex = explorer("kk-4")
>>> ex.exact(g=4, f=3), ex.exact(g=2, f=2)
(3/11, 1/3)
>>> run = exploration("kk-4", seed=1)
>>> run.point, run.exact()
({'g': 4, 'f': 3}, 3/11)
>>> run.deal(100).games, run.deal(100).games
(100, 200)
>>> run.set(g=2, f=2).games  # a new point: a fresh simulation
0

``gamekit.explore("kk-4")`` shows the same as a widget (sliders, the exact value,
a "deal 100 more" button and the convergence chart); ``gamekit.explore("hats",
"can the next player take it")`` opens a title's question. SymPy, ipywidgets and
Altair load on first use.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from gamekit.charts import Z95, wilson
from gamekit.core.i18n import CORE, Number
from gamekit.core.rng import derive_seed

BATCH = 100
"""How many games the "deal more" button adds."""


@dataclass(frozen=True, kw_only=True)
class Slider:
    """One parameter of an explorer: a whole number from ``low`` to ``high``, or one
    of ``choices`` (value, label) pairs, such as a deck's length."""

    name: str
    label: str
    low: int = 0
    high: int = 0
    default: Any = 0
    choices: tuple[tuple[Any, str], ...] = ()

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` is a point of this slider.

        >>> Slider(name="k", label="k", low=0, high=3).accepts(3)
        True
        >>> Slider(name="k", label="k", low=0, high=3).accepts(True)
        False
        """
        if self.choices:
            return any(value == v for v, _ in self.choices)
        whole = isinstance(value, int) and not isinstance(value, bool)
        return whole and self.low <= value <= self.high

    def values(self) -> list[Any]:
        """Every value of the slider, in order.

        >>> Slider(name="k", label="k", low=1, high=3).values()
        [1, 2, 3]
        """
        if self.choices:
            return [v for v, _ in self.choices]
        return list(range(self.low, self.high + 1))


@dataclass(frozen=True, kw_only=True)
class Explorer:
    """One what-if question of a title.

    ``key`` is the exercise id (``"kk-4"``) or the question's name; ``question`` and
    ``conditions`` are texts in the language in force (``Text``); ``exact(**point)``
    gives the exact value and ``sample(point, n, seed)`` ``n`` seeded samples; ``valid``
    says why a point makes no game (a text), or ``None``. ``chance``: the samples are
    0/1 (the interval is then Wilson's). ``formula``: the exercise's formula, shown
    beside its value. ``exercises``: other exercise ids that are this question at one
    point (``{"kk-1": {"g": 4, "f": 3}}``).
    """

    key: str
    title: str
    question: str
    conditions: str
    sliders: tuple[Slider, ...]
    exact: Callable[..., Any]
    sample: Callable[[Mapping[str, Any], int, int], Iterable[float]]
    valid: Callable[[Mapping[str, Any]], str | None] = lambda point: None
    chance: bool = True
    exercise: str | None = None
    formula: Callable[[], Any] | None = None
    exercises: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def default_point(self) -> dict[str, Any]:
        """The sliders' defaults."""
        return {s.name: s.default for s in self.sliders}

    def check_point(self, point: Mapping[str, Any]) -> dict[str, Any]:
        """The whole point (defaults filled in); a ``ValueError`` naming the slider for a
        value out of range, an unknown name, or a point that makes no game."""
        names = {s.name for s in self.sliders}
        unknown = sorted(set(point) - names)
        if unknown:
            raise ValueError(
                str(CORE("unknown slider {names}; this explorer has {known}",
                         names=", ".join(unknown), known=", ".join(s.name for s in self.sliders)))
            )  # fmt: skip
        whole = {**self.default_point(), **point}
        for s in self.sliders:
            if not s.accepts(whole[s.name]):
                allowed = (
                    ", ".join(repr(v) for v, _ in s.choices) if s.choices else f"{s.low}–{s.high}"
                )
                raise ValueError(
                    str(CORE("{name} must be {allowed}, not {value}",
                             name=s.name, allowed=allowed, value=repr(whole[s.name])))
                )  # fmt: skip
        problem = self.valid(whole)
        if problem is not None:
            raise ValueError(problem)
        return whole

    def points(self) -> list[dict[str, Any]]:
        """Every valid point of the sliders (the grid the tests check)."""
        import itertools

        out = []
        for values in itertools.product(*(s.values() for s in self.sliders)):
            point = dict(zip((s.name for s in self.sliders), values, strict=True))
            if self.valid(point) is None:
                out.append(point)
        return out


# -- finding explorers --------------------------------------------------------------------


def explorers(title: str | None = None) -> dict[str, Explorer]:
    """The explorers of ``title`` (or of every installed title) by key, in order.

    >>> sorted(explorers("hats"))[:2]
    ['can the next player take it', 'hats-6']
    """
    from gamekit.core.errors import ConfigError
    from gamekit.core.registry import installed_titles, rules_for

    found: dict[str, Explorer] = {}
    for key in [title] if title is not None else installed_titles():
        try:
            module = rules_for(key).title_module("explorers")
        except ConfigError:
            if title is not None:
                raise
            continue  # a broken plugin has no explorers to give
        for ex in getattr(module, "EXPLORERS", ()):
            found[ex.key] = ex
    return found


def explorer(key: str, question: str | None = None) -> Explorer:
    """The explorer of exercise ``key`` (``"kk-4"``), or ``question`` of title ``key``.

    An exercise that is another explorer's question at one point (``"kk-1"``) gives that
    explorer (see :func:`exploration` for its point). Unknown names raise ``ValueError``
    listing the known ones.

    >>> explorer("hats-1").key
    'hats-6'
    >>> explorer("hats", "no such question")
    Traceback (most recent call last):
    ...
    ValueError: Hats has no explorer 'no such question'; it has: can the next player take it, hats-6
    """
    from gamekit.core.registry import installed_titles, rules_for

    if question is None and key not in installed_titles():
        for ex in explorers().values():
            if key == ex.key or key in ex.exercises:
                return ex
        known = sorted(k for ex in explorers().values() for k in (ex.key, *ex.exercises))
        raise ValueError(
            str(CORE("no explorer {key}; give an exercise id or a title and its question "
                     "({known})", key=repr(key), known=", ".join(known)))
        )  # fmt: skip
    if key not in installed_titles():
        raise ValueError(str(CORE("there is no title {key}", key=repr(key))))
    mine = explorers(key)
    if question is None:
        if not mine:
            raise ValueError(str(CORE("{title} has no explorer", title=rules_for(key).name)))
        return next(iter(mine.values()))
    if question not in mine:
        raise ValueError(
            str(CORE("{title} has no explorer {question}; it has: {known}",
                     title=rules_for(key).name, question=repr(question),
                     known=", ".join(sorted(mine))))
        )  # fmt: skip
    return mine[question]


# -- the state behind a widget (no front-end needed) ------------------------------------


def mean_interval(total: float, squares: float, games: int, z: float = Z95) -> tuple[float, float]:
    """A normal 95 % interval of a mean from the sum and the sum of squares of ``games``
    samples (their own standard deviation).

    >>> mean_interval(10.0, 30.0, 4)
    (1.2348..., 3.7651...)
    """
    if games <= 1:
        return -math.inf, math.inf
    mean = total / games
    var = max(0.0, (squares - games * mean * mean) / (games - 1))
    half = z * math.sqrt(var / games)
    return mean - half, mean + half


@dataclass
class Exploration:
    """An explorer at one point, with the samples dealt so far (seeded): what the widget
    shows, as plain values. :meth:`set` moves a slider (a fresh simulation),
    :meth:`deal` adds games."""

    explorer: Explorer
    seed: int = 1
    point: dict[str, Any] = field(default_factory=dict)
    samples: list[float] = field(default_factory=list)
    batches: int = 0

    def __post_init__(self) -> None:
        self.point = self.explorer.check_point(self.point)

    @property
    def games(self) -> int:
        """How many games have been dealt at this point."""
        return len(self.samples)

    def set(self, **values: Any) -> Exploration:
        """Move sliders; a bad value raises ``ValueError`` and changes nothing."""
        point = self.explorer.check_point({**self.point, **values})
        if point != self.point:
            self.point, self.samples, self.batches = point, [], 0
        return self

    def exact(self) -> Any:
        """The exact value at this point (SymPy)."""
        return self.explorer.exact(**self.point)

    def deal(self, n: int = BATCH) -> Exploration:
        """Deal ``n`` more games at this point (each batch from its own derived seed)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(str(CORE("deal a whole number of games, at least 1, not {n}",
                                      n=repr(n))))  # fmt: skip
        labels = [f"{k}={v}" for k, v in sorted(self.point.items())]
        batch_seed = derive_seed(self.seed, self.explorer.key, *labels, self.batches)
        new = [float(x) for x in self.explorer.sample(self.point, n, batch_seed)]
        self.samples.extend(new)
        self.batches += 1
        return self

    def estimate(self) -> float | None:
        """The simulated estimate (``None`` before any game)."""
        return sum(self.samples) / self.games if self.samples else None

    def interval(self) -> tuple[float, float]:
        """The estimate's 95 % interval: Wilson's for a chance, else a normal one."""
        if self.explorer.chance:
            return wilson(round(sum(self.samples)), self.games)
        return mean_interval(sum(self.samples), sum(x * x for x in self.samples), self.games)

    def chart(self) -> Any:
        """The convergence chart of the games dealt so far (``gamekit.charts.closing_in``)."""
        from gamekit import charts

        label = CORE("chance") if self.explorer.chance else CORE("mean")
        return charts.closing_in(
            self.samples, self.exact(), label=str(label), chance=self.explorer.chance
        )

    def summary(self) -> str:
        """The exact value and the simulation so far, in a sentence or two."""
        value = self.exact()
        lines = [str(CORE("Exact: {value} ≈ {decimal}", value=value,
                          decimal=Number(float(value), ".4g")))]  # fmt: skip
        if self.explorer.formula is not None:
            where = ", ".join(f"{k} = {v}" for k, v in self.point.items())
            lines.append(str(CORE("the formula {formula} at {where}",
                                  formula=self.explorer.formula(), where=where)))  # fmt: skip
        if self.samples:
            low, high = self.interval()
            lines.append(
                str(CORE("Simulated: {estimate} from {games} games, 95 % interval [{low}, {high}]",
                         estimate=Number(self.estimate() or 0.0, ".3f"), games=self.games,
                         low=Number(low, ".3f"), high=Number(high, ".3f")))
            )  # fmt: skip
        return "\n".join(lines)


def exploration(
    key: str, question: str | None = None, *, seed: int = 1, **point: Any
) -> Exploration:
    """An explorer's state at ``point`` (default: its sliders' defaults, or an exercise's
    own point: ``exploration("kk-1")`` is kk-4's explorer at ``g = 4, f = 3``).

    >>> exploration("kk-1").point
    {'g': 4, 'f': 3}
    """
    ex = explorer(key, question)
    start = dict(ex.exercises.get(key, {})) if question is None else {}
    start.update(point)
    return Exploration(ex, seed=seed, point=start)


def explore(key: str, question: str | None = None, *, seed: int = 1, **point: Any) -> Any:
    """A what-if widget: sliders for the explorer's parameters, the exact value (SymPy)
    recomputed as they move, a fresh seeded simulation that grows with "Deal 100 more",
    and its convergence chart (the estimate, its 95 % interval, the exact line).

    ``explore("kk-4")``: the explorer of an exercise; ``explore("hats", "can the next
    player take it")``: a title's question (``explore("hats")``: its first). Keyword
    arguments set sliders (``explore("kk-4", g=6)``). The widget's ``.exploration``
    holds the state (see :class:`Exploration`).

    >>> w = explore("inn-4", k=5)
    >>> w.exploration.exact(), w.exploration.games
    (8/13, 100)
    """
    from gamekit.widgets.explorer import ExplorerWidget

    return ExplorerWidget(exploration(key, question, seed=seed, **point))


def shuffled(items: Iterable[Any], seed: int) -> list[Any]:
    """``items`` in a seeded random order (the kit's RNG).

    >>> shuffled(range(5), 1) == shuffled(range(5), 1)
    True
    """
    from gamekit.core.rng import Rng

    return Rng(seed).shuffled(list(items))


def seeds(seed: int, n: int, label: str) -> Iterator[int]:
    """``n`` seeds derived from ``seed``, one per sample."""
    for i in range(n):
        yield derive_seed(seed, label, i)
