"""Boo Party!'s translatable words: the costumes and the two roles, with the forms
the sentences need (see :class:`gamekit.core.i18n.Term`).

A costume's forms have the catalog context ``"costume:name"`` (the bare name, as a
card shows it) and ``"costume:the"``; a message picks one with a format spec
(``{costume:the}``; a trailing ``^`` capitalises). The roles have the forms a seat
has (``le``, ``de``, ``à``: see :class:`gamekit.core.names.Seat`), so a message may
name the Seer where it would name a seat.

>>> from gamekit.core.i18n import language
>>> f"{COSTUME_TERMS[9]:the}", f"{THE_SEER}", f"{THE_MONSTERS:the^}"
('the Black Cat', 'the Seer', 'The Monsters')
>>> with language("fr"):
...     f"{COSTUME_TERMS[9]:the}", f"{COSTUME_TERMS[17]:the^}", f"{THE_SEER:à}"
('le chat noir', 'L’épouvantail', 'à la Voyante')
"""

from __future__ import annotations

from gamekit.core.i18n import Term, catalog, form

PACKAGE = "gamekit.titles.boo_party"

M = catalog(PACKAGE)
"""This title's messages (``locale/<lang>/LC_MESSAGES/boo_party.mo``)."""

COSTUME_TERMS: tuple[Term, ...] = (
    Term(
        PACKAGE,
        (
            form("costume:name", "Ghost"),
            form("costume:the", "the Ghost"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Vampire"),
            form("costume:the", "the Vampire"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Witch"),
            form("costume:the", "the Witch"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Mummy"),
            form("costume:the", "the Mummy"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Werewolf"),
            form("costume:the", "the Werewolf"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Skeleton"),
            form("costume:the", "the Skeleton"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Zombie"),
            form("costume:the", "the Zombie"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Pumpkin"),
            form("costume:the", "the Pumpkin"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Bat"),
            form("costume:the", "the Bat"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Black Cat"),
            form("costume:the", "the Black Cat"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Pirate"),
            form("costume:the", "the Pirate"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Clown"),
            form("costume:the", "the Clown"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Robot"),
            form("costume:the", "the Robot"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Alien"),
            form("costume:the", "the Alien"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Dragon"),
            form("costume:the", "the Dragon"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Wizard"),
            form("costume:the", "the Wizard"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Knight"),
            form("costume:the", "the Knight"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Scarecrow"),
            form("costume:the", "the Scarecrow"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Ninja"),
            form("costume:the", "the Ninja"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Fairy"),
            form("costume:the", "the Fairy"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Devil"),
            form("costume:the", "the Devil"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Cowboy"),
            form("costume:the", "the Cowboy"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Superhero"),
            form("costume:the", "the Superhero"),
        ),
    ),
    Term(
        PACKAGE,
        (
            form("costume:name", "Spider"),
            form("costume:the", "the Spider"),
        ),
    ),
)
"""Every costume, in the order of ``COSTUMES`` (the costume number)."""

THE_SEER = Term(
    PACKAGE,
    (
        form("role:the", "the Seer"),
        form("role:name", "Seer"),
        form("role:le", "the Seer"),
        form("role:de", "the Seer"),
        form("role:à", "the Seer"),
    ),
)
"""The Seer's role (the forms ``le``, ``de`` and ``à`` as a seat has them)."""

THE_MONSTERS = Term(
    PACKAGE,
    (
        form("role:the", "the Monsters"),
        form("role:name", "Monsters"),
        form("role:one", "Monster"),
    ),
)
"""The Monsters' team (``one``: a single Monster, as a card says it)."""
