"""Boo Party! bots with a memory: each bot plays whichever role its seat has.

Two bots, weakest first: ``memory`` (:class:`MemoryBot`) picks a safe-looking
costume afresh every round; ``team`` (:class:`TeamBot`, the strongest,
``BEST``) has the Monsters plan together so that they hardly need their memory.

Every announced Vision is public, so a view lists all of them; a
:class:`MemoryBot` does not use that list directly. When it first sees a Vision
announced, it keeps it in mind with probability ``p``, and it holds at most
``k`` costumes (the oldest is forgotten first). The top Vision lies face up on
the table, so the bot always knows that one. With ``p=1`` and no ``k`` the bot
remembers everything and plays the logically best game:

- as a **Monster**, it never wears a costume it remembers from a Vision, never
  keeps last round's costume and never wears nothing; among the costumes it
  believes safe it only takes one that still leaves every teammate who has not
  chosen yet a safe costume of their own (so the team is never stuck);
- as the **Seer**, it accuses exactly when a costume worn now is one it
  remembers from a Vision, and also in the last round when it has forgotten
  some Vision (letting the party go on would lose for sure).

>>> import gamekit
>>> from gamekit import bots
>>> g = gamekit.new_game("boo-party", players=4, seed=3)
>>> team = [bots.make("boo-party", "memory", seed=s) for s in range(4)]
>>> while not g.is_over:
...     _ = g.play(team[g.to_move].choose(g))
>>> g.winners()  # perfect Monsters always survive the party
[1, 2, 3]

Forgetful Monsters (``p=0.9``) survive a perfect Seer far more often as a team:

>>> from gamekit.core.lean import play_out
>>> from gamekit.titles.boo_party.rules import RULES
>>> def survived(name: str) -> int:
...     config, won = RULES.make_config(5, {}), 0
...     for seed in range(100):
...         seats = [TeamBot(seed)] + [BOTS[name](seed + s, p=0.9) for s in range(1, 5)]
...         won += RULES.winners(play_out(RULES, config, seed, seats).state) != [0]
...     return won
>>> survived("memory") < 10 < 50 < survived("team")
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from gamekit.bots import Bot
from gamekit.core.actions import Action
from gamekit.titles.boo_party.actions import ACCUSE_ACTION, PARTY_ON, Wear, WearNothing

View = dict[str, Any]


class MemoryBot(Bot):
    """A Seer or a Monster (by its seat) that remembers Visions imperfectly.

    ``p`` is the chance of remembering each announced costume (0 to 1);
    ``k`` is how many costumes the memory holds at most (``None``: no limit).
    Made for one seat of one game: it learns each announcement only once.
    """

    name = "memory"

    def __init__(self, seed: int = 0, p: float = 1.0, k: int | None = None) -> None:
        super().__init__(seed)
        if not isinstance(p, int | float) or isinstance(p, bool) or not 0 <= p <= 1:
            raise ValueError(f"p is the chance of remembering a costume: 0 to 1, not {p!r}")
        if k is not None and (not isinstance(k, int) or isinstance(k, bool) or k < 0):
            raise ValueError(f"k is how many costumes the memory holds: 0 or more, not {k!r}")
        self.p = float(p)
        self.k = k
        self.memory: list[int] = []
        self._heard = 0

    def __repr__(self) -> str:
        return f"<MemoryBot 'memory' seed={self.seed} p={self.p} k={self.k}>"

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Choose from this seat's view: a disguise as a Monster, accuse or not as the Seer."""
        assert view is not None, "the memory bot needs its seat's view"
        known = self.recall(view["visions"])
        if view["role"] == "seer":
            return seer_choice(view, known)
        return self._disguise(view, legal, known)

    def recall(self, visions: Sequence[int]) -> set[int]:
        """Hear the Visions announced since the last call; return the costumes known now."""
        if len(visions) < self._heard:  # a new game: start afresh
            self.memory, self._heard = [], 0
        for costume in visions[self._heard :]:
            if self.p >= 1 or (self.p > 0 and self.rng.random() < self.p):
                self.memory.append(costume)
            if self.k is not None and len(self.memory) > self.k:
                del self.memory[0]
        self._heard = len(visions)
        known = set(self.memory)
        known.add(visions[-1])  # the top Vision lies face up
        return known

    def _disguise(self, view: View, legal: Sequence[Action], known: set[int]) -> Action:
        me: int = view["seat"]
        last: list[int | None] = view["last_worn"]
        free = [a.costume for a in legal if isinstance(a, Wear)]
        changes = [c for c in free if c != last[me]]
        if not changes:
            return WearNothing(me)
        safe = [c for c in changes if c not in known]
        waiting = [s for s, c in enumerate(view["worn"]) if c is None and s not in (0, me)]
        team_safe = [c for c in safe if team_can_dress(waiting, last, set(free) - known - {c})]
        pick = team_safe or safe or changes
        return Wear(me, pick[self.rng.below(len(pick))])


