"""The app's own bytes in site/ (everything but the vendored Pyodide and PyScript), gzipped.

    python bench/bytes.py [--record]

Each file is gzipped (level 9) as a server or the service worker cache would move it; zips
(engine.zip, ui.zip) are already deflated, so gzip barely changes them. Budget: 250 KB.
`make build` first. --record rewrites the "App bytes" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

from _results import record_section

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
SECTION = "## App bytes"
BUDGET = 250 * 1024


def measure(site: Path) -> list[tuple[str, int, int]]:
    """(path, raw bytes, gzip bytes) of every app file, largest gzip first."""
    rows = []
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if not path.is_file() or rel.startswith("vendor/"):
            continue
        raw = path.read_bytes()
        rows.append((rel, len(raw), len(gzip.compress(raw, 9, mtime=0))))
    return sorted(rows, key=lambda r: -r[2])


def report(rows: list[tuple[str, int, int]]) -> str:
    total_raw = sum(r[1] for r in rows)
    total_gz = sum(r[2] for r in rows)
    lines = [
        SECTION,
        "",
        "`python bench/bytes.py --record` (after `make build`)",
        "",
        "Everything in site/ except `vendor/` (Pyodide, PyScript): "
        f"**{total_gz / 1024:.1f} KB gzip** "
        f"({total_raw / 1024:.1f} KB raw), budget {BUDGET // 1024} KB "
        f"({'within' if total_gz <= BUDGET else 'OVER'} budget).",
        "",
        "| file | raw (KB) | gzip (KB) |",
        "| --- | ---: | ---: |",
    ]
    lines += [f"| `{name}` | {raw / 1024:.1f} | {gz / 1024:.1f} |" for name, raw, gz in rows]
    return "\n".join(lines) + "\n"


def record(text: str) -> None:
    """Replace (or append) this benchmark's section of bench/RESULTS.md."""
    record_section(SECTION, text)


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
        record(text)
    return 0 if sum(r[2] for r in rows) <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
