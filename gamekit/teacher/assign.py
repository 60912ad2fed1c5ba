"""``assign``: the kit's exercises as an otter-grader or nbgrader assignment, with one
variant per learner of a roster.

Each title's exercises make one notebook (named after the title key). With a roster,
every learner gets their own copy in ``OUT/learners/ID/``: the seed cell holds
:func:`~gamekit.teacher.seeds.seed_for` of the course secret and their id, and the
questions of exercises that have a variant are theirs; the tests read the seed from
the notebook, so grading needs no roster.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gamekit.core.i18n import CORE, check_language, language
from gamekit.exercises import Exercise, exercise, load_banks
from gamekit.teacher import cells, nb, nbgrader_format, otter_format
from gamekit.teacher.seeds import check_learner, seed_for

FORMATS = ("otter", "nbgrader")


def banks() -> dict[str, list[Exercise]]:
    """Title key -> its exercises, in the bank's order."""
    from gamekit.core.errors import ConfigError
    from gamekit.core.registry import installed_titles, rules_for

    load_banks()
    found: dict[str, list[Exercise]] = {}
    for title in installed_titles():
        try:
            module = rules_for(title).title_module("checks")
        except ConfigError:
            continue
        bank = getattr(module, "BANK", ())
        if bank:
            found[title] = [exercise(ex.id) for ex in bank]
    return found


def select(names: Sequence[str]) -> dict[str, list[Exercise]]:
    """The exercises named (ids such as ``kk-1``, title keys such as ``hats``, or ``all``)
    grouped by title, each once, in the banks' order; a ``ValueError`` names an unknown one.

    >>> {t: [e.id for e in exs] for t, exs in select(["kk-6", "kk-1"]).items()}
    {'knock-knock': ['kk-1', 'kk-6']}
    """
    titles = banks()
    wanted: set[str] = set()
    for name in names:
        if name == "all":
            wanted |= {ex.id for exs in titles.values() for ex in exs}
        elif name in titles:
            wanted |= {ex.id for ex in titles[name]}
        elif any(ex.id == name for exs in titles.values() for ex in exs):
            wanted.add(name)
        else:
            known = ", ".join(["all", *titles])
            raise ValueError(f"no exercise or title {name!r} (ids such as kk-1, or: {known})")
    if not wanted:
        raise ValueError("name at least one exercise or title")
    chosen = {t: [ex for ex in exs if ex.id in wanted] for t, exs in titles.items()}
    return {t: exs for t, exs in chosen.items() if exs}


def heading(exercises: Sequence[Exercise], lang: str) -> str:
    """The notebook's first cell: the title and how to answer."""
    with language(lang):
        title = CORE("{title}: exercises", title=str(exercises[0].title))
        return "\n\n".join(
            [
                f"# {title}",
                str(
                    CORE(
                        "Write each answer in its cell (replace the ...): a fraction such as "
                        "'3/11', a formula in the exercise's letters, or a dict for a "
                        "distribution. Run check(...) as you go: it answers with a hint, "
                        "never with the answer."
                    )
                ),
            ]
        )


def assign(
    names: Sequence[str],
    out: str | Path,
    *,
    format: str,
    lang: str = "en",
    roster: Sequence[str] | None = None,
    secret: str | bytes | None = None,
    assignment: str = "exercises",
) -> list[Path]:
    """Write the assignment of the exercises ``names`` into ``out``; the notebooks to
    hand out (one per title, or one per title and learner with a ``roster``).

    ``format="otter"``: per title a master notebook and ``otter assign``'s student
    notebook and autograder zip. ``format="nbgrader"``: ``out`` is the course folder,
    the notebooks go to ``source/ASSIGNMENT/``; with a roster ``nbgrader
    generate_assignment`` runs too and each learner's copy is made from its release.
    """
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
    check_language(lang)
    learners = [check_learner(learner) for learner in roster or ()]
    if len(set(learners)) != len(learners):
        raise ValueError("the roster names a learner twice")
    if learners and not secret:
        raise ValueError("a roster needs the course secret (the learners' seeds come from it)")
    chosen = select(names)
    out = Path(out)
    # Each (folder of the notebooks to hand out, the titles in it, where learners' copies go).
    batches: list[tuple[Path, list[str], Path]] = []
    for title, exercises in chosen.items():
        head = heading(exercises, lang)
        if format == "otter":
            student, _ = otter_format.write(out / title, title, head, exercises, lang)
            batches.append((student.parent, [title], out / title / "learners"))
        else:
            nbgrader_format.write(out, assignment, title, head, exercises, lang)
    if format == "nbgrader":
        if not learners:
            return [out / "source" / assignment / f"{title}.ipynb" for title in chosen]
        release = nbgrader_format.generate(out, assignment)
        batches.append((release, list(chosen), out / "learners"))
    handed: list[Path] = []
    for source, titles, target in batches:
        if not learners:
            handed += [source / f"{title}.ipynb" for title in titles]
        for learner in learners:
            folder = target / learner / (assignment if format == "nbgrader" else "")
            seed = seed_for(secret or b"", learner)
            handed += personal(source, folder, titles, learner, seed, lang)
    return handed


def personal(
    source: Path, folder: Path, names: Sequence[str], learner: str, seed: int, lang: str
) -> list[Path]:
    """A learner's copy of the folder ``source`` (its notebooks ``NAME.ipynb`` and the
    files beside them): their seed in each seed cell, their variant of each question."""
    from gamekit.exercises import variant_of

    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(source, folder)
    paths = [folder / f"{name}.ipynb" for name in names]
    for path in paths:
        book = nb.read(path)
        for cell in book.cells:
            mark: dict[str, Any] = cell.get("metadata", {}).get("gamekit", {})
            if mark.get("role") == "seed":
                cell.source = cells.seed_source(learner, seed, lang)
            elif mark.get("role") == "question":
                ex = exercise(mark["exercise"])
                if variant_of(ex, seed) is not ex:
                    cell.source = cells.question_markdown(ex, seed, lang)
        nb.write(book, path)
    return paths
