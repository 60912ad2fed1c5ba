"""Seats in words: the API counts seats from 0, a learner reads names.

The rules narrate a seat as ``seat_label(seat)`` ("player 2": the API's seat
number) and a group of seats as ``seat_list(seats)`` ("players 0, 1 and 3").
Whatever a learner reads in the table goes through :func:`named`, which turns
those phrases into the players' names; the default names are "Player 1" to
"Player N", so seat 0 reads "Player 1".

>>> named("Knock at player 1's door; players 0, 2 and 3 win.", ["Ann", "Bob", "Cy", "Di"])
"Knock at Bob's door; Ann, Cy and Di win."
>>> named("player 0 takes the cookie", default_names(2))
'Player 1 takes the cookie'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from gamekit.core.i18n import CORE, Listing, Message, get_language, join_words


def seat_label(seat: int) -> str:
    """How the rules' narration names one seat (the API's number)."""
    return str(CORE("player {seat}", seat=seat))


def seat_list(seats: Iterable[int]) -> str:
    """How the rules' narration names several seats: "players 0, 1 and 3"."""
    numbers = [str(s) for s in seats]
    if len(numbers) == 1:
        return seat_label(int(numbers[0]))
    return str(CORE("players {seats}", seats=and_list(numbers)))


def seats_message(seats: Iterable[int]) -> Message:
    """One or several seats as a message rendered when read ("player 1", "players 0 and 2").

    >>> str(seats_message([0, 2]))
    'players 0 and 2'
    """
    numbers = [int(s) for s in seats]
    if len(numbers) == 1:
        return CORE("player {seat}", seat=numbers[0])
    return CORE("players {seats}", seats=Listing(tuple(numbers)))


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
        raise ValueError("names must be a list of texts, one per seat")
    found = [" ".join(n.split())[:40] for n in names]
    if len(found) != players or not all(found):
        raise ValueError(f"names must give {players} non-empty names, one per seat")
    return found


_SEATS = re.compile(r"\b[Pp]layers? (\d+(?:, \d+)* and \d+|\d+)\b")
_SIEGES = re.compile(
    r"\b(?:([Dd]u|[Aa]u|[Ll]e|[Dd]es|[Aa]ux|[Ll]es) )?[Jj]oueurs? (\d+(?:, \d+)* et \d+|\d+)\b"
)
_PREPOSITIONS = {"du": "de ", "au": "à ", "le": "", "des": "de ", "aux": "à ", "les": ""}
_DEFAULT_FR = re.compile(r"Joueur \d+")


def named(text: str, names: Sequence[str]) -> str:
    """``text`` with every seat phrase of the narration replaced by that seat's name.

    One pass, so a name that reads "Player 2" is never replaced again.

    >>> named("players 0 and 1 tie; player 1 wins", default_names(2))
    'Player 1 and Player 2 tie; Player 2 wins'
    """

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
        return prefix + joined

    return _SIEGES.sub(replace, text)
