"""Which part of the island the map shows (pure; the pan/zoom arithmetic is Small Islands'
`game_shell.viewbox`, the gestures `game_shell.gestures`).

Where the player acts, every space to tap is at least `MIN_TARGET_PX` CSS pixels wide: the map
fits the step's targets when that fit is large enough (a rover's reachable spaces), else it
shows them at that scale about the chosen space or the targets' middle, and the player pans
(drag, arrows on a focused target, which bring it into view) or zooms (pinch, wheel, the map's
Zoom in / Zoom out / Fit the island buttons). When the player zoomed out below that scale, a tap
on a space first zooms about it (`tap_zooms`). The player's box is kept until the step's targets
change. The map holds still between taps: a box already on screen stays while it still shows
what the player acts on at that scale (`MapView.holds`), so choosing a space or another piece of
land never moves the island under the player's finger. When the map moves, its fit takes in
the others' moves since the player's turn too (`MapView.with_recent`: their marks) when the
targets stay at the acting scale; a "Since your turn" line frames its move on a tap (`show`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ember_isle.view import View
from game_shell import viewbox as viewport

from .board import ROOT3, Hex, S, centre, island_box

Box = tuple[float, float, float, float]
HEX_W = S * ROOT3  # a hex's width in SVG units (pointy-top): its tap box's smaller side
MIN_TARGET_PX = 46.0  # >= 44 px with a margin for rounding
MIN_SCALE = MIN_TARGET_PX / HEX_W  # CSS px per SVG unit where the player acts
CLOSEST = 3 * HEX_W  # the closest zoom: 3 spaces across
STEP = 1.5  # one press of Zoom in / Zoom out
CONTROLS_PX = 56  # the zoom buttons' strip along the map's bottom edge
MOST = 1.4  # a fit of a few targets is at most this much closer than the acting scale


def targets_box(cells: Iterable[Hex], aspect: float) -> Box:
    """A box around these spaces with half a space to spare, shaped like the map on screen."""
    pts = [centre(h) for h in cells]
    x0 = min(p[0] for p in pts) - HEX_W
    x1 = max(p[0] for p in pts) + HEX_W
    y0 = min(p[1] for p in pts) - S * 1.6
    y1 = max(p[1] for p in pts) + S * 1.6
    w, h = max(x1 - x0, CLOSEST), max(y1 - y0, CLOSEST / aspect)
    w, h = max(w, h * aspect), max(h, w / aspect)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return (cx - w / 2, cy - h / 2, w, h)


def fit_box(cells: Iterable[Hex], px: tuple[float, float]) -> Box:
    """A box around these spaces (`targets_box`) shaped like the map above the zoom buttons'
    strip, with that strip added below it: every space shows above the buttons."""
    above = max(px[1] - CONTROLS_PX, 1.0)
    x, y, w, h = targets_box(cells, px[0] / above)
    return (x, y, w, h * px[1] / above)


def strip(box: Box, px: tuple[float, float]) -> float:
    """The zoom buttons' strip along the bottom edge of a map showing `box` in `px`, in the
    box's units."""
    return CONTROLS_PX * viewport.units_per_pixel(box, *px)


def clamp(box: Box, island: Box) -> Box:
    """`box` moved to stay over the island (centred on it along a side where it is larger)."""
    x, y, w, h = box
    ix, iy, iw, ih = island
    x = ix + (iw - w) / 2 if w >= iw else min(max(x, ix), ix + iw - w)
    y = iy + (ih - h) / 2 if h >= ih else min(max(y, iy), iy + ih - h)
    return (x, y, w, h)


def about(point: tuple[float, float], px: tuple[float, float], island: Box) -> Box:
    """A box at the acting scale centred on `point` (kept over the island)."""
    w, h = px[0] / MIN_SCALE, px[1] / MIN_SCALE
    return clamp((point[0] - w / 2, point[1] - h / 2, w, h), island)


def auto_box(view: View, targets: Iterable[Hex], chosen: Hex | None,
             px: tuple[float, float] | None) -> Box:
    """The part of the island shown for this step before the player pans or zooms."""
    island = island_box(view)
    cells = sorted(set(targets))
    if px is None or px[0] <= 0 or px[1] <= 0:
        return island
    if not cells or viewport.scale(island, px) >= MIN_SCALE:
        return island
    fit = fit_box(cells, px)
    if viewport.scale(fit, px) >= MIN_SCALE:
        fit = viewport.at_most(fit, px, MIN_SCALE * MOST)
        if fit[2] >= island[2]:
            return fit
        band = strip(fit, px)  # the box may reach below the island by that strip
        return clamp(fit, (island[0], island[1], island[2], island[3] + band))
    if chosen is not None:
        return about(centre(chosen), px, island)
    return most_targets(cells, px, island)


FEW = 30  # up to this many targets, the box shows the most of them (else one near the middle)


def most_targets(cells: list[Hex], px: tuple[float, float], island: Box) -> Box:
    """A box at the acting scale about one target that shows the most targets whole (ties:
    the one nearest the targets' middle), so a few spread-out choices (a piece of land's sea
    spaces) are seen together as far as the screen allows; the rest are a drag, an arrow key
    or "Fit the island" away."""
    pts = [centre(h) for h in cells]
    mid = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

    def far(p: tuple[float, float]) -> float:
        return (p[0] - mid[0]) ** 2 + (p[1] - mid[1]) ** 2

    if len(cells) > FEW:
        return about(min(pts, key=far), px, island)
    best: tuple[int, float, Box] | None = None
    for p in pts:
        box = about(p, px, island)
        band = strip(box, px)
        n = sum(1 for h in cells if shows(box, h, band))
        if best is None or (n, -far(p)) > (best[0], -best[1]):
            best = (n, far(p), box)
    assert best is not None
    return best[2]


