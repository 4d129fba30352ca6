"""Ember Isle engine and bots: CPython against Pyodide (in Node), side by side.

Run: ``python bench/ember_engine.py [--rounds 3]`` (after ``make install``). Each round runs
the same workload once in CPython and once under the pinned Pyodide (Node), alternating
A B A B: seeded random games in 2, 3 and 4 seats (µs per action: legal actions + play),
then a Medium-against-Easy game (ms per bot decision). Prints medians and the Pyodide /
CPython ratio of each pair; record them in bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WORKLOAD = r'''
import json, random, sys, time
sys.path.insert(0, "ENGINE")
from ember_isle import Game, Options
from ember_isle.bots import choose_action

actions, cpu = 0, 0.0
for seed in range(6):
    g = Game.new(Options(seats=tuple("ABCD"[: 2 + seed % 3]), seed=seed, map="random"))
    rng = random.Random(seed)
    while g.phase != "over":
        start = time.perf_counter()
        g.play(rng.choice(g.legal_actions()))
        cpu += time.perf_counter() - start
        actions += 1
decisions = []
g = Game.new(Options(seats=("A", "B"), seed=11, bots={0: "medium", 1: "easy"}))
rng = random.Random(11)
while g.phase != "over":
    seat = g.to_move
    start = time.perf_counter()
    action = choose_action(g.view(seat), g.legal_actions(), g.seats[seat].bot, rng)
    decisions.append(time.perf_counter() - start)
    g.play(action)
print("RESULT " + json.dumps({
    "us_per_action": 1e6 * cpu / actions,
    "actions": actions,
    "decision_ms_median": 1000 * statistics.median(decisions),
    "decision_ms_max": 1000 * max(decisions),
    "decisions": len(decisions),
}))
'''.replace("import json, random", "import json, random, statistics")


def run(interpreter: str, script: Path) -> dict[str, float]:
    """One round of the workload in CPython or under Pyodide."""
    if interpreter == "cpython":
        cmd = [sys.executable, str(script)]
    else:
        cmd = ["node", str(ROOT / "tools" / "pyodide_check.mjs"), str(script)]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=True).stdout
    line = next(x for x in out.splitlines() if x.startswith("RESULT "))
    result: dict[str, float] = json.loads(line[len("RESULT ") :])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cpy, pyo = Path(tmp) / "cpython.py", Path(tmp) / "pyodide.py"
        cpy.write_text(WORKLOAD.replace("ENGINE", str(ROOT / "engine")))
        pyo.write_text(WORKLOAD.replace("ENGINE", "/engine"))
        rows = [(run("cpython", cpy), run("pyodide", pyo)) for _ in range(args.rounds)]
    for key, unit in (("us_per_action", "µs/action"), ("decision_ms_median", "ms/decision")):
        a = [r[0][key] for r in rows]
        b = [r[1][key] for r in rows]
        ratios = [y / x for x, y in zip(a, b, strict=True)]
        print(
            f"{key}: CPython median {statistics.median(a):.1f} {unit},"
            f" Pyodide median {statistics.median(b):.1f} {unit},"
            f" ratio Pyodide/CPython {statistics.median(ratios):.2f}"
            f" (pairs {', '.join(f'{r:.2f}' for r in ratios)})"
        )
    last = rows[-1]
    print(
        f"workload: {int(last[0]['actions'])} random actions (6 games, 2-4 seats),"
        f" {int(last[0]['decisions'])} bot decisions; max decision"
        f" CPython {last[0]['decision_ms_max']:.0f} ms, Pyodide {last[1]['decision_ms_max']:.0f} ms"
    )


if __name__ == "__main__":
    main()
