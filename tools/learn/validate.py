"""Validation metrics of kept models on the training range's validation games (numpy, dev).

``PYTHONPATH=engine:. nice -n 19 python3 -m tools.learn.validate \
    --models tools/learn/models/mlp32_v3.json tools/learn/models/mlp32_i1.json \
    --sets 5000000:5200000 5200000:5300000``

The validation games are those `train.py` holds out (seed % 10 == 0); each ``--sets`` range
FROM:TO (seeds) is reported apart, e.g. the Medium/Hard games and an expert-iteration plan's
games, so models trained on different sets are compared on the same positions. Reads the
feature caches `train.py` builds (``bench/learn-data/``).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import numpy as np

from .dataset import build
from .generate import DATA
from .train import arrays, metrics, predict


def evaluate(path: str, x: Any, y: Any) -> dict[str, float]:
    with open(path, encoding="utf-8") as f:
        model = json.load(f)
    z = (x - np.array(model["mean"])) / np.array(model["scale"])
    return metrics(predict(model, z), y)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", default=DATA)
    p.add_argument("--models", nargs="+", required=True)
    p.add_argument("--sets", nargs="+", required=True, metavar="FROM:TO")
    p.add_argument("--target", default="final_margin")
    a = p.parse_args(argv)
    for spec in a.sets:
        first, last = (int(v) for v in spec.split(":"))
        rows = [r for r in build(a.data, first, last) if r["seed"] % 10 == 0]
        x, y, seeds = arrays(rows, a.target)
        print(f"validation games {first}-{last - 1}: {len(set(seeds.tolist()))} games, "
              f"{len(y)} positions, variance {float(np.var(y)):.1f}")
        for path in a.models:
            m = evaluate(path, x, y)
            print(f"  {path}: MSE {m['mse']:.2f}, corr {m['corr']:.4f}")


if __name__ == "__main__":
    main()
