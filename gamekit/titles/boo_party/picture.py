"""The static picture of Boo Party!: the Visions, the spread and each Monster, as plain HTML.

Its labels are messages of the title's catalog, drawn in the language in force.
"""

from __future__ import annotations

from gamekit.core.i18n import catalog, plural_catalog
from gamekit.pictures import View, card_html, chip, framed, seat_box, zone
from gamekit.titles.boo_party.terms import COSTUME_TERMS, THE_MONSTERS, THE_SEER

M = catalog("gamekit.titles.boo_party")
N = plural_catalog("gamekit.titles.boo_party")

COSTUME_COLOURS = ("orange", "sky", "green", "yellow", "blue", "red", "pink")
COSTUME_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "heart", "moon")


def _costume_name(view: View, costume: int) -> str:
    """The costume's name in the language in force (the view's own name for one the
    rules do not know)."""
    if costume < len(COSTUME_TERMS):
        return format(COSTUME_TERMS[costume], "name^")
    return str(view["costume_names"][costume])


def card_names() -> dict[str, dict[str, str]]:
    """Costume number (as a string) -> its name on a card, in the language in force, for
    the table's board (``kit.cardName``).

    >>> card_names()["9"]
    {'name': 'Black Cat'}
    """
    return {str(c): {"name": format(term, "name^")} for c, term in enumerate(COSTUME_TERMS)}


def _costume_card(view: View, costume: int, sub: str = "") -> str:
    if costume < 0:
        return card_html(str(M("nothing")), "grey", "blank", sub=str(M("no disguise")))
    name = _costume_name(view, costume)
    return card_html(name, COSTUME_COLOURS[costume % 7], COSTUME_SHAPES[costume % 8], sub=sub)


def _ending(ending: str) -> str:
    """How the game ended, in words."""
    if ending == "caught":
        return str(M("the Seer caught the Monsters"))
    if ending == "false-accusation":
        return str(M("a false accusation"))
    if ending == "mistake":
        return str(M("a Monster's mistake"))
    if ending == "survived":
        return str(M("the Monsters survived"))
    return ending


def _draw(view: View) -> str:
    visions = view["visions"]
    covered = str(M("covered"))
    cards = "".join(_costume_card(view, c, covered) for c in visions[:-1])
    cards += _costume_card(view, visions[-1], str(M("top Vision"))) if visions else ""
    count = view["deck_size"]
    left = chip(str(N("{count} Vision left", "{count} Visions left", count, count=count)))
    head = zone(
        str(M("Visions (all forbidden)")),
        cards + left + chip(str(M("round {round}", round=view["round"]))),
    )
    spread = view["spread"]
    spread_html = (
        "".join(_costume_card(view, c) for c in spread)
        if spread is not None
        else card_html(str(M("eyes closed")), face_down=True)
    )
    monster = chip(format(THE_MONSTERS, "one"))
    seats = []
    for seat in range(view["players"]):
        if seat == view["seer"]:
            seats.append(seat_box(seat, chip(str(THE_SEER)), view["to_move"]))
            continue
        worn = view["worn"][seat] if view["worn"] is not None else None
        now = (
            card_html(str(M("hidden")), face_down=True)
            if worn is None
            else _costume_card(view, worn, str(M("now")))
        )
        last = view["last_worn"][seat]
        before = chip("-") if last is None else _costume_card(view, last, str(M("last round")))
        seats.append(seat_box(seat, f"{monster}{before}{now}", view["to_move"]))
    ending = (
        chip(str(M("ending: {ending}", ending=_ending(view["ending"])))) if view["ending"] else ""
    )
    return head + zone(str(M("Disguise spread")), spread_html) + ending + "".join(seats)


def view_html(view: View) -> str:
    """The Visions, the disguise spread and every Monster's costume this round and last."""
    return framed(_draw, view)
