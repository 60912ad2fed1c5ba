"""The teacher's desk (gamekit.teacher, ``gamekit assign``): seeds, verdicts, the
notebooks written for otter-grader and nbgrader, and (``slow``) both tools run for real
in a temporary course folder: the kit's solutions get full marks, blank notebooks zero
with the kit's hints and never the answer, and each learner's own answers pass for them
only.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import nbformat
import pytest

from gamekit.core.i18n import language
from gamekit.exercises import EXERCISES, check, exercise, load_banks, variant_of, with_variants
from gamekit.teacher import (
    assign,
    nbgrader_format,
    otter_format,
    parts,
    read_roster,
    seed_for,
    select,
    solution,
    verdict,
)

load_banks()
SECRET = "a course secret"
CHOSEN = ["kk-1", "kk-6", "hats-6"]
"""A small assignment: an estimate allowed (kk-1), a variant (kk-6), a formula (hats-6)."""


def learners_apart(*exercise_ids: str) -> tuple[str, str]:
    """Two roster ids whose variants of each exercise (default: kk-6) have different exact
    answers."""
    first = "ada"

    def answer(exercise_id: str, learner: str) -> Any:
        return variant_of(exercise(exercise_id), seed_for(SECRET, learner)).expected()

    for other in ("grace", "alan", "emmy", "kurt", "sofia", "carl", "marie", "ida"):
        if all(answer(e, other) != answer(e, first) for e in exercise_ids or ("kk-6",)):
            return first, other
    raise AssertionError(f"eight learners share one of ada's {exercise_ids} answers")


VARIANTS = with_variants()
"""The exercises with a variant per learner."""


def test_seeds_come_from_the_secret_and_the_learner() -> None:
    seeds = {seed_for(SECRET, name) for name in ("ada", "grace", "alan")}
    assert len(seeds) == 3
    assert seed_for(SECRET, "ada") == seed_for(SECRET, "ada")
    assert seed_for("another secret", "ada") != seed_for(SECRET, "ada")
    assert all(0 <= seed < 2**63 for seed in seeds)
    with pytest.raises(ValueError, match="learner id"):
        seed_for(SECRET, "../etc")
    with pytest.raises(ValueError, match="secret"):
        seed_for("", "ada")


def test_a_roster_is_one_id_a_line(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("# class 2B\nada\n\ngrace,Grace Hopper\n", encoding="utf-8")
    assert read_roster(roster) == ["ada", "grace"]
    roster.write_text("ada\nada\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 2"):
        read_roster(roster)


def test_every_solution_passes_and_a_variant_answer_only_for_its_learner() -> None:
    for ex in EXERCISES.values():
        value = eval(solution(ex.id), {})  # the kit's own answer, as a solution cell writes it
        assert verdict(ex.id, value, exact=True) == (True, check(ex.id, value).message), ex.id
    ada, grace = learners_apart()
    seeds = seed_for(SECRET, ada), seed_for(SECRET, grace)
    answers = [eval(solution("kk-6", seed), {}) for seed in seeds]
    assert verdict("kk-6", answers[0], seed=seeds[0], exact=True)[0]
    assert verdict("kk-6", answers[1], seed=seeds[1], exact=True)[0]
    assert not verdict("kk-6", answers[1], seed=seeds[0])[0]
    assert not verdict("kk-6", answers[0], seed=seeds[1])[0]


def test_exercises_without_a_variant_stay_the_same() -> None:
    seed = seed_for(SECRET, "ada")
    for ex in EXERCISES.values():
        if ex.id not in VARIANTS:
            assert variant_of(ex, seed) is ex, ex.id
    mine = variant_of(exercise("kk-6"), seed)
    assert mine.question != exercise("kk-6").question and "seed=" in mine.question
    assert {"kk-2", "kk-3", "kk-5", "kk-6", "hats-2", "hats-3", "hats-4", "hats-5"} <= set(VARIANTS)
    assert set(COUNTED) <= set(VARIANTS)  # boo-1, 2, 4, 5 and inn-2 to 5
    assert {"boo-3", "inn-1"}.isdisjoint(VARIANTS)  # a general formula; 1/5 at any table


@pytest.mark.parametrize("exercise_id", VARIANTS)
def test_each_learners_answer_passes_for_them_and_fails_for_the_other(exercise_id: str) -> None:
    ada, other = learners_apart(exercise_id)
    seeds = seed_for(SECRET, ada), seed_for(SECRET, other)
    mine, theirs = (variant_of(exercise(exercise_id), seed) for seed in seeds)
    answers = [eval(solution(exercise_id, seed), {}) for seed in seeds]
    assert verdict(exercise_id, answers[0], seed=seeds[0], exact=True)[0]
    assert verdict(exercise_id, answers[1], seed=seeds[1], exact=True)[0]
    assert not verdict(exercise_id, answers[1], seed=seeds[0])[0]
    assert not verdict(exercise_id, answers[0], seed=seeds[1])[0]
    # each learner's exact answer, counted again from the question they read
    if exercise_id in COUNTED:
        for ex in (mine, theirs):
            assert same_answer(ex, COUNTED[exercise_id](ex.question)), (exercise_id, ex.question)
    # the question shows the learner's own parameters, in English and in French
    assert mine.question != theirs.question
    with language("fr"):
        assert str(mine.question) != str(theirs.question) != theirs.question
        failed = verdict(exercise_id, answers[1], seed=seeds[0], lang="fr")[1]
        hint_fr = str(mine.hint)
    failed_en = verdict(exercise_id, answers[1], seed=seeds[0], lang="en")[1]
    # the feedback (the hint) never gives the learner's answer, nor one of its values
    for value in answer_values(answers[0]):
        for said in (failed, failed_en, str(mine.hint), hint_fr):
            assert not has_token(said, value), (exercise_id, value, said)


def answer_values(answer: Any) -> list[str]:
    """The numbers of an answer as a solution writes them: the answer, or a distribution's
    probabilities (its outcomes, small whole numbers, may well be in a hint)."""
    if isinstance(answer, dict):
        return [str(v) for v in answer.values() if str(v) not in ("0", "1")]
    return [str(answer)]


def has_token(text: str, value: str) -> bool:
    """Whether ``value`` stands in ``text`` as a whole token (not inside a longer number
    or formula: "1/2" is not in "11/25").

    >>> has_token("the chance is 4/9.", "4/9"), has_token("x 14/9", "4/9")
    (True, False)
    """
    before, after = r"[\w/.*^]", r"[\w/*^]|\.\d"
    return re.search(rf"(?<!{before}){re.escape(value)}(?!{after})", text) is not None


def test_has_token_finds_an_answer_only_whole() -> None:
    assert has_token("the chance is 4/9.", "4/9") and has_token(
        "(45 - k)/(70 - k)!", "(45 - k)/(70 - k)"
    )
    assert not has_token("x 14/9", "4/9") and not has_token("4/95", "4/9")
    assert not has_token("C(14, 9)", "4") and has_token("C(4, i)", "4")


def same_answer(ex: Any, counted: Any) -> bool:
    """Whether a variant's exact answer is the one counted (a formula: at each point)."""
    import sympy

    expected = ex.expected()
    if callable(counted):
        k = sympy.Symbol("k")
        return all(
            sympy.Rational(expected.subs(k, point)) == counted(point)
            for point in range(ex.domain[0][1], ex.domain[0][2] + 1)
        )
    if isinstance(expected, dict):
        return {int(j): sympy.Rational(v) for j, v in expected.items() if v} == counted
    return sympy.Rational(expected) == counted


