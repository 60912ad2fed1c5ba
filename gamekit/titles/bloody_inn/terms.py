"""The Bloody Inn's translatable words: every traveller, annex, family and action,
with the forms the sentences need (see :class:`gamekit.core.i18n.Term`).

A form's catalog context is ``"traveller:<form>"``, ``"annex:<form>"``,
``"family:<form>"`` or ``"act:<form>"``; its msgid is the English form. A message
picks one with a format spec (``{card:the}``; a trailing ``^`` capitalises). The
French names are the French game's (*L'Auberge sanglante*); where its rules name
no card, the kit's own (see ``docs/rules/fr/bloody-inn.md``).

>>> from gamekit.core.i18n import language
>>> f"{TRAVELLERS['grocer']:the}", f"{ANNEXES['duke']:the^}"
('the Grocer', 'The Stables')
>>> with language("fr"):
...     f"{TRAVELLERS['grocer']:the}", f"{ANNEXES['duke']:the^}"
('l’épicière', 'Les Écuries')
"""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.core.i18n import Message, Term, catalog, form, plural_catalog
from gamekit.core.names import Seat

PACKAGE = "gamekit.titles.bloody_inn"


M = catalog(PACKAGE)
"""This title's messages (``locale/<lang>/LC_MESSAGES/bloody_inn.mo``)."""
N = plural_catalog(PACKAGE)
"""This title's counted messages (singular and plural)."""


CASH_CAP = 40

TRAVELLERS: dict[str, Term] = {
    "cultivator": Term(
        PACKAGE,
        (form("traveller:name", "Cultivator"), form("traveller:the", "the Cultivator")),
    ),
    "mechanic": Term(
        PACKAGE,
        (form("traveller:name", "Mechanic"), form("traveller:the", "the Mechanic")),
    ),
    "distiller": Term(
        PACKAGE,
        (form("traveller:name", "Distiller"), form("traveller:the", "the Distiller")),
    ),
    "gardener": Term(
        PACKAGE,
        (form("traveller:name", "Gardener"), form("traveller:the", "the Gardener")),
    ),
    "landscaper": Term(
        PACKAGE,
        (form("traveller:name", "Landscaper"), form("traveller:the", "the Landscaper")),
    ),
    "butcher": Term(
        PACKAGE,
        (form("traveller:name", "Butcher"), form("traveller:the", "the Butcher")),
    ),
    "newsboy": Term(
        PACKAGE,
        (form("traveller:name", "Newsboy"), form("traveller:the", "the Newsboy")),
    ),
    "representative": Term(
        PACKAGE,
        (form("traveller:name", "Representative"), form("traveller:the", "the Representative")),
    ),
    "concierge": Term(
        PACKAGE,
        (form("traveller:name", "Concierge"), form("traveller:the", "the Concierge")),
    ),
    "grocer": Term(
        PACKAGE,
        (form("traveller:name", "Grocer"), form("traveller:the", "the Grocer")),
    ),
    "shopkeeper": Term(
        PACKAGE,
        (form("traveller:name", "Shopkeeper"), form("traveller:the", "the Shopkeeper")),
    ),
    "brewer": Term(
        PACKAGE,
        (form("traveller:name", "Brewer"), form("traveller:the", "the Brewer")),
    ),
    "baron": Term(
        PACKAGE,
        (form("traveller:name", "Baron"), form("traveller:the", "the Baron")),
    ),
    "viscount": Term(
        PACKAGE,
        (form("traveller:name", "Viscount"), form("traveller:the", "the Viscount")),
    ),
    "count": Term(
        PACKAGE,
        (form("traveller:name", "Count"), form("traveller:the", "the Count")),
    ),
    "duke": Term(
        PACKAGE,
        (form("traveller:name", "Duke"), form("traveller:the", "the Duke")),
    ),
    "prince": Term(
        PACKAGE,
        (form("traveller:name", "Prince"), form("traveller:the", "the Prince")),
    ),
    "marquis": Term(
        PACKAGE,
        (form("traveller:name", "Marquis"), form("traveller:the", "the Marquis")),
    ),
    "peacekeeper": Term(
        PACKAGE,
        (form("traveller:name", "Peacekeeper"), form("traveller:the", "the Peacekeeper")),
    ),
    "brigadier": Term(
        PACKAGE,
        (form("traveller:name", "Brigadier"), form("traveller:the", "the Brigadier")),
    ),
    "brigadier_chief": Term(
        PACKAGE,
        (form("traveller:name", "Brigadier Chief"), form("traveller:the", "the Brigadier Chief")),
    ),
    "major": Term(
        PACKAGE,
        (form("traveller:name", "Major"), form("traveller:the", "the Major")),
    ),
    "novice": Term(
        PACKAGE,
        (form("traveller:name", "Novice"), form("traveller:the", "the Novice")),
    ),
    "monk": Term(
        PACKAGE,
        (form("traveller:name", "Monk"), form("traveller:the", "the Monk")),
    ),
    "abbot": Term(
        PACKAGE,
        (form("traveller:name", "Abbot"), form("traveller:the", "the Abbot")),
    ),
    "priest": Term(
        PACKAGE,
        (form("traveller:name", "Priest"), form("traveller:the", "the Priest")),
    ),
    "bishop": Term(
        PACKAGE,
        (form("traveller:name", "Bishop"), form("traveller:the", "the Bishop")),
    ),
    "archbishop": Term(
        PACKAGE,
        (form("traveller:name", "Archbishop"), form("traveller:the", "the Archbishop")),
    ),
    "peasant": Term(
        PACKAGE,
        (form("traveller:name", "Peasant"), form("traveller:the", "the Peasant")),
    ),
}
"""Every traveller (and the peasant) by its key in ``cards.csv``."""

