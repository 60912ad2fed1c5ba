"""The Bloody Inn under the conformance checker: every player count, length and variant.

The ``thorough`` runs are the full check (500 seeds per player count, fewer for the
extra lengths and variants: 50 each), run by ``./kit test --thorough`` and CI. The
fast run, the ``./kit test`` default, plays about a tenth of those games, spread
over every player count and variant (:func:`spread_seeds.spread`); the quick ones
run a few seeds of each.
"""

from __future__ import annotations

from typing import Any

import pytest
from spread_seeds import spread

from gamekit.core.conformance import check_title

VARIANTS: list[dict[str, Any]] = [
    {"length": "short"},
    {"unlimited_wealth": True},
    {"first_come_first_served": True},
    {"unlimited_wealth": True, "first_come_first_served": True, "length": "short"},
]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conformance_quick(players: int) -> None:
    assert check_title("bloody-inn", seeds=range(6), players=players) > 0


@pytest.mark.parametrize("options", VARIANTS)
def test_conformance_quick_variants(options: dict[str, Any]) -> None:
    for players in (1, 2, 3, 4):
        assert check_title("bloody-inn", seeds=range(2), players=players, options=options) > 0


@pytest.mark.slow  # ./kit check leaves it out; ./kit test runs it
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conformance_fast_spread_over_player_counts_and_variants(players: int) -> None:
    decisions = check_title("bloody-inn", seeds=spread(range(500), 40, players), players=players)
    for shift, options in enumerate(VARIANTS):
        seeds = spread(range(1000, 1050), 5, shift + 4 * players)
        decisions += check_title("bloody-inn", seeds=seeds, players=players, options=options)
    assert decisions > 0


@pytest.mark.slow
@pytest.mark.thorough
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conformance_500_seeds_per_player_count(players: int) -> None:
    assert check_title("bloody-inn", seeds=range(500), players=players) > 0


@pytest.mark.slow
@pytest.mark.thorough
@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conformance_variants(players: int, options: dict[str, Any]) -> None:
    seeds = range(1000, 1050)
    assert check_title("bloody-inn", seeds=seeds, players=players, options=options) > 0
