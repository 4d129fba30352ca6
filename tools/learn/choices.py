"""Placement choices against the truth (issue 31): would the learned value place better?

``PYTHONPATH=engine:. nice -n 19 python3 -m tools.learn.choices --positions 200 \
    --models tools/learn/models/mlp32_v3.json --out bench/out/choices.jsonl``

Hard places a tile by Medium's one-turn values minus the opponents' expected gain
(`search.Denial.placements`). This asks whether re-ranking Hard's best few placements by a
learned model's value of the position just after the placement would choose better, without
playing games: from held-out self-play games (seeds 6 000 000+, never read by training),
`--positions` tile-placing decisions are drawn (seeded; rounds 1-4, two or more distinct
placements). For each, Hard's scores are computed as Hard computes them (its worlds drawn from
the seat's view, its evidence of the opponents' objectives), and for each of its best `--top`
placements:

* **the truth**: the deciding seat's final margin after that placement, averaged over
  `--rollouts` clairvoyant playouts of the true game to its end (Hard's fast policy for every
  seat, as Gate 1's true value), the same playout seeds for every candidate (common random
  numbers: the candidates are compared by paired differences);
* **each model's value** of the seat's view just after the placement (before any bonus token);
* Hard's own score.

Rows are appended to ``--out`` (one per position; a restart skips positions already there).
``--report`` prints, for choosers "Hard's first" and "the model's best among Hard's top k if it
gains more than g PP", the mean truth gained over Hard's first choice, with its standard error
over games, on the positions of even and odd game seeds apart (choose on one, confirm on the
other).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
from typing import Any

from small_islands.actions import PlaceTile
from small_islands.bots import search
from small_islands.bots.learned_value import Model, load
from small_islands.bots.policy import Ctx
from small_islands.bots.world import board_from_view, determinize
from small_islands.game import Game

from .dataset import margin, positions
from .gate import HELD_OUT
from .generate import DATA, read_chunks


def rollout_margin(g: Game, seat: int, seed: int) -> float:
    """The seat's final margin after one clairvoyant playout of `g` to the game's end."""
    w = g.clone()
    r = random.Random(seed)
    for _ in range(4000):
        if w.phase == "over":
            break
        search._step(w, r)
    return margin([row["total"] for row in w.scores()], seat)


def candidates(g: Game, seat: int, rng: random.Random, top: int
               ) -> list[tuple[float, PlaceTile]]:
    """Hard's best `top` placements at this decision, best first, with Hard's scores."""
    view = g.view(seat)
    board = board_from_view(view)
    worlds = [determinize(view, rng, board) for _ in range(search.DENIAL_WORLDS)]
    first = worlds[0]
    denial = search.Denial(first, seat, worlds, search.Evidence(view))
    scored = denial.placements(Ctx.of(first, seat), first.seats[seat].hand)
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))[:top]
    out: list[tuple[float, PlaceTile]] = []
    for i in order:
        v, a = scored[i]
        assert isinstance(a, PlaceTile)
        out.append((v, a))
    return out


def position_row(rec: dict[str, Any], k: int, g: Game, seat: int, models: dict[str, Model],
                 top: int, rollouts: int) -> dict[str, Any] | None:
    """The row of one placing decision (None: fewer than two placements to compare)."""
    rng = random.Random(rec["seed"] * 1000 + k)
    cands = candidates(g, seat, rng, top)
    if len(cands) < 2:
        return None
    seeds = [rng.getrandbits(32) for _ in range(rollouts)]
    out = []
    for v, a in cands:
        c = g.clone()
        c.play_unchecked(a)
        view = c.view(seat)
        truth = statistics.fmean(rollout_margin(c, seat, s) for s in seeds)
        out.append({"hard": v, "truth": truth,
                    **{f"model:{n}": m.value(view, c.board) for n, m in models.items()}})
    return {"seed": rec["seed"], "k": k, "seat": seat, "round": g.round,
            "n_seats": len(g.seats), "cands": out}


def read(path: str) -> list[dict[str, Any]]:
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def choose(cands: list[dict[str, Any]], key: str, k: int, gain: float) -> int:
    """The model's best among the first `k` if it beats the first by more than `gain`."""
    base = cands[0][key]
    best, best_v = 0, base + gain
    for i, c in enumerate(cands[1:k], start=1):
        if c[key] > best_v:
            best, best_v = i, c[key]
    return best


