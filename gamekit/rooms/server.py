"""The room server: a lobby of tables on tornado, in a thread with its own event loop.

It runs from a notebook cell (the kernel's own loop is left alone) and from a
terminal (``gamekit room serve TITLE --players N --tables K``). It binds to
127.0.0.1 unless told otherwise (``host="0.0.0.0"`` for the school network).

>>> lobby = serve("knock-knock", players=3, tables=2, seed=1, port=0)
>>> lobby.url.startswith("http://127.0.0.1:"), len(lobby.codes), len(lobby.codes[0])
(True, 2, 3)
>>> lobby.stop()
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import socket
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket

from gamekit.rooms.hub import Hub, HubRefused, token_from
from gamekit.rooms.protocol import MAX_MESSAGE_BYTES
from gamekit.rooms.room import GRACE_SECONDS, Classroom, Link, Options, Room

T = TypeVar("T")
TICK_SECONDS = 0.05
"""How often the room's clock is looked at (grace periods, timers, bots' moves)."""
PATH = "/gamekit-rooms"
"""The WebSocket's path on the server."""


class _Socket(tornado.websocket.WebSocketHandler):
    """One client: its messages go to the classroom, which answers through its link."""

    def initialize(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.link: Link | None = None
        self.user: str | None = None

    def check_origin(self, origin: str) -> bool:
        return True  # a code opens a seat, whatever page the client runs in

    async def get(self, *args: str, **kwargs: str) -> None:
        """As a hub's service, the hub vouches for the token first (else 401 or 403)."""
        hub = self.lobby.hub
        if hub is not None:
            try:
                self.user = await hub.user(token_from(self.request.headers.get("Authorization")))
            except HubRefused as err:
                self.lobby.note(f"{self.request.remote_ip}: refused by the hub, {err.reason}")
                self.set_status(err.status)
                self.finish(err.reason + "\n")
                return
        await super().get(*args, **kwargs)

    def open(self, *args: str, **kwargs: str) -> None:
        self.set_nodelay(True)  # small messages go at once (no 40 ms wait for an ACK)
        self.link = Link(self._send, self._close, peer=str(self.request.remote_ip))
        self.link.user = self.user

    def on_message(self, message: str | bytes) -> None:
        if self.link is not None:
            self.lobby.classroom.receive(self.link, message, self.lobby.clock())

    def on_close(self) -> None:
        if self.link is not None and not self.link.closed:
            if self.close_code == 1009:
                self.lobby.classroom.note(f"{self.link.who()}: dropped, a message far too big")
            self.lobby.classroom.closed(self.link, self.lobby.clock())

    def _send(self, text: str) -> None:
        with contextlib.suppress(tornado.websocket.WebSocketClosedError):
            self.write_message(text)  # when gone, on_close tells the room

    def _close(self, why: str) -> None:
        self.close(1008, why[:100])


class _Home(tornado.web.RequestHandler):
    def get(self) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.write("gamekit rooms: join with gamekit.rooms.join(url, code)\n")


class Lobby:
    """A running lobby: ``url``, ``codes[table][seat]``, ``records()``, the teacher's controls.

    Made by :func:`serve`. Every method may be called from any thread (the
    notebook's): it runs on the lobby's own loop and waits for the answer.
    """

    def __init__(self, classroom: Classroom, host: str, port: int, *, prefix: str = "/",
                 hub: Hub | None = None) -> None:  # fmt: skip
        self.classroom = classroom
        self.clock = classroom.clock
        self.host = host
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self.hub = hub
        """The hub that vouches for its users' tokens (a managed service), else ``None``."""
        self._loop = asyncio.new_event_loop()
        self._ready: Future[int] = Future()
        self._thread = threading.Thread(
            target=self._run, args=(host, port), name="gamekit-rooms", daemon=True
        )
        self._thread.start()
        self.port = self._ready.result(timeout=30)
        self.stopped = False

    # -- the loop's thread ----------------------------------------------------------
    def _run(self, host: str, port: int) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            app = tornado.web.Application(
                [
                    (self.prefix + PATH.lstrip("/"), _Socket, {"lobby": self}),
                    (self.prefix, _Home),
                ],  # fmt: skip
                websocket_max_message_size=8 * MAX_MESSAGE_BYTES,
                websocket_ping_interval=20,
                websocket_ping_timeout=20,
            )
            sockets = tornado.netutil.bind_sockets(port, address=host, family=socket.AF_INET)
            self._server = tornado.httpserver.HTTPServer(app)
            self._server.add_sockets(sockets)
            self._ticker = self._loop.call_later(TICK_SECONDS, self._tick)
            self._ready.set_result(int(sockets[0].getsockname()[1]))
        except Exception as err:  # the notebook hears why (a port in use...)
            self._ready.set_exception(err)
            return
        self._loop.run_forever()
        self._loop.close()

    def _tick(self) -> None:
        try:
            self.classroom.poll(self.clock())
        except Exception as err:  # a bot's failure is logged, the server goes on
            self.classroom.note(f"the room's clock: {type(err).__name__}: {err}")
        self._ticker = self._loop.call_later(TICK_SECONDS, self._tick)

    def _call(self, work: Callable[[], T]) -> T:
        """Run ``work`` on the lobby's loop and return its result (from any thread)."""
        if self.stopped:
            raise RuntimeError("the lobby is stopped")
        if threading.current_thread() is self._thread:
            return work()
        done: Future[T] = Future()

        def run() -> None:
            try:
                done.set_result(work())
            except BaseException as err:
                done.set_exception(err)

        self._loop.call_soon_threadsafe(run)
        return done.result(timeout=60)

    # -- what the teacher reads -------------------------------------------------------
    @property
    def url(self) -> str:
        """The address learners join (``gamekit.rooms.join(url, code)``)."""
        return f"http://{_shown_host(self.host)}:{self.port}{self.prefix}"

    def note(self, line: str) -> None:
        """A line of the teacher's log, from the lobby's loop."""
        self.classroom.note(line)

    @property
    def codes(self) -> list[list[str]]:
        """``codes[table][seat]``: the code that opens each seat (give each learner theirs)."""
        return self.classroom.codes

    @property
    def spectator_codes(self) -> list[str]:
        """One code per table for a spectator (the projector): it sees ``view(None)``."""
        return [room.spectator_code for room in self.classroom.rooms]

    @property
    def teacher_code(self) -> str:
        """The teacher's code: with ``table=`` a spectator that sees everything once the
        game is over or paused (``join(url, code, table=2)``)."""
        return self.classroom.teacher_code

    def records(self) -> list[dict[str, Any]]:
        """Every finished game's record (``gamekit.load_game`` replays one), also once stopped."""
        if self.stopped:  # the loop is gone: nothing else touches the classroom
            return self.classroom.records()
        return self._call(self.classroom.records)

    def log(self) -> list[str]:
        """The teacher's log: who joined, left, was dropped and why, which bot stood in."""
        if self.stopped:
            return list(self.classroom.log)
        return self._call(lambda: list(self.classroom.log))

    def tables(self) -> list[dict[str, Any]]:
        """Each table's status, step, seats (who is connected, who plays), and whether
        memory mode and the odds panel are on."""
        return self._call(lambda: [_table_info(room) for room in self.classroom.rooms])

    # -- the teacher's controls -----------------------------------------------------
    # The same controls reach the room over the wire from the teacher's own connection:
    # ``join(url, lobby.teacher_code, table=0).control("pause")`` (see RemoteGame.control).
    def start(self, table: int | None = None) -> None:
        """Start a table (``None``: every table) without waiting for empty seats."""
        self._each("start", table)

    def pause(self, table: int | None = None) -> None:
        """Pause a table (``None``: every table): no moves, no bots, no timer."""
        self._each("pause", table)

    def resume(self, table: int | None = None) -> None:
        """Play on after a pause or the teacher's question (:meth:`ask`)."""
        self._each("resume", table)

    def restart(self, table: int) -> None:
        """A new game at ``table`` (the next seed), the same people in the same seats."""
        if table is None:
            raise ValueError("say which table to restart")
        self._each("restart", table)

    def end_all(self) -> None:
        """End every table (finished games are kept; the others are not records)."""
        self._each("end_all", None)

    def set_timer(self, seconds: float | None, table: int | None = None) -> None:
        """A move timer of ``seconds`` per move at ``table`` (``None``: every table; 0: none)."""
        if seconds is not None and not 0 <= seconds <= 3600:
            raise ValueError(f"seconds must be from 0 (no timer) to 3600, not {seconds!r}")
        self._each("timer", table, seconds)

    def set_memory(self, on: bool, table: int | None = None) -> None:
        """Memory mode on or off at ``table`` (``None``: every table), for a title that has it."""
        if "memory" not in self.classroom.features:
            raise ValueError(f"{self.classroom.title} has no memory mode")
        self._each("memory_on" if on else "memory_off", table)

    def set_odds(self, on: bool, table: int | None = None) -> None:
        """The odds panel ("What are my chances?") on or off at ``table`` (``None``: every
        table). The room computes each seat's rows from that seat's own view; a learner's
        table cannot turn it on."""
        if not isinstance(on, bool):
            raise ValueError(f"on must be True or False, not {on!r}")
        self._each("odds_on" if on else "odds_off", table)

    def ask(self, table: int | None = None) -> None:
        """Ask the class (:mod:`gamekit.rooms.ask`): every table that is playing (or
        ``table``) freezes at its position, and each learner seated there answers their
        question on their own screen. Then :meth:`reveal`, then :meth:`resume`.

        Raises ``ValueError`` when no such table is playing (nothing is asked)."""
        self._asking("ask", table)

    def reveal(self, table: int | None = None) -> None:
        """Show each learner the exact answer to their question and, for the seat to move,
        what each bot would play; the tally is kept (:meth:`asks`) and saved with the
        records. Raises ``ValueError`` when no such table has an open question."""
        self._asking("reveal", table)

    def asks(self) -> list[dict[str, Any]]:
        """Every revealed question's tally, table by table: each seat asked, its answers
        (``choice``, ``guess``), the bots' moves (``bots``) and the exact odds (``exact``)."""
        if self.stopped:
            return list(self.classroom.tallies)
        return self._call(lambda: list(self.classroom.tallies))

    def _asking(self, do: str, table: int | None) -> None:
        self._check_table(table)

        def run() -> None:
            refusal = self.classroom.ask_refusal(do, table)
            if refusal is not None:
                raise ValueError(str(refusal))
            self.classroom.control(do, table, self.clock())

        self._call(run)

    def _check_table(self, table: int | None) -> None:
        rooms = self.classroom.rooms
        if table is not None and not (isinstance(table, int) and 0 <= table < len(rooms)):
            raise ValueError(f"no table {table!r}: the tables are 0 to {len(rooms) - 1}")

    def _each(self, do: str, table: int | None, seconds: float | None = None) -> None:
        self._check_table(table)
        self._call(lambda: self.classroom.control(do, table, self.clock(), seconds))

    def stop(self) -> None:
        """Close every connection and the server (the records stay readable)."""
        if self.stopped:
            return

        def close() -> None:
            self._ticker.cancel()
            self._server.stop()
            for room in self.classroom.rooms:
                for link in room.links():
                    self.classroom.drop(link, "the lobby is stopped", self.clock())

        self._call(close)
        self.stopped = True
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=30)

    # -- display ----------------------------------------------------------------------
    def __repr__(self) -> str:
        state = "stopped" if self.stopped else self.url
        rooms = self.classroom.rooms
        joined = sum(bool(s.links) for room in rooms for s in room.seats)
        return (
            f"<Lobby {self.classroom.title}: {len(rooms)} tables of {self.classroom.players}"
            f" at {state}, {joined} seats connected, {len(self.classroom.records())} records>"
        )

    def _repr_html_(self) -> str:
        if self.stopped:
            return f"<p>{html.escape(repr(self))}</p>"
        rows = []
        for info in self.tables():
            seats = "<br>".join(
                f"seat {s['seat']}: <code>{html.escape(s['code'])}</code> {html.escape(_who(s))}"
                for s in info["seats"]
            )
            rows.append(
                f"<tr><td>{info['table']}</td><td>{info['status']}</td><td>{info['step']}</td>"
                f"<td>{seats}</td><td><code>{html.escape(info['spectator'])}</code></td></tr>"
            )
        head = "<tr><th>table</th><th>status</th><th>step</th><th>seats</th><th>spectator</th></tr>"
        return (
            f"<p>{html.escape(self.classroom.title)} at <code>{html.escape(self.url)}</code></p>"
            f"<table>{head}{''.join(rows)}</table>"
        )


