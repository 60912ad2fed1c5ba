"""What Boo Party!'s moves do: the set-up, one function per step of a round, the end.

Each function changes the state in place and narrates into ``log`` unless it is
``None`` (the lean path). The rulings are in :mod:`gamekit.titles.boo_party.rules`.

>>> from gamekit.titles.boo_party.state import Config
>>> s = initial_state(Config(players=3, costumes=6), seed=1)
>>> s.turn, s.phase, len(s.removed), len(s.visions), len(s.deck)
(1, 'disguise', 2, 2, 2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

from gamekit.core.actions import Action, Event
from gamekit.core.i18n import LANGUAGES, Listing, Message, gettext_in
from gamekit.core.i18n import language as _language
from gamekit.core.lean import MAX_DECISIONS
from gamekit.core.names import SEATS
from gamekit.core.rng import Rng
from gamekit.titles.boo_party.actions import SEER_ACTIONS, Accuse, Wear, disguises
from gamekit.titles.boo_party.cards import COSTUMES, MAX_PLAYERS, NOTHING, SEER
from gamekit.titles.boo_party.state import (
    ACCUSE,
    CAUGHT,
    DISGUISE,
    FALSE_ACCUSATION,
    MISTAKE,
    OVER,
    SURVIVED,
    Config,
    State,
    caught,
    mistaken,
)
from gamekit.titles.boo_party.terms import COSTUME_TERMS, M

Log = list[Event] | None


# -- set-up ---------------------------------------------------------------------------
def initial_state(config: Config, seed: int) -> State:
    """Shuffle the Visions, box one per Monster unseen, reveal two (set-up and round 1)."""
    visions = Rng(seed).shuffled(range(config.costumes))
    monsters = config.players - 1
    removed, deck = visions[:monsters], visions[monsters:]
    revealed = [deck.pop(), deck.pop()]
    return State(
        players=config.players, costumes=config.costumes, deck=deck, removed=removed,
        visions=revealed, worn=[None] * config.players, last=[None] * config.players,
        turn=1, phase=DISGUISE, round=1,
    )  # fmt: skip


def setup_events(state: State) -> list[Event]:
    """The set-up told: Visions boxed unseen, one revealed, round 1's Vision revealed (B1)."""
    return [
        BOXED[len(state.removed)],
        FIRST[state.visions[0]],
        Event(vision_text(state), "vision", None, SEER),
    ]


# -- a round ----------------------------------------------------------------------------
def put_on(state: State, seat: int, costume: int, log: Log) -> None:
    """Monster ``seat`` wears ``costume`` (or ``NOTHING``), unseen by the Seer (Ruling B5);
    the next Monster chooses, or the Seer opens their eyes."""
    state.worn[seat] = costume
    if log is not None:  # the Seer's eyes are closed: the costume is not told (B5)
        log.append(CHOOSES[seat])
    if seat + 1 < state.players:
        state.turn = seat + 1
    else:
        open_eyes(state, log)


def open_eyes(state: State, log: Log) -> None:
    """Every Monster has chosen: the Seer looks; a missing change loses at once (B6)."""
    bad = mistaken(state)
    if log is not None:
        monsters = range(1, state.players)
        worn = Listing(tuple(worn_text(s, state.worn[s]) for s in monsters))
        log.append(
            Event(M("The Seer opens their eyes and sees: {worn}.", worn=worn), "reveal", "B5")
        )
        for s in bad:
            log.append(Event(mistake_text(state, s), "mistake", "B6", s))
    if bad:
        end(state, MISTAKE, log)
    else:
        state.phase, state.turn = ACCUSE, SEER


def accuse(state: State, log: Log) -> None:
    """The Seer accuses: every worn costume is checked against every revealed Vision."""
    found = caught(state)
    if log is not None:
        if found:
            who = Listing(tuple(worn_text(s, state.worn[s]) for s in found))
            text = M("The Seer accuses! Seen in a Vision: {caught}. The Seer wins.", caught=who)
        else:
            text = M("The Seer accuses, but no costume worn now was in a Vision: the Monsters win.")
        log.append(Event(text, "accuse", None, SEER))
    end(state, CAUGHT if found else FALSE_ACCUSATION, log)


