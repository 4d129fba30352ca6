"""Island summaries and the one-turn evaluation behind the Medium (and Easy) players.

Everything here reads only what a seat may know in the game it is given: the public map,
display and counts, and that seat's own hand and objective cards. Given a determinized
world it therefore decides exactly as it would on the true game.

An `Isle` sums up one island (size, symbol counts with tokens, free house locations,
house colours, open land sides, ship nearby). Placing a tile is evaluated without touching
the board: the islands it joins are merged with the new tile into a new `Isle`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from ..board import AROUND, SIDES, Board
from ..content import TILE_BY_ID
from ..game import Game
from ..objectives import DISCOVERY_VALUES
from ..tiles import RESOURCES

FLOWER, FRUIT, LEAF, TEMPLE, PORT, HOUSE = range(6)
INDEX = {
    "flower": FLOWER, "fruit": FRUIT, "leaf": LEAF, "temple": TEMPLE, "port": PORT, "house": HOUSE,
}


@dataclass(frozen=True, slots=True)
class Weights:
    """The weights and thresholds of the one-turn evaluation (Medium's, hence Easy's and
    Hard's too; the progress formulas of M4, M7 and M9 keep their own numbers).

    The defaults are Medium's (tuned by self-play tournaments, see bench/RESULTS.md). The
    set in force is `evaluate.W`; `use(weights)` puts another in force for a while
    (`bench/weights_tune.py` plays Medium with other sets against Medium's).
    """

    later: float = 0.35  # next round's objective, on today's map
    partial: float = 0.45  # share of a reward credited to an island that does not qualify yet
    ship_port: float = 1.0  # a port next to one's own landed ship (certain end-game points)
    land_margin: float = 1.5  # landing also stops the opponents' progress this round
    keep_own_ship: float = 2.0  # keeping one's own ship for a later, better spot
    token_cost: float = 2.0  # a bonus token kept for later ...
    token_spare: float = 0.8  # ... when the seat has more tokens than rounds left
    house_min: float = 0.5  # least PP a house must bring with houses to spare ...
    house_short: float = 3.5  # ... and when houses are short for the rounds to come
    one_of_two: float = 0.45  # mission progress: one of the two symbols needed ...
    none_of_two: float = 0.1  # ... none of them yet (the island still open)
    ready: float = 0.6  # the mission met, but the island needs a tile or a house location
    floor: float = 3.0  # least reward a partial island is credited with
    far_from_ship: float = 0.1  # M10's progress with no ship near
    each_of_two: float = 0.4  # M12's progress per kind (temple, port) present


MEDIUM_WEIGHTS = Weights()
W = MEDIUM_WEIGHTS  # the weights in force: read at each call, so `use` can change them
W_LATER = MEDIUM_WEIGHTS.later  # Medium's weight of next round's objective


@contextmanager
def use(weights: Weights) -> Iterator[None]:
    """Evaluate with `weights` inside the block (the previous set afterwards)."""
    global W
    before, W = W, weights
    try:
        yield
    finally:
        W = before


@dataclass(slots=True)
class Isle:
    """Summary of one island: what missions and rewards look at."""

    size: int
    counts: tuple[int, int, int, int, int, int]
    houses: int
    colours: frozenset[str]
    open: int
    near_ship: bool
    cells: tuple[tuple[int, int], ...]

    @property
    def free(self) -> int:
        """Free house locations."""
        return self.counts[HOUSE] - self.houses


@cache
def tile_counts(tile_id: str) -> tuple[int, int, int, int, int, int]:
    """Printed symbol counts of a tile, in `INDEX` order."""
    c = [0] * 6
    for s in TILE_BY_ID[tile_id].symbols:
        c[INDEX[s]] += 1
    return tuple(c)  # type: ignore[return-value]


def summarize(board: Board) -> tuple[list[Isle], dict[tuple[int, int], int]]:
    """Every island as an `Isle`, and cell -> index into that list."""
    houses: dict[tuple[int, int], list[str]] = {}
    for (x, y, _), colour in board.houses.items():
        houses.setdefault((x, y), []).append(colour)
    isles: list[Isle] = []
    where: dict[tuple[int, int], int] = {}
    for island in board.islands():
        c = [0] * 6
        n_houses, colours, open_sides, near = 0, set(), 0, False
        for cell in island.cells:
            placed = board.tiles[cell]
            x, y = cell
            for i, s in enumerate(placed.tile.symbols):
                if s in RESOURCES:
                    s = board.resource_tokens.get((x, y, i), (s,))[0]
                c[INDEX[s]] += 1
            c[PORT] += len(board.port_tokens.get(cell, ()))
            hs = houses.get(cell)
            if hs:
                n_houses += len(hs)
                colours.update(hs)
            open_sides += board.open_land_sides(cell)
            near = near or board.near_ship(cell)
            where[cell] = len(isles)
        isles.append(
            Isle(island.size, tuple(c), n_houses, frozenset(colours), open_sides, near,  # type: ignore[arg-type]
                 tuple(island.cells))
        )
    return isles, where


def merged(board: Board, isles: list[Isle], where: dict[tuple[int, int], int],
           tile_id: str, x: int, y: int, rotation: int) -> tuple[Isle, set[int]]:
    """The island a tile placed at (x, y) would form, and the indexes of islands it joins."""
    mask = TILE_BY_ID[tile_id].rotation_masks()[rotation]
    joined: set[int] = set()
    closed = new_open = 0
    tiles = board.tiles
    for dx, dy, edge in SIDES:
        if not mask >> edge & 1:
            continue
        other = (x + dx, y + dy)
        if other in tiles:
            joined.add(where[other])
            closed += 1
        elif board.inside(*other):
            new_open += 1
    c = list(tile_counts(tile_id))
    size, n_houses, open_sides = 1, 0, new_open - closed
    colours: frozenset[str] = frozenset()
    near = any(
        (x + dx, y + dy) in tiles and tiles[(x + dx, y + dy)].is_ship for dx, dy in AROUND
    )
    cells = [(x, y)]
    for j in joined:
        isle = isles[j]
        size += isle.size
        for k in range(6):
            c[k] += isle.counts[k]
        n_houses += isle.houses
        colours |= isle.colours
        open_sides += isle.open
        near = near or isle.near_ship
        cells.extend(isle.cells)
    return Isle(size, tuple(c), n_houses, colours, open_sides, near, tuple(cells)), joined  # type: ignore[arg-type]


# ---------------------------------------------------------------- missions, rewards
def mission_progress(mission: str, isle: Isle) -> float:
    """1.0 when the island meets the mission, else how close it is (0 = hopeless)."""
    c = isle.counts
    if mission in ("M1", "M2", "M3", "M5", "M6"):
        n = c[{"M1": FLOWER, "M2": FRUIT, "M3": LEAF, "M5": TEMPLE, "M6": PORT}[mission]]
        return 1.0 if n >= 2 else (W.one_of_two if n == 1 else W.none_of_two) * (isle.open > 0)
    if mission == "M4":
        have = sum(1 for k in (FLOWER, FRUIT, LEAF) if c[k])
        return 1.0 if have == 3 else have / 4 * (isle.open > 0)
    if mission == "M7":
        return 1.0 if isle.size >= 4 else isle.size / 5 * (isle.open > 0)
    if mission == "M8":
        return 1.0 if isle.size <= 3 else 0.0
    if mission == "M9":
        return 1.0 if isle.open == 0 else 0.5 / isle.open
    if mission == "M10":
        return 1.0 if isle.near_ship else W.far_from_ship
    if mission == "M11":
        return 1.0 if not isle.houses else 0.0
    if mission == "M12":
        have = (c[TEMPLE] > 0) + (c[PORT] > 0)
        return 1.0 if have == 2 else have * W.each_of_two * (isle.open > 0)
    raise KeyError(mission)


def _expected_best(draws: int) -> float:
    values = DISCOVERY_VALUES
    if draws <= 0:
        return 0.0
    draws = min(draws, len(values))
    combos = list(combinations(values, draws))
    return sum(max(x) for x in combos) / len(combos)


DISCOVERY_EXPECTED = tuple(_expected_best(k) for k in range(8))


def reward_value(reward: str, isle: Isle) -> tuple[float, str | None]:
    """PP (expected, for Discovery) the island would earn, and the best resource choice."""
    c = isle.counts
    if reward in ("R1", "R2", "R3"):
        return c[int(reward[1]) - 1] + 2, None
    if reward == "R4":
        return 2 * c[TEMPLE] + 2, None
    if reward == "R5":
        return c[PORT] + 2, None
    if reward == "R6":
        present = [c[k] for k in (FLOWER, FRUIT, LEAF) if c[k]]
        return 2 * min(present, default=0) + 2, None
    if reward in ("R7", "R11"):
        best = max(RESOURCES, key=lambda r: c[INDEX[r]])
        extra = 2 if reward == "R7" else c[PORT] // 2
        return c[INDEX[best]] + extra, best
    if reward == "R8":
        return 6, None
    if reward == "R9":
        s = isle.size
        return (10 if s >= 12 else 8 if s >= 9 else 6 if s >= 6 else 4 if s >= 3 else 0), None
    if reward == "R10":
        return DISCOVERY_EXPECTED[min(c[TEMPLE], 7)], None
    if reward == "R12":
        return c[HOUSE], None
    raise KeyError(reward)


def isle_value(mission: str, reward: str, isle: Isle, colour: str, partial: bool) -> float:
    """What one island is worth to a seat holding (mission, reward)."""
    if colour in isle.colours:
        return 0.0
    progress = mission_progress(mission, isle)
    if progress <= 0.0:
        return 0.0
    value, _ = reward_value(reward, isle)
    if progress >= 1.0 and isle.size >= 2 and isle.free > 0:
        return value
    if not partial:
        return 0.0
    if progress >= 1.0:  # needs a tile (size) or a house location
        progress = W.ready if isle.open else 0.0
    return W.partial * progress * max(value, W.floor)


def objective_value(game: Game, objective: str | None, isles: list[Isle], colour: str,
                    houses: int, partial: bool) -> float:
    """Sum over the best `houses` islands of `isle_value`."""
    if objective is None or houses <= 0:
        return 0.0
    mission, reward = game.mode.parts(objective)
    values = [isle_value(mission, reward, i, colour, partial) for i in isles]
    values.sort(reverse=True)
    return sum(values[:houses])
