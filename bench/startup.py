"""Startup benchmark: the app vs a bare `loadPyodide()` page, cold, side by side in one run.

    python bench/startup.py [--runs 7] [--record]

Both pages load the same vendored Pyodide from site/ and import the same engine.zip; the
app goes through PyScript (config, plugins, files) and renders its first screen. Each cold
run uses a fresh browser context (empty HTTP cache, no service worker); runs alternate
app / bare. A warm series reloads the app in one context whose service worker has
precached everything. Times are from navigation start to body[data-ready="1"], measured
in the page. `make build` first. --record rewrites the "Startup" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from _results import record_section  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.browser import launch_args  # noqa: E402
from tools.build import PYODIDE_VERSION, PYSCRIPT_VERSION  # noqa: E402
from tools.serve import start_server  # noqa: E402

TIMEOUT_MS = 120_000

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="./bench-bare.mjs"></script></head>
<body><main id="app"></main></body></html>
"""

BARE_JS = f"""
import {{ loadPyodide }} from "./vendor/pyodide-{PYODIDE_VERSION}/pyodide.mjs";
const pyodide = await loadPyodide();
performance.mark("pyodide-ready");
const zip = await (await fetch("./engine.zip")).arrayBuffer();
pyodide.unpackArchive(zip, "zip");
const version = pyodide.runPython("import small_islands; small_islands.__version__");
document.getElementById("app").textContent = `engine ${{version}} loaded`;
document.body.dataset.ready = "1";
navigator.serviceWorker.register("./bench-bare-sw.js");
"""

# The bare page's warm baseline: a minimal cache-first service worker that keeps every
# response it serves (the app's worker precaches instead; both then start from the cache).
BARE_SW = """
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  event.respondWith(caches.open("bare").then(async (cache) => {
    const hit = await cache.match(event.request, { ignoreSearch: true });
    if (hit) return hit;
    const response = await fetch(event.request);
    if (response.ok) cache.put(event.request, response.clone());
    return response;
  }));
});
"""

# Records when body gets data-ready="1", in ms since navigation start.
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "1") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true,
                   attributeFilter: ["data-ready"] });
"""


def timed_load(page: Page, url: str, reload: bool = False) -> tuple[float, float, float]:
    """(ms to data-ready, ms to first contentful paint, ms from Pyodide ready to data-ready)
    of one load. Both pages mark "pyodide-ready" when `loadPyodide()` resolves."""
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=TIMEOUT_MS)
    ready = float(page.evaluate("window.__readyAt"))
    fcp = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN"
    )
    pyodide = page.evaluate("performance.getEntriesByName('pyodide-ready')[0]?.startTime ?? NaN")
    return ready, float(fcp), ready - float(pyodide)


def cold(browser: Browser, url: str) -> tuple[float, float, float]:
    context = browser.new_context(service_workers="block")
    context.add_init_script(READY_PROBE)
    try:
        return timed_load(context.new_page(), url)
    finally:
        context.close()


def warm_page(browser: Browser, url: str) -> Page:
    """A page whose service worker controls it and has cached everything the page needs."""
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    timed_load(page, url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    timed_load(page, url, reload=True)  # the bare worker caches on this load
    return page


Load = tuple[float, float, float]  # see timed_load


def warm_series(browser: Browser, urls: list[str], runs: int) -> list[list[Load]]:
    """Reload each page `runs` times, alternating between them."""
    pages = [warm_page(browser, url) for url in urls]
    loads: list[list[Load]] = [[] for _ in urls]
    for _ in range(runs):
        for i, (page, url) in enumerate(zip(pages, urls, strict=True)):
            loads[i].append(timed_load(page, url, reload=True))
    for page in pages:
        page.context.close()
    return loads


def table(rows: list[tuple[str, list[Load]]], paint: bool) -> str:
    """One row per page; ratios against the last row (the bare page)."""
    bare = statistics.median(load[0] for load in rows[-1][1])
    lines = [
        "| page | median to data-ready (ms) | min-max (ms) | vs bare "
        "| after Pyodide ready (ms) |" + (" first paint (ms) |" if paint else ""),
        "| --- | ---: | ---: | ---: | ---: |" + (" ---: |" if paint else ""),
    ]
    for name, loads in rows:
        ready = [load[0] for load in loads]
        median = statistics.median(ready)
        after = statistics.median(load[2] for load in loads)
        line = (
            f"| {name} | {median:.0f} | {min(ready):.0f}-{max(ready):.0f} "
            f"| {median / bare:.2f}x | {after:.0f} |"
        )
        if paint:
            paints = [load[1] for load in loads if load[1] == load[1]]  # NaN: none before ready
            line += f" {statistics.median(paints):.0f} |" if paints else " - |"
        lines.append(line)
    return "\n".join(lines)


def record(text: str) -> None:
    """Replace (or append) this benchmark's section of bench/RESULTS.md."""
    record_section("## Startup", text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--record", action="store_true", help="update bench/RESULTS.md")
    args = parser.parse_args()
    site = ROOT / "site"
    if not (site / "index.html").is_file():
        raise SystemExit("site/ is not built: run `make build`")
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        served = Path(tmp) / "site"
        shutil.copytree(site, served)
        (served / "bench-bare.html").write_text(BARE_HTML)
        (served / "bench-bare.mjs").write_text(BARE_JS)
        (served / "bench-bare-sw.js").write_text(BARE_SW)
        server, url = start_server(served)
        app: list[Load] = []
        bare: list[Load] = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            cold(browser, url)  # warm-up: OS file cache, Chromium's first start
            for _ in range(args.runs):
                app.append(cold(browser, url))
                bare.append(cold(browser, url + "bench-bare.html"))
            warm, bare_warm = warm_series(browser, [url, url + "bench-bare.html"], args.runs)
            version = browser.version
            browser.close()
        server.shutdown()
    result = (
        table([("app, cold (PyScript)", app), ("bare loadPyodide(), cold", bare)], paint=True)
        + "\n\n"
        + table(
            [
                ("app, warm (service worker cache)", warm),
                ("bare loadPyodide(), warm (service worker cache)", bare_warm),
            ],
            paint=False,
        )
    )
    print(result)
    if args.record:
        record(
            "## Startup\n\n"
            "`python bench/startup.py --runs "
            f"{args.runs} --record` (after `make build`; also `make bench`)\n\n"
            f"Pyodide {PYODIDE_VERSION}, PyScript {PYSCRIPT_VERSION}, Chromium {version} "
            f"headless, {platform.machine()}, {os.cpu_count()} cores (1-min load average "
            f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after), site served from "
            "127.0.0.1. "
            f"Median of {args.runs} runs each, cold runs alternating app / bare in fresh "
            "contexts; warm runs alternate reloads of an app page and a bare page, each\n"
            "controlled by a service worker holding everything it needs; time from navigation"
            ' start to `body[data-ready="1"]`; "after Pyodide ready" is the part after\n'
            "`loadPyodide()` resolved (both pages set a performance mark then).\n\n"
            f"{result}\n"
        )


if __name__ == "__main__":
    main()
