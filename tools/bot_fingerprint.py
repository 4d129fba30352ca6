"""Medium's and Hard's decisions on sampled positions, as one digest: run it before and after
an engine refactor that must not change behaviour (the digests must be equal).

    python tools/bot_fingerprint.py [--positions 100] [--worlds 8] [--out decisions.json]

Positions come from seeded games (2-4 seats, both modes, solo with Alexis deciding or not)
played by Medium; at every few decisions with more than one legal action, Medium and Hard
(a fixed number of worlds and an unlimited time budget, so reproducible) choose from the
seat's view, each from its own seeded generator.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from small_islands import Action, Game, Options
from small_islands.bots import choose_action
from small_islands.view import SeatView

GAMES: tuple[dict[str, Any], ...] = (
    {"seats": ("A", "B"), "mode": "normal"},
    {"seats": ("A", "B"), "mode": "advanced"},
    {"seats": ("A", "B", "C"), "mode": "normal"},
    {"seats": ("A", "B", "C", "D"), "mode": "advanced"},
    {"seats": ("A",), "mode": "normal", "alexis_decides": False},
    {"seats": ("A",), "mode": "advanced", "solo_level": 4},
)


def positions(count: int) -> list[tuple[SeatView, list[Action]]]:
    """`count` (view, legal actions) pairs of seats with a real choice, spread over games."""
    out: list[tuple[SeatView, list[Action]]] = []
    game_no = 0
    while len(out) < count:
        opts = GAMES[game_no % len(GAMES)]
        g = Game.new(Options(**opts, seed=500 + game_no))
        rng = random.Random(game_no)
        step = 0
        while g.phase != "over" and len(out) < count:
            seat, legal = g.to_move, g.legal_actions()
            assert seat is not None
            if len(legal) > 1 and not g.seats[seat].alexis and step % 7 == 3:
                out.append((g.view(seat), legal))
            if len(legal) > 1 and not g.seats[seat].alexis:
                step += 1
            g.play(choose_action(g.view(seat), legal, "medium", rng), seat=seat)
        game_no += 1
    return out


def decisions(count: int, worlds: int) -> list[dict[str, Any]]:
    """Medium's and Hard's choice at each sampled position."""
    rows = []
    for i, (view, legal) in enumerate(positions(count)):
        medium = choose_action(view, legal, "medium", random.Random(i))
        hard = choose_action(view, legal, "hard", random.Random(i), 1e9, worlds)
        rows.append({"position": i, "medium": medium.to_json(), "hard": hard.to_json()})
    return rows


def main() -> None:
    """Print the digest (and write every decision to --out, if given)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    rows = decisions(args.positions, args.worlds)
    text = json.dumps(rows, sort_keys=True)
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n")
    digest = hashlib.sha256(text.encode()).hexdigest()
    print(f"{len(rows)} positions, Medium and Hard ({args.worlds} worlds): sha256 {digest}")


if __name__ == "__main__":
    main()
