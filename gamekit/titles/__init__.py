"""The kit's own titles, one package each: rules, cards, bots, odds, checks, picture, board.

Each package is a plugin like any other: ``pyproject.toml`` announces its rules
in the entry-point group ``gamekit.titles`` (see ``docs/architecture.md``). This
module only names the lesson order; it imports nothing.
"""

LESSON_ORDER: tuple[str, ...] = ("knock-knock", "hats", "boo-party", "bloody-inn")
"""The kit's four titles, in the order the lessons use them."""
