"""A seat at a room, read like a local game: ``view()``, ``legal_actions()``, ``play()``...

The connection lives in a background thread with its own event loop, so a
notebook, a plain script, a learner's bot or a test can all use it; the moves of
others arrive by themselves, and :meth:`RemoteGame.wait` blocks until the
position changes.

>>> from gamekit.rooms import serve, join
>>> lobby = serve("bloody-inn", players=2, tables=1, seed=1, bots={1: "random"})
>>> g = join(lobby.url, lobby.codes[0][0])
>>> g.seat, g.to_move, g.step
(0, 0, 0)
>>> events = g.play(g.legal_actions()[0])
>>> g.step > 0
True
>>> g.close(); lobby.stop()
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from typing import Any

import tornado.httpclient
import tornado.websocket

import gamekit
from gamekit.core.actions import Action, Event, action_from_json
from gamekit.core.errors import GamekitError, IllegalAction
from gamekit.core.i18n import CORE, language
from gamekit.core.rules import Rules
from gamekit.rooms.protocol import PROTOCOL, dumps
from gamekit.rooms.server import PATH

CONNECT_SECONDS = 10.0
LOG = logging.getLogger("gamekit.rooms")


class RoomRefused(GamekitError):
    """The room would not seat this client (a wrong code, a stopped lobby...)."""


class ControlRefused(GamekitError):
    """The room would not carry out a teacher's control (not the teacher's code, no such table)."""


class RemoteGame:
    """One seat (or a spectator) at a room. Made by :func:`join`."""

    def __init__(self, url: str, code: str | None, *, lang: str | None = None,
                 table: int | None = None, timeout: float = CONNECT_SECONDS,
                 token: str | None = None) -> None:  # fmt: skip
        self.url = _socket_url(url)
        self._code, self._lang, self._table, self._token = code, lang, table, token
        self.messages: list[dict[str, Any]] = []
        """Every message the room sent to this laptop, as JSON-able dicts."""
        self._changed = threading.Condition()
        self._version = 0
        self._welcome: dict[str, Any] = {}
        self._state: dict[str, Any] = {}
        self._log: list[dict[str, Any]] = []
        self._answers: dict[int, Future[dict[str, Any]]] = {}
        self._next_id = 0
        self._bye: str | None = None
        self._socket: tornado.websocket.WebSocketClientConnection | None = None
        self._reader: asyncio.Future[None] | None = None
        self._listeners: list[Callable[[], None]] = []
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True,
                                        name="gamekit-room-client")  # fmt: skip
        self._thread.start()
        self._connect(timeout)

    # -- the connection ---------------------------------------------------------------
    def _connect(self, timeout: float) -> None:
        future = asyncio.run_coroutine_threadsafe(self._open(timeout), self._loop)
        try:
            future.result(timeout=timeout)
        except Exception as err:
            future.cancel()
            self.close()
            raise RoomRefused(f"could not join the room at {self.url}: {_why(err)}") from None
        if not self._wait_for(lambda: bool(self._state) or self._bye is not None, timeout):
            self.close()
            raise RoomRefused("the room did not answer")
        if self._bye is not None and not self._state:
            self.close()
            raise RoomRefused(self._bye)

    async def _open(self, timeout: float) -> None:
        headers = {"Authorization": f"token {self._token}"} if self._token else {}
        request = tornado.httpclient.HTTPRequest(
            self.url, headers=headers, connect_timeout=timeout, request_timeout=timeout
        )
        self._socket = await tornado.websocket.websocket_connect(request, max_message_size=1 << 24)
        stream = getattr(self._socket.protocol, "stream", None)
        if stream is not None:
            stream.set_nodelay(True)
        hello: dict[str, Any] = {"type": "hello", "proto": PROTOCOL}
        if self._code is not None:
            hello["code"] = self._code  # none: the hub's user, at the seat given to them
        if self._lang is not None:
            hello["lang"] = self._lang
        if self._table is not None:
            hello["table"] = self._table
        await self._socket.write_message(dumps(hello))
        self._reader = asyncio.ensure_future(self._read(self._socket))  # kept: a task
        # nobody holds may be collected while it waits

    async def _read(self, sock: tornado.websocket.WebSocketClientConnection) -> None:
        import json

        while True:
            text = await sock.read_message()
            if text is None:
                with self._changed:
                    self._bye = self._bye or "the room closed the connection"  # remote.CLOSED
                    self._version += 1
                    self._changed.notify_all()
                for answer in list(self._answers.values()):
                    if not answer.done():
                        answer.set_result({"type": "bye", "reason": self._bye})
                self._tell()
                return
            self._take(json.loads(text))
            self._tell()

    def _tell(self) -> None:
        """Tell the listeners that something came (on this connection's thread)."""
        for callback in list(self._listeners):
            try:
                callback()
            except Exception:  # a listener's failure never stops the connection
                LOG.exception("a listener of the room's messages failed")

    def _take(self, message: dict[str, Any]) -> None:
        with self._changed:
            self.messages.append(message)
            kind = message.get("type")
            if kind == "welcome":
                self._welcome = message
            elif kind == "state":
                self._new_state(message)
            elif kind == "bye":
                self._bye = str(message.get("reason"))
            answer = (
                self._answers.get(message.get("id", -1))
                if kind in ("played", "refused", "done", "answered")
                else None
            )
            if answer is not None and not answer.done():
                answer.set_result(message)
            self._version += 1
            self._changed.notify_all()

    def _new_state(self, message: dict[str, Any]) -> None:
        payload = message["payload"]
        since = payload.get("narration_from")
        fresh = message.get("game") != self._state.get("game") or not since
        if not fresh and since is not None and since > self._known_step() + 1:
            self._send({"type": "sync"})  # a gap in the narration: ask for all of it
        keep = [] if fresh else [r for r in self._log if since is None or r["step"] < since]
        self._log = _covered(keep, list(payload["narration"]), message, self._welcome)
        self._state = message

    def _known_step(self) -> int:
        step = self._state.get("payload", {}).get("step")
        return int(step) if isinstance(step, int) else -1

    def _send(self, message: dict[str, Any]) -> None:
        sock = self._socket
        if sock is None:
            return

        def write() -> None:
            with contextlib.suppress(tornado.websocket.WebSocketClosedError):
                sock.write_message(dumps(message))

        self._loop.call_soon_threadsafe(write)

    def _wait_for(self, ready: Callable[[], bool], timeout: float | None) -> bool:
        with self._changed:
            return self._changed.wait_for(ready, timeout)

    def close(self) -> None:
        """Leave the room (the seat waits for this learner through the grace period)."""
        sock = self._socket
        if sock is not None:
            self._loop.call_soon_threadsafe(sock.close)
            self._socket = None
        if self._loop.is_running():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)

    # -- reads like a game ------------------------------------------------------------
    @property
    def rules(self) -> Rules[Any]:
        return gamekit.rules_for(self.title)

    @property
    def title(self) -> str:
        return str(self._welcome.get("title", ""))

    @property
    def players(self) -> int:
        return int(self._welcome.get("players", 0))

    @property
    def names(self) -> list[str]:
        return list(self._welcome.get("names", []))

    @property
    def seat(self) -> int | None:
        """This client's seat (``None``: a spectator)."""
        seat = self._welcome.get("seat")
        return seat if isinstance(seat, int) else None

    @property
    def language(self) -> str:
        """The language the room speaks to this laptop (``join(..., lang=)``, else the table's)."""
        return str(self._welcome.get("lang") or "en")

    @property
    def table(self) -> int:
        return int(self._welcome.get("table", 0))

    @property
    def _payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = self._state.get("payload", {})
        return payload

    @property
    def status(self) -> str:
        """``"waiting"``, ``"playing"``, ``"paused"``, ``"over"`` or ``"ended"``."""
        return str(self._state.get("status", ""))

    @property
    def memory(self) -> bool:
        """The teacher turned the title's memory mode on at this table (``serve(memory=True)``)."""
        return bool(self._state.get("memory"))

    @property
    def odds(self) -> bool:
        """The teacher turned the odds panel on at this table (``serve(odds=True)``,
        ``lobby.set_odds``)."""
        return bool(self._state.get("odds"))

    def odds_rows(self) -> list[dict[str, Any]]:
        """The odds panel's rows the room computed for this seat from its own view
        (``[]`` while the panel is off or this seat does not decide)."""
        return list(self._payload.get("odds", []))

    @property
    def seats(self) -> list[dict[str, Any]]:
        """Every seat: a person or a bot, connected or not, its stand-in bot's note."""
        return list(self._state.get("seats", []))

    @property
    def step(self) -> int:
        return self._known_step()

    @property
    def to_move(self) -> int | None:
        mover = self._payload.get("to_move")
        return mover if isinstance(mover, int) else None

    @property
    def is_over(self) -> bool:
        return bool(self._payload.get("is_over"))

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """This seat's view (the only one this laptop has); ``seat`` must be its own."""
        if seat is not None and seat != self.seat:
            with language(self.language):
                raise ValueError(
                    str(CORE("this laptop sees seat {mine} only, not seat {seat}",
                             mine=self.seat, seat=seat))
                )  # fmt: skip
        view: dict[str, Any] = self._payload.get("view", {})
        return view

    def legal_actions(self) -> list[Action]:
        """The actions this seat may take now (empty when another seat decides)."""
        types = {t.kind: t for t in self.rules.action_types}
        return [action_from_json(row["action"], types) for row in self._payload.get("legal", [])]

    def legal_texts(self) -> list[str]:
        """The legal actions as this laptop reads them (its language)."""
        return [str(row["text"]) for row in self._payload.get("legal", [])]

    @property
    def log(self) -> tuple[Event, ...]:
        """The narration this seat may read, as events (``.text``)."""
        return tuple(
            Event(str(r["text"]), str(r["kind"]), r.get("ruling"), r.get("seat")) for r in self._log
        )

    def scores(self) -> list[Any]:
        """The scores: the running ones during the game, then the final ones."""
        return list(self._payload.get("scores", []))

    def winners(self) -> list[int]:
        return list(self._payload.get("winners", []))

    def result_lines(self) -> list[str]:
        return list(self._payload.get("result", []))

    def to_json(self) -> str:
        """The finished game's record (only once it is over: before, it would tell the deal)."""
        if "record" not in self._payload:
            raise IllegalAction("the record is sent once the game is over")
        return str(self._payload["record"])

    def read(self, value: object) -> str:
        return str(value)

    # -- acts ---------------------------------------------------------------------------
    def on_message(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after each message from the room, on the connection's own
        thread (a table hands it on to the kernel's loop)."""
        self._listeners.append(callback)

    def snapshot(self) -> tuple[int, dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
        """``(version, welcome, state, narration rows)`` read together (from any thread)."""
        with self._changed:
            return self._version, self._welcome, self._state, list(self._log)

    def submit(self, move: Mapping[str, Any], step: int | None = None) -> Future[dict[str, Any]]:
        """Send a move (``{"index": 2}``, ``{"action": {...}}`` or ``{"text": "..."}``) chosen
        at ``step`` (default: the step known now) without waiting: the future gets the
        room's ``played`` or ``refused`` (or ``bye``) message."""
        answer: Future[dict[str, Any]] = Future()
        with self._changed:
            if self._bye is not None:
                answer.set_result({"type": "bye", "reason": self._bye})
                return answer
            self._next_id += 1
            ident = self._next_id
            chosen = self._known_step() if step is None else step
            self._answers[ident] = answer
        answer.add_done_callback(lambda _f: self._answers.pop(ident, None))
        self._send({"type": "play", "id": ident, "step": chosen, **move})
        return answer

    def play(self, action: Action | str, timeout: float = 30.0) -> list[Event]:
        """Play ``action`` (or its text) for this seat; the room's refusal raises
        :class:`IllegalAction` (nothing changed) and the position is brought up to date."""
        body: dict[str, Any] = {"text": action} if isinstance(action, str) else {
            "action": action.to_json()}  # fmt: skip
        reply = self.submit(body).result(timeout=timeout)
        if reply["type"] == "refused":
            self._wait_for(lambda: self.step >= int(reply.get("step", 0)), timeout)
            raise IllegalAction(str(reply["reason"]), [])
        if reply["type"] != "played":
            raise IllegalAction(str(reply.get("reason", "the room closed the connection")), [])
        done = int(reply["step"])
        self._wait_for(lambda: self.step >= done or self._bye is not None, timeout)
        return [e for e, r in zip(self.log, self._log, strict=True) if r["step"] == done]

    def control(self, do: str, table: int | None = None, seconds: int | None = None,
                timeout: float = 30.0) -> None:  # fmt: skip
        """A teacher's control, from the teacher's connection (``join(url, teacher_code,
        table=t)``): ``"start"``, ``"pause"``, ``"resume"``, ``"restart"`` (a ``table``),
        ``"end"``, ``"end_all"``, ``"timer"`` (``seconds`` per move, 0: none),
        ``"memory_on"``, ``"memory_off"``, ``"odds_on"`` or ``"odds_off"``, at
        ``table`` (``None``: every table). Raises :class:`ControlRefused` with the room's reason.
        """
        answer: Future[dict[str, Any]] = Future()
        with self._changed:
            self._next_id += 1
            ident = self._next_id
            self._answers[ident] = answer
        answer.add_done_callback(lambda _f: self._answers.pop(ident, None))
        message: dict[str, Any] = {"type": "control", "id": ident, "do": do}
        if table is not None:
            message["table"] = table
        if seconds is not None:
            message["seconds"] = seconds
        if self._bye is not None:
            raise ControlRefused(self._bye)
        self._send(message)
        reply = answer.result(timeout=timeout)
        if reply["type"] != "done":
            raise ControlRefused(str(reply.get("reason", "the room refused")))

    @property
    def question(self) -> dict[str, Any] | None:
        """The teacher's question as this screen sees it while the table is frozen for it
        (``None`` otherwise): ``id``, ``revealed``, ``answered`` and ``asked``; for a seat,
        its ``move`` part (``choices``, ``answer``, and once revealed ``bots``) and its
        ``chance`` part (``question``, ``given``, ``answer``, and once revealed ``fraction``
        and ``percent``), or a ``note`` when it has nothing to answer."""
        ask = self._state.get("ask")
        return dict(ask) if isinstance(ask, dict) else None

    def submit_answer(self, choice: int | None = None, guess: int | None = None
                      ) -> Future[dict[str, Any]]:  # fmt: skip
        """Send an answer to the open question without waiting: the future gets the room's
        ``answered`` or ``refused`` (or ``bye``) message."""
        answer: Future[dict[str, Any]] = Future()
        ask = self.question
        with self._changed:
            if self._bye is not None or ask is None:
                reason = self._bye or "the teacher has asked no question"
                answer.set_result({"type": "bye" if self._bye else "refused", "reason": reason})
                return answer
            self._next_id += 1
            ident = self._next_id
            self._answers[ident] = answer
        answer.add_done_callback(lambda _f: self._answers.pop(ident, None))
        message: dict[str, Any] = {"type": "answer", "id": ident, "ask": ask["id"]}
        if choice is not None:
            message["choice"] = choice
        if guess is not None:
            message["guess"] = guess
        self._send(message)
        return answer

    def answer(self, choice: int | None = None, guess: int | None = None,
               timeout: float = 30.0) -> None:  # fmt: skip
        """Answer the teacher's question: ``choice``, the number of a move in
        ``question["move"]["choices"]``; ``guess``, the chances as a whole percent. The
        room's refusal raises :class:`IllegalAction` (nothing changed)."""
        reply = self.submit_answer(choice, guess).result(timeout=timeout)
        if reply["type"] != "answered":
            raise IllegalAction(str(reply.get("reason", "the room refused the answer")), [])
        number = int(reply["ask"])
        shown = _answer_shown(number, choice, guess)
        self._wait_for(lambda: shown(self.question) or self._bye is not None, timeout)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the room sends something new (True), or ``timeout`` seconds pass."""
        with self._changed:
            seen = self._version
            return self._changed.wait_for(lambda: self._version != seen, timeout)

    def wait_until(self, ready: Callable[[RemoteGame], bool], timeout: float | None = None) -> bool:
        """Block until ``ready(self)`` holds (a state, never a time); False on timeout."""
        return self._wait_for(lambda: ready(self) or self._bye is not None, timeout) and ready(self)

    def my_turn(self) -> bool:
        """This seat decides now (only while the table is playing)."""
        return self.status == "playing" and bool(self._payload.get("legal"))

    @property
    def closed_reason(self) -> str | None:
        """Why the room closed this connection (``None`` while it is open)."""
        return self._bye

    def __repr__(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        return (
            f"<RemoteGame {self.title} table {self.table}, {who}: step {self.step}, "
            f"{self.status}, to move {self.to_move}>"
        )


def _answer_shown(number: int, choice: int | None, guess: int | None
                  ) -> Callable[[dict[str, Any] | None], bool]:  # fmt: skip
    """``ready`` for an answer: the room's state shows it (or the question is gone)."""

    def shown(ask: dict[str, Any] | None) -> bool:
        if ask is None or ask.get("id") != number:
            return True
        move, chance = ask.get("move") or {}, ask.get("chance") or {}
        return (choice is None or move.get("answer") == choice) and (
            guess is None or chance.get("answer") == guess
        )

    return shown


def _socket_url(url: str) -> str:
    """``http://host:port/`` (what a lobby shows) as the room's WebSocket address.

    >>> _socket_url("http://127.0.0.1:8765/")
    'ws://127.0.0.1:8765/gamekit-rooms'
    >>> _socket_url("https://hub.example/services/gamekit-rooms/")
    'wss://hub.example/services/gamekit-rooms/gamekit-rooms'
    >>> _socket_url("ws://127.0.0.1:8765/gamekit-rooms")
    'ws://127.0.0.1:8765/gamekit-rooms'
    """
    base = url
    for plain, secure in (("http://", "ws://"), ("https://", "wss://")):
        if base.startswith(plain):
            base = secure + base[len(plain) :]
    if base.endswith("/"):
        return base + PATH.lstrip("/")
    if base.endswith(PATH):
        return base  # the socket's own address
    if "/" not in base.split("://", 1)[-1]:
        return base + PATH  # a bare host:port
    return base + "/" + PATH.lstrip("/")


def join(url: str | None = None, code: str | None = None, *, lang: str | None = None,
         table: int | None = None, timeout: float = CONNECT_SECONDS,
         token: str | None = None, env: Mapping[str, str] | None = None) -> RemoteGame:  # fmt: skip
    """Take the seat ``code`` opens at the lobby ``url`` (a spectator's code: watch).

    ``lang``: this laptop's language for its texts. The teacher's code needs ``table``.
    Without a code, in a JupyterHub kernel: the hub's ``gamekit-rooms`` service seats
    this hub user at the seat the teacher gave them; without a url (a spectator's or
    the teacher's code), the same service. There ``url`` defaults to the service's
    address and ``token`` to the kernel's ``JUPYTERHUB_API_TOKEN``, both read from
    ``env`` (default: ``os.environ``; see :func:`gamekit.rooms.hub.service_url`); a
    url with a code sends no token.
    Raises :class:`RoomRefused` when the room will not seat it.
    """
    if url is None or code is None:  # the hub's service: the kernel's token goes with it
        import os

        from gamekit.rooms.hub import service_url

        env = os.environ if env is None else env
        token = token or env.get("JUPYTERHUB_API_TOKEN")
        if not token:
            raise ValueError(
                "join needs the lobby's url and your code (or, in a JupyterHub kernel, "
                "nothing: JUPYTERHUB_API_TOKEN is not set here)"
            )
        url = url or service_url(env)
    return RemoteGame(url, code, lang=lang, table=table, timeout=timeout, token=token)


def _why(err: BaseException) -> str:
    """Why a connection failed, in a learner's words where the hub refused it."""
    code = getattr(err, "code", None)
    if code == 403:
        return "the hub refused this token (403): it lacks access:services!service=gamekit-rooms"
    if code == 401:
        return "the hub did not vouch for this token (401): join from a JupyterHub kernel"
    return str(err) or type(err).__name__


__all__: Sequence[str] = ["ControlRefused", "RemoteGame", "RoomRefused", "join"]


def _covered(
    kept: list[dict[str, Any]],
    rows: list[dict[str, Any]],
    message: dict[str, Any],
    welcome: dict[str, Any],
) -> list[dict[str, Any]]:
    """The narration this laptop keeps: in memory mode, a Vision told by an earlier
    message is covered once a newer one comes, as the room covers a payload (only the
    newest Vision is told), so this laptop forgets what must be remembered."""
    visions = [i for i, r in enumerate(kept) if r["kind"] == "vision"]
    if not message.get("memory") or not visions or all(r["kind"] != "vision" for r in rows):
        return kept + rows
    last = visions[-1]  # the only Vision an earlier message told (the others came covered)
    rules = gamekit.rules_for(str(welcome.get("title")))
    with language(str(welcome.get("lang") or "en")):
        text = rules.memory_text([kept[last]["text"], ""], ["vision", "vision"])[0]
    return [*kept[:last], {**kept[last], "text": text}, *kept[last + 1 :], *rows]
