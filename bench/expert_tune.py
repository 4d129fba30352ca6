"""Paired tuning runs: Expert with changed search settings against Hard (the "Variants tried").

    PYTHONPATH=engine python3 bench/expert_tune.py --name v9 \
        --effort '{"hands": true, "choice_model": 1.0}' --seed 100000 --seeds 100 \
        --out bench/out/tune/v9.jsonl [--baseline bench/out/tune/v4.jsonl]

Every seed is played once with Expert in each seat (the other seats: `--b`, Hard by default),
so two variants' files pair game by game on (seed, Expert's seat); `--effort '{}'` is the
shipped `expert.EFFORT` (the baseline). Each seat draws from its own generator
(`seed * 16 + seat`); Hard's time budget runs on the process's CPU clock, as in tournaments,
or with `--hard-clock actions` on a count of game actions (then a game repeats exactly).
One JSON line per game is appended to `--out`; games already there are not played again.
Tune only on seeds >= 100 000 (seeds 0-999 are the official runs').

`--clairvoyant all` (diagnostic only, not a player): Expert's worlds are the true game, every
hidden thing known; `--clairvoyant objectives`: only the others' true objective cards are
put into each drawn world. They bound what better inference of the hidden state could give.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import random
import statistics
import sys
import time
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from small_islands import Game, Options  # noqa: E402
from small_islands.bots import choose_action, search  # noqa: E402
from small_islands.bots.expert import EFFORT, expert  # noqa: E402

expert_module = importlib.import_module("small_islands.bots.expert")
DETERMINIZE = expert_module.determinize


# Hard's search rate on this machine: `Game.play_unchecked` calls per CPU-second of Hard
# playing Hard (7 171 over 4 games, seeds 200000-200003), so 0.25 s of it is ~1 800 actions.
ACTIONS_PER_S = 7200


def _init(clock: str = "cpu") -> None:
    """Hard's clock in this process: CPU time, or (`actions`) the number of game actions
    played so far divided by `ACTIONS_PER_S`, which makes Hard's searches repeat exactly:
    a variant's games then differ from the baseline's only from Expert's first different
    decision on."""
    if clock == "cpu":
        search.CLOCK = time.process_time
        return
    count = [0]
    play = Game.play_unchecked

    def counted(self: Game, *args: Any, **kw: Any) -> Any:
        count[0] += 1
        return play(self, *args, **kw)

    Game.play_unchecked = counted  # type: ignore[method-assign]
    search.CLOCK = lambda: count[0] / ACTIONS_PER_S


def _with_true_objectives(truth: Game, me: int) -> Any:
    """`determinize`, then each other seat's true objective cards put into the world."""
    def det(view: dict[str, Any], rng: random.Random, board: Any = None,
            hands: Any = None) -> Game:
        w = DETERMINIZE(view, rng, board, hands)
        for i, ts in enumerate(truth.seats):
            if i == me:
                continue
            ws = w.seats[i]
            back = ([c for o in (ws.now, ws.later) if o for c in w.mode.cards_of(o)]
                    if ws.now or ws.later else list(ws.held))
            take = ([c for o in (ts.now, ts.later) if o for c in truth.mode.cards_of(o)]
                    if ts.now or ts.later else list(ts.held))
            for c in back:
                w.decks[c[0]].append(c)
            for c in take:
                if c in w.decks[c[0]]:
                    w.decks[c[0]].remove(c)
                else:
                    for j, other in enumerate(w.seats):
                        if j != i and c in other.held:
                            other.held.remove(c)
            ws.now, ws.later, ws.held = ts.now, ts.later, list(ts.held)
        return w
    return det


