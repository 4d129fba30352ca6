// Starts Pyodide as soon as the page parses, in parallel with PyScript's own start-up.
//
// index.html loads this module first; pyscript.json names it as PyScript's interpreter.
// ES modules are singletons per URL, so when PyScript later imports it and calls
// `loadPyodide(options)`, it gets the interpreter that has been starting since the first
// few milliseconds (PyScript would otherwise fetch its config and plugins first and only
// then begin the 10 MB WebAssembly compile). PyScript's stdout/stderr handlers are attached
// when it asks; Python prints nothing before that. Everything else stays PyScript's.

import { loadPyodide as startPyodide, version } from "./vendor/pyodide-314.0.7/pyodide.mjs";

const indexURL = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;
const early = startPyodide({ indexURL });
// The mark lets bench/startup.py split a start into Pyodide's part and the app's part.
// A failure is reported once, by PyScript when it asks (not also as an unhandled rejection).
early.then(() => performance.mark("pyodide-ready"), () => {});

/** PyScript's entry point: the early interpreter, with PyScript's output handlers. */
export async function loadPyodide(options = {}) {
  const pyodide = await early;
  if (typeof options.stdout === "function") pyodide.setStdout({ batched: options.stdout });
  if (typeof options.stderr === "function") pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

export { version };
