"""The static picture of Boo Party!: the Visions, the spread and each Monster, as plain HTML."""

from __future__ import annotations

from gamekit.pictures import View, card_html, chip, framed, seat_box, zone

COSTUME_COLOURS = ("orange", "sky", "green", "yellow", "blue", "red", "pink")
COSTUME_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "heart", "moon")


def _costume_card(view: View, costume: int, sub: str = "") -> str:
    if costume < 0:
        return card_html("nothing", "grey", "blank", sub="no disguise")
    name = view["costume_names"][costume]
    return card_html(name, COSTUME_COLOURS[costume % 7], COSTUME_SHAPES[costume % 8], sub=sub)


def _draw(view: View) -> str:
    visions = view["visions"]
    cards = "".join(_costume_card(view, c, "covered") for c in visions[:-1])
    cards += _costume_card(view, visions[-1], "top Vision") if visions else ""
    head = zone(
        "Visions (all forbidden)",
        cards + chip(f"{view['deck_size']} Visions left") + chip(f"round {view['round']}"),
    )
    spread = view["spread"]
    spread_html = (
        "".join(_costume_card(view, c) for c in spread)
        if spread is not None
        else card_html("eyes closed", face_down=True)
    )
    seats = []
    for seat in range(view["players"]):
        if seat == view["seer"]:
            seats.append(seat_box(seat, chip("the Seer"), view["to_move"]))
            continue
        worn = view["worn"][seat] if view["worn"] is not None else None
        now = (
            card_html("hidden", face_down=True)
            if worn is None
            else _costume_card(view, worn, "now")
        )
        last = view["last_worn"][seat]
        before = chip("-") if last is None else _costume_card(view, last, "last round")
        seats.append(seat_box(seat, f"{chip('Monster')}{before}{now}", view["to_move"]))
    ending = chip(f"ending: {view['ending']}") if view["ending"] else ""
    return head + zone("Disguise spread", spread_html) + ending + "".join(seats)


def view_html(view: View) -> str:
    """The Visions, the disguise spread and every Monster's costume this round and last."""
    return framed(_draw, view)
