"""Ember Isle's computer players in the browser's worker: the decision time of a level.

    python bench/ember_bot_browser.py [--level hard] [--games 4] [--record]

Every decision with two or more legal actions that the level meets in `--games` CPython
games against Medium (2 seats, seeds 7000+, seats alternating) is sent, one by one, to the
app's own `bot-worker.js` in headless Chromium, as the app sends it (the seat's view, the
legal actions, the level, a seed; Ember Isle's handler and archive): the worker's compute time
per decision, the round trip, and whether the worker chose what CPython chose for the same
request (a level is deterministic given the seed). `make build` first. --record writes the
"Ember Isle's computer players in the browser (worker)" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
from pathlib import Path
from typing import Any

from _results import record_section
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "engine")]

from tools.browser import launch_args  # noqa: E402
from tools.serve import start_server  # noqa: E402

SECTION = "## Ember Isle's computer players in the browser (worker)"
RUN = """
async ([reqs, handler, archive]) => {
  const worker = new Worker("./bot-worker.js", { type: "module" });
  const t0 = performance.now();
  await new Promise((resolve, reject) => worker.addEventListener("message", (e) => {
    if (e.data.type === "ready") resolve();
    if (e.data.type === "failed") reject(new Error(e.data.error));
  }));
  const boot = performance.now() - t0;
  const out = [];
  for (let i = 0; i < reqs.length; i++) {
    const start = performance.now();
    const reply = await new Promise((resolve) => {
      const on = (e) => {
        if (e.data.id === i) { worker.removeEventListener("message", on); resolve(e.data); }
      };
      worker.addEventListener("message", on);
      worker.postMessage({ id: i, request: reqs[i], handler, archive });
    });
    out.push({ ok: reply.ok, ms: reply.ms, rt: performance.now() - start,
               result: reply.result || null, error: reply.error || null });
  }
  worker.terminate();
  return { boot, out };
}
"""


def recorded(level: str, games: int) -> list[dict[str, Any]]:
    """The level's decisions (2+ legal actions) in CPython games against Medium, as the app's
    worker requests, with CPython's answer to each."""
    from ember_isle import Game, Options
    from ember_isle.bots import choose_action

    out: list[dict[str, Any]] = []
    for i in range(games):
        levels = [level, "medium"] if i % 2 == 0 else ["medium", level]
        g = Game.new(Options(seats=("A", "B"), seed=7000 + i, bots=dict(enumerate(levels))))
        rng = random.Random(7000 * 16 + i)
        while g.phase != "over":
            seat = g.to_move
            assert seat is not None
            legal = g.legal_actions()
            view = g.view(seat)
            seed = rng.randrange(2**31)
            action = choose_action(view, legal, levels[seat], seed)
            if levels[seat] == level and len(legal) > 1:
                out.append({"request": json.dumps({
                    "kind": "bot", "view": view, "legal": [a.to_json() for a in legal],
                    "level": level, "seed": seed}), "action": action.to_json(),
                    "type": legal[0].type})
            g.play(action, seat)
    return out


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=10)[q - 1] if len(values) >= 2 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()
    reqs = recorded(args.level, args.games)
    server, url = start_server(ROOT / "site")
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        page = browser.new_page(base_url=url)
        page.goto("./")
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
        got = page.evaluate(RUN, [[r["request"] for r in reqs], "ei_web.worker:handle",
                                  "ember.pack.gz"])
        browser.close()
    server.shutdown()
    failed = [r["error"] for r in got["out"] if not r["ok"]]
    assert not failed, failed[:3]
    same = sum(json.loads(r["result"])["action"] == q["action"]
               for r, q in zip(got["out"], reqs, strict=True))
    ms = [float(r["ms"]) for r in got["out"]]
    rt = [float(r["rt"]) for r in got["out"]]
    by_type: dict[str, list[float]] = {}
    for r, q in zip(got["out"], reqs, strict=True):
        by_type.setdefault(q["type"], []).append(float(r["ms"]))
    lines = [
        SECTION, "",
        f"`python bench/ember_bot_browser.py --level {args.level} --games {args.games} --record`"
        " (after `make build`)", "",
        f"Chromium headless, {platform.machine()}, {os.cpu_count()} cores, 1-min load average "
        f"{os.getloadavg()[0]:.1f} at the end. The app's `bot-worker.js` (worker start "
        f"{got['boot'] / 1000:.1f} s, Ember Isle's archive unpacked on the first request) "
        f"answered the {len(reqs)} decisions with two or more legal actions that {args.level} "
        f"met in {args.games} CPython games against Medium (seeds 7000+), one by one as the app "
        f"sends them. Same choice as CPython for the same request: {same}/{len(reqs)}.", "",
        "| decision | count | worker median (ms) | p90 | max |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for kind, values in sorted(by_type.items()):
        lines.append(f"| {kind} | {len(values)} | {statistics.median(values):.0f} | "
                     f"{pct(values, 9):.0f} | {max(values):.0f} |")
    lines += [
        f"| **all** | {len(ms)} | **{statistics.median(ms):.0f}** | {pct(ms, 9):.0f} | "
        f"**{max(ms):.0f}** |", "",
        f"Round trip (post to answer, main thread): median {statistics.median(rt):.0f} ms, "
        f"max {max(rt):.0f} ms. Targets (issue 29): median ≤ 1000 ms, slowest ≤ 3000 ms.",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.record:
        record_section(SECTION, text)


if __name__ == "__main__":
    main()
