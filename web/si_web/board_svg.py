"""The map as one SVG string: our own art for tiles, symbols, tokens, houses and ships.

Pure functions of plain data (a seat's view plus UI hints); no browser imports. Every
user-provided string is escaped. Tap targets carry ``data-act`` plus ``data-x``/``data-y``
(and ``data-index``) attributes that the controller reads on click.

Symbols differ in shape as well as colour: a five-petal flower, a round fruit with a
stem, a pointed leaf, a temple pediment, an anchor for ports, a dashed square for house
locations. Houses, ships and bonus tokens are drawn as game pieces in the player's colour
with the colour's mark. The definitions (symbols, pieces, land and water) are in `art`; a
tile here is its card (the settled ones share two paths: cards and shadows), shallows,
land and symbols.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from game_shell.i18n import _, pgettext
from game_shell.markup import escape
from game_shell.widgets import MARKS as MARKS
from small_islands.view import BoardView

from .art import DEFS, piece, relief, variant_of, vegetation
from .art import GLYPHS as GLYPHS  # re-exported: the rules' pictures and tests use them
from .geometry import coast_path, decor_spots, land_path, rotate_point, symbol_spots

CELL = 100
INSET = 2  # a highlighted cell's target (and a previewed tile's frame): the cell less this
RING_R = 16  # a ringed symbol's target: a circle of this radius about the symbol
RESOURCE_NAMES = {"flower": "Flower", "fruit": "Fruit", "leaf": "Leaf"}
GLYPH_DEFS = DEFS


def rotate_points(points: str, rotation: int) -> str:
    """The L/S point string turned clockwise by `rotation` quarter turns."""
    shift = (2 * rotation) % 8
    return points[-shift:] + points[:-shift] if shift else points


@dataclass(frozen=True)
class TileArt:
    """What is drawn on one cell: rotated points, symbols (printed order), ship owner, and
    the land's look (`art.variant_of` the tile and its cell unless given)."""

    x: int
    y: int
    points: str  # already rotated
    symbols: tuple[str, ...]
    rotation: int = 0
    ship: str | None = None
    variant: int | None = None

    def land(self) -> int:
        """The land pattern drawn on this tile."""
        if self.variant is not None:
            return self.variant
        return variant_of(self.x, self.y, unrotated(self.points, self.rotation), self.symbols)


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
def _tile_body(points: str, rotation: int, symbols: tuple[str, ...], variant: int) -> str:
    """Shallows, beach, land and plants, and the printed symbols of a tile, at the origin
    (cached: pure). The shallows are the coast stroked wide, the beach the land's own stroke
    under its fill; both clipped to the cell."""
    parts = []
    coast = coast_path(points)
    if coast:
        parts.append(f'<path class="shallows" clip-path="url(#cell-clip)" d="{coast}"/>')
    path = land_path(points)
    fill = relief(variant)
    if path and coast:
        parts.append(f'<path class="land" fill="{fill}" clip-path="url(#cell-clip)" d="{path}"/>')
    elif path:  # all land: no beach
        parts.append(f'<path fill="{fill}" d="{path}"/>')
    base = unrotated(points, rotation)
    spots = tuple(rotate_point(x, y, rotation) for x, y in decor_spots(base, len(symbols)))
    parts.append(vegetation(variant, spots))
    base = unrotated(points, rotation)
    for (sx, sy), symbol in zip(
        symbol_positions(base, len(symbols), rotation), symbols, strict=False
    ):
        parts.append(f'<use class="sym" href="#g-{symbol}" x="{sx:g}" y="{sy:g}"/>')
    return "".join(parts)


def tile_svg(art: TileArt, cls: str = "tile", card: bool = True, fx: str = "") -> str:
    """One tile as an SVG group placed on its cell: its card (with a shadow on the table;
    the map draws the cards of settled tiles all at once), its land or ship. `fx` marks a
    tile new since the last render (`effects`): its content is animated by CSS."""
    body = '<use href="#card"/>' if card else ""
    if art.ship is not None:
        body += f'<use href="#g-ship-{piece(art.ship)}" x="50" y="56"/>'
        cls += " ship"
    else:
        body += _tile_body(art.points, art.rotation, art.symbols, art.land())
    if fx:
        body = f'<g class="fx" data-fx="{fx}">{body}</g>'
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
        f'<svg class="mini" viewBox="-3 -3 106 106" {head}>'
        f'<rect class="tile-card" width="100" height="100" rx="2"/>{tile_svg(art, card=False)}</svg>'
    )


def glyph_icon(name: str) -> str:
    """A small inline icon (house, bonus token) for text lines; hidden from screen readers."""
    shape = {
        "house": '<path d="M-8 8V-1L0-8L8-1V8Z" fill="#f4efe0" stroke="#111" stroke-width="1.5"/>',
        "token": '<circle r="8" fill="#fffdf4" stroke="#c98b1a" stroke-width="3"/>',
    }[name]
    return f'<svg class="ico-svg" viewBox="-10 -10 20 20" aria-hidden="true">{shape}</svg>'


