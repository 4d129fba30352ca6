"""Solo levels are monotone: the Medium bot's win rate against Alexis at each level.

Run: ``python bench/solo_levels.py --games 300`` (seeds 0..games-1 at every level; Alexis
decides his own rotations and house spots). Prints one row per level with a 95 % Wilson
interval and the average scores.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from small_islands import AlexisStep, Game, Options  # noqa: E402
from small_islands.bots import bot_move  # noqa: E402
from small_islands.bots.tournament import wilson  # noqa: E402


def solo_game(level: int, seed: int) -> tuple[bool, int, int]:
    """(human won, human score, Alexis's score) with Medium playing the human seat."""
    g = Game.new(Options(seats=("Medium",), solo_level=level, seed=seed, alexis_decides=True))
    while g.phase != "over":
        if g.to_move == 1:
            g.play(AlexisStep())
        else:
            g.play(bot_move(g, 0, "medium", rng=seed * 1000 + len(g.actions)))
    rows = g.scores()
    return rows[0]["rank"] == 1, rows[0]["total"], rows[1]["total"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--levels", default="1,2,3,4,5,6")
    args = parser.parse_args()
    print("| level | games | Medium wins | 95 % CI | avg Medium | avg Alexis |")
    print("| ---: | ---: | ---: | --- | ---: | ---: |")
    for level in (int(v) for v in args.levels.split(",")):
        start = time.perf_counter()
        results = [solo_game(level, seed) for seed in range(args.games)]
        wins = sum(1 for won, _, _ in results if won)
        lo, hi = wilson(wins, args.games)
        print(
            f"| {level} | {args.games} | {100 * wins / args.games:.1f} % "
            f"| {100 * lo:.1f}-{100 * hi:.1f} % "
            f"| {statistics.mean(r[1] for r in results):.1f} "
            f"| {statistics.mean(r[2] for r in results):.1f} |"
            f"  ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
