"""The table's odds panel: every title asks, each answer is exact and leaks nothing."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any

import pytest

import gamekit
from gamekit.core.i18n import CORE, Text, language
from gamekit.core.questions import OddsAnswer, OddsQuestion
from gamekit.core.rng import Rng, derive_seed
from gamekit.odds import panel
from gamekit.odds.panel import KEYS, odds_panel, odds_panel_of

PLAYERS = {"knock-knock": (4, 3, 5), "hats": (3, 4, 2), "boo-party": (5, 4), "bloody-inn": (2, 3)}
"""The numbers of players the seeded games cycle through, per title."""
ASKING = tuple(PLAYERS)
"""The titles whose panel module asks questions: all four."""

Truth = Callable[[Any, int, Mapping[str, Any]], float]
"""How far the event a question asks about holds in a whole state (1 or 0, or the share
of equally likely picks), for the seat deciding and the view the question answered."""


def _kk_next_is_chaser(state: Any, seat: int, view: Mapping[str, Any]) -> float:
    from gamekit.titles.knock_knock.cards import CATALOGUE, KIND_NAMES

    card = state.deck[-1] if state.face_down_deck else state.deck[-2]
    return float(KIND_NAMES[CATALOGUE[card]] in ("kid", "hearse taxi"))


def _kk_door_is_trouble(state: Any, seat: int, view: Mapping[str, Any]) -> float:
    from gamekit.titles.knock_knock.cards import CATALOGUE, KIND_NAMES
    from gamekit.titles.knock_knock.panel import TROUBLE

    return float(KIND_NAMES[CATALOGUE[state.knocked]] in TROUBLE)


def _hats_next_can_take(state: Any, seat: int, view: Mapping[str, Any]) -> float:
    from gamekit.titles.hats.cards import can_take
    from gamekit.titles.hats.panel import safest

    found = safest(view, seat)
    assert found is not None
    _, card, nxt = found
    return float(any(can_take(c, card) for c in state.hands[nxt]))


def _boo_seen(state: Any, seat: int, view: Mapping[str, Any]) -> float:
    allowed = [c for c in range(state.costumes) if c not in state.worn and c != state.last[seat]]
    return sum(c in state.visions for c in allowed) / len(allowed)


def _boo_right(state: Any, seat: int, view: Mapping[str, Any]) -> float:
    return float(any(c in state.visions for c in state.worn if c is not None))


def _inn_police(state: Any, seat: int, view: Mapping[str, Any]) -> float:
    from gamekit.titles.bloody_inn.cards import IS_POLICE
    from gamekit.titles.bloody_inn.odds import rooms_this_evening

    rooms = rooms_this_evening(view)
    lodged = [c for c in state.rooms if c >= 0] if state.step == "place" else []
    return float(any(IS_POLICE[c] for c in [*lodged, *state.entrance[-rooms:]]))


def _inn_rich(state: Any, seat: int, view: Mapping[str, Any]) -> float:
    from gamekit.titles.bloody_inn.cards import MONEY

    return float(MONEY[state.entrance[-2]] >= 18)


TRUTHS: dict[str, dict[str, Truth]] = {
    "knock-knock": {"deck": _kk_next_is_chaser, "door": _kk_door_is_trouble},
    "hats": {"leave": _hats_next_can_take},
    "boo-party": {"seen": _boo_seen, "accuse": _boo_right},
    "bloody-inn": {"police": _inn_police, "money": _inn_rich},
}


def decisions(title: str, seed: int, every: int = 1) -> Iterator[gamekit.Game]:
    """The game at every ``every``-th decision of a seeded random game (the seat to move).
    Boo Party!'s Seer goes on while it can, so the games last."""
    options = {"face_down_deck": seed % 3 == 2} if title == "knock-knock" else {}
    players = PLAYERS[title][seed % len(PLAYERS[title])]
    game = gamekit.new_game(title, players=players, seed=seed, **options)
    rng = Rng(derive_seed(seed, "panel-play"))
    step = 0
    while not game.is_over:
        if step % every == 0:
            yield game
        step += 1
        legal = game.legal_actions()
        if title == "boo-party":  # never wear nothing; the Seer goes on (last: accuse)
            legal = legal[:-1] if game.to_move else legal[-1:] if rng.below(6) else legal
        game.play(rng.choice(legal))


