"""The map as one SVG string: our own art for tiles, symbols, tokens, houses and ships.

Pure functions of plain data (a seat's view plus UI hints); no browser imports. Every
user-provided string is escaped. Tap targets carry ``data-act`` plus ``data-x``/``data-y``
(and ``data-index``) attributes that the controller reads on click.

Symbols differ in shape as well as colour: a five-petal flower, a round fruit with a
stem, a pointed leaf, a temple pediment, an anchor for ports, a dashed square for house
locations. Houses are little house outlines filled with the player's colour.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .geometry import coast_path, land_path, rotate_point, symbol_spots
from .markup import escape

CELL = 100
COLOUR_HEX = {
    "blue": "#2f6fd6",
    "red": "#d8403a",
    "yellow": "#f2c230",
    "purple": "#8e4fc9",
    "grey": "#9aa3ab",
}
COLOUR_INK = {"blue": "#fff", "red": "#fff", "yellow": "#3a2f00", "purple": "#fff", "grey": "#222"}
LAND_TINTS = ("#a8d17a", "#c3d97b", "#93c98a", "#cdd58c", "#b5cf6e", "#9fd0a0")
RESOURCE_NAMES = {"flower": "Flower", "fruit": "Fruit", "leaf": "Leaf"}

# Glyphs drawn around (0, 0), about 11 units in radius; used with <use href="#g-...">.
GLYPHS = {
    "flower": (
        '<g id="g-flower" stroke="#5b1a3a" stroke-width="1">'
        '<circle cx="0" cy="-6" r="4.6" fill="#ef6fae"/><circle cx="5.7" cy="-1.9" r="4.6" fill="#ef6fae"/>'
        '<circle cx="3.5" cy="4.9" r="4.6" fill="#ef6fae"/><circle cx="-3.5" cy="4.9" r="4.6" fill="#ef6fae"/>'
        '<circle cx="-5.7" cy="-1.9" r="4.6" fill="#ef6fae"/><circle r="3.3" fill="#ffe066"/></g>'
    ),
    "fruit": (
        '<g id="g-fruit" stroke="#5a2a00" stroke-width="1">'
        '<circle cy="2" r="8.5" fill="#f5891f"/><path d="M0-6V-11" stroke-width="2" fill="none"/>'
        '<path d="M1-9Q6-13 8-8Q4-7 1-9Z" fill="#3f9b3a"/></g>'
    ),
    "leaf": (
        '<g id="g-leaf" stroke="#0d3b16" stroke-width="1">'
        '<path d="M-9 9Q-10-8 9-9Q10 8-9 9Z" fill="#2f9a45"/>'
        '<path d="M-8 8L6-6" fill="none" stroke="#d8f5c8" stroke-width="1.2"/></g>'
    ),
    "temple": (
        '<g id="g-temple" stroke="#2d2a3a" stroke-width="1" fill="#f4f0e6">'
        '<path d="M-11-3L0-11L11-3Z"/><rect x="-10" y="7" width="20" height="3.5"/>'
        '<rect x="-8" y="-2" width="3.2" height="9"/><rect x="-1.6" y="-2" width="3.2" height="9"/>'
        '<rect x="4.8" y="-2" width="3.2" height="9"/></g>'
    ),
    "port": (
        '<g id="g-port" fill="none" stroke="#13306b" stroke-width="2.4" stroke-linecap="round">'
        '<circle cy="-8" r="2.6" fill="#fff"/><path d="M0-5.5V9M-5-2H5M-9 2Q-8 9 0 9Q8 9 9 2"/></g>'
    ),
    "house": (
        '<g id="g-house"><rect x="-8.5" y="-8.5" width="17" height="17" rx="1.5" fill="#fff8e6" '
        'fill-opacity="0.55" stroke="#4a3826" stroke-width="1.6" stroke-dasharray="3 2.2"/></g>'
    ),
    "ship": (
        '<g id="g-ship" stroke="#1b2530" stroke-width="2" stroke-linejoin="round">'
        '<path d="M-28 6H28L18 20H-18Z"/><path d="M0 4V-30" fill="none"/>'
        '<path d="M2-28L22 0H2Z" fill="#fbfaf4"/><path d="M-2-22L-18 0H-2Z" fill="#fbfaf4"/></g>'
    ),
    "home": '<path id="g-home" d="M-11 11V-1L0-11L11-1V11Z" stroke="#1b1b1b" stroke-width="2"/>',
}
# Each player colour has its own mark (shape, not only colour): on houses, ships, swatches
# and the "since your turn" frames; drawn in the colour's ink over the colour.
MARKS = {
    "blue": '<circle cy="3" r="4.2" fill="none" stroke-width="2.4"/>',
    "red": '<path d="M-7 0.5H7M-7 6H7" stroke-width="2.4" fill="none"/>',
    "yellow": '<path d="M-4.5-1.5L4.5 7.5M4.5-1.5L-4.5 7.5" stroke-width="2.4" fill="none"/>',
    "purple": '<path d="M0-3L5 3L0 9L-5 3Z" stroke-width="1"/>',
    "grey": "",
}
GLYPH_DEFS = (
    "<defs>"
    + "".join(GLYPHS.values())
    + "".join(
        f'<g id="g-home-{c}"><use href="#g-home" fill="{COLOUR_HEX[c]}"/>'
        f'<g stroke="{COLOUR_INK[c]}" fill="{COLOUR_INK[c]}">{m}</g></g>'
        for c, m in MARKS.items()
    )
    + "</defs>"
)


def colour_hex(colour: str | None) -> str:
    """The fill colour of a player colour name (grey for unknown)."""
    return COLOUR_HEX.get(colour or "grey", COLOUR_HEX["grey"])


def attrs(**values: object) -> str:
    """HTML/SVG attributes, escaped; ``data_x=1`` becomes ``data-x="1"``; None is left out."""
    out = []
    for key, value in values.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(out)


def rotate_points(points: str, rotation: int) -> str:
    """The L/S point string turned clockwise by `rotation` quarter turns."""
    shift = (2 * rotation) % 8
    return points[-shift:] + points[:-shift] if shift else points


@dataclass(frozen=True)
class TileArt:
    """What is drawn on one cell: rotated points, symbols (printed order), ship owner."""

    x: int
    y: int
    points: str  # already rotated
    symbols: tuple[str, ...]
    rotation: int = 0
    ship: str | None = None
    tint: str = LAND_TINTS[0]


@lru_cache(maxsize=2048)
def symbol_positions(
    points_at_0: str, count: int, rotation: int
) -> tuple[tuple[float, float], ...]:
    """Symbol centres in the cell (0-100), laid out at rotation 0 and turned with the tile."""
    return tuple(rotate_point(x, y, rotation) for x, y in symbol_spots(points_at_0, count))


def unrotated(points: str, rotation: int) -> str:
    """The points at rotation 0 of a tile whose rotated points are given."""
    return rotate_points(points, (4 - rotation) % 4)


def spots_for(art: TileArt, extra: int = 0) -> tuple[tuple[float, float], ...]:
    """Absolute symbol centres (in board units) for the tile's symbols plus `extra` spots."""
    base = unrotated(art.points, art.rotation)
    return tuple(
        (art.x * CELL + sx, art.y * CELL + sy)
        for sx, sy in symbol_positions(base, len(art.symbols) + extra, art.rotation)
    )


