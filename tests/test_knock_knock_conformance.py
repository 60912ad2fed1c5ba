"""Knock! Knock! under the conformance checker.

The ``slow`` runs are the full check: 500 seeds for each player count with the
face-up deck, and 170 seeds for each player count with the face-down deck (510
face-down games). The quick runs check a few seeds of each.
"""

from __future__ import annotations

import pytest

from gamekit.core.conformance import check_title

LEAK_EVERY = 4
"""Leak checks at every 4th decision (and at each game's end) keep the long run shorter."""
FACE_DOWN = {"face_down_deck": True}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_conformance_quick(players: int) -> None:
    assert check_title("knock-knock", seeds=range(8), players=players, leak_every=1)
    assert check_title("knock-knock", range(100, 104), players, FACE_DOWN, leak_every=1)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_conformance_500_seeds_face_up_deck(players: int) -> None:
    assert check_title("knock-knock", seeds=range(500), players=players, leak_every=LEAK_EVERY)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_conformance_face_down_deck(players: int) -> None:
    seeds = range(1000 * players, 1000 * players + 170)
    assert check_title("knock-knock", seeds, players, FACE_DOWN, leak_every=LEAK_EVERY)
