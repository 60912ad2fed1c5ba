"""Friendly checks for the probability exercises: ``check("kk-1", answer)``.

Every exercise has an exact answer (SymPy). A learner's answer may be a SymPy
expression, a fraction, an int, a string such as ``"3/20"``, a float (accepted
as a simulated estimate within the exercise's stated tolerance), or, for
distributions, a dict or list of those. ``check`` never raises: it returns a
:class:`Feedback` that says "correct", gives a hint, or says what form is
expected.

>>> from gamekit.exercises import Exercise, check_against
>>> ex = Exercise("demo-1", "demo", "warm-up", "P(heads)?", lambda: "1/2",
...               "a fraction", "Two equally likely sides.", tolerance=0.02)
>>> check_against(ex, "2/4").ok, check_against(ex, 0.51).ok, check_against(ex, 0.4).ok
(True, True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

EXERCISES: dict[str, Exercise] = {}
TRIALS: dict[str, Trial] = {}
"""Exercise id -> how to estimate its answer by playing the game (see :class:`Trial`)."""


@dataclass(frozen=True)
class Exercise:
    """One exercise: its question, exact answer (computed lazily), form and hint.

    ``tolerance`` is the absolute error allowed for a decimal estimate (for
    example from a simulation); ``None`` accepts decimals only when they equal
    the exact value to 9 places. ``symbols`` names the free symbols an answer
    may use (for closed forms such as ``binomial(n, 2)``).
    """

    id: str
    title: str
    level: str
    question: str
    expected: Callable[[], Any]
    form: str
    hint: str
    tolerance: float | None = None
    symbols: tuple[str, ...] = ()
    points: tuple[Mapping[str, int], ...] = ()
    """Values of the symbols where two formulas are also compared exactly, for forms
    that SymPy cannot simplify into each other (``binomial`` against factorials)."""


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


def estimate(exercise_id: str, games: int = 1000, seed: int = 1) -> Any:
    """Estimate an exercise's answer by simulation (a float, or a dict of floats).

    >>> 0.6 < estimate("hats-1", games=400, seed=1) < 0.8  # exactly 5/7
    True
    """
    trial = TRIALS[exercise(exercise_id).id]
    samples = list(trial.draw(games, seed))
    if trial.kind == "frequencies":
        counts = Counter(samples)
        return {k: counts[k] / len(samples) for k in sorted(counts)}
    return trial.scale * sum(samples) / len(samples)


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


def check(exercise_id: str, answer: Any) -> Feedback:
    """Check ``answer`` for exercise ``exercise_id``; never raises."""
    try:
        found = exercise(exercise_id)
    except Exception:  # noqa: BLE001 - a learner's typo must not raise
        return Feedback(False, "unknown", f"There is no exercise {exercise_id!r}; check the id.")
    return check_against(found, answer)


def check_against(ex: Exercise, answer: Any) -> Feedback:
    """Compare ``answer`` with the exercise's exact answer; never raises."""
    try:
        return _compare(ex, _sympify(ex.expected(), ex), answer)
    except Exception as err:  # noqa: BLE001 - feedback instead of a traceback
        return Feedback(False, "form", f"I could not read that answer ({err}). Expected {ex.form}.")


def _compare(ex: Exercise, expected: Any, answer: Any) -> Feedback:
    if answer is None or answer is Ellipsis:
        return Feedback(False, "form", f"Replace the ... with your answer: {ex.form}.")
    if isinstance(expected, Mapping):
        return _compare_mapping(ex, expected, answer)
    if isinstance(expected, list | tuple):
        return _compare_sequence(ex, expected, answer)
    return _compare_value(ex, expected, answer)


def _compare_mapping(ex: Exercise, expected: Mapping[Any, Any], answer: Any) -> Feedback:
    if not isinstance(answer, Mapping):
        return Feedback(False, "form", f"Give a dict from each outcome to its value: {ex.form}.")
    given = {_key(k): v for k, v in answer.items()}
    wanted = {_key(k) for k in expected}
    if any(isinstance(v, float) for v in given.values()):
        # an estimate: a rare outcome that never happened in the simulation counts as 0.0
        given.update({k: 0.0 for k in wanted - set(given)})
    keys = set(given)
    if keys != wanted:
        missing, extra = sorted(map(str, wanted - keys)), sorted(map(str, keys - wanted))
        return Feedback(False, "hint", f"Outcomes missing {missing}, unexpected {extra}. {ex.hint}")
    estimated = False
    for key, value in expected.items():
        result = _compare_value(ex, value, given[_key(key)])
        if not result.ok:
            return Feedback(False, result.kind, f"For outcome {key}: {result.message}")
        estimated = estimated or result.kind == "estimate"
    if estimated:
        return Feedback(
            True,
            "estimate",
            f"A good estimate: every share is within ±{ex.tolerance} of the "
            "exact distribution. Now find the exact one!",
        )
    return _correct(ex)