# -- each new variant's answer counted again, from the numbers its question gives ----------

WHITE_KEYS = {2: 3, 3: 3, 4: 4}
"""The Bloody Inn's white keys by player count (the rules page, Ruling I7)."""
REMOVED = {(2, "Short"): 35, (2, "Long"): 25, (3, "Short"): 28, (3, "Long"): 16,
           (4, "Short"): 22, (4, "Long"): 6}  # fmt: skip
"""Travellers removed unseen by player count and length (the rules page's table)."""
POCKETS = [8] * 4 + [12] * 4 + [18] * 3 + [26] * 3
"""One family's money by card; 5 families make the 70 travellers, 14 of them police."""


def numbers(pattern: str, text: str) -> list[int]:
    found = re.search(pattern, text)
    assert found, (pattern, text)
    return [int(n) for n in found.groups() if n.isdigit()]


def boo_table(
    question: str, pattern: str = r"(\d+) Monsters,? (?:and )?(\d+) costumes"
) -> tuple[int, int]:
    """The Monsters and costumes a Boo Party! question names."""
    m, n = numbers(pattern, question)
    assert 2 <= m <= 7 and m + 2 <= n <= 24  # Rulings B1 and B2
    return m, n


def count_avoid(question: str) -> Fraction:
    """boo-1: every set of m costumes of n, those that miss the two revealed (0 and 1)."""
    players, m, n = numbers(r"(\d+) players: the Seer and (\d+) Monsters, (\d+) costumes", question)
    assert players == m + 1
    sets = list(itertools.combinations(range(n), m))
    return Fraction(sum(1 for s in sets if 0 not in s and 1 not in s), len(sets))


