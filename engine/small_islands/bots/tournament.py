"""Bot tournaments: ``python -m small_islands tournament --a expert --b hard --games N``.

Bot A takes one seat, bot B every other seat. A level is one of the app's (`bots.LEVELS`) or
a hidden one (`bots.learned.LEVELS`: Hard with the learned leaf, issue 31), which only
tournaments play; its seat is recorded as "hard" in the game's options (the options know only
the app's levels) and by its own name in the records. The seat order is either

* ``paired`` (the command's default): each deal seed is played once with A in every seat, so a
  seed's games differ only in where A sits. Game ``i`` uses seed ``seed + i // seats`` with
  A in seat ``i % seats``; the *paired margin* is the mean over seeds of A's average
  margin on that seed, with its standard error across seeds;
* ``alternate`` (`run`'s default, and the plan of the earlier recorded runs): game ``i``
  uses seed ``seed + i`` with A in seat ``i % seats``.

Each seat's bot draws from its own generator seeded by the game's seed and the seat, so a
game replays exactly (Expert counts its effort; Hard's time budget is measured on the
process's CPU clock here, so other work on the machine does not weaken it). A win counts
1, shared between tied winners; the interval is Wilson's 95 % score interval. A margin is A's
total minus the best other total.

With ``out``, one JSON line per finished game is appended to that file and games already
in it are not played again (an interrupted run resumes); ``jobs`` > 1 plays games in that
many processes. ``compare(run, baseline)`` pairs two runs' games by (seed, A's seat).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any

from game_kit.stats import mean_se, paired, wilson

from ..actions import Action
from ..game import Game
from ..options import Options
from ..view import SeatView
from . import choose_action, search

ORDERS = ("paired", "alternate")
# The hidden levels (`learned.LEVELS`, checked by a test), named here so that listing them
# does not import the learned model's code.
HIDDEN_LEVELS = ("learned", "learned-r12", "learned-w50", "learned-i1", "learned-i2",
                 "learned-i2-16")


@dataclass
class Result:
    """What a tournament measured (`games` holds one record per game, in game order)."""

    a: str
    b: str
    seats: int
    mode: str
    seed: int
    order: str = "alternate"
    records: list[dict[str, Any]] = field(default_factory=list)
    elapsed_s: float = 0.0

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.records)

    @property
    def wins_a(self) -> float:
        """A's wins (a shared first place counts its share)."""
        return float(sum(r["win"] for r in self.records))

    @property
    def margins(self) -> list[int]:
        """A's margin in each game."""
        return [r["margin"] for r in self.records]

    @property
    def seat_wins(self) -> list[float]:
        """Wins by seat, whoever sat there."""
        out = [0.0] * self.seats
        for r in self.records:
            for w in r["winners"]:
                out[w] += 1 / len(r["winners"])
        return out

    @property
    def decision_s(self) -> dict[str, list[float]]:
        """CPU seconds per decision with two or more legal actions, by level."""
        out: dict[str, list[float]] = {}
        for r in self.records:
            for level, ts in r["times"].items():
                out.setdefault(level, []).extend(ts)
        return out


def decide(view: SeatView, legal: Sequence[Action], level: str, rng: random.Random,
           budget_s: float) -> Action:
    """A bot's decision: `choose_action` for the app's levels, `learned.choose` for the
    hidden ones (imported, and the model read, only when one plays)."""
    if level in HIDDEN_LEVELS:
        from . import learned

        return learned.choose(view, legal, level, rng, budget_s)
    return choose_action(view, legal, level, rng, budget_s)


def play_game(levels: list[str], mode: str, seed: int, budget_s: float,
              times: dict[str, list[float]] | None = None) -> Game:
    """One whole game between bots of the given levels (seat order as listed).

    Seat `k` draws from ``Random(seed * 16 + k)``; `times` collects, per level, the CPU
    seconds of every decision with two or more legal actions.
    """
    names = tuple(f"{lv.title()} {i + 1}" for i, lv in enumerate(levels))
    bots = {i: "hard" if lv in HIDDEN_LEVELS else lv for i, lv in enumerate(levels)}
    g = Game.new(Options(seats=names, mode=mode, seed=seed, bots=bots))
    rngs = [random.Random(seed * 16 + k) for k in range(len(levels))]
    while g.phase != "over":
        seat = g.to_move
        assert seat is not None
        legal = g.legal_actions()
        start = time.process_time()
        action = decide(g.view(seat), legal, levels[seat], rngs[seat], budget_s)
        if times is not None and len(legal) > 1:
            times.setdefault(levels[seat], []).append(time.process_time() - start)
        g.play(action, seat)
    return g


