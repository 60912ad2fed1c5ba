"""The exercise notebooks, English and French (``exercises/fr``): one answer name per
exercise, solutions out of the students' folder, links that resolve, and the wording the
checker relies on.

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
FR_FOLDER = FOLDER / "fr"
FR_NAMES = {
    "knock-knock": "toc-toc-toc",
    "hats": "hats",
    "boo-party": "boo-party",
    "bloody-inn": "auberge-sanglante",
}
"""Title -> the name of its French notebooks: ``<name>.ipynb`` and
``solutions/<name>-corriges.ipynb``."""
FR_STUDENT = [FR_FOLDER / f"{FR_NAMES[t]}.ipynb" for t in TITLES]
FR_SOLUTIONS = [FR_FOLDER / "solutions" / f"{FR_NAMES[t]}-corriges.ipynb" for t in TITLES]
FRENCH = FR_STUDENT + FR_SOLUTIONS
NOTEBOOKS = STUDENT + SOLUTIONS + FRENCH
PREFIX = {"knock-knock": "kk", "hats": "hats", "boo-party": "boo", "bloody-inn": "inn"}


def prefix_of(path: Path) -> str:
    """The exercise id prefix of a notebook, English or French."""
    stem = path.stem.removesuffix("-solutions").removesuffix("-corriges")
    title = {v: k for k, v in FR_NAMES.items()}.get(stem, stem) if path in FRENCH else stem
    return PREFIX[title]


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
    assert not list(FR_FOLDER.glob("*corrige*.ipynb")), "the students' folder holds no solution"
    assert sorted(FR_FOLDER.rglob("*.ipynb")) == sorted(FRENCH), "every French notebook is tested"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_each_exercise_keeps_its_answer_in_its_own_name(path: Path) -> None:
    found = sections(path)
    prefix = prefix_of(path)
    assert sorted(found) == sorted(i for i in EXERCISES if i.startswith(prefix + "-"))
    for exercise_id, cells in found.items():
        code = code_only("\n".join(cells))
        assert not re.search(r"\banswer\b", code), f"{exercise_id}: a bare `answer`"
        names = set(re.findall(r"\banswer_\w+", code))
        assert names == {answer_name(exercise_id)}, f"{exercise_id} uses {names}"
        assert f'check("{exercise_id}", {answer_name(exercise_id)})' in code


@pytest.mark.parametrize("path", STUDENT + FR_STUDENT, ids=lambda p: p.name)
def test_student_stubs_and_estimates_state_their_games(path: Path) -> None:
    for exercise_id, cells in sections(path).items():
        assert f"{answer_name(exercise_id)} = ..." in cells[0]
        for code in cells:
            if f'check("{exercise_id}", simulated' in code and "estimate(" not in code:
                assert f'check("{exercise_id}", simulated, games=games)' in code


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_links_resolve_from_the_notebook_folder(path: Path) -> None:
    text = path.read_text()
    for target in re.findall(r"\]\(([^)#]+\.(?:ipynb|md))\)", text):
        assert (path.parent / target).resolve().exists(), target
    if path in STUDENT + FR_STUDENT:
        assert "solutions.ipynb" not in text, "a student notebook links to no solution file"
        assert "corriges.ipynb" not in text, "a student notebook links to no solution file"


@pytest.mark.parametrize("path", STUDENT + SOLUTIONS, ids=lambda p: p.name)
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


def markdown_of_sections(path: Path) -> dict[str, str]:
    """Exercise id -> the markdown of its section."""
    out: dict[str, str] = {}
    current = None
    for cell in json.loads(path.read_text())["cells"]:
        text = "".join(cell["source"])
        heading = re.match(r"## ([a-z]+-\d+) · ", text)
        if cell["cell_type"] == "markdown" and heading:
            current = heading.group(1)
        if cell["cell_type"] == "markdown" and current is not None:
            out[current] = out.get(current, "") + text
    return out


@pytest.mark.parametrize("path", FRENCH, ids=lambda p: p.name)
def test_french_questions_keep_the_banks_numbers(path: Path) -> None:
    """A French question is written for French learners, not copied: it states every number
    of the bank's question (the one the checker grades)."""
    for exercise_id, text in markdown_of_sections(path).items():
        question = str(EXERCISES[exercise_id].question)
        missing = set(re.findall(r"\d+", question)) - set(re.findall(r"\d+", text))
        assert not missing, f"{exercise_id}: the French question lacks {sorted(missing)}"


@pytest.mark.parametrize("path", FRENCH, ids=lambda p: p.name)
def test_french_notebooks_speak_french_from_the_first_cell(path: Path) -> None:
    cells = json.loads(path.read_text())["cells"]
    first = next("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert first.startswith('import gamekit\n\ngamekit.set_language("fr")'), first[:80]
    prose = CODE_OR_LINK.sub(
        "", "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    )
    assert not re.search(r" [:;!?»]", prose), "a plain space before : ; ! ? or »"
    assert not re.search(r"[^\s\u202f\u00a0][;!?]", prose), "no space before ; ! ?"
    assert "'" not in prose, "a typewriter apostrophe in the prose (use ’)"
    assert re.search(
        r"\]\([./]+docs/rules/fr/[a-z-]+\.md\)", "".join("".join(c["source"]) for c in cells)
    ), "the notebook links its French rules page"


CODE_OR_LINK = re.compile(r"```.*?```|`[^`]*`|\]\([^)]*\)", re.DOTALL)


def test_the_french_guide_links_resolve() -> None:
    guide = FR_FOLDER / "README.md"
    text = guide.read_text()
    targets = re.findall(r"\]\(([^)#]+)\)", text)
    assert {p.relative_to(FR_FOLDER).as_posix() for p in FRENCH} <= set(targets)
    for target in targets:
        assert (guide.parent / target).resolve().exists(), target
