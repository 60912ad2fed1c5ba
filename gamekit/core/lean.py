"""The lean path for bulk simulation: no narration, no history, no copies.

It calls the very same ``Rules`` methods as the full API (with ``log=None``), so
the games are the same; ``tests/test_lean.py`` compares them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gamekit.core.actions import Action
from gamekit.core.rules import Rules

if TYPE_CHECKING:
    from gamekit.bots import Bot

MAX_DECISIONS = 100_000


@dataclass
class LeanResult:
    """The end of one lean game: the final state, decisions made, actions if recorded."""

    state: Any
    decisions: int
    actions: list[Action] = field(default_factory=list)


def play_out(
    rules: Rules[Any], config: Any, seed: int, bots: Sequence[Bot], record: bool = False
) -> LeanResult:
    """Play one game to the end with one bot per seat, as fast as the rules allow."""
    state = rules.initial_state(config, seed)
    to_move, legal_actions, apply, view = (
        rules.to_move,
        rules.legal_actions,
        rules.apply,
        rules.view,
    )
    actions: list[Action] = []
    decisions = 0
    seat = to_move(state)
    while seat is not None:
        bot = bots[seat]
        action = bot.act(view(state, seat) if bot.needs_view else None, legal_actions(state))
        apply(state, action, None)
        if record:
            actions.append(action)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"{rules.title}: no end after {MAX_DECISIONS} decisions")
        seat = to_move(state)
    return LeanResult(state, decisions, actions)
