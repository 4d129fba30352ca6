"""The shape of the house: no oversized module, no oversized UI class, no solo branch in the
game loop (import cycles: test_imports.py)."""

from __future__ import annotations

import ast

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
