"""The engine core, tested on a tiny game that exists only for these tests."""

from __future__ import annotations

import hashlib
import json
import sys

import pytest

import gamekit
from gamekit.core.conformance import ConformanceError, check_title
from gamekit.core.rng import KeyedRng, Rng, SeedDeriver, derive_seed


def test_rng_is_stable_across_versions() -> None:
    # Pinned values: a change here means seeds no longer mean the same games.
    assert Rng(7).shuffled(list(range(10))) == [8, 3, 1, 4, 7, 0, 9, 6, 2, 5]
    assert derive_seed(1, "x") == 14927992519662226210
    rng = Rng(123)
    assert [rng.below(10) for _ in range(8)] == [0, 4, 1, 6, 4, 1, 0, 6]


@pytest.mark.parametrize("make", [Rng, KeyedRng])
def test_rng_below_is_uniform_enough(make: type[Rng] | type[KeyedRng]) -> None:
    rng = make(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)


def test_keyed_rng_is_stable_and_follows_its_definition() -> None:
    # Pinned values: a change here means seeded bots no longer play the same games.
    rng = KeyedRng(123)
    assert [rng.below(10) for _ in range(8)] == [5, 8, 7, 0, 7, 8, 7, 2]
    assert KeyedRng(7).shuffled(list(range(10))) == [0, 7, 2, 1, 9, 4, 8, 5, 6, 3]
    # Block 1 is SHA-256 of b"<seed>/1"; draws take k bits from its low end.
    block = int.from_bytes(hashlib.sha256(b"123/1").digest(), "big")
    first = [(block >> 4 * i) & 15 for i in range(12)]
    assert [r for r in first if r < 10][:8] == [5, 8, 7, 0, 7, 8, 7, 2]


def test_keyed_rng_streams_differ_by_seed_and_span_blocks() -> None:
    draws = {seed: [KeyedRng(seed).below(1000)] for seed in range(50)}
    assert len({d[0] for d in draws.values()}) > 40  # 50 seeds, 50 nearly distinct starts
    rng = KeyedRng(4)
    many = [rng.below(2**40) for _ in range(20)]  # 41 bits each: several blocks
    assert len(set(many)) == 20 and all(0 <= r < 2**40 for r in many)
    assert 0.0 <= KeyedRng(3).random() < 1.0
    with pytest.raises(ValueError, match="n >= 1"):
        KeyedRng(3).below(0)


def test_keyed_rng_choice_is_the_item_below_draws() -> None:
    # A random bot's every move, in one call: the same draws as items[below(len(items))].
    for seed in range(40):
        one, other = KeyedRng(seed), KeyedRng(seed)
        for size in [1, 2, 3, 7, 8, 9, 40, 2**33, 5, 1] * 6:  # several blocks, odd sizes
            items = range(size)
            assert one.choice(items) == items[other.below(size)]
    with pytest.raises(ValueError, match="n >= 1"):
        KeyedRng(3).choice([])


def test_seed_deriver_gives_derive_seeds() -> None:
    for seed in (0, 7, 2**64 - 1):
        games, bots = SeedDeriver(seed, "game"), SeedDeriver(seed, "bot")
        for i in (0, 1, 9, 10, 12345):
            assert games(i) == derive_seed(seed, "game", i)
            assert bots.row(i, 5) == [derive_seed(seed, "bot", i, k) for k in range(5)]
    for count in (0, 1, 15, 16, 17, 40):  # the seats' labels looked up, then made
        row = SeedDeriver(3, "bot").row(2, count)
        assert row == [derive_seed(3, "bot", 2, k) for k in range(count)]


def test_the_lookups_of_the_draws_change_no_draw() -> None:
    # Rng.shuffle and KeyedRng.choice look widths and masks up for small sizes: the same
    # draws as the plain Fisher-Yates of below(i + 1), and items[below(n)], on both sides
    # of the table's end, and the generator is left where the plain draws leave it.
    for seed in range(12):
        for size in (0, 1, 2, 16, 42, 75, 255, 256, 257, 300):
            fast, plain = Rng(seed), Rng(seed)
            dealt, expected = list(range(size)), list(range(size))
            fast.shuffle(dealt)
            for i in range(size - 1, 0, -1):
                j = plain.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert dealt == expected
            assert fast.below(1000) == plain.below(1000)
        one, other = KeyedRng(seed), KeyedRng(seed)
        for size in (255, 256, 257, 1000, 64, 63, 65):
            assert one.choice(range(size)) == other.below(size)


def test_unknown_title_lists_known_ones() -> None:
    with pytest.raises(ValueError, match="unknown title 'chess'") as refused:
        gamekit.new_game("chess")
    assert all(title in str(refused.value) for title in gamekit.TITLES)


def test_conformance_passes_on_toy(toy_title: str) -> None:
    assert check_title(toy_title, seeds=range(60), players=3) > 0


