// Python start-up for the page (pyodide-boot.mjs) and the bot worker (bot-worker.js):
// returning visits restore a memory snapshot of the interpreter, taken on an earlier start
// right after the engine and the UI were imported, instead of starting Python from scratch.
//
// Uses Pyodide's private snapshot API (314.0.7): `loadPyodide({_makeSnapshot: true})`,
// `pyodide.makeMemorySnapshot()`, `loadPyodide({_loadSnapshot})`.
//
// What a snapshot holds: Pyodide's whole WebAssembly memory after a normal start, FILES
// installed and SNAPSHOT_MODULES imported. tools/build.py writes that list: the modules of
// ours that the page imports when it starts and that import neither `js`, `pyscript` nor
// `pyodide` (directly or through our other modules), plus the standard-library modules the
// page's Python imports. Modules touching the browser cannot be in it: Pyodide stores only
// JS objects reachable by a path from globalThis (`js.document` is; a DOM element or
// PyScript's registered `_pyscript`/`polyscript` modules are not: "Can't serialize object"),
// and the controller renders and reads storage when imported. So PyScript's bootstrap and
// main.py run after every start, restored or not, exactly as before.
// What it does not hold: files (Emscripten keeps its file system in JS). Pyodide writes its
// standard library again at every start and startPython's caller installs FILES again, so
// modules imported later still find their files.
//
// The page takes the snapshot itself, on a start that did not restore one: that start loads
// Pyodide with `_makeSnapshot` (which only makes `js` record the paths it is reached by; a
// plain `js` is registered again right after), imports SNAPSHOT_MODULES (which main.py would
// import moments later anyway) and copies the memory before PyScript touches the interpreter.
// Storing it (a checksum, IndexedDB) waits until the page is idle. A worker making its own
// interpreter was tried first and dropped (see bench/RESULTS.md, "Startup").
//
// Safety: a snapshot is keyed by SNAPSHOT_KEY (the build's content hash and Pyodide's build
// id, written by tools/build.py), so a new deploy never restores an old one. The checksum of
// its bytes and its page list are checked before use and Pyodide checks its own build id. Any mismatch,
// corruption or restore failure starts Python normally, discards the snapshot and leaves a
// console note; the player sees nothing. A restored interpreter repeats the generator state
// of the moment the snapshot was taken: `random` is reseeded from the OS at once (our games
// draw their seeds from SystemRandom, which reads the OS at every draw).

import { loadPyodide } from "./vendor/pyodide-314.0.7/pyodide.mjs";

/** The build's content hash and Pyodide's build id (tools/build.py fills them in). */
export const SNAPSHOT_KEY = "__SI_SNAPSHOT_KEY__";
/** The modules imported before a snapshot is taken (tools/build.py writes the list). */
export const SNAPSHOT_MODULES = ["__SI_SNAPSHOT_MODULES__"];
/** Installed at every start, in the working directory (on sys.path): the build's archives
 * (`unpackArchive`) gzipped as a whole, unpacked there ("python"; a folder, not zipimport: zipimport compiles a
 * source module twice, once only to name its file): the engine's and the UI's (stripped)
 * sources, and the bytecode of PyScript's `pyscript` package (`pyscript/__pycache__/`: PyScript
 * writes the package as source at every start; see tools/build.py). */
export const FILES = {
  "./engine.pack.gz": "python",
  "./ui.pack.gz": "python",
  "./vendor/pyscript-0.7.31/pyscript-pycache.pack.gz": "python",
};

const DB_NAME = "small-islands-python";
const STORE = "snapshots";
const RECORD = "current"; // one snapshot at a time: a new build's replaces the old one

// Runs on a restored interpreter before anyone else uses it.
const AFTER_RESTORE = `
import random, sys
random.seed()  # else every restore repeats the generator state stored in the snapshot
if sys.path[:2] == ["", ""]:  # loadPyodide puts the cwd first again
    del sys.path[0]
missing = [m for m in __si_modules if m not in sys.modules]
if missing:
    raise RuntimeError(f"the restored interpreter lacks {missing[:3]}")
del missing
`;

const IMPORT_ALL = `
import importlib, sys
for name in __si_modules:
    importlib.import_module(name)
`;

/** Why a stored snapshot was not used: code "none", "other-build" or "corrupt". */
export class SnapshotUnusable extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function settle(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore(mode, action) {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await settle(open);
  try {
    const tx = db.transaction(STORE, mode);
    const done = new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error("transaction aborted"));
    });
    const result = await settle(action(tx.objectStore(STORE)));
    await done;
    return result;
  } finally {
    db.close();
  }
}

/** A 128-bit checksum of `bytes` (hex), to catch a snapshot damaged in storage: four
 * multiply-rotate lanes over 32-bit words, then the tail bytes and the length. Not a
 * cryptographic hash: nothing here defends against someone who can write the browser's
 * storage (they could change the page's own files); it replaced SHA-256, whose digest took
 * ~20-35 ms of the main thread on every restore against ~6-12 ms for this. A flipped byte in
 * any word changes its lane (the multipliers are odd, so each step is a bijection). */
