"""The wheel carries the whole kit: built, installed with only the lessons' extra in a fresh
virtual environment, it runs the first lesson.

Select it with ``./kit test -m wheel`` (leave it out with ``-m "not wheel"``). It builds the
wheel from a copy of the sources (``pip wheel --no-deps``), makes a virtual environment,
installs the wheel with the ``jupyter`` extra and the versions of ``requirements-tested.txt``
as constraints (pip finds the packages in its cache, or in its index; ``KIT_WHEEL_PIP_ARGS``
adds options, e.g. ``--no-index --find-links /some/wheels`` on a machine with no network;
``KIT_WHEEL_PYTHON`` names another Python for that environment, e.g. ``python3.13``),
then executes ``notebooks/00-start-here.ipynb`` there with nbclient, away from the sources.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "notebooks" / "00-start-here.ipynb"
CONSTRAINTS = ROOT / "requirements-tested.txt"
SOURCES = [
    "pyproject.toml",
    "setup.py",
    "README.md",
    "LICENSE",
    "NOTICE.md",
    "gamekit",
    "docs",
]
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")

pytestmark = [pytest.mark.wheel, pytest.mark.slow]


def run(*command: str | Path, cwd: Path | None = None, timeout: float = 600) -> str:
    """Run a command; its output, or a failure that shows it."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", JUPYTER_PLATFORM_DIRS="1", PYTHONUTF8="1")
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def setuptools_can_build() -> bool:
    """Whether this environment's setuptools meets pyproject's build requirement (offline build)."""
    try:
        from importlib.metadata import version

        major = int(version("setuptools").split(".")[0])
    except Exception:  # noqa: BLE001 - no setuptools, or an odd version: build in isolation
        return False
    return major >= 77


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a clean copy of the sources (no stale build/ reused)."""
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=SKIP)
        else:
            shutil.copy2(path, source / name)
    out = tmp_path_factory.mktemp("wheel")
    isolation = ["--no-build-isolation"] if setuptools_can_build() else []
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "-w", out, source)
    (built,) = out.glob("gamekit-*.whl")
    return built


def wheel_files(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_the_wheel_carries_data_docs_and_licence(wheel: Path) -> None:
    files = wheel_files(wheel)
    assert "gamekit/py.typed" in files, "outside packages may type-check against the kit"
    assert "gamekit/simulation/runs.py" in files, "simulation is a package"
    assert not [f for f in files if "bench" in f], "the speed table is the maintainers' own"
    for static in sorted((ROOT / "gamekit" / "widgets" / "static").iterdir()):
        assert f"gamekit/widgets/static/{static.name}" in files
    title_files = [*(ROOT / "gamekit" / "titles").glob("*/*.csv")]
    title_files += [*(ROOT / "gamekit" / "titles").glob("*/*.js")]
    assert len(title_files) >= 5, "the card list and a board module per title"
    for data in title_files:
        assert data.relative_to(ROOT).as_posix() in files
    pages = sorted((ROOT / "docs").glob("rules/**/*.md"))
    assert len(pages) >= 8, "English and French rules pages"
    for page in [ROOT / "docs" / "api.md", *pages]:
        assert "gamekit/docs/" + page.relative_to(ROOT / "docs").as_posix() in files
    licences = {name.rsplit("/", 1)[-1] for name in files if "dist-info/licenses/" in name}
    assert {"LICENSE", "NOTICE.md"} <= licences
    metadata = next(name for name in files if name.endswith("dist-info/METADATA"))
    with zipfile.ZipFile(wheel) as archive:
        text = archive.read(metadata).decode("utf-8")
    assert "License-Expression: BSD-3-Clause" in text
    assert "Requires-Python: >=3.11" in text


def test_the_wheel_carries_the_docs_the_notebooks_name(wheel: Path) -> None:
    files = wheel_files(wheel)
    named: set[str] = set()
    for notebook in [*ROOT.glob("notebooks/**/*.ipynb"), *ROOT.glob("exercises/*.ipynb")]:
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            named.update(re.findall(r"docs/[\w/.-]+\.md", "".join(cell["source"])))
    assert named, "the notebooks name the rules pages"
    missing = sorted(d for d in named if "gamekit/" + d not in files)
    assert not missing, f"named by the notebooks but not in the wheel: {missing}"


def test_the_first_lesson_runs_from_the_wheel_with_only_the_jupyter_extra(
    wheel: Path, tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    run(os.environ.get("KIT_WHEEL_PYTHON", sys.executable), "-m", "venv", venv)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    extra = shlex.split(os.environ.get("KIT_WHEEL_PIP_ARGS", ""))
    run(python, "-m", "pip", "install", "--progress-bar", "off", "--no-compile",
        "-c", CONSTRAINTS, *extra, f"{wheel}[jupyter]")  # fmt: skip
    installed = run(python, "-m", "pip", "list", "--format=freeze")
    for absent in ("pytest", "dask", "open[-_]spiel", "rlcard", "playwright"):
        assert not re.search(rf"^{absent}==", installed, flags=re.M | re.I), absent

    check = (
        "import importlib.resources as r, gamekit, gamekit.widgets\n"
        "print(gamekit.__file__)\n"
        "docs = r.files('gamekit.docs')\n"
        "assert 'Toc Toc Toc' in (docs / 'rules/fr/knock-knock.md').read_text(encoding='utf-8')\n"
        "assert (r.files('gamekit.widgets') / 'static/table.js').is_file()\n"
    )
    where = run(python, "-c", check, cwd=tmp_path)
    assert str(venv) in where, f"gamekit came from {where!r}, not from the wheel"

    lesson = tmp_path / "lesson"
    lesson.mkdir()
    shutil.copy2(LESSON, lesson / LESSON.name)
    execute = (
        "import sys, nbformat\n"
        "from nbclient import NotebookClient\n"
        "nb = nbformat.read(sys.argv[1], as_version=4)\n"
        "NotebookClient(nb, timeout=300, kernel_name='python3',\n"
        "               resources={'metadata': {'path': sys.argv[2]}}).execute()\n"
        "errors = [o for c in nb.cells for o in c.get('outputs', [])\n"
        "          if o.get('output_type') == 'error']\n"
        "assert not errors, errors\n"
        "print(sum(c.cell_type == 'code' for c in nb.cells), 'cells ran')\n"
    )
    ran = run(python, "-c", execute, lesson / LESSON.name, lesson, cwd=lesson)
    assert "cells ran" in ran
