"""What a round's end says about the rest of the game: the data behind Expert's `W_LATER_END`.

    PYTHONPATH=engine python3 bench/expert_value.py --games 600 --seed 500000 --jobs 2

Plays Medium-vs-Medium games (2 seats). At the start of every round's preparation (= the
end of the previous round, where Expert's playouts stop) it records, per seat, what Hard's
playout value (`search._outlook`) counts beyond the score -- houses left (at most 4 count),
bonus tokens, the own ship still to land, and next round's objective valued on the map
(Medium's `isle_value` over the best 4 islands) -- and, at the end of the game, the points
the seat scored after that moment. A least-squares fit per number of rounds still to play
gives each feature's weight with its standard error (Hard weighs them 1, 0.5, 1.5 and 0.35).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from small_islands import Game, Options  # noqa: E402
from small_islands.bots import choose_action  # noqa: E402
from small_islands.bots.evaluate import isle_value  # noqa: E402
from small_islands.bots.search import _isles  # noqa: E402

FEATURES = ("houses (max 4)", "bonus tokens", "ship to land", "next objective on the map")


def game_rows(seed: int) -> list[tuple[int, list[float], float]]:
    """(rounds to play, features, points scored afterwards) per seat and round start."""
    g = Game.new(Options(seats=("A", "B"), seed=seed))
    rng = random.Random(seed)
    snaps: list[tuple[int, list[list[float]], list[int]]] = []
    seen = None
    while g.phase != "over":
        if g.phase == "preparation" and g.round != seen:
            seen = g.round
            rows = g.scores()
            feats = []
            for s in g.seats:
                later = 0.0
                if s.later:
                    m, r = g.mode.parts(s.later)
                    vals = sorted((isle_value(m, r, isle, "", True) for isle in _isles(g)),
                                  reverse=True)
                    later = sum(vals[:4])
                feats.append([min(s.stock + s.reserve, 4), s.bonus,
                              float(s.ship_cell is None), later])
            rounds = min(g.ships_left(), len(g.reserve) // 6)
            snaps.append((rounds, feats, [r["total"] for r in rows]))
        seat = g.to_move
        g.play(choose_action(g.view(seat), g.legal_actions(), "medium", rng), seat)
    final = [r["total"] for r in g.scores()]
    return [(rounds, feats[i], final[i] - totals[i])
            for rounds, feats, totals in snaps for i in range(len(final))]


def least_squares(xs: list[list[float]], ys: list[float]) -> tuple[list[float], list[float]]:
    """Coefficients (intercept first) and their standard errors."""
    rows = [[1.0, *x] for x in xs]
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    inv = _inverse(a)
    b = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(k)]
    beta = [sum(inv[i][j] * b[j] for j in range(k)) for i in range(k)]
    resid = [y - sum(c * v for c, v in zip(beta, r, strict=True)) for r, y in zip(rows, ys,
                                                                                  strict=True)]
    s2 = sum(e * e for e in resid) / max(1, len(ys) - k)
    return beta, [math.sqrt(max(0.0, s2 * inv[i][i])) for i in range(k)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small symmetric matrix."""
    n = len(a)
    m = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            raise ValueError("singular: a feature is constant")
        f = m[c][c]
        m[c] = [v / f for v in m[c]]
        for r in range(n):
            if r != c:
                g = m[r][c]
                m[r] = [v - g * w for v, w in zip(m[r], m[c], strict=True)]
    return [row[n:] for row in m]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=500000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    with Pool(args.jobs) as pool:
        data = [row for rows in pool.map(game_rows, range(args.seed, args.seed + args.games))
                for row in rows]
    print(f"{args.games} Medium-vs-Medium games, seeds {args.seed}..{args.seed + args.games - 1}")
    for rounds in (1, 2):
        sel = [(x, y) for r, x, y in data if r == rounds]
        beta, se = least_squares([x for x, _ in sel], [y for _, y in sel])
        terms = ", ".join(f"{name} {b:+.2f} ± {e:.2f}"
                          for name, b, e in zip(FEATURES, beta[1:], se[1:], strict=True))
        print(f"{rounds} round(s) to play, {len(sel)} seat-rounds: {terms}")


if __name__ == "__main__":
    main()