export function checksum(bytes) {
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  let h1 = 0x9e3779b9 | 0;
  let h2 = 0x85ebca6b | 0;
  let h3 = 0xc2b2ae35 | 0;
  let h4 = 0x27d4eb2f | 0;
  const whole = words.length & ~3;
  for (let i = 0; i < whole; i += 4) {
    h1 = Math.imul(h1 ^ words[i], 0x85ebca77);
    h1 = (h1 << 13) | (h1 >>> 19);
    h2 = Math.imul(h2 ^ words[i + 1], 0xc2b2ae3d);
    h2 = (h2 << 13) | (h2 >>> 19);
    h3 = Math.imul(h3 ^ words[i + 2], 0x27d4eb2f);
    h3 = (h3 << 13) | (h3 >>> 19);
    h4 = Math.imul(h4 ^ words[i + 3], 0x165667b1);
    h4 = (h4 << 13) | (h4 >>> 19);
  }
  for (let i = whole; i < words.length; i++) h1 = Math.imul(h1 ^ words[i], 0x85ebca77);
  for (let i = words.length << 2; i < bytes.length; i++) h2 = Math.imul(h2 ^ bytes[i], 0xc2b2ae3d);
  h3 = Math.imul(h3 ^ bytes.length, 0x27d4eb2f);
  return [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, "0")).join("");
}

// Stored sparse: about half of the memory is pages of zeros (free heap). Only the other
// pages are kept (`pages`: their indices, ascending; `blob`: their bytes, one after the other),
// which halves what a restore reads and hashes.
const PAGE = 1 << 16;

/** The non-zero pages of `bytes`: {pages, data}. */
function pack(bytes) {
  const pages = [];
  const words = new BigUint64Array(bytes.buffer, bytes.byteOffset, bytes.length >> 3);
  const perPage = PAGE >> 3;
  for (let first = 0, page = 0; first < words.length; first += perPage, page++) {
    const end = Math.min(first + perPage, words.length);
    for (let i = first; i < end; i++) {
      if (words[i] !== 0n) {
        pages.push(page);
        break;
      }
    }
  }
  const data = new Uint8Array(pages.reduce((n, p) => n + pageSize(p, bytes.length), 0));
  let at = 0;
  for (const page of pages) {
    data.set(bytes.subarray(page * PAGE, page * PAGE + pageSize(page, bytes.length)), at);
    at += pageSize(page, bytes.length);
  }
  return { pages, data };
}

function pageSize(page, length) {
  return Math.min(PAGE, length - page * PAGE);
}

/** The whole memory again, or null when `pages` does not fit `length` and `data`. */
function unpack(length, pages, data) {
  if (length % 8 || !Array.isArray(pages)) return null;
  let at = 0;
  let last = -1;
  for (const page of pages) {
    if (!Number.isInteger(page) || page <= last || page * PAGE >= length) return null;
    at += pageSize(page, length);
    last = page;
  }
  if (at !== data.length) return null;
  const bytes = new Uint8Array(length);
  at = 0;
  for (const page of pages) {
    const size = pageSize(page, length);
    bytes.set(data.subarray(at, at + size), page * PAGE);
    at += size;
  }
  return bytes;
}

/** The stored snapshot's description (no bytes), or null. */
export async function storedSnapshot() {
  const record = await withStore("readonly", (store) => store.get(RECORD));
  if (!record) return null;
  const { blob, pages, ...about } = record;
  return { ...about, size: blob ? blob.size : 0, pages: pages ? pages.length : 0 };
}

/** The stored snapshot's bytes, checked; throws SnapshotUnusable when absent or unfit. */
export async function readSnapshot() {
  const record = await withStore("readonly", (store) => store.get(RECORD));
  if (!record) throw new SnapshotUnusable("none", "none is stored");
  if (record.key !== SNAPSHOT_KEY) {
    throw new SnapshotUnusable("other-build", `it was made by another build (${record.key})`);
  }
  const data = new Uint8Array(await record.blob.arrayBuffer());
  if (checksum(data) !== record.checksum) {
    throw new SnapshotUnusable("corrupt", "its bytes do not match their checksum");
  }
  const bytes = unpack(record.length, record.pages, data);
  if (!bytes) throw new SnapshotUnusable("corrupt", "its page list does not fit its bytes");
  return bytes;
}

/** Store a snapshot for this build (replacing any other); `about` is kept beside it. */
export async function writeSnapshot(bytes, about = {}) {
  const { pages, data } = pack(bytes);
  const record = {
    ...about,
    key: SNAPSHOT_KEY,
    length: bytes.length,
    pages,
    checksum: checksum(data),
    blob: new Blob([data]),
    saved: Date.now(),
  };
  await withStore("readwrite", (store) => store.put(record, RECORD));
}

/** Delete the stored snapshot, if any (never throws). */
export async function discardSnapshot() {
  try {
    await withStore("readwrite", (store) => store.delete(RECORD));
  } catch (error) {
    console.warn("Small Islands: could not delete the Python snapshot:", error);
  }
}

