"""Solo levels: a bot's win rate against Alexis at each level (several bots side by side).

Run: ``python bench/solo_levels.py --games 300`` (Medium; seeds 0..games-1 at every level;
Alexis decides his own rotations and house spots). Prints one row per level with a 95 %
Wilson interval and the average scores.

``--bots hard,expert --games 200 --seed 0 --jobs 2 --out FILE`` plays every listed bot on
the same seeds (seed ``seed + k`` at each level, the bot drawing from
``Random(seed * 16)`` as in tournaments), one process per job, appending one JSON line per
game to FILE (a rerun skips the games already there), and adds the paired difference of
each bot from the first one listed (same seeds: win-rate difference and score margin
difference, each with its standard error). ``--report`` plays nothing and reports the
games already in FILE.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from small_islands import AlexisStep, Game, Options  # noqa: E402
from small_islands.bots import bot_move, choose_action, search  # noqa: E402
from small_islands.bots.tournament import mean_se, wilson  # noqa: E402


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


def bot_game(job: tuple[str, int, int]) -> dict[str, object]:
    """One solo game of `bot` against Alexis at `level`, as a JSON record."""
    import random

    bot, level, seed = job
    search.CLOCK = time.process_time  # Hard's budget on CPU time, as in tournaments
    g = Game.new(Options(seats=(bot.title(),), solo_level=level, seed=seed, alexis_decides=True))
    rng = random.Random(seed * 16)
    start = time.process_time()
    while g.phase != "over":
        if g.seats[g.to_move].alexis:
            g.play(AlexisStep())
        else:
            g.play(choose_action(g.view(0), g.legal_actions(), bot, rng))
    rows = g.scores()
    return {"bot": bot, "level": level, "seed": seed, "won": rows[0]["rank"] == 1,
            "score": rows[0]["total"], "alexis": rows[1]["total"],
            "cpu_s": round(time.process_time() - start, 3)}


def compare_bots(args: argparse.Namespace) -> None:
    """Every bot of --bots at every level on the same seeds, with paired differences."""
    bots = args.bots.split(",")
    levels = [int(v) for v in args.levels.split(",")]
    done: dict[tuple[str, int, int], dict] = {}  # type: ignore[type-arg]
    if args.out and os.path.exists(args.out):
        with open(args.out, encoding="utf-8") as fh:
            for line in fh:
                r = json.loads(line)
                done[(r["bot"], r["level"], r["seed"])] = r
    # seed by seed across the levels, so that a run cut short covers every level alike
    jobs = [(b, lv, args.seed + k) for k in range(args.games) for lv in levels for b in bots
            if (b, lv, args.seed + k) not in done and not args.report]
    with Pool(args.jobs) as pool:
        for r in pool.imap_unordered(bot_game, jobs):
            done[(r["bot"], r["level"], r["seed"])] = r  # type: ignore[index]
            if args.out:
                with open(args.out, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(r) + "\n")
    print(f"seeds from {args.seed} (up to {args.games} per level, the same for every bot);"
          " Alexis decides")
    print("| level | bot | games | wins | 95 % CI | avg score | avg Alexis | paired vs "
          f"{bots[0]}: wins | margin |")
    print("| ---: | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
    for lv in levels:
        seeds = [args.seed + k for k in range(args.games)
                 if all((b, lv, args.seed + k) in done for b in bots)]  # all bots played it
        base = [done[(bots[0], lv, seed)] for seed in seeds]
        for b in bots:
            rs = [done[(b, lv, seed)] for seed in seeds]
            if not rs:
                continue
            wins = sum(1 for r in rs if r["won"])
            lo, hi = wilson(wins, len(rs))
            paired = ""
            if b != bots[0]:
                pairs = list(zip(rs, base, strict=True))
                dw, dw_se = mean_se([float(r["won"]) - float(q["won"]) for r, q in pairs])
                dm, dm_se = mean_se([(r["score"] - r["alexis"]) - (q["score"] - q["alexis"])
                                     for r, q in pairs])
                paired = f"{100 * dw:+.1f} ± {100 * dw_se:.1f} pts | {dm:+.2f} ± {dm_se:.2f} PP"
            else:
                paired = " | "
            print(f"| {lv} | {b} | {len(rs)} | {100 * wins / len(rs):.1f} % "
                  f"| {100 * lo:.1f}-{100 * hi:.1f} % "
                  f"| {statistics.mean(r['score'] for r in rs):.1f} "
                  f"| {statistics.mean(r['alexis'] for r in rs):.1f} | {paired} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--levels", default="1,2,3,4,5,6")
    parser.add_argument("--bots", help="e.g. hard,expert: compare these bots (see above)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="append one JSON line per game; resume from it")
    parser.add_argument("--report", action="store_true",
                        help="with --bots: play nothing, report the games already in --out")
    args = parser.parse_args()
    if args.bots:
        compare_bots(args)
        return
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