def _who(seat: Mapping[str, Any]) -> str:
    if seat["bot"]:
        return f"(bot {seat['bot']})"
    if seat["stand_in"]:
        return "(away: bot until they return)"
    return "(connected)" if seat["connected"] else "(empty)"


def _table_info(room: Room) -> dict[str, Any]:
    return {
        "table": room.number,
        "status": room.status,
        "step": room.game.step,
        "game": room.games,
        "spectator": room.spectator_code,
        "watchers": len(room.watchers),
        "memory": room.memory,
        "odds": room.odds,
        "asking": None
        if room.asking is None
        else {
            "ask": room.asking.number,
            "answered": room.asking.answered,
            "asked": len(room.asking.questions),
            "revealed": room.asking.revealed,
        },
        "seats": [
            {
                "seat": n,
                "code": s.code,
                "bot": s.bot,
                "connected": bool(s.links),
                "stand_in": s.stand_in,
            }  # fmt: skip
            for n, s in enumerate(room.seats)
        ],
    }


def _shown_host(host: str) -> str:
    """The address to give learners: the machine's own when listening on every address."""
    if host not in ("0.0.0.0", ""):
        return host
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


def serve(
    title: str,
    players: int | None = None,
    tables: int = 1,
    *,
    seed: int = 1,
    port: int = 0,
    host: str = "127.0.0.1",
    bots: Mapping[int, str] | None = None,
    lang: str | Sequence[str] = "en",
    options: Options = None,
    grace: float = GRACE_SECONDS,
    move_timer: float | None = None,
    party_timer: float | None = None,
    bot_delay: float = 0.0,
    stand_in: str = "best",
    records: str | Path | None = None,
    clock: Callable[[], float] | None = None,
    memory: bool | Sequence[bool] = False,
    odds: bool | Sequence[bool] = False,
    seats: Mapping[str, tuple[int, int]] | None = None,
    hub: Hub | None = None,
    prefix: str = "/",
) -> Lobby:
    """Start a lobby of ``tables`` tables of ``title`` and return it (it runs in the background).

    Table ``t`` deals with seed ``seed + t``. ``bots``: seats given to bots at every
    table (``{3: "best"}``); a game starts once every other seat has a learner (or
    the teacher's :meth:`Lobby.start`). ``lang``: the tables' language, or one per
    table (a learner may ask for their own when joining). ``options``: the title's,
    or one mapping per table. ``grace``: seconds a disconnected seat is waited for
    before ``stand_in`` (the title's best bot) plays it. ``move_timer``: seconds a
    person has for each move (then the title's timed move, else the stand-in's).
    ``party_timer``: seconds for a title's timed move only (Boo Party!'s Monsters
    choosing a costume: then they wear nothing), on the room's clock.
    ``bot_delay``: seconds between bots' moves. ``records``: a folder where every
    finished game is saved. ``port=0``: any free port. ``clock``: the room's clock
    (seconds; tests give their own). ``memory``: a title's memory mode (Boo Party!'s
    covered Visions are not sent at all), for every table or one per table. ``odds``:
    the odds panel, "What are my chances?" (each seat's rows computed by the room from
    that seat's view only), for every table or one per table; :meth:`Lobby.set_odds`
    switches it later.

    As a JupyterHub service (:mod:`gamekit.rooms.hub`): ``seats`` gives each hub user
    their seat (``{"ada": (0, 1)}``: table 0, seat 1), ``hub`` is the hub that vouches
    for a learner's token (``Hub(api_url)``), ``prefix`` the service's path on the
    hub's proxy (``"/services/gamekit-rooms/"``). A hub user sits only at their seat.
    """
    classroom = Classroom(
        title, players, tables, seed, bots=bots, lang=lang, options=options, grace=grace,
        move_timer=move_timer, party_timer=party_timer, bot_delay=bot_delay, stand_in=stand_in,
        records=records, memory=memory, odds=odds, seats=seats,
        clock=clock or time.monotonic,
    )  # fmt: skip
    return Lobby(classroom, host, port, prefix=prefix, hub=hub)


