"""Bot decision time in the browser: the Web Worker (Pyodide) over whole games, plus long tasks.

    python bench/bot_browser.py [--games 1] [--record]

Headless Chromium (tools/browser.py flags) plays all-computer games through the app (Hard
against Medium, 2 seats, pace "instant"), the bots thinking in web/bot-worker.js. For every
decision the controller records the worker's compute time ("worker") and the main thread's
round trip from building the request to receiving the answer ("round trip"); a
PerformanceObserver records main-thread long tasks. `make build` first. --record rewrites
the "Bots in the browser" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
from pathlib import Path

from _results import record_section  # noqa: E402
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from tools.browser import launch_args  # noqa: E402
from tools.serve import start_server  # noqa: E402

SECTION = "## Bots in the browser (worker)"
LONG_TASKS = """
window.__siLong = [];
new PerformanceObserver((l) => {
  for (const e of l.getEntries()) window.__siLong.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def play_game(page) -> tuple[list[dict], list[list[float]]]:  # type: ignore[no-untyped-def]
    page.goto("./")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
    for i, (name, kind) in enumerate((("Hal", "hard"), ("Max", "medium"))):
        page.fill(f'[data-field="name-{i}"]', name)
        page.select_option(f'[data-field="kind-{i}"]', kind)
    page.select_option('[data-field="speed"]', "instant")
    page.click('[data-act="new"]')
    page.wait_for_selector('[data-screen="over"]', timeout=900_000)
    stats = json.loads(page.evaluate("() => window.siBotStats"))
    assert stats.get("failed") is None, stats["failed"]
    return stats["think"], page.evaluate("() => window.__siLong")


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=10)[q - 1] if len(values) >= 2 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()
    server, url = start_server(ROOT / "site")
    think: list[dict] = []
    hits: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        for _ in range(args.games):
            context = browser.new_context(base_url=url)
            context.add_init_script(LONG_TASKS)
            page = context.new_page()
            t, tasks = play_game(page)
            think += t
            hits += [d for s, d in tasks if any(s < x["t1"] and s + d > x["t0"] for x in t)]
            context.close()
        browser.close()
    server.shutdown()
    lines = [
        SECTION,
        "",
        f"`python bench/bot_browser.py --games {args.games} --record` (after `make build`)",
        "",
        f"Chromium headless, {platform.machine()}, {os.cpu_count()} cores, 1-min load average "
        f"{os.getloadavg()[0]:.1f} at the end; all-computer games through the app (Hard vs "
        "Medium, 2 seats, pace instant), bots in `bot-worker.js` (Pyodide 314.0.7), Hard's "
        "budget 0.25 s per decision. Decisions with a single legal action (also sent to the "
        'worker, ~0 ms) are left out. "worker" = time in Python inside the worker; '
        '"round trip" = main thread building the request to receiving the answer.',
        "",
        "| level | decisions | worker median (ms) | p90 | max | round trip median (ms) | p90 |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for level in ("hard", "medium"):
        mine = [t for t in think if t["level"] == level and t.get("n_legal", 2) > 1]
        ms = [t["ms"] for t in mine if t["ms"] is not None]
        rt = [t["t1"] - t["t0"] for t in mine]
        if not ms:
            continue
        lines.append(
            f"| {level} | {len(ms)} | {statistics.median(ms):.0f} | {pct(ms, 9):.0f} | "
            f"{max(ms):.0f} | {statistics.median(rt):.0f} | {pct(rt, 9):.0f} |"
        )
    lines += [
        "",
        f"Main-thread long tasks (> 50 ms) overlapping a bot's thinking: {len(hits)}, max "
        f"{max(hits, default=0):.0f} ms (target: none over 100 ms). Target for Hard: median "
        "≤ 1.0 s.",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.record:
        record_section(SECTION, text)


if __name__ == "__main__":
    main()
