"""Notebooks as the teacher's desk writes them: nbformat's v4 cells behind typed helpers.

>>> cell = code("x = 1", {"editable": False})
>>> cell.cell_type, cell.source, cell.metadata["editable"]
('code', 'x = 1', False)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat

KERNEL = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
_V4: Any = nbformat.v4
_FORMAT: Any = nbformat


def notebook(cells: list[Any]) -> Any:
    """A Python 3 notebook of these cells."""
    meta = {"kernelspec": KERNEL, "language_info": {"name": "python"}}
    return _V4.new_notebook(cells=cells, metadata=meta)


def code(source: str, metadata: dict[str, Any] | None = None) -> Any:
    """A code cell."""
    return _V4.new_code_cell(source, metadata=metadata or {})


def markdown(source: str, metadata: dict[str, Any] | None = None) -> Any:
    """A Markdown cell."""
    return _V4.new_markdown_cell(source, metadata=metadata or {})


def raw(source: str) -> Any:
    """A raw cell (otter's markers)."""
    return _V4.new_raw_cell(source)


def read(path: Path) -> Any:
    """A notebook file, as version 4."""
    return _FORMAT.read(path, as_version=4)


def write(notebook: Any, path: Path) -> None:
    """Write a notebook file."""
    _FORMAT.write(notebook, path)
