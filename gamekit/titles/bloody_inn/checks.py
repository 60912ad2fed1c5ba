"""The Bloody Inn probability exercises (``inn-1`` ... ``inn-5``), warm-up to challenge.

The table: 2 players. The 70 travellers are 5 families of 14; each family has 4
cards of rank 0 (8F), 4 of rank 1 (12F), 3 of rank 2 (18F) and 3 of rank 3
(26F). Set-up removes travellers unseen (25 in the long game, 35 in the short
one); the rest is the entrance pile. Each round fills the 5 open rooms (2
players' keys and 3 white keys) from the top of the pile; every traveller
leaves the rooms by morning. The exact answers are computed here with SymPy.

>>> from gamekit.exercises import check
>>> check("inn-1", "1/5").ok
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

import sympy

from gamekit.core.i18n import Text
from gamekit.exercises import TRIALS, Exercise, Trial, register, variant_rng
from gamekit.titles.bloody_inn.terms import M

PLAYERS = 2
ROOMS_OPEN = 5
"""Open rooms with 2 players: the 2 players' keys and 3 white keys."""
TRAVELLERS = 70
POLICE = 14
SHORT_ROUNDS = 7
"""2-player short game: 35 travellers in the pile, 5 a round, 7 rounds before it runs out."""
SEEN = 5
"""``inn-4`` is simulated after the first round's 5 travellers."""


def _money() -> list[int]:
    from gamekit.titles.bloody_inn.cards import MONEY
    from gamekit.titles.bloody_inn.cards import TRAVELLERS as CARDS

    return [MONEY[c] for c in CARDS]


# -- exact answers -------------------------------------------------------------------


def first_is_police() -> Any:
    """inn-1: the top card of the entrance pile is a police officer."""
    return sympy.Rational(POLICE, TRAVELLERS)


def police_in_first_round(rooms: int = ROOMS_OPEN) -> Any:
    """inn-2: the number of police among the ``rooms`` first travellers (hypergeometric)."""
    from gamekit.odds._common import hypergeom

    return {k: hypergeom(TRAVELLERS, POLICE, rooms, k) for k in range(rooms + 1)}


def expected_pockets(money: Sequence[int] | None = None, draws: int = ROOMS_OPEN) -> Any:
    """inn-3: the expected money of the ``draws`` first travellers: ``draws`` times the
    mean pocket (expectations add up, even drawing without replacement).

    >>> expected_pockets([8, 12], 1)
    10
    """
    pockets = _money() if money is None else list(money)
    return draws * sympy.Rational(sum(pockets), len(pockets))


def pockets_variance(money: Sequence[int] | None = None, draws: int = ROOMS_OPEN) -> Any:
    """The variance of the money of ``draws`` travellers drawn without replacement:
    ``n s^2 (N - n) / (N - 1)``, where ``s^2`` is the variance of the ``N`` pockets.

    >>> pockets_variance([8, 12], 2)
    0
    """
    pockets = _money() if money is None else list(money)
    size = len(pockets)
    mean = sympy.Rational(sum(pockets), size)
    spread = sum((sympy.Integer(x) - mean) ** 2 for x in pockets) / size
    return draws * spread * sympy.Rational(size - draws, size - 1)


def marquis_formula(cards: int = TRAVELLERS, removed: int = 25) -> Any:
    """inn-4: a card not seen among the ``k`` first of the pile is still to come:
    ``(N - R - k) / (N - k)``.

    >>> marquis_formula()
    (45 - k)/(70 - k)
    """
    k = sympy.Symbol("k")
    return (cards - removed - k) / (cards - k)


def marquis_after_first_round() -> Any:
    """``inn-4`` at ``k = 5``."""
    return marquis_formula().subs("k", SEEN)


