"""French as a French class wants it (issue 25, part 3): real plurals, French numbers,
no English word in French outputs, and one term for each thing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from gamekit.core.i18n import (
    CORE,
    CORE_N,
    Message,
    Number,
    Verbatim,
    format_number,
    language,
    plural_catalog,
)

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = sorted(p for p in (ROOT / "gamekit").rglob("locale/*/LC_MESSAGES/*.po"))
TEMPLATES = sorted((ROOT / "gamekit").rglob("locale/*.pot"))
NNBSP = "\u202f"
HEDGED_PLURAL = re.compile(r"\w\((s|e|es|x|nt)\)", re.IGNORECASE)
"""« cadavre(s) », "card(s)", « enterré(e)s »: a plural left to the reader."""


def _read(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as stream:
        return read_po(stream)


def _texts(message) -> list[str]:  # type: ignore[no-untyped-def]
    ids = list(message.id) if isinstance(message.id, tuple) else [message.id]
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return [t for t in [*ids, *strings] if t]


# -- plurals ----------------------------------------------------------------------------
@pytest.mark.parametrize("path", [*CATALOGS, *TEMPLATES], ids=lambda p: p.name)
def test_no_message_hedges_its_plural_with_brackets(path: Path) -> None:
    hedged = [t for m in _read(path) if m.id for t in _texts(m) if HEDGED_PLURAL.search(t)]
    assert not hedged, f"use N(singular, plural, count) instead: {hedged}"


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.name)
def test_every_catalog_declares_the_french_plural_rule(po: Path) -> None:
    """French takes the singular for 0 and 1: ``nplurals=2; plural=(n > 1)``."""
    catalog = _read(po)
    assert catalog.num_plurals == 2
    assert catalog.plural_expr.replace(" ", "") in {"(n>1)", "n>1"}


def test_the_counted_messages_are_extracted() -> None:
    """``pybabel extract`` finds ``N(...)`` calls (tools/catalogs.py's keywords)."""
    from tools.catalogs import KEYWORDS

    keywords: dict[str, tuple[int, ...] | None] = {}
    for spec in KEYWORDS[1::2]:
        name, _, args = spec.partition(":")
        keywords[name] = tuple(int(a) for a in args.split(",") if a.isdigit()) or None
    source = ROOT / "gamekit/titles/bloody_inn/flow.py"
    extracted = extract_from_file("python", source, keywords=keywords)
    found = {m[1] if isinstance(m[1], str) else tuple(m[1]) for m in extracted}
    pot = _read(ROOT / "gamekit/titles/bloody_inn/locale/bloody_inn.pot")
    plural_ids = {m.id for m in pot if isinstance(m.id, tuple)}
    assert (
        "The gravedigger takes {seat}'s {count} unburied corpse for {paid}F.",
        "The gravedigger takes {seat}'s {count} unburied corpses for {paid}F.",
    ) in found & plural_ids


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        (
            "fr",
            "Enquête des forces de l’ordre\u202f: le joueur 1 paie 10F au fossoyeur pour 1 cadavre "
            "non enterré, qui quitte la partie.",
            "Enquête des forces de l’ordre\u202f: le joueur 1 paie 20F au fossoyeur pour 2 "
            "cadavres non enterrés, qui quittent la partie.",
        ),
        (
            "en",
            "The police investigate: Player 1 pays 10F to the gravedigger for 1 unburied corpse, "
            "which leaves the game.",
            "The police investigate: Player 1 pays 20F to the gravedigger for 2 unburied corpses, "
            "which leave the game.",
        ),
    ],
)
def test_a_counted_narration_reads_right_at_1_and_2(lang: str, one: str, two: str) -> None:
    from gamekit.core.names import Seat
    from gamekit.titles.bloody_inn.terms import N

    def police(count: int) -> str:
        text = N(
            "The police investigate: {seat} pays {paid}F to the gravedigger for {count} "
            "unburied corpse, which leaves the game.",
            "The police investigate: {seat} pays {paid}F to the gravedigger for {count} "
            "unburied corpses, which leave the game.",
            count,
            seat=Seat(0),
            paid=10 * count,
            count=count,
        )
        return text.render(lang)

    assert (police(1), police(2)) == (one, two)