def count_hits(question: str) -> Fraction:
    """boo-4: the revealed costumes (0 and 1) in every set of m costumes, on average."""
    m, n = boo_table(question)
    sets = list(itertools.combinations(range(n), m))
    return Fraction(sum((0 in s) + (1 in s) for s in sets), len(sets))


def count_changes(question: str) -> int:
    """boo-2: hand the Monsters costumes one by one (Monster i wore costume i): the
    choices among last round's costumes one by one, the never-worn ones counted at once."""
    m, n = boo_table(
        question, r"The (\d+) Monsters wore \d+ different costumes last round; the (\d+)"
    )

    @functools.cache
    def ways(i: int, taken: frozenset[int]) -> int:
        if i == m:
            return 1
        fresh = n - m - (i - len(taken))  # never-worn costumes still free
        worn = sum(ways(i + 1, taken | {c}) for c in range(m) if c not in taken and c != i)
        return worn + fresh * ways(i + 1, taken)

    return ways(0, frozenset())


def count_memory(question: str) -> Fraction:
    """boo-5: the last round, every order of choices written out. Last round the m Monsters
    wore m of the m + 1 costumes never revealed (Monster i costume i; costume m nobody);
    the last Vision is any of the m + 1."""
    m, _ = boo_table(question)

    def dress(i: int, free: frozenset[int]) -> Fraction:
        if i == m:
            return Fraction(1)
        options = sorted(c for c in free if c != i)
        if not options:
            return Fraction(0)
        return sum((dress(i + 1, free - {c}) for c in options), Fraction(0)) / len(options)

    unseen = frozenset(range(m + 1))
    return sum((dress(0, unseen - {v}) for v in unseen), Fraction(0)) / (m + 1)


def inn_rooms(question: str) -> int:
    players, rooms = numbers(r"With (\d+) players, (\d+) rooms are open", question)
    assert rooms == players + WHITE_KEYS[players]
    return rooms


