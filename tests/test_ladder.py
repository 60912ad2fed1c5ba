"""The bot ladder: strength order, balanced seats, reproducibility, intervals, bad input."""

from __future__ import annotations

import sys
import types
from collections import Counter

import pytest

import gamekit
from gamekit.bots import Bot
from gamekit.ladder import play, rate, schedule, team_schedule


@pytest.fixture(scope="module")
def hats_table():  # type: ignore[no-untyped-def]
    return play("hats", ["random", "greedy"], games=60, seed=5)


def test_a_known_strength_order_is_recovered(hats_table) -> None:  # type: ignore[no-untyped-def]
    board = rate(hats_table, resamples=100, seed=5)
    assert list(board.bot) == ["greedy", "random"]
    assert board.low.iloc[0] > board.high.iloc[1], "greedy's interval clears random's"


def test_intervals_contain_the_estimate(hats_table) -> None:  # type: ignore[no-untyped-def]
    board = rate(hats_table, resamples=100, seed=5)
    assert (board.low <= board.rating).all() and (board.rating <= board.high).all()
    assert (board.win_low <= board.win_share).all() and (board.win_share <= board.win_high).all()
    assert abs(board.rating.sum()) < 1e-6, "the bots average 0"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("count", [2, 3, 4])
def test_every_bot_sits_in_every_seat_equally_often(players: int, count: int) -> None:
    seatings = schedule([f"b{i}" for i in range(count)], players)
    seats = Counter((bot, seat) for lineup in seatings for seat, bot in enumerate(lineup))
    for bot in (f"b{i}" for i in range(count)):
        assert len({seats[(bot, s)] for s in range(players)}) == 1, (bot, seats)
    assert all(len(set(lineup)) >= 2 for lineup in seatings)


def test_the_played_table_rotates_the_seats(hats_table) -> None:  # type: ignore[no-untyped-def]
    seats = hats_table.groupby(["bot", "seat"], observed=True).size().unstack()
    assert (seats.nunique(axis=1) == 1).all(), seats


def test_a_team_title_rates_roles() -> None:
    assert team_schedule(["a", "b"], 3)[1] == ("a", "b", "b")
    board = gamekit.ladder("boo-party", ["random", "memory"], games=8, players=3, seed=2)
    assert set(board.role) == {"seer", "monsters"} and len(board) == 4


def test_the_same_seed_gives_the_same_ladder() -> None:
    first = gamekit.ladder("knock-knock", ["random", "greedy"], games=6, players=3, seed=9)
    again = gamekit.ladder("knock-knock", ["random", "greedy"], games=6, players=3, seed=9)
    assert first.equals(again)
    other = gamekit.ladder("knock-knock", ["random", "greedy"], games=6, players=3, seed=10)
    assert not first.equals(other)


def test_the_repr_says_what_was_played() -> None:
    board = gamekit.ladder("hats", ["random", "greedy"], games=6, seed=1)
    text = repr(board)
    assert "hats, 3 players" in text and "95 %" in text and "greedy" in text
    assert board.attrs["seatings"] == 6


def test_the_module_is_callable_once_imported() -> None:
    """Importing gamekit.ladder binds the module over the lazy function: both call."""
    module = sys.modules["gamekit.ladder"]
    assert isinstance(module, types.ModuleType) and gamekit.ladder is module
    assert list(module("hats", ["random", "greedy"], games=6, seed=1).columns)[0] == "bot"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": ["random"]}, "two bots or more"),
        ({"bots": "random"}, "a list of two bots"),
        ({"bots": ["random", "random"]}, "listed twice"),
        ({"bots": ["random", "nobody"]}, "no bot 'nobody'"),
        ({"games": 0}, "games must be"),
        ({"resamples": 3}, "resamples must be"),
        ({"players": 9}, "2 to 4 players, not 9"),
    ],
)
def test_bad_arguments_say_what_is_wrong(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        gamekit.ladder("hats", **{"bots": ["random", "greedy"], "games": 6, **kwargs})  # type: ignore[arg-type]


def test_rate_wants_a_ladder_table() -> None:
    table = gamekit.simulate("hats", games=2, seed=1, workers=1)
    with pytest.raises(ValueError, match="seating"):
        rate(table)


def test_the_same_ladder_on_processes_and_on_dask() -> None:
    args = {"bots": ["random", "greedy"], "games": 12, "players": 3, "seed": 4}
    alone = play("hats", **args)  # type: ignore[arg-type]
    on_two = play("hats", workers=2, **args)  # type: ignore[arg-type]
    assert alone.equals(on_two)
    distributed = pytest.importorskip("dask.distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = play("hats", backend="dask", address=client, **args)  # type: ignore[arg-type]
    assert alone.equals(on_dask)


class Stubborn(Bot):
    """Always the first legal action."""

    name = "stubborn"
    needs_view = False

    def act(self, view, legal):  # type: ignore[no-untyped-def]
        return legal[0]


def test_your_own_bot_class_takes_a_rung() -> None:
    board = gamekit.ladder("hats", bots=["random", Stubborn, "greedy"], games=18, seed=1)
    assert set(board.bot) == {"random", "stubborn", "greedy"}
    assert board.bot.iloc[0] == "greedy"


def test_import_gamekit_stays_light_with_the_ladder() -> None:
    import subprocess

    code = "import gamekit, sys; print('pandas' in sys.modules, callable(gamekit.ladder))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
