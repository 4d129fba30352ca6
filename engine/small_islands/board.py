"""The map: placed tiles, placement legality, islands, houses and bonus tokens.

Coordinates: ``x`` grows to the right, ``y`` downwards; ``rotation`` counts clockwise
quarter turns (0-3). The board keeps, for every empty cell of the table that touches a
placed tile by a side (the *frontier*), the terrain the cell's points must have. Legal
placements are then one bit test per (cell, tile rotation), and only the cells around a
newly placed tile are recomputed.

>>> b = Board(width=12, height=12)
>>> b.place(Tile.parse("SSLLLSSS:flower"), 5, 5, 0)
>>> b.can_place(Tile.parse("SSSSLLLS:leaf"), 6, 5, 0)
True
>>> [i.size for i in b.islands()]
[1]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .errors import IllegalAction, short
from .tiles import ALL_LAND, RESOURCES, SHIP, Tile

Cell = tuple[int, int]

# For each of the 8 neighbours: (dx, dy, ((my point, their point), ...)).
NEIGHBOURS: tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...] = (
    (0, -1, ((7, 5), (0, 4), (1, 3))),  # north: my NW N NE meet their SW S SE
    (1, 0, ((1, 7), (2, 6), (3, 5))),  # east
    (0, 1, ((3, 1), (4, 0), (5, 7))),  # south
    (-1, 0, ((5, 3), (6, 2), (7, 1))),  # west
    (1, -1, ((1, 5),)),  # north-east diagonal: corners only
    (1, 1, ((3, 7),)),
    (-1, 1, ((5, 1),)),
    (-1, -1, ((7, 3),)),
)
# Orthogonal directions with the edge midpoint that faces them.
SIDES: tuple[tuple[int, int, int], ...] = ((0, -1, 0), (1, 0, 2), (0, 1, 4), (-1, 0, 6))
AROUND: tuple[Cell, ...] = tuple((dx, dy) for dx, dy, _ in NEIGHBOURS)
MAX_PORTS_PER_TILE = 2


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile on the map with its rotation (and, for ships, the owner's colour)."""

    tile: Tile
    rotation: int
    mask: int
    owner: str | None = None

    @property
    def is_ship(self) -> bool:
        """True for ship tiles."""
        return self.tile.is_ship


def fits(mask: int, care: int, value: int) -> bool:
    """Does terrain `mask` agree with `value` on every point set in `care`?"""
    return not (mask ^ value) & care


class Island:
    """A maximal set of landscape tiles joined by sides whose midpoints are land."""

    def __init__(self, cells: Iterable[Cell], board: Board) -> None:
        self.cells = frozenset(cells)
        self.board = board

    @property
    def size(self) -> int:
        """Number of tiles."""
        return len(self.cells)

    def count(self, symbol: str) -> int:
        """Symbols on the island as they count now (bonus tokens included)."""
        return sum(self.board.symbol_count(cell, symbol) for cell in self.cells)

    @property
    def is_complete(self) -> bool:
        """No land edge midpoint of the island faces an empty cell of the table."""
        return not any(self.board.open_land_sides(cell) for cell in self.cells)

    @property
    def houses(self) -> dict[str, int]:
        """Colour -> number of houses of that colour on the island."""
        result: dict[str, int] = {}
        for (x, y, _), colour in self.board.houses.items():
            if (x, y) in self.cells:
                result[colour] = result.get(colour, 0) + 1
        return result

    def free_house_locations(self) -> list[tuple[int, int, int]]:
        """(x, y, symbol index) of every house location without a house, in map order."""
        return [
            loc
            for cell in sorted(self.cells, key=lambda c: (c[1], c[0]))
            for loc in self.board.house_locations(*cell)
            if loc not in self.board.houses
        ]

    def is_coastal_cell(self, cell: Cell) -> bool:
        """Is this island tile a coastal tile?"""
        return self.board.tiles[cell].mask != ALL_LAND

    def key(self) -> Cell:
        """A stable name for the island: its top-left-most cell (row first)."""
        return min(self.cells, key=lambda c: (c[1], c[0]))

    def __repr__(self) -> str:
        return f"Island(size={self.size}, key={self.key()})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Island) and self.cells == other.cells

    def __hash__(self) -> int:
        return hash(self.cells)


