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

import difflib
import pathlib
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import anywidget
import traitlets

import gamekit
from gamekit import bots as bots_module
from gamekit.core.errors import GamekitError, IllegalAction
from gamekit.core.game import Game
from gamekit.core.i18n import CORE, Message, check_language, get_language, language
from gamekit.core.names import Seat, and_list, check_names, default_names, named, seat_names, seats
from gamekit.core.rng import derive_seed
from gamekit.core.rules import points_text
from gamekit.rooms.payload import event_visible, seat_payload

from .labels import board_labels, bot_label, bot_labels, card_names, page_labels, seat_labels
from .timer import Clock, LoopClock, PartyTimer

_STATIC = pathlib.Path(__file__).parent / "static"
GOD = "god"
"""The perspective that sees everything (``game.state_dict()``)."""

Perspective = int | str | None
BotSpec = str | bots_module.Bot | None
SIZES = ("normal", "large")
ERROR_LIMIT = 200
"""Error lines are short: at most this many characters."""
SPEED_MS = (50, 10_000)
"""The bots' pause between moves, in milliseconds: a value outside is clamped into it."""
DIGITS_LIMIT = 30
"""A number typed in the page has at most this many digits."""
HIDDEN_SEED = -1
"""The ``seed`` synced in classroom mode: the real one would rebuild every hand."""


class _Default:
    """The value of an argument that was not given."""

    def __repr__(self) -> str:
        return "<default>"


DEFAULT: Any = _Default()
_CLASSROOM = [False]
_ODDS_ALLOWED = [True]


def classroom(on: bool = True, *, odds: bool = True) -> None:
    """Classroom mode for every table made after this call (once per notebook).

    ``odds=False``: the teacher's switch, the odds panel ("What are my chances?") is
    off on every table made after, and the learner cannot turn it on (the page's
    toggle is refused and says why; ``Table(g, odds=True)`` starts with it off).

    >>> classroom(True, odds=False); classroom(False)
    """
    _CLASSROOM[0] = bool(on)
    _ODDS_ALLOWED[0] = bool(odds)


PAGE_SETTINGS = frozenset({"speed_ms", "autoplay", "memory_mode", "party_timer", "size", "odds"})
"""The traits the page may set itself (its own controls); the rest go through requests."""


