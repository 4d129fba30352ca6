"""Bot decision time in CPython: median (and spread) per level over whole games.

    PYTHONPATH=engine python3 bench/bots.py [--games 3] [--seats 2] [--budget 0.25]

Each level plays `--games` games against Medium (seat order alternating); every decision
of that level is timed, including building its view and sampling worlds. Decisions with a
single legal action are reported apart (they cost nothing). Figures go to
bench/RESULTS.md under "Bots".
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))

from small_islands import Game, Options  # noqa: E402
from small_islands.bots import LEVELS, choose_action  # noqa: E402


def time_level(level: str, games: int, seats: int, budget: float) -> tuple[list[float], int]:
    """Seconds per decision with at least two options, and the count of forced ones."""
    times: list[float] = []
    forced = 0
    for i in range(games):
        levels = ["medium"] * seats
        levels[i % seats] = level
        g = Game.new(Options(seats=tuple(f"S{k}" for k in range(seats)), seed=100 + i))
        rng = random.Random(i)
        while g.phase != "over":
            seat = g.to_move
            assert seat is not None
            start = time.perf_counter()
            legal = g.legal_actions()
            action = choose_action(g.view(seat), legal, levels[seat], rng, budget)
            elapsed = time.perf_counter() - start
            if levels[seat] == level and (seat == i % seats):
                if len(legal) > 1:
                    times.append(elapsed)
                else:
                    forced += 1
            g.play(action)
    return times, forced


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--budget", type=float, default=0.25)
    args = parser.parse_args()
    print(
        f"CPython {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores;"
        f" {args.games} games x {args.seats} seats per level; hard budget {args.budget} s"
    )
    for level in LEVELS:
        times, forced = time_level(level, args.games, args.seats, args.budget)
        q = statistics.quantiles(times, n=10)
        print(
            f"{level:6s} median {1000 * statistics.median(times):7.1f} ms"
            f"  p10 {1000 * q[0]:6.1f}  p90 {1000 * q[-1]:6.1f}  max {1000 * max(times):6.0f} ms"
            f"  over {len(times)} decisions (+{forced} forced, ~0 ms)"
        )


if __name__ == "__main__":
    main()
