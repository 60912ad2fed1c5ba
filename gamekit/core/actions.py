"""Actions and events: small immutable values shared by every game.

A game defines its action types as frozen, slotted dataclasses deriving from
:class:`Action`, each with a ``kind`` tag and a readable ``__str__``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Wave(Action):
...     kind = "wave"
...     seat: int
...     def __str__(self) -> str:
...         return f"Wave at player {self.seat}"
>>> Wave(2).to_json()
{'type': 'wave', 'seat': 2}
>>> action_from_json({'type': 'wave', 'seat': 2}, {'wave': Wave}) == Wave(2)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any, ClassVar

from gamekit.core.i18n import Message
from gamekit.core.names import seat_names


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action type; subclasses set ``kind`` and add fields."""

    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict: ``{"type": kind, field: value, ...}``."""
        out: dict[str, Any] = {"type": self.kind}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            out[field.name] = list(value) if isinstance(value, tuple) else value
        return out


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def action_from_json(data: Any, types: Mapping[str, type[Action]]) -> Action:
    """Rebuild an action from :meth:`Action.to_json` output.

    Raises ``ValueError`` saying what is wrong with the data.
    """
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"an action must be an object with a 'type', not {_short(data)}")
    kind = data["type"]
    cls = types.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown action type {_short(kind)}; known: {', '.join(types)}")
    names = {f.name for f in dataclasses.fields(cls)}
    given = set(data) - {"type"}
    if given != names:
        raise ValueError(
            f"action {kind!r} needs fields {sorted(names)}, got {_short(sorted(map(str, given)))}"
        )
    try:
        return cls(**{k: _freeze(v) for k, v in data.items() if k != "type"})
    except TypeError as err:
        raise ValueError(f"bad action {_short(data)}: {err}") from None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, told in a sentence a learner reads.

    ``message`` is a :class:`~gamekit.core.i18n.Message` (a message id and its
    parameters, rendered in the language in force whenever ``text`` is read) or a
    plain text (a title without catalogs). ``ruling`` names the rule applied (for
    example ``"K3"``) when there is one; ``kind`` is a short machine tag; ``seat``
    the player it is mostly about; ``lang`` a language that overrides the one in
    force (a game with its own language sets it on its log).

    >>> from gamekit.core.i18n import CORE, language
    >>> e = Event(CORE("there is nothing to undo"), "info", "K1")
    >>> str(e), e.msgid
    ('there is nothing to undo [K1]', 'there is nothing to undo')
    >>> with language("fr"):
    ...     e.text
    'il n’y a rien à annuler'
    """

    message: Message | str
    kind: str = "info"
    ruling: str | None = None
    seat: int | None = None
    lang: str | None = dataclass_field(default=None, compare=False)
    names: tuple[str, ...] | None = dataclass_field(default=None, compare=False)

    @property
    def text(self) -> str:
        """The sentence, in the event's own language or else the language in force,
        with seats told by ``names`` (a game with names sets them on its log)."""
        if not isinstance(self.message, Message):
            return self.message
        if self.names is None:  # the names in force (the default ones at first)
            return self.message.render(self.lang)
        with seat_names(self.names):
            return self.message.render(self.lang)

    @property
    def msgid(self) -> str:
        """The message id (the English source text with its placeholders)."""
        return self.message.msgid if isinstance(self.message, Message) else self.message

    @property
    def params(self) -> dict[str, Any]:
        """The message's parameters by name (empty for a plain text)."""
        return self.message.parameters if isinstance(self.message, Message) else {}

    def __str__(self) -> str:
        text = self.text
        return f"{text} [{self.ruling}]" if self.ruling else text

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the event (its text in the event's or the current language)."""
        return {"text": self.text, "kind": self.kind, "ruling": self.ruling, "seat": self.seat}
