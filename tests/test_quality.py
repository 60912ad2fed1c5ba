"""Code quality gates, run as tests: ruff lint and format, mypy --strict (gamekit, widgets)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    """Run a tool of this environment from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_lint_is_clean() -> None:
    result = run_tool("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = run_tool("ruff", "format", "--check", "--no-cache", ".")
    assert result.returncode == 0, "run 'ruff format .':\n" + result.stdout + result.stderr


def test_mypy_strict_is_clean() -> None:
    result = run_tool("mypy", "--strict", "gamekit")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean_on_the_widgets(tmp_path: Path) -> None:
    """``widgets/`` installs as ``gamekit.widgets``: check it in that place.

    mypy does not follow the package-dir mapping of pyproject.toml, so a
    temporary ``gamekit`` links every module of the package plus ``widgets``.
    """
    package = tmp_path / "gamekit"
    package.mkdir()
    for entry in (ROOT / "gamekit").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    (package / "widgets").symlink_to(ROOT / "widgets")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(tmp_path / "cache"), "-p", "gamekit.widgets"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout
