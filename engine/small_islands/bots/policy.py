"""The Medium (greedy, one turn deep) and Easy (noisy Medium) players.

A policy is ``policy(game, legal, rng) -> Action`` for the seat ``game.to_move``. It reads
only the public state and that seat's own hand and objective cards, so it may be given a
determinized world (see `world.determinize`) built from the seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..actions import (
    Action,
    ChooseObjective,
    DiscardTile,
    EndReward,
    EndTurn,
    KeepDiscovery,
    Land,
    PlaceHouse,
    PlacePortToken,
    PlaceResourceToken,
    PlaceTile,
    StartLayout,
    TakeTile,
)
from ..board import AROUND
from ..content import TILE_BY_ID
from ..game import Game
from ..tiles import RESOURCES
from . import evaluate
from .evaluate import (
    INDEX,
    PORT,
    Isle,
    isle_value,
    merged,
    reward_value,
    summarize,
)

Policy = Callable[[Game, Sequence[Action], random.Random], Action]


@dataclass
class Ctx:
    """One decision: the game, the seat, its objectives and the island summaries."""

    game: Game
    seat: int
    isles: list[Isle]
    where: dict[tuple[int, int], int]
    now: tuple[str, str] | None
    later: tuple[str, str] | None
    colour: str
    houses_now: int
    houses_later: int
    vals_now: list[float]
    vals_later: list[float]
    w_later: float = evaluate.W_LATER  # weight of next round's objective on today's map

    @classmethod
    def of(cls, game: Game, seat: int, w_later: float | None = None) -> Ctx:
        """Summaries and per-island values for `seat` (`w_later`: the weights' own)."""
        if w_later is None:
            w_later = evaluate.W.later
        s = game.seats[seat]
        isles, where = summarize(game.board)
        now = game.mode.parts(s.now) if s.now else None
        later = game.mode.parts(s.later) if s.later else None
        ctx = cls(game, seat, isles, where, now, later, s.colour, s.stock,
                  min(4, s.stock + s.reserve), [], [], w_later)
        ctx.vals_now = [ctx.value_now(i, True) for i in isles]
        ctx.vals_later = [ctx.value_later(i) for i in isles]
        return ctx

    def value_now(self, isle: Isle, partial: bool) -> float:
        """The island under this round's objective."""
        if self.now is None:
            return 0.0
        return isle_value(self.now[0], self.now[1], isle, self.colour, partial)

    def value_later(self, isle: Isle) -> float:
        """The island under next round's objective (ignoring this round's houses)."""
        if self.later is None:
            return 0.0
        return isle_value(self.later[0], self.later[1], isle, "", True)

    def total(self, vals_now: list[float], vals_later: list[float]) -> float:
        """Objective value of a map given per-island values."""
        a = sorted(vals_now, reverse=True)[: self.houses_now]
        b = sorted(vals_later, reverse=True)[: self.houses_later]
        return sum(a) + self.w_later * sum(b)

    def with_isle(self, isle: Isle, drop: set[int]) -> float:
        """Objective value after replacing the islands `drop` by `isle`."""
        vn = [v for k, v in enumerate(self.vals_now) if k not in drop]
        vl = [v for k, v in enumerate(self.vals_later) if k not in drop]
        vn.append(self.value_now(isle, True))
        vl.append(self.value_later(isle))
        return self.total(vn, vl)

    def own_ship(self) -> tuple[int, int] | None:
        """Cell of the seat's own landed ship."""
        return self.game.seats[self.seat].ship_cell


# ------------------------------------------------------------------ exploration
def scored_positions(ctx: Ctx, tile_id: str, sample: int = 0, rng: random.Random | None = None
                     ) -> Iterator[tuple[float, Isle, set[int], PlaceTile]]:
    """Medium's value of each legal position of one tile (symmetric rotations once), with the
    island the tile would form and the indexes of the islands it joins.

    With `sample` > 0, only that many positions, drawn with `rng` (for playouts).
    """
    board = ctx.game.board
    ship = ctx.own_ship()
    tile = TILE_BY_ID[tile_id]
    masks = tile.rotation_masks()
    seen: set[tuple[int, int, int]] = set()
    ports = tile.count("port")
    positions = board.legal_positions(tile)
    if sample and rng is not None and len(positions) > sample:
        positions = rng.sample(positions, sample)
    for x, y, r in positions:
        key = (x, y, masks[r])
        if key in seen:
            continue
        seen.add(key)
        isle, joined = merged(board, ctx.isles, ctx.where, tile_id, x, y, r)
        v = ctx.with_isle(isle, joined)
        if ship and ports and abs(ship[0] - x) <= 1 and abs(ship[1] - y) <= 1:
            v += evaluate.W.ship_port * ports
        yield v, isle, joined, PlaceTile(tile_id, x, y, r)


def placement_values(ctx: Ctx, tile_ids: Sequence[str], sample: int = 0,
                     rng: random.Random | None = None) -> list[tuple[float, PlaceTile]]:
    """Value of every legal placement of the given tiles (symmetric rotations once).

    With `sample` > 0, only that many positions per tile, drawn with `rng` (for playouts).
    """
    return [(v, place) for tile_id in dict.fromkeys(tile_ids)
            for v, _, _, place in scored_positions(ctx, tile_id, sample, rng)]


def land_value(ctx: Ctx, action: Land) -> float:
    """Value of landing a ship now: this round's objective as it stands, plus the ship."""
    g = ctx.game
    x, y = action.x, action.y
    around = {(x + dx, y + dy) for dx, dy in AROUND}
    vn, vl = [], []
    for isle in ctx.isles:
        if not isle.near_ship and around.intersection(isle.cells):
            isle = Isle(isle.size, isle.counts, isle.houses, isle.colours, isle.open, True,
                        isle.cells)
        vn.append(ctx.value_now(isle, False))
        vl.append(ctx.value_later(isle))
    w = evaluate.W
    v = ctx.total(vn, vl) + w.land_margin
    seat = g.seats[ctx.seat]
    if action.ship == seat.colour:
        v += w.ship_port * g.board.ports_around(x, y)
        ships_left = g.grey_ships + sum(1 for s in g.seats if s.ship_cell is None)
        if g.grey_ships > 0 and ships_left > 2:
            v -= w.keep_own_ship
    return v


def plans(ctx: Ctx, legal: Sequence[Action]) -> list[tuple[float, Action, Action | None]]:
    """At the take step: (value, first action, planned placement) for every option."""
    g = ctx.game
    hand = g.seats[ctx.seat].hand
    hand_best = max(placement_values(ctx, hand), default=None, key=lambda p: p[0])
    out: list[tuple[float, Action, Action | None]] = []
    for action in legal:
        if isinstance(action, TakeTile):
            tile_id = g.display[action.slot]
            assert tile_id is not None
            best = max(placement_values(ctx, [tile_id]), default=None, key=lambda p: p[0])
            cands = [p for p in (hand_best, best) if p is not None]
            if not cands:
                out.append((-1.0, action, None))
                continue
            v, place = max(cands, key=lambda p: p[0])
            v += 0.01 * len(TILE_BY_ID[tile_id].symbols)
            out.append((v, action, place))
        elif isinstance(action, Land):
            out.append((land_value(ctx, action), action, None))
    return out


def token_values(ctx: Ctx, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """Gain of each bonus token option over ending the turn (which scores 0)."""
    g = ctx.game
    base = ctx.total(ctx.vals_now, ctx.vals_later)
    ship = ctx.own_ship()
    out: list[tuple[float, Action]] = []
    for action in legal:
        if isinstance(action, EndTurn):
            out.append((0.0, action))
            continue
        if not isinstance(action, (PlaceResourceToken, PlacePortToken)):
            continue
        k = ctx.where.get((action.x, action.y))
        if k is None:
            continue
        isle = ctx.isles[k]
        counts = list(isle.counts)
        extra = 0.0
        if isinstance(action, PlaceResourceToken):
            counts[INDEX[g.board.resource_at(action.x, action.y, action.index)]] -= 1
            counts[INDEX[action.resource]] += 1
        else:
            counts[PORT] += 1
            if ship and abs(ship[0] - action.x) <= 1 and abs(ship[1] - action.y) <= 1:
                extra = evaluate.W.ship_port
        new = Isle(isle.size, tuple(counts), isle.houses, isle.colours, isle.open,  # type: ignore[arg-type]
                   isle.near_ship, isle.cells)
        out.append((ctx.with_isle(new, {k}) - base + extra, action))
    return out


def token_cost(game: Game, seat: int) -> float:
    """How much a bonus token must gain to be worth spending now."""
    s = game.seats[seat]
    rounds_left = max(1, min(game.grey_ships + sum(1 for x in game.seats if x.ship_cell is None),
                             len(game.reserve) // 6 + 1))
    return evaluate.W.token_cost if s.bonus <= rounds_left else evaluate.W.token_spare


# ----------------------------------------------------------------------- reward
def house_values(game: Game, legal: Sequence[Action]) -> list[tuple[float, PlaceHouse]]:
    """Expected PP of each legal house (resource choice included)."""
    seat = game.seats[game._seat()]
    assert seat.now is not None
    _, reward = game.mode.parts(seat.now)
    isles, where = summarize(game.board)
    out = []
    for action in legal:
        if isinstance(action, PlaceHouse):
            value, best = reward_value(reward, isles[where[(action.x, action.y)]])
            if action.choice is not None and action.choice != best:
                isle = isles[where[(action.x, action.y)]]
                value = isle.counts[INDEX[action.choice]] + (
                    2 if reward == "R7" else isle.counts[PORT] // 2)
            out.append((float(value), action))
    return out


def house_threshold(game: Game, seat: int) -> float:
    """Least PP a house must bring, given houses left and rounds to come."""
    s = game.seats[seat]
    if game.final_reward:
        return evaluate.W.house_min
    ships_left = game.grey_ships + sum(1 for x in game.seats if x.ship_cell is None)
    rounds_after = min(ships_left, max(0, (len(game.reserve) - 6) // 6 + 1)) if ships_left else 0
    spare = s.stock + s.reserve - 1 - 2 * rounds_after
    return evaluate.W.house_min if spare >= 0 else evaluate.W.house_short


# ------------------------------------------------------------------ preparation
def objective_choice_values(game: Game, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """Value of each (now, later) choice on the current map."""
    seat = game.seats[game._seat()]
    isles, _ = summarize(game.board)
    cache: dict[str, float] = {}

    def value(objective: str, partial: bool, houses: int) -> float:
        key = f"{objective}/{partial}/{houses}"
        if key not in cache:
            m, r = game.mode.parts(objective)
            vals = sorted((isle_value(m, r, i, seat.colour, partial) for i in isles), reverse=True)
            cache[key] = sum(vals[:houses]) + 2.0
        return cache[key]

    out: list[tuple[float, Action]] = []
    for action in legal:
        if isinstance(action, ChooseObjective):
            v = (value(action.now, True, seat.stock)
                 + evaluate.W.later * value(action.later, True, 4))
            out.append((v, action))
    return out


def layout_values(game: Game, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """Value of each starting layout for the held objective card(s)."""
    seat = game.seats[game._seat()]
    held = sorted(seat.held)
    objective = held[0] if len(held) == 1 else "+".join(held)
    out: list[tuple[float, Action]] = []
    for action in legal:
        if isinstance(action, StartLayout):
            board = game.check_layout(action)
            isles, _ = summarize(board)
            m, r = game.mode.parts(objective)
            out.append((sum(isle_value(m, r, i, seat.colour, True) for i in isles), action))
    return out


# --------------------------------------------------------------------- policies
def _best(scored: Sequence[tuple[float, Action]]) -> Action:
    """Highest value; ties go to the earliest option (deterministic)."""
    best_v, best_a = scored[0][0], scored[0][1]
    for v, a in scored[1:]:
        if v > best_v + 1e-9:
            best_v, best_a = v, a
    return best_a


def ranked(game: Game, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """Every option Medium considers, with its value, best first (stable for ties)."""
    seat = game._seat()
    first = legal[0]
    scored: list[tuple[float, Action]]
    if isinstance(first, StartLayout):
        scored = layout_values(game, legal)
    elif isinstance(first, ChooseObjective):
        scored = objective_choice_values(game, legal)
    elif isinstance(first, (TakeTile, Land)):
        scored = [(v, a) for v, a, _ in plans(Ctx.of(game, seat), legal)]
    elif isinstance(first, PlaceTile):
        ctx = Ctx.of(game, seat)
        scored = list(placement_values(ctx, game.seats[seat].hand))
    elif isinstance(first, DiscardTile):
        scored = [(-len(TILE_BY_ID[a.tile].symbols), a) for a in legal]  # type: ignore[attr-defined]
    elif isinstance(first, EndTurn):
        cost = token_cost(game, seat)
        scored = [(v - (0 if isinstance(a, EndTurn) else cost), a)
                  for v, a in token_values(Ctx.of(game, seat), legal)]
    elif isinstance(first, KeepDiscovery):
        scored = [(float(game.pending_discovery[a.index]), a) for a in legal]  # type: ignore[attr-defined]
    elif isinstance(first, (PlaceHouse, EndReward)):
        threshold = house_threshold(game, seat)
        scored = [(v - threshold, a) for v, a in house_values(game, legal)]
        scored.append((0.0, EndReward()))
    else:  # decisions the bots do not model (solo: Alexis's rotation or house): the first
        scored = [(0.0, a) for a in legal]
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
    return [scored[i] for i in order]


def medium(game: Game, legal: Sequence[Action], rng: random.Random) -> Action:
    """Greedy: the best option of `ranked` (deterministic; `rng` unused)."""
    if len(legal) == 1:
        return legal[0]
    return ranked(game, legal)[0][1]


def easy(game: Game, legal: Sequence[Action], rng: random.Random) -> Action:
    """A weak but sensible player: random among the better half of Medium's options."""
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if isinstance(first, (StartLayout, ChooseObjective)):
        return rng.choice(list(legal))
    scored = ranked(game, legal)
    if isinstance(first, EndTurn):
        gains = [a for v, a in scored if v > 0 and not isinstance(a, EndTurn)]
        return rng.choice(gains) if gains and rng.random() < 0.4 else EndTurn()
    if isinstance(first, (PlaceHouse, EndReward)):
        good = [a for v, a in scored if isinstance(a, PlaceHouse) and v > -3.0]
        return good[0] if good and rng.random() < 0.85 else EndReward()
    if not isinstance(first, (TakeTile, Land, PlaceTile, DiscardTile)):
        return scored[0][1]
    if isinstance(first, (TakeTile, Land)):
        lands = [a for v, a in scored if isinstance(a, Land)]
        takes: list[tuple[float, Action]] = [(v, a) for v, a in scored if isinstance(a, TakeTile)]
        if lands and (not takes or rng.random() < 0.25):
            return rng.choice(lands[: max(1, len(lands) // 2)])
        scored = takes
    top = scored[: max(1, (len(scored) + 1) // 2)]
    return rng.choice(top)[1]


POLICIES: dict[str, Policy] = {"easy": easy, "medium": medium}


def resource_for(choice: str | None) -> str:
    """A resource name for display (the best one when unspecified)."""
    return choice if choice in RESOURCES else "resource"
