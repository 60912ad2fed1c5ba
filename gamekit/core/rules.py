"""The interface every game module implements, once, as a ``Rules`` subclass.

The engine (:class:`gamekit.core.game.Game`), the lean simulation path, the bots,
the conformance checker and the widgets all reach a game through these methods
only. States are plain mutable dataclasses owned by the game module;
``apply`` changes a state in place and is only ever called with a legal action.
"""

from __future__ import annotations

import dataclasses
import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

from gamekit.core.actions import Action, Event
from gamekit.core.errors import NoSampler
from gamekit.core.i18n import CORE, CORE_N, Message, Number, gettext_in
from gamekit.core.names import Seat, and_list, seats
from gamekit.core.questions import OddsQuestion
from gamekit.core.rng import Rng

S = TypeVar("S")
Score = int | float

TABLE_FEATURES = frozenset({"memory", "timer"})
"""The table controls a title may ask for in :attr:`Rules.table_features`."""


@dataclasses.dataclass(frozen=True)
class SearchDefaults:
    """How the generic search bot plays a title when its caller does not say.

    ``budget``: simulated decisions per decision; ``policy``: the title's simple
    bot that guides the first ``lookahead`` moves of each rollout (``"random"``:
    none); ``depth``: how many moves a rollout plays before the running scores
    are read (``None``: to the end); ``demo_budget``: a smaller budget for
    lessons and tables that must answer at once (``None``: ``budget``).

    >>> SearchDefaults(budget=4500).budget, SearchDefaults().policy
    (4500, 'random')
    """

    budget: int = 8000
    policy: str = "random"
    lookahead: int = 0
    depth: int | None = None
    demo_budget: int | None = None


OPTION_KEYS = frozenset(
    {"label", "kind", "min", "max", "choices", "choice_labels", "count", "players"}
)
"""The keys a config field's metadata may give its form field (see ``Rules.options_schema``)."""


def option_hints(**hints: Any) -> dict[str, Any]:
    """A config field's form-field keys, for ``dataclasses.field(metadata=...)``.

    >>> option_hints(choices=("red", "blue", "green"), count=2, players=(2,))["count"]
    2
    >>> option_hints(colour="red")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown option hints ['colour']; known: choice_labels, choices, count, ...
    """
    unknown = sorted(set(hints) - OPTION_KEYS)
    if unknown:
        raise ValueError(f"unknown option hints {unknown}; known: {', '.join(sorted(OPTION_KEYS))}")
    return {k: list(v) if isinstance(v, tuple) else v for k, v in hints.items()}


