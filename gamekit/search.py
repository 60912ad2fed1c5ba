"""A search bot for every title: determinized Monte Carlo through the ``Rules`` contract.

How it decides, in four steps a learner can redo by hand:

1. **Guess the hidden cards.** The bot cannot see the other hands or the deck.
   It asks the title's sampler, :meth:`~gamekit.core.rules.Rules.sample_hidden`,
   for a *world*: a complete state that agrees with everything its seat sees,
   the unseen cards dealt at random. This is a *determinization*: one guess
   turns a game of hidden information into one of perfect information.
2. **Try every move in that world.** For each legal action, copy the world,
   play the action, then finish the game with random moves for everyone (a
   *rollout*), and note how well the bot's seat did (1 for a win, shared on a
   tie, plus a little for the score margin). A title may instead let its own
   simple bot play the next few moves for everyone (each from its own view of
   the world: a better model of real opponents than random play) and then read
   the running scores (the title's
   :attr:`~gamekit.core.rules.Rules.search_defaults`).
3. **Repeat with many worlds** and average: a move that does well across many
   guesses is a good move whatever the hidden cards are. Together, steps 1-3
   are *perfect-information Monte Carlo* (PIMC).
4. **Spend the effort wisely** (*sequential halving*): every move gets a few
   worlds, the worse half is dropped, the survivors get more worlds, and so on
   until one move is left.

The bot is seeded (the same seed, the same decisions) and its effort is counted
in *simulated decisions*, not in seconds, so it is reproducible on any machine;
``time_limit`` adds an optional wall-clock cap (then it is no longer
reproducible). Every world comes from the sampler, which reads only what the
seat sees: two games that differ only in hidden cards give the same decision.

>>> import gamekit
>>> from gamekit import bots
>>> g = gamekit.new_game("knock-knock", players=4, seed=3)
>>> bot = bots.make("knock-knock", "search", seed=1, budget=2000)
>>> bot.choose(g) in g.legal_actions()
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from gamekit.core.actions import Action
from gamekit.core.errors import GamekitError
from gamekit.core.lean import decide
from gamekit.core.players import BEST, SEARCH, Bot, View, simple_factory
from gamekit.core.rng import Rng, derive_seed
from gamekit.core.rules import Rules

GUIDED_COST = 40
"""A move chosen by a guiding bot counts as this many random moves (it costs about that)."""
WORLD_COST = 20
"""A sampled world counts as this many simulated decisions (making it costs about that)."""
MARGIN_WEIGHT = 0.1
"""How much the score margin adds to a win (ties between moves that win as often)."""


def check_sampler(rules: Rules[Any]) -> None:
    """Raise :class:`~gamekit.core.errors.NoSampler` unless ``rules`` has a ``sample_hidden``."""
    if type(rules).sample_hidden is Rules.sample_hidden:
        rules.sample_hidden(None, None, Rng(0))  # raises NoSampler with the explanation


def reward(rules: Rules[Any], state: Any, seat: int) -> float:
    """How well ``seat`` did in a finished game: its share of the win plus a small margin term.

    The margin term is my score minus the best other score, scaled into
    ``[-MARGIN_WEIGHT, MARGIN_WEIGHT]``: among moves that win equally often, the
    one that wins by more (or loses by less) is preferred.
    """
    winners = rules.winners(state)
    share = 1.0 / len(winners) if seat in winners else 0.0
    scores = rules.scores(state)
    if len(scores) < 2:
        return share
    mine = float(scores[seat])
    rival = max(float(s) for i, s in enumerate(scores) if i != seat)
    return share + MARGIN_WEIGHT * (mine - rival) / (abs(mine) + abs(rival) + 1.0)


def estimate(rules: Rules[Any], state: Any, seat: int) -> float:
    """A guess at :func:`reward` for an unfinished game, from the running scores.

    My running score minus the best other one, scaled into ``[-1, 1]``, mapped
    to a chance of winning between 0 and 1 (plus the margin term of a reward).
    """
    scores = rules.scores(state)
    if len(scores) < 2:
        return 0.5
    mine = float(scores[seat])
    rival = max(float(s) for i, s in enumerate(scores) if i != seat)
    margin = (mine - rival) / (abs(mine) + abs(rival) + 1.0)
    return 0.5 * (1.0 + margin) + MARGIN_WEIGHT * margin


def rollout(
    rules: Rules[Any],
    state: Any,
    rng: Rng,
    depth: int | None = None,
    guides: Sequence[Bot] = (),
    lookahead: int = 0,
) -> int:
    """Finish the game in ``state`` (in place), or stop after ``depth`` moves.

    The first ``lookahead`` moves are chosen by ``guides`` (one bot per seat,
    each from its own view of this world), the rest at random. Returns the cost
    in simulated decisions (a guided move counts :data:`GUIDED_COST`).
    """
    to_move, legal_actions, apply = rules.to_move, rules.legal_actions, rules.apply
    below = rng.below
    steps = cost = 0
    limit = -1 if depth is None else depth
    while steps != limit and (seat := to_move(state)) is not None:
        legal = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        elif steps < lookahead and guides:
            action = decide(rules, state, guides[seat], seat)
            cost += GUIDED_COST - 1
        else:
            action = legal[below(len(legal))]
        apply(state, action, None)
        steps += 1
    return steps + cost


def evaluate(
    rules: Rules[Any],
    world: Any,
    action: Action,
    seat: int,
    seed: int,
    depth: int | None = None,
    guides: Sequence[Bot] = (),
    lookahead: int = 0,
) -> tuple[float, int]:
    """Play ``action`` in a copy of ``world``, roll out: (reward or its estimate, cost)."""
    state = rules.copy_state(world)
    rules.apply(state, action, None)
    cost = 1 + rollout(rules, state, Rng(seed), depth, guides, lookahead)
    if rules.is_over(state):
        return reward(rules, state, seat), cost
    return estimate(rules, state, seat), cost


def halve(
    alive: list[int],
    totals: Sequence[float],
    counts: Sequence[int],
    draw: Sequence[int] | None = None,
) -> list[int]:
    """Keep the better half of the moves still in the race (by mean reward).

    Equal means are ordered by ``draw`` (a shuffled rank for each move: the search
    draws it from its seed), else as listed.

    >>> halve([0, 1, 2], [1.0, 3.0, 2.0], [2, 2, 2])
    [1, 2]
    >>> halve([0, 1, 2], [1.0, 1.0, 1.0], [2, 2, 2], draw=[2, 0, 1])
    [1, 2]
    """
    rank = draw or range(len(totals))
    ranked = sorted(alive, key=lambda a: (-totals[a] / max(1, counts[a]), rank[a]))
    return sorted(ranked[: (len(alive) + 1) // 2])


class SearchBot(Bot):
    """Determinized Monte Carlo search (PIMC with sequential halving): plays any title.

    ``budget`` is the effort per decision, in simulated decisions (``None``: the
    title's default, its ``search_defaults.budget``, tuned so that a decision takes
    well under 50 ms on two cores: see ``benchmarks/bots.py``); ``time_limit``
    (seconds, optional) also stops the search early, at the price of reproducibility.
    ``policy`` names the title's (memoryless) bot that plays the first ``lookahead``
    moves of each rollout, and ``depth`` how many moves a rollout plays before the
    running scores are read (``None``: to the end); left out, they come from the
    title's ``search_defaults``.
    """

    name = "search"
    needs_view = False
    needs_state = True

    def __init__(
        self,
        seed: int = 0,
        budget: int | None = None,
        time_limit: float | None = None,
        policy: str | None = None,
        lookahead: int | None = None,
        depth: int | None = -1,
    ) -> None:
        super().__init__(seed)
        if budget is not None and (
            not isinstance(budget, int) or isinstance(budget, bool) or budget < 1
        ):
            raise ValueError(f"budget counts simulated decisions: 1 or more, not {budget!r}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit is in seconds and must be positive, not {time_limit!r}")
        if depth is not None and (not isinstance(depth, int) or isinstance(depth, bool)):
            raise ValueError(f"depth is a number of moves or None, not {depth!r}")
        if lookahead is not None and (
            not isinstance(lookahead, int) or isinstance(lookahead, bool) or lookahead < 0
        ):
            raise ValueError(f"lookahead is a number of moves (0 or more), not {lookahead!r}")
        if policy in (SEARCH, BEST):
            raise ValueError("the rollout policy must be a simple bot, not a search bot")
        self.budget = budget
        self.policy = policy
        self.lookahead = lookahead
        self.depth = depth
        self.time_limit = time_limit
        self.decisions = 0

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Not available: the search bot needs the state (it guesses the rest from the view)."""
        raise GamekitError(
            "the search bot decides from the game, not from a view: use bot.choose(game), "
            "simulate(...) or play_out(...)"
        )

    def act_on_state(self, rules: Rules[Any], state: Any, legal: Sequence[Action]) -> Action:
        """Choose for ``rules.to_move(state)``, reading the state only through the sampler."""
        seat = rules.to_move(state)
        if seat is None:
            raise GamekitError("the game is over: there is nothing to decide")
        if len(legal) == 1:
            return legal[0]
        self.decisions += 1
        key = derive_seed(self.seed, "decision", self.decisions)
        budget = self.budget or rules.search_defaults.budget
        return legal[self._search(rules, state, legal, seat, key, budget)]

    def _style(self, rules: Rules[Any], key: int, seats: int) -> tuple[list[Bot], int, int | None]:
        """The guiding bots (one per seat), the lookahead and the depth of the rollouts."""
        style = rules.search_defaults
        policy = self.policy or style.policy
        lookahead = style.lookahead if self.lookahead is None else self.lookahead
        depth = style.depth if self.depth == -1 else self.depth
        if policy == "random" or lookahead <= 0:
            return [], 0, depth
        make = simple_factory(rules, policy)
        return [make(seed=derive_seed(key, "guide", s)) for s in range(seats)], lookahead, depth

    def _search(
        self,
        rules: Rules[Any],
        state: Any,
        legal: Sequence[Action],
        seat: int,
        key: int,
        budget: int,
    ) -> int:
        """Sequential halving over the moves; each world is shared by all moves (fair
        comparisons). Only ``sample_hidden`` reads ``state``."""
        guides, lookahead, depth = self._style(rules, key, rules.players(state))
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        alive = list(range(len(legal)))
        draw = Rng(derive_seed(key, "ties")).shuffled(alive)  # equal moves: a draw, not list order
        rounds = max(1, math.ceil(math.log2(len(legal))))
        share = budget / rounds
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        index = 0
        while len(alive) > 1:
            spent = 0
            while spent < share:
                world = rules.sample_hidden(state, seat, Rng(derive_seed(key, "world", index)))
                seed = derive_seed(key, "rollout", index)
                index += 1
                spent += WORLD_COST
                for a in alive:
                    value, steps = evaluate(
                        rules, world, legal[a], seat, seed, depth, guides, lookahead
                    )
                    totals[a] += value
                    counts[a] += 1
                    spent += steps
                if deadline is not None and time.perf_counter() > deadline:
                    return max(alive, key=lambda a: (totals[a] / max(1, counts[a]), -draw[a]))
            alive = halve(alive, totals, counts, draw)
        return alive[0]
