"""Hats' what-if explorers (``gamekit.explore``): hats-6's formula (the types that go
back in the box), and whether the next player can take the card you leave.

>>> [ex.key for ex in EXPLORERS]
['hats-6', 'can the next player take it']
>>> EXPLORERS[1].exact(number=6, hand=9, players=3)  # hats-3
274011/374699
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from gamekit.core.i18n import Text
from gamekit.explorers import Explorer, Slider, seeds, shuffled
from gamekit.titles.hats.cards import CARDS, NUMBERS, TYPES, can_take
from gamekit.titles.hats.terms import M

TWO_PLAYER_TYPES = 5
"""With two players, two of the seven types go back in the box (Ruling H2)."""


def survival(t: int, r: int) -> Any:
    """hats-6 at ``t`` types, ``r`` removed: ``C(t - 1, r) / C(t, r)`` of the removals
    spare a given type.

    >>> survival(7, 2)
    5/7
    """
    from gamekit.titles.hats.odds import survives_removal

    return survives_removal(types=t, removed=r)


def remove_types(point: Mapping[str, Any], n: int, seed: int) -> Iterator[int]:
    """Shuffle ``t`` types ``n`` times and box the ``r`` first; 1 when type 0 stays."""
    for one in seeds(seed, n, "removal"):
        yield int(0 not in shuffled(range(point["t"]), one)[: point["r"]])


def at_most_every_type(point: Mapping[str, Any]) -> str | None:
    """At most the ``t`` types can go back in the box."""
    if point["r"] > point["t"]:
        return str(M("at most the t types can be removed (r ≤ t)"))
    return None


def in_play(players: int) -> list[int]:
    """The cards of the types in the game: all seven, or five with two players (which
    five does not change the chance: only numbers and one's own type matter).

    >>> len(in_play(2)), len(in_play(3))
    (30, 42)
    """
    types = TWO_PLAYER_TYPES if players == 2 else len(TYPES)
    return [c for c in CARDS if c // NUMBERS < types]


def take_chance(number: int, hand: int, players: int) -> Any:
    """A hand of ``hand`` cards, any of the other cards in play, can take the red
    ``number`` you leave on the tea table (Ruling H3).

    >>> take_chance(1, 1, 3)  # 5 other reds and the 30 higher cards of the 6 other types
    35/41
    """
    from gamekit.titles.hats.odds import exchange_chance

    return exchange_chance(number - 1, hand, in_play(players))


def draw_hands(point: Mapping[str, Any], n: int, seed: int) -> Iterator[int]:
    """Deal ``n`` hands from the other cards in play; 1 when one of them can take it."""
    card = point["number"] - 1
    pool = [c for c in in_play(point["players"]) if c != card]
    for one in seeds(seed, n, "hand"):
        yield int(any(can_take(c, card) for c in shuffled(pool, one)[: point["hand"]]))


def _formula() -> Any:
    from gamekit.titles.hats.checks import survival_formula

    return survival_formula()


EXPLORERS = (
    Explorer(
        key="hats-6",
        title="hats",
        exercise="hats-6",
        question=Text(M("A given type stays in the game (t types, r go back in the box)")),
        conditions=Text(M("Conditions on nothing seen: the removed types are a uniform choice.")),
        sliders=(
            Slider(name="t", label=Text(M("t: types")), low=1, high=12, default=7),
            Slider(name="r", label=Text(M("r: types removed")), low=0, high=12, default=2),
        ),
        exact=survival,
        sample=remove_types,
        valid=at_most_every_type,
        formula=_formula,
        exercises={"hats-1": {"t": 7, "r": 2}},
    ),
    Explorer(
        key="can the next player take it",
        title="hats",
        question=Text(M("The next player can take the red card you leave on the tea table")),
        conditions=Text(
            M(
                "Conditions on the number of players only: their hand is any set of that "
                "many of the other cards in play."
            )
        ),
        sliders=(
            Slider(name="number", label=Text(M("number on the card")), low=1, high=6, default=6),
            Slider(name="hand", label=Text(M("cards in their hand")), low=1, high=9, default=9),
            Slider(name="players", label=Text(M("players")), low=2, high=4, default=3),
        ),
        exact=take_chance,
        sample=draw_hands,
        exercises={"hats-3": {"number": 6, "hand": 9, "players": 3}},
    ),
)
