"""The lobby as a JupyterHub managed service: learners sit at the seat given to their hub name.

The hub starts ``gamekit room serve TITLE --hub --seats FILE`` (its ``command``) and
proxies ``/services/gamekit-rooms/`` to it. A learner's kernel joins with
``gamekit.rooms.join()``: it finds the service from the hub's variables and sends
its own hub token (``Authorization: token ...``); the service asks the hub who owns
that token (``GET {api_url}/user``, plain HTTP, no jupyterhub import) and seats them
at the seat the teacher gave that name. A token without
``access:services!service=gamekit-rooms`` is refused (403). See ``docs/rooms.md``.

>>> service_url({"JUPYTERHUB_PUBLIC_HUB_URL": "https://hub.school.example/hub/"})
'https://hub.school.example/services/gamekit-rooms/'
>>> allowed(["access:services!service=gamekit-rooms"], "gamekit-rooms")
True
>>> allowed(["access:servers!user=ada", "read:users:name!user=ada"], "gamekit-rooms")
False
>>> parse_seats("ada 0 1\\nbob 0 2  # the second pair\\n")
{'ada': (0, 1), 'bob': (0, 2)}
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

SERVICE = "gamekit-rooms"
"""The service's name in the hub's configuration (and in its scope)."""
CHECK_SECONDS = 10.0
"""A bound on the hub's answer to "whose token is this?"."""
_TOKEN = re.compile(r"(?:token|bearer)\s+(\S+)", re.IGNORECASE)

Seats = Mapping[str, tuple[int, int]]
"""Hub user name -> ``(table, seat)``."""


