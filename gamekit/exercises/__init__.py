"""Friendly checks for the probability exercises: ``check("kk-1", answer)``.

Every exercise has an exact answer (SymPy). A learner's answer may be a SymPy
expression, a fraction, an int, a string such as ``"3/20"`` (read by the safe
parser of :mod:`gamekit.exercises.answers`, which never runs code), a float
(a simulated estimate, judged against its own number of games), or, for
distributions, a dict or list of those. ``check`` never raises: it returns a
:class:`Feedback` that says "correct", gives a hint, or says what form is
expected.

>>> import sympy
>>> from gamekit.exercises import Exercise, check_against
>>> ex = Exercise(id="demo-1", title="demo", level="warm-up", question="P(heads)?",
...               expected=lambda: sympy.Rational(1, 2), form="a fraction",
...               hint="Two equally likely sides.", estimates=True)
>>> check_against(ex, "2/4").ok, check_against(ex, "50%").ok, check_against(ex, "1/3").ok
(True, True, False)
>>> check_against(ex, 0.51, games=2000).ok, check_against(ex, 0.4, games=2000).ok
(True, False)
>>> check_against(ex, 0.51).kind  # an estimate: the check asks how many games it used
'games'
"""

from __future__ import annotations

import contextvars
import itertools
import math
import numbers
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from html import escape
from itertools import product
from statistics import NormalDist
from typing import Any

from gamekit.core.i18n import CORE, Number
from gamekit.exercises.answers import TooBig, Undefined, Unreadable, read, value_at

EXERCISES: dict[str, Exercise] = {}
TRIALS: dict[str, Trial] = {}
"""Exercise id -> how to estimate its answer by playing the game (see :class:`Trial`)."""


@dataclass(frozen=True, kw_only=True)
class Exercise:
    """One exercise, built by keyword: its question, exact answer (computed lazily),
    form and hint.

    ``estimates`` accepts a decimal estimate from a simulation, judged against
    its number of games (see :func:`check_against`); otherwise only the exact
    answer counts. ``symbols`` names the free symbols an answer may use (for
    closed forms such as ``binomial(n, 2)``); a formula is compared exactly with
    the answer at many points of its ``domain``: each symbol's range
    ``(name, lowest, highest)``, kept where ``where(point)`` holds.
    ``variant(seed)`` is the same exercise for one learner (another deal, seat or
    option, its question and exact answer computed from ``seed``); ``None`` when the
    exercise has no meaningful variant (see :func:`variant_of`). ``variance`` is the
    exact variance of one simulated sample of an expectation, when it is this
    exercise's own (a variant's) rather than its :class:`Trial`'s.
    """

    id: str
    title: str
    level: str
    question: str
    expected: Callable[[], Any]
    form: str
    hint: str
    estimates: bool = False
    symbols: tuple[str, ...] = ()
    domain: tuple[tuple[str, int, int], ...] = ()
    where: Callable[[Mapping[str, int]], bool] | None = None
    variant: Callable[[int], Exercise] | None = None
    variance: Callable[[], Any] | None = None


@dataclass(frozen=True)
class Feedback:
    """The result of a check: ``ok``, a ``kind`` and a friendly ``message``."""

    ok: bool
    kind: str
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        mark = "✔" if self.ok else "✘"
        return f"{mark} {self.message}"

    def _repr_html_(self) -> str:
        colour = "#1a7f37" if self.ok else "#9a6700"
        mark = "✔" if self.ok else "✘"
        return (
            f"<div style='border-left:4px solid {colour};padding:4px 10px'>"
            f"<b>{mark}</b> {escape(self.message)}</div>"
        )


@dataclass(frozen=True)
class Trial:
    """How to estimate an exercise's answer by simulation: ``draw(n, seed)`` yields
    ``n`` samples, each from a fresh seeded game.

    - ``kind="mean"``: the estimate is the mean of the samples (0/1 samples give a
      probability, numbers an expectation);
    - ``kind="frequencies"``: each sample is an outcome; the estimate is a dict
      outcome -> share of the samples (a distribution).

    ``exact`` is the exact value the estimate tends to when it differs from the
    exercise's answer (a formula simulated at one point); ``variance`` the exact
    variance of one sample (for ``"mean"``; 0/1 samples need none). ``scale``
    multiplies the mean (a count estimated as a share of all the cases).
    """

    draw: Callable[[int, int], Iterator[Any]]
    kind: str = "mean"
    exact: Callable[[], Any] | None = None
    variance: Callable[[], Any] | None = None
    scale: int = 1


