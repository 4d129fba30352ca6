// Compile Python packages to bytecode with the shipped Pyodide (Python 3.14), in Node.
// Usage: node tools/pyodide_compile.mjs DIR [KEEP_SOURCE_DIR ...]
// Every .py under DIR becomes a sourceless module.pyc beside it (docstrings and asserts
// stripped, unchecked hash) and the .py is removed -- except under the KEEP_SOURCE_DIRs
// (relative to DIR), which stay as source. The browser then imports the engine and the UI
// without compiling them at every start, and the bytecode is smaller than __pycache__ files
// shipped next to the sources would be.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { resolve } from "node:path";

const dir = resolve(process.argv[2]);
const keep = JSON.stringify(process.argv.slice(3));
const py = await loadPyodide();
py.FS.mkdirTree("/pkg");
py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, "/pkg");
py.runPython(`
import json, os, py_compile
from pathlib import Path

keep = [Path("/pkg", k) for k in json.loads(${JSON.stringify(keep)})]
for source in sorted(Path("/pkg").rglob("*.py")):
    if any(k in source.parents for k in keep):
        continue
    py_compile.compile(
        str(source), cfile=str(source.with_suffix(".pyc")), doraise=True, optimize=2,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    source.unlink()
`);
console.log(`compiled ${dir} with Python ${py.runPython("import sys; sys.version.split()[0]")}`);
