"""Tap-to-feedback latency of the UI in headless Chromium on a mid-game board.

    python bench/tap_latency.py [--rounds 12] [--tiles 40] [--record]
    python bench/tap_latency.py --sites OLD_SITE site [--repeats 3]   (A/B, interleaved)

A mid-game save (a 2-seat game with about 40 tiles on the map, seat to move at the start of
an Explore turn) is made with the engine and put in localStorage; the app loads it like
any saved game. Then, for each round, real mouse clicks through a turn: take a face-up
tile, select a hand tile, tap a highlighted cell (preview), rotate, cancel, undo. For every
tap the page records the click event's timestamp, the moment the DOM changed (Python's
handler re-rendered #app) and the next animation frame after it ("visible feedback").
`make build` first. --record rewrites the "Tap latency" section of bench/RESULTS.md.
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

from _results import record_section  # noqa: E402
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "engine")]

from small_islands import Game, Land, Options  # noqa: E402
from tools.browser import launch_args  # noqa: E402
from tools.serve import start_server  # noqa: E402

SECTION = "## Tap latency (UI)"
SPLITS: list[list[float]] = []

PROBE = """
window.__taps = [];
document.addEventListener('click', (e) => {
  const rec = {t0: e.timeStamp, dom: null, frame: null,
               act: e.target.closest('[data-act]')?.getAttribute('data-act')};
  window.__taps.push(rec);
  const obs = new MutationObserver(() => {
    obs.disconnect();
    rec.dom = performance.now();
    requestAnimationFrame(() => { rec.frame = performance.now(); });
  });
  obs.observe(document.getElementById('app'), {childList: true, subtree: true});
}, {capture: true});
"""


def mid_game_save(tiles: int, seed: int = 5) -> str:
    """A 2-seat game with at least `tiles` tiles placed, at the start of an Explore turn."""
    rng = random.Random(seed)
    g = Game.new(Options(seats=("Ann", "Bob"), seed=seed))
    while True:
        if g.phase == "exploration" and g.stage == "take" and len(g.board.tiles) >= tiles:
            return str(g.to_json())
        if g.phase == "over":
            raise SystemExit("the game ended before the board was big enough: try another seed")
        actions = g.legal_actions()
        calm = [a for a in actions if not isinstance(a, Land)] or actions
        g.play(rng.choice(calm))


def click(page: Page, selector: str) -> None:
    page.locator(selector).first.click()
    page.wait_for_function(
        "() => { const t = window.__taps.at(-1); return t && t.frame !== null; }"
    )
    split = page.evaluate("() => window.siLastTap")
    if split:
        SPLITS.append([float(x) for x in split.split()])


def run(rounds: int, tiles: int, site: Path = ROOT / "site") -> dict[str, list[float]]:
    SPLITS.clear()
    save = mid_game_save(tiles)
    server, url = start_server(site)
    samples: dict[str, list[float]] = {}
    frames: list[float] = []
    doms: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        page = browser.new_page(viewport={"width": 1280, "height": 720}, reduced_motion=os.environ.get("RM", "no-preference"))
        page.add_init_script(PROBE)
        page.goto(url)
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
        page.evaluate("(s) => localStorage.setItem('small-islands/save', s)", save)
        page.evaluate("() => localStorage.setItem('small-islands/ui', '{\"screen\": \"game\"}')")
        page.reload()
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
        click(page, '[data-act="unlock"]')
        n_tiles = page.locator("#board g.tile").count()
        for _ in range(rounds):
            click(page, '[data-act="take"]')
            click(page, '[data-act="hand"]:not(.nofit)')
            click(page, "#board .target")
            click(page, '[data-act="rotate"]:not([disabled]), [data-act="cancel"]')
            click(page, '[data-act="cancel"]')
            click(page, '[data-act="undo"]')
        taps = page.evaluate("() => window.__taps")
        browser.close()
    server.shutdown()
    for t in taps[1:]:  # the unlock tap is not part of a turn
        frame, dom = t["frame"] - t["t0"], t["dom"] - t["t0"]
        samples.setdefault(t["act"], []).append(frame)
        if t["act"] != "undo":
            frames.append(frame)
            doms.append(dom)
    samples["_all_turn_taps_frame"] = frames
    samples["_all_turn_taps_dom"] = doms
    samples["_tiles"] = [n_tiles]
    for i, name in enumerate(("_py_handle", "_py_render")):
        samples[name] = [s[i] for s in SPLITS[1:]]
    return samples


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]


def report(samples: dict[str, list[float]], rounds: int) -> str:
    chromium = "Chromium headless"
    lines = [
        SECTION,
        "",
        f"`python bench/tap_latency.py --rounds {rounds} --record` (after `make build`)",
        "",
        f"{chromium}, {platform.machine()}, {os.cpu_count()} cores, 1-min load average "
        f"{os.getloadavg()[0]:.1f} at the end (other jobs were running), "
        f"mid-game board of {samples['_tiles'][0]} tiles "
        "(2 seats), real mouse clicks via Playwright. Latency = click event timestamp to the "
        'next animation frame after Python re-rendered `#app` ("DOM" = to the re-render).',
        "",
        "| tap | n | median (ms) | p95 (ms) |",
        "| --- | ---: | ---: | ---: |",
    ]
    rows = [
        ("all turn taps (frame)", "_all_turn_taps_frame"),
        ("all turn taps (DOM)", "_all_turn_taps_dom"),
    ]
    rows += [
        ("Python: handle the tap", "_py_handle"),
        ("Python: render (build HTML + innerHTML)", "_py_render"),
    ]
    rows += [
        (f"`{k}`", k) for k in ("take", "hand", "cell", "rotate", "cancel", "undo") if k in samples
    ]
    for label, key in rows:
        v = samples[key]
        lines.append(f"| {label} | {len(v)} | {statistics.median(v):.1f} | {p95(v):.1f} |")
    lines.append("")
    lines.append(
        "`undo` replays the game from its action list (the engine's event-sourced undo), so it "
        "is slower and is listed apart from the turn taps."
    )
    return "\n".join(lines) + "\n"


def record(text: str) -> None:
    """Replace (or append) this benchmark's section of bench/RESULTS.md."""
    record_section(SECTION, text)