class Estimate(float):
    """A simulated estimate that remembers its number of ``games`` (``check`` reads it)."""

    games: int

    def __new__(cls, value: float, games: int) -> Estimate:
        out = super().__new__(cls, value)
        out.games = games
        return out


class Shares(dict[Any, float]):
    """A simulated distribution (outcome -> share) that remembers its number of ``games``."""

    games: int


def estimate(exercise_id: str, games: int = 1000, seed: int = 1) -> Any:
    """Estimate an exercise's answer by simulation: an :class:`Estimate` (a float), or
    :class:`Shares` (a dict of floats); both carry ``games`` for :func:`check`.

    >>> e = estimate("hats-1", games=400, seed=1)
    >>> 0.6 < e < 0.8, e.games, check("hats-1", e).kind  # exactly 5/7
    (True, 400, 'estimate')
    """
    trial = TRIALS[exercise(exercise_id).id]
    samples = list(trial.draw(games, seed))
    if trial.kind == "frequencies":
        counts = Counter(samples)
        shares = Shares({k: counts[k] / len(samples) for k in sorted(counts)})
        shares.games = len(samples)
        return shares
    return Estimate(trial.scale * sum(samples) / len(samples), len(samples))


def register(*exercises: Exercise) -> None:
    """Add exercises to the bank (ids must be new)."""
    for exercise in exercises:
        if exercise.id in EXERCISES:
            raise ValueError(f"exercise {exercise.id!r} exists already")
        EXERCISES[exercise.id] = exercise


def exercise(exercise_id: str) -> Exercise:
    """The exercise with this id, loading its title's bank on first use."""
    if exercise_id not in EXERCISES:
        load_banks()
    if exercise_id not in EXERCISES:
        raise KeyError(exercise_id)
    return EXERCISES[exercise_id]


def load_banks() -> None:
    """Load the exercises of every title (its ``checks`` module, next to its rules)."""
    from gamekit.core.errors import ConfigError
    from gamekit.core.registry import installed_titles, rules_for

    for title in installed_titles():
        try:
            rules_for(title).title_module("checks")
        except ConfigError:
            continue  # a broken plugin has no exercises to give


Z = 3.0
"""A single estimate counts within ``Z`` standard errors of the exact answer."""
ALPHA = 2 * (1 - NormalDist().cdf(Z))
"""The chance that a correct simulation is refused (0.27 %); a distribution shares it
among its outcomes (each share is judged at ``ALPHA / outcomes``)."""
MIN_GAMES = 100
"""Estimates from fewer games are too rough to judge."""
POINTS = 200
"""Random points where two formulas are compared, besides the smallest values."""
MIN_POINTS = 40
"""A formula must be computed at this many points at least (some may be too big)."""
SECONDS = 0.7
"""After this long, a formula is judged on the points compared so far (if enough)."""


HINT_AFTER = 3
"""The wrong try of an exercise from which :func:`check` gives the method, not a nudge."""
_TRIES: Counter[tuple[str, int | None]] = Counter()
"""Wrong tries so far of each exercise (and variant seed), in this kernel."""
_METHOD: contextvars.ContextVar[bool] = contextvars.ContextVar("gamekit_method", default=True)
"""Whether a wrong answer's feedback gives the exercise's method (else a nudge)."""


def check(
    exercise_id: str,
    answer: Any,
    games: int | None = None,
    *,
    seed: int | None = None,
    hint: bool | None = None,
) -> Feedback:
    """Check ``answer`` for exercise ``exercise_id``; never raises.

    ``games``: how many games a simulated estimate (a float, or a dict of floats)
    comes from; :func:`estimate` results carry it already. ``seed``: a learner's
    variant seed (see :func:`variant_of`); the answer is that variant's.

    Hints are graded: a wrong answer gets a nudge first, and the exercise's method
    from the :data:`HINT_AFTER`-th wrong try on; ``hint=True`` asks for the method
    now, ``hint=False`` keeps to nudges. A common half-right answer (a percentage
    for a probability, one case counted where there are several) gets its own hint.
    """
    try:
        found = variant_of(exercise(exercise_id), seed)
    except Exception:  # noqa: BLE001 - a learner's typo must not raise
        return _no(
            "unknown", CORE("There is no exercise {name}; check the id.", name=repr(exercise_id))
        )
    key = (exercise_id, seed)
    method = hint if hint is not None else _TRIES[key] + 1 >= HINT_AFTER
    token = _METHOD.set(bool(method))
    try:
        feedback = check_against(found, answer, games)
    finally:
        _METHOD.reset(token)
    if feedback.kind == "hint":
        _TRIES[key] += 1
    return feedback


