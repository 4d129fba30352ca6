"""The per-view cost of the learned value's features (issue 31), in CPython.

``PYTHONPATH=engine:. python3 -m tools.learn.cost --games 3``

Plays Medium games (seeds from 7 000 000, two seats and one four-seat game in three),
keeps every decision's view, then times `features` over them all: milliseconds per view
(process time, so a shared machine's load matters less).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from small_islands.bots import bot_move
from small_islands.bots.learned_features import FEATURE_VERSION, features
from small_islands.game import Game
from small_islands.options import Options


def views(games: int, first: int = 7_000_000) -> list[Any]:
    out: list[Any] = []
    for k in range(games):
        n = 4 if k % 3 == 1 else 2
        g = Game.new(Options(seats=tuple(f"P{i}" for i in range(n)), seed=first + k,
                             bots=dict.fromkeys(range(n), "medium")))
        while g.phase != "over":
            seat = g.to_move
            assert seat is not None
            if len(g.legal_actions()) > 1:
                out.append(g.view(seat))
            g.play(bot_move(g, seat))
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=3)
    a = p.parse_args(argv)
    vs = views(a.games)
    start = time.process_time()
    for v in vs:
        features(v)
    ms = (time.process_time() - start) * 1000 / len(vs)
    print(f"features version {FEATURE_VERSION}: {len(vs)} views, {ms:.2f} ms per view")


if __name__ == "__main__":
    main()
