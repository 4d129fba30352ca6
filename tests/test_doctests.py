"""The engines' doctests run and stay true (the examples in their docstrings are the first
thing a newcomer reads: `pytest --doctest-modules engine` runs the same)."""

from __future__ import annotations

import doctest
import importlib
import sys

import pytest
from test_imports import PACKAGES, module_files

# CPython only: under Pyodide (tests/test_build.py) the command-line modules are not shipped
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="CPython's doctests")
ENGINES = ("game_kit", "small_islands", "ember_isle")
MODULES = sorted(m for pkg in ENGINES for m in module_files(pkg, PACKAGES[pkg]))
# the shell's pure modules too (its browser glue imports pyodide: not importable here)
BROWSER_GLUE = ("pyodide", "pyscript")
SHELL = sorted(
    m for m, path in module_files("game_shell", PACKAGES["game_shell"]).items()
    if not any(f"from {g}" in path.read_text() or f"import {g}" in path.read_text()
               for g in BROWSER_GLUE)
)


def test_the_engines_have_doctests() -> None:
    found = 0
    for name in MODULES:
        finder = doctest.DocTestFinder()
        found += sum(len(t.examples) for t in finder.find(importlib.import_module(name)))
    assert found >= 20


@pytest.mark.parametrize("name", MODULES + SHELL)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"
