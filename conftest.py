"""Test-suite settings for the whole repository (Python tests and notebooks).

- Notebooks (``notebooks/``, ``exercises/``) run under nbval with the options in
  ``pyproject.toml``; the sanitize file is found from any working directory.
- Under pytest-xdist (``-n 2``, with ``--dist load``, the default) each notebook
  runs whole on one worker (its cells share one kernel, in order) and the
  real-browser tests (``tests/browser/``) run together on one worker; every
  other test is spread freely. (``--dist loadgroup`` cannot do this with
  pytest 9.2: xdist's group suffix no longer reaches the node id.)
- The summary lists each notebook's running time (kernel start included).
- Tests marked ``thorough`` (the full 500-seed conformance runs) are skipped unless
  ``--thorough`` is given or ``KIT_THOROUGH=1`` is set (``./kit test --thorough``,
  which CI runs); each has a fast counterpart that always runs.
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent
THOROUGH_ENV = "KIT_THOROUGH"
"""Set to 1 (``./kit test --thorough`` does) to run the tests marked ``thorough``."""
NOTEBOOK_SECONDS_LIMIT = 60.0
_notebook_seconds: dict[str, float] = defaultdict(float)


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--thorough``: run the tests marked ``thorough`` too (as ``KIT_THOROUGH=1``)."""
    parser.addoption(
        "--thorough",
        action="store_true",
        help="run the tests marked thorough (the full 500-seed conformance runs)",
    )


def thorough_wanted(config: pytest.Config) -> bool:
    """True under ``--thorough`` or with ``KIT_THOROUGH`` set to 1, true or yes."""
    wanted = os.environ.get(THOROUGH_ENV, "").strip().lower() in ("1", "true", "yes")
    return wanted or bool(config.getoption("--thorough", default=False))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the ``thorough`` tests, with the way to run them, unless they are wanted."""
    if thorough_wanted(config):
        return
    skip = pytest.mark.skip(reason="thorough: run with ./kit test --thorough (or KIT_THOROUGH=1)")
    for item in items:
        if "thorough" in item.keywords:
            item.add_marker(skip)


def pytest_configure(config: pytest.Config) -> None:
    """Resolve the nbval sanitize file from any directory; plug in the scheduling."""
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_KitScheduling(), "gamekit-scheduling")
    sanitize = getattr(config.option, "nbval_sanitize_with", None)
    if sanitize and not Path(sanitize).is_absolute() and not Path(sanitize).exists():
        config.option.nbval_sanitize_with = str(ROOT / sanitize)


def work_unit(nodeid: str) -> str:
    """The xdist work unit of a test: what must run on one worker, in order.

    >>> work_unit("notebooks/00-start-here.ipynb::Cell 3")
    'notebooks/00-start-here.ipynb'
    >>> work_unit("tests/browser/test_lab.py::test_click[hats]")
    'tests/browser'
    >>> work_unit("tests/test_core.py::test_undo")
    'tests/test_core.py::test_undo'
    """
    path = nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        return path
    if path.startswith("tests/browser/"):
        return "tests/browser"
    return nodeid


class _KitScheduling:
    """pytest-xdist plugin: schedule by :func:`work_unit` (registered when xdist is there)."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_xdist_make_scheduler(self, config: pytest.Config, log: Any) -> Any:
        if config.getoption("dist") not in ("load", "loadgroup", "loadscope"):
            return None
        from xdist.scheduler import LoadScopeScheduling

        class KitScheduling(LoadScopeScheduling):  # type: ignore[misc]
            def _split_scope(self, nodeid: str) -> str:
                return work_unit(nodeid)

        return KitScheduling(config, log)


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
