"""What-if explorers (issue 23, item 2): each explorer's pure function gives the exact
value the exercise's checker accepts at every slider point; the seeded simulation lands
where its interval says; the widget recomputes as its sliders move."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest
import sympy

import gamekit
from gamekit import charts
from gamekit.core.i18n import language
from gamekit.exercises import EXERCISES, check, check_against, exercise, load_banks
from gamekit.exercises.answers import value_at
from gamekit.explorers import Exploration, exploration, explorer, explorers, wilson

load_banks()
ALL = explorers()
FORMULAS = sorted(k for k, ex in EXERCISES.items() if ex.symbols)


def at_point(exercise_id: str, point: dict[str, Any]) -> Any:
    """The exercise with its letters fixed at ``point``: the checker then wants a number,
    the formula's exact value there, and compares it exactly."""
    ex = exercise(exercise_id)
    assert ex.where is None or ex.where(point), point
    value = value_at(ex.expected(), point)
    wanted = sympy.Rational(value.numerator, value.denominator)
    return dataclasses.replace(ex, expected=lambda: wanted, symbols=(), domain=(), where=None)


def test_every_title_has_an_explorer_and_every_formula_exercise_one_of_its_own() -> None:
    assert {ex.title for ex in ALL.values()} == set(gamekit.TITLES)
    assert FORMULAS == ["boo-3", "hats-6", "inn-4", "kk-4"]
    for exercise_id in FORMULAS:
        assert explorer(exercise_id).exercise == exercise_id
        assert explorer(exercise_id).formula is not None


@pytest.mark.parametrize("exercise_id", FORMULAS)
def test_the_checker_accepts_the_explorers_value_at_every_slider_point(exercise_id: str) -> None:
    ex = explorer(exercise_id)
    points = ex.points()
    assert len(points) >= 40
    for point in points:
        value = ex.exact(**point)
        assert isinstance(value, sympy.Rational), (point, value)
        asked = at_point(exercise_id, point)
        assert check_against(asked, value).ok, point
        assert not check_against(asked, value + sympy.Rational(1, 1000)).ok, point


def test_points_outside_the_exercises_domain_make_no_game() -> None:
    for exercise_id in FORMULAS:
        ex, bank = explorer(exercise_id), exercise(exercise_id)
        for point in ex.points():
            assert bank.where is None or bank.where(point)


@pytest.mark.parametrize(
    ("exercise_id", "point"),
    [(k, p) for ex in ALL.values() for k, p in ex.exercises.items()],
)
def test_an_exercise_that_is_an_explorer_at_one_point_is_checked_there(
    exercise_id: str, point: dict[str, Any]
) -> None:
    run = exploration(exercise_id)
    assert run.point == {**run.explorer.default_point(), **point}
    assert check(exercise_id, run.exact()).ok
    assert not check(exercise_id, run.exact() / 2, hint=False).ok


@pytest.mark.parametrize("key", sorted(ALL))
def test_the_seeded_simulation_lands_in_its_interval(key: str) -> None:
    """At the default point and at the last point of the grid, 300 seeded games: the exact
    value lies within the estimate's 99.99 % Wilson interval (z = 3.9)."""
    ex = ALL[key]
    for point in (ex.default_point(), ex.points()[-1]):
        run = Exploration(ex, seed=7, point=point).deal(300)
        low, high = wilson(round(sum(run.samples)), run.games, z=3.9)
        assert low <= float(run.exact()) <= high, (point, run.estimate(), run.exact())


def test_a_title_question_by_name_and_the_titles_first() -> None:
    assert explorer("hats", "can the next player take it").title == "hats"
    assert explorer("bloody-inn").key == "inn-4"
    with pytest.raises(ValueError, match="it has: can the next player take it, hats-6"):
        explorer("hats", "no such question")
    with pytest.raises(ValueError, match="no explorer 'kk-99'"):
        explorer("kk-99")


def test_the_simulation_is_seeded_and_restarts_at_a_new_point() -> None:
    one, two = exploration("kk-4", seed=3).deal(200), exploration("kk-4", seed=3).deal(200)
    assert one.samples == two.samples and one.games == 200
    other = exploration("kk-4", seed=4).deal(200)
    assert other.samples != one.samples
    one.set(g=5)
    assert one.games == 0 and one.exact() == sympy.Rational(4, 14)
    one.set(g=5)  # the same point keeps what was dealt
    one.deal(10).set(g=5)
    assert one.games == 10


@pytest.mark.parametrize(
    ("values", "message"),
    [({"g": 0}, "g must be 1–12, not 0"), ({"g": 1, "f": 1}, "two guests at least"),
     ({"h": 2}, "unknown slider h"), ({"g": True}, "not True"), ({"g": "4"}, "not '4'")],
)  # fmt: skip
def test_a_bad_slider_value_is_refused_and_changes_nothing(
    values: dict[str, Any], message: str
) -> None:
    run = exploration("kk-4").deal(20)
    before = (dict(run.point), list(run.samples))
    with pytest.raises(ValueError, match=message):
        run.set(**values)
    assert (run.point, run.samples) == before
    with pytest.raises(ValueError, match="at least 1"):
        run.deal(0)
    with pytest.raises(ValueError, match="length must be 'short', 'long'"):
        exploration("bloody-inn", "the Marquis will come", length="medium")


def test_the_running_interval_is_wilsons_for_a_chance_and_the_sample_ones_for_a_mean() -> None:
    samples = [float(i % 3 == 0) for i in range(500)]
    data = charts.running_interval(samples, points=30)
    for n, low, high in zip(data.n, data.low, data.high, strict=True):
        assert (low, high) == pytest.approx(wilson(round(sum(samples[:n])), n))
    numbers = [float(i % 7) for i in range(200)]
    data = charts.running_interval(numbers, points=10, chance=False)
    n = int(data.n.iloc[-1])
    mean = sum(numbers) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in numbers) / (n - 1))
    assert data.high.iloc[-1] - mean == pytest.approx(charts.Z95 * sd / math.sqrt(n))


def test_the_convergence_chart_has_the_estimate_its_band_and_the_exact_line() -> None:
    run = exploration("hats-6").deal(300)
    spec = run.chart().to_dict()
    assert [layer["mark"]["type"] for layer in spec["layer"]] == ["area", "line", "rule"]
    values = next(iter(spec["datasets"].values()))
    assert values[-1]["n"] == 300 and values[-1]["exact"] == pytest.approx(5 / 7)


def test_the_widget_recomputes_as_the_sliders_move_and_deals_more() -> None:
    w = gamekit.explore("boo-3", seed=2)
    assert w.exploration.games == 100 and "91/153" in w.values.value
    assert w.picture.value.lstrip().startswith("<svg")
    w.sliders["k"].value = 5
    assert w.exploration.point["k"] == 5 and w.exploration.games == 100
    assert str(w.exploration.exact()) in w.values.value
    w.more.click()
    assert w.exploration.games == 200 and "200" in w.values.value
    w.sliders["m"].value = 7
    w.sliders["k"].value = 16  # 7 + 16 > 18: said, and the last good point is kept
    assert "m + k ≤ n" in w.problem.value and w.exploration.point["k"] == 5


def test_the_widget_speaks_french() -> None:
    with language("fr"):
        w = gamekit.explore("hats", "can the next player take it")
        text = repr(w)
        assert w.more.description == "Distribuer 100 de plus"
        assert "Exact" in text and "Simulé" in text
        for control in w.sliders.values():
            assert control.description not in ("players", "number on the card")
        with pytest.raises(ValueError, match="doit"):
            w.exploration.set(number=9)
