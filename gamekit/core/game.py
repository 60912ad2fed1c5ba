"""The full API: a game with history, undo/redo, narration, saving and loading.

>>> import gamekit
>>> g = gamekit.new_game("knock-knock", players=3, seed=7)
>>> first = g.legal_actions()[0]
>>> events = g.play(first)
>>> g.undo() == first and g.step == 0
True
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any

from gamekit.core.actions import Action, Event, action_from_json
from gamekit.core.errors import BadRecord, ConfigError, GamekitError, IllegalAction
from gamekit.core.i18n import (
    CORE,
    CORE_N,
    LANGUAGES,
    Quoted,
    check_language,
    fold,
    format_number,
    get_language,
    language,
)
from gamekit.core.names import Seat, check_names, default_names, named, seat_names
from gamekit.core.registry import check_title, rules_for
from gamekit.core.returns import (
    checked_legal,
    checked_scores,
    checked_seat,
    checked_view,
    checked_winners,
    wrong_return,
)
from gamekit.core.rules import Rules, Score
from gamekit.core.strict import (
    MAX_RECORD_CHARS,
    MAX_RECORD_DEPTH,
    MAX_SEED,
    json_scalar_problem,
    nesting_depth,
    object_depth,
    preview,
    same_action,
    whole_number,
)
from gamekit.core.typed import imaginable

RECORD_FORMAT = "gamekit/2"
"""The format a record is saved in: version 2 spells every action kind in snake_case."""
LEGACY_FORMAT = "gamekit/1"
"""The first format (a record without a ``format`` field is one): its actions may use a
title's old kinds (``"black-hat"``, ``"take guest"``), mapped by ``Rules.legacy_kinds``."""
CHECKPOINT_EVERY = 32
_TypedCache = tuple[list[Action], tuple[str, tuple[str, ...]], list[tuple[Action, str]]]
"""The legal list, the language and names, and every move's folded text (typed moves)."""


