"""Hard: Monte Carlo over determinized worlds.

For its few best candidate moves (Medium's ranking), the Hard player samples hidden worlds
consistent with its own view (`determinize`), plays each candidate in each world and then
plays on to the end of the round with a fast Medium-like policy for every seat (whose
hidden cards in that world are the sampled ones). It scores the outcome as its own total
minus the best opponent's, plus a small estimate of what each seat still has in hand
(houses, tokens, next objective), and keeps the candidate with the best average. The same
worlds and playout seeds are used for every candidate (common random numbers), which
makes small differences between candidates visible with few samples.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from ..actions import (
    Action,
    ChooseObjective,
    EndReward,
    EndTurn,
    KeepDiscovery,
    Land,
    PlaceHouse,
    PlaceTile,
    StartLayout,
    TakeTile,
)
from ..game import Game
from .evaluate import W_LATER, Isle, isle_value, summarize
from .policy import Ctx, land_value, medium, placement_values, plans, ranked
from .world import determinize

CANDIDATES = 4
SAMPLE_POSITIONS = 8
SAMPLE_LANDINGS = 6
MAX_PLAYOUT_STEPS = 400
MIN_WORLDS = 3  # fewer paired samples than this: keep Medium's choice
MIN_GAIN = 0.5  # PP of average margin an alternative must add over Medium's choice
CONFIDENCE = 1.0  # ... and by this many standard errors of the paired differences


def hard(view: dict[str, Any], legal: Sequence[Action], rng: random.Random, budget_s: float,
         max_worlds: int | None = None) -> Action:
    """The Hard player's choice (see the module docstring)."""
    start = time.perf_counter()
    first = determinize(view, rng)
    candidates = _candidates(first, legal)
    if len(candidates) == 1:
        return candidates[0][0]
    margins: list[list[float]] = [[] for _ in candidates]
    worlds = 0
    seat = view["seat"]
    while True:
        world = first if worlds == 0 else determinize(view, rng)
        seed = rng.getrandbits(32)
        for i, line in enumerate(candidates):
            g = world.clone()
            for action in line:
                g.play(action)
            margins[i].append(playout(g, seat, random.Random(seed)))
        worlds += 1
        if max_worlds is not None and worlds >= max_worlds:
            break
        spent = time.perf_counter() - start
        if spent + spent / worlds > budget_s:
            break
    return candidates[_pick(margins)][0]


def _pick(margins: list[list[float]]) -> int:
    """Medium's first choice (index 0) unless another is clearly better in paired worlds."""
    best, best_gain = 0, 0.0
    n = len(margins[0])
    if n < MIN_WORLDS:
        return 0
    for i in range(1, len(margins)):
        diffs = [a - b for a, b in zip(margins[i], margins[0], strict=True)]
        mean = sum(diffs) / n
        sd = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
        if mean > MIN_GAIN and mean > CONFIDENCE * sd / n**0.5 and mean > best_gain:
            best, best_gain = i, mean
    return best


def _candidates(game: Game, legal: Sequence[Action]) -> list[list[Action]]:
    """Lines of play to compare: Medium's best few options (a take with its placement)."""
    first = legal[0]
    modelled = (TakeTile, Land, PlaceTile, EndTurn, PlaceHouse, EndReward, StartLayout,
                ChooseObjective)
    if isinstance(first, KeepDiscovery) or not isinstance(first, modelled):
        return [[medium(game, legal, random.Random(0))]]
    if isinstance(first, (TakeTile, Land)):
        ctx = Ctx.of(game, game._seat())
        options = sorted(plans(ctx, legal), key=lambda p: -p[0])
        takes: list[list[Action]] = [
            [a] + ([p] if p else []) for _, a, p in options if isinstance(a, TakeTile)
        ]
        lands: list[list[Action]] = [[a] for _, a, _ in options if isinstance(a, Land)]
        found = takes[:3] + lands[:2]
        best = [a for _, a, _ in options[:1]]
        found.sort(key=lambda line: line[0] != best[0])
        return found[:CANDIDATES]
    scored = ranked(game, legal)
    lines: list[list[Action]] = [[a] for _, a in scored[:CANDIDATES]]
    if isinstance(first, (PlaceHouse, EndReward)) and [EndReward()] not in lines:
        lines.append([EndReward()])
    return lines


