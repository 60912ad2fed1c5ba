"""Run code in a fresh Python that cannot import pandas or NumPy (as the browser build):
the tests of the kit's pandas-free paths share it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

NO_PANDAS = r"""
import importlib.abc, sys

class NoPandas(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pandas", "numpy"):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None

sys.meta_path.insert(0, NoPandas())
"""
"""A prelude that makes pandas and NumPy unimportable."""


def run_python(code: str, *args: str, cwd: Path | None = None, timeout: float = 300) -> Any:
    """Run ``code`` (which prints one JSON line last) in a fresh Python with this
    process's import path; what that line says. A failing run fails the test."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    env.pop("PYTEST_CURRENT_TEST", None)
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        cwd=cwd,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_without_pandas(code: str, *args: str, timeout: float = 300) -> Any:
    """:func:`run_python` with pandas and NumPy blocked first."""
    return run_python(NO_PANDAS + code, *args, timeout=timeout)
