"""A whole game as one offline HTML page: the table's drawing, a timeline, no kernel.

:func:`export_html` writes a single file that holds the table's page
(``widgets/static/table.js`` and ``table.css``), the title's board module and,
for every step, what one seat (or a spectator) may see then, made by
:func:`gamekit.rooms.payload.seat_payload`, the path the table and the rooms
send through. Nothing is fetched when it opens: put it on a class website, in
an LMS page or a Jupyter Book, or open it from disk.

>>> import gamekit, tempfile, pathlib
>>> g = gamekit.new_game("hats", players=3, seed=2)
>>> _ = g.play(g.legal_actions()[0])
>>> out = pathlib.Path(tempfile.mkdtemp()) / "hats.html"
>>> export_html(g, out, seat=1, lang="fr") == out
True
>>> out.read_text(encoding="utf-8").startswith("<!doctype html>")
True
"""

from __future__ import annotations

import json
import os
import pathlib
from typing import Any

from gamekit.core.game import Game
from gamekit.core.i18n import CORE, check_language, language
from gamekit.core.names import Seat, and_list, seat_names
from gamekit.core.rules import points_text
from gamekit.rooms.payload import NARRATION_LIMIT, seat_payload
from gamekit.widgets.labels import board_labels, card_names, page_labels, seat_labels

_STATIC = pathlib.Path(__file__).parent / "widgets" / "static"

FRAME_KEYS = ("step", "to_move", "is_over")
"""What each step's frame keeps of its seat payload besides its view (never ``record``,
``legal`` nor ``seat_views``)."""

PAGE_CSS = """
body { margin: 0; padding: 12px; background: #fff; }
.gk-replay .gk-seed, .gk-replay .gk-sit, .gk-replay .gk-autoplay, .gk-replay .gk-speed-label,
.gk-replay .gk-controls .gk-row:not(:first-child), .gk-replay .gk-extras {
  display: none !important;
}
"""
"""The replay page hides the table's controls that need a kernel (new game, seats, save)."""

BOOT_JS = """
// ------------------------------------------------------------ the replay's page --
// A model that answers the table's page from the precomputed steps: the timeline,
// Undo, Redo and Step travel through them; nothing is ever sent anywhere.
{
  const data = JSON.parse(document.getElementById("gk-replay-data").textContent);
  const state = Object.assign({}, data.table);
  const handlers = {};
  const shown = (index) => {
    const frame = data.frames[index];
    Object.assign(state, frame, {
      total_steps: data.frames.length - 1,
      narration: data.narration.filter((row) => row.step <= frame.step).slice(-data.limit),
      revision: (state.revision || 0) + 1,
    });
    for (const fn of handlers["change:revision"] || []) fn();
  };
  const travel = (msg) => {
    const at = state.step;
    const to = { goto: msg.step, undo: at - 1, redo: at + 1, step: at + 1 }[msg.type];
    if (Number.isInteger(to) && to >= 0 && to < data.frames.length && to !== at) shown(to);
  };
  const model = {
    get: (name) => state[name],
    set: (name, value) => { state[name] = value; },
    save_changes: () => {},
    on: (event, fn) => { (handlers[event] = handlers[event] || []).push(fn); },
    send: travel,
  };
  shown(0);
  const el = document.getElementById("gk-replay");
  render({ model, el }).then(() => { el.dataset.ready = "true"; });
}
"""


def export_html(
    game: Game,
    path: str | os.PathLike[str],
    seat: int | None = None,
    lang: str | None = None,
) -> pathlib.Path:
    """Write every step of ``game`` as seen by ``seat`` (``None``: a spectator) to ``path``.

    The steps are the game's whole timeline (its history and any undone future);
    ``lang``: ``"en"`` or ``"fr"`` (default: the game's language). The file holds
    only what that seat may see at each step. Returns the path written. A game
    that is not a :class:`~gamekit.Game`, a seat that is not at the table, or a
    path that cannot be written raises a ``ValueError`` and writes nothing.
    """
    if not isinstance(game, Game):
        raise ValueError(
            str(CORE("export_html needs a game, not {what}", what=type(game).__name__))
        )
    _check_seat(game, seat)
    spoken = check_language(lang) if lang is not None else game.lang
    target = _target(path)
    page = replay_page(game, seat, spoken)
    try:
        target.write_text(page, encoding="utf-8")
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise ValueError(
            str(CORE("cannot write {path}: {reason}", path=str(target), reason=reason))
        ) from None
    return target


def replay_page(game: Game, seat: int | None, lang: str) -> str:
    """The whole HTML page of :func:`export_html`, as text."""
    data = replay_data(game, seat, lang)
    script = _read("table.js") + BOOT_JS
    return "".join(
        [
            "<!doctype html>\n",
            f'<html lang="{lang}"><head><meta charset="utf-8">\n',
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
            "script-src 'unsafe-inline' blob:; style-src 'unsafe-inline'; img-src data: blob:\">\n",
            f"<title>{_html_text(data['table']['game_name'])}</title>\n",
            f"<style>{_safe_block(_read('table.css'), 'style')}{PAGE_CSS}</style>\n",
            '</head><body>\n<main id="gk-replay" class="gk-replay"></main>\n',
            f'<script type="application/json" id="gk-replay-data">{embed_json(data)}</script>\n',
            f'<script type="module">{_safe_block(script, "script")}</script>\n',
            "</body></html>\n",
        ]
    )


