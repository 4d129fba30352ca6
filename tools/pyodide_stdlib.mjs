// The standard-library modules the app can import, for the trimmed python_stdlib.zip that
// tools/build.py ships. Runs the shipped Pyodide (Python 3.14), so that its own `ast` reads
// its own standard library (newer syntax than the build's Python understands).
// Usage: node tools/pyodide_stdlib.mjs ROOTS.json
//   ROOTS.json: a JSON list of module names the app's Python imports (tools/build.py).
// Prints JSON {"bootstrap": [...], "modules": [...]}: the modules a bare Pyodide start has
// imported, and every module of python_stdlib.zip imported, when imported, by those, by the
// roots and by what they import (transitively; see tools/pyimports.py).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const tools = dirname(fileURLToPath(import.meta.url));
const roots = JSON.parse(readFileSync(resolve(process.argv[2]), "utf8"));
const py = await loadPyodide();
// Taken first, before this script imports anything itself.
const bootstrap = py.runPython("import sys; sorted(sys.modules)").toJs();
py.FS.mkdirTree("/si/tools");
py.FS.mount(py.FS.filesystems.NODEFS, { root: tools }, "/si/tools");
py.globals.set("roots", py.toPy(roots));
py.globals.set("bootstrap", py.toPy(bootstrap));
const out = py.runPython(`
import json, sys, zipfile
sys.path.insert(0, "/si")
sys.dont_write_bytecode = True
from tools import pyimports

archive = zipfile.ZipFile(f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip")
sources = {}
for name in archive.namelist():
    if name.endswith(".py"):
        module, is_package = pyimports.module_name(name)
        sources[module] = (archive.read(name).decode("utf-8"), is_package)
found = pyimports.closure([*bootstrap, *roots], sources, toplevel=True)
json.dumps({"bootstrap": list(bootstrap), "modules": sorted(found)})
`);
console.log(out);