def compare(sites: list[Path], rounds: int, tiles: int, repeats: int) -> str:
    """Two builds side by side: runs alternate A, B, A, B... so both see the same machine."""
    merged: list[dict[str, list[float]]] = [{} for _ in sites]
    for _ in range(repeats):
        for i, site in enumerate(sites):
            for key, values in run(rounds, tiles, site).items():
                merged[i].setdefault(key, []).extend(values)
    lines = [
        f"A = {sites[0]}, B = {sites[1]}; {repeats} alternating runs x {rounds} rounds each",
        "",
        "| tap | A median | B median | B/A | A p95 | B p95 | B/A |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for key in ("_all_turn_taps_frame", "_all_turn_taps_dom", "_py_handle", "_py_render", "undo"):
        a, b = merged[0][key], merged[1][key]
        ma, mb, pa, pb = statistics.median(a), statistics.median(b), p95(a), p95(b)
        lines.append(
            f"| {key.strip('_')} | {ma:.1f} | {mb:.1f} | {mb / ma:.2f} | {pa:.1f} | {pb:.1f} "
            f"| {pb / pa:.2f} |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--tiles", type=int, default=40)
    parser.add_argument("--record", action="store_true")
    parser.add_argument("--sites", nargs=2, type=Path, help="compare two built sites (A/B)")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if args.sites:
        print(compare(args.sites, args.rounds, args.tiles, args.repeats))
        return
    samples = run(args.rounds, args.tiles)
    text = report(samples, args.rounds)
    print(text)
    print(json.dumps({k: [round(x, 1) for x in v] for k, v in samples.items()})[:2000])
    if args.record:
        record(text)


if __name__ == "__main__":
    main()
