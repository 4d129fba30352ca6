// Compile Python packages to bytecode with the shipped Pyodide (Python 3.14), in Node.
// Usage: node tools/pyodide_compile.mjs DIR — writes __pycache__/*.cpython-314.pyc next to
// every .py under DIR (unchecked-hash pycs: used as they are, whatever the file times after
// unpacking). The browser then skips compiling the engine and the UI at every start.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { resolve } from "node:path";

const dir = resolve(process.argv[2]);
const py = await loadPyodide();
py.FS.mkdirTree("/pkg");
py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, "/pkg");
const ok = py.runPython(`
import compileall, py_compile, sys
compileall.compile_dir(
    "/pkg", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH
)
`);
if (ok === false) process.exit(1);
console.log(`compiled ${dir} with Python ${py.runPython("import sys; sys.version.split()[0]")}`);