def party_goes_on(state: State, log: Log) -> None:
    """No accusation: disguises go back; the next Vision, or the Monsters' win (B3)."""
    if not state.deck:
        if log is not None:
            text = M(
                "The Seer lets the party go on, but no Vision is left: the Monsters "
                "survived the whole party and win."
            )
            log.append(Event(text, "end", "B3", SEER))
        end(state, SURVIVED, log)
        return
    state.last = state.worn
    state.worn = [None] * state.players
    state.visions.append(state.deck.pop())
    state.round += 1
    state.phase, state.turn = DISGUISE, 1
    if log is not None:
        log.append(PARTY_ON_EVENT)
        log.append(Event(vision_text(state), "vision", None, SEER))


def end(state: State, ending: str, log: Log) -> None:
    """The game ends; the Monsters' rating is told (Ruling B4)."""
    state.ending, state.phase, state.turn = ending, OVER, None
    if log is not None:
        log.append(Event(rating_text(state), "rating", "B4"))


# -- random games (the lean path's loop) ---------------------------------------------------
Choice = Callable[[list[Action]], Action]

_BY_TAKEN: dict[int, tuple[Action, ...]] = {}
"""A Monster's legal list by ``(taken << 10) | (costumes << 4) | seat``, ``taken`` the
costumes worn so far this round as bits: all that the list depends on."""
_BY_TAKEN_KEPT = 8192
"""Most lists kept in ``_BY_TAKEN`` (the cache starts again when full)."""


def play_at_random(state: State, choices: Sequence[Choice]) -> int:
    """Play ``state`` to its end, seat ``s`` playing ``choices[s]`` of its legal list (the
    lists and moves of ``legal_actions`` and ``apply``, narrated nowhere): a Monster's
    list is looked up by the costumes taken this round as bits, kept by the loop; the
    moves are inlined. The decisions made."""
    players, costumes, lists = state.players, state.costumes, _BY_TAKEN
    taken = _taken_bits(state)
    for decisions in range(MAX_DECISIONS + 1):
        seat = state.turn
        if seat is None:
            return decisions
        if seat == SEER:
            taken = _seer_at_random(state, choices[SEER])
            continue
        found = lists.get((taken << 10) | (costumes << 4) | seat)
        if found is None:
            found = _monster_list(state, seat, taken)
        action = choices[seat](list(found))
        costume = action.costume if isinstance(action, Wear) else NOTHING
        state.worn[seat] = costume
        if costume >= 0:
            taken |= 1 << costume
        if seat + 1 < players:  # put_on, narrated nowhere
            state.turn = seat + 1
        else:
            open_eyes(state, None)
    raise RuntimeError(f"boo-party: no end after {MAX_DECISIONS} decisions")


def _taken_bits(state: State) -> int:
    """The costumes worn so far this round, as bits."""
    return sum(1 << c for c in set(state.worn) if c is not None and 0 <= c < state.costumes)


def _monster_list(state: State, seat: int, taken: int) -> tuple[Action, ...]:
    """Monster ``seat``'s legal list, made and kept in ``_BY_TAKEN``."""
    if len(_BY_TAKEN) >= _BY_TAKEN_KEPT:
        _BY_TAKEN.clear()
    key = (taken << 10) | (state.costumes << 4) | seat
    found = _BY_TAKEN[key] = tuple(disguises(seat, state.costumes, state.worn))
    return found


def _seer_at_random(state: State, choice: Choice) -> int:
    """The Seer's random decision played (narrated nowhere); the costumes taken after it
    as bits (none: a new round, or the end)."""
    if isinstance(choice(list(SEER_ACTIONS)), Accuse):
        accuse(state, None)
    else:
        party_goes_on(state, None)
    return 0