def police_every_round(
    rounds: int = SHORT_ROUNDS,
    per_round: int = ROOMS_OPEN,
    police: int = POLICE,
    cards: int = TRAVELLERS,
) -> Any:
    """inn-5: each of the first ``rounds`` groups of ``per_round`` cards of a shuffled
    pile holds a police card: inclusion-exclusion over the rounds with none,
    ``sum_j (-1)^j C(R, j) C(N - j g, P) / C(N, P)``.

    >>> police_every_round(rounds=2, per_round=1, police=1, cards=2)
    0
    """
    return sum(
        (
            (-1) ** j
            * math.comb(rounds, j)
            * sympy.Rational(math.comb(cards - j * per_round, police), math.comb(cards, police))
            for j in range(rounds + 1)
        ),
        sympy.Integer(0),
    )


# -- simulations on the engine ------------------------------------------------------------


def _game(seed: int, length: str = "long") -> Any:
    import gamekit

    return gamekit.new_game("bloody-inn", players=PLAYERS, seed=seed, length=length)


def first_round_travellers(seed: int) -> list[int]:
    """Place the keys and lodge the first travellers of a seeded game (first choices);
    return the cards sleeping in the rooms."""
    game = _game(seed)
    while game.view(0)["step"] in ("key", "place"):
        game.play(game.legal_actions()[0])
    return [c for c in game.view(0)["rooms"] if c >= 0]


def _seeds(n: int, seed: int, name: str) -> Iterator[int]:
    from gamekit.core.rng import derive_seed

    for i in range(n):
        yield derive_seed(seed, name, i)


def draw_first_police(n: int, seed: int) -> Iterator[int]:
    """1 when the face-up top card of the entrance pile is a police officer."""
    from gamekit.titles.bloody_inn.cards import FAMILY

    for s in _seeds(n, seed, "top"):
        yield int(FAMILY[_game(s).view(0)["entrance_top"]] == "police")


def draw_police_count(n: int, seed: int) -> Iterator[int]:
    """How many police officers sleep in the inn in the first round."""
    from gamekit.titles.bloody_inn.cards import FAMILY

    for s in _seeds(n, seed, "police"):
        yield sum(FAMILY[c] == "police" for c in first_round_travellers(s))


def draw_pockets(n: int, seed: int) -> Iterator[int]:
    """The money in the pockets of the first round's travellers."""
    from gamekit.titles.bloody_inn.cards import MONEY

    for s in _seeds(n, seed, "pockets"):
        yield sum(MONEY[c] for c in first_round_travellers(s))


def draw_marquis(n: int, seed: int) -> Iterator[int]:
    """Among seeded games whose 5 first travellers hold no Marquis: 1 when the Marquis
    is still in the entrance pile (not removed at set-up). Yields ``n`` samples."""
    from gamekit.titles.bloody_inn.cards import card_of

    marquis = card_of("marquis")
    seeds = _seeds(10 * n + 100, seed, "marquis")
    done = 0
    while done < n:
        pile = _game(next(seeds)).state.entrance  # the simulation peeks; players cannot
        if marquis in pile[-SEEN:]:
            continue
        done += 1
        yield int(marquis in pile)


def draw_police_every_round(n: int, seed: int) -> Iterator[int]:
    """Short game: 1 when each of the 7 groups of 5 from the top of the pile holds police."""
    from gamekit.titles.bloody_inn.cards import FAMILY

    for s in _seeds(n, seed, "every"):
        pile = _game(s, "short").state.entrance[::-1]  # top first
        groups = [pile[i : i + ROOMS_OPEN] for i in range(0, len(pile), ROOMS_OPEN)]
        yield int(all(any(FAMILY[c] == "police" for c in g) for g in groups[:SHORT_ROUNDS]))


def rooms_open(players: int) -> int:
    """The rooms open each round with ``players`` (their keys and the white keys, Ruling I7).

    >>> [rooms_open(p) for p in (1, 2, 3, 4)]
    [4, 5, 6, 8]
    """
    from gamekit.titles.bloody_inn.cards import WHITE_KEYS

    return players + WHITE_KEYS[players]


