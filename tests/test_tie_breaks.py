"""Bots break ties with their seeded RNG, never by list order, in every title.

A bot that takes the first of equal moves favours whatever the rules list first
(the lowest-numbered door, room or card). In Knock! Knock! that made every greedy
bot knock at seat 0 first, and seat 0 looked like the better seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from test_knock_knock import table

import gamekit
from gamekit import bots
from gamekit.bots import Bot
from gamekit.core.actions import Action
from gamekit.core.rng import KeyedRng, Rng, derive_seed
from gamekit.titles.bloody_inn.bots import InnkeeperBot
from gamekit.titles.hats.bots import GreedyBot as HatsGreedy
from gamekit.titles.hats.bots import estimate, keep_value
from gamekit.titles.knock_knock.bots import GreedyBot
from gamekit.titles.knock_knock.rules import RULES as KNOCK_RULES
from gamekit.titles.knock_knock.rules import Knock

SEEDS = range(12)


def test_best_draws_among_equal_keys_and_only_then() -> None:
    assert KeyedRng(5).best([1, 3, 2], key=lambda n: n) == 3
    assert {KeyedRng(s).best("abc", key=lambda c: 0) for s in SEEDS} == {"a", "b", "c"}
    # sums added in another order are equal for a bot
    assert {KeyedRng(s).best([0.1 + 0.2, 0.3], key=float) for s in SEEDS} == {0.1 + 0.2, 0.3}
    rng = KeyedRng(9)
    rng.best([1, 2], key=lambda n: n)  # no tie: no draw
    assert rng.below(1000) == KeyedRng(9).below(1000)
    with pytest.raises(ValueError):
        KeyedRng(1).best([], key=lambda n: n)


# -- Knock! Knock! -------------------------------------------------------------


def symmetric_table() -> Any:
    """Seat 0 to knock with a ghost; seats 1 to 3 are alike, so all three doors tie."""
    return table([["ghost"], ["monster"], ["monster"], ["monster"]], [["vampire"], [], [], []])


@pytest.mark.parametrize("name", ["greedy", "planner"])
def test_knock_knock_bots_draw_between_equal_doors(name: str) -> None:
    state = symmetric_table()
    view, legal = KNOCK_RULES.view(state, 0), KNOCK_RULES.legal_actions(state)
    choices = [bots.make("knock-knock", name, seed=s).act(view, legal) for s in SEEDS]
    assert {a.target for a in choices if isinstance(a, Knock)} == {1, 2, 3}
    again = [bots.make("knock-knock", name, seed=s).act(view, legal) for s in SEEDS]
    assert again == choices  # the same seed, the same choice


class FirstListedGreedy(GreedyBot):
    """The old greedy: of equal moves it takes the first listed (the lowest door)."""

    name = "first-listed"

    def pick(self, options: Sequence[Action], value: Callable[[Action], float]) -> Action:
        return max(options, key=value)


def knocks_received(bot: type[Bot], games: int) -> list[int]:
    """Four ``bot``s play ``games`` games; one knock of each game, drawn at random,
    counts for the seat it knocks at (one knock a game: the games are independent)."""
    config = KNOCK_RULES.make_config(4, {})
    counts = [0, 0, 0, 0]
    for game in range(games):
        state = KNOCK_RULES.initial_state(config, 8000 + game)
        players = [bot(seed=game * 10 + s) for s in range(4)]
        targets = []
        while (seat := KNOCK_RULES.to_move(state)) is not None:
            action = players[seat].act(
                KNOCK_RULES.view(state, seat), KNOCK_RULES.legal_actions(state)
            )
            if isinstance(action, Knock):
                targets.append(action.target)
            KNOCK_RULES.apply(state, action, None)
        counts[targets[Rng(derive_seed(game, "knock")).below(len(targets))]] += 1
    return counts


CHI2_3DF_P001 = 16.27
"""A chi-square with 3 degrees of freedom exceeds this once in 1000 when all seats are equal."""


def chi_square_even(counts: Sequence[int]) -> float:
    expected = sum(counts) / len(counts)
    return sum((c - expected) ** 2 / expected for c in counts)


def test_four_greedy_bots_knock_at_every_seat_alike() -> None:
    """240 independent knocks: seat shares even within the chi-square bound (p = 0.001),
    while the old first-listed tie-break fails the same test on the same games."""
    fair = knocks_received(GreedyBot, 240)
    old = knocks_received(FirstListedGreedy, 240)
    assert chi_square_even(fair) < CHI2_3DF_P001, fair
    assert chi_square_even(old) > CHI2_3DF_P001, old
    assert old[0] > old[3] * 2  # the artefact: seat 0 knocked at far more than seat 3


# -- every title: two seeds choose differently where moves tie --------------------------


def divided(
    title: str, name: str, players: int, game_seed: int, limit: int = 300
) -> tuple[dict[str, Any], Sequence[Action], list[Action]] | None:
    """The first decision of a seeded game of ``name`` bots where fresh bots of different
    seeds choose differently: (view, legal, their choices); ``None`` if there is none."""
    rules = gamekit.rules_for(title)
    state = rules.initial_state(rules.make_config(players, {}), game_seed)
    table_bots = [bots.make(title, name, seed=s) for s in range(players)]
    for _ in range(limit):
        seat = rules.to_move(state)
        if seat is None:
            return None
        view, legal = rules.view(state, seat), rules.legal_actions(state)
        if len(legal) > 1:
            choices = [bots.make(title, name, seed=s).act(view, legal) for s in SEEDS]
            if len(set(choices)) > 1:
                again = [bots.make(title, name, seed=s).act(view, legal) for s in SEEDS]
                assert again == choices  # the same seed, the same choice
                return view, legal, choices
        rules.apply(state, table_bots[seat].act(view, legal), None)
    return None


def test_hats_greedy_draws_between_equal_moves() -> None:
    found = divided("hats", "greedy", 3, 1)
    assert found is not None
    view, legal, choices = found
    bot = HatsGreedy(seed=0)
    if any(a in choices for a in legal if type(a).__name__ in ("Exchange", "BlackHat")):
        before = estimate(view, view["table"], view["collections"], view["black_hats"], None)
        values = {bot.gain(view, a, before) for a in choices}
    else:
        values = {keep_value(view, getattr(a, "card", 0)) for a in choices}
    assert len(values) == 1  # the seeds differ only between moves of equal value


@pytest.mark.parametrize(
    ("title", "name", "players"),
    [("boo-party", "team", 5), ("bloody-inn", "innkeeper", 2), ("bloody-inn", "planner", 2)],
)
def test_bots_draw_between_equal_moves(title: str, name: str, players: int) -> None:
    found = next(
        (f for seed in range(6) if (f := divided(title, name, players, seed)) is not None), None
    )
    assert found is not None, f"{name} of {title} never drew between moves"


# -- The Bloody Inn: the innkeeper's own judgements ------------------------------------


JUDGEMENTS = {
    "_best_build": "_build_values",
    "_wanted_guest": "_guest_values",
    "_kill_target": "_kill_profits",
}
"""The innkeeper's choices of a card and the values each one weighs."""

