// The standard-library modules the app can import, for the trimmed python_stdlib.zip that
// tools/build.py ships. Runs the shipped Pyodide (Python 3.14), so that its own `ast` and
// `tokenize` read its own standard library (newer syntax than the build's Python knows).
// Usage: node tools/pyodide_stdlib.mjs ROOTS.json OUT_DIR
//   ROOTS.json: a JSON list of module names the app's Python imports (tools/build.py).
// Finds the modules a bare Pyodide start has imported, and every module of
// python_stdlib.zip imported, when imported, by those, by the roots and by what they import
// (transitively; see tools/pyimports.py). Writes their sources into OUT_DIR (zip paths)
// without comments: each comment is cut from its line (and the spaces before it), the lines
// stay where they were (tracebacks keep their line numbers), encoding declarations stay.
// Prints JSON {"bootstrap": [...], "from_zip": [...], "modules": [...]}: "from_zip", those of
// "bootstrap" read from python_stdlib.zip (not frozen, not aliases of frozen modules).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const tools = dirname(fileURLToPath(import.meta.url));
const roots = JSON.parse(readFileSync(resolve(process.argv[2]), "utf8"));
const outDir = resolve(process.argv[3]);
const py = await loadPyodide();
// Taken first, before this script imports anything itself.
const bootstrap = py.runPython("import sys; sorted(sys.modules)").toJs();
const fromZip = py.runPython(`
import sys
sorted(m for m, mod in sys.modules.items()
       if str(getattr(getattr(mod, "__spec__", None), "origin", None) or "").startswith(
           f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"))
`).toJs();
for (const [dir, at] of [[tools, "/si/tools"], [outDir, "/out"]]) {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, at);
}
py.globals.set("roots", py.toPy(roots));
py.globals.set("bootstrap", py.toPy(bootstrap));
py.globals.set("from_zip", py.toPy(fromZip));
try {
  console.log(
    py.runPython(`
import io, json, os, re, sys, tokenize, zipfile
sys.path.insert(0, "/si")
sys.dont_write_bytecode = True
from tools import pyimports

CODING = re.compile(r"^[ \\t\\f]*#.*?coding[:=]")


def without_comments(source):
    lines = source.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.COMMENT:
            continue
        row, col = token.start
        line = lines[row - 1]
        if row <= 2 and CODING.match(line):
            continue
        rest = line[token.end[1]:]
        lines[row - 1] = line[:col].rstrip() + rest
    return "".join(lines)


archive = zipfile.ZipFile(f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip")
sources, files = {}, {}
for name in archive.namelist():
    if name.endswith(".py"):
        module, is_package = pyimports.module_name(name)
        sources[module] = (archive.read(name).decode("utf-8"), is_package)
        files[module] = name
found = pyimports.closure([*bootstrap, *roots], sources, toplevel=True)
for module in sorted(found):
    text = without_comments(sources[module][0])
    compile(text, files[module], "exec")
    path = "/out/" + files[module]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write(text)
json.dumps({"bootstrap": list(bootstrap), "from_zip": list(from_zip), "modules": sorted(found)})
`),
  );
} catch (error) {
  console.error(String(error)); // (not the error object: Node would print Pyodide's whole source)
  process.exit(1);
}
