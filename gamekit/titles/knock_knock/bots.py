"""Bots for Knock! Knock!: a readable greedy player and a planner, reading only their own view.

The greedy bot scores a position as *my points minus the best other player's
points* and, for every decision, picks the action with the best expected value
of that number after the card is resolved:

- **knock**: for each card kind in hand and each door, the card is opened by the
  target half of the time and taken back by the bot the other half (the target
  cannot see the card, so its answer does not depend on it);
- **open or keep closed**: the face-down card is one of the knocker's cards: the
  ones everybody saw drawn (Ruling K5) or, for the rest, a card drawn from the
  composition of every card the bot has not seen;
- **vamp guest / kid folk**: the option that leaves the best position.

The planner (``"planner"``, the title's ``"best"``) does the same sums but
stops guessing "half the time". It asks *what would I do in their place?*:

- **knock**: the player at the door cannot see the card, so whatever card I lay
  down, they answer the same way. The planner works out that answer the way a
  greedy player works it out (from the cards they have not seen: what I drew
  face up and a guess at the rest of my hand) and gets a chance they open. A
  door that will open gets my worst card (a kid, a taxi, a vamp); a door that
  stays closed gets a card I am glad to take back (a scarecrow, a guest). It
  also looks one knock ahead: after this knock, how good is my best next knock
  with the cards I keep? So it does not throw away the kid it will need later.
- **open or keep closed**: a greedy knocker lays down its favourite card for
  its favourite door. So the card at my door is most likely the kind the
  knocker likes best for *my* door, among kinds it may hold, and not a kind it
  would rather have played. The planner weighs the knocker's possible cards
  that way instead of by plain card counts.

Against players who do not think like greedy the model is only a guess; if no
hand a greedy knocker could hold explains the knock, the planner falls back to
greedy's plain card counts.

>>> import gamekit
>>> from gamekit import bots
>>> g = gamekit.new_game("knock-knock", players=4, seed=3)
>>> bot = bots.make("knock-knock", "greedy", seed=0)
>>> bot.choose(g) in g.legal_actions()
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from gamekit.bots import Bot, View
from gamekit.core.actions import Action
from gamekit.titles.knock_knock.rules import (
    COPIES,
    FOLKS,
    KID,
    KIND_INDEX,
    KIND_TYPES,
    TAXI,
    VAMP,
    ChooseFolk,
    Knock,
    TakeGuest,
    largest_unprotected_folks,
)

Counts = list[int]
"""How many cards of each kind (indexed like ``KIND_NAMES``) a party holds."""

OPEN_CHANCE = 0.5
"""How often the bot expects a target to open (it cannot know the card)."""


def counts_of(names: Sequence[str]) -> Counts:
    """Card kind names -> counts per kind.

    >>> counts_of(["ghost", "ghost", "kid"])[KIND_INDEX["ghost"]]
    2
    """
    counts = [0] * len(COPIES)
    for name in names:
        counts[KIND_INDEX[name]] += 1
    return counts


def points(counts: Counts) -> int:
    """The score of a party given as counts (same rule as the game's score)."""
    total = 3 * counts[KIND_INDEX["scarecrow"]]
    for folk in range(3):
        guests = counts[folk] + counts[folk + 3] + counts[folk + 6]
        total += guests * (2 if counts[folk + 6] else 1)
    return total


def standing(parties: Sequence[Counts], me: int) -> int:
    """My points minus the best other player's points."""
    mine = points(parties[me])
    return mine - max(points(p) for s, p in enumerate(parties) if s != me)


def options_for(kind: int, party: Counts) -> list[tuple[str, int]]:
    """The ways a revealed card can resolve on ``party``: ("join"|"lure"|"flee"|"none", x)."""
    kind_type = KIND_TYPES[kind]
    if kind_type == VAMP:
        folk = kind % 3
        lure = [("lure", k) for k in (folk, folk + 3, folk + 6) if party[k]]
        return lure or [("none", 0)]
    if kind_type in (KID, TAXI):
        kinds = [k for k in range(9) for _ in range(party[k])]
        return [("flee", f) for f in largest_unprotected_folks(kinds)] or [("none", 0)]
    return [("join", kind)]


def resolved(
    parties: Sequence[Counts], kind: int, revealer: int, competitor: int, option: tuple[str, int]
) -> list[Counts]:
    """The parties after ``revealer`` reveals a card of ``kind`` resolved as ``option``."""
    out = [list(p) for p in parties]
    what, x = option
    if what == "join":
        out[revealer][x] += 1
    elif what == "lure":
        out[revealer][x] -= 1
        out[competitor][x] += 1
    elif what == "flee":
        for k in (x, x + 6):  # no brute: K3 only takes unprotected folks
            moved, out[revealer][k] = out[revealer][k], 0
            if KIND_TYPES[kind] == KID:
                out[competitor][k] += moved
    return out


def settled(parties: Sequence[Counts], kind: int, revealer: int, competitor: int) -> list[Counts]:
    """The parties after the card resolves, the competitor choosing what suits them best."""
    results = [
        resolved(parties, kind, revealer, competitor, option)
        for option in options_for(kind, parties[revealer])
    ]
    return max(results, key=lambda r: points(r[competitor]) - points(r[revealer]))


def outcome(parties: Sequence[Counts], kind: int, revealer: int, competitor: int, me: int) -> int:
    """My standing after the card resolves, the competitor choosing what suits them best."""
    results = [
        resolved(parties, kind, revealer, competitor, option)
        for option in options_for(kind, parties[revealer])
    ]
    best_for_chooser = max(results, key=lambda r: points(r[competitor]) - points(r[revealer]))
    return standing(best_for_chooser, me)


def unseen(view: View) -> Counts:
    """Cards of each kind this seat has not seen anywhere (hidden hands and deck)."""
    counts = list(COPIES)
    seen: list[str] = list(view["hand"]) + list(view["discard"]) + list(view["box"])
    for party in view["parties"]:
        seen += party
    for seat, known in enumerate(view["known"]):
        if seat != view["seat"]:
            seen += known
    if view["deck_top"] is not None:
        seen.append(view["deck_top"])
    knock = view["knock"]
    if knock is not None and knock["card"] is not None:
        seen.append(knock["card"])
    if view["choice"] is not None:  # a vamp, kid or taxi being resolved
        seen.append(view["choice"]["card"])
    for name in seen:
        counts[KIND_INDEX[name]] -= 1
    return counts


def knocked_card_odds(view: View) -> list[float]:
    """Chance of each kind for the face-down card at my door (from what I know, K5)."""
    knocker = view["knock"]["knocker"]
    held = view["hand_sizes"][knocker] + 1
    known = counts_of(view["known"][knocker])
    pool = unseen(view)
    size = sum(pool)
    blind = held - sum(known)
    return [(known[k] + (blind * pool[k] / size if size else 0.0)) / held for k in range(len(pool))]


class GreedyBot(Bot):
    """Chooses the action with the best expected standing (my points - best rival's)."""

    name = "greedy"
    needs_view = True

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` from ``view`` only."""
        assert view is not None
        parties = [counts_of(p) for p in view["parties"]]
        me: int = view["seat"]
        decision = view["decision"]
        if decision == "knock":
            return self.pick(legal, value=lambda a: self._knock_value(parties, me, a))
        if decision == "answer":
            return self._answer(legal, self._open_gain(view, parties, me))
        return self.pick(legal, value=lambda a: self._choice_value(view, parties, me, a))

    def pick(self, options: Sequence[Action], value: Callable[[Action], float]) -> Action:
        """The option of highest ``value``; equal values are a draw of this bot's seeded RNG.

        Taking the first of equal options instead would knock at the lowest-numbered
        door on every tie, and make the seats look unequal (notebooks/11-knock-knock-analysis).
        """
        return self.rng.best(options, key=value)

    def _answer(self, legal: Sequence[Action], gain: float) -> Action:
        """Open (``legal[0]``) when opening gains, keep closed when it loses; even: a draw."""
        return self.pick(legal[:2], value=lambda a: gain if a == legal[0] else 0.0)

    def _knock_value(self, parties: list[Counts], me: int, action: Action) -> float:
        assert isinstance(action, Knock)
        kind, target = KIND_INDEX[action.card], action.target
        if_opened = outcome(parties, kind, target, me, me)
        if_closed = outcome(parties, kind, me, target, me)
        return OPEN_CHANCE * if_opened + (1 - OPEN_CHANCE) * if_closed

    def _open_gain(self, view: View, parties: list[Counts], me: int) -> float:
        knocker = view["knock"]["knocker"]
        gain = 0.0
        for kind, chance in enumerate(knocked_card_odds(view)):
            if chance:
                opened = outcome(parties, kind, me, knocker, me)
                closed = outcome(parties, kind, knocker, me, me)
                gain += chance * (opened - closed)
        return gain

    def _choice_value(self, view: View, parties: list[Counts], me: int, action: Action) -> int:
        choice: dict[str, Any] = view["choice"]
        kind = KIND_INDEX[choice["card"]]
        if isinstance(action, TakeGuest):
            option = ("lure", KIND_INDEX[action.card])
        else:
            assert isinstance(action, ChooseFolk)
            option = ("flee", FOLKS.index(action.folk))
        after = resolved(parties, kind, choice["revealer"], choice["competitor"], option)
        return standing(after, me)


def greedy_knock_values(parties: list[Counts], knocker: int) -> dict[tuple[int, int], float]:
    """What :class:`GreedyBot` in seat ``knocker`` thinks of knocking each kind at each door."""
    targets = [t for t in range(len(parties)) if t != knocker]
    values: dict[tuple[int, int], float] = {}
    for kind in range(len(COPIES)):
        for target in targets:
            if_opened = outcome(parties, kind, target, knocker, knocker)
            if_closed = outcome(parties, kind, knocker, target, knocker)
            values[kind, target] = OPEN_CHANCE * if_opened + (1 - OPEN_CHANCE) * if_closed
    return values


def _none_drawn(pool_size: int, avoided: int, drawn: int) -> float:
    """Chance that ``drawn`` cards taken from ``pool_size`` miss ``avoided`` given cards."""
    if drawn <= 0:
        return 1.0
    if drawn > pool_size - avoided:
        return 0.0
    return math.comb(pool_size - avoided, drawn) / math.comb(pool_size, drawn)


def greedy_knock_odds(view: View, parties: list[Counts]) -> list[float] | None:
    """Chance of each kind for the card at my door *if the knocker plays like greedy*.

    Greedy knocks its favourite (card, door) pair among the cards it holds. So the
    card at my door is the knocker's favourite kind among those whose favourite
    door is mine, and no kind greedy likes better is in its hand. Greedy draws
    among equal pairs: kinds of equal value form one group, whose chance is
    shared by the pairs greedy may hold (each kind weighed by the chance it holds
    it, a good guess rather than an exact sum). ``None`` when no hand greedy could
    hold would have knocked at my door (then the knocker is not a greedy player).
    """
    me: int = view["seat"]
    knocker: int = view["knock"]["knocker"]
    values = greedy_knock_values(parties, knocker)
    targets = sorted({t for _, t in values})
    top = {k: max(values[k, t] for t in targets) for k in range(len(COPIES))}
    doors = {k: [t for t in targets if _tied(values[k, t], top[k])] for k in top}
    groups: list[list[int]] = []  # kinds from greedy's favourite down, equal ones together
    for kind in sorted(top, key=lambda k: -top[k]):
        if groups and _tied(top[groups[-1][0]], top[kind]):
            groups[-1].append(kind)
        else:
            groups.append([kind])
    known = counts_of(view["known"][knocker])
    pool = unseen(view)
    size = sum(pool)
    blind = view["hand_sizes"][knocker] + 1 - sum(known)
    odds = [0.0] * len(COPIES)
    better = 0  # unseen cards of the kinds greedy prefers to the current group
    for group in groups:
        sure = any(known[k] for k in group)  # greedy holds one: it never knocks a worse one
        drawn = 0 if sure else sum(pool[k] for k in group)
        mass = _none_drawn(size, better, blind) - (
            0.0 if sure else _none_drawn(size, better + drawn, blind)
        )
        held = {k: 1.0 if known[k] else 1.0 - _none_drawn(size, pool[k], blind) for k in group}
        pairs = sum(held[k] * len(doors[k]) for k in group)
        for kind in group:
            if me in doors[kind] and pairs > 0:
                odds[kind] = mass * held[kind] / pairs
        if sure:
            break
        better += drawn
    total = sum(odds)
    return [p / total for p in odds] if total > 0 else None


def _tied(a: float, b: float) -> bool:
    """Equal values for a bot (the tolerance of :meth:`gamekit.core.rng.KeyedRng.best`)."""
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def open_chance(view: View, parties: list[Counts], target: int) -> float:
    """How likely a greedy ``target`` is to open if I knock at its door, from my view.

    Greedy opens when the card is more likely good than bad *for it*, judging from
    the cards it has not seen: what I drew face up, plus a guess at the rest of my
    hand. That guess depends on the target's own hand, which I cannot see: I average
    over the hands it may hold (mean and spread of its gain) and turn the result
    into a chance with a bell curve.
    """
    me: int = view["seat"]
    hand = counts_of(view["hand"])
    known = counts_of(view["known"][me])
    mine = unseen(view)  # hidden to me: the target's blind cards are among these
    size = sum(mine)
    held = len(view["hand"])
    blind = held - sum(known)
    target_blind = view["hand_sizes"][target] - len(view["known"][target])
    # the target's unseen cards: my secret cards plus mine minus its own secret cards
    its_size = size + blind - target_blind
    if its_size <= 0:
        return OPEN_CHANCE
    gain = [  # the target's gain from opening a card of each kind
        outcome(parties, k, target, me, target) - outcome(parties, k, me, target, target)
        for k in range(len(COPIES))
    ]
    # Greedy's chance of kind k is (known[k] + blind * its_pool[k] / its_size) / held, where
    # its_pool = my unseen cards + my secret cards - its secret cards: only those are unknown.
    scale = blind / its_size / held
    mean = sum(
        g * (known[k] / held + scale * (hand[k] - known[k] + mine[k])) for k, g in enumerate(gain)
    )
    spread = 0.0
    if size > 0 and target_blind > 0:  # its secret cards: target_blind drawn from mine
        share = [c / size for c in mine]
        average = sum(g * p for g, p in zip(gain, share, strict=True))
        mean -= scale * target_blind * average
        square = sum(g * g * p for g, p in zip(gain, share, strict=True)) - average * average
        draws = target_blind * (size - target_blind) / max(1, size - 1)
        spread = scale * math.sqrt(max(0.0, draws * square))
    if spread < 1e-9:
        return 1.0 if mean >= 0 else 0.0
    return 0.5 * (1.0 + math.erf(mean / (spread * math.sqrt(2.0))))


class PlannerBot(GreedyBot):
    """Greedy's sums, with a model of the other players' answers and one knock ahead.

    ``ahead`` weighs my best next knock (with the cards I keep, on the parties
    this knock leaves) against this one: 0 plays one knock at a time, 1 (the
    default) counts the next knock as much as this one.
    """

    name = "planner"

    def __init__(self, seed: int = 0, ahead: float = 1.0) -> None:
        super().__init__(seed)
        self.ahead = ahead

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` from ``view`` only."""
        assert view is not None
        parties = [counts_of(p) for p in view["parties"]]
        me: int = view["seat"]
        decision = view["decision"]
        if decision == "knock":
            chances = {t: open_chance(view, parties, t) for t in range(view["players"]) if t != me}

            hand = counts_of(view["hand"])

            def later(after: list[Counts], kind: int) -> float:
                """My best knock next time, with the cards I keep (parties as they are now)."""
                if self.ahead <= 0:
                    return 0.0
                hand[kind] -= 1
                best = max(
                    (
                        chances[t] * outcome(after, k, t, me, me)
                        + (1 - chances[t]) * outcome(after, k, me, t, me)
                        for k in range(len(hand))
                        if hand[k]
                        for t in chances
                    ),
                    default=float(standing(after, me)),
                )
                hand[kind] += 1
                return self.ahead * (best - standing(after, me))

            def value(action: Action) -> float:
                assert isinstance(action, Knock)
                kind, target = KIND_INDEX[action.card], action.target
                p = chances[target]
                opened = settled(parties, kind, target, me)
                closed = settled(parties, kind, me, target)
                return p * (standing(opened, me) + later(opened, kind)) + (1 - p) * (
                    standing(closed, me) + later(closed, kind)
                )

            return self.pick(legal, value=value)
        if decision == "answer":
            odds = greedy_knock_odds(view, parties) or knocked_card_odds(view)
            knocker = view["knock"]["knocker"]
            gain = 0.0
            for kind, chance in enumerate(odds):
                if chance:
                    opened = outcome(parties, kind, me, knocker, me)
                    closed = outcome(parties, kind, knocker, me, me)
                    gain += chance * (opened - closed)
            return self._answer(legal, gain)
        return self.pick(legal, value=lambda a: self._choice_value(view, parties, me, a))


BOTS = {"greedy": GreedyBot, "planner": PlannerBot}
"""The bots of this title beyond ``random``."""

BEST = "planner"
"""The strongest bot of this title (``"best"``)."""

SEARCH_ABOVE = "greedy"
"""The strongest of these bots that the generic search bot beats (``benchmarks/bots.py``).

Measured against 3 greedy (4 players, each deal played with the bot in every seat):
the planner wins 0.447 of 1600 games (seeds 7001 and 7002, not used for tuning;
Wilson 95 % 0.423-0.471) and 0.451 of 800 more (seed 2024); greedy itself 0.285
(seed 7001); the search bot 0.36-0.44 (100 games each). So the ladder is greedy,
search, planner (search and planner were not played head to head)."""
