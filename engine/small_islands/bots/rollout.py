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

from ..actions import Action, EndTurn, Land, PlaceTile, TakeTile
from ..content import TILE_BY_ID
from ..game import Game
from .evaluate import W_SHIP_PORT, isle_value, merged
from .policy import Ctx, land_value
from .search import MAX_PLAYOUT_STEPS, SAMPLE_LANDINGS, W_DENY, _margin, _step

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
    g = ctx.game
    board = g.board
    tile = TILE_BY_ID[tile_id]
    masks = tile.rotation_masks()
    ports = tile.count("port")
    ship = ctx.own_ship()
    positions = board.legal_positions(tile)
    if sample and len(positions) > sample:
        positions = rng.sample(positions, sample)
    seen: set[tuple[int, int, int]] = set()
    best: tuple[float, PlaceTile] | None = None
    for x, y, r in positions:
        key = (x, y, masks[r])
        if key in seen:
            continue
        seen.add(key)
        isle, joined = merged(board, ctx.isles, ctx.where, tile_id, x, y, r)
        v = ctx.with_isle(isle, joined)
        if ship and ports and abs(ship[0] - x) <= 1 and abs(ship[1] - y) <= 1:
            v += W_SHIP_PORT * ports
        for m, rw, colour, base in models:
            v -= scale * (isle_value(m, rw, isle, colour, True) - sum(base[j] for j in joined))
        if best is None or v > best[0]:
            best = (v, PlaceTile(tile_id, x, y, r))
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
    best: tuple[float, Action, Action | None] | None = None
    for slot, shown in enumerate(g.display):
        if shown is None:
            continue
        opts = [p for p in (values[shown], best_hand) if p is not None]
        if not opts:
            cand: tuple[float, Action, Action | None] = (-1.0, TakeTile(slot), None)
        else:
            v, place = max(opts, key=lambda p: p[0])
            cand = (v + 0.01 * len(TILE_BY_ID[shown].symbols), TakeTile(slot), place)
        if best is None or cand[0] > best[0]:
            best = cand
    ships = g.ships_for(seat) if not g.navigation else []
    if ships:
        cells = [c for c, _ in g.board.placements((0,))]
        if len(cells) > SAMPLE_LANDINGS:
            cells = rng.sample(cells, SAMPLE_LANDINGS)
        for x, y in cells:
            for ship in ships:
                land = Land(ship, x, y)
                v = land_value(ctx, land)
                if best is None or v > best[0]:
                    best = (v, land, None)
    if best is None:  # nothing to take and no landing: the engine ends the phase itself
        g.play_unchecked(g.legal_actions()[0])
        return
    g.play_unchecked(best[1])
    if best[2] is not None and g.phase == "exploration" and g.stage == "place":
        g.play_unchecked(best[2])
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