def _hint(ex: Exercise) -> Any:
    """The exercise's method, or a nudge while the learner has tries left (see :func:`check`)."""
    if _METHOD.get():
        return ex.hint
    return CORE(
        "Read the question again: what exactly is counted? (check(..., hint=True) "
        "gives the method.)"
    )


def variant_of(ex: Exercise, seed: int | None) -> Exercise:
    """The exercise as one learner gets it: its ``variant(seed)``, or the exercise
    itself when ``seed`` is ``None`` or it has no variant. The same seed gives the same
    variant (the same object: its exact answer is computed once).

    >>> variant_of(exercise("kk-1"), 12345) is exercise("kk-1")  # no variant
    True
    >>> variant_of(exercise("kk-6"), 12345) is variant_of(exercise("kk-6"), 12345)
    True
    """
    if seed is None or ex.variant is None:
        return ex
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"a variant seed is a whole number >= 0, not {seed!r}")
    return _variant(ex, seed)


@lru_cache(maxsize=512)
def _variant(ex: Exercise, seed: int) -> Exercise:
    assert ex.variant is not None
    return ex.variant(seed)


def variant_rng(seed: int, exercise_id: str) -> Any:
    """The seeded generator from which one exercise's variant draws its parameters
    (a :class:`gamekit.core.rng.Rng`): one learner's seed gives each exercise its own.

    >>> variant_rng(5, "kk-2").below(100) == variant_rng(5, "kk-2").below(100)
    True
    """
    from gamekit.core.rng import Rng, derive_seed

    return Rng(derive_seed(seed, "variant", exercise_id))


def with_variants() -> list[str]:
    """The ids of the exercises that have a variant per learner, in bank order.

    >>> "kk-6" in with_variants(), "kk-4" in with_variants()
    (True, False)
    """
    load_banks()
    return [ex_id for ex_id, ex in EXERCISES.items() if ex.variant is not None]


def check_against(ex: Exercise, answer: Any, games: int | None = None) -> Feedback:
    """Compare ``answer`` with the exercise's exact answer; never raises.

    A string is read by :func:`gamekit.exercises.answers.read` (never run). A
    formula must equal the answer exactly at every one of many points of the
    exercise's domain. A float is an estimate: it counts when it lies within
    ``Z`` = 3 standard errors of the exact answer, the standard error being
    ``sqrt(variance / games)`` (plus ``1 / games`` for shares, whose steps are one
    game); each share of a distribution is judged at the same overall level.
    """
    try:
        if games is None:
            games = getattr(answer, "games", None)
        return _compare(ex, _expected(ex), answer, games)
    except Unreadable as err:
        return _no("form", CORE("{problem} Expected {form}.", problem=str(err), form=ex.form))
    except Exception:  # noqa: BLE001 - feedback instead of a traceback
        return _no("form", CORE("I could not read that answer. Expected {form}.", form=ex.form))


@cache
def _expected(ex: Exercise) -> Any:
    return _exact(ex.expected())


