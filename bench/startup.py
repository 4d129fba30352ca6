"""Start-up benchmark: the app against the fastest honest bare `loadPyodide()` page, side by side.

    python bench/startup.py [--runs 7] [--throttled-runs 5] [--record]

The bare page starts fetching the engine (engine.pack.gz) in parallel with `loadPyodide()`
(the same vendored, trimmed Pyodide as the app), unpacks it and imports the engine: the least
a Pyodide page that runs this engine must do. Series, each alternating app and bare runs:

- first visit: a fresh browser context per run (empty caches, service workers blocked). The
  app takes its Python snapshot on that start, so its time includes that; a third row is the
  app with snapshots switched off (what taking one costs), and one more the same bare page on
  Pyodide as published on npm (its whole standard library as source, compiled at every start),
  which shows what the vendored Pyodide's trimming and bytecode change for any page; then
  first visits again at 390x844 with the CPU throttled 4x (--throttled-runs of them: the app,
  the bare page and the --before build);
- returning visit: pages whose service worker holds everything they need (the app's worker
  precaches; the bare page's caches what it serves), each visit a new tab of the same browser
  profile, alone: every other tab closed, SETTLE_S after the last one closed (--reload: reloads
  of one tab instead, back to back). The app restores
  its snapshot (checked on every run) and shows a game in progress against a computer player;
  the --before build's returning visits alternate with them (its own origin, its own snapshot),
  and so do a floor page's in the app's profile: the app's snapshot restored and nothing else
  (no first paint, PyScript, files or UI), which no page restoring it can beat;
- the returning visits again at 390x844 with the CPU throttled 4x (CDP
  Emulation.setCPUThrottlingRate), a mid-range phone;
- transfer: a first visit served as GitHub Pages serves it (gzip, ETag, `max-age=600`), in a
  new browser profile on disk (its HTTP cache on disk, as on a phone): the bytes the server
  sent (headers included), until the page is interactive with service workers blocked, and
  until the app's service worker has precached the site and activated (the whole first
  visit); the same for the bare page (its own worker precaches what it needs).
  --transfer-only: this series alone.

Times are from navigation start, measured in the page: to `body[data-ready="1"]` (Python has
rendered: interactive), to the first contentful paint, to the stored public board painted
before Python is ready (the frame after first-paint.js inserted it: returning visits), to
Python's live board on screen (the frame after `#board` appears). `make build` first.
--record rewrites the "Startup" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _results import record_section  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.browser import launch_args  # noqa: E402
from tools.build import PYODIDE_VERSION, PYSCRIPT_VERSION  # noqa: E402
from tools.serve import SiteServer, start_server  # noqa: E402

TIMEOUT_MS = 180_000
BARE = "bench-bare.html"
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="./bench-bare.mjs"></script></head>
<body><main id="app"></main></body></html>
"""

BARE_JS = f"""
import {{ loadPyodide }} from "./vendor/pyodide-{PYODIDE_VERSION}/pyodide.mjs";
// The app's engine archive (tools/build.py `pack`, gzipped), fetched and decompressed in
// parallel with Python, and unpacked as the page does (web/python-snapshot.mjs
// `unpackArchive`); a build before 2026-12-03 (--before) ships a stored zip instead.
const gunzip = (r) => new Response(r.body.pipeThrough(new DecompressionStream("gzip")));
const engine = fetch("./engine.pack.gz").then((r) => r.ok ? r
  : fetch("./engine.zip.gz")).then((r) => gunzip(r).arrayBuffer());
const pyodide = await loadPyodide();
performance.mark("pyodide-ready");
const bytes = new Uint8Array(await engine);
const text = new TextDecoder().decode(bytes.subarray(0, 65536));  // the index: ASCII
if (!text.startsWith("SIPACK1\\n")) {{
  pyodide.unpackArchive(bytes.buffer, "zip");
}} else {{
  const end = text.indexOf("\\n\\n", 7);
  let at = end + 2;
  const cwd = pyodide.FS.cwd();
  for (const line of text.slice(8, end).split("\\n")) {{
    const [name, size] = line.split("\\t");
    const path = `${{cwd}}/${{name}}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, bytes.subarray(at, at + Number(size)));
    at += Number(size);
  }}
}}
const version = pyodide.runPython("import small_islands; small_islands.__version__");
document.getElementById("app").textContent = `engine ${{version}} loaded`;
document.body.dataset.ready = "1";
navigator.serviceWorker.register("./bench-bare-sw.js");
"""

