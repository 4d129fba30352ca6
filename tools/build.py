"""Build the static site into site/ (standard library and zopfli, a dev dependency;
deterministic output).

    python tools/build.py [--out site]

site/ holds the page and its static files from web/, the engine and the UI package as
gzipped archives of their stripped sources (see `write_archive`), the Pyodide and PyScript
files that the page requests at runtime (vendored from node_modules/ under versioned paths), the
manifest, the icons and the service worker with its precache list and content-hash version.
What the site sends as it is (the archives, the catalogues, the icons) is compressed with zopfli
(`squeeze`, `squeeze_png`): the same gzip and PNG formats, ~5-15 % fewer bytes than zlib's best.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html.parser
import importlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import zopfli.gzip
    import zopfli.png
except ImportError:  # pragma: no cover - a checkout without `make install`
    raise SystemExit("tools/build.py needs zopfli (a dev dependency): run `make install`") from None

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import catalogues, pyimports  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"

# The files the browser requests at runtime (found by recording every request while the app
# boots; e2e/test_shell.py checks the list stays exact). Everything else in the npm packages
# (source maps, editor/terminal plugins, type definitions) is left out.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# PyScript's core chunk (it embeds the `pyscript` Python package; see PYSCRIPT_PYCACHE).
PYSCRIPT_CORE_CHUNK = "core-C9KDLldu.js"
PYSCRIPT_FILES = (
    "core.js",
    "core.css",
    PYSCRIPT_CORE_CHUNK,
    # Plugin chunks: PyScript imports all of them at startup (for both `py` and `mpy`
    # script types, so a `"plugins": ["!name"]` entry in pyscript.json does not stop it).
    "deprecations-manager-UpAPKqCb.js",
    "donkey-4Hrqd7WZ.js",
    "error-D2315lOB.js",
    "py-editor-C4XsZtn7.js",
    "py-game-DWiCrr7a.js",
    "py-terminal-CwQ6kcjg.js",
)

# Top-level files of web/ that are copied as they are.
STATIC_SUFFIXES = {
    ".html",
    ".css",
    ".js",
    ".mjs",
    ".json",
    ".png",
    ".svg",
    ".webmanifest",
    ".ico",
}
# The engine and the UI ship as source without docstrings, comments and function annotations
# (line numbers kept), re-indented (one space a level),
# in one archive (`pack`) unpacked into Python's working directory, gzipped as a whole: one
# compression over all modules, ~2.7x fewer bytes than per-module deflated bytecode (see
# bench/RESULTS.md, "App bytes"). The cost, compiling at start, falls on first visits only:
# returning visits restore a Python snapshot with the modules imported.
# Never needed in a browser (command line, tournaments): left out.
NOT_SHIPPED = (
    "game_kit/cli.py",
    "small_islands/__main__.py",
    "small_islands/bots/tournament.py",
    "ember_isle/__main__.py",
    "ember_isle/bots/tournament.py",
    # the earlier search Hard of Ember Isle, kept for the record (bench/RESULTS.md)
    "ember_isle/bots/search.py",
    "ember_isle/bots/world.py",
)
# Small Islands' Master (issue 31): the learned player's modules and its model's weights, in
# an archive of their own that the bot worker fetches and unpacks on a Master's first
# decision (web/si_web/computers.py LEVEL_ARCHIVES), never at start; the model lands beside
# the player's module (`small_islands.bots.learned.BUNDLED`).
LEARNED_ARCHIVE = "learned.pack.gz"
LEARNED_MODULES = (
    "small_islands/bots/learned.py",
    "small_islands/bots/learned_features.py",
    "small_islands/bots/learned_value.py",
)
LEARNED_MODELS = ROOT / "tools" / "learn" / "models"
# The games come from their registrations (web/game_plugins/, `games()`): the home game's
# engine and UI go in the page's two archives (site/ names; the page writes them into Python's
# working directory without the ".gz": web/python-snapshot.mjs FILES), with the game kit in the
# engine's and the shell and the registrations in the UI's (loaded at every start, before any
# game's code); every other game's packages go in its own archive, fetched and unpacked only
# when a player chooses it (game_shell/host.py; the bot worker likewise), never at start.
ENGINE_ARCHIVE, UI_ARCHIVE = "engine.pack.gz", "ui.pack.gz"
KIT = "game_kit"
SHELL_PACKAGES = ("game_shell", "game_plugins")
# Games from elsewhere (`--extra-game DIR`: the tests' third game): DIR holds the game's
# registration (``registration.py``, shipped as ``game_plugins/<DIR's name>.py``) and its
# packages; they join the registered games as if they were in web/.
EXTRA_GAMES: list[Path] = []
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
# The computer players' Web Worker (a top-level .js file of web/, so copied and precached).
BOT_WORKER = "bot-worker.js"
# Starts Pyodide while PyScript loads; PyScript's interpreter in pyscript.json.
PYODIDE_BOOT = "pyodide-boot.mjs"
# Python memory snapshots (shared by the page, the bot worker and snapshot-worker.mjs): the
# build writes in it the snapshot's key and the modules imported before one is made.
PYTHON_SNAPSHOT = "python-snapshot.mjs"
# Where index.html gets the start screen and PyScript's entry point, main.py (`write_index`).
START_SCREEN = "<!--si:start-screen-->"
MAIN_PY = "#si:main.py"
# Where index.html gets the games first-paint.js knows of (`games_attr`) and their stylesheets.
GAMES_ATTR = '"__SI_GAMES__"'
GAME_STYLES = "<!--si:game-styles-->"
# Where index.html gets the start screen in each other language (`start_screens`).
START_SCREENS = "<!--si:start-screens-->"
# Where service-worker.js gets its precache list (`write_service_worker`).
PRECACHE_PLACEHOLDER = '{ "__SI_PRECACHE__": "" }'

# Pyodide ships its standard library as source, so every start compiles what it imports.
# PyScript's bootstrap imports `html` (pyscript.display), whose `html.entities` table takes
# ~85 ms to compile (under Node), and the controller imports `pyodide.ffi.wrappers` (never in
# a snapshot: it is Pyodide's browser API), which zipimport compiled twice at every start:
# the vendored python_stdlib.zip also carries these modules as bytecode compiled by the
# shipped Pyodide (zipimport prefers `.pyc`; the sources stay).
STDLIB_BYTECODE = ("html/__init__.py", "html/entities.py", "pyodide/ffi/wrappers.py")
# Pyodide's own start imports ~145 standard-library modules (asyncio, typing, inspect, ...), and
# the page a few more: a start that restores no snapshot (every first visit) compiled them all
# from source, ~1 s of a ~1.5 s `loadPyodide()` under Node. The modules a start imports ship
# as bytecode instead (`precompile_stdlib`: sourceless .pyc, optimization 2: no docstrings or
# asserts, as `python -OO`), most compile work per extra byte first, within this many extra
# (deflated) bytes of python_stdlib.zip; the others stay source. Pyodide's own packages
# (`_pyodide`, `pyodide`) stay source (their docstrings are its API's documentation).
STDLIB_BYTECODE_BUDGET = 120_000
# PyScript writes its `pyscript` package into the interpreter's cwd as source at every start
# and imports it; its bytecode, compiled at build time from the same vendored bundle, is
# unpacked into `pyscript/__pycache__/` (python-snapshot.mjs `FILES`), so the import skips the
# compile. Unchecked-hash .pyc: valid only for exactly this PyScript version's sources.
PYSCRIPT_PYCACHE = "pyscript-pycache.pack.gz"
# The vendored python_stdlib.zip is trimmed to what the app can import (`trim_stdlib`):
# Pyodide's own start, and every standard-library module imported, when imported, by what the
# page and the bot worker import (tools/pyodide_stdlib.mjs), without their comments (line
# numbers unchanged; 2.58 MB -> 0.73 MB). Codecs are looked up by name at
# run time (no import statement names them): the usual ones stay, and cp437, with which
# zipfile decodes the names in a zip.
STDLIB_KEEP = tuple(
    f"encodings.{codec}"
    for codec in (
        "ascii", "latin_1", "cp437", "utf_8", "utf_8_sig", "utf_16", "utf_16_be", "utf_16_le",
        "utf_32", "utf_32_be", "utf_32_le", "idna", "raw_unicode_escape", "unicode_escape",
    )
)


def vendor_dirs() -> dict[str, tuple[Path, tuple[str, ...]]]:
    """Destination folder under site/ -> (npm source folder, files)."""
    return {
        f"vendor/pyodide-{PYODIDE_VERSION}": (NODE_MODULES / "pyodide", PYODIDE_FILES),
        f"vendor/pyscript-{PYSCRIPT_VERSION}": (
            NODE_MODULES / "@pyscript" / "core" / "dist",
            PYSCRIPT_FILES,
        ),
    }


def check_npm_versions() -> None:
    """Fail early when node_modules/ is missing or holds other versions than pinned."""
    for name, version in (("pyodide", PYODIDE_VERSION), ("@pyscript/core", PYSCRIPT_VERSION)):
        manifest = NODE_MODULES / name / "package.json"
        if not manifest.is_file():
            raise SystemExit(f"{manifest} not found: run `npm ci` first")
        found = json.loads(manifest.read_text())["version"]
        if found != version:
            raise SystemExit(f"{name} {found} in node_modules, expected {version}: run `npm ci`")


ZOPFLI_ITERATIONS = 5  # ui.zip: 5 iterations 153 992 bytes in 1.6 s, 15: 153 936 in 2.6 s


def squeeze(data: bytes) -> bytes:
    """``data`` gzipped by zopfli: a standard gzip stream (mtime 0, reproducible) that any
    gunzip reads, ~5 % smaller than zlib's level 9 (ui.pack.gz 158.0 -> 150.4 KB)."""
    return bytes(zopfli.gzip.compress(data, numiterations=ZOPFLI_ITERATIONS))