ANNEXES: dict[str, Term] = {
    "cultivator": Term(
        PACKAGE,
        (form("annex:name", "Vegetable Garden"), form("annex:the", "the Vegetable Garden")),
    ),
    "mechanic": Term(
        PACKAGE,
        (form("annex:name", "Workshop"), form("annex:the", "the Workshop")),
    ),
    "distiller": Term(
        PACKAGE,
        (form("annex:name", "Distillery"), form("annex:the", "the Distillery")),
    ),
    "gardener": Term(
        PACKAGE,
        (form("annex:name", "Gardens"), form("annex:the", "the Gardens")),
    ),
    "landscaper": Term(
        PACKAGE,
        (form("annex:name", "Park"), form("annex:the", "the Park")),
    ),
    "butcher": Term(
        PACKAGE,
        (form("annex:name", "Butcher's Shop"), form("annex:the", "the Butcher's Shop")),
    ),
    "newsboy": Term(
        PACKAGE,
        (form("annex:name", "Kiosk"), form("annex:the", "the Kiosk")),
    ),
    "representative": Term(
        PACKAGE,
        (form("annex:name", "Parlor"), form("annex:the", "the Parlor")),
    ),
    "concierge": Term(
        PACKAGE,
        (form("annex:name", "Room Service"), form("annex:the", "the Room Service")),
    ),
    "grocer": Term(
        PACKAGE,
        (form("annex:name", "Grocery"), form("annex:the", "the Grocery")),
    ),
    "shopkeeper": Term(
        PACKAGE,
        (form("annex:name", "Shop"), form("annex:the", "the Shop")),
    ),
    "brewer": Term(
        PACKAGE,
        (form("annex:name", "Brewery"), form("annex:the", "the Brewery")),
    ),
    "baron": Term(
        PACKAGE,
        (form("annex:name", "Grand Chandelier"), form("annex:the", "the Grand Chandelier")),
    ),
    "viscount": Term(
        PACKAGE,
        (form("annex:name", "King Size Bed"), form("annex:the", "the King Size Bed")),
    ),
    "count": Term(
        PACKAGE,
        (form("annex:name", "Dining Room"), form("annex:the", "the Dining Room")),
    ),
    "duke": Term(
        PACKAGE,
        (form("annex:name", "Stables"), form("annex:the", "the Stables")),
    ),
    "prince": Term(
        PACKAGE,
        (form("annex:name", "Greenhouse"), form("annex:the", "the Greenhouse")),
    ),
    "marquis": Term(
        PACKAGE,
        (form("annex:name", "Pavilion"), form("annex:the", "the Pavilion")),
    ),
    "novice": Term(
        PACKAGE,
        (form("annex:name", "Altar"), form("annex:the", "the Altar")),
    ),
    "monk": Term(
        PACKAGE,
        (form("annex:name", "Bedroom"), form("annex:the", "the Bedroom")),
    ),
    "abbot": Term(
        PACKAGE,
        (form("annex:name", "Cellar"), form("annex:the", "the Cellar")),
    ),
    "priest": Term(
        PACKAGE,
        (form("annex:name", "Chapel"), form("annex:the", "the Chapel")),
    ),
    "bishop": Term(
        PACKAGE,
        (form("annex:name", "Bishopric"), form("annex:the", "the Bishopric")),
    ),
    "archbishop": Term(
        PACKAGE,
        (form("annex:name", "Crypt"), form("annex:the", "the Crypt")),
    ),
}
"""Every annex by the key of the traveller that shows it."""

FAMILIES: dict[str, Term] = {
    "merchants": Term(PACKAGE, (form("family:name", "merchants"),)),
    "craftsmen": Term(PACKAGE, (form("family:name", "craftsmen"),)),
    "police": Term(PACKAGE, (form("family:name", "police"),)),
    "religious": Term(PACKAGE, (form("family:name", "religious"),)),
    "nobles": Term(PACKAGE, (form("family:name", "nobles"),)),
    "peasants": Term(PACKAGE, (form("family:name", "peasants"),)),
}
"""The six families (the plural name a sentence says: "the police", "the nobles")."""

