"""Knock! Knock! (Toc Toc Toc), by Bruno Faidutti and Gwenaël Bouquin: 3 to 5 players.

Each player hosts a Halloween party. On your turn you lay a card from your hand
face down at another player's door; they open (and take it) or keep the door
closed (and you take it yourself). Guests join the party that takes them; vamps,
kids and hearse taxis steal or chase guests away. Most points wins.

Rulings implemented here (see ``docs/rules/knock-knock.md``):

- **K1** the deck has 55 cards (:data:`CATALOGUE`).
- **K2** the *competitor* of a revealed card is the other player of that knock.
- **K3** kids and hearse taxis take the revealer's largest unprotected folk; on a
  tie the competitor chooses the folk.
- **K4** a card whose effect cannot apply does nothing and is discarded.
- **K5** cards drawn from a face-up deck are known to all until played; the
  knocked card is known to the knocker only.
- **K6** equal highest scores share the win.
- **K7** a choice with a single possible answer (one kind of guest for a vamp,
  one largest folk for a kid or taxi) is made at once, without asking.

>>> import gamekit
>>> g = gamekit.new_game("knock-knock", players=3, seed=7)
>>> g.view(0)["deck_size"], len(g.view(0)["hand"]), g.view(0)["decision"]
(31, 5, 'knock')
>>> str(g.legal_actions()[0]).startswith("Knock at Player 2's door with a")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.core.actions import Action, Event
from gamekit.core.errors import ConfigError
from gamekit.core.i18n import CORE, Listing, Message, Term, Text, Verbatim, catalog, form
from gamekit.core.names import SEATS, seats
from gamekit.core.rng import Rng
from gamekit.core.rules import Rules, Score, points_message
from gamekit.titles.knock_knock.terms import CARDS, FOLK_TERMS

M = catalog("gamekit.titles.knock_knock")
"""This title's messages (``locale/<lang>/LC_MESSAGES/knock_knock.mo``)."""

# -- vocabulary and the catalogue (rules as data) ----------------------------

FOLKS: tuple[str, ...] = ("monster", "ghost", "vampire")
"""The three folks; a folk card's folk is ``kind % 3`` (kinds 0 to 11)."""
FOLK_PLURALS: tuple[str, ...] = ("monsters", "ghosts", "vampires")

GUEST, BRUTE, MUSICIAN, VAMP, KID, TAXI, SCARECROW = range(7)
"""Card types; a kind below 12 has type ``kind // 3``, then kid, taxi, scarecrow."""