def shows(box: Box, h: Hex, band: float = 0.0) -> bool:
    """Is the space `h` whole in `box`, above a strip `band` units high along its bottom
    edge (where the zoom buttons sit)?"""
    x, y = centre(h)
    bx, by, bw, bh = box
    return bx + HEX_W / 2 <= x <= bx + bw - HEX_W / 2 and by + S <= y <= by + bh - S - band


class MapView:
    """The map's size on screen (`px`, measured by the browser module), the player's own
    pan/zoom (`user`), kept while the step's targets stay the same (`key`), and the box last
    shown (`shown`)."""

    def __init__(self) -> None:
        self.px: tuple[float, float] | None = None
        self.user: Box | None = None
        self.key: tuple[Any, ...] | None = None
        self.shown: Box | None = None

    def box(self, view: View, stage: str, targets: Iterable[Hex], chosen: Hex | None,
            recent: Iterable[Hex] = ()) -> Box:
        """The part shown: the player's own, else the one shown while it still holds (the
        map never moves under the finger), else `auto_box` -- of the targets and the others'
        `recent` moves together when that fit keeps the targets at the acting scale (so the
        moves are seen where the player acts), else of the targets alone (the recap's lines
        then show the moves on a tap)."""
        cells = tuple(sorted(set(targets)))
        seen = tuple(sorted(set(recent)))
        key = (stage, cells, seen)
        if key != self.key:
            self.key, self.user = key, None
        if self.user is not None:
            box = self.user
        elif self.shown is not None and self.holds(view, self.shown, cells, chosen):
            box = self.shown
        else:
            box = self.with_recent(view, cells, seen, chosen)
        self.shown = box
        return box

    def with_recent(self, view: View, cells: tuple[Hex, ...], recent: tuple[Hex, ...],
                    chosen: Hex | None) -> Box:
        """`auto_box` of the targets and the recent moves when that keeps the acting scale."""
        if cells and recent and self.px is not None and self.px[0] > 0 and self.px[1] > 0:
            both = auto_box(view, cells + recent, None, self.px)
            if viewport.scale(both, self.px) >= MIN_SCALE * 0.97 and all(
                shows(both, h, self.band(both)) for h in cells + recent
            ):
                return both
        return auto_box(view, cells, chosen, self.px)

    def show(self, view: View, spaces: Iterable[Hex]) -> Box:
        """Frame these spaces (a recap line tapped): the player's box from now on."""
        cells = sorted(set(spaces))
        island = island_box(view)
        if not cells or self.px is None or self.px[0] <= 0 or self.px[1] <= 0:
            self.user = island
            return island
        fit = viewport.at_most(fit_box(cells, self.px), self.px, MIN_SCALE * MOST)
        self.user = fit if fit[2] >= island[2] else clamp(fit, (*island[:3], island[3] + strip(fit, self.px)))
        return self.user

    def holds(self, view: View, box: Box, cells: tuple[Hex, ...], chosen: Hex | None) -> bool:
        """May the map stay on `box` for these targets? Only where the player acts (targets, a
        measured map) and at the acting scale, with every target in it -- or, when the targets
        are too far apart to be shown together at that scale, the chosen one (else one)."""
        if not cells or self.px is None or self.px[0] <= 0 or self.px[1] <= 0:
            return False
        if viewport.scale(box, self.px) < MIN_SCALE * 0.97:
            return False
        band = self.band(box)
        if all(shows(box, h, band) for h in cells):
            return True
        if viewport.scale(fit_box(cells, self.px), self.px) >= MIN_SCALE:
            return False  # all of them fit on screen together: show them so
        if chosen is not None:
            return shows(box, chosen, band)
        return any(shows(box, h, band) for h in cells)

    def band(self, box: Box) -> float:
        """The zoom buttons' strip along the map's bottom edge, in the box's units."""
        return strip(box, self.px) if self.px else 0.0

    def widths(self, view: View) -> tuple[float, float]:
        """The closest and farthest widths a pinch or the wheel may reach."""
        return (CLOSEST, island_box(view)[2] * 1.6)

    def zoom(self, view: View, current: Box, how: str) -> Box:
        """Zoom in, zoom out (about the middle) or fit the island; the player's box."""
        if how == "fit":
            self.user = island_box(view)
        else:
            factor = 1 / STEP if how == "in" else STEP
            cx, cy = current[0] + current[2] / 2, current[1] + current[3] / 2
            self.user = viewport.zoom_within(current, cx, cy, factor, self.widths(view))
        return self.user

    def small(self, current: Box) -> bool:
        """Are the spaces under the acting size in this box (a tap first zooms)?"""
        return self.px is not None and viewport.scale(current, self.px) < MIN_SCALE * 0.97

    def zoom_to(self, view: View, h: Hex) -> Box:
        """The acting scale about the space `h` (a tap on a space of a zoomed-out map)."""
        assert self.px is not None
        self.user = about(centre(h), self.px, island_box(view))
        return self.user

    def reveal(self, view: View, current: Box, h: Hex) -> Box | None:
        """The box moved so that the space `h` is in it (a target reached by the keyboard),
        or None when it is already shown whole."""
        # the map's zoom buttons sit along its bottom edge: a target is shown above them
        band = self.band(current)
        if shows(current, h, band):
            return None
        x, y = centre(h)
        bw, bh = current[2], current[3]
        ix, iy, iw, ih = island_box(view)
        self.user = clamp((x - bw / 2, y - bh / 2, bw, bh), (ix, iy, iw, ih + band))
        return self.user
