"""Seeded chance that means the same on every machine and Python version.

Two generators with one interface (``below``, ``shuffle``, ``shuffled``,
``choice``, ``random``, ``best``), each drawing whole integers by rejection sampling, so
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
import hashlib
import importlib
import math
from collections.abc import Callable, MutableSequence, Sequence
from struct import Struct
from typing import Any, TypeVar


def _fast_sha256() -> Callable[[bytes], Any]:
    """CPython's own SHA-256 (the same digests as hashlib's, cheaper to start for the
    tiny inputs of seeds): ``_sha2`` from Python 3.12, ``_sha256`` before; else hashlib's."""
    for name in ("_sha2", "_sha256"):
        try:
            found: Callable[[bytes], Any] = importlib.import_module(name).sha256
        except (ImportError, AttributeError):
            continue
        return found
    return hashlib.sha256


sha256 = _fast_sha256()

T = TypeVar("T")


_first_word = Struct(">Q").unpack_from
"""The first 8 bytes of a digest as a big-endian integer (``int.from_bytes(d[:8], "big")``)."""


def derive_seed(seed: int, *labels: object) -> int:
    """A new 64-bit seed from a seed and labels, stable everywhere (SHA-256).

    The seed is the first 8 bytes, big-endian, of the SHA-256 of the seed and the
    labels joined by ``/`` (``"7/reshuffle/1"``).

    >>> digest = hashlib.sha256(b"7/reshuffle/1").digest()
    >>> derive_seed(7, "reshuffle", 1) == int.from_bytes(digest[:8], "big")
    True
    """
    seed_and_labels: tuple[int, ...] = _first_word(
        sha256("/".join(map(str, (seed, *labels))).encode()).digest()
    )
    return seed_and_labels[0]


class SeedDeriver:
    """:func:`derive_seed` for many seeds that share their first labels, which are
    encoded once: ``SeedDeriver(s, "game")(i) == derive_seed(s, "game", i)`` and
    ``SeedDeriver(s, "bot").row(i, n) == [derive_seed(s, "bot", i, k) for k in range(n)]``
    for int labels ``i`` and ``k`` (a run deals thousands of games and seats).

    >>> games = SeedDeriver(7, "game")
    >>> games(3) == derive_seed(7, "game", 3)
    True
    >>> SeedDeriver(7, "bot").row(3, 2) == [derive_seed(7, "bot", 3, k) for k in range(2)]
    True
    """

    __slots__ = ("_prefix",)

    def __init__(self, seed: int, *labels: object) -> None:
        self._prefix = ("/".join(map(str, (seed, *labels))) + "/").encode()

    def __call__(self, label: int) -> int:
        """``derive_seed(seed, *labels, label)`` for an int ``label``."""
        found: tuple[int, ...] = _first_word(sha256(self._prefix + b"%d" % label).digest())
        return found[0]

    def row(self, label: int, count: int) -> list[int]:
        """``[derive_seed(seed, *labels, label, k) for k in range(count)]`` (int labels)."""
        prefix = self._prefix + b"%d/" % label
        ends = _DIGITS[:count] if count <= len(_DIGITS) else [b"%d" % k for k in range(count)]
        return [_first_word(sha256(prefix + end).digest())[0] for end in ends]


_DIGITS: tuple[bytes, ...] = tuple(b"%d" % k for k in range(16))
"""``b"%d" % k`` for the seats of a row (a game has at most a few)."""


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

    def best(self, items: Sequence[T], key: Callable[[T], Any], *, lowest: bool = False) -> T:
        """The item with the highest ``key`` (``lowest``: the lowest); a tie is a fair draw.

        A bot that took the first of equal items would favour whatever comes first
        in the list (the lowest-numbered door, seat or card) and fake an effect of
        the game. Numbers closer than one part in 10^9 count as equal (the same sum
        added in another order). It draws only when there is a tie.

        >>> KeyedRng(1).best(["a", "bb", "c"], len)
        'bb'
        >>> sorted({KeyedRng(s).best(["x", "y", "z"], lambda item: 0) for s in range(20)})
        ['x', 'y', 'z']
        >>> KeyedRng(1).best([3, 1, 2], lambda n: n, lowest=True)
        1
        """
        if not items:
            raise ValueError("best() needs at least one item")
        keys = [key(item) for item in items]
        top = min(keys) if lowest else max(keys)
        tied = [item for item, k in zip(items, keys, strict=True) if _equal(k, top)]
        return tied[0] if len(tied) == 1 else tied[self.below(len(tied))]


def _equal(a: Any, b: Any) -> bool:
    """Equal keys, numbers within a relative 1e-9 (tuples compared item by item)."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, int | float) and isinstance(b, int | float):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
    return bool(a == b)


_TABLED = 257
"""Sizes below this have their widths and masks looked up (the decks, the legal lists)."""
_WIDTHS: tuple[int, ...] = tuple(n.bit_length() for n in range(_TABLED))
"""``_WIDTHS[n]`` is ``n.bit_length()``: the bits one draw below ``n`` takes."""
_MASKS: tuple[int, ...] = tuple((1 << k) - 1 for k in _WIDTHS)
"""``_MASKS[n]`` is ``(1 << n.bit_length()) - 1``."""


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
        bits, widths = self._bits, _WIDTHS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            k = widths[n] if n < _TABLED else n.bit_length()
            j = bits(k)
            while j >= n:
                j = bits(k)
            items[i], items[j] = items[j], items[i]


_BLOCK_BITS = 256
_from_bytes = int.from_bytes


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
        self._pool = _from_bytes(sha256(self._key + b"%d" % self._block).digest(), "big")
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
        pool, left = self._pool, self._left
        while True:
            if left < k:
                self._refill()
                pool, left = self._pool, _BLOCK_BITS
            r = pool & mask
            pool >>= k
            left -= k
            if r < n:
                self._pool, self._left = pool, left
                return r

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly: ``items[self.below(len(items))]``, in one call (a
        random bot's every move)."""
        n = len(items)
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        if n < _TABLED:
            k, mask = _WIDTHS[n], _MASKS[n]
        else:
            k = n.bit_length()
            mask = (1 << k) - 1
        pool, left = self._pool, self._left
        while True:
            if left < k:
                self._refill()
                pool, left = self._pool, _BLOCK_BITS
            r = pool & mask
            pool >>= k
            left -= k
            if r < n:
                self._pool, self._left = pool, left
                return items[r]
