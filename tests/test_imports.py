"""No import cycle between the modules of the engines and of the UI.

Every import counts -- at the top of a module or inside a function. Imports under
``if TYPE_CHECKING:`` (they never run) count too for the packages of `TYPE_ONLY_CHECKED`
(issue 27: a cycle of annotations is still a cycle of design); for the others only what
runs counts. ``from . import name`` imports the submodule `name` when there is one, else
the package itself (its ``__init__``).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {
    "game_kit": ROOT / "engine" / "game_kit",
    "small_islands": ROOT / "engine" / "small_islands",
    "ember_isle": ROOT / "engine" / "ember_isle",
    "game_shell": ROOT / "web" / "game_shell",
    "game_plugins": ROOT / "web" / "game_plugins",
    "si_web": ROOT / "web" / "si_web",
    "ei_web": ROOT / "web" / "ei_web",
}
# The packages whose modules form no cycle even counting ``if TYPE_CHECKING:`` imports: the
# kit and the engines (a rule module takes the game as a protocol, `state.GameState`, never
# as `Game`).
ENGINE_PACKAGES: tuple[str, ...] = ("game_kit", "small_islands", "ember_isle")
# The UI's packages: a stage takes `si_web.port.Table`, App's parts declare the small protocol
# they need (no circle around App), and the shell imports no game.
WEB_PACKAGES_TYPE_ONLY_CHECKED: tuple[str, ...] = ("game_shell", "game_plugins", "si_web", "ei_web")
TYPE_ONLY_CHECKED: tuple[str, ...] = ENGINE_PACKAGES + WEB_PACKAGES_TYPE_ONLY_CHECKED


def module_files(package: str, folder: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package (``pkg.__init__`` as pkg)."""
    out = {}
    for path in sorted(folder.rglob("*.py")):
        parts = [package, *path.relative_to(folder).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, with_type_only: bool = False) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a module, skipping ``if TYPE_CHECKING:`` bodies unless
    `with_type_only` (then those count too)."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        if not with_type_only and isinstance(node, ast.If) and _type_checking(node):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def imported(module: str, path: Path, known: set[str], with_type_only: bool = False) -> set[str]:
    """The project modules `module` imports (`with_type_only`: ``if TYPE_CHECKING:`` ones too)."""
    is_package = path.name == "__init__.py"
    here = module.split(".") if is_package else module.split(".")[:-1]
    out = set()
    for node in _imports(ast.parse(path.read_text(), str(path)), with_type_only):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = here[: len(here) - node.level + 1] if node.level else []
            origin = ".".join(base + ([node.module] if node.module else []))
            targets = [
                f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in known else origin
                for alias in node.names
            ]
        out.update(t for t in targets if t in known and t != module)
    return out


def import_graph(
    packages: tuple[str, ...] = tuple(PACKAGES), with_type_only: bool = False
) -> dict[str, set[str]]:
    """Module -> the modules of `packages` it imports (`with_type_only`: ``if TYPE_CHECKING:``
    imports too)."""
    files = {m: p for pkg in packages for m, p in module_files(pkg, PACKAGES[pkg]).items()}
    known = set(files)
    return {m: imported(m, p, known, with_type_only) for m, p in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of the graph as a path (first module repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_graph_sees_the_engine() -> None:
    graph = import_graph()
    assert "small_islands.game" in graph and "small_islands.bots.search" in graph
    assert "small_islands.view" in graph["small_islands.game"]
    assert "small_islands.game" in graph["small_islands.bots"]
    assert "si_web.stages.take" in graph["si_web.stages"] and "si_web.app" in graph


def test_the_cycle_finder_finds_cycles() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_function_level_imports_count_and_type_checking_ones_do_not(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n"
        "def f():\n    from . import c\n"
    )
    (pkg / "b.py").write_text("")
    (pkg / "c.py").write_text("from .a import f\n")
    files = module_files("pkg", pkg)
    assert imported("pkg.a", files["pkg.a"], set(files)) == {"pkg.c"}
    assert imported("pkg.c", files["pkg.c"], set(files)) == {"pkg.a"}


def test_no_import_cycle_in_the_engines_or_the_ui() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_type_checking_imports_count_when_asked(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text(
        "import typing\nif typing.TYPE_CHECKING:\n    from .b import B\n"
        "else:\n    from . import c\n"
    )
    (pkg / "b.py").write_text("")
    (pkg / "c.py").write_text("")
    files = module_files("pkg", pkg)
    assert imported("pkg.a", files["pkg.a"], set(files)) == {"pkg.c"}
    assert imported("pkg.a", files["pkg.a"], set(files), with_type_only=True) == {"pkg.b", "pkg.c"}


def test_the_type_only_graph_covers_the_listed_packages() -> None:
    assert set(TYPE_ONLY_CHECKED) <= set(PACKAGES)
    graph = import_graph(TYPE_ONLY_CHECKED, with_type_only=True)
    assert {m.split(".")[0] for m in graph} == set(TYPE_ONLY_CHECKED)
    assert "small_islands.view" in graph["small_islands.game"]
    runtime = import_graph(TYPE_ONLY_CHECKED)
    assert all(runtime[m] <= graph[m] for m in graph)


def test_no_import_cycle_counting_type_only_imports() -> None:
    """Issue 27: no cycle among the kit's and the engines' modules, ``if TYPE_CHECKING:``
    imports included (the UI's packages join through `WEB_PACKAGES_TYPE_ONLY_CHECKED`)."""
    cycle = find_cycle(import_graph(TYPE_ONLY_CHECKED, with_type_only=True))
    assert cycle is None, "import cycle (type-only imports included): " + " -> ".join(cycle or [])


# the browser entries that create or hold an App; no other module imports its app.py
APP_HOLDERS = {
    "si_web.app": {"si_web.controller", "si_web.kept_browser"},
    "ei_web.app": {"ei_web.browser"},
}


def test_only_the_browser_entries_import_the_app_facades() -> None:
    """Stages take `si_web.port.Table` and App's parts their own small protocols: no module
    of the UI imports an app.py, not even under TYPE_CHECKING, but the browser entries that
    create or hold the App."""
    graph = import_graph(WEB_PACKAGES_TYPE_ONLY_CHECKED, with_type_only=True)
    for facade, holders in APP_HOLDERS.items():
        users = {m for m, imports in graph.items() if facade in imports}
        assert users <= holders, f"{sorted(users - holders)} import {facade}"
