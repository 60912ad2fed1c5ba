"""Seeds for the fast conformance runs: a few, spread over the thorough run's range.

The fast runs (the ``./kit test`` default) play about a tenth of the thorough games
(``--thorough``: every seed of the range), but every player count and every variant
the thorough run covers, each on its own seeds spread over the whole range.
"""

from __future__ import annotations


def spread(full: range, count: int, shift: int = 0) -> list[int]:
    """``count`` seeds of ``full`` evenly spaced, moved ``shift`` along (one shift per
    player count or variant, so two fast runs seldom play the same seed).

    >>> spread(range(500), 5), spread(range(500), 5, shift=3)
    ([0, 100, 200, 300, 400], [3, 103, 203, 303, 403])
    """
    step = max(1, len(full) // count)
    return sorted({full[(shift + i * step) % len(full)] for i in range(min(count, len(full)))})