class Game:
    """One game of any title, played through its rules, with full history.

    Build one with :func:`gamekit.new_game` or :func:`gamekit.load_game`.
    """

    def __init__(self, rules: Rules[Any], config: Any, seed: int, lang: str | None = None) -> None:
        self._lang = None if lang is None else check_language(lang)
        self.rules = rules
        self.config = config
        self.seed = seed
        self._initial = rules.initial_state(config, seed)
        self._state = rules.copy_state(self._initial)
        self._history: list[Action] = []
        self._future: list[Action] = []
        self._log: list[Event] = rules.setup_events(self._initial)
        self._setup_events = len(self._log)
        self._log_marks: list[int] = []
        self._legal: list[Action] | None = None
        self._checkpoints: dict[int, Any] = {}
        self._names: list[str] | None = None
        self._typed: _TypedCache | None = None

    # -- language -------------------------------------------------------------
    @property
    def lang(self) -> str:
        """The language of this game's log, moves and messages: its own (``lang=`` of
        :func:`new_game`) or else the kernel's (:func:`gamekit.set_language`)."""
        return self._lang or get_language()

    @lang.setter
    def lang(self, lang: str | None) -> None:
        self._lang = None if lang is None else check_language(lang)

    def text(self, value: object) -> str:
        """``value`` (an action, an event, a message) as a learner reads it: in this
        game's language, seats told by name. Same as :meth:`read`."""
        return self.read(value)

    # -- identity -------------------------------------------------------------
    @property
    def title(self) -> str:
        """The title key, for example ``"hats"``."""
        return self.rules.title

    @property
    def players(self) -> int:
        """Number of seats."""
        return int(self.config.players)

    @property
    def names(self) -> list[str]:
        """The players' names, seat 0 first ("Player 1" ... "Player N" by default).

        Names are for what a learner reads (the table); the API counts seats from 0.
        """
        return list(self._names) if self._names is not None else default_names(self.players)

    @names.setter
    def names(self, names: Sequence[str] | None) -> None:
        self._names = None if names is None else check_names(names, self.players)

    def read(self, text: object) -> str:
        """``text`` (an event, an action, a sentence) as a learner reads it: in this
        game's language, with seats told by name.

        >>> g = new_game("knock-knock", players=3, seed=1, names=["Ann", "Bob", "Cy"])
        >>> g.read(g.legal_actions()[0])
        "Knock at Bob's door with a Monster"
        """
        with language(self._lang):
            return self._shown(lambda: self._text_of(text))

    def action_text(self, action: Action) -> str:
        """A legal action's text as a learner reads it now, in the language in force
        (the title may add what the action alone cannot say, such as a room)."""
        return self.rules.action_text(self._state, action)

    def _text_of(self, value: object) -> str:
        if isinstance(value, Action) and any(value is own for own in self._legal_cached()):
            return self.action_text(value)
        return str(value)

    @contextmanager
    def _voice(self) -> Iterator[None]:
        """Speak as this game: its language, and its players' names for a title whose
        seats are :class:`Seat` values (refusals and errors read like the log)."""
        with language(self._lang):
            if not self.rules.names_seats:
                yield
                return
            with seat_names(self._names):
                yield

    def _shown(self, render: Callable[[], str]) -> str:
        """What ``render`` makes, with seats told by name (in the language in force)."""
        if self.rules.names_seats:
            with seat_names(self._names):
                return render()
        with seat_names(None, raw=True):  # a plain-text title: read its "player 0"
            return named(render(), self._names)

    def result_lines(self) -> list[str]:
        """The result in sentences (who won, every score, what decided), by name."""
        with language(self._lang):
            lines = self._shown(lambda: "\n".join(self.rules.result_lines(self._state)))
        return lines.split("\n")

    @property
    def options(self) -> dict[str, Any]:
        """The game's options (without ``players``)."""
        return self.rules.options_dict(self.config)

    # -- the contract ---------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        return checked_seat(self.rules, self.rules.to_move(self._state), self.players)

    def legal_actions(self) -> list[Action]:
        """The actions ``to_move`` may take, in a stable order."""
        return list(self._legal_cached())

    def _legal_cached(self) -> list[Action]:
        if self._legal is None:
            legal = checked_legal(self.rules, self.rules.legal_actions(self._state))
            if not legal and self.to_move is not None:
                raise wrong_return(self.rules, "legal_actions", legal,
                                   CORE("at least one action while a seat is to move"))  # fmt: skip
            self._legal = legal
        return self._legal

    def play(self, action: Action | str) -> list[Event]:
        """Apply a legal action (or its text, in any language the kit speaks) and
        return the events it caused.

        Raises :class:`IllegalAction` (the game is left unchanged) when it is not legal.
        """
        chosen = self._handed_back(action)
        if chosen is None:
            with self._voice():
                chosen = self._check(action)
        events: list[Event] = []
        self._apply(chosen, events)
        self._future.clear()
        return list(self._own(events))

    def _handed_back(self, action: object) -> Action | None:
        """``action`` itself when it is one of the legal action objects (a bot's usual answer)."""
        legal = self._legal_cached()
        for own in legal:
            if own is action:
                return own
        return None

    def _check(self, action: Action | str) -> Action:
        legal = self._legal_cached()
        if self.is_over:
            raise IllegalAction(str(CORE("the game is over")), [])
        if isinstance(action, str):
            return self._by_text(action, legal)
        if not isinstance(action, self.rules.action_types):
            reason = CORE(
                "{action} is not an action of {title}",
                action=preview(action),
                title=self.rules.name,
            )
            raise IllegalAction(str(reason), legal)
        for own in legal:
            if own is action:
                return own  # a bot hands back one of the legal actions: the usual case
        for own in legal:
            if own == action and same_action(action, own):
                return own  # the engine's own object is stored, never a look-alike
        raise IllegalAction(self._why_not(action), legal)

    def _why_not(self, action: Action) -> str:
        """The rules' reason, or a plain one when the action holds values of the wrong type."""
        for field in dataclasses.fields(action):
            problem = json_scalar_problem(getattr(action, field.name))
            if problem:
                return str(
                    CORE(
                        "'{field}' must be a whole number or a text: {problem}",
                        field=field.name,
                        problem=problem,
                    )
                )
        try:
            if self.rules.names_seats:  # the reason names its seats as this game does
                with seat_names(self._names):
                    return self.rules.why_illegal(self._state, action)
            return self.rules.why_illegal(self._state, action)
        except Exception:  # the explanation must never break a refusal
            return str(CORE("{action} is not allowed now", action=preview(action)))

    def _by_text(self, text: str, legal: Sequence[Action]) -> Action:
        wanted = fold(text)
        for shown in (True, False):  # the text as shown (a room named), then the bare one
            for lang in (get_language(), *LANGUAGES):
                with language(lang):
                    for candidate in legal:
                        bare = candidate.__str__
                        render = partial(self.action_text, candidate) if shown else bare
                        if fold(self._shown(render)) == wanted:
                            return candidate
        raise IllegalAction(self._why_text(text), legal)

    def _why_text(self, text: str) -> str:
        """Why no legal move reads ``text``: the move it reads (or the closest one) and
        the rules' reason it is not allowed now."""
        wanted = fold(text)
        unread = str(CORE("no legal action reads {text}", text=Quoted(text[:80])))
        if len(wanted) < 3:
            return unread
        try:
            texts = self._texts_of_moves()
        except Exception:  # the explanation must never break a refusal
            return unread
        for move, shown in texts:
            if shown == wanted and move not in self._legal_cached():
                return str(CORE("{move} is not allowed now: {why}", move=self.read_bare(move),
                                why=self._why_not(move)))  # fmt: skip
        close = difflib.get_close_matches(wanted, [t for _, t in texts], n=1, cutoff=0.75)
        if not close:
            return unread
        move = next(m for m, t in texts if t == close[0])
        if any(move is own for own in self._legal_cached()):
            return str(CORE("{unread}; did you mean {move}?", unread=unread,
                            move=self.read_bare(move)))  # fmt: skip
        return str(CORE("{unread}; the closest move, {move}, is not allowed now: {why}",
                        unread=unread, move=self.read_bare(move),
                        why=self._why_not(move)))  # fmt: skip

    def _texts_of_moves(self) -> list[tuple[Action, str]]:
        """Every legal and imaginable move with its folded text in each language."""
        legal = self._legal_cached()
        key = (get_language(), tuple(self.names))
        cached = self._typed
        if cached is not None and cached[0] is legal and cached[1] == key:
            return cached[2]  # the same position asked again: read once
        cards = len(self.rules.all_cards(self._state))
        moves = [*legal, *imaginable(self.rules, legal, self.players, cards)]
        texts: list[tuple[Action, str]] = []
        for lang in dict.fromkeys((get_language(), *LANGUAGES)):
            with language(lang):
                texts += [(move, fold(self._shown(move.__str__))) for move in moves]
        self._typed = (legal, key, texts)
        return texts

    def read_bare(self, action: Action) -> str:
        """``action``'s own text (legal or not), seats told by name."""
        return self._shown(action.__str__)

    def _apply(self, action: Action, events: list[Event]) -> None:
        try:
            self.rules.apply(self._state, action, events)
        except Exception:
            self._state = self._replay_history()
            self._legal = None
            raise
        self._history.append(action)
        self._remember()
        self._log.extend(events)
        self._log_marks.append(len(self._log))
        self._legal = None

    def undo(self) -> Action:
        """Take back the last action and return it (it can be redone)."""
        if not self._history:
            with self._voice():
                raise IllegalAction(str(CORE("there is nothing to undo")), self._legal_cached())
        action = self._history.pop()
        self._log_marks.pop()
        del self._log[self._log_marks[-1] if self._log_marks else self._setup_events :]
        self._state = self._replay_history()
        self._future.append(action)
        self._legal = None
        return action

    def redo(self) -> Action:
        """Play again the last undone action and return it."""
        if not self._future:
            with self._voice():
                raise IllegalAction(str(CORE("there is nothing to redo")), self._legal_cached())
        action = self._future.pop()
        events: list[Event] = []
        self._apply(action, events)
        return action

    def goto(self, step: int) -> None:
        """Travel to ``step`` (0 = the start), undoing or redoing as needed."""
        total = len(self._history) + len(self._future)
        if not (whole_number(step) and 0 <= step <= total):
            with self._voice():
                raise IllegalAction(
                    str(CORE("step {step} does not exist", step=preview(step))),
                    [str(CORE("a step from 0 to {total}", total=total))],
                )
        if len(self._history) > step:
            self._rewind(step)
        while len(self._history) < step:
            self.redo()

    def _rewind(self, step: int) -> None:
        """Undo back to ``step`` with a single replay (the same result as many undos)."""
        while len(self._history) > step:
            self._future.append(self._history.pop())
            self._log_marks.pop()
        del self._log[self._log_marks[-1] if self._log_marks else self._setup_events :]
        self._state = self._replay_history()
        self._legal = None

    def _replay_history(self) -> Any:
        """The state after the current history, replayed from the nearest checkpoint."""
        step = len(self._history)
        for mark in [m for m in self._checkpoints if m > step]:
            del self._checkpoints[mark]
        start = max((m for m in self._checkpoints), default=0)
        base = self._checkpoints[start] if start else self._initial
        state = self.rules.copy_state(base)
        for action in self._history[start:]:
            self.rules.apply(state, action, None)
        return state

    def _remember(self) -> None:
        """Keep a copy of the state every ``CHECKPOINT_EVERY`` steps so undo stays fast."""
        if len(self._history) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self._history)] = self.rules.copy_state(self._state)

    @property
    def step(self) -> int:
        """How many actions have been played."""
        return len(self._history)

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions played so far."""
        return tuple(self._history)

    @property
    def future(self) -> tuple[Action, ...]:
        """Undone actions that :meth:`redo` would play, next first."""
        return tuple(reversed(self._future))

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event so far, each with ``.text`` and ``.ruling``.

        Events keep message ids and parameters: ``.text`` renders in the game's own
        language when it has one, else in the language in force when read.
        """
        return self._own(self._log)

    def _own(self, events: Sequence[Event]) -> tuple[Event, ...]:
        if self._lang is None and self._names is None:
            return tuple(events)
        names = None if self._names is None else tuple(self._names)
        return tuple(dataclasses.replace(e, lang=self._lang, names=names) for e in events)

    def events_at(self, step: int) -> tuple[Event, ...]:
        """The events caused by action number ``step`` (1-based; 0 = the set-up).

        A step past the last one has no events (``()``); a step that is not a whole
        number from 0 raises ``ValueError``.
        """
        if not (whole_number(step) and step >= 0):
            with self._voice():
                raise ValueError(
                    str(CORE("step must be a whole number from 0, not {step}", step=preview(step)))
                )
        if step == 0:
            return self._own(self._log[: self._setup_events])
        if not 1 <= step <= len(self._log_marks):
            return ()
        start = self._log_marks[step - 2] if step > 1 else self._setup_events
        return self._own(self._log[start : self._log_marks[step - 1]])

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.rules.is_over(self._state)

    def scores(self) -> list[Score]:
        """Score per seat (final, or running while playing)."""
        return checked_scores(self.rules, self.rules.scores(self._state), self.players)

    def winners(self) -> list[int]:
        """The seats that won; empty while the game goes on."""
        return checked_winners(self.rules, self.rules.winners(self._state), self.players)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), as a JSON-able dict."""
        if seat is not None and not (whole_number(seat) and 0 <= seat < self.players):
            raise ValueError(str(CORE("seat must be None or 0 to {last}, not {seat}",
                                      last=self.players - 1, seat=preview(seat))))  # fmt: skip
        return checked_view(self.rules, self.rules.view(self._state, seat))

    @property
    def state(self) -> Any:
        """A copy of the full state (the god view); changing it changes nothing."""
        return self.rules.copy_state(self._state)

    def state_dict(self) -> dict[str, Any]:
        """The full state as a fresh JSON-able dict (the god view)."""
        data: dict[str, Any] = json.loads(json.dumps(self.rules.state_dict(self._state)))
        return data

    def describe(self, action: Action | str) -> str:
        """What ``action`` (a legal action, or its text) would do now, in a sentence.

        In the game's language. Raises :class:`IllegalAction`, saying why, for
        anything that is not a legal action now; the game is left unchanged.
        """
        with language(self._lang):  # a refusal speaks the game's language, as in play()
            chosen = self._check(action)
            return self._shown(lambda: self.rules.describe(self._state, chosen))

    def summary(self) -> list[dict[str, Any]]:
        """Per-seat result details (title-specific)."""
        return self.rules.summary(self._state)

    # -- records --------------------------------------------------------------
    def to_json(self) -> str:
        """A replayable record: title, players, seed, options, actions and a digest."""
        record = {
            "format": RECORD_FORMAT,
            "title": self.title,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": [a.to_json() for a in self._history],
            "digest": state_digest(self.rules.state_dict(self._state)),
        }
        record["fingerprint"] = record_fingerprint(record)
        return json.dumps(record)

    def copy(self) -> Game:
        """An independent copy (history, future and log included)."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._state = self.rules.copy_state(self._state)
        twin._history = list(self._history)
        twin._future = list(self._future)
        twin._log = list(self._log)
        twin._log_marks = list(self._log_marks)
        twin._checkpoints = dict(self._checkpoints)
        twin._legal = None
        return twin

    # -- display --------------------------------------------------------------
    def __repr__(self) -> str:
        """The game in one line, in its language (the title's French name in French)."""
        mover = self.to_move
        with language(self._lang):
            status = (
                CORE("over")
                if mover is None
                else CORE("{seat} (seat {index}) to move", seat=self.read(Seat(mover)), index=mover)
            )
            scores = "[" + ", ".join(format_number(v) for v in self.scores()) + "]"
            players = CORE_N("{count} player", "{count} players", self.players, count=self.players)
            return str(
                CORE(
                    "<{title} game: {players}, seed {seed}, step {step}, {status}, "
                    "scores {scores}>",
                    title=self.rules.display_name(),
                    players=players,
                    seed=self.seed,
                    step=self.step,
                    status=status,
                    scores=scores,
                )
            )

    def _repr_html_(self) -> str:
        from gamekit.core.display import game_html

        return game_html(self)


