// Small Islands computer players, off the main thread (a same-origin module worker).
//
// It loads the vendored Pyodide itself, unpacks engine.zip, and answers one request at a
// time. Request (postMessage): {id, request} where `request` is a JSON string
//   {"kind": "bot", "view": {...}, "legal": [action JSON, ...], "level": "hard",
//    "seed": 123, "budget": 0.25}
//   {"kind": "suggest", "view": {...}, "legal": [...]}
// Reply: {id, ok: true, result: JSON string {"action": {...}, "reason"?: "..."}, ms}
//    or  {id, ok: false, error: "..."}; {type: "ready", ms} once Python is up.
// The bot sees only what the request holds: its seat's view and the legal actions.
// tools/build.py checks that the Pyodide path below matches its PYODIDE_VERSION.

import { loadPyodide } from "./vendor/pyodide-314.0.7/pyodide.mjs";

const PYTHON = `
import json
from small_islands import Action
from small_islands.bots import choose_action, suggest

def si_handle(text):
    req = json.loads(text)
    legal = [Action.from_json(a) for a in req["legal"]]
    if req["kind"] == "suggest":
        action, reason = suggest(req["view"], legal)
        return json.dumps({"action": action.to_json(), "reason": reason})
    action = choose_action(req["view"], legal, req["level"], int(req["seed"]),
                           float(req.get("budget", 0.25)))
    return json.dumps({"action": action.to_json()})
`;

const started = performance.now();

async function boot() {
  const pyodide = await loadPyodide();
  const response = await fetch("./engine.zip");
  if (!response.ok) throw new Error(`engine.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/si-engine" });
  pyodide.runPython("import sys; sys.path.insert(0, '/si-engine'); sys.dont_write_bytecode = True");
  pyodide.runPython(PYTHON);
  return pyodide.globals.get("si_handle");
}

const ready = boot();
ready.then(
  () => self.postMessage({ type: "ready", ms: performance.now() - started }),
  (error) => self.postMessage({ type: "failed", error: String(error) }),
);

self.addEventListener("message", async (event) => {
  const { id, request } = event.data || {};
  let handle;
  try {
    handle = await ready;
  } catch (error) {
    self.postMessage({ id, ok: false, error: `Python did not start: ${error}` });
    return;
  }
  const t0 = performance.now();
  try {
    const result = handle(String(request));
    self.postMessage({ id, ok: true, result, ms: performance.now() - t0 });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error) });
  }
});
