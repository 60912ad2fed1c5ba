"""The table's own words, in the language in force, for the page (``table.js``).

The page hard-codes no English: it draws every label, button, tooltip and
aria-label from the ``labels`` trait, a dict made here from the core catalog
(domain ``gamekit``). Placeholders the page fills itself stay as they are
(``"{count} legal moves"``): each message is rendered with its parameters set to
their own ``{name}``, so the French text may move them. Texts that name a seat
are made here, seat by seat (``seat_labels``), so the French grammar of a name
("au joueur 2", "à Ann") is right.

>>> from gamekit.core.i18n import language
>>> with language("fr"):
...     page_labels()["new_game"], bot_label("greedy")
('Nouvelle partie', 'glouton')

A title's board (its ``board.js``) has words of its own: it calls
``kit.t("English text with {placeholders}", {params})``. :func:`board_labels` reads
those message ids from the module's source (:func:`board_msgids`, the rule
``pybabel`` extracts them by: the keyword ``kit.t`` and a double-quoted first
argument) and translates them with the title's catalog; :func:`card_names` gives
the names the title's picture module translates (``card_names()``, by the ids the
board meets in the view), for ``kit.cardName(id, english)``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from gamekit.core.i18n import (
    CORE,
    CORE_PACKAGE,
    SOURCE,
    Message,
    form,
    get_language,
    gettext_in,
    language,
)
from gamekit.core.names import Seat, default_names, seat_names

BOT_CONTEXT = "bot"
"""The catalog context of the bots' display names (the API names stay English)."""

BOT_NAMES = dict(
    [
        form("bot", "random"),
        form("bot", "greedy"),
        form("bot", "planner"),
        form("bot", "search"),
        form("bot", "best"),
        form("bot", "innkeeper"),
        form("bot", "memory"),
        form("bot", "team"),
    ]
)
"""Every bot name of the kit (``random``, the generic ``search`` and ``best``, and each
title's ``BOTS``), marked for the catalog with the context ``"bot"``."""


def bot_label(name: str) -> str:
    """A bot's name as the table shows it, in the language in force ("greedy" -> "glouton").

    A name the catalog does not know (a learner's own bot) is shown as it is.
    """
    return gettext_in(CORE_PACKAGE, name, BOT_CONTEXT) if name else name


def bot_labels(names: Iterable[str]) -> dict[str, str]:
    """Display names of ``names``, by API name."""
    return {name: bot_label(name) for name in names if name}


def _kept(message: Message) -> str:
    """``message`` rendered with its placeholders left for the page to fill."""
    return str(message)


