"""Pan and zoom of the map: the arithmetic of its SVG viewBox (pure, unit-tested).

A viewBox is ``(x, y, width, height)`` in SVG units (a cell is `CELL` units). The player's
pan/zoom is kept with the game's seed so that a reload shows the same part of the map, and
only if it is a box this map can show.

On a phone the map would show the whole table of a late game with symbols a few pixels wide:
when nothing else frames it (no targets, no stage's focus) and its fit shows a tile narrower
than `READABLE_TILE_PX`, the default view frames the device seat's own area instead (the
islands it has houses on and its ship: `own_cells`) at a readable scale (`readable`); "Fit"
shows the whole map (`App.whole_map`). A desktop's map (`PHONE_PX` wide or more) is unchanged.
"""

from __future__ import annotations

import math
from typing import Any

from game_shell.viewbox import Box as Box
from game_shell.viewbox import at_least as at_least
from game_shell.viewbox import at_most as at_most
from game_shell.viewbox import panned as panned
from game_shell.viewbox import scale as scale
from game_shell.viewbox import units_per_pixel as units_per_pixel
from game_shell.viewbox import wheel_factor as wheel_factor
from game_shell.viewbox import zoom_within as zoom_within
from small_islands.view import SeatView

from .art import SYMBOL_UNITS
from .board_svg import CELL, BoardHints, TileArt, content_box, fit_viewbox

MAP_MARGIN = 1600  # how far (SVG units) the map may be zoomed out beyond the table's width
MIN_WIDTH = 250  # the closest zoom: 2.5 cells across
MIN_TARGET_SCALE = 32.5 / (CELL - 4)  # px per unit: a highlighted cell >= 32 px on screen
SYMBOL_SCALE = 21 / SYMBOL_UNITS  # px per unit: printed symbols >= 20 px where one acts


def fitted(v: SeatView, tiles: list[TileArt], hints: BoardHints) -> Box:
    """A fit of the map's tiles, its targets and the setup area (or the stage's focus)."""
    if hints.focus_box is not None:
        return hints.focus_box
    cells = {(t.x, t.y) for t in tiles} | hints.cell_targets
    if hints.middle:
        cells |= {(hints.middle[0], hints.middle[1]), (hints.middle[2], hints.middle[3])}
    b = v["board"]
    return fit_viewbox(content_box(cells, b["width"], b["height"]))


PHONE_PX = 600  # a map narrower than this on screen (CSS px) is a phone's
READABLE_TILE_PX = 56  # a phone's default view shows a tile at least this wide (symbols ~15 px)
READABLE_SCALE = READABLE_TILE_PX / CELL  # px per unit
CLOSEST_SCALE = 1.6 * READABLE_SCALE  # a small own area is not blown up beyond this


def own_cells(v: SeatView) -> set[tuple[int, int]]:
    """The device seat's own area: every cell of the islands it has a house on, its ship's
    cell (empty for a view of no seat, or a seat with neither)."""
    seat = v.get("seat")
    if seat is None:
        return set()
    me = v["seats"][seat]
    board = v["board"]
    homes = {(h["x"], h["y"]) for h in board["houses"] if h["colour"] == me["colour"]}
    cells = {
        (c[0], c[1])
        for island in board["islands"]
        if any((c[0], c[1]) in homes for c in island["cells"])
        for c in island["cells"]
    } | homes
    ship = me.get("ship")
    if ship:
        cells.add((ship[0], ship[1]))
    return cells


def readable(v: SeatView, fit: Box, hints: BoardHints, px: tuple[float, float] | None) -> Box:
    """`fit`, or on a phone whose fit shows a tile narrower than `READABLE_TILE_PX` (and
    there are tiles but nothing to tap on the map, nor a stage's frame), a readable frame of the seat's own area (or the fit's
    middle when it has none yet)."""
    acting = hints.focus_box is not None or hints.cell_targets or hints.symbol_targets
    if (px is None or px[0] >= PHONE_PX or acting or not v["board"]["tiles"]
            or scale(fit, px) >= READABLE_SCALE):
        return fit
    area = own_cells(v)
    box = cells_fit(area, px) if area else fit
    return at_most(at_least(box, px, READABLE_SCALE), px, CLOSEST_SCALE)