@lru_cache(maxsize=4096)
def _tile_body(points: str, rotation: int, symbols: tuple[str, ...], tint: str) -> str:
    """Land, coast and printed symbols of a tile, at the origin (cached: pure)."""
    parts = []
    path = land_path(points)
    if path:
        parts.append(f'<path d="{path}" fill="{tint}"/>')
    coast = coast_path(points)
    if coast:
        parts.append(f'<path class="coast" d="{coast}"/>')
    base = unrotated(points, rotation)
    for (sx, sy), symbol in zip(
        symbol_positions(base, len(symbols), rotation), symbols, strict=False
    ):
        parts.append(f'<use href="#g-{symbol}" x="{sx:g}" y="{sy:g}"/>')
    return "".join(parts)


def tile_svg(art: TileArt, cls: str = "tile") -> str:
    """One tile as an SVG group placed on its cell."""
    if art.ship is not None:
        fill = colour_hex(art.ship)
        return (
            f'<g class="{cls} ship" transform="translate({art.x * CELL},{art.y * CELL})">'
            f'<rect class="ship-cell" width="{CELL}" height="{CELL}"/>'
            f'<use href="#g-ship" x="50" y="55" fill="{fill}"/>'
            f'<use href="#g-home-{art.ship if art.ship in MARKS else "grey"}" x="50" y="85" '
            'transform="translate(50 85) scale(0.9) translate(-50 -85)"/></g>'
        )
    body = _tile_body(art.points, art.rotation, art.symbols, art.tint)
    return f'<g class="{cls}" transform="translate({art.x * CELL},{art.y * CELL})">{body}</g>'


