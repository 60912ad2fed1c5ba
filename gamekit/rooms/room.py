"""The rooms without the network: a classroom of tables, each owning one game and its bots.

Everything here runs on one thread (the server's event loop) and talks to the
world through :class:`Link` objects: a link's ``send`` takes a JSON-able dict,
its ``close`` ends the connection. The server gives each WebSocket one; the tests
give fake ones. Time comes from the caller (``now``, in seconds), so a test can
play out a grace period without waiting for it.

>>> import json
>>> sent = []
>>> school = Classroom("knock-knock", players=3, tables=1, seed=1)
>>> link = Link(lambda text: sent.append(json.loads(text)), lambda why: None)
>>> school.receive(link, dumps({"type": "hello", "code": school.codes[0][0]}), now=0.0)
>>> [m["type"] for m in sent]
['welcome', 'state']
>>> sent[-1]["payload"]["view"]["seat"], sent[-1]["status"]
(0, 'waiting')
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gamekit
from gamekit import bots as bots_module
from gamekit.core.actions import action_from_json
from gamekit.core.errors import GamekitError, IllegalAction
from gamekit.core.game import Game
from gamekit.core.i18n import CORE, Message, check_language, language
from gamekit.core.names import Seat
from gamekit.core.rng import derive_seed
from gamekit.rooms.ask import ASKING, Asking, answer_refusal, freeze, seat_card, watcher_card
from gamekit.rooms.payload import seat_payload
from gamekit.rooms.protocol import MAX_MESSAGE_BYTES, PROTOCOL, BadMessage, dumps, parse

LOG = logging.getLogger("gamekit.rooms")

SEAT, SPECTATOR, TEACHER = "seat", "spectator", "teacher"
WAITING, PLAYING, PAUSED, OVER, ENDED = "waiting", "playing", "paused", "over", "ended"
GRACE_SECONDS = 60.0
"""How long a disconnected seat is waited for before the title's best bot plays it."""
RATE_PER_SECOND = 20.0
BURST = 40.0
"""A client may send ``BURST`` messages at once and ``RATE_PER_SECOND`` after that; a
move the room plays costs nothing (a bot may play as fast as the game goes)."""
STRIKES = 5
"""A client whose messages cannot be read this many times is dropped."""
ASKS_FOLDER = "asks"
"""The records folder's subfolder for the tallies of the teacher's questions."""
CODE_BYTES = 18
"""Join codes are ``secrets.token_urlsafe(CODE_BYTES)``: 24 characters, 144 bits."""

__all__ = ["Classroom", "Link", "Room", "dumps"]


@dataclass(eq=False)
class Link:
    """One client's connection as the room sees it: ``send`` takes a JSON text, ``close``
    a reason; :meth:`post` sends a message."""

    send: Callable[[str], None]
    close: Callable[[str], None]
    peer: str = ""
    room: Room | None = None
    role: str = ""
    seat: int | None = None
    lang: str | None = None
    game: int = -1
    step: int = -1
    tokens: float = BURST
    stamp: float | None = None
    strikes: int = 0
    closed: bool = False
    user: str | None = None
    """The hub user the hub vouched for (a managed service's connection), else ``None``."""

    def post(self, message: dict[str, Any]) -> None:
        """Send one message (a JSON-able dict)."""
        self.send(dumps(message))

    def allow(self, now: float) -> bool:
        """One more message allowed now (a token bucket: ``BURST``, then ``RATE_PER_SECOND``)."""
        if self.stamp is not None:
            self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE_PER_SECOND)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def who(self) -> str:
        """This link in a log line."""
        table = f"table {self.room.number + 1}" if self.room else "no table"
        place = f"seat {self.seat}" if self.role == SEAT else (self.role or "not joined")
        peer = f"{self.user}, {self.peer}" if self.user else self.peer
        return f"{table}, {place} ({peer or 'unknown'})"


@dataclass
class SeatState:
    """A seat of a room: its code, its connections, and who plays it now."""

    code: str
    bot: str | None = None
    links: list[Link] = field(default_factory=list)
    gone_since: float | None = None
    stand_in: bool = False


