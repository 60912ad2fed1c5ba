"""The interactive table: any title, any perspective, played through the game only.

>>> import gamekit
>>> from gamekit.widgets import Table
>>> t = Table(gamekit.new_game("knock-knock", players=3, seed=1), seat=0)
>>> t.step, t.seat
(0, 0)

The page (``static/table.js``) draws ``view_data`` and sends small messages back
(``{"type": "play", "index": 2, "step": 5}``, ``{"type": "undo"}``, ...). Every
message is checked and applied here, through :class:`gamekit.Game`; a message
that cannot be honoured shows an error in the table and changes nothing.
Nothing raises into the notebook's connection.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import anywidget
import traitlets

import gamekit
from gamekit import bots as bots_module
from gamekit.core.errors import GamekitError, IllegalAction
from gamekit.core.game import Game
from gamekit.core.rng import derive_seed

_STATIC = pathlib.Path(__file__).parent / "static"
GOD = "god"
"""The perspective that sees everything (``game.state_dict()``)."""

NARRATION_LIMIT = 120
"""How many of the latest events the page receives."""

Perspective = int | str | None
BotSpec = str | bots_module.Bot | None


class Table(anywidget.AnyWidget):
    """An interactive table for ``game``, seen from ``seat``, with bots in other seats.

    ``seat``: ``None`` (a spectator, the default), a seat number, or ``"god"``
    (everything, for teaching). ``bots``: a bot name for every other seat
    (default ``"random"``), a list with one entry per seat (``None`` = a human),
    or a dict ``{seat: name}``. Bot objects work too.
    """

    _esm = _STATIC / "table.js"
    _css = _STATIC / "table.css"

    title = traitlets.Unicode("").tag(sync=True)
    game_name = traitlets.Unicode("").tag(sync=True)
    players = traitlets.Int(0).tag(sync=True)
    seed = traitlets.Int(0).tag(sync=True)
    seat = traitlets.Any(None).tag(sync=True)
    view_data = traitlets.Dict().tag(sync=True)
    seat_views: traitlets.List[Any] = traitlets.List().tag(sync=True)
    catalogue = traitlets.Dict().tag(sync=True)
    board_js = traitlets.Unicode("").tag(sync=True)
    """The title's own board module (``board.js`` next to its rules); empty: a generic board."""
    legal: traitlets.List[Any] = traitlets.List().tag(sync=True)
    to_move = traitlets.Any(None).tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    total_steps = traitlets.Int(0).tag(sync=True)
    is_over = traitlets.Bool(False).tag(sync=True)
    scores: traitlets.List[Any] = traitlets.List().tag(sync=True)
    winners: traitlets.List[Any] = traitlets.List().tag(sync=True)
    narration: traitlets.List[Any] = traitlets.List().tag(sync=True)
    changed: traitlets.List[Any] = traitlets.List().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    bots: traitlets.List[Any] = traitlets.List().tag(sync=True)
    bot_choices: traitlets.List[Any] = traitlets.List().tag(sync=True)
    titles: traitlets.List[Any] = traitlets.List().tag(sync=True)
    player_range = traitlets.Dict().tag(sync=True)
    autoplay = traitlets.Bool(False).tag(sync=True)
    speed_ms = traitlets.Int(700).tag(sync=True)
    memory_mode = traitlets.Bool(False).tag(sync=True)
    party_timer = traitlets.Bool(False).tag(sync=True)
    timer_seconds = traitlets.Int(5).tag(sync=True)
    saved_json = traitlets.Unicode("").tag(sync=True)
    revision = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        game: Game | None = None,
        seat: Perspective = None,
        bots: BotSpec | Sequence[BotSpec] | Mapping[int, BotSpec] = "random",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._game = game if game is not None else gamekit.new_game("knock-knock", seed=1)
        self._check_seat(seat)
        self._bot_spec = bots
        self._bot_objects: dict[int, bots_module.Bot] = {}
        self._previous: dict[str, Any] | None = None
        self._listeners: list[Callable[[Table], None]] = []
        self.titles = _loaded_titles()
        self.seat = seat
        self._setup_game()
        self.on_msg(self._on_message)

    # -- public Python API ----------------------------------------------------
    @property
    def game(self) -> Game:
        """The game on the table (changing it directly? call :meth:`refresh` after)."""
        return self._game

    def play_index(self, index: int, at_step: int | None = None) -> None:
        """Play legal action number ``index`` (as the page would)."""
        self._handle({"type": "play", "index": index, "step": at_step})

    def bot_step(self) -> None:
        """Let the bot of the seat to move take one decision."""
        self._handle({"type": "step"})

    def on_change(self, callback: Callable[[Table], None]) -> None:
        """Call ``callback(table)`` after every refresh (for logging, tests, charts)."""
        self._listeners.append(callback)

    def refresh(self, *, remember: bool = True) -> None:
        """Send the page what the chosen perspective may see now."""
        view = self._perspective_view()
        with self.hold_sync():
            self.changed = _diff_paths(self._previous, view) if remember else []
            self._previous = view
            self.view_data = view
            self.seat_views = self._seat_views()
            self._sync_status()
            self.revision += 1
        for callback in list(self._listeners):
            callback(self)

    # -- messages from the page -----------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self._handle(content)

    def _handle(self, content: Any) -> None:
        """Apply one message; any failure becomes the table's error line."""
        try:
            if not isinstance(content, dict) or not isinstance(content.get("type"), str):
                raise ValueError(f"the table got a message it does not understand: {content!r}")
            handler = self._handlers().get(content["type"])
            if handler is None:
                raise ValueError(f"unknown request {content['type']!r}")
            with self.hold_sync():  # one update message per request
                self.error = ""
                handler(content)
        except IllegalAction as err:
            # The reason only: the legal list may be another seat's secret choices.
            self._fail(err.reason[:1].upper() + err.reason[1:] + ".")
        except (GamekitError, ValueError, TypeError, KeyError) as err:
            self._fail(str(err))
        except Exception as err:  # never raise into the notebook's connection
            self._fail(f"{type(err).__name__}: {err}")

    def _fail(self, message: str) -> None:
        with self.hold_sync():
            self.error = message
            self.revision += 1

    def _handlers(self) -> dict[str, Callable[[dict[str, Any]], None]]:
        return {
            "play": self._msg_play,
            "step": self._msg_step,
            "timeout": self._msg_timeout,
            "undo": lambda _m: self._travel(self._game.undo),
            "redo": lambda _m: self._travel(self._game.redo),
            "goto": self._msg_goto,
            "new": self._msg_new,
            "load": self._msg_load,
            "save": self._msg_save,
            "seat": self._msg_seat,
            "bot": self._msg_bot,
            "refresh": lambda _m: self.refresh(remember=False),
        }

    def _msg_play(self, msg: dict[str, Any]) -> None:
        index, at_step = msg.get("index"), msg.get("step")
        if at_step is not None and at_step != self._game.step:
            raise IllegalAction(
                f"that choice was made at step {at_step} but the game is at step "
                f"{self._game.step}; nothing was played, choose again",
            )
        if not self._may_act():
            raise IllegalAction(
                f"it is player {self._game.to_move}'s decision, and this table is seen "
                f"from {_perspective_name(self.seat)}",
                [],
            )
        legal = self._game.legal_actions()
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(legal):
            raise IllegalAction(
                f"there is no legal choice number {index!r} (choose 0 to {len(legal) - 1})"
            )
        self._game.play(legal[index])
        self.notice = f"played: {legal[index]}"
        self.refresh()

    def _msg_step(self, _msg: dict[str, Any]) -> None:
        seat = self._game.to_move
        if seat is None:
            raise IllegalAction("the game is over", [])
        bot = self._bot_for(seat)
        action = bot.choose(self._game)
        self._game.play(action)
        self.notice = f"player {seat} ({bot.name}) played: {action}"
        self.refresh()

    def _msg_timeout(self, msg: dict[str, Any]) -> None:
        """The party timer ran out: the Monster to move plays "no disguise" (Boo Party)."""
        if msg.get("step") != self._game.step:
            return  # somebody chose in time; the timer is stale
        legal = self._game.legal_actions()
        for action in legal:
            if _is_no_disguise(action):
                self._game.play(action)
                self.notice = f"time is up! {action}"
                self.refresh()
                return

    def _msg_goto(self, msg: dict[str, Any]) -> None:
        step = msg.get("step")
        if not isinstance(step, int) or isinstance(step, bool):
            raise ValueError(f"step must be a whole number, not {step!r}")
        self._travel(lambda: self._game.goto(step))

    def _travel(self, move: Callable[[], object]) -> None:
        move()
        self.notice = f"now at step {self._game.step}"
        self.refresh()

    def _msg_new(self, msg: dict[str, Any]) -> None:
        options = msg.get("options") or {}
        if not isinstance(options, dict):
            raise ValueError('options must be an object such as {"face_down_deck": true}')
        players = msg.get("players")
        seed = msg.get("seed")
        game = gamekit.new_game(
            str(msg.get("title") or self._game.title),
            players=int(players) if players not in (None, "") else None,
            seed=int(seed) if seed not in (None, "") else None,
            **options,
        )
        self.set_game(game)

    def _msg_load(self, msg: dict[str, Any]) -> None:
        self.set_game(gamekit.load_game(msg.get("text", "")))
        self.notice = f"loaded a saved game at step {self._game.step}"

    def _msg_save(self, _msg: dict[str, Any]) -> None:
        self.saved_json = self._game.to_json()
        self.notice = f"saved step {self._game.step}"
        self.revision += 1

    def _msg_seat(self, msg: dict[str, Any]) -> None:
        seat = msg.get("seat")
        self._check_seat(seat)
        self.seat = seat
        self._previous = None
        self.refresh(remember=False)

    def _msg_bot(self, msg: dict[str, Any]) -> None:
        seat, name = msg.get("seat"), msg.get("name")
        if not isinstance(seat, int) or not 0 <= seat < self._game.players:
            raise ValueError(f"no seat {seat!r}")
        names = list(self.bots)
        if name in (None, "", "human"):
            names[seat] = ""
            self._bot_objects.pop(seat, None)
        else:
            self._bot_objects[seat] = self._make_bot(str(name), seat)
            names[seat] = str(name)
        self.bots = names
        self.refresh(remember=False)

    def set_game(self, game: Game) -> None:
        """Put another game on the table (same perspective and bots where possible)."""
        self._game = game
        if isinstance(self.seat, int) and self.seat >= game.players:
            self.seat = None
        self._setup_game()

    # -- internals --------------------------------------------------------------
    def _setup_game(self) -> None:
        game = self._game
        rules = game.rules
        self._previous = None
        self._bot_objects = self._build_bots(self._bot_spec)
        with self.hold_sync():
            self.title = game.title
            self.game_name = rules.name
            self.players = game.players
            self.seed = game.seed
            self.saved_json = ""
            self.catalogue = rules.card_catalogue()
            self.board_js = rules.board_script() or ""
            self.bot_choices = bots_module.available(game.title)
            self.player_range = {
                t: [gamekit.rules_for(t).min_players, gamekit.rules_for(t).max_players]
                for t in _loaded_titles()
            }
            self.bots = [
                self._bot_objects[s].name if s in self._bot_objects else ""
                for s in range(game.players)
            ]
            self.refresh(remember=False)

    def _build_bots(
        self, spec: BotSpec | Sequence[BotSpec] | Mapping[int, BotSpec]
    ) -> dict[int, bots_module.Bot]:
        players = self._game.players
        if isinstance(spec, Mapping):
            chosen: list[BotSpec] = [spec.get(s) for s in range(players)]
        elif spec is None or isinstance(spec, str | bots_module.Bot):
            human = self.seat if isinstance(self.seat, int) else None
            chosen = [None if s == human else spec for s in range(players)]
        else:
            chosen = list(spec)[:players] + [None] * max(0, players - len(spec))
        out: dict[int, bots_module.Bot] = {}
        for seat, entry in enumerate(chosen):
            if isinstance(entry, bots_module.Bot):
                out[seat] = entry
            elif entry:
                out[seat] = self._make_bot(entry, seat)
        return out

    def _make_bot(self, name: str, seat: int) -> bots_module.Bot:
        return bots_module.make(self._game.title, name, seed=derive_seed(self._game.seed, seat))

    def _bot_for(self, seat: int) -> bots_module.Bot:
        """The seat's bot; a human seat asked to step gets a random stand-in."""
        if seat not in self._bot_objects:
            seed = derive_seed(self._game.seed, "stand-in", seat, self._game.step)
            return bots_module.make(self._game.title, "random", seed=seed)
        return self._bot_objects[seat]

    def _check_seat(self, seat: Any) -> None:
        players = self._game.players
        if seat is None or seat == GOD:
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be None, 'god' or 0 to {players - 1}, not {seat!r}")

    def _may_act(self) -> bool:
        """The page may see and click the legal actions (its seat decides, or god view)."""
        mover = self._game.to_move
        return mover is not None and (self.seat == GOD or self.seat == mover)

    def _perspective_view(self) -> dict[str, Any]:
        if self.seat == GOD:
            return self._game.state_dict()
        return self._game.view(self.seat if isinstance(self.seat, int) else None)

    def _seat_views(self) -> list[dict[str, Any]]:
        """God view only: every seat's view, to draw all hands (nothing beyond the state)."""
        if self.seat != GOD:
            return []
        return [self._game.view(s) for s in range(self._game.players)]

    def _sync_status(self) -> None:
        game = self._game
        self.to_move = game.to_move
        self.step = game.step
        self.total_steps = game.step + len(game.future)
        self.is_over = game.is_over
        self.scores = [_jsonable(s) for s in game.scores()]
        self.winners = list(game.winners())
        self.legal = self._legal_rows() if self._may_act() else []
        self.narration = self._narration_rows()

    def _legal_rows(self) -> list[dict[str, Any]]:
        return [
            {"index": i, "text": str(a), "kind": a.kind, "action": a.to_json()}
            for i, a in enumerate(self._game.legal_actions())
        ]

    def _narration_rows(self) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = []
        first = max(1, self._game.step - NARRATION_LIMIT + 1)
        for number in range(first, self._game.step + 1):
            for event in self._game.events_at(number):
                if _event_visible(event, self.seat):
                    rows.append({"step": number, **event.to_json()})
        return rows[-NARRATION_LIMIT:]


