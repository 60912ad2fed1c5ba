"""Static pictures of the four titles: plain HTML tables (no JavaScript) and card facts.

:func:`view_html` draws what one seat may know (a view dict) as a small HTML
table with coloured, labelled cards; ``game._repr_html_()`` uses it, so a game
alone in a notebook cell shows its table. :func:`card_catalogue` gives the
public facts of every card id of a title (the same for every game of it), for
pictures that meet card ids.

>>> import gamekit
>>> html = view_html("hats", gamekit.new_game("hats", players=3, seed=1).view(0))
>>> "tea table" in html and "<script" not in html
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from gamekit.core.display import generic_view_html, short_text

View = Mapping[str, Any]

# Okabe-Ito colours: distinguishable with every common colour-vision deficiency.
OKABE_ITO: dict[str, str] = {
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "red": "#D55E00",
    "pink": "#CC79A7",
    "grey": "#8C8C8C",
    "purple": "#9B6FB5",
    "black": "#222222",
}
"""Colour name -> hex; every card also carries a word, so colour is never alone."""

SEAT_COLOURS = ("orange", "sky", "green", "pink", "blue", "yellow", "red", "grey")
SHAPES = {
    "circle": "\u25cf",
    "square": "\u25a0",
    "triangle": "\u25b2",
    "diamond": "\u25c6",
    "star": "\u2605",
    "hexagon": "\u2b22",
    "heart": "\u2665",
    "moon": "\u263e",
    "cross": "\u271a",
    "shield": "\u25a3",
    "note": "\u266b",
    "eye": "\u25c9",
    "key": "\u25c8",
    "blank": "\u25a1",
}
"""Symbols drawn on cards: the second channel next to colour."""
HAT_LOOK = {
    "red": ("red", "circle"),
    "orange": ("orange", "square"),
    "yellow": ("yellow", "triangle"),
    "green": ("green", "diamond"),
    "blue": ("blue", "star"),
    "purple": ("purple", "hexagon"),
    "pink": ("pink", "heart"),
}
FOLK_LOOK = {
    "monster": ("green", "triangle"),
    "ghost": ("sky", "circle"),
    "vampire": ("red", "diamond"),
}
FAMILY_LOOK = {
    "merchants": ("blue", "circle"),
    "craftsmen": ("red", "hexagon"),
    "police": ("grey", "shield"),
    "religious": ("purple", "cross"),
    "nobles": ("green", "star"),
    "peasants": ("yellow", "circle"),
    "barn": ("black", "square"),
}
COSTUME_COLOURS = ("orange", "sky", "green", "yellow", "blue", "red", "pink")
COSTUME_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "heart", "moon")

_FELT = (
    "background:#2f6b4f;color:#f4f1e8;border:6px solid #7a4a25;border-radius:14px;"
    "padding:8px;font-family:system-ui,sans-serif;font-size:13px"
)
_ZONE = "margin:4px 0;padding:4px 6px;background:rgba(0,0,0,0.18);border-radius:8px"


# -- drawing pieces -----------------------------------------------------------------
def card_html(
    label: str,
    colour: str = "grey",
    shape: str = "blank",
    value: object = None,
    sub: str = "",
    face_down: bool = False,
) -> str:
    """One card as an inline-block: a colour band, a symbol, a word (never colour alone).

    >>> "Ghost" in card_html("Ghost", "sky", "circle")
    True
    """
    base = (
        "display:inline-block;vertical-align:top;width:58px;min-height:78px;margin:2px;"
        "border:1.5px solid #333;border-radius:7px;text-align:center;overflow:hidden;"
        "box-shadow:0 1px 3px rgba(0,0,0,.45);font-size:11px;line-height:1.15;"
    )
    if face_down:
        stripes = "repeating-linear-gradient(45deg,#0072B2,#0072B2 5px,#005a8c 5px,#005a8c 10px)"
        return (
            f"<span style='{base}background:{stripes};color:#fff' title='{escape(label)}'>"
            f"<b style='display:block;margin-top:26px;background:rgba(0,0,0,.45)'>"
            f"{escape(label)}</b></span>"
        )
    hexa = OKABE_ITO.get(colour, colour)
    number = f"<b style='float:left;background:#fffdf7;padding:0 4px'>{escape(str(value))}</b>"
    band = f"<span style='display:block;height:15px;background:{hexa}'>"
    band += (number if value is not None else "") + "</span>"
    symbol = (
        f"<span style='display:block;font-size:24px;color:{hexa};-webkit-text-stroke:1px #222'>"
    )
    symbol += f"{SHAPES.get(shape, SHAPES['blank'])}</span>"
    extra = (
        f"<span style='display:block;color:#555;font-size:10px'>{escape(sub)}</span>" if sub else ""
    )
    return (
        f"<span style='{base}background:#fffdf7;color:#1b1b1b' title='{escape(label)}'>"
        f"{band}{symbol}<b style='display:block'>{escape(label)}</b>{extra}</span>"
    )


def _zone(title: str, inner: str) -> str:
    style = "font-weight:700;font-size:11px;text-transform:uppercase"
    head = f"<div style='{style}'>{escape(title)}</div>"
    return f"<div style='{_ZONE}'>{head}{inner}</div>"


def _chip(text: str) -> str:
    return (
        "<span style='display:inline-block;background:rgba(0,0,0,.3);border-radius:9px;"
        f"padding:0 7px;margin:1px'>{escape(text)}</span>"
    )


def _seat(seat: int, body: str, to_move: object) -> str:
    colour = OKABE_ITO[SEAT_COLOURS[seat % len(SEAT_COLOURS)]]
    mark = " \u25b6 deciding" if seat == to_move else ""
    head = f"<b><span style='color:{colour}'>\u25cf</span> player {seat}{mark}</b>"
    return f"<div style='{_ZONE}'>{head}<div>{body}</div></div>"


def _hidden(count: int, what: str = "in hand") -> str:
    return card_html(f"{count} {what}", face_down=True) if count else _chip(f"none {what}")


TITLES_DRAWN = ("knock-knock", "hats", "boo-party", "bloody-inn")
"""Titles this module draws itself."""


# -- one picture per title ----------------------------------------------------------
def view_html(title: str, view: View) -> str:
    """A static picture of ``view`` (a game's view of one seat) for ``title``.

    Unknown titles (or views this module cannot read) get a generic table.
    """
    drawers: dict[str, Callable[[View], str]] = {
        "knock-knock": _knock_knock_html,
        "hats": _hats_html,
        "boo-party": _boo_party_html,
        "bloody-inn": _bloody_inn_html,
    }
    drawer = drawers.get(title)
    if drawer is None:
        return generic_view_html(view)
    try:
        return f"<div style='{_FELT}'>{drawer(view)}</div>"
    except (KeyError, TypeError, IndexError, ValueError):
        return generic_view_html(view)


def _kk_card(name: str) -> str:
    folk, _, kind = name.partition(" ")
    if folk in FOLK_LOOK and name != "hearse taxi":
        colour, shape = FOLK_LOOK[folk]
        shape = {"vamp": "moon", "brute": "shield", "musician": "note"}.get(kind, shape)
        return card_html(name, colour, shape)
    looks = {"kid": ("orange", "star"), "hearse taxi": ("black", "cross")}
    colour, shape = looks.get(name, ("yellow", "blank"))
    return card_html(name, colour, shape)


def _knock_knock_html(view: View) -> str:
    top = view["deck_top"]
    deck = _kk_card(top) if top else card_html("deck", face_down=True)
    head = _zone(
        "deck and discard",
        f"{deck}{_chip(str(view['deck_size']) + ' in the deck')}"
        f"{_chip(str(len(view['discard'])) + ' discarded')}"
        f"{_chip('decision: ' + view['decision'])}",
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
                    f"{_chip(f'{folk}s {len(cards)} {marks}')}{''.join(map(_kk_card, cards))}"
                )
        hand = view["hand"] if view["seat"] == seat else None
        in_hand = "".join(map(_kk_card, hand)) if hand else _hidden(view["hand_sizes"][seat])
        points = _chip(f"{view['scores'][seat]} points")
        body = f"{points}<div>party: {'<br>'.join(columns) or 'empty'}</div>"
        seats.append(_seat(seat, f"{body}<div>hand: {in_hand}</div>", view["to_move"]))
    return head + "".join(seats)


def _hat_card(card: int) -> str:
    info = _hats_catalogue()[str(card)]
    colour, shape = HAT_LOOK[info["type"]]
    return card_html(f"{info['type']} hat", colour, shape, value=info["number"])


def _hats_html(view: View) -> str:
    face_up = view["table_face_up"]
    spaces = "".join(
        f"<span style='display:inline-block;text-align:center'>space {i + 1}<br>"
        f"{_hat_card(c) if face_up[i] else card_html('turned down', face_down=True)}</span>"
        for i, c in enumerate(view["table"])
    )
    cookie = view["cookie"]
    holder = "the napkin" if cookie is None else f"player {cookie}"
    piles = _chip(f"{view['deck_size']} in the deck") + _chip(f"{view['discard_size']} discarded")
    head = _zone("the tea table", spaces) + _zone(
        "piles", piles + _chip(f"cookie (5 points): {holder}")
    )
    seats = []
    for seat, coll in enumerate(view["collections"]):
        blacks = view["black_hats"][seat]
        shown = "".join(_hat_card(c) for c in sorted(coll))
        shown += card_html(f"black hat x{blacks}", face_down=True) if blacks else ""
        hand = view["hand"] if view["seat"] == seat else None
        in_hand = "".join(map(_hat_card, hand)) if hand else _hidden(view["hand_sizes"][seat])
        points = _chip(f"{view['scores'][seat]} points")
        body = f"{points}<div>collection: {shown or 'empty'}</div>"
        seats.append(_seat(seat, f"{body}<div>hand: {in_hand}</div>", view["to_move"]))
    return head + "".join(seats)


def _costume_card(view: View, costume: int, sub: str = "") -> str:
    if costume < 0:
        return card_html("nothing", "grey", "blank", sub="no disguise")
    name = view["costume_names"][costume]
    return card_html(name, COSTUME_COLOURS[costume % 7], COSTUME_SHAPES[costume % 8], sub=sub)


def _boo_party_html(view: View) -> str:
    visions = view["visions"]
    cards = "".join(_costume_card(view, c, "covered") for c in visions[:-1])
    cards += _costume_card(view, visions[-1], "top Vision") if visions else ""
    head = _zone(
        "Visions (all forbidden)",
        cards + _chip(f"{view['deck_size']} Visions left") + _chip(f"round {view['round']}"),
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
            seats.append(_seat(seat, _chip("the Seer"), view["to_move"]))
            continue
        worn = view["worn"][seat] if view["worn"] is not None else None
        now = (
            card_html("hidden", face_down=True)
            if worn is None
            else _costume_card(view, worn, "now")
        )
        last = view["last_worn"][seat]
        before = _chip("-") if last is None else _costume_card(view, last, "last round")
        seats.append(_seat(seat, f"{_chip('Monster')}{before}{now}", view["to_move"]))
    ending = _chip(f"ending: {view['ending']}") if view["ending"] else ""
    return head + _zone("Disguise spread", spread_html) + ending + "".join(seats)


def _inn_card(card: int, sub: str | None = None) -> str:
    info = _bloody_inn_catalogue()[str(card)]
    colour, shape = FAMILY_LOOK[info["family"]]
    return card_html(
        info["name"],
        colour,
        shape,
        value=info["rank"],
        sub=sub or f"{info['family']} {info['money']}F",
    )


def _bloody_inn_html(view: View) -> str:
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
            _chip(f"{view['entrance_size']} at the entrance"),
            _chip(f"{len(view['exit'])} in the exit pile"),
            _chip(f"bistro: {len(view['bistro'])} peasants"),
            _chip(f"round {view['round']}"),
        ]
    )
    cap = "no cap" if view["unlimited_wealth"] else "cash capped at 40F"
    seats = []
    for seat, cash in enumerate(view["cash"]):
        annexes = [100 + seat, *view["annexes"][seat]]
        built = "".join(_annex_html(a, view["buried"].get(str(a), [])) for a in annexes)
        dead = "".join(_inn_card(c, "corpse") for c in view["corpses"][seat])
        hand = view["hand"] if view["seat"] == seat else None
        in_hand = "".join(map(_inn_card, hand)) if hand else _hidden(view["hand_sizes"][seat])
        money = _chip(f"{cash}F cash + {view['cheques'][seat]} cheques ({cap})")
        body = f"{money}<div>annexes: {built}</div><div>corpses: {dead or 'none'}</div>"
        seats.append(_seat(seat, f"{body}<div>hand: {in_hand}</div>", view["to_move"]))
    return _zone("the inn", "".join(rooms)) + _zone("piles", piles) + "".join(seats)


def _annex_html(annex: int, buried: list[int]) -> str:
    info = _bloody_inn_catalogue()[str(annex)]
    name = "Barn" if annex >= 100 else info["annex"]
    capacity = 1 if annex >= 100 else info["rank"]
    colour, shape = FAMILY_LOOK[info["family"]]
    return card_html(
        name, colour, shape, value=info["rank"], sub=f"{len(buried)}/{capacity} buried"
    )


# -- text fallback and a picture object ---------------------------------------------
def view_text(title: str, view: View) -> str:
    """The view as plain text lines (for terminals and screen readers)."""
    lines = [
        f"{title}: seen by "
        + ("a spectator" if view.get("seat") is None else f"player {view['seat']}")
    ]
    lines += [f"  {k}: {short_text(v)}" for k, v in view.items() if k != "seat"]
    return "\n".join(lines)


class Picture:
    """A view shown as a static table in a notebook cell (text elsewhere).

    >>> import gamekit
    >>> pic = picture(gamekit.new_game("boo-party", players=3, seed=1), seat=1)
    >>> "Visions" in pic._repr_html_() and pic.seat == 1
    True
    """

    def __init__(self, title: str, view: View, seat: int | None) -> None:
        self.title, self.view, self.seat = title, view, seat

    def _repr_html_(self) -> str:
        return view_html(self.title, self.view)

    def __repr__(self) -> str:
        return view_text(self.title, self.view)


def picture(game: Any, seat: int | None = None) -> Picture:
    """What ``seat`` of ``game`` may see (``None``: a spectator), as a :class:`Picture`."""
    return Picture(game.title, game.view(seat), seat)


# -- card facts -------------------------------------------------------------------
def card_catalogue(title: str) -> dict[str, dict[str, Any]]:
    """Public facts per card id (as a string) for ``title``; empty when views name cards.

    >>> card_catalogue("hats")["13"]
    {'type': 'yellow', 'number': 2, 'label': 'yellow 2'}
    """
    builders: dict[str, Callable[[], dict[str, dict[str, Any]]]] = {
        "hats": _hats_catalogue,
        "bloody-inn": _bloody_inn_catalogue,
        "knock-knock": _knock_knock_catalogue,
    }
    builder = builders.get(title)
    try:
        return builder() if builder else {}
    except (ImportError, AttributeError):
        return {}


def _hats_catalogue() -> dict[str, dict[str, Any]]:
    types = _module("hats").TYPES
    return {
        str(t * 6 + n - 1): {"type": name, "number": n, "label": f"{name} {n}"}
        for t, name in enumerate(types)
        for n in range(1, 7)
    }


def _knock_knock_catalogue() -> dict[str, dict[str, Any]]:
    module = _module("knock_knock")
    return {str(i): {"kind": module.KIND_NAMES[k]} for i, k in enumerate(module.CATALOGUE)}


def _bloody_inn_catalogue() -> dict[str, dict[str, Any]]:
    cards = importlib.import_module("gamekit.games.bloody_inn_cards")
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


def _module(name: str) -> Any:
    return importlib.import_module(f"gamekit.games.{name}")
