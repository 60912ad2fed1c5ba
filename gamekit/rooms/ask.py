"""Ask the class: the teacher freezes the tables, each seated learner answers a question on
their own screen, then the room reveals the exact odds and what each bot would play.

A frozen table (status ``"asking"``) plays no move and runs no bot nor timer. Its
questions come from each seat's own view only:

- the seat to move: **"What do you play?"** (its legal moves), and, when the odds panel
  asks it something (:mod:`gamekit.odds.panel`), **its chances** as a whole percent;
- every other seat: the panel's question from what everyone sees (the public view),
  when there is one; else no question (it watches the reveal).

At the reveal each seat sees its own exact answer and, for the seat to move, what each
of the title's bots (all but ``random``) would play there. The teacher's connection
sees every answer; a spectator (the projector) only who answered and the guesses, since
an exact answer or a move may tell a hand. The tally (:func:`tally`) is kept with the
records.

>>> import gamekit
>>> game = gamekit.new_game("knock-knock", players=3, seed=1)
>>> asking = freeze(game, number=1, game_number=1, people=[0, 1, 2])
>>> sorted(asking.questions), asking.questions[0].moves == tuple(game.legal_actions())
([0, 1, 2], True)
>>> answer_refusal(asking, 0, {"choice": 0}) is None, asking.questions[0].choice
(True, 0)
>>> str(answer_refusal(asking, 0, {"choice": 99}))
'there is no answer number 99 (choose 0 to 7)'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gamekit import bots as bots_module
from gamekit.core.actions import Action
from gamekit.core.game import Game
from gamekit.core.i18n import CORE, Message, Number
from gamekit.core.questions import percent_text
from gamekit.core.rng import derive_seed

ASKING = "asking"
"""A room's status while the teacher's question is open (no move, no bot, no timer)."""
SKIPPED_BOTS = frozenset({"random"})
"""Bots whose move tells a learner nothing (a random pick) are not shown at the reveal."""

__all__ = ["ASKING", "Asking", "SeatQuestion", "answer_refusal", "freeze", "seat_card", "tally"]


@dataclass
class SeatQuestion:
    """One seat's question: its moves (the seat to move only) and its odds question."""

    seat: int
    moves: tuple[Action, ...] = ()
    bots: dict[str, int] = field(default_factory=dict)
    """A bot's name -> the number of the move it would play (the seat to move only)."""
    chance: str | None = None
    """The key of the odds question asked (``None``: none)."""
    public: bool = False
    """The odds question is asked from what everyone sees, not from the seat's own view."""
    exact: Fraction | None = None
    choice: int | None = None
    guess: int | None = None

    @property
    def answered(self) -> bool:
        """Every part asked is answered."""
        return (not self.moves or self.choice is not None) and (
            self.chance is None or self.guess is not None
        )


@dataclass
class Asking:
    """The teacher's question at one table: the position it froze and each seat's answers."""

    number: int
    game: int
    step: int
    questions: dict[int, SeatQuestion]
    revealed: bool = False

    @property
    def answered(self) -> int:
        return sum(q.answered for q in self.questions.values())


def freeze(game: Game, number: int, game_number: int, people: Iterable[int], *,
           memory: bool = False) -> Asking:  # fmt: skip
    """The questions of the seats in ``people`` (played by learners) at ``game`` now."""
    questions: dict[int, SeatQuestion] = {}
    for seat in people:
        question = _question(game, seat, memory)
        if question.moves or question.chance is not None:
            questions[seat] = question
    return Asking(number, game_number, game.step, questions)


def _question(game: Game, seat: int, memory: bool) -> SeatQuestion:
    mover = seat == game.to_move and not game.is_over
    question = SeatQuestion(seat)
    if mover:
        question.moves = tuple(game.legal_actions())
        question.bots = _bots_moves(game, question.moves)
    row = _odds_row(game, seat if mover else None, memory)
    if row is not None:
        question.chance, question.public = str(row["key"]), not mover
        question.exact = Fraction(str(row["fraction"]))
    return question


