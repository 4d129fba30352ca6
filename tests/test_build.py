"""The build's bytecode for Python's `html` and PyScript's `pyscript` package is what the
browser's Python really loads (checked under the shipped Pyodide in Node)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools import build  # noqa: E402

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
import importlib._bootstrap_external as ext, importlib.util, json, os, sys, zipfile
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
}
sources = json.load(open("/out/sources.json"))
os.makedirs("pyscript/__pycache__", exist_ok=True)
for name, text in sources.items():
    open("pyscript/" + name, "w").write(text)
zipfile.ZipFile("/out/pycache.zip").extractall("pyscript/__pycache__")
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
    """A folder with the build's vendor/ (Pyodide, PyScript and the added bytecode)."""
    out = tmp_path_factory.mktemp("built")
    build.vendor(out)
    return out


def test_vendored_bytecode_is_loaded_by_pyodide(vendored: Path, tmp_path: Path) -> None:
    index = vendored / f"vendor/pyodide-{build.PYODIDE_VERSION}"
    pyscript_dir = vendored / f"vendor/pyscript-{build.PYSCRIPT_VERSION}"
    chunk = pyscript_dir / build.PYSCRIPT_CORE_CHUNK
    sources = build.pyscript_sources(chunk)
    (tmp_path / "sources.json").write_text(json.dumps(sources))
    shutil.copyfile(pyscript_dir / build.PYSCRIPT_PYCACHE, tmp_path / "pycache.zip")
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
    # Every module of PyScript's package came from the build's bytecode: nothing compiled.
    assert checks["compiled"] == []
    assert set(checks["codes"]) == set(sources) and all(checks["codes"].values())


def test_stdlib_zip_keeps_every_original_entry(vendored: Path) -> None:
    built = zipfile.ZipFile(vendored / f"vendor/pyodide-{build.PYODIDE_VERSION}/python_stdlib.zip")
    original = zipfile.ZipFile(build.NODE_MODULES / "pyodide" / "python_stdlib.zip")
    added = set(built.namelist()) - set(original.namelist())
    assert added == {name[:-3] + ".pyc" for name in build.STDLIB_BYTECODE}
    for info in original.infolist():
        assert built.read(info.filename) == original.read(info.filename)
        assert built.getinfo(info.filename).date_time == info.date_time
    for name in added:
        header = built.read(name)[:16]
        assert int.from_bytes(header[4:8], "little") == 0b01  # hash-based, unchecked


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
