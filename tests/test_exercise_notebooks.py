"""The exercise notebooks: one answer name per exercise, solutions out of the students'
folder, links that resolve, and the wording the checker relies on.

(nbval runs the notebooks themselves; see pyproject.toml.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gamekit.exercises import EXERCISES, load_banks

load_banks()
BANKS = {ex_id.split("-")[0] for ex_id in EXERCISES}

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "exercises"
TITLES = ("knock-knock", "hats", "boo-party", "bloody-inn")
STUDENT = [FOLDER / f"{t}.ipynb" for t in TITLES]
SOLUTIONS = [FOLDER / "solutions" / f"{t}-solutions.ipynb" for t in TITLES]
NOTEBOOKS = STUDENT + SOLUTIONS


def answer_name(exercise_id: str) -> str:
    return "answer_" + exercise_id.replace("-", "_")


def sections(path: Path) -> dict[str, list[str]]:
    """Exercise id -> the code of the cells of its section (from its "## id" heading)."""
    cells = json.loads(path.read_text())["cells"]
    out: dict[str, list[str]] = {}
    current = None
    for cell in cells:
        text = "".join(cell["source"])
        heading = re.match(r"## ([a-z]+-\d+) · ", text)
        if cell["cell_type"] == "markdown" and heading:
            current = heading.group(1)
            out[current] = []
        elif cell["cell_type"] == "code" and current is not None:
            out[current].append(text)
    return out


def code_only(text: str) -> str:
    return "\n".join(line.split("#", 1)[0] for line in text.splitlines())


def test_solutions_live_out_of_the_students_folder() -> None:
    assert all(p.exists() for p in NOTEBOOKS)
    assert not list(FOLDER.glob("*solutions*.ipynb")), "the students' folder holds no solution"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_each_exercise_keeps_its_answer_in_its_own_name(path: Path) -> None:
    found = sections(path)
    prefix = {"knock-knock": "kk", "hats": "hats", "boo-party": "boo", "bloody-inn": "inn"}[
        path.stem.removesuffix("-solutions")
    ]
    assert sorted(found) == sorted(i for i in EXERCISES if i.startswith(prefix + "-"))
    for exercise_id, cells in found.items():
        code = code_only("\n".join(cells))
        assert not re.search(r"\banswer\b", code), f"{exercise_id}: a bare `answer`"
        names = set(re.findall(r"\banswer_\w+", code))
        assert names == {answer_name(exercise_id)}, f"{exercise_id} uses {names}"
        assert f'check("{exercise_id}", {answer_name(exercise_id)})' in code


@pytest.mark.parametrize("path", STUDENT, ids=lambda p: p.name)
def test_student_stubs_and_estimates_state_their_games(path: Path) -> None:
    for exercise_id, cells in sections(path).items():
        assert f"{answer_name(exercise_id)} = ..." in cells[0]
        for code in cells:
            if f'check("{exercise_id}", simulated' in code and "estimate(" not in code:
                assert f'check("{exercise_id}", simulated, games=games)' in code


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_links_resolve_from_the_notebook_folder(path: Path) -> None:
    text = path.read_text()
    for target in re.findall(r"\]\(([^)#]+\.ipynb)\)", text):
        assert (path.parent / target).resolve().exists(), target
    if path in STUDENT:
        assert "solutions.ipynb" not in text, "a student notebook links to no solution file"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_questions_are_the_banks_questions(path: Path) -> None:
    text = "".join(
        "".join(c["source"])
        for c in json.loads(path.read_text())["cells"]
        if c["cell_type"] == "markdown"
    )
    for exercise_id in sections(path):
        assert EXERCISES[exercise_id].question in text
    assert "±" not in text, "estimates are judged by their number of games, not a fixed ±"


def test_the_wording_the_answers_rely_on() -> None:
    assert "face up on top of the pile: count it as unseen" in EXERCISES["inn-4"].question
    assert "last Vision is played in full" in EXERCISES["boo-5"].question
