"""What Python modules import, read from their source (standard library only).

The build uses it twice: to list the modules a Python memory snapshot holds (ours that never
touch the browser, and the standard-library modules the others import) and to trim the
vendored standard library to what the app can import. Every ``import`` statement counts,
wherever it is (in a function, under ``try``), so the result errs on the side of more.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

# Top-level names whose modules reach into the browser (JS objects, PyScript, Pyodide's API).
BROWSER = frozenset({"js", "pyodide", "pyodide_js", "pyscript", "_pyscript", "polyscript"})

# `import a.b`, `from a import b`, `from . import b`, with names possibly in parentheses
# over several lines: the fallback for source this Python cannot parse (newer syntax).
_IMPORT_RE = re.compile(
    r"^[ \t]*(?:from[ \t]+(?P<src>\.*[\w.]*)[ \t]+import[ \t]+(?P<names>\([^)]*\)|[^\n#;]+)"
    r"|import[ \t]+(?P<mods>[^\n#;]+))",
    re.M,
)


def module_name(path: str) -> tuple[str, bool]:
    """("pkg.mod", is_package) for a relative source path like "pkg/mod.py"."""
    parts = path.removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _absolute(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of a (possibly relative) ``from`` import's module."""
    if not level:
        return target or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join([*base, target] if target else base)


def _is_main_block(node: ast.AST) -> bool:
    """``if __name__ == "__main__":`` (runs as a script, never on import)."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    test = node.test
    sides = [test.left, *test.comparators]
    return (
        len(sides) == 2
        and isinstance(test.ops[0], ast.Eq)
        and any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides)
        and any(isinstance(s, ast.Constant) and s.value == "__main__" for s in sides)
    )


def _walk(tree: ast.AST, toplevel: bool) -> list[ast.AST]:
    """Every node, or with ``toplevel`` those that run at import (not in a function, not
    under ``if __name__ == "__main__":``)."""
    if not toplevel:
        return list(ast.walk(tree))
    nodes: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        nodes.append(node)
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            todo.extend(c for c in ast.iter_child_nodes(node) if not _is_main_block(c))
    return nodes


def _from_ast(tree: ast.AST, module: str, is_package: bool, toplevel: bool) -> set[str]:
    found: set[str] = set()
    for node in _walk(tree, toplevel):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, is_package, node.level, node.module)
            found.add(source)
            # `from pkg import name` may import the submodule pkg.name
            found.update(f"{source}.{alias.name}" for alias in node.names if alias.name != "*")
    return found


def _from_text(text: str, module: str, is_package: bool) -> set[str]:
    found: set[str] = set()
    for match in _IMPORT_RE.finditer(text):
        if match["mods"]:
            found.update(m.split(" as ")[0].strip() for m in match["mods"].split(","))
            continue
        src = match["src"]
        level = len(src) - len(src.lstrip("."))
        source = _absolute(module, is_package, level, src.lstrip(".") or None)
        found.add(source)
        names = match["names"].strip("() \t\n")
        for name in names.replace("\n", " ").split(","):
            name = name.split(" as ")[0].strip()
            if name and name != "*":
                found.add(f"{source}.{name}")
    return found


def imports(source: str, module: str, is_package: bool = False, toplevel: bool = False) -> set[str]:
    """Every dotted name ``module`` may import (candidates: some are attributes, not
    modules; ``resolve`` keeps the real ones); with ``toplevel``, only those imported when
    the module is (not inside functions; source this Python cannot parse counts whole)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # newer syntax than this Python's (the build runs on 3.11)
        found = _from_text(source, module, is_package)
    else:
        found = _from_ast(tree, module, is_package, toplevel)
    return {name for name in found if name and not name.startswith(".")}


def resolve(names: Iterable[str], known: Iterable[str]) -> set[str]:
    """The modules among ``known`` that importing ``names`` imports (parents included)."""
    known = set(known)
    found: set[str] = set()
    for name in names:
        parts = name.split(".")
        found.update(p for i in range(1, len(parts) + 1) if (p := ".".join(parts[:i])) in known)
    return found


def closure(
    roots: Iterable[str],
    sources: Mapping[str, tuple[str, bool]],
    extra: Iterable[str] = (),
    toplevel: bool = False,
) -> set[str]:
    """Modules of ``sources`` ({name: (source, is_package)}) imported from ``roots``,
    transitively (with ``toplevel``: when they are imported); ``extra`` names count as known
    modules that have no source here."""
    known = set(sources) | set(extra)
    seen: set[str] = set()
    todo = list(resolve(roots, known))
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name in sources:
            text, is_package = sources[name]
            todo.extend(resolve(imports(text, name, is_package, toplevel), known) - seen)
    return seen


def package_sources(root: Path, package: str) -> dict[str, tuple[str, bool]]:
    """{module: (source, is_package)} for every .py file of ``root`` (the folder of
    ``package``)."""
    found: dict[str, tuple[str, bool]] = {}
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        name, is_package = module_name(f"{package}/{path.relative_to(root).as_posix()}")
        found[name] = (path.read_text(encoding="utf-8"), is_package)
    return found


def touches_browser(sources: Mapping[str, tuple[str, bool]]) -> set[str]:
    """The modules of ``sources`` whose import imports a BROWSER module, directly or through
    other modules of ``sources`` (imports inside functions do not count)."""
    direct = {n: imports(text, n, pkg, toplevel=True) for n, (text, pkg) in sources.items()}
    bound = {n for n, found in direct.items() if any(m.split(".")[0] in BROWSER for m in found)}
    changed = True
    while changed:
        changed = False
        for name, found in direct.items():
            if name not in bound and resolve(found, sources) & bound:
                bound.add(name)
                changed = True
    return bound
