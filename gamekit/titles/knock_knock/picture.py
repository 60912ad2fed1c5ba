"""The static picture of Knock! Knock!: the deck, the discard and each party, as plain HTML."""

from __future__ import annotations

from typing import Any

from gamekit.core.i18n import catalog
from gamekit.core.rules import points_message
from gamekit.pictures import View, card_html, chip, framed, hidden_cards, seat_box, zone
from gamekit.titles.knock_knock.rules import CATALOGUE, KIND_NAMES
from gamekit.titles.knock_knock.terms import CARDS

M = catalog(__package__)
DECISIONS = {
    "knock": M("knock at a door"),
    "answer": M("open or keep closed"),
    "take guest": M("choose the guest the vamp brings"),
    "choose folk": M("choose the folk that leaves"),
    "over": M("the game is over"),
}

FOLK_LOOK = {
    "monster": ("green", "triangle"),
    "ghost": ("sky", "circle"),
    "vampire": ("red", "diamond"),
}


def _kk_card(name: str) -> str:
    folk, _, kind = name.partition(" ")
    label = format(CARDS[name], "name") if name in CARDS else name
    if folk in FOLK_LOOK and name != "hearse taxi":
        colour, shape = FOLK_LOOK[folk]
        shape = {"vamp": "moon", "brute": "shield", "musician": "note"}.get(kind, shape)
        return card_html(label, colour, shape)
    looks = {"kid": ("orange", "star"), "hearse taxi": ("black", "cross")}
    colour, shape = looks.get(name, ("yellow", "blank"))
    return card_html(label, colour, shape)


def _draw(view: View) -> str:
    top = view["deck_top"]
    deck = _kk_card(top) if top else card_html(str(M("deck")), face_down=True)
    decision = DECISIONS.get(view["decision"], view["decision"])
    in_deck = M("{count} in the deck", count=view["deck_size"])
    discarded = M("{count} discarded", count=len(view["discard"]))
    deciding = M("decision: {what}", what=decision)
    chips = "".join(chip(str(text)) for text in (in_deck, discarded, deciding))
    head = zone(str(M("deck and discard")), f"{deck}{chips}")
    seats = []
    for seat, party in enumerate(view["parties"]):
        columns = []
        for folk in (*FOLK_LOOK, "scarecrow"):
            cards = [n for n in party if n.split(" ")[0] == folk and n != "hearse taxi"]
            protected = any(n.endswith("brute") for n in cards)
            shield = "\u25a3 " + str(M("protected")) + " "
            marks = (shield if protected else "") + (
                "\u266b x2" if any(n.endswith("musician") for n in cards) else ""
            )
            if cards:
                folks = format(CARDS[folk], "plural")
                head_chip = chip(f"{folks} {len(cards)} {marks}".strip())
                columns.append(f"{head_chip}{''.join(map(_kk_card, cards))}")
        hand = view["hand"] if view["seat"] == seat else None
        in_hand = "".join(map(_kk_card, hand)) if hand else hidden_cards(view["hand_sizes"][seat])
        points = chip(str(points_message(view["scores"][seat])))
        party = "<br>".join(columns) or str(M("empty"))
        party_word, hand_word = str(M("party:")), str(M("hand:"))
        body = f"{points}<div>{party_word} {party}</div><div>{hand_word} {in_hand}</div>"
        seats.append(seat_box(seat, body, view["to_move"]))
    return head + "".join(seats)


def catalogue() -> dict[str, dict[str, Any]]:
    """Card id -> its kind, such as ``{"kind": "ghost vamp"}``."""
    return {str(i): {"kind": KIND_NAMES[k]} for i, k in enumerate(CATALOGUE)}


def card_names() -> dict[str, dict[str, str]]:
    """Card kind (as views name it) -> its name and plural on a card, in the language in
    force, for the table's board (``kit.cardName``); the folks' plurals too.

    >>> card_names()["monster vamp"]
    {'name': 'Monster vamp', 'plural': 'Monster vamps'}
    """
    return {
        kind: {"name": format(term, "name^"), "plural": format(term, "plural^")}
        for kind, term in CARDS.items()
    }


def view_html(view: View) -> str:
    """The deck, the discard pile and every player's party and hand (as far as ``view`` shows)."""
    return framed(_draw, view)
