"""The map's art as SVG definitions: symbols, game pieces, land and water (pure strings).

Everything per tile is a reference to something defined once here, or one small path, so
that a tile on the map is a few elements: its land one path filled with a relief gradient,
a little vegetation one path (`LAND_VARIANTS` looks, one chosen per tile and cell, see
`variant_of`), its shallows one clipped stroke, its symbols `<use>` references. The sea's
movement is not here: the map's container animates a wave layer behind the SVG in CSS
(styles.css, off with reduced motion).

Player colours are CSS classes, not fill values: ``f-blue`` fills, ``s-blue`` strokes and
``k-blue`` draws a mark in the colour's ink (styles.css sets both palettes: the default
one and the colour-vision one, switched by ``body[data-palette]`` without a re-render).
Each colour also has its own mark (ring, stripes, cross, diamond: `MARKS`), so colour is
never the only cue.

Symbols are about 28 units across (a cell is 100), drawn over a light disc that keeps them
legible on the vegetation; `SYMBOL_UNITS` is what the map's acting zoom is computed from.
"""

from __future__ import annotations

from functools import lru_cache

from game_shell.widgets import MARKS

PLAYER_COLOURS = ("blue", "red", "yellow", "purple", "grey")
SYMBOL_UNITS = 26.0  # the smallest side of a symbol's box, in map units (test: >= 20 px)

# Glyphs drawn around (0, 0), about 14 units in radius; used with <use href="#g-...">. Few
# elements each (every <use> clones its glyph): shapes of one paint are one path.
_HALO = '<circle r="15.5" fill="#fffbe6" fill-opacity="0.6"/>'
GLYPHS = {
    "flower": (
        f'<g id="g-flower">{_HALO}<path fill="#ec5fa4" stroke="#6b1d43" stroke-width="1.2" '
        'd="M-5.9-7.6a5.9 5.9 0 1 0 11.8 0a5.9 5.9 0 1 0-11.8 0'
        'M1.3-2.3a5.9 5.9 0 1 0 11.8 0a5.9 5.9 0 1 0-11.8 0'
        'M-1.4 6.2a5.9 5.9 0 1 0 11.8 0a5.9 5.9 0 1 0-11.8 0'
        'M-10.4 6.2a5.9 5.9 0 1 0 11.8 0a5.9 5.9 0 1 0-11.8 0'
        'M-13.1-2.3a5.9 5.9 0 1 0 11.8 0a5.9 5.9 0 1 0-11.8 0"/>'
        '<circle r="4.4" fill="#ffd84a" stroke="#8a5a00" stroke-width="1"/></g>'
    ),
    "fruit": (
        f'<g id="g-fruit">{_HALO}<circle cy="2.5" r="11" fill="#f5841a" stroke="#5a2a00" '
        'stroke-width="1.2"/><path d="M-1-8.5V-14H1V-8.5ZM1-11Q7-16.5 11-10Q5.5-8 1-11Z" '
        'fill="#3f7a2a" stroke="#2a3a10" stroke-width="0.9"/>'
        '<ellipse cx="-4" cy="-1.5" rx="3" ry="2" fill="#ffd9a6"/></g>'
    ),
    "leaf": (
        f'<g id="g-leaf">{_HALO}'
        '<path d="M-12 12Q-13-10 12-12Q13 10-12 12Z" fill="#2f9a45" stroke="#0d3b16" '
        'stroke-width="1.2"/><path d="M-11 11L8-8M-4 4L-4-4M2-2L3-8M-4 4L4 4M2-2L8-1" '
        'fill="none" stroke="#d8f5c8" stroke-width="1.3"/></g>'
    ),
    "temple": (
        f'<g id="g-temple">{_HALO}<path fill="#f6f1e4" stroke="#2d2a3a" stroke-width="1.2" '
        'd="M-14-4L0-14L14-4ZM-13 9h26v4.5h-26ZM-11-3h4v12h-4ZM-2-3h4v12h-4ZM7-3h4v12h-4Z"/></g>'
    ),
    "port": (
        f'<g id="g-port">{_HALO}<path fill="none" stroke="#13306b" stroke-width="2.8" '
        'stroke-linecap="round" d="M-3.2-10a3.2 3.2 0 1 0 6.4 0a3.2 3.2 0 1 0-6.4 0'
        'M0-7V12M-6.5-2.5H6.5M-12 3Q-11 12 0 12Q11 12 12 3"/></g>'
    ),
    "house": (
        '<rect id="g-house" x="-13" y="-13" width="26" height="26" rx="2" fill="#fffbe6" '
        'fill-opacity="0.7" stroke="#4a3826" stroke-width="1.8" stroke-dasharray="3.6 2.6"/>'
    ),
}


