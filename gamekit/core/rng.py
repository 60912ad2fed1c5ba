"""Seeded chance that means the same on every machine and Python version.

Only ``random.Random(int).getrandbits`` is used (its output for an integer seed
is stable across CPython versions); shuffling is our own Fisher-Yates.

>>> Rng(7).shuffled(list(range(6))) == Rng(7).shuffled(list(range(6)))
True
>>> derive_seed(7, "reshuffle", 1) == derive_seed(7, "reshuffle", 1)
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


def derive_seed(seed: int, *labels: object) -> int:
    """A new 64-bit seed from a seed and labels, stable everywhere (SHA-256)."""
    text = "/".join([str(seed), *map(str, labels)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


class Rng:
    """A small seeded generator: ``below(n)``, ``shuffle(items)``, ``choice(items)``."""

    __slots__ = ("_bits",)

    def __init__(self, seed: int) -> None:
        self._bits = random.Random(seed).getrandbits

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` by rejection sampling."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return r

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy."""
        out = list(items)
        self.shuffle(out)
        return out

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly."""
        return items[self.below(len(items))]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return self._bits(53) / 9007199254740992.0
