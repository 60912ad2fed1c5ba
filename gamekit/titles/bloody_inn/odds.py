"""The Bloody Inn: exact answers to a learner's questions.

The entrance pile is living side up: everybody sees its top traveller. The
other entrance cards, the travellers removed unseen at set-up and the cards in
other players' hands are what a seat's *view* cannot show; the answers from a
view condition on exactly that view, and every traveller it does not show is
equally likely to be anywhere it does not show (a *uniform prior*).

What a seat knows beyond its view, and how each answer treats it:

- **Cards that reached a hand in public.** Every card enters a hand in public
  (a bribed guest, a peasant from the bistro), so a player who remembers the
  game knows the other hands. The view shows only their sizes; pass the
  travellers you saw go into other hands as ``in_other_hands`` and the answers
  condition on it (they are then in no pile). Left out, those cards count as
  possibly in the entrance pile: a simplification, not what the seat knows.
- **The reshuffled exit pile.** After the entrance pile first runs out, the new
  pile is the old exit pile, which everybody saw; the view no longer lists it.
  The view-based answers raise ``ValueError`` there: pass the composition to
  :func:`police_in_inn`, :func:`money_of_next` or :func:`still_to_come` yourself.

Cards are the engine's ids, or kinds by their key (``"marquis"``), or families
(``"police"``).

>>> police_in_inn(police=14, unseen=69, rooms=5)
15862/26197
>>> burial_value(26, own=True)["you"], burial_value(26, own=False)["you"]
(26, 13)
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import sympy

from gamekit.core.rng import derive_seed
from gamekit.odds._common import (
    Convergence,
    Dist,
    bernoulli_convergence,
    convergence_of,
    distribution_convergence,
    none_drawn,
)
from gamekit.titles.bloody_inn.cards import (
    FAMILY,
    IS_POLICE,
    KEY,
    MONEY,
    MONEY_BY_RANK,
    RANK,
    REMOVED,
    TRAVELLERS,
    WHITE_KEYS,
)

# -- what a seat cannot see -----------------------------------------------------------


def unseen_travellers(view: Mapping[str, Any], in_other_hands: Iterable[int] = ()) -> list[int]:
    """The travellers this seat cannot see: the entrance pile below its top card, those
    removed at set-up and those in other players' hands, less ``in_other_hands`` (the
    travellers you saw enter other hands: known, so not unseen).

    Conditions on the view and ``in_other_hands`` only.

    >>> import gamekit
    >>> view = gamekit.new_game("bloody-inn", players=2, seed=1).view(0)
    >>> len(unseen_travellers(view)) == 70 - 1
    True
    """
    seen: set[int] = set(view["exit"]) | set(view["gone"]) | set(view["paying"])
    seen |= {c for c in view["rooms"] if c >= 0}
    seen |= set(view["hand"] or ())
    seen |= set(in_other_hands)
    for pile in (*view["corpses"], *view["annexes"], *view["buried"].values()):
        seen |= set(pile)
    if view["entrance_top"] is not None:
        seen.add(view["entrance_top"])
    return [c for c in TRAVELLERS if c not in seen]


def _first_season(view: Mapping[str, Any], what: str) -> None:
    """Raise when the entrance pile was already reshuffled: the view no longer shows
    what it holds (the old exit pile)."""
    if view["exhausted"]:
        raise ValueError(
            f"{what}: after the first shuffle the entrance pile is the old exit pile, which "
            "the view no longer lists; pass its composition to the formula yourself"
        )


def open_rooms(view: Mapping[str, Any]) -> int:
    """Rooms with a key: filled every evening.

    >>> open_rooms({"keys": [0, 1, -2, -2, -2, -1, -1, -1]})
    5
    """
    return sum(1 for k in view["keys"] if k != -1)


def rooms_for(players: int) -> int:
    """Open rooms once the keys are down: one per player, plus the white keys.

    >>> [rooms_for(p) for p in (1, 2, 3, 4)]
    [4, 5, 6, 8]
    """
    return players + WHITE_KEYS[players]


# -- 1. police in the inn ----------------------------------------------------------------


def police_in_inn(
    police: int, unseen: int, rooms: int, top_is_police: bool = False
) -> sympy.Rational:
    """This evening, what is the chance that at least one police card lodges in the inn?

    The top card of the entrance pile is seen; the other ``rooms - 1`` travellers
    come from the ``unseen`` ones, ``police`` of them police:
    ``1 - C(U - P, r - 1) / C(U, r - 1)`` (when the top card is no police).

    Conditions on its arguments only: every ``rooms - 1`` of the ``unseen``
    travellers are as likely to come next.

    >>> police_in_inn(police=14, unseen=69, rooms=5)
    15862/26197
    >>> police_in_inn(police=0, unseen=30, rooms=5, top_is_police=True)
    1
    """
    if top_is_police:
        return sympy.Integer(1)
    return 1 - none_drawn(unseen, police, rooms - 1)


def rooms_this_evening(view: Mapping[str, Any]) -> int:
    """Rooms the next welcome fills: every open room, or, before every key is down,
    the rooms the keys will open (:func:`rooms_for`); during a welcome, the empty
    open rooms left.

    >>> rooms_this_evening({"keys": [-1] * 8, "hand_sizes": [2, 2], "step": "key"})
    5
    """
    if view["step"] == "place":
        return sum(1 for k, c in zip(view["keys"], view["rooms"], strict=True) if k != -1 and c < 0)
    return max(open_rooms(view), rooms_for(len(view["hand_sizes"])))


def police_chance(
    view: Mapping[str, Any], rooms: int | None = None, in_other_hands: Iterable[int] = ()
) -> sympy.Rational:
    """From a view before or during the welcome: the chance that a police card sleeps in
    the inn tonight.

    Conditions on the view (the top card, every card shown) and on
    ``in_other_hands``; ``rooms`` defaults to :func:`rooms_this_evening` (so it is
    right before every key is down). During the welcome a police guest already
    lodged makes it 1. Raises ``ValueError`` after the entrance pile's first
    shuffle, or when the pile holds fewer cards than the rooms to fill.

    >>> import gamekit
    >>> police_chance(gamekit.new_game("bloody-inn", players=2, seed=1).view(0))
    15862/26197
    """
    _first_season(view, "police_chance")
    if view["step"] == "place" and any(c >= 0 and IS_POLICE[c] for c in view["rooms"]):
        return sympy.Integer(1)
    rooms = rooms_this_evening(view) if rooms is None else rooms
    if rooms < 1:
        return sympy.Integer(0)
    if view["entrance_size"] < rooms:
        raise ValueError("fewer entrance cards than rooms: pass the shuffled exit pile yourself")
    top = view["entrance_top"]
    unseen = unseen_travellers(view, in_other_hands)
    police = sum(1 for c in unseen if IS_POLICE[c])
    return police_in_inn(police, len(unseen), rooms, top is not None and IS_POLICE[top])


def police_formula() -> sympy.Expr:
    """The chance of police in the inn, as a formula: ``U`` unseen travellers, ``P``
    police among them, ``r`` rooms (the top card is no police).

    >>> police_formula().subs({"U": 69, "P": 14, "r": 5})
    15862/26197
    """
    u, p, r = sympy.symbols("U P r")
    return 1 - sympy.binomial(u - p, r - 1) / sympy.binomial(u, r - 1)


# -- 2. the money of the next travellers ----------------------------------------------------


def money_of_next(k: int, unseen: Iterable[int], top: int | None = None) -> Dist:
    """How much money do the next ``k`` travellers carry, in all (their pocket money
    if you killed and buried them)?

    The top card is seen (``top``); the others are drawn from the unseen
    travellers: every rank count is a multivariate hypergeometric draw.

    Conditions on ``unseen`` and ``top`` only: every ``k - 1`` (or ``k``) unseen
    travellers are as likely to come next.

    >>> dist = money_of_next(2, TRAVELLERS[:10])  # 4 Cultivators (8F), 4 Mechanics, ...
    >>> dist[16], dist[36]
    (2/15, 1/45)
    """
    ranks = Counter(RANK[c] for c in unseen)
    draws = k - (top is not None)
    base = MONEY[top] if top is not None else 0
    total = sum(ranks.values())
    if not 0 <= draws <= total:
        raise ValueError(f"cannot draw {draws} of {total} unseen travellers")
    out: dict[int, Any] = {}
    levels = sorted(ranks)
    for counts in _compositions(draws, [ranks[r] for r in levels]):
        ways = math.prod(math.comb(ranks[r], a) for r, a in zip(levels, counts, strict=True))
        money = base + sum(MONEY_BY_RANK[r] * a for r, a in zip(levels, counts, strict=True))
        out[money] = out.get(money, 0) + sympy.Rational(ways, math.comb(total, draws))
    return {m: out[m] for m in sorted(out)}


def _compositions(n: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``n`` as a sum of parts bounded by ``caps``."""
    for counts in itertools.product(*(range(min(c, n) + 1) for c in caps)):
        if sum(counts) == n:
            yield counts


