"""Expert's playout policy: Medium's values over every position, minus the opponents' gain.

A playout plays a sampled world on to the end of the round for every seat. The fast policy
of Hard's playouts (`search._quick_turn`) looks at 8 random positions per tile and ignores
what a placement gives the others; this one values every legal position of the hand and
display tiles with Medium's one-turn value and takes off `W_DENY` times what the placement
is worth to the other seats under their objectives *in that world* (the world fixes them,
so no guessing is needed inside a playout). Measured against true-state continuations
played by Hard, its estimates of a take line's worth track the truth better than the fast
policy's (bench/RESULTS.md, "Expert (issue 13)"), at about twice its cost.

Bonus tokens are not played in playouts (the turn ends), as in Hard's.
"""

from __future__ import annotations

import random

from ..actions import EndTurn, PlaceTile, TakeTile
from ..content import TILE_BY_ID
from ..game import Game
from .evaluate import isle_value
from .policy import Ctx, scored_positions
from .search import MAX_PLAYOUT_STEPS, W_DENY, Plan, _margin, _step, play_plan, with_landings

Model = tuple[str, str, str, list[float]]


def _models(g: Game, seat: int, ctx: Ctx) -> tuple[list[Model], float]:
    """The other seats' objectives in this world, with their islands' values now."""
    models: list[Model] = []
    others = [i for i in range(len(g.seats)) if i != seat]
    for i in others:
        s = g.seats[i]
        if s.now is None:
            continue
        m, r = g.mode.parts(s.now)
        models.append((m, r, s.colour, [isle_value(m, r, isle, s.colour, True)
                                        for isle in ctx.isles]))
    return models, W_DENY / max(1, len(others))


def best_placement(ctx: Ctx, tile_id: str, models: list[Model], scale: float,
                   sample: int, rng: random.Random) -> tuple[float, PlaceTile] | None:
    """The best position of one tile: Medium's value minus the others' gain."""
    best: tuple[float, PlaceTile] | None = None
    for v, isle, joined, place in scored_positions(ctx, tile_id, sample, rng):
        for m, rw, colour, base in models:
            v -= scale * (isle_value(m, rw, isle, colour, True) - sum(base[j] for j in joined))
        if best is None or v > best[0]:
            best = (v, place)
    return best


def turn(g: Game, rng: random.Random, sample: int = 0) -> None:
    """One exploration turn: take and place (or land), then end the turn."""
    seat = g._seat()
    ctx = Ctx.of(g, seat)
    models, scale = _models(g, seat, ctx)
    values: dict[str, tuple[float, PlaceTile] | None] = {}
    for tile_id in dict.fromkeys(list(g.seats[seat].hand) + [t for t in g.display if t]):
        values[tile_id] = best_placement(ctx, tile_id, models, scale, sample, rng)
    hand = [values[t] for t in g.seats[seat].hand if values[t] is not None]
    best_hand = max(hand, key=lambda p: p[0]) if hand else None  # type: ignore[index]
    best: Plan | None = None
    for slot, shown in enumerate(g.display):
        if shown is None:
            continue
        opts = [p for p in (values[shown], best_hand) if p is not None]
        if not opts:
            cand: Plan = (-1.0, TakeTile(slot), None)
        else:
            v, place = max(opts, key=lambda p: p[0])
            cand = (v + 0.01 * len(TILE_BY_ID[shown].symbols), TakeTile(slot), place)
        if best is None or cand[0] > best[0]:
            best = cand
    if not play_plan(g, with_landings(ctx, best, rng)):
        return
    if g.phase == "exploration" and g.stage == "place":  # the planned tile does not fit
        _step(g, rng)
    if g.phase == "exploration" and g.stage == "bonus":
        g.play_unchecked(EndTurn())


def playout(g: Game, seat: int, rng: random.Random, round_: int, sample: int = 0,
            w_later: float = 0.0) -> float:
    """Play on to the end of round `round_` (or of the game); `seat`'s margin then."""
    for _ in range(MAX_PLAYOUT_STEPS):
        if g.phase == "over" or g.round != round_:
            break
        if g.phase == "exploration" and g.stage == "take":
            turn(g, rng, sample)
        else:
            _step(g, rng)
    return _margin(g, seat, w_later)


__all__ = ["best_placement", "playout", "turn"]