def test_illegal_action_changes_nothing(toy_title: str) -> None:
    g = gamekit.new_game(toy_title, seed=3)
    before = g.state_dict()
    not_in_hand = next(c for c in range(1, 10) if c not in g.state.hands[0])
    from toy_game import PlayCard

    with pytest.raises(gamekit.IllegalAction) as err:
        g.play(PlayCard(not_in_hand))
    assert "Legal now" in str(err.value) and err.value.legal == g.legal_actions()
    assert g.state_dict() == before and g.step == 0


def test_play_by_text(toy_title: str) -> None:
    g = gamekit.new_game(toy_title, seed=3)
    text = str(g.legal_actions()[1])
    g.play(text.upper())
    assert str(g.history[0]) == text


def test_undo_redo_and_log(toy_title: str) -> None:
    g = gamekit.new_game(toy_title, seed=4)
    g.play(g.legal_actions()[0])
    g.play(g.legal_actions()[0])
    assert len(g.log) == 3 and g.events_at(0)[0].text == "2 hands of 2 are dealt."
    g.undo()
    assert len(g.log) == 2 and g.step == 1
    g.redo()
    assert len(g.log) == 3 and g.log[-1].text.startswith("Player 1")
    assert [e.text for e in g.events_at(1)] == [
        "Player 0 plays the " + str(g.history[0].card) + "."
    ]
    with pytest.raises(gamekit.IllegalAction, match="nothing to redo"):
        g.redo()
    g.goto(0)
    assert [e.kind for e in g.log] == ["deal"]


def test_bad_records_name_the_step(toy_title: str) -> None:
    g = gamekit.new_game(toy_title, seed=5)
    for _ in range(3):
        g.play(g.legal_actions()[0])
    record = json.loads(g.to_json())
    record["actions"][1]["card"] = 42
    with pytest.raises(gamekit.BadRecord, match="step 2"):
        gamekit.load_game(json.dumps(record))
    with pytest.raises(gamekit.BadRecord, match="not valid JSON"):
        gamekit.load_game(g.to_json()[:-9])
    cut = json.loads(g.to_json())
    cut["actions"].pop()
    with pytest.raises(gamekit.BadRecord, match="fingerprint"):
        gamekit.load_game(cut)
    with pytest.raises(gamekit.BadRecord, match="header"):
        gamekit.load_game(json.dumps({**json.loads(g.to_json()), "title": "chess"}))


def test_conformance_catches_a_leaky_view(toy_title: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import toy_game

    monkeypatch.setattr(toy_game.ToyRules, "view", lambda self, s, seat: {"deck": s.deck})
    with pytest.raises(ConformanceError, match="view"):
        check_title(toy_title, seeds=range(3))


def test_conformance_catches_a_timed_move_that_is_not_legal(
    toy_title: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toy_game

    monkeypatch.setattr(toy_game.ToyRules, "table_features", frozenset({"timer"}))
    monkeypatch.setattr(toy_game.ToyRules, "timeout_action", lambda self, s, seat: None)
    assert check_title(toy_title, seeds=range(3)) > 0, "no timed move is fine"
    bad = toy_game.PlayCard(99)
    monkeypatch.setattr(toy_game.ToyRules, "timeout_action", lambda self, s, seat: bad)
    with pytest.raises(ConformanceError, match="timeout_action gave .* not a legal action"):
        check_title(toy_title, seeds=range(3))


def test_conformance_catches_a_lost_card(toy_title: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import toy_game

    original = toy_game.ToyRules.apply

    def losing(self: object, state: toy_game.State, action: object, log: object) -> None:
        original(self, state, action, log)  # type: ignore[arg-type]
        if state.turn == 2:
            state.piles[1].pop()

    monkeypatch.setattr(toy_game.ToyRules, "apply", losing)
    with pytest.raises(ConformanceError, match="cards out of place"):
        check_title(toy_title, seeds=range(3))


def test_import_gamekit_stays_light() -> None:
    """``import gamekit`` loads no heavy tool and no title; a game loads its own title only."""
    import subprocess

    code = (
        "import sys, gamekit\n"
        "HEAVY = {'sympy', 'altair', 'pandas', 'numpy', 'ipywidgets', 'anywidget'}\n"
        "def loaded():\n"
        "    titles = {m for m in sys.modules if m.startswith('gamekit.titles.')}\n"
        "    return sorted(HEAVY & set(sys.modules)), sorted({m.split('.')[2] for m in titles})\n"
        "print(loaded(), gamekit.all_titles()[:4])\n"
        "g = gamekit.new_game('knock-knock', seed=1)\n"
        "print(loaded())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    listed = "['knock-knock', 'hats', 'boo-party', 'bloody-inn']"
    assert out.stdout.splitlines() == [f"([], []) {listed}", "([], ['knock_knock'])"]
