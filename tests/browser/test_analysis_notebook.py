"""A real analysis notebook in JupyterLab and Chromium: runs clean, charts drawn, offline.

The test copies ``notebooks/31-boo-party-analysis.ipynb`` (the quickest of the
four analyses) into the folder the shared JupyterLab serves, opens it, runs
every cell and waits until the kernel is idle. Then it checks that

- no cell has an error output or a traceback on stderr;
- ``gamekit.charts.enable()`` drew the charts: at least ``MIN_CHARTS`` outputs
  hold a decoded chart picture, and no "Javascript Error" or failed load shows;
- the page asked nothing of any machine but this one (every request and
  websocket goes to 127.0.0.1 or localhost: no CDN).

A full-page screenshot of the run notebook goes to ``test-artifacts/``.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

# One worker runs them all under pytest-xdist (--dist loadgroup): one JupyterLab server.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOK = "31-boo-party-analysis.ipynb"
CLASS_RECORDS = "class-boo-party.json"
"""The sample class's games the notebook's last section reads (``data/`` beside it)."""
MIN_CHARTS = 4
"""The Boo Party! analysis draws four charts: three convergences and the memory what-if."""

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
NO_NETWORK_SCHEMES = {"data", "blob", "about"}
BAD_TEXT = re.compile(r"javascript error|failed to (load|fetch)|error loading|traceback", re.I)
BAD_CONSOLE = re.compile(
    r"javascript error|failed to (load module|fetch dynamically imported)|error loading|"
    r"loading chunk .* failed|vega|altair",
    re.I,
)

# Done: the kernel is idle, no cell is queued or running ([*]), and every code cell has
# run (or one failed, which stops "run all": the rest then stay unnumbered).
_RUN_FINISHED = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return false;
  const cells = [...panel.content.model.cells].filter((c) => c.type === 'code');
  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
  if (prompts.some((p) => p.textContent.includes('*'))) return false;
  const failed = cells.some((c) => c.outputs.toJSON().some((o) => o.output_type === 'error'));
  return failed || cells.every((c) => c.executionCount !== null);
}"""

_CELL_RECORDS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  return [...panel.content.model.cells].filter((c) => c.type === 'code').map((c) => ({
    source: c.sharedModel.getSource().slice(0, 80),
    count: c.executionCount,
    outputs: c.outputs.toJSON(),
  }));
}"""

# An output area holding a chart that the browser actually drew or decoded.
_DRAWN_CHARTS = """() => [...document.querySelectorAll('.jp-OutputArea-output')].filter((out) =>
  [...out.querySelectorAll('.jp-RenderedSVG img, .jp-RenderedImage img')]
    .some((img) => img.complete && img.naturalWidth > 0)
  || out.querySelector('.vega-embed svg, .vega-embed canvas, .jp-RenderedSVG svg')
).length"""


class Traffic:
    """Every URL the browser asked for (pages, workers, websockets), and what went wrong."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.failed: list[str] = []
        self.page_errors: list[str] = []
        self.console_errors: list[str] = []

    def outside(self) -> list[str]:
        """The URLs that would have left this machine."""
        return [url for url in self.urls if not _is_local(url)]


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in NO_NETWORK_SCHEMES:
        return True
    return (parts.hostname or "") in LOCAL_HOSTS


@pytest.fixture
def traffic(page: Any) -> Iterator[Traffic]:
    """Record the requests of the page's whole browser context from its first load."""
    seen = Traffic()
    page.context.on("request", lambda request: seen.urls.append(request.url))
    page.on("websocket", lambda socket: seen.urls.append(socket.url))
    page.on(
        "requestfailed",
        lambda request: seen.failed.append(f"{request.url} ({request.failure})"),
    )
    page.on("pageerror", lambda error: seen.page_errors.append(str(error)))
    page.on(
        "console",
        lambda message: message.type == "error" and seen.console_errors.append(message.text),
    )
    yield seen


def _cell_problems(cells: list[dict[str, Any]]) -> list[str]:
    """A line per cell that failed, wrote a traceback or an error to stderr, or never ran."""
    problems = []
    for number, cell in enumerate(cells, start=1):
        where = f"code cell {number} ({cell['source']!r})"
        if cell["count"] is None:
            problems.append(f"{where} never ran")
        for output in cell["outputs"]:
            if output["output_type"] == "error":
                problems.append(f"{where}: {output['ename']}: {output['evalue']}")
            text = "".join(output.get("text", ""))
            if output.get("name") == "stderr" and re.search(r"Traceback|Error", text):
                problems.append(f"{where} wrote to stderr: {text[:300]}")
    return problems


def test_analysis_notebook_runs_clean_with_offline_charts(
    page: Any, lab: Any, traffic: Traffic
) -> None:
    shutil.copy(NOTEBOOKS / NOTEBOOK, lab.root / NOTEBOOK)
    (lab.root / "data").mkdir(exist_ok=True)  # the class's sample games, as beside the lessons
    shutil.copy(NOTEBOOKS / "data" / CLASS_RECORDS, lab.root / "data" / CLASS_RECORDS)
    lab.open_and_run(page, NOTEBOOK)
    page.wait_for_function(_RUN_FINISHED, timeout=240_000, polling=500)

    assert _cell_problems(page.evaluate(_CELL_RECORDS)) == []
    stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert [text for text in stderr.all_inner_texts() if BAD_TEXT.search(text)] == []

    page.wait_for_function(f"() => ({_DRAWN_CHARTS})() >= {MIN_CHARTS}", timeout=30_000)
    shown = page.locator(".jp-Notebook").inner_text()
    assert BAD_TEXT.search(shown) is None, BAD_TEXT.search(shown)
    assert [text for text in traffic.console_errors if BAD_CONSOLE.search(text)] == []
    assert traffic.page_errors == []
    assert [url for url in traffic.failed if not _is_local(url.split(" ")[0])] == []

    assert traffic.urls, "the recorder saw no request at all"
    assert traffic.outside() == []
    _screenshot(page, lab.artifact("analysis-boo-party.png"))


def _screenshot(page: Any, path: Path) -> None:
    """The whole notebook in one picture: the page grows to the notebook's height first."""
    height = page.evaluate(_FULL_HEIGHT)
    page.set_viewport_size({"width": 1400, "height": max(2400, min(int(height), 16_000))})
    page.evaluate("() => document.querySelector('.jp-WindowedPanel-outer').scrollTo(0, 0)")
    page.wait_for_timeout(500)
    page.screenshot(path=str(path), full_page=True)


# The page height that shows the whole notebook: its scroll height plus the app around it.
_FULL_HEIGHT = """() => {
  const scroller = document.querySelector('.jp-Notebook .jp-WindowedPanel-outer');
  return scroller.scrollHeight + window.innerHeight - scroller.clientHeight;
}"""