def seer_choice(view: View, known: Collection[int]) -> Action:
    """The Seer's decision: accuse when a worn costume is a remembered Vision.

    In the last round (no Vision left) letting the party go on loses for sure,
    so a Seer who has forgotten some Vision accuses anyway.
    """
    worn = [c for c in view["worn"][1:] if c is not None and c >= 0]
    if any(c in known for c in worn):
        return ACCUSE_ACTION
    if view["deck_size"] == 0 and len(known) < len(view["visions"]):
        return ACCUSE_ACTION
    return PARTY_ON


def team_can_dress(seats: Sequence[int], last: Sequence[int | None], pool: Collection[int]) -> bool:
    """Can each of ``seats`` take a different costume of ``pool`` that is not its last one?

    Each seat refuses at most one costume, so there is room whenever the pool
    has more costumes than seats; otherwise try every way (at most 7 seats).

    >>> team_can_dress([2, 3], [None, 0, 1, 2], {1, 2})
    True
    >>> team_can_dress([3], [None, 0, 1, 2], {2})
    False
    """
    if len(pool) > len(seats):
        return True
    return _assign(list(seats), last, set(pool))


def _assign(seats: list[int], last: Sequence[int | None], pool: set[int]) -> bool:
    if not seats:
        return True
    seat, rest = seats[0], seats[1:]
    return any(_assign(rest, last, pool - {c}) for c in pool if c != last[seat])


# -- the team: Monsters that plan together, a Seer that counts its chances ---------------


