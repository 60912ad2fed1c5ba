"""The Bloody Inn's what-if explorers (``gamekit.explore``): inn-4's formula, and the
Marquis coming at all, for every number of players and both lengths of game.

>>> [ex.key for ex in EXPLORERS]
['inn-4', 'the Marquis will come']
>>> EXPLORERS[1].exact(players=2, length="long")
9/14
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from gamekit.core.i18n import Text
from gamekit.explorers import Explorer, Slider, seeds, shuffled
from gamekit.titles.bloody_inn.cards import KEY, REMOVED, TRAVELLERS
from gamekit.titles.bloody_inn.terms import M

PILE = len(TRAVELLERS) - REMOVED[2]["long"]
"""inn-4's entrance pile: 45 of the 70 travellers (2 players, long game)."""
MARQUIS = "marquis"


def marquis_to_come(k: int) -> Any:
    """inn-4 at ``k``: the Marquis is one of the ``70 - k`` places not seen, and
    ``45 - k`` of them are in the pile.

    >>> marquis_to_come(5)
    8/13
    """
    from gamekit.titles.bloody_inn.odds import still_to_come

    return still_to_come(1, len(TRAVELLERS) - k, PILE - k)


def deal_piles(point: Mapping[str, Any], n: int, seed: int) -> Iterator[int]:
    """Shuffle the 70 travellers (the Marquis is card 0), the last 45 make the pile;
    keep only the shuffles whose ``k`` first pile cards miss the Marquis (a rejection
    sampler, as the question conditions on it); 1 when he is still in the pile."""
    k = point["k"]
    got = 0
    for one in seeds(seed, 1_000 * n, "pile"):
        order = shuffled(range(len(TRAVELLERS)), one)
        pile = order[len(TRAVELLERS) - PILE :]
        if 0 in pile[:k]:
            continue  # he came out: not the situation asked about
        yield int(0 in pile[k:])
        got += 1
        if got == n:
            return


def marquis_comes(players: int, length: str) -> Any:
    """The Marquis is in the entrance pile (not removed unseen at set-up).

    >>> marquis_comes(4, "long")
    32/35
    """
    from gamekit.titles.bloody_inn.odds import removed_at_setup, still_to_come

    return still_to_come(1, len(TRAVELLERS), len(TRAVELLERS) - removed_at_setup(players, length))


def set_up(point: Mapping[str, Any], n: int, seed: int) -> Iterator[int]:
    """Set up ``n`` seeded games with the engine; 1 when the Marquis is in the pile."""
    from gamekit.titles.bloody_inn.rules import RULES

    config = RULES.make_config(point["players"], {"length": point["length"]})
    for one in seeds(seed, n, "setup"):
        pile = RULES.initial_state(config, one).entrance
        yield int(any(KEY[c] == MARQUIS for c in pile))


def _formula() -> Any:
    from gamekit.titles.bloody_inn.checks import marquis_formula

    return marquis_formula()


EXPLORERS = (
    Explorer(
        key="inn-4",
        title="bloody-inn",
        exercise="inn-4",
        question=Text(M("The Marquis is still to come after k travellers who were not him")),
        conditions=Text(
            M("Conditions on the k travellers seen (2 players, long game, the top card unseen).")
        ),
        sliders=(
            Slider(name="k", label=Text(M("k: travellers seen")), low=0, high=PILE, default=5),
        ),  # fmt: skip
        exact=marquis_to_come,
        sample=deal_piles,
        formula=_formula,
    ),
    Explorer(
        key="the Marquis will come",
        title="bloody-inn",
        question=Text(M("The Marquis is in the entrance pile (not removed at set-up)")),
        conditions=Text(M("Conditions on nothing seen: a fresh set-up.")),
        sliders=(
            Slider(name="players", label=Text(M("players")), low=1, high=4, default=2),
            Slider(
                name="length",
                label=Text(M("Length")),
                default="long",
                choices=(("short", Text(M("short game"))), ("long", Text(M("long game")))),
            ),
        ),
        exact=marquis_comes,
        sample=set_up,
    ),
)