ACTS: dict[str, Term] = {
    "bribe": Term(PACKAGE, (form("act:verb", "bribe"),)),
    "build": Term(PACKAGE, (form("act:verb", "build"),)),
    "kill": Term(PACKAGE, (form("act:verb", "kill"),)),
    "bury": Term(PACKAGE, (form("act:verb", "bury"),)),
    "pass": Term(PACKAGE, (form("act:verb", "pass"),)),
}
"""The five night actions: the verb ("to bribe the Baron") and the name on the cards."""

EFFECTS: dict[str, Message] = {
    "cultivator": M(
        "Immediately gain 1F per craftsmen (red) annex you have built, this one included."
    ),
    "mechanic": M("From now on, play 1 fewer card to Build an annex."),
    "distiller": M("At the end of each round, pay no wage for one card in your hand."),
    "gardener": M("At the end of each round, gain 2F more when travellers leave."),
    "landscaper": M(
        "Immediately gain 4F. At the end of the game, gain 4F per craftsmen (red) card in the "
        "exit pile."
    ),
    "butcher": M("From now on, one Kill action may kill any number of guests (paying for each)."),
    "newsboy": M(
        "Immediately gain 1F per merchants (blue) annex you have built, this one included."
    ),
    "representative": M("From now on, play 1 fewer card to Bribe."),
    "concierge": M(
        "When built, put one of your Room Service tokens on a room; from then on, each time a "
        "traveller is lodged in that room, gain F equal to its rank."
    ),
    "grocer": M(
        "Immediately gain 4F. At the end of the game, gain 4F per merchants (blue) card in the "
        "exit pile."
    ),
    "shopkeeper": M(
        "From now on, one Bribe action may bribe any number of travellers in rooms (paying for "
        "each)."
    ),
    "brewer": M("From now on, one Bribe action may take up to 4 peasants from the bistro."),
    "baron": M("Immediately gain 4F."),
    "viscount": M("Immediately gain 6F."),
    "count": M("Immediately gain 9F."),
    "duke": M(
        "Immediately gain 4F. At the end of the game, gain 4F per nobles (green) card in the "
        "exit pile."
    ),
    "prince": M("At the end of the game, gain 3F per 10F cheque you hold."),
    "marquis": M("Immediately gain 18F."),
    "novice": M(
        "Immediately gain 1F per religious (purple) annex you have built, this one included."
    ),
    "monk": M(
        "Immediately replace one white key on a room with one of your keys (no effect when no "
        "white key is left)."
    ),
    "abbot": M("From now on, play 1 fewer card to Bury a corpse."),
    "priest": M("From now on, every card played to Bury a corpse returns to your hand."),
    "bishop": M(
        "Immediately gain 4F. At the end of the game, gain 4F per religious (purple) card in the "
        "exit pile."
    ),
    "archbishop": M(
        "From now on, one Bury action may bury any number of your corpses (paying for each)."
    ),
}
"""Each annex's effect (the same words as ``cards.csv``), by the traveller's key."""


@dataclass(frozen=True, slots=True)
class Barn:
    """A seat's barn where an annex is expected: "Player 2's barn", "la grange du joueur 2".

    >>> f"{Barn(1):the^}"
    "Player 2's barn"
    """

    seat: int

    def __format__(self, spec: str) -> str:
        text = str(M("{seat}'s barn", seat=Seat(self.seat)))
        return text[:1].upper() + text[1:] if spec.endswith("^") else text

    def __str__(self) -> str:
        return format(self, "")


class Gain:
    """F gained, told the same way for every gain: "5F", or when the 40F cap of the cash
    cuts it, "2F (of 5F: cash is capped at 40F)".

    >>> f"{Gain(5, 5)}", f"{Gain(2, 5)}"
    ('5F', '2F (of 5F: cash is capped at 40F)')
    """

    __slots__ = ("amount", "got")

    def __init__(self, got: int, amount: int) -> None:
        self.got, self.amount = got, amount

    def __repr__(self) -> str:
        return f"Gain({self.got}, {self.amount})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Gain) and (self.got, self.amount) == (other.got, other.amount)

    def __hash__(self) -> int:
        return hash((self.got, self.amount))

    def __format__(self, spec: str) -> str:
        if self.got < self.amount:
            return str(
                M(
                    "{got}F (of {amount}F: cash is capped at {cap}F)",
                    got=self.got,
                    amount=self.amount,
                    cap=CASH_CAP,
                )
            )
        return f"{self.got}F"

    def __str__(self) -> str:
        return format(self, "")
