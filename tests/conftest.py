"""Shared test fixtures."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def toy_title() -> Iterator[str]:
    """Register the test-only toy game under the title 'toy' for one test."""
    from toy_game import RULES

    import gamekit

    gamekit.register(RULES)
    try:
        yield "toy"
    finally:
        gamekit.unregister("toy")


@pytest.fixture
def made() -> Iterator[list[Any]]:
    """Lobbies and seats of a room to close after the test, the last made first."""
    from gamekit.rooms.server import Lobby

    things: list[Any] = []
    yield things
    for thing in reversed(things):
        if isinstance(thing, Lobby):
            thing.stop()
        else:
            thing.close()
