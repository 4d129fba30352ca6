"""Lighthouse (mobile preset) on the built site served with gzip, as GitHub Pages serves it.

    python bench/lighthouse.py [--site site] [--before DIR] [--runs 3] [--record]

Runs the npm `lighthouse` CLI (installed on first use into bench/out/lighthouse with
`npm install --no-save`: a benchmark tool, not one of package.json's runtime pins; not in CI)
against Debian's Chromium. A Lighthouse run is a first visit (it clears the origin's storage),
with its simulated mobile network and 4x CPU. --before: another built site (e.g. the previous
commit's `tools/build.py --out DIR`) measured in the same run, alternating. Medians of --runs.
--record rewrites the "Lighthouse (start-up)" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from _results import record_section  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.browser import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from tools.serve import start_server  # noqa: E402

VERSION = "13.5.0"
TOOL = ROOT / "bench" / "out" / "lighthouse"
CLI = TOOL / "node_modules" / ".bin" / "lighthouse"
SECTION = "## Lighthouse (start-up)"
CATEGORIES = ("performance", "accessibility", "best-practices")
METRICS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "speed-index": "Speed Index",
}


def install() -> None:
    if not CLI.exists():
        TOOL.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(TOOL),
             f"lighthouse@{VERSION}"],
            check=True,
        )


def lighthouse(url: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run: {category: score 0-100, metric: ms}."""
    flags = [a for a in CHROMIUM_ARGS if not a.startswith(("--host-resolver-rules", "--headless"))]
    subprocess.run(
        [str(CLI), url, "--quiet", "--output=json", f"--output-path={out}",
         f"--only-categories={','.join(CATEGORIES)}",
         f"--chrome-path={chromium_executable() or ''}",
         "--chrome-flags=" + " ".join(["--headless=new", *flags])],
        check=True,
        timeout=600,
    )
    report = json.loads(out.read_text())
    found: dict[str, Any] = {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES}
    for audit, name in METRICS.items():
        found[name] = report["audits"][audit]["numericValue"]
    return found


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def table(rows: list[tuple[str, dict[str, Any]]]) -> str:
    keys = [*CATEGORIES, *METRICS.values()]
    lines = ["| site | " + " | ".join(keys) + " |", "| --- |" + " ---: |" * len(keys)]
    for name, found in rows:
        cells = [f"{found[k]:.0f}" if k in CATEGORIES else f"{found[k] / 1000:.1f} s" for k in keys]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--before", type=Path, help="another built site, measured alongside")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()
    install()
    sites = [("this build", args.site.resolve())]
    if args.before:
        sites.insert(0, ("before (--before)", args.before.resolve()))
    servers = [start_server(site, compress=True) for _, site in sites]
    results: list[list[dict[str, Any]]] = [[] for _ in sites]
    load = os.getloadavg()[0]
    try:
        for run in range(args.runs):
            for i, (_, url) in enumerate(servers):
                results[i].append(lighthouse(url, TOOL / f"report-{i}-{run}.json"))
    finally:
        for server, _ in servers:
            server.shutdown()
    names = [name for name, _ in sites]
    text = table([(name, median_of(found)) for name, found in zip(names, results, strict=True)])
    print(text)
    if args.record:
        record_section(SECTION, (
            f"{SECTION}\n\n`python bench/lighthouse.py --runs {args.runs}"
            f"{' --before DIR' if args.before else ''} --record` (Lighthouse {VERSION}, mobile "
            "preset: simulated slow 4G and 4x CPU; a first visit; site served with gzip from "
            f"127.0.0.1; medians; 1-min load average {load:.1f} at the start)\n\n{text}\n"
        ))


if __name__ == "__main__":
    main()
