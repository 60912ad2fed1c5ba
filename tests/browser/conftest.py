"""Real-browser fixtures: one JupyterLab server per session, Debian's Chromium via Playwright.

The server listens on 127.0.0.1 with a random token on a free port and serves a
temporary folder; each test writes its notebook there, opens it, runs it and
drives the page. Nothing is downloaded: Playwright launches /usr/bin/chromium.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LAUNCH_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]


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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Lab:
    """A running JupyterLab: where it serves, its token and its folder."""

    url: str
    token: str
    root: Path

    def api(self, method: str, path: str) -> Any:
        """Call the server's REST API (``/api/...``) with the token."""
        request = urllib.request.Request(
            f"{self.url}{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def stop_kernels(self) -> None:
        """Shut every session's kernel down (keeps the two CPU cores free)."""
        for session in self.api("GET", "/api/sessions"):
            self.api("DELETE", f"/api/sessions/{session['id']}")

    def write_notebook(self, name: str, cells: list[str]) -> Path:
        """Write a notebook of code cells into the served folder."""
        notebook = {
            "cells": [
                {"cell_type": "code", "metadata": {}, "source": src, "outputs": [],
                 "execution_count": None}
                for src in cells
            ],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                         "language": "python"}},
            "nbformat": 4,
            "nbformat_minor": 5,
        }  # fmt: skip
        path = self.root / name
        path.write_text(json.dumps(notebook))
        return path

    def open_and_run(self, page: Any, name: str) -> None:
        """Open a notebook in JupyterLab, wait for its kernel, run every cell."""
        page.goto(f"{self.url}/lab/tree/{name}?token={self.token}&reset")
        page.wait_for_selector(
            ".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=90_000
        )
        page.wait_for_function(_NOTEBOOK_READY, timeout=60_000)
        for _attempt in range(4):
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            try:
                page.wait_for_function(_STARTED_RUNNING, timeout=10_000)
                return
            except Exception:  # the command came before the notebook was ready: again
                continue
        raise AssertionError(f"JupyterLab never ran the cells of {name}")

    @staticmethod
    def artifact(name: str) -> Path:
        """A path under ``test-artifacts/`` (git-ignored) for screenshots."""
        ARTIFACTS.mkdir(exist_ok=True)
        return ARTIFACTS / name


_NOTEBOOK_READY = """() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  const session = panel && panel.sessionContext;
  return !!(session && session.session && session.session.kernel
            && session.session.kernel.connectionStatus === 'connected' && panel.content);
}"""
_STARTED_RUNNING = """() => [...document.querySelectorAll('.jp-InputArea-prompt')]
  .some((p) => /\\[(\\*|\\d+)\\]/.test(p.textContent))"""


def _die_with_parent() -> None:
    """Linux: the server gets SIGTERM if pytest itself is killed (no stray servers)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def _wait_ready(url: str, token: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("JupyterLab exited while starting")
        try:
            urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2).close()
            return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError("JupyterLab did not start within 60 s")


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """One JupyterLab server for the whole session, stopped by its PID at the end."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    root = tmp_path_factory.mktemp("lab")
    port, token = _free_port(), secrets.token_hex(16)
    jupyter = Path(sys.executable).with_name("jupyter")
    command = [
        str(jupyter) if jupyter.exists() else shutil.which("jupyter") or "jupyter",
        "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
        f"--ServerApp.token={token}", f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True", "--ServerApp.disable_check_xsrf=True",
    ]  # fmt: skip
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    settings = root / ".lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    env = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(root / ".lab-settings")}
    log = (root / "lab.log").open("wb")
    proc = subprocess.Popen(
        command, cwd=root, stdout=log, stderr=subprocess.STDOUT, env=env,
        preexec_fn=_die_with_parent,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(url, token, proc)
        yield Lab(url, token, root)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


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
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
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
