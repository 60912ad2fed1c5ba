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
from functools import partial
from typing import Any

import sympy

from gamekit.core.i18n import Text, catalog
from gamekit.exercises import TRIALS, Exercise, Trial, register, variant_rng

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


def chasers_in_hand(players: int = 4) -> Any:
    """kk-2: kids and hearse taxis in a starting hand (hypergeometric)."""
    from gamekit.titles.knock_knock.odds import starting_hand

    return starting_hand(list(CHASERS), players=players)


def vamps_in_hand(players: int = 4) -> Any:
    """kk-3: the distribution of vamps in a starting hand."""
    from gamekit.titles.knock_knock.odds import starting_hand

    return starting_hand(list(VAMPS), players=players)


def hand_pool(players: int) -> int:
    """The cards a starting hand is dealt from: the deck less the first guests (and,
    with 3 players, the three boxed brutes).

    >>> hand_pool(4), hand_pool(3)
    (47, 46)
    """
    from gamekit.titles.knock_knock.cards import THREE_PLAYER_BOX
    from gamekit.titles.knock_knock.odds import FULL_DECK

    box = len(THREE_PLAYER_BOX) if players == 3 else 0
    return sum(FULL_DECK.values()) - box - 2 * players


def pair_formula() -> Any:
    """kk-4: ``(g - 1) / (f g - 1)``."""
    from gamekit.titles.knock_knock.odds import starting_pair_formula

    return starting_pair_formula()


def pairs_at_table(players: int = 4) -> Any:
    """kk-5: how many of the players start with two guests of one folk."""
    from gamekit.titles.knock_knock.odds import pairs_at_table as pairs

    return pairs(players)


def seeded_view(game_seed: int = VIEW_SEED, seat: int = 0, players: int = 4) -> Any:
    """A seat's view at the start of the seeded game of ``kk-6`` (or of a variant's)."""
    import gamekit

    return gamekit.new_game("knock-knock", players=players, seed=game_seed).view(seat)


def next_is_chaser(game_seed: int = VIEW_SEED, seat: int = 0, players: int = 4) -> Any:
    """kk-6: the next face-down deck card is a kid or a hearse taxi, for ``seat``."""
    from gamekit.titles.knock_knock.odds import next_deck_card

    dist = next_deck_card(seeded_view(game_seed, seat, players))
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


def _variance_of(dist_fn: Any, *args: Any) -> Any:
    def variance() -> Any:
        from gamekit.odds._common import variance as var

        return var(dist_fn(*args))

    return variance


def _mean_of(dist_fn: Any, *args: Any) -> Any:
    def mean() -> Any:
        from gamekit.odds._common import mean as m

        return m(dist_fn(*args))

    return mean


def players_for(seed: int, exercise_id: str) -> int:
    """A learner's number of players (3 to 5) for one exercise."""
    return 3 + int(variant_rng(seed, exercise_id).below(3))


def dealt_to(players: int) -> Exercise:
    """kk-2 at a table of ``players`` (the bank's: 4).

    >>> "With 3 players, 6 of the 12" in dealt_to(3).question
    True
    """
    pool = hand_pool(players)
    return Exercise(
        id="kk-2",
        title=TITLE,
        level="core",
        question=Text(
            M(
                "Kids (5 cards) and hearse taxis (3 cards) chase guests out of a party. With "
                "{players} players, {dealt} of the 12 plain guests are dealt as first guests; "
                "the other {pool} cards in play are shuffled and you get 5 of them. Give the "
                "distribution of the number of kids and taxis in your starting hand.",
                players=players,
                dealt=2 * players,
                pool=pool,
            )
        ),
        expected=partial(chasers_in_hand, players),
        form=Text(M("a dict {{count: probability}} for the counts that can happen (0 to 5)")),
        hint=Text(
            M(
                "A hypergeometric count: choose k of the 8 chasers and 5 - k of the {others} "
                "other cards, out of C({pool}, 5) hands.",
                others=pool - 8,
                pool=pool,
            )
        ),
        estimates=True,
        variant=lambda seed: dealt_to(players_for(seed, "kk-2")),
    )


def vamps_for(players: int) -> Exercise:
    """kk-3 at a table of ``players`` (the bank's: 4)."""
    pool = hand_pool(players)
    return Exercise(
        id="kk-3",
        title=TITLE,
        level="core",
        question=Text(
            M(
                "There are 15 vamps (5 of each folk) among the {pool} cards your "
                "{players}-player starting hand of 5 is dealt from. How many vamps do you "
                "expect in your hand?",
                pool=pool,
                players=players,
            )
        ),
        expected=_mean_of(vamps_in_hand, players),
        form=Text(M("an expected value as a fraction")),
        hint=Text(
            M(
                "Each of your 5 cards is a vamp with the same chance, 15/{pool}: add them up.",
                pool=pool,
            )
        ),
        estimates=True,
        variant=lambda seed: vamps_for(players_for(seed, "kk-3")),
        variance=_variance_of(vamps_in_hand, players),
    )


