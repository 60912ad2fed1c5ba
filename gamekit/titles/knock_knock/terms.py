"""Knock! Knock!'s translatable words: each card kind and each folk, with the forms
the sentences need (see :class:`gamekit.core.i18n.Term`).

A form's catalog context is ``"card:<form>"`` or ``"folk:<form>"`` and its msgid is
the English form; a message picks one with a format spec (``{card:a}``; a trailing
``^`` capitalizes: ``{card:the^}``).

>>> from gamekit.core.i18n import language
>>> f"{CARDS['monster brute']:a}", f"{FOLK_TERMS[1]:plural}"
('a Monster brute', 'ghosts')
>>> with language("fr"):
...     f"{CARDS['monster brute']:a}", f"{CARDS['scarecrow']:the^}"
('une brute monstre', 'L’épouvantail')
"""

from __future__ import annotations

from gamekit.core.i18n import Term, catalog, form

PACKAGE = "gamekit.titles.knock_knock"
M = catalog(PACKAGE)
"""This title's messages (``locale/<lang>/LC_MESSAGES/knock_knock.mo``)."""

CARDS: dict[str, Term] = {
    "monster": Term(
        PACKAGE,
        (
            form("card:name", "Monster"),
            form("card:a", "a Monster"),
            form("card:the", "the Monster"),
            form("card:plural", "Monsters"),
        ),
    ),
    "ghost": Term(
        PACKAGE,
        (
            form("card:name", "Ghost"),
            form("card:a", "a Ghost"),
            form("card:the", "the Ghost"),
            form("card:plural", "Ghosts"),
        ),
    ),
    "vampire": Term(
        PACKAGE,
        (
            form("card:name", "Vampire"),
            form("card:a", "a Vampire"),
            form("card:the", "the Vampire"),
            form("card:plural", "Vampires"),
        ),
    ),
    "monster brute": Term(
        PACKAGE,
        (
            form("card:name", "Monster brute"),
            form("card:a", "a Monster brute"),
            form("card:the", "the Monster brute"),
            form("card:plural", "Monster brutes"),
        ),
    ),
    "ghost brute": Term(
        PACKAGE,
        (
            form("card:name", "Ghost brute"),
            form("card:a", "a Ghost brute"),
            form("card:the", "the Ghost brute"),
            form("card:plural", "Ghost brutes"),
        ),
    ),
    "vampire brute": Term(
        PACKAGE,
        (
            form("card:name", "Vampire brute"),
            form("card:a", "a Vampire brute"),
            form("card:the", "the Vampire brute"),
            form("card:plural", "Vampire brutes"),
        ),
    ),
    "monster musician": Term(
        PACKAGE,
        (
            form("card:name", "Monster musician"),
            form("card:a", "a Monster musician"),
            form("card:the", "the Monster musician"),
            form("card:plural", "Monster musicians"),
        ),
    ),
    "ghost musician": Term(
        PACKAGE,
        (
            form("card:name", "Ghost musician"),
            form("card:a", "a Ghost musician"),
            form("card:the", "the Ghost musician"),
            form("card:plural", "Ghost musicians"),
        ),
    ),
    "vampire musician": Term(
        PACKAGE,
        (
            form("card:name", "Vampire musician"),
            form("card:a", "a Vampire musician"),
            form("card:the", "the Vampire musician"),
            form("card:plural", "Vampire musicians"),
        ),
    ),
    "monster vamp": Term(
        PACKAGE,
        (
            form("card:name", "Monster vamp"),
            form("card:a", "a Monster vamp"),
            form("card:the", "the Monster vamp"),
            form("card:plural", "Monster vamps"),
        ),
    ),
    "ghost vamp": Term(
        PACKAGE,
        (
            form("card:name", "Ghost vamp"),
            form("card:a", "a Ghost vamp"),
            form("card:the", "the Ghost vamp"),
            form("card:plural", "Ghost vamps"),
        ),
    ),
    "vampire vamp": Term(
        PACKAGE,
        (
            form("card:name", "Vampire vamp"),
            form("card:a", "a Vampire vamp"),
            form("card:the", "the Vampire vamp"),
            form("card:plural", "Vampire vamps"),
        ),
    ),
    "kid": Term(
        PACKAGE,
        (
            form("card:name", "Kid"),
            form("card:a", "a Kid"),
            form("card:the", "the Kid"),
            form("card:plural", "Kids"),
        ),
    ),
    "hearse taxi": Term(
        PACKAGE,
        (
            form("card:name", "Hearse taxi"),
            form("card:a", "a Hearse taxi"),
            form("card:the", "the Hearse taxi"),
            form("card:plural", "Hearse taxis"),
        ),
    ),
    "scarecrow": Term(
        PACKAGE,
        (
            form("card:name", "Scarecrow"),
            form("card:a", "a Scarecrow"),
            form("card:the", "the Scarecrow"),
            form("card:plural", "Scarecrows"),
        ),
    ),
}
"""Every card kind by its name in the rules (``KIND_NAMES``)."""

FOLK_TERMS: tuple[Term, ...] = (
    Term(
        PACKAGE,
        (
            form("folk:name", "monster"),
            form("folk:a", "a monster"),
            form("folk:plural", "monsters"),
            form("folk:the_plural", "the monsters"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("folk:name", "ghost"),
            form("folk:a", "a ghost"),
            form("folk:plural", "ghosts"),
            form("folk:the_plural", "the ghosts"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("folk:name", "vampire"),
            form("folk:a", "a vampire"),
            form("folk:plural", "vampires"),
            form("folk:the_plural", "the vampires"),
        ),
    ),
)
"""The three folks, in the order of ``FOLKS``."""