def plan(games: int, seats: int, seed: int, order: str) -> list[tuple[int, int, int]]:
    """(game index, deal seed, A's seat) for every game of a tournament."""
    if order not in ORDERS:
        raise ValueError(f"order must be one of {ORDERS}, got {order!r}")
    if order == "paired":
        return [(i, seed + i // seats, i % seats) for i in range(games)]
    return [(i, seed + i, i % seats) for i in range(games)]


def _one(job: tuple[int, int, int, str, str, int, str, float]) -> dict[str, Any]:
    """Play one planned game; its JSON record."""
    i, deal, a_seat, a, b, seats, mode, budget_s = job
    levels = [a if k == a_seat else b for k in range(seats)]
    times: dict[str, list[float]] = {}
    start = time.process_time()
    g = play_game(levels, mode, deal, budget_s, times)
    rows = g.scores()
    winners = g.winners()
    totals = [r["total"] for r in rows]
    return {
        "game": i, "seed": deal, "a_seat": a_seat, "levels": levels, "mode": mode,
        "totals": totals,
        "winners": winners, "win": (1 / len(winners)) if a_seat in winners else 0.0,
        "margin": totals[a_seat] - max(t for k, t in enumerate(totals) if k != a_seat),
        "cpu_s": round(time.process_time() - start, 3),
        "times": {lv: [round(t, 4) for t in ts] for lv, ts in times.items()},
    }


def _cpu_clock() -> None:
    """Worker set-up: Hard's budget on this process's CPU time."""
    search.CLOCK = time.process_time


def load(path: str) -> list[dict[str, Any]]:
    """The game records of a results file (one JSON object per line)."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def run(a: str, b: str, games: int, seats: int = 2, mode: str = "normal", seed: int = 0,
        budget_s: float = 0.25, progress: bool = False, order: str = "alternate",
        jobs: int = 1, out: str | None = None, play: bool = True) -> Result:
    """Play `games` games of A against B (see the module docstring).

    With ``play=False`` nothing is played: the result holds the planned games already in
    `out` (the report of a run still going on, or cut short).
    """
    res = Result(a, b, seats, mode, seed, order)
    todo = plan(games, seats, seed, order)
    done: dict[int, dict[str, Any]] = {}
    if out:  # resume: games of this very plan already in the file
        wanted = {(i, s, k): [a if j == k else b for j in range(seats)] for i, s, k in todo}
        for r in load(out):
            if wanted.get((r["game"], r["seed"], r["a_seat"])) == r["levels"] and (
                r.get("mode", mode) == mode
            ):
                done[r["game"]] = r
    jobs_left = [(i, s, k, a, b, seats, mode, budget_s) for i, s, k in todo
                 if i not in done and play]
    start = time.perf_counter()
    for record in _played(jobs_left, jobs):
        done[record["game"]] = record
        if out:
            with open(out, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(record) + "\n")
        if progress:
            wins = sum(r["win"] for r in done.values())
            print(f"game {len(done)}/{games} (seed {record['seed']}, A in seat"
                  f" {record['a_seat'] + 1}): margin {record['margin']:+d};"
                  f" A {wins:g} wins so far", flush=True)
    res.records = [done[i] for i, _, _ in todo if i in done]
    res.elapsed_s = time.perf_counter() - start
    return res


def _played(jobs_left: list[tuple[int, int, int, str, str, int, str, float]],
            jobs: int) -> Iterable[dict[str, Any]]:
    """Records of the given games as they finish (in `jobs` processes)."""
    if jobs <= 1:
        old = search.CLOCK
        _cpu_clock()
        try:
            for job in jobs_left:
                yield _one(job)
        finally:
            search.CLOCK = old
        return
    with Pool(jobs, initializer=_cpu_clock) as pool:
        yield from pool.imap_unordered(_one, jobs_left)


def paired_margins(res: Result) -> list[float]:
    """Per deal seed: A's mean margin over the seat orders played on it."""
    return paired((r["seed"], r["margin"]) for r in res.records)


def report(res: Result) -> str:
    """The lines the command prints."""
    n = res.games
    lo, hi = wilson(res.wins_a, n)
    seeds = sorted({r["seed"] for r in res.records})
    m, m_se = mean_se(res.margins)
    lines = [
        f"tournament: A={res.a} vs B={res.b}  seats {res.seats}  mode {res.mode}  games {n}"
        f"  order {res.order}  seeds {seeds[0] if seeds else '-'}..{seeds[-1] if seeds else '-'}",
        f"A ({res.a}) win rate: {100 * res.wins_a / max(n, 1):.1f}%"
        f"  ({res.wins_a:g}/{n}, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)",
        f"average margin A - best other: {m:+.2f} PP (SE {m_se:.2f})",
    ]
    if res.order == "paired" and n:
        pm, pse = mean_se(paired_margins(res))
        lines.append(f"paired margin (per seed, all seat orders): {pm:+.2f} PP (SE {pse:.2f},"
                     f" {len(seeds)} seeds)")
    lines.append("win rate by seat: " + ", ".join(
        f"seat {i + 1} {100 * w / max(n, 1):.1f}%"
        f" (95% CI {100 * wilson(w, n)[0]:.1f}-{100 * wilson(w, n)[1]:.1f}%)"
        for i, w in enumerate(res.seat_wins)
    ))
    for level, ts in sorted(res.decision_s.items()):
        lines.append(
            f"{level} decision CPU time: median {1000 * statistics.median(ts):.1f} ms,"
            f" max {1000 * max(ts):.0f} ms over {len(ts)} decisions (2+ legal actions)"
        )
    cpu = sum(r["cpu_s"] for r in res.records)
    lines.append(f"elapsed: {res.elapsed_s:.1f} s; CPU {cpu:.0f} s"
                 f" ({cpu / max(n, 1):.1f} s per game)")
    return "\n".join(lines)


def compare(records: Sequence[dict[str, Any]], baseline: Sequence[dict[str, Any]]) -> str:
    """Paired differences (run - baseline) over games with the same seed and A's seat."""
    base = {(r["seed"], r["a_seat"]): r for r in baseline}
    pairs = [(r, base[(r["seed"], r["a_seat"])]) for r in records
             if (r["seed"], r["a_seat"]) in base]
    dm, dm_se = mean_se([r["margin"] - q["margin"] for r, q in pairs])
    dw, dw_se = mean_se([r["win"] - q["win"] for r, q in pairs])
    return (f"paired with the baseline on {len(pairs)} games: margin {dm:+.2f} PP (SE {dm_se:.2f}),"
            f" wins {100 * dw:+.1f} points (SE {100 * dw_se:.1f})")


__all__ = ["HIDDEN_LEVELS", "Result", "compare", "decide", "load", "paired_margins", "play_game",
           "plan", "report", "run", "wilson"]
