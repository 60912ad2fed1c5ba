"""Hats: exact answers to a learner's questions.

Cards are the engine's ids (``type * 6 + number - 1``) or names such as
``"red 4"``. Functions that depend on the table take a view dict from
``game.view(seat)``; every card that seat cannot see is equally likely to be
anywhere it cannot see (a *uniform prior*). The other functions condition on
their arguments only. Each docstring says what it conditions on.

What a seat knows beyond its view, and how the answers treat it:

- **Its own face-down discards.** The view shows only how many cards the
  discard pile holds, but the seat knows which of them it discarded: until the
  deck is refilled from the discards (Ruling H4) those cards are in no hand.
  :func:`opponent_can_take` conditions on them when you pass ``own_discards``.
- **The card it gave its partner in a swap** (4 players, Ruling H5) is in the
  partner's hand until they play it; the answers leave this out.
- **The other players' choices** (which cards they made black hats or
  discarded) are treated as random: the prior ignores their strategy.

>>> survives_removal()
5/7
>>> tea_tables()["scoring tables"]
28357
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import sympy

from gamekit.core.rng import derive_seed
from gamekit.odds._common import (
    Convergence,
    Dist,
    bernoulli_convergence,
    convergence_of,
    distribution_convergence,
    from_counts,
)
from gamekit.titles.hats.rules import (
    CARDS,
    HAND_SIZE,
    NUMBERS,
    TYPES,
    can_take,
    card_of,
    table_values,
)

Card = int | str


def card_id(card: Card) -> int:
    """A card id from an id or a name.

    >>> card_id("yellow 2"), card_id(13)
    (13, 13)
    """
    if isinstance(card, str):
        kind, number = card.rsplit(" ", 1)
        return card_of(kind, int(number))
    return card


# -- 1. tea tables -----------------------------------------------------------------


def tea_tables(types: int = 7, spaces: int = 6, numbers: int = NUMBERS) -> dict[str, int]:
    """How many different tea tables are there?

    - ``layouts``: cards laid on the spaces in order, ``(t n)! / (t n - s)!``;
    - ``type patterns``: which type lies on each space, ``t ** s`` (while ``n >= s``);
    - ``scoring tables``: what the table is worth after the clean-up (Ruling H7:
      only the leftmost card of each type counts): a type on space 1, then any
      choice of the other spaces that hold a first card of a new type,
      ``sum_j C(s-1, j-1) t! / (t-j)!`` (when ``n >= s``, as in the game; else
      they are counted one pattern at a time).

    >>> tea_tables()
    {'layouts': 3776965920, 'type patterns': 117649, 'scoring tables': 28357}
    >>> tea_tables(types=5, spaces=5)["scoring tables"]  # two players
    1045
    """
    return {
        "layouts": math.perm(types * numbers, spaces),
        "type patterns": types**spaces if numbers >= spaces else _patterns(types, spaces, numbers),
        "scoring tables": sum(
            math.comb(spaces - 1, j - 1) * math.perm(types, j)
            for j in range(1, min(spaces, types) + 1)
        )
        if numbers >= spaces
        else _scoring_tables(types, spaces, numbers),
    }


def _scoring_tables(types: int, spaces: int, numbers: int) -> int:
    """Scoring tables counted one type pattern at a time (when a type has fewer cards
    than there are spaces, some patterns cannot be laid)."""
    maps = set()
    for pattern in itertools.product(range(types), repeat=spaces):
        if max(pattern.count(t) for t in set(pattern)) <= numbers:
            maps.add(tuple(sorted(table_values([t * NUMBERS for t in pattern]).items())))
    return len(maps)


def _patterns(types: int, spaces: int, numbers: int) -> int:
    """Type sequences of length ``spaces`` using each type at most ``numbers`` times."""
    counts: dict[tuple[int, ...], int] = {(): 1}
    for _ in range(spaces):
        nxt: dict[tuple[int, ...], int] = {}
        for used, ways in counts.items():
            for t in range(types):
                if used.count(t) < numbers:
                    key = tuple(sorted((*used, t)))
                    nxt[key] = nxt.get(key, 0) + ways
        counts = nxt
    return sum(counts.values())


def scoring_tables_formula() -> sympy.Expr:
    """The number of scoring tables as a formula in ``t`` types and ``s`` spaces.

    >>> f = scoring_tables_formula()
    >>> f.subs({"t": 7, "s": 6}).doit()
    28357
    """
    t, s, j = sympy.symbols("t s j")
    return sympy.Sum(sympy.binomial(s - 1, j - 1) * sympy.ff(t, j), (j, 1, s))


def all_types_differ(types: int = 7, spaces: int = 6, numbers: int = NUMBERS) -> sympy.Rational:
    """What is the chance that the opening tea table shows a different type on every
    space (so every space scores)?

    ``t!/(t-s)! n^s`` ways among ``(tn)!/(tn-s)!`` layouts.

    Conditions on nothing seen: the deck is uniformly shuffled, before anyone looks at the table.

    >>> all_types_differ()
    23328/374699
    >>> all_types_differ(types=5, spaces=5)  # two players
    144/2639
    """
    good = math.perm(types, spaces) * numbers**spaces
    return sympy.Rational(good, math.perm(types * numbers, spaces))


def simulate_all_types_differ(n: int, seed: int, players: int = 3) -> Iterator[int]:
    """Set up ``n`` games with the engine; yield 1 when the opening table has no repeated type.

    >>> sum(simulate_all_types_differ(10, seed=1)) <= 10
    True
    """
    from gamekit.titles.hats.rules import RULES

    config = RULES.make_config(players, {})
    for i in range(n):
        table = RULES.initial_state(config, derive_seed(seed, "table", i)).table
        yield int(len({c // NUMBERS for c in table}) == len(table))


# -- 2. can a hand make an exchange? ------------------------------------------------


def takers(card: Card, pool: Iterable[int]) -> int:
    """How many cards of ``pool`` may take ``card`` from the table (Ruling H3)?

    >>> takers("red 4", CARDS)  # 5 other reds, and the 5s and 6s of 6 other types
    17
    """
    taken = card_id(card)
    return sum(1 for c in pool if c != taken and can_take(c, taken))


def exchange_chance(
    card: Card, hand_size: int = HAND_SIZE, pool: Iterable[int] | None = None
) -> sympy.Rational:
    """What is the chance that a hand of ``hand_size`` cards, drawn at random from
    ``pool`` (default: every other card of the game), can take ``card``?

    Conditions on ``pool`` only: every ``hand_size`` cards of it are as likely.

    It takes it with a card of the same type or with a higher number (Ruling
    H3): ``1 - C(N - q, h) / C(N, h)`` with ``q`` such cards among ``N``.

    >>> exchange_chance("red 6")  # only the 5 other reds can take a 6
    274011/374699
    >>> exchange_chance("red 1")
    1
    """
    taken = card_id(card)
    cards = [c for c in (CARDS if pool is None else pool) if c != taken]
    q = takers(taken, cards)
    return 1 - sympy.Rational(
        math.comb(len(cards) - q, hand_size), math.comb(len(cards), hand_size)
    )


def unseen_cards(view: Mapping[str, Any]) -> list[int]:
    """The cards this seat cannot see: others' hands, the deck, the discards, others'
    black hats (and an offered swap card it did not give).

    From the view only: the seat's own discards are among them (it cannot see
    them, though it knows where they are: see :func:`opponent_can_take`).

    >>> import gamekit
    >>> len(unseen_cards(gamekit.new_game("hats", players=3, seed=1).view(0)))
    27
    """
    seen = set(view["table"]) | {c for coll in view["collections"] for c in coll}
    seen |= set(view["hand"] or ()) | set(view["my_black_hats"] or ())
    if view.get("my_offer") is not None:
        seen.add(view["my_offer"])
    removed = set(view["removed_types"])
    return [c for c in CARDS if c not in seen and TYPES[c // NUMBERS] not in removed]


def opponent_can_take(
    view: Mapping[str, Any], seat: int, space: int, own_discards: Iterable[Card] = ()
) -> sympy.Rational:
    """Could player ``seat`` take the card on ``space`` (1 = leftmost), as far as the viewer
    knows? Their hand is any set of their hand size from the cards that could be in it.

    Conditions on the view and on ``own_discards``: the cards the viewer discarded
    face down that are still in the discard pile (since the deck was last refilled,
    Ruling H4), which are in no hand. Every other unseen card is as likely to be in
    that hand. Left out: a card the viewer gave that player in a swap, and the
    players' own choices of black hats and discards (taken as random).

    >>> import gamekit
    >>> opponent_can_take(gamekit.new_game("hats", players=3, seed=1).view(0), 1, 1)
    85214/85215
    """
    if seat == view["seat"]:
        raise ValueError("the viewer knows their own hand: use can_take on it")
    card = view["table"][space - 1]
    known = {card_id(c) for c in own_discards}
    unseen = unseen_cards(view)
    if not known <= set(unseen):
        raise ValueError("own_discards must be unseen cards (face down in the discard pile)")
    pool = [c for c in unseen if c not in known]
    return exchange_chance(card, view["hand_sizes"][seat], pool)


# -- 3. the favourite hat ---------------------------------------------------------------


def favourite_distribution(collection: Iterable[Card], pool: Iterable[Card] | None = None) -> Dist:
    """For this collection, how likely is each favourite-hat score, if the favourite is
    any card of ``pool`` (default: every card not in the collection)?

    The score is the sum of the collection's numbers of the favourite's type,
    minus the favourite's own number: ``S_T - k`` for a favourite ``T k``.

    Conditions on ``collection`` and ``pool`` only: the favourite is any card of the
    pool, each as likely (narrow the pool to what a seat cannot see to condition on
    its view).

    >>> from gamekit.odds._common import mean
    >>> dist = favourite_distribution(["red 5", "red 6", "blue 2"])
    >>> dist[10], dist[-6], mean(dist)
    (1/39, 5/39, -80/39)
    """
    cards = [card_id(c) for c in collection]
    sums = [0] * len(TYPES)
    for c in cards:
        sums[c // NUMBERS] += c % NUMBERS + 1
    chosen = (
        [card_id(c) for c in pool] if pool is not None else [c for c in CARDS if c not in cards]
    )
    counts: dict[int, int] = {}
    for fav in chosen:
        score = sums[fav // NUMBERS] - (fav % NUMBERS + 1)
        counts[score] = counts.get(score, 0) + 1
    return {k: v for k, v in sorted(from_counts(counts).items())}


def favourite_formula() -> sympy.Expr:
    """The favourite-hat score as a formula: ``S_T`` is the sum of the numbers of your
    collection's cards of the favourite's type, ``k`` the favourite's number.

    >>> favourite_formula()
    S_T - k
    """
    return sympy.Symbol("S_T") - sympy.Symbol("k")


# -- 4. the value of a type by its space ------------------------------------------------------


def type_value(types: int = 7, spaces: int = 6, numbers: int = NUMBERS) -> Dist:
    """On the opening table, what will one card of a given type be worth at the end if
    the table stayed as it is?

    It is worth the number of the leftmost space showing its type (Ruling H7),
    0 if the type is not on the table: the first ``j - 1`` spaces miss the type
    and space ``j`` has it, ``C(N-n, j-1)/C(N, j-1) * n/(N-j+1)`` with ``N = t n``.

    Conditions on nothing seen (the opening table of a uniformly shuffled deck), and
    on no exchange ever changing it.

    >>> type_value()
    {0: 139128/374699, 1: 1/7, 2: 36/287, 3: 9/82, 4: 51/533, 5: 1683/20254, 6: 26928/374699}
    >>> from gamekit.odds._common import mean
    >>> mean(type_value())
    5120945/2622893
    """
    total = types * numbers
    out: dict[int, Any] = {}
    for j in range(1, spaces + 1):
        miss = sympy.Rational(math.comb(total - numbers, j - 1), math.comb(total, j - 1))
        out[j] = miss * sympy.Rational(numbers, total - j + 1)
    out[0] = 1 - sum(out.values())
    return {k: out[k] for k in sorted(out)}


def type_values(table: Sequence[Card]) -> dict[str, int]:
    """On this table, what is each type worth per collection card (after the clean-up)?

    >>> type_values(["red 4", "blue 1", "red 2"])
    {'red': 1, 'orange': 0, 'yellow': 0, 'green': 0, 'blue': 2, 'purple': 0, 'pink': 0}
    """
    values = table_values([card_id(c) for c in table])
    return {name: values.get(t, 0) for t, name in enumerate(TYPES)}


def simulate_type_value(n: int, seed: int, kind: str = "red", players: int = 3) -> Iterator[int]:
    """Set up ``n`` games with the engine; yield what a card of ``kind`` is worth on the
    opening table (types removed with 2 players are skipped).

    >>> all(0 <= v <= 6 for v in simulate_type_value(10, seed=1))
    True
    """
    from gamekit.titles.hats.rules import RULES

    config = RULES.make_config(players, {})
    for i in range(n):
        state = RULES.initial_state(config, derive_seed(seed, "value", i))
        if all(TYPES[c // NUMBERS] != kind for c in state.box):
            yield type_values(state.table)[kind]


# -- 5. the two-player removal -----------------------------------------------------


def survives_removal(types: int = 7, removed: int = 2, given: int = 1) -> sympy.Rational:
    """With two players, two whole types go back in the box: what is the chance that a
    given type (or all of ``given`` types) stays in the game?

    ``C(t - g, r) / C(t, r)``: 5/7 for one type, 10/21 for two.

    Conditions on nothing seen: the removed types are a uniform choice, before they are known.

    >>> survives_removal(), survives_removal(given=2)
    (5/7, 10/21)
    """
    return sympy.Rational(math.comb(types - given, removed), math.comb(types, removed))


def survives_removal_formula() -> sympy.Expr:
    """The chance one given type survives, with ``t`` types and ``r`` removed: ``(t-r)/t``.

    >>> survives_removal_formula().subs({"t": 7, "r": 2})
    5/7
    """
    t, r = sympy.symbols("t r")
    return sympy.simplify(sympy.binomial(t - 1, r) / sympy.binomial(t, r))


def simulate_survival(n: int, seed: int, kind: str = "red") -> Iterator[int]:
    """Set up ``n`` two-player games with the engine; yield 1 when ``kind`` stays in.

    >>> sorted(set(simulate_survival(30, seed=1)))
    [0, 1]
    """
    from gamekit.titles.hats.rules import RULES

    config = RULES.make_config(2, {})
    for i in range(n):
        box = RULES.initial_state(config, derive_seed(seed, "removal", i)).box
        yield int(all(TYPES[c // NUMBERS] != kind for c in box))


# -- questions for convergence charts ----------------------------------------------------


def convergence(question: str, n: int, seed: int) -> Convergence:
    """A question's exact mean and variance with ``n`` seeded engine samples, for
    ``gamekit.charts.convergence``. Questions: ``"all types differ"``, ``"value of
    red"``, ``"red survives the removal"``.

    >>> c = convergence("red survives the removal", 50, seed=1)
    >>> c.exact, len(list(c.samples))
    (5/7, 50)
    """
    return convergence_of(_QUESTIONS, question, n, seed)


_QUESTIONS: dict[str, Any] = {
    "all types differ": lambda n, seed: bernoulli_convergence(
        "all types differ", all_types_differ(), simulate_all_types_differ(n, seed)
    ),
    "value of red": lambda n, seed: distribution_convergence(
        "value of red", type_value(), simulate_type_value(n, seed)
    ),
    "red survives the removal": lambda n, seed: bernoulli_convergence(
        "red survives the removal", survives_removal(), simulate_survival(n, seed)
    ),
}
