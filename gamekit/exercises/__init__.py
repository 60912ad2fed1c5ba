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

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

BANKS = {
    "kk": "gamekit.exercises.knock_knock",
    "hats": "gamekit.exercises.hats",
    "boo": "gamekit.exercises.boo_party",
    "inn": "gamekit.exercises.bloody_inn",
}
"""Exercise id prefix -> the module holding that title's exercises."""

EXERCISES: dict[str, Exercise] = {}


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


def register(*exercises: Exercise) -> None:
    """Add exercises to the bank (ids must be new)."""
    for exercise in exercises:
        if exercise.id in EXERCISES:
            raise ValueError(f"exercise {exercise.id!r} exists already")
        EXERCISES[exercise.id] = exercise


def exercise(exercise_id: str) -> Exercise:
    """The exercise with this id, loading its title's bank on first use."""
    if exercise_id not in EXERCISES:
        prefix = exercise_id.split("-", 1)[0]
        if prefix in BANKS:
            importlib.import_module(BANKS[prefix])
    if exercise_id not in EXERCISES:
        raise KeyError(exercise_id)
    return EXERCISES[exercise_id]


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
    keys = {_key(k) for k in answer}
    wanted = {_key(k) for k in expected}
    if keys != wanted:
        missing, extra = sorted(map(str, wanted - keys)), sorted(map(str, keys - wanted))
        return Feedback(False, "hint", f"Outcomes missing {missing}, unexpected {extra}. {ex.hint}")
    given = {_key(k): v for k, v in answer.items()}
    for key, value in expected.items():
        result = _compare_value(ex, value, given[_key(key)])
        if not result.ok:
            return Feedback(False, result.kind, f"For outcome {key}: {result.message}")
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
    if given.has(sympy.Float) and not expected.free_symbols:
        return _compare_float(ex, expected, float(given))
    if sympy.simplify(given - expected) == 0:
        return _correct(ex)
    return Feedback(False, "hint", f"Not quite. {ex.hint}")


def _compare_float(ex: Exercise, expected: Any, answer: float) -> Feedback:
    exact = float(expected)
    if abs(exact - answer) <= 1e-9:
        return Feedback(True, "correct", f"Correct value! Exactly it is {expected}.")
    if ex.tolerance is not None and abs(exact - answer) <= ex.tolerance:
        return Feedback(
            True,
            "estimate",
            f"A good estimate (within ±{ex.tolerance}): the exact answer is "
            f"{expected} ≈ {exact:.4f}.",
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