def by_card(rooms: int, worth: list[int]) -> dict[int, int]:
    """Every set of ``rooms`` of the 70 travellers, counted by the sum of their ``worth``,
    card by card (take it or leave it)."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for value in worth:
        grown = dict(ways)
        for (size, total), count in ways.items():
            if size < rooms:
                key = (size + 1, total + value)
                grown[key] = grown.get(key, 0) + count
        ways = grown
    return {total: count for (size, total), count in ways.items() if size == rooms}


def count_police(question: str) -> dict[int, Fraction]:
    """inn-2: the sets of first travellers counted by their police officers."""
    counts = by_card(inn_rooms(question), [1] * 14 + [0] * 56)
    return {j: Fraction(c, sum(counts.values())) for j, c in counts.items()}


def count_pockets(question: str) -> Fraction:
    """inn-3: the money of every set of first travellers, on average."""
    # the bank's own question (2 players) names no players: its 5 rooms
    rooms = 5 if question.startswith("Rank 0") else inn_rooms(question)
    counts = by_card(rooms, POCKETS * 5)
    return Fraction(sum(t * c for t, c in counts.items()), sum(counts.values()))


def count_marquis(question: str) -> Any:
    """inn-4: the Marquis is in any of the 70 places, each as likely; the first ``pile``
    are the pile. Given none of the first k, the share of places left in the pile."""
    length, players, removed, pile = re.search(
        r"(Long|Short) game with (\d+) players: (\d+) travellers are removed unseen, (\d+) make",
        question,
    ).groups()  # type: ignore[union-attr]
    assert int(removed) == REMOVED[int(players), length] and int(pile) == 70 - int(removed)

    def at(k: int) -> Fraction:
        places = [p for p in range(70) if p >= k]
        return Fraction(sum(1 for p in places if p < int(pile)), len(places))

    return at


def count_every_round(question: str) -> Fraction:
    """inn-5: the 14 police among the 70 places, group by group: how many sets give
    every one of the first ``rounds`` groups one officer or more."""
    length, players, pile, rounds, rooms = re.search(
        r"(Long|Short) game with (\d+) players: (\d+) travellers make the entrance pile, "
        r"exactly (\d+) rounds of (\d+)",
        question,
    ).groups()  # type: ignore[union-attr]
    g, r = int(rooms), int(rounds)
    assert g == int(players) + WHITE_KEYS[int(players)] and r * g == int(pile)
    assert int(pile) == 70 - REMOVED[int(players), length]
    ways = {0: 1}  # police placed so far -> sets of places
    for _ in range(r):
        ways = _grow(ways, g)
    rest = 70 - r * g
    good = sum(c * math.comb(rest, 14 - p) for p, c in ways.items() if p <= 14)
    return Fraction(good, math.comb(70, 14))


def _grow(ways: dict[int, int], group: int) -> dict[int, int]:
    """One more group of places holding at least one of the police."""
    grown: dict[int, int] = {}
    for placed, count in ways.items():
        for here in range(1, group + 1):
            grown[placed + here] = grown.get(placed + here, 0) + count * math.comb(group, here)
    return grown


COUNTED = {
    "boo-1": count_avoid,
    "boo-2": count_changes,
    "boo-4": count_hits,
    "boo-5": count_memory,
    "inn-2": count_police,
    "inn-3": count_pockets,
    "inn-4": count_marquis,
    "inn-5": count_every_round,
}
"""How each Boo Party! and Bloody Inn variant's answer is counted again, apart from the bank."""


def test_the_counts_agree_with_the_bank_on_its_own_questions() -> None:
    for exercise_id, count in COUNTED.items():
        ex = exercise(exercise_id)
        assert same_answer(ex, count(ex.question)), exercise_id
    # the counts read the question's numbers: another number, another answer
    other = exercise("boo-1").question.replace("18 costumes", "19 costumes")
    assert not same_answer(exercise("boo-1"), count_avoid(other))


def test_feedback_is_the_hint_in_the_learners_language_never_the_answer() -> None:
    blank = verdict("kk-1", ..., lang="fr")
    assert not blank[0] and "Indice" in blank[1] and "3/11" not in blank[1]
    with_hint = verdict("kk-1", "1/2", lang="fr")
    assert not with_hint[0] and with_hint[1].count("Quel que soit") == 1
    estimate = verdict("kk-1", 0.27, games=2000, exact=True)
    assert not estimate[0] and "good estimate" in estimate[1]
    assert verdict("kk-1", 0.27, games=2000) == (True, estimate[1])