def _odds_row(game: Game, seat: int | None, memory: bool, key: str | None = None
              ) -> dict[str, Any] | None:  # fmt: skip
    """The odds panel's first row (or the row ``key``) for ``seat``'s view, else ``None``."""
    try:
        from gamekit.odds.panel import odds_panel_of
    except ImportError:  # the odds need SymPy
        return None
    rows = odds_panel_of(game, seat, memory=memory)
    for row in rows:
        if key is None or row["key"] == key:
            return row
    return None


def _bots_moves(game: Game, moves: Sequence[Action]) -> dict[str, int]:
    """What each of the title's bots (all but :data:`SKIPPED_BOTS`) would play now."""
    mover = game.to_move
    out: dict[str, int] = {}
    for name in bots_module.names(game.title):
        if name in SKIPPED_BOTS:
            continue
        bot = bots_module.make(
            game.title, name, seed=derive_seed(game.seed, mover, name, game.step)
        )
        out[name] = moves.index(bot.choose(game))
    return out


def answer_refusal(asking: Asking, seat: int | None, message: Mapping[str, Any]) -> Message | None:
    """Take ``seat``'s answer (``choice``: a move's number, ``guess``: a whole percent), or say
    why not (nothing is then changed)."""
    question = asking.questions.get(seat) if seat is not None else None
    if asking.revealed:
        return CORE("the answers are revealed: the question is closed")
    if question is None:
        return CORE("the teacher's question has nothing for you to answer this time")
    choice, guess = message.get("choice"), message.get("guess")
    if choice is not None and not question.moves:
        return CORE("your question asks for no move")
    if choice is not None and not 0 <= choice < len(question.moves):
        return CORE("there is no answer number {number} (choose 0 to {last})", number=choice,
                    last=len(question.moves) - 1)  # fmt: skip
    if guess is not None and question.chance is None:
        return CORE("your question asks for no chances")
    if guess is not None and not 0 <= guess <= 100:
        return CORE("a guess is a whole percent from 0 to 100, not {guess}", guess=guess)
    if choice is None and guess is None:
        return CORE("an answer gives a choice or a guess")
    if choice is not None:
        question.choice = choice
    if guess is not None:
        question.guess = guess
    return None


# -- what each screen is sent ------------------------------------------------------------
def seat_card(asking: Asking, game: Game, seat: int, memory: bool) -> dict[str, Any]:
    """What ``seat``'s screen shows of the question (texts in the language in force)."""
    question = asking.questions.get(seat)
    card: dict[str, Any] = _head(asking)
    if question is None:
        card["note"] = str(CORE("nothing to answer this time: watch the others answer"))
        return card
    if question.moves:
        card["move"] = _move_part(game, question, asking.revealed)
    if question.chance is not None:
        card["chance"] = _chance_part(game, question, asking.revealed, memory)
    card["done"] = question.answered
    return card


def watcher_card(asking: Asking, game: Game, *, teacher: bool, memory: bool) -> dict[str, Any]:
    """The teacher's card (every answer) or a spectator's (who answered, and the guesses
    once revealed: no exact answer nor move, which may tell a hand)."""
    card = _head(asking)
    rows = []
    for seat, question in sorted(asking.questions.items()):
        row: dict[str, Any] = {"seat": seat, "name": game.names[seat], "done": question.answered}
        if teacher:
            if question.moves:
                row["move"] = _move_part(game, question, True)
            if question.chance is not None:
                row["chance"] = _chance_part(game, question, True, memory)
            row["summary"] = _teacher_summary(game, question)
        elif asking.revealed and question.guess is not None:
            row["guess"] = question.guess
            row["summary"] = str(CORE("guessed {guess} %", guess=question.guess))
        rows.append(row)
    card["rows"] = rows
    return card


def _teacher_summary(game: Game, question: SeatQuestion) -> str:
    """One line for the teacher: the guess beside the exact chance, the move chosen."""
    parts: list[Message] = []
    if question.exact is not None:
        exact = percent_text(question.exact)
        parts.append(
            CORE("guessed {guess} %, exactly {percent}", guess=question.guess, percent=exact)
            if question.guess is not None
            else CORE("no guess yet, exactly {percent}", percent=exact)
        )
    if question.moves:
        chosen = question.choice
        parts.append(
            CORE("chose: {move}", move=game.read(game.action_text(question.moves[chosen])))
            if chosen is not None
            else CORE("no move chosen yet")
        )
    return "; ".join(str(part) for part in parts)