def mini_tile_svg(points: str, symbols: Sequence[str], rotation: int = 0, label: str = "") -> str:
    """A stand-alone small SVG of one tile (display, hand, setup), at `rotation`; hidden from
    screen readers unless `label` names it (its button or frame usually does)."""
    rotated = rotate_points(points, rotation)
    art = TileArt(0, 0, rotated, tuple(symbols), rotation)
    head = (
        f'role="img" aria-label="{escape(label)}"' if label else 'aria-hidden="true" focusable="false"'
    )
    return (
        f'<svg class="mini" viewBox="-4 -4 108 108" {head}>'
        f'<rect class="sea" x="-4" y="-4" width="108" height="108"/>{tile_svg(art)}</svg>'
    )


def glyph_icon(name: str) -> str:
    """A small inline icon (house, bonus token) for text lines; hidden from screen readers."""
    shape = {
        "house": '<path d="M-8 8V-1L0-8L8-1V8Z" fill="#f4efe0" stroke="#111" stroke-width="1.5"/>',
        "token": '<circle r="8" fill="#fffdf4" stroke="#c98b1a" stroke-width="3"/>',
    }[name]
    return f'<svg class="ico-svg" viewBox="-10 -10 20 20" aria-hidden="true">{shape}</svg>'


def glyph_defs_svg() -> str:
    """A hidden SVG holding the glyph definitions for the mini tile SVGs."""
    return f'<svg class="defs" width="0" height="0" aria-hidden="true">{GLYPH_DEFS}</svg>'


@dataclass
class BoardHints:
    """What the UI wants highlighted or previewed on the map (all optional)."""

    cell_targets: set[tuple[int, int]] = field(default_factory=set)
    cell_act: str = "cell"
    symbol_targets: list[tuple[int, int, int, str]] = field(
        default_factory=list
    )  # x, y, index, act
    selected: tuple[int, int] | None = None
    preview: TileArt | None = None
    island_cells: set[tuple[int, int]] = field(default_factory=set)
    middle: tuple[int, int, int, int] | None = None
    hit_cells: bool = True
    recent: list[tuple[int, int, str]] = field(default_factory=list)  # since your turn
    passive_spots: list[tuple[int, int, int]] = field(default_factory=list)  # rings not yet tappable
    focus_box: tuple[float, float, float, float] | None = None  # the map zoomed where one acts
    labels: dict[tuple[int, int], str] = field(default_factory=dict)  # target names in words
    spot_labels: dict[tuple[int, int, int], str] = field(default_factory=dict)
    extra_marks: list[str] = field(default_factory=list)  # highlights (`highlight`), under targets


def view_tiles(board: dict[str, Any]) -> list[TileArt]:
    """TileArt for every tile of a view's board, land tinted per island."""
    tint_of: dict[tuple[int, int], str] = {}
    for n, island in enumerate(board.get("islands", [])):
        for cx, cy in island["cells"]:
            tint_of[(cx, cy)] = LAND_TINTS[n % len(LAND_TINTS)]
    return [
        TileArt(
            t["x"],
            t["y"],
            t["points"],
            tuple(t["symbols"]),
            t["rotation"],
            t.get("ship"),
            tint_of.get((t["x"], t["y"]), LAND_TINTS[0]),
        )
        for t in board.get("tiles", [])
    ]


def content_box(
    cells: Iterable[tuple[int, int]], width: int, height: int
) -> tuple[int, int, int, int]:
    """Cell bounds (x0, y0, x1, y1) of `cells` grown by one cell, inside the table."""
    cells = list(cells)
    if not cells:
        return 0, 0, width - 1, height - 1
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return (
        max(0, min(xs) - 1),
        max(0, min(ys) - 1),
        min(width - 1, max(xs) + 1),
        min(height - 1, max(ys) + 1),
    )