def next_money(view: Mapping[str, Any], k: int, in_other_hands: Iterable[int] = ()) -> Dist:
    """From a view: the money of the next ``k`` travellers to enter.

    Conditions on the view (the top card, every card shown) and on
    ``in_other_hands``. Raises ``ValueError`` after the entrance pile's first
    shuffle, or when ``k`` is more than the entrance pile holds (the rest would
    come from a reshuffle).

    >>> import gamekit
    >>> dist = next_money(gamekit.new_game("bloody-inn", players=2, seed=1).view(0), 3)
    >>> min(dist), max(dist), sum(dist.values())
    (24, 60, 1)
    """
    _first_season(view, "next_money")
    if k > view["entrance_size"]:
        raise ValueError(
            f"only {view['entrance_size']} entrance cards: pass the reshuffle yourself"
        )
    return money_of_next(k, unseen_travellers(view, in_other_hands), view["entrance_top"])


def simulate_next_money(n: int, seed: int, k: int, players: int = 2) -> Iterator[tuple[int, int]]:
    """Set up ``n`` engine games; yield (top card, money of the next ``k`` entrance cards).

    >>> all(24 <= money <= 78 for _, money in simulate_next_money(5, seed=1, k=3))
    True
    """
    from gamekit.titles.bloody_inn.rules import RULES

    config = RULES.make_config(players, {})
    for i in range(n):
        entrance = RULES.initial_state(config, derive_seed(seed, "money", i)).entrance
        yield entrance[-1], sum(MONEY[c] for c in entrance[-k:])