class Room:
    """One table: a game, its seats (people or bots), its spectators and its records."""

    def __init__(self, school: Classroom, number: int, seed: int, lang: str,
                 options: Mapping[str, Any], bots: Mapping[int, str],
                 memory: bool = False, odds: bool = False) -> None:  # fmt: skip
        self.school = school
        self.number = number
        self.first_seed = seed
        self.lang = lang
        self.memory = memory
        self.odds = odds
        self.options = dict(options)
        self.games = 0
        self.game = self._new_game(seed)
        self.seats = [SeatState(code=_code(), bot=bots.get(s)) for s in range(self.game.players)]
        self.spectator_code = _code()
        self.watchers: list[Link] = []
        self.status = WAITING
        self.paused_from = WAITING
        self.deadline: float | None = None
        self.move_timer: float | None = school.move_timer
        self.party_timer: float | None = school.party_timer
        self.next_bot = 0.0
        self._bots: dict[tuple[int, str], bots_module.Bot] = {}
        self.records: list[dict[str, Any]] = []
        self.asking: Asking | None = None
        """The teacher's question while this table is frozen for it (status ``"asking"``)."""
        self._maybe_start(None)

    # -- the game -----------------------------------------------------------------
    def _new_game(self, seed: int) -> Game:
        self.games += 1
        players = self.school.players
        return gamekit.new_game(self.school.title, players=players, seed=seed, **self.options)

    def _maybe_start(self, now: float | None) -> None:
        """The game starts once every seat played by a person has somebody in it."""
        if self.status == WAITING and all(s.bot or s.links for s in self.seats):
            self.start(now)

    def start(self, now: float | None, *, tell: bool = False) -> None:
        """Start the game now: a person's seat still empty is waited for (the grace period)."""
        if self.status != WAITING:
            return
        self.status = PLAYING
        for seat in self.seats:
            if seat.bot is None and not seat.links:
                seat.gone_since = now if now is not None else self.school.clock()
        self._turn_started(now)
        if tell:
            self.broadcast()

    def restart(self, now: float) -> None:
        """A new game at this table (the next seed), the same people in the same seats."""
        seed = self.first_seed + self.games * self.school.tables
        self.game = self._new_game(seed)
        self._bots.clear()
        self.asking = None
        self.status = WAITING
        for seat in self.seats:
            seat.stand_in = False
            seat.gone_since = None
        self._maybe_start(now)
        self.broadcast()

    def pause(self) -> None:
        if self.status in (WAITING, PLAYING):
            self.paused_from, self.status = self.status, PAUSED
            self.broadcast()

    def resume(self, now: float) -> None:
        """Play on after a pause or the teacher's question (the question is closed)."""
        if self.status in (PAUSED, ASKING):
            self.status = self.paused_from if self.status == PAUSED else PLAYING
            self.asking = None
            self._turn_started(now)
            self.broadcast()

    # -- the teacher's question (gamekit.rooms.ask) ---------------------------------
    def ask(self, number: int) -> bool:
        """Freeze a table that is playing at its position and ask each learner seated at it
        their question; ``False`` (nothing changed) for a table that is not playing."""
        if self.status != PLAYING or self.game.is_over:
            return False
        people = [s for s in range(len(self.seats)) if not self.bot_seat(s)]
        self.asking = freeze(self.game, number, self.games, people, memory=self.memory)
        self.status, self.deadline = ASKING, None
        self.broadcast()
        return True

    def reveal(self) -> bool:
        """Show every seat its exact answer and the bots' moves; the tally is kept."""
        if self.status != ASKING or self.asking is None or self.asking.revealed:
            return False
        self.asking.revealed = True
        self.school.keep_tally(self)
        self.broadcast()
        return True

    def _ask_card(self, link: Link, god: bool) -> dict[str, Any] | None:
        asking = self.asking
        if asking is None or self.status != ASKING:
            return None
        if link.role == SEAT and link.seat is not None:
            return seat_card(asking, self.game, link.seat, self.memory)
        return watcher_card(asking, self.game, teacher=god, memory=self.memory)

    def end(self) -> None:
        self.asking = None
        if self.status != ENDED:
            self.status = ENDED if self.status != OVER else OVER
            self.broadcast()

    def set_memory(self, on: bool) -> None:
        """Memory mode on or off (a title that has it): every screen gets the whole position
        again, covered or not (a client may hold rows it must now forget)."""
        if self.memory != on:
            self.memory = on
            for link in self.links():
                link.game = -1
            self.broadcast()

    def set_odds(self, on: bool) -> None:
        """The odds panel on or off: every seat is sent its own rows (from its own view,
        computed here) or none, at once."""
        if self.odds != on:
            self.odds = on
            self.broadcast()

    def set_timer(self, seconds: float | None, now: float) -> None:
        """A move timer of ``seconds`` for each move (``None`` or 0: none), from this move on."""
        self.move_timer = float(seconds) if seconds else None
        self._turn_started(now)
        self.broadcast()

    def _turn_started(self, now: float | None) -> None:
        at = now if now is not None else self.school.clock()
        seconds = (self.move_timer or self._party_seconds()) if self.status == PLAYING else None
        self.deadline = at + seconds if seconds else None
        self.next_bot = at + self.school.bot_delay

    def _party_seconds(self) -> float | None:
        """The party timer's seconds when it runs now: the title has one (Boo Party!'s), the
        person to move has a timed move (``Rules.timeout_action``) and it is legal now."""
        game, seconds = self.game, self.party_timer
        mover = game.to_move
        if not seconds or "timer" not in game.rules.table_features or mover is None:
            return None
        if self.bot_seat(mover):
            return None
        move = game.rules.timeout_action(game.state, mover)
        return seconds if move is not None and move in game.legal_actions() else None

    # -- who plays a seat ---------------------------------------------------------
    def bot_seat(self, seat: int) -> bool:
        """Seat ``seat`` is played by a bot now: its own, or the stand-in of an absent person."""
        state = self.seats[seat]
        return state.bot is not None or state.stand_in

    def _bot(self, seat: int) -> bots_module.Bot:
        state = self.seats[seat]
        name = state.bot or self.school.stand_in
        key = (seat, name)
        if key not in self._bots:
            seed = derive_seed(self.game.seed, seat, name)
            self._bots[key] = bots_module.make(self.game.title, name, seed=seed)
        return self._bots[key]

    def players(self) -> list[str | dict[str, str]]:
        """Who played each seat, as a record's ``"seats"`` (``gamekit.load_games``): a bot's
        ``{"bot": name}``, else the learner's place (``"table 2, Player 3"``, the names in
        the table's language), or the hub user given that seat (a hub's service)."""
        with language(self.lang):
            names = list(self.game.names)
        users = {s: user for user, (t, s) in self.school.hub_seats.items() if t == self.number}
        return [
            {"bot": state.bot} if state.bot else users.get(n, f"table {self.number + 1}, {name}")
            for n, (state, name) in enumerate(zip(self.seats, names, strict=True))
        ]

    # -- links ----------------------------------------------------------------------
    def attach(self, link: Link, role: str, seat: int | None, now: float) -> None:
        link.room, link.role, link.seat = self, role, seat
        link.game = link.step = -1
        if role == SEAT and seat is not None:
            state = self.seats[seat]
            for old in list(state.links):
                self.school.drop(old, "the seat was opened on another screen", now, tell=True)
            state.links.append(link)
            state.gone_since = None
            if state.stand_in:
                state.stand_in = False
                self.school.note(f"{link.who()}: back, the bot gives the seat back")
            self._maybe_start(now)
        else:
            self.watchers.append(link)
        link.post(self._welcome(link))
        self.broadcast()

    def detach(self, link: Link, now: float) -> None:
        if link in self.watchers:
            self.watchers.remove(link)
        if link.role == SEAT and link.seat is not None:
            state = self.seats[link.seat]
            if link in state.links:
                state.links.remove(link)
            if not state.links and state.bot is None and self.status in (PLAYING, PAUSED):
                state.gone_since = now
        link.room = None
        self.broadcast()

    def links(self) -> list[Link]:
        return [link for seat in self.seats for link in seat.links] + self.watchers

    def _welcome(self, link: Link) -> dict[str, Any]:
        return {
            "type": "welcome",
            "proto": PROTOCOL,
            "table": self.number,
            "role": link.role,
            "seat": link.seat,
            "title": self.game.title,
            "players": self.game.players,
            "names": self.game.names,
            "lang": link.lang or self.lang,
        }

    # -- what each link is sent ----------------------------------------------------
    def broadcast(self) -> None:
        """Every link gets what it may see now (one payload per perspective and language)."""
        made: dict[tuple[Any, ...], str] = {}
        for link in self.links():
            self._send_state(link, made)

    def _seats_info(self, lang: str) -> list[dict[str, Any]]:
        with language(lang):
            note = str(CORE("bot until you return"))
        return [
            {
                "seat": s,
                "player": "bot" if state.bot else "person",
                "bot": state.bot,
                "connected": bool(state.links),
                "stand_in": state.stand_in,
                "note": note if state.stand_in else "",
            }
            for s, state in enumerate(self.seats)
        ]

    def _send_state(self, link: Link, made: dict[tuple[Any, ...], str]) -> None:
        god = link.role == TEACHER and self.status in (PAUSED, ASKING, OVER, ENDED)
        since = link.step + 1 if link.game == self.games else 0
        lang = link.lang or self.lang
        key = (link.seat, god, lang, since)
        if key not in made:
            with language(lang):
                payload = seat_payload(self.game, link.seat, god=god, since=since,
                                       memory=self.memory, odds=self.odds,
                                       moves=self.status == PLAYING)  # fmt: skip
                ask = self._ask_card(link, god)
            made[key] = dumps(self._state_message(payload, self._seats_info(lang), ask))
        link.game, link.step = self.games, self.game.step
        link.send(made[key])

    def _state_message(self, payload: dict[str, Any], seats: Any,
                       ask: dict[str, Any] | None = None) -> dict[str, Any]:  # fmt: skip
        left = None
        if self.deadline is not None and self.status == PLAYING:
            left = max(0.0, round(self.deadline - self.school.clock(), 1))
        return {
            "type": "state",
            "table": self.number,
            "game": self.games,
            "status": self.status,
            "seats": seats,
            "timer": left,
            "memory": self.memory,
            "odds": self.odds,
            "ask": ask,
            "payload": payload,
        }

    def sync(self, link: Link) -> None:
        """Send ``link`` the whole position again (a client that lost track)."""
        link.game = -1
        self._send_state(link, {})

    # -- moves ----------------------------------------------------------------------
    def handle(self, link: Link, message: dict[str, Any], now: float) -> None:
        kind = message["type"]
        if kind == "ping":
            link.post({"type": "pong", "id": message.get("id")})
        elif kind == "sync":
            self.sync(link)
        elif kind == "play":
            self._play(link, message, now)
        elif kind == "answer":
            self._answer(link, message)
        else:
            raise BadMessage(f"a {kind} message is not expected now")

    def _play(self, link: Link, message: dict[str, Any], now: float) -> None:
        ident = message["id"]
        refusal = self._refusal(link, message)
        if refusal is not None:
            self._refuse(link, ident, refusal, resync=message["step"] != self.game.step)
            return
        try:
            with language(link.lang or self.lang):
                self._apply(message)
        except IllegalAction as err:
            self._refuse(link, ident, err.reason, resync=False)
            return
        except (GamekitError, ValueError, TypeError) as err:
            self._refuse(link, ident, str(err), resync=False)
            return
        link.tokens = min(BURST, link.tokens + 1)  # a move that counts costs no token
        link.post({"type": "played", "id": ident, "step": self.game.step})
        self._moved(now)

    def _answer(self, link: Link, message: dict[str, Any]) -> None:
        """A learner's answer to the teacher's question (``choice``, ``guess`` or both)."""
        ident, asking = message["id"], self.asking
        with language(link.lang or self.lang):
            if link.role != SEAT or link.seat is None:
                refusal: Message | None = CORE("a spectator watches and cannot answer")
            elif self.status != ASKING or asking is None or asking.number != message["ask"]:
                refusal = CORE("that question is closed")
            else:
                refusal = answer_refusal(asking, link.seat, message)
            if refusal is not None:
                link.post({"type": "refused", "id": ident, "reason": str(refusal)})
                return
        link.post({"type": "answered", "id": ident, "ask": message["ask"]})
        self.broadcast()

    def _refusal(self, link: Link, message: dict[str, Any]) -> str | None:
        """Why the room will not even look at this move (``None``: it will)."""
        lang = link.lang or self.lang
        with language(lang):
            if link.role != SEAT or link.seat is None:
                return str(CORE("a spectator watches and cannot play"))
            if self.status == PAUSED:
                return str(CORE("the teacher has paused the room; wait until it resumes"))
            if self.status == ASKING:
                return str(CORE("the teacher is asking the class a question: answer it on your "
                                "screen, the game goes on after the reveal"))  # fmt: skip
            if self.status == WAITING:
                return str(CORE("the game has not started yet"))
            if self.status == ENDED:
                return str(CORE("the teacher has ended this table"))
            if self.game.is_over:
                return str(CORE("the game is over"))
            if message["step"] != self.game.step:
                return str(
                    CORE(
                        "that move was chosen at step {chosen} but the game is at step "
                        "{step}; nothing was played, here is the position now",
                        chosen=message["step"],
                        step=self.game.step,
                    )
                )
            mover = self.game.to_move
            if mover != link.seat or self.bot_seat(link.seat):
                return str(CORE("it is {mover}'s turn, not yours", mover=Seat(mover or 0)))
        return None

    def _apply(self, message: dict[str, Any]) -> None:
        game = self.game
        legal = game.legal_actions()
        if "index" in message:
            index = message["index"]
            if not 0 <= index < len(legal):
                raise IllegalAction(
                    str(CORE("there is no legal choice number {number} (choose 0 to {last})",
                             number=index, last=len(legal) - 1))
                )  # fmt: skip
            game.play(legal[index])
        elif "action" in message:
            types = {t.kind: t for t in game.rules.action_types}
            game.play(action_from_json(message["action"], types))
        else:
            game.play(message["text"])

    def _refuse(self, link: Link, ident: int, reason: str, *, resync: bool) -> None:
        link.post({"type": "refused", "id": ident, "reason": reason, "step": self.game.step})
        if resync:
            self.sync(link)

    def _moved(self, now: float) -> None:
        """After any move: the turn's clock restarts, a finished game is kept, all are told."""
        self._turn_started(now)
        if self.game.is_over and self.status == PLAYING:
            self.status = OVER
            self.deadline = None
            self.school.keep(self)
        self.broadcast()

    # -- the room's own clock --------------------------------------------------------
    def poll(self, now: float) -> None:
        """What time alone decides: absent seats get a bot, the move timer, bots' moves."""
        if self.status != PLAYING:
            return
        changed = False
        for number, state in enumerate(self.seats):
            gone = state.gone_since
            if gone is not None and not state.stand_in and now - gone >= self.school.grace:
                state.stand_in = True
                changed = True
                self.school.note(f"table {self.number + 1}, seat {number}: bot until they return")
        if changed:
            self.broadcast()
        self._timer(now)
        self._bots_move(now)

    def _timer(self, now: float) -> None:
        mover = self.game.to_move
        if self.deadline is None or now < self.deadline or mover is None or self.bot_seat(mover):
            return
        hook = getattr(self.game.rules, "timeout_action", None)
        action = hook(self.game.state, mover) if callable(hook) else None
        if action is None:
            action = self._bot(mover).choose(self.game)
        self.game.play(action)
        self.school.note(f"table {self.number + 1}, seat {mover}: the timer ran out")
        self._moved(now)

    def _bots_move(self, now: float) -> None:
        """Bots play, one move after another, until a person decides (``bot_delay`` apart)."""
        while self.status == PLAYING and now >= self.next_bot:
            mover = self.game.to_move
            if mover is None or not self.bot_seat(mover):
                return
            self.game.play(self._bot(mover).choose(self.game))
            self._moved(now)


