"""Boo Party!: one Seer against a team of disguised Monsters, a game of memory.

Rulings implemented (see ``docs/rules/boo-party.md``):

- **B1** 3 to 8 players: the Seer (always seat 0) against 2 to 7 Monsters; default 5.
- **B2** ``costumes`` Disguise cards and as many Vision cards, one per costume
  (default 18, allowed from "Monsters + 2" to 24).
- **B3** when the last Vision has been revealed, that round is played in full;
  if the Seer lets the party go on after it, the Monsters win.
- **B4** the Monsters' rating is the number of Visions revealed when the game ends.
- **B5** Monsters choose one at a time, in seat order, each seeing what the team
  has taken; the Seer sees nothing until every Monster has chosen.
- **B6** a Monster who wears nothing or the same costume as last round makes the
  Monsters lose when the Seer opens their eyes (after the last Monster chose),
  before any accusation.
- **B7** scores: 1 for each seat of the winning side, 0 for the others.

Cards have unique ids: the Disguise card of costume ``c`` is ``c``, its Vision
card is ``100 + c``.

>>> import gamekit
>>> g = gamekit.new_game("boo-party", players=3, seed=1)
>>> g.to_move, len(g.view(0)["visions"])
(1, 2)

Every text a learner reads is a message of this title's catalog (domain
``boo_party``, English and French) or a :mod:`~gamekit.titles.boo_party.terms`
word, and names seats with :class:`~gamekit.core.names.Seat` values: seat 1 reads
"Player 2" (or the name given to it).

>>> str(g.legal_actions()[0])
'Player 2 puts on the Ghost'
>>> g.read(g.log[1]) == g.log[1].text
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from gamekit.core.actions import Action, Event
from gamekit.core.errors import ConfigError
from gamekit.core.i18n import (
    CORE,
    LANGUAGES,
    Listing,
    Message,
    Term,
    Text,
    catalog,
    form,
    gettext_in,
)
from gamekit.core.i18n import language as _language
from gamekit.core.names import SEATS, Seat, seats
from gamekit.core.rng import Rng
from gamekit.core.rules import Rules, Score
from gamekit.titles.boo_party.terms import COSTUME_TERMS, THE_SEER

M = catalog("gamekit.titles.boo_party")
"""This title's messages (``locale/<lang>/LC_MESSAGES/boo_party.mo``)."""

# -- vocabulary and catalogue -------------------------------------------------

COSTUMES: tuple[str, ...] = (
    "Ghost", "Vampire", "Witch", "Mummy", "Werewolf", "Skeleton",
    "Zombie", "Pumpkin", "Bat", "Black Cat", "Pirate", "Clown",
    "Robot", "Alien", "Dragon", "Wizard", "Knight", "Scarecrow",
    "Ninja", "Fairy", "Devil", "Cowboy", "Superhero", "Spider",
)  # fmt: skip
"""Every costume the kit knows, by number; a game uses the first ``costumes``."""

SEER = 0
"""The Seer's seat; the Monsters sit at seats 1 to ``players - 1``."""
NOTHING = -1
"""What ``worn`` holds for a Monster who chose to wear nothing."""
VISION_BASE = 100
"""The Vision card of costume ``c`` has the card id ``VISION_BASE + c``."""
MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 3, 8, 5  # Ruling B1
DEFAULT_COSTUMES = 18  # Ruling B2

DISGUISE, ACCUSE, OVER = "disguise", "accuse", "over"
CAUGHT, FALSE_ACCUSATION, MISTAKE, SURVIVED = "caught", "false-accusation", "mistake", "survived"
MONSTERS_WIN = frozenset({FALSE_ACCUSATION, SURVIVED})

_RESULTS: dict[tuple[Any, ...], tuple[tuple[Score, ...], tuple[int, ...], tuple[Any, ...]]] = {}
"""``BooPartyRules.results`` by (players, costumes, ending, Visions revealed, round)."""
_RESULTS_KEPT = 4096
"""Most endings kept in ``_RESULTS`` (a few hundred occur in practice)."""