def _compare_sequence(ex: Exercise, expected: Any, answer: Any) -> Feedback:
    if not isinstance(answer, list | tuple) or len(answer) != len(expected):
        return Feedback(False, "form", f"Give a list of {len(expected)} values: {ex.form}.")
    for i, (want, got) in enumerate(zip(expected, answer, strict=True)):
        result = _compare_value(ex, want, got)
        if not result.ok:
            return Feedback(False, result.kind, f"Item {i}: {result.message}")
    return _correct(ex)


def _compare_value(ex: Exercise, expected: Any, answer: Any) -> Feedback:
    import sympy

    if isinstance(answer, float):
        if expected.free_symbols:
            return Feedback(False, "form", f"Expected a formula, not a number: {ex.form}.")
        return _compare_float(ex, expected, answer)
    given = _sympify(answer, ex)
    if not isinstance(given, sympy.Basic):
        return Feedback(False, "form", f"Expected {ex.form}, got {type(answer).__name__}.")
    given = _plain_symbols(given, ex)
    if given.has(sympy.Float) and not expected.free_symbols:
        return _compare_float(ex, expected, float(given))
    if _same(given, expected) or _agree_at_points(ex, given, expected):
        return _correct(ex)
    return Feedback(False, "hint", f"Not quite. {ex.hint}")


def _plain_symbols(value: Any, ex: Exercise) -> Any:
    """The exercise's symbols without assumptions: ``Symbol("n", positive=True)`` is ``n``."""
    import sympy

    renamed = {
        s: sympy.Symbol(s.name)
        for s in value.free_symbols
        if isinstance(s, sympy.Symbol) and s.name in ex.symbols
    }
    return value.xreplace(renamed) if renamed else value


def _same(given: Any, expected: Any) -> bool:
    import sympy

    try:
        return bool(sympy.simplify(given - expected) == 0)
    except Exception:  # noqa: BLE001 - an unreadable difference is not a match
        return False


def _agree_at_points(ex: Exercise, given: Any, expected: Any) -> bool:
    """Two formulas agree at every one of the exercise's sample points (exactly)."""
    import sympy

    allowed = {sympy.Symbol(name) for name in ex.symbols}
    if not ex.points or not given.free_symbols <= allowed:
        return False
    for point in ex.points:
        values = {sympy.Symbol(k): sympy.Integer(v) for k, v in point.items()}
        a = sympy.nsimplify(sympy.sympify(given.subs(values)).doit())
        b = sympy.nsimplify(sympy.sympify(expected.subs(values)).doit())
        if not (a.is_number and b.is_number) or sympy.simplify(a - b) != 0:
            return False
    return True


def _compare_float(ex: Exercise, expected: Any, answer: float) -> Feedback:
    exact = float(expected)
    if abs(exact - answer) <= 1e-9:
        return Feedback(True, "correct", f"Correct value! Exactly it is {expected}.")
    if ex.tolerance is not None and abs(exact - answer) <= ex.tolerance:
        return Feedback(
            True,
            "estimate",
            f"A good estimate (within ±{ex.tolerance} of the exact answer). "
            f"Now find the exact answer: {ex.form}.",
        )
    within = f" (estimates within ±{ex.tolerance} count)" if ex.tolerance is not None else ""
    return Feedback(False, "hint", f"{answer:.4g} is not it{within}. {ex.hint}")


def _correct(ex: Exercise) -> Feedback:
    return Feedback(True, "correct", f"Correct! ({ex.id})")


def _key(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _sympify(value: Any, ex: Exercise) -> Any:
    import sympy

    if isinstance(value, Mapping):
        return {k: _sympify(v, ex) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_sympify(v, ex) for v in value]
    if isinstance(value, bool):
        return value
    names = {name: sympy.Symbol(name) for name in ex.symbols}
    if isinstance(value, str):
        return sympy.sympify(value, locals=names, rational=True)
    try:
        return sympy.sympify(value)
    except sympy.SympifyError:
        return value