def squeeze_png(data: bytes) -> bytes:
    """A PNG recompressed by zopflipng: the same pixels and palette, ~15 % fewer bytes."""
    return bytes(zopfli.png.optimize(data))


def add_file(archive: zipfile.ZipFile, name: str, data: bytes,
             date: tuple[int, int, int, int, int, int] = FIXED_DATE) -> None:
    """One deflated, world-readable entry with a fixed date (reproducible archives)."""
    info = zipfile.ZipInfo(name, date)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data, compresslevel=9)


PACK_MAGIC = b"SIPACK1\n"


def plain_name(name: str) -> bool:
    """A file name an archive may hold: relative, not climbing out, no tab or newline."""
    return bool(name) and not name.startswith("/") and ".." not in name.split("/") and not (
        "\t" in name or "\n" in name)


def pack(files: list[tuple[str, bytes]]) -> bytes:
    """Files as one archive, the page's own format (web/python-snapshot.mjs `unpackArchive`): a
    magic line, an index of ``name<TAB>size`` lines and an empty line, then the files' bytes
    one after the other, in the index's order. A stored zip's headers (a local one and a
    central one per file, with its CRC) cost ~4 KB more in ui.pack.gz, and nothing here
    needs them: the page checks the whole archive's integrity (the service worker's
    precache list)."""
    index = []
    for name, data in files:
        if not plain_name(name):
            raise SystemExit(f"{name!r}: not a plain relative file name for an archive")
        index.append(f"{name}\t{len(data)}\n")
    return PACK_MAGIC + "".join(index).encode("utf-8") + b"\n" + b"".join(d for _n, d in files)


