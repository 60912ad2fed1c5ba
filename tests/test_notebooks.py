"""Committed notebooks stay valid, small, offline and honestly checked.

The notebooks themselves run under nbval (see pyproject.toml and conftest.py);
these tests check what nbval cannot see in the files.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(
    p
    for folder in ("notebooks", "exercises")
    for p in (ROOT / folder).rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)
MAX_BYTES = 300_000
CHECKED_TAG = "nbval-check-output"
IDS = [str(p.relative_to(ROOT)) for p in NOTEBOOKS]


def outputs_text(nb: dict[str, Any]) -> str:
    """All stored outputs of a notebook as one JSON string."""
    outputs = [c.get("outputs", []) for c in nb["cells"] if c["cell_type"] == "code"]
    return json.dumps(outputs)


def test_the_start_here_notebook_exists() -> None:
    assert ROOT / "notebooks" / "00-start-here.ipynb" in NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_is_valid_and_small(path: Path) -> None:
    assert path.stat().st_size < MAX_BYTES, f"{path.name} is over {MAX_BYTES // 1000} kB"
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_carries_no_widget_state_or_cdn(path: Path) -> None:
    nb = json.loads(path.read_text())
    assert "widgets" not in nb.get("metadata", {}), "clear the saved widget state"
    text = outputs_text(nb)
    assert "application/vnd.jupyter.widget-state+json" not in text
    assert "cdn.jsdelivr.net" not in text and "unpkg.com" not in text, "outputs load a CDN"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_checked_cells_have_stored_outputs(path: Path) -> None:
    nb = json.loads(path.read_text())
    empty = [
        i
        for i, cell in enumerate(c for c in nb["cells"] if c["cell_type"] == "code")
        if CHECKED_TAG in cell.get("metadata", {}).get("tags", []) and not cell.get("outputs")
    ]
    assert not empty, f"code cells {empty} are tagged {CHECKED_TAG} but store no output"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_nbval_markers_live_in_cell_tags_out_of_the_learners_sight(path: Path) -> None:
    nb = json.loads(path.read_text())
    marked = [
        i
        for i, cell in enumerate(nb["cells"])
        if "NBVAL_" in "".join(cell["source"]) or "PYTEST_VALIDATE" in "".join(cell["source"])
    ]
    assert not marked, f"cells {marked} show an nbval comment; use the cell tag {CHECKED_TAG}"


def _notebook(cells: list[str]) -> str:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    return nbformat.writes(nb)


def test_a_notebook_runs_whole_on_one_worker(tmp_path: Path) -> None:
    """Under pytest-xdist a notebook's cells share one kernel; browser tests one worker."""
    import shutil
    import subprocess
    import sys

    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    cells = ["import os\nworker = os.environ['PYTEST_XDIST_WORKER']\nstep = 0"]
    cells += [
        f"assert step == {i} and os.environ['PYTEST_XDIST_WORKER'] == worker\nstep += 1"
        for i in range(5)
    ]
    for name in ("a",):
        (tmp_path / f"{name}.ipynb").write_text(_notebook(cells))
    browser = tmp_path / "tests" / "browser"
    browser.mkdir(parents=True)
    (browser / "test_pages.py").write_text(
        "import os\n\nSEEN = set()\n\n"
        + "".join(
            f"def test_page_{i}():\n    SEEN.add(os.environ['PYTEST_XDIST_WORKER'])\n"
            f"    assert len(SEEN) == 1\n\n"
            for i in range(4)
        )
    )
    (tmp_path / "test_spread.py").write_text(
        "".join(f"def test_{i}():\n    pass\n\n" for i in range(4))
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-n",
            "2",
            "-p",
            "no:cacheprovider",
            "--nbval-lax",
            "--nbval-current-env",
            "-q",
            "--rootdir",
            str(tmp_path),
            "-c",
            "/dev/null",
            ".",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "14 passed" in result.stdout
    assert "notebook times" in result.stdout


ANALYSES = [p for p in NOTEBOOKS if p.name.endswith(("-analysis.ipynb", "-analyse.ipynb"))]
"""The analyses, in English (``-analysis``) and in French (``-analyse``)."""
FRENCH_EXERCISES = [p for p in NOTEBOOKS if p.is_relative_to(ROOT / "exercises" / "fr")]
"""The French exercise notebooks: their prose types no number either (the facts they
recall are asserted in their first code cell)."""
CODE_SPAN = re.compile(r"```.*?```|`[^`]*`", re.DOTALL)
HAND_TYPED = re.compile(
    r"(?<![\w.])\d+\.\d+(?!\.\d)"  # a decimal: 0.44, 63.5F
    r"|(?<![\w.])\.\d+\b"  # .44
    r"|(?<![\d.])(?<!à\s)\d+(?:\.\d+)?\s?(?:%|percent\b|per cent\b)"  # a percentage ...
    r"(?!\s?(?:Wilson\s)?(?:interval|funnel|confidence))"  # ... not "95% interval", "à 95 %"
    r"|(?<![\w,])\d+,\d+(?=\s?%)"  # a French decimal percentage: 12,5 %
)
"""A number typed into prose: a decimal or a percentage (not "95% interval", nor the French
"intervalle à 95 %")."""


def hand_typed(markdown: str) -> list[str]:
    """The decimals and percentages of a markdown text, outside code spans."""
    return [m.group(0) for m in HAND_TYPED.finditer(CODE_SPAN.sub("", markdown))]


def test_hand_typed_finds_decimals_and_percentages() -> None:
    found = hand_typed("seat 0 wins 0.44, seat 3 19 % and 62%, 63.5F; Ruling H7")
    assert found == ["0.44", "19 %", "62%", "63.5"]
    assert hand_typed("`0.44` in code, 1/4, a 95% interval, a 95% Wilson interval, p `0.9`") == []
    assert hand_typed("l’intervalle à 95\u00a0%, l’entonnoir à 95 %") == []
    assert hand_typed("la place 0 gagne 44\u00a0% des parties") == ["44\u00a0%"]


@pytest.mark.parametrize(
    "path",
    ANALYSES + FRENCH_EXERCISES,
    ids=[str(p.relative_to(ROOT)) for p in ANALYSES + FRENCH_EXERCISES],
)
def test_analysis_prose_types_no_numbers(path: Path) -> None:
    """Numbers in an analysis come from code: printed from the data or asserted."""
    nb = json.loads(path.read_text())
    found = {
        i: hand_typed("".join(c["source"]))
        for i, c in enumerate(nb["cells"])
        if c["cell_type"] == "markdown"
    }
    found = {i: numbers for i, numbers in found.items() if numbers}
    assert not found, f"markdown cells type numbers (print them from the data): {found}"


FRENCH_LESSONS = sorted((ROOT / "notebooks" / "fr").glob("*.ipynb"))


@pytest.mark.parametrize("path", FRENCH_LESSONS, ids=[p.name for p in FRENCH_LESSONS])
def test_french_readme_lists_every_french_lesson(path: Path) -> None:
    readme = (ROOT / "notebooks" / "fr" / "README.md").read_text()
    assert f"]({path.name})" in readme, f"notebooks/fr/README.md does not list {path.name}"


ENGLISH_LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


@pytest.mark.parametrize("path", ENGLISH_LESSONS, ids=[p.name for p in ENGLISH_LESSONS])
def test_every_english_lesson_has_a_french_version(path: Path) -> None:
    """notebooks/NN-name.ipynb has notebooks/fr/NN-nom.ipynb (the same number)."""
    french = [p.name for p in FRENCH_LESSONS if p.name[:3] == path.name[:3]]
    assert len(french) == 1, f"{path.name}: French versions {french} (one expected)"
    if path.name.endswith("-analysis.ipynb"):
        assert french[0].endswith("-analyse.ipynb")


@pytest.mark.parametrize("path", FRENCH_LESSONS, ids=[p.name for p in FRENCH_LESSONS])
def test_french_lesson_speaks_french(path: Path) -> None:
    """A French lesson sets the kit's language to French before it plays."""
    nb = json.loads(path.read_text())
    code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert 'gamekit.set_language("fr")' in code


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_shipped_notebooks_hold_no_widget_outputs(path: Path) -> None:
    from gamekit.widgets.saving import TABLE_REPR, WIDGET_VIEW

    text = path.read_text()
    assert WIDGET_VIEW not in text and TABLE_REPR not in text, "strip the table's outputs"


def test_the_pre_save_hook_strips_widget_outputs() -> None:
    from gamekit.widgets.saving import TABLE_REPR, WIDGET_VIEW, pre_save_hook

    table = {"data": {WIDGET_VIEW: {"model_id": "x"}, "text/plain": [TABLE_REPR + " 0x1>"]}}
    dead = {"data": {"text/plain": TABLE_REPR + " 0x2>"}, "output_type": "execute_result"}
    kept = {"data": {"text/plain": "42"}, "output_type": "execute_result"}
    content = {"cells": [{"cell_type": "code", "outputs": [table, kept, dead]}],
               "metadata": {"widgets": {}}}  # fmt: skip
    pre_save_hook({"type": "notebook", "content": content})
    assert content == {"cells": [{"cell_type": "code", "outputs": [kept]}], "metadata": {}}