def costume_name(costume: int) -> str:
    """The name of a costume number.

    >>> costume_name(0), costume_name(9)
    ('Ghost', 'Black Cat')
    """
    return COSTUMES[costume] if 0 <= costume < len(COSTUMES) else f"costume #{costume}"


def costume_term(costume: int) -> Term:
    """The translatable name of a costume number (see :mod:`gamekit.titles.boo_party.terms`).

    >>> f"{costume_term(2):the}"
    'the Witch'
    """
    return COSTUME_TERMS[costume]


# -- config -------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """A validated game set-up: seats and the number of costumes."""

    players: int = DEFAULT_PLAYERS
    costumes: int = DEFAULT_COSTUMES


# -- actions ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Wear(Action):
    """A Monster takes one Disguise card from the spread."""

    kind = "wear"
    seat: int
    costume: int

    def __str__(self) -> str:
        return str(
            M("{seat} puts on {costume:the}", seat=SEATS[self.seat], costume=_term(self.costume))
        )


@dataclass(frozen=True, slots=True)
class WearNothing(Action):
    """A Monster takes no Disguise card (the Monsters then lose, Ruling B6)."""

    kind = "wear-nothing"
    seat: int

    def __str__(self) -> str:
        return str(M("{seat} wears nothing", seat=SEATS[self.seat]))


@dataclass(frozen=True, slots=True)
class Accuse(Action):
    """The Seer accuses the Monsters: every revealed Vision is checked."""

    kind = "accuse"

    def __str__(self) -> str:
        return str(M("Accuse the Monsters"))


@dataclass(frozen=True, slots=True)
class LetPartyGoOn(Action):
    """The Seer does not accuse; the next round begins (or the Monsters win, B3)."""

    kind = "party-on"

    def __str__(self) -> str:
        return str(M("Let the party go on"))


ACCUSE_ACTION = Accuse()
PARTY_ON = LetPartyGoOn()
_WEAR = tuple(tuple(Wear(s, c) for c in range(len(COSTUMES))) for s in range(MAX_PLAYERS))
_NOTHING = tuple(WearNothing(s) for s in range(MAX_PLAYERS))
_SEER_ACTIONS = (ACCUSE_ACTION, PARTY_ON)


# -- state --------------------------------------------------------------------


@dataclass(slots=True)
class State:
    """Everything about one game (the god view).

    ``deck`` holds the face-down Visions (the next one is ``deck[-1]``),
    ``removed`` those put back in the box unseen, ``visions`` the revealed ones
    (oldest first, the top card last). ``worn[s]`` is the costume seat ``s``
    wears this round (``None``: not chosen yet, and always for the Seer;
    ``NOTHING``: chose to wear nothing); ``last[s]`` the one worn last round.
    ``turn`` is the seat that decides, ``None`` when the game is over.
    """

    players: int
    costumes: int
    deck: list[int]
    removed: list[int]
    visions: list[int]
    worn: list[int | None]
    last: list[int | None]
    turn: int | None
    phase: str
    round: int
    ending: str | None = None


# -- the rules ----------------------------------------------------------------


