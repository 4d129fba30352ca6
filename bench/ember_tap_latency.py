"""Tap-to-feedback latency of Ember Isle's UI in headless Chromium, on a phone (390x844, touch).

    python bench/ember_tap_latency.py [--taps 150] [--record]

A person plays a 2-seat game against Easy from the start (Ember Isle chosen on the start
screen, its code loaded), tapping as `e2e/ember_helpers.my_move` does: cards, columns (the
clue's preview), confirm, map targets, claims. For every tap the page records the click's
timestamp, the moment the DOM changed and the next animation frame after it (as
`bench/tap_latency.py` does for Small Islands), and Python's split (handle, render:
`window.siEmberTap`). Computer turns are not timed (they run in the worker after a pause).
`make build` first. --record writes the "Ember Isle tap latency" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import statistics
import sys
from pathlib import Path
from typing import Any

from _results import record_section
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "engine"), str(ROOT / "e2e")]

import ember_helpers  # noqa: E402
from tools.browser import launch_args  # noqa: E402
from tools.serve import start_server  # noqa: E402

SECTION = "## Ember Isle tap latency"
PROBE = """
window.__taps = [];
document.addEventListener('click', (e) => {
  const rec = {t0: e.timeStamp, dom: null, frame: null, split: null,
               act: e.target.closest('[data-act]')?.getAttribute('data-act')};
  window.__taps.push(rec);
  const obs = new MutationObserver(() => {
    obs.disconnect();
    rec.dom = performance.now();
    requestAnimationFrame(() => { rec.frame = performance.now(); rec.split = window.siEmberTap; });
  });
  obs.observe(document.getElementById('app'), {childList: true, subtree: true});
}, {capture: true});
"""


def run(taps: int) -> list[dict[str, Any]]:
    server, url = start_server(ROOT / "site")
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True,
                                is_mobile=True)
        page.add_init_script(PROBE)
        page.goto(url)
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
        ember_helpers.open_ember(page)
        ember_helpers.new_game(page, ["Ann", "Bob"], ["human", "easy"])
        start = int(page.evaluate("() => window.__taps.length"))

        def enough(pg: Any, what: str) -> None:
            if pg.evaluate("() => window.__taps.length") - start >= taps:
                raise StopIteration

        with contextlib.suppress(StopIteration):
            ember_helpers.play_to_end(page, 1200, enough)
        page.wait_for_timeout(200)
        found: list[dict[str, Any]] = page.evaluate("() => window.__taps")
        browser.close()
    server.shutdown()
    return [t for t in found[start:] if t["frame"] is not None and t["act"]]


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]


def report(rows: list[dict[str, Any]]) -> str:
    frames = [t["frame"] - t["t0"] for t in rows]
    by_act: dict[str, list[float]] = {}
    for t in rows:
        by_act.setdefault(t["act"], []).append(t["frame"] - t["t0"])
    splits = [[float(x) for x in t["split"].split()] for t in rows if t.get("split")]
    lines = [
        SECTION, "",
        "`python bench/ember_tap_latency.py --record` (after `make build`)", "",
        f"Headless Chromium, 390x844 touch, {platform.machine()}, {os.cpu_count()} cores (1-min "
        f"load {os.getloadavg()[0]:.1f}). A person's taps in a 2-seat game against Easy: click "
        "to the next frame after the DOM changed.", "",
        f"All {len(frames)} taps: median **{statistics.median(frames):.1f} ms**, "
        f"p95 **{p95(frames):.1f} ms** (budget p95 <= 50 ms: "
        f"{'within' if p95(frames) <= 50 else 'OVER'}).", "",
        "| tap | n | median (ms) | p95 (ms) |", "| --- | ---: | ---: | ---: |",
    ]
    for act, values in sorted(by_act.items()):
        lines.append(f"| `{act}` | {len(values)} | {statistics.median(values):.1f} | "
                     f"{p95(values):.1f} |")
    if splits:
        handle = statistics.median(s[0] for s in splits)
        render = statistics.median(s[1] for s in splits)
        lines += ["", f"Python's part (median): handle {handle:.1f} ms, render {render:.1f} ms "
                  "(building the HTML and setting it)."]
        drawn = [s for s in splits if len(s) >= 4]
        if drawn:
            build = statistics.median(s[2] for s in drawn)
            put = statistics.median(s[3] for s in drawn)
            lines += ["", f"Of the render, the game table ({len(drawn)} taps, median): build its "
                      f"HTML {build:.1f} ms, set its changed parts on the page {put:.1f} ms."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=150)
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()
    text = report(run(args.taps))
    print(text)
    if args.record:
        record_section(SECTION, text)


if __name__ == "__main__":
    main()