# -- 3. wages ------------------------------------------------------------------------------


def wages(hand: int, distilleries: int = 0, cash: int | None = None) -> dict[str, int]:
    """At the end of a round, what does a hand of ``hand`` cards cost?

    1F per card, one card free per Distillery, cash only. Who cannot pay all
    pays their cash and loses the unpaid cards (Ruling I6).

    Conditions on its arguments only (no chance involved).

    >>> wages(5, distilleries=1)
    {'owed': 4, 'paid': 4, 'cards lost': 0}
    >>> wages(5, cash=2)
    {'owed': 5, 'paid': 2, 'cards lost': 3}
    """
    owed = max(0, hand - distilleries)
    paid = owed if cash is None else min(owed, cash)
    return {"owed": owed, "paid": paid, "cards lost": owed - paid}


def expected_wages(hand_sizes: Mapping[int, Any], distilleries: int = 0, rounds: int = 1) -> Any:
    """Expected wages of a hand whose size is uncertain (``size -> chance``), kept for
    ``rounds`` rounds: ``rounds * E[max(H - d, 0)]``.

    Conditions on ``hand_sizes`` only.

    >>> expected_wages({2: sympy.Rational(1, 2), 4: sympy.Rational(1, 2)}, distilleries=1, rounds=3)
    6
    """
    total: Any = sympy.Integer(0)
    for size, p in hand_sizes.items():
        total += p * max(0, size - distilleries)
    return rounds * total


def wages_formula() -> sympy.Expr:
    """Wages as a formula: ``h`` cards, ``d`` Distilleries, ``R`` rounds.

    >>> wages_formula()
    R*Max(0, -d + h)
    """
    h, d, r = sympy.symbols("h d R")
    return r * sympy.Max(0, h - d)


# -- 4. burials ---------------------------------------------------------------------------------


def burial_value(money: int, own: bool, players: int = 2) -> dict[str, sympy.Rational]:
    """What is burying a corpse carrying ``money`` F worth, under your own annex or under
    another player's?

    Under your own: all the money is yours. Under another's: half to you, half
    to the annex's owner. ``owner`` is what the annex's owner gains (you, under
    your own); ``lead over owner`` is how much you gain on that owner (0 under
    your own annex: you are the owner); ``lead over others`` on each other player.
    A plain function of its arguments: the 40F cash cap is left out.

    >>> burial_value(18, own=False)
    {'you': 9, 'owner': 9, 'lead over owner': 0, 'lead over others': 9}
    >>> burial_value(18, own=True)
    {'you': 18, 'owner': 18, 'lead over owner': 0, 'lead over others': 18}
    """
    you = sympy.Integer(money) if own else sympy.Rational(money, 2)
    owner = you if own else sympy.Rational(money, 2)
    return {
        "you": you,
        "owner": owner,
        "lead over owner": you - owner,
        "lead over others": you,
    }


def expected_burial(corpse_money: Mapping[int, Any], own: bool) -> sympy.Expr:
    """The expected cash of a burial when the corpse's money follows ``corpse_money``
    (for example the next traveller, from :func:`money_of_next` with ``k = 1``).

    Conditions on ``corpse_money`` only; the 40F cash cap is left out.

    >>> expected_burial({8: sympy.Rational(1, 2), 26: sympy.Rational(1, 2)}, own=False)
    17/2
    """
    total: Any = sympy.Integer(0)
    for money, p in corpse_money.items():
        total += p * burial_value(money, own)["you"]
    return sympy.nsimplify(total)


