"""Bots for The Bloody Inn: ``innkeeper``, a readable heuristic player.

The innkeeper follows a few plain habits, each a small function below:

- it **bribes cheap helpers** (free peasants, rank-0 and rank-1 guests) while its
  hand is small;
- it **builds the annexes that pay** (instant money, burial room, discounts);
- it **kills** a guest only when no police card sleeps in the inn, a burial
  site is free and it can pay for the burial too, and it **buries** its corpses
  first thing, under its own annexes when it can (all the money is then its own);
- when it **passes** it launders cash above 20F into cheques, so the 40F cap
  never eats its money.

It decides from its own seat's view only.

>>> import gamekit
>>> from gamekit import bots
>>> g = gamekit.new_game("bloody-inn", players=2, seed=3)
>>> bot = bots.make("bloody-inn", "innkeeper", seed=1)
>>> bot.choose(g) in g.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.bots import Bot
from gamekit.core.actions import Action
from gamekit.games.bloody_inn_cards import (
    APT,
    BARN_BASE,
    BUILDABLE,
    COUNT_GAIN,
    DISCOUNT,
    INSTANT_GAIN,
    IS_PEASANT,
    IS_POLICE,
    KEY,
    MONEY,
    MULTI,
    RANK,
    capacity,
)

View = dict[str, Any]

ANNEX_VALUE = {**INSTANT_GAIN, "prince": 6, "gardener": 10, "distiller": 6, "concierge": 5}
"""Roughly what an annex is worth to its builder, in F (besides burial room)."""


class InnkeeperBot(Bot):
    """A readable heuristic: bribe cheap helpers, build paying annexes, kill and bury safely."""

    name = "innkeeper"

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        assert view is not None
        if len(legal) == 1:
            return legal[0]
        choose = getattr(self, f"_{view['step']}", None)
        action = choose(view, legal) if choose else None
        return action if action is not None else legal[0]

    # -- the welcome ---------------------------------------------------------------
    def _key(self, view: View, legal: Sequence[Action]) -> Action | None:
        return legal[0]

    def _place(self, view: View, legal: Sequence[Action]) -> Action | None:
        """Rich guests in my Room Service rooms, every guest in my own rooms first."""
        me, top = view["seat"], view["entrance_top"]

        def score(a: Action) -> int:
            room = a.room  # type: ignore[attr-defined]
            mine = view["keys"][room] == me
            service = view["service"][room] == me
            return int(10 * service * RANK[top] + 5 * mine)

        return max(legal, key=score)

    # -- the night -----------------------------------------------------------------
    def _act(self, view: View, legal: Sequence[Action]) -> Action | None:
        """Bury, launder near the cap, kill (first pass only), build, bribe a helper, else pass."""
        acts = {a.action: a for a in legal}  # type: ignore[attr-defined]
        if "bury" in acts:
            return acts["bury"]
        me = view["seat"]
        if view["cash"][me] >= 32 and not view["unlimited_wealth"] and view["reserve"]:
            return acts["pass"]  # launder before the 40F cap eats the money
        if "kill" in acts and self._kill_target(view) is not None:
            return acts["kill"]
        if "build" in acts and self._best_build(view) is not None:
            return acts["build"]
        if "bribe" in acts and self._bribe_wanted(view):
            return acts["bribe"]
        return acts["pass"]

    def _bribe_wanted(self, view: View) -> bool:
        hand = view["hand"]
        if self._wanted_guest(view) is not None:
            return True
        return len(hand) < 2 and bool(view["bistro"])

    def _target(self, view: View, legal: Sequence[Action]) -> Action | None:
        act = view["action"]
        offered = {a.card: a for a in legal if a.kind == "target"}  # type: ignore[attr-defined]
        if view["targets"]:
            return next((a for a in legal if a.kind == "end_targets"), None)
        if act == "bribe":
            guest = self._wanted_guest(view)
            if guest is not None and guest in offered:
                return offered[guest]
            peasants = [a for a in legal if a.kind == "take_peasants"]
            return peasants[min(1, len(peasants) - 1)] if peasants else None
        if act == "build":
            best = self._best_build(view)
            return offered.get(best) if best is not None else None
        if act == "kill":
            victim = self._kill_target(view)
            return offered.get(victim) if victim is not None else None
        if act == "bury":
            return max(offered.values(), key=lambda a: MONEY[a.card])  # type: ignore[attr-defined]
        return None

    def _pay(self, view: View, legal: Sequence[Action]) -> Action:
        """Pay first with cards that come back, then peasants, then the least useful."""
        act = view["action"]
        return min(legal, key=lambda a: self._keep_value(a.card, act))  # type: ignore[attr-defined]

    def _site(self, view: View, legal: Sequence[Action]) -> Action:
        mine = set(view["annexes"][view["seat"]]) | {BARN_BASE + view["seat"]}
        return max(legal, key=lambda a: (a.annex in mine, -capacity(a.annex)))  # type: ignore[attr-defined]

    def _service(self, view: View, legal: Sequence[Action]) -> Action:
        me = view["seat"]
        return max(legal, key=lambda a: view["keys"][a.room] == me)  # type: ignore[attr-defined]

    def _launder(self, view: View, legal: Sequence[Action]) -> Action:
        """Keep about 20F of cash for wages; the rest becomes cheques."""
        me = view["seat"]
        cash = view["cash"][me]
        wanted = max(0, (cash - 20) // 10) if cash > 25 else 0
        if cash < len(view["hand"]) and view["cheques"][me]:
            wanted = -1
        options = [a.cheques for a in legal]  # type: ignore[attr-defined]
        best = min(options, key=lambda n: abs(n - wanted))
        return legal[options.index(best)]

    def _wages(self, view: View, legal: Sequence[Action]) -> Action:
        return min(legal, key=lambda a: self._keep_value(a.card, ""))  # type: ignore[attr-defined]

    # -- judgement -----------------------------------------------------------------------
    def _keep_value(self, card: int, act: str) -> float:
        """How much the innkeeper wants to keep ``card`` in hand (low = pay with it)."""
        if act and APT[card] == act:
            return -10.0
        if IS_PEASANT[card]:
            return 0.0
        value = float(RANK[card])
        if BUILDABLE[card]:
            value += ANNEX_VALUE.get(KEY[card], 3) / 3
        if APT[card]:
            value += 1.5
        return value

    def _discount(self, view: View, act: str) -> int:
        mine = view["annexes"][view["seat"]]
        return sum(1 for a in mine if DISCOUNT.get(KEY[a]) == act)

    def _best_build(self, view: View) -> int | None:
        """The hand card whose annex pays best among those affordable now."""
        hand = view["hand"]
        disc = self._discount(view, "build")
        best, best_value = None, 0.0
        for card in hand:
            if not BUILDABLE[card] or max(0, RANK[card] - disc) > len(hand) - 1:
                continue
            value = float(ANNEX_VALUE.get(KEY[card], 0)) + 4 * RANK[card]
            if KEY[card] in COUNT_GAIN or KEY[card] in DISCOUNT or KEY[card] in MULTI:
                value += 3
            if value > best_value:
                best, best_value = card, value
        return best if best_value >= 4 else None

    def _free_sites(self, view: View) -> int:
        free = 0
        for key, corpses in view["buried"].items():
            free += capacity(int(key)) - len(corpses)
        return free

    def _own_free(self, view: View) -> int:
        me = view["seat"]
        mine = [BARN_BASE + me, *view["annexes"][me]]
        return sum(capacity(a) - len(view["buried"][str(a)]) for a in mine)

    def _kill_target(self, view: View) -> int | None:
        """A guest worth killing now: safe from the police, room to bury, cards to pay both."""
        me = view["seat"]
        pending = len(view["corpses"][me])
        if view["turn"] >= len(view["hand_sizes"]) or pending:
            return None  # second pass: no time left to bury before the morning
        police = any(c >= 0 and IS_POLICE[c] for c in view["rooms"])
        free = self._own_free(view) if police else self._free_sites(view)
        if free < 1:
            return None
        hand = view["hand"]
        bury_disc = self._discount(view, "bury")
        killers = sum(1 for h in hand if APT[h] == "kill")
        options = []
        for card in [*view["rooms"], *view["bistro"][-1:]]:
            if card < 0:
                continue
            cost = RANK[card]
            after = len(hand) - cost + min(killers, cost)
            if cost > len(hand) or max(0, cost - bury_disc) > after:
                continue
            options.append((MONEY[card] - 7 * cost, card))
        return max(options)[1] if options else None

    def _wanted_guest(self, view: View) -> int | None:
        """A guest worth bribing: a good annex to build, or a cheap helper, affordable cheaply."""
        hand = view["hand"]
        disc = self._discount(view, "bribe")
        cheap = sum(1 for h in hand if IS_PEASANT[h] or APT[h] == "bribe")
        best, best_value = None, 0.0
        for card in view["rooms"]:
            if card < 0:
                continue
            cost = max(0, RANK[card] - disc)
            if cost > cheap:
                continue
            value = (ANNEX_VALUE.get(KEY[card], 1) + 4 * RANK[card]) if BUILDABLE[card] else 0.0
            value += 2 if APT[card] else 0
            value -= 3 * cost + (2 if len(hand) >= 5 else 0)
            if value > best_value:
                best, best_value = card, value
        return best if best_value >= 2 else None


BOTS = {"innkeeper": InnkeeperBot}
