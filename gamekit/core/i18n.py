"""Languages: English (the source) and French, through standard gettext catalogs.

Every learner-facing text is an English *message id* with ``{named}`` placeholders.
A title's catalog lives with the title, a compiled ``.mo`` file at
``<package>/locale/<lang>/LC_MESSAGES/<domain>.mo`` where ``<domain>`` is the last
part of the package name (``gamekit/titles/knock_knock/locale/fr/LC_MESSAGES/knock_knock.mo``);
the core's own texts (and the widgets') are in the domain ``gamekit``
(``gamekit/locale/fr/LC_MESSAGES/gamekit.mo``). Only the standard library reads them.

The language in force is, first, the one of the innermost :func:`language` block
(a context variable), else the kernel's (:func:`set_language`, ``"en"`` at start).

>>> get_language()
'en'
>>> with language("fr"):
...     str(CORE("there is nothing to undo"))
'il n’y a rien à annuler'
>>> str(CORE("there is nothing to undo"))
'there is nothing to undo'
>>> set_language("de")
Traceback (most recent call last):
...
ValueError: unknown language 'de'; the kit speaks: en, fr

Three small values carry texts that render late, in the language in force when
they are read:

- :class:`Message` is a message id and its parameters (what an event keeps);
  ``str(message)`` renders it. A catalog makes them: ``M = catalog(__package__)``
  then ``M("Player {seat} opens the door.", seat=2)``.
- :class:`Term` is a translatable word with *forms* (a card name: bare, with an
  article, in the plural...). A message picks a form with a format spec:
  ``M("Knock with {card:a}", card=MONSTER)`` renders "Knock with a Monster" and,
  in French, "... avec un monstre" (the French msgstr may pick another form, such
  as ``{card:the}``, because French articles agree with the noun). Each form is a
  catalog entry whose *context* is ``"<word kind>:<form>"`` and whose msgid is the
  English form; :func:`form` marks one for extraction.
- :class:`Listing` joins items (terms, numbers, other lazy values) with "and" or
  "or" in the language in force, passing its format spec on to each item.

Parameters that are plain numbers or texts are inserted as they are.
"""

from __future__ import annotations

import contextvars
import gettext
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Protocol, cast

LANGUAGES: tuple[str, ...] = ("en", "fr")
"""The languages the kit speaks; ``"en"`` is the source language of every message."""
SOURCE = "en"
CORE_PACKAGE = "gamekit"
"""The package whose catalog (domain ``gamekit``) holds the core's and widgets' texts."""

_kernel = SOURCE
_local: contextvars.ContextVar[str | None] = contextvars.ContextVar("gamekit_lang", default=None)


def check_language(lang: object) -> str:
    """``lang`` itself when the kit speaks it, else a ``ValueError`` listing the languages."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; the kit speaks: {', '.join(LANGUAGES)}")
    return lang


def set_language(lang: str) -> None:
    """Choose the language of the whole kernel: ``"en"`` or ``"fr"``."""
    global _kernel
    _kernel = check_language(lang)


def get_language() -> str:
    """The language in force here: the innermost :func:`language` block's, else the kernel's."""
    return _local.get() or _kernel


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the block (``None``: keep the language in force)."""
    chosen = get_language() if lang is None else check_language(lang)
    token = _local.set(chosen)
    try:
        yield chosen
    finally:
        _local.reset(token)


