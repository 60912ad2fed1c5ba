"""What one seat may see of a game, as one JSON-able dict: the only path to a screen.

The local table (:class:`gamekit.widgets.Table`) and the room server
(:mod:`gamekit.rooms`) both build what they send with :func:`seat_payload`, so
one code path decides what leaves the engine, and one code path is leak-checked.

>>> import gamekit
>>> g = gamekit.new_game("knock-knock", players=3, seed=1)
>>> p = seat_payload(g, 0)
>>> p["seat"], p["to_move"], len(p["legal"]) > 0, p["view"] == g.view(0)
(0, 0, True, True)
>>> seat_payload(g, 1)["legal"]      # seat 1 does not decide: no legal moves
[]
>>> "seed" in seat_payload(g, 1)     # the seed would tell every hand
False
>>> seat_payload(g, 1, odds=True)["odds"]   # the odds panel: only for the seat deciding
[]
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamekit.core.actions import Event
    from gamekit.core.game import Game

GOD = "god"
"""The perspective that sees everything (``game.state_dict()``)."""

NARRATION_LIMIT = 120
"""How many of the latest events a payload carries when no first step is asked for."""

Reader = Callable[[object], str]
ODDS_KEYS = ("key", "question", "given", "fraction", "percent", "exercise", "why")
"""The fields of an odds panel row (:func:`gamekit.odds.panel.odds_panel`), each a text
(``exercise`` may be ``None``)."""
_READ = frozenset({"question", "given", "percent"})
"""The fields that are sentences (or a number) in the screen's language."""
PANEL_MODULE = "gamekit.odds.panel"
"""Where ``odds_panel(rules, view, seat, read=None)`` lives (SymPy: loaded on first use)."""
LOG = logging.getLogger("gamekit.rooms")


