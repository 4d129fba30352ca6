"""Tiles: 8 border points, printed symbols, rotations, and the `Tile.parse` notation.

A tile's border points are listed clockwise from the top: N NE E SE S SW W NW. Each is
land (`L`) or sea (`S`). Internally a tile's terrain is an 8-bit mask, bit *i* set when
point *i* is land; a clockwise quarter turn moves point *i* to point *i + 2*.

>>> t = Tile.parse("LLLLLLSL:flower,temple,house")
>>> t.points, t.symbols
('LLLLLLSL', ('flower', 'temple', 'house'))
>>> t.rotated(1).points
'SLLLLLLL'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from .errors import MalformedInput, short

POINTS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
N, NE, E, SE, S, SW, W, NW = range(8)
EDGE_POINTS = (N, E, S, W)
CORNER_POINTS = (NE, SE, SW, NW)

RESOURCES = ("flower", "fruit", "leaf")
SYMBOLS = RESOURCES + ("temple", "port", "house")
SHIP = "ship"
ALL_SEA = 0
ALL_LAND = 0xFF


def rotate_mask(mask: int, quarter_turns: int) -> int:
    """Rotate an 8-bit terrain mask clockwise by `quarter_turns` quarter turns."""
    shift = (2 * quarter_turns) % 8
    return ((mask << shift) | (mask >> (8 - shift))) & 0xFF


def mask_to_points(mask: int) -> str:
    """The `L`/`S` string of a terrain mask."""
    return "".join("L" if mask >> i & 1 else "S" for i in range(8))


def points_to_mask(points: str) -> int:
    """The terrain mask of an `L`/`S` string of 8 points."""
    if len(points) != 8 or set(points) - {"L", "S"}:
        raise MalformedInput(f"tile points must be 8 letters L or S, got {short(points)}")
    return sum(1 << i for i, p in enumerate(points) if p == "L")


def shape_problems(mask: int, symbols: tuple[str, ...]) -> list[str]:
    """Why a terrain mask + symbols is not a well-formed tile (empty list when it is)."""
    problems = []
    is_ship = SHIP in symbols
    if is_ship:
        if mask != ALL_SEA:
            problems.append("a ship tile must be all sea")
        if symbols != (SHIP,):
            problems.append("a ship tile shows only the ship symbol")
        return problems
    if mask == ALL_SEA:
        problems.append("a landscape tile cannot be all sea")
    for corner in CORNER_POINTS:
        if mask >> corner & 1 and not (mask >> (corner - 1) & 1 or mask >> ((corner + 1) % 8) & 1):
            problems.append(f"corner {POINTS[corner]} is an isolated speck of land")
    for symbol in symbols:
        if symbol not in SYMBOLS:
            problems.append(f"unknown symbol {short(symbol)}")
    if len(symbols) > 4:
        problems.append("a tile shows at most 4 symbols")
    if "port" in symbols and mask == ALL_LAND:
        problems.append("a printed port needs a coastal tile")
    return problems


class TileJson(TypedDict):
    """A tile as data: its id, its border points at rotation 0 (`L`/`S`), its symbols."""

    id: str
    points: str
    symbols: list[str]


@dataclass(frozen=True)
class Tile:
    """A square tile: terrain at 8 border points plus printed symbols, at rotation 0.

    Symbols have no position of their own in the rules; they sit on the tile's land and
    turn with it. `id` names a tile of the edition (e.g. ``T07`` or ``S2b``); hand-built
    tiles may leave it empty.
    """

    points: str
    symbols: tuple[str, ...] = ()
    id: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        mask = points_to_mask(self.points)
        problems = shape_problems(mask, self.symbols)
        if problems:
            raise MalformedInput(f"tile {self.notation()!r}: " + "; ".join(problems))
        object.__setattr__(self, "_mask", mask)

    @classmethod
    def parse(cls, text: str, id: str = "") -> Tile:
        """Read ``POINTS[:symbol,symbol,...]``, e.g. ``"LLLLLLSL:flower,temple,house"``."""
        if not isinstance(text, str):
            raise MalformedInput(f"tile notation must be a string, got {short(text)}")
        points, _, rest = text.strip().partition(":")
        symbols = tuple(s.strip() for s in rest.split(",") if s.strip())
        return cls(points.strip().upper(), symbols, id)

    @property
    def mask(self) -> int:
        """The terrain as an 8-bit mask (bit i = point i is land)."""
        return self._mask  # type: ignore[attr-defined,no-any-return]

    @property
    def is_ship(self) -> bool:
        """True for the all-sea ship tiles."""
        return SHIP in self.symbols

    @property
    def is_coastal(self) -> bool:
        """A landscape tile with at least one sea point."""
        return not self.is_ship and self.mask != ALL_LAND

    def rotated(self, quarter_turns: int) -> Tile:
        """This tile turned clockwise by `quarter_turns` quarter turns."""
        return Tile(mask_to_points(rotate_mask(self.mask, quarter_turns)), self.symbols, self.id)

    def rotation_masks(self) -> tuple[int, int, int, int]:
        """The terrain mask at rotations 0-3."""
        m = self.mask
        return (m, rotate_mask(m, 1), rotate_mask(m, 2), rotate_mask(m, 3))

    def count(self, symbol: str) -> int:
        """How many times a printed symbol appears on this tile."""
        return self.symbols.count(symbol)

    def notation(self) -> str:
        """The `Tile.parse` notation of this tile."""
        return self.points + (":" + ",".join(self.symbols) if self.symbols else "")

    def to_json(self) -> TileJson:
        """A JSON-safe description (id, points at rotation 0, symbols)."""
        return {"id": self.id, "points": self.points, "symbols": list(self.symbols)}

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        extra = f", id={self.id!r}" if self.id else ""
        return f"Tile.parse({self.notation()!r}{extra})"


SHIP_TILE = Tile("SSSSSSSS", (SHIP,), "ship")