# The same bare page on Pyodide as published (npm's files: the whole standard library, as
# source), for first visits: what the vendored Pyodide's trimming and bytecode change.
STOCK = "bench-bare-stock.html"
STOCK_DIR = "vendor/pyodide-stock"
STOCK_HTML = BARE_HTML.replace("./bench-bare.mjs", "./bench-bare-stock.mjs")
STOCK_JS = BARE_JS.replace(f"./vendor/pyodide-{PYODIDE_VERSION}/", f"./{STOCK_DIR}/").replace(
    'navigator.serviceWorker.register("./bench-bare-sw.js");', "")

# The floor of a returning visit for any page on this snapshot (returning visits only, in the
# app's own browser profile, so it restores the app's stored snapshot through the app's service
# worker): Python restored from the snapshot and nothing else -- no first paint, no PyScript,
# no files installed, no UI. No page that restores this snapshot can be interactive sooner.
FLOOR = "bench-floor.html"
FLOOR_HTML = BARE_HTML.replace("./bench-bare.mjs", "./bench-floor.mjs").replace(
    "bare Pyodide", "snapshot restore only")
FLOOR_JS = f"""
import {{ startPython }} from "./python-snapshot.mjs";
const indexURL = new URL("./vendor/pyodide-{PYODIDE_VERSION}/", import.meta.url).href;
const {{ pyodide, start }} = await startPython(indexURL, {{ restore: true, passive: true }});
performance.mark("pyodide-ready");
document.documentElement.dataset.pythonStart = start;
const version = pyodide.runPython("import small_islands; small_islands.__version__");
document.getElementById("app").textContent = `engine ${{version}} restored`;
document.body.dataset.ready = "1";
"""

# The bare page's returning visits: a minimal cache-first service worker that precaches what
# the page needs when it installs, as the app's does (Chromium then keeps compiled code for the
# cached scripts and WebAssembly: caching them only when served is measurably slower).
BARE_SW = f"""
const FILES = ["./{BARE}", "./bench-bare.mjs", "./engine.pack.gz",
  ...["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
      "pyodide-lock.json"].map((f) => "./vendor/pyodide-{PYODIDE_VERSION}/" + f)];
self.addEventListener("install", (e) => e.waitUntil(
  caches.open("bare").then((c) => c.addAll(FILES)).then(() => self.skipWaiting())));
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {{
  event.respondWith(caches.open("bare").then(async (cache) =>
    (await cache.match(event.request, {{ ignoreSearch: true }})) || fetch(event.request)));
}});
"""