def glyph_defs_svg() -> str:
    """A hidden SVG holding the art's definitions (symbols, pieces, land, water): the game
    screen keeps it outside the parts it replaces, so a new map does not parse them again."""
    return f'<svg class="defs" width="0" height="0" aria-hidden="true">{GLYPH_DEFS}</svg>'


@dataclass
class MapFx:
    """What the map marks as new since the last render (`effects`), for CSS to animate:
    tiles by cell ("place" or "land"), houses and tokens by spot, the cells of merged islands."""

    tiles: dict[tuple[int, int], str] = field(default_factory=dict)
    houses: set[tuple[int, int, int]] = field(default_factory=set)
    tokens: set[tuple[int, int, int]] = field(default_factory=set)  # index -1: a port token
    merged: set[tuple[int, int]] = field(default_factory=set)


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
    recent: str = ""  # the others' moves since your turn: their marks (`marks.svg`), on the map
    passive_spots: list[tuple[int, int, int]] = field(default_factory=list)  # rings not yet tappable
    focus_box: tuple[float, float, float, float] | None = None  # the map zoomed where one acts
    labels: dict[tuple[int, int], str] = field(default_factory=dict)  # target names in words
    fx: MapFx = field(default_factory=lambda: MapFx())  # what is new since the last render
    spot_labels: dict[tuple[int, int, int], str] = field(default_factory=dict)
    # numbered spots (x, y, index -> N): the number beside the ring, as on the "Spot N" buttons
    spot_numbers: dict[tuple[int, int, int], int] = field(default_factory=dict)
    extra_marks: list[str] = field(default_factory=list)  # highlights (`highlight`), under targets


def view_tiles(board: BoardView) -> list[TileArt]:
    """TileArt for every tile of a view's board."""
    return [
        TileArt(t["x"], t["y"], t["points"], tuple(t["symbols"]), t["rotation"], t.get("ship"))
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
    view_board: BoardView,
    tiles: list[TileArt],
    hints: BoardHints,
    viewbox: tuple[float, float, float, float],
) -> str:
    """The whole map as one <svg id="board"> string with the art's definitions: the map
    layer, then the marks layer."""
    return (board_open(viewbox) + GLYPH_DEFS
            + board_layers_svg(*board_layers(view_board, tiles, hints), hints.recent))


def viewbox_attr(viewbox: Sequence[float]) -> str:
    """A viewBox attribute value (the map's pan/zoom), as the page and the controller write it."""
    return " ".join(f"{v:.1f}" for v in viewbox)


def board_open(viewbox: tuple[float, float, float, float], label: str | None = None) -> str:
    """The map's opening <svg> tag (its viewBox is the pan/zoom). A group for assistive
    technology: its targets are buttons reached with the arrow keys."""
    if label is None:
        label = _("Map")
    return (
        f'<svg id="board" class="board" viewBox="{viewbox_attr(viewbox)}" '
        f'preserveAspectRatio="xMidYMid meet" role="group" aria-label="{escape(label)}">'
    )


def board_layers_svg(map_layer: str, marks_layer: str, recent: str = "") -> str:
    """The layers as groups, and the closing tag: the map, the others' last moves over it
    (`BoardHints.recent`), the device seat's marks. The controller replaces a group alone
    when only it changed (a tap that selects or previews: the marks; the last moves' motion
    played once or a recap line shown: the last moves)."""
    return (f'<g id="board-map">{map_layer}</g><g id="board-recent">{recent}</g>'
            f'<g id="board-marks">{marks_layer}</g></svg>')


def board_layers(view_board: BoardView, tiles: list[TileArt], hints: BoardHints) -> tuple[str, str]:
    """(map, marks): what the game shows (sea, tiles, tokens, houses, islands), and what the
    device seat's choices add over it (targets, preview, selection, the tap surface)."""
    width, height = view_board["width"], view_board["height"]
    out = [
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
    fx = hints.fx
    settled = [t for t in tiles if (t.x, t.y) not in fx.tiles]
    if settled:  # the cards of the settled tiles and their shadows, two paths in all
        cards = "".join(f"M{t.x * CELL},{t.y * CELL}h{CELL}v{CELL}h-{CELL}z" for t in settled)
        out.append(
            f'<path class="card-shadow" transform="translate(3 5)" d="{cards}"/>'
            f'<path class="tile-card" d="{cards}"/>'
        )
    out.extend(
        tile_svg(t, card=False) if (t.x, t.y) not in fx.tiles else tile_svg(t, fx=fx.tiles[(t.x, t.y)])
        for t in tiles
    )
    out.append(_tokens_and_houses(view_board, tiles, fx))
    out.append(_island_badges(view_board))
    if fx.merged:
        out.append(
            '<g class="fx-merge" data-fx="merge">'
            + "".join(
                f'<rect x="{x * CELL}" y="{y * CELL}" width="{CELL}" height="{CELL}"/>'
                for x, y in sorted(fx.merged)
            )
            + "</g>"
        )
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
                f'x="{x * CELL + INSET}" y="{y * CELL + INSET}" width="{CELL - 2 * INSET}" '
                f'height="{CELL - 2 * INSET}" rx="8" '
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
            f'x="{p.x * CELL + INSET}" y="{p.y * CELL + INSET}" width="{CELL - 2 * INSET}" '
            f'height="{CELL - 2 * INSET}" rx="6" '
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
                dots.append(_spot_number(hints.spot_numbers.get((x, y, index)), sx, sy))
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
                f'data-index="{index}" cx="{sx:g}" cy="{sy:g}" r="{RING_R}" role="button" '
                f'tabindex="{0 if first else -1}" aria-label="{escape(label)}"/>'
            )
            rings.append(_spot_number(hints.spot_numbers.get((x, y, index)), sx, sy))
            first = False
        marks.append('<g class="sym-targets">' + "".join(rings) + "</g>")
    return "".join(out), "".join(marks)