def state_digest(data: dict[str, Any]) -> str:
    """A short fingerprint of a state dict (SHA-256 of its canonical JSON)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def record_fingerprint(record: dict[str, Any]) -> str:
    """SHA-256 of a record's canonical JSON (everything but the fingerprint and the optional
    ``"seats"``, who played each seat, added by a room or a teacher), cut to 16 hex.

    It covers the header and every action, so an accident or an edit is noticed;
    anybody can compute it again, so it proves nothing against forgery.
    """
    body = {k: v for k, v in record.items() if k not in ("fingerprint", "seats")}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def new_game(
    title: str,
    players: int | None = None,
    seed: int | None = None,
    *,
    names: Sequence[str] | None = None,
    lang: str | None = None,
    **options: Any,
) -> Game:
    """Start a game of ``title`` (see ``gamekit.TITLES``).

    ``seed`` fixes every shuffle (a random one is chosen and kept when omitted);
    ``options`` are the title's variants. Bad options raise ``ValueError``.
    ``names``: the players' names, one per seat (default "Player 1" ... "Player N").
    ``lang``: the game's own language (``"en"`` or ``"fr"``) for its log, moves and
    messages; by default the kernel's (:func:`gamekit.set_language`).

    >>> g = new_game("knock-knock", players=4, seed=1)
    >>> g.players, g.step, g.is_over
    (4, 0, False)
    """
    if lang is not None:
        try:
            check_language(lang)
        except ValueError as err:
            raise ConfigError(str(err)) from None
    rules = rules_for(check_title(title))
    if seed is None:
        seed = secrets.randbits(32)
    if not (whole_number(seed) and 0 <= seed <= MAX_SEED):
        raise ConfigError(
            str(
                CORE(
                    "seed must be a whole number from 0 to 2**64 - 1, not {seed}",
                    seed=preview(seed),
                )
            )
        )
    if players is not None and not whole_number(players):
        low, high = rules.min_players, rules.max_players
        raise ConfigError(
            f"players must be a whole number from {low} to {high}, not {preview(players)}"
        )
    _check_option_names(rules, options, made=False)
    config = rules.make_config(players, options)
    _check_option_names(rules, options, made=True)
    game = Game(rules, config, seed, lang)
    if names is not None:
        try:
            game.names = names
        except ValueError as err:
            raise ConfigError(str(err)) from None
    return game


_NEW_GAME_ARGUMENTS = ("players", "seed", "names", "lang")


def _check_option_names(rules: Rules[Any], options: Mapping[str, Any], made: bool) -> None:
    """``ConfigError`` for an option the title does not have, naming the closest valid
    argument (a typo such as ``seeed=1`` or ``face_down=True``).

    Before the config is made (``made=False``) only a name close to a valid one is
    refused here (the title's own message names its options otherwise); after it, any
    name the title accepted without saving it. The title's options are those its
    default config saves (:meth:`Rules.options_dict`).
    """
    if not options:
        return
    try:
        known = list(rules.options_dict(rules.make_config(None, {})))
    except Exception:  # a title without a default config judges its options itself
        return
    for name in options:
        if name in known:
            continue
        valid = [*_NEW_GAME_ARGUMENTS, *known]
        close = difflib.get_close_matches(str(name), valid, n=1, cutoff=0.6)
        shown = ", ".join(known) or str(CORE("none"))
        if close:
            text = CORE(
                "{title} has no option {name}; did you mean {close}? Its options: {known}",
                title=rules.name,
                name=preview(name),
                close=close[0],
                known=shown,
            )
        elif made:
            text = CORE(
                "{title} has no option {name}; its options: {known}",
                title=rules.name,
                name=preview(name),
                known=shown,
            )
        else:
            continue  # fmt: skip
        raise ConfigError(str(text))


def load_game(record: str | bytes | dict[str, Any], *, lang: str | None = None) -> Game:
    """Replay a record made by :meth:`Game.to_json`, checking every step.

    A record holds no language: ``lang`` gives the loaded game its own (see
    :func:`new_game`), by default it speaks the kernel's.

    Raises :class:`BadRecord` (and nothing else) naming the step or the field that
    is wrong, for any text, bytes or object: too long or too deeply nested records
    are refused before they are parsed.
    """
    if lang is not None:
        check_language(lang)
    data = _parse_record(record)
    game = _header_game(data)
    game.lang = lang
    actions = data["actions"]
    types = {t.kind: t for t in game.rules.action_types}
    old_kinds = game.rules.legacy_kinds if data.get("format") in (None, LEGACY_FORMAT) else {}
    for number, raw in enumerate(actions, start=1):
        try:
            _check_action_json(raw)
            game.play(action_from_json(_current_kind(raw, old_kinds), types))
        except (ValueError, TypeError, IllegalAction) as err:
            raise BadRecord(preview_message(err), step=number) from None
        except Exception as err:  # the title's own rules broke while replaying
            raise BadRecord(_rules_failed(game, err), step=number) from None
    try:
        final = state_digest(game.state_dict())
    except Exception as err:
        raise BadRecord(_rules_failed(game, err), step=len(actions)) from None
    if "digest" in data and data["digest"] != final:
        raise BadRecord(
            "the final position does not match its fingerprint (changed or cut short)",
            step=len(actions),
        )
    if "fingerprint" in data and data["fingerprint"] != record_fingerprint(data):
        raise BadRecord(
            "it was changed after it was saved: its fingerprint does not match "
            "(the fingerprint notices accidents and edits; it is no protection against forgery)"
        )
    return game


def _parse_record(record: object) -> dict[str, Any]:
    if isinstance(record, bytes | bytearray):
        try:
            record = bytes(record).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise BadRecord(str(CORE("a saved game must be text in UTF-8"))) from None
    if isinstance(record, str):
        record = _parse_text(record.removeprefix("\ufeff"))
    if not isinstance(record, dict):
        raise BadRecord(str(CORE("a saved game must be a JSON object")))
    if object_depth(record, MAX_RECORD_DEPTH) > MAX_RECORD_DEPTH:
        raise BadRecord(_too_deep())
    missing = [k for k in ("title", "players", "seed", "options", "actions") if k not in record]
    if missing:
        raise BadRecord(str(CORE("it lacks {fields}", fields=", ".join(missing))))
    if not isinstance(record["actions"], list):
        raise BadRecord(str(CORE("'actions' must be a list")))
    if record.get("format", LEGACY_FORMAT) not in (RECORD_FORMAT, LEGACY_FORMAT):
        raise BadRecord(
            f"unknown format {preview(record.get('format'))}; "
            f"expected {RECORD_FORMAT} (or the older {LEGACY_FORMAT})"
        )
    return record


def _current_kind(raw: dict[str, Any], old_kinds: Mapping[str, str]) -> dict[str, Any]:
    """A format-1 action with its old kind spelt as today (``"black-hat"`` -> ``"black_hat"``).

    >>> _current_kind({"type": "end-turn"}, {"end-turn": "end_turn"})
    {'type': 'end_turn'}
    """
    new = old_kinds.get(raw["type"])
    return raw if new is None else {**raw, "type": new}


def _parse_text(text: str) -> Any:
    if len(text) > MAX_RECORD_CHARS:
        raise BadRecord(
            str(CORE("it is too long ({count} characters; at most {most})",
                     count=f"{len(text):,}", most=f"{MAX_RECORD_CHARS:,}"))
        )  # fmt: skip
    if nesting_depth(text, MAX_RECORD_DEPTH) > MAX_RECORD_DEPTH:
        raise BadRecord(_too_deep())
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as err:
        reason = err.msg if isinstance(err, json.JSONDecodeError) else preview(str(err))
        raise BadRecord(str(CORE("it is not valid JSON ({reason})", reason=reason))) from None


def _too_deep() -> str:
    return str(CORE("it is nested too deeply (a saved game needs {most} at most)",
                    most=MAX_RECORD_DEPTH))  # fmt: skip


def _check_action_json(raw: object) -> None:
    """An action of a record: an object whose 'type' is a text and whose fields are plain."""
    if type(raw) is not dict or type(raw.get("type")) is not str:
        raise ValueError(f"an action must be an object with a text 'type', not {preview(raw)}")
    for key, value in raw.items():
        problem = json_scalar_problem(value) if key != "type" else None
        if problem:
            raise ValueError(f"field {preview(key)} of the action: {problem}")


def _header_game(data: dict[str, Any]) -> Game:
    options = data["options"]
    if type(options) is not dict:
        raise BadRecord(str(CORE("'options' must be an object")))
    for name, value in (("title", data["title"]), ("players", data["players"])):
        if type(value) is not (str if name == "title" else int):
            raise BadRecord(str(CORE("'{name}' has the wrong type: {value}", name=name,
                                     value=preview(value))))  # fmt: skip
    bad = [k for k, v in options.items() if json_scalar_problem(v) and type(v) not in (bool, float)]
    if bad:
        raise BadRecord(
            str(CORE("option {name} has a value that is not plain JSON", name=preview(bad[0])))
        )
    try:
        return new_game(data["title"], players=data["players"], seed=data["seed"], **options)
    except (GamekitError, ValueError, TypeError) as err:
        raise BadRecord(preview_message(err)) from None
    except Exception as err:  # the title's own set-up broke
        title = data["title"]
        raise BadRecord(
            str(CORE("the rules of {title} failed setting it up ({error})",
                     title=preview(title), error=preview_message(_named_error(err))))
        ) from None  # fmt: skip


def _named_error(err: BaseException) -> str:
    """``"KeyError: 'x'"``: an exception as one line, its kind first."""
    return f"{type(err).__name__}: {err}"


def _rules_failed(game: Game, err: BaseException) -> str:
    return str(CORE("the rules of {title} failed replaying it ({error})",
                    title=game.rules.name, error=preview_message(_named_error(err))))  # fmt: skip


def preview_message(err: BaseException | str) -> str:
    """An error's message, cut short enough to show in a page."""
    text = str(err)
    return text if len(text) <= 300 else text[:297] + "..."
