"""Bots for Hats: ``greedy`` looks one action ahead, using only its own view.

>>> import gamekit
>>> from gamekit import bots
>>> g = gamekit.new_game("hats", players=3, seed=4)
>>> bots.make("hats", "greedy").choose(g) in g.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.bots import Bot, View
from gamekit.core.actions import Action
from gamekit.titles.hats.rules import (
    COOKIE_POINTS,
    NUMBERS,
    BlackHat,
    EndTurn,
    Exchange,
    GiveBack,
    cookie_key,
    favourite_points,
    table_values,
)

KEEP_THRESHOLD = 3.5
"""A hand card worth less than this (see ``keep_value``) is thrown away when allowed."""


class GreedyBot(Bot):
    """Plays the main action that most raises its side's lead, then ditches a weak card.

    - Main action: for each exchange or black hat, estimate everyone's points
      right after it (collection by table space, black hats, the cookie, and the
      best favourite hat the hand still allows); pick the largest
      ``my gain - the best rival's gain`` (with 4 players: my team's gain -
      the other team's gain).
    - Optional action (discard and draw, or swap): only after the main action,
      and only for a card whose ``keep_value`` is low; otherwise end the turn.
    - Asked to give a card back (4 players): the card it values least.

    Equal choices are drawn with the bot's seeded RNG, never taken in list order.
    """

    name = "greedy"

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        assert view is not None, "the greedy bot reads its view"
        if isinstance(legal[0], GiveBack):
            return self.rng.best(
                legal, key=lambda a: keep_value(view, getattr(a, "card", 0)), lowest=True
            )
        main = [a for a in legal if isinstance(a, Exchange | BlackHat)]
        if main:
            before = estimate(view, view["table"], view["collections"], view["black_hats"], None)
            return self.rng.best(main, key=lambda a: self.gain(view, a, before))
        return self.optional(view, legal)

    def gain(self, view: View, action: Action, before: list[int]) -> float:
        """How much ``action`` raises my side's points over the best rival's."""
        table, collections = list(view["table"]), [list(c) for c in view["collections"]]
        blacks = list(view["black_hats"])
        seat = view["seat"]
        if isinstance(action, Exchange):
            table[action.space - 1] = action.card
            collections[seat].append(action.take)
        else:
            blacks[seat] += 1
        played = getattr(action, "card", -1)
        after = estimate(view, table, collections, blacks, played)
        deltas = [a - b for a, b in zip(after, before, strict=True)]
        mine = sum(d for s, d in enumerate(deltas) if _same_side(view, s, seat))
        rivals = [d for s, d in enumerate(deltas) if not _same_side(view, s, seat)]
        # Teams add their points; alone, only the best rival matters.
        return mine - (sum(rivals) if view["teams"] else max(rivals))

    def optional(self, view: View, legal: Sequence[Action]) -> Action:
        """Throw away (or swap) the weakest card if it is weak enough, else end the turn."""
        options = [a for a in legal if not isinstance(a, EndTurn)]
        weakest = self.rng.best(
            options, key=lambda a: keep_value(view, getattr(a, "card", 0)), lowest=True
        )
        if keep_value(view, getattr(weakest, "card", 0)) < KEEP_THRESHOLD:
            return weakest
        return next(a for a in legal if isinstance(a, EndTurn))


def estimate(
    view: View,
    table: Sequence[int],
    collections: Sequence[Sequence[int]],
    black_hats: Sequence[int],
    played: int | None,
) -> list[int]:
    """Everyone's points if the game ended now (my favourite: the best card I keep)."""
    values = table_values(table)
    keys = [cookie_key(c, b) for c, b in zip(collections, black_hats, strict=True)]
    best = max(keys)
    holder = keys.index(best) if keys.count(best) == 1 else view["cookie"]
    points = []
    for seat, collection in enumerate(collections):
        total = sum(values.get(c // NUMBERS, 0) for c in collection) + black_hats[seat]
        points.append(total + (COOKIE_POINTS if holder == seat else 0))
    hand = [c for c in view["hand"] if c != played]
    me = view["seat"]
    points[me] += max(favourite_points(collections[me], c) for c in hand)
    return points


def keep_value(view: View, card: int) -> float:
    """How useful a hand card looks: its number, more if its type is in my collection."""
    mine = {c // NUMBERS for c in view["collections"][view["seat"]]}
    return card % NUMBERS + 1 + (2 if card // NUMBERS in mine else 0)


def _same_side(view: View, seat: int, me: int) -> bool:
    teams: Any = view["teams"]
    return seat == me if teams is None else seat % 2 == me % 2


BOTS = {"greedy": GreedyBot}
"""The Hats bots beyond ``random`` (see :func:`gamekit.bots.make`)."""

SEARCH_ABOVE = "greedy"
"""The strongest of these bots that the generic search bot beats (``benchmarks/bots.py``)."""
