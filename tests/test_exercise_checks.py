"""The exercise checker accepts right answers in many forms and never raises."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from gamekit.exercises import Exercise, check, check_against

HALF = Exercise(
    "t-1",
    "test",
    "warm-up",
    "P?",
    lambda: sympy.Rational(1, 2),
    "a fraction",
    "Count the cases.",
    tolerance=0.03,
)
EXACT_ONLY = Exercise(
    "t-2", "test", "core", "P?", lambda: sympy.Rational(3, 20), "a fraction", "Think of the deck."
)
FORMULA = Exercise(
    "t-3",
    "test",
    "challenge",
    "How many?",
    lambda: sympy.binomial(sympy.Symbol("n"), 2),
    "a formula in n",
    "Pairs of n things.",
    symbols=("n",),
)
DIST = Exercise(
    "t-4",
    "test",
    "core",
    "Distribution?",
    lambda: {0: sympy.Rational(1, 4), 1: sympy.Rational(1, 2), 2: sympy.Rational(1, 4)},
    "a dict outcome -> probability",
    "Two coins.",
)


@pytest.mark.parametrize(
    "answer",
    [
        sympy.Rational(1, 2),
        "1/2",
        "2/4",
        Fraction(1, 2),
        0.5,
        sympy.Integer(1) / 2,
        "binomial(2,1)/4",
    ],
)
def test_accepts_equivalent_forms(answer: object) -> None:
    assert check_against(HALF, answer).ok


def test_accepts_an_estimate_within_the_tolerance_only() -> None:
    assert check_against(HALF, 0.52).kind == "estimate"
    assert not check_against(HALF, 0.6).ok
    assert not check_against(EXACT_ONLY, 0.16).ok
    assert check_against(EXACT_ONLY, 0.15).ok


def test_wrong_answer_gets_the_hint() -> None:
    feedback = check_against(EXACT_ONLY, "1/7")
    assert not feedback.ok and "Think of the deck" in feedback.message


def test_formula_answers_are_compared_symbolically() -> None:
    assert check_against(FORMULA, "n*(n-1)/2").ok
    assert not check_against(FORMULA, "n**2/2").ok
    assert check_against(FORMULA, 3.0).kind == "form"


def test_distributions_as_dicts() -> None:
    assert check_against(DIST, {0: "1/4", 1: 0.5, 2: sympy.Rational(1, 4)}).ok
    missing = check_against(DIST, {0: "1/4", 1: "1/2"})
    assert not missing.ok and "missing" in missing.message
    assert "outcome 1" in check_against(DIST, {0: "1/4", 1: "1/3", 2: "1/4"}).message


@pytest.mark.parametrize("junk", [None, ..., "1/", "import os", object(), [1, 2], {"a": 1}, "x+"])
def test_never_raises_on_student_input(junk: object) -> None:
    feedback = check_against(HALF, junk)
    assert not feedback.ok and feedback.message


def test_unknown_exercise_is_friendly() -> None:
    feedback = check("nope-99", 1)
    assert not feedback.ok and "no exercise" in feedback.message


def test_feedback_displays_in_a_notebook() -> None:
    assert "✔" in repr(check_against(HALF, "1/2"))
    assert "<div" in check_against(HALF, "1/3")._repr_html_()