def pile_size(players: int, length: str) -> int:
    """The entrance pile at set-up: the 70 travellers less those removed unseen.

    >>> pile_size(2, "long"), pile_size(2, "short"), pile_size(4, "long")
    (45, 35, 64)
    """
    from gamekit.titles.bloody_inn.cards import REMOVED

    return TRAVELLERS - REMOVED[players][length]


def players_for(seed: int, exercise_id: str) -> int:
    """A learner's number of players (2 to 4) for one exercise."""
    return 2 + int(variant_rng(seed, exercise_id).below(3))


def table_for(seed: int, exercise_id: str) -> tuple[int, str]:
    """A learner's number of players (2 to 4) and game length for one exercise."""
    rng = variant_rng(seed, exercise_id)
    return 2 + int(rng.below(3)), ("long", "short")[rng.below(2)]


def game_name(length: str) -> Text:
    """ "Long game" or "Short game", as a question starts."""
    return Text(M("Long game")) if length == "long" else Text(M("Short game"))


def police_with(players: int) -> Exercise:
    """inn-2 with ``players`` (the bank's: 2, 5 rooms open).

    >>> "With 4 players, 8 rooms are open" in police_with(4).question
    True
    """
    rooms = rooms_open(players)
    return Exercise(
        id="inn-2",
        title="The Bloody Inn",
        level="core",
        question=Text(
            M(
                "With {players} players, {rooms} rooms are open, so the first round lodges the "
                "{rooms} top travellers of the pile. A police officer in a room at the morning "
                "check makes every unburied corpse cost 10F. Give the distribution of the number "
                "of police officers among those {rooms} travellers.",
                players=players,
                rooms=rooms,
            )
        ),
        expected=partial(police_in_first_round, rooms),
        form=Text(M("a dict {{number of police: probability}} for 0 to {rooms}", rooms=rooms)),
        hint=Text(M("Hypergeometric: C(14, k) C(56, {rooms} - k) / C(70, {rooms}).", rooms=rooms)),
        estimates=True,
        variant=lambda seed: police_with(players_for(seed, "inn-2")),
    )


def pockets_with(players: int) -> Exercise:
    """inn-3 with ``players`` (the bank's: 2, the 5 travellers of the first round).

    >>> pockets_with(3).question[:36]
    'With 3 players, 6 rooms are open. Ra'
    """
    rooms = rooms_open(players)
    if players == PLAYERS:
        question = M(
            "Rank 0 travellers carry 8F, rank 1 12F, rank 2 18F and rank 3 26F; each family "
            "of 14 has 4, 4, 3 and 3 cards of these ranks. How much money do you expect in "
            "the pockets of the 5 travellers of the first round, all together?"
        )
    else:
        question = M(
            "With {players} players, {rooms} rooms are open. Rank 0 travellers carry 8F, rank "
            "1 12F, rank 2 18F and rank 3 26F; each family of 14 has 4, 4, 3 and 3 cards of "
            "these ranks. How much money do you expect in the pockets of the {rooms} "
            "travellers of the first round, all together?",
            players=players,
            rooms=rooms,
        )
    return Exercise(
        id="inn-3",
        title="The Bloody Inn",
        level="core",
        question=Text(question),
        expected=partial(expected_pockets, None, rooms),
        form=Text(M("an expected value in F, as a fraction")),
        hint=Text(
            M(
                "Expectations add up, even without replacement: {rooms} times the mean pocket "
                "(4*8 + 4*12 + 3*18 + 3*26)/14.",
                rooms=rooms,
            )
        ),
        estimates=True,
        variant=lambda seed: pockets_with(players_for(seed, "inn-3")),
        variance=partial(pockets_variance, None, rooms),
    )


