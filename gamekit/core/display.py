"""Plain-HTML pictures of a game for notebook cells (no JavaScript).

The title's own picture comes through its rules (``Rules.render_html``, which
by default draws with the ``picture`` module next to them); a title without one
gets a generic table of the view. This module imports no title.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING, Any

from gamekit.core.i18n import CORE, language
from gamekit.core.names import Seat, seats

if TYPE_CHECKING:
    from gamekit.core.game import Game

_STYLE = (
    "font-family:system-ui,sans-serif;border-collapse:collapse;"
    "border:1px solid #888;padding:4px 8px"
)


def game_html(game: Game) -> str:
    """A static table: status, scores, the title's own picture, recent events."""
    view = game.view(None)
    with language(game.lang):  # the picture speaks the game's language
        body = title_view_html(game, view)
    mover, winners = game.to_move, game.winners()
    if mover is not None:
        status = game.read(CORE("{seat} to move", seat=Seat(mover)))
    elif winners:
        status = game.read(CORE("game over, won by {seats}", seats=seats(winners)))
    else:
        status = game.read(CORE("game over"))
    facts = game.read(
        CORE("{players} players · seed {seed} · step {step}", players=game.players,
             seed=game.seed, step=game.step)
    )  # fmt: skip
    recent = "".join(f"<li>{escape(game.read(e))}</li>" for e in game.log[-5:])
    with language(game.lang):
        name, last = game.rules.display_name(), str(CORE("last events"))
    return (
        f"<div class='gamekit-game'><b>{escape(name)}</b> · {escape(facts)} · {escape(status)}"
        f"{scores_html(game.scores(), game)}{body}"
        f"<details><summary>{escape(last)}</summary><ul>{recent}</ul></details></div>"
    )


def title_view_html(game: Game, view: dict[str, Any]) -> str:
    """The title's static picture of ``view``, with the view as text underneath."""
    try:
        body = game.rules.render_html(view) or generic_view_html(view)
    except (KeyError, TypeError, IndexError, ValueError):
        body = generic_view_html(view)
    text = escape(view_text(game.title, view))  # the view's data: the code's own words
    summary = escape(str(CORE("as text")))
    return f"{body}<details><summary>{summary}</summary><pre>{text}</pre></details>"


def scores_html(scores: list[Any], game: Game | None = None) -> str:
    """A one-row table of scores per seat, headed by the players' names."""
    read = game.read if game is not None else str
    names = [read(Seat(i)) for i in range(len(scores))]
    head = "".join(f"<th style='{_STYLE}'>{escape(n)}</th>" for n in names)
    row = "".join(f"<td style='{_STYLE}'>{escape(str(s))}</td>" for s in scores)
    label = escape(read(CORE("score")))
    return (
        f"<table style='{_STYLE}'><tr><th style='{_STYLE}'></th>{head}</tr>"
        f"<tr><th style='{_STYLE}'>{label}</th>{row}</tr></table>"
    )


def generic_view_html(view: Mapping[str, Any]) -> str:
    """Any JSON-able view as a two-column table (the fallback picture)."""
    rows = "".join(
        f"<tr><th style='{_STYLE};text-align:left'>{escape(str(k))}</th>"
        f"<td style='{_STYLE}'>{escape(short_text(v))}</td></tr>"
        for k, v in view.items()
    )
    return f"<table style='{_STYLE}'>{rows}</table>"


def view_text(title: str, view: Mapping[str, Any]) -> str:
    """The view as plain text lines (for terminals and screen readers)."""
    seat = view.get("seat")
    if seat is None or isinstance(seat, bool) or not isinstance(seat, int):
        who = str(CORE("{title}: seen by a spectator", title=title))
    else:
        who = str(CORE("{title}: seen by {seat} (seat {number})", title=title, seat=Seat(seat),
                       number=seat))  # fmt: skip
    lines = [who]
    lines += [f"  {k}: {short_text(v)}" for k, v in view.items() if k != "seat"]
    return "\n".join(lines)


def short_text(value: Any) -> str:
    """``str(value)``, cut to 200 characters."""
    text = str(value)
    return text if len(text) <= 200 else text[:197] + "..."
