"""The odds panel at the table ("What are my chances?", issue 23): where its rows are sent,
the page's toggle, and the teacher's switch.

The rows come from ``gamekit.odds.panel`` (a stand-in here, :mod:`odds_fake`, whose rows
name the seat and a digest of the very view they were computed from), through the one
payload function the rooms send too.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest
import traitlets
from odds_fake import FakePanel, digest, fake_panel, rows_for

import gamekit
from gamekit import bots
from gamekit.core.game import Game
from gamekit.rooms.payload import GOD, ODDS_KEYS, seat_payload
from gamekit.widgets import Table, classroom

TITLES = sorted(gamekit.all_titles())


@pytest.fixture
def panel(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakePanel]:
    with fake_panel(monkeypatch) as fake:
        yield fake


@pytest.fixture
def teacher() -> Iterator[None]:
    """Every classroom switch goes back to the default after the test."""
    try:
        yield
    finally:
        classroom(False)


def _positions(title: str, seed: int) -> Iterator[Game]:
    game = gamekit.new_game(title, seed=seed)
    players = [bots.make(title, "random", seed=seed * 10 + s) for s in range(game.players)]
    yield game.copy()
    while not game.is_over:
        game.play(players[game.to_move or 0].choose(game))
        yield game.copy()


# -- the payload: rows only where they are allowed ------------------------------------------
@pytest.mark.parametrize("title", TITLES)
def test_rows_go_to_the_seat_deciding_and_to_a_spectator_only(title: str, panel: FakePanel) -> None:
    for game in _positions(title, seed=4):
        for seat in [None, *range(game.players)]:
            payload = seat_payload(game, seat, odds=True)
            allowed = not game.is_over and (seat is None or seat == game.to_move)
            expected = rows_for(game.view(seat), seat) if allowed else []
            assert payload["odds"] == expected, (game.step, seat)
        assert seat_payload(game, None, god=True, odds=True)["odds"] == []
        assert seat_payload(game, game.to_move)["odds"] == [], "off: the key, empty"
    assert panel.calls, "the panel was asked"
    for _title, seat, view in panel.calls:
        assert seat is None or isinstance(seat, int)
        assert "seed" not in view


def test_the_rows_are_computed_from_the_payloads_own_view(panel: FakePanel) -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    payload = seat_payload(game, 0, odds=True)
    assert panel.calls == [("knock-knock", 0, payload["view"])]
    assert payload["odds"][0]["given"] == f"seat 0 view {digest(game.view(0))}"
    assert [sorted(row) for row in payload["odds"]] == [sorted(ODDS_KEYS)] * 2
    json.dumps(payload)  # plain JSON, as the rooms send it


def test_memory_mode_computes_from_the_covered_view(panel: FakePanel) -> None:
    rules = gamekit.rules_for("boo-party")
    for game in _positions("boo-party", seed=2):
        mover = game.to_move
        if mover is None:
            continue
        covered = rules.memory_view(game.view(mover), mover)
        if covered == game.view(mover):
            continue
        payload = seat_payload(game, mover, memory=True, odds=True)
        assert panel.calls[-1][2] == covered == payload["view"]
        assert payload["odds"] == rows_for(covered, mover)
        return
    pytest.fail("no position where memory mode covers the deciding seat's view")


def test_a_failing_or_missing_panel_gives_no_rows_and_the_table_goes_on(
    panel: FakePanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    panel.fail = True
    table = Table(game, seat=0, odds=True)
    assert table.odds and table.odds_rows == [] and table.legal
    monkeypatch.setitem(sys.modules, "gamekit.odds.panel", None)  # import fails
    assert seat_payload(game, 0, odds=True)["odds"] == []


# -- the local table ---------------------------------------------------------------------------
def test_the_panel_is_off_by_default_and_on_with_odds_true(panel: FakePanel) -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    off = Table(game.copy(), seat=0)
    assert off.odds is False and off.odds_rows == [] and off.odds_offered
    on = Table(game.copy(), seat=0, odds=True)
    assert on.odds_rows == rows_for(game.view(0), 0)
    on.play_index(0)  # now the bots decide: the learner's seat waits
    assert on.game.to_move != 0 and on.odds_rows == []


def test_no_rows_for_the_god_view_nor_a_finished_game(panel: FakePanel) -> None:
    game = gamekit.new_game("hats", seed=1)
    assert Table(game.copy(), seat=GOD, odds=True).odds_rows == []
    spectator = Table(game.copy(), seat=None, odds=True)
    assert spectator.odds_rows == rows_for(game.view(None), None)
    *_, last = _positions("hats", seed=1)
    assert last.is_over and Table(last, seat=0, odds=True).odds_rows == []


def test_the_cover_sends_no_rows_then_the_next_learner_gets_theirs(panel: FakePanel) -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    table = Table(game, humans=[0, 1], bots={2: "random"}, odds=True)
    assert table.seat == 0 and table.odds_rows == rows_for(game.view(0), 0)
    while table.game.to_move == 0:
        table.play_index(0)
    assert table.game.to_move == 1 and table.cover_for == 1
    assert table.odds_rows == [] and table.view_data == game.view(None)
    assert not [c for c in panel.calls if c[1] is None], "the cover never asks for rows"
    table._handle({"type": "uncover"})
    assert table.odds_rows == rows_for(table.game.view(1), 1)


def test_the_page_toggles_the_panel(panel: FakePanel) -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    table = Table(game, seat=0)
    table.set_state({"odds": True})
    assert table.odds and table.odds_rows == rows_for(game.view(0), 0) and not table.error
    table.set_state({"odds": False})
    assert not table.odds and table.odds_rows == [] and not table.error


def test_a_title_without_questions_offers_no_toggle(monkeypatch: pytest.MonkeyPatch) -> None:
    from gamekit.core.rules import Rules

    monkeypatch.setattr(Rules, "odds_questions", lambda self: (), raising=False)
    assert Table(gamekit.new_game("hats", seed=1)).odds_offered is False


# -- the teacher's switch ------------------------------------------------------------------
def test_classroom_odds_false_locks_the_panel_off(panel: FakePanel, teacher: None) -> None:
    classroom(True, odds=False)
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    table = Table(game, seat=0, odds=True)
    assert table.odds is False and table.odds_locked and table.odds_rows == []
    assert "teacher" in table.error
    before = (table.step, table.view_data, table.legal, table.revision)
    table.error = ""
    table.set_state({"odds": True})  # the page's toggle: refused, and says why
    assert table.odds is False and table.odds_rows == []
    assert table.error == "the teacher switched the odds panel off for this class"
    assert (table.step, table.view_data, table.legal) == before[:3]
    with pytest.raises(traitlets.TraitError, match="teacher"):
        table.odds = True
    assert table.odds is False and table.odds_rows == [] and not panel.calls


def test_the_switch_holds_for_tables_made_after_only(panel: FakePanel, teacher: None) -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    before = Table(game.copy(), seat=0, odds=True)
    classroom(True, odds=False)
    after = Table(game.copy(), seat=0)
    assert before.odds_rows and not before.odds_locked and after.odds_locked
    classroom(True)  # the teacher allows it again
    again = Table(game.copy(), seat=0, odds=True)
    assert not again.odds_locked and again.odds_rows


def test_the_refusal_reads_in_french(panel: FakePanel, teacher: None) -> None:
    classroom(True, odds=False)
    table = Table(gamekit.new_game("knock-knock", players=3, seed=1), seat=0, lang="fr")
    table.set_state({"odds": True})
    assert table.error == "l’enseignant a coupé le panneau des chances pour cette classe"
    assert table.labels["odds_title"] == "Quelles sont mes chances\u202f?"


# -- the engine itself, once it is there ---------------------------------------------------
@pytest.mark.skipif(
    importlib.util.find_spec("gamekit.odds.panel") is None, reason="the odds engine is not in"
)
@pytest.mark.parametrize("title", TITLES)
def test_the_real_panel_gives_plain_rows_to_the_deciding_seat(title: str) -> None:
    game = gamekit.new_game(title, seed=1)
    table = Table(game, odds=True)
    rows: list[dict[str, Any]] = table.odds_rows
    json.dumps(rows)
    assert bool(rows) == table.odds_offered, "a title with questions answers the learner"
    memory = table.memory_mode and "memory" in game.rules.table_features  # Boo Party!: on
    assert rows == seat_payload(game, table.seat, memory=memory, odds=True)["odds"]
    for row in rows:
        assert sorted(row) == sorted(ODDS_KEYS)
        assert row["fraction"] and row["question"]