# -- 5. is that annex still to come? ---------------------------------------------------------------


def still_to_come(copies: int, unseen: int, face_down: int) -> sympy.Rational:
    """What is the chance that at least one of ``copies`` unseen cards lies among the
    ``face_down`` entrance cards below the top (``unseen`` cards in all)?

    ``1 - C(U - c, N) / C(U, N)``.

    Conditions on its arguments only: every ``face_down`` of the ``unseen`` cards
    are as likely to be those below the top.

    >>> still_to_come(copies=1, unseen=69, face_down=44)
    44/69
    """
    return 1 - none_drawn(unseen, copies, face_down)


def annex_to_come(
    view: Mapping[str, Any], key: str, in_other_hands: Iterable[int] = ()
) -> sympy.Rational:
    """From a view, before the first shuffle: the chance that a card of kind ``key``
    (say ``"marquis"``, the Pavilion) will still enter the inn: its top card, the
    exit pile (shuffled back in later) or, for an unseen copy, the entrance pile.

    Conditions on the view and on ``in_other_hands`` (a copy you saw enter another
    hand is not in the pile; it may come back to the exit pile if dismissed or
    paid away, which this answer leaves out). It also assumes the game reaches the
    reshuffle (a lost solo game may end first). Raises ``ValueError`` after the
    first shuffle.

    >>> import gamekit
    >>> annex_to_come(gamekit.new_game("bloody-inn", players=2, seed=1).view(0), "marquis")
    44/69
    """
    _first_season(view, "annex_to_come")
    top = view["entrance_top"]
    if (top is not None and KEY[top] == key) or any(KEY[c] == key for c in view["exit"]):
        return sympy.Integer(1)
    unseen = unseen_travellers(view, in_other_hands)
    copies = sum(1 for c in unseen if KEY[c] == key)
    face_down = view["entrance_size"] - (top is not None)
    return still_to_come(copies, len(unseen), face_down)


def removed_at_setup(players: int, length: str = "long") -> int:
    """How many travellers leave the game unseen at set-up.

    >>> removed_at_setup(2), removed_at_setup(4, "short")
    (25, 22)
    """
    return REMOVED[players][length]


def family_of(card: int) -> str:
    """A card's family (for example ``"police"``).

    >>> family_of(TRAVELLERS[0])
    'craftsmen'
    """
    return FAMILY[card]


# -- questions for convergence charts ----------------------------------------------------


def convergence(question: str, n: int, seed: int) -> Convergence:
    """A question's exact mean and variance with ``n`` seeded engine samples, for
    ``gamekit.charts.convergence`` (2 players, seen from nowhere: before the top card
    is looked at). Questions: ``"police on the first evening"``, ``"money of the
    next 3 travellers"``, ``"the Marquis will come"``.

    Conditions on nothing seen (a fresh 2-player set-up, the top card not looked at).

    >>> c = convergence("the Marquis will come", 50, seed=1)
    >>> c.exact, len(list(c.samples))
    (9/14, 50)
    """
    return convergence_of(_QUESTIONS, question, n, seed)


def _setups(n: int, seed: int) -> Iterator[list[int]]:
    from gamekit.titles.bloody_inn.rules import RULES

    config = RULES.make_config(2, {})
    for i in range(n):
        yield RULES.initial_state(config, derive_seed(seed, "setup", i)).entrance


_POLICE = sum(1 for c in TRAVELLERS if IS_POLICE[c])
_QUESTIONS: dict[str, Any] = {
    "police on the first evening": lambda n, seed: bernoulli_convergence(
        "police on the first evening",
        1 - none_drawn(len(TRAVELLERS), _POLICE, rooms_for(2)),
        (any(IS_POLICE[c] for c in pile[-rooms_for(2) :]) for pile in _setups(n, seed)),
    ),
    "money of the next 3 travellers": lambda n, seed: distribution_convergence(
        "money of the next 3 travellers",
        money_of_next(3, TRAVELLERS),
        (sum(MONEY[c] for c in pile[-3:]) for pile in _setups(n, seed)),
    ),
    "the Marquis will come": lambda n, seed: bernoulli_convergence(
        "the Marquis will come",
        still_to_come(1, len(TRAVELLERS), len(TRAVELLERS) - removed_at_setup(2)),
        (any(KEY[c] == "marquis" for c in pile) for pile in _setups(n, seed)),
    ),
}