class BooPartyRules(Rules[State]):
    """The rules of Boo Party! (Rulings B1-B7)."""

    title = "boo-party"
    name = form("title", "Boo Party!")[1]  # "Boo Party !" in French: display_name()
    min_players, max_players, default_players = MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS
    action_types = (Wear, WearNothing, Accuse, LetPartyGoOn)
    names_seats = True
    rulings = {
        "B1": Text(M("3 to 8 players: one Seer (seat 0) against 2 to 7 Monsters; default 5")),
        "B2": Text(M("18 costumes by default, one Disguise card and one Vision card each")),
        "B3": Text(M("the round of the last Vision is played in full; surviving it wins")),
        "B4": Text(M("the Monsters' rating is the number of Visions revealed at the end")),
        "B5": Text(M("Monsters choose one at a time in seat order; the Seer sees only the result")),
        "B6": Text(
            M("wearing nothing or last round's costume loses when the Seer opens their eyes")
        ),
        "B7": Text(M("score 1 for each seat of the winning side, 0 for the others")),
    }

    # -- set-up ---------------------------------------------------------------
    def make_config(self, players: int | None, options: Mapping[str, Any]) -> Config:
        """Check the seats (B1) and ``costumes`` (B2); raise ``ConfigError`` naming the range."""
        unknown = sorted(set(options) - {"costumes"})
        if unknown:
            raise ConfigError(
                str(
                    M(
                        "Boo Party! has no option {unknown}; its only option is 'costumes'",
                        unknown=unknown,
                    )
                )
            )
        count = DEFAULT_PLAYERS if players is None else players
        if not _is_int(count) or not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise ConfigError(
                str(
                    M(
                        "players must be {low} to {high} (one Seer and 2 to 7 Monsters), "
                        "not {value}",
                        low=MIN_PLAYERS,
                        high=MAX_PLAYERS,
                        value=repr(players),
                    )
                )
            )
        costumes = options.get("costumes", DEFAULT_COSTUMES)
        low = count + 1  # Monsters removed + at least two Visions to reveal
        if not _is_int(costumes) or not low <= costumes <= len(COSTUMES):
            raise ConfigError(
                str(
                    M(
                        "costumes must be {low} to {high} with {players} players (as many Visions "
                        "leave the box as there are Monsters, and two more are revealed before the "
                        "first disguise), not {value}",
                        low=low,
                        high=len(COSTUMES),
                        players=count,
                        value=repr(costumes),
                    )
                )
            )
        return Config(count, costumes)

    def options_schema(self) -> list[dict[str, Any]]:
        """The number of costumes (B2): from the players + 1 to 24."""
        return [
            {"name": "costumes", "label": str(M("Costumes (at least the players + 1)")),
             "kind": "int",
             "min": MIN_PLAYERS + 1, "max": len(COSTUMES), "default": DEFAULT_COSTUMES},
        ]  # fmt: skip

    def initial_state(self, config: Config, seed: int) -> State:
        """Shuffle the Visions, box one per Monster unseen, reveal two (set-up and round 1)."""
        visions = Rng(seed).shuffled(range(config.costumes))
        monsters = config.players - 1
        removed, deck = visions[:monsters], visions[monsters:]
        revealed = [deck.pop(), deck.pop()]
        seats = [None] * config.players
        return State(
            config.players, config.costumes, deck, removed, revealed,
            list(seats), list(seats), 1, DISGUISE, 1,
        )  # fmt: skip

    def setup_events(self, state: State) -> list[Event]:
        """The set-up told: Visions boxed unseen, one revealed, round 1's Vision revealed."""
        return [
            _BOXED[len(state.removed)],
            _FIRST[state.visions[0]],
            Event(_vision_text(state), "vision", None, SEER),
        ]

    # -- play -----------------------------------------------------------------
    def to_move(self, state: State) -> int | None:
        """The Monster choosing a disguise, the Seer (seat 0) deciding, or ``None``."""
        return state.turn

    def legal_actions(self, state: State) -> list[Action]:
        """A Monster: free costumes by number, then wearing nothing. The Seer: accuse, go on.

        >>> state = RULES.initial_state(RULES.make_config(3, {"costumes": 4}), seed=1)
        >>> [str(a) for a in RULES.legal_actions(state)]  # doctest: +NORMALIZE_WHITESPACE
        ['Player 2 puts on the Ghost', 'Player 2 puts on the Vampire',
         'Player 2 puts on the Witch', 'Player 2 puts on the Mummy', 'Player 2 wears nothing']
        """
        seat = state.turn
        if seat is None:
            return []
        if seat == SEER:
            return list(_SEER_ACTIONS)
        row = _WEAR[seat]
        legal: list[Action] = []
        start = 0
        for taken in sorted(c for c in state.worn if c is not None and c >= 0):
            legal += row[start:taken]
            start = taken + 1
        legal += row[start : state.costumes]
        legal.append(_NOTHING[seat])
        return legal

    def apply(self, state: State, action: Action, log: list[Event] | None) -> None:
        """Apply a legal action in place, narrating into ``log`` unless it is ``None``."""
        kind = type(action)
        if kind is Wear:
            self._put_on(state, action.seat, action.costume, log)  # type: ignore[attr-defined]
        elif kind is WearNothing:
            self._put_on(state, action.seat, NOTHING, log)  # type: ignore[attr-defined]
        elif kind is Accuse:
            _accuse(state, log)
        else:
            _party_goes_on(state, log)

    def _put_on(self, state: State, seat: int, costume: int, log: list[Event] | None) -> None:
        state.worn[seat] = costume
        if log is not None:  # the Seer's eyes are closed: the costume is not told (B5)
            log.append(_CHOOSES[seat])
        if seat + 1 < state.players:
            state.turn = seat + 1
        else:
            _open_eyes(state, log)

    def why_illegal(self, state: State, action: Action) -> str:
        """Why ``action`` is refused now, citing the rule."""
        return str(self._why_illegal(state, action))

    def _why_illegal(self, state: State, action: Action) -> Message:
        if state.turn is None:
            return CORE("the game is over")
        if isinstance(action, Wear | WearNothing):
            return _why_not_wear(state, state.turn, action)
        if state.turn != SEER:
            return M(
                "the Seer cannot decide before every Monster has chosen a disguise "
                "({seat} is choosing now)",
                seat=SEATS[state.turn],
            )
        return CORE("'{action}' is not allowed now", action=str(action))

    def describe(self, state: State, action: Action) -> str:
        """A preview of ``action`` in the narration's voice."""
        return str(self._describe(state, action))

    def _describe(self, state: State, action: Action) -> Message | Action:
        if isinstance(action, WearNothing):
            return M(
                "{action}: a Monster without a costume makes the Monsters lose (Ruling B6)",
                action=action,
            )
        if isinstance(action, Wear) and action.costume == state.last[action.seat]:
            return M(
                "{action} again: keeping last round's costume makes the Monsters lose "
                "(every Monster must change, Ruling B6)",
                action=action,
            )
        if isinstance(action, Accuse):
            return M("Accuse: the Seer wins if any costume worn now was in a Vision, else loses")
        if isinstance(action, LetPartyGoOn) and not state.deck:
            return M("Let the party go on: no Vision is left, so the Monsters win (Ruling B3)")
        return action

    # -- results --------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        """True once the game has ended."""
        return state.turn is None

    def scores(self, state: State) -> list[Score]:
        """1 for each seat of the winning side, 0 for the others (B7); all 0 while playing."""
        won = set(self.winners(state))
        return [1 if seat in won else 0 for seat in range(state.players)]

    def winners(self, state: State) -> list[int]:
        """The Seer alone, or every Monster; empty while playing."""
        if state.ending is None:
            return []
        if state.ending in MONSTERS_WIN:
            return list(range(1, state.players))
        return [SEER]

    def result_lines(self, state: State) -> list[str]:
        """Who won, the Seer or the Monsters, and why; then the Monsters' rating (B4).

        >>> state = RULES.initial_state(RULES.make_config(3, {}), seed=1)
        >>> for action in (Wear(1, 16), WearNothing(2)):
        ...     RULES.apply(state, action, None)
        >>> RULES.result_lines(state)  # doctest: +NORMALIZE_WHITESPACE
        ['The Seer, Player 1, wins: Player 3 made a mistake (no costume, or the same
          as last round).', "Monsters' rating: 2 of 16 Visions revealed."]
        """
        ending = state.ending
        if ending is None:
            return [str(CORE("Nobody wins."))]
        seer = SEATS[SEER]
        monsters = seats(range(1, state.players))
        if ending == CAUGHT:
            caught = [s for s in range(1, state.players) if state.worn[s] in state.visions]
            first = M(
                "The Seer, {seer}, wins: {monsters} wore a costume seen in a Vision.",
                seer=seer,
                monsters=seats(caught),
            )
        elif ending == MISTAKE:
            bad = [s for s in range(1, state.players) if state.worn[s] in (NOTHING, state.last[s])]
            first = M(
                "The Seer, {seer}, wins: {monsters} made a mistake (no costume, or the same as "
                "last round).",
                seer=seer,
                monsters=seats(bad),
            )
        elif ending == FALSE_ACCUSATION:
            first = M(
                "The Monsters, {monsters}, win: the Seer accused them, but no costume worn was "
                "in a Vision.",
                monsters=monsters,
            )
        else:
            first = M(
                "The Monsters, {monsters}, win: they survived the whole party.",
                monsters=monsters,
            )
        return [str(first), str(_rating(state))]

    def recount(self, state: State) -> list[Score]:
        """Scores worked out again from the cards on the table, not from ``ending``."""
        if state.turn is not None:
            return [0] * state.players
        monsters = range(1, state.players)
        mistake = any(state.worn[s] in (NOTHING, state.last[s]) for s in monsters)
        match = any(state.worn[s] in state.visions for s in monsters)
        accused = state.ending in (CAUGHT, FALSE_ACCUSATION)
        seer_wins = mistake or (accused and match)
        return [int(seer_wins == (seat == SEER)) for seat in range(state.players)]

    def summary(self, state: State) -> list[dict[str, Any]]:
        """Per seat: role, how the game ended, ``visions_revealed`` and the rating (B4)."""
        revealed = len(state.visions)
        return [
            {
                "role": "seer" if seat == SEER else "monster",
                "ending": state.ending,
                "visions_revealed": revealed,
                "visions_total": state.costumes - state.players + 1,
                "rating": revealed,
                "rounds": state.round,
            }
            for seat in range(state.players)
        ]

    def results(
        self, state: State
    ) -> tuple[Sequence[Score], Sequence[int], Sequence[Mapping[str, Any]]]:
        """:meth:`scores`, :meth:`winners` and :meth:`summary`, worked out once per kind of
        ending and shared (they depend only on the seats, the costumes, the ending, the
        Visions revealed and the round): a game costs a look-up, not three lists of dicts.
        """
        key = (state.players, state.costumes, state.ending, len(state.visions), state.round)
        found = _RESULTS.get(key)
        if found is None:
            if len(_RESULTS) >= _RESULTS_KEPT:
                _RESULTS.clear()
            found = _RESULTS[key] = (
                tuple(self.scores(state)),
                tuple(self.winners(state)),
                tuple(self.summary(state)),
            )
        return found

    # -- information ----------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator, who knows what the Seer knows).

        Public: every announced Vision, counts, last round's costumes. Monsters
        also see the spread and the team's choices; the Seer and spectators see
        this round's costumes only once every Monster has chosen. Deck order and
        boxed Visions are never shown.
        """
        monster = seat is not None and seat != SEER
        hidden = state.phase == DISGUISE and not monster
        return {
            "seat": seat,
            "role": "spectator" if seat is None else ("monster" if monster else "seer"),
            "players": state.players,
            "seer": SEER,
            "costumes": state.costumes,
            "costume_names": list(COSTUMES[: state.costumes]),
            "round": state.round,
            "phase": state.phase,
            "to_move": state.turn,
            "visions": list(state.visions),
            "top_vision": state.visions[-1],
            "deck_size": len(state.deck),
            "removed": len(state.removed),
            "last_worn": list(state.last),
            "worn": None if hidden else list(state.worn),
            "spread": None if hidden else _spread(state),
            "ending": state.ending,
            "scores": self.scores(state),
            "winners": self.winners(state),
            "rating": len(state.visions),
        }

    # -- memory mode (the table's game of memory) -------------------------------
    def memory_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """A view (or the state dict) with every covered Vision replaced by ``None``.

        In memory mode only the top Vision shows; the older ones are covered and
        must be remembered, so their costumes are not sent at all.
        """
        visions = view.get("visions")
        if not isinstance(visions, list) or not visions:
            return view
        return {**view, "visions": [None] * (len(visions) - 1) + [visions[-1]]}

    def memory_text(self, texts: Sequence[str], kinds: Sequence[str]) -> list[str]:
        """The narration with every Vision but the latest told without its costume.

        A text may be in any language the kit speaks (a game's own or the kernel's):
        each covered Vision is told again in the language it was written in, and a
        Vision text that no catalog reads is covered entirely.

        >>> RULES.memory_text(["Round 2: the Seer reveals a Vision: the Ghost (3 Visions left).",
        ...                    "Round 3: the Seer reveals a Vision: the Witch (2 Visions left)."],
        ...                   ["vision", "vision"])[0]
        'Round 2: the Seer reveals a Vision (now covered: remember it).'
        """
        last = max((i for i, k in enumerate(kinds) if k == "vision"), default=-1)
        return [
            _covered(text) if kind == "vision" and i != last else text
            for i, (text, kind) in enumerate(zip(texts, kinds, strict=True))
        ]

    def state_dict(self, state: State) -> dict[str, Any]:
        """Every field of the state, JSON-able."""
        return {
            "players": state.players,
            "costumes": state.costumes,
            "deck": list(state.deck),
            "removed": list(state.removed),
            "visions": list(state.visions),
            "worn": list(state.worn),
            "last": list(state.last),
            "turn": state.turn,
            "phase": state.phase,
            "round": state.round,
            "ending": state.ending,
        }

    def copy_state(self, state: State) -> State:
        """An independent copy."""
        return State(
            state.players, state.costumes, state.deck[:], state.removed[:], state.visions[:],
            state.worn[:], state.last[:], state.turn, state.phase, state.round, state.ending,
        )  # fmt: skip

    # -- conformance hooks ----------------------------------------------------
    def card_places(self, state: State) -> Mapping[str, Sequence[int]]:
        """Vision deck, box, revealed Visions, the spread and each Monster's tile."""
        places: dict[str, Sequence[int]] = {
            "vision deck": [VISION_BASE + c for c in state.deck],
            "box": [VISION_BASE + c for c in state.removed],
            "revealed visions": [VISION_BASE + c for c in state.visions],
            "spread": _spread(state),
        }
        for seat in range(1, state.players):
            costume = state.worn[seat]
            places[f"player {seat}"] = [costume] if costume is not None and costume >= 0 else []
        return places

    def all_cards(self, state: State) -> Sequence[int]:
        """Disguise cards ``0..costumes-1`` and Vision cards ``100..100+costumes-1``."""
        return [*range(state.costumes), *range(VISION_BASE, VISION_BASE + state.costumes)]

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """Re-deal the unseen Visions; for the Seer and spectators, also the costumes
        chosen while their eyes are closed."""
        return self._redeal(state, seat, rng, canonical=False)

    def sample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """The same re-deal from the unseen Visions in sorted order: it depends on the view only."""
        return self._redeal(state, seat, rng, canonical=True)

    def _redeal(self, state: State, seat: int | None, rng: Rng, canonical: bool) -> State:
        out = self.copy_state(state)
        pool = out.deck + out.removed
        if canonical:
            pool.sort()
        rng.shuffle(pool)
        cut = len(out.removed)
        out.removed, out.deck = pool[:cut], pool[cut:]
        if out.phase == DISGUISE and (seat is None or seat == SEER):
            chosen = [s for s in range(1, out.players) if out.worn[s] is not None]
            picks = rng.shuffled(range(-1, out.costumes))
            for s, costume in zip(chosen, picks, strict=False):
                out.worn[s] = costume
        return out


