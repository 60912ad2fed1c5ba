"""Plain-HTML pictures of a game for notebook cells (no JavaScript).

The title's own picture comes through its rules (``Rules.render_html``, which
by default draws with the ``picture`` module next to them); a title without one
gets a generic table of the view. This module imports no title.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamekit.core.game import Game

_STYLE = (
    "font-family:system-ui,sans-serif;border-collapse:collapse;"
    "border:1px solid #888;padding:4px 8px"
)


def game_html(game: Game) -> str:
    """A static table: status, scores, the title's own picture, recent events."""
    view = game.view(None)
    body = title_view_html(game, view)
    status = "game over" if game.is_over else f"player {game.to_move} to move"
    if game.is_over:
        status += " — winners: " + ", ".join(f"player {s}" for s in game.winners())
    recent = "".join(f"<li>{escape(str(e))}</li>" for e in game.log[-5:])
    return (
        f"<div class='gamekit-game'><b>{escape(game.rules.name)}</b> · "
        f"{game.players} players · seed {game.seed} · step {game.step} · {escape(status)}"
        f"{scores_html(game.scores())}{body}"
        f"<details><summary>last events</summary><ul>{recent}</ul></details></div>"
    )


def title_view_html(game: Game, view: dict[str, Any]) -> str:
    """The title's static picture of ``view``, with the view as text underneath."""
    try:
        body = game.rules.render_html(view) or generic_view_html(view)
    except (KeyError, TypeError, IndexError, ValueError):
        body = generic_view_html(view)
    text = escape(view_text(game.title, view))
    return f"{body}<details><summary>as text</summary><pre>{text}</pre></details>"


def scores_html(scores: list[Any]) -> str:
    """A one-row table of scores per seat."""
    head = "".join(f"<th style='{_STYLE}'>player {i}</th>" for i in range(len(scores)))
    row = "".join(f"<td style='{_STYLE}'>{escape(str(s))}</td>" for s in scores)
    return (
        f"<table style='{_STYLE}'><tr><th style='{_STYLE}'></th>{head}</tr>"
        f"<tr><th style='{_STYLE}'>score</th>{row}</tr></table>"
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
    lines = [f"{title}: seen by " + ("a spectator" if seat is None else f"player {seat}")]
    lines += [f"  {k}: {short_text(v)}" for k, v in view.items() if k != "seat"]
    return "\n".join(lines)


def short_text(value: Any) -> str:
    """``str(value)``, cut to 200 characters."""
    text = str(value)
    return text if len(text) <= 200 else text[:197] + "..."
