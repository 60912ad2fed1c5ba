"""nbgrader: the same questions with nbgrader's cell metadata (a solution cell per
answer, graded and locked test cells) in a course's ``source/`` folder.

    OUT/nbgrader_config.py                  written when missing (the answer stub)
    OUT/source/ASSIGNMENT/knock-knock.ipynb ready for ``nbgrader generate_assignment``
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gamekit.exercises import Exercise
from gamekit.teacher import cells, nb
from gamekit.teacher.otter_format import run

CONFIG = """\
# nbgrader's configuration for this course (written by gamekit assign).
c = get_config()  # noqa: F821 - nbgrader defines it
# An answer cell keeps "answer_... = ..." above the solution: nothing replaces the solution.
c.ClearSolutions.code_stub = {"python": ""}
"""


def graded(grade_id: str, *, solution: bool, points: float | None = None) -> dict[str, Any]:
    """nbgrader's metadata of a solution cell or of a graded, locked test cell."""
    meta: dict[str, Any] = {
        "grade": points is not None,
        "grade_id": grade_id,
        "locked": not solution,
        "schema_version": 3,
        "solution": solution,
        "task": False,
    }
    if points is not None:
        meta["points"] = points
    return {"nbgrader": meta}


def notebook(heading: str, exercises: Sequence[Exercise], lang: str) -> Any:
    """The source notebook of one title's exercises."""
    book = nb.notebook(
        [
            nb.markdown(heading),
            nb.code(cells.SETUP),
            nb.code(
                cells.seed_source(None, None, lang),
                metadata={**cells.LOCKED, **cells.tagged("seed")},
            ),
        ]
    )
    for ex in exercises:
        answer = cells.answer_lines(ex, lang)
        answer += ["### BEGIN SOLUTION", cells.solution_line(ex), "### END SOLUTION"]
        book.cells += [
            nb.markdown(
                cells.question_markdown(ex, None, lang),
                metadata=cells.tagged("question", exercise=ex.id),
            ),
            nb.code("\n".join(answer), metadata=graded(f"answer-{ex.id}", solution=True)),
        ]
        for test in cells.tests(ex):
            book.cells.append(
                nb.code(
                    "\n".join(cells.test_lines(ex, test, lang)),
                    metadata=graded(f"test-{test.name}", solution=False, points=test.points),
                )
            )
    return book


def write(
    course: Path, assignment: str, name: str, heading: str, exercises: Sequence[Exercise], lang: str
) -> Path:
    """Write the source notebook (and ``nbgrader_config.py`` when the course has none)."""
    folder = course / "source" / assignment
    folder.mkdir(parents=True, exist_ok=True)
    config = course / "nbgrader_config.py"
    if not config.exists():
        config.write_text(CONFIG, encoding="utf-8")
    path = folder / f"{name}.ipynb"
    nb.write(notebook(heading, exercises, lang), path)
    return path


def generate(course: Path, assignment: str) -> Path:
    """Run ``nbgrader generate_assignment``: the learners' version in ``release/``."""
    command = [sys.executable, "-m", "nbgrader", "generate_assignment", assignment, "--force"]
    run(command, course)
    return course / "release" / assignment
