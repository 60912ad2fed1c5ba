"""The static picture of The Bloody Inn: the rooms, the piles and each innkeeper, as plain HTML.

Its words are messages of the title's catalog, read in the language in force.
"""

from __future__ import annotations

from html import escape
from typing import Any

from gamekit.core.i18n import Message
from gamekit.core.names import Seat
from gamekit.pictures import View, card_html, chip, framed, hidden_cards, seat_box, zone
from gamekit.titles.bloody_inn.terms import FAMILIES, M, N

FAMILY_LOOK = {
    "merchants": ("blue", "circle"),
    "craftsmen": ("red", "hexagon"),
    "police": ("grey", "shield"),
    "religious": ("purple", "cross"),
    "nobles": ("green", "star"),
    "peasants": ("yellow", "circle"),
    "barn": ("black", "square"),
}


Catalogue = dict[str, dict[str, Any]]


def _inn_card(cat: Catalogue, card: int, sub: str | None = None) -> str:
    info = cat[str(card)]
    colour, shape = FAMILY_LOOK[info["family"]]
    return card_html(
        info["name"],
        colour,
        shape,
        value=info["rank"],
        sub=sub or str(M("{family} {money}F", family=info["family_name"], money=info["money"])),
    )


def _draw(view: View) -> str:
    cat = catalogue()
    rooms = []
    for room, card in enumerate(view["rooms"]):
        key = view["keys"][room]
        if key == -1:
            owner = M("closed")
        elif key == -2:
            owner = M("white key")
        else:
            owner = M("key: {seat}", seat=Seat(key))
        inside = _inn_card(cat, card) if card >= 0 else card_html(str(M("free")), face_down=True)
        room_name = escape(str(M("room {room}", room=room + 1)))
        rooms.append(
            "<span style='display:inline-block;text-align:center;margin:2px'>"
            f"{room_name}<br>{escape(str(owner))}<br>{inside}</span>"
        )
    top = view["entrance_top"]
    piles = (_inn_card(cat, top, str(M("next traveller"))) if top is not None else "") + "".join(
        [
            chip(str(M("{count} at the entrance", count=view["entrance_size"]))),
            chip(str(M("{count} in the exit pile", count=len(view["exit"])))),
            chip(str(_peasants(len(view["bistro"])))),
            chip(str(M("round {round}", round=view["round"]))),
        ]
    )
    cap = M("no cap") if view["unlimited_wealth"] else M("cash capped at 40F")
    seats = []
    for seat, cash in enumerate(view["cash"]):
        annexes = [100 + seat, *view["annexes"][seat]]
        built = "".join(_annex_html(cat, a, view["buried"].get(str(a), [])) for a in annexes)
        dead = "".join(_inn_card(cat, c, str(M("corpse"))) for c in view["corpses"][seat])
        hand = view["hand"] if view["seat"] == seat else None
        in_hand = (
            "".join(_inn_card(cat, c) for c in hand)
            if hand
            else hidden_cards(view["hand_sizes"][seat])
        )
        money = chip(
            str(
                N(
                    "{cash}F cash + {cheques} cheque ({cap})",
                    "{cash}F cash + {cheques} cheques ({cap})",
                    view["cheques"][seat],
                    cash=cash,
                    cheques=view["cheques"][seat],
                    cap=cap,
                )
            )
        )
        annexes_word, corpses = escape(str(M("annexes:"))), escape(str(M("corpses:")))
        dead_text = dead or escape(str(M("none")))
        hand_word = escape(str(M("hand:")))
        body = f"{money}<div>{annexes_word} {built}</div><div>{corpses} {dead_text}</div>"
        hand_row = f"<div>{hand_word} {in_hand}</div>"
        seats.append(seat_box(seat, body + hand_row, view["to_move"]))
    return zone(str(M("the inn")), "".join(rooms)) + zone(str(M("piles")), piles) + "".join(seats)


def _annex_html(cat: Catalogue, annex: int, buried: list[int]) -> str:
    info = cat[str(annex)]
    name = str(M("Barn")) if annex >= 100 else info["annex"]
    capacity = 1 if annex >= 100 else info["rank"]
    colour, shape = FAMILY_LOOK[info["family"]]
    sub = str(M("{count}/{capacity} buried", count=len(buried), capacity=capacity))
    return card_html(name, colour, shape, value=info["rank"], sub=sub)


def card_names() -> dict[str, dict[str, str]]:
    """Card id -> its name, annex and annex effect in the language in force, for the
    table's board (``kit.cardName``), which redraws them when the language changes.

    >>> from gamekit.core.i18n import language
    >>> with language("fr"):
    ...     sorted(card_names()["0"])
    ['annex', 'effect', 'name']
    """
    return {
        card: {form: str(facts[form]) for form in ("name", "annex", "effect") if facts.get(form)}
        for card, facts in catalogue().items()
    }


def catalogue() -> Catalogue:
    """Card id -> its public facts (name, family, rank, money, annex, effect, aptitude),
    the names and the effect in the language in force (``family`` stays the key)."""
    from gamekit.titles.bloody_inn import cards
    from gamekit.titles.bloody_inn.terms import ANNEXES, EFFECTS

    out = {}
    for c in cards.ALL_CARDS:
        key = cards.KEY[c]
        out[str(c)] = {
            "name": format(cards.TERM[c], "name"),
            "family": cards.FAMILY[c],
            "family_name": str(FAMILIES[cards.FAMILY[c]]),
            "rank": cards.RANK[c],
            "money": cards.MONEY[c],
            "annex": format(ANNEXES[key], "name") if key in ANNEXES else "",
            "effect": str(EFFECTS[key]) if key in EFFECTS else "",
            "aptitude": cards.APT[c],
        }
    for seat in range(4):
        out[str(cards.BARN_BASE + seat)] = {
            "name": str(M("Barn")),
            "family": "barn",
            "family_name": str(M("barn")),
            "rank": 1,
            "money": 0,
            "annex": str(M("{seat}'s barn", seat=Seat(seat))),
            "effect": str(M("holds 1 corpse")),
            "aptitude": "",
        }
    return out


def view_html(view: View) -> str:
    """The rooms and their keys, the piles, and every player's money, annexes and hand."""
    return framed(_draw, view)


def _peasants(count: int) -> Message:
    """ "bistro: 1 peasant", "bistro: 2 peasants"."""
    return N("bistro: {count} peasant", "bistro: {count} peasants", count, count=count)
