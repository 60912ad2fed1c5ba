"""The party timer's clock: it runs in the kernel, never in the page.

A :class:`Clock` tells the time and calls back later. In a Jupyter kernel,
:class:`LoopClock` uses the kernel's own event loop (the one that delivers the
page's messages, so a callback never races a message). Tests use
:class:`ManualClock`, whose time moves only when told, so no test sleeps:

>>> clock = ManualClock()
>>> rung = []
>>> timer = PartyTimer(clock)
>>> timer.start(("game", 3, 1), 5.0, lambda: rung.append("time is up"))
>>> clock.advance(4.9); rung, timer.running(("game", 3, 1))
([], True)
>>> clock.advance(0.1); rung, timer.running(("game", 3, 1))
(['time is up'], False)
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable, Hashable
from typing import Protocol


class Handle(Protocol):
    """A callback waiting to be called; ``cancel()`` stops it."""

    def cancel(self) -> None: ...


class Clock(Protocol):
    """What the party timer needs of a clock."""

    def now(self) -> float:
        """The time, in seconds (any origin)."""
        ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle | None:
        """Call ``callback`` after ``delay`` seconds; ``None`` when it cannot (then only
        :meth:`PartyTimer.due` tells that the time is up)."""
        ...


class LoopClock:
    """The kernel's clock: ``time.monotonic`` and the running event loop's ``call_later``.

    Without a running loop (a plain script) nothing is called back: the deadline
    still holds, and a page's "time is up" is honoured only once it has passed.
    """

    def now(self) -> float:
        return time.monotonic()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle | None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return None
        return loop.call_later(delay, callback)


class _Pending:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock for tests: the time moves only with :meth:`advance`, which calls back
    (in order) whatever fell due. ``calls_back=False`` is a clock that cannot call
    back (a kernel without a running loop): only the deadline holds."""

    def __init__(self, start: float = 0.0, *, calls_back: bool = True) -> None:
        self.time = start
        self.calls_back = calls_back
        self._queue: list[tuple[float, int, _Pending, Callable[[], None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self.time

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle | None:
        if not self.calls_back:
            return None
        pending = _Pending()
        heapq.heappush(self._queue, (self.time + delay, next(self._order), pending, callback))
        return pending

    def advance(self, seconds: float) -> None:
        """Move the time on by ``seconds``, calling back what falls due on the way."""
        until = self.time + seconds
        while self._queue and self._queue[0][0] <= until:
            when, _, pending, callback = heapq.heappop(self._queue)
            self.time = max(self.time, when)
            if not pending.cancelled:
                callback()
        self.time = until

    @property
    def waiting(self) -> int:
        """How many callbacks are still waiting (cancelled ones are not counted)."""
        return sum(not pending.cancelled for _, _, pending, _ in self._queue)


class PartyTimer:
    """One countdown at a time, for one position (``key``: the game, step and seat).

    :meth:`start` replaces any countdown already running; :meth:`cancel` stops it.
    The callback runs once, when the deadline passes, unless cancelled first.
    """

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.key: Hashable | None = None
        self.deadline = 0.0
        self._handle: Handle | None = None

    def start(self, key: Hashable, seconds: float, callback: Callable[[], None]) -> None:
        """Count down ``seconds`` for ``key``, then call ``callback``."""
        self.cancel()
        self.key = key
        self.deadline = self.clock.now() + seconds

        def ring() -> None:
            if self.key == key:
                self.cancel()
                callback()

        self._handle = self.clock.call_later(seconds, ring)

    def cancel(self) -> None:
        """Stop the countdown (nothing is played)."""
        if self._handle is not None:
            self._handle.cancel()
        self._handle = None
        self.key = None

    def running(self, key: Hashable) -> bool:
        """A countdown runs for ``key``."""
        return self.key is not None and self.key == key

    def due(self, key: Hashable) -> bool:
        """The countdown for ``key`` runs and its deadline has passed by the kernel's clock."""
        return self.running(key) and self.clock.now() >= self.deadline
