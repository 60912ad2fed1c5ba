"""Hats probability exercises (``hats-1`` ... ``hats-6``), warm-up to challenge.

Exact answers come from :mod:`gamekit.titles.hats.odds` or small SymPy formulas here;
each exercise has a :class:`~gamekit.exercises.Trial` that estimates it on the
engine.

>>> from gamekit.exercises import check
>>> check("hats-1", "5/7").ok
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
from gamekit.titles.hats.terms import HATS, M

COLLECTION = ("red 5", "red 6", "blue 2")
"""The collection of ``hats-4``."""
WANTED = "red 6"
"""The table card of ``hats-3``."""


# -- exact answers -------------------------------------------------------------------


def type_survives() -> Any:
    """hats-1: a given type stays in a 2-player game."""
    from gamekit.titles.hats.odds import survives_removal

    return survives_removal()


def in_play(players: int) -> tuple[int, int]:
    """The types in play and the tea table's spaces with ``players`` (Ruling H2).

    >>> in_play(2), in_play(3)
    ((5, 5), (7, 6))
    """
    return (5, 5) if players == 2 else (7, 6)


def all_types_differ(players: int = 3) -> Any:
    """hats-2: the opening table cards show as many different types as spaces."""
    from gamekit.titles.hats.odds import all_types_differ as differ

    types, spaces = in_play(players)
    return differ(types=types, spaces=spaces)


def card_id_of(name: str) -> int:
    """A card's id from its English name (``"red 6"``)."""
    from gamekit.titles.hats.odds import card_id

    return card_id(name)


def can_take_chance(card: int, pool: Sequence[int], hand: int) -> Any:
    """The chance that ``hand`` cards drawn from ``pool`` can take ``card`` (Ruling H3):
    ``1 - C(N - q, h) / C(N, h)`` where ``q`` pool cards may take it.

    >>> from gamekit.titles.hats.rules import card_of
    >>> can_take_chance(card_of("red", 6), range(6), 1)
    1
    """
    from gamekit.titles.hats.rules import can_take

    cards = [c for c in pool if c != card]
    q = sum(1 for c in cards if can_take(c, card))
    return 1 - sympy.Rational(math.comb(len(cards) - q, hand), math.comb(len(cards), hand))


def take_chance(card: int, hand: int) -> Any:
    """hats-3: a hand of ``hand`` of the 41 other cards can take ``card``."""
    from gamekit.titles.hats.rules import CARDS

    return can_take_chance(card, CARDS, hand)


def take_red_six() -> Any:
    """hats-3 as the bank has it: a hand of 9 can take the red 6."""
    return take_chance(card_id_of(WANTED), 9)


def favourite_scores(collection: tuple[int, ...] | None = None) -> Any:
    """The favourite-hat score of a collection (default ``COLLECTION``) for a favourite
    among the 39 other cards."""
    from gamekit.titles.hats.odds import favourite_distribution

    return favourite_distribution(list(COLLECTION if collection is None else collection))


def favourite_mean(collection: tuple[int, ...] | None = None) -> Any:
    """hats-4: the expected favourite-hat score."""
    from gamekit.odds._common import mean

    return mean(favourite_scores(collection))


def red_value(players: int = 3) -> Any:
    """hats-5: what one red card is worth on the opening table."""
    from gamekit.titles.hats.odds import type_value

    types, spaces = in_play(players)
    return type_value(types=types, spaces=spaces)


def survival_formula() -> Any:
    """hats-6: ``(t - r) / t``."""
    t, r = sympy.symbols("t r")
    return sympy.binomial(t - 1, r) / sympy.binomial(t, r)


def at_most_every_type(point: Any) -> bool:
    """hats-6's domain: at most the ``t`` types are removed (``r <= t``)."""
    return bool(point["r"] <= point["t"])


# -- simulations on the engine ------------------------------------------------------------


def _views(n: int, seed: int, players: int) -> Iterator[Any]:
    import gamekit
    from gamekit.core.rng import derive_seed

    for i in range(n):
        yield gamekit.new_game("hats", players=players, seed=derive_seed(seed, "hats", i)).view(0)


def draw_survives(n: int, seed: int) -> Iterator[int]:
    """1 when red stays in a 2-player game."""
    for view in _views(n, seed, 2):
        yield int("red" not in view["removed_types"])


