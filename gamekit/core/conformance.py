"""The conformance checker every game's tests call.

It plays random games through the full API and checks, at every step, the
contract of ``docs/api.md``: legal actions exist until the end and each applies;
an action that is not legal raises ``IllegalAction`` and changes nothing; every
card is in exactly one place; scores equal a recount; views are JSON-able and leak
nothing; undo/redo and save/load give equal states; the same seed gives the same
game. A failure raises :class:`ConformanceError` naming title, seed and step, and
so does any exception the title's own code raises (with the method that raised it).
A game that does not end within ``max_steps`` decisions (:data:`MAX_STEPS` by
default) is a failure too, so a game that never ends is reported, not run forever.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from gamekit.core.actions import Action, action_from_json
from gamekit.core.errors import IllegalAction
from gamekit.core.game import Game, load_game, new_game
from gamekit.core.returns import checked_scores
from gamekit.core.rng import Rng, derive_seed
from gamekit.core.rules import Rules

MAX_STEPS = 5000
"""The most decisions one checked game may take before it counts as never ending (the
kit's longest titles take a few hundred)."""


class ConformanceError(AssertionError):
    """A broken promise of the contract, with the title, seed and step where it broke."""


def snapshot(game: Game) -> str:
    """The full state as canonical JSON text (cheap to keep and compare)."""
    return json.dumps(game.rules.state_dict(game._state), sort_keys=True)


class _Foreign:
    """An object that is no game's action."""

    def __repr__(self) -> str:
        return "<a foreign object>"


def check_title(
    title: str,
    seeds: Iterable[int] = range(500),
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    leak_every: int = 3,
    max_steps: int = MAX_STEPS,
) -> int:
    """Check random games of ``title`` for each seed; return the decisions checked.

    Raises :class:`ConformanceError` at the first broken promise, naming the title,
    seed and step; a game still going after ``max_steps`` decisions is one.
    """
    total = 0
    for seed in seeds:
        total += check_game(title, seed, players, options or {}, leak_every, max_steps)
    return total


def check_game(
    title: str,
    seed: int,
    players: int | None,
    options: Mapping[str, Any],
    leak_every: int = 3,
    max_steps: int = MAX_STEPS,
) -> int:
    """Play and check one random game; return its number of decisions."""
    where = f"{title} seed={seed} players={players} {dict(options)}"
    checker: _Checker | None = None
    try:
        game = new_game(title, players=players, seed=seed, **options)
        rng = Rng(derive_seed(seed, "conformance"))
        where = f"{title} seed={seed} players={game.players} {dict(options)}"
        checker = _Checker(game, rng, where)
        checker.same_seed_same_start()
        while not game.is_over:
            if game.step >= max_steps:
                checker.fail(
                    f"the game has not ended after {max_steps} decisions (max_steps={max_steps}):"
                    " is_over never becomes true, or the game loops"
                )
            checker.check_step(leak=game.step % leak_every == 0)
            checker.play_random()
        checker.check_end()
    except ConformanceError:
        raise
    except Exception as err:  # the title's own code broke: say where, never a bare traceback
        step = "set-up" if checker is None else checker.game.step
        raise ConformanceError(
            f"{where} step={step}: {_raiser(err)} raised {type(err).__name__}: {_short(err)}"
        ) from err
    return game.step


def _raiser(err: BaseException) -> str:
    """The innermost method of a ``Rules`` object in ``err``'s traceback (else the kit)."""
    found = "the kit, called with what the title returned,"
    frame = err.__traceback__
    while frame is not None:
        owner = frame.tb_frame.f_locals.get("self")
        if isinstance(owner, Rules):
            found = f"{type(owner).__name__}.{frame.tb_frame.f_code.co_name}()"
        frame = frame.tb_next
    return found


def _short(err: BaseException) -> str:
    text = str(err)
    return text if len(text) <= 200 else text[:197] + "..."


class _Checker:
    def __init__(self, game: Game, rng: Rng, where: str) -> None:
        self.game, self.rng, self.where = game, rng, where
        self.rules = game.rules
        self.seen: list[Action] = []
        self.dicts: list[str] = [snapshot(game)]
        self.round_tripped: set[Action] = set()

    def fail(self, what: str) -> None:
        raise ConformanceError(f"{self.where} step={self.game.step}: {what}")

    def same_seed_same_start(self) -> None:
        twin = new_game(self.game.title, self.game.players, self.game.seed, **self.game.options)
        if snapshot(twin) != snapshot(self.game):
            self.fail("the same seed gave two different starting states")

    def check_step(self, leak: bool) -> None:
        self.check_legal()
        self.check_cards()
        self.check_scores()
        self.check_views(leak)
        self.check_refusals()
        self.check_timed_move()

    def check_timed_move(self) -> None:
        """A title with the party timer: its timed move, when it gives one, is legal now."""
        if "timer" not in self.rules.table_features or self.game.to_move is None:
            return
        timed = self.rules.timeout_action(self.game.state, self.game.to_move)
        if timed is not None and timed not in self.game.legal_actions():
            self.fail(f"timeout_action gave {timed!r}, which is not a legal action now")

    def check_legal(self) -> None:
        legal = self.game.legal_actions()
        if self.game.to_move is None or not legal:
            self.fail(f"the game is not over but to_move={self.game.to_move}, legal={legal}")
        if len(set(legal)) != len(legal):
            self.fail(f"legal actions repeat: {legal}")
        types = {t.kind: t for t in self.rules.action_types}
        for action in legal:
            if action in self.round_tripped:
                continue
            self.round_tripped.add(action)
            if action_from_json(json.loads(json.dumps(action.to_json())), types) != action:
                self.fail(f"{action!r} does not survive a JSON round trip")
            if not str(action):
                self.fail(f"{action!r} has no readable text")
        self.seen = [*self.seen[-36:], *legal[:4]]  # only the last 40 are ever tried

    def check_cards(self) -> None:
        state = self.game._state
        places = self.rules.card_places(state)
        found = Counter(card for cards in places.values() for card in cards)
        expected = Counter(self.rules.all_cards(state))
        if found != expected:
            extra, lost = found - expected, expected - found
            self.fail(f"cards out of place: extra {dict(extra)}, missing {dict(lost)}")
        if any(n != 1 for n in found.values()):
            self.fail(f"a card is in two places: {[c for c, n in found.items() if n != 1]}")

    def check_scores(self) -> None:
        state = self.game._state
        checked_scores(self.rules, self.rules.scores(state), self.game.players)
        if self.rules.scores(state) != self.rules.recount(state):
            self.fail(f"scores {self.rules.scores(state)} != recount {self.rules.recount(state)}")

    def check_views(self, leak: bool) -> None:
        if not leak:
            return
        state = self.game._state
        for seat in [None, *range(self.game.players)]:
            view = self.rules.view(state, seat)
            if json.loads(json.dumps(view)) != view:
                self.fail(f"view of seat {seat} is not plain JSON")
            self.check_no_leak(state, seat, view)

    def check_no_leak(self, state: Any, seat: int | None, view: dict[str, Any]) -> None:
        other = self.rules.resample_hidden(state, seat, self.rng)
        if self.rules.view(other, seat) != view:
            self.fail(f"seat {seat}'s view changes with cards it cannot see")
        mover = seat is not None and seat == self.rules.to_move(state)
        if mover and self.rules.legal_actions(other) != self.rules.legal_actions(state):
            self.fail(f"seat {seat}'s legal actions depend on cards it cannot see")

    def check_refusals(self) -> None:
        legal = set(self.game.legal_actions())
        candidates = [a for a in self.seen[-40:] if a not in legal]
        tries: list[Any] = [_Foreign()]
        if candidates:
            tries.append(candidates[self.rng.below(len(candidates))])
        before, step = snapshot(self.game), self.game.step
        for bad in tries:
            try:
                self.game.play(bad)
            except IllegalAction as err:
                if not err.legal:
                    self.fail(f"refusing {bad!r} listed nothing legal")
            else:
                self.fail(f"{bad!r} was accepted but is not legal")
            if snapshot(self.game) != before or self.game.step != step:
                self.fail(f"refusing {bad!r} changed the game")

    def play_random(self) -> None:
        legal = self.game.legal_actions()
        action = legal[self.rng.below(len(legal))]
        self.game.play(action)
        after = snapshot(self.game)
        if self.rng.below(8) == 0:
            self.game.undo()
            if snapshot(self.game) != self.dicts[-1]:
                self.fail(f"undo of {action} did not restore the state")
            self.game.redo()
            if snapshot(self.game) != after:
                self.fail(f"redo of {action} did not give the same state")
        self.dicts.append(after)

    def check_end(self) -> None:
        game = self.game
        if game.legal_actions() or game.to_move is not None:
            self.fail("the game is over but someone still has to decide")
        self.check_cards()
        self.check_scores()
        self.check_views(leak=True)
        winners = game.winners()
        no_winner_ok = self.rules.may_end_without_winner
        if (not winners and not no_winner_ok) or not set(winners) <= set(range(game.players)):
            self.fail(f"bad winners {winners}")
        self.check_record()
        self.check_time_travel()

    def check_record(self) -> None:
        loaded = load_game(self.game.to_json())
        if snapshot(loaded) != snapshot(self.game) or loaded.history != self.game.history:
            self.fail("save then load gave another game")

    def check_time_travel(self) -> None:
        game = self.game.copy()
        middle = self.rng.below(len(self.dicts))
        game.goto(middle)
        if snapshot(game) != self.dicts[middle]:
            self.fail(f"going back to step {middle} gave another state")
        game.goto(len(self.dicts) - 1)
        if snapshot(game) != self.dicts[-1]:
            self.fail("going forward to the end gave another state")