class Rules(ABC, Generic[S]):
    """One game's rules. Subclasses fill the class variables and the methods."""

    title: ClassVar[str]
    """The registry key, for example ``"knock-knock"``."""
    name: ClassVar[str]
    """The name a learner reads, for example ``"Knock! Knock!"``."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    action_types: ClassVar[tuple[type[Action], ...]]
    legacy_kinds: ClassVar[Mapping[str, str]] = {}
    """Old action kind -> today's, for records of format 1 (``gamekit/1``), whose kinds
    were spelt otherwise: for example ``{"black-hat": "black_hat"}``."""
    rulings: ClassVar[Mapping[str, str]] = {}
    """Ruling id -> one-line summary, for example ``{"K1": "the deck has 55 cards"}``."""
    may_end_without_winner: ClassVar[bool] = False
    """True for a title whose game can end with nobody winning (a lost solo game)."""
    names_seats: ClassVar[bool] = False
    """``True`` when the narration, the moves and the results name seats with
    :class:`~gamekit.core.names.Seat` values; otherwise (plain texts saying "player 0")
    the kit rewrites those phrases into the players' names when a learner reads them."""

    # -- features: what a title is, as data (the generic layers ask, never guess) ----
    sides: ClassVar[tuple[str, str] | None] = None
    """For a title where seat 0 plays alone against every other seat, the names of
    the two sides (seat 0's first), for example ``("seer", "monsters")``; the ladder
    then rates each bot in each side. ``None``: every seat for itself."""
    table_features: ClassVar[frozenset[str]] = frozenset()
    """The table controls this title uses, from :data:`TABLE_FEATURES`: ``"memory"``
    (memory mode: :meth:`memory_view` and :meth:`memory_text` cover what must be
    remembered) and ``"timer"`` (the party timer plays :meth:`timeout_action`)."""
    search_defaults: ClassVar[SearchDefaults] = SearchDefaults()
    """How the generic search bot plays this title by default."""

    # -- set-up ---------------------------------------------------------------
    @abstractmethod
    def make_config(self, players: int | None, options: Mapping[str, Any]) -> Any:
        """A validated, frozen config dataclass (with a ``players`` field).

        Raises :class:`gamekit.core.errors.ConfigError` naming the allowed range.
        """

    @abstractmethod
    def initial_state(self, config: Any, seed: int) -> S:
        """The state before the first decision; every shuffle comes from ``seed``."""

    def setup_events(self, state: S) -> list[Event]:
        """The narration of the set-up (the deal, cards revealed before the first turn)."""
        return []

    # -- play -----------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat that decides now, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """The legal actions of ``to_move`` in a stable, documented order."""

    @abstractmethod
    def apply(self, state: S, action: Action, log: list[Event] | None) -> None:
        """Apply a legal action in place; narrate into ``log`` unless it is ``None``."""

    def play_at_random(
        self, state: S, choices: Sequence[Callable[[list[Action]], Action]]
    ) -> int | None:
        """The lean path's random games in the title's own loop, if it has one: play
        ``state`` to its end, every decision ``apply(state, choices[seat](legal), None)``
        for the seat to move and its :meth:`legal_actions`, and give the decisions made.
        The default, ``None``, leaves ``state`` untouched: the lean path plays it."""
        return None

    def why_illegal(self, state: S, action: Action) -> str:
        """A sentence saying why ``action`` is not legal now (override to cite the rule)."""
        return str(CORE("'{action}' is not allowed now", action=str(action)))

    def describe(self, state: S, action: Action) -> str:
        """A preview of what ``action`` would do, in the narration's voice."""
        return str(action)

    def action_text(self, state: S, action: Action) -> str:
        """A legal action as a learner reads it in this state: ``str(action)``, unless
        the title adds what the action alone cannot say (The Bloody Inn names the room
        of a guest, so two guests of one kind never read alike)."""
        return str(action)

    def timeout_action(self, state: S, seat: int) -> Action | None:
        """The move the party timer plays for ``seat`` when its time runs out, or
        ``None`` (no timed move now). Asked only when ``"timer"`` is among
        :attr:`table_features` and ``seat`` is the one to move; the move returned
        must be one of :meth:`legal_actions`. The default: ``None``."""
        return None

    # -- results --------------------------------------------------------------
    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True when the game has ended."""

    @abstractmethod
    def scores(self, state: S) -> list[Score]:
        """The score of each seat, final or running."""

    @abstractmethod
    def winners(self, state: S) -> list[int]:
        """The seats that won (shared wins and teams included); empty while playing."""

    def summary(self, state: S) -> list[dict[str, Any]]:
        """Extra per-seat result columns for simulation tables (title-specific)."""
        return [{} for _ in self.scores(state)]

    def results(
        self, state: S
    ) -> tuple[Sequence[Score], Sequence[int], Sequence[Mapping[str, Any]]]:
        """:meth:`scores`, :meth:`winners` and :meth:`summary` at once, for bulk simulation.

        The same values as the three methods. The caller only reads them, so a
        title whose results depend on little of the state may override this to
        hand back the same (shared) sequences for every game that ended alike.
        """
        return self.scores(state), self.winners(state), self.summary(state)

    # -- information ----------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, JSON-able; ``None`` is a spectator."""

    def memory_view(self, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """Memory mode: ``view`` (``seat``'s, or the state dict for ``None``) with what
        must be remembered covered, so it is not sent at all. The default: ``view``."""
        return view

    def memory_text(self, texts: Sequence[str], kinds: Sequence[str]) -> list[str]:
        """Memory mode: the narration ``texts`` (events of ``kinds``; ``""`` when
        unknown) with what must be remembered covered. The default: unchanged."""
        return list(texts)

    @abstractmethod
    def state_dict(self, state: S) -> dict[str, Any]:
        """Everything in the state, JSON-able (the god view); equal dicts = equal states."""

    @abstractmethod
    def copy_state(self, state: S) -> S:
        """An independent copy."""

    # -- conformance hooks ----------------------------------------------------
    @abstractmethod
    def card_places(self, state: S) -> Mapping[str, Sequence[int]]:
        """Every place that holds cards -> the card ids there (the box included)."""

    @abstractmethod
    def all_cards(self, state: S) -> Sequence[int]:
        """Every card id of this game; each must be in exactly one place."""

    def recount(self, state: S) -> list[Score]:
        """Scores recomputed independently of :meth:`scores` (override to check)."""
        return self.scores(state)

    @abstractmethod
    def resample_hidden(self, state: S, seat: int | None, rng: Rng) -> S:
        """A copy in which what ``seat`` cannot see is re-dealt at random.

        Used to prove views leak nothing: ``view(copy, seat) == view(state, seat)``.
        """

    def sample_hidden(self, state: S, seat: int | None, rng: Rng) -> S:
        """A guess at the whole state made from what ``seat`` sees: the sampler of search bots.

        Like :meth:`resample_hidden` (what ``seat`` cannot see is re-dealt at
        random), and also *canonical*: the result depends only on
        ``view(state, seat)`` and ``rng``, never on where the hidden cards really
        are (sort the hidden cards before shuffling them, and re-draw any seed
        kept for later shuffles). Two states that ``seat`` cannot tell apart give
        the same guess for the same ``rng``.

        The default raises :class:`gamekit.core.errors.NoSampler`: a title opts in.
        """
        raise NoSampler(
            f"{self.name} has no sampler of hidden information, so a search bot cannot "
            f"play it: give its Rules a sample_hidden(state, seat, rng) method that "
            f"re-deals what the seat cannot see using only what it sees (for example: "
            f"sort the hidden cards, then shuffle them as resample_hidden does)"
        )

    def round_of(self, state: S) -> int | None:
        """The round a state is in (1 for the first), or ``None`` for a title that does not
        count rounds (the default). :func:`gamekit.simulation.scores_by_round` reads it."""
        return None

    def players(self, state: S) -> int:
        """Number of seats."""
        return len(self.scores(state))

    def options_dict(self, config: Any) -> dict[str, Any]:
        """The config's options (without ``players``), JSON-able."""
        data = dataclasses.asdict(config)
        data.pop("players", None)
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}

    def options_schema(self) -> list[dict[str, Any]]:
        """The options as form fields: ``{"name", "label", "kind", "default", ...}``.

        ``kind`` is ``"bool"``, ``"int"`` (with ``"min"``/``"max"`` when known),
        ``"choice"`` (one of ``"choices"``) or ``"choices"`` (``"count"`` different
        values from ``"choices"``, the option's value a list; a ``None`` default
        leaves the choice to the rules). Optional keys: ``"choice_labels"`` (what
        the form shows for each choice, in order), ``"players"`` (the player
        counts the option is for; the form offers it for those only).

        The default reads the fields of the default config dataclass; a field's
        ``metadata`` (``dataclasses.field(metadata=option_hints(...))``) adds keys,
        so a title needs no override to give ranges, choices, counts and labels.
        Fields whose value is neither a bool, a number nor a text are left out,
        unless their metadata gives a kind or choices.
        """
        config = self.make_config(None, {})
        fields: list[dict[str, Any]] = []
        for field in dataclasses.fields(config):
            if field.name == "players":
                continue
            value = getattr(config, field.name)
            row: dict[str, Any] = {
                "name": field.name,
                "label": field.name.replace("_", " ").capitalize(),
                "default": value,
            }
            hints = {k: list(v) if isinstance(v, tuple) else v
                     for k, v in field.metadata.items() if k in OPTION_KEYS}  # fmt: skip
            if "choices" in hints and "kind" not in hints:
                hints["kind"] = "choices" if "count" in hints else "choice"
            if isinstance(value, bool):
                row["kind"] = "bool"
            elif isinstance(value, int):
                row["kind"] = "int"
            elif isinstance(value, str):
                row |= {"kind": "choice", "choices": [value]}
            elif "kind" not in hints:
                continue
            row |= hints
            row["label"] = str(row["label"])  # a lazy text reads in the language in force
            if "choice_labels" in row:
                row["choice_labels"] = [str(label) for label in row["choice_labels"]]
            if isinstance(row["default"], tuple):
                row["default"] = list(row["default"])
            fields.append(row)
        return fields

    def result_lines(self, state: S) -> list[str]:
        """The end of the game in sentences: who won, then every seat's score.

        Seats are :class:`~gamekit.core.names.Seat` values, so the lines read the
        names in force. A title overrides it to add teams and tie-breaks.
        """
        winners = self.winners(state)
        scores = self.scores(state)
        if not winners:
            first = str(CORE("Nobody wins."))
        elif len(winners) == 1:
            first = str(CORE("{seat} wins.", seat=Seat(winners[0])))
        else:
            first = str(CORE("{seats} win.", seats=seats(winners)))
        points = and_list(
            str(CORE("{seat} has {points}", seat=Seat(s), points=points_text(v)))
            for s, v in enumerate(scores)
        )
        return [first, str(CORE("Scores: {points}.", points=points))]

    # -- what a title shows (pictures, the table, its bots) ------------------------------
    # By default these come from modules next to the rules' own module, by name:
    # ``picture.py`` (``view_html(view)``, ``catalogue()``), ``bots.py`` (``BOTS``)
    # and ``board.js``. A title overrides a method to do otherwise; a game defined
    # in a notebook cell has none of them and gets the generic pictures.
    def render_html(self, view: Mapping[str, Any]) -> str | None:
        """Static HTML for a view (no JavaScript); ``None`` uses the generic table."""
        picture = self.title_module("picture")
        drawn: str | None = picture.view_html(view) if picture else None
        return drawn

    def card_catalogue(self) -> dict[str, dict[str, Any]]:
        """Public facts per card id (as a string), for pictures that meet card ids."""
        picture = self.title_module("picture")
        found: dict[str, dict[str, Any]] = {}
        if picture is not None and hasattr(picture, "catalogue"):
            found = picture.catalogue()
        return found

    def board_script(self) -> str | None:
        """The JavaScript module that draws this title's board in the table, or ``None``.

        Its default export is ``makeBoard(kit)``, which returns ``draw(ctx)`` (see
        ``docs/architecture.md``);
        without one, the table draws a generic board from the view.
        """
        package = self.title_package()
        if package is None:
            return None
        script = resources.files(package).joinpath("board.js")
        return script.read_text("utf-8") if script.is_file() else None

    def bots(self) -> Mapping[str, Callable[..., Any]]:
        """This title's own bots, name -> factory, from weakest to strongest.

        Every title also gets the ``"random"`` bot without listing it.
        """
        module = self.title_module("bots")
        found: Mapping[str, Callable[..., Any]] = getattr(module, "BOTS", {}) if module else {}
        return found

    def analyses(self) -> Mapping[str, Callable[..., Any]]:
        """This title's own analyses and charts, name -> function: the ``ANALYSES`` of the
        ``analyses`` module next to its rules (``{}`` without one). Read by
        :func:`gamekit.simulation.analysis`; the kit's generic layers never name a title.
        """
        module = self.title_module("analyses")
        found: Mapping[str, Callable[..., Any]] = getattr(module, "ANALYSES", {}) if module else {}
        return found

    def odds_questions(self) -> Sequence[OddsQuestion]:
        """This title's questions for the table's odds panel ("What are my chances?"):
        the ``QUESTIONS`` of the ``panel`` module next to its rules (``()`` without one).
        Read by :func:`gamekit.odds.panel.odds_panel`; each answers from a seat's view only.
        """
        module = self.title_module("panel")
        return tuple(getattr(module, "QUESTIONS", ())) if module else ()

    def display_name(self) -> str:
        """The title's name in the language in force ("Toc Toc Toc" in French): its
        ``name`` looked up in the title's catalog under the context ``"title"``."""
        return gettext_in(self.title_package(), self.name, "title")

    def title_package(self) -> str | None:
        """The package that holds this title's modules; ``None`` for a game in a notebook."""
        package = type(self).__module__.rpartition(".")[0]
        return package or None

    def title_module(self, name: str) -> ModuleType | None:
        """The module ``name`` next to this title's rules (imported on first use), or ``None``."""
        package = self.title_package()
        if package is None:
            return None
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as err:
            if err.name != f"{package}.{name}":
                raise
            return None


def points_text(value: Score) -> str:
    """A score as a learner reads it: "1 point", "3 points", "2.5 points"."""
    return str(points_message(value))


def points_message(value: Score) -> Message:
    """A score as a message rendered when read ("1 point", "3 points")."""
    if float(value).is_integer():
        whole = int(value)
        return CORE_N("{count} point", "{count} points", whole, count=whole)
    return CORE_N("{count} point", "{count} points", 2, count=Number(float(value), "g"))
