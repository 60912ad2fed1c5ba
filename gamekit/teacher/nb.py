"""Notebooks as the teacher's desk writes them: nbformat's v4 cells behind typed helpers.

nbformat is imported when a notebook is first made, read or written, so that
``gamekit.teacher`` (and ``gamekit.load_games``) import where it is absent: the browser
build has no nbformat.

>>> cell = code("x = 1", {"editable": False})
>>> cell.cell_type, cell.source, cell.metadata["editable"]
('code', 'x = 1', False)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

KERNEL = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def _format() -> Any:
    """nbformat, imported on first use."""
    import nbformat

    return nbformat


def notebook(cells: list[Any]) -> Any:
    """A Python 3 notebook of these cells."""
    meta = {"kernelspec": KERNEL, "language_info": {"name": "python"}}
    return _format().v4.new_notebook(cells=cells, metadata=meta)


def code(source: str, metadata: dict[str, Any] | None = None) -> Any:
    """A code cell."""
    return _format().v4.new_code_cell(source, metadata=metadata or {})


def markdown(source: str, metadata: dict[str, Any] | None = None) -> Any:
    """A Markdown cell."""
    return _format().v4.new_markdown_cell(source, metadata=metadata or {})


def raw(source: str) -> Any:
    """A raw cell (otter's markers)."""
    return _format().v4.new_raw_cell(source)


def read(path: Path) -> Any:
    """A notebook file, as version 4."""
    return _format().read(path, as_version=4)


def write(notebook: Any, path: Path) -> None:
    """Write a notebook file."""
    _format().write(notebook, path)