# -- private helpers, one per step of a round ---------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _term(costume: int) -> Term:
    return COSTUME_TERMS[costume]


def _spread(state: State) -> list[int]:
    taken = state.worn
    return [c for c in range(state.costumes) if c not in taken]


def _worn(seat: int, costume: int | None) -> Message:
    """What one Monster wears, as the Seer sees it."""
    if costume is None or costume == NOTHING:
        return _BARE[seat]
    return _DRESSED[seat][costume]


def _open_eyes(state: State, log: list[Event] | None) -> None:
    """Every Monster has chosen: the Seer looks; a missing change loses at once (B6)."""
    monsters = range(1, state.players)
    bad = [s for s in monsters if state.worn[s] == NOTHING or state.worn[s] == state.last[s]]
    if log is not None:
        worn = Listing(tuple(_worn(s, state.worn[s]) for s in monsters))
        log.append(
            Event(M("The Seer opens their eyes and sees: {worn}.", worn=worn), "reveal", "B5")
        )
        for s in bad:
            log.append(Event(_mistake_text(state, s), "mistake", "B6", s))
    if bad:
        _end(state, MISTAKE, log)
    else:
        state.phase, state.turn = ACCUSE, SEER


def _mistake_text(state: State, seat: int) -> Message:
    costume = state.worn[seat]
    if costume is None or costume == NOTHING:
        return M("{seat} wears no costume: the Monsters lose at once.", seat=SEATS[seat])
    return M(
        "{seat} wore {costume:the} last round too and did not change: the Monsters lose at once.",
        seat=SEATS[seat],
        costume=COSTUME_TERMS[costume],
    )