def rows_at(game: gamekit.Game) -> list[dict[str, Any]]:
    return odds_panel_of(game, game.to_move)


# -- the contract ---------------------------------------------------------------------------


@pytest.mark.parametrize("title", ASKING)
def test_every_title_asks_at_some_decision_of_the_seat_to_move(title: str) -> None:
    keys: set[str] = set()
    for seed in range(3):
        for game in decisions(title, seed):
            keys.update(row["key"] for row in rows_at(game))
    questions = {q.key for q in gamekit.rules_for(title).odds_questions()}
    assert questions and keys == questions, (keys, questions)


def test_a_title_without_a_panel_module_has_no_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    rules = gamekit.rules_for("knock-knock")
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    assert odds_panel(rules, game.view(0), 0)
    monkeypatch.setattr(rules, "title_module", lambda name: None)  # a notebook's game
    assert rules.odds_questions() == () and odds_panel(rules, game.view(0), 0) == []
    monkeypatch.setattr(rules, "title_module", lambda name: types.ModuleType(name))
    assert rules.odds_questions() == ()  # a panel module without QUESTIONS


def test_import_gamekit_loads_no_panel_and_asking_loads_no_sympy() -> None:
    """``import gamekit`` (and a game) never loads the panel; reading a title's questions
    loads its panel module but not SymPy, which comes with the first answer only."""
    import subprocess
    import sys

    code = (
        "import sys, gamekit\n"
        "g = gamekit.new_game('hats', players=3, seed=1)\n"
        "print(sorted(m for m in sys.modules if m.endswith('.panel') or m == 'sympy'))\n"
        "questions = g.rules.odds_questions()\n"
        "print(sorted(m for m in sys.modules if m.endswith('.panel') or m == 'sympy'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["[]", "['gamekit.titles.hats.panel']"]


@pytest.mark.parametrize("title", ASKING)
def test_rows_are_json_and_percent_agrees_with_fraction(title: str) -> None:
    seen = 0
    for seed in range(2):
        for game in decisions(title, seed, every=3):
            for lang in ("en", "fr"):
                game.lang = lang
                for row in rows_at(game):
                    seen += 1
                    assert tuple(row) == KEYS
                    assert json.loads(json.dumps(row)) == row
                    num, den = map(int, row["fraction"].split("/"))
                    assert 0 <= num <= den and math.gcd(num, den) == 1
                    sep = "\u202f" if lang == "fr" else " "
                    number, sign = row["percent"].rsplit(sep, 1)
                    assert sign == "%" and ("," if lang == "fr" else ".") in number
                    assert float(number.replace(",", ".")) == round(100 * num / den, 1)
                    assert row["exercise"] is None or row["exercise"] in _exercise_ids()
            game.lang = "en"
    assert seen


def _exercise_ids() -> set[str]:
    from gamekit import exercises

    exercises.load_banks()
    return set(exercises.EXERCISES)


@pytest.mark.parametrize("title", ASKING)
def test_texts_read_in_french_and_english(title: str) -> None:
    for game in decisions(title, 0):
        english = rows_at(game)
        if not english:
            continue
        game.lang = "fr"
        french = rows_at(game)
        game.lang = "en"
        for en, fr in zip(english, french, strict=True):
            assert en["question"] != fr["question"] and en["given"] != fr["given"]
            assert (en["fraction"], en["why"]) == (fr["fraction"], fr["why"])
    with language("fr"):
        for question in gamekit.rules_for(title).odds_questions():
            assert str(question.question) != question.question  # translated


@pytest.mark.parametrize("title", ASKING)
def test_the_why_computes_the_value(title: str) -> None:
    import sympy

    rules = gamekit.rules_for(title)
    checked = 0
    for game in decisions(title, 1, every=2):
        for question, answer in panel.answers(rules, game.view(game.to_move), game.to_move):
            *lines, last = answer.why.splitlines()
            namespace: dict[str, Any] = {}
            exec("\n".join(lines), namespace)  # noqa: S102 - the kit's own SymPy lines
            got = eval(last, namespace)  # noqa: S307
            assert isinstance(got, sympy.Rational) and got == sympy.Rational(
                answer.value.numerator, answer.value.denominator
            ), (question.key, answer.why)
            checked += 1
    assert checked


# -- the values are right ----------------------------------------------------------------------


@pytest.mark.parametrize("title", ASKING)
def test_each_value_matches_the_kits_resampling(title: str) -> None:
    """Over many decisions, the hits in resampled states (consistent with the seat's view)
    stay within 5 standard errors of the summed exact chances."""
    from gamekit.odds._common import gap_in_standard_errors

    rules = gamekit.rules_for(title)
    values: dict[str, list[float]] = {}
    means: dict[str, list[Fraction]] = {}
    for seed in range(4):
        for step, game in enumerate(decisions(title, seed, every=2)):
            seat = game.to_move
            for question, answer in panel.answers(rules, game.view(seat), seat):
                p = Fraction(answer.value)
                truth = TRUTHS[title][question.key]
                view = game.view(seat)
                for k in range(20):
                    rng = Rng(derive_seed(seed, "twin", step, k))
                    twin = rules.resample_hidden(game.state, seat, rng)
                    values.setdefault(question.key, []).append(truth(twin, seat, view))
                    means.setdefault(question.key, []).append(p)
    assert set(values) == set(TRUTHS[title])
    for key, hits in values.items():
        ms = means[key]
        gap = gap_in_standard_errors(hits, ms, [m * (1 - m) for m in ms])
        assert len(hits) >= 40 and gap < 5, (key, len(hits), gap)


def test_kk_values_agree_with_the_odds_module() -> None:
    from gamekit.titles.knock_knock import odds
    from gamekit.titles.knock_knock.panel import TROUBLE

    rules = gamekit.rules_for("knock-knock")
    compared = set()
    for seed in range(3):
        for game in decisions("knock-knock", seed, every=2):
            view, seat = game.view(game.to_move), game.to_move
            for question, answer in panel.answers(rules, view, seat):
                if question.key == "deck":
                    dist = odds.next_deck_card(view)
                    kinds: tuple[str, ...] = ("kid", "hearse taxi")
                else:
                    dist = odds.knocked_card(view)
                    kinds = TROUBLE
                exact = sum(dist.get(k, 0) for k in kinds)
                assert Fraction(str(exact)) == answer.value
                compared.add(question.key)
    assert compared == {"deck", "door"}


# -- the no-leak twin test ----------------------------------------------------------------------


def twin_leak(rules: Any, game: gamekit.Game, seat: int | None, twins: int = 3) -> str | None:
    """The first difference between ``seat``'s panel rows in ``game`` and in states that
    differ only in what ``seat`` cannot see (``None`` if there is none)."""
    mine = json.dumps(odds_panel(rules, game.view(seat), seat))
    for k in range(twins):
        twin = game.rules.resample_hidden(game.state, seat, Rng(derive_seed(game.step, "twin", k)))
        view = game.rules.view(twin, seat)
        assert view == game.view(seat), "the twin must look the same to the seat"
        panel.clear_cache()  # the cache must not hide a leak: answer the twin afresh
        other = json.dumps(odds_panel(_Twin(rules, twin), view, seat))
        if other != mine:
            return f"{mine} != {other}"
    return None


class _Twin:
    """The title's questions, told which state is "the table" (a leaky answer reads it)."""

    def __init__(self, rules: Any, state: Any) -> None:
        self.rules, self.state = rules, state

    def odds_questions(self) -> Any:
        TABLE["state"] = self.state
        return self.rules.odds_questions()


TABLE: dict[str, Any] = {}
"""The state a leaky answer peeks at (the real table, which no answer may read)."""


@pytest.mark.parametrize("title", ASKING)
def test_twins_the_seat_cannot_tell_apart_get_the_same_rows(title: str) -> None:
    rules = gamekit.rules_for(title)
    checked = 0
    for seed in range(3):
        for game in decisions(title, seed, every=2):
            for seat in {game.to_move, None}:
                TABLE["state"] = game.state
                assert twin_leak(_Twin(rules, game.state), game, seat) is None
                checked += 1
    assert checked > 20


def _leaky_next_card(view: Mapping[str, Any], seat: int | None) -> OddsAnswer | None:
    """A deliberately leaky answer: it reads the real deck, not the view."""
    state = TABLE["state"]
    if not getattr(state, "deck", None) or len(state.deck) < 2:
        return None
    hit = _kk_next_is_chaser(state, seat, {})
    return OddsAnswer(Fraction(int(hit)), Text(CORE("and")), None, "1")


class _Leaky:
    def __init__(self, state: Any) -> None:
        self.state = state

    def odds_questions(self) -> Any:
        TABLE["state"] = self.state
        return (OddsQuestion("leak", Text(CORE("and")), _leaky_next_card),)


def test_the_twin_test_catches_a_leaky_answer() -> None:
    caught = 0
    for game in decisions("knock-knock", 0, every=5):
        seat = game.to_move
        TABLE["state"] = game.state
        mine = json.dumps(odds_panel(_Leaky(game.state), game.view(seat), seat))
        for k in range(3):
            twin = game.rules.resample_hidden(game.state, seat, Rng(derive_seed(k, "leak")))
            panel.clear_cache()
            other = json.dumps(odds_panel(_Leaky(twin), game.rules.view(twin, seat), seat))
            caught += other != mine
    assert caught >= 3


def test_the_cache_answers_a_view_once() -> None:
    calls: list[int] = []

    def counting(view: Mapping[str, Any], seat: int | None) -> OddsAnswer:
        calls.append(1)
        return OddsAnswer(Fraction(1, 3), Text(CORE("and")), None, "from sympy import Rational")

    class Counting:
        def odds_questions(self) -> Any:
            return QUESTIONS

    QUESTIONS = (OddsQuestion("count", Text(CORE("and")), counting),)
    panel.clear_cache()
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    rows = [odds_panel(Counting(), game.view(0), 0) for _ in range(3)]
    assert len(calls) == 1 and rows[0] == rows[2]
    assert rows[0][0]["fraction"] == "1/3" and rows[0][0]["percent"] == "33.3 %"
    odds_panel(Counting(), game.view(1), 1)
    assert len(calls) == 2


# -- Boo Party!'s memory mode: exact counts over the covered Visions --------------------------


def _covered_worlds(game: gamekit.Game) -> Iterator[list[int]]:
    """Every list of Visions the memory view allows: the covered ones any costumes but
    the top one, in the real order of the covered places (the order does not matter)."""
    import itertools

    visions = game.state.visions
    others = [c for c in range(game.state.costumes) if c != visions[-1]]
    for covered in itertools.combinations(others, len(visions) - 1):
        yield [*covered, visions[-1]]


def test_boo_memory_answers_are_exact_counts_over_the_covered_visions() -> None:
    import copy

    rules = gamekit.rules_for("boo-party")
    compared: set[str] = set()
    for seed in range(4):
        for game in decisions("boo-party", seed):
            seat = game.to_move
            view = rules.memory_view(game.view(seat), seat)
            if len(game.state.visions) > 4:  # C(17, 4) worlds at most
                break
            for question, answer in panel.answers(rules, view, seat):
                truth = TRUTHS["boo-party"][question.key]
                total, worlds = Fraction(0), 0
                for visions in _covered_worlds(game):
                    world = copy.copy(game.state)
                    world.visions = visions
                    total += Fraction(truth(world, seat, view)).limit_denominator(1000)
                    worlds += 1
                assert total / worlds == answer.value, (question.key, seed, game.step)
                compared.add(question.key)
    assert compared == {"seen", "accuse"}


def test_boo_memory_rows_tell_nothing_of_the_covered_visions() -> None:
    import copy

    rules = gamekit.rules_for("boo-party")
    checked = 0
    for game in decisions("boo-party", 1):
        seat = game.to_move
        if len(game.state.visions) < 2:
            continue
        mine = json.dumps(odds_panel_of(game, seat, memory=True))
        for visions in itertools_islice(_covered_worlds(game), 3):
            twin = copy.copy(game.state)
            twin.visions = visions
            view = rules.memory_view(rules.view(twin, seat), seat)
            panel.clear_cache()
            assert json.dumps(odds_panel(rules, view, seat, game.read)) == mine
            checked += 1
        full = odds_panel_of(game, seat)
        assert full is not None
    assert checked


def itertools_islice(items: Iterator[Any], count: int) -> Iterator[Any]:
    import itertools

    return itertools.islice(items, count)
