"""The static picture of Hats: the tea table, the cookie and each collection, as plain HTML."""

from __future__ import annotations

from html import escape
from typing import Any

from gamekit.core.names import Seat
from gamekit.core.rules import points_message
from gamekit.pictures import View, card_html, chip, framed, hidden_cards, seat_box, zone
from gamekit.titles.hats.cards import TYPES
from gamekit.titles.hats.terms import TYPE_TERMS, M

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
    label = M("{colour} hat", colour=TYPE_TERMS[TYPES.index(info["type"])]).render()
    return card_html(label, colour, shape, value=info["number"])


def _space_label(number: int) -> str:
    return escape(M("space {number}", number=number).render())


def _draw(view: View) -> str:
    face_up = view["table_face_up"]
    turned = M("turned down").render()
    spaces = "".join(
        f"<span style='display:inline-block;text-align:center'>{_space_label(i + 1)}<br>"
        f"{_hat_card(c) if face_up[i] else card_html(turned, face_down=True)}</span>"
        for i, c in enumerate(view["table"])
    )
    cookie = view["cookie"]
    holder = M("the napkin") if cookie is None else Seat(cookie)
    piles = chip(M("{count} in the deck", count=view["deck_size"]).render())
    piles += chip(M("{count} discarded", count=view["discard_size"]).render())
    piles += chip(M("cookie (5 points): {holder}", holder=holder).render())
    head = zone(M("the tea table").render(), spaces) + zone(M("piles").render(), piles)
    seats = []
    for seat, coll in enumerate(view["collections"]):
        blacks = view["black_hats"][seat]
        shown = "".join(_hat_card(c) for c in sorted(coll))
        if blacks:
            shown += card_html(M("black hat x{count}", count=blacks).render(), face_down=True)
        hand = view["hand"] if view["seat"] == seat else None
        in_hand = "".join(map(_hat_card, hand)) if hand else hidden_cards(view["hand_sizes"][seat])
        points = chip(points_message(view["scores"][seat]).render())
        empty = escape(M("empty").render())
        collection = M("collection: {cards}", cards=shown or empty)
        in_hand_line = M("hand: {cards}", cards=in_hand)
        body = f"{points}<div>{collection.render()}</div><div>{in_hand_line.render()}</div>"
        seats.append(seat_box(seat, body, view["to_move"]))
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