def draw_all_differ(n: int, seed: int) -> Iterator[int]:
    """1 when the opening table of a 3-player game has 6 different types."""
    for view in _views(n, seed, 3):
        yield int(len({c // 6 for c in view["table"]}) == 6)


def draw_take(n: int, seed: int) -> Iterator[int]:
    """Deal 9 of the 41 other cards with the seeded shuffle; 1 when one may take the red 6."""
    from gamekit.core.rng import Rng, derive_seed
    from gamekit.titles.hats.odds import card_id
    from gamekit.titles.hats.rules import CARDS, can_take

    wanted = card_id(WANTED)
    others = [c for c in CARDS if c != wanted]
    for i in range(n):
        hand = Rng(derive_seed(seed, "take", i)).shuffled(others)[:9]
        yield int(any(can_take(c, wanted) for c in hand))


def draw_favourite(n: int, seed: int) -> Iterator[int]:
    """A favourite drawn at random among the 39 other cards; yield its score."""
    from gamekit.core.rng import Rng, derive_seed
    from gamekit.titles.hats.odds import card_id
    from gamekit.titles.hats.rules import CARDS

    cards = [card_id(c) for c in COLLECTION]
    others = [c for c in CARDS if c not in cards]
    for i in range(n):
        fav = Rng(derive_seed(seed, "favourite", i)).choice(others)
        same = sum(c % 6 + 1 for c in cards if c // 6 == fav // 6)
        yield same - (fav % 6 + 1)


def draw_red_value(n: int, seed: int) -> Iterator[int]:
    """What a red card is worth on the opening table of a 3-player game."""
    from gamekit.titles.hats.odds import type_values

    for view in _views(n, seed, 3):
        yield type_values(view["table"])["red"]


def _favourite_variance(collection: tuple[int, ...] | None = None) -> Any:
    from gamekit.odds._common import variance

    return variance(favourite_scores(collection))


def players_for(seed: int, exercise_id: str) -> int:
    """A learner's number of players (2 to 4) for one exercise."""
    return 2 + int(variant_rng(seed, exercise_id).below(3))


def table_for(players: int) -> Exercise:
    """hats-2 with ``players`` (the bank's: 3; with 2, 5 types on 5 spaces).

    >>> "With 2 players, 5 of the 30 hats" in table_for(2).question
    True
    """
    types, spaces = in_play(players)
    cards = 6 * types
    return Exercise(
        id="hats-2",
        title="Hats",
        level="core",
        question=Text(
            M(
                "With {players} players, {spaces} of the {cards} hats ({types} types numbered "
                "1 to 6) are laid face up on the {spaces} spaces of the tea table. What is the "
                "chance that the {spaces} cards are of {spaces} different types, so that every "
                "space scores at the end?",
                players=players,
                spaces=spaces,
                cards=cards,
                types=types,
            )
        ),
        expected=partial(all_types_differ, players),
        form=Text(M("a probability as a fraction")),
        hint=Text(
            M(
                "Lay the cards one after another: the second must avoid the 5 other cards of "
                "the first one's type ({second} of {left}), the third {third} of {less}, and "
                "so on.",
                second=cards - 6,
                left=cards - 1,
                third=cards - 12,
                less=cards - 2,
            )
        ),
        estimates=True,
        variant=lambda seed: table_for(players_for(seed, "hats-2")),
    )


def take_card(card: int, hand: int) -> Exercise:
    """hats-3 with ``card`` on the table and a hand of ``hand`` (the bank's: the red 6, 9).

    >>> "The red 6 lies on the tea table. You hold 9" in take_card(5, 9).question
    True
    """
    from gamekit.titles.hats.rules import CARDS, can_take

    takers = sum(1 for c in CARDS if c != card and can_take(c, card))
    if card == card_id_of(WANTED) and hand == 9:
        hint = M(
            "No number beats a 6: only the 5 other reds can take it. Find the chance of a "
            "hand with no red at all, C(36, 9) / C(41, 9), and take it away from 1."
        )
    else:
        hint = M(
            "Count the other hats that can take the {card} (its type, or a higher number): "
            "{takers} of the 41. Find the chance of a hand with none of them and take it "
            "away from 1.",
            card=HATS[card],
            takers=takers,
        )
    return Exercise(
        id="hats-3",
        title="Hats",
        level="core",
        question=Text(
            M(
                "The {card} lies on the tea table. You hold {hand} cards, any {hand} of the 41 "
                "other hats. You may take a card with one of the same type or with a strictly "
                "higher number (Ruling H3). What is the chance that you can take the {card}?",
                card=HATS[card],
                hand=hand,
            )
        ),
        expected=partial(take_chance, card, hand),
        form=Text(M("a probability as a fraction")),
        hint=Text(hint),
        estimates=True,
        variant=take_for,
    )


def take_for(seed: int) -> Exercise:
    """hats-3 for one learner: a card numbered 3 to 6 of any type, a hand of 5 to 10."""
    rng = variant_rng(seed, "hats-3")
    card = 6 * rng.below(7) + 2 + rng.below(4)
    return take_card(card, 5 + rng.below(6))


def favourite_of(collection: tuple[int, ...]) -> Exercise:
    """hats-4 with this collection of three cards (the bank's: red 5, red 6, blue 2)."""
    bank = collection == tuple(card_id_of(c) for c in COLLECTION)
    if bank:
        hint = M(
            "Split by the favourite's type: a red one scores 11 - k (k = 1..4), a blue one "
            "2 - k (k = 1, 3..6), any other -k. Average over the 39 cards."
        )
    else:
        hint = M(
            "Split by the favourite's type: one of a type in your collection scores the sum "
            "of your numbers of that type minus its own number k, any other -k. Average over "
            "the 39 cards."
        )
    first, second, third = (HATS[c] for c in collection)
    return Exercise(
        id="hats-4",
        title="Hats",
        level="core",
        question=Text(
            M(
                "Your collection is the {first}, the {second} and the {third}. At the end your "
                "last card, the favourite hat, scores the numbers of your collection's cards of "
                "its type minus its own number. If the favourite is any one of the 39 other "
                "cards, equally likely, what score do you expect?",
                first=first,
                second=second,
                third=third,
            )
        ),
        expected=partial(favourite_mean, collection),
        form=Text(M("an expected value as a fraction (it may be negative)")),
        hint=Text(hint),
        estimates=True,
        variant=favourite_for,
        variance=partial(_favourite_variance, collection),
    )


def favourite_for(seed: int) -> Exercise:
    """hats-4 for one learner: a collection of three cards, two of them of one type."""
    rng = variant_rng(seed, "hats-4")
    kinds = rng.shuffled(range(7))[:2]
    numbers = rng.shuffled(range(6))
    cards = sorted(
        {6 * kinds[0] + numbers[0], 6 * kinds[0] + numbers[1], 6 * kinds[1] + numbers[2]}
    )
    return favourite_of(tuple(cards))


def red_worth(players: int) -> Exercise:
    """hats-5 with ``players`` (the bank's: 3; with 2, red is one of 5 types on 5 spaces)."""
    types, spaces = in_play(players)
    cards = 6 * types
    if players == 2:
        question = M(
            "With 2 players, suppose red is one of the 5 types left in the game and the "
            "opening tea table (5 spaces) stayed as it is to the end. A red card in a "
            "collection scores the number of the leftmost space showing a red hat (Ruling "
            "H7), and 0 if no red is on the table. Give the distribution of what a red card "
            "is worth."
        )
    else:
        question = M(
            "With {players} players, suppose the opening tea table stayed as it is to the end. "
            "A red card in a collection scores the number of the leftmost space showing a red "
            "hat (Ruling H7), and 0 if no red is on the table. Give the distribution of what a "
            "red card is worth.",
            players=players,
        )
    return Exercise(
        id="hats-5",
        title="Hats",
        level="challenge",
        question=Text(question),
        expected=partial(red_value, players),
        form=Text(M("a dict {{value: probability}} for the values 0 to {spaces}", spaces=spaces)),
        hint=Text(
            M(
                "It is worth j when spaces 1..j-1 miss red and space j is red: "
                "C({others}, j-1)/C({cards}, j-1) * 6/({cards} - j + 1). The rest is the chance "
                "of 0.",
                others=cards - 6,
                cards=cards,
            )
        ),
        estimates=True,
        variant=lambda seed: red_worth(players_for(seed, "hats-5")),
    )


BANK = (
    Exercise(
        id="hats-1",
        title="Hats",
        level="warm-up",
        question=Text(
            M(
                "With 2 players, every card of two of the 7 hat types goes back in the box, "
                "chosen at random. What is the chance that red stays in the game?"
            )
        ),
        expected=type_survives,
        form=Text(M("a probability as a fraction")),
        hint=Text(M("Count the pairs of types that leave red alone, out of C(7, 2) pairs.")),
        estimates=True,
    ),
    table_for(3),
    take_card(card_id_of(WANTED), 9),
    favourite_of(tuple(card_id_of(c) for c in COLLECTION)),
    red_worth(3),
    Exercise(
        id="hats-6",
        title="Hats",
        level="challenge",
        question=Text(
            M(
                "Make hats-1 a formula: a game has t types and r of them go back in the box, "
                "chosen at random. What is the chance that a given type stays in the game?"
            )
        ),
        expected=survival_formula,
        form=Text(M("a formula in t and r")),
        hint=Text(
            M(
                "The r removed types are chosen among the t - 1 others: C(t - 1, r) / C(t, r). "
                "Simplify it!"
            )
        ),
        symbols=("t", "r"),
        domain=(("t", 1, 1000), ("r", 0, 1000)),
        where=at_most_every_type,
    ),
)

register(*BANK)
TRIALS.update(
    {
        "hats-1": Trial(draw_survives),
        "hats-2": Trial(draw_all_differ),
        "hats-3": Trial(draw_take),
        "hats-4": Trial(draw_favourite, variance=_favourite_variance),
        "hats-5": Trial(draw_red_value, kind="frequencies"),
        "hats-6": Trial(draw_survives, exact=type_survives),
    }
)
