"""Engine speed in CPython: a random full 4-seat game, and legal placements on a 40-tile map.

Run: ``python bench/engine.py`` (or ``make bench``). Prints medians; record them in
bench/RESULTS.md with the date and machine.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from small_islands import Game, Options, PlaceTile, TakeTile  # noqa: E402


def random_game(seed: int, seats: int = 4) -> tuple[float, float]:
    """(wall seconds, CPU seconds) for one whole game of uniformly random legal play.

    CPU time (`process_time`) is reported too: on a shared 2-core machine the wall time
    also counts the time other processes hold the CPU.
    """
    start, cpu = time.perf_counter(), time.process_time()
    g = Game.new(Options(seats=tuple("ABCD"[:seats]), seed=seed))
    rng = random.Random(seed)
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()))
    return time.perf_counter() - start, time.process_time() - cpu


def map_of(tiles: int, seed: int) -> Game:
    """A game in the place step with at least `tiles` tiles on the map."""
    rng = random.Random(seed)
    while True:
        g = Game.new(Options(seats=("A", "B", "C", "D"), seed=seed))
        while g.phase != "over":
            if g.phase == "exploration" and g.stage == "place" and len(g.board.tiles) >= tiles:
                return g
            legal = g.legal_actions()
            # explore rather than land, so the map grows
            explore = [a for a in legal if isinstance(a, (TakeTile, PlaceTile))]
            g.play(rng.choice(explore or legal))
        seed += 1000


def hand_placements(g: Game) -> int:
    """All legal placements of the 3 hand tiles (the work behind highlighting)."""
    board = g.board
    return sum(len(board.legal_positions(g.tile(t))) for t in g.seats[g.to_move].hand)


def main() -> None:
    runs = [random_game(seed) for seed in range(200)]
    games = sorted(wall for wall, _ in runs)
    cpu = [c for _, c in runs]
    print(
        f"python {platform.python_version()} on {platform.machine()}, load {os.getloadavg()[0]:.1f}"
    )
    print(
        f"random full 4-seat game: median {statistics.median(games) * 1000:.2f} ms wall, "
        f"{statistics.median(cpu) * 1000:.2f} ms CPU"
        f" (p90 wall {games[179] * 1000:.2f} ms, 200 games)"
    )
    samples, sizes = [], []
    for seed in range(20):
        g = map_of(40, seed)
        sizes.append(len(g.board.tiles))
        for _ in range(50):
            start = time.perf_counter()
            hand_placements(g)
            samples.append(time.perf_counter() - start)
    print(
        f"legal placements of a 3-tile hand on a {min(sizes)}-{max(sizes)}-tile map: "
        f"median {statistics.median(samples) * 1e6:.0f} us (1000 samples)"
    )


if __name__ == "__main__":
    main()
