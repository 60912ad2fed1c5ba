"""The lean path for bulk simulation: no narration, no history, no copies.

It calls the very same ``Rules`` methods as the full API (with ``log=None``), so
the games are the same; ``tests/test_lean.py`` compares them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gamekit.core.actions import Action
from gamekit.core.players import Bot, RandomBot
from gamekit.core.rng import KeyedRng
from gamekit.core.rules import Rules

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
    if {*map(type, bots)} == _RANDOM_ONLY:
        return play_out_at_random(rules, config, seed, [bot.rng for bot in bots], record)
    if any(bot.needs_state for bot in bots):
        return _play_out_with_state(rules, config, seed, bots, record)
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


_RANDOM_ONLY = {RandomBot}


def play_out_at_random(
    rules: Rules[Any], config: Any, seed: int, rngs: Sequence[KeyedRng], record: bool = False
) -> LeanResult:
    """:func:`play_out` with a :class:`RandomBot` in every seat, given their generators:
    a random bot's move is ``bot.rng.choice(legal)``, drawn here without the bot (the
    same games; ``RandomBot(seed=s).rng`` is ``KeyedRng(s)``). Without a record, a title
    may play them in its own loop (:meth:`Rules.play_at_random`)."""
    state = rules.initial_state(config, seed)
    choices = [rng.choice for rng in rngs]
    if not record:  # the title's own loop, if it has one (the same games)
        played = rules.play_at_random(state, choices)
        if played is not None:
            return LeanResult(state, played)
    to_move, legal_actions, apply = rules.to_move, rules.legal_actions, rules.apply
    actions: list[Action] = []
    seat = to_move(state)
    if record:
        for decisions in range(MAX_DECISIONS + 1):
            if seat is None:
                return LeanResult(state, decisions, actions)
            action = choices[seat](legal_actions(state))
            apply(state, action, None)
            actions.append(action)
            seat = to_move(state)
    else:  # the same loop, without the record: a simulation's every decision
        for decisions in range(MAX_DECISIONS + 1):
            if seat is None:
                return LeanResult(state, decisions, actions)
            apply(state, choices[seat](legal_actions(state)), None)
            seat = to_move(state)
    raise RuntimeError(f"{rules.title}: no end after {MAX_DECISIONS} decisions")


def _play_out_with_state(
    rules: Rules[Any], config: Any, seed: int, bots: Sequence[Bot], record: bool
) -> LeanResult:
    """:func:`play_out` when some bot needs the state (a search bot); the same games."""
    state = rules.initial_state(config, seed)
    actions: list[Action] = []
    decisions = 0
    seat = rules.to_move(state)
    while seat is not None:
        action = decide(rules, state, bots[seat], seat)
        rules.apply(state, action, None)
        if record:
            actions.append(action)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"{rules.title}: no end after {MAX_DECISIONS} decisions")
        seat = rules.to_move(state)
    return LeanResult(state, decisions, actions)


def decide(rules: Rules[Any], state: Any, bot: Bot, seat: int) -> Action:
    """What ``bot`` plays for ``seat`` now: from the state for search bots, else the view."""
    legal = rules.legal_actions(state)
    if bot.needs_state:
        return bot.act_on_state(rules, state, legal)
    return bot.act(rules.view(state, seat) if bot.needs_view else None, legal)
