// Runs Python code against the engine under the shipped Pyodide (Python 3.14) in Node.
// Usage: node tools/pyodide_check.mjs FILE.py  — FILE runs with engine/ on sys.path;
// its stdout is printed; a Python exception exits non-zero.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const script = readFileSync(resolve(process.argv[2]), "utf8");
const py = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
py.FS.mkdirTree("/engine");
py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(root, "engine") }, "/engine");
try {
  py.runPython("import sys; sys.path.insert(0, '/engine'); sys.dont_write_bytecode = True");
  py.runPython(script);
} catch (err) {
  console.error(String(err));
  process.exit(1);
}
