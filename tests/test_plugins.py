"""Titles are plugins: found through entry points, registered from a notebook, kept apart.

- a title installed as a package of its own (entry-point group ``gamekit.titles``)
  is found and playable everywhere;
- ``gamekit.register`` refuses a broken game with a message naming the problem;
- a broken plugin never stops the kit's own titles, and using it says what is wrong;
- the core imports no title and no upper layer, and module-level imports have no cycle;
- the old import paths still give the moved modules.
"""

from __future__ import annotations

import ast
import importlib
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from toy_game import ToyRules

import gamekit
from gamekit.core import registry
from gamekit.core.conformance import check_title
from gamekit.core.errors import ConfigError

ROOT = Path(__file__).resolve().parent.parent


# -- a tiny distribution on sys.path -----------------------------------------------------
def make_distribution(
    where: Path, name: str, entry_points: dict[str, str], files: dict[str, str]
) -> None:
    """Write ``files`` (path -> text) and a ``<name>-1.0.dist-info`` announcing ``entry_points``."""
    for path, text in files.items():
        target = where / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text))
    info = where / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    lines = [f"{key} = {value}" for key, value in entry_points.items()]
    (info / "entry_points.txt").write_text("[gamekit.titles]\n" + "\n".join(lines) + "\n")


def _forget(prefix: str) -> None:
    for module in [m for m in sys.modules if m == prefix or m.startswith(prefix + ".")]:
        del sys.modules[module]


PLUGIN_RULES = """
    from toy_game import ToyRules


    class PluginRules(ToyRules):
        title = "toy-plugin"
        name = "Highest card, installed"


    RULES = PluginRules()
"""
PLUGIN_BOTS = """
    from gamekit.bots import Bot


    class LowestBot(Bot):
        name = "lowest"

        def act(self, view, legal):
            return min(legal, key=lambda action: action.card)


    BOTS = {"lowest": LowestBot}
"""
PLUGIN_PICTURE = """
    def view_html(view):
        return "<p>toy plugin: " + str(view["piles"]) + "</p>"
"""
PLUGIN_BOARD = "export default function makeBoard(kit) { return (ctx) => kit.genericBoard(ctx); }\n"


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The toy game installed as the package ``toy_plugin``, title ``toy-plugin``."""
    make_distribution(
        tmp_path,
        "toy-plugin",
        {"toy-plugin": "toy_plugin.rules:RULES"},
        {
            "toy_plugin/__init__.py": "",
            "toy_plugin/rules.py": PLUGIN_RULES,
            "toy_plugin/bots.py": PLUGIN_BOTS,
            "toy_plugin/picture.py": PLUGIN_PICTURE,
            "toy_plugin/board.js": PLUGIN_BOARD,
        },
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.refresh()
    try:
        yield "toy-plugin"
    finally:
        monkeypatch.undo()
        _forget("toy_plugin")
        registry.refresh()


def test_an_installed_plugin_is_found(plugin: str) -> None:
    assert plugin in gamekit.all_titles()
    assert gamekit.all_titles()[:4] == list(gamekit.TITLES), "the kit's own titles come first"
    assert registry.registered_module(plugin) == "toy_plugin.rules:RULES"
    assert type(gamekit.rules_for(plugin)).__module__ == "toy_plugin.rules"


def test_an_installed_plugin_is_playable(plugin: str) -> None:
    from gamekit import bots

    g = gamekit.new_game(plugin, players=3, seed=2)
    random_bot = bots.make(plugin, "random", seed=1)
    while not g.is_over:
        g.play(random_bot.choose(g))
    assert g.winners() and gamekit.load_game(g.to_json()).state_dict() == g.state_dict()
    assert check_title(plugin, seeds=range(20)) > 0


def test_an_installed_plugin_brings_its_own_modules(plugin: str) -> None:
    from gamekit import bots

    rules = gamekit.rules_for(plugin)
    assert bots.available(plugin) == ["lowest", "random"], "bots.py: BOTS"
    assert rules.render_html({"piles": [[1], []]}) == "<p>toy plugin: [[1], []]</p>"
    assert rules.board_script() == PLUGIN_BOARD, "board.js next to the rules"
    assert rules.card_catalogue() == {}, "picture.py has no catalogue(): none"


def test_an_installed_plugin_simulates_and_sits_at_the_table(plugin: str) -> None:
    from gamekit.widgets import Table

    table = gamekit.simulate(
        plugin, games=30, players=2, bots=["lowest", "random"], seed=3, workers=1
    )
    assert len(table) == 60 and set(table.bot) == {"lowest", "random"}
    again = gamekit.simulate(
        plugin, games=30, players=2, bots=["lowest", "random"], seed=3, workers=1
    )
    assert table.equals(again)
    widget = Table(gamekit.new_game(plugin, seed=1), seat=None)  # bots in every seat
    assert widget.board_js == PLUGIN_BOARD
    widget.bot_step()
    assert widget.step == 1 and not widget.error


SIDED_RULES = """
    from toy_game import ToyRules


    class SidedRules(ToyRules):
        title = "toy-sides"
        name = "Highest card, the dealer against the punters"
        sides = ("dealer", "punters")
        table_features = frozenset({"timer"})

        def timeout_action(self, state, seat):
            legal = self.legal_actions(state) if self.to_move(state) == seat else []
            return min(legal, key=lambda action: action.card) if legal else None


    RULES = SidedRules()