def test_points_follow_the_level_and_an_estimate_earns_half() -> None:
    assert parts(exercise("kk-1")) == (0.5, 0.5)  # warm-up, estimates count
    assert parts(exercise("kk-4")) == (2,)  # core, exact only
    assert parts(exercise("kk-6")) == (1.5, 1.5)  # challenge


def test_select_groups_by_title_and_names_an_unknown_exercise() -> None:
    chosen = select(["hats-6", "kk-6", "kk-1", "kk-6"])
    assert {t: [e.id for e in exs] for t, exs in chosen.items()} == {
        "hats": ["hats-6"],
        "knock-knock": ["kk-1", "kk-6"],
    }
    assert [e.id for e in select(["knock-knock"])["knock-knock"]][:2] == ["kk-1", "kk-2"]
    with pytest.raises(ValueError, match="kk-99"):
        select(["kk-99"])
    with pytest.raises(ValueError, match="secret"):
        assign(["kk-1"], "unused", format="otter", roster=["ada"])
    with pytest.raises(ValueError, match="format"):
        assign(["kk-1"], "unused", format="moodle")


def test_the_command_line_refuses_bad_arguments_in_one_line(tmp_path: Path) -> None:
    for argv, says in [
        (["--format", "otter", "kk-99", str(tmp_path)], "kk-99"),
        (["--format", "otter", "--roster", str(tmp_path / "none.csv"), "kk-1", "x"], "roster"),
        (
            ["--format", "nbgrader", "--roster", str(write_roster(tmp_path, "ada")), "kk-1", "x"],
            "secret",
        ),
    ]:
        done = subprocess.run(
            [sys.executable, "-m", "gamekit.cli", "assign", *argv],
            capture_output=True,
            text=True,
            cwd=tmp_path,
        )
        assert done.returncode == 2 and says in done.stderr, done.stderr
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert not (tmp_path / "x").exists()


def test_the_otter_master_has_questions_solutions_and_tests() -> None:
    exs = select(CHOSEN)["knock-knock"]
    nb = otter_format.master("knock-knock", "# Knock! Knock!", exs, "en")
    sources = ["".join(cell.source) for cell in nb.cells]
    assert sources[0].startswith("# ASSIGNMENT CONFIG") and "ok_format: false" in sources[0]
    assert "# BEGIN QUESTION\nname: kk-1\npoints: [0.5, 0.5]" in sources
    assert "answer_kk_1 = '3/11'  # SOLUTION" in "\n".join(sources)
    tests = [s for s in sources if s.startswith("def test_")]
    assert len(tests) == 4 and all("verdict(" in t and "3/11" not in t for t in tests)
    seed_cell = next(c for c in nb.cells if c.metadata.get("gamekit", {}).get("role") == "seed")
    assert seed_cell.metadata["editable"] is False and "GAMEKIT_SEED = None" in seed_cell.source


def test_the_nbgrader_source_marks_solution_and_graded_cells() -> None:
    nb = nbgrader_format.notebook("# Hats", select(["hats-6"])["hats"], "fr")
    marked = [c.metadata["nbgrader"] for c in nb.cells if "nbgrader" in c.metadata]
    assert [m["grade_id"] for m in marked] == ["answer-hats-6", "test-hats-6-exact"]
    assert marked[0]["solution"] and not marked[0]["locked"] and not marked[0]["grade"]
    assert marked[1]["grade"] and marked[1]["locked"] and marked[1]["points"] == 3
    answer = next(c.source for c in nb.cells if "### BEGIN SOLUTION" in c.source)
    assert answer.startswith("# votre réponse pour hats-6\nanswer_hats_6 = ...")
    question = next(c.source for c in nb.cells if c.metadata.get("gamekit", {}).get("exercise"))
    assert "## hats-6 · défi" in question


# -- the tools for real ------------------------------------------------------------------