# When body gets data-ready="1", and the frame after the game's board appears (ms since
# navigation start).
PROBES = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "1") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
const boardProbe = new MutationObserver(() => {
  if (!document.getElementById("board")) return;
  boardProbe.disconnect();
  requestAnimationFrame(() => setTimeout(() => { window.__boardAt = performance.now(); }));
});
boardProbe.observe(document, { subtree: true, childList: true });
// first-paint.js painted a stored screen (or kept the prerendered start screen): the frame after.
const paintProbe = new MutationObserver(() => {
  const how = document.documentElement.dataset.firstPaint;
  if (!how) return;
  paintProbe.disconnect();
  window.__firstPaint = how;
  requestAnimationFrame(() => setTimeout(() => { window.__paintedAt = performance.now(); }));
});
paintProbe.observe(document, {
  subtree: true, attributes: true, attributeFilter: ["data-first-paint"],
});
"""

MEASURE = """
() => {
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  return {
    ready: window.__readyAt,
    board: window.__boardAt ?? null,
    painted: window.__firstPaint === "stored" ? window.__paintedAt ?? null : null,
    fcp: mark("first-contentful-paint"),
    pyodide: mark("pyodide-ready"),
    imported: mark("snapshot-imported"),
    copied: mark("snapshot-copied"),
    start: document.documentElement.dataset.pythonStart ?? null,
  };
}
"""

STORED = """
() => import("./python-snapshot.mjs").then((m) => m.storedSnapshot()).then((stored) => {
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime;
  return { ...stored, storeMs: mark("snapshot-stored") - mark("snapshot-store") };
})
"""

Load = dict[str, Any]


def timed_load(page: Page, url: str, reload: bool = False) -> Load:
    """One load of the page, measured in it (see MEASURE)."""
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=TIMEOUT_MS)
    if page.locator("#board").count():
        page.wait_for_function("() => window.__boardAt !== undefined", timeout=TIMEOUT_MS)
    return dict(page.evaluate(MEASURE))


def new_context(browser: Browser, **options: Any) -> BrowserContext:
    context = browser.new_context(**options)
    context.add_init_script(PROBES)
    return context


def snapshot_key(site: Path) -> str:
    found = re.search(r'SNAPSHOT_KEY = "([^"]+)"', (site / "python-snapshot.mjs").read_text())
    assert found, "site/python-snapshot.mjs: no SNAPSHOT_KEY"
    return found.group(1)


# After a visit its tab (a first visit: its context) is closed and the next visit waits this
# long, so that no visit shares the CPU with the one before (an app's page keeps working after
# it is interactive: its bot worker starts its own Python). Without it, on returning visits,
# the page that followed an app's visit in the alternation started ~150 ms slower (two runs
# with the builds swapped), which flattered the app against the bare page.
SETTLE_S = 1.0


def cold(browser: Browser, url: str, no_snapshot: str | None = None, phone: bool = False) -> Load:
    """A first visit in a fresh context; `no_snapshot`: the build's key, to switch snapshots
    off (as after two failed restores); `phone`: 390x844, CPU throttled 4x."""
    context = new_context(browser, service_workers="block", **(PHONE if phone else {}))
    if no_snapshot:
        flag = json.dumps({"key": no_snapshot, "saved": False, "failures": 2})
        context.add_init_script(
            f"localStorage.setItem('small-islands/python-snapshot', {json.dumps(flag)})"
        )
    try:
        page = context.new_page()
        if phone:
            throttle(page)
        return timed_load(page, url)
    finally:
        context.close()
        time.sleep(SETTLE_S)


def start_game_against_a_computer(page: Page) -> None:
    """A game in progress (me against Easy), so that a reload shows the board."""
    page.fill('[data-field="name-0"]', "Me")
    page.fill('[data-field="name-1"]', "Eve")
    page.select_option('[data-field="kind-1"]', "easy")
    page.click('[data-act="new"]')
    page.wait_for_selector("#board", timeout=TIMEOUT_MS)


def returning_page(
    browser: Browser, url: str, app: bool, **options: Any
) -> tuple[Page, dict[str, Any]]:
    """A page whose service worker controls it and holds what it needs; the app's has its
    snapshot stored (described in the dict) and a game in progress."""
    page = new_context(browser, **options).new_page()
    timed_load(page, url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    stored: dict[str, Any] = {}
    if app:
        page.wait_for_selector(
            'html[data-python-snapshot="saved"]', state="attached", timeout=TIMEOUT_MS
        )
        stored = dict(page.evaluate(STORED))
        start_game_against_a_computer(page)
    timed_load(page, url, reload=True)  # the bare worker caches on this load
    return page, stored


def returning_series(
    browser: Browser, url: str, runs: int, prepare: Callable[[Page], None] | None = None,
    reload: bool = False, before: str | None = None, **options: Any,
) -> tuple[list[Load], ...]:
    """Visit the app and the bare page again `runs` times each, alternating: each visit a new
    tab of the same profile, alone (every other tab closed, SETTLE_S after the last one
    closed: an app opened again), or with
    `reload` a reload of the same tab (which also waits for the previous page to unload: a
    Python interpreter, and the app's bot worker with another). With `before` (the address
    of another build of the app), its returning visits alternate with them: a third list. The
    last list is the floor page's (FLOOR), in the app's profile: the snapshot restored alone."""
    (app, stored), (bare, _) = (returning_page(browser, url, True, **options),
                                returning_page(browser, url + BARE, False, **options))
    visits = [(app, url), (bare, url + BARE)]
    if before:
        visits.append((returning_page(browser, before, True, **options)[0], before))
    floor = app.context.new_page()
    timed_load(floor, url + FLOOR)
    visits.append((floor, url + FLOOR))
    if reload and prepare:
        for page, _ in visits:
            prepare(page)
    loads: tuple[list[Load], ...] = tuple([] for _ in visits)
    if not reload:  # each visit alone: no other page's start-up work (a bot worker) left running
        for page, _ in visits:
            page.close()
        time.sleep(SETTLE_S)
    for _ in range(runs):
        for i, found in enumerate(loads):
            page, address = visits[i]
            if not reload:
                page = page.context.new_page()
                if prepare:
                    prepare(page)
                visits[i] = (page, address)
            found.append(timed_load(page, address, reload=reload))
            if not reload:
                page.close()
                time.sleep(SETTLE_S)
    for i, found in enumerate(loads):
        if i != 1:  # every page but the bare one restores a snapshot, on every visit
            assert all(load["start"] == "snapshot" for load in found), [x["start"] for x in found]
    for page, _ in visits:
        page.context.close()  # (closing a closed page's context is fine)
    loads[0][0]["stored"] = stored
    return loads


def throttle(page: Page) -> None:
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})


# Resolves with the state the page's service worker settles in: "activated" (installed,
# precached) or "redundant" (its install failed).
WORKER_SETTLED = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const worker = registration.installing || registration.waiting || registration.active;
  const done = () => worker.state === "activated" || worker.state === "redundant";
  if (!done()) await new Promise((resolve) => worker.addEventListener("statechange", () => {
    if (done()) resolve();
  }));
  return worker.state;
}"""


