"""Knock! Knock! probability exercises (``kk-1`` ... ``kk-6``), warm-up to challenge.

Every answer is exact (SymPy, mostly from :mod:`gamekit.titles.knock_knock.odds`) and
every exercise has a :class:`~gamekit.exercises.Trial` that estimates it on the
engine, so a learner can check a simulated estimate too.

>>> from gamekit.exercises import check
>>> check("kk-1", "3/11").ok
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import sympy

from gamekit.core.i18n import Text, catalog
from gamekit.exercises import TRIALS, Exercise, Trial, register

M = catalog("gamekit.titles.knock_knock")

FOLKS = ("monster", "ghost", "vampire")
CHASERS = ("kid", "hearse taxi")
VAMPS = ("monster vamp", "ghost vamp", "vampire vamp")
VIEW_SEED = 3
"""The seeded game of ``kk-6``: ``gamekit.new_game("knock-knock", players=4, seed=3)``."""


def folk_of(kind: str) -> str:
    """The folk of a card kind (``"ghost brute"`` -> ``"ghost"``), else the kind itself.

    >>> folk_of("vampire musician"), folk_of("kid")
    ('vampire', 'kid')
    """
    first = kind.split()[0]
    return first if first in FOLKS else kind


# -- exact answers -------------------------------------------------------------------


def first_pair() -> Any:
    """kk-1: both first guests of one folk (4 guests of each of 3 folks)."""
    from gamekit.titles.knock_knock.odds import starting_guests

    return starting_guests()["one folk"]


def chasers_in_hand() -> Any:
    """kk-2: kids and hearse taxis in a 4-player starting hand (hypergeometric)."""
    from gamekit.titles.knock_knock.odds import starting_hand

    return starting_hand(list(CHASERS), players=4)


def vamps_in_hand() -> Any:
    """kk-3: the distribution of vamps in a 4-player starting hand."""
    from gamekit.titles.knock_knock.odds import starting_hand

    return starting_hand(list(VAMPS), players=4)


def pair_formula() -> Any:
    """kk-4: ``(g - 1) / (f g - 1)``."""
    from gamekit.titles.knock_knock.odds import starting_pair_formula

    return starting_pair_formula()


def pairs_at_table() -> Any:
    """kk-5: how many of 4 players start with two guests of one folk."""
    from gamekit.titles.knock_knock.odds import pairs_at_table as pairs

    return pairs(4)


def seeded_view() -> Any:
    """Player 0's view at the start of the seeded game of ``kk-6``."""
    import gamekit

    return gamekit.new_game("knock-knock", players=4, seed=VIEW_SEED).view(0)


def next_is_chaser() -> Any:
    """kk-6: the next face-down deck card is a kid or a hearse taxi, for player 0."""
    from gamekit.titles.knock_knock.odds import next_deck_card

    dist = next_deck_card(seeded_view())
    return sum((dist.get(k, 0) for k in CHASERS), sympy.Integer(0))


def two_guests_at_least(point: Any) -> bool:
    """kk-4's domain: at least two guests to deal (``f g >= 2``)."""
    return bool(point["f"] * point["g"] >= 2)


# -- simulations on the engine ----------------------------------------------------------


def _games(n: int, seed: int, players: int = 4) -> Iterator[Any]:
    import gamekit
    from gamekit.core.rng import derive_seed

    for i in range(n):
        yield gamekit.new_game("knock-knock", players=players, seed=derive_seed(seed, "kk", i))


def draw_first_pair(n: int, seed: int) -> Iterator[int]:
    """1 when player 0's two first guests share a folk."""
    for game in _games(n, seed):
        yield int(len({folk_of(c) for c in game.view(0)["parties"][0]}) == 1)


def draw_hand_count(kinds: tuple[str, ...]) -> Any:
    """A sampler: how many cards of ``kinds`` player 0's starting hand holds."""

    def draw(n: int, seed: int) -> Iterator[int]:
        for game in _games(n, seed):
            yield sum(card in kinds for card in game.view(0)["hand"])

    return draw


def draw_pairs(n: int, seed: int) -> Iterator[int]:
    """How many players start with two guests of one folk."""
    for game in _games(n, seed):
        yield sum(len({folk_of(c) for c in party}) == 1 for party in game.view(0)["parties"])


def draw_next_card(n: int, seed: int) -> Iterator[int]:
    """Deal again what player 0 cannot see; 1 when the next deck card is a kid or a taxi."""
    import gamekit
    from gamekit.titles.knock_knock.odds import simulate_next_deck_card

    state = gamekit.new_game("knock-knock", players=4, seed=VIEW_SEED).state
    for kind in simulate_next_deck_card(state, 0, n, seed):
        yield int(kind in CHASERS)


