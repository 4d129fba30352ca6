"""Tuning and official runs of Ember Isle's Hard (bench/RESULTS.md, "Ember Isle Hard").

* ``python bench/ei_hard_tune.py strong KEY=VALUE ... -- ARGS``: Hard as played
  (`ember_isle.bots.strong`) with `Knobs` fields overridden; ARGS are the tournament's
  (``--a hard --b medium --games S --seats N --seed X``).
* ``python bench/ei_hard_tune.py official [--out DIR] [--first 2000] [--last 2499]
  [--seats 2]``: the official run, Hard against Medium, Hard in every seat of every seed, in
  chunks of 25 seeds (50 games with two seats) written to DIR/SEED.json as each finishes;
  chunks already written are skipped, so the run resumes where it stopped. ``official
  --summary`` adds the chunks up (with the lava's effects and the lava decisions' times
  where the chunks recorded them).
* ``python bench/ei_hard_tune.py KEY=VALUE ... -- ARGS``: the earlier search Hard
  (`ember_isle.bots.search`, kept for the record) with `Settings` fields overridden; prints
  the time of the decisions it searched too.
"""

from __future__ import annotations

import dataclasses
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from ember_isle import bots
from ember_isle.__main__ import main
from ember_isle.bots import lava, policy, search, strong, tournament
from ember_isle.bots.model import Model
from game_kit.stats import wilson

SEARCHED: list[float] = []
CHUNK = 25
OUT = Path(__file__).resolve().parent / "ei_hard_official"


def timed(view: Any, legal: Any, rng: Any) -> Any:
    before = search.STATS["searches"]
    start = time.perf_counter()
    action = search.hard(view, legal, rng)
    if search.STATS["searches"] > before:
        SEARCHED.append(time.perf_counter() - start)
    return action


def _search_mode(args: list[str]) -> int:
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
    return code


def _strong_mode(args: list[str]) -> int:
    cut = args.index("--") if "--" in args else len(args)
    for pair in args[:cut]:
        key, val = pair.split("=")
        target: Any = strong.KNOBS
        if key.startswith("lava."):  # the lava evaluation's weights (bots/lava.py)
            target, key = lava.LAVA, key[5:]
        cur = getattr(target, key)
        setattr(target, key, val == "True" if isinstance(cur, bool) else type(cur)(val))
    print("knobs:", strong.KNOBS, lava.LAVA, flush=True)
    bots.POLICIES["hard"] = _timed_strong
    code = main(["tournament", *args[cut + 1 :]])
    _lava_report()
    return code


LAVA_S: list[float] = []
LAVA_DIFF = [0]  # lava decisions where Hard's hex is not the one Medium would place




def _timed_strong(view: Any, legal: Any, rng: Any) -> Any:
    """Hard as played, the lava decisions timed apart."""
    if view["stage"] != "lava":
        return strong.hard(view, legal, rng)
    start = time.perf_counter()
    action = strong.hard(view, legal, rng)
    LAVA_S.append(time.perf_counter() - start)
    LAVA_DIFF[0] += action != policy._place_lava(Model(view), legal)
    return action


def _lava_report() -> None:
    """The median, p90 and slowest of Hard's lava decisions."""
    if LAVA_S:
        ts = sorted(LAVA_S)
        print(
            f"hard lava decisions: median {1000 * statistics.median(ts):.1f} ms,"
            f" p90 {1000 * ts[int(0.9 * (len(ts) - 1))]:.1f} ms, max {1000 * ts[-1]:.0f} ms"
            f" over {len(ts)}; {LAVA_DIFF[0]} of them differ from Medium's hex"
        )


def _chunk(seed: int, seats: int = 2) -> dict[str, Any]:
    bots.POLICIES["hard"] = _timed_strong
    LAVA_S.clear()
    LAVA_DIFF[0] = 0
    res = tournament.run("hard", "medium", CHUNK, seats, seed)
    times = sorted(res.decision_s.get("hard", []))
    lava_ts = sorted(LAVA_S)
    return {
        "seeds": [seed, seed + CHUNK - 1],
        "games": res.games,
        "wins": res.wins_a,
        "margins": res.margins,
        "seat_wins": res.seat_wins,
        "amulets_by": res.amulets_by,
        "lava_by": res.lava_by,
        "destroyed_by": res.destroyed_by,
        "located_by": res.located_by,
        "located_raised_by": res.located_raised_by,
        "seats": seats,
        "lava_ms": [round(1000 * t, 2) for t in lava_ts],
        "lava_differ": LAVA_DIFF[0],
        "lava": res.lava,
        "amulets_left": res.amulets_left,
        "hard_ms": {
            "median": 1000 * statistics.median(times),
            "p90": 1000 * times[int(0.9 * (len(times) - 1))],
            "max": 1000 * times[-1],
            "n": len(times),
        },
        "elapsed_s": res.elapsed_s,
    }


