"""Bots for The Bloody Inn, weakest first: ``innkeeper`` (habits), ``planner`` (plans).

The **innkeeper** follows a few plain habits, each a small function below:

- it **bribes cheap helpers** (free peasants, rank-0 and rank-1 guests) while its
  hand is small;
- it **builds the annexes that pay** (instant money, burial room, discounts);
- it **kills** a guest only when no police card sleeps in the inn, a burial
  site is free and it can pay for the burial too, and it **buries** its corpses
  first thing, under its own annexes when it can (all the money is then its own);
- when it **passes** it launders cash above 20F into cheques, so the 40F cap
  never eats its money; a police fine it pays with a cheque when the cash is
  needed for the wages (Ruling I9).

The **planner** (``BEST``) thinks one night ahead instead. It tries every
action it could take and, in the first pass, every second action after it; it
plays the morning out in its head (police, guests leaving, wages) and scores
what is left in F: money now, plus what the hand, the corpses, the free burial
places and the annexes promise. So it kills a rich guest and buries it the same
night (the police never find it), builds annexes once they pay, and never
keeps a corpse overnight when the police sleep in the inn.

Both decide from their own seat's view only.

>>> import gamekit
>>> from gamekit import bots
>>> g = gamekit.new_game("bloody-inn", players=2, seed=3)
>>> bot = bots.make("bloody-inn", "innkeeper", seed=1)
>>> bot.choose(g) in g.legal_actions()
True
>>> best = bots.make("bloody-inn", BEST, seed=1)
>>> best.name, best.choose(g) in g.legal_actions()
('planner', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from gamekit.bots import Bot
from gamekit.core.actions import Action
from gamekit.core.rng import KeyedRng
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
from gamekit.titles.bloody_inn.cards import (
    APT,
    BARN_BASE,
    BUILDABLE,
    COUNT_GAIN,
    DISCOUNT,
    END_COLOUR_GAIN,
    FAMILY,
    INSTANT_GAIN,
    IS_PEASANT,
    KEY,
    MONEY,
    MULTI,
    RANK,
    capacity,
    cards_to_play,
)
from gamekit.titles.bloody_inn.state import (
    cash_after_gain,
    morning_income,
    police_among,
    settle_fine,
    wages_owed,
)

View = dict[str, Any]
A = TypeVar("A", bound=Action)


def of_type(legal: Sequence[Action], kind: type[A]) -> list[A]:
    """The legal actions of one type, in their order (the answers to this step's question).

    >>> from gamekit.titles.bloody_inn.actions import END_TARGETS, TARGET
    >>> of_type([TARGET[3], END_TARGETS], Target)
    [Target(card=3)]
    """
    return [a for a in legal if isinstance(a, kind)]


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
        return action if action is not None else self.rng.choice(legal)

    # -- the welcome ---------------------------------------------------------------
    def _key(self, view: View, legal: Sequence[Action]) -> Action | None:
        return self.rng.choice(legal)

    def _place(self, view: View, legal: Sequence[Action]) -> Action | None:
        """Rich guests in my Room Service rooms, every guest in my own rooms first."""
        me, top = view["seat"], view["entrance_top"]

        def score(a: Place) -> int:
            mine = view["keys"][a.room] == me
            service = view["service"][a.room] == me
            return int(10 * service * RANK[top] + 5 * mine)

        return self.rng.best(of_type(legal, Place), key=score)

    # -- the night -----------------------------------------------------------------
    def _act(self, view: View, legal: Sequence[Action]) -> Action | None:
        """Bury, launder near the cap, kill (first pass only), build, bribe a helper, else pass."""
        acts = {a.action: a for a in of_type(legal, Act)}
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
        offered = {a.card: a for a in of_type(legal, Target)}
        if view["targets"]:
            return next(iter(of_type(legal, EndTargets)), None)
        if act == "bribe":
            guest = self._wanted_guest(view)
            if guest is not None and guest in offered:
                return offered[guest]
            peasants = of_type(legal, TakePeasants)
            return peasants[min(1, len(peasants) - 1)] if peasants else None
        if act == "build":
            best = self._best_build(view)
            return offered.get(best) if best is not None else None
        if act == "kill":
            victim = self._kill_target(view)
            return offered.get(victim) if victim is not None else None
        if act == "bury":
            return self.rng.best(list(offered.values()), key=lambda a: MONEY[a.card])
        return None

    def _pay(self, view: View, legal: Sequence[Action]) -> Action:
        """Pay first with cards that come back, then peasants, then the least useful."""
        act = view["action"]
        return self.rng.best(
            of_type(legal, Pay), key=lambda a: self._keep_value(a.card, act), lowest=True
        )

    def _site(self, view: View, legal: Sequence[Action]) -> Action:
        mine = set(view["annexes"][view["seat"]]) | {BARN_BASE + view["seat"]}
        return self.rng.best(
            of_type(legal, BuryUnder), key=lambda a: (a.annex in mine, -capacity(a.annex))
        )

    def _service(self, view: View, legal: Sequence[Action]) -> Action:
        me = view["seat"]
        return self.rng.best(of_type(legal, ServiceRoom), key=lambda a: view["keys"][a.room] == me)

    def _launder(self, view: View, legal: Sequence[Action]) -> Action:
        """Near the cap, keep 8F-17F of cash for wages; the rest becomes cheques."""
        me = view["seat"]
        cash = view["cash"][me]
        wanted = max(0, (cash - 8) // 10) if cash >= 26 else 0
        if cash < len(view["hand"]) and view["cheques"][me]:
            wanted = -1
        return self.rng.best(
            of_type(legal, Launder), key=lambda a: abs(a.cheques - wanted), lowest=True
        )

    def _fine(self, view: View, legal: Sequence[Action]) -> Action:
        return choose_fine_payment(view, legal)

    def _wages(self, view: View, legal: Sequence[Action]) -> Action:
        return self.rng.best(
            of_type(legal, Dismiss), key=lambda a: self._keep_value(a.card, ""), lowest=True
        )

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
        return self._top(self._build_values(view))

    def _build_values(self, view: View) -> dict[int, float]:
        """What building each affordable hand card is worth (4 or more, else left out)."""
        hand = view["hand"]
        disc = self._discount(view, "build")
        slot = 10 if self._own_free(view) < 2 else 4  # burial room is worth more when short
        values: dict[int, float] = {}
        for card in hand:
            if not BUILDABLE[card] or max(0, RANK[card] - disc) > len(hand) - 1:
                continue
            value = float(ANNEX_VALUE.get(KEY[card], 0)) + slot * RANK[card]
            if KEY[card] in COUNT_GAIN or KEY[card] in DISCOUNT or KEY[card] in MULTI:
                value += 3
            if value >= 4:
                values[card] = value
        return values

    def _top(self, values: dict[int, float]) -> int | None:
        """The card of highest value (``None`` if there is none); equal values are a draw."""
        return self.rng.best(list(values), key=values.__getitem__) if values else None

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
        """A guest worth killing now (see :meth:`_kill_profits`); equal profits are a draw."""
        return self._top(self._kill_profits(view))

    def _kill_profits(self, view: View) -> dict[int, float]:
        """Guests worth killing now: safe from the police, room to bury, a profit after paying.

        Only in the first pass, so that the second action can bury the corpse
        before the morning. The profit is the pocket money (half of it under
        someone else's annex) less about 3F for each card lost in paying.
        """
        me = view["seat"]
        if view["turn"] >= len(view["hand_sizes"]) or view["corpses"][me]:
            return {}
        police = police_among(view["rooms"])
        own_free = self._own_free(view)
        if own_free < 1 and (police or self._free_sites(view) < 1):
            return {}
        hand = view["hand"]
        killers = sum(1 for h in hand if APT[h] == "kill")
        chapel = any(KEY[a] == "priest" for a in view["annexes"][me])
        buriers = len(hand) if chapel else sum(1 for h in hand if APT[h] == "bury")
        bury_disc = self._discount(view, "bury")
        profits: dict[int, float] = {}
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
            if profit > 3:
                profits[card] = float(profit)
        return profits

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
        return self._top(self._guest_values(view))

    def _guest_values(self, view: View) -> dict[int, float]:
        """What bribing each guest in a room is worth (above 1.5, else left out)."""
        hand = view["hand"]
        disc = self._discount(view, "bribe")
        merchants = sum(1 for h in hand if APT[h] == "bribe")
        peasants = sum(1 for h in hand if IS_PEASANT[h])
        values: dict[int, float] = {}
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
            if value > 1.5:
                values[card] = value
        return values


# =====================================================================================
# The planner: it plans the night's actions and weighs what they leave behind.
# =====================================================================================

Move = tuple[str, tuple[int, ...]]
"""One whole night action as the planner sees it: ``("kill", (card,))``,
``("bury", corpses)``, ``("bribe", guests)``, ``("peasants", (n,))``,
``("build", (card,))`` or ``("pass", (cheques,))``."""

LOSE = -10_000.0
"""The value of a lost solo game: never worth any money."""

SLOT_VALUE = 12.0
"""A free burial place, worth roughly one future corpse's money less its costs."""
BURY_ACTION = 4.0
"""A corpse kept for tomorrow needs tomorrow's action to bury it."""
CASH_DRAG = 0.2
"""Each F of cash above ``CASH_FREE`` costs a little: laundering it needs a Pass."""
CASH_FREE = 20
"""Cash up to here is working money (wages): no drag."""
HELPER_VALUE = {"kill": 3.0, "bury": 3.0, "bribe": 1.0, "build": 1.0}
"""A helper in hand (for its first few copies): its aptitude saves cards."""
HELPERS_WANTED = {"kill": 3, "bury": 3, "bribe": 2, "build": 2}
"""How many helpers of each aptitude are worth keeping (rank 3 costs 3 cards)."""
PEASANT_VALUE = 1.5
"""A peasant is cheap change: pay with it and keep the helpers."""
WAGE_ROUNDS = 0.5
"""A card in hand will cost about this many more wages before it is used."""
BUILD_SHARE = 0.2
"""A card we could build is worth this share of its annex (it still has to be built)."""
EFFECT_VALUE = {
    "mechanic": 3.0,
    "representative": 3.0,
    "abbot": 5.0,
    "priest": 8.0,
    "butcher": 4.0,
    "archbishop": 4.0,
    "shopkeeper": 2.0,
    "brewer": 1.0,
}
"""Annexes that save cards or actions later: their worth over a whole game."""
PER_ROUND = {"gardener": 2.0, "distiller": 1.0, "concierge": 1.4, "monk": 1.0}
"""Annexes that pay a little every round."""


@dataclass(slots=True)
class Outlook:
    """What stays fixed while the planner thinks: discounts, powers, time left."""

    seat: int
    solo: bool
    capped: bool
    rounds_left: int
    last: bool
    overnight: bool
    disc: dict[str, int]
    multi: set[str]
    chapel: bool
    my_rooms: list[int]
    gardens: int
    distilleries: int
    exit_families: dict[str, float]
    white_keys: int


@dataclass(slots=True)
class Inn:
    """My side of the inn as the planner imagines it (built from my view only)."""

    hand: list[int]
    annexes: list[int]
    corpses: list[int]
    rooms: list[int]
    bistro: list[int]
    cash: int
    cheques: int
    reserve: int
    own_free: int
    other_free: int
    lost: bool = False

    def copy(self) -> Inn:
        return Inn(
            self.hand[:],
            self.annexes[:],
            self.corpses[:],
            self.rooms[:],
            self.bistro[:],
            self.cash,
            self.cheques,
            self.reserve,
            self.own_free,
            self.other_free,
            self.lost,
        )


# -- reading the view ----------------------------------------------------------------
def read_inn(view: View) -> Inn:
    """My hand, money and burial room, and the guests, as plain lists."""
    me = view["seat"]
    own = {str(BARN_BASE + me), *(str(a) for a in view["annexes"][me])}
    own_free = other_free = 0
    for key, corpses in view["buried"].items():
        free = capacity(int(key)) - len(corpses)
        if key in own:
            own_free += free
        else:
            other_free += free
    return Inn(
        list(view["hand"]),
        list(view["annexes"][me]),
        list(view["corpses"][me]),
        list(view["rooms"]),
        list(view["bistro"]),
        view["cash"][me],
        view["cheques"][me],
        view["reserve"],
        own_free,
        other_free,
    )


def rounds_left(view: View) -> int:
    """About how many rounds come after this one (0 in the last round).

    Before the first reshuffle, the cards that leave the inn come back once more.
    """
    if view["last_round"]:
        return 0
    rooms = max(1, sum(1 for k in view["keys"] if k != -1))
    waiting = view["entrance_size"]
    if not view["exhausted"]:
        guests = sum(1 for c in view["rooms"] if c >= 0)
        waiting += len(view["exit"]) + guests + waiting * 0.8
    return max(0, int(-(-waiting // rooms)))


def read_outlook(view: View) -> Outlook:
    """The facts that do not change during one night's planning."""
    me = view["seat"]
    mine = view["annexes"][me]
    keys = [KEY[a] for a in mine]
    left = rounds_left(view)
    rooms = sum(1 for k in view["keys"] if k != -1)
    exit_share = len(view["exit"]) + (view["entrance_size"] * 0.7 if left else 0)
    families = {f: exit_share / 5 for f in ("craftsmen", "merchants", "nobles", "religious")}
    if view["exhausted"] or not left:
        for f in families:
            families[f] = sum(1 for c in view["exit"] if FAMILY[c] == f) + (
                view["entrance_size"] * 0.15
            )
    return Outlook(
        seat=me,
        solo=len(view["hand_sizes"]) == 1,
        capped=not view["unlimited_wealth"],
        rounds_left=left,
        overnight=left > 0 and (not view["exhausted"] or view["entrance_size"] >= rooms),
        last=bool(view["last_round"]),
        disc={a: sum(1 for k in keys if DISCOUNT.get(k) == a) for a in ("bribe", "build", "bury")},
        multi={MULTI[k] for k in keys if k in MULTI},
        chapel="priest" in keys,
        my_rooms=[r for r, k in enumerate(view["keys"]) if k == me],
        gardens=keys.count("gardener"),
        distilleries=keys.count("distiller"),
        exit_families=families,
        white_keys=sum(1 for k in view["keys"] if k == -2),
    )


# -- what things are worth ----------------------------------------------------------------
def annex_future(card: int, out: Outlook, cheques: int) -> float:
    """What a built annex still brings after today (its burial room is counted apart)."""
    key, left = KEY[card], out.rounds_left
    if key in END_COLOUR_GAIN:
        return 4.0 * out.exit_families[END_COLOUR_GAIN[key]]
    if key == "prince":
        return 3.0 * (cheques + left / 3)
    if key in PER_ROUND:
        if key == "monk" and not out.white_keys:
            return 0.0
        return PER_ROUND[key] * left
    if key in EFFECT_VALUE:
        return EFFECT_VALUE[key] * min(1.0, left / 8)
    return 0.0


def instant_gain(card: int, annexes: Sequence[int]) -> int:
    """The F an annex pays the moment it is built (``annexes`` already holds it)."""
    key = KEY[card]
    if key in INSTANT_GAIN:
        return INSTANT_GAIN[key]
    if key in COUNT_GAIN:
        return sum(1 for a in annexes if FAMILY[a] == COUNT_GAIN[key])
    return 0


def slot_value(out: Outlook) -> float:
    """A free burial place is worth less when few rounds are left to fill it."""
    return SLOT_VALUE * min(1.0, out.rounds_left / 4)


def build_worth(card: int, inn: Inn, out: Outlook) -> float:
    """A card in hand that could become an annex: a share of what the annex would give."""
    if not BUILDABLE[card] or out.rounds_left == 0:
        return 0.0
    cost = max(0, RANK[card] - out.disc["build"])
    whole = instant_gain(card, [*inn.annexes, card]) + annex_future(card, out, inn.cheques)
    whole += capacity(card) * slot_value(out)
    return max(0.0, BUILD_SHARE * (whole - BURY_ACTION - 1.5 * cost))


def hand_value(inn: Inn, out: Outlook) -> float:
    """The hand's worth: helpers save cards, peasants are change, some cards can be built."""
    if out.rounds_left == 0:
        return 0.0
    seen: dict[str, int] = {}
    total = 0.0
    time = min(1.0, out.rounds_left / 3)
    for card in sorted(inn.hand, key=lambda c: -build_worth(c, inn, out)):
        apt = APT[card]
        helper = 0.0
        if IS_PEASANT[card]:
            seen["peasant"] = seen.get("peasant", 0) + 1
            helper = PEASANT_VALUE if seen["peasant"] <= 2 else 0.3
        elif apt and not (apt == "bury" and out.chapel):
            seen[apt] = seen.get(apt, 0) + 1
            helper = HELPER_VALUE[apt] if seen[apt] <= HELPERS_WANTED[apt] else 0.5
        total += max(helper * time, build_worth(card, inn, out))
    paid = wages_owed(len(inn.hand), out.distilleries)
    return total - WAGE_ROUNDS * min(1.0, out.rounds_left / 2) * paid


def keep_value(card: int, act: str, out: Outlook) -> float:
    """How much I want to keep ``card`` when paying for ``act`` (pay with the lowest)."""
    if act and (APT[card] == act or (act == "bury" and out.chapel)):
        return -10.0  # it comes straight back
    if IS_PEASANT[card]:
        return 0.0
    value = float(RANK[card]) / 2
    if APT[card]:
        value += HELPER_VALUE[APT[card]]
    if BUILDABLE[card]:
        value += (INSTANT_GAIN.get(KEY[card], 0) + capacity(card) * SLOT_VALUE) / 4
        value += EFFECT_VALUE.get(KEY[card], 0) / 2
    return value


# -- imagining the actions ----------------------------------------------------------------
def returns(card: int, act: str, out: Outlook) -> bool:
    """True when a card paid for ``act`` comes back to the hand (its aptitude, or the Chapel)."""
    return APT[card] == act or (act == "bury" and out.chapel)


def pay(inn: Inn, cost: int, act: str, out: Outlook, keep: int = -1) -> None:
    """Pay ``cost`` cards: first those that come back, then the least useful ones."""
    if cost <= 0:
        return
    payers = sorted((c for c in inn.hand if c != keep), key=lambda c: (keep_value(c, act, out), c))[
        :cost
    ]
    for card in payers:
        if returns(card, act, out):
            continue
        inn.hand.remove(card)
        if IS_PEASANT[card]:
            inn.bistro.append(card)


def earn(inn: Inn, amount: int, out: Outlook) -> None:
    """Gain cash, capped at 40F unless wealth is unlimited (the rules' own cap)."""
    inn.cash = cash_after_gain(inn.cash, amount, not out.capped)


def price(targets: Sequence[int], act: str, out: Outlook) -> int:
    """Cards to play: the rules' price with my discounts (none for Kill)."""
    return cards_to_play(targets, act, 0 if act == "kill" else out.disc[act])


def leave_inn(inn: Inn, card: int) -> None:
    """A guest leaves its room (or a peasant leaves the bistro)."""
    if IS_PEASANT[card]:
        inn.bistro.remove(card)
    else:
        inn.rooms[inn.rooms.index(card)] = -1


def imagine(inn: Inn, move: Move, out: Outlook) -> Inn:
    """A copy of ``inn`` after ``move`` (the planner's model of the rules)."""
    new = inn.copy()
    act, args = move
    if act == "peasants":
        for _ in range(args[0]):
            new.hand.append(new.bistro.pop())
    elif act == "pass":
        launder(new, args[0], out)
    elif act == "build":
        card = args[0]
        pay(new, price(args, act, out), act, out, keep=card)
        new.hand.remove(card)
        new.annexes.append(card)
        new.own_free += capacity(card)
        earn(new, instant_gain(card, new.annexes), out)
    else:
        pay(new, price(args, act, out), act, out)
        if act == "bury":
            bury(new, args, out)
        else:
            for card in args:
                leave_inn(new, card)
                (new.hand if act == "bribe" else new.corpses).append(card)
    return new


def bury(inn: Inn, corpses: Sequence[int], out: Outlook) -> None:
    """Corpses go under my annexes (all the money) or, failing that, others' (half)."""
    for corpse in corpses:
        inn.corpses.remove(corpse)
        if inn.own_free:
            inn.own_free -= 1
            earn(inn, MONEY[corpse], out)
        else:
            inn.other_free -= 1
            earn(inn, MONEY[corpse] // 2, out)


def launder(inn: Inn, cheques: int, out: Outlook) -> None:
    """Turn cash into cheques (or cheques back into cash when negative)."""
    if cheques > 0:
        inn.cash -= 10 * cheques
        inn.cheques += cheques
        inn.reserve -= cheques
    elif cheques < 0:
        inn.cheques += cheques
        inn.reserve -= cheques
        earn(inn, -10 * cheques, out)


def launder_amount(cash: int, cheques: int, reserve: int, hand: int, out: Outlook) -> int:
    """How much to launder when passing: keep enough cash for a few wages, bank the rest.

    In the last round everything goes into cheques (the Greenhouse pays per cheque,
    and end-of-game money is capped as cash). Short of cash for wages, a cheque
    is cashed instead.
    """
    if out.last:
        return min(cash // 10, reserve)
    if cash < hand + 1 and cheques:
        return -min(cheques, 1 + (hand - cash) // 10)
    keep = hand + 4
    return max(0, min((cash - keep) // 10, reserve))


# -- the morning and the score of a plan ----------------------------------------------------
def morning(inn: Inn, out: Outlook) -> Inn:
    """Police, guests leaving and wages, by the rules' own steps (``inn`` is changed):
    the police check and fine (:func:`~gamekit.titles.bloody_inn.state.police_among`,
    :func:`~gamekit.titles.bloody_inn.state.settle_fine`, Rulings I9-I10), the income
    (:func:`~gamekit.titles.bloody_inn.state.morning_income`, I12) and the wages
    (:func:`~gamekit.titles.bloody_inn.state.wages_owed`, I6). Where the rules let the
    player choose (cash or cheque, who leaves unpaid), the planner takes its own pick."""
    if inn.corpses and police_among(inn.rooms):
        if out.solo:
            inn.lost = True
            return inn
        fine(inn, 10 * len(inn.corpses))
        inn.corpses.clear()
    guests = sum(1 for r in out.my_rooms if inn.rooms[r] >= 0)
    earn(inn, morning_income(guests, out.gardens), out)
    wages = wages_owed(len(inn.hand), out.distilleries)
    if inn.cash >= wages:
        inn.cash -= wages
        return inn
    for _ in range(wages - inn.cash):
        inn.hand.remove(min(inn.hand, key=lambda c: (keep_value(c, "", out), c)))
    inn.cash = 0
    return inn


def fine(inn: Inn, amount: int) -> None:
    """Pay a fine as the rules do when nobody chooses: 10F at a time, cash first
    (whichever way it is paid, the wealth left is the same)."""
    inn.cash, inn.cheques, _, _ = settle_fine(inn.cash, inn.cheques, amount)


def final_wealth(inn: Inn, out: Outlook) -> float:
    """The last round: the gravedigger, then the end-of-game annexes (cash capped)."""
    if inn.corpses:
        if out.solo:
            return LOSE
        fine(inn, 10 * len(inn.corpses))
    for annex in inn.annexes:
        key = KEY[annex]
        if key in END_COLOUR_GAIN:
            earn(inn, int(4 * out.exit_families[END_COLOUR_GAIN[key]]), out)
        elif key == "prince":
            earn(inn, 3 * inn.cheques, out)
    return float(inn.cash + 10 * inn.cheques)


def corpse_value(inn: Inn, out: Outlook) -> tuple[float, int]:
    """Unburied corpses kept overnight: their money later, if I can bury them tomorrow.

    Tomorrow's burial costs an action (``BURY_ACTION``). One burial buries one
    corpse (a Crypt: as many as I can pay for). A corpse I could not bury in that
    action is a disaster in the solo game (the police may come) and a 10F fine
    otherwise. Returns the value and how many of my own free places they take.
    """
    value, own, other = -BURY_ACTION, inn.own_free, inn.other_free
    room = len(inn.hand) + out.disc["bury"]
    limit = len(inn.corpses) if "bury" in out.multi else 1
    for n, corpse in enumerate(sorted(inn.corpses, key=lambda c: -MONEY[c])):
        room -= RANK[corpse]
        if n < limit and room >= 0 and own:
            own -= 1
            value += MONEY[corpse]
        elif n < limit and room >= 0 and other:
            other -= 1
            value += MONEY[corpse] / 2
        else:
            value += LOSE / 10 if out.solo else -10.0
    return value, inn.own_free - own


def worth(inn: Inn, out: Outlook) -> float:
    """How good the inn looks after the morning, in F: money now plus what it prepares."""
    if inn.lost:
        return LOSE
    if out.last:
        return final_wealth(inn, out)
    if inn.corpses and not out.overnight:
        return LOSE if out.solo else -10.0 * len(inn.corpses)
    value = float(inn.cash + 10 * inn.cheques)
    if out.capped:
        value -= CASH_DRAG * max(0, inn.cash - CASH_FREE)
    if inn.corpses:
        dead, taken = corpse_value(inn, out)
        value += dead
    else:
        taken = 0
    value += min(inn.own_free - taken, out.rounds_left) * slot_value(out)
    value += hand_value(inn, out)
    value += sum(annex_future(a, out, inn.cheques) for a in inn.annexes)
    return value


# -- the possible actions -----------------------------------------------------------------
def moves(inn: Inn, out: Outlook) -> list[Move]:
    """Every action worth imagining now (one guest of each kind is enough)."""
    hand = len(inn.hand)
    guests = list({KEY[c]: c for c in inn.rooms if c >= 0}.values())
    found: list[Move] = [("pass", (launder_amount(inn.cash, inn.cheques, inn.reserve, hand, out),))]
    found += [("bribe", (g,)) for g in guests if price([g], "bribe", out) <= hand]
    most = 4 if "brewer" in {KEY[a] for a in inn.annexes} else 2
    found += [("peasants", (n,)) for n in range(1, min(most, len(inn.bistro)) + 1)]
    builds = {KEY[c]: c for c in inn.hand if BUILDABLE[c]}
    found += [("build", (c,)) for c in builds.values() if price([c], "build", out) < hand]
    room = inn.own_free + inn.other_free - len(inn.corpses)
    if room > 0:
        victims = [g for g in guests if RANK[g] <= hand] + inn.bistro[-1:]
        found += [("kill", (v,)) for v in victims]
        if "kill" in out.multi and room > 1:
            found += multi_targets(victims, "kill", hand, room, out)
    if inn.corpses and inn.own_free + inn.other_free:
        found += bury_moves(inn, out)
    return found


def multi_targets(cards: list[int], act: str, hand: int, room: int, out: Outlook) -> list[Move]:
    """With a Butcher's Shop, Shop or Crypt: the richest set of targets that can be paid."""
    chosen: list[int] = []
    for card in sorted(cards, key=lambda c: (-MONEY[c], c)):
        if len(chosen) < room and price([*chosen, card], act, out) <= hand:
            chosen.append(card)
    return [(act, tuple(chosen))] if len(chosen) > 1 else []


def bury_moves(inn: Inn, out: Outlook) -> list[Move]:
    """Bury the richest corpse I can pay for (with a Crypt, as many as I can)."""
    hand, room = len(inn.hand), inn.own_free + inn.other_free
    paid = sorted(inn.corpses, key=lambda c: (-MONEY[c], c))
    single: list[Move] = []
    for corpse in paid:
        if price([corpse], "bury", out) <= hand:
            single.append(("bury", (corpse,)))
            break
    if "bury" in out.multi:
        single += multi_targets(paid, "bury", hand, room, out)
    return single


# -- choosing the night's plan -----------------------------------------------------------------
def act_of(move: Move) -> str:
    """The engine's action name for a move (taking peasants is a Bribe)."""
    return "bribe" if move[0] == "peasants" else move[0]


def plan(view: View, allowed: set[str], rng: KeyedRng | None = None) -> Move:
    """The best first move among ``allowed`` actions, looking at the whole night.

    In the first pass the planner tries every pair (this action, then my second
    one), so it sees that a kill now can be buried before the police come. In the
    second pass it scores one action. Each plan is scored by :func:`worth` after
    the morning; plans that score the same are a draw of ``rng`` (``None``: the
    first found).
    """
    out, inn = read_outlook(view), read_inn(view)
    first = view["turn"] < len(view["hand_sizes"])
    scored: list[tuple[Move, float]] = []
    for move in moves(inn, out):
        if act_of(move) not in allowed:
            continue
        after = imagine(inn, move, out)
        value = best_second(after, out) if first else worth(morning(after, out), out)
        scored.append((move, value))
    if not scored:
        return ("pass", (0,))
    if rng is None:
        return max(scored, key=lambda pair: pair[1])[0]
    return rng.best(scored, key=lambda pair: pair[1])[0]


def best_second(inn: Inn, out: Outlook) -> float:
    """The value of the best second action after ``inn``."""
    return max(worth(morning(imagine(inn, m, out), out), out) for m in moves(inn, out))


def choose_fine_payment(view: View, legal: Sequence[Action]) -> Action:
    """10F of a fine (Ruling I9): the gravedigger comes last, so cash (cheques stay
    whole for the Greenhouse, and cash leaves room under the cap); the police, with
    a cheque unless the cash left still covers this morning's wages and 8F more."""
    me = view["seat"]
    by = {a.by: a for a in of_type(legal, PayFine)}
    if view["action"] != "police":
        return by["cash"]
    mine = [KEY[a] for a in view["annexes"][me]]
    guests = sum(1 for r, k in enumerate(view["keys"]) if k == me and view["rooms"][r] >= 0)
    income = morning_income(guests, mine.count("gardener"))
    wages = wages_owed(len(view["hand"]), mine.count("distiller"))
    enough = view["cash"][me] - 10 + income >= wages + 8
    return by["cash" if enough else "cheque"]


STEP_KINDS: dict[str, tuple[type[Action], ...]] = {
    "key": (PlaceKey,),
    "place": (Place,),
    "act": (Act,),
    "target": (Target, TakePeasants, EndTargets),
    "pay": (Pay,),
    "site": (BuryUnder,),
    "service": (ServiceRoom,),
    "keyroom": (KeyRoom,),
    "launder": (Launder,),
    "wages": (Dismiss,),
    "fine": (PayFine,),
}
"""The questions the planner knows, with the types of answer it expects."""


class PlannerBot(Bot):
    """A planner: it imagines the night's two actions and keeps the best-looking plan.

    How it thinks, in plain words:

    - every night it tries each action it could take, and (in the first pass)
      each second action after it; it plays out the morning (police, guests
      leaving, wages) in its head and scores what is left;
    - the score is the money, plus what the hand and the annexes promise: free
      burial places, helpers whose aptitude makes actions free, cards that can
      become paying annexes; corpses the police could find are a disaster;
    - so it kills the richest guest it can bury before the morning, builds the
      annexes that pay or hide bodies, keeps police and priests as helpers, and
      launders cash into cheques before the 40F cap eats it.

    It decides from its own seat's view only: the hidden piles never enter its
    thinking, only the cards it can see.
    """

    name = "planner"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._memo: dict[tuple[Any, ...], Move] = {}

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        assert view is not None
        if len(legal) == 1:
            return legal[0]
        step = view["step"]
        known = STEP_KINDS.get(step, ())
        if any(not isinstance(a, known) for a in legal):
            return self._other(view, legal)  # a question this bot was not written for
        action = getattr(self, f"_{step}")(view, legal)
        return action if action is not None else self.rng.choice(legal)

    def _move(self, view: View, allowed: set[str]) -> Move:
        """The planned move for this view (remembered: the target step asks again)."""
        me = view["seat"]
        key = (
            view["round"],
            view["turn"],
            tuple(sorted(allowed)),
            tuple(view["hand"]),
            tuple(view["rooms"]),
            tuple(view["bistro"]),
            tuple(view["corpses"][me]),
            view["cash"][me],
            view["cheques"][me],
        )
        if key not in self._memo:
            if len(self._memo) > 64:
                self._memo.clear()
            self._memo[key] = plan(view, allowed, self.rng)
        return self._memo[key]

    # -- the night -----------------------------------------------------------------------
    def _act(self, view: View, legal: Sequence[Action]) -> Action | None:
        offered = {a.action: a for a in of_type(legal, Act)}
        move = self._move(view, set(offered))
        return offered.get(act_of(move), offered.get("pass"))

    def _target(self, view: View, legal: Sequence[Action]) -> Action | None:
        act = view["action"]
        move = self._move(view, {act})
        if move[0] == "peasants":
            return next((a for a in of_type(legal, TakePeasants) if a.count == move[1][0]), None)
        offered = {a.card: a for a in of_type(legal, Target)}
        for card in move[1]:
            if card not in view["targets"] and card in offered:
                return offered[card]
        return next(iter(of_type(legal, EndTargets)), None)

    def _pay(self, view: View, legal: Sequence[Action]) -> Action:
        out = read_outlook(view)
        act = view["action"]
        return self.rng.best(
            of_type(legal, Pay), key=lambda a: keep_value(a.card, act, out), lowest=True
        )

    def _site(self, view: View, legal: Sequence[Action]) -> Action:
        """My own annexes first (all the money is mine); otherwise the poorest rival's."""
        me = view["seat"]
        mine = set(view["annexes"][me]) | {BARN_BASE + me}

        def owner_wealth(annex: int) -> int:
            seat = (
                annex - BARN_BASE
                if annex >= BARN_BASE
                else next(s for s, built in enumerate(view["annexes"]) if annex in built)
            )
            return int(view["cash"][seat] + 10 * view["cheques"][seat])

        return self.rng.best(
            of_type(legal, BuryUnder),
            key=lambda a: (a.annex not in mine, owner_wealth(a.annex)),
            lowest=True,
        )

    def _launder(self, view: View, legal: Sequence[Action]) -> Action:
        me = view["seat"]
        wanted = launder_amount(
            view["cash"][me],
            view["cheques"][me],
            view["reserve"],
            len(view["hand"]),
            read_outlook(view),
        )
        return self.rng.best(
            of_type(legal, Launder), key=lambda a: abs(a.cheques - wanted), lowest=True
        )

    def _wages(self, view: View, legal: Sequence[Action]) -> Action:
        out = read_outlook(view)
        return self.rng.best(
            of_type(legal, Dismiss), key=lambda a: keep_value(a.card, "", out), lowest=True
        )

    # -- the evening and the annexes' questions --------------------------------------------
    def _place(self, view: View, legal: Sequence[Action]) -> Action:
        """Rich guests in my Room Service rooms, every guest in my own rooms first."""
        me, top = view["seat"], view["entrance_top"]

        def score(a: Place) -> int:
            service, mine = view["service"][a.room] == me, view["keys"][a.room] == me
            return 10 * int(service) * RANK[top] + 5 * int(mine)

        return self.rng.best(of_type(legal, Place), key=score)

    def _service(self, view: View, legal: Sequence[Action]) -> Action:
        return self.rng.best(
            of_type(legal, ServiceRoom), key=lambda a: view["keys"][a.room] == view["seat"]
        )

    def _key(self, view: View, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)

    def _keyroom(self, view: View, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)

    def _fine(self, view: View, legal: Sequence[Action]) -> Action:
        return choose_fine_payment(view, legal)

    def _other(self, view: View, legal: Sequence[Action]) -> Action:
        """A question this bot was not written for: any legal answer (a draw)."""
        return self.rng.choice(legal)


BOTS = {"innkeeper": InnkeeperBot, "planner": PlannerBot}
BEST = "planner"
"""The strongest bot of this module (``BOTS`` runs from the weakest to the strongest)."""

SEARCH_ABOVE = "random"
"""The strongest of these bots that the generic search bot beats (``benchmarks/bots.py``)."""
