"""The rooms' wire protocol: JSON objects, each checked for size, type and shape.

A client says ``hello`` with its code first, then ``play``, ``sync`` or ``ping``; the
teacher's connection (the teacher's code) may also send ``control``::

    {"type": "hello", "code": "...", "lang": "fr", "proto": 1}   # no code: a hub user
    {"type": "play", "id": 3, "step": 12, "index": 2}       # or "action": {...}, or "text": "..."
    {"type": "sync"}
    {"type": "ping"}
    {"type": "control", "id": 4, "do": "pause", "table": 2}  # no table: every table
    {"type": "answer", "id": 5, "ask": 1, "choice": 0, "guess": 30}  # the teacher's question

``do`` is one of :data:`CONTROLS`; ``"timer"`` takes ``"seconds"`` (0: no move timer);
``"memory_on"`` and ``"memory_off"`` switch a title's memory mode, ``"odds_on"`` and
``"odds_off"`` the odds panel (each seat's rows are computed by the room, from its view);
``"ask"`` freezes the tables that are playing and asks each learner their question,
``"reveal"`` shows the exact answers, ``"resume"`` plays on (:mod:`gamekit.rooms.ask`).
An ``answer`` names the question (``ask``) and gives a move's number (``choice``), a whole
percent (``guess``) or both; the room says ``answered`` or ``refused``.
The room answers ``welcome``, ``state`` (the payload of :mod:`gamekit.rooms.payload`
and the seats), ``played`` or ``refused`` (with the ``id`` of the move), ``done``
(a control carried out), ``error`` (a message it could not read), ``pong`` and
``bye`` (it closes the connection).

>>> parse('{"type": "play", "id": 1, "step": 0, "index": 2}')["index"]
2
>>> parse('{"type": "play", "id": 1, "step": 0}')
Traceback (most recent call last):
...
gamekit.rooms.protocol.BadMessage: a move needs exactly one of index, action or text
"""

from __future__ import annotations

import json
from typing import Any

from gamekit.core.strict import json_scalar_problem

PROTOCOL = 1
"""The protocol's version, said in ``hello`` and ``welcome``."""
MAX_MESSAGE_BYTES = 8192
"""A client's message is at most this long (a move is a few dozen bytes)."""
MAX_TEXT = 300
"""A move told as text, a code or a language is at most this long."""
MAX_NUMBER = 2**53
"""Whole numbers in a message lie within +/- this."""

_INT = "int"
_TEXT = "text"
_OBJECT = "object"
_LANG = "lang"
SHAPES: dict[str, dict[str, str]] = {
    "hello": {"code": _TEXT, "lang": _LANG, "proto": _INT, "table": _INT},
    "play": {"id": _INT, "step": _INT, "index": _INT, "action": _OBJECT, "text": _TEXT},
    "sync": {"id": _INT},
    "ping": {"id": _INT},
    "control": {"id": _INT, "do": _TEXT, "table": _INT, "seconds": _INT},
    "answer": {"id": _INT, "ask": _INT, "choice": _INT, "guess": _INT},
}
"""Each message type and the fields it may hold (``type`` aside)."""
REQUIRED: dict[str, frozenset[str]] = {
    "hello": frozenset(),  # a hub user's connection needs no code (gamekit.rooms.hub)
    "play": frozenset({"id", "step"}),
    "sync": frozenset(),
    "ping": frozenset(),
    "control": frozenset({"id", "do"}),
    "answer": frozenset({"id", "ask"}),
}
CONTROLS = (
    "start",
    "pause",
    "resume",
    "restart",
    "end",
    "end_all",
    "timer",
    "memory_on",
    "memory_off",
    "odds_on",
    "odds_off",
    "ask",
    "reveal",
)
"""The teacher's controls over the wire (``restart`` needs a ``table``)."""
MOVE_FIELDS = ("index", "action", "text")


class BadMessage(ValueError):
    """A message the room cannot read: it is answered with an ``error`` and changes nothing."""


def parse(raw: str | bytes) -> dict[str, Any]:
    """A client's message checked: a JSON object of a known type with the right fields.

    Raises :class:`BadMessage` saying what is wrong (in English: the log's language).
    """
    if len(raw) > MAX_MESSAGE_BYTES:
        raise BadMessage(f"a message is at most {MAX_MESSAGE_BYTES} bytes, not {len(raw)}")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadMessage("a message must be a JSON object") from None
    if type(data) is not dict:
        raise BadMessage("a message must be a JSON object")
    kind = data.get("type")
    if type(kind) is not str or kind not in SHAPES:
        raise BadMessage(f"unknown message type {_short(kind)}")
    shape = SHAPES[kind]
    extra = sorted(set(data) - set(shape) - {"type"})
    if extra:
        raise BadMessage(f"a {kind} message has no field {_short(extra[0])}")
    missing = sorted(REQUIRED[kind] - set(data))
    if missing:
        raise BadMessage(f"a {kind} message needs {', '.join(missing)}")
    for name, value in data.items():
        if name != "type":
            _check_field(name, shape[name], value)
    if kind == "play" and sum(name in data for name in MOVE_FIELDS) != 1:
        raise BadMessage("a move needs exactly one of index, action or text")
    if kind == "control" and data["do"] not in CONTROLS:
        raise BadMessage(f"unknown control {_short(data['do'])} (one of {', '.join(CONTROLS)})")
    if kind == "answer" and "choice" not in data and "guess" not in data:
        raise BadMessage("an answer needs a choice, a guess or both")
    if kind == "control" and not 0 <= data.get("seconds", 0) <= 3600:
        raise BadMessage("seconds must be from 0 (no timer) to 3600")
    return data


def _check_field(name: str, kind: str, value: Any) -> None:
    if kind == _INT:
        if type(value) is not int or abs(value) > MAX_NUMBER:
            raise BadMessage(f"{name} must be a whole number, not {_short(value)}")
    elif kind == _TEXT:
        if type(value) is not str or len(value) > MAX_TEXT:
            raise BadMessage(f"{name} must be a text of at most {MAX_TEXT} characters")
    elif kind == _LANG:
        if value is not None and (type(value) is not str or len(value) > 8):
            raise BadMessage(f"{name} must be a language code such as 'en'")
    elif kind == _OBJECT:
        _check_action(name, value)


def _check_action(name: str, value: Any) -> None:
    """An action as :meth:`gamekit.Action.to_json` makes it: a text type and plain fields."""
    if type(value) is not dict or type(value.get("type")) is not str or len(value) > 16:
        raise BadMessage(f"{name} must be an object with a text 'type'")
    for key, field in value.items():
        if type(key) is not str or len(key) > 40:
            raise BadMessage(f"{name} has a field name that is not a short text")
        if key == "type":
            continue
        problem = json_scalar_problem(field)
        if problem:
            raise BadMessage(f"field {_short(key)} of {name}: {problem}")


def dumps(message: dict[str, Any]) -> str:
    """A message as the room sends it (compact JSON)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "..."
