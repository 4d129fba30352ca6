"""Fit value models on the self-play positions (numpy, a dev dependency only).

``PYTHONPATH=engine:. nice -n 19 python3 -m tools.learn.train --model ridge \
    --out tools/learn/models/ridge_v1.json``

Training games: seeds in [5 000 000, 6 000 000); a tenth of them (seed % 10 == 0) is kept
apart for choosing the ridge penalty / stopping the network (the Gate 1 games, seeds
6 000 000+, are never read here). Features are standardized (mean, scale written into the
model); the target is the final margin unless ``--target`` says otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import numpy as np

from small_islands.bots.learned_features import FEATURE_VERSION, NAMES

from .dataset import build
from .generate import DATA

TRAIN = (5_000_000, 6_000_000)


def arrays(rows: list[dict[str, Any]], target: str) -> tuple[Any, Any, Any]:
    x = np.array([r["x"] for r in rows], dtype=np.float64)
    y = np.array([r[target] for r in rows], dtype=np.float64)
    seeds = np.array([r["seed"] for r in rows])
    return x, y, seeds


def standardize(x: Any) -> tuple[Any, Any]:
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    const = scale < 1e-9
    mean[const] = 0.0
    scale[const] = 1.0
    mean[0], scale[0] = 0.0, 1.0  # the bias feature stays 1
    return mean, scale


def metrics(pred: Any, y: Any) -> dict[str, float]:
    return {"mse": float(np.mean((pred - y) ** 2)), "corr": float(np.corrcoef(pred, y)[0, 1]),
            "n": int(len(y))}


def ridge(z: Any, y: Any, lam: float) -> Any:
    a = z.T @ z + lam * np.eye(z.shape[1])
    a[0, 0] -= lam  # no penalty on the bias
    return np.linalg.solve(a, z.T @ y)


def fit_ridge(zt: Any, yt: Any, zv: Any, yv: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    best: tuple[float, float, Any] | None = None
    tried = {}
    for lam in (0.01, 1.0, 10.0, 100.0, 1000.0, 10000.0):
        w = ridge(zt, yt, lam)
        m = metrics(zv @ w, yv)
        tried[str(lam)] = m
        if best is None or m["mse"] < best[0]:
            best = (m["mse"], lam, w)
    assert best is not None
    _, lam, w = best
    return {"kind": "linear", "w": [float(v) for v in w], "b": 0.0}, {
        "lambda": lam, "tried": tried}


def fit_mlp(zt: Any, yt: Any, zv: Any, yv: Any, hidden: int, seed: int,
            epochs: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """One hidden ReLU layer, Adam, mean squared error; the epoch best on validation."""
    rng = np.random.default_rng(seed)
    n_in = zt.shape[1]
    params = [rng.normal(0, np.sqrt(2 / n_in), (n_in, hidden)), np.zeros(hidden),
              rng.normal(0, np.sqrt(1 / hidden), (hidden, 1)), np.zeros(1)]
    params[3][0] = float(yt.mean())
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    lr, b1, b2, step, batch, l2 = 1e-3, 0.9, 0.999, 0, 256, 1e-4

    def forward(z: Any) -> tuple[Any, Any]:
        h = np.maximum(0.0, z @ params[0] + params[1])
        return h, (h @ params[2] + params[3])[:, 0]

    best: tuple[float, list[Any], int] | None = None
    history = []
    for epoch in range(epochs):
        order = rng.permutation(len(yt))
        for start in range(0, len(yt), batch):
            idx = order[start:start + batch]
            z, y = zt[idx], yt[idx]
            h, out = forward(z)
            d = 2 * (out - y)[:, None] / len(idx)
            grads = [None, None, h.T @ d + l2 * params[2], d.sum(axis=0)]
            dh = (d @ params[2].T) * (h > 0)
            grads[0] = z.T @ dh + l2 * params[0]
            grads[1] = dh.sum(axis=0)
            step += 1
            for k, g in enumerate(grads):
                m[k] = b1 * m[k] + (1 - b1) * g
                v[k] = b2 * v[k] + (1 - b2) * g * g
                mh = m[k] / (1 - b1 ** step)
                vh = v[k] / (1 - b2 ** step)
                params[k] = params[k] - lr * mh / (np.sqrt(vh) + 1e-8)
        val = metrics(forward(zv)[1], yv)
        history.append(val["mse"])
        if best is None or val["mse"] < best[0]:
            best = (val["mse"], [p.copy() for p in params], epoch)
    assert best is not None
    w1, b1_, w2, b2_ = best[1]
    model = {"kind": "mlp", "layers": [
        {"w": w1.tolist(), "b": b1_.tolist()}, {"w": w2.tolist(), "b": b2_.tolist()}]}
    return model, {"hidden": hidden, "best_epoch": best[2], "val_mse_by_epoch": history}


def predict(model: dict[str, Any], z: Any) -> Any:
    if model["kind"] == "linear":
        return z @ np.array(model["w"]) + model["b"]
    h = z
    layers = model["layers"]
    for k, layer in enumerate(layers):
        h = h @ np.array(layer["w"]) + np.array(layer["b"])
        if k < len(layers) - 1:
            h = np.maximum(0.0, h)
    return h[:, 0]


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", default=DATA)
    p.add_argument("--model", choices=("ridge", "mlp"), default="ridge")
    p.add_argument("--target", default="final_margin")
    p.add_argument("--hidden", type=int, default=32)
    p.add_argument("--epochs", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    p.add_argument("--games", type=int, nargs=2, default=None,
                   help="seed range [first, last) instead of the training range (tests)")
    p.add_argument("--columns", type=int, default=None,
                   help="fit on the first COLUMNS features only (89: version 2's), the others "
                        "held at zero weight (the model file still reads every feature)")
    p.add_argument("--max-games", type=int, default=None,
                   help="use only the first MAX_GAMES training games (by seed)")
    p.add_argument("--upweight", type=int, nargs=3, default=None,
                   metavar=("FROM", "TO", "TIMES"),
                   help="repeat the fitting positions of games with seeds in [FROM, TO) TIMES "
                        "times (validation unchanged), e.g. an expert-iteration plan's games")
    a = p.parse_args(argv)
    start = time.time()
    rows = build(a.data, *(TRAIN if a.games is None else a.games))
    if a.max_games is not None:
        keep = set(sorted({r["seed"] for r in rows})[:a.max_games])
        rows = [r for r in rows if r["seed"] in keep]
    x, y, seeds = arrays(rows, a.target)
    if a.columns is not None:
        x[:, a.columns:] = 0.0  # standardized to 0 with scale 1: no weight, no effect
    mean, scale = standardize(x)
    z = (x - mean) / scale
    val = seeds % 10 == 0
    zt, yt, zv, yv = z[~val], y[~val], z[val], y[val]
    if a.upweight is not None:
        lo, hi, times = a.upweight
        st = seeds[~val]
        extra = (st >= lo) & (st < hi)
        zt = np.concatenate([zt] + [zt[extra]] * (times - 1))
        yt = np.concatenate([yt] + [yt[extra]] * (times - 1))
    if a.model == "ridge":
        model, info = fit_ridge(zt, yt, zv, yv)
    else:
        model, info = fit_mlp(zt, yt, zv, yv, a.hidden, a.seed, a.epochs)
    if a.columns is not None:  # the features left out: no weight at all
        if model["kind"] == "linear":
            model["w"][a.columns:] = [0.0] * (len(NAMES) - a.columns)
        else:
            first = model["layers"][0]["w"]
            first[a.columns:] = [[0.0] * len(first[0]) for _ in first[a.columns:]]
    out = {**model, "feature_version": FEATURE_VERSION, "names": list(NAMES),
           "mean": mean.tolist(), "scale": scale.tolist(), "target": a.target}
    report = {"model": a.model, "target": a.target, "columns": a.columns or len(NAMES),
              "upweight": a.upweight,
              "games": int(len(set(seeds.tolist()))),
              "positions": int(len(y)), "train_positions": int(len(yt)),
              "val_positions": int(len(yv)), "train": metrics(predict(model, zt), yt),
              "val": metrics(predict(model, zv), yv),
              "val_baseline_mse": float(np.mean((yv - yt.mean()) ** 2)), **info,
              "seconds": round(time.time() - start, 1)}
    os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(out, f, separators=(",", ":"))
    with open(a.out.replace(".json", ".report.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
    short = {k: v for k, v in report.items() if k not in ("val_mse_by_epoch", "tried")}
    print(json.dumps(short, indent=1))
    if a.model == "ridge":
        w = np.array(model["w"])
        top = np.argsort(-np.abs(w))[:15]
        for i in top:
            print(f"  {NAMES[i]:28s} {w[i]:+.3f} (per SD)")


if __name__ == "__main__":
    main()