def _exact(value: Any) -> Any:
    """An exercise's exact answer as SymPy (its values), keeping dicts and lists."""
    import sympy

    if isinstance(value, Mapping):
        return {k: _exact(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_exact(v) for v in value]
    return sympy.sympify(value)  # trusted: the exercise's own answer, never a learner's


def _compare(ex: Exercise, expected: Any, answer: Any, games: int | None) -> Feedback:
    if answer is None or answer is Ellipsis:
        return _no("form", CORE("Replace the ... with your answer: {form}.", form=ex.form))
    if isinstance(expected, Mapping):
        return _compare_mapping(ex, expected, answer, games)
    if isinstance(expected, list | tuple):
        return _compare_sequence(ex, expected, answer)
    return _compare_value(ex, expected, answer, games, outcomes=1)


def _compare_mapping(
    ex: Exercise, expected: Mapping[Any, Any], answer: Any, games: int | None
) -> Feedback:
    if not isinstance(answer, Mapping):
        return _no(
            "form", CORE("Give a dict from each outcome to its value: {form}.", form=ex.form)
        )
    given = {_key(k): v for k, v in answer.items()}
    wanted = {_key(k) for k in expected}
    if any(isinstance(v, float) for v in given.values()):
        # an estimate: a rare outcome that never happened in the simulation counts as 0.0
        given.update({k: 0.0 for k in wanted - set(given)})
    keys = set(given)
    if keys != wanted:
        return _no("hint", _outcomes_off(ex, wanted - keys, keys - wanted))
    estimated = False
    for key, value in expected.items():
        result = _compare_value(ex, value, given[_key(key)], games, outcomes=len(expected))
        if not result.ok:
            if result.kind == "games":
                return result
            return _no(
                result.kind, CORE("For outcome {key}: {problem}", key=key, problem=result.message)
            )
        estimated = estimated or result.kind == "estimate"
    if estimated:
        return _yes(
            "estimate",
            CORE(
                "A good estimate: with {games} games, every share is as close to the exact "
                "distribution as a correct simulation gets. Now find the exact one!",
                games=games,
            ),
        )
    return _correct(ex)


def _outcomes_off(ex: Exercise, missing: set[Any], extra: set[Any]) -> Any:
    """What is wrong with a distribution's outcomes, naming only what is there to name."""
    if not extra:
        return CORE("Outcomes missing {missing}. {hint}", missing=_some(missing), hint=_hint(ex))
    if not missing:
        return CORE("Unexpected outcomes {extra}. {hint}", extra=_some(extra), hint=_hint(ex))
    return CORE(
        "Outcomes missing {missing}, unexpected {extra}. {hint}",
        missing=_some(missing),
        extra=_some(extra),
        hint=_hint(ex),
    )


def _compare_sequence(ex: Exercise, expected: Any, answer: Any) -> Feedback:
    if not isinstance(answer, list | tuple) or len(answer) != len(expected):
        return _no(
            "form",
            CORE("Give a list of {count} values: {form}.", count=len(expected), form=ex.form),
        )
    for i, (want, got) in enumerate(zip(expected, answer, strict=True)):
        result = _compare_value(ex, want, got, None, outcomes=1)
        if not result.ok:
            return _no(
                result.kind, CORE("Item {index}: {problem}", index=i, problem=result.message)
            )
    return _correct(ex)


def _compare_value(
    ex: Exercise, expected: Any, answer: Any, games: int | None, outcomes: int
) -> Feedback:
    import sympy

    formula = bool(expected.free_symbols)
    if isinstance(answer, numbers.Real) and not isinstance(answer, numbers.Rational):
        answer = float(answer)  # a NumPy or SymPy float too
    if isinstance(answer, float):
        if formula:
            return _no("form", CORE("Expected a formula, not a number: {form}.", form=ex.form))
        return _compare_float(ex, expected, answer, games, outcomes)
    given = read(answer, ex.symbols)
    if not isinstance(given, sympy.Basic):
        return _no(
            "form", CORE("Expected {form}, got {kind}.", form=ex.form, kind=type(answer).__name__)
        )
    letters = sorted(s.name for s in given.free_symbols if isinstance(s, sympy.Symbol))
    unknown = [name for name in letters if name not in ex.symbols]
    if unknown:
        if ex.symbols:
            return _no(
                "form",
                CORE(
                    "Your answer uses the letter {letters}; this exercise uses {symbols}. "
                    "Expected {form}.",
                    letters=", ".join(unknown),
                    symbols=", ".join(ex.symbols),
                    form=ex.form,
                ),
            )
        return _no(
            "form",
            CORE(
                "Your answer uses the letter {letters}. Expected {form}.",
                letters=", ".join(unknown),
                form=ex.form,
            ),
        )
    if given.has(sympy.Float) and not formula and not letters:
        return _compare_float(ex, expected, float(given), games, outcomes)
    if formula:
        if not letters:
            return _no("form", CORE("Expected a formula, not a number: {form}.", form=ex.form))
        if given.has(sympy.Float):
            return _no(
                "form",
                CORE("Write exact numbers in a formula (1/2, not 0.5): {form}.", form=ex.form),
            )
        return _compare_formula(ex, expected, given)
    if letters:
        return _no("form", CORE("Expected a number, not a formula: {form}.", form=ex.form))
    if value_at(given, {}) == value_at(expected, {}):
        return _correct(ex)
    return _no("hint", _half_right(value_at(given, {}), value_at(expected, {})) or
               CORE("Not quite. {hint}", hint=_hint(ex)))  # fmt: skip


def _half_right(given: Fraction, expected: Fraction) -> Any:
    """A hint of its own for a common half-right number (``None``: not one of them).

    >>> print(_half_right(Fraction(300, 11), Fraction(3, 11)))
    Not quite: that looks like a percentage. Give a probability from 0 to 1 (71% is 0.71).
    >>> "is 1/3 of the right one" in str(_half_right(Fraction(1, 11), Fraction(3, 11)))
    True
    """
    if expected == 0 or given == 0:
        return None
    if given == expected * 100 and 0 < expected <= 1:
        return CORE("Not quite: that looks like a percentage. Give a probability from 0 to 1 "
                    "(71% is 0.71).")  # fmt: skip
    for times in range(2, 7):
        if given * times == expected:
            return CORE("Not quite, but close: your answer is 1/{times} of the right one. "
                        "Did you count one case where there are {times} alike (one folk "
                        "instead of three)?", times=times)  # fmt: skip
        if given == expected * times:
            return CORE("Not quite, but close: your answer is {times} times the right one. "
                        "Did you count a case {times} times over?", times=times)  # fmt: skip
    return None


def _compare_formula(ex: Exercise, expected: Any, given: Any) -> Feedback:
    """Exact values at the smallest points of the domain and at many random ones (a point
    where either formula makes too big a number is skipped)."""
    points = domain_points(ex)
    compared = 0
    start = time.perf_counter()
    for point in points:
        if compared >= MIN_POINTS and time.perf_counter() - start > SECONDS:
            break  # a heavy formula, right so far: feedback within a second
        try:
            want = value_at(expected, point)
        except (Undefined, TooBig):
            continue
        joint = " " + str(CORE("and")) + " "
        where = joint.join(f"{k} = {v}" for k, v in point.items())
        try:
            got = value_at(given, point)
        except TooBig:
            continue
        except Undefined:
            return _no(
                "hint",
                CORE(
                    "Not quite: your formula cannot be computed at {where} (a division by zero, "
                    "or a factorial of a negative number). {hint}",
                    where=where,
                    hint=_hint(ex),
                ),
            )
        if got != want:
            return _no(
                "hint",
                CORE(
                    "Not quite (try your formula at {where}). {hint}", where=where, hint=_hint(ex)
                ),
            )
        compared += 1
    if compared < min(MIN_POINTS, len(points)) or time.perf_counter() - start > 2 * SECONDS:
        return _no(
            "form",
            CORE(
                "Your formula makes numbers too big for me to check it; write it more simply. "
                "Expected {form}.",
                form=ex.form,
            ),
        )
    return _correct(ex)


def domain_points(ex: Exercise, count: int = POINTS) -> list[dict[str, int]]:
    """Where formulas are compared: every point of the domain when it has at most
    ``count``; else its smallest values (each symbol within 6 of its lowest) and
    ``count`` points drawn at random over the whole domain (fresh each time).

    >>> ex = exercise("inn-4")
    >>> len(domain_points(ex)), domain_points(ex)[:2]
    (46, [{'k': 0}, {'k': 1}])
    """
    ranges = ex.domain or tuple((name, 0, 60) for name in ex.symbols)
    names = [name for name, _, _ in ranges]

    def valid(point: dict[str, int]) -> bool:
        return ex.where is None or bool(ex.where(point))

    size = math.prod(hi - lo + 1 for _, lo, hi in ranges)
    if size <= count:
        grid = product(*(range(lo, hi + 1) for _, lo, hi in ranges))
        return [p for p in (dict(zip(names, v, strict=True)) for v in grid) if valid(p)]
    corner = product(*(range(lo, min(hi, lo + 6) + 1) for _, lo, hi in ranges))
    points = [p for p in (dict(zip(names, v, strict=True)) for v in corner) if valid(p)]
    rng = random.Random(random.SystemRandom().getrandbits(64))
    for _ in range(50 * count):
        if len(points) >= count + 100:
            break
        point = {name: rng.randint(lo, hi) for name, lo, hi in ranges}
        if valid(point):
            points.append(point)
    return points


def variance_of_one(ex: Exercise, expected: Any, share: bool) -> tuple[Any, bool]:
    """The exact variance of one simulated game's result (``None`` if unknown), and
    whether the result is 0 or 1 (a share or a probability): ``p(1 - p)`` then,
    else the trial's variance of a mean."""
    if not share and ex.variance is not None:
        return _own_variance(ex), False
    trial = TRIALS.get(ex.id)
    if not share and trial is not None and trial.variance is not None:
        return _variance(trial), False
    if 0 <= expected <= 1:
        return expected * (1 - expected), True
    return None, False


@cache
def _own_variance(ex: Exercise) -> Any:
    assert ex.variance is not None
    return ex.variance()


@cache
def _variance(trial: Trial) -> Any:
    assert trial.variance is not None
    return trial.variance()


def tolerance(ex: Exercise, expected: Any, games: int, outcomes: int = 1) -> float:
    """How far a correct simulation of ``games`` games may land from ``expected``:
    ``z`` standard errors (``z`` = 3 for one value, a little more for each share
    of a distribution of ``outcomes`` outcomes, 3.5 for 6), plus one game
    (``1 / games``) for a share or a probability, whose steps are one game.

    >>> round(tolerance(exercise("hats-1"), 5 / 7, 2000), 4)  # 3 * sqrt(5/7 * 2/7 / 2000) + 1/2000
    0.0308
    """
    var, zero_one = variance_of_one(ex, expected, outcomes > 1)
    if var is None:
        return 0.0
    z = NormalDist().inv_cdf(1 - ALPHA / (2 * outcomes))
    return z * math.sqrt(float(var) / games) + (1 / games if zero_one else 0.0)


def _compare_float(
    ex: Exercise, expected: Any, answer: float, games: int | None, outcomes: int
) -> Feedback:
    if not math.isfinite(answer):
        return _no(
            "form", CORE("{value} is not a number. Expected {form}.", value=answer, form=ex.form)
        )
    exact = float(expected)
    if abs(exact - answer) <= 1e-9:
        return _yes("correct", CORE("Correct value! Exactly it is {exact}.", exact=expected))
    value = Number(answer, ".4g")
    if not ex.estimates:
        return _no(
            "hint",
            CORE(
                "{value} is not it (only the exact answer counts here). {hint}",
                value=value,
                hint=_hint(ex),
            ),
        )
    if games is None:
        return _no(
            "games",
            CORE(
                "That looks like an estimate from a simulation. How many games did you play? "
                "Tell me, for example {call}: the more games, the closer a good estimate "
                "must be.",
                call=f"check({ex.id!r}, simulated, games=2000)",
            ),
        )
    if isinstance(games, bool) or not isinstance(games, numbers.Integral) or games < MIN_GAMES:
        return _no(
            "games",
            CORE(
                "games must be a whole number of games, at least {least}: fewer games give an "
                "estimate too rough to judge (a few thousand is better).",
                least=MIN_GAMES,
            ),
        )
    games = int(games)
    within = tolerance(ex, expected, games, outcomes)
    if abs(exact - answer) <= within:
        return _yes(
            "estimate",
            CORE(
                "A good estimate: with {games} games a correct simulation lands within "
                "±{within} of the exact answer, and yours does. Now find the exact answer: "
                "{form}.",
                games=games,
                within=Number(within, ".2g"),
                form=ex.form,
            ),
        )
    return _no(
        "hint",
        CORE(
            "{value} is not it: with {games} games a correct simulation lands within "
            "±{within} of the exact answer (almost always), and this one does not. {hint}",
            value=value,
            games=games,
            within=Number(within, ".2g"),
            hint=_hint(ex),
        ),
    )


def formula_at(exercise_id: str, answer: Any, **values: int) -> Any:
    """A learner's formula at given values of its letters, read safely (exact), or a
    friendly message when it cannot be read or computed there.

    >>> formula_at("kk-4", "(g - 1)/(f*g - 1)", g=4, f=3)
    3/11
    >>> formula_at("kk-4", "g - ", g=4, f=3)[:16]
    'I can read numbe'
    """
    import sympy

    try:
        value = value_at(read(answer, exercise(exercise_id).symbols), values)
    except (Unreadable, Undefined, KeyError) as err:
        if isinstance(err, Unreadable):
            return str(err)
        return str(CORE("I cannot compute it there ({reason}).", reason=err))
    return sympy.Rational(value.numerator, value.denominator)


def _correct(ex: Exercise) -> Feedback:
    return _yes("correct", CORE("Correct! ({id})", id=ex.id))


def _yes(kind: str, message: Any) -> Feedback:
    """A passed check, its message (a :class:`~gamekit.core.i18n.Message`) rendered now in
    the language in force."""
    return Feedback(True, kind, str(message))


def _no(kind: str, message: Any) -> Feedback:
    """A failed check, its message rendered now in the language in force."""
    return Feedback(False, kind, str(message))


def _some(keys: set[Any], most: int = 8) -> str:
    """A few of ``keys`` as text (a learner's dict may be huge)."""
    shown = sorted(repr(k)[:20] for k in itertools.islice(keys, 100))[:most]
    return "[" + ", ".join(shown) + (", ...]" if len(keys) > most else "]")


def _key(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