function runWithModules(pyodide, code) {
  const globals = pyodide.toPy({ __si_modules: SNAPSHOT_MODULES });
  try {
    pyodide.runPython(code, { globals });
  } finally {
    globals.destroy();
  }
}

async function restore(indexURL, bytes) {
  const pyodide = await loadPyodide({ indexURL, _loadSnapshot: bytes });
  runWithModules(pyodide, AFTER_RESTORE);
  return pyodide;
}

/**
 * Start Python. `restore`: from the stored snapshot, falling back to a normal start; else
 * normally, and ready for `takeSnapshot` when `snapshot` is true. Resolves to
 * {pyodide, start, reason?}: start is "snapshot", "fresh" or "fallback" (a snapshot was tried
 * and discarded; `reason` says why).
 * `passive` (the bot worker): use a snapshot only if this build's is stored; a missing one or
 * another build's is no failure and is left alone (the page manages them).
 */
export async function startPython(indexURL, { restore: tryRestore = false, passive = false, snapshot = false } = {}) {
  const fresh = () => loadPyodide(snapshot ? { indexURL, _makeSnapshot: true } : { indexURL });
  if (!tryRestore) return { pyodide: await fresh(), start: "fresh" };
  // Read while Pyodide loads its JS; it waits for the bytes before it instantiates.
  const bytes = readSnapshot();
  bytes.then(() => performance.mark("snapshot-read"), () => {}); // (and no "unhandled rejection")
  try {
    return { pyodide: await restore(indexURL, bytes), start: "snapshot" };
  } catch (error) {
    const code = error instanceof SnapshotUnusable ? error.code : "failed";
    if (passive && (code === "none" || code === "other-build")) {
      return { pyodide: await fresh(), start: "fresh" };
    }
    const reason = String((error && error.message) || error);
    console.warn(`Small Islands: Python snapshot not used (${reason}); starting Python normally.`);
    if (code !== "none") await discardSnapshot();
    return { pyodide: await fresh(), start: "fallback", reason };
  }
}

/** Start fetching FILES (or the given subset); resolves to [[source, target, bytes], ...],
 * ".gz" files decompressed. */
export function fetchFiles(base, files = FILES) {
  return Promise.all(
    Object.entries(files).map(async ([source, target]) => {
      const response = await fetch(new URL(source, base));
      if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return [source, target, source.endsWith(".gz") ? await gunzip(bytes) : bytes];
    }),
  );
}

/** The bytes of a gzip file (the browser's own decompressor); bytes without gzip's magic
 * number are returned as they are (a server that sent them with Content-Encoding: gzip has
 * had the browser decompress them already). */
async function gunzip(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Install fetched FILES in the interpreter's working directory (see FILES). */
export function installFiles(pyodide, fetched) {
  for (const [source, target, data] of fetched) {
    if (target !== "python") throw new Error(`${source}: unknown target ${target}`);
    unpackArchive(pyodide.FS, data, pyodide.FS.cwd(), source);
  }
  // Nothing is gained by writing bytecode caches into a file system that every start makes
  // anew (a snapshot holds the imported modules themselves).
  pyodide.runPython("import sys\nsys.dont_write_bytecode = True");
}

const PACK_MAGIC = "SIPACK1\n";

/** Write the files of one of the build's archives (tools/build.py `pack`: a magic line, an
 * index of "name<TAB>size" lines and an empty line, then the files' bytes in that order)
 * under `dir`. */
export function unpackArchive(FS, bytes, dir, source = "archive") {
  const text = new TextDecoder();
  const magic = PACK_MAGIC.length;
  let end = magic;
  while (end < bytes.length && !(bytes[end] === 10 && (end === magic || bytes[end - 1] === 10))) end++;
  if (text.decode(bytes.subarray(0, magic)) !== PACK_MAGIC || end >= bytes.length) {
    throw new Error(`${source}: not an archive of this build`);
  }
  const lines = end === magic ? [] : text.decode(bytes.subarray(magic, end - 1)).split("\n");
  let at = end + 1;
  for (const line of lines) {
    const [name, size] = line.split("\t");
    const length = Number(size);
    if (!name || name.startsWith("/") || name.split("/").includes("..") || !(length >= 0)
        || at + length > bytes.length) {
      throw new Error(`${source}: ${name}: not a plain file`);
    }
    const path = `${dir}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes.subarray(at, at + length));
    at += length;
  }
  if (at !== bytes.length) throw new Error(`${source}: sizes do not add up`);
}

/**
 * On an interpreter started with `snapshot: true` and FILES installed: import
 * SNAPSHOT_MODULES, copy the memory, then give Python a plain `js` module for whatever
 * runs next. Returns the snapshot's bytes.
 */
export function takeSnapshot(pyodide) {
  try {
    runWithModules(pyodide, IMPORT_ALL);
    performance.mark("snapshot-imported"); // bench/startup.py: what taking one costs
    const bytes = pyodide.makeMemorySnapshot();
    performance.mark("snapshot-copied");
    return bytes;
  } finally {
    // `js` so far records the paths it is reached by (for the snapshot): a plain one now.
    pyodide.runPython("import sys\nsys.modules.pop('js', None)");
    pyodide.registerJsModule("js", globalThis);
  }
}
