"""What a title's methods hand back, checked where the full API calls them.

A plugin whose method returns the wrong type would otherwise fail later, far
away, with a misleading message (``below(n) needs n >= 1``, an ``IndexError``).
Each check here raises a :class:`~gamekit.core.errors.ConfigError` naming the
title, the method and what it returned.

>>> from gamekit.core.registry import rules_for
>>> try:
...     checked_seat(rules_for("hats"), "0", 2)
... except ConfigError as err:
...     print(err)
Hats: to_move() returned '0'; it must return None or a seat from 0 to 1
"""

from __future__ import annotations

from numbers import Real
from typing import Any

from gamekit.core.actions import Action
from gamekit.core.errors import ConfigError
from gamekit.core.i18n import CORE, Message
from gamekit.core.rules import Rules, Score
from gamekit.core.strict import preview


def wrong_return(rules: Rules[Any], method: str, value: object, expected: object) -> ConfigError:
    """The error for ``method`` of ``rules`` returning ``value`` instead of ``expected``
    (a value is quoted short; a message, such as "a list holding ...", as it reads)."""
    shown = str(value) if isinstance(value, Message) else preview(value)
    return ConfigError(
        str(CORE("{title}: {method}() returned {value}; it must return {expected}",
                 title=rules.name, method=method, value=shown, expected=expected))
    )  # fmt: skip


def _is_seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def checked_seat(rules: Rules[Any], value: object, players: int) -> int | None:
    """``to_move``'s answer: ``None`` or a seat."""
    if value is None or _is_seat(value, players):
        return value  # type: ignore[return-value]
    expected = CORE("None or a seat from 0 to {last}", last=players - 1)
    raise wrong_return(rules, "to_move", value, expected)


def checked_legal(rules: Rules[Any], value: object) -> list[Action]:
    """``legal_actions``' answer: a list of the title's own actions."""
    if isinstance(value, list) and all(isinstance(a, rules.action_types) for a in value):
        return value
    if isinstance(value, list):
        odd = next(a for a in value if not isinstance(a, rules.action_types))
        value = CORE("a list holding {item}", item=preview(odd))
    kinds = ", ".join(t.__name__ for t in rules.action_types)
    raise wrong_return(rules, "legal_actions", value, CORE("a list of its actions ({kinds})",
                                                            kinds=kinds))  # fmt: skip


def checked_scores(rules: Rules[Any], value: object, players: int) -> list[Score]:
    """``scores``' answer: one number per seat."""
    if (
        isinstance(value, list)
        and len(value) == players
        and all(isinstance(s, Real) and not isinstance(s, bool) for s in value)
    ):
        return value
    expected = CORE("a list of {players} numbers, one per seat", players=players)
    raise wrong_return(rules, "scores", value, expected)


def checked_winners(rules: Rules[Any], value: object, players: int) -> list[int]:
    """``winners``' answer: a list of seats."""
    if isinstance(value, list) and all(_is_seat(s, players) for s in value):
        return value
    expected = CORE("a list of seats from 0 to {last}", last=players - 1)
    raise wrong_return(rules, "winners", value, expected)


def checked_view(rules: Rules[Any], value: object) -> dict[str, Any]:
    """``view``'s answer: a dict."""
    if isinstance(value, dict):
        return value
    raise wrong_return(rules, "view", value, CORE("a dict"))