def play(job: tuple[str, dict[str, Any], int, int, int, str, str]) -> dict[str, Any]:
    """One game: Expert (with the job's settings) in seat `a_seat`, `b` everywhere else."""
    name, kw, seed, a_seat, seats, b, clairvoyant = job
    effort = replace(EFFORT, **kw)
    levels = [("expert" if k == a_seat else b) for k in range(seats)]
    g = Game.new(Options(seats=tuple(f"P{k}" for k in range(seats)), seed=seed,
                         bots=dict(enumerate(levels))))
    rngs = [random.Random(seed * 16 + k) for k in range(seats)]
    times: dict[str, list[float]] = {}
    t0 = time.process_time()
    while g.phase != "over":
        s = g.to_move
        legal = g.legal_actions()
        t = time.process_time()
        if levels[s] == "expert" and len(legal) > 1:
            if clairvoyant == "all":
                expert_module.determinize = lambda *_a, truth=g, **_k: truth.clone()
            elif clairvoyant == "objectives":
                expert_module.determinize = _with_true_objectives(g, s)
            a = expert(g.view(s), legal, rngs[s], effort)
        else:
            a = choose_action(g.view(s), legal, levels[s], rngs[s], 0.25)
        if len(legal) > 1:
            times.setdefault(levels[s], []).append(round(time.process_time() - t, 4))
        g.play(a, s)
    totals = [r["total"] for r in g.scores()]
    winners = g.winners()
    return {"game": seed * 4 + a_seat, "seed": seed, "a_seat": a_seat, "levels": levels,
            "mode": "normal", "totals": totals, "winners": winners,
            "win": (1 / len(winners)) if a_seat in winners else 0.0,
            "margin": totals[a_seat] - max(t for k, t in enumerate(totals) if k != a_seat),
            "cpu_s": round(time.process_time() - t0, 3), "times": times, "variant": name,
            "kw": kw}


def _mean_se(values: list[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0] if values else 0.0), 0.0
    return statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values))


def summary(records: list[dict[str, Any]], baseline: list[dict[str, Any]] | None) -> str:
    """Games, wins, margin ± SE, and (with a baseline) the paired differences."""
    m, se = _mean_se([r["margin"] for r in records])
    wins = sum(r["win"] for r in records)
    line = (f"{len(records)} games: Expert wins {100 * wins / max(1, len(records)):.1f} % "
            f"({wins:g}), margin {m:+.2f} ± {se:.2f} PP")
    if baseline:
        base = {(r["seed"], r["a_seat"]): r for r in baseline}
        pairs = [(r, base[(r["seed"], r["a_seat"])]) for r in records
                 if (r["seed"], r["a_seat"]) in base]
        dm, dse = _mean_se([r["margin"] - q["margin"] for r, q in pairs])
        dw, dwse = _mean_se([r["win"] - q["win"] for r, q in pairs])
        line += (f"; paired with the baseline on {len(pairs)} games: margin {dm:+.2f} ± "
                 f"{dse:.2f} PP, wins {100 * dw:+.1f} ± {100 * dwse:.1f} points")
    return line


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--name", default="v4")
    p.add_argument("--effort", default="{}", help="Effort fields changed, as JSON")
    p.add_argument("--seed", type=int, default=100000)
    p.add_argument("--seeds", type=int, default=1, help="seeds (each played in every seat)")
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--b", default="hard")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--clairvoyant", default="", choices=("", "all", "objectives"))
    p.add_argument("--hard-clock", default="cpu", choices=("cpu", "actions"),
                   help="Hard's budget in CPU time or in game actions (repeatable)")
    p.add_argument("--out", default="bench/out/tune/v4.jsonl")
    p.add_argument("--baseline", help="a file of this script to pair with")
    args = p.parse_args()
    kw = json.loads(args.effort)
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    done: set[tuple[int, int]] = set()
    if os.path.exists(args.out):
        with open(args.out) as fh:
            done = {(r["seed"], r["a_seat"]) for r in map(json.loads, fh)}
    todo = [(args.name, kw, s, k, args.seats, args.b, args.clairvoyant)
            for s in range(args.seed, args.seed + args.seeds) for k in range(args.seats)
            if (s, k) not in done]
    with Pool(args.jobs, initializer=_init, initargs=(args.hard_clock,)) as pool:
        for rec in pool.imap_unordered(play, todo):
            with open(args.out, "a") as fh:
                fh.write(json.dumps(rec) + "\n")
    with open(args.out) as fh:
        records = [json.loads(line) for line in fh]
    baseline = None
    if args.baseline:
        with open(args.baseline) as fh:
            baseline = [json.loads(line) for line in fh]
    print(summary(records, baseline))


if __name__ == "__main__":
    main()
