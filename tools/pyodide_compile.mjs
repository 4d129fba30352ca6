// Compile Python files to bytecode with the shipped Pyodide (Python 3.14), in Node.
// Usage: node tools/pyodide_compile.mjs [--optimize=N] [--pycache] DIR [KEEP_SOURCE_DIR ...]
//
// Default (our packages): every .py under DIR becomes a sourceless module.pyc beside it
// (optimize 2: docstrings and asserts stripped; unchecked hash) and the .py is removed --
// except under the KEEP_SOURCE_DIRs (relative to DIR), which stay as source. The browser
// then imports the engine and the UI without compiling them at every start, and the
// bytecode is smaller than __pycache__ files shipped next to the sources would be.
//
// --optimize=N: the optimization level (0 keeps docstrings and asserts: used for Python's
// and PyScript's own modules, so that they behave exactly as their sources).
// --pycache: write __pycache__/module.cpython-314.pyc (unchecked hash) and keep the .py:
// for sources that someone else writes at runtime (PyScript's `pyscript` package).
//
// The bytecode carries line numbers but not column ranges (PYTHONNODEBUGRANGES): a
// traceback then lacks its ^^^ markers, and the zips are ~35 % smaller.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { resolve } from "node:path";

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith("--"));
const [dirArg, ...keepArgs] = args.filter((a) => !a.startsWith("--"));
let optimize = 2;
let pycache = false;
for (const flag of flags) {
  if (/^--optimize=[0-2]$/.test(flag)) optimize = Number(flag.split("=")[1]);
  else if (flag === "--pycache") pycache = true;
  else throw new Error(`unknown option ${flag}`);
}
const dir = resolve(dirArg);
const options = JSON.stringify({ keep: keepArgs, optimize, pycache });
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/pkg");
py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, "/pkg");
py.runPython(`
import importlib.util, json, py_compile
from pathlib import Path

options = json.loads(${JSON.stringify(options)})
keep = [Path("/pkg", k) for k in options["keep"]]
for source in sorted(Path("/pkg").rglob("*.py")):
    if any(k in source.parents for k in keep):
        continue
    if options["pycache"]:
        target = importlib.util.cache_from_source(str(source))
    else:
        target = str(source.with_suffix(".pyc"))
    py_compile.compile(
        str(source), cfile=target, doraise=True, optimize=options["optimize"],
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    if not options["pycache"]:
        source.unlink()
`);
console.log(`compiled ${dir} with Python ${py.runPython("import sys; sys.version.split()[0]")}`);
