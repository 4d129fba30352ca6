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
    storage records and worker answers go through `small_islands.save.load_json`."""
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