def house_piece(colour: str) -> str:
    """A house as a game piece (front, roof, side, a shadow on the table) with its mark."""
    return (
        f'<g id="g-home-{colour}"><ellipse cx="2" cy="12" rx="14" ry="4" fill="#000" '
        f'fill-opacity="0.35"/><path class="f-{colour}" stroke="#1b1b1b" stroke-width="1.3" '
        'stroke-linejoin="round" d="M6-1L13-7V7L6 12ZM-3-11L4-16L13-7L6-1ZM-12 12V-1L-3-11L6-1V12Z"/>'
        '<path d="M6-1L13-7V7L6 12ZM-3-11L4-16L13-7L6-1Z" fill="#000" fill-opacity="0.22"/>'
        f'<g class="k-{colour}" transform="translate(-3 1)">{MARKS[colour]}</g></g>'
    )


def ship_piece(colour: str) -> str:
    """A ship as a game piece: a hull in the player's colour with the mark, a sail, a wake."""
    return (
        f'<g id="g-ship-{colour}"><ellipse cy="24" rx="32" ry="5" fill="#00283a" '
        'fill-opacity="0.35"/><path d="M-40 22Q-30 17-22 22M22 22Q30 17 40 22" fill="none" '
        'stroke="#e8fbff" stroke-width="2" stroke-linecap="round" stroke-opacity="0.8"/>'
        '<g stroke="#1b2530" stroke-width="2" stroke-linejoin="round">'
        '<path d="M0 4V-34" fill="none"/><path d="M3-32Q20-18 24 0H3Z" fill="#fbf7ea"/>'
        '<path d="M-3-25Q-15-14-19 0H-3Z" fill="#efe7d2"/>'
        f'<path class="f-{colour}" d="M-30 4H30L20 22H-20Z"/></g>'
        '<path d="M-24 13H24L20 22H-20Z" fill="#000" fill-opacity="0.22"/>'
        f'<g class="k-{colour}" transform="translate(0 7) scale(0.9)">{MARKS[colour]}</g></g>'
    )


# Land: a relief (a radial gradient, lighter in the tile's middle) and a little vegetation,
# drawn by `vegetation` as one small path per tile where the land has room (no pattern: a
# pattern is recorded again at every paint of the map).
_RELIEFS = (("#bcdc82", "#7fb457"), ("#a9d27e", "#6aa352"), ("#cbd98c", "#98b35f"))
# (class, shape drawn around a spot): grass tufts, trees, stones, blossoms, hills.
_PLANTS = (
    ("veg-line", "m-6 2l2-6l2 6m1 0l2-5l2 5"),
    ("veg-tree", "m-5 0a5 5 0 1 0 10 0a5 5 0 1 0-10 0m7 4a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0"),
    ("veg-stone", "m-4 0a4 2.8 0 1 0 8 0a4 2.8 0 1 0-8 0m6 5a2.6 2 0 1 0 5.2 0a2.6 2 0 1 0-5.2 0"),
    ("veg-dot", "m-4-3a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0-3.2 0m4 5a1.6 1.6 0 1 0 3.2 0"
     "a1.6 1.6 0 1 0-3.2 0m-7 3a1.4 1.4 0 1 0 2.8 0a1.4 1.4 0 1 0-2.8 0"),
    ("veg-line", "m-9 3q9-9 18 0"),
)
LAND_VARIANTS = len(_PLANTS) * len(_RELIEFS)