def seat_payload(
    game: Game,
    seat: int | None,
    *,
    god: bool = False,
    memory: bool = False,
    read: Reader | None = None,
    since: int | None = None,
    moves: bool = True,
    odds: bool = False,
) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) may see of ``game`` now, as a fresh dict.

    ``god=True``: everything (the full state and every seat's view); the caller
    decides when it may be opened. ``memory``: the title's memory mode (what it
    covers is not sent at all). ``read`` renders a text for this screen (default
    :meth:`Game.read`, in the language in force). ``since``: the first step whose
    narration is included (``None``: the latest :data:`NARRATION_LIMIT` events).
    ``moves=False``: no ``legal`` rows, even for the seat to move (its table waits,
    is paused or has ended, so nothing may be played). ``odds``: the odds panel's rows
    ("What are my chances?"), computed from this payload's own ``view`` only (covered
    in memory mode): for the seat that decides now and for a spectator, while the game
    goes on; never for the god view nor a seat that waits.

    The keys: ``seat`` (a number, ``None`` or ``"god"``), ``step``, ``to_move``,
    ``is_over``, ``view``, ``seat_views`` (god only), ``legal`` (rows ``index``,
    ``text``, ``kind``, ``action``, ``seat``; only for the seat that decides, or
    god), ``narration`` (rows ``step``, ``text``, ``kind``, ``ruling``, ``seat``),
    ``narration_from`` (the first step asked for), ``scores`` (the running scores,
    which every seat sees), and when the game is over ``winners`` and ``result``
    (sentences), and its ``record``. ``odds`` is always there: the panel's rows
    (``key``, ``question``, ``given``, ``fraction``, ``percent``, ``exercise``, ``why``),
    ``[]`` when it is off, not allowed here, or the title asks no question.
    """
    reader: Reader = read if read is not None else game.read
    perspective: int | str | None = GOD if god else seat
    mover = game.to_move
    over = game.is_over
    decides = moves and mover is not None and perspective in (GOD, mover)
    view = _view(game, perspective, memory)
    asks = odds and not over and not god and (seat is None or seat == mover)
    out: dict[str, Any] = {
        "seat": perspective,
        "step": game.step,
        "to_move": mover,
        "is_over": over,
        "view": view,
        "seat_views": (
            [_memory(game, game.view(s), memory, s) for s in range(game.players)] if god else []
        ),
        "legal": _legal_rows(game, reader) if decides else [],
        "narration": _narration_rows(game, perspective, memory, reader, since),
        "narration_from": since,
        "scores": [_plain(s) for s in game.scores()],
        "odds": odds_rows(game, view, seat, reader) if asks else [],
    }
    if over:
        out["winners"] = list(game.winners())
        out["result"] = [reader(line) for line in game.rules.result_lines(game.state)]
        out["record"] = game.to_json()
    return out


def event_visible(event: Event, seat: int | str | None) -> bool:
    """Private events (kind ending in ``"private"``) reach only their seat and the god view."""
    if not event.kind.endswith("private"):
        return True
    return seat == GOD or (event.seat is not None and seat == event.seat)


def odds_rows(
    game: Game, view: dict[str, Any], seat: int | None, read: Reader
) -> list[dict[str, Any]]:
    """The odds panel's rows for ``seat`` (``None``: a spectator) from ``view`` alone, as
    plain texts; ``[]`` when the title asks no question or the panel cannot be had.

    The panel (``gamekit.odds.panel``, which brings SymPy) loads on first use only.
    """
    try:
        panel = importlib.import_module(PANEL_MODULE).odds_panel
    except (ImportError, AttributeError):
        return []
    try:
        rows = panel(game.rules, view, seat, read=read)
    except Exception as err:  # a failing question never stops the table or the room
        LOG.warning("the odds panel of %s failed: %s: %s", game.title, type(err).__name__, err)
        return []
    return [_odds_row(row, read) for row in rows]


def _odds_row(row: Any, read: Reader) -> dict[str, Any]:
    """One row with exactly :data:`ODDS_KEYS`, each a text (``exercise``: a text or ``None``)."""
    out: dict[str, Any] = {}
    for key in ODDS_KEYS:
        value = row.get(key) if isinstance(row, dict) else None
        if key == "exercise":
            out[key] = None if value is None else str(value)
        elif key in _READ:
            out[key] = "" if value is None else read(value)
        else:  # an id, a fraction, code: as it is
            out[key] = "" if value is None else str(value)
    return out


def _view(game: Game, perspective: int | str | None, memory: bool) -> dict[str, Any]:
    if perspective == GOD:
        return _memory(game, game.state_dict(), memory, GOD)
    seat = perspective if isinstance(perspective, int) else None
    return _memory(game, game.view(seat), memory, seat)


def _memory(
    game: Game, view: dict[str, Any], memory: bool, seat: int | str | None = None
) -> dict[str, Any]:
    """Memory mode: what the title covers is not sent at all (``Rules.memory_view``;
    the god view's state dict is covered as seat ``None``'s)."""
    if not (memory and "memory" in game.rules.table_features):
        return view
    return game.rules.memory_view(view, seat if isinstance(seat, int) else None)


def _legal_rows(game: Game, read: Reader) -> list[dict[str, Any]]:
    seat = game.to_move
    return [
        {
            "index": i,
            "text": read(game.action_text(a)),
            "kind": a.kind,
            "action": a.to_json(),
            "seat": seat,
        }
        for i, a in enumerate(game.legal_actions())
    ]


def _narration_rows(
    game: Game, seat: int | str | None, memory: bool, read: Reader, since: int | None
) -> list[dict[str, Any]]:
    first = max(0, game.step - NARRATION_LIMIT + 1) if since is None else max(0, since)
    rows: list[dict[str, Any]] = []
    for number in range(first, game.step + 1):
        for event in game.events_at(number):
            if event_visible(event, seat):
                rows.append({"step": number, **event.to_json()})
    if memory and "memory" in game.rules.table_features:
        texts, kinds = [row["text"] for row in rows], [row["kind"] for row in rows]
        covered = game.rules.memory_text(texts, kinds)
        for row, text in zip(rows, covered, strict=True):
            row["text"] = text
    for row in rows:
        row["text"] = read(row["text"])
    return rows[-NARRATION_LIMIT:] if since is None else rows


def _plain(value: Any) -> Any:
    return value if isinstance(value, int | float | str) or value is None else str(value)