Tie = tuple[dict[int, float], set[int | None]]


def innkeeper_ties(choose: str, games: range, players: int = 3) -> list[Tie]:
    """Views of seeded innkeeper games where fresh innkeepers of different seeds choose
    different cards by ``choose``: the values the choice weighs and the cards chosen."""
    rules = gamekit.rules_for("bloody-inn")
    found = []
    for game in games:
        state = rules.initial_state(rules.make_config(players, {}), game)
        table_bots = [InnkeeperBot(seed=s) for s in range(players)]
        while (seat := rules.to_move(state)) is not None:
            view, legal = rules.view(state, seat), rules.legal_actions(state)
            picks = {getattr(InnkeeperBot(seed=s), choose)(view) for s in SEEDS}
            if len(picks) > 1:
                found.append((getattr(InnkeeperBot(seed=0), JUDGEMENTS[choose])(view), picks))
            rules.apply(state, table_bots[seat].act(view, legal), None)
    return found


@pytest.mark.parametrize("choose", list(JUDGEMENTS))
def test_innkeeper_draws_between_equal_cards(choose: str) -> None:
    """Where two cards are worth the same to build, bribe or kill, seeds choose
    differently, and only among the cards of the highest value."""
    found = innkeeper_ties(choose, range(4))
    assert found, f"the innkeeper's {choose} never met a tie in these games"
    for values, picks in found:
        assert None not in picks
        assert {values[card] for card in picks if card is not None} == {max(values.values())}
