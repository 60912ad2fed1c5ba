"""The static picture of Hats: the tea table, the cookie and each collection, as plain HTML."""

from __future__ import annotations

from typing import Any

from gamekit.pictures import View, card_html, chip, framed, hidden_cards, seat_box, zone
from gamekit.titles.hats.cards import TYPES

HAT_LOOK = {
    "red": ("red", "circle"),
    "orange": ("orange", "square"),
    "yellow": ("yellow", "triangle"),
    "green": ("green", "diamond"),
    "blue": ("blue", "star"),
    "purple": ("purple", "hexagon"),
    "pink": ("pink", "heart"),
}


def _hat_card(card: int) -> str:
    info = catalogue()[str(card)]
    colour, shape = HAT_LOOK[info["type"]]
    return card_html(f"{info['type']} hat", colour, shape, value=info["number"])


def _draw(view: View) -> str:
    face_up = view["table_face_up"]
    spaces = "".join(
        f"<span style='display:inline-block;text-align:center'>space {i + 1}<br>"
        f"{_hat_card(c) if face_up[i] else card_html('turned down', face_down=True)}</span>"
        for i, c in enumerate(view["table"])
    )
    cookie = view["cookie"]
    holder = "the napkin" if cookie is None else f"player {cookie}"
    piles = chip(f"{view['deck_size']} in the deck") + chip(f"{view['discard_size']} discarded")
    head = zone("the tea table", spaces) + zone(
        "piles", piles + chip(f"cookie (5 points): {holder}")
    )
    seats = []
    for seat, coll in enumerate(view["collections"]):
        blacks = view["black_hats"][seat]
        shown = "".join(_hat_card(c) for c in sorted(coll))
        shown += card_html(f"black hat x{blacks}", face_down=True) if blacks else ""
        hand = view["hand"] if view["seat"] == seat else None
        in_hand = "".join(map(_hat_card, hand)) if hand else hidden_cards(view["hand_sizes"][seat])
        points = chip(f"{view['scores'][seat]} points")
        body = f"{points}<div>collection: {shown or 'empty'}</div>"
        seats.append(seat_box(seat, f"{body}<div>hand: {in_hand}</div>", view["to_move"]))
    return head + "".join(seats)


def catalogue() -> dict[str, dict[str, Any]]:
    """Card id -> its hat type, number and label, such as ``{"label": "yellow 2"}``."""
    return {
        str(t * 6 + n - 1): {"type": name, "number": n, "label": f"{name} {n}"}
        for t, name in enumerate(TYPES)
        for n in range(1, 7)
    }


def view_html(view: View) -> str:
    """The tea table, the piles, the cookie and every player's collection and hand."""
    return framed(_draw, view)