def transfer(playwright: Playwright, server: SiteServer, url: str, worker: bool) -> int:
    """Bytes `server` sent (headers included) for one first visit in a new browser profile on
    disk: until the page is interactive (`worker` False: service workers blocked), or until its
    service worker has precached and activated. (An incognito context's HTTP cache is in
    memory: 50 MB at most and an entry at most 1/8 of it, so the 9.6 MB wasm, uncompressed,
    would not be kept; gzipped, 3.5 MB, it is, and the figures match.)"""
    assert server.transfers is not None
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, **launch_args(), service_workers="allow" if worker else "block")
        context.add_init_script(PROBES)
        try:
            page = context.new_page()
            server.transfers.clear()
            timed_load(page, url)
            if worker:
                page.wait_for_function(
                    "() => navigator.serviceWorker.getRegistration().then((r) => !!r)",
                    timeout=TIMEOUT_MS)
                assert page.evaluate(WORKER_SETTLED) == "activated"
            return sum(t.size for t in server.transfers)
        finally:
            context.close()


def transfers(playwright: Playwright, site: Path, tmp: str, name: str = "site") -> dict[str, int]:
    """The transfer series (see the docstring): {name: bytes}."""
    server, url = serve_copy(site, tmp, compress=True, name=name)
    try:
        return {
            "app": transfer(playwright, server, url, False),
            "app_sw": transfer(playwright, server, url, True),
            "bare": transfer(playwright, server, url + BARE, False),
            "bare_sw": transfer(playwright, server, url + BARE, True),
        }
    finally:
        server.shutdown()
        server.server_close()


