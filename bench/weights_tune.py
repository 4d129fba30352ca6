"""Tune the one-turn evaluation's weights (`evaluate.Weights`) by Medium-vs-Medium games.

    PYTHONPATH=engine python3 bench/weights_tune.py --seed 100000 --seeds 400 --jobs 2 \
        [--seats 2] [--start '{"partial": 0.6}'] [--rounds 2] [--out bench/out/weights.json]

Medium with the weights being tried sits in one seat, Medium with its own weights
(`MEDIUM_WEIGHTS`) in every other; each seed is played with the tried seat in every
position, so two weight sets meet the same deals (common random numbers). Medium is greedy
and deterministic, so a game repeats exactly and differs from another weight set's only
from the first decision the weights change.

The search is coordinate-wise: each weight in turn is tried at its value times each of
`STEPS`; a change is kept when its paired margin over the current set beats it by two
standard errors (and the win rate does not drop). Medium's games cost ~0.06 s each, so a
round over all weights is a few minutes on two cores. Tune only on seeds >= 100 000.

`--check '{"partial": 0.6}'` plays one set against Medium's on the given seeds and prints
its win rate and paired margin (validation on fresh seeds).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import asdict, fields, replace
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from small_islands import Game, Options  # noqa: E402
from small_islands.bots import evaluate  # noqa: E402
from small_islands.bots.evaluate import MEDIUM_WEIGHTS, Weights  # noqa: E402
from small_islands.bots.policy import medium  # noqa: E402

STEPS = (0.5, 0.75, 1.33, 2.0)


def play(args: tuple[dict[str, float], int, int, int]) -> tuple[float, int]:
    """One game: the tried weights in seat `me`; (win share, margin) of that seat."""
    params, seed, me, seats = args
    tried = replace(MEDIUM_WEIGHTS, **params)
    g = Game.new(Options(seats=tuple(f"P{i}" for i in range(seats)), seed=seed))
    rng = random.Random(seed)
    while g.phase != "over":
        legal = g.legal_actions()
        if len(legal) == 1:
            g.play(legal[0])
            continue
        with evaluate.use(tried if g.to_move == me else MEDIUM_WEIGHTS):
            g.play(medium(g, legal, rng))
    totals = [row["total"] for row in g.scores()]
    best = max(totals)
    winners = [i for i, t in enumerate(totals) if t == best]
    win = 1 / len(winners) if me in winners else 0.0
    return win, totals[me] - max(t for i, t in enumerate(totals) if i != me)


def match(pool: Pool, params: dict[str, float], seed: int, seeds: int,
          seats: int) -> list[tuple[float, int]]:
    """Every seed with the tried weights in every seat, in game order."""
    jobs = [(params, seed + k, me, seats) for k in range(seeds) for me in range(seats)]
    return pool.map(play, jobs, chunksize=8)


def paired(a: list[tuple[float, int]], b: list[tuple[float, int]]) -> tuple[float, float]:
    """Mean and standard error of the margin differences, game by game."""
    d = [x[1] - y[1] for x, y in zip(a, b, strict=True)]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in d) / (n - 1)) if n > 1 else 0.0
    return mean, sd / math.sqrt(n)


def summary(games: list[tuple[float, int]]) -> str:
    """Win rate and mean margin."""
    wins = sum(w for w, _ in games)
    return (f"wins {100 * wins / len(games):.1f} % ({wins:g}/{len(games)}), "
            f"margin {sum(m for _, m in games) / len(games):+.2f}")


def main() -> None:
    """Coordinate search, or one check."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--seeds", type=int, default=400)
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--start", default="{}")
    ap.add_argument("--check")
    ap.add_argument("--only", help="comma-separated weights to search (default: all)")
    ap.add_argument("--out")
    a = ap.parse_args()
    if a.seed < 100000:
        raise SystemExit("tune on seeds >= 100000 (0-999 are the official runs')")
    with Pool(a.jobs) as pool:
        base = match(pool, {}, a.seed, a.seeds, a.seats)
        print(f"Medium vs Medium: {summary(base)}", flush=True)
        if a.check:
            params = json.loads(a.check)
            got = match(pool, params, a.seed, a.seeds, a.seats)
            mean, se = paired(got, base)
            print(f"{params}: {summary(got)}; paired margin {mean:+.2f} ± {se:.2f}")
            return
        current: dict[str, float] = json.loads(a.start)
        cur = match(pool, current, a.seed, a.seeds, a.seats) if current else base
        for r in range(a.rounds):
            for f in fields(Weights):
                if a.only and f.name not in a.only.split(","):
                    continue
                value = current.get(f.name, getattr(MEDIUM_WEIGHTS, f.name))
                for step in STEPS:
                    trial = {**current, f.name: round(value * step, 4)}
                    got = match(pool, trial, a.seed, a.seeds, a.seats)
                    mean, se = paired(got, cur)
                    keep = mean > 2 * se and sum(w for w, _ in got) >= sum(w for w, _ in cur)
                    print(f"round {r + 1} {f.name} {value} -> {trial[f.name]}: {summary(got)}; "
                          f"vs current {mean:+.2f} ± {se:.2f}{'  KEPT' if keep else ''}",
                          flush=True)
                    if keep:
                        current, cur = trial, got
                        value = trial[f.name]
            print(f"after round {r + 1}: {json.dumps(current)}; {summary(cur)}", flush=True)
        mean, se = paired(cur, base)
        print(f"final vs Medium: paired margin {mean:+.2f} ± {se:.2f}")
        if a.out:
            Path(a.out).parent.mkdir(parents=True, exist_ok=True)
            Path(a.out).write_text(json.dumps({"weights": current,
                                               "all": asdict(replace(MEDIUM_WEIGHTS, **current))},
                                              indent=1))


if __name__ == "__main__":
    main()