def fill(path: Path, seed: int | None) -> Path:
    """Write the exact answers of the learner with ``seed`` into a notebook's answer
    cells (``answer_x = ...``), as a learner who solved everything would."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue

        def answer(match: re.Match[str]) -> str:
            return f"{match.group(1)} = {solution(match.group(2).replace('_', '-'), seed)}"

        cell.source = re.sub(r"^(answer_(\w+)) = \.\.\.$", answer, cell.source, flags=re.M)
    nbformat.write(nb, path)
    return path


def tool(*args: str, cwd: Path) -> str:
    """Run a grading tool's command line from this Python's environment."""
    scripts = Path(sys.executable).parent
    done = subprocess.run(
        [str(scripts / args[0]), *args[1:]],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=900,
        env={"PATH": f"{scripts}:/usr/bin:/bin", **_pythonpath()},
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout + done.stderr


def _pythonpath() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k in ("PYTHONPATH", "HOME", "LANG")}


def otter_run(autograder: Path, notebook: Path, out: Path) -> dict[str, Any]:
    """``otter run``: the scores by question and their feedback."""
    out.mkdir()
    tool(
        "otter",
        "run",
        "-a",
        str(autograder),
        "-o",
        str(out),
        "--no-logo",
        str(notebook),
        cwd=notebook.parent,
    )
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    return {t["name"]: t for t in results["tests"] if "score" in t}


@pytest.mark.slow
def test_otter_grades_solutions_full_blank_zero_and_each_learner_alone(tmp_path: Path) -> None:
    ada, grace = learners_apart("kk-6", "boo-4")
    course = tmp_path / "course"
    tool(
        "gamekit",
        "assign",
        "--format",
        "otter",
        "--secret",
        SECRET,
        "--roster",
        str(write_roster(tmp_path, ada, grace)),
        "kk-1",
        "kk-6",
        "boo-4",
        str(course),
        cwd=tmp_path,
    )
    title = course / "knock-knock"
    autograder = title / "dist" / "autograder" / "knock-knock-autograder.zip"
    full = otter_run(
        autograder, title / "dist" / "autograder" / "knock-knock.ipynb", tmp_path / "s"
    )
    assert {q: t["score"] for q, t in full.items()} == {"kk-1": 1.0, "kk-6": 3.0}
    blank = otter_run(autograder, title / "dist" / "student" / "knock-knock.ipynb", tmp_path / "b")
    assert {q: t["score"] for q, t in blank.items()} == {"kk-1": 0, "kk-6": 0}
    said = blank["kk-1"]["output"]
    assert str(exercise("kk-1").hint) in said and "3/11" not in said
    assert "Replace the ..." in said
    mine = fill(title / "learners" / ada / "knock-knock.ipynb", seed_for(SECRET, ada))
    assert {q: t["score"] for q, t in otter_run(autograder, mine, tmp_path / "a").items()} == {
        "kk-1": 1.0,
        "kk-6": 3.0,
    }
    copied = fill(title / "learners" / grace / "knock-knock.ipynb", seed_for(SECRET, ada))
    scores = {q: t["score"] for q, t in otter_run(autograder, copied, tmp_path / "g").items()}
    assert scores == {"kk-1": 1.0, "kk-6": 0}, "ada's kk-6 answer fails for grace"
    # a Boo Party! variant: each learner's own table; ada's answer is not grace's
    boo = course / "boo-party"
    boo_grader = boo / "dist" / "autograder" / "boo-party-autograder.zip"
    own = {}
    for learner in (ada, grace):
        path = boo / "learners" / learner / "boo-party.ipynb"
        own[learner] = next(
            "".join(c.source)
            for c in nbformat.read(path, as_version=4).cells
            if c.metadata.get("gamekit", {}).get("exercise") == "boo-4"
        )
    assert own[ada] != own[grace], "each learner's question shows their own table"
    own_copy = shutil.copytree(boo / "learners" / grace, tmp_path / "grace-own")
    mine = fill(boo / "learners" / ada / "boo-party.ipynb", seed_for(SECRET, ada))
    assert {q: t["score"] for q, t in otter_run(boo_grader, mine, tmp_path / "ba").items()} == {
        "boo-4": 2.0
    }
    copied = fill(boo / "learners" / grace / "boo-party.ipynb", seed_for(SECRET, ada))
    scores = {q: t["score"] for q, t in otter_run(boo_grader, copied, tmp_path / "bg").items()}
    assert scores == {"boo-4": 0}, "ada's boo-4 answer fails for grace"
    theirs = fill(own_copy / "boo-party.ipynb", seed_for(SECRET, grace))
    scores = {q: t["score"] for q, t in otter_run(boo_grader, theirs, tmp_path / "bt").items()}
    assert scores == {"boo-4": 2.0}, "grace's own boo-4 answer passes for her"


def write_roster(folder: Path, *learners: str) -> Path:
    roster = folder / "roster.csv"
    roster.write_text("\n".join(learners) + "\n", encoding="utf-8")
    return roster


@pytest.mark.slow
def test_nbgrader_autogrades_solutions_full_blank_zero_and_each_learner_alone(
    tmp_path: Path,
) -> None:
    from nbgrader.api import Gradebook

    ada, grace = learners_apart("kk-6", "inn-4")
    course = tmp_path / "course"
    tool(
        "gamekit",
        "assign",
        "--format",
        "nbgrader",
        "--lang",
        "fr",
        "--secret",
        SECRET,
        "--roster",
        str(write_roster(tmp_path, ada, grace)),
        *CHOSEN,
        "inn-4",
        str(course),
        cwd=tmp_path,
    )
    handed = course / "learners"
    submitted = course / "submitted"
    for learner, seed in [(ada, seed_for(SECRET, ada)), (grace, seed_for(SECRET, ada))]:
        target = submitted / learner
        (target).mkdir(parents=True)
        (handed / learner / "exercises").rename(target / "exercises")
        for path in (target / "exercises").glob("*.ipynb"):
            fill(path, seed)
    (submitted / "blank").mkdir()
    (course / "release" / "exercises").rename(submitted / "blank" / "exercises")
    tool("nbgrader", "autograde", "exercises", "--force", cwd=course)
    tool("nbgrader", "generate_feedback", "exercises", "--force", cwd=course)
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as book:
        scores = {
            learner: {
                cell.name: cell.score
                for notebook in book.find_submission("exercises", learner).notebooks
                for cell in notebook.grades
            }
            for learner in (ada, grace, "blank")
        }
    full = {
        "test-kk-1-accepted": 0.5,
        "test-kk-1-exact": 0.5,
        "test-kk-6-accepted": 1.5,
        "test-kk-6-exact": 1.5,
        "test-hats-6-exact": 3.0,
        "test-inn-4-exact": 3.0,
    }
    assert scores[ada] == full
    copied = {"test-kk-6-accepted": 0, "test-kk-6-exact": 0, "test-inn-4-exact": 0}
    assert scores[grace] == {**full, **copied}, "ada's kk-6 and inn-4 answers fail for grace"
    assert set(scores["blank"].values()) == {0}
    graded = nbformat.read(course / "autograded" / "blank" / "exercises" / "hats.ipynb", 4)
    said = "\n".join(
        json.dumps(cell.get("outputs", []), ensure_ascii=False) for cell in graded.cells
    )
    hint = str(exercise("hats-6").hint.message.render("fr"))
    assert "Indice" in said and hint.split()[0] in said
    assert "binomial(t - 1, r)" not in said
    page = (course / "feedback" / "blank" / "exercises" / "hats.html").read_text("utf-8")
    assert "Indice" in page and "binomial(t - 1, r)" not in page


def test_a_missing_grading_tool_says_which_extra_brings_it(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match=r"gamekit\[grading\]"):
        otter_format.run([sys.executable, "-m", "no_such_grader", "assign"], tmp_path)