def _accuse(state: State, log: list[Event] | None) -> None:
    """Check every worn costume against every revealed Vision."""
    seen = state.visions
    caught = [s for s in range(1, state.players) if state.worn[s] in seen]
    if log is not None:
        if caught:
            who = Listing(tuple(_worn(s, state.worn[s]) for s in caught))
            text = M("The Seer accuses! Seen in a Vision: {caught}. The Seer wins.", caught=who)
        else:
            text = M("The Seer accuses, but no costume worn now was in a Vision: the Monsters win.")
        log.append(Event(text, "accuse", None, SEER))
    _end(state, CAUGHT if caught else FALSE_ACCUSATION, log)


def _party_goes_on(state: State, log: list[Event] | None) -> None:
    """No accusation: disguises go back; the next Vision, or the Monsters' win (B3)."""
    if not state.deck:
        if log is not None:
            text = M(
                "The Seer lets the party go on, but no Vision is left: the Monsters "
                "survived the whole party and win."
            )
            log.append(Event(text, "end", "B3", SEER))
        _end(state, SURVIVED, log)
        return
    state.last = state.worn
    state.worn = [None] * state.players
    state.visions.append(state.deck.pop())
    state.round += 1
    state.phase, state.turn = DISGUISE, 1
    if log is not None:
        log.append(_PARTY_ON)
        log.append(Event(_vision_text(state), "vision", None, SEER))


