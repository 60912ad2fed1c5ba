"""Static pictures of games: plain HTML (no JavaScript), and the pieces titles draw with.

:func:`view_html` draws what one seat may know (a view dict) through the title's
own picture (``gamekit/titles/<title>/picture.py``, reached through
``Rules.render_html``), or as a generic table for a title that has none.
``game._repr_html_()`` uses it, so a game alone in a notebook cell shows its
table. The drawing pieces (:func:`card_html`, :func:`zone`, :func:`chip`,
:func:`seat_box`, :func:`hidden_cards`, :func:`framed`) are shared by the titles'
pictures. :func:`card_catalogue` gives the public facts of every card id of a title.

>>> import gamekit
>>> html = view_html("hats", gamekit.new_game("hats", players=3, seed=1).view(0))
>>> "tea table" in html and "<script" not in html
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from gamekit.core.display import generic_view_html, view_text
from gamekit.core.i18n import CORE
from gamekit.core.names import Seat
from gamekit.core.registry import rules_for

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

_FELT = (
    "background:#2f6b4f;color:#f4f1e8;border:6px solid #7a4a25;border-radius:14px;"
    "padding:8px;font-family:system-ui,sans-serif;font-size:13px"
)
_ZONE = "margin:4px 0;padding:4px 6px;background:rgba(0,0,0,0.18);border-radius:8px"


# -- drawing pieces -----------------------------------------------------------------
CARD_WIDTH, CARD_MAX_WIDTH, CARD_PADDING = 58, 112, 4
"""A card is 58 px wide and grows up to 112 px for a long word; 4 px each side of text."""
LABEL_PX, SUB_PX, LABEL_MIN_PX = 11, 10, 8
"""Font sizes (px) of a card's word and of its small line; a word too long for the widest
card is set smaller, down to 8 px (and, past that, wraps rather than being clipped)."""

_NARROW, _WIDE = set("fijlrtI!|'’.,:;()[]/-·"), set("mwMWœŒæÆ")


def text_em(text: str) -> float:
    """An upper bound of ``text``'s width in em in a bold sans-serif font.

    The bounds are those of DejaVu Sans Bold, among the widest fonts a browser
    falls back to, rounded up, so a word measured here fits in any common font.

    >>> round(text_em("Peacekeeper"), 2)
    7.84
    """
    width = 0.0
    for char in text:
        if char in _NARROW:
            width += 0.5
        elif char in _WIDE:
            width += 1.12
        elif char.isspace():
            width += 0.36
        elif char.isupper():
            width += 0.86
        else:
            width += 0.72
    return width


def _longest_word_em(text: str) -> float:
    """The widest unbreakable piece of ``text`` (a browser breaks at spaces and after hyphens)."""
    pieces = text.replace("-", "- ").split()
    return max((text_em(piece) for piece in pieces), default=0.0)


def card_fit(label: str, sub: str = "") -> tuple[int, int]:
    """``(card width, label font size)`` in px so no word of ``label`` or ``sub`` is clipped.

    >>> card_fit("Ghost"), card_fit("Peacekeeper")
    ((58, 11), (95, 11))
    """
    inner = CARD_MAX_WIDTH - 2 * CARD_PADDING
    needed = max(_longest_word_em(label) * LABEL_PX, _longest_word_em(sub) * SUB_PX)
    width = max(CARD_WIDTH, min(CARD_MAX_WIDTH, int(needed) + 1 + 2 * CARD_PADDING))
    size = LABEL_PX
    while size > LABEL_MIN_PX and _longest_word_em(label) * size > inner:
        size -= 1
    return width, size


def card_html(
    label: str,
    colour: str = "grey",
    shape: str = "blank",
    value: object = None,
    sub: str = "",
    face_down: bool = False,
) -> str:
    """One card as an inline-block: a colour band, a symbol, a word (never colour alone).

    The card widens (and, past its widest, the word shrinks) so a long name such as
    "Peacekeeper" is never clipped (:func:`card_fit`).

    >>> "Ghost" in card_html("Ghost", "sky", "circle")
    True
    """
    width, size = card_fit(label, sub)
    base = (
        f"display:inline-block;vertical-align:top;width:{width}px;min-height:78px;margin:2px;"
        "border:1.5px solid #333;border-radius:7px;text-align:center;overflow:hidden;"
        f"box-shadow:0 1px 3px rgba(0,0,0,.45);font-size:{LABEL_PX}px;line-height:1.15;"
        "box-sizing:content-box;overflow-wrap:anywhere;"
    )
    text = f"display:block;padding:0 {CARD_PADDING}px;font-size:{size}px"
    if face_down:
        stripes = "repeating-linear-gradient(45deg,#0072B2,#0072B2 5px,#005a8c 5px,#005a8c 10px)"
        return (
            f"<span style='{base}background:{stripes};color:#fff' title='{escape(label)}'>"
            f"<b style='{text};margin-top:26px;background:rgba(0,0,0,.45)'>"
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
    small = f"display:block;padding:0 {CARD_PADDING}px;color:#555;font-size:{SUB_PX}px"
    extra = f"<span style='{small}'>{escape(sub)}</span>" if sub else ""
    return (
        f"<span style='{base}background:#fffdf7;color:#1b1b1b' title='{escape(label)}'>"
        f"{band}{symbol}<b style='{text}'>{escape(label)}</b>{extra}</span>"
    )


def zone(title: str, inner: str) -> str:
    """A labelled area of the felt."""
    style = "font-weight:700;font-size:11px;text-transform:uppercase"
    head = f"<div style='{style}'>{escape(title)}</div>"
    return f"<div style='{_ZONE}'>{head}{inner}</div>"


def chip(text: str) -> str:
    """A small rounded label."""
    return (
        "<span style='display:inline-block;background:rgba(0,0,0,.3);border-radius:9px;"
        f"padding:0 7px;margin:1px'>{escape(text)}</span>"
    )


def seat_box(seat: int, body: str, to_move: object) -> str:
    """One player's area, headed by the player's name, marked when that player decides."""
    colour = OKABE_ITO[SEAT_COLOURS[seat % len(SEAT_COLOURS)]]
    mark = " \u25b6 " + str(CORE("deciding")) if seat == to_move else ""
    head = f"<b><span style='color:{colour}'>\u25cf</span> {escape(str(Seat(seat)))}{mark}</b>"
    return f"<div style='{_ZONE}'>{head}<div>{body}</div></div>"


def hidden_cards(count: int, what: str | None = None) -> str:
    """``count`` face-down cards as one card back (or a chip saying none); ``what``
    says where they are (default: "in hand", in the language in force)."""
    if what is not None:
        return card_html(f"{count} {what}", face_down=True) if count else chip(f"none {what}")
    if count:
        return card_html(str(CORE("{count} in hand", count=count)), face_down=True)
    return chip(str(CORE("none in hand")))


def framed(draw: Callable[[View], str], view: View) -> str:
    """``draw(view)`` on the green felt; a view ``draw`` cannot read gets the generic table."""
    try:
        return f"<div style='{_FELT}'>{draw(view)}</div>"
    except (KeyError, TypeError, IndexError, ValueError):
        return generic_view_html(view)


# -- one picture per title ----------------------------------------------------------
def view_html(title: str, view: View) -> str:
    """A static picture of ``view`` (a game's view of one seat) for ``title``.

    The title draws it (``Rules.render_html``); a title without a picture, or a
    view it cannot read, gets a generic table.
    """
    try:
        drawn = rules_for(title).render_html(view)
    except (KeyError, TypeError, IndexError, ValueError):
        drawn = None
    return drawn if drawn is not None else generic_view_html(view)


# -- text fallback and a picture object ---------------------------------------------
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
    return rules_for(title).card_catalogue()