def _head(asking: Asking) -> dict[str, Any]:
    return {
        "id": asking.number,
        "revealed": asking.revealed,
        "answered": asking.answered,
        "asked": len(asking.questions),
        "title": str(CORE("The teacher's question")),
        "status": str(_status(asking)),
    }


def _status(asking: Asking) -> Message:
    if asking.revealed:
        return CORE("revealed: compare your answer with the exact one")
    return CORE("{answered} of {asked} answered", answered=asking.answered,
                asked=len(asking.questions))  # fmt: skip


def _move_part(game: Game, question: SeatQuestion, revealed: bool) -> dict[str, Any]:
    part: dict[str, Any] = {
        "question": str(CORE("What do you play?")),
        "choices": [game.read(game.action_text(a)) for a in question.moves],
        "answer": question.choice,
    }
    if revealed:
        chosen = question.choice
        part["yours"] = str(
            CORE("You chose: {move}", move=part["choices"][chosen])
            if chosen is not None
            else CORE("You chose no move.")
        )
        part["bots_title"] = str(CORE("What the bots would play here"))
        part["bots"] = [
            {"bot": name, "choice": index, "text": part["choices"][index]}
            for name, index in question.bots.items()
        ]
    return part


def _chance_part(game: Game, question: SeatQuestion, revealed: bool, memory: bool
                 ) -> dict[str, Any]:  # fmt: skip
    seat = None if question.public else question.seat
    row = _odds_row(game, seat, memory, question.chance) or {}
    part: dict[str, Any] = {
        "question": str(row.get("question", "")),
        "given": str(row.get("given", "")),
        "prompt": str(CORE("Your guess, as a whole percent (0 to 100)")),
        "send": str(CORE("Send my guess")),
        "answer": question.guess,
    }
    if question.public:
        part["public"] = str(CORE("Asked from what everyone sees at the table, your own hand "
                                  "left aside."))  # fmt: skip
    if question.guess is not None and not revealed:
        part["sent"] = str(CORE("Sent: {guess} %. You may change it until the reveal.",
                                guess=question.guess))  # fmt: skip
    if revealed and question.exact is not None:
        part["fraction"] = f"{question.exact.numerator}/{question.exact.denominator}"
        part["percent"] = percent_text(question.exact)
        part["exact"] = str(
            CORE(
                "Exactly {fraction}, that is {percent}.",
                fraction=part["fraction"],
                percent=part["percent"],
            )
        )
        if question.guess is not None:
            off = abs(Fraction(question.guess, 100) - question.exact) * 100
            part["off"] = str(
                CORE(
                    "you said {guess} %: {points} points off",
                    guess=question.guess,
                    points=Number(float(off), ".1f"),
                )
            )
    return part


# -- the record ----------------------------------------------------------------------------
def tally(asking: Asking, game: Game, table: int, players: Sequence[Any]) -> dict[str, Any]:
    """The question's tally as a JSON-able record (texts in the language in force): one row
    per seat asked, its answers, the bots' moves and the exact odds."""
    rows = []
    for seat, question in sorted(asking.questions.items()):
        row: dict[str, Any] = {"seat": seat, "player": players[seat]}
        if question.moves:
            row["moves"] = [game.read(game.action_text(a)) for a in question.moves]
            row["choice"] = question.choice
            row["bots"] = dict(question.bots)
        if question.chance is not None and question.exact is not None:
            row["chance"] = question.chance
            row["public"] = question.public
            row["exact"] = f"{question.exact.numerator}/{question.exact.denominator}"
            row["guess"] = question.guess
        rows.append(row)
    return {
        "ask": asking.number,
        "title": game.title,
        "table": table,
        "game": asking.game,
        "step": asking.step,
        "answered": asking.answered,
        "asked": len(asking.questions),
        "rows": rows,
    }
