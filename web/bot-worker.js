// Every game's computer players, off the main thread (a same-origin module worker; the page's
// one, game_shell/worker_host.py).
//
// It starts its own Python (restoring the page's Python memory snapshot when one of this
// build is stored: python-snapshot.mjs; ~10x faster than a fresh start), installs the engine
// archive the page installs at start (engine.pack.gz: the snapshot's modules came from there),
// and answers one request at a time. Request (postMessage): {id, request, handler, archive}:
// `request` is JSON text for the game's handler, `handler` the registered game's
// "module:function" (game_shell/registry.py GamePlugin.worker), `archive` the game's own
// archive (null: its code is in the engine archive), fetched and unpacked once, on the first
// request that names it (a game may name another of its archives for some requests, for a
// computer player whose code ships apart). Reply: {id, ok: true, result: JSON text, ms} or {id, ok: false, error: "..."};
// {type: "ready", ms, start} once Python is up (start: "snapshot", "fresh" or "fallback").
// The bot sees only what the request holds: its seat's view and the legal actions.
// tools/build.py checks that the Pyodide path below matches its PYODIDE_VERSION.

import { fetchFiles, installFiles, startPython } from "./python-snapshot.mjs";

const PYTHON = `
import importlib
import sys

def handler_of(name):
    # the folder listings Python keeps may be stale after an archive was unpacked (not
    # importlib.invalidate_caches(): it imports importlib.metadata, which is not shipped)
    for finder in list(sys.path_importer_cache.values()):
        if hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()
    module, _, function = name.partition(":")
    return getattr(importlib.import_module(module), function)
`;

const started = performance.now();

const indexURL = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;

async function boot() {
  const engine = fetchFiles(import.meta.url, { "./engine.pack.gz": "python" });
  engine.catch(() => {}); // reported below, once
  const { pyodide, start } = await startPython(indexURL, { restore: true, passive: true });
  installFiles(pyodide, await engine);
  pyodide.runPython(PYTHON);
  return { handlerOf: pyodide.globals.get("handler_of"), start, pyodide };
}

const booted = boot();
booted.then(
  ({ start }) => {
    self.siPythonStart = start; // e2e/test_snapshot.py reads it
    self.postMessage({ type: "ready", ms: performance.now() - started, start });
  },
  (error) => self.postMessage({ type: "failed", error: String(error) }),
);

const handlers = new Map(); // "module:function archive" -> a promise of the Python function
const archives = new Map(); // archive name -> a promise of its installation

/** The function that answers a game's requests, its archive installed on first use. */
function handlerFor(handler, archive) {
  const key = `${handler} ${archive || ""}`;
  if (!handlers.has(key)) {
    handlers.set(key, booted.then(async ({ pyodide, handlerOf }) => {
      if (archive) {
        if (!archives.has(archive)) {
          archives.set(archive, fetchFiles(import.meta.url, { [`./${archive}`]: "python" })
            .then((files) => installFiles(pyodide, files)));
        }
        await archives.get(archive);
      }
      return handlerOf(String(handler));
    }));
  }
  return handlers.get(key);
}

self.addEventListener("message", async (event) => {
  const { id, request, handler, archive } = event.data || {};
  let handle;
  try {
    handle = await handlerFor(handler, archive);
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
