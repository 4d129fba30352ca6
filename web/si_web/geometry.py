"""Tile geometry: the land shape through a tile's 8 border points, and where symbols sit.

A tile is drawn in a 100 x 100 box (x right, y down). Its 8 border points, clockwise
from the top, are N NE E SE S SW W NW. The coast crosses the tile's edge halfway between a
land point and a sea point, so two tiles that agree on their shared points also agree on
the drawn coastline. Runs of land points along the border are joined through the tile's
middle by curves, so every tile's land is one mass (as the rules require).

>>> land_path("LLLLLLLL")
'M0,0H100V100H0Z'
>>> land_path("SSSSSSSS")
''
"""

from __future__ import annotations

from functools import lru_cache

# The 8 border points at rotation 0, clockwise from N.
POINT_XY: tuple[tuple[int, int], ...] = (
    (50, 0),
    (100, 0),
    (100, 50),
    (100, 100),
    (50, 100),
    (0, 100),
    (0, 50),
    (0, 0),
)
# Where the coast meets the edge between point i and point i+1.
CROSS_XY: tuple[tuple[int, int], ...] = (
    (75, 0),
    (100, 25),
    (100, 75),
    (75, 100),
    (25, 100),
    (0, 75),
    (0, 25),
    (25, 0),
)
CENTRE = (50, 50)
SYMBOL_RADIUS = 13
_GRID = (17, 33.5, 50, 66.5, 83)


def _runs(points: str) -> list[list[int]]:
    """Maximal runs of land points, clockwise, as lists of point indices."""
    start = next(i for i in range(8) if points[i] == "S")
    runs: list[list[int]] = []
    current: list[int] = []
    for k in range(1, 9):
        i = (start + k) % 8
        if points[i] == "L":
            current.append(i)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


def _fmt(x: float, y: float) -> str:
    return f"{x:g},{y:g}"


@lru_cache(maxsize=256)
def land_path(points: str) -> str:
    """SVG path data (0-100 box) of the land of a tile with these border points."""
    if "L" not in points:
        return ""
    if "S" not in points:
        return "M0,0H100V100H0Z"
    runs = _runs(points)
    parts: list[str] = []
    for n, run in enumerate(runs):
        first, last = run[0], run[-1]
        enter = CROSS_XY[(first - 1) % 8]
        leave = CROSS_XY[last]
        parts.append(("M" if n == 0 else "L") + _fmt(*enter))
        parts.extend("L" + _fmt(*POINT_XY[i]) for i in run)
        parts.append("L" + _fmt(*leave))
        nxt = runs[(n + 1) % len(runs)]
        target = CROSS_XY[(nxt[0] - 1) % 8]
        parts.append("Q" + _fmt(*_control(runs, leave, target)) + " " + _fmt(*target))
    return "".join(parts) + "Z"


def _control(
    runs: list[list[int]], leave: tuple[int, int], target: tuple[int, int]
) -> tuple[float, float]:
    """Control point of the coast curve from `leave` to `target`.

    Through the middle in general; a lone land point (a peninsula tip) gets a rounder lobe.
    """
    if len(runs) == 1 and len(runs[0]) == 1:
        mx, my = (leave[0] + target[0]) / 2, (leave[1] + target[1]) / 2
        return CENTRE[0] + 0.6 * (CENTRE[0] - mx), CENTRE[1] + 0.6 * (CENTRE[1] - my)
    return CENTRE


@lru_cache(maxsize=256)
def coast_path(points: str) -> str:
    """SVG path data of just the coastline curves of a tile (no tile borders)."""
    if "L" not in points or "S" not in points:
        return ""
    runs = _runs(points)
    parts = []
    for n, run in enumerate(runs):
        leave = CROSS_XY[run[-1]]
        target = CROSS_XY[(runs[(n + 1) % len(runs)][0] - 1) % 8]
        parts.append(
            "M" + _fmt(*leave) + "Q" + _fmt(*_control(runs, leave, target)) + " " + _fmt(*target)
        )
    return "".join(parts)


