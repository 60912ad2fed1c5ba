"""Execute notebooks in place, the way the kit stores them: ``python tools/run_notebooks.py NB``.

Each notebook runs in its own folder with this checkout first on ``sys.path``; its
outputs are saved, then what would make the file noisy or heavy is removed: the
per-cell execution timestamps, the saved widget state and the tables' outputs (the
tests refuse them).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from gamekit.widgets.saving import strip_widget_outputs

ROOT = Path(__file__).resolve().parent.parent


def run(path: Path, timeout: int) -> None:
    """Execute ``path`` in place and clean what the execution added."""
    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    paths = [str(ROOT), os.environ.get("PYTHONPATH", "")]
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    where = {"metadata": {"path": str(path.parent)}}
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", resources=where)
    client.execute()
    nb.metadata.pop("widgets", None)
    strip_widget_outputs(nb)  # a reopened notebook would show a dead table
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)  # type: ignore[no-untyped-call]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    args = parser.parse_args(argv)
    for path in args.notebooks:
        print(f"running {path}", file=sys.stderr)
        run(path.resolve(), args.timeout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
