"""Pan and zoom of a map drawn in SVG: the arithmetic of its viewBox ``(x, y, width, height)``
in SVG units, for every game's map (pure, unit-tested). Each game adds what its own map
needs (its cells, its bounds) in its own module."""

from __future__ import annotations

import math

Box = tuple[float, float, float, float]


def zoom_within(vb: Box, px: float, py: float, factor: float, widths: tuple[float, float]) -> Box:
    """`vb` scaled by `factor` about the point (px, py), its width kept within `widths`
    (closest, farthest): the arithmetic of every map's pinch and wheel (both games)."""
    w = min(max(vb[2] * factor, widths[0]), widths[1])
    factor = w / vb[2]
    return (px - (px - vb[0]) * factor, py - (py - vb[1]) * factor, w, vb[3] * factor)


def panned(vb: Box, dx: float, dy: float, scale: float) -> Box:
    """`vb` moved by a drag of (dx, dy) screen pixels at `scale` units per pixel."""
    return (vb[0] - dx * scale, vb[1] - dy * scale, vb[2], vb[3])


def units_per_pixel(vb: Box, width_px: float, height_px: float) -> float:
    """SVG units per screen pixel of a map box shown in a width x height element."""
    return max(vb[2] / max(width_px, 1), vb[3] / max(height_px, 1))


def wheel_factor(delta_y: float, line_mode: bool) -> float:
    """The zoom factor of one wheel event (lines count as 16 pixels; capped per event)."""
    delta = delta_y * (16 if line_mode else 1)
    return math.exp(max(-0.5, min(0.5, delta * 0.0015)))


def scale(box: Box, px: tuple[float, float]) -> float:
    """Screen pixels per map unit of `box` shown in a px-sized map (preserveAspectRatio meet)."""
    return min(px[0] / max(box[2], 1), px[1] / max(box[3], 1))


def at_least(box: Box, px: tuple[float, float], min_scale: float) -> Box:
    """`box`, or when it shows the map smaller than `min_scale` pixels per unit, the box
    about the same centre at that scale."""
    if scale(box, px) >= min_scale:
        return box
    w, h = px[0] / min_scale, px[1] / min_scale
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    return (cx - w / 2, cy - h / 2, w, h)


def at_most(box: Box, px: tuple[float, float], max_scale: float) -> Box:
    """`box`, or when it shows the map larger than `max_scale` pixels per unit, the box
    about the same centre at that scale."""
    if scale(box, px) <= max_scale:
        return box
    w, h = px[0] / max_scale, px[1] / max_scale
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    return (cx - w / 2, cy - h / 2, w, h)
