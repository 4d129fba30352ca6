"""Command line: ``python -m small_islands simulate|replay|tournament ...`` (the skeleton is
the game kit's, `game_kit.cli`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence

from game_kit import cli

from .game import Game
from .options import Options


def random_game(seats: int, mode: str, seed: int, level: int = 1) -> Game:
    """Play a whole game with every seat choosing uniformly among its legal actions."""
    names = tuple(f"Seat {i + 1}" for i in range(seats))
    g = Game.new(Options(seats=names, mode=mode, seed=seed, solo_level=level))
    return cli.play_randomly(g, seed)


def simulate(games: int, seats: int, mode: str, seed: int, level: int = 1) -> str:
    """Run random games and report speed, scores, lengths, end conditions, win rates."""
    turns = blocked = 0

    def count(g: Game) -> None:
        nonlocal turns, blocked
        turns += g.stats["turns"]
        blocked += g.stats["blocked_turns"]

    places = seats + 1 if seats == 1 else seats  # solo: the human and Alexis
    sim = cli.simulate(games, seed, places, lambda s: random_game(seats, mode, s, level), count)
    return sim.report(
        f"games: {games}  seats: {seats}{f' (solo level {level})' if seats == 1 else ''}"
        f"  mode: {mode}  seeds: {sim.seeds}",
        extra=[
            f"turns with no placeable tile: {100 * blocked / max(turns, 1):.3f}%"
            f" ({blocked}/{turns})"
        ],
    )


def replay(path: str) -> str:
    """Final (or current) scores of a saved game."""
    return cli.replay_file(path, Game.from_json, _score_lines)


def _score_lines(g: Game) -> Iterator[str]:
    yield f"phase: {g.phase}  round: {g.round}  end: {g.end_reason}"
    for r in sorted(g.scores(), key=lambda r: r["rank"]):
        yield (
            f"{r['rank']}. {r['name']} ({r['colour']}): {r['total']} = {r['prestige']} PP"
            f" + {r['discovery']} discovery + {r['ship_ports']} ship ports"
            f"  [houses {r['houses_placed']}]"
        )


def _simulate_arguments(sim: argparse.ArgumentParser) -> None:
    sim.add_argument("--seats", type=int, default=2, choices=(1, 2, 3, 4), help="1 = solo")
    sim.add_argument("--level", type=int, default=1, choices=range(1, 7), help="solo level")
    sim.add_argument("--mode", default="normal", choices=("normal", "advanced"))
    sim.add_argument("--seed", type=int, default=0)


def _simulate(args: argparse.Namespace) -> Iterator[str]:
    yield simulate(args.games, args.seats, args.mode, args.seed, args.level)


def _tournament_arguments(tour: argparse.ArgumentParser) -> None:
    from .bots import LEVELS
    from .bots.tournament import HIDDEN_LEVELS

    levels = (*LEVELS, *HIDDEN_LEVELS)  # hidden: tournaments only
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


def _tournament(args: argparse.Namespace) -> Iterator[str]:
    from .bots import tournament

    res = tournament.run(
        args.a, args.b, args.games, args.seats, args.mode, args.seed, args.budget,
        args.progress, args.order, args.jobs, args.out, not args.report,
    )
    yield tournament.report(res)
    if args.baseline:
        yield tournament.compare(res.records, tournament.load(args.baseline))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point."""
    return cli.main(
        "python -m small_islands",
        argv,
        simulate=cli.Command("random legal play, with statistics", _simulate_arguments,
                             _simulate),
        replay=replay,
        commands={
            "tournament": cli.Command("bot A against bot B, with win rates",
                                      _tournament_arguments, _tournament),
        },
    )


if __name__ == "__main__":
    sys.exit(main())
