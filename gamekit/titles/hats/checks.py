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
from typing import Any

import sympy

from gamekit.core.i18n import Text
from gamekit.exercises import TRIALS, Exercise, Trial, register
from gamekit.titles.hats.terms import M

COLLECTION = ("red 5", "red 6", "blue 2")
"""The collection of ``hats-4``."""
WANTED = "red 6"
"""The table card of ``hats-3``."""


# -- exact answers -------------------------------------------------------------------


def type_survives() -> Any:
    """hats-1: a given type stays in a 2-player game."""
    from gamekit.titles.hats.odds import survives_removal

    return survives_removal()


def all_types_differ() -> Any:
    """hats-2: the 6 opening table cards show 6 different types."""
    from gamekit.titles.hats.odds import all_types_differ as differ

    return differ()


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


def take_red_six() -> Any:
    """hats-3: a hand of 9 of the 41 other cards can take the red 6."""
    from gamekit.titles.hats.odds import card_id
    from gamekit.titles.hats.rules import CARDS

    return can_take_chance(card_id(WANTED), CARDS, 9)


def favourite_scores() -> Any:
    """The favourite-hat score of ``COLLECTION`` for a favourite among the 39 other cards."""
    from gamekit.titles.hats.odds import favourite_distribution

    return favourite_distribution(list(COLLECTION))


def favourite_mean() -> Any:
    """hats-4: the expected favourite-hat score."""
    from gamekit.odds._common import mean

    return mean(favourite_scores())


def red_value() -> Any:
    """hats-5: what one red card is worth on the opening table (3 players)."""
    from gamekit.titles.hats.odds import type_value

    return type_value()


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


def _favourite_variance() -> Any:
    from gamekit.odds._common import variance

    return variance(favourite_scores())


BANK = (
    Exercise(
        "hats-1",
        "Hats",
        "warm-up",
        Text(
            M(
                "With 2 players, every card of two of the 7 hat types goes back in the box, "
                "chosen at random. What is the chance that red stays in the game?"
            )
        ),
        type_survives,
        Text(M("a probability as a fraction")),
        Text(M("Count the pairs of types that leave red alone, out of C(7, 2) pairs.")),
        estimates=True,
    ),
    Exercise(
        "hats-2",
        "Hats",
        "core",
        Text(
            M(
                "With 3 players, 6 of the 42 hats (7 types numbered 1 to 6) are laid face up on "
                "the 6 spaces of the tea table. What is the chance that the 6 cards are of 6 "
                "different types, so that every space scores at the end?"
            )
        ),
        all_types_differ,
        Text(M("a probability as a fraction")),
        Text(
            M(
                "Lay the cards one after another: the second must avoid the 5 other cards of "
                "the first one's type (36 of 41), the third 30 of 40, and so on."
            )
        ),
        estimates=True,
    ),
    Exercise(
        "hats-3",
        "Hats",
        "core",
        Text(
            M(
                "The red 6 lies on the tea table. You hold 9 cards, any 9 of the 41 other hats. "
                "You may take a card with one of the same type or with a strictly higher "
                "number (Ruling H3). What is the chance that you can take the red 6?"
            )
        ),
        take_red_six,
        Text(M("a probability as a fraction")),
        Text(
            M(
                "No number beats a 6: only the 5 other reds can take it. Find the chance of a "
                "hand with no red at all, C(36, 9) / C(41, 9), and take it away from 1."
            )
        ),
        estimates=True,
    ),
    Exercise(
        "hats-4",
        "Hats",
        "core",
        Text(
            M(
                "Your collection is the red 5, the red 6 and the blue 2. At the end your last "
                "card, the favourite hat, scores the numbers of your collection's cards of its "
                "type minus its own number. If the favourite is any one of the 39 other cards, "
                "equally likely, what score do you expect?"
            )
        ),
        favourite_mean,
        Text(M("an expected value as a fraction (it may be negative)")),
        Text(
            M(
                "Split by the favourite's type: a red one scores 11 - k (k = 1..4), a blue one "
                "2 - k (k = 1, 3..6), any other -k. Average over the 39 cards."
            )
        ),
        estimates=True,
    ),
    Exercise(
        "hats-5",
        "Hats",
        "challenge",
        Text(
            M(
                "With 3 players, suppose the opening tea table stayed as it is to the end. A "
                "red card in a collection scores the number of the leftmost space showing a "
                "red hat (Ruling H7), and 0 if no red is on the table. Give the distribution "
                "of what a red card is worth."
            )
        ),
        red_value,
        Text(M("a dict {{value: probability}} for the values 0 to 6")),
        Text(
            M(
                "It is worth j when spaces 1..j-1 miss red and space j is red: "
                "C(36, j-1)/C(42, j-1) * 6/(42 - j + 1). The rest is the chance of 0."
            )
        ),
        estimates=True,
    ),
    Exercise(
        "hats-6",
        "Hats",
        "challenge",
        Text(
            M(
                "Make hats-1 a formula: a game has t types and r of them go back in the box, "
                "chosen at random. What is the chance that a given type stays in the game?"
            )
        ),
        survival_formula,
        Text(M("a formula in t and r")),
        Text(
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