class Table(anywidget.AnyWidget):
    """An interactive table for ``game``: learners in some seats, bots in the others.

    ``Table(g)`` seats the learner at seat 0 ("Player 1"), or where seat 0 plays
    alone against the rest (``Rules.sides``, Boo Party!'s Seer) at seat 1, and the
    title's strongest bot at every other seat; a title with memory mode
    (``Rules.table_features``) starts with it on (``Table()``: the first lesson's title).
    ``seat``: the perspective, ``None`` (a spectator, every seat a bot), a seat
    number (that seat is played by a person), or ``"god"`` (everything, for
    teaching). ``humans=[0, 2]``: several
    learners at one screen (pass-and-play). ``bots``: a bot name for every other
    seat, a list with one entry per seat (``None`` = a human), or a dict
    ``{seat: name}``; bot objects work too. ``classroom=True`` locks the
    perspective to the seated learners and hides the god view, save and load
    (default: :func:`classroom`). ``names``: one per seat (default: the game's).
    ``god_view=True``: the teacher unlocks the god view and every seat's
    perspective on a table where learners sit (by default a seated learner may see
    only what their seat sees, and several learners at one screen only their own
    seat, behind a cover; classroom mode never unlocks it). A table where nobody
    sits (``seat=None`` or ``"god"``) offers every perspective.
    In classroom mode the synced ``seed`` is :data:`HIDDEN_SEED` (the real seed
    rebuilds every hand; ``t.game.seed`` keeps it on the kernel's side) and
    New game takes no typed seed; outside classroom mode the learner holds the
    kernel, so the seed is shown for replaying a game.
    ``lang``: the table's language, ``"en"`` or ``"fr"`` (default: the game's own,
    else the kernel's, :func:`gamekit.set_language`): its labels, notices and
    errors, and the game's narration, moves and results. ``clock``: the party
    timer's clock (default: the kernel's event loop; tests pass a
    :class:`~gamekit.widgets.timer.ManualClock`).
    ``odds=True``: the odds panel, "What are my chances?" (the title's questions,
    answered exactly from the seat's own view, with the SymPy lines that answer them),
    between the narration and the moves while the seat shown decides (or for a
    spectator); the page's "odds panel" toggle switches it. Off when the teacher said
    :func:`classroom` ``(..., odds=False)``.
    """

    _esm = _STATIC / "table.js"
    _css = _STATIC / "table.css"

    title = traitlets.Unicode("").tag(sync=True)
    game_name = traitlets.Unicode("").tag(sync=True)
    players = traitlets.Int(0).tag(sync=True)
    seed = traitlets.Int(0).tag(sync=True)
    seat = traitlets.Any(None).tag(sync=True)
    humans: traitlets.List[Any] = traitlets.List().tag(sync=True)
    """The seats played by people (clicking), the others by bots."""
    classroom = traitlets.Bool(False).tag(sync=True)
    cover_for = traitlets.Any(None).tag(sync=True)
    """A seat number while the screen must be passed to that player (nothing of theirs is sent)."""
    names: traitlets.List[Any] = traitlets.List().tag(sync=True)
    rulings = traitlets.Dict().tag(sync=True)
    options_schema = traitlets.Dict().tag(sync=True)
    summary_lines: traitlets.List[Any] = traitlets.List().tag(sync=True)
    size = traitlets.Enum(SIZES, "normal").tag(sync=True)
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
    features: traitlets.List[Any] = traitlets.List().tag(sync=True)
    """The table controls the title uses (``Rules.table_features``: "memory", "timer");
    the page shows a control only if it is listed."""
    memory_mode = traitlets.Bool(False).tag(sync=True)
    party_timer = traitlets.Bool(False).tag(sync=True)
    timer_seconds = traitlets.Int(5).tag(sync=True)
    timer_seat = traitlets.Any(None).tag(sync=True)
    """The seat the kernel's party timer counts down for (``None``: no countdown)."""
    saved_json = traitlets.Unicode("").tag(sync=True)
    revision = traitlets.Int(0).tag(sync=True)
    god_view = traitlets.Bool(False).tag(sync=True)
    """The teacher unlocked the god view and every seat's perspective (``god_view=True``)."""
    perspectives: traitlets.List[Any] = traitlets.List().tag(sync=True)
    """The perspectives the page may offer ("seen from"): ``None``, seat numbers, ``"god"``."""
    lang = traitlets.Any("").tag(sync=True)
    """The table's language ("en", "fr"); empty: the game's, else the kernel's."""
    labels = traitlets.Dict().tag(sync=True)
    """The page's texts in the table's language (see :mod:`gamekit.widgets.labels`)."""
    board_labels = traitlets.Dict().tag(sync=True)
    """The board module's words (``kit.t``): English message id -> the table's language."""
    card_names = traitlets.Dict().tag(sync=True)
    """Card id -> its names by form, in the table's language (``kit.cardName``)."""
    odds = traitlets.Bool(False).tag(sync=True)
    """The odds panel is shown (the page's toggle; ``Table(g, odds=True)``)."""
    odds_locked = traitlets.Bool(False).tag(sync=True)
    """The teacher switched the odds panel off (:func:`classroom` ``(odds=False)``)."""
    odds_offered = traitlets.Bool(False).tag(sync=True)
    """The title asks odds questions (``Rules.odds_questions()``): the page shows the toggle."""
    odds_rows: traitlets.List[Any] = traitlets.List().tag(sync=True)
    """The panel's rows now (``key``, ``question``, ``given``, ``fraction``, ``percent``,
    ``exercise``, ``why``): the payload's ``odds``, from the shown seat's view only."""
    _ready = False
    """False while the constructor runs (its keyword traits must not redraw yet)."""

    def __new__(cls, game: Any = None, *args: Any, **kwargs: Any) -> Table:
        """``Table(remote_game)``: the table of a seat at a room (:mod:`gamekit.widgets.remote`)."""
        if cls is Table and _at_a_room(game):
            from gamekit.widgets.remote import RemoteTable

            cls = RemoteTable
        table: Table = super().__new__(cls, game, *args, **kwargs)
        return table

    def __init__(
        self,
        game: Game | None = None,
        seat: Perspective = DEFAULT,
        bots: BotSpec | Sequence[BotSpec] | Mapping[int, BotSpec] = DEFAULT,
        *,
        humans: Sequence[int] | None = None,
        classroom: bool | None = None,
        names: Sequence[str] | None = None,
        size: str = "normal",
        lang: str | None = None,
        clock: Clock | None = None,
        god_view: bool = False,
        odds: bool = False,
        **kwargs: Any,
    ) -> None:
        _check_keywords(kwargs)
        super().__init__(**kwargs)
        self._ready = False
        self.god_view = bool(god_view)
        self._learners_sat = False
        self._timer = PartyTimer(clock if clock is not None else LoopClock())
        self._deal = 0
        self._localised: tuple[Any, ...] | None = None
        if lang is not None:
            self.lang = lang
        self._game = game if game is not None else gamekit.new_game(gamekit.TITLES[0], seed=1)
        self.odds_locked = not _ODDS_ALLOWED[0]
        if odds and self.odds_locked:
            with language(self.language):
                self.error = str(_odds_refusal())
        else:
            self.odds = bool(odds)
        self.classroom = _CLASSROOM[0] if classroom is None else bool(classroom)
        self.size = size
        self._names_given = None if names is None else check_names(names, self._game.players)
        self._fill: BotSpec = bots if isinstance(bots, str | bots_module.Bot) else None
        self._chosen: dict[int, BotSpec] = _per_seat(bots, self._game.players)
        seated = self._first_humans(seat, bots, humans)
        self._humans: set[int] = set(seated)
        self._learners_sat = bool(seated)
        if seat is DEFAULT:
            mover = self._game.to_move
            seat = mover if mover in self._humans else (min(seated) if seated else None)
        self._check_seat(seat)
        if "memory_mode" not in kwargs and "memory" in self._game.rules.table_features:
            self.memory_mode = True  # a title with memory mode starts with it on
        self._bot_objects: dict[int, bots_module.Bot] = {}
        self._previous: dict[str, Any] | None = None
        self._listeners: list[Callable[[Table], None]] = []
        self.titles = _loaded_titles()
        self.seat = seat
        self._setup_game()
        self._ready = True
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

    def read(self, text: object) -> str:
        """``text`` in the table's language with seats told by this table's names."""
        with self._speaking():
            shown = str(text)
            return shown if self._game.rules.names_seats else named(shown, list(self.names))

    @property
    def language(self) -> str:
        """The language the table speaks: ``lang``, else the game's (its own or the kernel's)."""
        return self.lang or self._game.lang

    @contextmanager
    def _speaking(self) -> Iterator[None]:
        """Render texts in the table's language, seats by this table's names, as the
        game does (:meth:`Game.read`); a plain-text title's "player 0" phrases are
        rendered raw for :meth:`read` to name."""
        if not self._game.rules.names_seats:
            with language(self.language), seat_names(None, raw=True):
                yield
            return
        with language(self.language):
            names = list(self.names)
            given = None if names == default_names(len(names)) else names  # their grammar
            with seat_names(given):
                yield

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        value = proposal["value"]
        if value is None or (isinstance(value, str) and value == ""):
            return ""
        if not isinstance(value, str) or len(value) > DIGITS_LIMIT:
            raise ValueError(
                str(CORE("the table's language must be \"en\" or \"fr\", not {value}",
                         value=_short(value)))
            )  # fmt: skip
        try:
            return check_language(value)
        except ValueError:
            raise ValueError(
                str(CORE("the table's language must be \"en\" or \"fr\", not {value}",
                         value=_short(value)))
            ) from None  # fmt: skip

    @traitlets.validate("odds")
    def _valid_odds(self, proposal: Any) -> bool:
        """The odds panel turns on only where the teacher allows it."""
        if proposal["value"] and self.odds_locked:
            raise traitlets.TraitError(str(_odds_refusal()))
        return bool(proposal["value"])

    @traitlets.validate("speed_ms")
    def _valid_speed(self, proposal: Any) -> int:
        """The bots' pause, clamped into :data:`SPEED_MS`."""
        value = proposal["value"]
        low, high = SPEED_MS
        return min(max(int(value), low), high)

    def __repr__(self) -> str:
        """What a notebook shows where the table cannot be drawn (a saved output)."""
        with language(self.language):
            return str(CORE("Run this cell to open the table ({game}).", game=self.game_name))

    @traitlets.observe("lang")
    def _lang_switched(self, _change: Any) -> None:
        if self._ready:
            self.refresh(remember=False)

    @traitlets.observe("names")
    def _names_switched(self, change: Any) -> None:
        if self._ready and self.labels and change["new"] != change["old"]:
            with language(self.language):
                self.labels = {**self.labels, "seats": seat_labels(list(change["new"]))}

    def _localise(self) -> None:
        """The texts that depend on the language and the names (when either changed)."""
        game = self._game
        given = None if self._names_given is None else tuple(self._names_given)
        key = (get_language(), given, tuple(game.names), game.title, tuple(self.bots),
               tuple(self.bot_choices), tuple(self.titles))  # fmt: skip
        if key == self._localised:
            return
        self._localised = key
        names = self._names_given or game.names
        with seat_names(None):
            self.names = names
            self.rulings = {str(k): str(v) for k, v in game.rules.rulings.items()}
            self.options_schema = _options_schemas(self.titles)
            texts = page_labels()
            texts["seats"] = seat_labels(names)
            texts["bots"] = bot_labels([*self.bot_choices, *self.bots])
            texts["titles"] = {t: _title_name(t) for t in self.titles}
            self.labels = texts
            rules = game.rules
            self.board_labels = board_labels(rules.title_package(), rules.board_script() or "")
            self.card_names = card_names(rules.title_module("picture"))
            self.game_name = rules.display_name()

    def refresh(self, *, remember: bool = True) -> None:
        """Send the page what the chosen perspective may see now."""
        with language(self.language):
            self._localise()  # first: the names the texts below are told with
        with self._speaking():
            self._refresh(remember)

    def _refresh(self, remember: bool) -> None:
        self._settle()
        payload = self._payload()
        view = payload["view"]
        with self.hold_sync():
            self.changed = _diff_paths(self._previous, view) if remember else []
            self._previous = view
            self.view_data = view
            self.seat_views = payload["seat_views"]
            self._sync_status(payload)
            self._arm_timer()
            self.revision += 1
        for callback in list(self._listeners):
            callback(self)

    @traitlets.observe("memory_mode")
    def _memory_switched(self, _change: Any) -> None:
        if self._ready:
            self.refresh(remember=False)

    @traitlets.observe("odds")
    def _odds_switched(self, _change: Any) -> None:
        if self._ready:
            self.refresh(remember=False)

    @traitlets.observe("party_timer")
    def _timer_switched(self, _change: Any) -> None:
        if self._ready:
            self._arm_timer()

    @traitlets.observe("classroom")
    def _classroom_switched(self, change: Any) -> None:
        if not self._ready or not change["new"]:
            return
        if self.seat == GOD or (self._humans and self.seat not in self._humans):
            mover = self._game.to_move
            self.seat = mover if mover in self._humans else min(self._humans, default=None)
        self.saved_json = ""
        self.refresh(remember=False)

    # -- what the page may change ----------------------------------------------
    def _page_settings(self) -> frozenset[str]:
        """The traits the page may set by itself."""
        return PAGE_SETTINGS - (
            ({"memory_mode"} if self.classroom else set())
            | ({"odds"} if self.odds_locked else set())
        )

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Take the page's changes to its own settings only (speed, autoplay, memory
        mode, the party timer, the size); every other trait, such as the seat seen or
        the humans, changes through a checked request. In classroom mode the memory
        mode is the teacher's. A refused change is sent back as it was."""
        allowed = self._page_settings()
        refused = sorted(set(sync_data) - allowed)
        taken = {key: value for key, value in sync_data.items() if key in allowed}
        try:
            super().set_state(taken)
        except traitlets.TraitError:
            refused = sorted(set(sync_data))
        if refused:
            with self._speaking(), self.hold_sync():
                self.send_state(refused)
                self.error = str(self._settings_refusal(refused))
                self.revision += 1  # the page draws the refusal

    def _settings_refusal(self, refused: Sequence[str]) -> Message:
        """Why the page's change of ``refused`` settings was sent back."""
        if "odds" in refused and self.odds_locked:
            return _odds_refusal()
        return CORE("the table keeps its settings: the page cannot change them")

    # -- messages from the page -----------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self._handle(content)

    def _handle(self, content: Any) -> None:
        """Apply one message; any failure becomes the table's (short, plain) error line."""
        with self._speaking():
            self._handle_message(content)

    def _handle_message(self, content: Any) -> None:
        with self._guarded():
            if not isinstance(content, dict) or not isinstance(content.get("type"), str):
                raise ValueError(str(CORE("the table got a message it does not understand")))
            handler = self._handlers().get(content["type"])
            if handler is None:
                raise ValueError(str(CORE("unknown request {what}", what=_short(content["type"]))))
            with self.hold_sync():  # one update message per request
                self.error = ""
                handler(content)

    @contextmanager
    def _guarded(self) -> Iterator[None]:
        """Any failure inside becomes the table's (short, plain) error line."""
        try:
            yield
        except IllegalAction as err:
            # The reason only: the legal list may be another seat's secret choices.
            self._fail(err.reason)
        except GamekitError as err:
            self._fail(str(err))
        except ValueError as err:
            self._fail(str(err) if _kit_raised(err) else _generic_failure(err))
        except Exception as err:  # never raise into the notebook's connection
            self._fail(_generic_failure(err))

    def _fail(self, message: str) -> None:
        text = self.read(message.strip().strip("'\""))
        text = text[:1].upper() + text[1:]
        if len(text) > ERROR_LIMIT:
            text = text[: ERROR_LIMIT - 3].rstrip() + "..."
        if text and text[-1] not in ".!?…":
            text += "."
        with self.hold_sync():
            self.error = text
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
            "sit": self._msg_sit,
            "stand": self._msg_stand,
            "uncover": self._msg_uncover,
            "refresh": lambda _m: self.refresh(remember=False),
        }

    def _msg_play(self, msg: dict[str, Any]) -> None:
        index, at_step = msg.get("index"), msg.get("step")
        if at_step is not None and at_step != self._game.step:
            raise IllegalAction(
                str(
                    CORE(
                        "that choice was made at step {chosen} but the game is at step {step}; "
                        "nothing was played, choose again",
                        chosen=_short(at_step),
                        step=self._game.step,
                    )
                )
            )
        if self._game.to_move is None:
            raise IllegalAction(str(CORE("the game is over")), [])
        if self.cover_for is not None:
            raise IllegalAction(
                str(
                    CORE(
                        "pass the screen to {seat} first: they click to see their cards",
                        seat=Seat(self.cover_for),
                    )
                ),
                [],
            )
        if not self._may_act():
            raise IllegalAction(_not_your_decision(self._game.to_move, self.seat), [])
        legal = self._game.legal_actions()
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(legal):
            raise IllegalAction(
                str(
                    CORE(
                        "there is no legal choice number {number} (choose 0 to {last})",
                        number=_short(index),
                        last=len(legal) - 1,
                    )
                )
            )
        seat = self._game.to_move
        events = self._game.play(legal[index])
        self.notice = self._told(seat, None, events)
        self._after_move()

    def _msg_step(self, msg: dict[str, Any]) -> None:
        seat = self._game.to_move
        at_step, automatic = msg.get("step"), msg.get("auto") is True
        if at_step is not None and at_step != self._game.step:
            return  # a step asked for an earlier position: the table has moved on
        if seat is None:
            self._game_over_notice()
            return
        if automatic and (seat in self._humans or self.cover_for is not None):
            return  # the page's timer raced a learner's turn: nothing to do
        if seat in self._humans:
            self.autoplay = False
            raise IllegalAction(
                str(
                    CORE(
                        "it is {seat}'s turn, and {seat} is played by a person: "
                        "choose a move (Step plays only for bots)",
                        seat=Seat(seat),
                    )
                ),
                [],
            )
        bot = self._bot_for(seat)
        action = bot.choose(self._game)
        events = self._game.play(action)
        self.notice = self._told(seat, bot.name, events)
        self._after_move()

    def _told(self, seat: int | None, bot: str | None, events: Sequence[gamekit.Event]) -> str:
        """A notice from the public narration of a move, never from the action itself.

        The action may hold what others must not see (the card knocked with, a
        disguise chosen while the Seer's eyes are closed); its narration does not.
        ``seat`` played (with ``bot``, when a bot chose); ``None``: the party timer ran out.
        """
        view = self._view_seat()
        seen = [e.text for e in events if event_visible(e, view)]
        if self._memory_on() and seen:
            seen = self._game.rules.memory_text(seen, [""] * len(seen))
        return self.read(_played(seat, bot, seen[0] if seen else None))

    def _after_move(self) -> None:
        self.refresh()
        if self._game.is_over:
            self._game_over_notice()
        elif self._game.to_move in self._humans:
            self.autoplay = False  # autoplay waits for the person whose turn it is

    def _game_over_notice(self) -> None:
        """Autoplay stops and the table says who won."""
        self.autoplay = False
        lines = self._game.rules.result_lines(self._game.state)
        result = lines[0] if lines else str(CORE("no result."))
        self.notice = self.read(CORE("The game is over: {result}", result=result))
        self.revision += 1

    # -- the party timer (the kernel's clock) -----------------------------------
    def _timed_move(self) -> tuple[tuple[int, int, int], gamekit.Action] | None:
        """The countdown the table owes now, ``((deal, step, seat), move)``, or ``None``.

        One runs only when the title lists ``"timer"`` in its features, the switch is
        on, a person decides (the screen uncovered) and the title gives that seat a
        timed move (``Rules.timeout_action``) that is legal now.
        """
        game, rules = self._game, self._game.rules
        seat = game.to_move
        if not self.party_timer or "timer" not in rules.table_features:
            return None
        if seat is None or seat not in self._humans or self.cover_for is not None:
            return None
        move = rules.timeout_action(game.state, seat)
        if move is None or move not in game.legal_actions():
            return None
        return (self._deal, game.step, seat), move

    def _arm_timer(self) -> None:
        """Start, keep or cancel the kernel's countdown to match the table now."""
        timed = self._timed_move()
        if timed is None:
            self._timer.cancel()
        elif not self._timer.running(timed[0]):
            key = timed[0]
            self._timer.start(key, float(self.timer_seconds), lambda: self._time_up(key))
        self.timer_seat = None if timed is None else timed[0][2]

    def _time_up(self, key: tuple[int, int, int]) -> None:
        """The kernel's countdown for ``key`` ran out: play the timed move, if still owed."""
        with self._speaking(), self._guarded(), self.hold_sync():
            timed = self._timed_move()
            if timed is None or timed[0] != key:
                self._arm_timer()
                return
            self.error = ""
            self._play_timed(timed[1])

    def _play_timed(self, move: gamekit.Action) -> None:
        events = self._game.play(move)
        self.notice = self._told(None, None, events)
        self._after_move()

    def _msg_timeout(self, msg: dict[str, Any]) -> None:
        """The page's countdown ended: a hint only. The timed move is played only if the
        kernel's own countdown runs for this very position and its deadline has passed
        (a stale, early or unowed hint changes nothing)."""
        timed = self._timed_move()
        if timed is None or msg.get("step") != self._game.step or not self._timer.due(timed[0]):
            return
        self._timer.cancel()
        self._play_timed(timed[1])

    def _msg_goto(self, msg: dict[str, Any]) -> None:
        step = msg.get("step")
        if not isinstance(step, int) or isinstance(step, bool):
            raise ValueError(str(CORE("the step must be a whole number, not {value}",
                                       value=_short(step))))  # fmt: skip
        self._travel(lambda: self._game.goto(step))

    def _travel(self, move: Callable[[], object]) -> None:
        self._refuse_in_classroom(CORE("going back or forward is switched off in classroom mode"))
        move()
        self.notice = str(CORE("now at step {step}", step=self._game.step))
        self.refresh()

    def _msg_new(self, msg: dict[str, Any]) -> None:
        try:
            options = msg.get("options") or {}
            if not isinstance(options, dict):
                raise ValueError(
                    str(
                        CORE(
                            "options must be an object such as {example}",
                            example='{"face_down_deck": true}',
                        )
                    )  # fmt: skip
                )
            seed = _whole(msg.get("seed"), _SEED_WHOLE)
            if seed is not None:
                self._refuse_in_classroom(CORE("a typed seed is switched off in classroom mode"))
            game = gamekit.new_game(
                str(msg.get("title") or self._game.title),
                players=_whole(msg.get("players"), _PLAYERS_WHOLE),
                seed=seed,
                lang=self._game._lang,
                **_title_options(options),
            )
        except Exception:
            # The page's selectors go back to the game that is shown.
            self.send_state(["title", "players", "seed", "options_schema"])
            raise
        self.set_game(game)

    def _msg_load(self, msg: dict[str, Any]) -> None:
        self._refuse_in_classroom(CORE("loading a saved game is switched off in classroom mode"))
        self.set_game(gamekit.load_game(msg.get("text", "")))
        self.notice = str(CORE("loaded a saved game at step {step}", step=self._game.step))

    def _msg_save(self, _msg: dict[str, Any]) -> None:
        self._refuse_in_classroom(CORE("saving the game is switched off in classroom mode"))
        self.saved_json = self._game.to_json()
        self.notice = str(CORE("saved step {step}", step=self._game.step))
        self.revision += 1

    def _msg_seat(self, msg: dict[str, Any]) -> None:
        seat = msg.get("seat")
        self._check_seat(seat)
        if self.cover_for is not None and seat != self.seat:
            raise ValueError(
                str(CORE("pass the screen to {seat} first", seat=Seat(self.cover_for)))
            )
        if self._locked() and len(self._humans) > 1 and seat in self._humans and seat != self.seat:
            self.cover_for = seat  # another learner's seat: behind the cover, for them to lift
            self.refresh(remember=False)
            return
        self.seat = seat
        self._previous = None
        self.refresh(remember=False)

    def _msg_bot(self, msg: dict[str, Any]) -> None:
        seat, name = self._seat_of(msg), msg.get("name")
        if name in (None, "", "human"):
            self._sit(seat)
            return
        if not isinstance(name, str) or name not in self.bot_choices:
            raise ValueError(str(CORE("there is no bot called {name}", name=_short(name))))
        self._chosen[seat] = name
        self._humans.discard(seat)
        self._make_seat_bots()
        self._leave_seat(seat)
        self.refresh(remember=False)

    def _msg_sit(self, msg: dict[str, Any]) -> None:
        self._sit(self._seat_of(msg))

    def _sit(self, seat: int) -> None:
        """A person takes ``seat`` (its bot leaves); the page then shows that seat
        (behind the cover when another learner sits at this screen, and the view is locked)."""
        if seat in self._humans:
            raise ValueError(str(CORE("{seat} is already played by a person", seat=Seat(seat))))
        self._refuse_in_classroom(
            CORE("in classroom mode the teacher seats the learners: a bot's seat stays a bot's")
        )
        others = bool(self._humans)
        self._humans.add(seat)
        self._learners_sat = True
        self._bot_objects.pop(seat, None)
        self._chosen.pop(seat, None)
        mover = self._game.to_move
        if others and self._locked():
            if self.cover_for is None and self.seat != seat:
                self.cover_for = seat  # they lift the cover themselves
        elif self.cover_for is None and not (mover in self._humans and mover != seat):
            self.seat = seat  # sitting down shows that seat, unless another person decides
            self._previous = None
        self._make_seat_bots()
        self.notice = self.read(CORE("{seat} is now played by a person", seat=Seat(seat)))
        self.refresh(remember=False)

    def _msg_stand(self, msg: dict[str, Any]) -> None:
        seat = self._seat_of(msg)
        if seat not in self._humans:
            raise ValueError(
                str(CORE("{seat} is played by a bot, not by a person", seat=Seat(seat)))
            )
        self._humans.discard(seat)
        self._make_seat_bots()
        self._leave_seat(seat)
        self.notice = self.read(
            CORE("{seat} is now played by the bot “{bot}”", seat=Seat(seat),
                 bot=bot_label(self.bots[seat]))
        )  # fmt: skip
        self.refresh(remember=False)

    def _leave_seat(self, seat: int) -> None:
        """Nobody plays ``seat`` by hand any more: the page stops showing it in classroom."""
        if self.cover_for == seat:
            self.cover_for = None
        if self.seat == seat and self.classroom:
            mover = self._game.to_move
            self.seat = mover if mover in self._humans else min(self._humans, default=None)
            self._previous = None

    def _msg_uncover(self, _msg: dict[str, Any]) -> None:
        if self.cover_for is None:
            raise ValueError(str(CORE("there is no cover to lift")))
        self.seat, self.cover_for = self.cover_for, None
        self._previous = None
        self.refresh(remember=False)

    def set_game(self, game: Game) -> None:
        """Put another game on the table (same people, perspective and bots where possible)."""
        self._game = game
        self._humans = {s for s in self._humans if s < game.players}
        self._chosen = {s: b for s, b in self._chosen.items() if s < game.players}
        if self._names_given is not None and len(self._names_given) != game.players:
            self._names_given = None
        if isinstance(self.seat, int) and self.seat >= game.players:
            self.seat = min(self._humans, default=None)
        self.cover_for = None
        self._setup_game()

    # -- internals --------------------------------------------------------------
    def _setup_game(self) -> None:
        game = self._game
        rules = game.rules
        self._previous = None
        self._deal += 1  # a new game: no countdown of the last one carries over
        self._timer.cancel()
        self._make_seat_bots(fresh=True)
        with self.hold_sync(), self._speaking():
            self.title = game.title
            self.features = sorted(rules.table_features)
            self.odds_offered = asks_odds(rules)
            self.game_name = rules.display_name()
            self.players = game.players
            self._localised = None
            self.saved_json = ""
            self.catalogue = rules.card_catalogue()
            self.board_js = rules.board_script() or ""
            self.bot_choices = _bots_weakest_first(game.title)
            self.player_range = {
                t: [gamekit.rules_for(t).min_players, gamekit.rules_for(t).max_players]
                for t in _loaded_titles()
            }
            self.refresh(remember=False)

    def _first_humans(
        self,
        seat: Perspective,
        bots: BotSpec | Sequence[BotSpec] | Mapping[int, BotSpec],
        humans: Sequence[int] | None,
    ) -> list[int]:
        players = self._game.players
        if humans is not None:
            if isinstance(humans, str | bytes) or not all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in humans
            ):
                raise ValueError(f"humans must be seat numbers from 0 to {players - 1}")
            return sorted(set(humans))
        if isinstance(bots, Mapping) or not (
            bots is DEFAULT or bots is None or isinstance(bots, str | bots_module.Bot)
        ):
            return [s for s in range(players) if s not in self._chosen]
        if seat is DEFAULT:
            return [_learner_seat(self._game.rules, players)]
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
            return [seat]
        return []

    def _make_seat_bots(self, *, fresh: bool = False) -> None:
        """A bot at every seat nobody plays: the chosen one, else the title's strongest.

        ``fresh``: a new game, so every bot made by name is made anew (its random
        stream and memory start again: the same seed plays the same on any table).
        """
        players = self._game.players
        made: dict[int, bots_module.Bot] = {}
        for seat in range(players):
            if seat in self._humans:
                continue
            entry = self._chosen.get(seat) or self._fill or _best_bot(self._game.title)
            old = self._bot_objects.get(seat)
            if isinstance(entry, bots_module.Bot):
                made[seat] = entry
            elif old is not None and old.name == entry and self._ready and not fresh:
                made[seat] = old
            else:
                made[seat] = self._make_bot(str(entry), seat)
        self._bot_objects = made
        self.humans = sorted(self._humans)
        self.bots = [made[s].name if s in made else "" for s in range(players)]

    def _make_bot(self, name: str, seat: int) -> bots_module.Bot:
        """A fresh bot for ``seat``; the search bot gets the title's ``demo_budget``
        (a table answers at once), when it has one."""
        title, params = self._game.title, {}
        demo = self._game.rules.search_defaults.demo_budget
        chosen = bots_module.best(title) if name == bots_module.BEST else name
        if demo is not None and chosen == bots_module.SEARCH:
            params["budget"] = demo
        return bots_module.make(title, name, seed=derive_seed(self._game.seed, seat), **params)

    def _bot_for(self, seat: int) -> bots_module.Bot:
        """The seat's bot (every seat nobody plays has one)."""
        if seat not in self._bot_objects:
            self._make_seat_bots()
        return self._bot_objects[seat]

    def _seat_of(self, msg: dict[str, Any]) -> int:
        seat = msg.get("seat")
        players = self._game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(
                str(CORE("no seat {seat}: the seats are 0 to {last}", seat=_short(seat),
                          last=players - 1))
            )  # fmt: skip
        return seat

    def _check_seat(self, seat: Any) -> None:
        players = self._game.players
        if seat is None or seat == GOD:
            ok = True
        else:
            ok = not isinstance(seat, bool) and isinstance(seat, int) and 0 <= seat < players
        if not ok:
            raise ValueError(
                str(
                    CORE(
                        "seat must be None, {god} or a seat number from 0 to {last}, not {seat}",
                        god=repr(GOD),
                        last=players - 1,
                        seat=_short(seat),
                    )
                )
            )
        if self.classroom and self._humans and seat not in self._humans:
            raise ValueError(
                str(
                    CORE(
                        "in classroom mode the table shows only the seats played by people "
                        "({seats})",
                        seats=seats(sorted(self._humans)),
                    )
                )
            )
        if self.classroom and seat == GOD:
            raise ValueError(str(CORE("the god view is switched off in classroom mode")))
        if self._locked() and seat == GOD:
            raise ValueError(
                str(CORE("the god view is closed while a learner sits at the table "
                         "(the teacher opens it with Table(..., god_view=True))"))
            )  # fmt: skip
        if self._locked() and isinstance(seat, int) and seat not in self._humans:
            raise ValueError(
                str(CORE("{seat} is played by a bot: its cards stay hidden while a learner "
                         "sits at the table", seat=Seat(seat)))
            )  # fmt: skip

    def _locked(self) -> bool:
        """A learner sits (or sat) at this table: it shows only what their seats may see,
        unless the teacher unlocked the god view (never in classroom mode)."""
        return self.classroom or (self._learners_sat and not self.god_view)

    def _offered(self) -> list[Perspective]:
        """The perspectives the page may offer now (see :meth:`_check_seat`)."""
        players = self._game.players
        if not self._locked():
            return [None, *range(players), GOD]
        if self.classroom and self._humans:
            return [*sorted(self._humans)]
        return [None, *sorted(self._humans)]

    def _refuse_in_classroom(self, refusal: Message) -> None:
        if self.classroom:
            raise ValueError(str(refusal))

    def _settle(self) -> None:
        """Pass-and-play: the perspective follows the person to move, behind a cover."""
        mover = self._game.to_move
        following = self.classroom or (isinstance(self.seat, int) and self.seat in self._humans)
        if not following or mover not in self._humans:
            kept = self._locked() and len(self._humans) > 1 and self.cover_for in self._humans
            if self.cover_for is not None and self.cover_for != mover and not kept:
                self.cover_for = None
            return
        if mover == self.seat:
            self.cover_for = None
        elif (self.seat in self._humans and len(self._humans) > 1) or (
            self.classroom and self.seat is None
        ):
            self.cover_for = mover  # nothing of theirs is sent until they click
        if self.classroom and self.seat not in self._humans and self.cover_for is None:
            self.seat = mover

    def _view_seat(self) -> Perspective:
        """The perspective whose data is sent: a spectator's while the screen is covered."""
        return None if self.cover_for is not None else self.seat

    def _may_act(self) -> bool:
        """The page may see and click the legal actions (its seat decides, or god view)."""
        mover = self._game.to_move
        seat = self._view_seat()
        return mover is not None and seat in (GOD, mover)

    def _payload(self) -> dict[str, Any]:
        """What the perspective may see now: the one function the rooms send too."""
        seat = self._view_seat()
        return seat_payload(
            self._game,
            seat if isinstance(seat, int) else None,
            god=seat == GOD,
            memory=self._memory_on(),
            read=self.read,
            odds=self.odds and not self.odds_locked and self.cover_for is None,
        )

    def _memory_on(self) -> bool:
        """Memory mode is switched on, for a title that has it."""
        return self.memory_mode and "memory" in self._game.rules.table_features

    def _sync_status(self, payload: dict[str, Any]) -> None:
        game = self._game
        self.to_move = game.to_move
        self.step = game.step
        self.total_steps = game.step + len(game.future)
        self.is_over = game.is_over
        self.scores = [_jsonable(s) for s in game.scores()]
        self.winners = list(game.winners())
        self.legal = payload["legal"]
        self.narration = payload["narration"]
        self.odds_rows = payload["odds"]
        self.summary_lines = self._summary()
        self.seed = HIDDEN_SEED if self.classroom else game.seed
        self.perspectives = self._offered()

    def _summary(self) -> list[str]:
        game = self._game
        if game.is_over:
            lines = game.rules.result_lines(game.state)
        else:
            points = and_list(
                str(CORE("{seat} has {points}", seat=Seat(s), points=points_text(v)))
                for s, v in enumerate(game.scores())
            )
            lines = [str(CORE("Scores so far: {points}.", points=points))]
        return [self.read(line) for line in lines]


