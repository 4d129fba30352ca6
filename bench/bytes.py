"""The app's own bytes in site/ (everything but the vendored Pyodide and PyScript), as they
cross the wire.

    python bench/bytes.py [--record]

What a host sends: text, scripts and JSON gzip-encoded (GitHub Pages does; so does
`tools/serve.py --gzip`, whose list of suffixes this uses), everything else as it is: zips,
gzip files and images are never re-encoded (GitHub Pages does not gzip application/zip), so
they count their raw size. The engine and the UI ship as `*.pack.gz` (the build compresses them
itself), so their size is the same on any host. Budget: 250 KB for Small Islands, plus at most
150 KB for the second game, Ember Isle, whose code (EMBER: its archive) is fetched only when a
player chooses it and is counted apart (its stylesheet is linked by every page, so that a
picture of its screen painted before Python is ready is styled: it counts with the app).
`make build` first. --record rewrites the "App bytes" section of bench/RESULTS.md (its notes
below the table are kept).
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

from _results import notes_after_table, record_section

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.serve import GZIP_SUFFIXES  # noqa: E402

SITE = ROOT / "site"
SECTION = "## App bytes"
BUDGET = 250 * 1024
# Ember Isle's own files (fetched only when chosen); its budget is on top of BUDGET. (Its
# stylesheet, ember.css, is in every page's head since its screen may be the first paint.)
EMBER = ("ember.pack.gz",)
EMBER_BUDGET = 150 * 1024
# The languages' catalogues: the page fetches the chosen one's only (English needs none); the
# total counts the largest, as a player of that language downloads it. Ember Isle's part of a
# catalogue (``locale/<lang>/ember-isle.mo.gz``) comes with its code and counts with it.
LOCALE = "locale/"
EMBER_WORDS = "/ember-isle.mo.gz"


def catalogue(rows: list[tuple[str, int, int, str]], game: bool = False) -> int:
    """The largest catalogue's bytes on the wire (what a player of that language adds), or
    with `game` the largest of Ember Isle's parts."""
    return max((r[2] for r in rows if r[0].startswith(LOCALE)
                and r[0].endswith(EMBER_WORDS) == game), default=0)


def wire(path: Path, raw: bytes) -> tuple[int, str]:
    """(bytes sent, how): gzip level 6 (a host's usual level) for the suffixes hosts
    compress, else the file as it is."""
    if path.suffix in GZIP_SUFFIXES:
        return len(gzip.compress(raw, 6, mtime=0)), "gzip"
    return len(raw), "as is"


def measure(site: Path) -> list[tuple[str, int, int, str]]:
    """(path, raw bytes, bytes on the wire, how) of every app file, largest first."""
    rows = []
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if not path.is_file() or rel.startswith("vendor/"):
            continue
        raw = path.read_bytes()
        rows.append((rel, len(raw), *wire(path, raw)))
    return sorted(rows, key=lambda r: -r[2])


def totals(rows: list[tuple[str, int, int, str]]) -> tuple[int, int]:
    """(Small Islands' bytes on the wire, Ember Isle's)."""
    ember = sum(r[2] for r in rows if r[0] in EMBER)
    words = sum(r[2] for r in rows if r[0].startswith(LOCALE))
    return (sum(r[2] for r in rows) - ember - words + catalogue(rows),
            ember + catalogue(rows, game=True))


def report(rows: list[tuple[str, int, int, str]]) -> str:
    total_raw = sum(r[1] for r in rows if r[0] not in EMBER and not r[0].startswith(LOCALE))
    total, ember = totals(rows)
    lines = [
        SECTION,
        "",
        "`python bench/bytes.py --record` (after `make build`)",
        "",
        "Everything in site/ except `vendor/` (Pyodide, PyScript) and Ember Isle's files, with "
        "one language's catalogue (the largest: a player fetches the chosen language's only; "
        f"English, {(total - catalogue(rows)) / 1024:.1f} KB, needs none), as it crosses the "
        f"wire: **{total / 1024:.1f} KB** ({total_raw / 1024:.1f} KB raw without it), budget "
        f"{BUDGET // 1024} KB ({'within' if total <= BUDGET else 'OVER'} budget). Ember Isle "
        f"({', '.join(f'`{n}`' for n in EMBER)} and its part of the largest catalogue, "
        "fetched only when chosen): "
        f"**{ember / 1024:.1f} KB**, budget {EMBER_BUDGET // 1024} KB "
        f"({'within' if ember <= EMBER_BUDGET else 'OVER'} budget).",
        "",
        "| file | raw (KB) | on the wire (KB) | sent |",
        "| --- | ---: | ---: | --- |",
    ]
    lines += [f"| `{name}` | {raw / 1024:.1f} | {sent / 1024:.1f} | {how} |"
              for name, raw, sent, how in rows]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        raise SystemExit(f"{args.site} is not built: run `make build`")
    rows = measure(args.site)
    text = report(rows)
    print(text)
    if args.record:
        notes = notes_after_table(SECTION)
        record_section(SECTION, text + ("\n" + notes + "\n" if notes else ""))
    total, ember = totals(rows)
    return 0 if total <= BUDGET and ember <= EMBER_BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
