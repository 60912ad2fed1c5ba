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

Modules: ``terms`` (words and messages), ``cards`` (costumes and card ids),
``actions`` (the four decisions), ``state`` (config, state and the facts about
it), ``effects`` (what each move does, the set-up and the end), ``why``
(refusals and previews) and this one, the ``Rules`` object with the views and
the conformance hooks.

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

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gamekit.core.actions import Action, Event
from gamekit.core.errors import ConfigError
from gamekit.core.i18n import CORE, Text, form
from gamekit.core.names import SEATS, seats
from gamekit.core.rng import Rng
from gamekit.core.rules import Rules, Score, SearchDefaults
from gamekit.titles.boo_party import effects, why
from gamekit.titles.boo_party.actions import (
    ACCUSE_ACTION,
    ACTION_TYPES,
    LEGACY_KINDS,
    PARTY_ON,
    SEER_ACTIONS,
    WEAR_NOTHING,
    Accuse,
    LetPartyGoOn,
    Wear,
    WearNothing,
    disguises,
)
from gamekit.titles.boo_party.cards import (
    COSTUMES,
    DEFAULT_COSTUMES,
    DEFAULT_PLAYERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NOTHING,
    SEER,
    VISION_BASE,
    costume_name,
    costume_term,
)
from gamekit.titles.boo_party.state import (
    ACCUSE,
    CAUGHT,
    DISGUISE,
    FALSE_ACCUSATION,
    MISTAKE,
    MONSTERS_WIN,
    OVER,
    SURVIVED,
    Config,
    State,
    caught,
    copy_state,
    mistaken,
    spread,
)
from gamekit.titles.boo_party.terms import M

__all__ = [
    "ACCUSE", "ACCUSE_ACTION", "CAUGHT", "COSTUMES", "DEFAULT_COSTUMES", "DEFAULT_PLAYERS",
    "DISGUISE", "FALSE_ACCUSATION", "MAX_PLAYERS", "MIN_PLAYERS", "MISTAKE", "MONSTERS_WIN",
    "NOTHING", "OVER", "PARTY_ON", "RULES", "SEER", "SURVIVED", "VISION_BASE", "Accuse",
    "BooPartyRules", "Config", "LetPartyGoOn", "M", "State", "Wear", "WearNothing",
    "costume_name", "costume_term",
]  # fmt: skip
"""The names lessons and older code import from here (their homes are the modules above)."""

_DISGUISES: dict[tuple[Any, ...], tuple[Action, ...]] = {}
"""A Monster's legal list by (seat, costumes, every seat's ``worn``): the same few
positions come back in game after game (the first Monster's is always the same)."""
_DISGUISES_KEPT = 8192
"""Most positions kept in ``_DISGUISES`` (the cache starts again when full)."""


_RESULTS: dict[tuple[Any, ...], tuple[tuple[Score, ...], tuple[int, ...], tuple[Any, ...]]] = {}
"""``BooPartyRules.results`` by (players, costumes, ending, Visions revealed, round)."""
_RESULTS_KEPT = 4096
"""Most endings kept in ``_RESULTS`` (a few hundred occur in practice)."""