def _spot_number(n: int | None, sx: float, sy: float) -> str:
    """The number of a numbered ring ("Spot 2"), beside it (the ring's name says it too)."""
    if n is None:
        return ""
    cx, cy = sx + RING_R, sy - RING_R
    return (
        f'<g class="spot-mark" aria-hidden="true"><circle cx="{cx:g}" cy="{cy:g}" r="10"/>'
        f'<text class="spot-num" x="{cx:g}" y="{cy + 5:g}">{n}</text></g>'
    )


@lru_cache(maxsize=32)
def _grid(width: int, height: int) -> str:
    lines = [f"M{x * CELL} 0V{height * CELL}" for x in range(1, width)]
    lines += [f"M0 {y * CELL}H{width * CELL}" for y in range(1, height)]
    return f'<path class="grid" d="{"".join(lines)}"/>'


def _drop(new: bool) -> str:
    return ' data-fx="drop"' if new else ""


def _token(sx: float, sy: float, colour: str | None, glyph: str, new: bool) -> str:
    """A bonus token: a cardboard disc with a rim in its owner's colour, showing `glyph`."""
    return (
        f'<g class="token"{_drop(new)}><use href="#g-disc" class="s-{piece(colour)}" x="{sx:g}" '
        f'y="{sy:g}"/><use href="#g-{glyph}" transform="translate({sx:g} {sy:g}) scale(0.78)"/></g>'
    )


def _tokens_and_houses(view_board: BoardView, tiles: list[TileArt], fx: MapFx) -> str:
    by_cell = {(t.x, t.y): t for t in tiles}
    ports: dict[tuple[int, int], list[str]] = {}
    for token in view_board.get("port_tokens", []):
        ports.setdefault((token["x"], token["y"]), []).append(token["colour"])
    parts = []
    for token in view_board.get("resource_tokens", []):
        x, y, index = token["x"], token["y"], token["index"]
        art = by_cell.get((x, y))
        if art is None:
            continue
        sx, sy = spots_for(art)[index]
        resource = escape(token["resource"])
        parts.append(_token(sx, sy, token.get("colour"), resource, (x, y, index) in fx.tokens))
    for (x, y), colours in ports.items():
        art = by_cell.get((x, y))
        if art is None:
            continue
        spots = spots_for(art, len(colours))[len(art.symbols) :]
        for n, ((sx, sy), colour) in enumerate(zip(spots, colours, strict=False)):
            parts.append(_token(sx, sy, colour, "port", (x, y, -1 - n) in fx.tokens))
    for house in view_board.get("houses", []):
        x, y, index = house["x"], house["y"], house["index"]
        art = by_cell.get((x, y))
        if art is None:
            continue
        sx, sy = spots_for(art)[index]
        parts.append(
            f'<use class="house" href="#g-home-{piece(house["colour"])}" x="{sx:g}" y="{sy:g}" '
            f'data-colour="{escape(house["colour"])}"{_drop((x, y, index) in fx.houses)}/>'
        )
    return "".join(parts)


def _island_badges(view_board: BoardView) -> str:
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
        + 'aria-label="' + escape(_("Final scores")) + '">'
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
    keys = [escape(k) for k in (pgettext("chart key", "PP"), pgettext("chart key", "Discovery"),
                                pgettext("chart key", "Ship ports"), pgettext("chart key", "Bonus"))]
    parts.append(
        f'<rect class="seg-pp" x="120" y="{y}" width="12" height="12"/>'
        f'<text class="chart-key" x="136" y="{y + 11}">{keys[0]}</text>'
        f'<rect class="seg-disc" x="180" y="{y}" width="12" height="12"/>'
        f'<text class="chart-key" x="196" y="{y + 11}">{keys[1]}</text>'
        f'<rect class="seg-ship" x="280" y="{y}" width="12" height="12"/>'
        f'<text class="chart-key" x="296" y="{y + 11}">{keys[2]}</text>'
    )
    if any(r.get("alexis_bonus") for r in rows):
        parts.append(
            f'<rect class="seg-bonus" x="380" y="{y}" width="12" height="12"/>'
            f'<text class="chart-key" x="396" y="{y + 11}">{keys[3]}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