class TeamBot(MemoryBot):
    """A Monster that follows the team's plan, or a Seer that accuses when it pays.

    It has the same memory as :class:`MemoryBot` (``p``, ``k``), but as a
    Monster it hardly ever needs it.

    **As a Monster: pass the costumes round the table.** Last round the team
    wore four costumes and the Seer did not catch anyone, so (against a Seer
    who remembers everything) none of them was in a Vision. Since then only one
    new Vision came, and it lies face up: nobody needs memory to see it. So
    each Monster takes the costume that *the next Monster* wore last round
    (player 1 takes player 2's, ..., the last Monster takes player 1's). Every
    Monster changes costume and every costume is known to be safe: no memory
    used at all. No secret talk is needed either: each Monster works the plan
    out alone from what everyone can see (``last_worn``, the top Vision and
    what the teammates before it have taken), and all follow the same plan.

    Only when the top Vision shows one of the team's costumes must somebody
    find a new costume in the spread, and that needs memory. Whoever knows
    they remember *every* Vision volunteers: they take a new costume they
    know is safe, and the others share the team's remaining costumes. If
    nobody before them volunteered, the last Monster who still can takes a
    new costume among those it does not remember from a Vision. In the first
    round there is nothing to pass round, so everyone picks like that.

    **As the Seer:** accuse when a worn costume is a remembered Vision (a sure
    win), and in the last round whenever it has forgotten some Vision (letting
    the party go on would lose for sure). Before the last round it accuses on a
    hunch only if the chance that a worn costume is a forgotten Vision is above
    ``gamble`` (:func:`catch_chance`). The default 1 never gambles: in measured
    games every threshold tried (0.3 to 0.7) lost more often, because the team
    Monsters rarely wear a Vision, and one they do wear stays in the team until
    the last round, when the Seer accuses anyway.
    """

    name = "team"

    def __init__(
        self, seed: int = 0, p: float = 1.0, k: int | None = None, gamble: float = 1.0
    ) -> None:
        super().__init__(seed, p, k)
        if not isinstance(gamble, int | float) or isinstance(gamble, bool) or not 0 <= gamble <= 1:
            raise ValueError(f"gamble is a chance threshold: 0 to 1, not {gamble!r}")
        self.gamble = float(gamble)

    def __repr__(self) -> str:
        return f"<TeamBot 'team' seed={self.seed} p={self.p} k={self.k} gamble={self.gamble}>"

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Choose from this seat's view: the team's plan as a Monster, the odds as the Seer."""
        assert view is not None, "the team bot needs its seat's view"
        known = self.recall(view["visions"])
        lost = len(view["visions"]) - len(known)  # how many Visions it has forgotten
        if view["role"] == "seer":
            return self._seer(view, known, lost)
        return self._plan(view, legal, known, lost)

    def _plan(self, view: View, legal: Sequence[Action], known: set[int], lost: int) -> Action:
        me: int = view["seat"]
        last: list[int | None] = view["last_worn"]
        worn: list[int | None] = view["worn"]
        monsters = [s for s in range(view["players"]) if s != view["seer"]]
        team = [c for c in (last[s] for s in monsters) if c is not None and c >= 0]
        free = [a.costume for a in legal if isinstance(a, Wear)]
        spare = [c for c in free if c not in team and c not in known]
        if len(team) < len(monsters):  # the first round: nothing to pass round
            return self._new(me, spare) if spare else self._disguise(view, legal, known)
        later = monsters[monsters.index(me) + 1 :]
        taken = {c for c in (worn[s] for s in monsters) if c is not None}
        left = {c for c in team if c != view["top_vision"]} - taken  # still to pass round

        def fits(costume: int | None) -> bool:
            """After I take ``costume`` (``None``: a new one), can the others still dress?"""
            rest = left - {costume}
            return _share(later, last, rest, len(later) - len(rest))

        new_needed = len(later) + 1 > len(left)
        if new_needed and spare and (not left or (lost == 0 and fits(None))):
            return self._new(me, spare)  # I volunteer (I am sure), or I must
        mine = team[(monsters.index(me) + 1) % len(monsters)]  # the next Monster's
        good = [c for c in sorted(left) if c != last[me] and c not in known and fits(c)]
        if mine in good:
            return Wear(me, mine)
        if good:  # any of them will do: a draw, not the lowest-numbered
            return Wear(me, good[self.rng.below(len(good))])
        return self._new(me, spare) if spare else self._disguise(view, legal, known)

    def _new(self, me: int, spare: Sequence[int]) -> Action:
        """A new costume from ``spare``, at random: none is known to be in a Vision."""
        pick = sorted(spare)
        return Wear(me, pick[self.rng.below(len(pick))])

    def _seer(self, view: View, known: set[int], lost: int) -> Action:
        worn = [c for c in view["worn"] if c is not None and c >= 0]
        if any(c in known for c in worn):
            return ACCUSE_ACTION
        if lost <= 0:
            return PARTY_ON
        if view["deck_size"] == 0:
            return ACCUSE_ACTION  # going on loses for sure
        if self.gamble < 1:
            unknown = view["costumes"] - len(known)
            if catch_chance(unknown, lost, len(worn)) > self.gamble:
                return ACCUSE_ACTION
        return PARTY_ON


def catch_chance(unknown: int, lost: int, worn: int) -> float:
    """The chance that ``worn`` costumes drawn from ``unknown`` hit one of ``lost`` Visions.

    Every costume the Seer does not remember is equally likely to be a
    forgotten Vision (the Monsters avoid Visions, so this is an upper bound).

    >>> catch_chance(10, 0, 4), catch_chance(10, 1, 4), catch_chance(4, 1, 4)
    (0.0, 0.4, 1.0)
    """
    miss = 1.0
    for i in range(worn):
        miss *= max(0, unknown - lost - i) / (unknown - i) if unknown > i else 0.0
    return 1.0 - miss


def _share(seats: Sequence[int], last: Sequence[int | None], pool: set[int], new: int) -> bool:
    """Can ``seats`` take the ``pool`` costumes (not their own last ones) plus ``new`` new ones?"""
    if not seats:
        return not pool and new == 0
    seat, rest = seats[0], seats[1:]
    if new > 0 and _share(rest, last, pool, new - 1):
        return True
    return any(_share(rest, last, pool - {c}, new) for c in pool if c != last[seat])


BOTS = {"memory": MemoryBot, "team": TeamBot}
"""The bots of Boo Party! (``random`` comes with every title), weakest to strongest."""

BEST = "team"
"""The strongest bot: the Monsters' team plan, the Seer's careful accusations."""

SEARCH_ABOVE = "random"
"""The strongest of these bots that the generic search bot beats (``benchmarks/bots.py``)."""
