"""Committed notebooks stay valid, small, offline and honestly checked.

The notebooks themselves run under nbval (see pyproject.toml and conftest.py);
these tests check what nbval cannot see in the files.
"""

from __future__ import annotations

import json
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
        if "# NBVAL_CHECK_OUTPUT" in "".join(cell["source"]) and not cell.get("outputs")
    ]
    assert not empty, f"code cells {empty} are marked NBVAL_CHECK_OUTPUT but store no output"