class Classroom:
    """A lobby of ``tables`` rooms of one title, and the codes that open their seats."""

    def __init__(
        self,
        title: str,
        players: int | None = None,
        tables: int = 1,
        seed: int = 1,
        *,
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
    ) -> None:
        import time

        from gamekit.rooms.hub import check_seats

        if not (isinstance(tables, int) and 1 <= tables <= 100):
            raise ValueError(f"tables must be a whole number from 1 to 100, not {tables!r}")
        self.title = gamekit.rules_for(title).title
        probe = gamekit.new_game(self.title, players=players, seed=seed, **_options(options, 0))
        self.players = probe.players
        self.features = probe.rules.table_features
        memories = _memories(memory, tables, self.features, self.title)
        odds_on = _per_table(odds, tables, "odds")
        self.tables = tables
        self.grace = float(grace)
        self.move_timer = move_timer
        self.party_timer = party_timer
        self.bot_delay = float(bot_delay)
        bots_module.factory(self.title, stand_in)  # an unknown bot fails here, not mid-game
        self.stand_in = stand_in
        self.folder = None if records is None else Path(records)
        self.clock = clock or time.monotonic
        self.teacher_code = _code()
        self.log: deque[str] = deque(maxlen=500)
        self.asked = 0
        """How many questions the teacher has asked the class (each one numbered from 1)."""
        self.tallies: list[dict[str, Any]] = []
        """Each revealed question's tally, table by table (:func:`gamekit.rooms.ask.tally`)."""
        seat_bots = _seat_bots(self.title, bots or {}, self.players)
        self.rooms = [
            Room(self, n, seed + n, _lang(lang, n), _options(options, n), seat_bots, memories[n],
                 odds_on[n])
            for n in range(tables)
        ]  # fmt: skip
        self.hub_seats = check_seats(seats or {}, tables, self.players, seat_bots)
        """Hub user name -> ``(table, seat)``: the seat the teacher gave each hub user."""

    @property
    def codes(self) -> list[list[str]]:
        """Each table's seat codes, seat 0 first (a bot's seat has one too, unused)."""
        return [[seat.code for seat in room.seats] for room in self.rooms]

    # -- messages ---------------------------------------------------------------------
    def receive(self, link: Link, raw: str | bytes, now: float) -> None:
        """One message from ``link``: checked, then handled; bad ones never touch a game."""
        if link.closed:
            return
        if len(raw) > MAX_MESSAGE_BYTES:
            self.drop(link, f"a message of {len(raw)} bytes (at most {MAX_MESSAGE_BYTES})", now)
            return
        if not link.allow(now):
            self.drop(link, "too many messages (flooding)", now)
            return
        try:
            message = parse(raw)
            if message["type"] == "hello":
                self._hello(link, message, now)
            elif link.room is None:
                raise BadMessage("say hello with a code first")
            elif message["type"] == "control":
                self._control(link, message, now)
            else:
                room = link.room
                room.handle(link, message, now)
                room.poll(now)
        except BadMessage as err:
            link.strikes += 1
            self.note(f"{link.who()}: {err}")
            if link.strikes >= STRIKES:
                self.drop(link, "too many messages it could not read", now)
                return
            with language(link.lang or "en"):
                reason = str(CORE("the room could not read a message: {why}", why=str(err)))
            link.post({"type": "error", "reason": reason})

    def _control(self, link: Link, message: dict[str, Any], now: float) -> None:
        """A teacher's control over the wire (only the teacher's code may send one)."""
        ident, do, table = message["id"], message["do"], message.get("table")
        with language(link.lang or "en"):
            refusal = self._control_refusal(link, do, table)
            if refusal is not None:
                self.note(f"{link.who()}: refused, {do}: {refusal}")
                link.post({"type": "refused", "id": ident, "reason": str(refusal)})
                return
        self.control(do, table, now, message.get("seconds"))
        self.note(f"{link.who()}: {do}" + (f" table {table + 1}" if table is not None else ""))
        link.post({"type": "done", "id": ident, "do": do})

    def _control_refusal(self, link: Link, do: str, table: int | None) -> Message | None:
        if link.role != TEACHER:
            return CORE("only the teacher's code opens the teacher's controls")
        if table is not None and not 0 <= table < len(self.rooms):
            return CORE("no table {table}: the tables are 0 to {last}", table=table,
                        last=len(self.rooms) - 1)  # fmt: skip
        if do == "restart" and table is None:
            return CORE("say which table to restart")
        if do in ("memory_on", "memory_off") and "memory" not in self.features:
            return CORE("this game has no memory mode")
        return self.ask_refusal(do, table)

    def ask_refusal(self, do: str, table: int | None) -> Message | None:
        """Why ``ask`` or ``reveal`` would change nothing at ``table`` (``None``: every table)."""
        rooms = self.rooms if table is None else self.rooms[table : table + 1]
        if do == "ask" and not any(r.status == PLAYING and not r.game.is_over for r in rooms):
            return CORE("no table is playing: there is no position to ask about")
        if do == "reveal" and not any(r.asking and not r.asking.revealed for r in rooms):
            return CORE("no table has an open question to reveal")
        return None

    def control(self, do: str, table: int | None, now: float, seconds: float | None = None) -> None:
        """Carry out one of the teacher's controls (:data:`~gamekit.rooms.protocol.CONTROLS`)
        at ``table`` (``None``: every table; ``end_all`` is always every table)."""
        rooms = self.rooms if table is None or do == "end_all" else [self.rooms[table]]
        if do == "ask":
            self.asked += 1
        for room in rooms:
            if do == "start":
                room.start(now, tell=True)
            elif do == "pause":
                room.pause()
            elif do == "resume":
                room.resume(now)
            elif do == "restart":
                room.restart(now)
            elif do in ("end", "end_all"):
                room.end()
            elif do == "timer":
                room.set_timer(seconds, now)
            elif do in ("memory_on", "memory_off"):
                room.set_memory(do == "memory_on")
            elif do in ("odds_on", "odds_off"):
                room.set_odds(do == "odds_on")
            elif do == "ask":
                room.ask(self.asked)
            elif do == "reveal":
                room.reveal()
            else:
                raise ValueError(f"unknown control {do!r}")

    def _hello(self, link: Link, message: dict[str, Any], now: float) -> None:
        if link.room is not None:
            raise BadMessage("this connection has already said hello")
        lang = message.get("lang")
        if lang is not None:
            try:
                link.lang = check_language(lang)
            except ValueError:
                raise BadMessage(f"unknown language {lang!r}") from None
        if "code" not in message:
            self._hub_hello(link, now)
            return
        found = self.find(message["code"], message.get("table"))
        if found is not None and found[1] == SEAT and link.user is not None:
            found = None  # a hub user sits at the seat given to their name only
        if found is None:
            self.note(f"{link.who()}: refused, a code that opens nothing")
            self._bye(link, CORE("this code opens no seat here; check it with your teacher"))
            return
        room, role, seat = found
        room.attach(link, role, seat, now)
        self.note(f"{link.who()}: joined")

    def _hub_hello(self, link: Link, now: float) -> None:
        """A hub user's hello (no code): the seat the teacher gave that name, or a bye."""
        if link.user is None:
            raise BadMessage("a hello message needs code")
        place = self.hub_seats.get(link.user)
        if place is None:
            self.note(f"{link.who()}: refused, no seat is given to {link.user}")
            self._bye(link, CORE("no seat here is given to {user}; ask your teacher",
                                 user=link.user))  # fmt: skip
            return
        table, seat = place
        self.rooms[table].attach(link, SEAT, seat, now)
        self.note(f"{link.who()}: joined as {link.user}")

    def find(self, code: str, table: int | None = None) -> tuple[Room, str, int | None] | None:
        """The room, role and seat ``code`` opens (every code compared in constant time)."""
        found: tuple[Room, str, int | None] | None = None
        given = code.encode()
        for room in self.rooms:
            for seat, state in enumerate(room.seats):
                if hmac.compare_digest(given, state.code.encode()):
                    found = (room, SEAT, seat)
            if hmac.compare_digest(given, room.spectator_code.encode()):
                found = (room, SPECTATOR, None)
        teacher = hmac.compare_digest(given, self.teacher_code.encode())
        if teacher and isinstance(table, int) and 0 <= table < len(self.rooms):
            found = (self.rooms[table], TEACHER, None)
        return found

    def _bye(self, link: Link, reason: Message) -> None:
        with language(link.lang or "en"):
            link.post({"type": "bye", "reason": str(reason)})
        link.closed = True
        link.close(str(reason))

    def drop(self, link: Link, why: str, now: float, *, tell: bool = False) -> None:
        """Close ``link`` with a log line for the teacher; the game is not touched."""
        if link.closed:
            return
        self.note(f"{link.who()}: dropped, {why}")
        if tell:
            with language(link.lang or "en"):
                text = str(CORE("this seat was opened on another screen"))
            link.post({"type": "bye", "reason": text})
        link.closed = True
        room = link.room
        if room is not None:
            room.detach(link, now)
        link.close(why)

    def closed(self, link: Link, now: float) -> None:
        """The client went away (a closed laptop, lost Wi-Fi): its seat waits the grace period."""
        link.closed = True
        if link.room is not None:
            self.note(f"{link.who()}: disconnected")
            link.room.detach(link, now)

    def poll(self, now: float) -> None:
        for room in self.rooms:
            room.poll(now)

    # -- the teacher ------------------------------------------------------------------
    def note(self, line: str) -> None:
        """A line of the teacher's log (also on the ``gamekit.rooms`` logger)."""
        self.log.append(line)
        LOG.info(line)

    def keep(self, room: Room) -> None:
        """A finished game: kept in memory, and saved in the teacher's folder if given."""
        record = json.loads(room.game.to_json())
        record["seats"] = room.players()
        room.records.append(record)
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
            name = f"table-{room.number + 1:02d}-game-{room.games:02d}-{self.title}.json"
            (self.folder / name).write_text(json.dumps(record, indent=1), encoding="utf-8")
        self.note(f"table {room.number + 1}: game {room.games} over, record kept")

    def keep_tally(self, room: Room) -> None:
        """A revealed question's tally: kept, and saved in the teacher's folder if given."""
        from gamekit.rooms.ask import tally

        if room.asking is None:
            return
        with language(room.lang):
            kept = tally(room.asking, room.game, room.number, room.players())
        self.tallies.append(kept)
        if self.folder is not None:  # beside the games, not among them (load_games reads those)
            folder = self.folder / ASKS_FOLDER
            folder.mkdir(parents=True, exist_ok=True)
            name = f"ask-{kept['ask']:02d}-table-{room.number + 1:02d}-{self.title}.json"
            (folder / name).write_text(json.dumps(kept, indent=1), encoding="utf-8")
        self.note(f"table {room.number + 1}: question {kept['ask']} revealed, "
                  f"{kept['answered']} of {kept['asked']} answered, tally kept")  # fmt: skip

    def records(self) -> list[dict[str, Any]]:
        """Every finished game's record, table by table, with who played each seat
        (``"seats"``): ``gamekit.load_games(lobby.records())`` is the class's table."""
        return [record for room in self.rooms for record in room.records]


