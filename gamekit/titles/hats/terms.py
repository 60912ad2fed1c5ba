"""Hats' translatable words: the seven hat colours, and a card as a learner reads it.

A colour's catalog context is ``"hat:colour"`` and its msgid the English word (see
:class:`gamekit.core.i18n.Term`); a card reads as its colour and number in the
language in force, "yellow 3" in English and "3 jaune" in French (the order is the
message ``"{colour} {number}"``'s).

>>> from gamekit.core.i18n import language
>>> f"the {HATS[14]}", f"{TYPE_TERMS[3]}"
('the yellow 3', 'green')
>>> with language("fr"):
...     f"le {HATS[14]}", f"{TYPE_TERMS[3]}"
('le 3 jaune', 'vert')
"""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.core.i18n import Term, Verbatim, catalog, form, plural_catalog

PACKAGE = "gamekit.titles.hats"
M = catalog(PACKAGE)
N = plural_catalog(PACKAGE)
"""This title's messages (``locale/<lang>/LC_MESSAGES/hats.mo``)."""

TYPE_TERMS: tuple[Term, ...] = (
    Term(PACKAGE, (form("hat:colour", "red"),)),
    Term(PACKAGE, (form("hat:colour", "orange"),)),
    Term(PACKAGE, (form("hat:colour", "yellow"),)),
    Term(PACKAGE, (form("hat:colour", "green"),)),
    Term(PACKAGE, (form("hat:colour", "blue"),)),
    Term(PACKAGE, (form("hat:colour", "purple"),)),
    Term(PACKAGE, (form("hat:colour", "pink"),)),
)
"""The seven hat types in the order of ``TYPES`` (red ... pink), as colour words."""


@dataclass(frozen=True, slots=True)
class Hat:
    """One hat card (an id from 0 to 41) read as its colour and number."""

    card: int

    def __format__(self, spec: str) -> str:
        colour = TYPE_TERMS[self.card // 6]
        return M("{colour} {number}", colour=colour, number=self.card % 6 + 1).render()

    def __str__(self) -> str:
        return format(self, "")


HATS: tuple[Hat, ...] = tuple(Hat(card) for card in range(42))
"""Every card as a :class:`Hat`, by id."""


def hat(card: object) -> Hat | Verbatim:
    """The card ``card`` as a learner reads it, or the odd value itself (for refusals).

    >>> str(hat(0)), str(hat(99)), str(hat("x"))
    ('red 1', '99', "'x'")
    """
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(HATS):
        return HATS[card]
    return Verbatim(repr(card))