def fit_viewbox(
    box: tuple[int, int, int, int], aspect: float = 1.0
) -> tuple[float, float, float, float]:
    """A viewBox (x, y, w, h) showing the cell box, padded to the screen's aspect ratio."""
    x0, y0, x1, y1 = box
    w: float = (x1 - x0 + 1) * CELL + 40
    h: float = (y1 - y0 + 1) * CELL + 40
    cx, cy = (x0 + x1 + 1) * CELL / 2, (y0 + y1 + 1) * CELL / 2
    aspect = aspect if aspect > 0 else 1.0
    if w / h < aspect:
        w = h * aspect
    else:
        h = w / aspect
    return (cx - w / 2, cy - h / 2, w, h)


def board_svg(
    view_board: dict[str, Any],
    tiles: list[TileArt],
    hints: BoardHints,
    viewbox: tuple[float, float, float, float],
) -> str:
    """The whole map as one <svg id="board"> string: the map layer, then the marks layer."""
    return board_open(viewbox) + board_layers_svg(*board_layers(view_board, tiles, hints))


def viewbox_attr(viewbox: Sequence[float]) -> str:
    """A viewBox attribute value (the map's pan/zoom), as the page and the controller write it."""
    return " ".join(f"{v:.1f}" for v in viewbox)


def board_open(viewbox: tuple[float, float, float, float], label: str = "Map") -> str:
    """The map's opening <svg> tag (its viewBox is the pan/zoom). A group for assistive
    technology: its targets are buttons reached with the arrow keys."""
    return (
        f'<svg id="board" class="board" viewBox="{viewbox_attr(viewbox)}" '
        f'preserveAspectRatio="xMidYMid meet" role="group" aria-label="{escape(label)}">'
    )


def board_layers_svg(map_layer: str, marks_layer: str) -> str:
    """Both layers as groups, and the closing tag. The controller can replace the marks
    group alone when only the marks changed (a tap that selects or previews)."""
    return f'<g id="board-map">{map_layer}</g><g id="board-marks">{marks_layer}</g></svg>'


