"""Command line: ``python -m ember_isle simulate|replay|tournament ...`` (the skeleton is the
game kit's, `game_kit.cli`)."""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Iterator, Sequence

from game_kit import cli

from .balance import BALANCES
from .game import Game
from .options import Options


def random_game(seats: int, seed: int, map_name: str = "random") -> Game:
    """A whole game with every seat choosing uniformly among its legal actions."""
    g = Game.new(
        Options(seats=tuple(f"Seat {i + 1}" for i in range(seats)), seed=seed, map=map_name)
    )
    return cli.play_randomly(g, seed)


def simulate(games: int, seats: int, seed: int, map_name: str = "random") -> str:
    """Random legal play: speed, scores, lengths, end conditions, raises, win rates."""
    raises: list[int] = []
    sim = cli.simulate(
        games, seed, seats, lambda s: random_game(seats, s, map_name),
        lambda g: raises.append(sum(s.raises for s in g.seats)),
    )
    return sim.report(
        f"games: {games}  seats: {seats}  map: {map_name}  seeds: {sim.seeds}",
        ms_digits=1,
        per_action=True,
        length_note=f"; raises per game {statistics.mean(raises):.2f}",
    )


def replay(path: str) -> str:
    """Final (or current) scores of a saved game."""
    return cli.replay_file(path, Game.from_json, _score_lines)


def _score_lines(g: Game) -> Iterator[str]:
    yield f"phase: {g.phase}  end: {g.end_reason}  turns: {g.turns}"
    for r in sorted(g.scores(), key=lambda r: r["rank"]):
        yield (
            f"{r['rank']}. {r['name']} ({r['colour']}): {r['total']} points"
            f"  [cards {r['cards']}, amulets {r['amulets']}, raises {r['raises']}]"
        )


def _simulate_arguments(sim: argparse.ArgumentParser) -> None:
    sim.add_argument("--seats", type=int, default=2, choices=(2, 3, 4))
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--map", default="random")


def _simulate(args: argparse.Namespace) -> Iterator[str]:
    yield simulate(args.games, args.seats, args.seed, args.map)


def _tournament_arguments(tour: argparse.ArgumentParser) -> None:
    tour.add_argument("--a", default="medium", choices=("easy", "medium", "hard"))
    tour.add_argument("--b", default="easy", choices=("easy", "medium", "hard"))
    tour.add_argument("--games", type=int, default=100, help="seeds (each played from every seat)")
    tour.add_argument("--seats", type=int, default=2, choices=(2, 3, 4))
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--map", default="random")
    tour.add_argument("--progress", action="store_true")
    tour.add_argument("--balance", default=None, choices=BALANCES,
                      help="seat compensation of 4 players (default: the table's rule)")


def _tournament(args: argparse.Namespace) -> Iterator[str]:
    from .bots import tournament

    res = tournament.run(
        args.a, args.b, args.games, args.seats, args.seed, args.map, args.progress,
        args.balance,
    )
    yield tournament.report(res)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point."""
    return cli.main(
        "python -m ember_isle",
        argv,
        simulate=cli.Command("random legal play, with statistics", _simulate_arguments,
                             _simulate),
        replay=replay,
        commands={
            "tournament": cli.Command("bot A against bot B, paired seeds, every seat",
                                      _tournament_arguments, _tournament),
        },
    )


if __name__ == "__main__":
    sys.exit(main())