"""


@pytest.fixture
def sided_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A fifth title as one folder and one entry point: sides, a timer, a bot."""
    make_distribution(
        tmp_path,
        "toy-sides",
        {"toy-sides": "toy_sides.rules:RULES"},
        {
            "toy_sides/__init__.py": "",
            "toy_sides/rules.py": SIDED_RULES,
            "toy_sides/bots.py": PLUGIN_BOTS,
        },
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.refresh()
    try:
        yield "toy-sides"
    finally:
        monkeypatch.undo()
        _forget("toy_sides")
        registry.refresh()


def test_a_plugin_with_sides_gets_the_ladders_roles(sided_plugin: str) -> None:
    board = gamekit.ladder(sided_plugin, ["random", "lowest"], games=4, players=3, seed=1)
    assert set(board.role) == {"dealer", "punters"} and len(board) == 4
    assert gamekit.ladder.play(  # type: ignore[attr-defined]
        sided_plugin, ["random", "lowest"], games=2, players=3, seed=1
    ).attrs["roles"] == ["dealer", "punters"]


def test_a_plugin_with_a_timer_gets_the_tables_kernel_timer(sided_plugin: str) -> None:
    from gamekit.widgets import Table
    from gamekit.widgets.timer import ManualClock

    clock = ManualClock()
    game = gamekit.new_game(sided_plugin, players=2, seed=4)
    table = Table(game, seat=0, clock=clock)
    assert table.features == ["timer"] and table.timer_seat is None, "the switch is off"
    table.party_timer = True
    assert table.timer_seat == 0
    lowest = min(game.legal_actions(), key=lambda action: action.card)  # type: ignore[attr-defined]
    clock.advance(table.timer_seconds)
    assert game.step == 1 and game.history[0] == lowest and "time is up" in table.notice.lower()
    assert table.timer_seat is None, "the next seat is a bot's: no countdown"


def test_refresh_forgets_a_plugin_that_is_gone(
    plugin: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    gamekit.rules_for(plugin)
    monkeypatch.undo()
    registry.refresh()
    assert plugin not in gamekit.all_titles()
    with pytest.raises(ConfigError, match="unknown title 'toy-plugin'"):
        gamekit.new_game(plugin)


# -- registering from a notebook: clear errors ---------------------------------------------
class Renamed(ToyRules):
    title = "toy-renamed"


class NoView(ToyRules):
    """A method replaced by something that is not a method."""

    title = "toy-no-view"
    view = None  # type: ignore[assignment]


def _incomplete_class() -> type:
    from gamekit.core.rules import Rules

    class Half(Rules[Any]):
        title, name = "half", "Half a game"
        min_players = max_players = default_players = 2
        action_types = ToyRules.action_types

        def make_config(self, players: int | None, options: Any) -> Any:
            return None

    return Half


def _with(**fields: Any) -> ToyRules:
    return type("Changed", (ToyRules,), fields)()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: NoView(), r"method view\(\) is missing"),
        (lambda: _incomplete_class(), r"not the class.*first write .*initial_state\(\) is missing"),
        (lambda: _with(title="Snatch"), "title 'Snatch' must be lower-case words"),
        (lambda: _with(title="my game"), "title 'my game' must be lower-case words"),
        (lambda: _with(title="a" * 41), "at most 40 characters"),
        (lambda: _with(title=""), "must be lower-case words"),
        (lambda: _with(title=None), "class attribute 'title' must be set"),
        (lambda: _with(max_players=1), "min_players <= default_players <= max_players"),
        (lambda: _with(action_types=(int,)), "action_types must list your Action subclasses"),
        (lambda: _with(sides=("seer",)), "sides must be None or two different names"),
        (lambda: _with(sides=("a", "a")), "sides must be None or two different names"),
        (lambda: _with(table_features=frozenset({"tiemr"})), "table_features must be .*memory"),
        (lambda: _with(table_features="timer"), "table_features must be a frozenset"),
        (lambda: _with(search_defaults=(8000,)), "search_defaults must be a gamekit"),
        (lambda: _with(title="hats"), "'hats' is taken by an installed game"),
        (lambda: Renamed, r"register an instance, not the class: gamekit.register\(Renamed\(\)\)"),
        (lambda: "toy", "expected an instance of a gamekit Rules subclass, got str"),
        (lambda: object(), "expected an instance of a gamekit Rules subclass, got object"),
    ],
    ids=[
        "method-not-a-method",
        "class-missing-methods",
        "upper-case",
        "spaces",
        "too-long",
        "empty",
        "no-title",
        "players",
        "action-types",
        "one-side",
        "same-sides",
        "unknown-feature",
        "features-a-text",
        "search-defaults",
        "installed-title",
        "class-not-instance",
        "string",
        "object",
    ],
)
def test_registration_errors_name_the_problem(make: Any, message: str) -> None:
    before = gamekit.all_titles()
    with pytest.raises(ConfigError, match=message):
        gamekit.register(make())
    assert gamekit.all_titles() == before, "nothing was registered"


