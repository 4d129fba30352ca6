"""Gate 1 of issue 31: the learned value against Hard's playout value, on held-out games.

``PYTHONPATH=engine:. nice -n 19 python3 -m tools.learn.gate \
    --models tools/learn/models/ridge_v1.json --positions 300``

Held-out games: the self-play chunks with seeds 6 000 000+ (never read by training). From
them `--positions` decision positions are drawn (seeded). For each position:

* **true value** -- the deciding seat's final margin (its total minus the best other) averaged
  over `--true-rollouts` clairvoyant playouts: the *true* game (every hidden card known) played
  on to the game's end by Hard's fast playout policy for every seat, as in the clairvoyant
  diagnostics of bench/RESULTS.md ("Expert");
* **Hard's playout value** -- what Hard's search scores the position: `--worlds` worlds drawn
  from the seat's view (`determinize`), each played to the end of the round by the same
  policy, valued by Hard's `_margin` (total plus what the seat still holds, minus the best
  other), averaged;
* (a reference, not what Hard does) the same kind of playouts from the view's worlds played
  on to the game's end, `--end-worlds` of them, valued by the final margin ("hard_to_end");
* **the models' predictions** from the view's features;
* the game's realised final margin (one sample of what followed, as played).

``--games FROM TO`` draws from the held-out games with seeds in that range only (by default all
of them): a confirmation run on games that no earlier gate, hence no choice of model, read.

Rows go to ``--out``, by default ``tools/learn/data/gate1.jsonl.gz`` (kept in the repository:
the truth costs about an hour of CPU). While playing, new rows are appended to a plain
``<out>.partial`` file (a restart skips positions already in either); once every position is
done the rows are written to the gzip file and the partial file removed. The summary
prints correlation and mean squared error against the true value, raw and after an affine
calibration fitted on the other half of the positions (Hard's value is a round-end margin, so
its raw error is not on the final margin's scale).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import random
from typing import Any

from small_islands.bots import search
from small_islands.bots.learned_value import Model, load
from small_islands.bots.world import board_from_view, determinize
from small_islands.game import Game

from .dataset import margin, positions
from .generate import DATA, read_chunks

HELD_OUT = (6_000_000, 7_000_000)


def true_value(g: Game, seat: int, rollouts: int, rng: random.Random) -> float:
    """Mean final margin of `seat` over clairvoyant playouts of the true game."""
    total = 0.0
    for _ in range(rollouts):
        w = g.clone()
        r = random.Random(rng.getrandbits(32))
        for _ in range(4000):
            if w.phase == "over":
                break
            search._step(w, r)
        total += margin([row["total"] for row in w.scores()], seat)
    return total / rollouts


def hard_value(view: dict[str, Any], seat: int, worlds: int, rng: random.Random,
               to_end: bool = False) -> float:
    """Hard's playout value of the position: whole-round playouts in worlds from the view
    (with `to_end`, played on to the game's end instead and valued by the final margin)."""
    board = board_from_view(view)
    total = 0.0
    for _ in range(worlds):
        w = determinize(view, rng, board)
        r = random.Random(rng.getrandbits(32))
        if not to_end:
            total += search.playout(w, seat, r, True)
            continue
        for _ in range(4000):
            if w.phase == "over":
                break
            search._step(w, r)
        total += margin([row["total"] for row in w.scores()], seat)
    return total / worlds


def pick(records: list[dict[str, Any]], count: int, seed: int) -> list[tuple[int, int]]:
    """(game seed, action index) of `count` decisions drawn uniformly (those before round 1
    are then skipped)."""
    every = [(r["seed"], d[0]) for r in records for d in r["decisions"]]
    rng = random.Random(seed)
    return sorted(rng.sample(every, min(count, len(every))))


def corr(a: list[float], b: list[float]) -> float:
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True))
    va = sum((x - ma) ** 2 for x in a)
    vb = sum((y - mb) ** 2 for y in b)
    return cov / math.sqrt(va * vb) if va and vb else float("nan")


def mse(a: list[float], b: list[float]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) / len(a)


