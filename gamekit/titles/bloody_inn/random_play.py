"""The Bloody Inn's random games in its own loop (the lean path's :meth:`play_at_random`).

The same moves as ``BloodyInnRules.apply`` with ``log=None``, looked up by the action's
type instead of matched in turn, and the legal lists of ``LEGAL_AT`` by the step: the
same games, one call less at each step (``tests/test_lean.py`` compares them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gamekit.core.actions import Action
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
Move = Callable[[State, Any], None]
"""A move: the state and an action of the move's own type."""


def _place(state: State, action: Place) -> None:
    flow.lodge(state, action.room, None)
    flow.welcome(state, None)


def _act(state: State, action: Act) -> None:
    night.choose_act(state, action.action, None)


def _target(state: State, action: Target) -> None:
    night.add_target(state, action.card, None)


def _pay(state: State, action: Pay) -> None:
    night.pay(state, action.card, None)


def _launder(state: State, action: Launder) -> None:
    night.launder(state, action.cheques, None)


def _end_targets(state: State, action: EndTargets) -> None:
    night.targets_done(state, None)


def _bury(state: State, action: BuryUnder) -> None:
    night.bury(state, action.annex, None)


def _take_peasants(state: State, action: TakePeasants) -> None:
    night.take_peasants(state, action.count, None)


def _dismiss(state: State, action: Dismiss) -> None:
    flow.dismiss(state, state.seat, action.card, None)
    flow.after_dismiss(state, None)


def _pay_fine(state: State, action: PayFine) -> None:
    flow.pay_fine(state, action.by, None)


def _service(state: State, action: ServiceRoom) -> None:
    night.place_service_token(state, action.room, None)


def _key_room(state: State, action: KeyRoom) -> None:
    night.replace_white_key(state, action.room, None)


def _place_key(state: State, action: PlaceKey) -> None:
    flow.place_key(state, action.room, None)


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
"""An action type -> its move, narrated nowhere (``BloodyInnRules.apply``'s cases)."""


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
        moves[type(action)](state, action)
    raise RuntimeError(f"bloody-inn: no end after {MAX_DECISIONS} decisions")
