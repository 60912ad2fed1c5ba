"""gamekit.export_html: a whole game as one offline page, holding what one seat may see."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import gamekit
from gamekit import bots
from gamekit.cli import main
from gamekit.core.game import Game
from gamekit.core.rng import Rng
from gamekit.export import embed_json, replay_data, step_frame
from gamekit.rooms.payload import seat_payload

TITLES = gamekit.TITLES
STEP_LIMIT = 20
"""The twin games are played this far at most (the whole game when it is shorter)."""
TWIN_SEEDS = range(4)
"""The deals tried for each twin pair; the pair that stays twins longest is exported."""


def _seen(game: Game, seat: int | None) -> str:
    """What ``seat`` meets at this step: its payload (this step's narration) and the scores."""
    payload = seat_payload(game, seat, since=game.step)
    payload.pop("record", None)
    return json.dumps([payload, [str(s) for s in game.scores()]], sort_keys=True)


def _twin_start(game: Game, seat: int | None, seed: int) -> Game:
    """``game`` at step 0 with everything ``seat`` cannot see dealt again."""
    twin = game.copy()
    rules = game.rules
    twin._initial = rules.resample_hidden(game._initial, seat, Rng(seed))
    twin._state = rules.copy_state(twin._initial)
    twin._log = list(rules.setup_events(twin._initial))
    twin._setup_events = len(twin._log)
    twin._log_marks, twin._checkpoints, twin._legal = [], {}, None
    return twin


def _after(game: Game, action: gamekit.Action) -> Game:
    moved = game.copy()
    moved.play(action)
    return moved


def _matching(twin: Game, action: gamekit.Action, want: str, seat: int | None) -> Any:
    """The twin's move that shows ``seat`` what ``action`` showed it (the same one first)."""
    legal = twin.legal_actions()
    for candidate in sorted(legal, key=lambda a: a != action):
        if _seen(_after(twin, candidate), seat) == want:
            return candidate
    return None


def _twins(title: str, seat: int | None, seed: int) -> tuple[Game, Game, int]:
    """Two games that ``seat`` cannot tell apart, differing in what it cannot see; and
    how many of their steps differ in the full state."""
    game = gamekit.new_game(title, seed=seed)
    twin = _twin_start(game, seat, seed + 1000)
    robots = [bots.make(title, "random", seed=seed + s) for s in range(game.players)]
    differ = int(twin.state_dict() != game.state_dict())
    while not game.is_over and game.step < STEP_LIMIT:
        tried = robots[game.to_move or 0].choose(game)
        for action in sorted(game.legal_actions(), key=lambda a: a != tried):
            want = _seen(_after(game, action), seat)
            match = _matching(twin, action, want, seat)
            if match is not None:
                game.play(action)
                twin.play(match)
                break
        else:
            break  # no move keeps them twins: the game is exported up to here
        differ += twin.state_dict() != game.state_dict()
    return game, twin, differ


def _finished(title: str, seed: int) -> Game:
    game = gamekit.new_game(title, seed=seed)
    robots = [bots.make(title, "random", seed=s) for s in range(game.players)]
    while not game.is_over:
        game.play(robots[game.to_move or 0].choose(game))
    return game


@pytest.mark.parametrize("title", TITLES)
def test_twin_games_differing_in_what_a_seat_cannot_see_give_it_the_same_file(
    title: str, tmp_path: Path
) -> None:
    """Twins dealt differently where ``seat`` cannot see, played alike for as long as
    ``seat`` cannot tell them apart (a card a title shows later ends the pair: Knock!
    Knock!'s face-up deck top, a door opened), give ``seat`` byte-identical files."""
    players = gamekit.new_game(title, seed=1).players
    for seat in [None, *range(players)]:
        pairs = [_twins(title, seat, seed) for seed in TWIN_SEEDS]
        game, twin, differ = max(pairs, key=lambda pair: (pair[0].step, pair[2]))
        assert differ > 0 and game.step > 0  # the twins hid something different, in play
        ours = gamekit.export_html(game, tmp_path / "a.html", seat=seat, lang="fr").read_bytes()
        theirs = gamekit.export_html(twin, tmp_path / "b.html", seat=seat, lang="fr").read_bytes()
        assert ours == theirs, (title, seat)
        again = gamekit.export_html(game, tmp_path / "c.html", seat=seat, lang="fr").read_bytes()
        assert again == ours  # the file depends on nothing else (no time, no random id)


@pytest.mark.parametrize("title", TITLES)
def test_every_step_of_a_whole_game_shows_a_seat_the_same_frame_as_its_twin(
    title: str,
) -> None:
    """At each step of a finished game, the position re-dealt where ``seat`` cannot see
    gives the very frame the file holds for that step."""
    game = _finished(title, seed=6)
    frames = {seat: replay_data(game, seat, "en")["frames"] for seat in [None, 0, 1]}
    walk, differed = game.copy(), 0
    walk.goto(0)
    while True:
        for seat, shown in frames.items():
            twin = walk.copy()
            twin._state = game.rules.resample_hidden(walk.state, seat, Rng(walk.step * 3 + 1))
            twin._legal = None
            differed += twin.state_dict() != walk.state_dict()
            with gamekit.language("en"):
                assert step_frame(twin, seat) == shown[walk.step], (seat, walk.step)
        if not walk.future:
            break
        walk.redo()
    assert differed > 0


@pytest.mark.parametrize("title", TITLES)
def test_the_file_holds_every_step_and_never_the_seed_nor_the_record(
    title: str, tmp_path: Path
) -> None:
    game = _finished(title, seed=3)
    game.goto(game.step // 2)  # the undone future is part of the game's timeline
    text = gamekit.export_html(game, tmp_path / "r.html", seat=0).read_text(encoding="utf-8")
    data = json.loads(re.search(r'id="gk-replay-data">(.*?)</script>', text, re.S)[1])  # type: ignore[index]
    total = game.step + len(game.future)
    assert [f["step"] for f in data["frames"]] == list(range(total + 1))
    assert data["frames"][-1]["is_over"] and data["table"]["seed"] == 0
    assert all(f["view_data"] == _view_at(game, f["step"], 0) for f in data["frames"][::7])
    assert game.to_json() not in text and '"record"' not in text and '"seat_views": []' in text
    fetches = r"""(src|href)\s*=|@import|url\(|fetch\(|XMLHttpRequest|WebSocket|https?://(?!www\.w3\.org/2000/svg")"""
    assert re.search(fetches, text) is None  # nothing to fetch (the SVG namespace is a name)
    assert game.step == total // 2  # the game given is left where it was


def _view_at(game: Game, step: int, seat: int) -> dict[str, Any]:
    other = game.copy()
    other.goto(step)
    return other.view(seat)


def test_the_page_speaks_french_and_english(tmp_path: Path) -> None:
    game = _finished("hats", seed=2)
    fr = replay_data(game, 1, "fr")
    en = replay_data(game, 1, "en")
    assert fr["table"]["labels"]["new_game"] == "Nouvelle partie"
    assert en["table"]["labels"]["new_game"] == "New game"
    assert fr["frames"][-1]["summary_lines"] != en["frames"][-1]["summary_lines"]
    assert fr["table"]["lang"] == "fr"
    page = gamekit.export_html(game, tmp_path / "fr.html", lang="fr").read_text(encoding="utf-8")
    assert page.startswith('<!doctype html>\n<html lang="fr">')


def test_the_embedded_json_cannot_close_its_script_nor_break_a_line() -> None:
    tricky = {"text": "</script><script>alert(1)</script><!-- \u2028\u2029 &"}
    text = embed_json(tricky)
    assert "</" not in text and "<!--" not in text and "\u2028" not in text and "\u2029" not in text
    assert json.loads(text) == tricky


def test_names_with_markup_stay_inside_the_data(tmp_path: Path) -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=1, names=["</script>", "<!--", "Cy"])
    text = gamekit.export_html(game, tmp_path / "n.html", seat=2).read_text(encoding="utf-8")
    body = text.split('id="gk-replay-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in body and json.loads(body)["table"]["names"][:2] == ["</script>", "<!--"]


@pytest.mark.parametrize("seat", [3, -1, True, "0", 1.0, "god"])
def test_a_seat_not_at_the_table_is_a_clear_value_error(seat: Any, tmp_path: Path) -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    with pytest.raises(ValueError, match="seat must be None"):
        gamekit.export_html(game, tmp_path / "x.html", seat=seat)
    assert not (tmp_path / "x.html").exists()


def test_a_bad_game_path_or_language_is_a_clear_value_error(tmp_path: Path) -> None:
    game = gamekit.new_game("hats", players=3, seed=1)
    with pytest.raises(ValueError, match="needs a game, not str"):
        gamekit.export_html(game.to_json(), tmp_path / "x.html")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is a folder"):
        gamekit.export_html(game, tmp_path)
    with pytest.raises(ValueError, match="does not exist"):
        gamekit.export_html(game, tmp_path / "missing" / "x.html")
    with pytest.raises(ValueError, match="must be a file name"):
        gamekit.export_html(game, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown language"):
        gamekit.export_html(game, tmp_path / "x.html", lang="de")
    assert list(tmp_path.iterdir()) == []


def test_gamekit_replay_html_writes_the_page_of_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _finished("boo-party", seed=5)
    record = tmp_path / "game.json"
    record.write_text(game.to_json(), encoding="utf-8")
    out = tmp_path / "game.html"
    assert main(["replay", "--html", str(out), "--seat", "1", "--lang", "fr", str(record)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    assert out.read_bytes() == gamekit.export_html(game, tmp_path / "same.html", seat=1,
                                                   lang="fr").read_bytes()  # fmt: skip


def test_gamekit_replay_html_refuses_a_bad_seat_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    record.write_text(gamekit.new_game("hats", seed=1).to_json(), encoding="utf-8")
    with pytest.raises(SystemExit) as ended:
        main(["replay", "--html", str(tmp_path / "o.html"), "--seat", "9", str(record)])
    assert ended.value.code == 1
    err = capsys.readouterr().err
    assert err.startswith("gamekit replay: error: seat must be None") and err.count("\n") == 1
    with pytest.raises(SystemExit):
        main(["replay", "--seat", "1", str(record)])
    assert "--seat chooses the view of --html" in capsys.readouterr().err
    assert not (tmp_path / "o.html").exists()