def restored(saved: object, seed: int | None, table_width: int) -> Box | None:
    """The saved pan/zoom if it belongs to this game (same seed) and is a sane box."""
    if not isinstance(saved, dict) or saved.get("seed") != seed:
        return None
    box = saved.get("box")
    if not isinstance(box, list) or len(box) != 4:
        return None
    if not all(type(v) in (int, float) and math.isfinite(v) for v in box):
        return None
    x, y, w, h = (float(v) for v in box)
    limit = table_width * CELL + MAP_MARGIN
    if abs(x) <= limit and abs(y) <= limit and 0 < w <= limit and 0 < h <= limit:
        return (x, y, w, h)
    return None


def record(box: Box | None, seed: int | None) -> dict[str, Any]:
    """The pan/zoom entry of the settings record (empty when the map is fitted)."""
    if box is None:
        return {}
    return {"view": {"seed": seed, "box": [round(v, 1) for v in box]}}


def zoom_about(vb: Box, px: float, py: float, factor: float, table_width: int) -> Box:
    """`vb` scaled by `factor` about the point (px, py), within the allowed zoom range."""
    return zoom_within(vb, px, py, factor, (MIN_WIDTH, table_width * CELL + MAP_MARGIN))


def cells_fit(cells: set[tuple[int, int]], px: tuple[float, float] | None) -> Box:
    """A box showing these cells (no extra margin), shaped like the map on screen."""
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    aspect = px[0] / px[1] if px and px[1] > 0 else 1.0
    return fit_viewbox((min(xs), min(ys), max(xs), max(ys)), aspect)


def zoomed_to(cells: set[tuple[int, int]], centre: tuple[int, int], px: tuple[float, float],
              min_scale: float) -> Box:
    """A fit of `cells`, or, when that is smaller than `min_scale` pixels per unit, a box at
    that scale centred on the `centre` cell."""
    box = cells_fit(cells, px)
    if scale(box, px) >= min_scale:
        return box
    w, h = px[0] / min_scale, px[1] / min_scale
    cx, cy = (centre[0] + 0.5) * CELL, (centre[1] + 0.5) * CELL
    return (cx - w / 2, cy - h / 2, w, h)


def most_targets(fit: Box, targets: set[tuple[int, int]], px: tuple[float, float],
                 min_scale: float) -> Box:
    """`fit`, or when it shows the map smaller than `min_scale` pixels per unit, a box at that
    scale inside `fit` that shows the most targets whole (ties: the one nearest `fit`'s
    centre). A centred crop of a spread-out table can show only sea; this one always shows
    at least one target when there are any."""
    if scale(fit, px) >= min_scale or not targets:
        return at_least(fit, px, min_scale)
    w, h = px[0] / min_scale, px[1] / min_scale
    fx, fy = fit[0] + fit[2] / 2, fit[1] + fit[3] / 2

    def clamp(c: float, lo: float, span: float, size: float) -> float:
        if size >= span:
            return lo + span / 2
        return min(max(c, lo + size / 2), lo + span - size / 2)

    best: tuple[int, float, Box] | None = None
    for tx, ty in sorted(targets):
        cx = clamp((tx + 0.5) * CELL, fit[0], fit[2], w)
        cy = clamp((ty + 0.5) * CELL, fit[1], fit[3], h)
        box = (cx - w / 2, cy - h / 2, w, h)
        count = sum(1 for x, y in targets if cell_inside(x, y, box))
        far = (cx - fx) ** 2 + (cy - fy) ** 2
        if best is None or (count, -far) > (best[0], -best[1]):
            best = (count, far, box)
    assert best is not None
    return best[2]


def cell_inside(x: int, y: int, box: Box) -> bool:
    """Is the whole cell (x, y) inside the box?"""
    return (
        box[0] <= x * CELL
        and (x + 1) * CELL <= box[0] + box[2]
        and box[1] <= y * CELL
        and (y + 1) * CELL <= box[1] + box[3]
    )


def around(cell: tuple[int, int], box: Box, px: tuple[float, float], min_scale: float) -> Box:
    """`box`, or when it shows the map smaller than `min_scale` pixels per unit, a box at
    that scale centred on `cell` (the map zooms where the player acts)."""
    if scale(box, px) >= min_scale:
        return box
    w, h = px[0] / min_scale, px[1] / min_scale
    cx, cy = (cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL
    return (cx - w / 2, cy - h / 2, w, h)


