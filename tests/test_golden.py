"""Each title's seeded playthrough must match its golden file to the letter."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from golden.playthrough import CASES, format_1_path, golden_game, path_for, playthrough

import gamekit
from gamekit.core.game import RECORD_FORMAT


@pytest.mark.parametrize("title", list(CASES))
def test_golden_playthrough(title: str) -> None:
    expected = path_for(title).read_text()
    actual = playthrough(title)
    assert actual == expected, (
        f"{title} no longer plays its golden game; if the change is deliberate run "
        f"'python tests/golden/playthrough.py {title}' and review the diff"
    )


# -- record formats: the golden games saved in format 1 still load, kinds mapped --------
def _format_1(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(format_1_path(name).read_text())
    return record


@pytest.mark.parametrize("title", list(CASES))
def test_format_1_golden_record_replays_the_golden_game(title: str) -> None:
    old = _format_1(title)
    assert old["format"] == "gamekit/1"
    loaded, golden = gamekit.load_game(old), golden_game(title)
    assert loaded.history == golden.history
    assert loaded.state_dict() == golden.state_dict()
    assert loaded.log == golden.log


@pytest.mark.parametrize("title", list(CASES))
def test_format_2_record_is_the_format_1_one_with_kinds_mapped(title: str) -> None:
    old, new = _format_1(title), json.loads(golden_game(title).to_json())
    legacy = gamekit.new_game(title, players=old["players"], seed=0).rules.legacy_kinds
    mapped = [{**a, "type": legacy.get(a["type"], a["type"])} for a in old["actions"]]
    assert new["format"] == RECORD_FORMAT == "gamekit/2"
    assert new["actions"] == mapped
    ignored = {"format", "actions", "fingerprint"}
    assert {k: v for k, v in new.items() if k not in ignored} == {
        k: v for k, v in old.items() if k not in ignored
    }
    saved = [line.removeprefix("  saved: ") for line in path_for(title).read_text().splitlines()]
    assert [json.loads(s) for s in saved if s.startswith("{")] == new["actions"]


@pytest.mark.parametrize("name", ["knock-knock", "hats", "hats-4-players"])
def test_format_1_record_with_every_old_kind_loads_and_saves_as_format_2(name: str) -> None:
    old = _format_1(name)
    game = gamekit.load_game(old)
    kinds = {a["type"] for a in old["actions"]}
    assert kinds & set(game.rules.legacy_kinds)  # the record really uses old kinds
    again = json.loads(game.to_json())
    assert again["format"] == "gamekit/2"
    assert not {a["type"] for a in again["actions"]} & set(game.rules.legacy_kinds)
    assert gamekit.load_game(again).state_dict() == game.state_dict()


def test_old_kinds_are_refused_in_a_format_2_record() -> None:
    record = json.loads(golden_game("hats").to_json())
    record["actions"][0]["type"] = "black-hat"
    record.pop("fingerprint")
    with pytest.raises(gamekit.BadRecord, match="unknown action type 'black-hat'") as err:
        gamekit.load_game(record)
    assert err.value.step == 1


def test_a_record_of_an_unknown_format_is_refused_at_its_header() -> None:
    record = _format_1("hats") | {"format": "gamekit/3"}
    with pytest.raises(gamekit.BadRecord, match="unknown format 'gamekit/3'") as err:
        gamekit.load_game(record)
    assert err.value.step == 0


def test_a_record_without_a_format_is_read_as_format_1() -> None:
    record = _format_1("knock-knock")
    del record["format"], record["fingerprint"]
    assert gamekit.load_game(record).history == golden_game("knock-knock").history


@pytest.mark.parametrize("title", ["knock-knock", "hats"])
def test_action_kinds_are_snake_case_and_old_kinds_map_to_them(title: str) -> None:
    rules = gamekit.new_game(title, seed=0).rules
    kinds = {t.kind for t in rules.action_types}
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", kind) for kind in kinds), kinds
    assert set(rules.legacy_kinds.values()) <= kinds
    assert not set(rules.legacy_kinds) & kinds