def calibrated_mse(pred: list[float], truth: list[float]) -> float:
    """Error after y = a + b * pred, fitted on even positions for odd ones and back."""
    err = 0.0
    for part in (0, 1):
        fit = [(p, t) for i, (p, t) in enumerate(zip(pred, truth, strict=True)) if i % 2 != part]
        mp = sum(p for p, _ in fit) / len(fit)
        mt = sum(t for _, t in fit) / len(fit)
        vp = sum((p - mp) ** 2 for p, _ in fit)
        b = sum((p - mp) * (t - mt) for p, t in fit) / vp if vp else 0.0
        a = mt - b * mp
        err += sum((a + b * p - t) ** 2 for i, (p, t) in enumerate(zip(pred, truth, strict=True))
                   if i % 2 == part)
    return err / len(pred)


def summary(rows: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    truth = [r["true"] for r in rows]
    out: dict[str, Any] = {"positions": len(rows), "games": len({r["seed"] for r in rows})}
    for key in ["hard", "hard_to_end"] + [f"model:{n}" for n in names]:
        pred = [r[key] for r in rows]
        out[key] = {"corr_true": round(corr(pred, truth), 4),
                    "mse_true": round(mse(pred, truth), 2),
                    "mse_true_calibrated": round(calibrated_mse(pred, truth), 2),
                    "corr_realised": round(corr(pred, [r["realised"] for r in rows]), 4)}
    out["truth_variance"] = round(mse(truth, [sum(truth) / len(truth)] * len(truth)), 2)
    out["corr_true_realised"] = round(corr(truth, [r["realised"] for r in rows]), 4)
    return out


def bootstrap(rows: list[dict[str, Any]], key: str, draws: int, seed: int = 0,
              base: str = "hard") -> dict[str, float]:
    """`key` minus `base` (Hard's value unless told), resampling whole games: mean and
    standard error of the correlation gain and of the calibrated error's drop."""
    games: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        games.setdefault(r["seed"], []).append(r)
    seeds = sorted(games)
    rng = random.Random(seed)
    gains, drops = [], []
    for _ in range(draws):
        rs = [r for s in (rng.choice(seeds) for _ in seeds) for r in games[s]]
        truth = [r["true"] for r in rs]
        hard, model = [r[base] for r in rs], [r[key] for r in rs]
        gains.append(corr(model, truth) - corr(hard, truth))
        drops.append(calibrated_mse(hard, truth) - calibrated_mse(model, truth))

    def mean_se(xs: list[float]) -> tuple[float, float]:
        m = sum(xs) / len(xs)
        return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))

    (g, gse), (d, dse) = mean_se(gains), mean_se(drops)
    return {"corr_gain": round(g, 4), "corr_gain_se": round(gse, 4),
            "mse_drop": round(d, 2), "mse_drop_se": round(dse, 2)}