def unpack(archive: bytes) -> dict[str, bytes]:
    """The files of a `pack` archive (gunzipped), in its order: {name: bytes}."""
    if not archive.startswith(PACK_MAGIC):
        raise ValueError("not an archive of this build")
    rest = archive[len(PACK_MAGIC):]
    head, sep, body = (b"", b"\n", rest[1:]) if rest[:1] == b"\n" else rest.partition(b"\n\n")
    if not sep:
        raise ValueError("archive index not terminated")
    files, at = {}, 0
    for line in head.decode("utf-8").split("\n") if head else []:
        name, size = line.split("\t")
        if not plain_name(name) or at + int(size) > len(body):
            raise ValueError(f"{name!r}: not a plain file of the archive")
        files[name] = body[at:at + int(size)]
        at += int(size)
    if at != len(body):
        raise ValueError("archive sizes do not add up")
    return files


def write_archive(source: Path, package: str, dest: Path, more: tuple[str, ...] = ()) -> None:
    """``source`` as ``package/...`` (and the staged packages `more` beside it) in one
    archive (`pack`; a fixed order), gzipped as a whole (zopfli, a fixed header:
    reproducible). Deflating each module on its own, as a zip does, misses what modules
    share (names, markup, imports): ~25 % more bytes. The sources come first, then the
    bytecode (`every_start`): bytecode between sources breaks gzip's 32 KB window of
    similar text (the UI's archive 148.2 -> 143.6 KB)."""
    entries = sorted(
        (path.suffix == ".pyc", f"{name}/{path.relative_to(folder).as_posix()}", path)
        for name, folder in ((package, source), *((m, source.parent / m) for m in more))
        for path in folder.rglob("*") if path.is_file())
    dest.write_bytes(squeeze(pack([(name, path.read_bytes()) for _pyc, name, path in entries])))


def strip_packages(staging: Path, packages: dict[str, Path]) -> Path:
    """Copy the packages into ``staging`` (without NOT_SHIPPED) and strip their sources of
    docstrings, comments and function annotations with the shipped Pyodide
    (tools/pyodide_compile.mjs --strip).
    Only modules: no bytecode caches, no type-checker markers."""

    def ignore(folder: str, names: list[str]) -> list[str]:
        return [n for n in names if n == "__pycache__" or (Path(folder, n).is_file()
                                                           and not n.endswith(".py"))]

    for name, source in packages.items():
        shutil.copytree(source, staging / name, ignore=ignore)
    for name, source in extra_modules().items():
        shutil.copyfile(source, staging / name)
    for name in NOT_SHIPPED:
        (staging / name).unlink()
    run_compiler(staging, ("--strip",))
    return staging


def every_start() -> list[str]:
    """Our modules that every start compiles: those the page imports that a Python snapshot
    cannot hold (they touch the browser when imported: the controller)."""
    ours, entries = app_python()
    roots = [name for name in ours if name.split(".")[0] in page_packages()]
    roots += pyimports.imports(entries["__main__"][0], "__main__", toplevel=True)
    used = pyimports.closure(roots, ours, toplevel=True)
    return sorted(used & pyimports.touches_browser({**ours, **entries}))


