// Starts Python as soon as the page parses, in parallel with PyScript's own start-up.
//
// index.html loads this module first; pyscript.json names it as PyScript's interpreter.
// ES modules are singletons per URL, so when PyScript later imports it and calls
// `loadPyodide(options)`, it gets the interpreter that has been starting since the first
// few milliseconds (PyScript would otherwise fetch its config and plugins first and only
// then begin the 10 MB WebAssembly compile). PyScript's stdout/stderr handlers are attached
// when it asks; Python prints nothing before that. Everything else stays PyScript's.
// The engine, the UI and PyScript's bytecode (python-snapshot.mjs FILES) are fetched at
// once, in parallel with Python, and installed before PyScript gets the interpreter.
//
// Returning visits restore a Python memory snapshot instead of starting Python from scratch
// (python-snapshot.mjs says what it holds and how it is checked); a start that did not
// restore one takes one before PyScript runs and stores it once the page is idle.
// localStorage[FLAG] says whether this build's snapshot is stored, so a first visit starts
// Python at once without opening IndexedDB. How Python started is written on <html> for
// tests and the benchmark: data-python-start = "snapshot" | "fresh" | "fallback" (a snapshot
// was tried and discarded), and data-python-snapshot = "saved" | "failed" | "skipped" (no
// room) | "off" (two restores of this build failed: it stops taking snapshots).
// PyScript's bootstrap runs unchanged on a restored interpreter: it registers its JS
// modules, writes its package and runs main.py, none of which depends on how Python started.

import { version } from "./vendor/pyodide-314.0.7/pyodide.mjs";
import {
  SNAPSHOT_KEY,
  discardSnapshot,
  fetchFiles,
  installFiles,
  startPython,
  takeSnapshot,
  writeSnapshot,
} from "./python-snapshot.mjs";

const FLAG = "games/python-snapshot"; // {key, saved, failures}
const MAX_FAILURES = 2; // failed restores of one build before it stops taking snapshots
const ROOM = 160e6; // free storage wanted before storing a ~32 MB snapshot (bytes)

const indexURL = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;
const html = document.documentElement;

function readFlag() {
  try {
    const value = JSON.parse(localStorage.getItem(FLAG) || "null");
    return value && typeof value === "object" ? value : null;
  } catch {
    return null; // storage disabled or the value unreadable: as if nothing were stored
  }
}

function writeFlag(value) {
  try {
    localStorage.setItem(FLAG, JSON.stringify(value));
  } catch {
    // storage full or disabled: the next visit starts normally
  }
}

const stored = readFlag();
const flag =
  stored && stored.key === SNAPSHOT_KEY
    ? { key: SNAPSHOT_KEY, saved: stored.saved === true, failures: Number(stored.failures) || 0 }
    : { key: SNAPSHOT_KEY, saved: false, failures: 0 };

async function boot() {
  const files = fetchFiles(import.meta.url);
  files.catch(() => {}); // reported below, once
  // Take a snapshot on a start that does not restore one, unless this build's have failed
  // MAX_FAILURES times (a failed restore now would count too).
  const wanted = flag.failures + (flag.saved ? 1 : 0) < MAX_FAILURES;
  const started = await startPython(indexURL, { restore: flag.saved, snapshot: wanted });
  // The mark lets bench/startup.py split a start into Pyodide's part and the app's part.
  performance.mark("pyodide-ready");
  const { pyodide, start } = started;
  installFiles(pyodide, await files);
  let snapshot = null;
  if (start !== "snapshot" && wanted) {
    try {
      snapshot = takeSnapshot(pyodide);
    } catch (error) {
      console.warn("Small Islands: no Python snapshot taken:", error);
    }
  }
  performance.mark("python-ready");
  html.dataset.pythonStart = start;
  if (start === "fallback") {
    flag.saved = false;
    flag.failures += 1;
    writeFlag(flag);
  }
  if (snapshot) whenRendered(() => idle(() => store(snapshot)));
  else if (start !== "snapshot" && !wanted) html.dataset.pythonSnapshot = "off";
  return pyodide;
}

const early = boot();
// A failure is reported once, by PyScript when it asks (not also as an unhandled rejection).
early.catch(() => {});

/** Fetch one of the build's archives (the second game's, "./ember.pack.gz") and unpack it
 * into Python's working directory, only when a player chooses that game (game_shell/host.py).
 * The service worker precaches it, so this works offline too. Resolves once it is installed. */
const FORGET_LISTINGS = `
import sys
for finder in list(sys.path_importer_cache.values()):
    if hasattr(finder, "invalidate_caches"):
        finder.invalidate_caches()
`;

window.siLoadArchive = async (name) => {
  const pyodide = await early;
  installFiles(pyodide, await fetchFiles(import.meta.url, { [name]: "python" }));
  // (not importlib.invalidate_caches(): it imports importlib.metadata, not shipped)
  pyodide.runPython(FORGET_LISTINGS);
};

// The stored public screen (or the prerendered start screen) is on the page already, inert,
// under a "getting ready" indicator: first-paint.js painted it before the first frame.

/** PyScript's entry point: the early interpreter, with PyScript's output handlers. */
export async function loadPyodide(options = {}) {
  const pyodide = await early;
  if (typeof options.stdout === "function") pyodide.setStdout({ batched: options.stdout });
  if (typeof options.stderr === "function") pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

export { version };

/** Run `callback` once Python has rendered its first screen (body[data-ready="1"]). */
function whenRendered(callback) {
  const ready = () => document.body && document.body.dataset.ready === "1";
  if (ready()) return callback();
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    callback();
  });
  observer.observe(html, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
}

function idle(callback) {
  if ("requestIdleCallback" in window) requestIdleCallback(callback, { timeout: 5000 });
  else setTimeout(callback, 500);
}

async function hasRoom() {
  try {
    const { quota, usage } = await navigator.storage.estimate();
    return quota - usage > ROOM;
  } catch {
    return true; // no estimate: try; a failed write is reported like any failure
  }
}

/** Store the snapshot taken at this start, for the next one. */
async function store(bytes) {
  performance.mark("snapshot-store"); // bench/startup.py: how long storing takes
  try {
    if (stored && stored.key !== SNAPSHOT_KEY) await discardSnapshot(); // another build's
    if (!(await hasRoom())) {
      html.dataset.pythonSnapshot = "skipped";
      return;
    }
    await writeSnapshot(bytes);
    performance.mark("snapshot-stored");
    flag.saved = true;
    writeFlag(flag);
    html.dataset.pythonSnapshot = "saved";
    const mb = (bytes.length / 1e6).toFixed(1);
    console.info(`Small Islands: Python snapshot stored (${mb} MB); the next start restores it.`);
  } catch (error) {
    html.dataset.pythonSnapshot = "failed";
    console.warn("Small Islands: the Python snapshot was not stored:", error);
  }
}