class BooPartyRules(Rules[State]):
    """The rules of Boo Party! (Rulings B1-B7)."""

    title = "boo-party"
    name = form("title", "Boo Party!")[1]  # "Boo Party !" in French: display_name()
    min_players, max_players, default_players = MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS
    action_types = ACTION_TYPES
    legacy_kinds = LEGACY_KINDS
    names_seats = True
    sides = ("seer", "monsters")
    table_features = frozenset({"memory", "timer"})
    search_defaults = SearchDefaults(budget=8000)
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
        return Config(players=count, costumes=costumes)

    def options_schema(self) -> list[dict[str, Any]]:
        """The number of costumes (B2): from the players + 1 to 24."""
        return [
            {"name": "costumes", "label": str(M("Costumes (at least the players + 1)")),
             "kind": "int",
             "min": MIN_PLAYERS + 1, "max": len(COSTUMES), "default": DEFAULT_COSTUMES},
        ]  # fmt: skip

    def initial_state(self, config: Config, seed: int) -> State:
        """Shuffle the Visions, box one per Monster unseen, reveal two (set-up and round 1)."""
        return effects.initial_state(config, seed)

    def setup_events(self, state: State) -> list[Event]:
        """The set-up told: Visions boxed unseen, one revealed, round 1's Vision revealed."""
        return effects.setup_events(state)

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
            return list(SEER_ACTIONS)
        key = (seat, state.costumes, *state.worn)  # all that a Monster's list depends on
        found = _DISGUISES.get(key)
        if found is None:
            if len(_DISGUISES) >= _DISGUISES_KEPT:
                _DISGUISES.clear()
            found = _DISGUISES[key] = tuple(disguises(seat, state.costumes, state.worn))
        return list(found)

    def play_at_random(
        self, state: State, choices: Sequence[Callable[[list[Action]], Action]]
    ) -> int:
        """The lean path's random games in Boo Party!'s own loop (the same games)."""
        return effects.play_at_random(state, choices)

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """The party timer: a Monster whose time runs out wears nothing (B6); the Seer
        has no timed move.

        >>> state = RULES.initial_state(RULES.make_config(3, {}), seed=1)
        >>> str(RULES.timeout_action(state, 1)), RULES.timeout_action(state, SEER)
        ('Player 2 wears nothing', None)
        """
        if state.phase != DISGUISE or state.turn != seat or seat == SEER:
            return None
        return WEAR_NOTHING[seat]

    def apply(self, state: State, action: Action, log: list[Event] | None) -> None:
        """Apply a legal action in place, narrating into ``log`` unless it is ``None``."""
        match action:
            case Wear(seat=seat, costume=costume):
                effects.put_on(state, seat, costume, log)
            case WearNothing(seat=seat):
                effects.put_on(state, seat, NOTHING, log)
            case Accuse():
                effects.accuse(state, log)
            case LetPartyGoOn():
                effects.party_goes_on(state, log)

    def why_illegal(self, state: State, action: Action) -> str:
        """Why ``action`` is refused now, citing the rule."""
        return str(why.why_illegal(state, action))

    def describe(self, state: State, action: Action) -> str:
        """A preview of ``action`` in the narration's voice."""
        return str(why.describe(state, action))

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
            first = M(
                "The Seer, {seer}, wins: {monsters} wore a costume seen in a Vision.",
                seer=seer,
                monsters=seats(caught(state)),
            )
        elif ending == MISTAKE:
            first = M(
                "The Seer, {seer}, wins: {monsters} made a mistake (no costume, or the same as "
                "last round).",
                seer=seer,
                monsters=seats(mistaken(state)),
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
        return [str(first), str(effects.rating_text(state))]

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

    def round_of(self, state: State) -> int:
        """The round the game is in (1 for the first)."""
        return state.round

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
            "spread": None if hidden else spread(state),
            "ending": state.ending,
            "scores": self.scores(state),
            "winners": self.winners(state),
            "rating": len(state.visions),
        }

    # -- memory mode (the table's game of memory) -------------------------------
    def memory_view(self, view: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
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
            effects.covered(text) if kind == "vision" and i != last else text
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
        return copy_state(state)

    # -- conformance hooks ----------------------------------------------------
    def card_places(self, state: State) -> Mapping[str, Sequence[int]]:
        """Vision deck, box, revealed Visions, the spread and each Monster's tile."""
        places: dict[str, Sequence[int]] = {
            "vision deck": [VISION_BASE + c for c in state.deck],
            "box": [VISION_BASE + c for c in state.removed],
            "revealed visions": [VISION_BASE + c for c in state.visions],
            "spread": spread(state),
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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


RULES = BooPartyRules()
