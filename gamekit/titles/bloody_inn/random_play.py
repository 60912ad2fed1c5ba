"""The Bloody Inn's random games in its own loop (the lean path's :meth:`play_at_random`).

The moves by action type (``MOVES``), which ``BloodyInnRules.apply`` uses too; the loop
plays them with ``log=None`` and takes the legal lists of ``LEGAL_AT`` by the step: the
same games, fewer calls at each step (``tests/test_lean.py`` compares them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gamekit.core.actions import Action, Event
from gamekit.core.lean import MAX_DECISIONS
from gamekit.titles.bloody_inn import flow, night
from gamekit.titles.bloody_inn.actions import (
    Act,
    BuryUnder,
    Dismiss,
    EndTargets,
    KeyRoom,
    Launder,
    Pay,
    PayFine,
    Place,
    PlaceKey,
    ServiceRoom,
    TakePeasants,
    Target,
)
from gamekit.titles.bloody_inn.state import State

Choice = Callable[[list[Action]], Action]
Log = list[Event] | None
Move = Callable[[State, Any, Log], None]
"""A move: the state, an action of the move's own type, and the narration (or ``None``)."""


def _place(state: State, action: Place, log: Log) -> None:
    flow.lodge(state, action.room, log)
    flow.welcome(state, log)


def _act(state: State, action: Act, log: Log) -> None:
    night.choose_act(state, action.action, log)


def _target(state: State, action: Target, log: Log) -> None:
    night.add_target(state, action.card, log)


def _pay(state: State, action: Pay, log: Log) -> None:
    night.pay(state, action.card, log)


def _launder(state: State, action: Launder, log: Log) -> None:
    night.launder(state, action.cheques, log)


def _end_targets(state: State, action: EndTargets, log: Log) -> None:
    night.targets_done(state, log)


def _bury(state: State, action: BuryUnder, log: Log) -> None:
    night.bury(state, action.annex, log)


def _take_peasants(state: State, action: TakePeasants, log: Log) -> None:
    night.take_peasants(state, action.count, log)


def _dismiss(state: State, action: Dismiss, log: Log) -> None:
    flow.dismiss(state, state.seat, action.card, log)
    flow.after_dismiss(state, log)


def _pay_fine(state: State, action: PayFine, log: Log) -> None:
    flow.pay_fine(state, action.by, log)


def _service(state: State, action: ServiceRoom, log: Log) -> None:
    night.place_service_token(state, action.room, log)


def _key_room(state: State, action: KeyRoom, log: Log) -> None:
    night.replace_white_key(state, action.room, log)


def _place_key(state: State, action: PlaceKey, log: Log) -> None:
    flow.place_key(state, action.room, log)


MOVES: dict[type, Move] = {
    Place: _place,
    Act: _act,
    Target: _target,
    Pay: _pay,
    Launder: _launder,
    EndTargets: _end_targets,
    BuryUnder: _bury,
    TakePeasants: _take_peasants,
    Dismiss: _dismiss,
    PayFine: _pay_fine,
    ServiceRoom: _service,
    KeyRoom: _key_room,
    PlaceKey: _place_key,
}
"""An action type -> its move: ``BloodyInnRules.apply`` and the random loop both use it."""


def play_at_random(
    state: State,
    choices: Sequence[Choice],
    legal_at: Mapping[str, Callable[[State], list[Action]]],
) -> int:
    """Play ``state`` to its end, seat ``s`` playing ``choices[s]`` of the legal list
    of the step (``legal_at[state.step]``); the decisions made.

    >>> from gamekit.core.rng import KeyedRng
    >>> from gamekit.titles.bloody_inn.rules import LEGAL_AT, BloodyInnRules
    >>> rules = BloodyInnRules()
    >>> state = rules.initial_state(rules.make_config(2, {}), seed=3)
    >>> draws = [KeyedRng(1).choice, KeyedRng(2).choice]
    >>> play_at_random(state, draws, LEGAL_AT) > 100, state.step
    (True, 'over')
    """
    moves = MOVES
    for decisions in range(MAX_DECISIONS + 1):
        step = state.step
        if step == "over":
            return decisions
        action = choices[state.seat](legal_at[step](state))
        moves[type(action)](state, action, None)
    raise RuntimeError(f"bloody-inn: no end after {MAX_DECISIONS} decisions")
