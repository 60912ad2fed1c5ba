"""Start JupyterLab for browser tests and benchmarks: 127.0.0.1, a token, a free port.

Used by ``tests/browser/conftest.py`` and ``benchmarks/widget_latency.py``.
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
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
LAUNCH_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]
# Defines ``put(path, data)`` in a test's notebook: it writes the kernel's record whole
# (a new file moved into place), so a test never reads half of one.
PUT_RECORD = (
    "import json, os, pathlib\n"
    "def put(path, data):\n"
    "    part = path.with_name(path.name + '.part')\n"
    "    part.write_text(json.dumps(data))\n"
    "    os.replace(part, path)\n"
)


def read_record(record: Path, check: Any = lambda r: True, timeout: float = 60) -> Any:
    """The kernel's record once ``check`` holds (the notebook writes it with ``put``)."""
    deadline = time.monotonic() + timeout
    data: Any = None
    while time.monotonic() < deadline:
        if record.exists():
            data = json.loads(record.read_text())
            if check(data):
                return data
        time.sleep(0.1)  # poll interval only: the condition is the record's content
    raise AssertionError(f"the kernel's record never held the state: {data}")


NO_DELAY = (  # as ./kit lab does: see gamekit/widgets/lab_server.py
    "--ServerApp.kernel_websocket_connection_class=gamekit.widgets.lab_server.NoDelayConnection"
)


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


def checkout_env() -> dict[str, str]:
    """The environment for a lab whose kernels import this checkout's gamekit.

    The checkout comes first on ``PYTHONPATH``: an editable install elsewhere (its
    finder comes after the path) never shadows it.
    """
    paths = [str(REPO), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}


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


@contextmanager
def start_lab(root: Path) -> Iterator[Lab]:
    """Start JupyterLab serving ``root`` (token, free port); stop it by its PID on exit."""
    port, token = _free_port(), secrets.token_hex(16)
    jupyter = Path(sys.executable).with_name("jupyter")
    command = [
        str(jupyter) if jupyter.exists() else shutil.which("jupyter") or "jupyter",
        "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
        f"--ServerApp.token={token}", f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True", "--ServerApp.disable_check_xsrf=True",
        NO_DELAY,
    ]  # fmt: skip
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    settings = root / ".lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    # Every cell stays in the page (no virtual scrolling): tests see every output.
    notebook = root / ".lab-settings" / "@jupyterlab" / "notebook-extension"
    notebook.mkdir(parents=True)
    (notebook / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    env = {**checkout_env(), "JUPYTERLAB_SETTINGS_DIR": str(root / ".lab-settings")}
    log = (root / "lab.log").open("wb")
    proc = subprocess.Popen(
        command,
        cwd=root,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
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


def axe_violations(page: Any, include: str = ".gk-root") -> list[Any]:
    """axe-core's serious and critical violations inside ``include`` (once no animation runs)."""
    from axe_playwright_python.sync_playwright import Axe

    page.wait_for_function(  # the change flash is over: no animation left to catch mid-way
        "() => document.getAnimations().every((a) => a.playState !== 'running')", timeout=10_000
    )
    results = Axe().run(page, context={"include": [[include]]})
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def room_cell(url: str, code: str, table: int | None = None) -> str:
    """A notebook cell that joins a room with ``code`` and shows its table."""
    where = "" if table is None else f", table={table}"
    return (
        "import gamekit\nfrom gamekit.widgets import Table\n"
        f"t = Table(gamekit.rooms.join({url!r}, {code!r}{where}))\nt"
    )


def open_room_table(lab: Lab, page: Any, name: str, cell: str, width: int = 1280) -> None:
    """Write ``cell`` as notebook ``name``, run it, wait for its table and give it the
    room (the side bar folded, the page ``width`` wide once the kernel ran)."""
    lab.write_notebook(name, [cell])
    lab.open_and_run(page, name)  # at 1280 px: a narrow toolbar hides the kernel's status
    if width != 1280:
        page.set_viewport_size({"width": width, "height": 720})
    page.wait_for_function("() => !!document.querySelector('.gk-root .gk-board')", timeout=90_000)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")


def shoot_table(lab: Lab, page: Any, name: str) -> None:
    """A screenshot of the page's table into ``test-artifacts/`` (the mouse out of the way)."""
    page.mouse.move(1, 1)
    page.locator(".gk-root").screenshot(path=str(lab.artifact(name)))
