"""The command line every game shares: ``python -m <game> simulate|replay|tournament ...``.

The kit holds the skeleton: the parser with its shared subcommands (``simulate``: random
legal play with statistics, ``--games``; ``replay FILE``: the scores of a saved game, an
unreadable file reported on stderr with exit status 1), random play, the simulation loop
and the lines of its report every game prints (speed, scores, lengths, ends, win rates). A
game gives what differs: its options and extra flags, its report's first line and extra
lines, how a save is loaded and how its scores read, and its own commands (``tournament``).

>>> class Toy:  # a game of three actions that seat 0 always wins
...     def __init__(self, seed):
...         self.phase, self.actions, self.end_reason = "play", [], "done"
...     def legal_actions(self):
...         return ["step"]
...     def play(self, action):
...         self.actions.append(action)
...         if len(self.actions) == 3:
...             self.phase = "over"
...     def scores(self):
...         return [{"total": 5}, {"total": 2}]
...     def winners(self):
...         return [0]
>>> sim = simulate(4, 10, 2, lambda seed: play_randomly(Toy(seed), seed))
>>> print(sim.report("games: 4  seeds: " + sim.seeds, extra=["done"]))  # doctest: +ELLIPSIS
games: 4  seeds: 10..13
speed: ... games/s  (median ... ms/game)
average score: 3.50  (max 5)
average length: 3.0 actions
end conditions: done 4
win rate by seat: seat 1 100.0%, seat 2 0.0%
done
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar


class Playing(Protocol):
    """A game random play drives: its phase (``"over"`` at the end), its legal actions."""

    @property
    def phase(self) -> str: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def play(self, action: Any, /) -> None: ...


class Finished(Protocol):
    """A finished game as the simulation reads it."""

    @property
    def actions(self) -> Sequence[Any]: ...

    @property
    def end_reason(self) -> str | None: ...

    def scores(self) -> list[dict[str, Any]]: ...

    def winners(self) -> list[int]: ...


P = TypeVar("P", bound=Playing)
F = TypeVar("F", bound=Finished)


def play_randomly(game: P, seed: int) -> P:
    """Play `game` to its end, every seat choosing uniformly among its legal actions (the
    choices drawn from `seed`, apart from the game's own)."""
    rng = random.Random(seed ^ 0x5EED)
    while game.phase != "over":
        game.play(rng.choice(game.legal_actions()))
    return game


@dataclass
class Simulation:
    """What random games measured: each game's time and length, every seat's total, the
    end conditions and the wins per seat (a shared first place split between its seats)."""

    games: int
    seed: int
    wins: list[float]
    times: list[float] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    ends: Counter[str] = field(default_factory=Counter)

    def add(self, game: Finished, seconds: float) -> None:
        """Count one finished game that took `seconds` to play."""
        self.times.append(seconds)
        self.lengths.append(len(game.actions))
        self.totals += [r["total"] for r in game.scores()]
        self.ends[game.end_reason or "?"] += 1
        winners = game.winners()
        for w in winners:
            self.wins[w] += 1 / len(winners)

    @property
    def seeds(self) -> str:
        """The seeds played, as ``first..last``."""
        return f"{self.seed}..{self.seed + self.games - 1}"

    def speed(self, ms_digits: int = 2, per_action: bool = False) -> str:
        """Games per second and the median time of a game (in ms, `ms_digits` decimals),
        with the mean time of an action when `per_action`."""
        elapsed = sum(self.times)
        detail = f"median {1000 * statistics.median(self.times):.{ms_digits}f} ms/game"
        if per_action:
            detail += f", {1e6 * elapsed / sum(self.lengths):.0f} us/action"
        return f"speed: {self.games / elapsed:.1f} games/s  ({detail})"

    def report(self, header: str, *, ms_digits: int = 2, per_action: bool = False,
               length_note: str = "", extra: Iterable[str] = ()) -> str:
        """The report: `header`, the speed, scores, lengths (`length_note` after them), end
        conditions and win rates, then the game's `extra` lines."""
        lines = [
            header,
            self.speed(ms_digits, per_action),
            f"average score: {statistics.mean(self.totals):.2f}  (max {max(self.totals)})",
            f"average length: {statistics.mean(self.lengths):.1f} actions{length_note}",
            "end conditions: " + ", ".join(f"{k} {v}" for k, v in sorted(self.ends.items())),
            "win rate by seat: "
            + ", ".join(f"seat {i + 1} {100 * w / self.games:.1f}%"
                        for i, w in enumerate(self.wins)),
            *extra,
        ]
        return "\n".join(lines)


def simulate(games: int, seed: int, places: int, play: Callable[[int], F],
             each: Callable[[F], None] | None = None) -> Simulation:
    """Play `games` games, ``play(seed)`` each for seeds from `seed` on, timing each; `places`
    is how many seats can win; `each` sees every finished game (a game's own counts)."""
    sim = Simulation(games, seed, [0.0] * places)
    for i in range(games):
        start = time.perf_counter()
        game = play(seed + i)
        sim.add(game, time.perf_counter() - start)
        if each is not None:
            each(game)
    return sim


def replay_file(path: str, load: Callable[[str], F], describe: Callable[[F], Iterable[str]]
                ) -> str:
    """The lines `describe` gives for the game saved in the file at `path` (`load` reads the
    save's text; `OSError` or `ValueError` when it cannot)."""
    with open(path, encoding="utf-8") as fh:
        game = load(fh.read())
    return "\n".join(describe(game))


@dataclass(frozen=True)
class Command:
    """A subcommand: its help, the flags it adds to its parser, and what it prints (each
    block as soon as it is ready) from the parsed arguments."""

    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], Iterable[str]]


def main(prog: str, argv: Sequence[str] | None, simulate: Command,
         replay: Callable[[str], str], commands: Mapping[str, Command]) -> int:
    """Parse `argv` and run a subcommand: ``simulate`` (``--games``, then the game's
    flags), ``replay FILE`` (`replay` gives the text; a file that cannot be read is an
    ``error: ...`` line on stderr and exit status 1), then the game's `commands`; the exit
    status."""
    parser = argparse.ArgumentParser(prog=prog)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help=simulate.help)
    sim.add_argument("--games", type=int, default=100)
    simulate.arguments(sim)
    rep = sub.add_parser("replay", help="print the scores of a saved game")
    rep.add_argument("file")
    for name, command in commands.items():
        command.arguments(sub.add_parser(name, help=command.help))
    args = parser.parse_args(argv)
    if args.command == "replay":
        try:
            print(replay(args.file))
        except (OSError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        return 0
    for block in {"simulate": simulate, **commands}[args.command].run(args):
        print(block)
    return 0