def asks_odds(rules: Any) -> bool:
    """The title asks the odds panel's questions (``Rules.odds_questions()`` is not empty).

    >>> asks_odds(object())
    False
    """
    questions = getattr(rules, "odds_questions", None)
    if not callable(questions):
        return False
    try:
        return bool(list(questions()))
    except Exception:  # a title whose questions cannot be listed offers no panel
        return False


def _odds_refusal() -> Message:
    """Why the odds panel stays off: the teacher's switch."""
    return CORE("the teacher switched the odds panel off for this class")


def _at_a_room(game: object) -> bool:
    """``game`` is a seat at a room (the rooms' client is loaded only once one joined)."""
    client = sys.modules.get("gamekit.rooms.client")
    return client is not None and isinstance(game, client.RemoteGame)


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


def _not_your_decision(mover: int | None, seat: Perspective) -> str:
    """Why the page may not choose: another seat decides than the one it is seen from."""
    who = Seat(mover if mover is not None else 0)
    if seat is None:
        return str(
            CORE(
                "it is {mover}'s decision, and this table is seen from a spectator's seat",
                mover=who,
            )
        )
    if seat == GOD:
        return str(CORE("it is {mover}'s decision, and this table is seen from the god view",
                         mover=who))  # fmt: skip
    return str(
        CORE(
            "it is {mover}'s decision, and this table is seen from {seat}'s seat",
            mover=who,
            seat=Seat(int(seat)),
        )
    )


