"""Boo Party!'s what-if explorers (``gamekit.explore``): boo-3's formula, and the first
round's Monsters all avoiding the Visions, for every number of players and costumes.

>>> [ex.key for ex in EXPLORERS]
['boo-3', 'the first round avoids the Visions']
>>> EXPLORERS[1].exact(players=5, costumes=18)  # boo-1
91/153
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from gamekit.core.i18n import Text
from gamekit.explorers import Explorer, Slider, seeds, shuffled
from gamekit.titles.boo_party.cards import (
    DEFAULT_COSTUMES,
    DEFAULT_PLAYERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
)
from gamekit.titles.boo_party.terms import M

FIRST_VISIONS = 2
"""Visions revealed before the first disguise."""


def avoid(m: int, k: int, n: int) -> Any:
    """boo-3 at ``m`` Monsters, ``k`` Visions revealed, ``n`` costumes.

    >>> avoid(4, 2, 18)
    91/153
    """
    from gamekit.titles.boo_party.odds import avoid_all

    return avoid_all(m, k, n)


def dress(point: Mapping[str, Any], n: int, seed: int) -> Iterator[int]:
    """Give ``m`` Monsters ``m`` different costumes of ``n``, ``n`` times over; 1 when
    none wears one of the ``k`` revealed (costumes 0 to k - 1)."""
    for one in seeds(seed, n, "dress"):
        worn = shuffled(range(point["n"]), one)[: point["m"]]
        yield int(all(c >= point["k"] for c in worn))


def fits(point: Mapping[str, Any]) -> str | None:
    """The Monsters need costumes never revealed."""
    if point["m"] + point["k"] > point["n"]:
        return str(M("the m Monsters need costumes never revealed (m + k ≤ n)"))
    return None


def first_round(players: int, costumes: int) -> Any:
    """In a game of ``players`` (one Seer) and ``costumes``, every Monster avoids the
    two Visions revealed before the first disguise.

    >>> first_round(3, 6)
    2/5
    """
    return avoid(players - 1, FIRST_VISIONS, costumes)


def play_first_round(point: Mapping[str, Any], n: int, seed: int) -> Iterator[int]:
    """Play the first disguises of ``n`` seeded games with the engine, each Monster
    choosing uniformly among the costumes free to it; 1 when no Vision is worn."""
    import gamekit
    from gamekit.core.rng import Rng, derive_seed
    from gamekit.titles.boo_party.odds import first_disguises_avoid_the_visions

    for one in seeds(seed, n, "game"):
        game = gamekit.new_game(
            "boo-party", players=point["players"], seed=one, costumes=point["costumes"]
        )
        yield int(first_disguises_avoid_the_visions(game, Rng(derive_seed(one, "dress"))))


def enough_costumes(point: Mapping[str, Any]) -> str | None:
    """Ruling B2: at least one costume more than there are players."""
    if point["costumes"] < point["players"] + 1:
        return str(M("a game of {players} players needs {least} costumes at least",
                     players=point["players"], least=point["players"] + 1))  # fmt: skip
    return None


def _formula() -> Any:
    from gamekit.titles.boo_party.checks import avoid_formula

    return avoid_formula()


EXPLORERS = (
    Explorer(
        key="boo-3",
        title="boo-party",
        exercise="boo-3",
        question=Text(M("All m Monsters avoid the k revealed Visions (n costumes)")),
        conditions=Text(M("Conditions on k only: each set of m different costumes is as likely.")),
        sliders=(
            Slider(name="m", label=Text(M("m: Monsters")), low=1, high=7, default=4),
            Slider(name="k", label=Text(M("k: Visions revealed")), low=0, high=16, default=2),
            Slider(name="n", label=Text(M("n: costumes")), low=1, high=18, default=18),
        ),
        exact=avoid,
        sample=dress,
        valid=fits,
        formula=_formula,
        exercises={"boo-1": {"m": 4, "k": 2, "n": 18}},
    ),
    Explorer(
        key="the first round avoids the Visions",
        title="boo-party",
        question=Text(M("In the first round, no Monster wears a revealed Vision")),
        conditions=Text(
            M(
                "Conditions on the two Visions revealed before the first disguise; each "
                "Monster chooses uniformly among the costumes free to it."
            )
        ),
        sliders=(
            Slider(
                name="players",
                label=Text(M("players")),
                low=MIN_PLAYERS,
                high=MAX_PLAYERS,
                default=DEFAULT_PLAYERS,
            ),
            Slider(
                name="costumes",
                label=Text(M("costumes")),
                low=MIN_PLAYERS + 1,
                high=DEFAULT_COSTUMES,
                default=DEFAULT_COSTUMES,
            ),
        ),  # fmt: skip
        exact=first_round,
        sample=play_first_round,
        valid=enough_costumes,
    ),
)