def board_layers(view_board: dict[str, Any], tiles: list[TileArt], hints: BoardHints) -> tuple[str, str]:
    """(map, marks): what the game shows (sea, tiles, tokens, houses, islands), and what the
    device seat's choices add over it (targets, preview, selection, the tap surface)."""
    width, height = view_board["width"], view_board["height"]
    out = [
        GLYPH_DEFS,
        f'<rect class="sea" x="-2000" y="-2000" width="{width * CELL + 4000}" height="{height * CELL + 4000}"/>',
        f'<rect class="table" width="{width * CELL}" height="{height * CELL}"/>',
        _grid(width, height),
    ]
    if hints.middle:
        x0, y0, x1, y1 = hints.middle
        out.append(
            f'<rect class="middle" x="{x0 * CELL}" y="{y0 * CELL}" '
            f'width="{(x1 - x0 + 1) * CELL}" height="{(y1 - y0 + 1) * CELL}"/>'
        )
    out.extend(tile_svg(t) for t in tiles)
    out.append(_tokens_and_houses(view_board, tiles))
    out.append(_island_badges(view_board))
    marks: list[str] = []
    if hints.island_cells:
        marks.append(
            '<g class="qualify">'
            + "".join(
                f'<rect x="{x * CELL + 3}" y="{y * CELL + 3}" width="{CELL - 6}" height="{CELL - 6}"/>'
                for x, y in sorted(hints.island_cells)
            )
            + "</g>"
        )
    if hints.hit_cells:
        # One rect for the whole table: the controller maps the tap point to a cell.
        marks.append(
            f'<rect class="hitbg" data-act="{hints.cell_act}" data-grid="{CELL}" '
            f'width="{width * CELL}" height="{height * CELL}"/>'
        )
    if hints.recent:
        marks.append(_recent_frames(hints.recent))
    marks.extend(hints.extra_marks)
    first = True
    preview_at = (hints.preview.x, hints.preview.y) if hints.preview is not None else None
    if hints.cell_targets:
        rects = []
        for x, y in sorted(hints.cell_targets, key=lambda c: (c[1], c[0])):
            if (x, y) == preview_at:
                continue
            label = hints.labels.get((x, y), "A highlighted spot")
            rects.append(
                f'<rect class="target" data-act="{hints.cell_act}" data-x="{x}" data-y="{y}" '
                f'x="{x * CELL + 2}" y="{y * CELL + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="8" '
                f'role="button" tabindex="{0 if first else -1}" aria-label="{escape(label)}"/>'
            )
            first = False
        marks.append('<g class="targets">' + "".join(rects) + "</g>")
    if hints.preview is not None:
        marks.append(tile_svg(hints.preview, "tile preview"))
        p = hints.preview
        label = hints.labels.get((p.x, p.y), "The previewed tile")
        marks.append(
            f'<rect class="preview-frame" data-act="{hints.cell_act}" data-x="{p.x}" data-y="{p.y}" '
            f'x="{p.x * CELL + 2}" y="{p.y * CELL + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="6" '
            f'role="button" tabindex="{0 if first else -1}" aria-label="{escape(label)}" '
            'aria-pressed="true"/>'
        )
        first = False
    if hints.selected is not None:
        x, y = hints.selected
        marks.append(
            f'<rect class="selected" x="{x * CELL + 2}" y="{y * CELL + 2}" '
            f'width="{CELL - 4}" height="{CELL - 4}" rx="6"/>'
        )
    by_cell = {(t.x, t.y): t for t in tiles}
    if hints.passive_spots:
        dots = []
        for x, y, index in hints.passive_spots:
            art = by_cell.get((x, y))
            if art is not None:
                sx, sy = spots_for(art)[index]
                dots.append(f'<circle class="sym-dot" cx="{sx:g}" cy="{sy:g}" r="14"/>')
        marks.append('<g class="sym-dots">' + "".join(dots) + "</g>")
    if hints.symbol_targets:
        rings = []
        for x, y, index, act in hints.symbol_targets:
            art = by_cell.get((x, y))
            if art is None:
                continue
            sx, sy = spots_for(art)[index]
            label = hints.spot_labels.get((x, y, index), "A ringed spot")
            rings.append(
                f'<circle class="sym-target" data-act="{act}" data-x="{x}" data-y="{y}" '
                f'data-index="{index}" cx="{sx:g}" cy="{sy:g}" r="16" role="button" '
                f'tabindex="{0 if first else -1}" aria-label="{escape(label)}"/>'
            )
            first = False
        marks.append('<g class="sym-targets">' + "".join(rings) + "</g>")
    return "".join(out), "".join(marks)


def _recent_frames(recent: list[tuple[int, int, str]]) -> str:
    """"Since your turn": a frame in the colour (and with the mark) of the seat that moved."""
    parts = []
    for x, y, colour in recent:
        hexc = colour_hex(colour)
        parts.append(
            f'<rect class="recent" x="{x * CELL + 6}" y="{y * CELL + 6}" width="{CELL - 12}" '
            f'height="{CELL - 12}" rx="10" stroke="{hexc}"/>'
            f'<use href="#g-home-{escape(colour)}" x="{x * CELL + 14}" y="{y * CELL + 14}"/>'
        )
    return '<g class="recents">' + "".join(parts) + "</g>"




@lru_cache(maxsize=32)
def _grid(width: int, height: int) -> str:
    lines = [f"M{x * CELL} 0V{height * CELL}" for x in range(1, width)]
    lines += [f"M0 {y * CELL}H{width * CELL}" for y in range(1, height)]
    return f'<path class="grid" d="{"".join(lines)}"/>'


