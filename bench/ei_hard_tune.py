"""Tuning runs of Ember Isle's Hard: ``python bench/ei_hard_tune.py KEY=VALUE ... -- ARGS``.

The KEY=VALUE pairs override `ember_isle.bots.search.Settings` fields; ARGS are the
tournament's (``--a hard --b medium --games S --seats N --seed X``). Used for the tables of
bench/RESULTS.md, "Ember Isle Hard". Also prints the time of the decisions Hard searched
(the tournament's own line counts every Hard decision, Medium's delegated ones included).
"""

from __future__ import annotations

import dataclasses
import statistics
import sys
import time
from typing import Any

from ember_isle import bots
from ember_isle.__main__ import main
from ember_isle.bots import search

SEARCHED: list[float] = []


def timed(view: Any, legal: Any, rng: Any) -> Any:
    before = search.STATS["searches"]
    start = time.perf_counter()
    action = search.hard(view, legal, rng)
    if search.STATS["searches"] > before:
        SEARCHED.append(time.perf_counter() - start)
    return action


if __name__ == "__main__":
    args = sys.argv[1:]
    cut = args.index("--") if "--" in args else len(args)
    overrides = {}
    for pair in args[:cut]:
        key, val = pair.split("=")
        overrides[key] = type(getattr(search.SETTINGS, key))(val)
    search.SETTINGS = dataclasses.replace(search.SETTINGS, **overrides)
    bots.POLICIES["hard"] = timed
    print("settings:", search.SETTINGS, flush=True)
    code = main(["tournament", *args[cut + 1 :]])
    if SEARCHED:
        ts = sorted(SEARCHED)
        print(
            f"hard searched decisions: median {1000 * statistics.median(ts):.0f} ms,"
            f" p90 {1000 * ts[int(0.9 * (len(ts) - 1))]:.0f} ms, max {1000 * ts[-1]:.0f} ms"
            f" over {len(ts)}; steps per search {search.STATS['steps'] / len(ts):.1f}"
        )
    sys.exit(code)
