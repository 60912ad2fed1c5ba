"""The teacher's desk (gamekit.teacher, ``gamekit assign``): seeds, verdicts, the
notebooks written for otter-grader and nbgrader, and (``slow``) both tools run for real
in a temporary course folder: the kit's solutions get full marks, blank notebooks zero
with the kit's hints and never the answer, and each learner's own answers pass for them
only.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
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


def learners_apart(exercise_id: str = "kk-6") -> tuple[str, str]:
    """Two roster ids whose variants of an exercise have different exact answers."""
    first = "ada"
    mine = variant_of(exercise(exercise_id), seed_for(SECRET, first)).expected()
    for other in ("grace", "alan", "emmy", "kurt", "sofia", "carl", "marie", "ida"):
        theirs = variant_of(exercise(exercise_id), seed_for(SECRET, other)).expected()
        if theirs != mine:
            return first, other
    raise AssertionError(f"eight learners share ada's {exercise_id} answer")


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
    # the question shows the learner's own parameters, in English and in French
    assert mine.question != theirs.question
    with language("fr"):
        assert str(mine.question) != str(theirs.question) != theirs.question
        failed = verdict(exercise_id, answers[1], seed=seeds[0], lang="fr")[1]
    # the feedback (the hint) never gives the learner's answer
    own = solution(exercise_id, seeds[0]).strip("'")
    if not own.startswith("{"):
        assert own not in failed and own not in str(mine.hint)


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
    ada, grace = learners_apart()
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


def write_roster(folder: Path, *learners: str) -> Path:
    roster = folder / "roster.csv"
    roster.write_text("\n".join(learners) + "\n", encoding="utf-8")
    return roster


@pytest.mark.slow
def test_nbgrader_autogrades_solutions_full_blank_zero_and_each_learner_alone(
    tmp_path: Path,
) -> None:
    from nbgrader.api import Gradebook

    ada, grace = learners_apart()
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
    }
    assert scores[ada] == full
    assert scores[grace] == {**full, "test-kk-6-accepted": 0, "test-kk-6-exact": 0}
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
