"""Seats in words: the API counts seats from 0, a learner reads names.

A title narrates a seat with a :class:`Seat` parameter (``M("{seat} opens the door.",
seat=Seat(2))``): it renders as the seat's name in force, "Player 3" by default
(seat 0 is "Player 1"), the name given with ``names=`` inside :func:`seat_names`.
French messages pick a grammatical form with a format spec: ``{seat:le}`` ("le
joueur 3", "Ann"), ``{seat:de}`` ("du joueur 3", "d’Ann"), ``{seat:à}`` ("au joueur
3", "à Ann"); a trailing ``^`` capitalises. :func:`seats` joins several.

>>> f"{Seat(0)} takes the cookie"
'Player 1 takes the cookie'
>>> with seat_names(["Ann", "Bob"]):
...     f"{Seat(1)} knocks at {Seat(0)}'s door"
"Bob knocks at Ann's door"

Texts made before seats were values (a plugin's plain "player 0 wins") are read
through :func:`named`, which turns those phrases into the players' names:

>>> named("Knock at player 1's door; players 0, 2 and 3 win.", ["Ann", "Bob", "Cy", "Di"])
"Knock at Bob's door; Ann, Cy and Di win."
>>> named("player 0 takes the cookie", default_names(2))
'Player 1 takes the cookie'
"""

from __future__ import annotations

import contextvars
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager

from gamekit.core.i18n import CORE, Listing, fold, get_language, join_words

_names_in_force: contextvars.ContextVar[tuple[str, ...] | None] = contextvars.ContextVar(
    "gamekit_names", default=None
)


_raw_seats: contextvars.ContextVar[bool] = contextvars.ContextVar("gamekit_raw", default=False)


@contextmanager
def seat_names(names: Sequence[str] | None, *, raw: bool = False) -> Iterator[None]:
    """Render :class:`Seat` values with ``names`` inside the block (``None``: the
    default names, "Player 1" ... "Player N").

    ``raw=True`` renders them as plain-text narration does ("player 0", "du joueur 0"),
    for a text that :func:`named` reads afterwards with the rest of a plain-text title.
    """
    token = _names_in_force.set(None if names is None else tuple(names))
    raw_token = _raw_seats.set(raw)
    try:
        yield
    finally:
        _raw_seats.reset(raw_token)
        _names_in_force.reset(token)


_FRENCH_DEFAULT = {"": "Joueur {n}", "le": "le joueur {n}", "de": "du joueur {n}",
                   "à": "au joueur {n}"}  # fmt: skip
_VOWELS = "aeiouyàâäéèêëîïôöûüœæ"


class Seat(int):
    """A seat number (an ``int``, counted from 0) that reads as the seat's name.

    >>> s = Seat(1)
    >>> s == 1, f"{s}", repr(s)
    (True, 'Player 2', 'Seat(1)')
    >>> from gamekit.core.i18n import language
    >>> with language("fr"):
    ...     f"{s:le^} frappe à la porte {Seat(0):de}."
    'Le joueur 2 frappe à la porte du joueur 1.'
    >>> with language("fr"), seat_names(["Ann", "Bob"]):
    ...     f"{s:le^} frappe à la porte {Seat(0):de}."
    'Bob frappe à la porte d’Ann.'
    """

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        capital = spec.endswith("^")
        text = self._form(spec.rstrip("^"))
        return text[:1].upper() + text[1:] if capital else text

    def __str__(self) -> str:
        return format(self, "")

    def __repr__(self) -> str:
        return f"Seat({int(self)})"

    def _form(self, spec: str) -> str:
        if spec not in _FRENCH_DEFAULT:
            raise ValueError(f"a seat has no form {spec!r}; forms: '', 'le', 'de', 'à'")
        if _raw_seats.get():
            return _raw_form(int(self), spec)
        names = _names_in_force.get()
        name = names[self] if names is not None and 0 <= self < len(names) else None
        if get_language() != "fr":
            return name if name is not None else str(CORE("Player {number}", number=self + 1))
        if name is None:
            return _FRENCH_DEFAULT[spec].format(n=self + 1)
        if spec == "de":
            return f"d’{name}" if name[:1].lower() in _VOWELS else f"de {name}"
        return f"à {name}" if spec == "à" else name


SEATS: tuple[Seat, ...] = tuple(Seat(n) for n in range(16))
"""``SEATS[n]`` is ``Seat(n)``, made once: a narration that names seats on every move
indexes it instead of making new values (the full API's speed)."""


def _raw_form(seat: int, spec: str) -> str:
    if get_language() != "fr":
        return f"player {seat}"
    return _FRENCH_DEFAULT[spec].format(n=seat).lower()


def seats(numbers: Iterable[int], conj: str = "and") -> Listing:
    """Several seats joined in the language in force ("Player 1 and Player 3").

    >>> str(seats([0, 2]))
    'Player 1 and Player 3'
    """
    return Listing(tuple(Seat(n) for n in numbers), conj)


def and_list(items: Iterable[str]) -> str:
    """ "a", "a and b", "a, b and c" (no Oxford comma).

    >>> and_list(["monsters", "ghosts", "vampires"])
    'monsters, ghosts and vampires'
    """
    return join_words(items, "and")