def _flatten(points: str) -> list[tuple[float, float]]:
    """The land outline as a polygon (curves sampled), for inside tests."""
    if "S" not in points:
        return [(0, 0), (100, 0), (100, 100), (0, 100)]
    runs = _runs(points)
    poly: list[tuple[float, float]] = []
    for n, run in enumerate(runs):
        enter = CROSS_XY[(runs[n][0] - 1) % 8]
        poly.append(enter)
        poly.extend(POINT_XY[i] for i in run)
        leave = CROSS_XY[run[-1]]
        poly.append(leave)
        target = CROSS_XY[(runs[(n + 1) % len(runs)][0] - 1) % 8]
        cx, cy = _control(runs, leave, target)
        for k in range(1, 12):
            t = k / 12
            x = (1 - t) ** 2 * leave[0] + 2 * (1 - t) * t * cx + t * t * target[0]
            y = (1 - t) ** 2 * leave[1] + 2 * (1 - t) * t * cy + t * t * target[1]
            poly.append((x, y))
    return poly


def _inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _edge_distance(poly: list[tuple[float, float]], x: float, y: float) -> float:
    """Distance from (x, y) to the nearest coast segment (tile borders on land don't count)."""
    best = 1e9
    j = len(poly) - 1
    for i in range(len(poly)):
        (ax, ay), (bx, by) = poly[j], poly[i]
        j = i
        on_border = (ax == bx and ax in (0, 100)) or (ay == by and ay in (0, 100))
        if on_border:
            continue
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length))
        px, py = ax + t * dx, ay + t * dy
        best = min(best, ((x - px) ** 2 + (y - py) ** 2) ** 0.5)
    return best


@lru_cache(maxsize=1024)
def symbol_spots(points: str, count: int) -> tuple[tuple[float, float], ...]:
    """Centres (0-100 box, rotation of `points`) for `count` symbols on the tile's land.

    Deterministic: the deepest land spots first, then spots far from those already chosen.
    """
    if count <= 0:
        return ()
    poly = _flatten(points)
    candidates = []
    for y in _GRID:
        for x in _GRID:
            if _inside(poly, x, y):
                depth = min(_edge_distance(poly, x, y), x, 100 - x, y, 100 - y)
                candidates.append((x, y, depth))
    if not candidates:
        candidates = [(50.0, 50.0, 0.0)]
    chosen: list[tuple[float, float]] = []
    pool = list(candidates)
    while len(chosen) < count and pool:

        def score(c: tuple[float, float, float]) -> float:
            if not chosen:
                return c[2] + (0.01 if (c[0], c[1]) == (50, 50) else 0)
            spread = min(((c[0] - a) ** 2 + (c[1] - b) ** 2) ** 0.5 for a, b in chosen)
            return float(min(spread, 2.2 * SYMBOL_RADIUS) + 0.35 * min(c[2], SYMBOL_RADIUS))

        best = max(pool, key=score)
        chosen.append((best[0], best[1]))
        pool.remove(best)
    while len(chosen) < count:  # tiny land: stack the rest near the first spot
        x, y = chosen[len(chosen) % max(1, len(chosen))]
        chosen.append((x + 6, y + 6))
    return tuple(chosen)


def rotate_point(x: float, y: float, rotation: int) -> tuple[float, float]:
    """(x, y) in the 100-box turned clockwise by `rotation` quarter turns about the centre."""
    for _ in range(rotation % 4):
        x, y = 100 - y, x
    return x, y


@lru_cache(maxsize=1024)
def decor_spots(points: str, count: int) -> tuple[tuple[float, float], ...]:
    """Places for a little vegetation on the tile's land (0-100 box, rotation of `points`):
    grid points well inside the land and clear of the `count` symbols, in a fixed order."""
    if "L" not in points:
        return ()
    poly = _flatten(points)
    symbols = symbol_spots(points, count)
    out = []
    for y in (12.0, 30.0, 50.0, 70.0, 88.0):
        for x in (12.0, 30.0, 50.0, 70.0, 88.0):
            if not _inside(poly, x, y) or min(_edge_distance(poly, x, y), 100.0) < 9:
                continue
            if all((x - a) ** 2 + (y - b) ** 2 >= 20**2 for a, b in symbols):
                out.append((x, y))
    return tuple(out)
