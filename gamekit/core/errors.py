"""The kit's errors: one small hierarchy.

>>> issubclass(IllegalAction, GamekitError) and issubclass(BadRecord, GamekitError)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.core.i18n import CORE


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
            return str(CORE("{reason}. Nothing is legal now.", reason=self.reason))
        shown = ", ".join(str(a) for a in self.legal[:12])
        more = str(CORE(" (and {count} more)", count=len(self.legal) - 12))
        more = more if len(self.legal) > 12 else ""
        return str(
            CORE("{reason}. Legal now: {shown}{more}", reason=self.reason, shown=shown, more=more)
        )


class BadRecord(GamekitError):
    """A saved game that does not replay; ``step`` names where it stops (0 = the header).

    >>> print(BadRecord("the action is not legal here", step=3))
    saved game is broken at step 3: the action is not legal here
    """

    def __init__(self, reason: str, step: int = 0) -> None:
        self.reason = reason
        self.step = step
        if step == 0:
            text = CORE("saved game is broken in its header: {reason}", reason=reason)
        else:
            text = CORE("saved game is broken at step {step}: {reason}", step=step, reason=reason)
        super().__init__(str(text))


class ConfigError(GamekitError, ValueError):
    """Impossible options for a new game (the message gives the allowed range)."""


class NoSampler(GamekitError, NotImplementedError):
    """A title that cannot guess what a seat does not see (no ``Rules.sample_hidden``).

    The search bot needs that guess; the message says what to write.
    """
