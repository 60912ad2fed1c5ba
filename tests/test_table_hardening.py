"""The table's Python side against a learner's (or a page's) attempts to see or
change what it must not: each test is named after the gap it closes."""

from __future__ import annotations

from typing import Any

import pytest

import gamekit

pytest.importorskip("anywidget")
from gamekit.widgets import GOD, Table  # noqa: E402
from gamekit.widgets import table as table_module  # noqa: E402


def send(table: Table, content: Any) -> None:
    """Deliver a message exactly as the page's ``model.send(content)`` would."""
    table._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def knock(players: int = 3, seed: int = 1) -> gamekit.Game:
    return gamekit.new_game("knock-knock", players=players, seed=seed)


# -- 1. the god view and other seats --------------------------------------------
def test_a_seated_learner_is_not_offered_the_god_view() -> None:
    table = Table(knock())
    assert GOD not in table.perspectives and 1 not in table.perspectives
    send(table, {"type": "seat", "seat": GOD})
    assert "god view" in table.error and table.seat == 0
    send(table, {"type": "seat", "seat": 1})
    assert "bot" in table.error and table.seat == 0
    with pytest.raises(ValueError, match="god view"):
        Table(knock(), seat=GOD, humans=[0])


def test_the_god_view_stays_closed_after_the_learner_stands_up() -> None:
    table = Table(knock())
    send(table, {"type": "stand", "seat": 0})
    assert table.error == "" and table.humans == []
    send(table, {"type": "seat", "seat": GOD})
    assert "god view" in table.error and table.seat != GOD


def test_the_teacher_unlocks_the_god_view() -> None:
    table = Table(knock(), god_view=True)
    assert GOD in table.perspectives
    send(table, {"type": "seat", "seat": GOD})
    assert table.error == "" and table.seat == GOD
    spectators = Table(knock(), seat=None)
    assert GOD in spectators.perspectives and spectators.view_data


def test_pass_and_play_offers_no_god_view_and_no_other_seat() -> None:
    table = Table(knock(), humans=[0, 1])
    assert table.perspectives == [None, 0, 1]
    send(table, {"type": "seat", "seat": GOD})
    assert "god view" in table.error
    send(table, {"type": "seat", "seat": 1})  # seat 0 decides: seat 1 goes behind the cover
    assert table.seat == 0 and table.cover_for is None
    assert table.view_data == Table(knock(), seat=0).view_data


def test_pass_and_play_stand_and_sit_keep_the_cover() -> None:
    game = knock()
    game.play(game.legal_actions()[0])  # seat 1 decides now
    table = Table(game, humans=[0, 1], seat=0)
    assert table.cover_for == 1
    send(table, {"type": "stand", "seat": 1})
    send(table, {"type": "sit", "seat": 1})
    assert table.cover_for == 1 and table.seat == 0
    assert table.view_data == Table(game, seat=None).view_data  # nothing of seat 1's
    send(table, {"type": "uncover"})
    assert table.seat == 1 and table.cover_for is None


def test_classroom_refuses_sit_here_at_a_bots_seat() -> None:
    table = Table(knock(), classroom=True)
    before = table.view_data
    send(table, {"type": "sit", "seat": 2})
    assert "classroom" in table.error and table.humans == [0] and table.view_data == before
    send(table, {"type": "bot", "seat": 2, "name": "human"})
    assert "classroom" in table.error and table.humans == [0]


def test_classroom_refuses_undo() -> None:
    table = Table(knock(), classroom=True)
    table.play_index(0)
    step = table.step
    for kind in ("undo", "redo"):
        send(table, {"type": kind})
        assert "classroom" in table.error and table.step == step
    send(table, {"type": "goto", "step": 0})
    assert "classroom" in table.error and table.step == step


# -- 2. the seed in classroom mode ----------------------------------------------
def test_classroom_mode_does_not_sync_the_seed() -> None:
    table = Table(knock(seed=77), classroom=True)
    assert table.seed == table_module.HIDDEN_SEED and table.game.seed == 77
    assert Table(knock(seed=77)).seed == 77


def test_classroom_refuses_new_game_with_a_typed_seed() -> None:
    table = Table(knock(seed=77), classroom=True)
    send(table, {"type": "new", "title": "knock-knock", "seed": "5"})
    assert "seed" in table.error and table.game.seed == 77
    send(table, {"type": "new", "title": "knock-knock"})
    assert table.error == "" and table.seed == table_module.HIDDEN_SEED