def med(loads: list[Load], key: str) -> float | None:
    values = [load[key] for load in loads if load.get(key) is not None]
    return statistics.median(values) if values else None


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def table(rows: list[tuple[str, list[Load]]], extra: list[tuple[str, str]]) -> str:
    """One row per page, ratios against the last (the bare page); `extra`: (heading, key)."""
    bare = med(rows[-1][1], "ready") or 1.0
    head = "| page | median to interactive (ms) | min-max (ms) | vs bare | first paint (ms) |"
    head += "".join(f" {name} |" for name, _ in extra)
    lines = [head, "| --- |" + " ---: |" * (4 + len(extra))]
    for name, loads in rows:
        ready = [load["ready"] for load in loads]
        median = statistics.median(ready)
        line = (f"| {name} | {median:.0f} | {min(ready):.0f}-{max(ready):.0f} "
                f"| {median / bare:.2f}x | {ms(med(loads, 'fcp'))} |")
        for _, key in extra:
            line += f" {ms(med(loads, key))} |"
        lines.append(line)
    return "\n".join(lines)


def with_derived(loads: list[Load]) -> list[Load]:
    """Add: `after` (ready - Pyodide ready), `copy` (the snapshot's memory copy)."""
    for load in loads:
        if load["pyodide"] is not None:
            load["after"] = load["ready"] - load["pyodide"]
        if load["copied"] is not None and load["imported"] is not None:
            load["copy"] = load["copied"] - load["imported"]
    return loads


def serve_copy(
    site: Path, tmp: str, compress: bool = False, name: str = "site",
) -> tuple[SiteServer, str]:
    """A copy of `site` with the benchmark's pages, served; with `compress`, as GitHub Pages
    serves it (gzip, `max-age=600`), every response recorded (`SiteServer.transfers`)."""
    served = Path(tmp) / (f"{name}-gz" if compress else name)
    if not served.exists():
        shutil.copytree(site, served)
        (served / BARE).write_text(BARE_HTML)
        (served / "bench-bare.mjs").write_text(BARE_JS)
        old = not (served / "engine.pack.gz").exists()  # a --before build from before 2026-12-03
        (served / "bench-bare-sw.js").write_text(
            BARE_SW.replace("./engine.pack.gz", "./engine.zip.gz") if old else BARE_SW)
        (served / FLOOR).write_text(FLOOR_HTML)
        (served / "bench-floor.mjs").write_text(FLOOR_JS)
        (served / STOCK).write_text(STOCK_HTML)
        (served / "bench-bare-stock.mjs").write_text(STOCK_JS)
        (served / STOCK_DIR).mkdir(parents=True)
        for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                     "pyodide-lock.json"):
            shutil.copyfile(ROOT / "node_modules" / "pyodide" / name, served / STOCK_DIR / name)
    if compress:
        return start_server(served, compress=True, max_age=600, record=True)
    return start_server(served)


def run(
    site: Path, runs: int, throttled_runs: int, before: Path | None = None,
    first_visit_only: bool = False, reload: bool = False, returning_only: bool = False,
    transfer_only: bool = False,
) -> dict[str, Any]:
    key = snapshot_key(site)
    if transfer_only:
        runs = throttled_runs = 0
        first_visit_only = True
    out: dict[str, Any] = {"cold": ([], [], []), "before": [], "stock": [],
                           "cold_phone": ([], [], [])}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_args())
        server, url = serve_copy(site, tmp)
        other = serve_copy(before, tmp, name="before") if before else None
        if not transfer_only:
            cold(browser, url)  # warm-up: OS file cache, Chromium's first start
        for _ in range(0 if returning_only else runs):
            out["cold"][0].append(cold(browser, url))
            out["cold"][1].append(cold(browser, url, no_snapshot=key))
            out["cold"][2].append(cold(browser, url + BARE))
            out["stock"].append(cold(browser, url + STOCK))
            if other:
                out["before"].append(cold(browser, other[1]))
        for _ in range(0 if returning_only else throttled_runs):  # first visits on a phone
            out["cold_phone"][0].append(cold(browser, url, phone=True))
            out["cold_phone"][1].append(cold(browser, url + BARE, phone=True))
            if other:
                out["cold_phone"][2].append(cold(browser, other[1], phone=True))
        if not first_visit_only:
            earlier = other[1] if other else None
            out["warm"] = returning_series(browser, url, runs, reload=reload, before=earlier)
            out["phone"] = returning_series(browser, url, throttled_runs, throttle, reload,
                                            before=earlier, **PHONE)
            out["stored"] = out["warm"][0][0]["stored"]
        if other:
            other[0].shutdown()
        server.shutdown()
        out["transfer"] = transfers(playwright, site, tmp)
        if before:
            out["transfer_before"] = transfers(playwright, before, tmp, "before")
        out["chromium"] = browser.version
        browser.close()
    return out


