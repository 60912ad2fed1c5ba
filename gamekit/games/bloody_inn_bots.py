"""Bots for The Bloody Inn: ``innkeeper``, a readable heuristic player.

The innkeeper follows a few plain habits, each a small function below:

- it **bribes cheap helpers** (free peasants, rank-0 and rank-1 guests) while its
  hand is small;
- it **builds the annexes that pay** (instant money, burial room, discounts);
- it **kills** a guest only when no police card sleeps in the inn, a burial
  site is free and it can pay for the burial too, and it **buries** its corpses
  first thing, under its own annexes when it can (all the money is then its own);
- when it **passes** it launders cash above 20F into cheques, so the 40F cap
  never eats its money; a police fine it pays with a cheque when the cash is
  needed for the wages (Ruling I9).

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
        kill = self._kill_target(view) if "kill" in acts else None
        cash = view["cash"][me]
        near_cap = cash >= (36 if kill is not None else 30)
        if near_cap and view["reserve"] and not view["unlimited_wealth"]:
            return acts["pass"]  # launder before the 40F cap eats the money
        if kill is not None:
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
        """Near the cap, keep 8F-17F of cash for wages; the rest becomes cheques."""
        me = view["seat"]
        cash = view["cash"][me]
        wanted = max(0, (cash - 8) // 10) if cash >= 26 else 0
        if cash < len(view["hand"]) and view["cheques"][me]:
            wanted = -1
        options = [a.cheques for a in legal]  # type: ignore[attr-defined]
        best = min(options, key=lambda n: abs(n - wanted))
        return legal[options.index(best)]

    def _fine(self, view: View, legal: Sequence[Action]) -> Action:
        """10F of a fine (Ruling I9): the gravedigger comes last, so cash (cheques stay
        whole for the Greenhouse, and cash leaves room under the cap); the police, with
        a cheque unless the cash left still covers this morning's wages and 8F more."""
        me = view["seat"]
        by = {a.by: a for a in legal}  # type: ignore[attr-defined]
        if view["action"] != "police":
            return by["cash"]
        mine = [KEY[a] for a in view["annexes"][me]]
        income = 2 * mine.count("gardener")
        income += sum(1 for r, k in enumerate(view["keys"]) if k == me and view["rooms"][r] >= 0)
        wages = max(0, len(view["hand"]) - mine.count("distiller"))
        enough = view["cash"][me] - 10 + income >= wages + 8
        return by["cash" if enough else "cheque"]

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
        slot = 10 if self._own_free(view) < 2 else 4  # burial room is worth more when short
        for card in hand:
            if not BUILDABLE[card] or max(0, RANK[card] - disc) > len(hand) - 1:
                continue
            value = float(ANNEX_VALUE.get(KEY[card], 0)) + slot * RANK[card]
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
        """A guest worth killing now: safe from the police, room to bury, a profit after paying.

        Only in the first pass, so that the second action can bury the corpse
        before the morning. The profit is the pocket money (half of it under
        someone else's annex) less about 3F for each card lost in paying.
        """
        me = view["seat"]
        if view["turn"] >= len(view["hand_sizes"]) or view["corpses"][me]:
            return None
        police = any(c >= 0 and IS_POLICE[c] for c in view["rooms"])
        own_free = self._own_free(view)
        if own_free < 1 and (police or self._free_sites(view) < 1):
            return None
        hand = view["hand"]
        killers = sum(1 for h in hand if APT[h] == "kill")
        chapel = any(KEY[a] == "priest" for a in view["annexes"][me])
        buriers = len(hand) if chapel else sum(1 for h in hand if APT[h] == "bury")
        bury_disc = self._discount(view, "bury")
        best, best_profit = None, 3.0
        for card in [*view["rooms"], *view["bistro"][-1:]]:
            if card < 0 or RANK[card] > len(hand):
                continue
            lost = max(0, RANK[card] - killers)
            bury_cost = max(0, RANK[card] - bury_disc)
            if bury_cost > len(hand) - lost:
                continue
            lost += max(0, bury_cost - buriers)
            money = MONEY[card] if own_free else MONEY[card] // 2
            profit = money - 3 * lost
            if profit > best_profit:
                best, best_profit = card, profit
        return best

    def _helper_value(self, view: View, card: int) -> float:
        """What an accomplice adds: helpers whose aptitude the innkeeper lacks count most."""
        apt = APT[card]
        if not apt:
            return 0.0
        have = sum(1 for h in view["hand"] if APT[h] == apt)
        wanted = {"kill": 3, "bury": 3, "bribe": 1, "build": 1}[apt]
        return 4.0 if have < wanted else 0.5

    def _wanted_guest(self, view: View) -> int | None:
        """A guest worth bribing: a good annex to build or a missing helper, bought cheaply."""
        hand = view["hand"]
        disc = self._discount(view, "bribe")
        merchants = sum(1 for h in hand if APT[h] == "bribe")
        peasants = sum(1 for h in hand if IS_PEASANT[h])
        best, best_value = None, 1.5
        room = 10 if self._own_free(view) < 2 else 4  # burial room is worth more when short
        for card in view["rooms"]:
            if card < 0:
                continue
            cost = max(0, RANK[card] - disc)
            if cost > len(hand):
                continue
            lost = max(0, cost - merchants)
            lost_dear = max(0, lost - peasants)  # helpers paid away, not just peasants
            value = (
                (ANNEX_VALUE.get(KEY[card], 1) + room * RANK[card]) / 2 if BUILDABLE[card] else 0
            )
            value += self._helper_value(view, card)
            value -= 1.5 * lost + 2.5 * lost_dear + (3 if len(hand) >= 4 else 0)
            if value > best_value:
                best, best_value = card, value
        return best


BOTS = {"innkeeper": InnkeeperBot}
