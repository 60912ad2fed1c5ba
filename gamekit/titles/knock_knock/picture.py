"""The static picture of Knock! Knock!: the deck, the discard and each party, as plain HTML."""

from __future__ import annotations

from typing import Any

from gamekit.pictures import View, card_html, chip, framed, hidden_cards, seat_box, zone
from gamekit.titles.knock_knock.rules import CATALOGUE, KIND_NAMES

FOLK_LOOK = {
    "monster": ("green", "triangle"),
    "ghost": ("sky", "circle"),
    "vampire": ("red", "diamond"),
}


def _kk_card(name: str) -> str:
    folk, _, kind = name.partition(" ")
    if folk in FOLK_LOOK and name != "hearse taxi":
        colour, shape = FOLK_LOOK[folk]
        shape = {"vamp": "moon", "brute": "shield", "musician": "note"}.get(kind, shape)
        return card_html(name, colour, shape)
    looks = {"kid": ("orange", "star"), "hearse taxi": ("black", "cross")}
    colour, shape = looks.get(name, ("yellow", "blank"))
    return card_html(name, colour, shape)


def _draw(view: View) -> str:
    top = view["deck_top"]
    deck = _kk_card(top) if top else card_html("deck", face_down=True)
    head = zone(
        "deck and discard",
        f"{deck}{chip(str(view['deck_size']) + ' in the deck')}"
        f"{chip(str(len(view['discard'])) + ' discarded')}"
        f"{chip('decision: ' + view['decision'])}",
    )
    seats = []
    for seat, party in enumerate(view["parties"]):
        columns = []
        for folk in (*FOLK_LOOK, "scarecrow"):
            cards = [n for n in party if n.split(" ")[0] == folk and n != "hearse taxi"]
            marks = ("\u25a3 protected " if any(n.endswith("brute") for n in cards) else "") + (
                "\u266b x2" if any(n.endswith("musician") for n in cards) else ""
            )
            if cards:
                columns.append(
                    f"{chip(f'{folk}s {len(cards)} {marks}')}{''.join(map(_kk_card, cards))}"
                )
        hand = view["hand"] if view["seat"] == seat else None
        in_hand = "".join(map(_kk_card, hand)) if hand else hidden_cards(view["hand_sizes"][seat])
        points = chip(f"{view['scores'][seat]} points")
        body = f"{points}<div>party: {'<br>'.join(columns) or 'empty'}</div>"
        seats.append(seat_box(seat, f"{body}<div>hand: {in_hand}</div>", view["to_move"]))
    return head + "".join(seats)


def catalogue() -> dict[str, dict[str, Any]]:
    """Card id -> its kind, such as ``{"kind": "ghost vamp"}``."""
    return {str(i): {"kind": KIND_NAMES[k]} for i, k in enumerate(CATALOGUE)}


def view_html(view: View) -> str:
    """The deck, the discard pile and every player's party and hand (as far as ``view`` shows)."""
    return framed(_draw, view)
