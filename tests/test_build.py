"""The build's bytecode for Python's `html` and PyScript's `pyscript` package is what the
browser's Python really loads (checked under the shipped Pyodide in Node); the trimmed
standard library runs the engine's and the UI's tests under Pyodide; the Python snapshot's
module list and key."""

from __future__ import annotations

import ast
import base64
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tokenize
import zipfile
import zlib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools import build, pyimports  # noqa: E402

pytestmark = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists() or not shutil.which("node"),
    reason="needs node and `npm ci` (make test does both)",
)

# Runs under Pyodide with the built vendor/ folder: Python's html from bytecode, and
# PyScript's package imported the way PyScript does it (sources written into the cwd at
# start) with the build's __pycache__ unpacked beside them.
CHECK = r"""
import { loadPyodide } from "%(pyodide)s";
const py = await loadPyodide({ indexURL: "%(index)s" });
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(out)s" }, "/out");
console.log(py.runPython(`
import sys
started = {m: str(getattr(getattr(mod, "__spec__", None), "origin", None) or "")
           for m, mod in list(sys.modules.items())}  # "frozen" for what Python holds frozen
import importlib._bootstrap_external as ext, importlib.util, json, os, zipfile
compiled = []
real = ext.SourceLoader.source_to_code
def spy(self, data, path, *args, **kw):
    compiled.append(path)
    return real(self, data, path, *args, **kw)
ext.SourceLoader.source_to_code = spy
import html, html.entities
checks = {
    "html": html.__spec__.origin,
    "entities": html.entities.__spec__.origin,
    "unescape": html.unescape("&hearts;&amp;&notin;&#x41;"),
    "escape": html.escape("<a href='x'>"),
    "started_pyc": sorted(m for m, f in started.items() if f.endswith(".pyc")),
    "started_py": sorted(m for m, f in started.items() if f.endswith(".py")),
}
sources = json.load(open("/out/sources.json"))
os.makedirs("pyscript/__pycache__", exist_ok=True)
for name, text in sources.items():
    open("pyscript/" + name, "w").write(text)
zipfile.ZipFile("/out/pycache.zip").extractall(".")  # pyscript/__pycache__/*.pyc
sys.path.insert(0, os.getcwd())
codes = {}
for name in sources:
    path = os.path.abspath("pyscript/" + name)
    loader = ext.SourceFileLoader("pyscript." + name[:-3], path)
    codes[name] = loader.get_code("pyscript." + name[:-3]).co_filename == path
checks["compiled"] = compiled
checks["codes"] = codes
json.dumps(checks)
`));
"""


@pytest.fixture(scope="module")
def vendored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the build's vendor/ (Pyodide, PyScript and the added bytecode) and its
    archives of the engine and the UI: built here (~30 s), or, with SI_TEST_SITE set, that
    folder, a whole site/ the build wrote from this tree just before (`make test` builds
    site/ first and names it: the same build, once)."""
    given = os.environ.get("SI_TEST_SITE")
    if given:
        site = Path(given)
        assert (site / f"vendor/pyodide-{build.PYODIDE_VERSION}").is_dir(), site
        names = build.archive_names()
        assert all((site / name).is_file() for name in names), site
        return site
    out = tmp_path_factory.mktemp("built")
    build.vendor(out)
    build.write_archives(out)
    return out


def as_zip(files: dict[str, bytes]) -> bytes:
    """An archive's files as a stored zip, for the checks that run Python's zipfile and
    zipimport on them (the page unpacks them itself: `unpackArchive` in web/python-snapshot.mjs)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


UNPACK = r"""
import { unpackArchive } from "%(module)s";
const written = {};
const FS = {
  mkdirTree: () => {},
  writeFile: (path, data) => { written[path] = Array.from(data); },
};
const bytes = new Uint8Array(JSON.parse(process.argv[2]));
try {
  unpackArchive(FS, bytes, "/app", "test");
  console.log(JSON.stringify(written));
} catch (error) {
  console.log(JSON.stringify({ error: String(error.message) }));
}
"""