# -- what the narration says ---------------------------------------------------------------
def worn_text(seat: int, costume: int | None) -> Message:
    """What one Monster wears, as the Seer sees it."""
    if costume is None or costume == NOTHING:
        return BARE[seat]
    return DRESSED[seat][costume]


def mistake_text(state: State, seat: int) -> Message:
    """Why Monster ``seat`` made the Monsters lose (Ruling B6)."""
    costume = state.worn[seat]
    if costume is None or costume == NOTHING:
        return M("{seat} wears no costume: the Monsters lose at once.", seat=SEATS[seat])
    return M(
        "{seat} wore {costume:the} last round too and did not change: the Monsters lose at once.",
        seat=SEATS[seat],
        costume=COSTUME_TERMS[costume],
    )


def rating_text(state: State) -> Message:
    """The Monsters' rating (B4): the Visions revealed, of all that could be."""
    total = state.costumes - state.players + 1
    return M(
        "Monsters' rating: {revealed} of {total} Visions revealed.",
        revealed=len(state.visions),
        total=total,
    )


# The Vision texts and their covered versions (memory mode): message ids.
FIRST_VISION = M("Before the party the Seer reveals a Vision: {costume:the}.").msgid
FIRST_COVERED = M("Before the party the Seer reveals a Vision (now covered: remember it).").msgid
ROUND_VISION = M("Round {round}: the Seer reveals a Vision: {costume:the} ({left}).").msgid
ROUND_COVERED = M("Round {round}: the Seer reveals a Vision (now covered: remember it).").msgid
ANY_COVERED = M("The Seer revealed a Vision (now covered: remember it).").msgid


def left_text(count: int) -> Message:
    """How many Visions are left in the deck, in words."""
    if count > 1:
        return M("{count} Visions left", count=count)
    if count == 1:
        return M("1 Vision left")
    return M("it is the last Vision (B3)")


def vision_text(state: State) -> Message:
    """The Vision just revealed, with the round and the Visions left."""
    costume = COSTUME_TERMS[state.visions[-1]]
    return M(ROUND_VISION, round=state.round, costume=costume, left=LEFT[len(state.deck)])


@cache
def _vision_patterns(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """How each Vision text reads in ``lang`` (a pattern from the catalog's template,
    one group per placeholder), with the template of its covered version."""
    found = []
    for template, covered in ((FIRST_VISION, FIRST_COVERED), (ROUND_VISION, ROUND_COVERED)):
        with _language(lang):
            text = gettext_in(M.package, template)
        parts = re.split(r"\{([^{}:]+)(?::[^{}]*)?\}", text)
        regex = "".join(
            f"(?P<{part}>.+?)" if i % 2 else re.escape(part) for i, part in enumerate(parts)
        )
        found.append((re.compile(regex), covered))
    return tuple(found)


def covered(text: str) -> str:
    """A Vision's text without its costume, in the language it is written in (memory mode)."""
    for lang in LANGUAGES:
        for pattern, template in _vision_patterns(lang):
            match = pattern.fullmatch(text)
            if match:
                return M(template, **match.groupdict()).render(lang)
    return M(ANY_COVERED).render()


# -- narration made once: the same texts come back in every game -------------------
CHOOSES = tuple(
    Event(M("{seat} chooses while the Seer's eyes are closed.", seat=s), "disguise", "B5", s)
    for s in SEATS
)
BARE = tuple(M("{seat} without a costume", seat=s) for s in SEATS)
DRESSED = tuple(
    tuple(M("{seat} dressed as {costume:the}", seat=s, costume=t) for t in COSTUME_TERMS)
    for s in SEATS
)
PARTY_ON_EVENT = Event(M("The Seer lets the party go on; the Disguises go back."), "party", None)
LEFT = tuple(left_text(count) for count in range(len(COSTUMES)))
BOXED = tuple(
    Event(M("{count} Visions leave the game unseen, one per Monster.", count=n), "setup", "B1")
    for n in range(MAX_PLAYERS)
)
FIRST = tuple(Event(M(FIRST_VISION, costume=t), "vision", None, SEER) for t in COSTUME_TERMS)
