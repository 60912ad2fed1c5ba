"""Code quality gates, run as tests: ruff lint and format, mypy --strict on the package."""

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
