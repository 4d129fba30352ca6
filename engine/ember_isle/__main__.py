"""Command line: ``python -m ember_isle simulate|replay|tournament ...``."""

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


def random_game(seats: int, seed: int, map_name: str = "random") -> Game:
    """A whole game with every seat choosing uniformly among its legal actions."""
    g = Game.new(
        Options(seats=tuple(f"Seat {i + 1}" for i in range(seats)), seed=seed, map=map_name)
    )
    rng = random.Random(seed ^ 0x5EED)
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()))
    return g


def simulate(games: int, seats: int, seed: int, map_name: str = "random") -> str:
    """Random legal play: speed, scores, lengths, end conditions, raises, win rates."""
    times, lengths, totals, raises = [], [], [], []
    ends: Counter[str] = Counter()
    wins = [0.0] * seats
    for i in range(games):
        start = time.perf_counter()
        g = random_game(seats, seed + i, map_name)
        times.append(time.perf_counter() - start)
        lengths.append(len(g.actions))
        totals += [r["total"] for r in g.scores()]
        raises.append(sum(s.raises for s in g.seats))
        ends[g.end_reason or "?"] += 1
        for w in g.winners():
            wins[w] += 1 / len(g.winners())
    return "\n".join(
        [
            f"games: {games}  seats: {seats}  map: {map_name}  seeds: {seed}..{seed + games - 1}",
            f"speed: {games / sum(times):.1f} games/s"
            f"  (median {1000 * statistics.median(times):.1f} ms/game,"
            f" {1e6 * sum(times) / sum(lengths):.0f} us/action)",
            f"average score: {statistics.mean(totals):.2f}  (max {max(totals)})",
            f"average length: {statistics.mean(lengths):.1f} actions;"
            f" raises per game {statistics.mean(raises):.2f}",
            "end conditions: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())),
            "win rate by seat: "
            + ", ".join(f"seat {i + 1} {100 * w / games:.1f}%" for i, w in enumerate(wins)),
        ]
    )


def replay(path: str) -> str:
    """Final (or current) scores of a saved game."""
    with open(path, encoding="utf-8") as fh:
        g = Game.from_json(fh.read())
    lines = [f"phase: {g.phase}  end: {g.end_reason}  turns: {g.turns}"]
    for r in sorted(g.scores(), key=lambda r: r["rank"]):
        lines.append(
            f"{r['rank']}. {r['name']} ({r['colour']}): {r['total']} points"
            f"  [cards {r['cards']}, amulets {r['amulets']}, raises {r['raises']}]"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point."""
    parser = argparse.ArgumentParser(prog="python -m ember_isle")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="random legal play, with statistics")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seats", type=int, default=2, choices=(2, 3, 4))
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--map", default="random")
    rep = sub.add_parser("replay", help="print the scores of a saved game")
    rep.add_argument("file")
    tour = sub.add_parser("tournament", help="bot A against bot B, paired seeds, every seat")
    tour.add_argument("--a", default="medium", choices=("easy", "medium"))
    tour.add_argument("--b", default="easy", choices=("easy", "medium"))
    tour.add_argument("--games", type=int, default=100, help="seeds (each played from every seat)")
    tour.add_argument("--seats", type=int, default=2, choices=(2, 3, 4))
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--map", default="random")
    tour.add_argument("--progress", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        print(simulate(args.games, args.seats, args.seed, args.map))
    elif args.command == "tournament":
        from .bots import tournament

        res = tournament.run(
            args.a, args.b, args.games, args.seats, args.seed, args.map, args.progress
        )
        print(tournament.report(res))
    else:
        try:
            print(replay(args.file))
        except (OSError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