def _tokens_and_houses(view_board: dict[str, Any], tiles: list[TileArt]) -> str:
    by_cell = {(t.x, t.y): t for t in tiles}
    ports: dict[tuple[int, int], list[str]] = {}
    for token in view_board.get("port_tokens", []):
        ports.setdefault((token["x"], token["y"]), []).append(token["colour"])
    parts = []
    for token in view_board.get("resource_tokens", []):
        art = by_cell.get((token["x"], token["y"]))
        if art is None:
            continue
        sx, sy = spots_for(art)[token["index"]]
        ring = colour_hex(token.get("colour"))
        parts.append(
            f'<g class="token"><circle cx="{sx:g}" cy="{sy:g}" r="13" fill="#fffdf4" stroke="{ring}" '
            f'stroke-width="3.5"/><use href="#g-{escape(token["resource"])}" x="{sx:g}" y="{sy:g}" '
            f'transform="translate({sx:g} {sy:g}) scale(0.82) translate({-sx:g} {-sy:g})"/></g>'
        )
    for (x, y), colours in ports.items():
        art = by_cell.get((x, y))
        if art is None:
            continue
        spots = spots_for(art, len(colours))[len(art.symbols) :]
        for (sx, sy), colour in zip(spots, colours, strict=False):
            parts.append(
                f'<g class="token"><circle cx="{sx:g}" cy="{sy:g}" r="12" fill="#fffdf4" '
                f'stroke="{colour_hex(colour)}" stroke-width="3.5"/>'
                f'<use href="#g-port" x="{sx:g}" y="{sy:g}"/></g>'
            )
    for house in view_board.get("houses", []):
        art = by_cell.get((house["x"], house["y"]))
        if art is None:
            continue
        sx, sy = spots_for(art)[house["index"]]
        colour = house["colour"] if house["colour"] in MARKS else "grey"
        parts.append(
            f'<use class="house" href="#g-home-{colour}" x="{sx:g}" y="{sy:g}" '
            f'data-colour="{escape(house["colour"])}"/>'
        )
    return "".join(parts)


def _island_badges(view_board: dict[str, Any]) -> str:
    parts = []
    for island in view_board.get("islands", []):
        if island["size"] < 2:
            continue
        x, y = island["key"]
        cls = "badge complete" if island["complete"] else "badge"
        parts.append(
            f'<g class="{cls}"><circle cx="{x * CELL}" cy="{y * CELL}" r="11"/>'
            f'<text x="{x * CELL}" y="{y * CELL + 4.5}">{island["size"]}</text></g>'
        )
    return '<g class="badges">' + "".join(parts) + "</g>"


def short_name(name: str, limit: int = 12) -> str:
    """A name cut to `limit` characters (with an ellipsis) for tight SVG labels."""
    return name if len(name) <= limit else name[: limit - 1] + "\u2026"


def score_chart_svg(rows: list[dict[str, Any]]) -> str:
    """Stacked horizontal bars per seat: prestige, discovery, ship ports, solo's Alexis bonus
    (escaped names)."""
    best = max([r["total"] for r in rows] + [1])
    bar_w = 260
    row_h = 44
    parts = [
        f'<svg class="chart" viewBox="0 0 {bar_w + 200} {row_h * len(rows) + 34}" role="img" '
        'aria-label="Final scores">'
    ]
    for n, r in enumerate(sorted(rows, key=lambda r: r["rank"])):
        y = n * row_h + 6
        x = 120
        parts.append(
            f'<text class="chart-name" x="112" y="{y + 22}">{escape(short_name(r["name"]))}</text>'
        )
        for key, cls in (
            ("prestige", "seg-pp"),
            ("discovery", "seg-disc"),
            ("ship_ports", "seg-ship"),
            ("alexis_bonus", "seg-bonus"),
        ):
            w = bar_w * r.get(key, 0) / best
            if w > 0:
                parts.append(
                    f'<rect class="{cls}" x="{x:.1f}" y="{y}" width="{w:.1f}" height="30"/>'
                )
            x += w
        parts.append(f'<text class="chart-total" x="{x + 6:.1f}" y="{y + 21}">{r["total"]}</text>')
    y = row_h * len(rows) + 14
    parts.append(
        f'<rect class="seg-pp" x="120" y="{y}" width="12" height="12"/>'
        f'<text class="chart-key" x="136" y="{y + 11}">PP</text>'
        f'<rect class="seg-disc" x="180" y="{y}" width="12" height="12"/>'
        f'<text class="chart-key" x="196" y="{y + 11}">Discovery</text>'
        f'<rect class="seg-ship" x="280" y="{y}" width="12" height="12"/>'
        f'<text class="chart-key" x="296" y="{y + 11}">Ship ports</text>'
    )
    if any(r.get("alexis_bonus") for r in rows):
        parts.append(
            f'<rect class="seg-bonus" x="380" y="{y}" width="12" height="12"/>'
            f'<text class="chart-key" x="396" y="{y + 11}">Bonus</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
