"""Hex geometry of the 169-hex board: axial coordinates, distance, and hex sets as bitmasks.

Hexes are pointy-top axial ``(q, r)``; the board is every hex at distance <= 7 from
``(0, 0)``. A set of hexes is an ``int``: hex ``(q, r)`` is bit ``(r + 7) * 16 + (q + 7)``.
Column 15 of each 16-bit row is padding, so a neighbour is a plain bit shift and nothing
wraps around a row.

>>> dist((0, 0), (2, -1))
2
>>> hexes_of(dilate(bit((0, 0)))) == sorted([(0, 0), *neighbours((0, 0))])
True
"""

from __future__ import annotations

from collections.abc import Iterable

Hex = tuple[int, int]

RADIUS = 7
CENTRE: Hex = (0, 0)
_W = 16  # bits per row (15 columns + 1 padding)

#: The six directions, clockwise on screen: 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")


def dist(a: Hex, b: Hex) -> int:
    """Hex distance: ``(|dq| + |dr| + |dq + dr|) / 2``."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def on_board(h: Hex) -> bool:
    """Is `h` one of the 169 board hexes?"""
    return dist(h, CENTRE) <= RADIUS


def step(h: Hex, direction: int) -> Hex:
    """The hex next to `h` in `direction` (0-5)."""
    dq, dr = DIRECTIONS[direction]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> list[Hex]:
    """The board hexes adjacent to `h`, in direction order."""
    return [n for n in (step(h, d) for d in range(6)) if on_board(n)]


#: Every board hex, sorted by (q, r).
BOARD_HEXES: tuple[Hex, ...] = tuple(
    sorted(
        (q, r)
        for q in range(-RADIUS, RADIUS + 1)
        for r in range(-RADIUS, RADIUS + 1)
        if dist((q, r), CENTRE) <= RADIUS
    )
)
_INDEX: dict[Hex, int] = {h: (h[1] + RADIUS) * _W + h[0] + RADIUS for h in BOARD_HEXES}
_HEX_AT: dict[int, Hex] = {i: h for h, i in _INDEX.items()}
BOARD: int = sum(1 << i for i in _INDEX.values())


def bit(h: Hex) -> int:
    """The one-hex set {h} (`h` must be on the board)."""
    return 1 << _INDEX[h]


def mask_of(hexes: Iterable[Hex]) -> int:
    """The set of the given board hexes."""
    m = 0
    for h in hexes:
        m |= 1 << _INDEX[h]
    return m


def hexes_of(mask: int) -> list[Hex]:
    """The hexes of a set, sorted by (q, r)."""
    return sorted(iter_hexes(mask))


def iter_hexes(mask: int) -> Iterable[Hex]:
    """The hexes of a set in bit order (by r, then q)."""
    while mask:
        low = mask & -mask
        yield _HEX_AT[low.bit_length() - 1]
        mask ^= low


#: Hex -> the set of its board neighbours.
ADJACENT: dict[Hex, int] = {}


def count(mask: int) -> int:
    """How many hexes a set holds."""
    return mask.bit_count()


def dilate(m: int) -> int:
    """`m` plus every board hex adjacent to it."""
    return (m | m << 1 | m >> 1 | m << _W | m >> _W | m << (_W - 1) | m >> (_W - 1)) & BOARD


def beside(m: int) -> int:
    """Hexes at distance exactly 1 from the set `m`."""
    return dilate(m) & ~m


def near(m: int) -> int:
    """Hexes at distance 1 or 2 from the set `m`."""
    return dilate(dilate(m)) & ~m


def components(m: int) -> list[int]:
    """The connected parts of a set (adjacency), in order of their lowest bit."""
    parts = []
    while m:
        part = m & -m
        while True:
            grown = dilate(part) & m
            if grown == part:
                break
            part = grown
        parts.append(part)
        m &= ~part
    return parts


def component_of(m: int, h: Hex) -> int:
    """The connected part of `m` that holds `h` (0 when `h` is not in `m`)."""
    part = bit(h) & m
    while part:
        grown = dilate(part) & m
        if grown == part:
            break
        part = grown
    return part


def line(h: Hex, direction: int) -> list[Hex]:
    """The hexes from `h` (excluded) straight along `direction` to the board's edge."""
    out = []
    h = step(h, direction)
    while on_board(h):
        out.append(h)
        h = step(h, direction)
    return out


ADJACENT.update({h: beside(bit(h)) for h in BOARD_HEXES})
