"""Exact checks of what comes from outside: only the engine's own values are ever stored.

``1.0 == 1 == True`` in Python, so a look-alike argument would pass a plain
``in legal`` test and then be stored as given. Here a value matches only a value
of the very same type (``bool`` is never a number), so ``play`` keeps the legal
action object the rules made, and records are checked with exact JSON types
before anything is replayed.

>>> exactly_equal(1, 1), exactly_equal(1.0, 1), exactly_equal(True, 1)
(True, False, False)
>>> whole_number(True), whole_number(3)
(False, True)
"""

from __future__ import annotations

import dataclasses

from gamekit.core.actions import Action

MAX_SEED = 2**64 - 1
"""The largest seed accepted (seeds go from 0 to 2**64 - 1)."""
MAX_RECORD_CHARS = 5_000_000
"""The longest saved game accepted, in characters (a long game takes about 60,000)."""
MAX_RECORD_DEPTH = 8
"""The deepest nesting a saved game may have (it needs 4)."""
PREVIEW_CHARS = 40
"""How much of a bad value an error message quotes."""


def whole_number(value: object) -> bool:
    """True for an ``int`` that is not a ``bool`` (a numpy integer is not one either)."""
    return type(value) is int


def exactly_equal(a: object, b: object) -> bool:
    """Equal values of the same type; tuples and lists item by item."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple | list):
        assert isinstance(b, tuple | list)
        return len(a) == len(b) and all(map(exactly_equal, a, b))
    return a == b


def same_action(given: Action, own: Action) -> bool:
    """``given`` has the type of ``own`` and field values of exactly the same types."""
    if type(given) is not type(own):
        return False
    return all(
        exactly_equal(getattr(given, f.name), getattr(own, f.name)) for f in dataclasses.fields(own)
    )


def preview(value: object) -> str:
    """``repr(value)``, cut to a short prefix for an error message."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not break the refusal
        text = f"<{type(value).__name__}>"
    return text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 3] + "..."


def nesting_depth(text: str, limit: int) -> int:
    """The deepest ``[``/``{`` nesting of JSON ``text`` outside strings, stopping past ``limit``."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def object_depth(value: object, limit: int) -> int:
    """The deepest dict/list nesting of ``value``, stopping past ``limit`` (no recursion,
    so a record built 5,000 deep in Python is measured safely).

    >>> object_depth({"a": [1, {"b": 2}]}, 8), object_depth([[[[]]]], 2)
    (3, 3)
    """
    deepest = 0
    pending: list[tuple[object, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if not isinstance(item, dict | list | tuple):
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        children = item.values() if isinstance(item, dict) else item
        pending.extend((child, depth + 1) for child in children)
    return deepest


def json_scalar_problem(value: object) -> str | None:
    """Why ``value`` is not a plain JSON value an action field may hold (``None``: fine)."""
    if value is None or type(value) in (int, str):
        return None
    if type(value) in (list, tuple):
        assert isinstance(value, list | tuple)
        for item in value:
            problem = json_scalar_problem(item)
            if problem:
                return problem
        return None
    return f"{preview(value)} is not a whole number, a text or a list of them"