def report(out: dict[str, Any]) -> str:
    first = bool(out["cold"][0])  # no first visits with --returning-only
    if not first:
        out["cold"] = tuple([{"ready": 0.0, "pyodide": None, "copied": None, "imported": None}]
                            for _ in range(3))
    app, off, bare = (with_derived(x) for x in out["cold"])
    copy = med(app, "copy")
    cost = (med(app, "ready") or 0) - (med(off, "ready") or 0)
    ratio_cold = (med(app, "ready") or 0) / (med(bare, "ready") or 1)
    sent = out["transfer"]
    after = [("after Pyodide ready (ms)", "after")]
    cold_rows = [("app (takes its snapshot)", app), ("app, snapshots off", off)]
    if out["before"]:
        cold_rows.append(("the --before build (takes its snapshot)", with_derived(out["before"])))
    stock = out.get("stock") or []
    if stock:
        cold_rows.append(("bare page on Pyodide as published (whole stdlib as source)",
                          with_derived(stock)))
    parts = [
        "First visit (fresh context per run, no service worker):\n\n" + table(
            [*cold_rows, ("bare loadPyodide() + engine in parallel", bare)],
            [*after, ("snapshot copy (ms)", "copy")]),
    ] if first else []
    phone_app, phone_bare, phone_before = out.get("cold_phone") or ([], [], [])
    if phone_app:
        rows = [("app (takes its snapshot)", with_derived(phone_app))]
        if phone_before:
            rows.append(("the --before build", with_derived(phone_before)))
        parts.append("First visit, 390x844, CPU throttled 4x:\n\n" + table(
            [*rows, ("bare loadPyodide() + engine in parallel", with_derived(phone_bare))],
            after))
    summary = "| measure | result | target |\n| --- | ---: | ---: |\n"
    if "warm" in out:
        warm_app, warm_bare, *warm_before, warm_floor = (with_derived(x) for x in out["warm"])
        phone_app, phone_bare, *phone_before_, phone_floor = (
            with_derived(x) for x in out["phone"])
        ratio_warm = (med(warm_app, "ready") or 0) / (med(warm_bare, "ready") or 1)
        ratio_floor = (med(warm_floor, "ready") or 0) / (med(warm_bare, "ready") or 1)
        floor_row = "the snapshot restored alone (no page, PyScript or UI: the floor)"
        columns = [*after, ("stored board painted (ms)", "painted"),
                   ("live board on screen (ms)", "board")]
        earlier = [("the --before build (snapshot)", x) for x in warm_before]
        earlier_phone = [("the --before build (snapshot)", x) for x in phone_before_]
        parts += [
            "Returning visit (service worker cache; the app restores its snapshot and shows a "
            "game against a computer player):\n\n" + table(
                [("app (snapshot)", warm_app), *earlier, (floor_row, warm_floor),
                 ("bare loadPyodide()", warm_bare)], columns),
            "Returning visit, 390x844, CPU throttled 4x:\n\n" + table(
                [("app (snapshot)", phone_app), *earlier_phone, (floor_row, phone_floor),
                 ("bare loadPyodide()", phone_bare)], columns),
        ]
        summary += (
            f"| returning visit, app / bare | {ratio_warm:.2f}x | <= 0.40x |\n"
            f"| returning visit, the snapshot restored alone / bare | {ratio_floor:.2f}x | |\n"
            f"| the same, 4x throttle, 390x844 "
            f"| {(med(phone_floor, 'ready') or 0) / (med(phone_bare, 'ready') or 1):.2f}x | |\n"
            f"| returning visit: the last public board painted | "
            f"{ms(med(warm_app, 'painted'))} ms | <= 300 ms |\n"
            f"| the same, 4x throttle, 390x844 | {ms(med(phone_app, 'painted'))} ms | |\n"
            f"| returning visit, 4x throttle, 390x844 | {ms(med(phone_app, 'ready'))} ms "
            "| <= 3000 ms |\n"
        )
    if first:
        summary += f"| first visit, app / bare | {ratio_cold:.2f}x | <= 1.10x |\n"
    if first and stock:
        ratio_stock = (med(app, "ready") or 0) / (med(stock, "ready") or 1)
        summary += (f"| first visit, app / bare page on Pyodide as published "
                    f"| {ratio_stock:.2f}x | |\n")
    summary += (
        f"| first-visit transfer until interactive, gzip (app) | {sent['app'] / 1e6:.2f} MB "
        "| <= 5.0 MB |\n"
        f"| first visit including the service worker's precache, gzip (app) "
        f"| {sent['app_sw'] / 1e6:.2f} MB | <= 5.5 MB |\n"
        f"| the same, bare page until interactive / with its worker's precache "
        f"| {sent['bare'] / 1e6:.2f} / {sent['bare_sw'] / 1e6:.2f} MB | |"
    )
    if "transfer_before" in out:
        earlier = out["transfer_before"]
        summary += (f"\n| the --before build: until interactive / with the precache "
                    f"| {earlier['app'] / 1e6:.2f} / {earlier['app_sw'] / 1e6:.2f} MB | |")
    if first:
        summary += (
            f"\n| taking it on a first visit: memory copy, median | {ms(copy)} ms | |\n"
            f"| taking it on a first visit: app - app with snapshots off, medians "
            f"| {cost:.0f} ms | |"
        )
    if "stored" in out:
        stored = out["stored"]
        summary += (
            f"\n| snapshot size (IndexedDB) | {stored['length'] / 1e6:.1f} MB | |\n"
            f"| storing it when idle (checksum + IndexedDB, off the critical path) "
            f"| {ms(stored.get('storeMs'))} ms | |"
        )
    return "\n\n".join([*parts, summary])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--throttled-runs", type=int, default=5)
    parser.add_argument("--record", action="store_true", help="update bench/RESULTS.md")
    parser.add_argument("--before", type=Path,
                        help="another built site: its first and returning visits alternate with "
                        "this build's")
    parser.add_argument("--first-visit-only", action="store_true")
    parser.add_argument("--returning-only", action="store_true")
    parser.add_argument("--transfer-only", action="store_true",
                        help="only the bytes of a first visit (with --before: its too)")
    parser.add_argument("--reload", action="store_true",
                        help="returning visits as reloads of one tab (default: a new tab each)")
    args = parser.parse_args()
    site = ROOT / "site"
    if not (site / "index.html").is_file():
        raise SystemExit("site/ is not built: run `make build`")
    load_before = os.getloadavg()[0]
    out = run(site, args.runs, args.throttled_runs, args.before, args.first_visit_only,
              args.reload, args.returning_only, args.transfer_only)
    result = report(out)
    print(result)
    if args.record:
        record_section("## Startup", (
            "## Startup\n\n"
            f"`python bench/startup.py --runs {args.runs} --throttled-runs "
            f"{args.throttled_runs} --record` (after `make build`; also `make bench`)\n\n"
            f"Pyodide {PYODIDE_VERSION}, PyScript {PYSCRIPT_VERSION}, Chromium {out['chromium']} "
            f"headless, {platform.machine()}, {os.cpu_count()} cores (1-min load average "
            f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after), site served from "
            "127.0.0.1. Medians; app and bare runs alternate (see the script's docstring).\n\n"
            f"{result}\n"
        ))


if __name__ == "__main__":
    main()