def _page_messages() -> dict[str, Message]:
    """Every text of the page, by key (placeholders the page fills: ``{name}`` as is)."""
    k = {p: "{" + p + "}" for p in ("count", "step", "total", "name", "label", "names", "id", "n")}
    return {
        # the header and the status line
        "step_n": CORE("step {step}", step=k["step"]),
        "seed_n": CORE("seed {n}", n=k["n"]),
        "god_view": CORE("god view (everything)"),
        "the_god_view": CORE("the god view"),
        "spectator": CORE("spectator"),
        "your_decision": CORE("Your decision"),
        "your_decision_sr": CORE("Your decision."),
        "game_over": CORE("Game over"),
        "game_over_status": CORE("Game over — {names}", names=k["names"]),
        "game_over_sr": CORE("Game over: {names}.", names=k["names"]),
        "no_winner": CORE("no winner"),
        "winner": CORE("winner: {names}", names=k["names"]),
        "winners": CORE("winners: {names}", names=k["names"]),
        "nobody": CORE("nobody"),
        "now_at_step": CORE("Now at step {step}.", step=k["step"]),
        "drawing_failed": CORE("The table could not be drawn: {error}", error="{error}"),
        "nothing_changed": CORE("⚠ Nothing changed:"),
        "ok": CORE("OK"),
        "result": CORE("result"),
        # seats
        "you": CORE(" (you)"),
        "deciding": CORE("deciding"),
        "score": CORE("score"),
        "human": CORE("human"),
        "bot_choice": CORE("bot: {name}", name=k["name"]),
        "stand_up": CORE("stand up"),
        "sit_here": CORE("sit here"),
        # moves
        "your_moves": CORE("Your moves ({count})", count=k["count"]),
        "or_click_card": CORE(" — or click a glowing card"),
        "legal_moves": CORE("{count} legal moves", count=k["count"]),
        "bot_plays": CORE("The bot “{name}” plays by itself.", name=k["name"]),
        "let_bot_decide": CORE("Let bot “{name}” decide", name=k["name"]),
        "let_random_decide": CORE("Let a stand-in random bot decide"),
        "choose_move": CORE("Choose a move ({count})", count=k["count"]),
        "choose_move_title": CORE("Choose a move ({count}):", count=k["count"]),
        "cancel": CORE("Cancel"),
        "pick_card_aria": CORE("{name}: {count} moves", name=k["name"], count=k["count"]),
        "pick_card_aria_one": CORE("{name}: 1 move", name=k["name"]),
        "pick_card_hint": CORE(" — pick a card, then its move"),
        "your_cards": CORE("your cards"),
        "moves_of_card": CORE("{name}:", name=k["name"]),
        "card_moves": CORE(
            "{name}: {count} moves: {list}", name=k["name"], count=k["count"], list="{list}"
        ),  # fmt: skip
        # the odds panel ("What are my chances?")
        "odds_panel": CORE("odds panel"),
        "odds_panel_locked": CORE("odds panel (switched off by the teacher)"),
        "odds_title": CORE("What are my chances?"),
        "odds_why": CORE("Why? The SymPy lines"),
        "odds_code": CORE("SymPy lines that answer: {question}", question="{question}"),
        "odds_exercise": CORE("Exercise"),
        "odds_exercise_tip": CORE(
            "Work it out yourself, then check your answer: {code}", code="{code}"
        ),
        # the narration
        "the_board": CORE("the board"),
        "what_happened": CORE("What happened"),
        "moves_and_narration": CORE("moves and what happened"),
        "nothing_yet": CORE("Nothing yet."),
        "ruling_n": CORE("Ruling {id}", id=k["id"]),
        "ruling_aria": CORE("Ruling {id}: {text}", id=k["id"], text="{text}"),
        "the_rule_applied": CORE("the rule applied"),
        "vision_covered": CORE("The Seer revealed a Vision (remember it!)."),
        # the cover (pass-and-play)
        "covered": CORE("The table is covered."),
        "look_away": CORE("The others look away. Only the next player clicks."),
        # cards and piles drawn by the boards
        "a_card": CORE("a card"),
        "face_down_card": CORE("a face-down card"),
        "empty": CORE("empty"),
        "none": CORE("none"),
        "hidden": CORE("hidden"),
        "pile_one": CORE("{name}: 1 card", name=k["name"]),
        "pile_many": CORE("{name}: {count} cards", name=k["name"], count=k["count"]),
        "in_hand": CORE("{count} in {label}", count=k["count"], label=k["label"]),
        "empty_hand": CORE("empty {label}", label=k["label"]),
        "hand": CORE("hand"),
        # the controls
        "step_btn": CORE("Step"),
        "step_tip": CORE("one decision by the seat's bot"),
        "autoplay": CORE("▶ Autoplay"),
        "pause": CORE("❚❚ Pause"),
        "delay": CORE("delay"),
        "delay_aria": CORE("autoplay delay (ms)"),
        "undo": CORE("↶ Undo"),
        "redo": CORE("↷ Redo"),
        "step_label": CORE("step"),
        "timeline": CORE("timeline"),
        "seen_from": CORE("seen from"),
        "a_spectator": CORE("a spectator"),
        "memory_mode": CORE("memory mode"),
        "timer_5": CORE("5-second timer"),
        "seconds_left": CORE("seconds left"),
        "theme": CORE("theme"),
        "theme_auto": CORE("theme: auto"),
        "theme_light": CORE("light"),
        "theme_dark": CORE("dark"),
        "size": CORE("size"),
        "size_normal": CORE("size: normal"),
        "size_large": CORE("size: large"),
        "new_game_label": CORE("New game:"),
        "new_game": CORE("New game"),
        "title": CORE("title"),
        "players": CORE("players"),
        "seed": CORE("seed"),
        "options_json": CORE("options (JSON)"),
        "option_default": CORE("(default)"),
        "option_pick": CORE(
            "{label}, choice {n} of {count}", label=k["label"], n=k["n"], count=k["count"]
        ),  # fmt: skip
        "save": CORE("Save"),
        "save_tip": CORE("save this game as JSON"),
        "load": CORE("Load"),
        "load_aria": CORE("load a saved game"),
        "download": CORE("Download the saved game"),
        "saved_json": CORE("saved game JSON"),
    }


