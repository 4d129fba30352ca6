"""Bot tournaments: ``python -m ember_isle tournament --a medium --b easy --games N``.

Paired seeds in every seat order: for each seed, bot A plays once from every seat (the
others are bot B) with the first player fixed to seat 0, so a deal is played from each
position. ``--a X --b X`` measures seat balance. A win counts 1, shared between tied
winners; intervals are Wilson's 95 % score intervals. Game ``i`` of seed ``s`` uses ``s``
for the deal and for the bots' own draws, so any game can be replayed.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

# the command line's statistics are the tile game's (the interval is the same)
from game_kit.stats import wilson

from ..actions import PlayClue, PlayLavaTile
from ..game import Game
from ..options import Options
from . import choose_action


@dataclass
class Result:
    """What a tournament measured."""

    a: str
    b: str
    seats: int
    seed: int
    map: str
    games: int = 0
    wins_a: float = 0.0
    seat_wins: list[float] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    decision_s: dict[str, list[float]] = field(default_factory=dict)
    raises: list[int] = field(default_factory=list)
    clues_per_raise: list[int] = field(default_factory=list)
    ends: dict[str, int] = field(default_factory=dict)
    turns: int = 0
    turns_without_clue: int = 0
    elapsed_s: float = 0.0
    lava: list[int] = field(default_factory=list)  # lava hexes placed, per game
    amulets_left: list[int] = field(default_factory=list)  # amulets on the map at the end
    # per level, per seat and game: amulets collected, lava hexes placed
    amulets_by: dict[str, list[int]] = field(default_factory=dict)
    lava_by: dict[str, list[int]] = field(default_factory=dict)
    # per level, per seat and game: objects its lava destroyed, treasures its lava located
    destroyed_by: dict[str, list[int]] = field(default_factory=dict)
    located_by: dict[str, list[int]] = field(default_factory=dict)
    # per level, per seat and game: treasures its lava located that it then raised itself
    located_raised_by: dict[str, list[int]] = field(default_factory=dict)
    balance: str | None = None  # the seat compensation asked for (None: the default rule)


def play_game(
    levels: list[str], seed: int, map_name: str, res: Result | None = None,
    balance: str | None = None,
) -> Game:
    """One whole game between bots of the given levels (seat order as listed); `balance` is
    the seat compensation (None: the table size's default rule)."""
    names = tuple(f"{lv.title()} {i + 1}" for i, lv in enumerate(levels))
    g = Game.new(
        Options(seats=names, seed=seed, map=map_name, first_player=0, bots=dict(enumerate(levels)),
                balance=balance)
    )
    rng = random.Random(seed ^ 0xE3B)
    last_turn = -1
    while g.phase != "over":
        seat = g.to_move
        assert seat is not None
        legal = g.legal_actions()
        if res is not None and g.stage == "turn" and g.turns != last_turn:
            last_turn = g.turns
            res.turns += 1
            res.turns_without_clue += not any(isinstance(a, PlayClue | PlayLavaTile) for a in legal)
        start = time.perf_counter()
        action = choose_action(g.view(seat), legal, levels[seat], rng)
        if res is not None:
            res.decision_s.setdefault(levels[seat], []).append(time.perf_counter() - start)
        g.play(action, seat)
    return g


def run(
    a: str,
    b: str,
    seeds: int,
    seats: int = 2,
    seed: int = 0,
    map_name: str = "random",
    progress: bool = False,
    balance: str | None = None,
) -> Result:
    """Play every seed once with A in each seat: ``seeds * seats`` games (``seeds`` games
    when A and B are the same level: the seat orders would repeat one game)."""
    res = Result(a, b, seats, seed, map_name, seat_wins=[0.0] * seats, balance=balance)
    start = time.perf_counter()
    for s in range(seed, seed + seeds):
        for a_seat in range(seats if a != b else 1):
            levels = [a if k == a_seat else b for k in range(seats)]
            g = play_game(levels, s, map_name, res, balance)
            _record(res, g, a_seat)
            if progress:
                print(f"seed {s} A in seat {a_seat + 1}: A {res.wins_a:g}/{res.games}", flush=True)
    res.elapsed_s = time.perf_counter() - start
    return res


def _record(res: Result, g: Game, a_seat: int) -> None:
    winners = g.winners()
    for w in winners:
        res.seat_wins[w] += 1 / len(winners)
    if a_seat in winners:
        res.wins_a += 1 / len(winners)
    rows = g.scores()
    best_other = max(r["total"] for r in rows if r["seat"] != a_seat)
    res.margins.append(rows[a_seat]["total"] - best_other)
    res.raises.append(sum(s.raises for s in g.seats))
    res.clues_per_raise += [e["clues"] for e in g.log if e["event"] == "raise"]
    res.lava.append(sum(1 for e in g.log if e["event"] == "lava"))
    res.amulets_left.append(len(g.amulets))
    for i, seat in enumerate(g.seats):
        level = seat.bot or "?"
        taken = sum(1 for e in g.log if e["event"] == "amulet_taken" and e["seat"] == i)
        placed = sum(1 for e in g.log if e["event"] == "lava" and e["seat"] == i)
        res.amulets_by.setdefault(level, []).append(taken)
        res.lava_by.setdefault(level, []).append(placed)
        mine = [e for e in g.log if e["event"] == "lava" and e["seat"] == i]
        res.destroyed_by.setdefault(level, []).append(sum(1 for e in mine if e["destroyed"]))
        res.located_by.setdefault(level, []).append(sum(len(e.get("located", [])) for e in mine))
        res.located_raised_by.setdefault(level, []).append(_raised_own(g.log, i))
    reason = g.end_reason or "?"
    res.ends[reason] = res.ends.get(reason, 0) + 1
    res.games += 1


def _raised_own(log: list[dict[str, Any]], seat: int) -> int:
    """Treasures located by that seat's lava whose next raise was that seat's."""
    n = 0
    for k, e in enumerate(log):
        if e["event"] != "lava" or e["seat"] != seat:
            continue
        for found in e.get("located", []):
            later = log[k + 1 :]
            col = found["column"]
            nxt = next((x for x in later if x["event"] == "raise" and x["column"] == col), None)
            n += nxt is not None and nxt["seat"] == seat
    return n


def report(res: Result) -> str:
    """The lines the command prints."""
    n = res.games
    lo, hi = wilson(res.wins_a, n)
    lines = [
        f"tournament: A={res.a} vs B={res.b}  seats {res.seats}  map {res.map}  games {n}"
        f"  (seeds from {res.seed}, A in every seat)"
        + ("" if res.balance is None else f"  balance {res.balance}"),
        f"A ({res.a}) win rate: {100 * res.wins_a / max(n, 1):.1f}%"
        f"  (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)",
        f"average margin A - best other: {statistics.mean(res.margins) if n else 0:+.2f} points",
        "win rate by seat (turn order): "
        + ", ".join(
            f"seat {i + 1} {100 * w / max(n, 1):.1f}%"
            f" (95% CI {100 * wilson(w, n)[0]:.1f}-{100 * wilson(w, n)[1]:.1f}%)"
            for i, w in enumerate(res.seat_wins)
        ),
        f"raises per game {statistics.mean(res.raises) if n else 0:.2f};"
        f" clues per raised column {statistics.mean(res.clues_per_raise or [0]):.2f};"
        f" ends {dict(sorted(res.ends.items()))};"
        f" turns with no legal clue {100 * res.turns_without_clue / max(res.turns, 1):.1f}%",
    ]
    if n:
        lines.append(
            f"per game: lava hexes placed median {statistics.median(res.lava):g}"
            f" (mean {statistics.mean(res.lava):.2f}, of 24); amulets left on the map median"
            f" {statistics.median(res.amulets_left):g}"
        )
    for level in sorted(res.amulets_by):
        lines.append(
            f"{level} per seat and game: amulets collected mean"
            f" {statistics.mean(res.amulets_by[level]):.2f}"
            f" (median {statistics.median(res.amulets_by[level]):g}), lava hexes placed mean"
            f" {statistics.mean(res.lava_by[level]):.2f}, objects its lava destroyed mean"
            f" {statistics.mean(res.destroyed_by[level]):.3f}, treasures its lava located mean"
            f" {statistics.mean(res.located_by[level]):.3f} (raised by itself"
            f" {statistics.mean(res.located_raised_by[level]):.3f})"
        )
    for level, ts in sorted(res.decision_s.items()):
        ts = sorted(ts)
        lines.append(
            f"{level} decision time: median {1000 * statistics.median(ts):.1f} ms,"
            f" p90 {1000 * ts[int(0.9 * (len(ts) - 1))]:.1f} ms,"
            f" max {1000 * ts[-1]:.0f} ms over {len(ts)} decisions"
        )
    lines.append(f"elapsed: {res.elapsed_s:.1f} s")
    return "\n".join(lines)