def table_of(players: int) -> Exercise:
    """kk-5 at a table of ``players`` (the bank's: 4)."""
    return Exercise(
        id="kk-5",
        title=TITLE,
        level="challenge",
        question=Text(
            M(
                "With {players} players, {dealt} of the 12 plain guests are dealt, two to each "
                "player. Give the distribution of the number of players whose two first guests "
                "share a folk.",
                players=players,
                dealt=2 * players,
            )
        ),
        expected=partial(pairs_at_table, players),
        form=Text(
            M(
                "a dict {{number of players: probability}} for 0 to {players}",
                players=players,
            )
        ),
        hint=Text(
            M(
                "The players are not independent: follow the deal player by player, keeping "
                "how many guests of each folk are left (or count all the deals)."
            )
        ),
        estimates=True,
        variant=lambda seed: table_of(players_for(seed, "kk-5")),
    )


def seen_from(game_seed: int, seat: int, players: int = 4) -> Exercise:
    """kk-6 in the game ``game_seed`` of ``players``, seen from ``seat`` (the bank's: seed
    3, 4 players, seat 0).

    >>> seen_from(7, seat=2, players=3).question[:60]
    "In gamekit.new_game('knock-knock', players=3, seed=7), Playe"
    """
    player = seat + 1
    return Exercise(
        id="kk-6",
        title=TITLE,
        level="challenge",
        question=Text(
            M(
                "In gamekit.new_game('knock-knock', players={players}, seed={seed}), "
                "Player {player} (seat {seat}) looks at the table before the first knock. The "
                "deck lies face up. "
                "As far as Player {player} knows (every card they cannot see is equally likely "
                "to be any unseen card), what is the chance that the card under the face-up top "
                "card is a kid or a hearse taxi?",
                players=players,
                seed=game_seed,
                player=player,
                seat=seat,
            )
        ),
        expected=partial(next_is_chaser, game_seed, seat, players),
        form=Text(M("a probability as a fraction")),
        hint=Text(
            M(
                "Count the kids and taxis Player {player} cannot see (5 + 3 minus those in "
                "sight) and divide by the number of cards Player {player} cannot see.",
                player=player,
            )
        ),
        estimates=True,
        variant=deal_for,
    )


def deal_for(seed: int) -> Exercise:
    """kk-6 for one learner: another deal (a game seed below 10,000), another number of
    players (3 to 5) and another seat.

    >>> deal_for(1).question == deal_for(1).question != deal_for(2).question
    True
    """
    from gamekit.core.rng import derive_seed

    mixed = derive_seed(seed, "kk-6")
    players = 3 + (mixed >> 16) % 3
    return seen_from(mixed % 10_000, seat=(mixed >> 32) % players, players=players)


TITLE = Text(M("Knock! Knock!"))
"""The title as the exercises show it ("Toc Toc Toc" in French)."""

BANK = (
    Exercise(
        id="kk-1",
        title=TITLE,
        level="warm-up",
        question=Text(
            M(
                "At the start, 12 plain guests (4 monsters, 4 ghosts, 4 vampires) are shuffled "
                "and every player gets two of them face up. What is the chance that your two "
                "first guests are of the same folk?"
            )
        ),
        expected=first_pair,
        form=Text(M("a probability as a fraction, such as Rational(1, 4) or '1/4'")),
        hint=Text(
            M("Whatever your first guest is, how many of the 11 guests left share its folk?")
        ),
        estimates=True,
    ),
    dealt_to(4),
    vamps_for(4),
    Exercise(
        id="kk-4",
        title=TITLE,
        level="core",
        question=Text(
            M(
                "Make kk-1 a formula: the first guests are shuffled from g plain guests of each "
                "of f folks. What is the chance that your two first guests share a folk?"
            )
        ),
        expected=pair_formula,
        form=Text(M("a formula in g and f, such as '(g - 1)/(f*g)'")),
        hint=Text(M("After your first guest, g - 1 of the f*g - 1 guests left share its folk.")),
        symbols=("g", "f"),
        domain=(("g", 1, 1000), ("f", 1, 1000)),
        where=two_guests_at_least,
    ),
    table_of(4),
    seen_from(VIEW_SEED, seat=0),
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
