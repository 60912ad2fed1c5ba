"""The Bloody Inn under the conformance checker: every player count, length and variant.

The ``slow`` runs are the full check (500 seeds per player count, fewer for the
extra lengths and variants: 50 each); the quick ones run a few seeds of each.
"""

from __future__ import annotations

from typing import Any

import pytest

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


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conformance_500_seeds_per_player_count(players: int) -> None:
    assert check_title("bloody-inn", seeds=range(500), players=players) > 0


@pytest.mark.slow
@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conformance_variants(players: int, options: dict[str, Any]) -> None:
    seeds = range(1000, 1050)
    assert check_title("bloody-inn", seeds=seeds, players=players, options=options) > 0
