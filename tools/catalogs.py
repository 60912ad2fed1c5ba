"""Extract, update and compile the kit's gettext catalogs with Babel (``./kit i18n``).

One domain per catalog: ``gamekit`` (the core, the exercise checker and the widgets) in
``gamekit/locale``, and one per title that has a ``locale`` folder or a board module, named
after the title's package (``gamekit/titles/knock_knock/locale``, domain ``knock_knock``).
For each domain:

1. ``pybabel extract`` writes ``<locale>/<domain>.pot`` from the sources (keywords:
   ``M`` and ``CORE`` for messages, ``N:1,2`` and ``CORE_N:1,2`` for counted messages
   (singular, plural), ``form:1c,2`` for the forms of a word), and from a
   title's board module (``board.js``, Babel's JavaScript extractor) every
   ``kit.t("English text", {params})`` (keyword ``kit.t``) into the title's domain;
2. ``pybabel update`` merges it into every ``<locale>/<lang>/LC_MESSAGES/<domain>.po``
   (``pybabel init`` makes a missing one);
3. ``pybabel compile`` writes the ``.mo`` files the kit reads at run time.

Usage: ``python tools/catalogs.py [extract|update|compile|all] [--lang fr]`` (default: all).
Babel is needed here only: the kit reads ``.mo`` files with the standard library.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("fr",)  # the source language, English, needs no catalog
KEYWORDS = ["-k", "M", "-k", "CORE", "-k", "N:1,2", "-k", "CORE_N:1,2", "-k", "form:1c,2"]
KEYWORDS += ["-k", "kit.t"]
HEADER = "gamekit"
MAPPING = """\
[python: **.py]

[javascript: **/board.js]
template_string = false
"""
"""Python modules with the keywords above, and the boards' ``kit.t`` calls (a board's
message id is a plain string: no template strings). Any other JavaScript (the
table's ``static/table.js``) is not read: its words come from ``gamekit/widgets/labels.py``."""


def domains() -> dict[str, tuple[list[Path], Path]]:
    """Domain -> (the sources to extract from, the locale folder)."""
    found: dict[str, tuple[list[Path], Path]] = {
        "gamekit": (
            [
                ROOT / "gamekit" / "core",
                ROOT / "gamekit" / "exercises",
                ROOT / "gamekit" / "teacher",
                *sorted((ROOT / "gamekit").glob("*.py")),
                ROOT / "gamekit" / "widgets",
                ROOT / "gamekit" / "rooms",
            ],
            ROOT / "gamekit" / "locale",
        )
    }
    for title in sorted((ROOT / "gamekit" / "titles").iterdir()):
        if (title / "locale").is_dir() or (title / "board.js").is_file():
            found[title.name] = ([title], title / "locale")
    return found


def babel(*args: str | Path) -> None:
    """Run ``pybabel`` with this Python."""
    command = [sys.executable, "-m", "babel.messages.frontend", *map(str, args)]
    subprocess.run(command, check=True, cwd=ROOT)


def extract(domain: str, sources: list[Path], locale: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        mapping = Path(folder) / "babel.cfg"
        mapping.write_text(MAPPING, encoding="utf-8")
        babel(
            "extract", "--no-default-keywords", *KEYWORDS, "-F", mapping, "--sort-by-file",
            "--no-wrap", "--project", HEADER, "--copyright-holder", "the gamekit authors",
            "-o", locale / f"{domain}.pot", *[s.relative_to(ROOT) for s in sources],
        )  # fmt: skip


def update(domain: str, locale: Path, langs: tuple[str, ...]) -> None:
    for lang in langs:
        po = locale / lang / "LC_MESSAGES" / f"{domain}.po"
        action = "update" if po.exists() else "init"
        extra = (
            ["--no-wrap", "--ignore-obsolete", "--no-fuzzy-matching"]
            if action == "update"
            else ["--no-wrap"]
        )
        babel(
            action, "-D", domain, "-i", locale / f"{domain}.pot", "-d", locale, "-l", lang, *extra
        )


def compile_(domain: str, locale: Path, langs: tuple[str, ...]) -> None:
    for lang in langs:
        babel("compile", "-D", domain, "-d", locale, "-l", lang, "--statistics")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", nargs="?", default="all",
                        choices=["extract", "update", "compile", "all"])  # fmt: skip
    parser.add_argument("--lang", action="append", help="only this language (repeatable)")
    args = parser.parse_args(argv)
    langs = tuple(args.lang or LANGUAGES)
    for domain, (sources, locale) in domains().items():
        locale.mkdir(parents=True, exist_ok=True)
        if args.step in ("extract", "all"):
            extract(domain, sources, locale)
        if args.step in ("update", "all"):
            update(domain, locale, langs)
        if args.step in ("compile", "all"):
            compile_(domain, locale, langs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
