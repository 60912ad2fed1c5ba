"""otter-grader: a master notebook per title in ``otter assign``'s format, then the
student notebook and the autograder zip that ``otter assign`` writes from it.

    OUT/knock-knock/knock-knock.ipynb              the master (questions, solutions, tests)
    OUT/knock-knock/dist/student/knock-knock.ipynb the learners' notebook
    OUT/knock-knock/dist/autograder/knock-knock-autograder.zip   for ``otter run`` / Gradescope
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gamekit.exercises import Exercise
from gamekit.teacher import cells, nb


def config(name: str) -> str:
    """The assignment's configuration cell (exception-based tests, no run at assign time:
    the kit's own tests run otter on the solutions)."""
    return "\n".join(
        [
            "# ASSIGNMENT CONFIG",
            f"name: {name}",
            "init_cell: true",
            "check_all_cell: false",
            "export_cell: false",
            "run_tests: false",
            "tests:",
            "  ok_format: false",
        ]
    )


def master(name: str, heading: str, exercises: Sequence[Exercise], lang: str) -> Any:
    """The master notebook of one title's exercises."""
    book = nb.notebook(
        [
            nb.raw(config(name)),
            nb.markdown(heading),
            nb.code(cells.SETUP),
            nb.code(
                cells.seed_source(None, None, lang),
                metadata={**cells.LOCKED, **cells.tagged("seed")},
            ),
        ]
    )
    for ex in exercises:
        book.cells += question(ex, lang)
    return book


def question(ex: Exercise, lang: str) -> list[Any]:
    """One exercise in otter's format: question, solution, tests."""
    points = [test.points for test in cells.tests(ex)]
    answer = cells.answer_lines(ex, lang)
    answer[1] = cells.solution_line(ex) + "  # SOLUTION"
    out = [
        nb.raw(f"# BEGIN QUESTION\nname: {ex.id}\npoints: {points}"),
        nb.markdown(
            cells.question_markdown(ex, None, lang),
            metadata=cells.tagged("question", exercise=ex.id),
        ),
        nb.raw("# BEGIN SOLUTION"),
        nb.code("\n".join(answer)),
        nb.raw("# END SOLUTION"),
        nb.raw("# BEGIN TESTS"),
    ]
    for test in cells.tests(ex):
        name = "test_" + test.name.replace("-", "_")
        body = "\n".join("    " + line if line else "" for line in cells.test_lines(ex, test, lang))
        out.append(nb.code(f"def {name}({', '.join(cells.test_arguments(ex))}):\n{body}"))
    out += [nb.raw("# END TESTS"), nb.raw("# END QUESTION")]
    return out


def write(
    folder: Path, name: str, heading: str, exercises: Sequence[Exercise], lang: str
) -> tuple[Path, Path]:
    """Write the master into ``folder`` and run ``otter assign``: the student notebook
    and the autograder zip (renamed ``NAME-autograder.zip``)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.ipynb"
    nb.write(master(name, heading, exercises, lang), path)
    dist = folder / "dist"
    run([sys.executable, "-m", "otter", "assign", "--no-pdfs", path.name, "dist"], folder)
    zips = sorted((dist / "autograder").glob(f"{name}-autograder_*.zip"))
    if not zips:
        raise RuntimeError(f"otter assign wrote no autograder zip in {dist / 'autograder'}")
    autograder = zips[-1].rename(dist / "autograder" / f"{name}-autograder.zip")
    return dist / "student" / path.name, autograder


def run(command: list[str], cwd: Path) -> None:
    """Run a grading tool with this Python's scripts first on the path (nbgrader runs
    ``alembic``); its output in a ``RuntimeError`` when it fails."""
    module = command[2]
    if importlib.util.find_spec(module) is None:
        raise RuntimeError(
            f"{module} is not installed here: pip install 'gamekit[grading]' brings "
            "otter-grader and nbgrader"
        )
    scripts = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": os.pathsep.join([scripts, os.environ.get("PATH", "")])}
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = (done.stdout + done.stderr).strip().splitlines()[-15:]
        raise RuntimeError(f"{' '.join(command[2:4])} failed:\n" + "\n".join(tail))
