"""The static picture of The Bloody Inn: the rooms, the piles and each innkeeper, as plain HTML."""

from __future__ import annotations

from html import escape
from typing import Any

from gamekit.pictures import View, card_html, chip, framed, hidden_cards, seat_box, zone

FAMILY_LOOK = {
    "merchants": ("blue", "circle"),
    "craftsmen": ("red", "hexagon"),
    "police": ("grey", "shield"),
    "religious": ("purple", "cross"),
    "nobles": ("green", "star"),
    "peasants": ("yellow", "circle"),
    "barn": ("black", "square"),
}


def _inn_card(card: int, sub: str | None = None) -> str:
    info = catalogue()[str(card)]
    colour, shape = FAMILY_LOOK[info["family"]]
    return card_html(
        info["name"],
        colour,
        shape,
        value=info["rank"],
        sub=sub or f"{info['family']} {info['money']}F",
    )


def _draw(view: View) -> str:
    rooms = []
    for room, card in enumerate(view["rooms"]):
        key = view["keys"][room]
        owner = {-1: "closed", -2: "white key"}.get(key, f"key: player {key}")
        inside = _inn_card(card) if card >= 0 else card_html("free", face_down=True)
        rooms.append(
            f"<span style='display:inline-block;text-align:center;margin:2px'>room {room + 1}"
            f"<br>{escape(owner)}<br>{inside}</span>"
        )
    top = view["entrance_top"]
    piles = (_inn_card(top, "next traveller") if top is not None else "") + "".join(
        [
            chip(f"{view['entrance_size']} at the entrance"),
            chip(f"{len(view['exit'])} in the exit pile"),
            chip(f"bistro: {len(view['bistro'])} peasants"),
            chip(f"round {view['round']}"),
        ]
    )
    cap = "no cap" if view["unlimited_wealth"] else "cash capped at 40F"
    seats = []
    for seat, cash in enumerate(view["cash"]):
        annexes = [100 + seat, *view["annexes"][seat]]
        built = "".join(_annex_html(a, view["buried"].get(str(a), [])) for a in annexes)
        dead = "".join(_inn_card(c, "corpse") for c in view["corpses"][seat])
        hand = view["hand"] if view["seat"] == seat else None
        in_hand = "".join(map(_inn_card, hand)) if hand else hidden_cards(view["hand_sizes"][seat])
        money = chip(f"{cash}F cash + {view['cheques'][seat]} cheques ({cap})")
        body = f"{money}<div>annexes: {built}</div><div>corpses: {dead or 'none'}</div>"
        seats.append(seat_box(seat, f"{body}<div>hand: {in_hand}</div>", view["to_move"]))
    return zone("the inn", "".join(rooms)) + zone("piles", piles) + "".join(seats)


def _annex_html(annex: int, buried: list[int]) -> str:
    info = catalogue()[str(annex)]
    name = "Barn" if annex >= 100 else info["annex"]
    capacity = 1 if annex >= 100 else info["rank"]
    colour, shape = FAMILY_LOOK[info["family"]]
    return card_html(
        name, colour, shape, value=info["rank"], sub=f"{len(buried)}/{capacity} buried"
    )


def catalogue() -> dict[str, dict[str, Any]]:
    """Card id -> its public facts (name, family, rank, money, annex, effect, aptitude)."""
    from gamekit.titles.bloody_inn import cards

    out = {
        str(c): {
            "name": cards.NAME[c],
            "family": cards.FAMILY[c],
            "rank": cards.RANK[c],
            "money": cards.MONEY[c],
            "annex": cards.ANNEX[c],
            "effect": cards.EFFECT[c],
            "aptitude": cards.APT[c],
        }
        for c in cards.ALL_CARDS
    }
    for seat in range(4):
        out[str(cards.BARN_BASE + seat)] = {
            "name": "Barn",
            "family": "barn",
            "rank": 1,
            "money": 0,
            "annex": f"player {seat}'s barn",
            "effect": "holds 1 corpse",
            "aptitude": "",
        }
    return out


def view_html(view: View) -> str:
    """The rooms and their keys, the piles, and every player's money, annexes and hand."""
    return framed(_draw, view)
