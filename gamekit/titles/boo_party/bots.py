"""Boo Party! bots with a memory: one bot plays whichever role its seat has.

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
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from gamekit.bots import Bot
from gamekit.core.actions import Action
from gamekit.titles.boo_party.rules import ACCUSE_ACTION, PARTY_ON, Wear, WearNothing

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


BOTS = {"memory": MemoryBot}
"""The bots of Boo Party! (``random`` comes with every title)."""
