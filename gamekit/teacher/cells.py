"""The cells of an assignment, whichever tool grades it: the set-up, the learner's seed,
and per exercise its question, the learner's answer cell, its solution and its tests.

A cell the kit may rewrite for one learner carries ``metadata["gamekit"]``:
``{"role": "seed"}`` or ``{"role": "question", "exercise": id}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamekit.core.i18n import CORE, language
from gamekit.exercises import Exercise, variant_of
from gamekit.teacher.grading import parts, solution

SEED_NAME = "GAMEKIT_SEED"
"""The variable of the locked cell that holds the learner's variant seed."""
SETUP = (
    "import gamekit\n"
    "from sympy import Rational, binomial, factorial, symbols\n"
    "from gamekit.exercises import check, estimate, formula_at"
)
LOCKED = {"editable": False, "deletable": False}
"""Jupyter's own lock: the learner cannot edit or delete the cell."""


def level_name(level: str) -> str:
    """An exercise's level in the language in force."""
    names = {
        "warm-up": CORE("warm-up"),
        "core": CORE("core"),
        "challenge": CORE("challenge"),
    }
    return str(names[level])


def variable(ex: Exercise, what: str = "answer") -> str:
    """``answer_kk_1``: the name of an exercise's answer (or ``games_kk_1``)."""
    return f"{what}_{ex.id.replace('-', '_')}"


def question_markdown(ex: Exercise, seed: int | None, lang: str) -> str:
    """The question of an exercise (a learner's variant with ``seed``), in ``lang``."""
    ex = variant_of(ex, seed)
    with language(lang):
        lines = [
            f"## {ex.id} · {level_name(ex.level)}",
            "",
            str(ex.question),
            "",
            str(CORE("**Answer form:** {form}.", form=str(ex.form))),
        ]
        points = parts(ex)
        games = f"`{variable(ex, 'games')}`"
        if ex.estimates:
            lines += [
                "",
                str(
                    CORE(
                        "A decimal estimate from a simulation earns {part} of the {points} "
                        "points when it is as close as a correct simulation of that many "
                        "games gets: set {games} to its number of games. The exact answer "
                        "earns them all.",
                        part=_number(points[0]),
                        points=_number(sum(points)),
                        games=games,
                    )
                ),
            ]
        else:
            lines += ["", str(CORE("Points: {points}.", points=_number(sum(points))))]
        return "\n".join(lines)


def _number(value: float) -> str:
    return f"{value:g}"


def answer_lines(ex: Exercise, lang: str) -> list[str]:
    """The learner's answer cell, left blank (``...``)."""
    with language(lang):
        lines = [
            "# " + str(CORE("your answer for {id}", id=ex.id)),
            f"{variable(ex)} = ...",
        ]
        if ex.estimates:
            note = str(CORE("the number of games of a simulated estimate"))
            lines.append(f"{variable(ex, 'games')} = None  # {note}")
    return lines


def seed_source(learner: str | None, seed: int | None, lang: str) -> str:
    """The locked cell that holds the learner's seed (``None``: the bank's exercises)."""
    with language(lang):
        if learner is None or seed is None:
            note = str(CORE("the exercises as the kit's bank has them (no learner's variant)"))
            return f"# {note}\n{SEED_NAME} = None"
        note = str(
            CORE(
                "your own variant of the exercises, {learner}: do not change this cell",
                learner=learner,
            )
        )
        return f"# {note}\n{SEED_NAME} = {seed}"


@dataclass(frozen=True)
class Test:
    """One test of an exercise: its points and whether only the exact answer passes."""

    name: str
    points: float
    exact: bool


def tests(ex: Exercise) -> list[Test]:
    """The tests of an exercise: ``accepted`` (an estimate or the exact answer) and
    ``exact`` where estimates count, else ``exact`` alone."""
    points = parts(ex)
    if len(points) == 1:
        return [Test(f"{ex.id}-exact", points[0], True)]
    return [Test(f"{ex.id}-accepted", points[0], False), Test(f"{ex.id}-exact", points[1], True)]


def test_lines(ex: Exercise, test: Test, lang: str) -> list[str]:
    """The body of a test: the kit's verdict, asserted with its feedback."""
    games = f", games={variable(ex, 'games')}" if ex.estimates else ""
    return [
        "from gamekit.teacher import verdict",
        "",
        f"passed, feedback = verdict({ex.id!r}, {variable(ex)}{games}, seed={SEED_NAME}, "
        f"lang={lang!r}, exact={test.exact})",
        "assert passed, feedback",
    ]


def test_arguments(ex: Exercise) -> list[str]:
    """The notebook variables a test reads."""
    names = [variable(ex)] + ([variable(ex, "games")] if ex.estimates else [])
    return [*names, SEED_NAME]


def solution_line(ex: Exercise) -> str:
    """The exact answer of the bank's exercise as the solution writes it."""
    return f"{variable(ex)} = {solution(ex.id)}"


def tagged(role: str, **more: Any) -> dict[str, Any]:
    """The metadata that marks a cell the kit rewrites for a learner."""
    return {"gamekit": {"role": role, **more}}
