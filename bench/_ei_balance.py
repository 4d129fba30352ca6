"""Four-seat balance runs of Ember Isle (bench/RESULTS.md, "Ember Isle: a balanced table of
four"): four Mediums, one game per seed, in resumable chunks.

    python bench/_ei_balance.py run BALANCE [--seed 20000] [--games 1000] [--chunk 250]
    python bench/_ei_balance.py table BALANCE... [--seed 20000] [--games 1000]

`run` plays the chunks not yet in bench/out/ei_balance/ (each chunk is the tournament of
``--a medium --b medium --seats 4 --balance BALANCE`` over its seeds, saved with its exact
seat wins, ties split); `table` prints one Markdown row per rule: games, each seat's win
share with its Wilson 95 % interval. Not part of `make bench` (about 10 minutes per 1 000
games on a quiet core). Run it with ``nice -n 19``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ember_isle.bots import tournament
from game_kit.stats import wilson

OUT = Path(__file__).resolve().parent / "out" / "ei_balance"


def _path(balance: str, seed: int, games: int) -> Path:
    return OUT / f"{balance}_{seed}_{games}.json"


def run(balance: str, seed: int, games: int, chunk: int) -> None:
    """Play and save every missing chunk of `games` seeds from `seed`."""
    OUT.mkdir(parents=True, exist_ok=True)
    for start in range(seed, seed + games, chunk):
        n = min(chunk, seed + games - start)
        path = _path(balance, start, n)
        if path.exists():
            continue
        res = tournament.run("medium", "medium", n, 4, start, balance=balance)
        data = {"balance": balance, "seed": start, "games": res.games,
                "seat_wins": res.seat_wins, "raises": res.raises,
                "report": tournament.report(res)}
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data))
        tmp.replace(path)
        print(f"{balance} seeds {start}-{start + n - 1}: " + ", ".join(
            f"{100 * w / res.games:.1f}%" for w in res.seat_wins), flush=True)


def totals(balance: str, seed: int, games: int) -> tuple[int, list[float]]:
    """Games and seat wins over the saved chunks inside the seed range."""
    n, wins = 0, [0.0] * 4
    for path in sorted(OUT.glob(f"{balance}_*.json")):
        data = json.loads(path.read_text())
        if seed <= data["seed"] and data["seed"] + data["games"] <= seed + games:
            n += data["games"]
            wins = [a + b for a, b in zip(wins, data["seat_wins"], strict=True)]
    return n, wins


def row(balance: str, seed: int, games: int) -> str:
    """`| rule | games | seat 1 | ... |` with Wilson 95 % intervals."""
    n, wins = totals(balance, seed, games)
    cells = []
    for w in wins:
        lo, hi = wilson(w, n)
        cells.append(f"{100 * w / max(n, 1):.1f} % ({100 * lo:.1f}–{100 * hi:.1f})")
    return f"| {balance} | {n} | " + " | ".join(cells) + " |"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="bench/_ei_balance.py")
    p.add_argument("what", choices=("run", "table"))
    p.add_argument("balance", nargs="+")
    p.add_argument("--seed", type=int, default=20000)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--chunk", type=int, default=250)
    args = p.parse_args(argv)
    for b in args.balance:
        if args.what == "run":
            run(b, args.seed, args.games, args.chunk)
        else:
            print(row(b, args.seed, args.games))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
