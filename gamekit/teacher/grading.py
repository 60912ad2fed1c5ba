"""Grading one answer as the generated tests do: the kit's ``check``, its feedback in
the learner's language, points by level, and the exact answer as a solution cell writes it.

>>> verdict("kk-1", 0.27, games=2000)[0]  # an accepted estimate: partial credit only
True
>>> verdict("kk-1", 0.27, games=2000, exact=True)[0]
False
>>> parts(exercise("kk-1")), parts(exercise("kk-4"))
((0.5, 0.5), (2,))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamekit.core.i18n import CORE, language
from gamekit.exercises import Exercise, check, exercise, variant_of

LEVEL_POINTS: Mapping[str, int] = {"warm-up": 1, "core": 2, "challenge": 3}
"""An exercise's points by its level."""


def parts(ex: Exercise) -> tuple[float, ...]:
    """The points of each test of an exercise: an accepted answer (an estimate or the
    exact one) then the exact answer, half each, where estimates count; else one test."""
    points = LEVEL_POINTS[ex.level]
    return (points / 2, points / 2) if ex.estimates else (points,)


def verdict(
    exercise_id: str,
    answer: Any,
    *,
    games: int | None = None,
    seed: int | None = None,
    lang: str | None = None,
    exact: bool = False,
) -> tuple[bool, str]:
    """Whether ``answer`` passes and the feedback to show, in ``lang``: the kit's check
    message, with the exercise's hint when it fails (never the answer). ``exact``:
    only the exact answer passes (an accepted estimate does not).
    """
    with language(lang):
        feedback = check(exercise_id, answer, games, seed=seed)
        if feedback.ok and (feedback.kind == "correct" or not exact):
            return True, feedback.message
        if feedback.ok or feedback.kind == "unknown":
            return False, feedback.message
        hint = str(variant_of(exercise(exercise_id), seed).hint)
        if hint in feedback.message:
            return False, feedback.message
        return False, str(CORE("{problem} Hint: {hint}", problem=feedback.message, hint=hint))


def solution(exercise_id: str, seed: int | None = None) -> str:
    """The exact answer of an exercise (a learner's variant with ``seed``) as Python source
    that the checker reads: strings of numbers and formulas, dicts and lists of them.

    >>> solution("kk-1"), solution("hats-6")
    ("'3/11'", "'binomial(t - 1, r)/binomial(t, r)'")
    """
    return _source(variant_of(exercise(exercise_id), seed).expected())


def _source(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k!r}: {_source(v)}" for k, v in value.items()) + "}"
    if isinstance(value, Sequence) and not isinstance(value, str):
        return "[" + ", ".join(_source(v) for v in value) + "]"
    return repr(str(value))
