"""Bot tournaments: ``python -m small_islands tournament --a hard --b medium --games N``.

Two seats: bot A and bot B alternate the seat order (A sits first in even games). More
seats: A takes one seat that rotates with the game number, B the others. Game ``i`` uses
seed ``seed + i`` for the deal and for the bots' own draws, so any game can be replayed.
A win counts 1, shared between tied winners. The interval is Wilson's 95 % score interval.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, field

from ..game import Game
from ..options import Options
from . import choose_action


@dataclass
class Result:
    """What a tournament measured."""

    a: str
    b: str
    seats: int
    mode: str
    seed: int
    games: int = 0
    wins_a: float = 0.0
    seat_wins: list[float] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    decision_s: dict[str, list[float]] = field(default_factory=dict)
    elapsed_s: float = 0.0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(levels: list[str], mode: str, seed: int, budget_s: float,
              times: dict[str, list[float]] | None = None) -> Game:
    """One whole game between bots of the given levels (seat order as listed)."""
    names = tuple(f"{lv.title()} {i + 1}" for i, lv in enumerate(levels))
    g = Game.new(Options(seats=names, mode=mode, seed=seed, bots=dict(enumerate(levels))))
    rng = random.Random(seed ^ 0xB075)
    while g.phase != "over":
        seat = g.to_move
        assert seat is not None
        start = time.perf_counter()
        action = choose_action(g.view(seat), g.legal_actions(), levels[seat], rng, budget_s)
        if times is not None:
            times.setdefault(levels[seat], []).append(time.perf_counter() - start)
        g.play(action, seat)
    return g


def run(a: str, b: str, games: int, seats: int = 2, mode: str = "normal", seed: int = 0,
        budget_s: float = 0.25, progress: bool = False) -> Result:
    """Play `games` games of A against B."""
    res = Result(a, b, seats, mode, seed, seat_wins=[0.0] * seats)
    start = time.perf_counter()
    for i in range(games):
        a_seat = i % seats
        levels = [a if k == a_seat else b for k in range(seats)]
        g = play_game(levels, mode, seed + i, budget_s, res.decision_s)
        winners = g.winners()
        for w in winners:
            res.seat_wins[w] += 1 / len(winners)
        if a_seat in winners:
            res.wins_a += 1 / len(winners)
        rows = g.scores()
        res.margins.append(
            rows[a_seat]["total"] - max(r["total"] for r in rows if r["seat"] != a_seat)
        )
        res.games += 1
        if progress:
            seat_wins = " ".join(f"{w:g}" for w in res.seat_wins)
            print(f"game {i + 1}/{games} seed {seed + i}: A {res.wins_a:g} wins;"
                  f" by seat {seat_wins}; margin {res.margins[-1]:+d}", flush=True)
    res.elapsed_s = time.perf_counter() - start
    return res


def report(res: Result) -> str:
    """The lines the command prints."""
    n = res.games
    lo, hi = wilson(res.wins_a, n)
    lines = [
        f"tournament: A={res.a} vs B={res.b}  seats {res.seats}  mode {res.mode}  games {n}"
        f"  seeds {res.seed}..{res.seed + n - 1}",
        f"A ({res.a}) win rate: {100 * res.wins_a / max(n, 1):.1f}%"
        f"  (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)",
        f"average margin A - best other: {statistics.mean(res.margins) if n else 0:+.2f} PP",
        "win rate by seat: " + ", ".join(
            f"seat {i + 1} {100 * w / max(n, 1):.1f}%"
            f" (95% CI {100 * wilson(w, n)[0]:.1f}-{100 * wilson(w, n)[1]:.1f}%)"
            for i, w in enumerate(res.seat_wins)
        ),
    ]
    for level, ts in sorted(res.decision_s.items()):
        lines.append(
            f"{level} decision time: median {1000 * statistics.median(ts):.1f} ms,"
            f" max {1000 * max(ts):.0f} ms over {len(ts)} decisions"
        )
    lines.append(f"elapsed: {res.elapsed_s:.1f} s")
    return "\n".join(lines)