# The Vision texts and their covered versions (memory mode): message ids.
_FIRST_VISION = M("Before the party the Seer reveals a Vision: {costume:the}.").msgid
_FIRST_COVERED = M("Before the party the Seer reveals a Vision (now covered: remember it).").msgid
_ROUND_VISION = M("Round {round}: the Seer reveals a Vision: {costume:the} ({left}).").msgid
_ROUND_COVERED = M("Round {round}: the Seer reveals a Vision (now covered: remember it).").msgid
_ANY_COVERED = M("The Seer revealed a Vision (now covered: remember it).").msgid


def _left(count: int) -> Message:
    """How many Visions are left in the deck, in words."""
    if count > 1:
        return M("{count} Visions left", count=count)
    if count == 1:
        return M("1 Vision left")
    return M("it is the last Vision (B3)")


def _vision_text(state: State) -> Message:
    costume = COSTUME_TERMS[state.visions[-1]]
    return M(_ROUND_VISION, round=state.round, costume=costume, left=_LEFT[len(state.deck)])


@cache
def _vision_patterns(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """How each Vision text reads in ``lang`` (a pattern from the catalog's template,
    one group per placeholder), with the template of its covered version."""
    found = []
    for template, covered in ((_FIRST_VISION, _FIRST_COVERED), (_ROUND_VISION, _ROUND_COVERED)):
        with _language(lang):
            text = gettext_in(M.package, template)
        parts = re.split(r"\{([^{}:]+)(?::[^{}]*)?\}", text)
        regex = "".join(
            f"(?P<{part}>.+?)" if i % 2 else re.escape(part) for i, part in enumerate(parts)
        )
        found.append((re.compile(regex), covered))
    return tuple(found)


def _covered(text: str) -> str:
    """A Vision's text without its costume, in the language it is written in."""
    for lang in LANGUAGES:
        for pattern, covered in _vision_patterns(lang):
            match = pattern.fullmatch(text)
            if match:
                return M(covered, **match.groupdict()).render(lang)
    return M(_ANY_COVERED).render()


def _rating(state: State) -> Message:
    """The Monsters' rating (B4): the Visions revealed, of all that could be."""
    total = state.costumes - state.players + 1
    return M(
        "Monsters' rating: {revealed} of {total} Visions revealed.",
        revealed=len(state.visions),
        total=total,
    )


def _end(state: State, ending: str, log: list[Event] | None) -> None:
    state.ending, state.phase, state.turn = ending, OVER, None
    if log is not None:
        log.append(Event(_rating(state), "rating", "B4"))


def _why_not_wear(state: State, turn: int, action: Wear | WearNothing) -> Message:
    seat = action.seat
    if turn == SEER:
        return M("every Monster has chosen a disguise; the Seer decides now")
    if seat != turn:
        who: Seat | Term = THE_SEER if seat == SEER else SEATS[seat]
        return M(
            "it is {seat}'s turn to choose a disguise, not {who}'s",
            seat=SEATS[turn],
            who=who,
        )
    if isinstance(action, WearNothing):
        return CORE("'{action}' is not allowed now", action=str(action))
    costume = action.costume
    if not 0 <= costume < state.costumes:
        return M(
            "there is no costume number {costume} (costumes go from 0 to {last})",
            costume=costume,
            last=state.costumes - 1,
        )
    owner = state.worn.index(costume)
    return M(
        "{owner} already wears {costume:the}: two Monsters never wear the same card",
        owner=SEATS[owner],
        costume=COSTUME_TERMS[costume],
    )


# -- narration made once: the same texts come back in every game -------------------

_CHOOSES = tuple(
    Event(M("{seat} chooses while the Seer's eyes are closed.", seat=s), "disguise", "B5", s)
    for s in SEATS
)
_BARE = tuple(M("{seat} without a costume", seat=s) for s in SEATS)
_DRESSED = tuple(
    tuple(M("{seat} dressed as {costume:the}", seat=s, costume=t) for t in COSTUME_TERMS)
    for s in SEATS
)
_PARTY_ON = Event(M("The Seer lets the party go on; the Disguises go back."), "party", None)
_LEFT = tuple(_left(count) for count in range(len(COSTUMES)))
_BOXED = tuple(
    Event(M("{count} Visions leave the game unseen, one per Monster.", count=n), "setup", "B1")
    for n in range(MAX_PLAYERS)
)
_FIRST = tuple(Event(M(_FIRST_VISION, costume=t), "vision", None, SEER) for t in COSTUME_TERMS)


RULES = BooPartyRules()