def _land_defs() -> str:
    return "".join(
        f'<radialGradient id="rl{n}" cx="0.5" cy="0.46" r="0.72" gradientUnits="objectBoundingBox">'
        f'<stop offset="0" stop-color="{a}"/><stop offset="1" stop-color="{b}"/></radialGradient>'
        for n, (a, b) in enumerate(_RELIEFS)
    )


def relief(variant: int) -> str:
    """The land's fill for a variant."""
    return f"url(#rl{variant % len(_RELIEFS)})"


def vegetation(variant: int, spots: tuple[tuple[float, float], ...]) -> str:
    """One path of plants of the variant's kind on up to three of the free `spots`."""
    if not spots:
        return ""
    cls, shape = _PLANTS[variant // len(_RELIEFS) % len(_PLANTS)]
    start = variant % len(spots)
    chosen = [spots[(start + 2 * k) % len(spots)] for k in range(min(3, len(spots)))]
    d = "".join(f"M{x:g} {y:g}{shape}" for x, y in dict.fromkeys(chosen))
    return f'<path class="{cls}" d="{d}"/>'


@lru_cache(maxsize=4096)
def variant_of(x: int, y: int, points: str, symbols: tuple[str, ...]) -> int:
    """The land pattern of a tile on a cell: deterministic (stable across renders and
    devices: no salted `hash`), varied between neighbours."""
    h = 7 * x + 13 * y
    for n, ch in enumerate(points + "".join(symbols)):
        h = (h * 31 + (n + 1) * ord(ch)) % 1_000_003
    return h % LAND_VARIANTS


# A bonus token: a cardboard disc; its rim takes the stroke (a colour class) of its <use>.
_DISC = (
    '<g id="g-disc"><circle cx="1.5" cy="3" r="15" fill="#000" fill-opacity="0.35" stroke="none"/>'
    '<circle r="15" fill="#fff8e4" stroke-width="4"/><circle r="11" fill="none" stroke="#cbbb8c" '
    'stroke-width="0.8"/></g>'
)

# The card a tile is printed on (sea and a bevel), its shadow on the table, the cell clip.
_WATER = (
    '<linearGradient id="tsea" x1="0" y1="0" x2="1" y2="1">'
    '<stop offset="0" stop-color="#44b0c4"/><stop offset="1" stop-color="#2f8fab"/>'
    "</linearGradient>"
    '<pattern id="tsea-p" patternUnits="userSpaceOnUse" width="100" height="100">'
    '<rect width="100" height="100" fill="url(#tsea)"/>'
    '<path d="M12 18q5-3 10 0M62 40q5-3 10 0M30 66q5-3 10 0M76 86q5-3 10 0" fill="none" '
    'stroke="#bff0f5" stroke-width="1.2" stroke-opacity="0.55" stroke-linecap="round"/></pattern>'
    '<clipPath id="cell-clip"><rect width="100" height="100"/></clipPath>'
    '<g id="card"><rect x="3" y="5" width="100" height="100" rx="3" fill="#00202c" '
    'fill-opacity="0.42"/><rect class="tile-card" width="100" height="100" rx="2"/></g>'
)

DEFS = (
    "<defs>"
    + "".join(GLYPHS.values())
    + "".join(house_piece(c) for c in PLAYER_COLOURS)
    + "".join(ship_piece(c) for c in PLAYER_COLOURS)
    + _land_defs()
    + _WATER
    + _DISC
    + "</defs>"
)


def piece(colour: str | None) -> str:
    """The colour name a piece is drawn in (grey for unknown ones)."""
    return colour if colour in MARKS else "grey"