def test_the_page_unpacks_the_build_s_archives_and_refuses_others(tmp_path: Path) -> None:
    """web/python-snapshot.mjs `unpackArchive` (run by Node) writes every file of a `build.pack`
    archive where `build.unpack` reads it, and refuses bytes that are not one (a zip, a
    truncated archive, a name climbing out of the folder)."""
    files = [("pkg/__init__.py", b""), ("pkg/a.py", "x = '\u00b7'\n".encode()),
             ("pkg/b.pyc", bytes(range(256)))]
    good = build.pack(files)
    assert build.unpack(good) == dict(files)
    stub = tmp_path / f"vendor/pyodide-{build.PYODIDE_VERSION}/pyodide.mjs"  # (not loaded)
    stub.parent.mkdir(parents=True)
    stub.write_text("export const loadPyodide = null;\n")
    shutil.copyfile(build.ROOT / "web" / "python-snapshot.mjs", tmp_path / "python-snapshot.mjs")
    script = tmp_path / "unpack.mjs"
    script.write_text(UNPACK % {"module": tmp_path / "python-snapshot.mjs"})

    def run(data: bytes) -> dict[str, Any]:
        out = subprocess.run(["node", str(script), json.dumps(list(data))], capture_output=True,
                             text=True, timeout=120)
        assert out.returncode == 0, out.stderr[-2000:]
        return dict(json.loads(out.stdout.strip().splitlines()[-1]))

    assert run(good) == {f"/app/{n}": list(d) for n, d in files}
    assert run(build.pack([])) == {}
    bad = {"zip": as_zip(dict(files)), "truncated": good[:-1],
           "climbing": good.replace(b"pkg/a.py", b"../a.py"), "longer": good + b"x"}
    for label, data in bad.items():
        assert "error" in run(data), label
        with pytest.raises((ValueError, KeyError)):
            build.unpack(data)
    with pytest.raises(SystemExit):
        build.pack([("../x.py", b"")])


def shipped_zips(built: Path, into: Path) -> list[Path]:
    """The build's archives (gzip decompressed, as the page unpacks them for Python) as
    stored zips: the engine, the UI, Ember Isle's (which the page unpacks only when it is
    chosen) and Master's (which the bot worker unpacks before a Master's first decision)."""
    found = []
    for name in build.archive_names():
        path = into / name.replace(".pack.gz", ".zip")
        path.write_bytes(as_zip(build.unpack(gzip.decompress((built / name).read_bytes()))))
        found.append(path)
    return found


def test_vendored_bytecode_is_loaded_by_pyodide(vendored: Path, tmp_path: Path) -> None:
    index = vendored / f"vendor/pyodide-{build.PYODIDE_VERSION}"
    pyscript_dir = vendored / f"vendor/pyscript-{build.PYSCRIPT_VERSION}"
    chunk = pyscript_dir / build.PYSCRIPT_CORE_CHUNK
    sources = build.pyscript_sources(chunk)
    (tmp_path / "sources.json").write_text(json.dumps(sources))
    pycache = gzip.decompress((pyscript_dir / build.PYSCRIPT_PYCACHE).read_bytes())
    (tmp_path / "pycache.zip").write_bytes(as_zip(build.unpack(pycache)))
    script = tmp_path / "check.mjs"
    script.write_text(CHECK % {
        "pyodide": index / "pyodide.mjs", "index": f"{index}/", "out": tmp_path,
    })
    out = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    checks = json.loads(out.stdout.strip().splitlines()[-1])
    assert checks["html"].endswith("python314.zip/html/__init__.pyc")
    assert checks["entities"].endswith("python314.zip/html/entities.pyc")
    assert checks["unescape"] == "\u2665&\u2209A"
    assert checks["escape"] == "&lt;a href=&#x27;x&#x27;&gt;"
    # A bare start loads the standard library's heaviest modules from the build's bytecode.
    replaced = {pyimports.module_name(n[:-1])[0] for n in stdlib_replaced(vendored)}
    assert {"typing", "inspect", "enum", "ast"} <= set(checks["started_pyc"])
    assert len(checks["started_pyc"]) >= 40
    assert not replaced & set(checks["started_py"])
    # Every module of PyScript's package came from the build's bytecode: nothing compiled.
    assert checks["compiled"] == []
    assert set(checks["codes"]) == set(sources) and all(checks["codes"].values())


