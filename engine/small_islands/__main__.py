"""Command line: ``python -m small_islands simulate|replay|tournament ...``."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence

from .game import Game
from .options import Options


def random_game(seats: int, mode: str, seed: int, level: int = 1) -> Game:
    """Play a whole game with every seat choosing uniformly among its legal actions."""
    names = tuple(f"Seat {i + 1}" for i in range(seats))
    g = Game.new(Options(seats=names, mode=mode, seed=seed, solo_level=level))
    rng = random.Random(seed ^ 0x5EED)
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()))
    return g


def simulate(games: int, seats: int, mode: str, seed: int, level: int = 1) -> str:
    """Run random games and report speed, scores, lengths, end conditions, win rates."""
    totals, lengths, times = [], [], []
    ends: Counter[str] = Counter()
    wins = [0.0] * (seats + 1 if seats == 1 else seats)  # solo: the human and Alexis
    turns = blocked = 0
    for i in range(games):
        start = time.perf_counter()
        g = random_game(seats, mode, seed + i, level)
        times.append(time.perf_counter() - start)
        rows = g.scores()
        totals += [r["total"] for r in rows]
        lengths.append(len(g.actions))
        ends[g.end_reason or "?"] += 1
        winners = g.winners()
        for w in winners:
            wins[w] += 1 / len(winners)
        turns += g.stats["turns"]
        blocked += g.stats["blocked_turns"]
    elapsed = sum(times)
    lines = [
        f"games: {games}  seats: {seats}{f' (solo level {level})' if seats == 1 else ''}"
        f"  mode: {mode}  seeds: {seed}..{seed + games - 1}",
        f"speed: {games / elapsed:.1f} games/s"
        f"  (median {statistics.median(times) * 1000:.2f} ms/game)",
        f"average score: {statistics.mean(totals):.2f}  (max {max(totals)})",
        f"average length: {statistics.mean(lengths):.1f} actions",
        "end conditions: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())),
        "win rate by seat: "
        + ", ".join(f"seat {i + 1} {100 * w / games:.1f}%" for i, w in enumerate(wins)),
        f"turns with no placeable tile: {100 * blocked / max(turns, 1):.3f}% ({blocked}/{turns})",
    ]
    return "\n".join(lines)


def replay(path: str) -> str:
    """Final (or current) scores of a saved game."""
    with open(path, encoding="utf-8") as fh:
        g = Game.from_json(fh.read())
    lines = [f"phase: {g.phase}  round: {g.round}  end: {g.end_reason}"]
    for r in sorted(g.scores(), key=lambda r: r["rank"]):
        lines.append(
            f"{r['rank']}. {r['name']} ({r['colour']}): {r['total']} = {r['prestige']} PP"
            f" + {r['discovery']} discovery + {r['ship_ports']} ship ports"
            f"  [houses {r['houses_placed']}]"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point."""
    parser = argparse.ArgumentParser(prog="python -m small_islands")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="random legal play, with statistics")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seats", type=int, default=2, choices=(1, 2, 3, 4), help="1 = solo")
    sim.add_argument("--level", type=int, default=1, choices=range(1, 7), help="solo level")
    sim.add_argument("--mode", default="normal", choices=("normal", "advanced"))
    sim.add_argument("--seed", type=int, default=0)
    rep = sub.add_parser("replay", help="print the scores of a saved game")
    rep.add_argument("file")
    tour = sub.add_parser("tournament", help="bot A against bot B, with win rates")
    levels = ("easy", "medium", "hard", "expert")
    tour.add_argument("--a", default="expert", choices=levels)
    tour.add_argument("--b", default="hard", choices=levels)
    tour.add_argument("--games", type=int, default=100)
    tour.add_argument("--seats", type=int, default=2, choices=(2, 3, 4))
    tour.add_argument("--mode", default="normal", choices=("normal", "advanced"))
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--order", default="paired", choices=("paired", "alternate"),
                      help="paired: every seed with A in each seat; alternate: one game per seed")
    tour.add_argument("--jobs", type=int, default=1, help="processes (one per core)")
    tour.add_argument("--out", help="append one JSON line per game; resume from it")
    tour.add_argument("--baseline", help="a results file to pair games with (same seed, seat)")
    tour.add_argument("--budget", type=float, default=0.25,
                      help="Hard: CPU seconds per decision")
    tour.add_argument("--progress", action="store_true")
    tour.add_argument("--report", action="store_true",
                      help="play nothing: report the planned games already in --out")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        print(simulate(args.games, args.seats, args.mode, args.seed, args.level))
    elif args.command == "tournament":
        from .bots import tournament

        res = tournament.run(
            args.a, args.b, args.games, args.seats, args.mode, args.seed, args.budget,
            args.progress, args.order, args.jobs, args.out, not args.report,
        )
        print(tournament.report(res))
        if args.baseline:
            print(tournament.compare(res.records, tournament.load(args.baseline)))
    else:
        try:
            print(replay(args.file))
        except (OSError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
