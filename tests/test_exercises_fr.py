"""The exercise checker speaks French under ``language("fr")``: its feedback, the answer
reader's messages and the evaluator's, every one of them a message of the core catalog."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import sympy
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from gamekit.core.i18n import get_language, language
from gamekit.exercises import Exercise, check, check_against, formula_at
from gamekit.exercises.answers import MAX_LENGTH, Unreadable, grammar, read

ROOT = Path(__file__).resolve().parent.parent
NNBSP = "\u202f"

# An exercise whose own texts (form, hint) are French: every word of its feedback is then
# the checker's.
HALF = Exercise(
    id="demo-1",
    title="démo",
    level="warm-up",
    question="Quelle est la probabilité de tomber sur pile\u202f?",
    expected=lambda: sympy.Rational(1, 2),
    form="une fraction",
    hint="Deux faces également probables.",
    estimates=True,
)
FORMULA = Exercise(
    id="demo-2",
    title="démo",
    level="core",
    question="Combien de paires parmi n objets\u202f?",
    expected=lambda: sympy.binomial(sympy.Symbol("n"), 2),
    form="une formule en n",
    hint="Choisissez 2 objets parmi n.",
    symbols=("n",),
    domain=(("n", 0, 40),),
)
DIST = Exercise(
    id="demo-3",
    title="démo",
    level="core",
    question="Loi du nombre de piles en deux lancers.",
    expected=lambda: {0: sympy.Rational(1, 4), 1: sympy.Rational(1, 2), 2: sympy.Rational(1, 4)},
    form="un dictionnaire {issue: probabilité}",
    hint="Quatre cas également probables.",
    estimates=True,
)

ENGLISH = re.compile(
    r"\b(the|answer|expected|could|not|quite|read|number|numbers|formula|letter|games|"
    r"estimate|correct|good|outcome|outcomes|missing|write|with|give|your|empty|too|big)\b",
)
"""English words that would give away a checker text left untranslated (``games`` is
allowed where it names the argument ``games=``)."""


def english_words(text: str) -> list[str]:
    text = re.sub(r"check\([^)]*\)|games doit|'[^']*'|«[^»]*»", "", text)
    return ENGLISH.findall(text)


def french(exercise: Exercise, answer: object, games: int | None = None) -> str:
    with language("fr"):
        feedback = check_against(exercise, answer, games)
    text = feedback.message
    assert not english_words(text), (english_words(text), text)
    assert not re.search(r" [:;!?]", text), f"a plain space before punctuation: {text!r}"
    return text


def test_correct_and_not_quite_in_french() -> None:
    assert french(HALF, "2/4") == f"Bonne réponse{NNBSP}! (demo-1)"
    assert french(HALF, "1/3") == "Pas tout à fait. Deux faces également probables."
    assert french(HALF, 0.5).startswith(f"Bonne valeur{NNBSP}! La valeur exacte est 1/2")
    assert french(HALF, ...) == f"Remplacez les ... par votre réponse{NNBSP}: une fraction."
    assert str(check_against(HALF, "1/3")) != str(check_against(HALF, "1/2"))
    assert check_against(HALF, "1/2").message == "Correct! (demo-1)"  # English outside


def test_estimates_in_french() -> None:
    assert french(HALF, 0.51).startswith("Cela ressemble à une estimation")
    assert "check('demo-1', simulated, games=2000)" in french(HALF, 0.51)
    assert french(HALF, 0.51, games=20).startswith("games doit être un nombre entier")
    good = french(HALF, 0.51, games=2000)
    assert good.startswith(f"Bonne estimation{NNBSP}: avec 2000 parties")
    assert good.endswith(f"Trouvez maintenant la réponse exacte{NNBSP}: une fraction.")
    bad = french(HALF, 0.3, games=2000)
    assert bad.startswith(f"Ce n’est pas 0,3{NNBSP}: avec 2000 parties")
    shares = french(DIST, {0: 0.26, 1: 0.49, 2: 0.25}, games=2000)
    assert shares.startswith(f"Bonne estimation{NNBSP}: avec 2000 parties, chaque fréquence")


def test_distributions_and_formulas_in_french() -> None:
    assert french(DIST, {0: "1/4"}).startswith(f"Issues manquantes{NNBSP}: [1, 2]")
    assert french(DIST, {0: "1/4", 1: "1/3", 2: "1/4"}).startswith(
        f"Pour l’issue 1{NNBSP}: Pas tout à fait."
    )
    assert french(DIST, "1/2").startswith("Donnez un dictionnaire")
    assert french(FORMULA, "n").startswith("Pas tout à fait (essayez votre formule pour n = ")
    assert french(FORMULA, "1/2").startswith(f"Il faut une formule, pas un nombre{NNBSP}:")
    assert "utilise la lettre x" in french(FORMULA, sympy.Symbol("x") + 1)
    assert french(FORMULA, "(n**2 - n)/2 * n*(n - 2)/(n**2 - 2*n)").startswith(
        f"Pas tout à fait{NNBSP}: votre formule ne se calcule pas pour n = 0"
    )
    n = sympy.Symbol("n")
    assert "nombres exacts" in french(FORMULA, 0.5 * n * (n - 1))
    assert french(HALF, "n").startswith("Je sais lire des nombres")
    assert "Rational(a, b) prend deux nombres" in french(FORMULA, "Rational(n, 2)")


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("import os", "je n’ai pas pu lire 'import os'"),
        ("2^3", f"Je ne sais pas lire «{NNBSP}^{NNBSP}»{NNBSP}: écrivez les puissances avec **"),
        ("(1", "s’arrête trop tôt (il manque quelque chose à la fin)"),
        ("", f"La réponse est vide{NNBSP}: écrivez un nombre ou une formule."),
        ("1/0", "Votre réponse divise par zéro."),
        ("9**9**9**9", "Les exposants doivent être des nombres entiers de -100 à 100"),
        ("factorial(10**9)", "trop grand pour que je puisse le manipuler"),
        ("1" * 40, "plus de 30 chiffres"),
        ("(" * 40 + "1" + ")" * 40, "imbrique plus de 30 parenthèses"),
        ("1+" * 300, f"je lis les réponses de {MAX_LENGTH} caractères au plus"),
        ("binomial(5)", "binomial prend 2 nombres."),
        ("factorial(1, 2)", "factorial prend 1 nombre."),
        ("factorial(1/2)", "factorial demande des nombres entiers, par exemple factorial(5)."),
        ("factorial(-1)", "factorial demande un nombre entier positif ou nul."),
        (True, "True n’est pas un nombre."),
        ([1], "je ne sais pas lire un objet de type list"),
    ],
)
def test_the_answer_readers_messages_in_french(answer: object, words: str) -> None:
    text = french(HALF, answer)
    assert words in text, text
    assert text.endswith(f"Forme attendue{NNBSP}: une fraction."), text


def test_the_grammar_and_the_reader_speak_the_language_in_force() -> None:
    with language("fr"):
        assert grammar(("t", "r")).endswith("ainsi que les lettres t et r")
        assert formula_at("kk-4", "g/(g - 4)", g=4, f=3) == (
            "Je ne peux pas la calculer en ce point (division par zéro)."
        )
        assert str(formula_at("kk-4", "g - ", g=4, f=3)).startswith("Je sais lire des nombres")
        with pytest.raises(Unreadable) as refused:
            read("import os")
        french_text = str(refused.value)
    assert french_text.startswith("Je sais lire des nombres, des fractions comme 3/8")
    assert str(refused.value).startswith("I can read numbers")  # rendered when shown
    assert get_language() == "en"
    assert grammar(("t", "r")).endswith("and the letters t and r")


def test_check_of_a_bank_exercise_in_french() -> None:
    with language("fr"):
        assert check("kk-1", "3/11").message == f"Bonne réponse{NNBSP}! (kk-1)"
        assert check("kk-1", "1/2").message.startswith("Pas tout à fait. ")
        assert (
            check("zz-9", 1).message
            == f"Il n’y a pas d’exercice 'zz-9'{NNBSP}; vérifiez l’identifiant."
        )
    assert check("kk-1", "3/11").message == "Correct! (kk-1)"


def test_every_checker_message_is_in_the_french_catalog() -> None:
    """Each ``CORE(...)`` of ``gamekit/exercises`` is extracted and translated."""
    with (ROOT / "gamekit/locale/fr/LC_MESSAGES/gamekit.po").open("rb") as stream:
        catalog = read_po(stream)
    found = [
        message
        for path in sorted((ROOT / "gamekit" / "exercises").glob("*.py"))
        for _, message, _, _ in extract_from_file(
            "python", str(path), keywords={"CORE": None}, comment_tags=()
        )
    ]
    assert len(found) > 50
    for msgid in found:
        entry = catalog.get(msgid)
        assert entry is not None and entry.string, f"{msgid!r} has no French: run ./kit i18n"
