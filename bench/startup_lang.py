"""Start-up in French beside English, side by side (issue 30, item 5).

    python bench/startup_lang.py [--runs 7] [--throttled-runs 5] [--record]

The same build, two browser profiles that differ only in the device's language (`locale`
en-US and fr-FR: the app follows `navigator.languages` on a first visit). A French start
fetches the French catalogue (`locale/fr/messages.mo.gz`) and reads it before Python renders
in French; an English one fetches none. Series, each alternating English and French runs:

- first visits: a fresh context per run (empty caches, service workers blocked);
- returning visits: each profile's service worker holds everything, its Python snapshot is
  stored and a game against a computer is in progress; each visit a new tab, alone
  (`startup.SETTLE_S` after the last one closed), as in bench/startup.py;
- the returning visits again at 390x844 with the CPU throttled 4x (a mid-range phone).

Times from navigation start, measured in the page (bench/startup.py's probes): to
interactive (`body[data-ready="1"]`), first contentful paint, the stored board painted before
Python (returning visits), Python's live board. Every French run is checked to have shown
French (`<html lang="fr">` and the French word for Menu/New game). `make build` first.
--record writes the section "Start-up in French, side by side" of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import startup
from _results import record_section
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.browser import launch_args  # noqa: E402

SECTION = "## Start-up in French, side by side"
LOCALES = {"en": "en-US", "fr": "fr-FR"}
Load = dict[str, Any]


def shown_language(page: Page) -> str:
    return str(page.evaluate("() => document.documentElement.lang"))


def cold(browser: Browser, url: str, lang: str, phone: bool = False) -> Load:
    """A first visit in a fresh context whose device language is `lang`."""
    options: dict[str, Any] = {"service_workers": "block", "locale": LOCALES[lang],
                               **(startup.PHONE if phone else {})}
    context = startup.new_context(browser, **options)
    try:
        page = context.new_page()
        if phone:
            startup.throttle(page)
        load = startup.timed_load(page, url)
        load["lang"] = shown_language(page)
        return load
    finally:
        context.close()
        time.sleep(startup.SETTLE_S)


def returning(browser: Browser, url: str, runs: int, phone: bool = False) -> dict[str, list[Load]]:
    """`runs` returning visits per language, alternating, each a new tab alone."""
    options = startup.PHONE if phone else {}
    pages = {lang: startup.returning_page(browser, url, True, locale=LOCALES[lang], **options)[0]
             for lang in LOCALES}
    for page in pages.values():
        page.close()
    time.sleep(startup.SETTLE_S)
    loads: dict[str, list[Load]] = {lang: [] for lang in LOCALES}
    for _ in range(runs):
        for lang, old in pages.items():
            page = old.context.new_page()
            if phone:
                startup.throttle(page)
            load = startup.timed_load(page, url)
            load["lang"] = shown_language(page)
            loads[lang].append(load)
            pages[lang] = page
            page.close()
            time.sleep(startup.SETTLE_S)
    for page in pages.values():
        page.context.close()
    return loads


def run(site: Path, runs: int, throttled: int) -> dict[str, Any]:
    out: dict[str, Any] = {"cold": {lang: [] for lang in LOCALES}}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_args())
        server, url = startup.serve_copy(site, tmp)
        cold(browser, url, "en")  # warm-up: OS file cache, Chromium's first start
        for _ in range(runs):
            for lang in LOCALES:
                out["cold"][lang].append(cold(browser, url, lang))
        out["warm"] = returning(browser, url, runs)
        out["phone"] = returning(browser, url, throttled, phone=True)
        out["chromium"] = browser.version
        server.shutdown()
        browser.close()
    for series in ("cold", "warm", "phone"):
        for lang, loads in out[series].items():
            assert all(load["lang"] == lang for load in loads), (series, lang,
                                                                  [x["lang"] for x in loads])
    return out


KEYS = (("interactive", "ready"), ("first paint", "fcp"), ("stored board", "painted"),
        ("live board", "board"))


def rows(series: dict[str, list[Load]]) -> list[str]:
    lines = []
    for label, key in KEYS:
        en = startup.med(series["en"], key)
        fr = startup.med(series["fr"], key)
        if en is None and fr is None:
            continue
        ratio = f"{fr / en:.2f}x" if en and fr else "-"
        spread = [load[key] for load in series["fr"] if load.get(key) is not None]
        lines.append(f"| {label} | {startup.ms(en)} | {startup.ms(fr)} | {ratio} | "
                     f"{min(spread):.0f}-{max(spread):.0f} |" if spread else
                     f"| {label} | {startup.ms(en)} | {startup.ms(fr)} | {ratio} | - |")
    return lines


def report(out: dict[str, Any], runs: int, throttled: int) -> str:
    head = ("| time to | English (ms, median) | French (ms, median) | French / English |"
            " French min-max (ms) |\n| --- | ---: | ---: | ---: | ---: |")
    parts = [
        SECTION, "",
        f"`python bench/startup_lang.py --runs {runs} --throttled-runs {throttled}` (after "
        f"`make build`), {time.strftime('%Y-%m-%d')}, Chromium {out['chromium']}, "
        f"Python {platform.python_version()}, {platform.machine()}: the same build, two "
        "profiles differing only in the device's language, runs alternating.", "",
        f"First visits ({runs} each):", "", head, *rows(out["cold"]), "",
        f"Returning visits ({runs} each, a game in progress):", "", head, *rows(out["warm"]), "",
        f"Returning visits at 390x844, CPU throttled 4x ({throttled} each):", "", head,
        *rows(out["phone"]),
    ]
    return "\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--throttled-runs", type=int, default=5)
    parser.add_argument("--record", action="store_true", help="update bench/RESULTS.md")
    args = parser.parse_args()
    site = ROOT / "site"
    out = run(site, args.runs, args.throttled_runs)
    text = report(out, args.runs, args.throttled_runs)
    print(text)
    for series in ("cold", "warm", "phone"):
        for lang in LOCALES:
            ready = [load["ready"] for load in out[series][lang]]
            print(series, lang, "interactive:", " ".join(f"{v:.0f}" for v in ready),
                  "median", f"{statistics.median(ready):.0f}")
    if args.record:
        record_section(SECTION, text)


if __name__ == "__main__":
    main()