def test_only_one_traveller_reads_as_words_in_french() -> None:
    from gamekit.titles.bloody_inn.flow import _too_few

    french = [_too_few(n, 3).render("fr") for n in (0, 1, 2)]
    assert "plus aucun voyageur" in french[0]
    assert "il n’y a qu’un voyageur dans" in french[1]
    assert "il n’y a que 2 voyageurs dans" in french[2]
    english = [_too_few(n, 3).render("en") for n in (1, 2)]
    assert "only 1 traveller is in" in english[0] and "only 2 travellers are in" in english[1]


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.name)
def test_every_counted_message_has_two_distinct_forms_in_both_languages(po: Path) -> None:
    package = "gamekit" if po.stem == "gamekit" else f"gamekit.titles.{po.stem}"
    counted = [m for m in _read(po) if isinstance(m.id, tuple)]
    for message in counted:
        N = plural_catalog(package)
        params = {name: Verbatim("7") for name in re.findall(r"\{(\w+)", message.id[1])}
        for lang in ("en", "fr"):
            one = N(*message.id, 1, **params).render(lang)
            two = N(*message.id, 2, **params).render(lang)
            assert one != two, f"{lang}: one form for 1 and 2: {one!r}"


def test_core_counted_messages() -> None:
    card = [CORE_N("{count} card", "{count} cards", n, count=n).render("en") for n in (1, 2)]
    assert card == ["1 card", "2 cards"]


# -- numbers ------------------------------------------------------------------------------
def test_french_numbers_have_a_decimal_comma_and_thousands_spaces() -> None:
    with language("fr"):
        assert format_number(0.027) == "0,027"
        assert format_number(58065) == f"58{NNBSP}065"
        assert format_number(1234567.5, ".1f") == f"1{NNBSP}234{NNBSP}567,5"
        assert format_number(2026) == "2026"  # four digits stay together
        assert f"{Number(0.02713, '.2g')}" == "0,027"
        assert str(CORE("{value}", value=0.5)) == "0,5"
        assert str(CORE("{players} players, seed {seed}", players=2, seed=123456)).endswith(
            "123456"
        ), "a seed is typed again: never grouped"
    assert format_number(58065) == "58065" and format_number(0.027) == "0.027"


@pytest.mark.parametrize("answer", [0.123456, 0.5, 0.4999])
def test_french_feedback_has_no_decimal_point(answer: float) -> None:
    from gamekit.exercises import check, load_banks

    load_banks()
    with language("fr"):
        for games in (2000, 20000):
            text = str(check("hats-1", answer, games=games))
            assert not re.search(r"\d\.\d", text), text
            assert "±\u202f0," in text, text
            if games == 20000:
                assert f"20{NNBSP}000 parties" in text, text


def test_french_input_keeps_the_decimal_point() -> None:
    """A French learner still types ``0.5`` (Python's syntax); the feedback is French."""
    from gamekit.exercises import check, load_banks

    load_banks()
    with language("fr"):
        feedback = check("hats-1", 0.5, games=2000)
    assert "0,5" in str(feedback)


def test_numbers_in_messages_stay_plain_in_english() -> None:
    message = Message("gamekit", "{x} and {y}", (("x", 0.25), ("y", 58065)))
    assert message.render("en") == "0.25 and 58065"
    assert message.render("fr") == f"0,25 et 58{NNBSP}065" or message.render("fr") == (
        f"0,25 and 58{NNBSP}065"
    )