def _code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def _lang(lang: str | Sequence[str], table: int) -> str:
    chosen = lang if isinstance(lang, str) else list(lang)[table % len(lang)]
    return check_language(chosen)


Options = Mapping[str, Any] | Sequence[Mapping[str, Any]] | None
"""A title's options for every table, or one mapping per table."""


def _options(options: Options, table: int) -> dict[str, Any]:
    if options is None:
        return {}
    if isinstance(options, Mapping):
        return dict(options)
    chosen = list(options)
    return dict(chosen[table % len(chosen)]) if chosen else {}


def _memories(
    memory: bool | Sequence[bool], tables: int, features: frozenset[str], title: str
) -> list[bool]:
    """Memory mode at each table: one choice for all, or one per table (cycled)."""
    chosen = [memory] if isinstance(memory, bool) else list(memory)
    if not chosen or not all(isinstance(on, bool) for on in chosen):
        raise ValueError(f"memory must be True, False or one of them per table, not {memory!r}")
    if any(chosen) and "memory" not in features:
        raise ValueError(f"{title} has no memory mode")
    return [chosen[n % len(chosen)] for n in range(tables)]


def _per_table(chosen: bool | Sequence[bool], tables: int, name: str) -> list[bool]:
    """A switch at each table: one choice for all, or one per table (cycled)."""
    values = [chosen] if isinstance(chosen, bool) else list(chosen)
    if not values or not all(isinstance(on, bool) for on in values):
        raise ValueError(f"{name} must be True, False or one of them per table, not {chosen!r}")
    return [values[n % len(values)] for n in range(tables)]


def _seat_bots(title: str, bots: Mapping[int, str], players: int) -> dict[int, str]:
    """The seats given to bots (``{3: "best"}``), each bot name checked now."""
    out: dict[int, str] = {}
    for seat, name in bots.items():
        if not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError(f"no seat {seat!r}: the seats are 0 to {players - 1}")
        bots_module.factory(title, name)
        out[seat] = name
    if len(out) == players:
        raise ValueError("every seat is a bot: leave at least one seat for a person")
    return out