def _official(args: list[str]) -> int:
    def opt(name: str, default: str) -> str:
        return args[args.index(name) + 1] if name in args else default

    out = Path(opt("--out", str(OUT)))
    first, last = int(opt("--first", "2000")), int(opt("--last", "2499"))
    seats = int(opt("--seats", "2"))
    out.mkdir(parents=True, exist_ok=True)
    if "--summary" not in args:
        for seed in range(first, last + 1, CHUNK):
            path = out / f"{seed}.json"
            if path.exists():
                continue
            row = _chunk(seed, seats)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(row))
            os.replace(tmp, path)
            print(f"seeds {seed}-{seed + CHUNK - 1}: {row['wins']:g}/{row['games']}", flush=True)
    rows = [json.loads(p.read_text()) for p in sorted(out.glob("*.json"))]
    rows = [r for r in rows if first <= r["seeds"][0] <= last]
    games = sum(r["games"] for r in rows)
    wins = sum(r["wins"] for r in rows)
    for r in rows:
        lo, hi = wilson(r["wins"], r["games"])
        print(
            f"| {r['seeds'][0]}–{r['seeds'][1]} | {r['games']} | {r['wins']:g}"
            f" ({100 * r['wins'] / r['games']:.1f} %) | {100 * lo:.1f}–{100 * hi:.1f} %"
            f" | {statistics.mean(r['margins']):+.2f} | {r['hard_ms']['median']:.1f} /"
            f" {r['hard_ms']['p90']:.1f} / {r['hard_ms']['max']:.0f} |"
        )
    if games:
        lo, hi = wilson(wins, games)
        margins = [x for r in rows for x in r["margins"]]
        print(
            f"all: {wins:g}/{games} = {100 * wins / games:.1f} % (95 % CI {100 * lo:.1f}–"
            f"{100 * hi:.1f} %), margin {statistics.mean(margins):+.2f}"
        )
        for level in ("hard", "medium"):
            am = [x for r in rows for x in r["amulets_by"].get(level, [])]
            lv = [x for r in rows for x in r["lava_by"].get(level, [])]
            print(
                f"{level} per seat and game: amulets collected mean {statistics.mean(am):.2f},"
                f" lava hexes placed mean {statistics.mean(lv):.2f} ({len(am)} seat-games)"
            )
            effects = {}
            for key in ("destroyed_by", "located_by", "located_raised_by"):
                xs = [x for r in rows for x in r.get(key, {}).get(level, [])]
                if xs:
                    effects[key] = statistics.mean(xs)
            if effects:
                print(
                    f"{level} per seat and game: objects its lava destroyed"
                    f" {effects['destroyed_by']:.3f}, treasures its lava located"
                    f" {effects['located_by']:.3f}, of which it raised"
                    f" {effects['located_raised_by']:.3f}"
                )
        lava_ts = sorted(x for r in rows for x in r.get("lava_ms", []))
        if lava_ts:
            print(
                f"hard lava decisions: median {statistics.median(lava_ts):.1f} ms, p90"
                f" {lava_ts[int(0.9 * (len(lava_ts) - 1))]:.1f} ms, max {lava_ts[-1]:.0f} ms over"
                f" {len(lava_ts)}; {sum(r.get('lava_differ', 0) for r in rows)} differ from"
                f" Medium's hex"
            )
        n_seats = len(rows[0]["seat_wins"])
        seat_wins = [sum(r["seat_wins"][i] for r in rows) for i in range(n_seats)]
        shares = ", ".join(f"{100 * w / games:.1f} %" for w in seat_wins)
        print(f"wins by seat (turn order): {shares}")
    return 0


if __name__ == "__main__":
    argv = sys.argv[1:]
    if argv[:1] == ["strong"]:
        sys.exit(_strong_mode(argv[1:]))
    if argv[:1] == ["official"]:
        sys.exit(_official(argv[1:]))
    sys.exit(_search_mode(argv))
