"""Replay self-play records into (features, labels) per decision position.

A position is a decision (two or more legal actions) seen from the deciding seat's view; its
labels are what followed for that seat: the final margin (its total minus the best other
total), its final total, its prestige at the end of the position's round minus its prestige
now, and the round-end margin in prestige. The features are `learned_features.features` of
the view only (given the game's own board, which leaves them float for float the same:
`tests/test_learned_features_fast.py`). Per chunk the result is cached under `cache`
(``bench/learn-data/``, git-ignored: ``feat<version>_<first seed>.json.gz``), so a feature
change rebuilds only the caches.
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from typing import Any

from small_islands.bots.learned_features import FEATURE_VERSION, features
from small_islands.game import Game
from small_islands.save import read_save

from .generate import CACHE

LABELS = ("final_margin", "final_total", "round_gain", "round_margin")


def margin(values: list[float] | list[int], seat: int) -> float:
    return float(values[seat]) - max(float(v) for i, v in enumerate(values) if i != seat)


def positions(record: dict[str, Any]) -> Iterator[tuple[int, Game, int, dict[str, float]]]:
    """(action index, the game at the position, the deciding seat, its labels) for every
    decision of rounds 1-4 (the starting layout, before round 1, is left out)."""
    options, actions = read_save(record["save"])
    ends = {r[0]: r[1:] for r in record["round_pp"]}
    totals = record["totals"]
    g = Game.new(options)
    at = {d[0]: d[1] for d in record["decisions"]}
    for k, action in enumerate(actions):
        seat = at.get(k)
        if seat is not None and g.round in ends:
            end = ends[g.round]
            yield k, g, seat, {
                "final_margin": margin(totals, seat),
                "final_total": float(totals[seat]),
                "round_gain": float(end[seat] - g.seats[seat].pp),
                "round_margin": margin(end, seat),
            }
        g.play(action)


def rows(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The feature rows of one game: seed, seat, round, features, labels."""
    out = []
    for _, g, seat, labels in positions(record):
        out.append({"seed": record["seed"], "seat": seat, "round": g.round,
                    "n_seats": len(g.seats), "x": features(g.view(seat), g.board), **labels})
    return out


def build(data: str, first: int = 0, last: int = 1 << 62, cache_dir: str = CACHE
          ) -> list[dict[str, Any]]:
    """Rows of every finished chunk under `data` with seeds in [first, last) (cached under
    `cache_dir`)."""
    out: list[dict[str, Any]] = []
    os.makedirs(cache_dir, exist_ok=True)
    for name in sorted(os.listdir(data)):
        if not (name.startswith("games_") and name.endswith(".jsonl.gz")):
            continue
        chunk = int(name[len("games_"):-len(".jsonl.gz")])
        if not first <= chunk < last:
            continue
        cache = os.path.join(cache_dir, f"feat{FEATURE_VERSION}_{chunk}.json.gz")
        if os.path.exists(cache):
            with gzip.open(cache, "rt", encoding="utf-8") as f:
                out.extend(json.load(f))
            continue
        chunk_rows: list[dict[str, Any]] = []
        with gzip.open(os.path.join(data, name), "rt", encoding="utf-8") as f:
            for line in f:
                chunk_rows.extend(rows(json.loads(line)))
        tmp = f"{cache}.{os.getpid()}.tmp"  # two builders at once do not clash
        with gzip.open(tmp, "wt", encoding="utf-8") as f:
            json.dump(chunk_rows, f, separators=(",", ":"))
        os.replace(tmp, cache)
        out.extend(chunk_rows)
    return out
