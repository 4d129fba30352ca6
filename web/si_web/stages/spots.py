"""Ringed symbol spots (house spots, resources) big enough to tap where the player acts.

At the map's fit on a phone a ring would be a few pixels wide. When the map's size on screen
is known (`App.map_px`) and the rings would be smaller than `MIN_RING_PX`, the stage first
shows the islands that hold spots (tap one, or Enter on it: the map zooms to it) and only
then the rings, at a zoom where each is at least that big. Cancel goes back to the islands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from small_islands.view import SeatView

from .. import viewport
from ..board_svg import BoardHints

if TYPE_CHECKING:
    from ..port import Table

def island_cells(v: SeatView, spots: list[tuple[int, int, int, str]]) -> set[tuple[int, int]]:
    """The cells of the islands holding any of these spots (to outline them)."""
    cells = {(x, y) for x, y, _, _ in spots}
    out: set[tuple[int, int]] = set()
    for island in v["board"]["islands"]:
        if any(tuple(c) in cells for c in island["cells"]):
            out |= {(c[0], c[1]) for c in island["cells"]}
    return out


MIN_RING_PX = 32.0
RING_UNITS = 32.0  # a ring's diameter in map units


def spot_hints(app: Table, v: SeatView, hints: BoardHints, spots: list[tuple[int, int, int, str]]) -> None:
    """Rings for `spots` (x, y, index, act), after an island step when they would be too small."""
    outlined = island_cells(v, spots)
    hints.island_cells |= outlined
    px = app.map_px
    if not spots or px is None:
        hints.symbol_targets = spots
        return
    min_scale = MIN_RING_PX / RING_UNITS
    focus = app.choices.focus
    if focus is not None:
        near = island_cells(v, [(focus[0], focus[1], 0, "")]) or {focus}
        mine = [s for s in spots if (s[0], s[1]) in near]
        if mine:
            cells = {(s[0], s[1]) for s in mine}
            box = hints.focus_box = viewport.zoomed_to(cells, focus, px, min_scale)
            hints.symbol_targets = [s for s in mine if viewport.cell_inside(s[0], s[1], box)]
            return
    overview = viewport.cells_fit(outlined or {(s[0], s[1]) for s in spots}, px)
    if viewport.scale(overview, px) >= min_scale:
        hints.symbol_targets = spots
        hints.focus_box = overview
        return
    hints.passive_spots = [(x, y, i) for x, y, i, _ in spots]
    hints.cell_targets = {(x, y) for x, y, _, _ in spots}
    hints.focus_box = viewport.most_targets(overview, hints.cell_targets, px,
                                            viewport.MIN_TARGET_SCALE)
    hints.cell_act = "focus"


def on_focus(app: Table, x: int, y: int) -> None:
    """Zoom to the island of (x, y) to show its rings."""
    app.choices.focus = (x, y)
    app.set_viewbox(None)