def comments_cut(original: str, built: str) -> bool:
    """``built`` is ``original`` with comments (and the spaces before them) cut, line by line."""
    before, after = original.splitlines(), built.splitlines()
    return len(before) == len(after) and all(
        a == b or (a.startswith(b) and a[len(b):].lstrip().startswith("#"))
        for a, b in zip(before, after, strict=True)
    )


def stdlib_replaced(vendored: Path) -> set[str]:
    """The .pyc of the vendored python_stdlib.zip that replace their sources."""
    built = zipfile.ZipFile(vendored / f"vendor/pyodide-{build.PYODIDE_VERSION}/python_stdlib.zip")
    beside = {name[:-3] + ".pyc" for name in build.STDLIB_BYTECODE}
    return {n for n in built.namelist() if n.endswith(".pyc")} - beside


def test_stdlib_zip_is_trimmed_and_otherwise_unchanged(vendored: Path) -> None:
    """Trimmed, comments cut; STDLIB_BYTECODE's modules also as bytecode; the heaviest modules
    a start imports as sourceless bytecode (-OO) in place of their sources (not Pyodide's)."""
    built = zipfile.ZipFile(vendored / f"vendor/pyodide-{build.PYODIDE_VERSION}/python_stdlib.zip")
    original = zipfile.ZipFile(build.NODE_MODULES / "pyodide" / "python_stdlib.zip")
    added = set(built.namelist()) - set(original.namelist())
    replaced = stdlib_replaced(vendored)
    assert added == {name[:-3] + ".pyc" for name in build.STDLIB_BYTECODE} | replaced
    assert len(replaced) >= 40 and {"typing.pyc", "inspect.pyc"} <= replaced
    for name in replaced:
        source = name[:-1]
        assert source in original.namelist() and source not in built.namelist(), name
        assert not name.startswith(("_pyodide/", "pyodide/")), name
        assert built.getinfo(name).date_time == original.getinfo(source).date_time
    cut = 0
    for info in built.infolist():
        if info.filename not in added:
            text, source = built.read(info).decode(), original.read(info.filename).decode()
            assert comments_cut(source, text), info.filename
            cut += text != source
            assert info.date_time == original.getinfo(info.filename).date_time
    assert cut > 60  # (most of the rest are sourceless bytecode now)
    for name in added:
        header = built.read(name)[:16]
        assert int.from_bytes(header[4:8], "little") == 0b01  # hash-based, unchecked
    names = set(built.namelist())
    kept = ("asyncio/__init__.py", "json/scanner.py", "encodings/cp437.py", "html/entities.py")
    for name in kept:
        assert name in names
    for dropped in ("email/__init__.py", "unittest/__init__.py", "multiprocessing/__init__.py",
                    "statistics.py", "encodings/cp1252.py"):
        assert dropped in original.namelist() and dropped not in names
    size = (vendored / f"vendor/pyodide-{build.PYODIDE_VERSION}/python_stdlib.zip").stat().st_size
    assert size < 0.35 * (build.NODE_MODULES / "pyodide" / "python_stdlib.zip").stat().st_size


