"""The kit's errors: one small hierarchy.

>>> issubclass(IllegalAction, GamekitError) and issubclass(BadRecord, GamekitError)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class GamekitError(Exception):
    """Base of every error the kit raises on purpose."""


class IllegalAction(GamekitError):
    """A move that the rules do not allow now; the game is left unchanged.

    ``reason`` says why in a sentence; ``legal`` lists what is allowed instead.

    >>> err = IllegalAction("it is not your turn", legal=["pass"])
    >>> print(err)
    it is not your turn. Legal now: pass
    """

    def __init__(self, reason: str, legal: Sequence[Any] = ()) -> None:
        self.reason = reason
        self.legal = list(legal)
        super().__init__(self._message())

    def _message(self) -> str:
        if not self.legal:
            return f"{self.reason}. Nothing is legal now."
        shown = ", ".join(str(a) for a in self.legal[:12])
        more = f" (and {len(self.legal) - 12} more)" if len(self.legal) > 12 else ""
        return f"{self.reason}. Legal now: {shown}{more}"


class BadRecord(GamekitError):
    """A saved game that does not replay; ``step`` names where it stops (0 = the header).

    >>> print(BadRecord("the action is not legal here", step=3))
    saved game is broken at step 3: the action is not legal here
    """

    def __init__(self, reason: str, step: int = 0) -> None:
        self.reason = reason
        self.step = step
        where = "in its header" if step == 0 else f"at step {step}"
        super().__init__(f"saved game is broken {where}: {reason}")


class ConfigError(GamekitError, ValueError):
    """Impossible options for a new game (the message gives the allowed range)."""


class NoSampler(GamekitError, NotImplementedError):
    """A title that cannot guess what a seat does not see (no ``Rules.sample_hidden``).

    The search bot needs that guess; the message says what to write.
    """