# -- English words in French outputs ------------------------------------------------------
ENGLISH = re.compile(
    r"\b(the|and|with|of|is|are|to|player|players|seat|seats|seed|step|move|moves|over|game|"
    r"games|card|cards|hand|door|knock|knocks|wins|win|turn|round|short|unrated|harmless|"
    r"lost|ghost|ghosts|monster|monsters|kid|hearse|scarecrow|folk|guest|guests|witch|mummy|"
    r"werewolf|seer|vision|visions|costume\s+\w+s|peasant|peasants|cheque|cheques|cash|"
    r"wealth|corpse|corpses|annex|annexes|traveller|travellers|innkeeper|bistro|room|rooms|"
    r"police|red|blue|green|pink|yellow|purple|black|hat|hats\s+\d|favourite|"
    r"points?\s+each|none|nothing|cap|capped|left|deck|discard|tea)\b"
)
"""The kit's English vocabulary: none of it may show in a French output. (Titles keep
their printed names, « Hats » and « Boo Party! »; the kit's identifiers in code, such
as a view's keys, are code, not output.)"""
KEEP = re.compile(r"Boo Party!|Hats|Knock! Knock!|\bvs\b")


def _visible(html: str) -> str:
    import html as html_module

    # a view's data under « sous forme de texte » is code (its keys and card ids)
    text = re.sub(r"<style.*?</style>|<script.*?</script>|<pre>.*?</pre>", " ", html, flags=re.S)
    return html_module.unescape(re.sub(r"<[^>]+>", " ", text))


def _french_outputs(title: str, seed: int) -> list[str]:
    import gamekit
    from gamekit.bots import RandomBot

    game = gamekit.new_game(title, seed=seed, lang="fr")
    bot = RandomBot(seed=seed)
    texts = [repr(game), _visible(game._repr_html_())]
    while not game.is_over:
        texts += [game.read(a) for a in game.legal_actions()[:6]]
        texts += [game.describe(a) for a in game.legal_actions()[:3]]
        game.play(bot.choose(game))
        texts.append(_visible(game._repr_html_()) if game.step % 25 == 0 else "")
    texts += [game.read(e) for e in game.log]
    texts += [repr(game), _visible(game._repr_html_()), *game.result_lines()]
    return [t for t in texts if t]


@pytest.mark.parametrize("title", ["knock-knock", "hats", "boo-party", "bloody-inn"])
def test_no_english_word_in_the_french_outputs_of_a_game(title: str) -> None:
    found = {
        (m.group(0), text[max(0, m.start() - 30) : m.end() + 30])
        for text in _french_outputs(title, seed=3)
        for m in ENGLISH.finditer(KEEP.sub(" ", text))
    }
    assert not found, sorted(found)[:12]


# -- one term for each thing, and the wording -------------------------------------------
def _french_sources() -> dict[str, str]:
    """Every French text a learner reads: the catalogs' translations, the French
    notebooks and exercises (prose and outputs, code spans left out), the rules pages
    and the teacher's pages (``docs/fr``)."""
    import json

    sources: dict[str, str] = {}
    for po in CATALOGS:
        sources[po.name] = "\n".join(
            s for m in _read(po) if m.id for s in (m.string if isinstance(m.string, tuple)
                                                   else (m.string,))
        )  # fmt: skip
    notebooks = [
        *(ROOT / "notebooks/fr").glob("*.ipynb"),
        *(ROOT / "exercises/fr").rglob("*.ipynb"),
    ]
    for path in notebooks:
        cells = json.loads(path.read_text("utf-8"))["cells"]
        prose, outputs = [], []
        for cell in cells:
            if cell["cell_type"] == "markdown":
                prose.append("".join(cell["source"]))
            for out in cell.get("outputs", []):
                outputs.append("".join(out.get("text", "")))
                outputs.append("".join(out.get("data", {}).get("text/plain", "")))
        sources[path.name] = "\n".join(prose)
        sources[f"{path.name} (outputs)"] = "\n".join(outputs)
    pages = [
        *(ROOT / "docs/rules/fr").glob("*.md"),
        *(ROOT / "docs/fr").glob("*.md"),
        *(ROOT / "exercises/fr").rglob("*.md"),
    ]
    for path in pages:
        sources[path.relative_to(ROOT).as_posix()] = path.read_text("utf-8")
    code = re.compile(r"```.*?```|`[^`\n]*`|\{[\w:^]+\}", re.S)  # code and placeholders
    return {name: code.sub(" ", text) for name, text in sources.items()}


