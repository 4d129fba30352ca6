"""The shape of the house: no oversized module, no oversized UI class, no solo branch in the
game loop (import cycles: test_imports.py)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from test_imports import PACKAGES, module_files

MAX_MODULE_LINES = 800
MAX_UI_CLASS_LINES = 400  # App is a facade; a stage is one screen


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_no_module_over_800_lines(package: str) -> None:
    for name, path in module_files(package, PACKAGES[package]).items():
        lines = len(path.read_text().splitlines())
        assert lines <= MAX_MODULE_LINES, f"{name}: {lines} lines"


UI_PACKAGES = ("si_web", "ei_web")


def test_no_ui_class_over_400_lines() -> None:
    for name, path in module_files("si_web", PACKAGES["si_web"]).items() | module_files(
        "ei_web", PACKAGES["ei_web"]
    ).items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                assert size <= MAX_UI_CLASS_LINES, f"{name}.{node.name}: {size} lines"


def test_no_solo_branch_in_the_game_loop() -> None:
    """game.py knows automata, not Alexis: only the documented `solo` alias remains."""
    tree = ast.parse((PACKAGES["small_islands"] / "game.py").read_text())
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assert not {n for n in names if "alexis" in n.lower()}
    compares = [n for n in ast.walk(tree) if isinstance(n, ast.If | ast.IfExp)]
    assert not [n for n in compares if "solo" in ast.unparse(n.test)]


def test_the_ui_parses_stored_or_received_json_only_through_the_depth_checked_loader() -> None:
    """Deeply nested JSON kills Pyodide (JavaScript stack overflow, not a RecursionError), so
    storage records and worker answers go through `game_kit.jsonio.load_json`."""
    for pkg in UI_PACKAGES:
        for name, path in module_files(pkg, PACKAGES[pkg]).items():
            text = path.read_text()
            assert "json.loads(" not in text, f"{name} parses JSON without a depth check"


def test_small_islands_never_imports_ember_isle() -> None:
    """Ember Isle's code ships in its own archive, loaded only when chosen: nothing of Small
    Islands (engine or UI) imports it (si_web.other_game loads it by name, at run time)."""
    from test_imports import import_graph

    graph = import_graph()
    for module, imported in graph.items():
        if module.split(".")[0] in ("small_islands", "si_web"):
            other = {m for m in imported if m.split(".")[0] in ("ember_isle", "ei_web")}
            assert not other, f"{module} imports {sorted(other)}"


GAMES = ("small_islands", "ember_isle")


def test_no_game_imports_another_and_the_kit_imports_no_game() -> None:
    """Each game's engine stands on the shared kit (`game_kit`) alone: no game package imports
    another (not even for a statistic), and the kit names no game."""
    from test_imports import import_graph

    graph = import_graph()
    for module, imported in graph.items():
        top = module.split(".")[0]
        if top in GAMES:
            other = {m for m in imported if m.split(".")[0] in GAMES and m.split(".")[0] != top}
            assert not other, f"{module} imports another game: {sorted(other)}"
        if top == "game_kit":
            games = {m for m in imported if m.split(".")[0] != "game_kit"}
            assert not games, f"{module} imports {sorted(games)}"
    for game in GAMES:
        assert any(m.split(".")[0] == "game_kit" for m in graph[f"{game}.errors"])


def test_the_engines_parse_json_only_through_the_kit() -> None:
    """Saves and files are read through `game_kit.jsonio.load_json` (bounded and strict): no
    game parses JSON on its own, so the two games can no longer drift apart."""
    for game in GAMES:
        for name, path in module_files(game, PACKAGES[game]).items():
            if name.endswith(("__main__", "tournament")):
                continue  # the command line reads its own result files
            assert "json.loads(" not in path.read_text(), f"{name} parses JSON by itself"



def _save_reading(tree: ast.AST) -> list[str]:
    """What in a module's code (docstrings aside) reads a save by itself: parsing JSON, the
    envelope's ``"format"`` key, the format check's or the replay's message."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in ("load_json", "loads"):
                found.append(f"{name}()")
        text = node.value if isinstance(node, ast.Constant) else None
        if not isinstance(text, str) or id(node) in docstrings:
            continue
        if text == "format" or "does not replay" in text or "unsupported save format" in text:
            found.append(repr(text))
    return found


def test_both_engines_read_their_saves_through_the_kit() -> None:
    """A save's envelope, its strict reading and the replay are `game_kit.save`'s: each game
    imports it, and no game parses JSON, reads a save's format or replays on its own (the
    two copies drifted apart once)."""
    from test_imports import import_graph

    graph = import_graph()
    for game in GAMES:
        modules = module_files(game, PACKAGES[game])
        assert any("game_kit.save" in graph[m] for m in modules), f"{game} skips game_kit.save"
        for name, path in modules.items():
            if name.endswith(("__main__", "tournament")):
                continue  # the command line reads its own result files
            found = _save_reading(ast.parse(path.read_text()))
            assert not found, f"{name} reads saves by itself: {found}"


def test_loading_a_save_of_either_engine_goes_through_the_kit() -> None:
    """Either engine's broken save is refused by the kit's reader, an action that does not
    replay by the kit's replay (where the errors are raised)."""
    import traceback

    import ember_isle
    import small_islands
    from game_kit.errors import MalformedInput

    def raised_in(text: str) -> tuple[str, str]:
        try:
            engine.Game.from_json(text)
        except MalformedInput as exc:
            last = traceback.extract_tb(exc.__traceback__)[-1]
            return Path(last.filename).parent.name + "/" + Path(last.filename).name, last.name
        raise AssertionError("loaded")

    for engine in (small_islands, ember_isle):
        g = engine.Game.new(engine.Options(seats=("Ann", "Bob"), seed=1))
        g.play(g.legal_actions()[0])
        data = json.loads(g.to_json())
        assert raised_in(json.dumps({**data, "extra": 1})) == ("game_kit/save.py",
                                                                "read_envelope")
        twice = json.dumps({**data, "actions": data["actions"] * 2})
        assert raised_in(twice) == ("game_kit/save.py", "replay")
