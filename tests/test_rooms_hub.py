"""The rooms as a real JupyterHub's managed service, through the hub's real proxy.

A JupyterHub (DummyAuthenticator, no spawner used) starts on loopback ports, with
configurable-http-proxy, and starts ``gamekit room serve knock-knock --hub --seats
FILE`` as its service ``gamekit-rooms``. An admin service makes hub users and their
tokens; each user then joins with no code, as from a hub kernel, and is seated by
name. Every wait is for a state, with a deadline; everything started is stopped.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from gamekit.rooms import join
from gamekit.rooms.client import RemoteGame, RoomRefused

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PROXY = shutil.which("configurable-http-proxy", path=f"{BIN}{os.pathsep}{os.environ['PATH']}")
SERVICE = "gamekit-rooms"
SCOPE = f"access:services!service={SERVICE}"
START = 300.0
"""A bound on the hub's start (node's proxy, the database, the service's Python)."""
GAME = 180.0
"""A bound on a whole game of two people and a bot (about 80 moves)."""


def _jupyterhub() -> bool:
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        return False
    return True


if not _jupyterhub():
    pytest.skip("jupyterhub is not installed (the 'hub' extra; ./kit test installs it)",
                allow_module_level=True)  # fmt: skip
if PROXY is None:
    pytest.skip("configurable-http-proxy is not installed (./kit test installs it)",
                allow_module_level=True)  # fmt: skip


def free_ports(count: int) -> list[int]:
    """``count`` distinct free loopback ports (bound together, then let go)."""
    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(socket.socket()) for _ in range(count)]
        for sock in socks:
            sock.bind(("127.0.0.1", 0))
        return [int(sock.getsockname()[1]) for sock in socks]


@dataclass
class Hub:
    process: subprocess.Popen[bytes]
    proxy_url: str
    api_url: str
    admin_token: str
    output: Path
    folder: Path

    def api(self, method: str, path: str, body: object = None) -> object:
        """The hub's REST API as the admin service (a bounded request)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.api_url + path, data=data, method=method,
            headers={"Authorization": f"token {self.admin_token}"},
        )  # fmt: skip
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read() or b"null")

    def token(self, user: str, scopes: list[str]) -> str:
        made = self.api("POST", f"/users/{user}/tokens", {"scopes": scopes, "note": "test"})
        assert isinstance(made, dict)
        return str(made["token"])

    def kernel_env(self, token: str, user: str) -> dict[str, str]:
        """What a single-user server's kernel has (the hub's spawner sets these)."""
        return {
            "JUPYTERHUB_API_TOKEN": token,
            "JUPYTERHUB_API_URL": self.api_url,
            "JUPYTERHUB_USER": user,
            "JUPYTERHUB_BASE_URL": "/",
            "JUPYTERHUB_SERVICE_PREFIX": f"/user/{user}/",
            "JUPYTERHUB_PUBLIC_HUB_URL": self.proxy_url + "hub/",
        }

    def code(self, whose: str) -> str:
        """A code the service printed to the hub's log (``teacher`` or table 0's ``spectator``)."""
        whole = self.output.read_text(errors="replace")
        found = re.search(rf"^(?:table 0: )?{whose}:? (\S+)$", whole, re.MULTILINE)
        assert found, self.log()
        return found.group(1)

    def log(self) -> str:
        return self.output.read_text(errors="replace")[-6000:]


def wait_for(ready: object, what: str, hub: Hub, deadline: float) -> None:
    """Poll ``ready()`` until it holds, failing with the hub's log past ``deadline``."""
    assert callable(ready)
    while not ready():
        if hub.process.poll() is not None:
            pytest.fail(f"the hub exited ({hub.process.returncode}) before {what}:\n{hub.log()}")
        if time.monotonic() > deadline:
            pytest.fail(f"no {what} within the deadline:\n{hub.log()}")
        time.sleep(0.2)  # a poll's pace, not a check


def answers(url: str, status: int = 200) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return int(answer.status) == status
    except (urllib.error.URLError, OSError):
        return False


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the hub (it stops its proxy and service), then anything of its left behind."""
    import psutil

    try:
        family = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        family = []
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)
    gone, alive = psutil.wait_procs(family, timeout=15)
    for child in alive:
        with contextlib.suppress(psutil.NoSuchProcess):
            child.kill()
    psutil.wait_procs(alive, timeout=15)


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    folder = tmp_path_factory.mktemp("hub")
    proxy_port, proxy_api_port, hub_port, service_port = free_ports(4)
    admin = secrets.token_hex(16)
    seats = folder / "seats.txt"
    seats.write_text("# hub user, table, seat\nada 0 0\nbob 0 1\n", encoding="utf-8")
    command = [sys.executable, "-m", "gamekit.cli", "room", "serve", "knock-knock", "--hub",
               "--seats", str(seats), "--players", "3", "--bot", "2=random", "--bot-delay", "0",
               "--records", str(folder / "records")]  # fmt: skip
    config = f"""