def replay_data(game: Game, seat: int | None, lang: str) -> dict[str, Any]:
    """What the page needs: the table's fixed traits, every step's frame, the narration."""
    replay = game.copy()
    replay.lang = lang
    total = replay.step + len(replay.future)
    replay.goto(0)
    frames = []
    with language(lang):
        for step in range(total + 1):
            if step:
                replay.redo()
            frames.append(step_frame(replay, seat))
        narration = seat_payload(replay, seat, since=0)["narration"]
        table = _table_traits(replay, seat, lang)
    return {"table": table, "frames": frames, "narration": narration, "limit": NARRATION_LIMIT}


def embed_json(data: object) -> str:
    """``data`` as JSON that cannot end its ``<script>`` block early nor open a comment.

    >>> embed_json({"a": "</script><!--\\u2028"})
    '{"a": "\\\\u003c/script\\\\u003e\\\\u003c!--\\\\u2028"}'
    """
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):  # fmt: skip
        text = text.replace(raw, escaped)
    return text


def step_frame(game: Game, seat: int | None) -> dict[str, Any]:
    """What the page shows ``seat`` of ``game`` at its step (the narration apart):
    the seat payload's view and status, the scores and the table's summary lines."""
    payload = seat_payload(game, seat, read=game.read)
    frame = {key: payload[key] for key in FRAME_KEYS}
    frame["view_data"] = payload["view"]
    frame["scores"] = [_plain(s) for s in game.scores()]
    frame["winners"] = list(game.winners()) if game.is_over else []
    frame["summary_lines"] = _summary(game)
    return frame


def _summary(game: Game) -> list[str]:
    """The table's summary lines (the result, or the scores so far)."""
    if game.is_over:
        return [game.read(line) for line in game.rules.result_lines(game.state)]
    with seat_names(None):
        points = and_list(
            str(CORE("{seat} has {points}", seat=Seat(s), points=points_text(v)))
            for s, v in enumerate(game.scores())
        )
    return [game.read(CORE("Scores so far: {points}.", points=points))]


def _table_traits(game: Game, seat: int | None, lang: str) -> dict[str, Any]:
    """The traits the table's page reads that stay the same through the game."""
    rules, names = game.rules, game.names
    with seat_names(None):
        labels = page_labels()
        labels["seats"] = seat_labels(names)
        labels["bots"], labels["titles"] = {}, {}
        return {
            "title": game.title,
            "game_name": rules.display_name(),
            "players": game.players,
            "seed": 0,  # the seed would tell every hand: never in the page
            "seat": seat,
            "humans": [],
            "classroom": True,
            "cover_for": None,
            "names": names,
            "rulings": {str(k): str(v) for k, v in rules.rulings.items()},
            "options_schema": {},
            "size": "normal",
            "seat_views": [],
            "catalogue": rules.card_catalogue(),
            "board_js": rules.board_script() or "",
            "legal": [],
            "changed": [],
            "error": "",
            "notice": "",
            "bots": ["" for _ in range(game.players)],
            "bot_choices": [],
            "titles": [],
            "player_range": {},
            "autoplay": False,
            "speed_ms": 700,
            "features": [],
            "memory_mode": False,
            "party_timer": False,
            "timer_seconds": 5,
            "timer_seat": None,
            "saved_json": "",
            "revision": 0,
            "lang": lang,
            "labels": labels,
            "board_labels": board_labels(rules.title_package(), rules.board_script() or ""),
            "card_names": card_names(rules.title_module("picture")),
        }


def _check_seat(game: Game, seat: object) -> None:
    if seat is None:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ValueError(
            str(CORE("seat must be None (a spectator) or a seat number from 0 to {last}, "
                     "not {seat}", last=game.players - 1, seat=repr(seat)[:40]))
        )  # fmt: skip


def _target(path: object) -> pathlib.Path:
    if not isinstance(path, str | os.PathLike) or not str(path):
        raise ValueError(
            str(CORE("the path must be a file name, not {what}", what=repr(path)[:40]))
        )
    target = pathlib.Path(path)
    if target.is_dir():
        raise ValueError(str(CORE("{path} is a folder: give a file name", path=str(target))))
    if not target.parent.is_dir():
        raise ValueError(str(CORE("the folder {path} does not exist", path=str(target.parent))))
    return target


def _read(name: str) -> str:
    return (_STATIC / name).read_text(encoding="utf-8")


def _safe_block(text: str, tag: str) -> str:
    """``text`` with no ``</tag`` that would end its block early (JS and CSS keep meaning:
    ``<\\/`` is ``</`` inside a JS string, and the page's sources hold no such text)."""
    return text.replace(f"</{tag}", f"<\\/{tag}").replace("<!--", "<\\!--")


def _html_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _plain(value: Any) -> Any:
    return value if isinstance(value, int | float | str) or value is None else str(value)