def _played(seat: int | None, bot: str | None, move: str | None) -> Message:
    """The notice after a move: who played (and which bot chose), then what was seen."""
    if seat is None:
        if move is None:
            return CORE("Time is up!")
        return CORE("Time is up! {move}", move=move)
    who = Seat(seat)
    if bot is None:
        if move is None:
            return CORE("{seat} played.", seat=who)
        return CORE("{seat} played: {move}", seat=who, move=move)
    if move is None:
        return CORE("{seat} (bot “{bot}”) played.", seat=who, bot=bot_label(bot))
    return CORE("{seat} (bot “{bot}”) played: {move}", seat=who, bot=bot_label(bot), move=move)


def _title_name(title: str) -> str:
    """A title's name as the page's title selector shows it."""
    try:
        return gamekit.rules_for(title).display_name()
    except Exception:  # a title that cannot say its name shows its id
        return title


_PLAYERS_WHOLE = "players"
_SEED_WHOLE = "seed"


def _short(value: Any) -> str:
    """A value quoted in an error line, cut short."""
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "..."


def _whole(value: Any, what: str) -> int | None:
    """A whole number typed in the page ("" or None: the default); ``what``: ``"players"``
    or ``"seed"``, for the error."""
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**DIGITS_LIMIT:
        return value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= DIGITS_LIMIT:
        return int(value.strip())
    if what == _PLAYERS_WHOLE:
        raise ValueError(str(CORE("the number of players must be a whole number, not {value}",
                                   value=_short(value))))  # fmt: skip
    raise ValueError(str(CORE("the seed must be a whole number, not {value}", value=_short(value))))