@cache
def translations(package: str, lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``package`` in ``lang`` (a pass-through for the source
    language, or when the package has none)."""
    if lang == SOURCE:
        return gettext.NullTranslations()
    domain = package.rpartition(".")[2]
    try:
        path = resources.files(package).joinpath(f"locale/{lang}/LC_MESSAGES/{domain}.mo")
        with path.open("rb") as stream:
            return gettext.GNUTranslations(stream)
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return gettext.NullTranslations()


def gettext_in(package: str | None, msgid: str, context: str | None = None) -> str:
    """``msgid`` translated into the language in force by ``package``'s catalog."""
    if package is None:
        return msgid
    catalog = translations(package, get_language())
    if context is None:
        return catalog.gettext(msgid)
    return catalog.pgettext(context, msgid)


def form(context: str, english: str) -> tuple[str, str]:
    """Mark one form of a :class:`Term` for extraction (``pybabel`` keyword ``form:1c,2``)."""
    return (context, english)


@dataclass(frozen=True, slots=True)
class Term:
    """A translatable word with forms, such as a card name.

    ``forms`` pairs a context ``"<word kind>:<form>"`` with the English text; the
    first is the default form. ``format(term, "a")`` renders the form ``a``.
    """

    package: str
    forms: tuple[tuple[str, str], ...]

    @property
    def english(self) -> str:
        """The default form in English: the word's identity."""
        return self.forms[0][1]

    def __format__(self, spec: str) -> str:
        if spec.endswith("^"):
            text = format(self, spec[:-1])
            return text[:1].upper() + text[1:]
        for context, english in self.forms:
            if (context.rpartition(":")[2] == spec) or not spec:
                return gettext_in(self.package, english, context)
        raise ValueError(f"the word {self.english!r} has no form {spec!r}")

    def __str__(self) -> str:
        return format(self, "")


@dataclass(frozen=True, slots=True)
class Verbatim:
    """A text that stands where a :class:`Term` is expected (a name the rules do not
    know, for example): every form is the text itself."""

    text: str

    def __format__(self, spec: str) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Listing:
    """Items joined with "and" (``conj="and"``), "or" (``"or"``) or only commas (``","``)
    in the language in force; the format spec goes on to each item."""

    items: tuple[Any, ...]
    conj: str = "and"

    def __format__(self, spec: str) -> str:
        if spec.endswith("^"):  # capitalise the listing, not every item
            text = format(self, spec[:-1])
            return text[:1].upper() + text[1:]
        words = [format(item, spec) for item in self.items]
        return join_words(words, self.conj)

    def __str__(self) -> str:
        return format(self, "")


def join_words(words: Iterable[str], conj: str = "and") -> str:
    """ "a", "a and b", "a, b and c" (no Oxford comma) in the language in force.

    >>> join_words(["1", "2", "3"], "or")
    '1, 2 or 3'
    >>> with language("fr"):
    ...     join_words(["1", "2", "3"])
    '1, 2 et 3'
    """
    words = list(words)
    if len(words) <= 1 or conj == ",":
        return ", ".join(words)
    word = CORE("and") if conj == "and" else CORE("or")
    return ", ".join(words[:-1]) + f" {word} " + words[-1]


@dataclass(slots=True, unsafe_hash=True)  # not frozen: made on every event, plain init is faster
class Message:
    """A message id of ``package``'s catalog and its parameters, rendered on demand."""

    package: str | None
    msgid: str
    params: tuple[tuple[str, Any], ...] = ()

    def render(self, lang: str | None = None) -> str:
        """The text in ``lang`` (default: the language in force)."""
        with language(lang):
            text = gettext_in(self.package, self.msgid)
            return text.format(**dict(self.params))  # "{{" writes a brace

    def __str__(self) -> str:
        return self.render()

    @property
    def parameters(self) -> dict[str, Any]:
        """The parameters by name."""
        return dict(self.params)


class Text(str):
    """A learner-facing text that is a ``str`` holding the English (what registries
    and tests compare) and reads in the language in force wherever it is shown
    (``str(text)``, an f-string, a message parameter). For texts kept in plain
    ``str`` fields, such as an exercise's question.

    >>> hint = Text(CORE("and"))
    >>> hint == "and", f"{hint}"
    (True, 'and')
    >>> with language("fr"):
    ...     f"{hint}", str(hint)
    ('et', 'et')
    """

    message: Message

    def __new__(cls, message: Message) -> Text:
        text = super().__new__(cls, message.render(SOURCE))
        text.message = message
        return text

    def __str__(self) -> str:
        return self.message.render()

    def __format__(self, spec: str) -> str:
        return format(self.message.render(), spec)


class Messages(Protocol):
    """A package's message factory (see :func:`catalog`): ``M(msgid, **params)``."""

    package: str | None

    def __call__(self, msgid: str, /, **params: Any) -> Message: ...


def catalog(package: str | None) -> Messages:
    """The message factory of one package: ``M = catalog(__package__)``, then
    ``M(msgid, **params)``. A plain function, as fast as a message can be made: a
    narration makes one on every move. ``pybabel extract`` finds the calls by the
    keyword ``M`` (and ``CORE`` in the core).

    >>> M = catalog("gamekit")
    >>> M("{seat} wins.", seat=2).params, M.package
    ((('seat', 2),), 'gamekit')
    """

    def make(msgid: str, /, **params: Any) -> Message:
        return Message(package, msgid, tuple(params.items()) if params else ())

    make.package = package  # type: ignore[attr-defined]
    return cast(Messages, make)


CORE = catalog(CORE_PACKAGE)
"""The core's own messages (domain ``gamekit``)."""


_FOLD = re.compile(r"[\s\u00a0\u202f\u2009]+")


def fold(text: str) -> str:
    """``text`` for a loose comparison: case-folded, every run of spaces (the no-break
    ones too) made one space, typographic apostrophes made plain.

    >>> fold("  Ouvrir  la\u202fPorte ") == fold("ouvrir la porte")
    True
    """
    return _FOLD.sub(" ", text.replace("\u2019", "'")).strip().casefold()


def placeholders(text: str) -> set[str]:
    """The placeholder names of a message (``{card:a}`` counts as ``card``).

    >>> sorted(placeholders("Knock at player {target}'s door with {card:a}"))
    ['card', 'target']
    """
    import string

    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
            if name is not None}  # fmt: skip
