"""Tables of a learned-vs-Hard tournament file (issue 31, twentieth session).

``python3 bench/_leaf2_table.py bench/out/gate2_leaf2.jsonl``: wins, margin ± SE, the paired
margin over deals (both seats of a seed) ± SE, by seat of the learned level, by quarter of
the run, and the decision CPU times per level (decisions timed by the tournament).

``python3 bench/_leaf2_table.py --diff A.jsonl B.jsonl``: two runs against the same opponent on
the same seeds, the per-deal difference of their paired margins (A minus B) ± SE over the deals
both runs finished, and the correlation of the deal means between the runs.
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import defaultdict


def se(xs: list[float]) -> float:
    return statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")


def main(path: str, a: str = "learned") -> None:
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    print(f"{path}: {len(rows)} games")

    def line(name: str, rs: list[dict[str, object]]) -> None:
        m = [float(r["margin"]) for r in rs]  # type: ignore[arg-type]
        w = sum(float(r["win"]) for r in rs)  # type: ignore[arg-type]
        print(f"| {name} | {len(rs)} | {w:g} ({100 * w / len(rs):.1f} %) | "
              f"{statistics.fmean(m):+.2f} ± {se(m):.2f} |")

    line("all", rows)
    for seat in (0, 1):
        line(f"{a} in seat {seat + 1}", [r for r in rows if r["a_seat"] == seat])
    deals: dict[int, list[float]] = defaultdict(list)
    for r in rows:
        deals[int(r["seed"])].append(float(r["margin"]))  # type: ignore[arg-type]
    paired = [statistics.fmean(v) for v in deals.values() if len(v) == 2]
    if paired:
        print(f"paired margin over {len(paired)} deals: {statistics.fmean(paired):+.2f} ± "
              f"{se(paired):.2f} ({statistics.fmean(paired) / se(paired):.1f} SE)")
        q = max(1, len(paired) // 4)
        print("by quarter:", ", ".join(f"{statistics.fmean(paired[i:i + q]):+.2f} ± "
                                       f"{se(paired[i:i + q]):.2f}"
                                       for i in range(0, len(paired) - q + 1, q)))
    cpu = [float(r["cpu_s"]) for r in rows]  # type: ignore[arg-type]
    print(f"CPU s per game: {statistics.fmean(cpu):.2f}")
    times: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        for level, ts in r["times"].items():  # type: ignore[attr-defined]
            times[level] += ts
    for level, ts in sorted(times.items()):
        big = [t for t in ts if t > 0.05]
        print(f"| {level} | {len(ts)} | {1000 * statistics.median(ts):.1f} ms | "
              f"{1000 * statistics.fmean(ts):.1f} ms | {1000 * max(ts):.0f} ms | "
              f"{len(big)} ({100 * len(big) / len(ts):.1f} %) | "
              f"{1000 * statistics.fmean(big):.0f} ms |")


def deal_means(path: str) -> dict[int, float]:
    """The paired margin of every deal (both seats of a seed played) of one run."""
    deals: dict[int, list[float]] = defaultdict(list)
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                deals[int(r["seed"])].append(float(r["margin"]))
    return {s: statistics.fmean(v) for s, v in deals.items() if len(v) == 2}


def diff(path_a: str, path_b: str) -> None:
    a, b = deal_means(path_a), deal_means(path_b)
    both = sorted(set(a) & set(b))
    d = [a[s] - b[s] for s in both]
    corr = statistics.correlation([a[s] for s in both], [b[s] for s in both])
    print(f"{len(both)} deals in both: A {statistics.fmean([a[s] for s in both]):+.2f}, "
          f"B {statistics.fmean([b[s] for s in both]):+.2f}; A - B {statistics.fmean(d):+.2f} "
          f"± {se(d):.2f} ({statistics.fmean(d) / se(d):.1f} SE); deal-mean correlation "
          f"{corr:.2f}")


if __name__ == "__main__":
    if sys.argv[1] == "--diff":
        diff(sys.argv[2], sys.argv[3])
    else:
        main(*sys.argv[1:])
