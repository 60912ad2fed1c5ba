"""Knock! Knock!'s what-if explorers (``gamekit.explore``): kk-4's formula, and the
chance of a kid or a hearse taxi in your starting hand for 3 to 5 players.

>>> [ex.key for ex in EXPLORERS]
['kk-4', 'a chaser in my starting hand']
>>> EXPLORERS[1].exact(players=4, kinds="chasers")
319394/511313
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

import sympy

from gamekit.core.i18n import Text
from gamekit.explorers import Explorer, Slider, seeds, shuffled
from gamekit.titles.knock_knock.terms import M

KINDS: dict[str, tuple[str, ...]] = {
    "chasers": ("kid", "hearse taxi"),
    "kids": ("kid",),
    "taxis": ("hearse taxi",),
    "vamps": ("monster vamp", "ghost vamp", "vampire vamp"),
}
"""The kinds of card the starting-hand explorer asks about."""


def pair_chance(g: int, f: int) -> Any:
    """kk-4 at ``g`` guests of each of ``f`` folks, by counting: ``f C(g, 2)`` of the
    ``C(f g, 2)`` pairs of first guests share a folk.

    >>> pair_chance(4, 3)
    3/11
    """
    return sympy.Rational(f * math.comb(g, 2), math.comb(f * g, 2))


def deal_pairs(point: Mapping[str, Any], n: int, seed: int) -> Iterator[int]:
    """Shuffle ``f`` folks of ``g`` guests ``n`` times; 1 when the two first share a folk."""
    guests = [folk for folk in range(point["f"]) for _ in range(point["g"])]
    for one in seeds(seed, n, "first guests"):
        first, second = shuffled(guests, one)[:2]
        yield int(first == second)


def two_guests(point: Mapping[str, Any]) -> str | None:
    """A deal needs two guests at least."""
    if point["f"] * point["g"] < 2:
        return str(M("a deal needs two guests at least (f × g ≥ 2)"))
    return None


def chaser_chance(players: int, kinds: str) -> Any:
    """At least one card of ``kinds`` in seat 0's five-card starting hand.

    >>> chaser_chance(4, "chasers")  # kk-2: 1 minus the chance of none
    319394/511313
    """
    from gamekit.titles.knock_knock.odds import starting_hand

    return 1 - starting_hand(KINDS[kinds], players).get(0, sympy.Integer(0))


def deal_hands(point: Mapping[str, Any], n: int, seed: int) -> Iterator[int]:
    """Deal ``n`` games with the engine; 1 when seat 0's hand holds a card of the kinds."""
    from gamekit.titles.knock_knock.odds import simulate_starting_hand

    for count in simulate_starting_hand(KINDS[point["kinds"]], n, seed, point["players"]):
        yield int(count > 0)


def _pair_formula() -> Any:
    from gamekit.titles.knock_knock.odds import starting_pair_formula

    return starting_pair_formula()


EXPLORERS = (
    Explorer(
        key="kk-4",
        title="knock-knock",
        exercise="kk-4",
        question=Text(M("Your two first guests share a folk (g guests of each of f folks)")),
        conditions=Text(M("Conditions on nothing seen: a uniform shuffle of the first guests.")),
        sliders=(
            Slider(name="g", label=Text(M("g: guests of each folk")), low=1, high=12, default=4),
            Slider(name="f", label=Text(M("f: folks")), low=1, high=8, default=3),
        ),
        exact=pair_chance,
        sample=deal_pairs,
        valid=two_guests,
        formula=_pair_formula,
        exercises={"kk-1": {"g": 4, "f": 3}},
    ),
    Explorer(
        key="a chaser in my starting hand",
        title="knock-knock",
        question=Text(M("Your five-card starting hand holds at least one of these cards")),
        conditions=Text(
            M("Conditions on nothing seen: a uniform deal, before the first guests are shown.")
        ),
        sliders=(
            Slider(name="players", label=Text(M("players")), low=3, high=5, default=4),
            Slider(
                name="kinds",
                label=Text(M("cards")),
                default="chasers",
                choices=(
                    ("chasers", Text(M("kids or hearse taxis"))),
                    ("kids", Text(M("kids"))),
                    ("taxis", Text(M("hearse taxis"))),
                    ("vamps", Text(M("vamps"))),
                ),
            ),
        ),
        exact=chaser_chance,
        sample=deal_hands,
    ),
)
