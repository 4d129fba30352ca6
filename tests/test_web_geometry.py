"""Tile art geometry: the land shape through the 8 border points, symbol spots on land."""

from __future__ import annotations

import itertools
import re

import pytest

from si_web.board_svg import BoardHints, TileArt, board_svg, rotate_points, tile_svg
from si_web.geometry import _flatten, _inside, coast_path, land_path, rotate_point, symbol_spots
from small_islands import STARTING_TILES, TILES

ALL_TILES = list(TILES) + [t for pair in STARTING_TILES for t in pair]


def well_formed_masks() -> list[str]:
    """Every 8-point string whose land corners touch a land edge point (no specks)."""
    out = []
    for bits in itertools.product("LS", repeat=8):
        p = "".join(bits)
        if "L" not in p:
            continue
        if all(p[c] == "S" or p[c - 1] == "L" or p[(c + 1) % 8] == "L" for c in (1, 3, 5, 7)):
            out.append(p)
    return out


def vertices(path: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", path)]


def test_all_land_and_all_sea() -> None:
    assert land_path("LLLLLLLL") == "M0,0H100V100H0Z"
    assert land_path("SSSSSSSS") == ""
    assert coast_path("LLLLLLLL") == "" and coast_path("SSSSSSSS") == ""


@pytest.mark.parametrize(
    "points, start",
    [("LLLLLSSS", "M25,0"), ("LLLSSSSS", "M25,0"), ("SLLLLLLL", "M75,0"), ("SSSSLSSS", "M75,100")],
)
def test_shapes_start_at_the_coast_crossing(points: str, start: str) -> None:
    path = land_path(points)
    assert path.startswith(start) and path.endswith("Z") and "Q" in path


@pytest.mark.parametrize("points", well_formed_masks())
def test_land_meets_each_edge_exactly_where_the_points_say(points: str) -> None:
    """Edge vertices depend only on that edge's 3 points, so neighbours' coasts join up."""
    if "S" not in points:
        return
    verts = vertices(land_path(points))
    # (edge vertices selector, the edge's 3 point indices along increasing coordinate)
    edges = {
        "N": (lambda v: v[1] == 0, 0, (7, 0, 1)),
        "S": (lambda v: v[1] == 100, 0, (5, 4, 3)),
        "W": (lambda v: v[0] == 0, 1, (7, 6, 5)),
        "E": (lambda v: v[0] == 100, 1, (1, 2, 3)),
    }
    for on_edge, axis, (a, m, b) in edges.values():
        got = {v[axis] for v in verts if on_edge(v)}
        want = set()
        pa, pm, pb = points[a], points[m], points[b]
        if pa == "L":
            want.add(0.0)
        if pa != pm:
            want.add(25.0)
        if pm == "L":
            want.add(50.0)
        if pm != pb:
            want.add(75.0)
        if pb == "L":
            want.add(100.0)
        assert got == want, (points, got, want)


@pytest.mark.parametrize("tile", ALL_TILES, ids=lambda t: t.id)
def test_symbols_sit_on_land_and_apart(tile) -> None:  # type: ignore[no-untyped-def]
    spots = symbol_spots(tile.points, len(tile.symbols))
    assert len(spots) == len(tile.symbols)
    poly = _flatten(tile.points)
    for x, y in spots:
        assert 0 < x < 100 and 0 < y < 100
        assert _inside(poly, x, y), (tile, x, y)
    for (x1, y1), (x2, y2) in itertools.combinations(spots, 2):
        assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 >= 16, (tile, spots)


def test_symbols_turn_with_the_tile() -> None:
    tile = next(t for t in TILES if t.points == "LLLSSSSS" and t.symbols)
    art0 = tile_svg(TileArt(0, 0, tile.points, tile.symbols, 0))
    art1 = tile_svg(TileArt(0, 0, rotate_points(tile.points, 1), tile.symbols, 1))
    (x0, y0) = symbol_spots(tile.points, len(tile.symbols))[0]
    x1, y1 = rotate_point(x0, y0, 1)
    assert f'x="{x0:g}" y="{y0:g}"' in art0
    assert f'x="{x1:g}" y="{y1:g}"' in art1
    assert rotate_points("LLLSSSSS", 1) == "SSLLLSSS"


def test_symbol_shapes_differ_not_only_in_colour() -> None:
    from si_web.board_svg import GLYPHS

    shapes = {name: re.sub(r'fill="[^"]*"|stroke="[^"]*"', "", g) for name, g in GLYPHS.items()}
    bodies = [re.sub(r'id="[^"]*"', "", s) for s in shapes.values()]
    assert len(set(bodies)) == len(bodies)


def test_board_svg_has_one_target_per_legal_cell() -> None:
    board = {"width": 6, "height": 6, "tiles": [], "islands": []}
    hints = BoardHints(cell_targets={(1, 1), (2, 3)})
    svg = board_svg(board, [], hints, (0, 0, 600, 600))
    assert svg.count('class="target"') == 2
    assert svg.count('data-act="cell"') == 3  # the targets + one background for other taps
    assert 'class="hitbg" data-act="cell" data-grid="100"' in svg
