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
"""

from __future__ import annotations

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


def seat_payload(
    game: Game,
    seat: int | None,
    *,
    god: bool = False,
    memory: bool = False,
    read: Reader | None = None,
    since: int | None = None,
    moves: bool = True,
) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) may see of ``game`` now, as a fresh dict.

    ``god=True``: everything (the full state and every seat's view); the caller
    decides when it may be opened. ``memory``: the title's memory mode (what it
    covers is not sent at all). ``read`` renders a text for this screen (default
    :meth:`Game.read`, in the language in force). ``since``: the first step whose
    narration is included (``None``: the latest :data:`NARRATION_LIMIT` events).
    ``moves=False``: no ``legal`` rows, even for the seat to move (its table waits,
    is paused or has ended, so nothing may be played).

    The keys: ``seat`` (a number, ``None`` or ``"god"``), ``step``, ``to_move``,
    ``is_over``, ``view``, ``seat_views`` (god only), ``legal`` (rows ``index``,
    ``text``, ``kind``, ``action``, ``seat``; only for the seat that decides, or
    god), ``narration`` (rows ``step``, ``text``, ``kind``, ``ruling``, ``seat``),
    ``narration_from`` (the first step asked for), ``scores`` (the running scores,
    which every seat sees), and when the game is over ``winners`` and ``result``
    (sentences), and its ``record``.
    """
    reader: Reader = read if read is not None else game.read
    perspective: int | str | None = GOD if god else seat
    mover = game.to_move
    over = game.is_over
    decides = moves and mover is not None and perspective in (GOD, mover)
    out: dict[str, Any] = {
        "seat": perspective,
        "step": game.step,
        "to_move": mover,
        "is_over": over,
        "view": _view(game, perspective, memory),
        "seat_views": (
            [_memory(game, game.view(s), memory, s) for s in range(game.players)] if god else []
        ),
        "legal": _legal_rows(game, reader) if decides else [],
        "narration": _narration_rows(game, perspective, memory, reader, since),
        "narration_from": since,
        "scores": [_plain(s) for s in game.scores()],
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