def test_lockfile_keeps_its_info_only(vendored: Path) -> None:
    lock = json.loads((vendored / f"vendor/pyodide-{build.PYODIDE_VERSION}/pyodide-lock.json")
                      .read_text())
    original = json.loads((build.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    assert lock == {"info": original["info"], "packages": {}}


def under_pyodide(vendored: Path, tmp_path: Path, pytest_args: list[str]) -> str:
    """pytest with `pytest_args` under Pyodide, on the engine and the UI as shipped (the
    build's archives: stripped sources; every app module is imported from them first, before
    any test tool) with only the trimmed library for the app's imports
    (tools/pyodide_tests.mjs); its output, once it passed."""
    ours, _ = build.app_python()
    browser = build.pyimports.touches_browser(ours)  # the controller and its browser glue
    assert "si_web.controller" in browser and "si_web.app" not in browser
    app = sorted(m for m in build.browser_modules() if m not in browser)
    command = [
        "node", str(ROOT / "tools" / "pyodide_tests.mjs"),
        f"--stdlib={vendored}/vendor/pyodide-{build.PYODIDE_VERSION}/python_stdlib.zip",
        f"--full-stdlib={build.NODE_MODULES}/pyodide/python_stdlib.zip",
        f"--app={','.join(app)}",
        f"--archives={','.join(str(z) for z in shipped_zips(vendored, tmp_path))}",
        f"--not-shipped={','.join(pyimports.module_name(n)[0] for n in build.NOT_SHIPPED)}",
        *pytest_args,
    ]
    out = subprocess.run(command, capture_output=True, text=True, timeout=1800, cwd=ROOT)
    assert out.returncode == 0, (out.stdout[-3000:], out.stderr[-3000:])
    assert " passed" in out.stdout and "the app imported" not in out.stdout
    assert "not from the shipped archives" not in out.stdout
    found = re.search(r"modules from the shipped archives: (\d+)", out.stdout)
    assert found and int(found.group(1)) >= len(app), out.stdout[-2000:]
    return out.stdout


# What `make test` runs under Pyodide (~40 s; the full rerun below is `make test-deep`'s):
# after every shipped module is imported (`under_pyodide`), seeded games of both engines:
# whole games through each game's UI, the bot worker's code with every level, Ember Isle's
# computer players, and the recorded games (every 10th below scale 1), whose digests catch any
# difference between CPython's and Pyodide's Python in what the engine does.
GUARD = [
    "tests/test_worker_python.py",
    "tests/test_replay_golden.py",
    "tests/test_web_app.py::test_full_games_through_the_ui[2-normal-1]",
    "tests/test_web_app.py::test_full_games_through_the_ui[3-advanced-2]",
    "tests/test_ember_web.py::test_a_whole_game_through_the_taps[kinds0-1-default]",
    "tests/test_ember_web.py::test_a_whole_game_through_the_taps[kinds3-4-random]",
    "tests/ember/test_ember_bots.py::test_bots_play_whole_games",
]


def test_shipped_modules_and_seeded_games_under_pyodide_with_the_trimmed_stdlib(
    vendored: Path, tmp_path: Path
) -> None:
    """The cheap guard of `make test`: the checks of the full rerun below (every shipped
    module imported from the archives with only the trimmed library, nothing the app imports
    missing from it), on the tests in GUARD, which play seeded games of both engines."""
    for node in GUARD:
        path = ROOT / node.split("::")[0]
        assert path.is_file(), node
        assert "hypothesis" not in path.read_text(encoding="utf-8"), node
    out = under_pyodide(vendored, tmp_path, GUARD)
    passed = re.search(r"(\d+) passed", out)
    assert passed and int(passed.group(1)) >= 30, out[-2000:]


@pytest.mark.deep
def test_engine_and_ui_tests_pass_with_the_trimmed_stdlib_under_pyodide(
    vendored: Path, tmp_path: Path
) -> None:
    """The engine's and the UI's tests (and the bot worker's code, tests/test_worker_python.py)
    under Pyodide, on the engine and the UI as shipped, with only the trimmed library for the
    app's imports (`under_pyodide`). `make test-deep` only (~6 min on two cores): `make test`
    runs the guard above.
    Left out: every test file that uses hypothesis (its native part does not load under
    Pyodide), the tests that start Node or a subprocess."""
    files = sorted(
        f"tests/{p.name}" for p in (ROOT / "tests").glob("test_*.py")
        if p.name not in ("test_build.py", "test_pyodide.py")
        and "hypothesis" not in p.read_text(encoding="utf-8")
    )
    assert "tests/test_worker_python.py" in files and "tests/test_refusals.py" in files
    under_pyodide(
        vendored, tmp_path,
        [*files, "-x", "-k", "not test_the_ui_does_not_import_html_or_urllib"],
    )


def test_archives_hold_the_stripped_sources(vendored: Path, tmp_path: Path) -> None:
    """Each shipped module is its source without docstrings, comments and function
    annotations, line for line;
    the command line and the tournament runner are left out; the archives (`build.pack`)
    hold the sources first, then the bytecode, and are the same at every build."""
    sources = {
        f"{name}/{p.relative_to(folder).as_posix()}": p
        for name, folder in build.package_dirs().items() for p in folder.rglob("*.py")
    }
    shipped: dict[str, bytes] = {}
    for name in build.archive_names():
        files = build.unpack(gzip.decompress((vendored / name).read_bytes()))
        kinds = [n.endswith(".pyc") for n in files]
        assert kinds == sorted(kinds), name  # the sources first, then the bytecode
        assert not set(files) & set(shipped), name  # no file in two archives
        shipped |= files
    # Master's archive: its modules and its model's weights (the file the level reads), only
    learned = build.unpack(gzip.decompress((vendored / build.LEARNED_ARCHIVE).read_bytes()))
    model = f"small_islands/bots/models/{build.master_model()}"
    assert set(learned) == {*build.LEARNED_MODULES, model}
    assert shipped.pop(model) == (build.LEARNED_MODELS / build.master_model()).read_bytes()
    bytecode = {n for n in shipped if n.endswith(".pyc")}
    assert bytecode == {m.replace(".", "/") + ".pyc" for m in build.every_start()}
    assert "si_web.controller" in build.every_start()
    # the every-start modules as bytecode alone (sourceless), every other module as source
    as_source = {name[:-1] for name in bytecode}
    assert set(shipped) - bytecode == set(sources) - set(build.NOT_SHIPPED) - as_source
    for name in bytecode:
        assert int.from_bytes(shipped[name][4:8], "little") == 0b01  # hash-based, unchecked
    for name, data in ((n, d) for n, d in shipped.items() if n not in bytecode):
        text, original = data.decode(), sources[name].read_text(encoding="utf-8")
        assert len(text.splitlines()) == len(original.splitlines()), name
        tokens = tokenize.generate_tokens(io.StringIO(text).readline)
        assert not [t for t in tokens if t.type == tokenize.COMMENT], name
        tree, expected = ast.parse(text), as_shipped(ast.parse(original))
        # the same statements as the source, docstrings and annotations aside, on the same lines
        assert ast.dump(tree) == ast.dump(expected), name
        assert statement_lines(tree) == statement_lines(expected), name
        assert ast.get_docstring(tree) is None
    again = tmp_path / "again"
    again.mkdir()
    build.write_archives(again)
    for name in build.archive_names():
        assert (again / name).read_bytes() == (vendored / name).read_bytes(), name


# Under Pyodide: the UI unpacked as the page does; the controller (which every start
# imports, never from a snapshot) loads from its shipped sourceless bytecode, not compiled,
# and that bytecode is its stripped source's (stripped here as the build strips it).
CONTROLLER = r"""
import { loadPyodide } from "%(pyodide)s";
// (no column ranges, as the build compiles: tools/pyodide_compile.mjs)
const py = await loadPyodide({ indexURL: "%(index)s", env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(out)s" }, "/out");
console.log(py.runPython(`
import builtins, importlib.util, json, sys, zipfile
zipfile.ZipFile("/out/ui.zip").extractall("/app")
sys.path.insert(0, "/app")
import si_web  # (in a snapshot, as every module of ours but the controller)
compiled = []
real = builtins.compile
def spy(source, filename, *args, **kw):
    compiled.append(str(filename))
    return real(source, filename, *args, **kw)
builtins.compile = spy
spec = importlib.util.find_spec("si_web.controller")
code = spec.loader.get_code("si_web.controller")
builtins.compile = real
source = open("/out/controller.py").read()
again = compile(source, code.co_filename, "exec", dont_inherit=True)
def shape(c):
    return (c.co_filename, c.co_name, c.co_code, c.co_names, c.co_varnames, c.co_linetable,
            tuple(shape(k) if hasattr(k, "co_code") else repr(k) for k in c.co_consts))
json.dumps({"origin": spec.origin, "cached": spec.cached, "compiled": compiled,
            "same": shape(code) == shape(again)})
`));
"""


def test_the_controller_loads_from_its_shipped_bytecode(vendored: Path, tmp_path: Path) -> None:
    index = vendored / f"vendor/pyodide-{build.PYODIDE_VERSION}"
    shipped_zips(vendored, tmp_path)
    staged = build.strip_packages(tmp_path / "staged", build.package_dirs())
    shutil.copyfile(staged / "si_web" / "controller.py", tmp_path / "controller.py")
    script = tmp_path / "check.mjs"
    script.write_text(CONTROLLER % {
        "pyodide": index / "pyodide.mjs", "index": f"{index}/", "out": tmp_path,
    })
    out = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["origin"] == "/app/si_web/controller.pyc"
    assert found["compiled"] == []
    assert found["same"]


def statement_lines(tree: ast.AST) -> list[tuple[str, int]]:
    return [(type(n).__name__, n.lineno) for n in ast.walk(tree) if isinstance(n, ast.stmt)]


def as_shipped(tree: ast.Module) -> ast.Module:
    """``tree`` with each docstring dropped (or `...` where it was a body's only statement) and
    every function's parameter and return annotations dropped (class-body ones stay)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                if len(node.body) == 1:
                    first.value = ast.Constant(value=Ellipsis)
                else:
                    node.body.pop(0)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            a = node.args
            for arg in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg):
                if arg is not None:
                    arg.annotation = None
            node.returns = None
    return tree


def test_pyodide_tests_refuse_what_the_trimmed_stdlib_lacks(vendored: Path) -> None:
    """The check above can fail: the engine's tournament runner (never in the browser) needs
    `statistics`, which the trimmed library lacks, so counting it as app code fails."""
    command = [
        "node", str(ROOT / "tools" / "pyodide_tests.mjs"),
        f"--stdlib={vendored}/vendor/pyodide-{build.PYODIDE_VERSION}/python_stdlib.zip",
        f"--full-stdlib={build.NODE_MODULES}/pyodide/python_stdlib.zip",
        "--app=small_islands.bots.tournament", "tests/test_tiles.py",
    ]
    out = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode != 0
    assert "No module named 'statistics'" in out.stdout + out.stderr


def test_snapshot_modules_hold_the_page_but_not_what_touches_the_browser() -> None:
    stdlib = build.stdlib_modules(build.NODE_MODULES / "pyodide" / "python_stdlib.zip")
    modules = build.snapshot_modules(stdlib)
    assert len(modules) == len(set(modules))
    for name in ("small_islands", "small_islands.game", "si_web.app", "si_web.board_svg", "html"):
        assert name in modules
    # the controller renders and holds DOM objects; the computer players load in the worker
    for name in ("si_web.controller", "small_islands.bots", "small_islands.__main__"):
        assert name not in modules
    assert not [m for m in modules if m.split(".")[0] in ("pyscript", "js", "pyodide")]


def test_snapshot_modules_follow_the_ui_package(tmp_path: Path) -> None:
    """Modules that touch the browser are left out through any chain of imports; new ones
    that do not are in."""
    sources = {
        "ui.dom": ("from pyscript import document\n", False),
        "ui.glue": ("from ui import dom\n", False),
        "ui.model": ("import json\nfrom ui import render\n", False),
        "ui.render": ("def f():\n    import js\n", False),
        "ui": ("", True),
    }
    assert pyimports.touches_browser(sources) == {"ui.dom", "ui.glue"}  # at import, that is
    used = pyimports.closure(["ui.model"], sources, toplevel=True)
    assert used == {"ui", "ui.model", "ui.render"}
    assert pyimports.closure(["ui.glue"], sources, toplevel=True) == {"ui", "ui.glue", "ui.dom"}


def test_snapshot_key_changes_with_any_file(tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.mkdir()
    shutil.copyfile(build.WEB / build.PYTHON_SNAPSHOT, out / build.PYTHON_SNAPSHOT)
    (out / "engine.zip").write_bytes(b"one")
    (out / "service-worker.js").write_text("ignored")
    key = build.files_digest(out, ("service-worker.js",))
    (out / "service-worker.js").write_text("still ignored")
    assert build.files_digest(out, ("service-worker.js",)) == key
    (out / "engine.zip").write_bytes(b"two")
    assert build.files_digest(out, ("service-worker.js",)) != key
    written = build.write_snapshot_config(out, ["small_islands"])
    text = (out / build.PYTHON_SNAPSHOT).read_text()
    assert f'SNAPSHOT_KEY = "{written}"' in text
    assert 'SNAPSHOT_MODULES = ["small_islands"]' in text
    assert written.endswith("-" + build.pyodide_build_id()[:16])


def test_pyscript_sources_are_the_embedded_package() -> None:
    chunk = build.NODE_MODULES / "@pyscript" / "core" / "dist" / build.PYSCRIPT_CORE_CHUNK
    sources = build.pyscript_sources(chunk)
    assert {"__init__.py", "context.py", "display.py", "ffi.py", "util.py"} <= set(sources)
    assert "from pyscript.display import" in sources["__init__.py"]
    for text in sources.values():
        compile(text, "<pyscript>", "exec")  # whole modules, not fragments


def test_pyscript_sources_fail_loudly_when_the_bundle_changes(tmp_path: Path) -> None:
    chunk = tmp_path / "core.js"
    chunk.write_text('const x = {other:{"__init__.py":"pass"}};')
    with pytest.raises(SystemExit, match="not found"):
        build.pyscript_sources(chunk)


# The snapshot's checksum (python-snapshot.mjs `checksum`), run in Node on the module itself
# (its Pyodide import pointed at npm's copy).
CHECKSUM = r"""
const { checksum } = await import("%(module)s");
const size = (1 << 20) + 6;  // whole 16-byte rounds, a word left over, two tail bytes
const bytes = new Uint8Array(size);
for (let i = 0; i < size; i++) bytes[i] = (i * 2654435761) >>> 24;
const base = checksum(bytes);
const flips = [0, 1, 5, 8, 13, size >> 1, size - 7, size - 6, size - 2, size - 1].map((at) => {
  const copy = bytes.slice();
  copy[at] ^= 0x5a;
  return checksum(copy);
});
const swapped = bytes.slice();  // two words of one lane exchanged
[swapped[0], swapped[16]] = [swapped[16], swapped[0]];
console.log(JSON.stringify({
  base, again: checksum(bytes.slice()), flips, swapped: checksum(swapped),
  shorter: checksum(bytes.subarray(0, size - 1)), zeros: checksum(new Uint8Array(size)),
  zerosShorter: checksum(new Uint8Array(size - 4)),
}));
"""


def test_snapshot_checksum_catches_any_changed_byte(tmp_path: Path) -> None:
    source = (ROOT / "web" / build.PYTHON_SNAPSHOT).read_text(encoding="utf-8")
    vendored = f'"./vendor/pyodide-{build.PYODIDE_VERSION}/pyodide.mjs"'
    assert source.count(vendored) == 1
    npm = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
    module = tmp_path / "python-snapshot.mjs"
    module.write_text(source.replace(vendored, json.dumps(str(npm))), encoding="utf-8")
    script = tmp_path / "checksum.mjs"
    script.write_text(CHECKSUM % {"module": module})
    out = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-3000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert re.fullmatch(r"[0-9a-f]{32}", got["base"])
    assert got["again"] == got["base"]
    others = [*got["flips"], got["swapped"], got["shorter"]]
    assert len(set(others)) == len(others) and got["base"] not in others
    assert got["zeros"] != got["zerosShorter"]


def precache_of(worker: Path) -> dict[str, str]:
    """A built service worker's precache list, {URL: integrity}."""
    found = re.search(r"const PRECACHE = (\{.*?\});", worker.read_text(), re.S)
    assert found, "PRECACHE not found"
    listed: dict[str, str] = json.loads(found.group(1))
    return listed


def test_precache_carries_the_hash_of_every_file(tmp_path: Path) -> None:
    out = tmp_path / "site"
    (out / "vendor" / "lib").mkdir(parents=True)
    (out / "index.html").write_text("<!doctype html><title>x</title>")
    (out / "app.js").write_bytes(b"console.log(1);\n")
    (out / "vendor" / "lib" / "big.wasm").write_bytes(bytes(range(256)) * 1000)
    version = build.write_service_worker(out)
    worker = out / "service-worker.js"
    assert f'const VERSION = "{version}";' in worker.read_text()
    precache = precache_of(worker)
    assert list(precache)[0] == "./"
    assert set(precache) == {"./", "./index.html", "./app.js", "./vendor/lib/big.wasm"}
    for url, integrity in precache.items():
        data = (out / ("index.html" if url == "./" else url.removeprefix("./"))).read_bytes()
        assert integrity == "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
    # Any changed byte changes the file's hash and the worker's version.
    (out / "app.js").write_bytes(b"console.log(2);\n")
    assert build.write_service_worker(out) != version
    assert precache_of(worker)["./app.js"] != precache["./app.js"]
    assert precache_of(worker)["./index.html"] == precache["./index.html"]


def csp_directives() -> dict[str, list[str]]:
    """web/index.html's Content-Security-Policy (its <meta>), {directive: sources}."""
    page = (build.WEB / "index.html").read_text(encoding="utf-8")
    found = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert len(found) == 1
    directives = [d.split() for d in found[0].split(";") if d.strip()]
    return {d[0]: d[1:] for d in directives}


def test_csp_allows_only_the_site_itself_and_no_form_submission() -> None:
    csp = csp_directives()
    assert csp["default-src"] == ["'self'"]
    assert csp["form-action"] == ["'none'"]  # the app submits no form
    assert csp["object-src"] == ["'none'"] and csp["base-uri"] == ["'self'"]
    # PyScript 0.7.31 compiles its worker hooks with Function() at every start, on the main
    # thread too (README, "Security"): 'unsafe-eval' stays until it does not.
    assert csp["script-src"] == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]
    for sources in csp.values():
        assert not any(s.startswith(("http:", "https:", "*")) or s == "'unsafe-inline'"
                       for s in sources)
    # What a <meta> cannot carry (ignored there): the host's headers (README, "Security").
    assert not {"frame-ancestors", "report-uri", "sandbox"} & set(csp)


def test_scripts_and_style_sheets_are_served_without_their_comments() -> None:
    css = "/* a\n comment */\n.a :focus {\n  color: red; /* x */\n  content: \"\";\n}\n\n.b{ }\n"
    assert build.lean_css(css) == '.a :focus{color: red;content: "";}.b{}\n'
    js = ("// head\n/**\n * doc\n */\nconst a = \"http://x\"; // kept: after code\n"
          "  /* inline */\n\nconst t = `\n# python\n`;\n")
    assert build.lean_js(js) == ('const a = "http://x"; // kept: after code\n'
                                 "const t = `\n# python\n`;\n")
    for name in ("styles.css", "first-paint.js", "python-snapshot.mjs"):
        source = (build.WEB / name).read_text()
        lean = build.lean(build.WEB / name).decode()
        assert len(lean) < 0.9 * len(source), name


def _png_pixels(data: bytes) -> tuple[int, int, list[tuple[int, ...]]]:
    """The RGBA pixels of an 8-bit, non-interlaced PNG (palette, grey, RGB or RGBA): enough of
    a decoder to tell that a recompressed icon shows the same picture."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(data):
        size = int.from_bytes(data[at:at + 4], "big")
        kind = data[at + 4:at + 8]
        chunks[kind] = chunks.get(kind, b"") + data[at + 8:at + 8 + size]
        at += size + 12
    width, height = (int.from_bytes(chunks[b"IHDR"][i:i + 4], "big") for i in (0, 4))
    depth, colour, interlace = chunks[b"IHDR"][8], chunks[b"IHDR"][9], chunks[b"IHDR"][12]
    assert depth == 8 and interlace == 0
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = width * channels
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = previous[i], previous[i - channels] if i >= channels else 0
            predictor = {0: 0, 1: a, 2: b, 3: (a + b) // 2}.get(kind)
            if predictor is None:  # Paeth
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else b if pb <= pc else c
            line[i] = (line[i] + predictor) & 0xFF
        rows.append(line)
        previous = line
    palette = chunks.get(b"PLTE", b"")
    alpha = chunks.get(b"tRNS", b"")

    def rgba(px: bytes) -> tuple[int, ...]:
        if colour == 3:
            i = px[0]
            return (*palette[3 * i:3 * i + 3], alpha[i] if i < len(alpha) else 255)
        if colour in (0, 4):
            return (px[0],) * 3 + ((px[1],) if colour == 4 else (255,))
        return tuple(px) + (() if colour == 6 else (255,))

    return width, height, [rgba(row[x * channels:(x + 1) * channels]) for row in rows
                           for x in range(width)]


def test_the_site_sends_zopfli_squeezed_archives_and_icons() -> None:
    data = b"".join((build.WEB / "styles.css").read_bytes() for _ in range(3))
    squeezed = build.squeeze(data)
    assert gzip.decompress(squeezed) == data and squeezed == build.squeeze(data)  # reproducible
    assert squeezed[4:8] == b"\0\0\0\0"  # no time in the header
    assert len(squeezed) < len(gzip.compress(data, 9, mtime=0))
    for path in sorted((build.WEB / "icons").glob("*.png")):
        source = path.read_bytes()
        shipped = build.squeeze_png(source)
        assert len(shipped) < len(source), path.name
        assert _png_pixels(shipped) == _png_pixels(source), path.name  # the same picture
