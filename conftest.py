"""Test-suite settings for the whole repository (Python tests and notebooks).

- Notebooks (``notebooks/``, ``exercises/``) run under nbval with the options in
  ``pyproject.toml``; the sanitize file is found from any working directory.
- Under pytest-xdist (``--dist loadgroup``) each notebook runs whole on one
  worker (its cells share one kernel, in order), and the real-browser tests
  run together on one worker; every other test is spread freely.
- The summary lists each notebook's running time (kernel start included).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
NOTEBOOK_SECONDS_LIMIT = 60.0
_notebook_seconds: dict[str, float] = defaultdict(float)


def pytest_configure(config: pytest.Config) -> None:
    """Resolve a relative nbval sanitize file against the repository root."""
    sanitize = getattr(config.option, "nbval_sanitize_with", None)
    if sanitize and not Path(sanitize).is_absolute() and not Path(sanitize).exists():
        config.option.nbval_sanitize_with = str(ROOT / sanitize)


def _is_notebook_cell(item: pytest.Item) -> bool:
    return item.path.suffix == ".ipynb"


def _is_browser_test(item: pytest.Item) -> bool:
    return item.get_closest_marker("browser") is not None or "browser" in item.path.parts


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep a notebook's cells, and the browser tests, each on one xdist worker."""
    for item in items:
        if _is_notebook_cell(item):
            rel = item.path.relative_to(ROOT) if item.path.is_relative_to(ROOT) else item.path
            item.add_marker(pytest.mark.xdist_group(f"notebook:{rel}"))
        elif _is_browser_test(item):
            item.add_marker(pytest.mark.xdist_group("browser"))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Add up the time spent in each notebook's cells (setup starts the kernel)."""
    path = report.nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        _notebook_seconds[path] += report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print each notebook's running time; flag those over the classroom limit."""
    if not _notebook_seconds:
        return
    terminalreporter.section("notebook times")
    for path, seconds in sorted(_notebook_seconds.items(), key=lambda kv: -kv[1]):
        over = seconds > NOTEBOOK_SECONDS_LIMIT
        flag = f"  <- over {NOTEBOOK_SECONDS_LIMIT:.0f} s" if over else ""
        terminalreporter.write_line(f"{seconds:7.1f} s  {path}{flag}")
    terminalreporter.write_line(f"{sum(_notebook_seconds.values()):7.1f} s  in all")