def gains(rows: list[dict[str, Any]], key: str, k: int, g: float) -> tuple[float, float, float]:
    """Mean truth over Hard's first (± SE over games), and the share of changed choices."""
    by_game: dict[int, list[float]] = {}
    changed = 0
    for r in rows:
        i = choose(r["cands"], key, k, g)
        changed += i != 0
        by_game.setdefault(r["seed"], []).append(r["cands"][i]["truth"] - r["cands"][0]["truth"])
    total = [sum(v) for v in by_game.values()]
    n = len(rows)
    mean = sum(total) / n
    # ratio estimator: SE of a mean of per-position values clustered by game
    sizes = [len(v) for v in by_game.values()]
    resid = [t - mean * s for t, s in zip(total, sizes, strict=True)]
    m = len(total)
    se = (m / (m - 1) * sum(x * x for x in resid)) ** 0.5 / n if m > 1 else float("nan")
    return mean, se, changed / n


def report(rows: list[dict[str, Any]], names: list[str], top: int) -> None:
    halves = {"even seeds": [r for r in rows if r["seed"] % 2 == 0],
              "odd seeds": [r for r in rows if r["seed"] % 2 == 1], "all": rows}
    print(f"{len(rows)} positions, {len({r['seed'] for r in rows})} games")
    oracle = [max(c["truth"] for c in r["cands"]) - r["cands"][0]["truth"] for r in rows]
    print(f"best of Hard's top {top} by the truth itself (an upper bound, biased up by noise): "
          f"{statistics.fmean(oracle):+.3f} PP")
    print("| chooser | " + " | ".join(halves) + " |")
    print("| --- |" + " ---: |" * len(halves))
    for n in names:
        for k in range(2, top + 1):
            for g in (0.0, 0.25, 0.5, 1.0):
                cells = []
                for rs in halves.values():
                    mean, se, ch = gains(rs, f"model:{n}", k, g)
                    cells.append(f"{mean:+.3f} ± {se:.3f} ({100 * ch:.0f} %)")
                print(f"| {n}, top {k}, gain > {g} | " + " | ".join(cells) + " |")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", default=DATA)
    p.add_argument("--models", nargs="*", default=[])
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--top", type=int, default=4)
    p.add_argument("--rollouts", type=int, default=16)
    p.add_argument("--seed", type=int, default=41)
    p.add_argument("--games", type=int, nargs=2, default=list(HELD_OUT), metavar=("FROM", "TO"))
    p.add_argument("--out", required=True)
    p.add_argument("--report", action="store_true", help="summarise --out without playing")
    a = p.parse_args(argv)
    models = {os.path.basename(m).removesuffix(".json"): load(m) for m in a.models}
    done = {(r["seed"], r["k"]) for r in read(a.out)}
    if not a.report:
        records = read_chunks(a.data, *a.games)
        every = [(r["seed"], d[0]) for r in records for d in r["decisions"]]
        chosen = random.Random(a.seed).sample(every, len(every))
        by_seed = {r["seed"]: r for r in records}
        want: dict[int, set[int]] = {}
        count = 0
        # keep drawing until `--positions` placing decisions (others are skipped)
        plan: list[tuple[int, int]] = []
        for s, k in chosen:
            plan.append((s, k))
            if len(plan) >= a.positions * 4:
                break
        for s, k in plan:
            want.setdefault(s, set()).add(k)
        found = len(done)
        with open(a.out, "a", encoding="utf-8") as f:
            for s in sorted(want):
                if found >= a.positions:
                    break
                for k, g, seat, _ in positions(by_seed[s]):
                    if k not in want[s] or (s, k) in done or found >= a.positions:
                        continue
                    legal = g.legal_actions()
                    if not isinstance(legal[0], PlaceTile):
                        continue
                    row = position_row(by_seed[s], k, g, seat, models, a.top, a.rollouts)
                    if row is None:
                        continue
                    f.write(json.dumps(row) + "\n")
                    f.flush()
                    found += 1
                    count += 1
        print(f"{count} new positions")
    report(read(a.out), list(models), a.top)


if __name__ == "__main__":
    main()
