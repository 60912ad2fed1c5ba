"""Real-browser fixtures: one JupyterLab server per session, Debian's Chromium via Playwright.

The server listens on 127.0.0.1 with a random token on a free port and serves a
temporary folder; each test writes its notebook there, opens it, runs it and
drives the page. Nothing is downloaded: Playwright launches /usr/bin/chromium.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from labserver import CHROMIUM, LAUNCH_ARGS, Lab, start_lab


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """Skip browser tests, with the reason shown, where Chromium is absent."""
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is not installed (apt-get install chromium)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Any:
    """Keep the test's own report on the item, so ``page`` can screenshot failures."""
    report = yield
    if report.when == "call":
        item.gamekit_call_report = report
    return report


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """One JupyterLab server for the whole session, stopped by its PID at the end."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    with start_lab(tmp_path_factory.mktemp("lab")) as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright (no browser download)."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as play:
        chromium = play.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, lab: Lab, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page; the test's kernels are shut down afterwards."""
    context = browser.new_context(viewport={"width": 1400, "height": 2400})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        yield page
        report = getattr(request.node, "gamekit_call_report", None)
        if report is not None and report.failed:
            page.screenshot(path=str(Lab.artifact(f"failure-{request.node.name}.png")))
    finally:
        context.close()
        lab.stop_kernels()


@pytest.fixture
def screens(browser: Any, lab: Lab) -> Iterator[list[Any]]:
    """Three pages at 1280×720, each in a context of its own (its own cookies, its own
    tab): three people at a room, each in their own notebook and kernel."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 720}) for _ in range(3)]
    pages = [context.new_page() for context in contexts]
    for one in pages:
        one.set_default_timeout(60_000)
    try:
        yield pages
    finally:
        for context in contexts:
            context.close()
        lab.stop_kernels()