_NOT_OPTIONS = frozenset({"title", "players", "seed", "names", "lang"})
"""New game's own fields: never a title option (the names are the teacher's)."""


def _title_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The page's New game options, the title's variants only."""
    wrong = sorted(str(key) for key in options if not isinstance(key, str) or key in _NOT_OPTIONS)
    if wrong:
        raise ValueError(
            str(CORE("{option} is not a game option the page may set", option=_short(wrong[0])))
        )
    return dict(options)


def _kit_raised(err: BaseException) -> bool:
    """``err`` was raised by the kit's own code (its text is the kit's message), not by
    Python or a library deep inside."""
    frame = err.__traceback__
    last = None
    while frame is not None:
        last = frame
        frame = frame.tb_next
    if last is None:
        return False
    path = pathlib.Path(last.tb_frame.f_code.co_filename).resolve()
    return _PACKAGE in path.parents


_PACKAGE = pathlib.Path(gamekit.__file__).resolve().parent


def _generic_failure(err: BaseException) -> str:
    """The table's own line for a failure whose text is not the kit's."""
    return str(CORE("the table could not do that ({error})", error=type(err).__name__))


_KEYWORDS = ("game", "seat", "bots", "humans", "classroom", "names", "size", "lang", "clock",
             "god_view", "odds")  # fmt: skip


def _check_keywords(kwargs: Mapping[str, Any]) -> None:
    """Every keyword :class:`Table` does not know is refused, naming the closest valid one."""
    valid = sorted({*_KEYWORDS, *(n for n in Table.class_trait_names() if not n.startswith("_"))})
    for key in kwargs:
        if key in valid and key not in _KEYWORDS:
            continue
        close = difflib.get_close_matches(str(key), _KEYWORDS, n=1) or difflib.get_close_matches(
            str(key), valid, n=1
        )
        hint = str(CORE(" (did you mean {name}?)", name=close[0])) if close else ""
        raise ValueError(
            str(CORE("Table() has no argument {name}{hint}", name=_short(key), hint=hint))
        )


def _per_seat(
    spec: BotSpec | Sequence[BotSpec] | Mapping[int, BotSpec], players: int
) -> dict[int, BotSpec]:
    """The bots named seat by seat (a list or a dict); empty for one name for all."""
    if spec is DEFAULT or spec is None or isinstance(spec, str | bots_module.Bot):
        return {}
    if isinstance(spec, Mapping):
        return {s: b for s, b in spec.items() if isinstance(s, int) and 0 <= s < players and b}
    return {s: b for s, b in enumerate(list(spec)[:players]) if b and b != "human"}


def _bots_weakest_first(title: str) -> list[str]:
    """The bot menu's entries from weakest to strongest (the order of ``bots.names``:
    ``random``, then the title's ``BOTS`` as declared, weakest first).

    >>> _bots_weakest_first("knock-knock")
    ['random', 'greedy', 'planner']
    """
    own = bots_module.available(title)
    ladder = [name for name in bots_module.names(title) if name in own]
    return ladder + [name for name in own if name not in ladder]


def _learner_seat(rules: Any, players: int) -> int:
    """Where ``Table(g)`` seats the learner: seat 0, or in a title where seat 0 plays
    alone against the rest (``Rules.sides``), the first seat of the many (a Monster
    in Boo Party!, who makes the game's choices turn after turn)."""
    return 1 if rules.sides is not None and players > 1 else 0


def _best_bot(title: str) -> str:
    """The title's strongest bot (its rules list them weakest first), else "random"."""
    own = list(gamekit.rules_for(title).bots())
    return own[-1] if own else "random"


def _options_schemas(titles: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
    """Every title's options as form fields, their texts in the language in force."""
    out: dict[str, list[dict[str, Any]]] = {}
    for title in titles:
        try:
            out[title] = [_field_texts(row) for row in gamekit.rules_for(title).options_schema()]
        except Exception:  # a title whose options cannot be listed gets no form
            out[title] = []
    return out


def _field_texts(row: Mapping[str, Any]) -> dict[str, Any]:
    """A form field ready for the page: a label or choice label given as a message
    (or a word) rendered now, a tuple made a list."""
    out = {key: list(value) if isinstance(value, tuple) else value for key, value in row.items()}
    if "label" in out:
        out["label"] = str(out["label"])
    if "choice_labels" in out:
        out["choice_labels"] = [str(label) for label in out["choice_labels"]]
    return out


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
