"""The learned leaf's cost and scale inside Hard's search (issue 31, step 3).

``PYTHONPATH=engine:. nice -n 19 python3 -m tools.learn.leaf --games 6 --worlds 8``

Plays Medium games (seeds from 7 400 000; tuning seeds, two seats, a four-seat game in three)
and takes the positions of rounds 1-3 where Hard's search plays candidates out (landing or
taking, houses, objectives: two or more candidate lines). At each, Hard decides with a fixed
number of worlds (and no clock) three ways:

* Hard as it is (no leaf): process time per decision;
* the same search with a leaf that computes both values of every round-start leaf -- the
  learned model's (``g.view`` + features + the network, timed) and `_margin` -- and returns
  `_margin` (so the search is Hard's): the paired differences between each candidate and
  Hard's first choice under either value (their spread, their correlation, the slope of the
  model's on `_margin`'s) say whether the two are on one scale;
* the learned level (`learned.choose`): process time per decision, and how often its choice
  differs from Hard's.

Then (``--budget``, 0.25 s as in the tournaments) Hard and the learned level decide again under
their CPU-time budget (the tournament's clock): the worlds each reaches per decision. The leaf's
cost is split into ``g.view``, the features and the network.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from small_islands.actions import ChooseObjective, EndReward, Land, PlaceHouse, TakeTile
from small_islands.bots import bot_move, learned, search
from small_islands.bots.learned_features import features
from small_islands.game import Game
from small_islands.options import Options

SEARCHED = (Land, TakeTile, PlaceHouse, EndReward, ChooseObjective)


def positions(games: int, first: int = 7_400_000, every: int = 3) -> list[tuple[Game, int]]:
    """Every `every`-th searched decision of rounds 1-3 in Medium games."""
    out: list[tuple[Game, int]] = []
    for k in range(games):
        n = 4 if k % 3 == 1 else 2
        g = Game.new(Options(seats=tuple(f"P{i}" for i in range(n)), seed=first + k,
                             bots=dict.fromkeys(range(n), "medium")))
        step = 0
        while g.phase != "over":
            seat = g.to_move
            assert seat is not None
            legal = g.legal_actions()
            if g.round <= 3 and len(legal) > 1 and isinstance(legal[0], SEARCHED):
                step += 1
                if step % every == 0:
                    out.append((g.clone(), seat))
            g.play(bot_move(g, seat))
    return out


def corr(a: list[float], b: list[float]) -> float:
    """Pearson correlation."""
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    sab = sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True))
    saa = sum((x - ma) ** 2 for x in a)
    sbb = sum((y - mb) ** 2 for y in b)
    return sab / (saa * sbb) ** 0.5 if saa and sbb else 0.0


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--worlds", type=int, default=8)
    p.add_argument("--budget", type=float, default=0.25)
    a = p.parse_args(argv)
    model = learned.model()
    pos = positions(a.games)
    leaf_s: list[float] = []
    t_hard: list[float] = []
    t_learned: list[float] = []
    diffs_m: list[float] = []  # candidate minus first choice, per world: _margin
    diffs_l: list[float] = []  # ... the learned value
    differ = searched = 0
    for k, (g, seat) in enumerate(pos):
        view, legal = g.view(seat), g.legal_actions()
        pairs: list[tuple[float, float]] = []

        def both(w: Game, s: int, pairs: list[tuple[float, float]] = pairs) -> float:
            start = time.process_time()
            v = model.value(w.view(s), w.board)
            leaf_s.append(time.process_time() - start)
            m = search._margin(w, s)
            pairs.append((m, v))
            return m

        start = time.process_time()
        h = search.hard(view, legal, random.Random(k), 1e9, a.worlds)
        t_hard.append(time.process_time() - start)
        search.hard(view, legal, random.Random(k), 1e9, a.worlds, both)
        start = time.process_time()
        lv = learned.choose(view, legal, "learned", random.Random(k), 1e9, a.worlds)
        t_learned.append(time.process_time() - start)
        if not pairs:
            continue
        searched += 1
        differ += lv != h
        if len(pairs) % a.worlds:
            continue  # a playout that did not reach the round's end: skip the position
        n_cand = len(pairs) // a.worlds
        for w in range(a.worlds):
            row = pairs[w * n_cand:(w + 1) * n_cand]
            for c in range(1, n_cand):
                diffs_m.append(row[c][0] - row[0][0])
                diffs_l.append(row[c][1] - row[0][1])
    sd_m, sd_l = statistics.pstdev(diffs_m), statistics.pstdev(diffs_l)
    r = corr(diffs_m, diffs_l)
    out: dict[str, Any] = {
        "positions": len(pos), "searched": searched, "leaves": len(leaf_s),
        "leaf_ms": round(1000 * statistics.fmean(leaf_s), 3),
        "hard_ms_per_decision": round(1000 * statistics.fmean(t_hard), 1),
        "learned_ms_per_decision": round(1000 * statistics.fmean(t_learned), 1),
        "choices_differ": differ,
        "paired_diffs": len(diffs_m), "sd_diff_margin": round(sd_m, 3),
        "sd_diff_learned": round(sd_l, 3), "corr_diffs": round(r, 3),
        "slope_learned_on_margin": round(r * sd_l / sd_m, 3) if sd_m else None,
    }
    # the leaf's parts, on the leaves' positions of a few decisions
    split = {"view": 0.0, "features": 0.0, "network": 0.0}
    leaves: list[tuple[Game, int]] = []

    def keep(w: Game, s: int) -> float:
        leaves.append((w.clone(), s))
        return search._margin(w, s)

    for k, (g, seat) in enumerate(pos[:8]):
        search.hard(g.view(seat), g.legal_actions(), random.Random(k), 1e9, 2, keep)
    for position, s in leaves:
        t0 = time.process_time()
        v = position.view(s)
        t1 = time.process_time()
        x = features(v, position.board)
        t2 = time.process_time()
        model.predict(x)
        t3 = time.process_time()
        split["view"] += t1 - t0
        split["features"] += t2 - t1
        split["network"] += t3 - t2
    for part, total in split.items():
        out[f"leaf_{part}_ms"] = round(1000 * total / max(1, len(leaves)), 3)
    # worlds reached within the CPU budget (the tournament's clock)
    worlds: dict[str, list[int]] = {"hard": [], "learned": []}
    calls = [0]
    playout = search.playout

    def counted(*args: Any, **kwargs: Any) -> float:
        calls[0] += 1
        return playout(*args, **kwargs)

    old = search.CLOCK
    search.CLOCK = time.process_time
    search.playout = counted
    try:
        for k, (g, seat) in enumerate(pos):
            view, legal = g.view(seat), g.legal_actions()
            n_cand = len(search._candidates(g, legal, search.Denial(g, seat, [g])))
            if n_cand < 2:
                continue
            for name in worlds:
                calls[0] = 0
                if name == "hard":
                    search.hard(view, legal, random.Random(k), a.budget)
                else:
                    learned.choose(view, legal, "learned", random.Random(k), a.budget)
                worlds[name].append(calls[0] // n_cand)
    finally:
        search.CLOCK = old
        search.playout = playout
    for name, ns in worlds.items():
        out[f"{name}_worlds_in_budget_median"] = statistics.median(ns) if ns else None
        out[f"{name}_worlds_in_budget_mean"] = round(statistics.fmean(ns), 1) if ns else None
    for key, value in out.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
