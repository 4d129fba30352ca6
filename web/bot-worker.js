// Small Islands computer players, off the main thread (a same-origin module worker).
//
// It starts its own Python (restoring the page's Python memory snapshot when one of this
// build is stored: python-snapshot.mjs; ~10x faster than a fresh start), installs the engine
// (engine.zip.gz) where the page does (the snapshot's modules came from there), and answers one request at
// a time. Request (postMessage): {id, request} where `request` is a JSON string
//   {"kind": "bot", "view": {...}, "legal": [action JSON, ...], "level": "hard",
//    "seed": 123, "budget": 0.25}
//   {"kind": "suggest", "view": {...}, "legal": [...]}
// Reply: {id, ok: true, result: JSON string {"action": {...}, "reason"?: "..."}, ms}
//    or  {id, ok: false, error: "..."}; {type: "ready", ms, start} once Python is up
//    (start: "snapshot", "fresh" or "fallback").
// The bot sees only what the request holds: its seat's view and the legal actions.
// Ember Isle's requests carry {id, request, game: "ember"}: the worker then fetches and
// unpacks ember.zip.gz once (only then: a Small Islands game never loads it) and answers
// with `ei_web.worker.handle` (request {"kind": "bot" | "suggest", "view", "legal",
// "level", "seed"}).
// tools/build.py checks that the Pyodide path below matches its PYODIDE_VERSION.

import { fetchFiles, installFiles, startPython } from "./python-snapshot.mjs";

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

const indexURL = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;

async function boot() {
  const engine = fetchFiles(import.meta.url, { "./engine.zip.gz": "python" });
  engine.catch(() => {}); // reported below, once
  const { pyodide, start } = await startPython(indexURL, { restore: true, passive: true });
  installFiles(pyodide, await engine);
  pyodide.runPython(PYTHON);
  return { handle: pyodide.globals.get("si_handle"), start, pyodide };
}

const booted = boot();
const ready = booted.then(({ handle }) => handle);
booted.then(
  ({ start }) => {
    self.siPythonStart = start; // e2e/test_snapshot.py reads it
    self.postMessage({ type: "ready", ms: performance.now() - started, start });
  },
  (error) => self.postMessage({ type: "failed", error: String(error) }),
);

let ember = null;

/** Ember Isle's handler, its archive installed on first use. */
function emberHandle() {
  if (!ember) {
    ember = booted.then(async ({ pyodide }) => {
      installFiles(pyodide, await fetchFiles(import.meta.url, { "./ember.zip.gz": "python" }));
      // the folder listings Python keeps are stale (not importlib.invalidate_caches(): it
      // imports importlib.metadata, which is not shipped)
      pyodide.runPython(`
import sys
for finder in list(sys.path_importer_cache.values()):
    if hasattr(finder, "invalidate_caches"):
        finder.invalidate_caches()
from ei_web.worker import handle as ei_handle
`);
      return pyodide.globals.get("ei_handle");
    });
  }
  return ember;
}

self.addEventListener("message", async (event) => {
  const { id, request, game } = event.data || {};
  let handle;
  try {
    handle = await (game === "ember" ? emberHandle() : ready);
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
