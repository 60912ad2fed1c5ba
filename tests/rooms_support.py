"""What the rooms' tests share: a bound on waits and a clock the test moves.

The fixture ``made`` (lobbies and seats to close) is in ``conftest.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

WAIT = 300.0
"""A bound on every wait for a state, met at once on a quiet machine; never a time the
test expects (one process per seat of four titles starts together on two cores)."""


@dataclass
class Clock:
    """A room's clock that moves only when the test moves it."""

    now: float = 1000.0

    def __call__(self) -> float:
        return self.now