def test_every_problem_is_named_at_once() -> None:
    with pytest.raises(ConfigError) as caught:
        gamekit.register(_with(title="Bad Key", default_players=9))
    assert "lower-case words" in str(caught.value) and "max_players" in str(caught.value)


def test_register_again_replaces_and_unregister_forgets() -> None:
    first, second = Renamed(), Renamed()
    assert gamekit.register(first) == "toy-renamed"
    try:
        gamekit.register(second)
        assert gamekit.rules_for("toy-renamed") is second
        assert gamekit.all_titles()[-1] == "toy-renamed"
    finally:
        gamekit.unregister("toy-renamed")
    assert "toy-renamed" not in gamekit.all_titles()
    with pytest.raises(ConfigError, match="was not registered"):
        gamekit.unregister("toy-renamed")
    with pytest.raises(ConfigError, match="was not registered"):
        gamekit.unregister("hats")


def test_a_registered_game_cannot_take_a_plugin_title(plugin: str) -> None:
    with pytest.raises(ConfigError, match="taken by an installed game"):
        gamekit.register(_with(title=plugin))


# -- broken plugins -------------------------------------------------------------------------
BROKEN = {
    "boom-import": ("broken_plugin.boom:RULES", "RuntimeError: this plugin explodes"),
    "no-module": ("broken_plugin.absent:RULES", "ModuleNotFoundError"),
    "no-attribute": ("broken_plugin.fine:NOPE", "AttributeError"),
    "not-rules": ("broken_plugin.fine:NOT_RULES", "expected an instance of a gamekit Rules"),
    "the-class": (
        "broken_plugin.fine:Misnamed",
        "the class Misnamed, not an instance: point at Misnamed()",
    ),
    "misnamed": ("broken_plugin.fine:RULES", "its title is 'toy' but it is announced as"),
    "toy-bad-fields": ("broken_plugin.fine:BAD", "class attribute 'name' must be set"),
}