def page_labels() -> dict[str, Any]:
    """The page's texts in the language in force (``"lang"``: that language)."""
    out: dict[str, Any] = {key: _kept(m) for key, m in _page_messages().items()}
    out["lang"] = get_language()
    return out


def seat_labels(names: Sequence[str]) -> list[dict[str, str]]:
    """Seat by seat, the page's texts that name the seat, with ``names`` (the default
    names keep their grammar: "au joueur 2", where a given name reads "à Ann")."""
    out = []
    given = None if list(names) == default_names(len(names)) else list(names)
    with seat_names(given):
        for number in range(len(names)):
            seat = Seat(number)
            out.append(
                {
                    "name": str(seat),
                    "decides": str(CORE("{seat} decides", seat=seat)),
                    "your_decision_for": str(CORE("Your decision (for {seat})", seat=seat)),
                    "seen_by": str(CORE("seen by {seat}", seat=seat)),
                    "waiting": str(CORE("Waiting for {seat}.", seat=seat)),
                    "who_plays": str(CORE("who plays for {seat}", seat=seat)),
                    "stand_aria": str(CORE("{seat}: stand up (a bot plays)", seat=seat)),
                    "sit_aria": str(CORE("sit here as {seat}", seat=seat)),
                    "cover_title": str(CORE("Pass the screen to {seat}", seat=seat)),
                    "i_am": str(CORE("I am {seat}", seat=seat)),
                }
            )
    return out


BOARD_CALL = re.compile(r'\bkit\.t\(\s*"((?:[^"\\\n]|\\.)*)"')
"""A board's call of ``kit.t`` with its message id (a double-quoted JavaScript string)."""


def board_msgids(source: str) -> list[str]:
    """The message ids of a board module, in order, each once.

    >>> board_msgids('chip(kit.t("{count} in the deck", {count: n})), kit.t("hand"), kit.t("hand")')
    ['{count} in the deck', 'hand']
    """
    found = (json.loads(f'"{raw}"') for raw in BOARD_CALL.findall(source))
    return list(dict.fromkeys(found))


@cache
def _board_texts(package: str, source: str, lang: str) -> tuple[tuple[str, str], ...]:
    with language(lang):
        return tuple((msgid, gettext_in(package, msgid)) for msgid in board_msgids(source))


def board_labels(package: str | None, source: str) -> dict[str, str]:
    """English message id -> its text in the language in force, for every ``kit.t`` of
    a board module (empty in English, the source language: ``kit.t`` keeps the id).

    >>> with language("fr"):
    ...     board_labels("gamekit.titles.knock_knock", 'kit.t("deck and discard")')
    {'deck and discard': 'pioche et défausse'}
    """
    lang = get_language()
    if package is None or not source or lang == SOURCE:
        return {}
    return dict(_board_texts(package, source, lang))


def card_names(picture: object) -> dict[str, dict[str, str]]:
    """Card id (as the board meets it in the view) -> its forms ({"name": ..., ...}) in the
    language in force, from the picture module's ``card_names()`` (empty without one)."""
    names = getattr(picture, "card_names", None)
    if names is None:
        return {}
    return {str(key): {f: str(text) for f, text in forms.items()} for key, forms in names().items()}
