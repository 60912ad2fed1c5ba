"""Knock! Knock! under the conformance checker.

The ``thorough`` runs are the full check (``./kit test --thorough`` and CI): 500
seeds for each player count with the face-up deck, and 170 seeds for each player
count with the face-down deck (510 face-down games). The fast run, the ``./kit
test`` default, plays about a tenth of them, seeds spread over the same ranges;
the quick runs check a few seeds of each, with a leak check at every decision.
"""

from __future__ import annotations

import pytest
from spread_seeds import spread

from gamekit.core.conformance import check_title

LEAK_EVERY = 4
"""Leak checks at every 4th decision (and at each game's end) keep the long run shorter."""
FACE_DOWN = {"face_down_deck": True}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_conformance_quick(players: int) -> None:
    assert check_title("knock-knock", seeds=range(8), players=players, leak_every=1)
    assert check_title("knock-knock", range(100, 104), players, FACE_DOWN, leak_every=1)


@pytest.mark.slow  # ./kit check leaves it out; ./kit test runs it
@pytest.mark.parametrize("players", [3, 4, 5])
def test_conformance_fast_spread_over_both_decks(players: int) -> None:
    face_up = spread(range(500), 50, players)
    face_down = spread(range(1000 * players, 1000 * players + 170), 17, players)
    assert check_title("knock-knock", face_up, players, leak_every=LEAK_EVERY)
    assert check_title("knock-knock", face_down, players, FACE_DOWN, leak_every=LEAK_EVERY)


@pytest.mark.slow
@pytest.mark.thorough
@pytest.mark.parametrize("players", [3, 4, 5])
def test_conformance_500_seeds_face_up_deck(players: int) -> None:
    assert check_title("knock-knock", seeds=range(500), players=players, leak_every=LEAK_EVERY)


@pytest.mark.slow
@pytest.mark.thorough
@pytest.mark.parametrize("players", [3, 4, 5])
def test_conformance_face_down_deck(players: int) -> None:
    seeds = range(1000 * players, 1000 * players + 170)
    assert check_title("knock-knock", seeds, players, FACE_DOWN, leak_every=LEAK_EVERY)