def or_list(items: Iterable[str]) -> str:
    """ "a", "a or b", "a, b or c".

    >>> or_list(["monsters", "ghosts", "vampires"])
    'monsters, ghosts or vampires'
    """
    return join_words(items, "or")


def default_names(players: int) -> list[str]:
    """ "Player 1" ... "Player N": seat 0 is Player 1."""
    return [str(CORE("Player {number}", number=seat + 1)) for seat in range(players)]


def check_names(names: Sequence[str] | None, players: int) -> list[str]:
    """The names of ``players`` seats (defaults where ``names`` is ``None``)."""
    if names is None:
        return default_names(players)
    if isinstance(names, str) or not all(isinstance(n, str) for n in names):
        raise ValueError(str(CORE("names must be a list of texts, one per seat")))
    found = [" ".join(n.split())[:40] for n in names]
    if len(found) != players or not all(found):
        raise ValueError(
            str(CORE("names must give {players} non-empty names, one per seat", players=players))
        )
    for name in found:
        hidden = next((c for c in name if unicodedata.category(c) in _UNSEEN), None)
        if hidden is not None:
            raise ValueError(
                str(CORE("the name {name} holds an invisible or control character ({code}); "
                         "a name is made of letters, digits, spaces and punctuation",
                         name=ascii(name)[:60], code=f"U+{ord(hidden):04X}"))
            )  # fmt: skip
    folded = [fold(name) for name in found]
    twin = next((n for i, n in enumerate(found) if folded[i] in folded[:i]), None)
    if twin is not None:
        raise ValueError(
            str(CORE("two players are named {name}: every seat needs its own name, "
                     "or moves would read alike", name=repr(twin)))
        )  # fmt: skip
    return found


_UNSEEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories a name may not hold: controls (terminal escapes), format characters
(U+200B, the bidirectional U+202E), surrogates, private use, unassigned, line breaks."""


_MOST_SEATS = 16
"""Seats a plain text may name by number (no title seats more)."""
_SEATS = re.compile(r"\b[Pp]layers? (\d+(?:, \d+)* and \d+|\d+)\b")
_SIEGES = re.compile(
    r"\b(?:([Dd]u|[Aa]u|[Ll]e|[Dd]es|[Aa]ux|[Ll]es) )?[Jj]oueurs? (\d+(?:, \d+)* et \d+|\d+)\b"
)
_PREPOSITIONS = {"du": "de ", "au": "à ", "le": "", "des": "de ", "aux": "à ", "les": ""}
_DEFAULT_FR = re.compile(r"Joueur \d+")


def named(text: str, names: Sequence[str] | None = None) -> str:
    """``text`` with every "player N" phrase of a plain-text narration replaced by
    that seat's name (``None``: the default names).

    One pass, so a name that reads "Player 2" is never replaced again.

    >>> named("players 0 and 1 tie; player 1 wins", default_names(2))
    'Player 1 and Player 2 tie; Player 2 wins'
    """

    if names is None:
        names = default_names(_MOST_SEATS)
    if get_language() == "fr":
        text = _named_fr(text, names)  # a title still in English keeps "player 1"

    def replace(match: re.Match[str]) -> str:
        seats = [int(n) for n in re.findall(r"\d+", match.group(1))]
        if not all(s < len(names) for s in seats):
            return match.group(0)
        return and_list(names[s] for s in seats)

    return _SEATS.sub(replace, text)


def _named_fr(text: str, names: Sequence[str]) -> str:
    """The French narration: "du joueur 1" becomes "de Bob" (or "du joueur 2" while the
    names are the default ones, which keep their article).

    >>> from gamekit.core.i18n import language
    >>> with language("fr"):
    ...     _named_fr("Le joueur 0 frappe à la porte du joueur 1.", ["Ann", "Bob"])
    'Ann frappe à la porte de Bob.'
    >>> with language("fr"):
    ...     _named_fr("La place du joueur 0, au joueur 1.", ["Ann", "Bob"])
    'La place d’Ann, à Bob.'
    >>> with language("fr"):
    ...     _named_fr("Le joueur 0 frappe à la porte du joueur 1.", default_names(2))
    'Le joueur 1 frappe à la porte du joueur 2.'
    """

    def replace(match: re.Match[str]) -> str:
        article, numbers = match.group(1), match.group(2)
        seats = [int(n) for n in re.findall(r"\d+", numbers)]
        if not all(s < len(names) for s in seats):
            return match.group(0)
        chosen = [names[s] for s in seats]
        if all(_DEFAULT_FR.fullmatch(n) for n in chosen):  # "du joueur 2": keep the grammar
            head = match.group(0)[: match.start(2) - match.start(0)]
            return head + and_list(n.split()[1] for n in chosen)
        prefix = _PREPOSITIONS[article.lower()] if article else ""
        if article and article[0].isupper():
            prefix = prefix.capitalize()
        joined = and_list(chosen)
        if prefix.lower() == "de " and joined[:1].lower() in _VOWELS:
            prefix = prefix[0] + "’"  # "d’Ann"
        return prefix + joined

    return _SIEGES.sub(replace, text)