c = get_config()  # noqa
c.JupyterHub.bind_url = "http://127.0.0.1:{proxy_port}/"
c.JupyterHub.public_url = "http://127.0.0.1:{proxy_port}/"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]
c.ConfigurableHTTPProxy.auth_token = {secrets.token_hex(16)!r}
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.db_url = "sqlite:///{folder / "hub.sqlite"}"
c.JupyterHub.cookie_secret_file = {str(folder / "cookie_secret")!r}
c.JupyterHub.pid_file = {str(folder / "hub.pid")!r}
c.JupyterHub.services = [
    {{"name": "admin-test", "api_token": {admin!r}}},
    {{
        "name": "{SERVICE}",
        "url": "http://127.0.0.1:{service_port}",
        "command": {command!r},
        "environment": {{"PYTHONPATH": {str(ROOT)!r}}},
    }},
]
c.JupyterHub.load_roles = [
    {{"name": "test-admin", "scopes": ["admin:users", "tokens"], "services": ["admin-test"]}},
    {{"name": "user", "scopes": ["self", "{SCOPE}"]}},
]
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", "{SCOPE}"]
"""
    (folder / "jupyterhub_config.py").write_text(config, encoding="utf-8")
    output = folder / "hub.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with output.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(folder / "jupyterhub_config.py")],
            cwd=folder, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
        )  # fmt: skip
    started = Hub(process, f"http://127.0.0.1:{proxy_port}/",
                  f"http://127.0.0.1:{hub_port}/hub/api", admin, output, folder)  # fmt: skip
    try:
        deadline = time.monotonic() + START
        wait_for(lambda: answers(started.api_url + "/"), "hub API", started, deadline)
        service = f"{started.proxy_url}services/{SERVICE}/"
        wait_for(lambda: answers(service), "service behind the proxy", started, deadline)
        started.api("POST", "/users", {"usernames": ["ada", "bob", "eve"]})
        yield started
    finally:
        stop(process)
    assert "finished games" in started.log(), started.log()  # the service ended cleanly


@pytest.fixture
def seated() -> Iterator[list[RemoteGame]]:
    made: list[RemoteGame] = []
    yield made
    for game in made:
        game.close()


def play_out(games: list[RemoteGame], deadline: float) -> None:
    """Each person plays their first legal move when it is their turn, until the end."""
    changed = threading.Condition()
    count = [0]

    def bump() -> None:
        with changed:
            count[0] += 1
            changed.notify_all()

    for game in games:
        game.on_message(bump)
    while not all(g.is_over for g in games):
        assert time.monotonic() < deadline, [repr(g) for g in games]
        with changed:
            seen = count[0]
        closed = [g.closed_reason for g in games if g.closed_reason]
        assert not closed, closed
        mover = next((g for g in games if g.my_turn()), None)
        if mover is not None:
            mover.play(mover.legal_actions()[0], timeout=30)
            continue
        with changed:
            changed.wait_for(lambda seen=seen: count[0] != seen, timeout=10)


def test_hub_users_join_by_name_and_play_a_game_through_the_proxy(
    hub: Hub, seated: list[RemoteGame]
) -> None:
    ada_token = hub.token("ada", [SCOPE])
    ada = join(env=hub.kernel_env(ada_token, "ada"), timeout=30)
    seated.append(ada)
    assert ada.url.startswith(f"{hub.proxy_url.replace('http', 'ws')}services/{SERVICE}/")
    assert (ada.seat, ada.status) == (0, "waiting")  # bob's seat is still empty
    bob = join(env=hub.kernel_env(hub.token("bob", [SCOPE]), "bob"), timeout=30)
    seated.append(bob)
    assert bob.seat == 1
    assert ada.wait_until(lambda g: g.status == "playing", timeout=30), repr(ada)
    assert [s["player"] for s in ada.seats] == ["person", "person", "bot"]
    assert ada.wait_until(lambda g: g.my_turn(), timeout=30), repr(ada)  # nobody else moves
    step = ada.step
    unscoped = hub.token("ada", ["read:users:name!user=ada"])
    with pytest.raises(RoomRefused, match="403"):
        join(env=hub.kernel_env(unscoped, "ada"), timeout=30)
    with pytest.raises(RoomRefused, match="no seat here is given to eve"):
        join(env=hub.kernel_env(hub.token("eve", [SCOPE]), "eve"), timeout=30)
    assert bob.wait_until(lambda g: g.step == step, timeout=30)
    assert (ada.step, ada.closed_reason, bob.closed_reason) == (step, None, None)
    assert [s["connected"] for s in ada.seats[:2]] == [True, True] and ada.my_turn()
    projector = join(code=hub.code("spectator"), env=hub.kernel_env(ada_token, "ada"), timeout=30)
    seated.append(projector)
    assert projector.seat is None and projector.step == step
    play_out([ada, bob], time.monotonic() + GAME)
    assert ada.scores() == bob.scores() and ada.winners() == bob.winners()
    assert projector.wait_until(lambda g: g.is_over, timeout=30)
    assert projector.scores() == ada.scores()
    desk = join(code=hub.code("teacher"), table=0, env=hub.kernel_env(ada_token, "ada"), timeout=30)
    seated.append(desk)
    state = desk.snapshot()[2]
    assert len(state["payload"]["seat_views"]) == 3  # the teacher sees every seat once over
    assert '"seed"' in ada.to_json()
    saved = json.loads((hub.folder / "records" / "table-01-game-01-knock-knock.json").read_text())
    assert saved["seats"] == ["ada", "bob", {"bot": "random"}]  # who played: hub user names


def test_a_token_without_the_service_scope_is_refused(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = hub.token("ada", ["read:users:name!user=ada"])
    for name, value in hub.kernel_env(token, "ada").items():
        monkeypatch.setenv(name, value)  # join() reads the kernel's own variables
    with pytest.raises(RoomRefused, match="403"):
        join(timeout=30)


def test_a_hub_user_given_no_seat_is_refused(hub: Hub) -> None:
    token = hub.token("eve", [SCOPE])
    with pytest.raises(RoomRefused, match="no seat here is given to eve"):
        join(env=hub.kernel_env(token, "eve"), timeout=30)


def test_a_token_the_hub_does_not_know_is_refused(hub: Hub) -> None:
    with pytest.raises(RoomRefused, match="401"):
        join(env=hub.kernel_env("not-a-token", "ada"), timeout=30)