def _loaded_titles() -> list[str]:
    """Every title that can be played now (a broken plugin is left out)."""
    found = []
    for title in gamekit.all_titles():
        try:
            gamekit.rules_for(title)
        except GamekitError:
            continue
        found.append(title)
    return found


def _event_visible(event: gamekit.Event, seat: Perspective) -> bool:
    """Private events (kind ending in ``"private"``) reach only their seat and the god view."""
    if not event.kind.endswith("private"):
        return True
    return seat == GOD or (event.seat is not None and seat == event.seat)


def _is_no_disguise(action: gamekit.Action) -> bool:
    text = f"{action.kind} {action}".lower().replace("_", " ")
    return "no disguise" in text or "nothing" in text


def _perspective_name(seat: Perspective) -> str:
    if seat is None:
        return "a spectator's seat"
    if seat == GOD:
        return "the god view"
    return f"player {seat}'s seat"


def _jsonable(value: Any) -> Any:
    return value if isinstance(value, int | float | str) or value is None else str(value)


def _diff_paths(old: Any, new: Any, prefix: str = "", depth: int = 0) -> list[str]:
    """The paths (``"parties.2.0"``) whose values differ between two views.

    >>> _diff_paths({"a": [1, 2], "b": 3}, {"a": [1, 5], "b": 3})
    ['a.1']
    """
    if old == new:
        return []
    if depth >= 5 or type(old) is not type(new) or not isinstance(new, dict | list):
        return [prefix] if prefix else []
    if isinstance(new, dict):
        keys = list(new) + [k for k in old if k not in new]
        pairs = [(str(k), old.get(k), new.get(k)) for k in keys]
    else:
        if len(old) != len(new):
            return [prefix] if prefix else []
        pairs = [(str(i), a, b) for i, (a, b) in enumerate(zip(old, new, strict=True))]
    out: list[str] = []
    for key, a, b in pairs:
        out += _diff_paths(a, b, f"{prefix}.{key}" if prefix else key, depth + 1)
    return out[:200]