KIND_NAMES: tuple[str, ...] = (
    *FOLKS,
    *(f"{f} brute" for f in FOLKS),
    *(f"{f} musician" for f in FOLKS),
    *(f"{f} vamp" for f in FOLKS),
    "kid",
    "hearse taxi",
    "scarecrow",
)
"""Card kinds in catalogue order: the order of hands, parties and legal actions."""
KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KIND_NAMES)}
KIND_TYPES: tuple[int, ...] = (*(k // 3 for k in range(12)), KID, TAXI, SCARECROW)
COPIES: tuple[int, ...] = (7, 7, 7, 2, 2, 2, 1, 1, 1, 5, 5, 5, 5, 3, 2)
"""Copies of each kind: 3 x (7 guests, 2 brutes, 1 musician, 5 vamps), 5 kids,
3 hearse taxis, 2 scarecrows = 55 cards (Ruling K1)."""

CATALOGUE: tuple[int, ...] = tuple(k for k, n in enumerate(COPIES) for _ in range(n))
"""The kind of each physical card: card ids are ``0 .. 54`` (Ruling K1)."""
DECK_SIZE = len(CATALOGUE)
CARD_NAMES: tuple[str, ...] = tuple(KIND_NAMES[k] for k in CATALOGUE)
"""The kind name of each card id; ids go up with the catalogue order of kinds."""
SCARECROW_KIND = KIND_INDEX["scarecrow"]
FIRST_GUESTS: tuple[int, ...] = tuple(
    CATALOGUE.index(folk) + i for folk in range(3) for i in range(4)
)
"""The 12 standard guests (4 of each folk) shuffled and dealt two each at set-up."""
THREE_PLAYER_BOX: tuple[int, ...] = tuple(CATALOGUE.index(3 + f) + 1 for f in range(3))
"""One brute of each folk, put back in the box with three players."""
HAND_SIZE = 5

KNOCK, ANSWER, TAKE_GUEST, CHOOSE_FOLK, OVER = range(5)
PHASES: tuple[str, ...] = ("knock", "answer", "take guest", "choose folk", "over")
"""Decision kinds, as named in views (``"over"`` when nobody decides)."""


@dataclass(frozen=True, slots=True)
class Count:
    """So many cards of one kind, rendered in the language in force: "2 vampires",
    "a Vampire musician", or the bare name when it is the only card told."""

    count: int
    term: Term
    alone: bool = False

    def __format__(self, spec: str) -> str:
        if self.count > 1:
            return f"{self.count} {self.term:plural}"
        return format(self.term, "name" if self.alone else "a")


def _guests_text(cards: Sequence[int]) -> str:
    """Guests by kind, in catalogue order: "2 vampires and a Vampire musician".

    >>> ids = {k: [c for c, n in enumerate(CATALOGUE) if n == i] for k, i in KIND_INDEX.items()}
    >>> _guests_text(ids["vampire"][:2] + ids["vampire musician"][:1])
    '2 vampires and a Vampire musician'
    >>> _guests_text(ids["ghost"][:1])
    'ghost'
    """
    return str(_guests(cards))


def _guests(cards: Sequence[int]) -> Listing:
    """The guests of :func:`_guests_text`, rendered when read (in the language in force)."""
    kinds = sorted({CATALOGUE[c] for c in cards})
    parts = []
    for kind in kinds:
        count = sum(1 for c in cards if CATALOGUE[c] == kind)
        term = FOLK_TERMS[kind] if kind < 3 else term_of(kind)
        parts.append(Count(count, term, len(cards) == 1))
    return Listing(tuple(parts), "and")


def display(kind: int) -> str:
    """A card kind as a learner reads it.

    >>> display(KIND_INDEX["monster brute"]), display(KIND_INDEX["kid"])
    ('Monster brute', 'Kid')
    """
    return KIND_NAMES[kind].capitalize()


def term_of(kind: int) -> Term:
    """The translatable name of a card kind (see :mod:`gamekit.titles.knock_knock.terms`)."""
    return CARDS[KIND_NAMES[kind]]


def _card_term(name: object) -> Term | Verbatim:
    """The term of a card name, or the name itself when the rules have no such card."""
    if isinstance(name, str) and name in CARDS:
        return CARDS[name]
    return Verbatim(str(name).capitalize())


def _folk_term(name: object) -> Term | Verbatim:
    """The term of a folk, or the name itself when the rules have no such folk."""
    if isinstance(name, str) and name in FOLKS:
        return FOLK_TERMS[FOLKS.index(name)]
    return Verbatim(f"{name}s")


# -- config -------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """Players (3 to 5, default 4) and the face-down deck variant."""

    players: int = 4
    face_down_deck: bool = False


# -- actions ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Knock(Action):
    """Lay a card of kind ``card`` face down at ``target``'s door."""

    kind = "knock"
    card: str
    target: int

    def __str__(self) -> str:
        return str(
            M(
                "Knock at {target}'s door with {card:a}",
                target=SEATS[self.target],
                card=_card_term(self.card),
            )
        )

    def to_json(self) -> dict[str, Any]:
        """``{"type": "knock", "card": ..., "target": ...}``."""
        return {"type": "knock", "card": self.card, "target": self.target}


@dataclass(frozen=True, slots=True)
class Open(Action):
    """The knocked player opens: they reveal the card and take it."""

    kind = "open"

    def __str__(self) -> str:
        return str(M("Open the door"))


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """The knocked player keeps the door closed: the knocker takes the card."""

    kind = "decline"

    def __str__(self) -> str:
        return str(M("Keep the door closed"))


@dataclass(frozen=True, slots=True)
class TakeGuest(Action):
    """The competitor picks which guest a vamp brings over (a kind of guest)."""

    kind = "take guest"
    card: str

    def __str__(self) -> str:
        return str(M("Take their {card}", card=_card_term(self.card)))


@dataclass(frozen=True, slots=True)
class ChooseFolk(Action):
    """The competitor picks the folk a kid or a hearse taxi takes on a tie (K3)."""

    kind = "choose folk"
    folk: str

    def __str__(self) -> str:
        return str(M("Choose the {folk:plural}", folk=_folk_term(self.folk)))


OPEN, DECLINE = Open(), Decline()
ANSWERS: tuple[Action, ...] = (OPEN, DECLINE)
TAKES: tuple[TakeGuest, ...] = tuple(TakeGuest(KIND_NAMES[k]) for k in range(9))
CHOICES: tuple[ChooseFolk, ...] = tuple(ChooseFolk(f) for f in FOLKS)
KNOCKS: dict[int, list[list[list[Action]]]] = {
    n: [
        [[Knock(KIND_NAMES[k], t) for t in range(n) if t != seat] for k in range(len(COPIES))]
        for seat in range(n)
    ]
    for n in (3, 4, 5)
}
"""Interned knock actions: ``KNOCKS[players][seat][kind]`` lists them by target seat."""


# -- state --------------------------------------------------------------------


@dataclass(slots=True)
class State:
    """The whole table. Card ids index :data:`CATALOGUE`; the deck's top is its last card.

    ``known[s]`` lists the kinds in seat ``s``'s hand that everybody saw drawn
    (Ruling K5); while ``s`` has a card waiting at a door it counts as still held.
    ``phase`` says what ``mover`` must decide; a pending vamp, kid or taxi is
    ``effect`` with the answers in ``options`` (kinds for a vamp, folks otherwise).
    """

    players: int
    face_down_deck: bool
    deck: list[int]
    hands: list[list[int]]
    known: list[list[int]]
    parties: list[list[int]]
    discard: list[int]
    box: list[int]
    turn: int = 0
    phase: int = KNOCK
    mover: int = 0
    knocked: int = -1
    target: int = -1
    revealer: int = -1
    competitor: int = -1
    effect: int = -1
    options: list[int] | None = None


def deal(config: Config, seed: int) -> State:
    """The set-up: first guests face up, five cards each, the rest as the deck.

    >>> s = deal(Config(players=3), seed=1)
    >>> [len(p) for p in s.parties], [len(h) for h in s.hands], len(s.deck), len(s.box)
    ([2, 2, 2], [5, 5, 5], 31, 3)
    """
    rng = Rng(seed)
    n = config.players
    box = list(THREE_PLAYER_BOX) if n == 3 else []
    firsts = rng.shuffled(FIRST_GUESTS)
    parties = [sorted(firsts[2 * i : 2 * i + 2]) for i in range(n)]
    seated = set(firsts[: 2 * n]) | set(box)
    pile = rng.shuffled([c for c in range(DECK_SIZE) if c not in seated])
    hands = [pile[HAND_SIZE * i : HAND_SIZE * (i + 1)] for i in range(n)]
    deck = pile[HAND_SIZE * n :]
    return State(n, config.face_down_deck, deck, hands, [[] for _ in range(n)], parties, [], box)


# -- the rules ----------------------------------------------------------------


class KnockKnockRules(Rules[State]):
    """Knock! Knock!: the public functions every game has, then one helper per effect."""

    title = "knock-knock"
    name = form("title", "Knock! Knock!")[1]  # "Toc Toc Toc" in French: display_name()
    min_players, max_players, default_players = 3, 5, 4
    action_types = (Knock, Open, Decline, TakeGuest, ChooseFolk)
    names_seats = True
    rulings = {
        "K1": Text(M("the deck has 55 cards")),
        "K2": Text(M("the competitor is the other player of the knock")),
        "K3": Text(
            M("kids and taxis take the largest unprotected folk; the competitor breaks ties")
        ),
        "K4": Text(M("a card whose effect cannot apply does nothing and is discarded")),
        "K5": Text(
            M(
                "cards drawn from a face-up deck are known until played; "
                "only the knocker knows the knocked card"
            )
        ),
        "K6": Text(M("equal highest scores share the win")),
        "K7": Text(M("a choice with only one possible answer is made without asking")),
    }

    # -- set-up ---------------------------------------------------------------
    def make_config(self, players: int | None, options: Mapping[str, Any]) -> Config:
        """Check the player count (3 to 5) and the ``face_down_deck`` option."""
        unknown = sorted(set(options) - {"face_down_deck"})
        if unknown:
            raise ConfigError(
                str(
                    M(
                        "unknown options {unknown}; Knock! Knock! has: face_down_deck",
                        unknown=unknown,
                    )
                )
            )
        players = self.default_players if players is None else players
        if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 5:
            raise ConfigError(
                str(M("players must be 3 to 5, not {players}", players=repr(players)))
            )
        face_down = options.get("face_down_deck", False)
        if not isinstance(face_down, bool):
            raise ConfigError(
                str(M("face_down_deck must be True or False, not {value}", value=repr(face_down)))
            )
        return Config(players, face_down)

    def options_schema(self) -> list[dict[str, Any]]:
        """One switch: the face-down deck variant."""
        return [
            {"name": "face_down_deck", "label": str(M("Face-down deck (its top card is hidden)")),
             "kind": "bool", "default": False},
        ]  # fmt: skip

    def initial_state(self, config: Config, seed: int) -> State:
        """The dealt table (see :func:`deal`)."""
        return deal(config, seed)

    # -- play -----------------------------------------------------------------
    def to_move(self, state: State) -> int | None:
        """The knocker, the knocked player, or the competitor of a pending choice."""
        return None if state.phase == OVER else state.mover

    def legal_actions(self, state: State) -> list[Action]:
        """Knocks by card kind (catalogue order) then target seat; open before
        decline; guests and folks in catalogue order."""
        phase = state.phase
        if phase == KNOCK:
            row = KNOCKS[state.players][state.turn]
            out: list[Action] = []
            for kind in sorted({CATALOGUE[c] for c in state.hands[state.turn]}):
                out += row[kind]
            return out
        if phase == ANSWER:
            return [OPEN, DECLINE]
        if phase == TAKE_GUEST:
            return [TAKES[k] for k in state.options or ()]
        if phase == CHOOSE_FOLK:
            return [CHOICES[f] for f in state.options or ()]
        return []

    def apply(self, state: State, action: Action, log: list[Event] | None) -> None:
        """Apply a legal action in place and narrate it into ``log``."""
        if type(action) is Knock:
            self._knock(state, action, log)
        elif type(action) is Open:
            if log is not None:
                text = M("{seat} opens the door.", seat=SEATS[state.target])
                log.append(Event(text, "open", "K2", state.target))
            self._reveal(state, state.target, state.turn, log)
        elif type(action) is Decline:
            if log is not None:
                text = M(
                    "{seat} keeps the door closed: {knocker} must take the card back.",
                    seat=SEATS[state.target],
                    knocker=SEATS[state.turn],
                )
                log.append(Event(text, "decline", "K2", state.target))
            self._reveal(state, state.turn, state.target, log)
        elif type(action) is TakeGuest:
            self._lure(state, KIND_INDEX[action.card], log)
            self._end_turn(state, log)
        elif type(action) is ChooseFolk:
            if log is not None:
                folk = _folk_term(action.folk)
                text = M(
                    "{seat} chooses the {folk:plural}.", seat=SEATS[state.competitor], folk=folk
                )
                log.append(Event(text, "choice", "K3", state.competitor))
            self._chase(state, FOLKS.index(action.folk), log)
            self._end_turn(state, log)
        else:
            raise TypeError(f"not a Knock! Knock! action: {action!r}")

    def why_illegal(self, state: State, action: Action) -> str:
        """Why ``action`` is not legal now, in plain words."""
        return str(self._why_illegal(state, action))

    def _why_illegal(self, state: State, action: Action) -> Message:
        if state.phase == OVER:
            return CORE("the game is over")
        if isinstance(action, Knock):
            return self._why_not_knock(state, action)
        if state.phase == KNOCK:
            return M(
                "nobody is deciding anything yet: {seat} must first knock at a door",
                seat=SEATS[state.turn],
            )
        if isinstance(action, Open | Decline):
            return M("no door is waiting to be opened: {waiting}", waiting=self._waiting(state))
        if isinstance(action, TakeGuest):
            return self._why_not_take(state, action)
        if isinstance(action, ChooseFolk):
            return self._why_not_choose(state, action)
        return CORE("'{action}' is not allowed now", action=str(action))

    def describe(self, state: State, action: Action) -> str:
        """A preview of ``action`` for the player deciding now."""
        return str(self._describe(state, action))

    def _describe(self, state: State, action: Action) -> Message | Action:
        if isinstance(action, Knock):
            return M(
                "{seat} lays {card:a} face down at {target}'s door; "
                "if they keep it closed, {seat} takes it.",
                seat=SEATS[state.turn],
                card=_card_term(action.card),
                target=SEATS[action.target],
            )
        if isinstance(action, Open):
            return M(
                "{seat} reveals the card and takes it (or suffers it).", seat=SEATS[state.target]
            )
        if isinstance(action, Decline):
            return M(
                "{seat} must reveal the card and take it (or suffer it).", seat=SEATS[state.turn]
            )
        if isinstance(action, TakeGuest):
            return M(
                "{card:a^} leaves {revealer}'s party for {competitor}'s.",
                card=_card_term(action.card),
                revealer=SEATS[state.revealer],
                competitor=SEATS[state.competitor],
            )
        if isinstance(action, ChooseFolk):
            taxi = KIND_TYPES[CATALOGUE[state.effect]] == TAXI
            folk = _folk_term(action.folk)
            if taxi:
                return M(
                    "All of {seat}'s {folk:plural} go home.", seat=SEATS[state.revealer], folk=folk
                )
            return M(
                "All of {seat}'s {folk:plural} flee to your party.",
                seat=SEATS[state.revealer],
                folk=folk,
            )
        return action

    # -- results --------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        """True once no hand holds a card."""
        return state.phase == OVER

    def scores(self, state: State) -> list[Score]:
        """Running score per seat: 1 per folk guest (2 with its musician), 3 per scarecrow."""
        return [party_score(p) for p in state.parties]

    def winners(self, state: State) -> list[int]:
        """Every seat with the highest score shares the win (Ruling K6)."""
        if state.phase != OVER:
            return []
        scores = self.scores(state)
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def summary(self, state: State) -> list[dict[str, Any]]:
        """Per seat: guests of each folk, brutes, musicians and scarecrows."""
        rows = []
        for party in state.parties:
            kinds = [CATALOGUE[c] for c in party]
            row: dict[str, Any] = {p: 0 for p in FOLKS}
            for k in kinds:
                if k < 9:
                    row[FOLKS[k % 3]] += 1
            row["brutes"] = sum(1 for k in kinds if KIND_TYPES[k] == BRUTE)
            row["musicians"] = sum(1 for k in kinds if KIND_TYPES[k] == MUSICIAN)
            row["scarecrows"] = kinds.count(KIND_INDEX["scarecrow"])
            rows.append(row)
        return rows

    # -- information ----------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: everything public, its own hand and knocked card."""
        names = KIND_NAMES
        show_top = state.deck and not state.face_down_deck
        scores = self.scores(state)
        over = state.phase == OVER
        best = max(scores)
        return {
            "seat": seat,
            "players": state.players,
            "to_move": self.to_move(state),
            "decision": PHASES[state.phase],
            "turn": state.turn,
            "hand": None if seat is None else _kind_names(state.hands[seat]),
            "hand_sizes": [len(h) for h in state.hands],
            "known": [[names[k] for k in sorted(ks)] for ks in state.known],
            "face_down_deck": state.face_down_deck,
            "deck_size": len(state.deck),
            "deck_top": CARD_NAMES[state.deck[-1]] if show_top else None,
            "parties": [_kind_names(p) for p in state.parties],
            "discard": [CARD_NAMES[c] for c in state.discard],
            "box": _kind_names(state.box),
            "knock": self._knock_view(state, seat),
            "choice": self._choice_view(state),
            "scores": scores,
            "winners": [s for s, score in enumerate(scores) if score == best] if over else [],
        }

    def state_dict(self, state: State) -> dict[str, Any]:
        """The god view: every card id where it lies (the deck's top is last)."""
        return {
            "players": state.players,
            "face_down_deck": state.face_down_deck,
            "deck": list(state.deck),
            "hands": [list(h) for h in state.hands],
            "known": [[KIND_NAMES[k] for k in ks] for ks in state.known],
            "parties": [list(p) for p in state.parties],
            "discard": list(state.discard),
            "box": list(state.box),
            "turn": state.turn,
            "phase": PHASES[state.phase],
            "mover": state.mover,
            "knocked": state.knocked,
            "target": state.target,
            "revealer": state.revealer,
            "competitor": state.competitor,
            "effect": state.effect,
            "options": None if state.options is None else list(state.options),
        }

    def copy_state(self, state: State) -> State:
        """An independent copy."""
        return State(
            state.players,
            state.face_down_deck,
            list(state.deck),
            [list(h) for h in state.hands],
            [list(k) for k in state.known],
            [list(p) for p in state.parties],
            list(state.discard),
            list(state.box),
            state.turn,
            state.phase,
            state.mover,
            state.knocked,
            state.target,
            state.revealer,
            state.competitor,
            state.effect,
            None if state.options is None else list(state.options),
        )

    # -- conformance hooks ----------------------------------------------------
    def card_places(self, state: State) -> Mapping[str, Sequence[int]]:
        """Deck, hands, parties, the door, a card being resolved, discard and box."""
        places: dict[str, Sequence[int]] = {
            "deck": state.deck,
            "door": [state.knocked] if state.knocked >= 0 else [],
            "resolving": [state.effect] if state.effect >= 0 else [],
            "discard": state.discard,
            "box": state.box,
        }
        for seat in range(state.players):
            places[f"hand {seat}"] = state.hands[seat]
            places[f"party {seat}"] = state.parties[seat]
        return places

    def all_cards(self, state: State) -> Sequence[int]:
        """Card ids 0 to 54 (Ruling K1)."""
        return range(DECK_SIZE)

    def recount(self, state: State) -> list[Score]:
        """Scores card by card, as a player adds them up at the end of the game."""
        totals: list[Score] = []
        for party in state.parties:
            names = [KIND_NAMES[CATALOGUE[c]] for c in party]
            total = 0
            for name in names:
                if name == "scarecrow":
                    total += 3
                elif name.split()[0] in FOLKS and not name.endswith("vamp"):
                    folk = name.split()[0]
                    total += 2 if f"{folk} musician" in names else 1
            totals.append(total)
        return totals

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """Re-deal what ``seat`` cannot see, keeping the cards known to all (K5)."""
        return self._redeal(state, seat, rng, canonical=False)

    def sample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """The same re-deal from the hidden cards in sorted order: it depends on the view only.

        Card ids of one kind are interchangeable, so two states ``seat`` cannot
        tell apart give the same guess up to which copy of a kind sits where.
        """
        return self._redeal(state, seat, rng, canonical=True)

    def _redeal(self, state: State, seat: int | None, rng: Rng, canonical: bool) -> State:
        out = self.copy_state(state)
        others = [s for s in range(out.players) if s != seat]
        hidden_knock = out.knocked >= 0 and seat != out.turn
        top = out.deck[-1:] if not out.face_down_deck else []
        pool = [c for s in others for c in out.hands[s]] + out.deck[: len(out.deck) - len(top)]
        if hidden_knock:
            pool.append(out.knocked)
        if canonical:
            pool.sort()
        rng.shuffle(pool)
        reserved = {s: [_take_kind(pool, k) for k in out.known[s]] for s in others}
        rng.shuffle(pool)  # taking known kinds from the front biased the order: re-deal uniformly
        for s in others:
            size = len(out.hands[s]) + (1 if hidden_knock and s == out.turn else 0)
            cards = reserved[s] + pool[: size - len(reserved[s])]
            del pool[: size - len(reserved[s])]
            rng.shuffle(cards)
            if hidden_knock and s == out.turn:
                out.knocked = cards.pop()
            out.hands[s] = cards
        out.deck = pool + top
        return out

    # -- helpers: a turn ------------------------------------------------------
    def _knock(self, state: State, action: Knock, log: list[Event] | None) -> None:
        kind = KIND_INDEX[action.card]
        hand = state.hands[state.turn]
        for i, card in enumerate(hand):
            if CATALOGUE[card] == kind:
                state.knocked = hand.pop(i)
                break
        state.target = state.mover = action.target
        state.phase = ANSWER
        if log is not None:
            text = M(
                "{seat} lays a card face down at {target}'s door: knock, knock!",
                seat=SEATS[state.turn],
                target=SEATS[action.target],
            )
            log.append(Event(text, "knock", None, state.turn))

    def _reveal(
        self, state: State, revealer: int, competitor: int, log: list[Event] | None
    ) -> None:
        """The revealed card joins the revealer's party or takes effect (K2)."""
        card, state.knocked = state.knocked, -1
        kind = CATALOGUE[card]
        known = state.known[state.turn]
        if kind in known:  # Ruling K5: a played card is no longer "in the hand".
            known.remove(kind)
        state.revealer, state.competitor = revealer, competitor
        kind_type = KIND_TYPES[kind]
        if log is not None:
            text = M("The card is {card:a}.", card=term_of(kind))
            log.append(Event(text, "reveal", None, revealer))
        if kind_type == VAMP:
            state.effect = card
            self._vamp(state, kind % 3, log)
        elif kind_type in (KID, TAXI):
            state.effect = card
            self._kid_or_taxi(state, log)
        else:
            state.parties[revealer].append(card)
            if log is not None:
                text = M(
                    "{card:the^} joins {seat}'s party.", card=term_of(kind), seat=SEATS[revealer]
                )
                log.append(Event(text, "join", None, revealer))
        if state.phase == ANSWER:
            self._end_turn(state, log)

    def _end_turn(self, state: State, log: list[Event] | None) -> None:
        """The knocker draws back up (face up: seen by all, K5); the next hand plays."""
        knocker = state.turn
        state.revealer = state.competitor = state.target = state.effect = -1
        state.options = None
        if state.deck:
            card = state.deck.pop()
            state.hands[knocker].append(card)
            if not state.face_down_deck:
                state.known[knocker].append(CATALOGUE[card])
            if log is not None:
                if state.face_down_deck:
                    text = M("{seat} draws a card.", seat=SEATS[knocker])
                else:
                    text = M(
                        "{seat} draws {card:a}.", seat=SEATS[knocker], card=term_of(CATALOGUE[card])
                    )
                log.append(Event(text, "draw", "K5", knocker))
        n = state.players
        skipped: list[Event] = []
        for step in range(1, n + 1):
            seat = (knocker + step) % n
            if state.hands[seat]:
                state.turn = state.mover = seat
                state.phase = KNOCK
                if log is not None:  # only when somebody plays next: no skips at the end
                    log.extend(skipped)
                return
            if log is not None and seat != knocker:
                text = M("{seat} has no card left and is skipped.", seat=SEATS[seat])
                skipped.append(Event(text, "skip", None, seat))
        self._finish(state, log)

    def _finish(self, state: State, log: list[Event] | None) -> None:
        state.phase, state.mover = OVER, -1
        if log is not None:
            winners = self.winners(state)
            points = Listing(
                tuple(
                    CORE("{seat} has {points}", seat=SEATS[s], points=points_message(v))
                    for s, v in enumerate(self.scores(state))
                )
            )
            if len(winners) == 1:
                text = M(
                    "No hand holds a card: the game is over. {winner} wins. Scores: {points}.",
                    points=points,
                    winner=SEATS[winners[0]],
                )
            else:
                text = M(
                    "No hand holds a card: the game is over. {winners} share the win. "
                    "Scores: {points}.",
                    points=points,
                    winners=seats(winners),
                )
            log.append(Event(text, "end", "K6"))

    # -- helpers: one per effect ----------------------------------------------
    def _vamp(self, state: State, folk: int, log: list[Event] | None) -> None:
        """A vamp lures one guest of its folk to the competitor's party, who picks it."""
        kinds = sorted(
            {CATALOGUE[c] for c in state.parties[state.revealer]} & {folk, folk + 3, folk + 6}
        )
        if not kinds:
            reason = M(
                "{seat} has no {folk:plural}", seat=SEATS[state.revealer], folk=FOLK_TERMS[folk]
            )
            self._no_effect(state, reason, log)
        elif len(kinds) == 1:  # Ruling K7: nothing to choose.
            self._lure(state, kinds[0], log)
        else:
            self._ask(state, TAKE_GUEST, kinds, log)

    def _lure(self, state: State, kind: int, log: list[Event] | None) -> None:
        party = state.parties[state.revealer]
        card = next(c for c in party if CATALOGUE[c] == kind)
        party.remove(card)
        state.parties[state.competitor].append(card)
        state.discard.append(state.effect)
        if log is not None:
            text = M(
                "The vamp lures {card:a} from {revealer}'s party "
                "to {competitor}'s; the vamp is discarded.",
                card=term_of(kind),
                revealer=SEATS[state.revealer],
                competitor=SEATS[state.competitor],
            )
            log.append(Event(text, "vamp", None, state.competitor))

    def _kid_or_taxi(self, state: State, log: list[Event] | None) -> None:
        """Kid and hearse taxi take the largest folk without a brute (Ruling K3)."""
        tied = largest_unprotected_folks(CATALOGUE[c] for c in state.parties[state.revealer])
        if not tied:
            reason = M(
                "every folk at {seat}'s party is protected or absent", seat=SEATS[state.revealer]
            )
            self._no_effect(state, reason, log)
        elif len(tied) == 1:  # Ruling K7: nothing to choose.
            self._chase(state, tied[0], log)
        else:
            self._ask(state, CHOOSE_FOLK, tied, log)

    def _chase(self, state: State, folk: int, log: list[Event] | None) -> None:
        party = state.parties[state.revealer]
        leaving = [c for c in party if CATALOGUE[c] < 9 and CATALOGUE[c] % 3 == folk]
        state.parties[state.revealer] = [c for c in party if c not in leaving]
        taxi = KIND_TYPES[CATALOGUE[state.effect]] == TAXI
        if taxi:
            state.discard.extend(leaving)
        else:
            state.parties[state.competitor].extend(leaving)
        state.discard.append(state.effect)
        if log is not None:
            seat, guests, other = state.revealer, _guests(leaving), state.competitor
            if taxi and len(leaving) == 1:
                text = M(
                    "{seat}'s only {guests} goes home in the hearse taxi.",
                    seat=SEATS[seat],
                    guests=guests,
                )
            elif taxi:
                text = M(
                    "{seat}'s {guests} go home in the hearse taxi.", seat=SEATS[seat], guests=guests
                )
            elif len(leaving) == 1:
                text = M(
                    "{seat}'s only {guests} flees to {other}'s party.",
                    seat=SEATS[seat],
                    guests=guests,
                    other=SEATS[other],
                )
            else:
                text = M(
                    "{seat}'s {guests} flee to {other}'s party.",
                    seat=SEATS[seat],
                    guests=guests,
                    other=SEATS[other],
                )
            log.append(Event(text, "taxi" if taxi else "kid", "K3", state.revealer))

    def _no_effect(self, state: State, reason: Message, log: list[Event] | None) -> None:
        """Ruling K4: the card does nothing and is discarded."""
        state.discard.append(state.effect)
        if log is not None:
            card = term_of(CATALOGUE[state.effect])
            text = M("No effect ({reason}): {card:the} is discarded.", reason=reason, card=card)
            log.append(Event(text, "no effect", "K4", state.revealer))

    def _ask(self, state: State, phase: int, options: list[int], log: list[Event] | None) -> None:
        """Hand a choice to the competitor: an ordinary decision point."""
        state.phase, state.options, state.mover = phase, options, state.competitor
        if log is None:
            return
        seat = state.competitor
        if phase == TAKE_GUEST:
            listed = Listing(tuple(term_of(k) for k in options), "or")
            text = M(
                "{seat} chooses which guest the vamp brings over: {options}.",
                seat=SEATS[seat],
                options=listed,
            )
            ruling = None
        else:
            folks = Listing(tuple(FOLK_TERMS[f] for f in options), "and")
            text = M(
                "The {folks:plural} are tied: {seat} chooses which folk leaves.",
                folks=folks,
                seat=SEATS[seat],
            )
            ruling = "K3"
        log.append(Event(text, "ask", ruling, state.competitor))

    # -- helpers: explanations and views --------------------------------------
    def _waiting(self, state: State) -> Message:
        if state.phase == KNOCK:
            return M("{seat} must knock at a door", seat=SEATS[state.turn])
        if state.phase == ANSWER:
            return M("{seat} must open the door or keep it closed", seat=SEATS[state.target])
        if state.phase == TAKE_GUEST:
            return M(
                "{seat} must choose which guest the vamp brings over", seat=SEATS[state.competitor]
            )
        return M("{seat} must choose which folk leaves", seat=SEATS[state.competitor])

    def _why_not_knock(self, state: State, action: Knock) -> Message:
        if state.phase != KNOCK:
            return M("it is not time to knock: {waiting}", waiting=self._waiting(state))
        target = action.target
        if not isinstance(target, int) or not 0 <= target < state.players:
            return M(
                "there is no player {target}: players are 0 to {last}",
                target=repr(target),
                last=state.players - 1,
            )
        if target == state.turn:
            return M("you cannot knock at your own door")
        kind = KIND_INDEX.get(action.card) if isinstance(action.card, str) else None
        if kind is None:
            return M("there is no card called {card}", card=repr(action.card))
        return M("you have no {card} in your hand", card=term_of(kind))

    def _why_not_take(self, state: State, action: TakeGuest) -> Message:
        if state.phase != TAKE_GUEST:
            return M("no vamp is waiting for a guest: {waiting}", waiting=self._waiting(state))
        offered = Listing(tuple(term_of(k) for k in state.options or ()), ",")
        return M("the vamp can only bring over one of: {offered}", offered=offered)

    def _why_not_choose(self, state: State, action: ChooseFolk) -> Message:
        if state.phase != CHOOSE_FOLK:
            return M(
                "no kid or hearse taxi is waiting for a folk: {waiting}",
                waiting=self._waiting(state),
            )
        tied = Listing(tuple(FOLK_TERMS[f] for f in state.options or ()), "or")
        return M(
            "only the largest folks without a brute can leave: the {folks:plural} (Ruling K3)",
            folks=tied,
        )

    def _knock_view(self, state: State, seat: int | None) -> dict[str, Any] | None:
        if state.knocked < 0:
            return None
        card = KIND_NAMES[CATALOGUE[state.knocked]] if seat == state.turn else None
        return {"knocker": state.turn, "target": state.target, "card": card}

    def _choice_view(self, state: State) -> dict[str, Any] | None:
        if state.phase not in (TAKE_GUEST, CHOOSE_FOLK):
            return None
        names = KIND_NAMES if state.phase == TAKE_GUEST else FOLKS
        return {
            "card": KIND_NAMES[CATALOGUE[state.effect]],
            "revealer": state.revealer,
            "competitor": state.competitor,
            "options": [names[o] for o in state.options or ()],
        }


# -- small pure helpers -------------------------------------------------------


def party_score(party: Sequence[int]) -> int:
    """Points of a party: 1 per folk guest, 2 if its folk's musician is there, 3 per scarecrow.

    >>> party_score([CATALOGUE.index(KIND_INDEX[n]) for n in ("ghost", "ghost musician")])
    4
    """
    guests = [0, 0, 0]
    factor = [1, 1, 1]
    total = 0
    for card in party:
        kind = CATALOGUE[card]
        if kind < 9:
            guests[kind % 3] += 1
            if kind >= 6:  # a musician doubles its folk
                factor[kind - 6] = 2
        elif kind == SCARECROW_KIND:
            total += 3
    return total + guests[0] * factor[0] + guests[1] * factor[1] + guests[2] * factor[2]


def largest_unprotected_folks(kinds: Any) -> list[int]:
    """The folks a kid or a hearse taxi may take (Ruling K3): the most numerous
    folks without a brute, ignoring absent folks; several on a tie, none if all are
    protected or absent.

    >>> largest_unprotected_folks([KIND_INDEX[n] for n in ("monster", "ghost", "ghost brute")])
    [0]
    """
    counts = [0, 0, 0]
    protected = [False, False, False]
    for kind in kinds:
        if kind < 9:
            counts[kind % 3] += 1
            if kind // 3 == BRUTE:
                protected[kind % 3] = True
    eligible = [f for f in range(3) if counts[f] and not protected[f]]
    if not eligible:
        return []
    best = max(counts[f] for f in eligible)
    return [f for f in eligible if counts[f] == best]


def _kind_names(cards: Sequence[int]) -> list[str]:
    """Kind names of ``cards`` in catalogue order (card ids sort that way)."""
    names = CARD_NAMES
    return [names[c] for c in sorted(cards)]


def _take_kind(pool: list[int], kind: int) -> int:
    for i, card in enumerate(pool):
        if CATALOGUE[card] == kind:
            return pool.pop(i)
    raise ValueError(f"no {KIND_NAMES[kind]} left to place")


RULES = KnockKnockRules()
"""The registered rules of the title ``"knock-knock"``."""
