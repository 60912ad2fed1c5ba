"""Seeded chance that means the same on every machine and Python version.

Two generators with one interface (``below``, ``shuffle``, ``shuffled``,
``choice``, ``random``), each drawing whole integers by rejection sampling, so
no float rounding can differ between machines:

- :class:`Rng` deals the games. It reads the Mersenne Twister's ``getrandbits``
  (stable for an integer seed across CPython versions) through ``_random.Random``,
  the C base of ``random.Random``: the same stream, made without the
  Python-level ``seed`` call. Seeding costs about 4.5 µs (a 624-word state), a
  draw about 0.3 µs: right for one deal of many draws.
- :class:`KeyedRng` is for bots. Block ``n`` of its stream is the SHA-256 of
  the seed and ``n`` (a counter-based generator, as in JAX): made in about
  0.6 µs, a draw about 0.6 µs. Bots are made afresh for every game, one per
  seat, and many draw only a few times (a Boo Party! game is 7 or 8 decisions),
  so seeding is what they must not pay for.

Shuffling is our own Fisher-Yates. ``derive_seed`` makes seeds from seeds.

>>> Rng(7).shuffled(list(range(6))) == Rng(7).shuffled(list(range(6)))
True
>>> KeyedRng(7).below(100) == KeyedRng(7).below(100)
True
>>> derive_seed(7, "reshuffle", 1) == derive_seed(7, "reshuffle", 1)
True
"""

from __future__ import annotations

import _random
from collections.abc import Callable, MutableSequence, Sequence
from hashlib import sha256
from typing import TypeVar

T = TypeVar("T")


_from_bytes = int.from_bytes


def derive_seed(seed: int, *labels: object) -> int:
    """A new 64-bit seed from a seed and labels, stable everywhere (SHA-256)."""
    return _from_bytes(sha256("/".join(map(str, (seed, *labels))).encode()).digest()[:8], "big")


class _Chance:
    """What both generators offer on top of ``below(n)`` and ``_bits(k)``."""

    __slots__ = ()
    _bits: Callable[[int], int]
    """``k`` random bits as an integer: each generator has its own."""

    def below(self, n: int) -> int:  # pragma: no cover - each generator has its own
        """A uniform integer in ``range(n)``."""
        raise NotImplementedError

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


class Rng(_Chance):
    """The dealer's generator (Mersenne Twister bits): seeded once a game, many draws."""

    __slots__ = ("_bits",)

    def __init__(self, seed: int) -> None:
        self._bits = _random.Random(seed).getrandbits

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
        """Fisher-Yates shuffle in place (``below`` inlined: the same draws, faster)."""
        bits = self._bits
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = bits(k)
            while j >= n:
                j = bits(k)
            items[i], items[j] = items[j], items[i]


_BLOCK_BITS = 256


class KeyedRng(_Chance):
    """The bots' generator: block ``n`` is SHA-256(seed, n); cheap to make, many per game.

    Bits are taken from the low end of the current block; a draw that needs more
    bits than are left starts the next block.

    >>> [KeyedRng(1).below(6) for _ in range(3)] == [KeyedRng(1).below(6)] * 3
    True
    """

    __slots__ = ("_key", "_block", "_pool", "_left")

    def __init__(self, seed: int) -> None:
        self._key = b"%d/" % seed
        self._block = 0
        self._pool = 0
        self._left = 0

    def _refill(self) -> None:
        self._block += 1
        digest = sha256(self._key + b"%d" % self._block).digest()
        self._pool = int.from_bytes(digest, "big")
        self._left = _BLOCK_BITS

    def _bits(self, k: int) -> int:
        if k > _BLOCK_BITS:
            raise ValueError(f"at most {_BLOCK_BITS} bits at a time")
        if self._left < k:
            self._refill()
        r = self._pool & ((1 << k) - 1)
        self._pool >>= k
        self._left -= k
        return r

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` by rejection sampling."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        k = n.bit_length()
        mask = (1 << k) - 1
        while True:
            if self._left < k:
                self._refill()
            r = self._pool & mask
            self._pool >>= k
            self._left -= k
            if r < n:
                return r
