"""The learner's table at a room: ``Table(gamekit.rooms.join(url, code))``.

:class:`Table` given a :class:`~gamekit.rooms.client.RemoteGame` makes a
:class:`RemoteTable`: the same page, drawing what the room sends this seat (the
payload of :func:`gamekit.rooms.payload.seat_payload`), and sending the
learner's clicks to the room. The room owns the game, so there is no god view,
no seed, no undo, no New game, and the bots play on the room's side.

The moves of others come on the connection's own thread; the table hands each
update to the kernel's event loop (the one that delivers the page's messages), so
the widget changes on one thread only, whenever the kernel is idle. Without a
running loop (a plain script, a test) the update is made at once, under a lock.

>>> import gamekit
>>> from gamekit.widgets import Table
>>> lobby = gamekit.rooms.serve("hats", players=3, seed=1, bots={1: "random", 2: "random"})
>>> t = Table(gamekit.rooms.join(lobby.url, lobby.codes[0][0]))
>>> type(t).__name__, t.seat, t.remote
('RemoteTable', 0, True)
>>> t.game.close(); lobby.stop()
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

import gamekit
from gamekit.core.errors import IllegalAction
from gamekit.core.i18n import CORE, Message, language
from gamekit.core.names import Seat, and_list, seat_names
from gamekit.core.rules import points_text
from gamekit.rooms.payload import NARRATION_LIMIT

from .labels import board_labels, bot_label, bot_labels, card_names, page_labels, seat_labels
from .table import DEFAULT, HIDDEN_SEED, Perspective, Table, _diff_paths, _short, asks_odds

if TYPE_CHECKING:
    from gamekit.rooms.client import RemoteGame

CLOSED = "the room closed the connection"
"""The client's reason when the connection ended without the room's ``bye``."""

ROOM_SETTINGS = frozenset({"size"})
"""The only setting the page may change on a table at a room (the rest are the room's)."""
_ALLOWED = frozenset({"size", "speed_ms"})
"""The keywords ``Table(remote_game, ...)`` takes beside ``seat`` and ``lang``."""
_REFUSED_REQUESTS = frozenset(
    {"undo", "redo", "goto", "new", "load", "save", "bot", "sit", "stand", "uncover"}
)


class RemoteTable(Table):
    """A table showing one seat (or a spectator) of a room, as the room sends it.

    Made by ``Table(remote_game)``. ``seat``: the joined seat only (the default).
    ``lang``: the language the seat joined in (the default). ``size``: "normal" or
    "large". ``loop``: the event loop to hand updates to (default: the running one,
    the kernel's). :meth:`wait_until` blocks until the table shows a state.
    """

    remote = traitlets.Bool(True).tag(sync=True)
    """The page draws a table at a room: no bot menus, no sit or stand, no undo or New game."""
    ask: traitlets.Dict[str, Any] = traitlets.Dict().tag(sync=True)
    """The teacher's question while the room is frozen for it (:mod:`gamekit.rooms.ask`),
    as the room sends it to this screen; ``{}`` otherwise."""
    seat_notes: traitlets.List[Any] = traitlets.List().tag(sync=True)
    """Seat by seat, who plays it as the room says (a bot, "bot until you return", away)."""

    def __init__(
        self,
        game: RemoteGame,
        seat: Perspective = DEFAULT,
        *,
        lang: str | None = None,
        size: str = "normal",
        loop: asyncio.AbstractEventLoop | None = None,
        **kwargs: Any,
    ) -> None:
        _check_room_keywords(kwargs)
        anywidget.AnyWidget.__init__(self, **kwargs)
        self._ready = False
        self._remote = game
        self._lock = threading.RLock()
        self._shown = threading.Condition(self._lock)
        self._seen = -1
        self._pending = False
        self._previous: dict[str, Any] | None = None
        self._listeners: list[Callable[[Table], None]] = []
        self._humans: set[int] = set()
        self._kernel_loop = loop if loop is not None else _running_loop()
        self._loop_thread = threading.get_ident() if loop is None else None
        _check_room_seat(game, seat)
        _check_room_lang(game, lang)
        self.lang = _joined_lang(game)
        self.size = size
        self.classroom = True  # the page's debug controls (save, load, options) stay hidden
        self.god_view = False
        self._setup_room()
        self._pull()
        self._ready = True
        self.on_msg(self._on_message)
        game.on_message(self._wake)
        self._pull()  # anything that came while the table was being made

    # -- reads ------------------------------------------------------------------------
    @property
    def game(self) -> RemoteGame:  # type: ignore[override]
        """The seat at the room (:class:`~gamekit.rooms.client.RemoteGame`)."""
        return self._remote

    @property
    def language(self) -> str:
        return str(self.lang or "en")

    def read(self, text: object) -> str:
        """``text`` in the table's language (the room's texts come rendered already)."""
        with language(self.language):
            return str(text)

    def wait_until(
        self, ready: Callable[[RemoteTable], bool], timeout: float | None = None
    ) -> bool:
        """Block until the table shows a state where ``ready(table)`` holds; False on timeout.

        Called on the thread of the kernel's loop (a notebook cell, a script, a test whose
        thread runs another library's loop), it draws each new message itself: the loop
        that draws them otherwise cannot run while its own thread waits here.
        """
        if not self._draws_here():
            with self._shown:
                return self._shown.wait_for(lambda: ready(self), timeout)
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            version = self._remote.snapshot()[0]
            self._pull()
            with self._lock:
                if ready(self):
                    return True
            left = None if deadline is None else deadline - time.monotonic()
            if (left is not None and left <= 0) or self._remote.closed_reason is not None:
                return False
            self._remote.wait_until(_newer_than(version), left)

    def _draws_here(self) -> bool:
        """No other thread will draw the room's messages while this one waits."""
        loop = self._kernel_loop
        if loop is None or not loop.is_running():
            return True
        return self._loop_thread == threading.get_ident()

    def refresh(self, *, remember: bool = True) -> None:
        """Draw the room's latest message again."""
        with self._lock:
            self._seen = -1
        self._pull(remember=remember)

    # -- updates from the room -----------------------------------------------------------
    def _wake(self) -> None:
        """A message came (on the connection's thread): update the widget on the kernel's loop."""
        loop = self._kernel_loop
        if loop is None:
            self._pull()
            return
        with self._lock:
            if self._pending:
                return
            self._pending = True
        with contextlib.suppress(RuntimeError):  # the kernel's loop is closed: nothing to draw
            loop.call_soon_threadsafe(self._pull)

    def _pull(self, *, remember: bool = True) -> None:
        with self._lock:
            self._pending = False
            version, welcome, state, rows = self._remote.snapshot()
            if version == self._seen or not state:
                return
            self._seen = version
            with language(self.language), seat_names(None):
                self._show(welcome, state, rows, remember)
            self._shown.notify_all()
        for callback in list(self._listeners):
            callback(self)

    def _show(self, welcome: dict[str, Any], state: dict[str, Any], rows: list[dict[str, Any]],
              remember: bool) -> None:  # fmt: skip
        payload: dict[str, Any] = state.get("payload", {})
        view: dict[str, Any] = payload.get("view", {})
        shown = payload.get("seat")
        with self.hold_sync():
            self.changed = _diff_paths(self._previous, view) if remember and self._previous else []
            self._previous = view
            self.seat = shown if shown == "god" else welcome.get("seat")
            self.perspectives = [self.seat]
            self.view_data = view
            self.seat_views = list(payload.get("seat_views", []))
            self.to_move = payload.get("to_move")
            self.step = int(payload.get("step", 0))
            self.total_steps = self.step
            self.is_over = bool(payload.get("is_over"))
            self.scores = list(payload.get("scores", []))
            self.winners = list(payload.get("winners", []))
            self.legal = list(payload.get("legal", []))
            self.narration = rows[-NARRATION_LIMIT:]
            self.summary_lines = self._room_summary(payload)
            self.game_name = _header(self._rules_name, self._remote.table, str(state.get("status")))
            self.seat_notes = _seat_notes(state.get("seats", []), welcome.get("seat"))
            self.memory_mode = bool(state.get("memory"))
            ask = state.get("ask")
            self.ask = dict(ask) if isinstance(ask, dict) else {}
            self._show_odds(state, payload)
            self._show_timer(state)
            closed = self._remote.closed_reason
            if closed == CLOSED:
                self.error = str(CORE("the room closed the connection"))
            elif closed is not None:
                self.error = str(CORE("the room closed the connection: {reason}", reason=closed))
            self.revision += 1

    def _show_odds(self, state: Mapping[str, Any], payload: Mapping[str, Any]) -> None:
        """The teacher's switch decides the panel; its rows are the room's, for this seat."""
        on = bool(state.get("odds"))
        if on:
            self.odds_locked = False
            self.odds = True
        else:
            self.odds = False
            self.odds_locked = True
        self.odds_rows = list(payload.get("odds", [])) if on else []

    def _room_summary(self, payload: Mapping[str, Any]) -> list[str]:
        if payload.get("is_over"):
            return [str(line) for line in payload.get("result", [])]
        points = and_list(
            str(CORE("{seat} has {points}", seat=Seat(s), points=points_text(v)))
            for s, v in enumerate(payload.get("scores", []))
        )
        return [str(CORE("Scores so far: {points}.", points=points))]

    def _show_timer(self, state: Mapping[str, Any]) -> None:
        """The room's move timer, counted down by the page for the seat it waits for."""
        left = state.get("timer")
        mover = state.get("payload", {}).get("to_move")
        running = isinstance(left, int | float) and isinstance(mover, int)
        self.party_timer = running
        self.timer_seat = mover if running else None
        if isinstance(left, int | float) and running:
            self.timer_seconds = max(0, math.ceil(float(left)))

    # -- the page's requests ------------------------------------------------------------
    @contextmanager
    def _speaking(self) -> Iterator[None]:
        with language(self.language), seat_names(None):
            yield

    def _handlers(self) -> dict[str, Callable[[dict[str, Any]], None]]:
        handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            "play": self._msg_play,
            "answer": self._msg_answer,
            "step": self._msg_step,
            "timeout": lambda _m: None,  # the room's clock decides
            "seat": self._msg_seat,
            "refresh": lambda _m: self.refresh(remember=False),
        }
        for name in _REFUSED_REQUESTS:
            handlers[name] = self._msg_refused
        return handlers

    def _msg_play(self, msg: dict[str, Any]) -> None:
        index, step = msg.get("index"), msg.get("step")
        if self._remote.seat is None:
            raise IllegalAction(str(CORE("a spectator watches and cannot play")), [])
        if not isinstance(index, int) or isinstance(index, bool):
            raise IllegalAction(
                str(CORE("there is no legal choice number {number} (choose 0 to {last})",
                         number=_short(index), last=max(0, len(self.legal) - 1)))
            )  # fmt: skip
        if step is not None and (not isinstance(step, int) or isinstance(step, bool)):
            raise ValueError(
                str(CORE("the step must be a whole number, not {value}", value=_short(step)))
            )
        answer = self._remote.submit({"index": index}, step)
        answer.add_done_callback(self._answered)

    def _msg_answer(self, msg: dict[str, Any]) -> None:
        """The learner's answer to the teacher's question: a move's number, a whole percent."""
        choice, guess = msg.get("choice"), msg.get("guess")
        if self._remote.seat is None:
            raise IllegalAction(str(CORE("a spectator watches and cannot answer")), [])
        for value in (choice, guess):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise ValueError(str(CORE("an answer is a whole number, not {value}",
                                          value=_short(value))))  # fmt: skip
        if choice is None and guess is None:
            raise ValueError(str(CORE("an answer gives a choice or a guess")))
        answer = self._remote.submit_answer(choice, guess)
        answer.add_done_callback(self._answered)

    def _answered(self, answer: Future[dict[str, Any]]) -> None:
        """The room's answer to a move or an answer (on the connection's thread): a refusal
        is shown."""
        reply = answer.result()
        if reply.get("type") in ("played", "answered"):
            return
        reason = str(reply.get("reason") or "")
        loop = self._kernel_loop
        if loop is None:
            self._show_refusal(reason)
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._show_refusal, reason)

    def _show_refusal(self, reason: str) -> None:
        with self._lock, self._speaking():
            self._fail(reason)
            self._shown.notify_all()

    def _msg_step(self, msg: dict[str, Any]) -> None:
        if msg.get("auto") is True:
            return  # the page's autoplay: the room's bots play by themselves
        raise ValueError(str(CORE("at a room the bots play by themselves")))

    def _msg_seat(self, msg: dict[str, Any]) -> None:
        if msg.get("seat") != self.seat:
            raise ValueError(str(CORE("a table at a room shows only the seat its code opened")))

    def _msg_refused(self, _msg: dict[str, Any]) -> None:
        raise ValueError(
            str(CORE("a table at a room cannot do that: the room and the teacher run the game"))
        )

    def _page_settings(self) -> frozenset[str]:
        """The page may change its size only; anything else is sent back as it was."""
        return ROOM_SETTINGS

    def _settings_refusal(self, refused: Sequence[str]) -> Message:
        """At a room the teacher switches the odds panel (and everything but the size)."""
        if "odds" in refused:
            return CORE("at a room the teacher switches the odds panel on or off")
        return super()._settings_refusal(refused)

    # -- what the local table does and a room's does not -----------------------------
    def _arm_timer(self) -> None:
        """No kernel countdown: the room's clock runs the timers."""

    def _memory_switched(self, _change: Any) -> None:
        """The room decides memory mode and covers what it sends: nothing to draw again."""

    def _odds_switched(self, _change: Any) -> None:
        """The room decides the odds panel and sends its rows: nothing to draw again."""

    def _classroom_switched(self, change: Any) -> None:
        """A table at a room is always locked to its seat."""

    def _setup_room(self) -> None:
        game = self._remote
        rules = gamekit.rules_for(game.title)
        self._rules_name = ""
        with self.hold_sync(), language(self.language), seat_names(None):
            self.title = game.title
            self.features = []
            self.odds_offered = asks_odds(rules)
            self.players = game.players
            self.seed = HIDDEN_SEED
            self.humans = [] if game.seat is None else [game.seat]
            self.bots = [""] * game.players
            self.bot_choices = []
            self.titles = [game.title]
            self.player_range = {}
            self.memory_mode = False
            self.autoplay = False
            self.catalogue = rules.card_catalogue()
            self.board_js = rules.board_script() or ""
            self.names = game.names
            self.rulings = {str(k): str(v) for k, v in rules.rulings.items()}
            self.options_schema = {}
            texts = page_labels()
            texts["seats"] = seat_labels(game.names)
            texts["bots"] = bot_labels([])
            texts["titles"] = {game.title: rules.display_name()}
            self.labels = texts
            self.board_labels = board_labels(rules.title_package(), rules.board_script() or "")
            self.card_names = card_names(rules.title_module("picture"))
            self._rules_name = rules.display_name()
            self.game_name = self._rules_name


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop (a kernel's), else ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _joined_lang(game: RemoteGame) -> str:
    return str(game.language or "en")


def _check_room_keywords(kwargs: Mapping[str, Any]) -> None:
    for key in kwargs:
        if key not in _ALLOWED:
            raise ValueError(
                str(CORE("{name} is the room's to decide: a table at a room shows the seat "
                         "its code opened", name=_short(key)))
            )  # fmt: skip


def _check_room_seat(game: RemoteGame, seat: Perspective) -> None:
    if seat is not DEFAULT and seat != game.seat:
        raise ValueError(str(CORE("a table at a room shows only the seat its code opened")))


def _check_room_lang(game: RemoteGame, lang: str | None) -> None:
    joined = _joined_lang(game)
    if lang is not None and lang != joined:
        raise ValueError(
            str(CORE("this seat joined the room in {joined}: join again with lang={lang}",
                     joined=repr(joined), lang=repr(lang)))
        )  # fmt: skip


def _header(name: str, table: int, status: str) -> str:
    """The header's title: the game, the table, and the room's status when it matters."""
    number = table + 1
    if status == "waiting":
        return str(CORE("{game} · table {number}: waiting for the players", game=name,
                        number=number))  # fmt: skip
    if status == "paused":
        return str(CORE("{game} · table {number}: paused by the teacher", game=name,
                        number=number))  # fmt: skip
    if status == "asking":
        return str(CORE("{game} · table {number}: the teacher's question", game=name,
                        number=number))  # fmt: skip
    if status == "ended":
        return str(CORE("{game} · table {number}: ended by the teacher", game=name,
                        number=number))  # fmt: skip
    return str(CORE("{game} · table {number}", game=name, number=number))


def _seat_notes(seats: list[dict[str, Any]], mine: Any) -> list[str]:
    """Seat by seat, who plays it as the room's ``seats`` say, in the language in force."""
    notes = []
    for row in seats:
        if row.get("bot"):
            notes.append(str(CORE("bot “{bot}”", bot=bot_label(str(row["bot"])))))
        elif row.get("stand_in"):
            notes.append(str(row.get("note") or CORE("bot until you return")))
        elif not row.get("connected") and row.get("seat") != mine:
            notes.append(str(CORE("away")))
        else:
            notes.append("")
    return notes


def _newer_than(version: int) -> Callable[[RemoteGame], bool]:
    """``ready`` for :meth:`RemoteGame.wait_until`: a message newer than ``version`` came."""

    def newer(game: RemoteGame) -> bool:
        return game.snapshot()[0] != version

    return newer
