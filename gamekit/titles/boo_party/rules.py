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
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.core.actions import Action, Event
from gamekit.core.errors import ConfigError
from gamekit.core.rng import Rng
from gamekit.core.rules import Rules, Score

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
        return f"Player {self.seat} puts on the {costume_name(self.costume)}"


@dataclass(frozen=True, slots=True)
class WearNothing(Action):
    """A Monster takes no Disguise card (the Monsters then lose, Ruling B6)."""

    kind = "wear-nothing"
    seat: int

    def __str__(self) -> str:
        return f"Player {self.seat} wears nothing"


@dataclass(frozen=True, slots=True)
class Accuse(Action):
    """The Seer accuses the Monsters: every revealed Vision is checked."""

    kind = "accuse"

    def __str__(self) -> str:
        return "Accuse the Monsters"


@dataclass(frozen=True, slots=True)
class LetPartyGoOn(Action):
    """The Seer does not accuse; the next round begins (or the Monsters win, B3)."""

    kind = "party-on"

    def __str__(self) -> str:
        return "Let the party go on"


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
    name = "Boo Party!"
    min_players, max_players, default_players = MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS
    action_types = (Wear, WearNothing, Accuse, LetPartyGoOn)
    rulings = {
        "B1": "3 to 8 players: one Seer (seat 0) against 2 to 7 Monsters; default 5",
        "B2": "18 costumes by default, one Disguise card and one Vision card each",
        "B3": "the round of the last Vision is played in full; surviving it wins",
        "B4": "the Monsters' rating is the number of Visions revealed at the end",
        "B5": "Monsters choose one at a time in seat order; the Seer sees only the result",
        "B6": "wearing nothing or last round's costume loses when the Seer opens their eyes",
        "B7": "score 1 for each seat of the winning side, 0 for the others",
    }

    # -- set-up ---------------------------------------------------------------
    def make_config(self, players: int | None, options: Mapping[str, Any]) -> Config:
        """Check the seats (B1) and ``costumes`` (B2); raise ``ConfigError`` naming the range."""
        unknown = sorted(set(options) - {"costumes"})
        if unknown:
            raise ConfigError(f"Boo Party! has no option {unknown}; its only option is 'costumes'")
        seats = DEFAULT_PLAYERS if players is None else players
        if not _is_int(seats) or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
            raise ConfigError(
                f"players must be {MIN_PLAYERS} to {MAX_PLAYERS} (one Seer and 2 to 7 Monsters), "
                f"not {players!r}"
            )
        costumes = options.get("costumes", DEFAULT_COSTUMES)
        low = seats + 1  # Monsters removed + at least two Visions to reveal
        if not _is_int(costumes) or not low <= costumes <= len(COSTUMES):
            raise ConfigError(
                f"costumes must be {low} to {len(COSTUMES)} with {seats} players (as many "
                f"Visions leave the box as there are Monsters, and two more are revealed "
                f"before the first disguise), not {costumes!r}"
            )
        return Config(seats, costumes)

    def options_schema(self) -> list[dict[str, Any]]:
        """The number of costumes (B2): from the players + 1 to 24."""
        return [
            {"name": "costumes", "label": "Costumes (at least the players + 1)", "kind": "int",
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
        boxed = len(state.removed)
        return [
            Event(f"{boxed} Visions leave the game unseen, one per Monster.", "setup", "B1"),
            Event(
                f"Before the party the Seer reveals a Vision: the "
                f"{costume_name(state.visions[0])}.", "vision", None, SEER,
            ),
            Event(_vision_text(state), "vision", None, SEER),
        ]  # fmt: skip

    # -- play -----------------------------------------------------------------
    def to_move(self, state: State) -> int | None:
        """The Monster choosing a disguise, the Seer (seat 0) deciding, or ``None``."""
        return state.turn

    def legal_actions(self, state: State) -> list[Action]:
        """A Monster: free costumes by number, then wearing nothing. The Seer: accuse, go on.

        >>> state = RULES.initial_state(RULES.make_config(3, {"costumes": 4}), seed=1)
        >>> [str(a) for a in RULES.legal_actions(state)]  # doctest: +NORMALIZE_WHITESPACE
        ['Player 1 puts on the Ghost', 'Player 1 puts on the Vampire',
         'Player 1 puts on the Witch', 'Player 1 puts on the Mummy', 'Player 1 wears nothing']
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
            log.append(
                Event(
                    f"Player {seat} chooses while the Seer's eyes are closed.",
                    "disguise",
                    "B5",
                    seat,
                )
            )
        if seat + 1 < state.players:
            state.turn = seat + 1
        else:
            _open_eyes(state, log)

    def why_illegal(self, state: State, action: Action) -> str:
        """Why ``action`` is refused now, citing the rule."""
        if state.turn is None:
            return "the game is over"
        if isinstance(action, Wear | WearNothing):
            return _why_not_wear(state, action)
        if state.turn != SEER:
            return (
                f"the Seer cannot decide before every Monster has chosen a disguise "
                f"(player {state.turn} is choosing now)"
            )
        return f"'{action}' is not allowed now"

    def describe(self, state: State, action: Action) -> str:
        """A preview of ``action`` in the narration's voice."""
        if isinstance(action, WearNothing):
            return f"{action}: a Monster without a costume makes the Monsters lose (Ruling B6)"
        if isinstance(action, Wear) and action.costume == state.last[action.seat]:
            return (
                f"{action} again: keeping last round's costume makes the Monsters lose "
                "(every Monster must change, Ruling B6)"
            )
        if isinstance(action, Accuse):
            return "Accuse: the Seer wins if any costume worn now was in a Vision, else loses"
        if isinstance(action, LetPartyGoOn) and not state.deck:
            return "Let the party go on: no Vision is left, so the Monsters win (Ruling B3)"
        return str(action)

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
        """The narration with every Vision but the latest told without its costume."""
        last = max((i for i, k in enumerate(kinds) if k == "vision"), default=-1)
        return [
            _COVERED.sub(r"\1 (now covered: remember it)", text)
            if kind == "vision" and i != last
            else text
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


def _spread(state: State) -> list[int]:
    taken = state.worn
    return [c for c in range(state.costumes) if c not in taken]


def _worn_text(costume: int | None) -> str:
    if costume is None or costume == NOTHING:
        return "nothing"
    return f"the {costume_name(costume)}"


def _open_eyes(state: State, log: list[Event] | None) -> None:
    """Every Monster has chosen: the Seer looks; a missing change loses at once (B6)."""
    monsters = range(1, state.players)
    bad = [s for s in monsters if state.worn[s] == NOTHING or state.worn[s] == state.last[s]]
    if log is not None:
        worn = ", ".join(f"player {s} {_worn_text(state.worn[s])}" for s in monsters)
        log.append(Event(f"The Seer opens their eyes and sees: {worn}.", "reveal", "B5"))
        for s in bad:
            log.append(Event(_mistake_text(state, s), "mistake", "B6", s))
    if bad:
        _end(state, MISTAKE, log)
    else:
        state.phase, state.turn = ACCUSE, SEER


def _mistake_text(state: State, seat: int) -> str:
    if state.worn[seat] == NOTHING:
        return f"Player {seat} wears no costume: the Monsters lose at once."
    name = costume_name(state.worn[seat])  # type: ignore[arg-type]
    return (
        f"Player {seat} wore the {name} last round too and did not change: "
        "the Monsters lose at once."
    )


def _accuse(state: State, log: list[Event] | None) -> None:
    """Check every worn costume against every revealed Vision."""
    seen = state.visions
    caught = [s for s in range(1, state.players) if state.worn[s] in seen]
    if log is not None:
        if caught:
            who = ", ".join(
                f"player {s} wears the {costume_name(state.worn[s])}"  # type: ignore[arg-type]
                for s in caught
            )
            text = f"The Seer accuses! {who}, seen in a Vision: the Seer wins."
        else:
            text = "The Seer accuses, but no costume worn now was in a Vision: the Monsters win."
        log.append(Event(text, "accuse", None, SEER))
    _end(state, CAUGHT if caught else FALSE_ACCUSATION, log)


def _party_goes_on(state: State, log: list[Event] | None) -> None:
    """No accusation: disguises go back; the next Vision, or the Monsters' win (B3)."""
    if not state.deck:
        if log is not None:
            log.append(
                Event(
                    "The Seer lets the party go on, but no Vision is left: the Monsters "
                    "survived the whole party and win.",
                    "end",
                    "B3",
                    SEER,
                )
            )
        _end(state, SURVIVED, log)
        return
    state.last = state.worn
    state.worn = [None] * state.players
    state.visions.append(state.deck.pop())
    state.round += 1
    state.phase, state.turn = DISGUISE, 1
    if log is not None:
        log.append(Event("The Seer lets the party go on; the Disguises go back.", "party", None))
        log.append(Event(_vision_text(state), "vision", None, SEER))


_COVERED = re.compile(r"(reveals a Vision): the [^(.]+(?: \(.*\))?")


def _vision_text(state: State) -> str:
    left = len(state.deck)
    more = f"{left} Vision{'s' * (left != 1)} left" if left else "it is the last Vision (B3)"
    return (
        f"Round {state.round}: the Seer reveals a Vision: the "
        f"{costume_name(state.visions[-1])} ({more})."
    )


def _end(state: State, ending: str, log: list[Event] | None) -> None:
    state.ending, state.phase, state.turn = ending, OVER, None
    if log is not None:
        total = state.costumes - state.players + 1
        log.append(
            Event(
                f"Monsters' rating: {len(state.visions)} of {total} Visions revealed.",
                "rating",
                "B4",
            )
        )


def _why_not_wear(state: State, action: Wear | WearNothing) -> str:
    seat = action.seat
    if state.turn == SEER:
        return "every Monster has chosen a disguise; the Seer decides now"
    if seat != state.turn:
        who = "the Seer" if seat == SEER else f"player {seat}"
        return f"it is player {state.turn}'s turn to choose a disguise, not {who}'s"
    if isinstance(action, WearNothing):
        return f"'{action}' is not allowed now"
    costume = action.costume
    if not 0 <= costume < state.costumes:
        return f"there is no costume number {costume} (costumes go from 0 to {state.costumes - 1})"
    owner = state.worn.index(costume)
    return (
        f"player {owner} already wears the {costume_name(costume)}: two Monsters never wear "
        "the same card"
    )


RULES = BooPartyRules()