class HubRefused(Exception):
    """The hub did not vouch for a token: ``status`` is the HTTP answer to give (401, 403)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def allowed(scopes: list[str], service: str = SERVICE) -> bool:
    """The token's scopes (as the hub's ``/user`` lists them) let it reach ``service``."""
    return "access:services" in scopes or f"access:services!service={service}" in scopes


def token_from(header: str | None) -> str | None:
    """The token of an ``Authorization: token ...`` (or ``Bearer ...``) header.

    >>> token_from("token abc"), token_from("Bearer abc"), token_from(None)
    ('abc', 'abc', None)
    """
    found = _TOKEN.fullmatch((header or "").strip())
    return found.group(1) if found else None


@dataclass(frozen=True)
class Hub:
    """What the service knows of its hub: the hub's API and the service's own name."""

    api_url: str
    service: str = SERVICE

    async def user(self, token: str | None) -> str:
        """The hub user name that owns ``token``, if it may reach this service.

        Raises :class:`HubRefused` (401: no token or one the hub does not know; 403: a
        token without this service's scope; 502: the hub did not answer).
        """
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        if not token:
            raise HubRefused(401, "no hub token: join from a JupyterHub kernel")
        url = self.api_url.rstrip("/") + "/user"
        try:
            answer = await AsyncHTTPClient().fetch(
                url, headers={"Authorization": f"token {token}"},
                connect_timeout=CHECK_SECONDS, request_timeout=CHECK_SECONDS,
            )  # fmt: skip
        except HTTPClientError as err:
            if err.code in (401, 403):
                raise HubRefused(401, "the hub does not know this token") from None
            raise HubRefused(502, f"the hub answered {err.code}") from None
        except OSError as err:
            raise HubRefused(502, f"the hub did not answer: {err}") from None
        model: dict[str, Any] = json.loads(answer.body)
        if model.get("kind", "user") != "user" or not isinstance(model.get("name"), str):
            raise HubRefused(403, "only a hub user sits at a table")
        if not allowed(list(model.get("scopes", [])), self.service):
            raise HubRefused(403, f"this token lacks access:services!service={self.service}")
        return str(model["name"])


@dataclass(frozen=True)
class Service:
    """Where the hub runs this service: its address, its path prefix, the hub's API."""

    host: str
    port: int
    prefix: str
    hub: Hub


def service_from(env: Mapping[str, str]) -> Service:
    """The service's settings from the variables the hub gives a managed service.

    >>> s = service_from({"JUPYTERHUB_SERVICE_URL": "http://127.0.0.1:10101",
    ...     "JUPYTERHUB_SERVICE_PREFIX": "/services/gamekit-rooms/",
    ...     "JUPYTERHUB_API_URL": "http://127.0.0.1:8081/hub/api",
    ...     "JUPYTERHUB_SERVICE_NAME": "gamekit-rooms"})
    >>> s.host, s.port, s.prefix, s.hub.api_url
    ('127.0.0.1', 10101, '/services/gamekit-rooms/', 'http://127.0.0.1:8081/hub/api')
    """
    missing = [n for n in ("JUPYTERHUB_SERVICE_URL", "JUPYTERHUB_API_URL") if not env.get(n)]
    if missing:
        raise ValueError(
            f"--hub runs as a JupyterHub service: {', '.join(missing)} not set "
            "(give the service a url in c.JupyterHub.services)"
        )
    bind = urlsplit(env["JUPYTERHUB_SERVICE_URL"])
    name = env.get("JUPYTERHUB_SERVICE_NAME") or SERVICE
    prefix = env.get("JUPYTERHUB_SERVICE_PREFIX") or f"/services/{name}/"
    return Service(
        host=bind.hostname or "127.0.0.1",
        port=bind.port or 80,
        prefix="/" + prefix.strip("/") + "/",
        hub=Hub(env["JUPYTERHUB_API_URL"], name),
    )


def service_url(env: Mapping[str, str], service: str = SERVICE) -> str:
    """The service's address for a learner's kernel, from its hub variables.

    ``GAMEKIT_ROOMS_URL`` if the administrator set it, else the hub's public address
    (``JUPYTERHUB_PUBLIC_HUB_URL``, set when ``c.JupyterHub.public_url`` is), else the
    origin of ``JUPYTERHUB_API_URL`` with the hub's base URL.

    >>> service_url({"JUPYTERHUB_API_URL": "http://127.0.0.1:8000/hub/api",
    ...              "JUPYTERHUB_BASE_URL": "/"})
    'http://127.0.0.1:8000/services/gamekit-rooms/'
    """
    if env.get("GAMEKIT_ROOMS_URL"):
        return env["GAMEKIT_ROOMS_URL"]
    public = env.get("JUPYTERHUB_PUBLIC_HUB_URL")
    if public:
        parts = urlsplit(public)
        base = parts.path.rstrip("/")
        base = base[: -len("/hub")] if base.endswith("/hub") else base
        return urlunsplit((parts.scheme, parts.netloc, f"{base}/services/{service}/", "", ""))
    api = env.get("JUPYTERHUB_API_URL")
    if not api:
        raise ValueError(
            "join() without a code finds the room from JupyterHub's variables "
            "(JUPYTERHUB_API_URL...): give the lobby's url and your code instead"
        )
    parts = urlsplit(api)
    base = "/" + (env.get("JUPYTERHUB_BASE_URL") or "/").strip("/")
    return urlunsplit((parts.scheme, parts.netloc, f"{base.rstrip('/')}/services/{service}/",
                       "", ""))  # fmt: skip


def parse_seats(text: str) -> dict[str, tuple[int, int]]:
    """A seats file: JSON (``{"ada": [0, 1]}``) or lines ``NAME TABLE SEAT`` (``#`` comments).

    >>> parse_seats('{"ada": [0, 1]}')
    {'ada': (0, 1)}
    >>> parse_seats("ada 0")
    Traceback (most recent call last):
    ...
    ValueError: line 1 of the seats: NAME TABLE SEAT (ada 0 1), not 'ada 0'
    """
    if text.lstrip().startswith("{"):
        data = json.loads(text)
        return {str(name): _place(name, place) for name, place in data.items()}
    out: dict[str, tuple[int, int]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) != 3 or not (words[1].isdigit() and words[2].isdigit()):
            raise ValueError(
                f"line {number} of the seats: NAME TABLE SEAT (ada 0 1), not {line.strip()!r}"
            )
        out[words[0]] = (int(words[1]), int(words[2]))
    return out


def read_seats(path: str | Path) -> dict[str, tuple[int, int]]:
    """:func:`parse_seats` of a file."""
    return parse_seats(Path(path).read_text(encoding="utf-8"))


def _place(name: object, place: object) -> tuple[int, int]:
    if not (isinstance(place, list | tuple) and len(place) == 2
            and all(type(n) is int for n in place)):  # fmt: skip
        raise ValueError(f"the seat of {name!r} must be [table, seat], not {place!r}")
    return int(place[0]), int(place[1])


def check_seats(seats: Seats, tables: int, players: int, bots: Mapping[int, str]) -> dict[
        str, tuple[int, int]]:  # fmt: skip
    """The teacher's seats, checked: each on a table and a person's seat, one user a seat.

    >>> check_seats({"ada": (0, 2)}, tables=1, players=3, bots={2: "best"})
    Traceback (most recent call last):
    ...
    ValueError: seat 2 of table 0, given to 'ada', is a bot's
    """
    out: dict[str, tuple[int, int]] = {}
    taken: dict[tuple[int, int], str] = {}
    for name, place in seats.items():
        table, seat = _place(name, place)
        if not (isinstance(name, str) and name):
            raise ValueError(f"a hub user name must be a text, not {name!r}")
        if not (0 <= table < tables and 0 <= seat < players):
            raise ValueError(
                f"{name!r} is given table {table}, seat {seat}: the tables are 0 to "
                f"{tables - 1}, the seats 0 to {players - 1}"
            )
        if seat in bots:
            raise ValueError(f"seat {seat} of table {table}, given to {name!r}, is a bot's")
        if (table, seat) in taken:
            raise ValueError(
                f"table {table}, seat {seat} is given to {taken[table, seat]!r} and {name!r}"
            )
        taken[table, seat] = name
        out[name] = (table, seat)
    return out