def _say(line: str) -> None:
    print(line, flush=True)  # a hub's log reads the service's output as it comes


def run_forever(lobby: Lobby, out: Callable[[str], None] = _say) -> None:
    """Print the lobby's codes and keep it running until Ctrl-C (the terminal's way).

    As a hub's service, each seat shows the hub user given it (seat codes open
    nothing to a hub user)."""
    out(f"{lobby.classroom.title} at {lobby.url}  (spectators and teacher below)")
    out(f"teacher: {lobby.teacher_code}")
    users = {place: user for user, place in lobby.classroom.hub_seats.items()}
    for number, codes in enumerate(lobby.codes):
        out(f"table {number}: spectator {lobby.spectator_codes[number]}")
        bots = lobby.classroom.rooms[number].seats
        for seat, code in enumerate(codes):
            who = code if lobby.hub is None else f"hub user {users.get((number, seat), '-')}"
            out(f"  seat {seat}: " + (f"bot {bots[seat].bot}" if bots[seat].bot else who))
    seen = 0
    try:
        while True:
            lines = lobby.log()
            for line in lines[seen:]:
                out(line)
            seen = len(lines)
            time.sleep(1.0)
    except KeyboardInterrupt:
        out(json.dumps({"records": len(lobby.records())}))
    finally:
        lobby.stop()
