"""Bot decision time in the browser: the Web Worker (Pyodide) over whole games, plus long tasks.

    python bench/bot_browser.py [--games 1] [--record]
    python bench/bot_browser.py --level expert [--games 2] [--record]

Headless Chromium (tools/browser.py flags) plays all-computer games through the app (Hard
against Medium, 2 seats, pace "instant"), the bots thinking in web/bot-worker.js. For every
decision the controller records the worker's compute time ("worker") and the main thread's
round trip from building the request to receiving the answer ("round trip"); a
PerformanceObserver records main-thread long tasks. `make build` first. --record rewrites
the "Bots in the browser" section of bench/RESULTS.md.

With ``--level expert`` (or any level), the page instead starts the app's own worker
(``bot-worker.js``) and sends it, one by one, every decision with two or more legal actions
that the level met in ``--games`` CPython games against Hard (2 seats, seeds 7000+, seat
order alternating): the same request the app sends (view, legal actions, level, seed). It
reports the worker's compute time per decision, the round trip, and checks that the worker
chose what CPython chose for the same request (the level is deterministic given the seed).
Also times "Suggest a move" on the same positions. --record writes the
"Expert in the browser (worker)" section.
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


WORKER_RUN = """
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
      const listen = (e) => {
        if (e.data.id === i) { worker.removeEventListener("message", listen); resolve(e.data); }
      };
      worker.addEventListener("message", listen);
      worker.postMessage({ id: i, request: reqs[i], handler, archive });
    });
    out.push({ ok: reply.ok, ms: reply.ms, rt: performance.now() - start,
               result: reply.result || null, error: reply.error || null });
  }
  worker.terminate();
  return { boot, out };
}
"""


HANDLER = "small_islands.bots.worker:handle"  # web/game_plugins/small_islands.py
LEVEL_ARCHIVES = {"master": "learned.pack.gz"}  # web/si_web/computers.py


def recorded_requests(level: str, games: int) -> list[dict]:  # type: ignore[type-arg]
    """Every decision (2+ legal actions) of `level` in CPython games against Hard, as the
    app's worker request, with CPython's own answer to it (same seed)."""
    sys.path.insert(0, str(ROOT / "engine"))
    import random

    from small_islands import Game, Options
    from small_islands.bots import choose_action
    from small_islands.bots.hint import suggest

    out = []
    for i in range(games):
        levels = [level, "hard"] if i % 2 == 0 else ["hard", level]
        g = Game.new(Options(seats=("A", "B"), seed=7000 + i))
        rngs = [random.Random(7000 * 16 + i * 2 + k) for k in range(2)]
        while g.phase != "over":
            seat = g.to_move
            legal = g.legal_actions()
            view = g.view(seat)
            if levels[seat] == level and len(legal) > 1:
                seed = rngs[seat].randrange(2**31)
                action = choose_action(view, legal, level, seed)
                hint, _ = suggest(view, legal)
                req = {"view": view, "legal": [a.to_json() for a in legal]}
                out.append({"bot": json.dumps({"kind": "bot", "level": level, "seed": seed,
                                               "budget": 0.25, **req}),
                            "suggest": json.dumps({"kind": "suggest", **req}),
                            "action": action.to_json(), "hint": hint.to_json(),
                            "type": legal[0].type})
                g.play(action, seat)
            else:
                g.play(choose_action(view, legal, levels[seat], rngs[seat]), seat)
    return out


def worker_main(args: argparse.Namespace) -> None:
    """Time `args.level` (and hints) in the app's worker on recorded positions."""
    reqs = recorded_requests(args.level, args.games)
    server, url = start_server(ROOT / "site")
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        page = browser.new_page(base_url=url)
        page.goto("./")
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
        archive = LEVEL_ARCHIVES.get(args.level)  # Master's code: its own archive
        bots = page.evaluate(WORKER_RUN, [[r["bot"] for r in reqs], HANDLER, archive])
        hints = page.evaluate(WORKER_RUN, [[r["suggest"] for r in reqs], HANDLER, None])
        browser.close()
    server.shutdown()
    failed = [r["error"] for r in bots["out"] + hints["out"] if not r["ok"]]
    assert not failed, failed[:3]
    same = sum(json.loads(r["result"])["action"] == q["action"]
               for r, q in zip(bots["out"], reqs, strict=True))
    same_hint = sum(json.loads(r["result"])["action"] == q["hint"]
                    for r, q in zip(hints["out"], reqs, strict=True))
    ms = [r["ms"] for r in bots["out"]]
    rt = [r["rt"] for r in bots["out"]]
    hint_ms = [r["ms"] for r in hints["out"]]
    by_type: dict[str, list[float]] = {}
    for r, q in zip(bots["out"], reqs, strict=True):
        by_type.setdefault(q["type"], []).append(r["ms"])
    section = f"## {args.level.title()} in the browser (worker)"
    lines = [
        section,
        "",
        f"`python bench/bot_browser.py --level {args.level} --games {args.games} --record`"
        " (after `make build`)",
        "",
        f"Chromium headless, {platform.machine()}, {os.cpu_count()} cores, 1-min load average "
        f"{os.getloadavg()[0]:.1f} at the end. The app's `bot-worker.js` (Pyodide 314.0.7, "
        f"worker start {bots['boot'] / 1000:.1f} s) answered the {len(reqs)} decisions with two "
        f"or more legal actions that {args.level} met in {args.games} CPython games against "
        "Hard (seeds 7000+), sent one by one as the app sends them. "
        f"Same choice as CPython for the same request: {same}/{len(reqs)}.",
        "",
        "| decision | count | worker median (ms) | p90 | max |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for kind, values in sorted(by_type.items()):
        lines.append(f"| {kind} | {len(values)} | {statistics.median(values):.0f} | "
                     f"{pct(values, 9):.0f} | {max(values):.0f} |")
    lines += [
        f"| **all** | {len(ms)} | **{statistics.median(ms):.0f}** | {pct(ms, 9):.0f} | "
        f"**{max(ms):.0f}** |",
        "",
        f"Round trip (post to answer, main thread): median {statistics.median(rt):.0f} ms, "
        f"max {max(rt):.0f} ms. Targets: median ≤ 1500 ms, slowest ≤ 5000 ms.",
        f"\"Suggest a move\" on the same positions: median {statistics.median(hint_ms):.0f} ms, "
        f"max {max(hint_ms):.0f} ms (target ≤ 2000 ms); same hint as CPython "
        f"{same_hint}/{len(reqs)}.",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.record:
        record_section(section, text)


def pct(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=10, method="inclusive")[q - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--record", action="store_true")
    parser.add_argument("--level", help="time this level in the worker on recorded positions")
    args = parser.parse_args()
    if args.level:
        worker_main(args)
        return
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