# ------------------------------------------------------------------------ playouts
def playout(g: Game, seat: int, rng: random.Random) -> float:
    """Play on until `seat` is to take again (or the round is scored); its margin."""
    start_round = g.round
    moved = False
    for _ in range(MAX_PLAYOUT_STEPS):
        if g.phase == "over" or (g.round != start_round and g.phase == "preparation"):
            break
        if g.phase == "exploration" and g.stage == "take":
            if g.to_move == seat and moved:
                break
            moved = moved or g.to_move != seat
        _step(g, rng)
    return _margin(g, seat)


def _step(g: Game, rng: random.Random) -> None:
    """One decision (a whole turn at the take step) by the fast playout policy."""
    if g.phase == "exploration" and g.stage == "take":
        _quick_turn(g, rng)
        return
    if g.phase == "exploration" and g.stage == "bonus":
        g.play(EndTurn())
        return
    legal = g.legal_actions()
    if len(legal) == 1:
        g.play(legal[0])
    elif isinstance(legal[0], PlaceTile):
        ctx = Ctx.of(g, g._seat())
        scored = placement_values(ctx, g.seats[g._seat()].hand, SAMPLE_POSITIONS, rng)
        g.play(max(scored, key=lambda p: p[0])[1] if scored else legal[0])
    elif isinstance(legal[0], StartLayout):
        g.play(legal[0])
    else:
        g.play(medium(g, legal, rng))


def _quick_turn(g: Game, rng: random.Random) -> None:
    """Take and place (sampled positions), or land, with Medium's values."""
    seat = g._seat()
    ctx = Ctx.of(g, seat)
    hand = g.seats[seat].hand
    best_hand = max(placement_values(ctx, hand, SAMPLE_POSITIONS, rng), default=None,
                    key=lambda p: p[0])
    best: tuple[float, Action, Action | None] | None = None
    for slot, tile_id in enumerate(g.display):
        if tile_id is None:
            continue
        opts = placement_values(ctx, [tile_id], SAMPLE_POSITIONS, rng)
        if best_hand is not None:
            opts.append(best_hand)
        if not opts:
            cand: tuple[float, Action, Action | None] = (-1.0, TakeTile(slot), None)
        else:
            v, place = max(opts, key=lambda p: p[0])
            cand = (v, TakeTile(slot), place)
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
        g.play(g.legal_actions()[0])
        return
    g.play(best[1])
    if best[2] is not None and g.phase == "exploration" and g.stage == "place":
        g.play(best[2])
    if g.phase == "exploration" and g.stage == "bonus":
        g.play(EndTurn())


def _margin(g: Game, seat: int) -> float:
    """Own total plus outlook, minus the best opponent's."""
    values = [_outlook(g, i) for i in range(len(g.seats))]
    mine = values[seat]
    return mine - max(v for i, v in enumerate(values) if i != seat)


def _outlook(g: Game, i: int) -> float:
    """A seat's score now plus a rough value of what it can still use."""
    row = g.scores()[i]
    total = float(row["total"])
    if g.phase == "over":
        return total
    s = g.seats[i]
    total += 1.0 * min(s.stock + s.reserve, 4) + 0.5 * s.bonus
    if s.ship_cell is None:
        total += 1.5
    done = g.phase == "reward" and i in g.reward_order[: g.reward_order.index(g._seat())]
    isles = _isles(g)
    if s.now and not done:
        m, r = g.mode.parts(s.now)
        vals = sorted((isle_value(m, r, isle, s.colour, True) for isle in isles), reverse=True)
        total += sum(vals[: s.stock])
    if s.later:
        m, r = g.mode.parts(s.later)
        vals = sorted((isle_value(m, r, isle, "", True) for isle in isles), reverse=True)
        total += W_LATER * sum(vals[:4])
    return total


def _isles(g: Game) -> list[Isle]:
    """Island summaries of the game's map, computed once per map state."""
    key = (id(g.board), len(g.board.order), len(g.board.houses), len(g.board.resource_tokens),
           sum(len(v) for v in g.board.port_tokens.values()))
    cached = _ISLES_CACHE.get("key")
    if cached != key:
        _ISLES_CACHE["key"] = key
        _ISLES_CACHE["isles"] = summarize(g.board)[0]
    return _ISLES_CACHE["isles"]  # type: ignore[return-value]


_ISLES_CACHE: dict[str, object] = {}


__all__ = ["hard", "playout"]