BOT = r"(?<!\*)\bbots?\b(?!\*)"
REJECTED = {
    r"\btaxis-corbillards\b": "taxi-corbillards",
    r"\bvue de Dieu\b": "vue divine",
    r"\bRègle\s+(\{id\}|[A-Z]\d)": "Arbitrage (a ruling)",
    BOT: "robot",
    r"brigadier\s*†": "brigadier (a printed name)",
    r"reste fermée, [^.]* la prend": "prend la carte (la = the door)",
    r"[Ll]es monstres et vampires": "les monstres et les vampires",
    r"(?<!les )départagent\s*[(.,;]": "les départagent",
    r"répètent un type": "sont d’un type déjà présent",
    r"nombres? strictement|plus petits nombres": "numéro (a card's)",
    r"(^|\n|\. )Le plus de points gagne": "Celui qui a le plus de points gagne",
    r"construit (le|la|l’) (baron|vicomte|comte|marquis|duc|prince|\{targets)": "construit une "
    "dépendance avec …",
    r"'(Ouvrir|Garder|Frapper)[^']*'": "« … »",
}
"""A rejected variant -> the term the kit uses."""
INN = re.compile(r"bloody_inn|auberge|bloody-inn", re.IGNORECASE)
INN_REJECTED = {r"\bclés?\b": "clef (as printed)"}
INN_EXERCISES = re.compile(r"bloody_inn\.po|^auberge-sanglante(-corriges)?\.ipynb|fiches/auberge")
"""The Inn's exercises (the catalog's questions, the notebooks, the worksheet) name the
card family as printed: « forces de l’ordre », never « police »."""


def test_one_term_for_each_thing_in_french() -> None:
    found = []
    for name, text in _french_sources().items():
        rules = {**REJECTED, **(INN_REJECTED if INN.search(name) else {})}
        if name.endswith("(outputs)"):  # a table's column "bot" is the code's name
            rules.pop(BOT)
        if INN_EXERCISES.search(name):
            rules[r"\bpolice\b"] = "forces de l’ordre"
        for pattern, term in rules.items():
            for m in re.finditer(pattern, text):
                found.append(f"{name}: {m.group(0)!r} (say {term})")
    assert not found, found[:20]


def test_the_french_guide_gives_the_levels_as_e_acute_e_d() -> None:
    guide = (ROOT / "exercises/fr/README.md").read_text("utf-8")
    assert "**É** échauffement, **E** essentiel, **D** défi" in guide
    levels = re.findall(r"^\| [a-z]+-\d \| (\S+) \|", guide, flags=re.M)
    assert len(levels) >= 20 and set(levels) == {"É", "E", "D"}, levels


def test_tied_folks_read_with_their_articles_in_french() -> None:
    from gamekit.core.i18n import Listing
    from gamekit.titles.knock_knock.terms import FOLK_TERMS

    folks = Listing((FOLK_TERMS[0], FOLK_TERMS[2]))
    with language("fr"):
        assert format(folks, "the_plural^") == "Les monstres et les vampires"
    assert format(folks, "plural") == "monsters and vampires"


def test_a_refused_typed_move_is_quoted_the_french_way() -> None:
    import gamekit

    game = gamekit.new_game("knock-knock", players=3, seed=0, lang="fr")
    with pytest.raises(gamekit.IllegalAction) as refused:
        game.play("Ouvrir la porte")
    assert "«\u00a0Ouvrir la porte\u00a0»" in str(refused.value)
    assert "'" not in str(refused.value).split(".")[0]


def test_a_french_kernel_prints_its_tables_with_decimal_commas() -> None:
    import pandas as pd

    import gamekit

    table = pd.DataFrame({"taux": [0.155, 0.5], "parties": [58065.0, 2.0]})
    try:
        gamekit.set_language("fr")
        text = repr(table)
        assert "0,155" in text and f"58{NNBSP}065" in text and not re.search(r"\d\.\d", text)
        assert "0,155" in table.to_html()
    finally:
        gamekit.set_language("en")
    assert "0.155" in repr(table)
