"""Rooms: a whole class at one game, every learner at their own seat on their own laptop.

One authoritative room owns each game and its bots, and sends each seat only what
that seat may see (:func:`gamekit.rooms.payload.seat_payload`, which the local
table sends too). A teacher starts a lobby of tables with :func:`serve`; a learner
(or a script, or a bot) takes a seat with :func:`join`. See ``docs/rooms.md``.

>>> import gamekit.rooms
>>> callable(gamekit.rooms.serve) and callable(gamekit.rooms.join)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamekit.rooms.payload import GOD, seat_payload

if TYPE_CHECKING:
    from gamekit.rooms.client import RemoteGame
    from gamekit.rooms.server import Lobby

__all__ = ["GOD", "join", "seat_payload", "serve"]


def serve(title: str, players: int | None = None, tables: int = 1, **options: Any) -> Lobby:
    """Start a lobby of ``tables`` tables of ``title``: :func:`gamekit.rooms.server.serve`."""
    from gamekit.rooms.server import serve as start

    return start(title, players, tables, **options)


def join(url: str | None = None, code: str | None = None, **options: Any) -> RemoteGame:
    """Take the seat ``code`` opens at the lobby ``url`` (in a JupyterHub kernel, no
    argument: the seat given to this hub user): :func:`gamekit.rooms.client.join`."""
    from gamekit.rooms.client import join as connect

    return connect(url, code, **options)