# -- 3. fresh bots for each game -------------------------------------------------
def _played_out(table: Table) -> list[str]:
    for _ in range(2000):
        if table.is_over:
            break
        table.bot_step()
    assert table.is_over
    return [str(event.text) for event in table.game.log]


@pytest.mark.parametrize("title", ["knock-knock", "boo-party"])
def test_a_new_game_makes_the_bots_afresh(title: str) -> None:
    fresh = Table(gamekit.new_game(title, seed=5), seat=None)
    expected = _played_out(fresh)
    used = Table(gamekit.new_game(title, seed=9), seat=None)
    _played_out(used)
    send(used, {"type": "new", "title": title, "seed": 5})
    assert used.error == "" and _played_out(used) == expected


# -- 4. what the page may set ----------------------------------------------------
@pytest.mark.parametrize("field", ["names", "players", "seed", "title", "lang"])
def test_new_game_options_cannot_set_the_players_names(field: str) -> None:
    table = Table(knock())
    before = table.game
    send(table, {"type": "new", "title": "hats", "options": {field: ["Mallory"] * 3}})
    assert "option" in table.error and table.game is before


@pytest.mark.parametrize(("sent", "kept"), [(-1, 50), (10**15, 10_000), (700, 700)])
def test_speed_ms_is_clamped(sent: int, kept: int) -> None:
    table = Table(knock())
    table.set_state({"speed_ms": sent})
    assert table.speed_ms == kept and table_module.SPEED_MS == (50, 10_000)


# -- 5. the kit's own messages only ---------------------------------------------
def test_error_lines_show_no_python_exception_text() -> None:
    table = Table(knock())
    send(table, {"type": "new", "title": "hats", "seed": "9" * 5000})
    assert "seed" in table.error and len(table.error) <= table_module.ERROR_LIMIT
    assert "digits" not in table.error and "limit" not in table.error


def test_a_raw_exception_becomes_the_kits_own_line(monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(knock())

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise TypeError("new_game() got multiple values for keyword argument 'players'")

    monkeypatch.setattr(gamekit, "new_game", broken)
    send(table, {"type": "new", "title": "hats"})
    assert table.error.startswith("The table could not do that")
    assert "keyword" not in table.error
    table.lang = "fr"
    send(table, {"type": "new", "title": "hats"})
    assert "keyword" not in table.error and "could not" not in table.error


# -- 6. the language and the keywords -------------------------------------------
@pytest.mark.parametrize("value", [1, b"fr", "x" * 1_000_000, "de"])
def test_table_lang_gets_a_clear_value_error(value: object) -> None:
    with pytest.raises(ValueError, match="language") as caught:
        Table(knock(), lang=value)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200


def test_unknown_table_keywords_name_the_closest_one() -> None:
    with pytest.raises(ValueError, match="did you mean seat"):
        Table(knock(), sate=3)
    with pytest.raises(ValueError, match="odd"):
        Table(knock(), odd=True)
    assert Table(knock(), speed_ms=300).speed_ms == 300


# -- 7. the table's plain-text form ----------------------------------------------
def test_the_tables_text_says_run_this_cell() -> None:
    assert "Run this cell to open the table" in repr(Table(knock()))
    assert "Exécutez cette cellule" in repr(Table(knock(), lang="fr"))


# -- 8. the bot menus -------------------------------------------------------------
@pytest.mark.parametrize("title", ["knock-knock", "hats", "boo-party", "bloody-inn"])
def test_the_bot_menus_list_weakest_to_strongest(title: str) -> None:
    from gamekit import bots

    table = Table(gamekit.new_game(title, seed=1))
    ladder = [name for name in bots.names(title) if name in table.bot_choices]
    assert table.bot_choices == ladder and sorted(table.bot_choices) == bots.available(title)
    assert table.bot_choices[0] == "random"


def test_boo_party_seats_the_learner_as_a_monster_with_memory_mode_on() -> None:
    table = Table(gamekit.new_game("boo-party", seed=2))
    assert table.humans == [1] and table.seat == 1 and table.memory_mode
    assert gamekit.rules_for("boo-party").sides is not None
    plain = Table(knock())
    assert plain.humans == [0] and not plain.memory_mode
    assert Table(gamekit.new_game("boo-party", seed=2), memory_mode=False).memory_mode is False