def _variance_of(dist_fn: Any) -> Any:
    def variance() -> Any:
        from gamekit.odds._common import variance as var

        return var(dist_fn())

    return variance


def _mean_of(dist_fn: Any) -> Any:
    def mean() -> Any:
        from gamekit.odds._common import mean as m

        return m(dist_fn())

    return mean


TITLE = Text(M("Knock! Knock!"))
"""The title as the exercises show it ("Toc Toc Toc" in French)."""

BANK = (
    Exercise(
        "kk-1",
        TITLE,
        "warm-up",
        Text(
            M(
                "At the start, 12 plain guests (4 monsters, 4 ghosts, 4 vampires) are shuffled "
                "and every player gets two of them face up. What is the chance that your two "
                "first guests are of the same folk?"
            )
        ),
        first_pair,
        Text(M("a probability as a fraction, such as Rational(1, 4) or '1/4'")),
        Text(M("Whatever your first guest is, how many of the 11 guests left share its folk?")),
        estimates=True,
    ),
    Exercise(
        "kk-2",
        TITLE,
        "core",
        Text(
            M(
                "Kids (5 cards) and hearse taxis (3 cards) chase guests out of a party. With 4 "
                "players, 8 of the 12 plain guests are dealt as first guests; the other 47 cards "
                "are shuffled and you get 5 of them. Give the distribution of the number of kids "
                "and taxis in your starting hand."
            )
        ),
        chasers_in_hand,
        Text(M("a dict {{count: probability}} for the counts that can happen (0 to 5)")),
        Text(
            M(
                "A hypergeometric count: choose k of the 8 chasers and 5 - k of the 39 other "
                "cards, out of C(47, 5) hands."
            )
        ),
        estimates=True,
    ),
    Exercise(
        "kk-3",
        TITLE,
        "core",
        Text(
            M(
                "There are 15 vamps (5 of each folk) among the 47 cards your 4-player starting "
                "hand of 5 is dealt from. How many vamps do you expect in your hand?"
            )
        ),
        _mean_of(vamps_in_hand),
        Text(M("an expected value as a fraction")),
        Text(M("Each of your 5 cards is a vamp with the same chance, 15/47: add them up.")),
        estimates=True,
    ),
    Exercise(
        "kk-4",
        TITLE,
        "core",
        Text(
            M(
                "Make kk-1 a formula: the first guests are shuffled from g plain guests of each "
                "of f folks. What is the chance that your two first guests share a folk?"
            )
        ),
        pair_formula,
        Text(M("a formula in g and f, such as '(g - 1)/(f*g)'")),
        Text(M("After your first guest, g - 1 of the f*g - 1 guests left share its folk.")),
        symbols=("g", "f"),
        domain=(("g", 1, 1000), ("f", 1, 1000)),
        where=two_guests_at_least,
    ),
    Exercise(
        "kk-5",
        TITLE,
        "challenge",
        Text(
            M(
                "With 4 players, 8 of the 12 plain guests are dealt, two to each player. Give the "
                "distribution of the number of players whose two first guests share a folk."
            )
        ),
        pairs_at_table,
        Text(M("a dict {{number of players: probability}} for 0 to 4")),
        Text(
            M(
                "The players are not independent: follow the deal player by player, keeping "
                "how many guests of each folk are left (or count all the deals)."
            )
        ),
        estimates=True,
    ),
    Exercise(
        "kk-6",
        TITLE,
        "challenge",
        Text(
            M(
                "In gamekit.new_game('knock-knock', players=4, seed=3), Player 1 (seat 0) looks at "
                "the table before the first knock. The deck lies face up. As far as Player 1 knows "
                "(every card they cannot see is equally likely to be any unseen card), what is "
                "the chance that the card under the face-up top card is a kid or a hearse taxi?"
            )
        ),
        next_is_chaser,
        Text(M("a probability as a fraction")),
        Text(
            M(
                "Count the kids and taxis Player 1 cannot see (5 + 3 minus those in sight) and "
                "divide by the number of cards Player 1 cannot see."
            )
        ),
        estimates=True,
    ),
)

register(*BANK)
TRIALS.update(
    {
        "kk-1": Trial(draw_first_pair),
        "kk-2": Trial(draw_hand_count(CHASERS), kind="frequencies"),
        "kk-3": Trial(draw_hand_count(VAMPS), variance=_variance_of(vamps_in_hand)),
        "kk-4": Trial(draw_first_pair, exact=first_pair),
        "kk-5": Trial(draw_pairs, kind="frequencies"),
        "kk-6": Trial(draw_next_card),
    }
)
