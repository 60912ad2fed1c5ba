"""Boo Party!'s catalogue: the costumes, the seats' roles and the card ids.

Cards have unique ids: the Disguise card of costume ``c`` is ``c``, its Vision
card is ``VISION_BASE + c``. A game uses the first ``costumes`` costumes.

>>> costume_name(0), vision_card(3), len(COSTUMES)
('Ghost', 103, 24)
"""

from __future__ import annotations

from gamekit.core.i18n import Term
from gamekit.titles.boo_party.terms import COSTUME_TERMS

COSTUMES: tuple[str, ...] = (
    "Ghost", "Vampire", "Witch", "Mummy", "Werewolf", "Skeleton",
    "Zombie", "Pumpkin", "Bat", "Black Cat", "Pirate", "Clown",
    "Robot", "Alien", "Dragon", "Wizard", "Knight", "Scarecrow",
    "Ninja", "Fairy", "Devil", "Cowboy", "Superhero", "Spider",
)  # fmt: skip
"""Every costume the kit knows, by number; a game uses the first ``costumes``."""

SEER = 0
"""The Seer's seat; the Monsters sit at seats 1 to ``players - 1``."""
NOTHING = -1
"""What ``worn`` holds for a Monster who chose to wear nothing."""
VISION_BASE = 100
"""The Vision card of costume ``c`` has the card id ``VISION_BASE + c``."""
MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 3, 8, 5  # Ruling B1
DEFAULT_COSTUMES = 18  # Ruling B2


def costume_name(costume: int) -> str:
    """The name of a costume number.

    >>> costume_name(0), costume_name(9)
    ('Ghost', 'Black Cat')
    """
    return COSTUMES[costume] if 0 <= costume < len(COSTUMES) else f"costume #{costume}"


def costume_term(costume: int) -> Term:
    """The translatable name of a costume number (see :mod:`gamekit.titles.boo_party.terms`).

    >>> f"{costume_term(2):the}"
    'the Witch'
    """
    return COSTUME_TERMS[costume]


def vision_card(costume: int) -> int:
    """The card id of a costume's Vision card."""
    return VISION_BASE + costume
