"""The exercise checker accepts right answers in many forms, never raises, never runs
a learner's text, and answers quickly whatever it is given."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.exercises import Exercise, check, check_against
from gamekit.exercises.answers import MAX_LENGTH, Unreadable, read

HALF = Exercise(
    id="t-1",
    title="test",
    level="warm-up",
    question="P?",
    expected=lambda: sympy.Rational(1, 2),
    form="a fraction",
    hint="Count the cases.",
    estimates=True,
)
EXACT_ONLY = Exercise(
    id="t-2",
    title="test",
    level="core",
    question="P?",
    expected=lambda: sympy.Rational(3, 20),
    form="a fraction",
    hint="Think of the deck.",
)
FORMULA = Exercise(
    id="t-3",
    title="test",
    level="challenge",
    question="How many?",
    expected=lambda: sympy.binomial(sympy.Symbol("n"), 2),
    form="a formula in n",
    hint="Pairs of n things.",
    symbols=("n",),
    domain=(("n", 2, 500),),
)
DIST = Exercise(
    id="t-4",
    title="test",
    level="core",
    question="Distribution?",
    expected=lambda: {0: sympy.Rational(1, 4), 1: sympy.Rational(1, 2), 2: sympy.Rational(1, 4)},
    form="a dict outcome -> probability",
    hint="Two coins.",
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
        "50%",
        " Rational(1, 2) ",
        "1 − 1/2",  # a typographic minus
        "(1/2)**3 * 4",
        "factorial(4)/(factorial(2)*factorial(2)) / 12",
    ],
)
def test_accepts_equivalent_forms(answer: object) -> None:
    assert check_against(HALF, answer).ok


def test_an_estimate_is_judged_against_its_number_of_games() -> None:
    assert check_against(HALF, 0.52).kind == "games"  # the check asks for the games
    assert check_against(HALF, 0.52, games=2000).kind == "estimate"  # 1.8 standard errors
    assert not check_against(HALF, 0.52, games=100_000).ok  # 12.6 standard errors
    assert check_against(HALF, 0.6, games=200).ok  # 2.8 standard errors
    assert not check_against(HALF, 0.6, games=2000).ok
    assert not check_against(EXACT_ONLY, 0.16, games=2000).ok  # exact answers only
    assert check_against(EXACT_ONLY, 0.15).ok
    for games in (0, 99, True, 2000.0, "2000"):
        feedback = check_against(HALF, 0.5001, games=games)  # type: ignore[arg-type]
        assert feedback.kind == "games" and "at least 100" in feedback.message


def test_wrong_answer_gets_the_hint() -> None:
    feedback = check_against(EXACT_ONLY, "1/7")
    assert not feedback.ok and "Think of the deck" in feedback.message


def test_formula_answers_are_compared_exactly() -> None:
    assert check_against(FORMULA, "n*(n-1)/2").ok
    assert check_against(FORMULA, "factorial(n)/(2*factorial(n-2))").ok  # n >= 2 only
    assert not check_against(FORMULA, "n**2/2").ok
    assert check_against(FORMULA, 3.0).kind == "form"
    assert check_against(FORMULA, "3").kind == "form"
    assert "letter x" in check_against(FORMULA, sympy.Symbol("x") + 1).message


def test_distributions_as_dicts() -> None:
    assert check_against(DIST, {0: "1/4", 1: 0.5, 2: sympy.Rational(1, 4)}).ok  # 0.5 is exact
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


# -- hostile answers: read or refused quickly, never run -----------------------------------

HOSTILE = [
    "import os",
    "__import__('os').system('touch pwned')",
    "open('pwned', 'w').write('x')",
    "exec(\"open('pwned', 'w')\")",
    "(lambda: open('pwned', 'w'))()",
    "Rational(1, 2).__class__.__init__.__globals__",
    "binomial.__globals__['__builtins__']",
    "1; open('pwned', 'w')",
    "9**9**9**9",
    "2**100000",
    "10**10**10",
    "(2**100)**100**100",
    "factorial(10**9)",
    "factorial(factorial(factorial(5)))",
    "binomial(10**20, 10**10)",
    "binomial(-10**29, 10**5)",
    "Rational(10**29, 3)**100",
    "(" * 60 + "1" + ")" * 60,
    "(" * 5000 + "1" + ")" * 5000,
    "-" * 399 + "1",
    "2**" * 99 + "2",
    "1+" * 100_000 + "1",
    "9" * 31,
    "1/0",
    "0**-1",
    "2^3",
    "x + 1",
    "",
    "   ",
    "1/",
    "(1/2",
    "1e5",
    "3 7",
    "\x00",
]


@pytest.mark.parametrize("junk", HOSTILE, ids=[repr(h)[:40] for h in HOSTILE])
def test_hostile_answers_are_refused_quickly_and_never_run(
    junk: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    def no_sympy_parsing(*args: object, **kwargs: object) -> None:
        raise AssertionError("a learner's text reached SymPy's parser")

    monkeypatch.setattr("sympy.parsing.sympy_parser.parse_expr", no_sympy_parsing)
    for ex in (HALF, FORMULA):
        feedback = check_against(ex, junk)  # benchmarks/hostile_answers.py times these
        assert not feedback.ok and feedback.kind in ("form", "hint"), feedback
        assert "Traceback" not in feedback.message and len(feedback.message) < 600
    assert not list(tmp_path.iterdir()), "nothing was written"


@pytest.mark.parametrize(
    "junk",
    [object(), [1, 2], {"a": 1}, b"3/11", 3 + 4j, {1}, float("inf"), True, print, type],
    ids=lambda junk: type(junk).__name__,  # repr(object()) differs between test workers
)
def test_non_strings_get_a_friendly_message(junk: object) -> None:
    feedback = check_against(HALF, junk)
    assert not feedback.ok and feedback.kind == "form" and "Expected a fraction" in feedback.message


def test_the_friendly_message_says_what_can_be_read() -> None:
    message = check_against(HALF, "import os").message
    assert message.startswith("I can read numbers, fractions like 3/8, percentages like 71%")
    assert "I could not read 'import os'" in message
    assert "letters n" in check_against(FORMULA, "n + y").message
    assert "whole numbers from -100 to 100" in check_against(HALF, "9**9**9**9").message
    assert "too big" in check_against(HALF, "factorial(10**9)").message
    assert f"at most {MAX_LENGTH} characters" in check_against(HALF, "1+" * 300).message
    assert "nests more than" in check_against(HALF, "(" * 40 + "1" + ")" * 40).message
    assert "write powers with **" in check_against(HALF, "2^3").message


def test_the_reader_builds_sympy_objects_from_its_own_grammar() -> None:
    n = sympy.Symbol("n")
    assert read("binomial(n, 2) - n**2/2 + 3%", ("n",)) == (
        sympy.binomial(n, 2) - n**2 / 2 + sympy.Rational(3, 100)
    )
    assert read("-2**2") == -4 and read("2**-1") == sympy.Rational(1, 2)
    assert read("2**3**2") == 2**9  # powers group to the right, as in Python
    assert read("12.5%") == sympy.Rational(1, 8) and read(".5") == sympy.Rational(1, 2)
    with pytest.raises(Unreadable):
        read("n", ())  # a letter the exercise does not use


def test_a_sympy_answer_too_large_is_refused() -> None:
    n = sympy.Symbol("n")
    huge = sympy.Add(*(n**i for i in range(3000)))
    assert check_against(FORMULA, huge).kind == "form"


def test_a_huge_dict_gets_a_short_message() -> None:
    feedback = check_against(DIST, {i: "1/4" for i in range(100_000)})
    assert not feedback.ok and len(feedback.message) < 300
    assert feedback.message.startswith("Unexpected outcomes") and "[]" not in feedback.message


def test_a_distributions_reply_names_only_what_is_missing_or_unexpected() -> None:
    missing = check_against(DIST, {0: "1/4"}).message
    assert missing.startswith("Outcomes missing [1, 2].") and "unexpected" not in missing
    both = check_against(DIST, {0: "1/4", 7: "1/4"}).message
    assert both.startswith("Outcomes missing [1, 2], unexpected [7].")


ATOMS = st.sampled_from(
    ["1", "0", "3.5", "71%", "n", "x", "(", ")", "+", "-", "*", "/", "**", ",", "9" * 30]
    + ["binomial(", "factorial(", "Rational(", "import", "__", "'", ".", "os", "^", " "]
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.lists(ATOMS, max_size=120).map("".join), st.text(max_size=450)))
def test_any_text_gets_feedback(text: str) -> None:
    for ex in (HALF, FORMULA):
        feedback = check_against(ex, text)
        assert isinstance(feedback.message, str) and feedback.message


def test_float_kinds_are_estimates_and_formulas_want_exact_numbers() -> None:
    np = pytest.importorskip("numpy")
    assert check_against(HALF, np.float32(0.51), games=2000).kind == "estimate"
    assert check_against(HALF, sympy.Float(0.51), games=2000).kind == "estimate"
    n = sympy.Symbol("n")
    assert "exact numbers" in check_against(FORMULA, 0.5 * n * (n - 1)).message
    assert check_against(HALF, np.float64(0.49)).kind == "games"  # an estimate: how many games?


def test_a_formula_too_big_at_some_points_is_checked_at_the_others() -> None:
    assert check("kk-4", "(g-1)*factorial(f*g-2)/factorial(f*g-1)").ok
    feedback = check("kk-4", "(g-1)*factorial(f*g+5000)/factorial(f*g+5001)*(f*g+5000)/(f*g-1)")
    assert not feedback.ok and "too big" in feedback.message


def test_games_may_be_a_numpy_integer() -> None:
    np = pytest.importorskip("numpy")
    assert check_against(HALF, 0.51, games=np.int64(2000)).kind == "estimate"