class Board:
    """The map on a table of `width` x `height` cells."""

    def __init__(self, width: int = 12, height: int = 12) -> None:
        if not (isinstance(width, int) and isinstance(height, int)) or width < 2 or height < 2:
            raise ValueError(f"table must be at least 2 x 2 cells, got {short(width)} x "
                f"{short(height)}")
        self.width = width
        self.height = height
        self.tiles: dict[Cell, Placed] = {}
        self.order: list[Cell] = []
        self.houses: dict[tuple[int, int, int], str] = {}
        self.resource_tokens: dict[tuple[int, int, int], tuple[str, str]] = {}
        self.covered_tokens: list[tuple[int, int, int, str, str]] = []
        self.port_tokens: dict[Cell, list[str]] = {}
        self._frontier: dict[Cell, tuple[int, int]] = {}
        self._parent: dict[Cell, Cell] = {}
        self._members: dict[Cell, list[Cell]] = {}

    # ----------------------------------------------------------------- placement
    def inside(self, x: int, y: int) -> bool:
        """Is (x, y) a cell of the table?"""
        return 0 <= x < self.width and 0 <= y < self.height

    def constraint(self, x: int, y: int) -> tuple[int, int]:
        """(care, value): which points of (x, y) are fixed by neighbours, and to what."""
        care = value = 0
        tiles = self.tiles
        for dx, dy, pairs in NEIGHBOURS:
            placed = tiles.get((x + dx, y + dy))
            if placed is None:
                continue
            m = placed.mask
            for mine, theirs in pairs:
                care |= 1 << mine
                value |= (m >> theirs & 1) << mine
        return care, value

    def check_place(self, tile: Tile, x: int, y: int, rotation: int) -> None:
        """Raise `IllegalAction` unless `tile` may go on (x, y) at `rotation`."""
        where = f"{tile.notation()} at ({x}, {y}) rotation {rotation}"
        if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation <= 3:
            raise IllegalAction("bad_rotation", f"rotation must be 0-3: {where}")
        if not (isinstance(x, int) and isinstance(y, int)) or not self.inside(x, y):
            raise IllegalAction(
                "off_table", f"{where} is off the {self.width} x {self.height} table"
            )
        if (x, y) in self.tiles:
            raise IllegalAction("cell_occupied", f"{where}: the cell is already occupied")
        if not self.tiles:
            return
        if (x, y) not in self._frontier:
            raise IllegalAction("not_adjacent", f"{where} shares no side with a placed tile")
        care, value = self._frontier[(x, y)]
        if not fits(tile.rotation_masks()[rotation], care, value):
            raise IllegalAction(
                "terrain_mismatch", f"{where}: land and sea do not match the neighbours"
            )

    def can_place(self, tile: Tile, x: int, y: int, rotation: int = 0) -> bool:
        """May `tile` go on (x, y) at `rotation`?"""
        try:
            self.check_place(tile, x, y, rotation)
        except IllegalAction:
            return False
        return True

    def place(
        self, tile: Tile, x: int, y: int, rotation: int = 0, owner: str | None = None
    ) -> None:
        """Put `tile` on the map, or raise `IllegalAction` (the board is unchanged then)."""
        self.check_place(tile, x, y, rotation)
        self.put(tile, x, y, rotation, owner)

    def put(self, tile: Tile, x: int, y: int, rotation: int, owner: str | None = None) -> None:
        """Place without checking legality (the fast path for already-validated moves)."""
        cell = (x, y)
        mask = tile.rotation_masks()[rotation]
        self.tiles[cell] = Placed(tile, rotation, mask, owner)
        self.order.append(cell)
        self._frontier.pop(cell, None)
        for dx, dy in AROUND:
            self._refresh_frontier(x + dx, y + dy)
        if not tile.is_ship:
            self._join_island(cell, mask)

    def _refresh_frontier(self, x: int, y: int) -> None:
        """Recompute the frontier entry of one cell."""
        cell = (x, y)
        if cell in self.tiles or not self.inside(x, y):
            return
        if any((x + dx, y + dy) in self.tiles for dx, dy, _ in SIDES):
            self._frontier[cell] = self.constraint(x, y)

    def frontier(self) -> dict[Cell, tuple[int, int]]:
        """Empty table cells touching a tile by a side, with their (care, value)."""
        return self._frontier

    def placements(self, masks: Iterable[int]) -> Iterator[tuple[Cell, int]]:
        """Every (cell, mask) where a terrain mask may be placed."""
        masks = tuple(masks)
        if not self.tiles:
            for y in range(self.height):
                for x in range(self.width):
                    for m in masks:
                        yield (x, y), m
            return
        for cell, (care, value) in self._frontier.items():
            for m in masks:
                if not (m ^ value) & care:
                    yield cell, m

    def legal_positions(self, tile: Tile) -> list[tuple[int, int, int]]:
        """Every (x, y, rotation) where `tile` may be placed, sorted."""
        rots = tile.rotation_masks()
        if not self.tiles:
            cells: Iterable[Cell] = ((x, y) for y in range(self.height) for x in range(self.width))
            return sorted((x, y, r) for x, y in cells for r in range(4))
        out = []
        for (x, y), (care, value) in self._frontier.items():
            for r in range(4):
                if not (rots[r] ^ value) & care:
                    out.append((x, y, r))
        out.sort()
        return out

    def has_placement(self, tile: Tile) -> bool:
        """Can `tile` be placed anywhere?"""
        if not self.tiles:
            return True
        rots = set(tile.rotation_masks())
        for care, value in self._frontier.values():
            for m in rots:
                if not (m ^ value) & care:
                    return True
        return False

    # ------------------------------------------------------------------ islands
    def _find(self, cell: Cell) -> Cell:
        parent = self._parent
        root = cell
        while parent[root] != root:
            root = parent[root]
        while parent[cell] != root:
            parent[cell], cell = root, parent[cell]
        return root

    def _join_island(self, cell: Cell, mask: int) -> None:
        self._parent[cell] = cell
        self._members[cell] = [cell]
        x, y = cell
        for dx, dy, edge in SIDES:
            other = (x + dx, y + dy)
            placed = self.tiles.get(other)
            if placed is None or placed.is_ship or not mask >> edge & 1:
                continue
            a, b = self._find(cell), self._find(other)
            if a == b:
                continue
            if len(self._members[a]) < len(self._members[b]):
                a, b = b, a
            self._parent[b] = a
            self._members[a].extend(self._members.pop(b))

    def islands(self) -> list[Island]:
        """Every island on the map, ordered by their top-left-most cell."""
        found = [Island(members, self) for members in self._members.values()]
        found.sort(key=lambda i: (i.key()[1], i.key()[0]))
        return found

    def island_at(self, x: int, y: int) -> Island:
        """The island holding the landscape tile at (x, y)."""
        if (x, y) not in self._parent:
            raise IllegalAction("no_landscape_tile", f"no landscape tile at ({x}, {y})")
        return Island(self._members[self._find((x, y))], self)

    def open_land_sides(self, cell: Cell) -> int:
        """How many land edge midpoints of the tile on `cell` face an empty table cell."""
        x, y = cell
        mask = self.tiles[cell].mask
        return sum(
            1
            for dx, dy, edge in SIDES
            if mask >> edge & 1
            and self.inside(x + dx, y + dy)
            and (x + dx, y + dy) not in self.tiles
        )

    # --------------------------------------------------------- symbols and tokens
    def symbol_count(self, cell: Cell, symbol: str) -> int:
        """How many of `symbol` the tile on `cell` shows now (tokens included)."""
        placed = self.tiles.get(cell)
        if placed is None or placed.is_ship:
            return 0
        symbols = placed.tile.symbols
        if symbol == "port":
            return symbols.count("port") + len(self.port_tokens.get(cell, ()))
        if symbol in RESOURCES:
            x, y = cell
            tokens = self.resource_tokens
            return sum(
                1
                for i, s in enumerate(symbols)
                if s in RESOURCES and tokens.get((x, y, i), (s,))[0] == symbol
            )
        return symbols.count(symbol)

    def resource_at(self, x: int, y: int, index: int) -> str:
        """The resource symbol `index` of the tile on (x, y) shows now."""
        placed = self.tiles[(x, y)]
        printed = placed.tile.symbols[index]
        return self.resource_tokens.get((x, y, index), (printed, ""))[0]

    def house_locations(self, x: int, y: int) -> list[tuple[int, int, int]]:
        """(x, y, symbol index) of each house location printed on the tile at (x, y)."""
        placed = self.tiles.get((x, y))
        if placed is None:
            return []
        return [(x, y, i) for i, s in enumerate(placed.tile.symbols) if s == "house"]

    def _landscape(self, x: int, y: int, where: str) -> Placed:
        """The landscape tile on (x, y), or `IllegalAction` naming `where`."""
        placed = self.tiles.get((x, y))
        if placed is None or placed.is_ship:
            raise IllegalAction("no_landscape_tile", f"{where}: no landscape tile there")
        return placed

    def check_house(self, x: int, y: int, index: int, colour: str) -> Island:
        """Raise unless a `colour` house may stand on location `index` of (x, y)."""
        where = f"house location {index} of the tile at ({x}, {y})"
        placed = self._landscape(x, y, where)
        symbols = placed.tile.symbols
        if not (isinstance(index, int) and 0 <= index < len(symbols)) or symbols[index] != "house":
            raise IllegalAction("not_a_house_location", f"{where} is not a house location")
        if (x, y, index) in self.houses:
            raise IllegalAction("location_taken", f"{where} already holds a house")
        island = self.island_at(x, y)
        if island.size < 2:
            raise IllegalAction("island_too_small", f"{where}: houses need an island of 2+ tiles")
        if colour in island.houses:
            raise IllegalAction(
                "house_already_there", f"{where}: that island already holds a {colour} house"
            )
        return island

    def place_house(self, x: int, y: int, index: int | str, colour: str | None = None) -> None:
        """Put a house of `colour` on house location `index` of (x, y) (island rules checked).

        ``place_house(x, y, colour)`` takes the tile's first free house location.
        """
        if colour is None:
            if not isinstance(index, str):
                raise ValueError("place_house needs a colour")
            colour = index
            free = [loc for loc in self.house_locations(x, y) if loc not in self.houses]
            index = free[0][2] if free else -1
        if isinstance(index, str):
            raise ValueError(f"house location index must be an int, got {short(index)}")
        self.check_house(x, y, index, colour)
        self.houses[(x, y, index)] = colour

    def check_resource_token(self, x: int, y: int, index: int, resource: str) -> None:
        """Raise unless a resource token showing `resource` may cover symbol `index`."""
        where = f"resource token {short(resource)} on symbol {index} of the tile at ({x}, {y})"
        placed = self._landscape(x, y, where)
        symbols = placed.tile.symbols
        if (
            not (isinstance(index, int) and 0 <= index < len(symbols))
            or symbols[index] not in RESOURCES
        ):
            raise IllegalAction("not_a_resource", f"{where}: that symbol is not a resource")
        if resource not in RESOURCES:
            raise IllegalAction("bad_resource", f"{where}: unknown resource")
        if self.resource_at(x, y, index) == resource:
            raise IllegalAction("same_resource", f"{where}: it must show a different resource")

    def place_resource_token(
        self, x: int, y: int, index: int, resource: str, colour: str = ""
    ) -> None:
        """Cover resource symbol `index` of (x, y) with a token showing `resource`.

        A token may hide another one; the hidden token stays on the map (in
        `covered_tokens`) but no longer counts.
        """
        self.check_resource_token(x, y, index, resource)
        covered = self.resource_tokens.get((x, y, index))
        if covered is not None:
            self.covered_tokens.append((x, y, index, *covered))
        self.resource_tokens[(x, y, index)] = (resource, colour)

    def check_port_token(self, x: int, y: int) -> None:
        """Raise unless a port token may go on the tile at (x, y)."""
        where = f"port token on the tile at ({x}, {y})"
        placed = self._landscape(x, y, where)
        if placed.mask == ALL_LAND:
            raise IllegalAction("not_coastal", f"{where}: ports go on coastal tiles only")
        if self.symbol_count((x, y), "port") >= MAX_PORTS_PER_TILE:
            raise IllegalAction("too_many_ports", f"{where}: a tile holds at most 2 ports")

    def place_port_token(self, x: int, y: int, colour: str = "") -> None:
        """Put a port token on a coastal landscape tile (at most 2 ports per tile)."""
        self.check_port_token(x, y)
        self.port_tokens.setdefault((x, y), []).append(colour)

    # ------------------------------------------------------------------- ships
    def ship_cells(self) -> list[Cell]:
        """Cells holding a ship tile, in placement order."""
        return [c for c in self.order if self.tiles[c].is_ship]

    def near_ship(self, cell: Cell) -> bool:
        """Is a ship on one of the 8 cells around `cell`?"""
        x, y = cell
        tiles = self.tiles
        for dx, dy in AROUND:
            placed = tiles.get((x + dx, y + dy))
            if placed is not None and placed.tile.is_ship:
                return True
        return False

    def ports_around(self, x: int, y: int) -> int:
        """Ports (printed and tokens) on the landscape tiles of the 8 cells around (x, y)."""
        return sum(self.symbol_count((x + dx, y + dy), "port") for dx, dy in AROUND)

    # ------------------------------------------------------------------ helpers
    def copy(self) -> Board:
        """An independent copy (tiles are immutable and shared)."""
        b = Board.__new__(Board)
        b.width, b.height = self.width, self.height
        b.tiles = dict(self.tiles)
        b.order = list(self.order)
        b.houses = dict(self.houses)
        b.resource_tokens = dict(self.resource_tokens)
        b.covered_tokens = list(self.covered_tokens)
        b.port_tokens = {c: list(v) for c, v in self.port_tokens.items()}
        b._frontier = dict(self._frontier)
        b._parent = dict(self._parent)
        b._members = {c: list(v) for c, v in self._members.items()}
        return b

    def __repr__(self) -> str:
        return f"Board(width={self.width}, height={self.height}, tiles={len(self.tiles)})"


__all__ = ["Board", "Island", "Placed", "Cell", "SHIP", "fits"]
