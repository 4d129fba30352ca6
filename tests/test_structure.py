"""The shape of the house: no oversized module, no oversized UI class, no solo branch in the
game loop (import cycles: test_imports.py)."""

from __future__ import annotations

import ast
import json
import re
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


UI_PACKAGES = ("game_shell", "game_plugins", "si_web", "ei_web")


def test_no_ui_class_over_400_lines() -> None:
    modules = [item for pkg in UI_PACKAGES for item in module_files(pkg, PACKAGES[pkg]).items()]
    for name, path in modules:
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


GAMES = ("small_islands", "ember_isle")
# each game's packages (engine, UI), as its registration names them
GAME_PACKAGES = {
    "small-islands": ("small_islands", "si_web"),
    "ember-isle": ("ember_isle", "ei_web"),
}
SHELL = ("game_kit", "game_shell")


def test_the_registrations_name_each_games_packages() -> None:
    from game_shell import registry

    assert {p.name: p.packages for p in registry.plugins()} == GAME_PACKAGES


def test_no_game_imports_another_and_the_shell_imports_no_game() -> None:
    """A game (engine and UI) stands on the kit and the shell alone: it never imports
    another game's package (a game fetched on demand is loaded by name, at run time, by
    `game_shell.host`), and the kit and the shell import no game at all; a game's
    registration (`game_plugins.<game>`) names only its own game, inside functions."""
    from test_imports import import_graph

    graph = import_graph()
    owner = {pkg: name for name, pkgs in GAME_PACKAGES.items() for pkg in pkgs}
    for module, imported in graph.items():
        top = module.split(".")[0]
        tops = {m.split(".")[0] for m in imported}
        if top in owner:
            other = {t for t in tops if t in owner and owner[t] != owner[top]}
            assert not other, f"{module} imports another game's {sorted(other)}"
        if top in SHELL:
            assert not tops & set(owner), f"{module} imports a game: {sorted(tops & set(owner))}"
        if top == "game_plugins" and module != "game_plugins":
            mine = GAME_PACKAGES[module.split(".")[1].replace("_", "-")]
            assert tops & set(owner) <= set(mine), f"{module} imports {sorted(tops & set(owner))}"


def test_the_shell_names_no_game() -> None:
    """No module of the shell (nor its JavaScript: the bot worker, the first paint) says a
    game's name: what it knows of games comes from their registrations."""
    from game_shell import registry

    names = {w for p in registry.plugins() for w in (p.name, p.title, *p.packages, *p.aliases)}
    shell = module_files("game_shell", PACKAGES["game_shell"])
    texts = {n: p.read_text() for n, p in shell.items()}
    for script in ("bot-worker.js", "first-paint.js"):
        texts[script] = (PACKAGES["game_shell"].parent / script).read_text()
    for name, text in texts.items():
        said = {w for w in names if re.search(rf"\b{re.escape(w)}\b", text, re.I)}
        assert not said, f"{name} names {sorted(said)}"


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
            if name.endswith(("__main__", "tournament", "bots.worker")):
                continue  # the command line reads its result files, the bot worker requests
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
# ------------------------------------------------------------------ the App facades
# each UI package's facade (its app.py) and the browser entries that create or hold one
FACADES = {"si_web": ("controller", "kept_browser"), "ei_web": ("browser",)}


def _is_app(node: ast.expr) -> bool:
    """`app`, or `self.app` / `self._app` (how App's parts hold it)."""
    if isinstance(node, ast.Name):
        return node.id == "app"
    return (
        isinstance(node, ast.Attribute) and node.attr in ("app", "_app")
        and isinstance(node.value, ast.Name) and node.value.id == "self"
    )


def app_field_writes(tree: ast.AST) -> list[str]:
    """Every assignment (plain, augmented, annotated, in a tuple, a for or a with target) to
    an attribute of `app` or `self.app`, as ``line: target``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign | ast.For | ast.AsyncFor):
            targets = [node.target]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = [node.optional_vars]
        elif isinstance(node, ast.NamedExpr | ast.Delete):
            targets = [node.target] if isinstance(node, ast.NamedExpr) else list(node.targets)
        else:
            continue
        while targets:
            t = targets.pop()
            if isinstance(t, ast.Tuple | ast.List):
                targets.extend(t.elts)
            elif isinstance(t, ast.Starred):
                targets.append(t.value)
            elif isinstance(t, ast.Attribute) and _is_app(t.value):
                found.append(f"{node.lineno}: {ast.unparse(t)}")
    return found


def test_the_write_finder_finds_writes() -> None:
    code = (
        "app.screen = 'x'\napp.a, (self.app.b, c) = 1, (2, 3)\nself.app.n += 1\n"
        "app.kept.shown = 20\napp.form['solo'] = True\nother.screen = 'x'\nfor app.i in []: pass\n"
    )
    assert app_field_writes(ast.parse(code)) == [
        "1: app.screen", "2: self.app.b", "2: app.a", "3: self.app.n", "7: app.i"
    ]


@pytest.mark.parametrize("package", ["si_web", "ei_web"])
def test_only_app_py_writes_the_apps_fields(package: str) -> None:
    """App's state changes only through its own methods: no module but app.py assigns to an
    attribute of `app` or `self.app` (`app.screen = ...` is `app.go(...)`, `app.message = ...`
    is `app.say(...)`, and so on: `si_web.app.AppState` lists them).

    Decided: this covers App's own fields only. The objects App holds have their own classes
    and methods and are changed in place by the parts that own that state: the seat's
    unfinished choices (`app.choices.tile = ...`, `choices.Choices`, the stages' record), the
    History and Replay screens' state (`app.kept.shown = ...`, `kept.Kept`), the coach's
    (`app.guide.pending_coach`), the new-game form's values (`app.form["solo"]`, a dict of
    `form`), the session's conflict flag (`app.session.conflict`). Replacing one of those
    objects (`app.choices = ...`) is a write to App's field, and is refused here."""
    facade = f"{package}.app"
    for name, path in module_files(package, PACKAGES[package]).items():
        if name == facade:
            continue
        writes = app_field_writes(ast.parse(path.read_text()))
        assert not writes, f"{name} writes App's fields: {writes}"
