"""Moves a learner may have meant by a typed text: legal or not, of the title's own types.

``play("Knock at Player 1's door with a Vampire")`` that no legal move reads is
compared with every move of the title's action types made from the values its
legal moves use (and every seat, and every card), so the refusal can say which
move was meant and why the rules forbid it.

>>> import gamekit
>>> g = gamekit.new_game("knock-knock", seed=1)
>>> len(imaginable(g.rules, g.legal_actions(), g.players, 55)) > len(g.legal_actions())
True
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Sequence
from typing import Any

from gamekit.core.actions import Action
from gamekit.core.rules import Rules

MOST_PER_TYPE = 600
"""The most imagined moves of one action type (a type with more is left out)."""


def imaginable(
    rules: Rules[Any], legal: Sequence[Action], players: int, cards: int
) -> list[Action]:
    """Every move of ``rules``' action types whose fields take values the legal moves
    use, or a seat, or (for a ``card`` number) a card; the legal ones excluded."""
    seen: dict[str, set[Any]] = {}
    for action in legal:
        for field in dataclasses.fields(action):
            value = getattr(action, field.name)
            if isinstance(value, int | str) and not isinstance(value, bool):
                seen.setdefault(field.name, set()).add(value)
    found: list[Action] = []
    for kind in rules.action_types:
        names = [f.name for f in dataclasses.fields(kind)]
        domains = [_domain(name, seen, players, cards) for name in names]
        if math.prod(len(d) for d in domains) > MOST_PER_TYPE or not all(domains):
            continue
        for values in itertools.product(*domains):
            try:
                made = kind(**dict(zip(names, values, strict=True)))
            except Exception:  # a type that refuses such values is no candidate
                continue
            if made not in legal:
                found.append(made)
    return found


def _domain(name: str, seen: dict[str, set[Any]], players: int, cards: int) -> list[Any]:
    values = set(seen.get(name, ()))
    if all(type(v) is int for v in values):
        values |= set(range(players))
        if "card" in name:
            values |= set(range(cards))
    return sorted(values, key=lambda v: (type(v).__name__, v))
