"""Highlights drawn over the map's marks layer: an island's outline, rings on house spots, a
frame on a cell, a small label. SVG strings in board units (`board_svg.CELL` per cell), for
`BoardHints.extra_marks` (the tracker, the coach and the end screen use them). Pure.
"""

from __future__ import annotations

from collections.abc import Iterable

from game_shell.markup import escape
from small_islands.view import BoardView

from .board_svg import CELL, TileArt, _island_badges, spots_for

Cell = tuple[int, int]


def outline_path(cells: Iterable[Cell]) -> str:
    """The path of the outer edges of a set of cells (each edge between a cell of the set
    and one outside it)."""
    inside = set(cells)
    d = []
    for x, y in sorted(inside, key=lambda c: (c[1], c[0])):
        px, py = x * CELL, y * CELL
        if (x, y - 1) not in inside:
            d.append(f"M{px} {py}h{CELL}")
        if (x + 1, y) not in inside:
            d.append(f"M{px + CELL} {py}v{CELL}")
        if (x, y + 1) not in inside:
            d.append(f"M{px} {py + CELL}h{CELL}")
        if (x - 1, y) not in inside:
            d.append(f"M{px} {py}v{CELL}")
    return "".join(d)


def island_outline(cells: Iterable[Cell], cls: str = "hl-island") -> str:
    """An island outlined and lightly filled (the fill helps where tiles are dark)."""
    cells = list(cells)
    fill = "".join(
        f'<rect x="{x * CELL}" y="{y * CELL}" width="{CELL}" height="{CELL}"/>' for x, y in cells
    )
    return (
        f'<g class="{cls}"><g class="hl-fill">{fill}</g>'
        f'<path class="hl-edge" d="{outline_path(cells)}"/></g>'
    )


def spot_rings(
    spots: Iterable[tuple[int, int, int]], tiles: list[TileArt], cls: str = "hl-ring"
) -> str:
    """Rings around symbol spots (x, y, index) such as houses."""
    by_cell = {(t.x, t.y): t for t in tiles}
    rings = []
    for x, y, index in spots:
        art = by_cell.get((x, y))
        if art is None or index >= len(art.symbols):
            continue
        sx, sy = spots_for(art)[index]
        rings.append(f'<circle cx="{sx:g}" cy="{sy:g}" r="19"/>')
    return f'<g class="{cls}">{"".join(rings)}</g>' if rings else ""


def cell_frame(x: int, y: int, cls: str = "hl-cell") -> str:
    """A frame around one cell (a ship, a previewed tile)."""
    return f'<rect class="{cls}" x="{x * CELL + 4}" y="{y * CELL + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="10"/>'


def badge(x: int, y: int, text: str, cls: str = "hl-badge") -> str:
    """A small label on the top-right corner of a cell ("+3")."""
    w = 14 + 11 * len(text)
    bx, by = x * CELL + CELL - w / 2 - 2, y * CELL + 4
    return (
        f'<g class="{cls}" aria-hidden="true"><rect x="{bx - w / 2:g}" y="{by:g}" width="{w}" '
        f'height="30" rx="15"/><text x="{bx:g}" y="{by + 21:g}">{escape(text)}</text></g>'
    )


def badges(view_board: BoardView) -> str:
    """The islands' size badges again, over highlights that would hide them."""
    return _island_badges(view_board)
