"""Self-play games for the learned value (issue 31), in resumable chunks.

``PYTHONPATH=engine:. nice -n 19 python3 -m tools.learn.generate \
    --seed 5000000 --chunks 400``

Each game's seed fixes everything: the seats (2, or 4 in about one game of seven), each
seat's level (Medium, or with probability 0.15 Hard at a fixed count of worlds, so that the
game repeats exactly) and its exploration rate (0, 0.03 or 0.1: with that probability the
seat plays a random legal action instead). A chunk
of `--chunk` games goes to ``tools/learn/data/games_<first seed>.jsonl.gz`` (written to a
temporary name, then renamed), so a restart skips finished chunks; the chunks are small
(~0.6 KB a game) and kept in the repository. A game's record is its save
(options and actions: every position can be rebuilt by replay), the indices of the decisions
(two or more legal actions) with the deciding seat, the seats' prestige points at the end of
each round, and the final totals. Pure standard library.

``--plan LEVEL`` (a hidden level of `bots.learned`, e.g. ``learned``; issue 31's expert
iteration) makes every seat play that level instead -- Hard's search with the learned leaf,
at the same fixed count of worlds (`HARD_WORLDS`) and no clock, so such a game repeats
exactly too -- with the same seat count and exploration rates the default plan draws for
that seed. Its records add ``"plan"`` (the level) and ``"model"`` (the level's model file);
the default plan's records are byte for byte what they were (no such keys), so the
committed chunks stay reproducible. Use a fresh seed range for a plan (round 1 of the
iteration: 5 200 000+).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import time
from typing import Any

from small_islands.bots import choose_action
from small_islands.bots.tournament import HIDDEN_LEVELS
from small_islands.game import Game
from small_islands.options import Options
from small_islands.save import save_text

DATA = os.path.join("tools", "learn", "data")  # the games (and Gate 1's truth): committed
CACHE = os.path.join("bench", "learn-data")  # feature caches, rebuilt from the games
FIRST_SEED = 5_000_000  # never seeds 0-999 (official) nor the Alexis levels' seeds (0-299)
HARD_WORLDS = 4  # Hard's worlds per decision in self-play (counted: games repeat exactly)
EPSILONS = (0.0, 0.03, 0.1)
DEFAULT_PLAN = "default"  # Medium, or Hard with probability 0.15, per seat
PLANS = (DEFAULT_PLAN, *HIDDEN_LEVELS)


def game_plan(seed: int, plan: str = DEFAULT_PLAN) -> tuple[list[str], list[float]]:
    """The levels and exploration rates of the seats of game `seed` under `plan` (another
    plan than the default draws the same numbers, so the seats and rates are the default's,
    and gives every seat the plan's level)."""
    if plan not in PLANS:
        raise ValueError(f"plan must be one of {PLANS}, got {plan!r}")
    r = random.Random(seed * 7919 + 1)
    seats = 4 if r.random() < 0.15 else 2
    levels = ["hard" if r.random() < 0.15 else "medium" for _ in range(seats)]
    eps = [r.choice(EPSILONS) for _ in range(seats)]
    if plan != DEFAULT_PLAN:
        levels = [plan] * seats
    return levels, eps


def _decide(view: Any, legal: list[Any], level: str, rng: random.Random) -> Any:
    """A seat's decision at a fixed count of worlds (no clock: the game repeats exactly)."""
    if level in HIDDEN_LEVELS:
        from small_islands.bots import learned

        return learned.choose(view, legal, level, rng, 1e9, HARD_WORLDS)
    return choose_action(view, legal, level, rng, 1e9,
                         HARD_WORLDS if level == "hard" else None)


def play(seed: int, plan: str = DEFAULT_PLAN) -> dict[str, Any]:
    """One self-play game as a record (see the module docstring)."""
    levels, eps = game_plan(seed, plan)
    names = tuple(f"{lv.title()} {i + 1}" for i, lv in enumerate(levels))
    bots = {i: "hard" if lv in HIDDEN_LEVELS else lv for i, lv in enumerate(levels)}
    g = Game.new(Options(seats=names, seed=seed, bots=bots))
    rngs = [random.Random(seed * 16 + k) for k in range(len(levels))]
    decisions: list[list[int]] = []  # [action index, seat, 1 if a random action]
    round_pp: list[list[int]] = []  # [round, each seat's prestige] at each round's end
    start = time.process_time()
    while g.phase != "over":
        seat = g.to_move
        assert seat is not None
        legal = g.legal_actions()
        explored = 0
        if len(legal) > 1 and rngs[seat].random() < eps[seat]:
            action, explored = rngs[seat].choice(legal), 1
        else:
            action = _decide(g.view(seat), legal, levels[seat], rngs[seat])
        if len(legal) > 1:
            decisions.append([len(g.actions), seat, explored])
        before = g.round
        g.play(action, seat)
        if (g.round != before or g.phase == "over") and before >= 1:
            round_pp.append([before] + [s.pp for s in g.seats])
    record: dict[str, Any] = {"seed": seed}
    if plan != DEFAULT_PLAN:
        from small_islands.bots import learned

        record["plan"] = plan
        record["model"] = os.path.basename(learned.model_path(learned.LEVELS[plan].model))
    record.update({
        "levels": levels,
        "eps": eps,
        "save": save_text(g.options, list(g.actions)),
        "decisions": decisions,
        "round_pp": round_pp,
        "totals": [row["total"] for row in g.scores()],
        "cpu_s": round(time.process_time() - start, 3),
    })
    return record


def chunk_path(out: str, first: int) -> str:
    return os.path.join(out, f"games_{first}.jsonl.gz")


def run_chunk(out: str, first: int, games: int, plan: str = DEFAULT_PLAN) -> float:
    """Play one chunk (unless its file exists); its CPU seconds (0 when skipped)."""
    path = chunk_path(out, first)
    if os.path.exists(path):
        return 0.0
    start = time.process_time()
    tmp = path + ".tmp"
    with gzip.open(tmp, "wt", encoding="utf-8") as f:
        for seed in range(first, first + games):
            f.write(json.dumps(play(seed, plan), separators=(",", ":")) + "\n")
    os.replace(tmp, path)
    return time.process_time() - start


def read_chunks(out: str, first: int = 0, last: int = 1 << 62) -> list[dict[str, Any]]:
    """Every finished game record under `out` whose seed is in [first, last)."""
    records: list[dict[str, Any]] = []
    for name in sorted(os.listdir(out)):
        if not (name.startswith("games_") and name.endswith(".jsonl.gz")):
            continue
        with gzip.open(os.path.join(out, name), "rt", encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                if first <= r["seed"] < last:
                    records.append(r)
    return records


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int, default=FIRST_SEED)
    p.add_argument("--chunk", type=int, default=25, help="games per chunk file")
    p.add_argument("--chunks", type=int, default=100)
    p.add_argument("--out", default=DATA)
    p.add_argument("--plan", choices=PLANS, default=DEFAULT_PLAN,
                   help="who plays: the default Medium/Hard mix, or a hidden level in every seat")
    a = p.parse_args(argv)
    if a.seed < 1000:
        raise SystemExit("seeds below 1000 are the official runs' and Alexis's: not for training")
    os.makedirs(a.out, exist_ok=True)
    wall = time.time()
    played = 0
    for c in range(a.chunks):
        first = a.seed + c * a.chunk
        cpu = run_chunk(a.out, first, a.chunk, a.plan)
        if cpu:
            played += a.chunk
            hours = (time.time() - wall) / 3600
            print(f"chunk {first}: {a.chunk} games, {cpu:.0f} CPU s; "
                  f"{played / hours:.0f} games per wall hour so far", flush=True)


if __name__ == "__main__":
    main()