def read_rows(path: str) -> list[dict[str, Any]]:
    """The rows of a truth file (gzip when its name ends in .gz); none if it is absent."""
    if not os.path.exists(path):
        return []
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def write_rows(path: str, rows: list[dict[str, Any]]) -> None:
    """All rows to `path` (gzip when its name ends in .gz), sorted, via a temporary file."""
    tmp = path + ".tmp"
    opener = gzip.open if path.endswith(".gz") else open
    with opener(tmp, "wt", encoding="utf-8") as f:
        for r in sorted(rows, key=lambda r: (r["seed"], r["k"])):
            f.write(json.dumps(r) + "\n")
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", default=DATA)
    p.add_argument("--models", nargs="*", default=[])
    p.add_argument("--positions", type=int, default=300)
    p.add_argument("--worlds", type=int, default=16)
    p.add_argument("--true-rollouts", type=int, default=16)
    p.add_argument("--end-worlds", type=int, default=8)
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--out", default=os.path.join(DATA, "gate1.jsonl.gz"))
    p.add_argument("--games", type=int, nargs=2, default=list(HELD_OUT), metavar=("FROM", "TO"),
                   help="held-out game seeds to draw from, FROM <= seed < TO (a confirmation"
                        " can use games no earlier gate read)")
    p.add_argument("--report", action="store_true", help="summarise --out without playing")
    p.add_argument("--bootstrap", type=int, default=1000,
                   help="resamples of the held-out games for the gains' standard errors")
    p.add_argument("--versus", default=None, metavar="MODEL",
                   help="also pair every other model against this one (a model file's name "
                        "without .json, among --models), as against Hard's value")
    a = p.parse_args(argv)
    models: dict[str, Model] = {os.path.basename(m).removesuffix(".json"): load(m)
                                for m in a.models}
    done: dict[tuple[int, int], dict[str, Any]] = {}
    partial = a.out + ".partial" if a.out.endswith(".gz") else a.out
    for r in read_rows(a.out) + (read_rows(partial) if partial != a.out else []):
        done[(r["seed"], r["k"])] = r
    if not a.report:
        records = {r["seed"]: r for r in read_chunks(a.data, *a.games)}
        chosen = pick(list(records.values()), a.positions, a.seed)
        by_game: dict[int, set[int]] = {}
        for s, k in chosen:
            if (s, k) not in done:
                by_game.setdefault(s, set()).add(k)
        with open(partial, "a", encoding="utf-8") as f:
            for s, ks in sorted(by_game.items()):
                rec = records[s]
                for k, g, seat, labels in positions(rec):
                    if k not in ks:
                        continue
                    rng = random.Random(s * 1000 + k)
                    view = g.view(seat)
                    row = {"seed": s, "k": k, "seat": seat, "round": g.round,
                           "phase": g.phase, "n_seats": len(g.seats),
                           "realised": labels["final_margin"],
                           "true": true_value(g, seat, a.true_rollouts, rng),
                           "hard": hard_value(dict(view), seat, a.worlds, rng),
                           "hard_to_end": hard_value(dict(view), seat, a.end_worlds, rng,
                                                     True)}
                    for name, model in models.items():
                        row[f"model:{name}"] = model.value(view)
                    f.write(json.dumps(row) + "\n")
                    f.flush()
                    done[(s, k)] = row
        if partial != a.out:
            write_rows(a.out, [{k: v for k, v in r.items() if not k.startswith("model:")}
                               for r in done.values()])
            os.remove(partial)
    rows = list(done.values())
    # models added after rows were written: predict them now from the replayed view
    missing = [n for n in models if any(f"model:{n}" not in r for r in rows)]
    if missing:
        records = {r["seed"]: r for r in read_chunks(a.data, *a.games)}
        want: dict[int, dict[int, dict[str, Any]]] = {}
        for r in rows:
            want.setdefault(r["seed"], {})[r["k"]] = r
        for seed, by_k in want.items():
            for k, g, seat, _ in positions(records[seed]):
                if k in by_k:
                    view = g.view(seat)
                    for n in missing:
                        by_k[k][f"model:{n}"] = models[n].value(view)
    names = [n for n in models]
    print(json.dumps(summary(rows, names), indent=1))
    for n in names:
        print(f"{n} minus Hard, games resampled {a.bootstrap} times:",
              json.dumps(bootstrap(rows, f"model:{n}", a.bootstrap)))
    print("hard_to_end minus Hard:", json.dumps(bootstrap(rows, "hard_to_end", a.bootstrap)))
    if a.versus is not None:
        if a.versus not in models:
            raise SystemExit(f"--versus {a.versus}: not among --models")
        for n in names:
            if n != a.versus:
                print(f"{n} minus {a.versus}, games resampled {a.bootstrap} times:",
                      json.dumps(bootstrap(rows, f"model:{n}", a.bootstrap,
                                           base=f"model:{a.versus}")))
    by_round: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        by_round.setdefault(r["round"], []).append(r)
    for rnd, rs in sorted(by_round.items()):
        if len(rs) >= 10:
            sm = summary(rs, names)
            print(f"round {rnd}: n={len(rs)} hard corr {sm['hard']['corr_true']:.3f}, "
                  f"hard_to_end corr {sm['hard_to_end']['corr_true']:.3f}"
                  + "".join(f", {n} corr {sm['model:' + n]['corr_true']:.3f}" for n in names))


if __name__ == "__main__":
    main()