def marquis_with(players: int, length: str) -> Exercise:
    """inn-4 with ``players`` and ``length`` (the bank's: 2 players, the long game; 25
    travellers removed): the formula is ``(70 - R - k) / (70 - k)`` with ``R`` removed.

    >>> marquis_with(4, "long").expected()
    (64 - k)/(70 - k)
    """
    pile = pile_size(players, length)
    return Exercise(
        id="inn-4",
        title="The Bloody Inn",
        level="challenge",
        question=Text(
            M(
                "{game} with {players} players: {removed} travellers are removed unseen, {pile} "
                "make the entrance pile. The Marquis (his Pavilion pays 18F) is one card. So far "
                "k travellers have come out of the pile and none was the Marquis. Do not use the "
                "card now face up on top of the pile: count it as unseen, like the rest of the "
                "pile. What is the chance that the Marquis is still to come (in the pile)?",
                game=game_name(length),
                players=players,
                removed=TRAVELLERS - pile,
                pile=pile,
            )
        ),
        expected=partial(marquis_formula, TRAVELLERS, TRAVELLERS - pile),
        form=Text(M("a formula in k")),
        hint=Text(
            M(
                "The Marquis is in one of the 70 - k places you have not seen, each as likely; "
                "how many of those places are in the pile?"
            )
        ),
        symbols=("k",),
        domain=(("k", 0, pile),),
        variant=lambda seed: marquis_with(*table_for(seed, "inn-4")),
    )


def every_round_with(players: int, length: str) -> Exercise:
    """inn-5 with ``players`` and ``length`` (the bank's: 2 players, the short game: 35
    travellers, 7 rounds of 5). The pile is always a whole number of rounds.

    >>> "Long game with 4 players: 64 travellers" in every_round_with(4, "long").question
    True
    """
    pile, rooms = pile_size(players, length), rooms_open(players)
    rounds, rest = divmod(pile, rooms)
    assert rest == 0, (players, length)
    return Exercise(
        id="inn-5",
        title="The Bloody Inn",
        level="challenge",
        question=Text(
            M(
                "{game} with {players} players: {pile} travellers make the entrance pile, "
                "exactly {rounds} rounds of {rooms}. What is the chance that every one of those "
                "{rounds} rounds lodges at least one police officer (so no night starts without "
                "the police at the inn)?",
                game=game_name(length),
                players=players,
                pile=pile,
                rounds=rounds,
                rooms=rooms,
            )
        ),
        expected=partial(police_every_round, rounds, rooms),
        form=Text(M("a probability as a fraction")),
        hint=Text(
            M(
                "Inclusion-exclusion: the chance that j given rounds have no police is "
                "C(70 - {rooms}j, 14) / C(70, 14) (the police sit elsewhere among the 70 places).",
                rooms=rooms,
            )
        ),
        estimates=True,
        variant=lambda seed: every_round_with(*table_for(seed, "inn-5")),
    )


BANK = (
    Exercise(
        id="inn-1",
        title="The Bloody Inn",
        level="warm-up",
        question=Text(
            M(
                "The 70 travellers are 5 families of 14, one of them the police. Set-up removes "
                "some unseen and shuffles the rest into the entrance pile, living side up. What "
                "is the chance that the traveller on top of the pile is a police officer?"
            )
        ),
        expected=first_is_police,
        form=Text(M("a probability as a fraction")),
        hint=Text(
            M(
                "Removing cards unseen changes nothing: the top card is any of the 70, each as "
                "likely."
            )
        ),
        estimates=True,
    ),
    police_with(PLAYERS),
    pockets_with(PLAYERS),
    marquis_with(PLAYERS, "long"),
    every_round_with(PLAYERS, "short"),
)

register(*BANK)
TRIALS.update(
    {
        "inn-1": Trial(draw_first_police),
        "inn-2": Trial(draw_police_count, kind="frequencies"),
        "inn-3": Trial(draw_pockets, variance=pockets_variance),
        "inn-4": Trial(draw_marquis, exact=marquis_after_first_round),
        "inn-5": Trial(draw_police_every_round),
    }
)
