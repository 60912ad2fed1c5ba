"""Knock! Knock!: exact answers to a learner's questions.

Every function states its question in plain words and answers exactly (SymPy
rationals). Questions that depend on the table take a view dict from
``game.view(seat)``: the answer uses only what that seat may know, with every
card it cannot see equally likely to be any of the unseen cards (a *uniform
prior*). Card kinds are the names of the views: ``"monster"``,
``"ghost brute"``, ``"vampire musician"``, ``"kid"``, ``"hearse taxi"``...

>>> starting_guests()
{'one folk': 3/11, 'two folks': 8/11}
>>> party_score_formula()
3*S + g_1*(m_1 + 1) + g_2*(m_2 + 1) + g_3*(m_3 + 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

import sympy

from gamekit.core.rng import Rng, derive_seed
from gamekit.odds._common import (
    Convergence,
    Dist,
    bernoulli_convergence,
    convergence_of,
    distribution_convergence,
    from_counts,
    hypergeom,
    mean,
    push,
)
from gamekit.titles.knock_knock.rules import (
    CATALOGUE,
    COPIES,
    FIRST_GUESTS,
    FOLKS,
    HAND_SIZE,
    KIND_NAMES,
    THREE_PLAYER_BOX,
    deal,
    largest_unprotected_folks,
)
from gamekit.titles.knock_knock.rules import Config as GameConfig

FIRST_GUESTS_PER_FOLK = 4
"""Standard guests of each folk shuffled for the first guests (12 in all)."""

KIND_OF: dict[str, int] = {name: i for i, name in enumerate(KIND_NAMES)}
FULL_DECK: Counter[str] = Counter({KIND_NAMES[k]: n for k, n in enumerate(COPIES)})
"""How many cards of each kind the 55-card deck holds (Ruling K1)."""


# -- 1. the two starting guests -------------------------------------------------


def starting_guests(per_folk: int = FIRST_GUESTS_PER_FOLK, folks: int = 3) -> Dist:
    """What are the chances that my two first guests are of one folk, or of two folks?

    The first guests are dealt from ``folks * per_folk`` standard guests (4 of
    each of 3 folks). The second guest matches the first with chance
    ``(per_folk - 1) / (folks * per_folk - 1)``: 3/11.

    Conditions on nothing seen: a uniform deal, before any card is looked at (not
    even your own hand).

    >>> starting_guests()
    {'one folk': 3/11, 'two folks': 8/11}
    >>> starting_guests(per_folk=2)
    {'one folk': 1/5, 'two folks': 4/5}
    """
    same = sympy.Rational(per_folk - 1, folks * per_folk - 1)
    return {"one folk": same, "two folks": 1 - same}


def starting_pair_formula() -> sympy.Expr:
    """As a formula: the chance both first guests share a folk, with ``g`` guests of each
    of ``f`` folks.

    >>> starting_pair_formula()
    (g - 1)/(f*g - 1)
    >>> starting_pair_formula().subs({"g": 4, "f": 3})
    3/11
    """
    g, f = sympy.symbols("g f")
    return (g - 1) / (f * g - 1)


def pairs_at_table(players: int, per_folk: int = FIRST_GUESTS_PER_FOLK) -> Dist:
    """How many players start with two guests of one folk? (the whole table)

    The deal is one shuffle of the 12 first guests, so the players are not
    independent; the answer follows the deal player by player, exactly.

    Conditions on nothing seen: a uniform deal of the whole table.

    >>> pairs_at_table(3)
    {0: 152/385, 1: 32/77, 2: 64/385, 3: 9/385}
    """
    out: dict[int, Fraction] = {}
    for pairs, p in _pairs_after((per_folk,) * 3, players).items():
        out[pairs] = p
    return {k: sympy.Rational(v.numerator, v.denominator) for k, v in sorted(out.items())}


@cache
def _pairs_after(left: tuple[int, ...], players: int) -> dict[int, Fraction]:
    """Distribution of pairs among ``players`` deals from ``left`` guests per folk."""
    if players == 0:
        return {0: Fraction(1)}
    total = sum(left)
    out: dict[int, Fraction] = {}
    for a in range(3):
        for b in range(3):
            if not left[a] or (b == a and left[a] < 2) or (b != a and not left[b]):
                continue
            p = Fraction(left[a], total) * Fraction(left[b] - (a == b), total - 1)
            rest = list(left)
            rest[a] -= 1
            rest[b] -= 1
            for pairs, q in _pairs_after(tuple(rest), players - 1).items():
                key = pairs + (a == b)
                out[key] = out.get(key, Fraction(0)) + p * q
    return out


def simulate_starting_guests(n: int, seed: int, players: int = 4) -> Iterator[int]:
    """Deal ``n`` games with the engine; yield 1 when player 0's first guests share a folk.

    >>> sum(simulate_starting_guests(10, seed=1)) <= 10
    True
    """
    config = GameConfig(players=players)
    for i in range(n):
        party = deal(config, derive_seed(seed, "starting-guests", i)).parties[0]
        yield int(len({CATALOGUE[c] for c in party}) == 1)


# -- 2. the starting hand --------------------------------------------------------


def starting_hand(kinds: Sequence[str], players: int = 4) -> Dist:
    """How many cards of the given kinds will my five-card starting hand hold?

    The hand is five cards from what is left after the first guests (and, with
    three players, the three boxed brutes): a hypergeometric count. For standard
    guests the answer also averages over how many of them went to the first guests.

    Conditions on nothing seen: a uniform deal, before the first guests are shown.

    >>> starting_hand(["kid"])[0]
    283556/511313
    >>> sum(starting_hand(["kid", "hearse taxi", "ghost"]).values())
    1
    """
    kinds = sorted(set(kinds), key=KIND_OF.__getitem__)
    box = Counter(KIND_NAMES[CATALOGUE[c]] for c in THREE_PLAYER_BOX) if players == 3 else {}
    size = sum(FULL_DECK.values()) - sum(box.values()) - 2 * players
    fixed = sum(FULL_DECK[k] - box.get(k, 0) for k in kinds)
    folks = sum(1 for k in kinds if k in FOLKS)
    firsts = FIRST_GUESTS_PER_FOLK * len(FOLKS)
    out: dict[int, Any] = {}
    for dealt in range(min(2 * players, FIRST_GUESTS_PER_FOLK * folks) + 1):
        p_dealt = hypergeom(firsts, FIRST_GUESTS_PER_FOLK * folks, 2 * players, dealt)
        for k in range(HAND_SIZE + 1):
            out[k] = out.get(k, 0) + p_dealt * hypergeom(size, fixed - dealt, HAND_SIZE, k)
    return {k: p for k, p in out.items() if p}


def simulate_starting_hand(
    kinds: Sequence[str], n: int, seed: int, players: int = 4
) -> Iterator[int]:
    """Deal ``n`` games with the engine; yield how many of ``kinds`` player 0's hand holds.

    >>> all(0 <= k <= 5 for k in simulate_starting_hand(["kid"], 20, seed=1))
    True
    """
    config = GameConfig(players=players)
    wanted = {KIND_OF[k] for k in kinds}
    for i in range(n):
        hand = deal(config, derive_seed(seed, "starting-hand", i)).hands[0]
        yield sum(CATALOGUE[c] in wanted for c in hand)


# -- 3. unseen cards, for any view -----------------------------------------------


def unseen_cards(view: Mapping[str, Any]) -> Counter[str]:
    """Which cards can this seat not see, and how many of each kind?

    Everything minus what the view shows: the box, every party, the discard, the
    face-up deck card, the cards everybody saw drawn (Ruling K5), the seat's own
    hand and the card it knocked with.

    Conditions on the view only. A seat forgets nothing the view keeps: every card
    drawn in public stays listed in ``known`` until it leaves that hand (Ruling K5),
    and a knocked card is always revealed.

    >>> import gamekit
    >>> view = gamekit.new_game("knock-knock", players=4, seed=3).view(0)
    >>> sum(unseen_cards(view).values()) == view["deck_size"] - 1 + 3 * 5
    True
    """
    seen: Counter[str] = Counter(view["box"]) + Counter(view["discard"])
    for party in view["parties"]:
        seen.update(party)
    seat = view["seat"]
    for s, known in enumerate(view["known"]):
        if s != seat:
            seen.update(known)
    if seat is not None:
        seen.update(view["hand"])
    knock = view.get("knock")
    if knock and knock.get("card"):
        seen[knock["card"]] += 1
    choice = view.get("choice")
    if choice:  # a vamp, kid or taxi being resolved, face up
        seen[choice["card"]] += 1
    if view["deck_top"] is not None:
        seen[view["deck_top"]] += 1
    left = FULL_DECK - seen
    if any(seen[k] > FULL_DECK[k] for k in seen):
        raise ValueError("this view shows more cards of a kind than the deck holds")
    return left


def hidden_slots(view: Mapping[str, Any]) -> int:
    """How many face-down places hold a card this seat cannot see (must equal the unseen
    count): unknown cards in other hands, a knocked card it did not lay, the deck
    below the face-up card.

    Conditions on the view only.

    >>> import gamekit
    >>> hidden_slots(gamekit.new_game("knock-knock", players=4, seed=3).view(0))
    41
    """
    seat = view["seat"]
    knock = view.get("knock")
    total = view["deck_size"] - (view["deck_top"] is not None)
    for s, size in enumerate(view["hand_sizes"]):
        if s == seat:
            continue
        total += size - len(view["known"][s])
        if knock and knock["knocker"] == s:
            total += 1
    return int(total)


def next_deck_card(view: Mapping[str, Any]) -> Dist:
    """What is the next face-down card of the deck, as far as this seat knows?

    With the face-up deck it is the card under the visible top card; with the
    ``face_down_deck`` variant it is the top card. Every unseen card is equally
    likely to lie there.

    Conditions on the view only (through :func:`unseen_cards`).

    >>> import gamekit
    >>> view = gamekit.new_game("knock-knock", players=4, seed=3).view(0)
    >>> sum(next_deck_card(view).values())
    1
    """
    face_down = view["deck_size"] - (view["deck_top"] is not None)
    if face_down <= 0:
        raise ValueError("the deck holds no face-down card")
    return _sorted(from_counts(unseen_cards(view)))


def knocked_card(view: Mapping[str, Any], knocker: int | None = None) -> Dist:
    """Which card does the knocker lay at the door, as far as this seat knows?

    Uses the knock waiting in the view, or else a knock the player ``knocker``
    (default: the player whose turn it is) is about to make. The prior: the
    knocker lays any one of their cards with the same chance, and every card
    this seat cannot see is equally likely to be any unseen card. Cards that
    everybody saw drawn (Ruling K5) count as themselves.

    Conditions on the view only, and treats the knocker's choice of card as random:
    it ignores their strategy.

    >>> import gamekit
    >>> g = gamekit.new_game("knock-knock", players=4, seed=3)
    >>> g.play(g.legal_actions()[0]) and None
    >>> dist = knocked_card(g.view(1))
    >>> sum(dist.values()), max(dist, key=dist.get)
    (1, 'vampire')
    """
    seat = view["seat"]
    knock = view.get("knock")
    if knock:
        knocker = knock["knocker"]
        if knock.get("card"):
            return {knock["card"]: sympy.Integer(1)}
    knocker = int(view["turn"] if knocker is None else knocker)
    if seat == knocker:
        return _sorted(from_counts(Counter(view["hand"])))
    holding = view["hand_sizes"][knocker] + (1 if knock else 0)
    known = Counter(view["known"][knocker])
    unknown = holding - sum(known.values())
    out: dict[str, Any] = {k: sympy.Rational(n, holding) for k, n in known.items()}
    if unknown:
        for kind, p in from_counts(unseen_cards(view)).items():
            out[kind] = out.get(kind, 0) + sympy.Rational(unknown, holding) * p
    return _sorted(out)


def _sorted(dist: Mapping[str, Any]) -> Dist:
    return {k: dist[k] for k in sorted(dist, key=KIND_OF.__getitem__)}


# -- 4. open or decline ----------------------------------------------------------


@dataclass(frozen=True)
class DoorChoice:
    """Expected changes of the target's score, and of the target's lead over the knocker.

    >>> DoorChoice(*map(sympy.Integer, (1, 0, -1, 2))).better
    'decline'
    """

    open: sympy.Rational
    decline: sympy.Rational
    open_margin: sympy.Rational
    decline_margin: sympy.Rational

    @property
    def better(self) -> str:
        """``"open"`` or ``"decline"``: the choice with the larger expected lead."""
        return "open" if self.open_margin >= self.decline_margin else "decline"


def open_or_decline(
    view: Mapping[str, Any], knocker: int | None = None, target: int | None = None
) -> DoorChoice:
    """Should the target open the door? The expected change of the target's score, and
    of the target's lead over the knocker, if they open or keep the door closed.

    The card is drawn from :func:`knocked_card` (the uniform prior). When a
    vamp, kid or taxi leaves a choice to the competitor, the competitor takes
    the answer that is best for their own lead over the revealer.

    Conditions on the view only, through :func:`knocked_card` (the knocker's choice
    taken as random).

    >>> import gamekit
    >>> g = gamekit.new_game("knock-knock", players=4, seed=3)
    >>> g.play(g.legal_actions()[0]) and None
    >>> choice = open_or_decline(g.view(1))
    >>> choice.open, choice.decline, choice.better
    (10/41, 13/41, 'decline')
    """
    opened = door_outcomes(view, True, knocker, target)
    closed = door_outcomes(view, False, knocker, target)
    return DoorChoice(
        mean(push(opened, lambda d: d[0])),
        mean(push(closed, lambda d: d[0])),
        mean(push(opened, lambda d: d[0] - d[1])),
        mean(push(closed, lambda d: d[0] - d[1])),
    )


def door_outcomes(
    view: Mapping[str, Any],
    opened: bool,
    knocker: int | None = None,
    target: int | None = None,
) -> Dist:
    """If the target opens (or keeps the door closed), how likely is each change of
    score? Outcomes are pairs ``(change of the target's score, change of the
    knocker's score)``; the card follows :func:`knocked_card`.

    Conditions on the view only, through :func:`knocked_card` (the knocker's choice
    taken as random).

    >>> import gamekit
    >>> g = gamekit.new_game("knock-knock", players=4, seed=3)
    >>> g.play(g.legal_actions()[0]) and None
    >>> door_outcomes(g.view(1), opened=False)[(0, 1)]
    16/41
    """
    knocker, target = _knock_seats(view, knocker, target)
    parties = [Counter(p) for p in view["parties"]]
    revealer, competitor = (target, knocker) if opened else (knocker, target)
    before = party_points(parties[target]), party_points(parties[knocker])
    out: dict[tuple[int, int], Any] = {}
    for kind, p in knocked_card(view, knocker).items():
        after = reveal(parties, kind, revealer, competitor)
        key = (
            party_points(after[target]) - before[0],
            party_points(after[knocker]) - before[1],
        )
        out[key] = out.get(key, 0) + p
    return {k: out[k] for k in sorted(out)}


def _knock_seats(
    view: Mapping[str, Any], knocker: int | None, target: int | None
) -> tuple[int, int]:
    knock = view.get("knock")
    if knock:
        return int(knock["knocker"]), int(knock["target"])
    knocker = view["turn"] if knocker is None else knocker
    if knocker is None or target is None or target == knocker:
        raise ValueError("name the knocker and the target: two different players")
    return int(knocker), int(target)


def reveal(
    parties: Sequence[Counter[str]], kind: str, revealer: int, competitor: int
) -> list[Counter[str]]:
    """The parties after ``revealer`` reveals a card of ``kind`` (the competitor's choices
    are the best for the competitor's lead).

    >>> parties = [Counter(["ghost", "ghost"]), Counter(["monster"])]
    >>> [sorted(p.elements()) for p in reveal(parties, "kid", 0, 1)]
    [[], ['ghost', 'ghost', 'monster']]
    """
    out = [Counter(p) for p in parties]
    k = KIND_OF[kind]
    if kind.endswith("vamp"):
        folk = k % 3
        options = [
            KIND_NAMES[g] for g in (folk, folk + 3, folk + 6) if out[revealer][KIND_NAMES[g]]
        ]
        moves = [_moved(out, revealer, competitor, {g: 1}, keep=True) for g in options]
    elif kind in ("kid", "hearse taxi"):
        tied = largest_unprotected_folks(KIND_OF[c] for c in out[revealer].elements())
        keep = kind == "kid"
        moves = [
            _moved(out, revealer, competitor, _folk_cards(out[revealer], f), keep) for f in tied
        ]
    else:
        out[revealer][kind] += 1
        return out
    if not moves:
        return out  # Ruling K4: no effect
    return max(moves, key=lambda m: party_points(m[competitor]) - party_points(m[revealer]))


def _folk_cards(party: Counter[str], folk: int) -> dict[str, int]:
    names = (KIND_NAMES[folk], KIND_NAMES[folk + 3], KIND_NAMES[folk + 6])
    return {n: party[n] for n in names if party[n]}


def _moved(
    parties: Sequence[Counter[str]], src: int, dst: int, cards: Mapping[str, int], keep: bool
) -> list[Counter[str]]:
    out = [Counter(p) for p in parties]
    out[src] -= Counter(cards)
    if keep:
        out[dst] += Counter(cards)
    return out


# -- 5. the score of a party -------------------------------------------------------


def party_score_formula() -> sympy.Expr:
    """What is a party worth, as a formula?

    ``g_i`` guests of folk ``i`` (brutes and the musician included), ``m_i`` = 1
    if folk ``i``'s musician is there (else 0), ``S`` scarecrows:
    ``sum_i g_i (1 + m_i) + 3 S``. A musician doubles its whole folk: with
    ``g`` guests of its folk it adds ``g + 1`` points, not 1.

    >>> party_score_formula().subs({"g_1": 3, "m_1": 1, "g_2": 2, "m_2": 0, "g_3": 0,
    ...                             "m_3": 0, "S": 1})
    11
    """
    g = sympy.symbols("g_1:4")
    m = sympy.symbols("m_1:4")
    s = sympy.Symbol("S")
    return sum((g[i] * (1 + m[i]) for i in range(3)), sympy.Integer(0)) + 3 * s


def party_points(party: Mapping[str, int] | Sequence[str]) -> int:
    """How many points is this party worth? (kind names, or kind -> count)

    >>> party_points(["ghost", "ghost brute", "ghost musician", "monster", "scarecrow"])
    10
    """
    counts = Counter(party) if not isinstance(party, Mapping) else Counter(party)
    values: dict[str, int] = {"S": counts["scarecrow"]}
    for i, folk in enumerate(FOLKS, start=1):
        names = (folk, f"{folk} brute", f"{folk} musician")
        values[f"g_{i}"] = sum(counts[n] for n in names)
        values[f"m_{i}"] = int(counts[f"{folk} musician"] > 0)
    return int(_score_function()(**values))


@lru_cache(maxsize=1)
def _score_function() -> Any:
    expr = party_score_formula()
    names = sorted(str(s) for s in expr.free_symbols)
    return sympy.lambdify(sympy.symbols(names), expr, modules=[{}, "math"])


def musician_gain(guests: int) -> int:
    """How many points does a musician add to a party that has ``guests`` of its folk?

    >>> [musician_gain(g) for g in range(4)]
    [2, 3, 4, 5]
    """
    return 2 * (guests + 1) - guests


# -- helpers for simulations -------------------------------------------------------


def redeal(state: Any, seat: int | None, rng: Rng) -> Any:
    """A copy of an engine state in which every card ``seat`` cannot see is dealt again
    uniformly at random: the uniform prior, played out on the table.

    Cards everybody saw drawn stay in their hands (Ruling K5); a knocked card the
    seat did not lay is one of the knocker's cards, each as likely.

    >>> import gamekit
    >>> g = gamekit.new_game("knock-knock", players=3, seed=2)
    >>> from gamekit.titles.knock_knock.rules import RULES
    >>> g.view(1) == RULES.view(redeal(g.state, 1, Rng(5)), 1)
    True
    """
    from gamekit.titles.knock_knock.rules import RULES

    return RULES.resample_hidden(state, seat, rng)


def simulate_next_deck_card(state: Any, seat: int | None, n: int, seed: int) -> Iterator[str]:
    """Deal again ``n`` times what ``seat`` cannot see (:func:`redeal`) and yield the next
    face-down deck card each time (``state`` is an engine state, ``game.state``).

    >>> import gamekit
    >>> g = gamekit.new_game("knock-knock", players=4, seed=3)
    >>> len(list(simulate_next_deck_card(g.state, 0, 5, seed=1)))
    5
    """
    for i in range(n):
        dealt = redeal(state, seat, Rng(derive_seed(seed, "deck", i)))
        yield KIND_NAMES[CATALOGUE[dealt.deck[-1] if dealt.face_down_deck else dealt.deck[-2]]]


def simulate_knocked_card(state: Any, seat: int | None, n: int, seed: int) -> Iterator[str]:
    """Deal again ``n`` times what ``seat`` cannot see, with a knock waiting at a door,
    and yield the knocked card each time.

    >>> import gamekit
    >>> g = gamekit.new_game("knock-knock", players=3, seed=2)
    >>> g.play(g.legal_actions()[0]) and None
    >>> set(simulate_knocked_card(g.state, 0, 5, seed=1)) == {g.view(0)["knock"]["card"]}
    True
    """
    for i in range(n):
        yield KIND_NAMES[CATALOGUE[redeal(state, seat, Rng(derive_seed(seed, "door", i))).knocked]]


def first_guest_counts() -> Counter[str]:
    """The 12 first guests by kind (4 of each folk).

    >>> first_guest_counts()["ghost"]
    4
    """
    return Counter(KIND_NAMES[CATALOGUE[c]] for c in FIRST_GUESTS)


# -- questions for convergence charts ----------------------------------------------------


def convergence(question: str, n: int, seed: int) -> Convergence:
    """A question's exact mean and variance with ``n`` seeded engine samples, for
    ``gamekit.charts.convergence``. Questions: ``"first guests of one folk"``,
    ``"kids in the starting hand"``, ``"players starting with a pair"``.

    >>> c = convergence("first guests of one folk", 100, seed=1)
    >>> c.exact, len(list(c.samples))
    (3/11, 100)
    """
    return convergence_of(_QUESTIONS, question, n, seed)


def _pairs_samples(n: int, seed: int) -> Iterator[int]:
    config = GameConfig(players=4)
    for i in range(n):
        parties = deal(config, derive_seed(seed, "pairs", i)).parties
        yield sum(len({CATALOGUE[c] for c in p}) == 1 for p in parties)


_QUESTIONS: dict[str, Any] = {
    "first guests of one folk": lambda n, seed: bernoulli_convergence(
        "first guests of one folk",
        starting_guests()["one folk"],
        simulate_starting_guests(n, seed),
    ),
    "kids in the starting hand": lambda n, seed: distribution_convergence(
        "kids in the starting hand",
        starting_hand(["kid"]),
        simulate_starting_hand(["kid"], n, seed),
    ),
    "players starting with a pair": lambda n, seed: distribution_convergence(
        "players starting with a pair", pairs_at_table(4), _pairs_samples(n, seed)
    ),
}
