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
from small_islands.game import Game
from small_islands.options import Options
from small_islands.save import save_text

DATA = os.path.join("tools", "learn", "data")  # the games (and Gate 1's truth): committed
CACHE = os.path.join("bench", "learn-data")  # feature caches, rebuilt from the games
FIRST_SEED = 5_000_000  # never seeds 0-999 (official) nor the Alexis levels' seeds (0-299)
HARD_WORLDS = 4  # Hard's worlds per decision in self-play (counted: games repeat exactly)
EPSILONS = (0.0, 0.03, 0.1)


def game_plan(seed: int) -> tuple[list[str], list[float]]:
    """The levels and exploration rates of the seats of game `seed`."""
    r = random.Random(seed * 7919 + 1)
    seats = 4 if r.random() < 0.15 else 2
    levels = ["hard" if r.random() < 0.15 else "medium" for _ in range(seats)]
    eps = [r.choice(EPSILONS) for _ in range(seats)]
    return levels, eps


def play(seed: int) -> dict[str, Any]:
    """One self-play game as a record (see the module docstring)."""
    levels, eps = game_plan(seed)
    names = tuple(f"{lv.title()} {i + 1}" for i, lv in enumerate(levels))
    g = Game.new(Options(seats=names, seed=seed, bots=dict(enumerate(levels))))
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
            action = choose_action(g.view(seat), legal, levels[seat], rngs[seat], 1e9,
                                   HARD_WORLDS if levels[seat] == "hard" else None)
        if len(legal) > 1:
            decisions.append([len(g.actions), seat, explored])
        before = g.round
        g.play(action, seat)
        if (g.round != before or g.phase == "over") and before >= 1:
            round_pp.append([before] + [s.pp for s in g.seats])
    return {
        "seed": seed,
        "levels": levels,
        "eps": eps,
        "save": save_text(g.options, list(g.actions)),
        "decisions": decisions,
        "round_pp": round_pp,
        "totals": [row["total"] for row in g.scores()],
        "cpu_s": round(time.process_time() - start, 3),
    }


def chunk_path(out: str, first: int) -> str:
    return os.path.join(out, f"games_{first}.jsonl.gz")


def run_chunk(out: str, first: int, games: int) -> float:
    """Play one chunk (unless its file exists); its CPU seconds (0 when skipped)."""
    path = chunk_path(out, first)
    if os.path.exists(path):
        return 0.0
    start = time.process_time()
    tmp = path + ".tmp"
    with gzip.open(tmp, "wt", encoding="utf-8") as f:
        for seed in range(first, first + games):
            f.write(json.dumps(play(seed), separators=(",", ":")) + "\n")
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
    a = p.parse_args(argv)
    if a.seed < 1000:
        raise SystemExit("seeds below 1000 are the official runs' and Alexis's: not for training")
    os.makedirs(a.out, exist_ok=True)
    wall = time.time()
    played = 0
    for c in range(a.chunks):
        first = a.seed + c * a.chunk
        cpu = run_chunk(a.out, first, a.chunk)
        if cpu:
            played += a.chunk
            hours = (time.time() - wall) / 3600
            print(f"chunk {first}: {a.chunk} games, {cpu:.0f} CPU s; "
                  f"{played / hours:.0f} games per wall hour so far", flush=True)


if __name__ == "__main__":
    main()