@pytest.fixture
def broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, tuple[str, str]]]:
    make_distribution(
        tmp_path,
        "broken-plugin",
        {key: target for key, (target, _) in BROKEN.items()},
        {
            "broken_plugin/__init__.py": "",
            "broken_plugin/boom.py": "raise RuntimeError('this plugin explodes')\n",
            "broken_plugin/fine.py": """
                from toy_game import ToyRules


                class Misnamed(ToyRules):
                    title = "the-class"


                class Bad(ToyRules):
                    title, name = "toy-bad-fields", None


                RULES, NOT_RULES, BAD = ToyRules(), {"title": "not-rules"}, Bad()
            """,
        },
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.refresh()
    try:
        yield BROKEN
    finally:
        monkeypatch.undo()
        _forget("broken_plugin")
        registry.refresh()


def test_a_broken_plugin_never_stops_the_kits_titles(broken: dict[str, Any]) -> None:
    assert gamekit.all_titles()[:4] == list(gamekit.TITLES)
    assert set(broken) <= set(gamekit.all_titles()), "a broken plugin is listed..."
    for title in gamekit.TITLES:
        assert gamekit.new_game(title, seed=1).legal_actions()
    table = gamekit.simulate("knock-knock", games=4, players=3, seed=1, workers=1)
    assert len(table) == 12


@pytest.mark.parametrize("title", sorted(BROKEN))
def test_using_a_broken_plugin_says_what_is_wrong(broken: dict[str, Any], title: str) -> None:
    target, reason = broken[title]
    with pytest.raises(ConfigError) as caught:
        gamekit.new_game(title)
    message = str(caught.value)
    assert f"the title {title!r}" in message and target in message
    assert reason in message
    with pytest.raises(ConfigError, match=title):
        gamekit.simulate(title, games=2, workers=1)


def test_the_table_leaves_a_broken_plugin_out_of_its_menu(broken: dict[str, Any]) -> None:
    from gamekit.widgets import table

    menu = table._loaded_titles()
    assert menu[:4] == list(gamekit.TITLES)
    assert not set(broken) & set(menu)


# -- the import graph ------------------------------------------------------------------------
def _module_name(path: Path) -> str:
    """``gamekit/core/rules.py`` -> ``gamekit.core.rules``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


SOURCES = {
    _module_name(p): p
    for p in sorted((ROOT / "gamekit").rglob("*.py"))
    if "__pycache__" not in p.parts
}


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(module: str, path: Path, typing_too: bool = False) -> Iterator[tuple[str, bool]]:
    """(imported module, at module level?) for every import of ``module``; those under
    ``if TYPE_CHECKING:`` only with ``typing_too`` (and then never at module level)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]

    def visit(node: ast.AST, deferred: bool) -> Iterator[tuple[str, bool]]:
        for child in ast.iter_child_nodes(node):
            if _is_type_checking(child):
                if typing_too:
                    yield from visit(child, True)
                continue
            if isinstance(child, ast.Import):
                yield from ((alias.name, not deferred) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                for alias in child.names:
                    full = f"{base}.{alias.name}"
                    yield (full if full in SOURCES else base), not deferred
            inner = deferred or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            yield from visit(child, inner)

    yield from visit(ast.parse(path.read_text(encoding="utf-8")), False)


def import_graph(module_level_only: bool, typing_too: bool = False) -> dict[str, set[str]]:
    """Module -> the gamekit modules it imports (at module level, or anywhere; with
    ``typing_too``, the imports for type checkers count too)."""
    graph: dict[str, set[str]] = {}
    for module, path in SOURCES.items():
        found = {
            name
            for name, top in _imports(module, path, typing_too)
            if (top or not module_level_only) and name.split(".")[0] == "gamekit"
        }
        graph[module] = {name for name in found if name != module}
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm: the strongly connected components with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_sees_the_imports() -> None:
    graph = import_graph(module_level_only=True)
    assert "gamekit.core.rules" in graph["gamekit.core.registry"]
    assert "gamekit.bots" in graph["gamekit.simulation.plan"], "from gamekit import bots"
    assert "gamekit.core.actions" in graph["gamekit.core.rules"]
    assert "gamekit.widgets.table" not in graph["gamekit.widgets"], "the table loads lazily"
    assert "gamekit.widgets.table" in import_graph(module_level_only=False)["gamekit.widgets"]
    assert "gamekit.simulation" not in graph["gamekit"], "a lazy import is no module-level one"
    assert "gamekit.simulation" in import_graph(module_level_only=False)["gamekit"]
    assert strongly_connected({"a": {"b"}, "b": {"c", "a"}, "c": set()}) == [["a", "b"]]
    typed = import_graph(module_level_only=False, typing_too=True)
    assert "gamekit.core.game" in typed["gamekit.core.players"], "if TYPE_CHECKING: counts"
    assert "gamekit.core.game" not in graph["gamekit.core.players"]


UPPER_LAYERS = (
    "gamekit.titles",
    "gamekit.pictures",
    "gamekit.bots",
    "gamekit.odds",
    "gamekit.widgets",
    "gamekit.exercises",
    "gamekit.charts",
    "gamekit.simulation",
    "gamekit.games",
    "gamekit.search",
    "gamekit.ladder",
    "gamekit.rooms",
)


def test_the_core_imports_no_title_and_no_upper_layer() -> None:
    graph = import_graph(module_level_only=False, typing_too=True)  # all imports count
    core = [m for m in graph if m == "gamekit.core" or m.startswith("gamekit.core.")]
    assert len(core) >= 9
    bad = {
        module: sorted(n for n in graph[module] if n.startswith(UPPER_LAYERS) or n == "gamekit")
        for module in core
    }
    assert not {m: names for m, names in bad.items() if names}


def test_titles_reach_each_other_only_through_the_core() -> None:
    graph = import_graph(module_level_only=False)
    for module, names in graph.items():
        if module.startswith("gamekit.titles."):
            title = module.split(".")[2]
            others = {n for n in names if n.startswith("gamekit.titles.")}
            assert all(n.split(".")[2] == title for n in others), (module, others)


def test_module_level_imports_have_no_cycle() -> None:
    assert strongly_connected(import_graph(module_level_only=True)) == []


def test_bots_and_search_do_not_need_each_other() -> None:
    graph = import_graph(module_level_only=False, typing_too=True)
    assert "gamekit.search" in graph["gamekit.bots"], "bots offers the search bot"
    assert "gamekit.bots" not in graph["gamekit.search"], "search needs only the core"


def test_the_players_protocol_is_the_cores_and_old_imports_work() -> None:
    from gamekit import bots
    from gamekit.core import players

    assert bots.Bot is players.Bot and bots.View is players.View
    assert bots.RandomBot is players.RandomBot


# -- the old import paths ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("gamekit.games.hats", "gamekit.titles.hats.rules"),
        ("gamekit.games.knock_knock", "gamekit.titles.knock_knock.rules"),
        ("gamekit.games.hats_bots", "gamekit.titles.hats.bots"),
        ("gamekit.games.bloody_inn_cards", "gamekit.titles.bloody_inn.cards"),
        ("gamekit.odds.knock_knock", "gamekit.titles.knock_knock.odds"),
        ("gamekit.exercises.hats", "gamekit.titles.hats.checks"),
    ],
)
def test_old_import_paths_give_the_moved_modules(old: str, new: str) -> None:
    assert importlib.import_module(old) is importlib.import_module(new)


