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

A message that counts something has a singular and a plural
(:func:`plural_catalog`, ``N("{count} card", "{count} cards", count, count=count)``):
gettext's ``ngettext`` picks the form by the catalog's ``Plural-Forms`` (French: the
singular for 0 and 1).

Parameters that are texts are inserted as they are; numbers (``int``, ``float``, and
:class:`Number` for a chosen format) read in the language in force: in French with a
decimal comma and, from five digits on, a narrow no-break space between thousands
(``0,027``, ``58\u202f065``). A parameter named ``seed`` is an identifier one types
again: it is never grouped.
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
    """Choose the language of the whole kernel: ``"en"`` or ``"fr"``. The kernel's
    pandas tables follow: in French their decimals print with a comma."""
    global _kernel
    _kernel = check_language(lang)
    _table_numbers(_kernel)


def _table_cell(value: float) -> str:
    """A float in a pandas table, as the kernel's language writes it (``0,155``)."""
    return format_number(value, ".6g", _kernel)


def _table_numbers(lang: str) -> None:
    """Set pandas' float display for ``lang`` (a user's own ``float_format`` is kept)."""
    try:
        import pandas as pd
    except ImportError:  # pragma: no cover - pandas is a dependency of the kit
        return
    current = pd.get_option("display.float_format")
    if lang != SOURCE:
        if current is None or current is _table_cell:
            pd.set_option("display.float_format", _table_cell)
    elif current is _table_cell:
        pd.reset_option("display.float_format")


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


def ngettext_in(package: str | None, singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the language in force."""
    if package is None:
        return singular if n == 1 else plural
    return translations(package, get_language()).ngettext(singular, plural, n)


NNBSP = "\u202f"
"""The narrow no-break space: French thousands separator (and before ; ! ?)."""
IDENTIFIERS = frozenset({"seed"})
"""Parameter names whose numbers are identifiers, written without grouping."""


def format_number(value: float, spec: str = "", lang: str | None = None) -> str:
    """``value`` formatted by ``spec`` as the language in force writes numbers.

    >>> format_number(58065), format_number(0.027)
    ('58065', '0.027')
    >>> with language("fr"):
    ...     format_number(58065), format_number(0.027), format_number(-0.5, ".2f")
    ('58\u202f065', '0,027', '-0,50')
    """
    lang = get_language() if lang is None else lang
    if lang == SOURCE:
        return format(value, spec)
    text = format(value, spec.replace(",", ""))
    if "e" in text or "n" in text or not any(c.isdigit() for c in text):  # 1e-05, nan, inf
        return text.replace(".", ",")
    sign, rest = (text[0], text[1:]) if text[0] in "+-" else ("", text)
    whole, dot, decimals = rest.partition(".")
    digits = whole.lstrip()
    if digits.isdigit() and len(digits) >= 5:
        groups: list[str] = []
        while digits:
            groups.insert(0, digits[-3:])
            digits = digits[:-3]
        whole = NNBSP.join(groups)
    return sign + whole + ("," + decimals if dot else "")


@dataclass(frozen=True, slots=True)
class Number:
    """A number with a format spec (``Number(0.0271, ".2g")``) that reads as the
    language in force writes numbers; a message's format spec, if any, wins."""

    value: float
    spec: str = ""

    def __format__(self, spec: str) -> str:
        return format_number(self.value, spec or self.spec)

    def __str__(self) -> str:
        return format(self, "")


def _localised(name: str, value: Any) -> Any:
    """A numeric parameter wrapped so that it reads in the language in force."""
    if isinstance(value, bool) or name in IDENTIFIERS:
        return value
    if isinstance(value, (int, float)):
        return Number(value)
    return value


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
class Quoted:
    """A text a learner typed, quoted as the language in force quotes it: Python's
    ``'…'`` in English, « … » in French.

    >>> with language("fr"):
    ...     str(CORE("no legal action reads {text}", text=Quoted("xyz")))
    'aucun coup permis ne s’écrit «\u00a0xyz\u00a0»'
    """

    text: str

    def __format__(self, spec: str) -> str:
        if get_language() == SOURCE:
            return repr(self.text)
        return f"«\u00a0{self.text}\u00a0»"

    def __str__(self) -> str:
        return format(self, "")


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
    plural: str | None = None
    """The plural message id of a counted message (``msgid`` is then the singular)."""
    count: int = 0
    """The number that chooses between the singular and the plural."""

    def render(self, lang: str | None = None) -> str:
        """The text in ``lang`` (default: the language in force)."""
        with language(lang) as chosen:
            if self.plural is None:
                text = gettext_in(self.package, self.msgid)
            else:
                text = ngettext_in(self.package, self.msgid, self.plural, self.count)
            if chosen == SOURCE:
                return text.format(**dict(self.params))  # "{{" writes a brace
            return text.format(**{k: _localised(k, v) for k, v in self.params})

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


class PluralMessages(Protocol):
    """A package's factory of counted messages (see :func:`plural_catalog`)."""

    package: str | None

    def __call__(self, singular: str, plural: str, count: int, /, **params: Any) -> Message: ...


def plural_catalog(package: str | None) -> PluralMessages:
    """The factory of one package's counted messages: ``N = plural_catalog(__package__)``,
    then ``N(singular, plural, count, **params)``; ``count`` chooses the form (gettext's
    ``ngettext``). ``pybabel extract`` finds the calls by the keyword ``N:1,2`` (and
    ``CORE_N`` in the core).

    >>> N = plural_catalog("gamekit")
    >>> [str(N("{count} card", "{count} cards", n, count=n)) for n in (1, 2)]
    ['1 card', '2 cards']
    """

    def make(singular: str, plural: str, count: int, /, **params: Any) -> Message:
        return Message(package, singular, tuple(params.items()), plural, count)

    make.package = package  # type: ignore[attr-defined]
    return cast(PluralMessages, make)


CORE = catalog(CORE_PACKAGE)
"""The core's own messages (domain ``gamekit``)."""
CORE_N = plural_catalog(CORE_PACKAGE)
"""The core's own counted messages."""


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
