"""The learned value of a seat's view, evaluated in pure Python (issue 31).

A model is a JSON data file written by the offline trainer (`tools/learn/train.py`, numpy):
the feature names it was trained on, each feature's mean and scale, and either a linear map
(``"kind": "linear"``: weights and bias) or a small network (``"kind": "mlp"``: layers of
weights and biases, ReLU between them). `Model.predict` reproduces numpy's prediction from
the standardized features; `Model.value(view)` is the predicted final margin of the view's
seat (its total minus the best other total, in PP). Nothing here imports numpy, and a model
is read only when asked for (`load`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..board import Board
from .learned_features import FEATURE_VERSION, NAMES, features


@dataclass(frozen=True)
class Model:
    """A trained value model (see the module docstring)."""

    kind: str
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    layers: tuple[tuple[tuple[tuple[float, ...], ...], tuple[float, ...]], ...]
    target: str = "final_margin"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Model:
        """A model from its JSON data; a model of other features is refused."""
        if data.get("feature_version") != FEATURE_VERSION or tuple(data["names"]) != NAMES:
            raise ValueError("this model was trained on other features "
                             f"(version {data.get('feature_version')}, this code "
                             f"{FEATURE_VERSION})")
        kind = data["kind"]
        layers: tuple[tuple[tuple[tuple[float, ...], ...], tuple[float, ...]], ...]
        if kind == "linear":
            layers = ((tuple((float(w),) for w in data["w"]), (float(data["b"]),)),)
        elif kind == "mlp":
            layers = tuple((tuple(tuple(float(v) for v in row) for row in layer["w"]),
                            tuple(float(v) for v in layer["b"])) for layer in data["layers"])
        else:
            raise ValueError(f"unknown model kind {kind!r}")
        n = len(NAMES)
        if len(data["mean"]) != n or len(data["scale"]) != n or len(layers[0][0]) != n:
            raise ValueError("model and features differ in length")
        return cls(kind, tuple(float(v) for v in data["mean"]),
                   tuple(float(v) for v in data["scale"]), layers,
                   str(data.get("target", "final_margin")))

    def predict(self, x: Sequence[float]) -> float:
        """The model's output for one feature vector (as `features` gives it)."""
        h = [(v - m) / s for v, m, s in zip(x, self.mean, self.scale, strict=True)]
        last = len(self.layers) - 1
        for k, (w, b) in enumerate(self.layers):
            # w: one row per input, one column per output (numpy's x @ w + b)
            out = list(b)
            for xi, row in zip(h, w, strict=True):
                if xi:
                    for j, wij in enumerate(row):
                        out[j] += xi * wij
            h = out if k == last else [v if v > 0.0 else 0.0 for v in out]
        return h[0]

    def value(self, view: Mapping[str, Any], board: Board | None = None) -> float:
        """The predicted final margin of the view's seat (`board`: the view's map as a
        `Board`, if at hand; see `features`)."""
        return self.predict(features(view, board))


def load(path: str) -> Model:
    """Read a model file (JSON)."""
    with open(path, encoding="utf-8") as f:
        return Model.from_json(json.load(f))


__all__ = ["Model", "load"]