def add_bytecode(staging: Path, modules: list[str]) -> None:
    """These modules as sourceless bytecode (``name.pyc`` in place of the stripped
    ``name.py``; unchecked hash), compiled by the shipped Pyodide without optimization:
    every start imports them outside the snapshot, and a source would be compiled each time.
    Their sources are not shipped beside them (10.8 KB on the wire): a traceback names the
    file and the line (the stripped source keeps every line where it was in the repository)."""
    with tempfile.TemporaryDirectory() as tmp:
        for module in modules:
            path = Path(*module.split(".")).with_suffix(".py")
            (Path(tmp) / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(staging / path, Path(tmp) / path)
        run_compiler(Path(tmp), ("--optimize=0",))
        for module in modules:
            pyc = Path(*module.split(".")).with_suffix(".pyc")
            shutil.copyfile(Path(tmp) / pyc, staging / pyc)
            (staging / pyc.with_suffix(".py")).unlink()


def games() -> list[Any]:
    """The registered games (web/game_plugins/: `game_shell.registry.plugins`), home first."""
    for path in (str(ROOT / "engine"), str(WEB)):
        if path not in sys.path:
            sys.path.insert(0, path)
    import importlib.util

    from game_shell import registry

    found = list(registry.plugins())
    for folder in EXTRA_GAMES:
        spec = importlib.util.spec_from_file_location(
            f"game_plugins.{folder.name}", folder / "registration.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found.append(module.PLUGIN)
    return sorted(found, key=lambda p: (p.order, p.name))


def extra_modules() -> dict[str, Path]:
    """The extra games' registrations, as shipped modules (``game_plugins/<name>.py``)."""
    return {f"game_plugins/{folder.name}.py": folder / "registration.py" for folder in EXTRA_GAMES}


def home_game() -> Any:
    home = games()[0]
    if not home.home or len(home.packages) != 2:
        raise SystemExit(f"{home.name}: the home game ships as (engine, UI) without an archive")
    return home


def page_packages() -> tuple[str, ...]:
    """The packages of the page's own UI archive (every start imports from them)."""
    return (home_game().packages[1], *SHELL_PACKAGES)


def package_dirs() -> dict[str, Path]:
    """Every shipped package and its folder (engine/ or web/)."""
    names = [KIT, *SHELL_PACKAGES, *(p for g in games() for p in g.packages)]
    places = [ROOT / "engine", WEB, *EXTRA_GAMES]
    return {n: next((d / n for d in places if (d / n).is_dir()), WEB / n) for n in names}


def archive_packages() -> dict[str, tuple[str, ...]]:
    """Each archive's packages, the first the archive's own (the others ship inside it)."""
    engine, ui = home_game().packages
    out = {ENGINE_ARCHIVE: (engine, KIT), UI_ARCHIVE: (ui, *SHELL_PACKAGES)}
    for g in games()[1:]:
        if g.archive is None:
            raise SystemExit(f"{g.name}: only the home game ships without an archive")
        out[g.archive] = tuple(g.packages)
    return out


def archive_names() -> tuple[str, ...]:
    """Every archive the build writes: the games' (`archive_packages`) and Master's."""
    return (*archive_packages(), LEARNED_ARCHIVE)


def master_model() -> str:
    """The file name of the model Master plays with (under tools/learn/models/)."""
    sys.path.insert(0, str(ROOT / "engine"))
    try:
        from small_islands.bots import MASTER
        from small_islands.bots.learned import LEVELS
    finally:
        sys.path.remove(str(ROOT / "engine"))
    return LEVELS[MASTER].model


def write_archives(out: Path) -> None:
    """Every archive (`archive_names`) in ``out``: stripped sources, and bytecode for what
    every start compiles (`every_start`); Master's modules and model in their own."""
    with tempfile.TemporaryDirectory() as tmp:
        staged = strip_packages(Path(tmp) / "staged", package_dirs())
        add_bytecode(staged, every_start())
        learned = Path(tmp) / "learned"
        for name in LEARNED_MODULES:
            (learned / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.move(staged / name, learned / name)
        model = master_model()
        (learned / "small_islands/bots/models").mkdir()
        shutil.copyfile(LEARNED_MODELS / model, learned / "small_islands/bots/models" / model)
        for name, (first, *rest) in archive_packages().items():
            write_archive(staged / first, first, out / name, tuple(rest))
        write_archive(learned / "small_islands", "small_islands", out / LEARNED_ARCHIVE)


_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_CSS_SPACE = re.compile(r"\s+")
_CSS_AROUND = re.compile(r"\s*([{};])\s*")
# JS: only comments that fill their lines (a block comment or a // line from the line's
# start), never one after code on a line (it could be inside a string or a regex)
_JS_BLOCK = re.compile(r"^[ \t]*/\*.*?\*/[ \t]*\n", re.S | re.M)
_JS_LINE = re.compile(r"^[ \t]*//.*\n", re.M)
_BLANK = re.compile(r"\n[ \t]*(?=\n)")


def lean_css(text: str) -> str:
    """A style sheet without its comments, its runs of white space one space, none around
    braces and semicolons (selectors keep theirs: ``.a :focus`` is not ``.a:focus``)."""
    text = _CSS_SPACE.sub(" ", _CSS_COMMENT.sub("", text))
    return _CSS_AROUND.sub(r"\1", text).strip() + "\n"


def lean_js(text: str) -> str:
    """A script without the comments that fill whole lines, nor blank lines (its code as
    written, line for line otherwise)."""
    return _BLANK.sub("", _JS_LINE.sub("", _JS_BLOCK.sub("", text))).lstrip("\n")


def lean(path: Path) -> bytes:
    """A static file as the site serves it: style sheets and scripts without their comments
    (`lean_css`, `lean_js`; ~10 KB fewer on the wire), anything else as it is."""
    if path.suffix == ".css":
        return lean_css(path.read_text()).encode()
    if path.suffix in (".js", ".mjs"):
        return lean_js(path.read_text()).encode()
    return path.read_bytes()


def copy_static(out: Path) -> None:
    """Copy web/'s top-level static files (scripts and style sheets `lean`), web/icons/,
    and the root manifest (the sounds are made in the page: `game_shell.synth`)."""
    for path in sorted(WEB.iterdir()):
        if path.is_file() and path.suffix in STATIC_SUFFIXES:
            (out / path.name).write_bytes(lean(path))
    icons = out / "icons"
    icons.mkdir()
    for path in sorted((WEB / "icons").glob("*.png")):
        (icons / path.name).write_bytes(squeeze_png(path.read_bytes()))
    shutil.copyfile(ROOT / "manifest.json", out / "manifest.json")


def check_pyodide_paths() -> None:
    """The bot worker, the early boot module and the page name Pyodide's files by literal
    paths: they must match the vendored version."""
    want = f"./vendor/pyodide-{PYODIDE_VERSION}/"
    scripts = (BOT_WORKER, PYODIDE_BOOT, PYTHON_SNAPSHOT, "index.html")
    for script in (WEB / name for name in scripts):
        if script.is_file() and want not in script.read_text():
            raise SystemExit(f"{script}: its Pyodide paths must start with {want}")
    pycache = f"./vendor/pyscript-{PYSCRIPT_VERSION}/{PYSCRIPT_PYCACHE}"
    pycache = f'"{pycache}": "python"'
    if pycache not in (WEB / PYTHON_SNAPSHOT).read_text():
        raise SystemExit(f"web/{PYTHON_SNAPSHOT}: FILES must unpack {pycache}")
    for archive in (ENGINE_ARCHIVE, UI_ARCHIVE):
        if f'"./{archive}": "python"' not in (WEB / PYTHON_SNAPSHOT).read_text():
            raise SystemExit(f"web/{PYTHON_SNAPSHOT}: FILES must unpack {archive}")


def copy_vendor(out: Path) -> None:
    for dest, (source, names) in vendor_dirs().items():
        (out / dest).mkdir(parents=True)
        for name in names:
            shutil.copyfile(source / name, out / dest / name)


def vendor(out: Path) -> list[str]:
    """Pyodide's and PyScript's files under ``out/vendor/``: the standard library and the
    package index trimmed to what the app uses, with the bytecode that spares a start
    compiling what it imports (`precompile_stdlib`, STDLIB_BYTECODE) and PyScript's `pyscript`
    package. Returns the modules a Python snapshot imports (`snapshot_modules`): the bytecode
    replaces sources, never a module, so the list is the same before and after it."""
    copy_vendor(out)
    trim_lockfile(out / f"vendor/pyodide-{PYODIDE_VERSION}/pyodide-lock.json")
    stdlib_zip = out / f"vendor/pyodide-{PYODIDE_VERSION}/python_stdlib.zip"
    with tempfile.TemporaryDirectory() as tmp:
        from_zip = trim_stdlib(stdlib_zip, Path(tmp) / "trim")
        add_stdlib_bytecode(stdlib_zip, Path(tmp) / "stdlib")
        ours = app_python()[0]
        snapshot = snapshot_modules(stdlib_modules(stdlib_zip))
        page = {m for m in snapshot if m not in ours}
        precompile_stdlib(stdlib_zip, Path(tmp) / "started", from_zip | page)
        write_pyscript_pycache(out / f"vendor/pyscript-{PYSCRIPT_VERSION}/{PYSCRIPT_PYCACHE}",
                               Path(tmp) / "pyscript")
    return snapshot


def run_compiler(directory: Path, flags: tuple[str, ...] = (), keep: tuple[str, ...] = ()) -> None:
    """Compile the .py files under ``directory`` with the shipped Pyodide (see the script)."""
    subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_compile.mjs"), *flags, str(directory), *keep],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def browser_modules() -> set[str]:
    """Our modules the page or the bot worker may import (also from inside functions): the
    whole UI package and what it, main.py and the bot worker's code import, transitively."""
    ours, entries = app_python()
    ui = {p for g in games() for p in g.packages[1:]} | set(SHELL_PACKAGES)
    roots: set[str] = {name for name in ours if name.split(".")[0] in ui}
    roots |= {g.worker.partition(":")[0] for g in games() if g.worker}
    roots |= {g.entry for g in games()}
    for name in ("__main__", "__bot_worker__"):
        roots |= pyimports.imports(entries[name][0], name)
    return pyimports.closure(roots, ours)


def stdlib_roots() -> list[str]:
    """What the app's Python may import: every import (also inside functions) of
    `browser_modules`, of main.py, of the bot worker's code and of PyScript's package; plus
    STDLIB_KEEP."""
    ours, entries = app_python()
    sources = {**ours, **entries}
    found: set[str] = set(STDLIB_KEEP)
    for name in browser_modules() | set(entries):
        found |= pyimports.imports(sources[name][0], name, sources[name][1])
    return sorted(found)


def stdlib_keep(staging: Path) -> tuple[set[str], set[str]]:
    """The standard-library modules to ship, their sources (comments cut) written into
    ``staging`` (tools/pyodide_stdlib.mjs, under Pyodide), and the modules a bare Pyodide
    start has read from the zip (not those Python holds frozen)."""
    roots_file = staging / "roots.json"
    sources = staging / "sources"
    sources.mkdir(parents=True)
    roots_file.write_text(json.dumps(stdlib_roots()))
    out = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_stdlib.mjs"), str(roots_file), str(sources)],
        check=True,
        capture_output=True,
        text=True,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return set(result["modules"]), set(result["from_zip"])


def trim_stdlib(stdlib_zip: Path, staging: Path) -> set[str]:
    """Rewrite python_stdlib.zip with only the modules of `stdlib_keep` (their sources
    without comments, and the folders of their packages), each under its name and date;
    return the modules a bare Pyodide start reads from the zip."""
    keep, bootstrap = stdlib_keep(staging)
    with zipfile.ZipFile(stdlib_zip) as original:
        infos = original.infolist()
    packages = {m.replace(".", "/") + "/" for m in keep}
    kept = [
        info
        for info in infos
        if (info.filename.endswith(".py") and pyimports.module_name(info.filename)[0] in keep)
        or info.filename in packages
    ]
    shipped = {pyimports.module_name(i.filename)[0] for i in kept if i.filename.endswith(".py")}
    if missing := keep - shipped:
        raise SystemExit(f"python_stdlib.zip: no source for {sorted(missing)}")
    with zipfile.ZipFile(stdlib_zip, "w") as archive:
        for info in kept:
            path = staging / "sources" / info.filename
            archive.writestr(info, b"" if info.is_dir() else path.read_bytes())
    return bootstrap


def trim_lockfile(lockfile: Path) -> None:
    """Keep pyodide-lock.json's `info` only: the app loads no package, so the index of
    Pyodide's 357 packages (26 KB gzip on every first visit) is not needed."""
    lock = json.loads(lockfile.read_text(encoding="utf-8"))
    lockfile.write_text(json.dumps({"info": lock["info"], "packages": {}}, indent=1) + "\n")


def compile_stdlib(stdlib_zip: Path, staging: Path, names: list[str], optimize: int,
                   ) -> tuple[list[zipfile.ZipInfo], dict[str, bytes], dict[str, bytes]]:
    """python_stdlib.zip's entries (infos, {name: bytes}) and the bytecode of its sources
    ``names``, {name.py: .pyc bytes}, compiled by the shipped Python at ``optimize``."""
    with zipfile.ZipFile(stdlib_zip) as original:
        infos = original.infolist()
        entries = {info.filename: original.read(info) for info in infos}
    for name in names:
        (staging / name).parent.mkdir(parents=True, exist_ok=True)
        (staging / name).write_bytes(entries[name])
    run_compiler(staging, (f"--optimize={optimize}",))
    return infos, entries, {n: (staging / n).with_suffix(".pyc").read_bytes() for n in names}


def rewrite_stdlib(stdlib_zip: Path, infos: list[zipfile.ZipInfo], entries: dict[str, bytes],
                   beside: dict[str, bytes] | None = None,
                   instead: dict[str, bytes] | None = None) -> None:
    """Write python_stdlib.zip again: every entry as it was (name, bytes, date), except the
    sources in ``instead``, replaced by their ``.pyc`` (same place and date); the ``.pyc`` of
    the sources in ``beside`` follow at the end, dated as their sources."""
    beside, instead = beside or {}, instead or {}
    dates = {info.filename: info.date_time for info in infos}
    with zipfile.ZipFile(stdlib_zip, "w") as archive:
        for info in infos:
            if info.filename in instead:
                add_file(archive, info.filename[:-3] + ".pyc", instead[info.filename],
                         info.date_time)
            else:
                archive.writestr(info, entries[info.filename])
        for name, pyc in beside.items():
            add_file(archive, name[:-3] + ".pyc", pyc, dates[name])


def add_stdlib_bytecode(stdlib_zip: Path, staging: Path) -> None:
    """Rewrite the vendored python_stdlib.zip with STDLIB_BYTECODE's modules also as .pyc.

    Every original entry is kept as it is (same name, bytes and date); each listed module
    gains ``name.pyc`` beside its ``name.py``, compiled without optimization so it behaves
    exactly as its source.
    """
    with zipfile.ZipFile(stdlib_zip) as original:
        present = set(original.namelist())
    for name in STDLIB_BYTECODE:
        if name not in present or name[:-3] + ".pyc" in present:
            raise SystemExit(f"python_stdlib.zip: expected {name} as source only")
    infos, entries, compiled = compile_stdlib(stdlib_zip, staging, list(STDLIB_BYTECODE), 0)
    rewrite_stdlib(stdlib_zip, infos, entries, beside=compiled)


def precompile_stdlib(stdlib_zip: Path, staging: Path, started: set[str]) -> None:
    """Rewrite python_stdlib.zip with the modules of ``started`` that pay most (see
    STDLIB_BYTECODE_BUDGET) as sourceless bytecode: ``name.pyc`` in place of ``name.py``,
    same date and place."""
    with zipfile.ZipFile(stdlib_zip) as original:
        sizes = {info.filename: info.compress_size for info in original.infolist()}
    candidates = [
        name for name in sizes
        if name.endswith(".py") and pyimports.module_name(name)[0] in started
        and name not in STDLIB_BYTECODE and name.split("/")[0] not in ("_pyodide", "pyodide")
    ]
    infos, entries, compiled = compile_stdlib(stdlib_zip, staging, candidates, 2)
    scored = []
    for name in candidates:
        extra = max(1, len(zlib.compress(compiled[name], 9)) - 6 - sizes[name])
        scored.append((-sizes[name] / extra, name, extra))
    chosen: dict[str, bytes] = {}
    spent = 0
    for _, name, extra in sorted(scored):
        if spent + extra <= STDLIB_BYTECODE_BUDGET:
            chosen[name] = compiled[name]
            spent += extra
    rewrite_stdlib(stdlib_zip, infos, entries, instead=chosen)


def pyscript_sources(chunk: Path) -> dict[str, str]:
    """PyScript's `pyscript` package, {file name: source}, as embedded in its core chunk."""
    text = chunk.read_text(encoding="utf-8")
    marker = '{pyscript:{"__init__.py":'
    if text.count(marker) != 1:
        raise SystemExit(f"{chunk.name}: the embedded `pyscript` package was not found")
    start = text.index(marker) + len("{pyscript:")
    found, _ = json.JSONDecoder().raw_decode(text, start)
    files = {k: v for k, v in found.items() if k.endswith(".py") and isinstance(v, str)}
    if files.keys() != found.keys():
        raise SystemExit(f"{chunk.name}: unexpected layout of the embedded `pyscript` package")
    return files


def write_pyscript_pycache(dest: Path, staging: Path) -> None:
    """The bytecode of PyScript's `pyscript` package, ``pyscript/__pycache__/*.pyc``, in a
    `pack` archive gzipped as a whole (unpacked into Python's working directory)."""
    package = staging / "pyscript"
    package.mkdir(parents=True)
    chunk = NODE_MODULES / "@pyscript" / "core" / "dist" / PYSCRIPT_CORE_CHUNK
    for name, source in pyscript_sources(chunk).items():
        (package / name).write_text(source, encoding="utf-8")
    run_compiler(staging, ("--optimize=0", "--pycache"))
    for module in package.glob("*.py"):
        module.unlink()  # PyScript writes its sources itself
    # As our archives are (`pack`, gzipped): the page unpacks it in JS with them, at every
    # start (Python's zipfile took ~10 ms of each start for it).
    write_archive(package, "pyscript", dest)


def worker_python() -> str:
    """The Python code the bot worker runs (the `PYTHON` template literal of bot-worker.js)."""
    text = (WEB / BOT_WORKER).read_text(encoding="utf-8")
    found = re.search(r"const PYTHON = `(.*?)`;", text, re.S)
    if not found:
        raise SystemExit(f"web/{BOT_WORKER}: `const PYTHON = `...`;` not found")
    return found.group(1)


def stdlib_modules(stdlib_zip: Path) -> set[str]:
    """The module names of a python_stdlib.zip."""
    with zipfile.ZipFile(stdlib_zip) as archive:
        names = archive.namelist()
    sources = {n.removesuffix("c") for n in names if n.endswith((".py", ".pyc"))}  # .pyc: -OO
    return {pyimports.module_name(n)[0] for n in sources}


def app_python() -> tuple[dict[str, tuple[str, bool]], dict[str, tuple[str, bool]]]:
    """(our packages' modules, the entry points' code) as {name: (source, is_package)}: the
    entry points are main.py, the bot worker's Python and PyScript's `pyscript` package."""
    ours: dict[str, tuple[str, bool]] = {}
    for name, folder in package_dirs().items():
        ours.update(pyimports.package_sources(folder, name))
    for name, path in extra_modules().items():
        ours[pyimports.module_name(name)[0]] = (path.read_text(encoding="utf-8"), False)
    chunk = NODE_MODULES / "@pyscript" / "core" / "dist" / PYSCRIPT_CORE_CHUNK
    entries = {
        "__main__": ((WEB / "main.py").read_text(encoding="utf-8"), False),
        "__bot_worker__": (worker_python(), False),
        **{
            pyimports.module_name(f"pyscript/{name}")[0]: (text, name == "__init__.py")
            for name, text in pyscript_sources(chunk).items()
        },
    }
    return ours, entries


def snapshot_modules(stdlib: set[str]) -> list[str]:
    """The modules a Python memory snapshot imports (see web/python-snapshot.mjs): every
    module of ours that the page imports when it starts (the whole UI package, and what it
    and main.py import when imported), except those that touch the browser (their JS objects
    cannot be stored), then the standard-library modules that these and PyScript's package
    import when imported. New or renamed UI modules are found by themselves; the bot worker
    imports the computer players after a restore."""
    ours, entries = app_python()
    sources = {**ours, **entries}
    roots = [name for name in ours if name.split(".")[0] in page_packages()]
    roots += pyimports.imports(entries["__main__"][0], "__main__", toplevel=True)
    used = pyimports.closure(roots, ours, toplevel=True)
    browser = pyimports.touches_browser(sources)
    pyscript = {name for name in entries if name.split(".")[0] == "pyscript"}
    imported: set[str] = set()
    for name in sorted(used | pyscript | {"__main__"}):
        text, is_package = sources[name]
        imported |= pyimports.imports(text, name, is_package, toplevel=True)
    std = pyimports.resolve(imported, stdlib)
    std = {m for m in std if m.split(".")[0] not in pyimports.BROWSER}
    mine = used - browser
    home = home_game()
    if not any(m.startswith(home.packages[1] + ".") for m in mine) or home.packages[0] not in mine:
        raise SystemExit(f"snapshot modules: the engine or the UI is missing from {sorted(mine)}")
    return sorted(std) + sorted(mine)


def pyodide_build_id() -> str:
    """Pyodide's build id (its snapshots carry it; a snapshot of another build is refused)."""
    text = (NODE_MODULES / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")
    found: list[str] = re.findall(r'BUILD_ID:"([0-9a-f]{64})"', text)
    if len(found) != 1:
        raise SystemExit("node_modules/pyodide/pyodide.mjs: BUILD_ID not found")
    return found[0]


def files_digest(out: Path, skip: tuple[str, ...]) -> str:
    """SHA-256 over every file of ``out`` (names and contents) except ``skip``."""
    digest = hashlib.sha256()
    for name in site_files(out):
        if name not in skip:
            content = hashlib.sha256((out / name).read_bytes()).digest()
            digest.update(name.encode() + b"\0" + content)
    return digest.hexdigest()


def build_tag(out: Path) -> str:
    """This build's content hash (every file but the service worker, placeholders unfilled)."""
    return files_digest(out, ("service-worker.js",))[:16]


def write_snapshot_config(out: Path, modules: list[str], tag: str | None = None) -> str:
    """Fill in python-snapshot.mjs: its key (the build's content hash and Pyodide's build
    id: a new deploy never restores an old snapshot) and the modules to import; return the
    key."""
    path = out / PYTHON_SNAPSHOT
    source = path.read_text(encoding="utf-8")
    for placeholder in ('"__SI_SNAPSHOT_KEY__"', '["__SI_SNAPSHOT_MODULES__"]'):
        if source.count(placeholder) != 1:
            raise SystemExit(f"{PYTHON_SNAPSHOT}: placeholder {placeholder} missing")
    key = f"{tag or build_tag(out)}-{pyodide_build_id()[:16]}"
    source = source.replace('"__SI_SNAPSHOT_KEY__"', json.dumps(key))
    source = source.replace('["__SI_SNAPSHOT_MODULES__"]', json.dumps(modules))
    path.write_text(source, encoding="utf-8")
    return key


class _Markup(html.parser.HTMLParser):
    """What the CSP would block in markup: inline scripts, styles and event handlers."""

    def __init__(self) -> None:
        super().__init__()
        self.blocked: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.blocked.append(f"<{tag}>")
        self.blocked += [f"{tag} {name}=" for name, _ in attrs if name == "style"
                         or name.startswith("on")]


def start_screen() -> str:
    """The start screen a newcomer sees, rendered by the UI's pure modules as the browser's
    Python renders it (an empty storage: no saved game, the default new-game form)."""
    for folder in (str(ROOT / "engine"), str(WEB)):
        if folder not in sys.path:
            sys.path.insert(0, folder)
    home = home_game()
    if home.first_screen is None:
        raise SystemExit(f"{home.name}: the home game names its start screen (first_screen)")
    module, function = home.first_screen.split(":")
    markup = str(getattr(importlib.import_module(module), function)())
    checker = _Markup()
    checker.feed(markup)
    if checker.blocked:
        raise SystemExit(f"the start screen's markup needs what the CSP blocks: {checker.blocked}")
    return markup


@dataclass(frozen=True)
class FirstWords:
    """A language's first paint: its start screen and the loading indicator's words."""

    screen: str
    loading: str
    waiting: str


def start_screens() -> dict[str, FirstWords]:
    """{language: its first paint} for every language of the app (English first: its screen
    is #app's; first-paint.js shows another one's on a device in that language, before
    Python runs), each from the repository's catalogue as the page would read it."""
    start_screen()  # the UI's modules importable
    from game_shell import i18n

    found = {}
    for lang, _name in i18n.LANGUAGES:
        mo = None
        if lang != i18n.DEFAULT:
            mo = catalogues.compile_mo(catalogues.read_po(catalogues.po_files()[lang]))
            i18n.Catalogue(io.BytesIO(mo))
        i18n.install(lang, mo)
        try:
            found[lang] = FirstWords(start_screen(), i18n._(i18n.LOADING), i18n._(i18n.WAITING))
        finally:
            i18n.install(i18n.DEFAULT)
    return found


def other_languages(found: dict[str, FirstWords]) -> str:
    """A <template> per language but English: its start screen, its loading words (on
    data-loading, data-waiting: first-paint.js puts them in the indicator)."""
    from game_shell import i18n

    return "".join(
        f'<template id="start-{lang}" lang="{lang}" data-start '
        f'data-loading="{html.escape(words.loading, quote=True)}" '
        f'data-waiting="{html.escape(words.waiting, quote=True)}">{words.screen}</template>'
        for lang, words in found.items() if lang != i18n.DEFAULT)


def main_py() -> str:
    """web/main.py, to be inlined in index.html's <script type="py"> (PyScript would otherwise
    fetch it only once Python is ready: a round trip on the critical path)."""
    code = (WEB / "main.py").read_text(encoding="utf-8")
    if "</" in code or "<!--" in code:
        raise SystemExit("web/main.py: cannot be inlined in a <script> element")
    return code


def games_attr() -> str:
    """What first-paint.js knows of the registered games, home first, as JSON: each one's
    name, the names an older build gave it (a tab's active game) and its save's key (the
    loading screen shows instead of the home game's start screen when it is saved). It paints
    a stored picture only of the game the tab will show (`game_shell.host.wanted`)."""
    found = [{"name": g.name, "aliases": sorted(g.aliases), "save": g.key("save")}
             for g in games()]
    return json.dumps(found, separators=(",", ":"))


def game_styles(out: Path) -> str:
    """A <link> for each game's stylesheets (`GamePlugin.styles`, files of the site)."""
    links = []
    for g in games():
        for name in g.styles:
            if not (out / name).is_file():
                raise SystemExit(f"{g.name}: its stylesheet {name} is not in the site")
            links.append(f'<link rel="stylesheet" href="./{html.escape(name)}">')
    return "".join(links)


def write_index(out: Path, tag: str) -> None:
    """index.html with the start screen in #app, main.py in its <script type="py">, this
    build's tag on <html data-build> (first-paint.js paints a stored screen only if it was
    kept by this build), the games on <html data-games> (`games_attr`) and their
    stylesheets in the head."""
    path = out / "index.html"
    text = path.read_text(encoding="utf-8")
    for placeholder in (START_SCREEN, MAIN_PY, '"__SI_BUILD__"', GAMES_ATTR, GAME_STYLES,
                        START_SCREENS):
        if text.count(placeholder) != 1:
            raise SystemExit(f"index.html: placeholder {placeholder} missing")
    text = text.replace('"__SI_BUILD__"', json.dumps(tag)).replace(MAIN_PY, main_py())
    text = text.replace(GAMES_ATTR, '"' + html.escape(games_attr(), quote=True) + '"')
    text = text.replace(GAME_STYLES, game_styles(out))
    found = start_screens()
    text = text.replace(START_SCREENS, other_languages(found))
    path.write_text(text.replace(START_SCREEN, found["en"].screen), encoding="utf-8")


def site_files(out: Path) -> list[str]:
    """Every file under ``out`` as a sorted list of POSIX paths relative to it."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def integrity(data: bytes) -> str:
    """A Subresource Integrity string for ``data`` ("sha256-" and the digest in base64)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def catalogue_parts() -> dict[str, set[catalogues.Key]]:
    """Each game fetched on demand (every game but the home one) and the words that only its
    packages mark: its part of every catalogue, fetched with its code."""
    where = catalogues.marked(WEB)
    parts = {}
    for game in games()[1:]:
        own = set(game.packages)
        parts[game.name] = {key for key, places in where.items()
                            if all(place.split("/")[0] in own for place in places)}
    return parts


def write_catalogues(out: Path) -> list[str]:
    """Each language's catalogue (locale/<lang>/LC_MESSAGES/messages.po) compiled in parts
    (`catalogue_parts`): the words of each game fetched on demand to
    ``locale/<lang>/<game>.mo.gz``, the rest to ``locale/<lang>/messages.mo.gz``
    (`game_shell.i18n.catalogue_path`; gzipped; the page fetches the chosen language's only,
    a game's part with the game, and the service worker precaches them all); return the
    languages. Each part is read back with gettext, as the page reads it."""
    parts = catalogue_parts()  # (puts web/ on the path)
    from game_shell import i18n

    done = []
    for lang, po in catalogues.po_files().items():
        for game, entries in catalogues.split(catalogues.read_po(po), parts).items():
            data = catalogues.compile_mo(entries)
            i18n.Catalogue(io.BytesIO(data))  # raises on bytes gettext cannot read
            dest = out / i18n.catalogue_path(lang, game)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(squeeze(data))
        done.append(lang)
    return done


def write_service_worker(out: Path) -> str:
    """Inject the precache list ({URL: integrity of this build's bytes}: the worker refuses
    any other bytes, see service-worker.js) and a content-hash version; return the version."""
    files = [f for f in site_files(out) if f != "service-worker.js"]
    digest = hashlib.sha256()
    hashes: dict[str, str] = {}
    for name in files:
        data = (out / name).read_bytes()
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
        hashes[f"./{name}"] = integrity(data)
    source = (ROOT / "service-worker.js").read_text()
    digest.update(source.encode())
    version = digest.hexdigest()[:16]
    precache = {"./": hashes["./index.html"], **hashes}  # "./" is index.html
    for placeholder in ('"__SI_VERSION__"', PRECACHE_PLACEHOLDER):
        if source.count(placeholder) != 1:
            raise SystemExit(f"service-worker.js: placeholder {placeholder} missing")
    source = source.replace('"__SI_VERSION__"', json.dumps(version))
    source = source.replace(PRECACHE_PLACEHOLDER, json.dumps(precache, indent=2))
    (out / "service-worker.js").write_text(lean_js(source))
    return version


def build(out: Path) -> str:
    """Write the whole site into ``out`` (emptied first); return the service-worker version."""
    check_npm_versions()
    check_pyodide_paths()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_static(out)
    write_catalogues(out)
    write_archives(out)
    snapshot = vendor(out)
    tag = build_tag(out)
    write_snapshot_config(out, snapshot, tag)
    write_index(out, tag)
    return write_service_worker(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    parser.add_argument("--extra-game", type=Path, action="append", default=[],
                        help="a folder with a game's registration.py and packages (tests)")
    args = parser.parse_args(argv)
    EXTRA_GAMES[:] = [folder.resolve() for folder in args.extra_game]
    out = args.out.resolve()
    version = build(out)
    files = site_files(out)
    size = sum((out / f).stat().st_size for f in files)
    print(f"built {out} : {len(files)} files, {size / 1e6:.1f} MB, version {version}")


if __name__ == "__main__":
    main()