def test_old_names_work_with_from_imports() -> None:
    from gamekit.games.bloody_inn_cards import FAMILIES  # type: ignore[import-not-found]
    from gamekit.games.hats import RULES  # type: ignore[import-not-found]

    assert RULES is gamekit.rules_for("hats")
    assert FAMILIES is importlib.import_module("gamekit.titles.bloody_inn.cards").FAMILIES


def test_an_unknown_old_name_is_still_an_import_error() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("gamekit.games.chess")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("gamekit.odds.hats_nothing")


def test_gamekit_titles_is_the_package_and_all_titles_lists_them() -> None:
    from gamekit.titles.hats import rules as hats_rules

    assert gamekit.titles.__name__ == "gamekit.titles" and "hats" in gamekit.all_titles()
    assert hats_rules.RULES is gamekit.rules_for("hats")


def test_import_as_reaches_a_title_module() -> None:
    import gamekit.titles.hats.rules as hats_rules

    assert hats_rules.RULES is gamekit.rules_for("hats")


@pytest.mark.parametrize("name", ["gamekit", "gamekit._aliases", "gamekit.core.registry"])
def test_the_docstring_examples_run(name: str) -> None:
    import doctest

    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted and not result.failed


# -- no title's key or action kind outside its folder ----------------------------------------
KNOWN_LEFTOVERS: set[tuple[str, str]] = set()
"""(file, string) pairs still waiting to move into a title folder."""


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are documentation (a statement of their own:
    docstrings, and the attribute docstrings under an assignment)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def title_words() -> set[str]:
    """Every kit title's key and every action kind of the kit's titles."""
    kinds = {a.kind for t in gamekit.TITLES for a in gamekit.rules_for(t).action_types}
    return set(gamekit.TITLES) | kinds


def strings_naming_a_title(root: Path) -> set[tuple[str, str, int]]:
    """(file, string, line) for each string constant under ``root/gamekit`` outside
    ``gamekit/titles/`` that equals a title's key or action kind (docstrings aside)."""
    words = title_words()
    found = set()
    for path in sorted((root / "gamekit").rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith("gamekit/titles/"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in words and id(node) not in docs:
                found.add((relative, str(node.value), node.lineno))
    return found


def test_no_title_key_or_action_kind_is_written_outside_the_title_folders() -> None:
    found = strings_naming_a_title(ROOT)
    unexpected = sorted(hit for hit in found if hit[:2] not in KNOWN_LEFTOVERS)
    assert not unexpected, "ask the title (its Rules features) instead of naming it"


def test_the_title_word_check_finds_a_key_and_a_kind(tmp_path: Path) -> None:
    (tmp_path / "gamekit" / "titles" / "hats").mkdir(parents=True)
    (tmp_path / "gamekit" / "titles" / "hats" / "rules.py").write_text('TITLE = "hats"\n')
    (tmp_path / "gamekit" / "table.py").write_text(
        '"""Plays "hats"."""\n'
        'def f(kind):\n    """The kind "accuse"."""\n    return kind == "accuse" or "hats"\n'
        'X = 1\n"""An attribute docstring naming bloody-inn."""\n'
    )
    assert strings_naming_a_title(tmp_path) == {
        ("gamekit/table.py", "accuse", 4),
        ("gamekit/table.py", "hats", 4),
    }
