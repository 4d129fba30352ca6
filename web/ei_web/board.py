"""The island as SVG: hexes with terrain art, the volcano, lava, objects, amulets, cubes,
rovers, and the marks of the step (targets to tap, a clue's previewed effect).

Pointy-top axial hexes (docs/EMBER.md section 3.1): centre ``x = S*sqrt(3)*(q + r/2)``,
``y = S*1.5*r``. Only SVG presentation attributes (the CSP forbids inline styles).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from functools import lru_cache

from ember_isle.board import ObjectJson
from ember_isle.view import View
from game_shell.i18n import _
from game_shell.markup import escape
from game_shell.table import Layers
from game_shell.widgets import MARKS, attrs

from . import words

S = 10.0  # hex radius in SVG units
ROOT3 = math.sqrt(3)
Hex = tuple[int, int]

FILL = {
    "S": "#1f6f8b", "B": "#f1dc9a", "J": "#3f8f3a", "G": "#a9d46f", "M": "#9b8b7a",
    "L": "#5fb3d9", "R": "#6cc3e0",
}
LAVA = "#e0531f"
VOLCANO = "#5a2c1e"
COLUMN_FILL = {"pearl": "#f7f4ea", "jade": "#1fae6a", "obsidian": "#1b1b1f", "copper": "#b8672f"}
COLUMN_INK = {"pearl": "#333", "jade": "#04361d", "obsidian": "#f7f4ea", "copper": "#3a1a05"}
MARK_OF = {"red": "red", "blue": "blue", "yellow": "yellow", "violet": "purple"}

# Terrain art: a small glyph per hex, drawn around (0, 0) (<use href="#e-...">).
ART = {
    "B": '<g id="e-B" fill="#c9a55a"><circle cx="-3" cy="2" r="0.9"/><circle cx="2" cy="-2" r="0.9"/>'
    '<circle cx="3.5" cy="3" r="0.9"/><circle cx="-1" cy="-4" r="0.8"/></g>',
    "J": '<g id="e-J" fill="#1f5a1c"><path d="M0-6L4 0H1.5L4.5 4H-4.5L-1.5 0H-4Z"/>'
    '<rect x="-0.7" y="4" width="1.4" height="2" fill="#5a3a1a"/></g>',
    "G": '<g id="e-G" stroke="#5f8f2f" stroke-width="1" fill="none">'
    '<path d="M-4 3L-3 -1M-3 3L-1.5 -0.5M2 4L3 0M3 4L4.5 1"/></g>',
    "M": '<g id="e-M"><path d="M-6 4L-1-5L4 4Z" fill="#6f6253"/>'
    '<path d="M-2.6-2.2L-1-5L0.6-2.2Z" fill="#f7f4ea"/></g>',
    "L": '<g id="e-L" stroke="#e8f6fb" stroke-width="1" fill="none">'
    '<path d="M-4 0Q-2-2 0 0T4 0M-3 3Q-1 1 1 3T5 3"/></g>',
    "R": '<g id="e-R" stroke="#2a7fa3" stroke-width="1.6" fill="none"><path d="M-6-3Q0 0-2 2T6 4"/></g>',
}
OBJECT_ART = {
    "hut": '<g id="e-hut"><path d="M-5 4V-1L0-5L5-1V4Z" fill="#c0703a" stroke="#3a1a05" '
    'stroke-width="1"/><rect x="-1.3" y="0.5" width="2.6" height="3.5" fill="#3a1a05"/></g>',
    "tree": '<g id="e-tree"><path d="M0 5Q1 0 0-3" stroke="#6b4423" stroke-width="1.6" fill="none"/>'
    '<path d="M0-3Q-5-5-6-1M0-3Q5-5 6-1M0-3Q-2-7-5-6M0-3Q2-7 5-6" stroke="#1f6b1a" '
    'stroke-width="1.6" fill="none"/></g>',
    "statue": '<g id="e-statue"><rect x="-3" y="-5" width="6" height="9" rx="2" fill="#d8d2c0" '
    'stroke="#333" stroke-width="1"/><circle cx="-1.2" cy="-2" r="0.7" fill="#333"/>'
    '<circle cx="1.2" cy="-2" r="0.7" fill="#333"/></g>',
    "amulet": '<g id="e-amulet"><circle r="3.2" fill="#ffd24a" stroke="#7a5a12" stroke-width="1.2"/>'
    '<circle r="1.2" fill="#7a5a12"/></g>',
    "volcano": '<g id="e-volcano"><path d="M-12 8L-4-6H4L12 8Z" fill="#3b1a10"/>'
    '<path d="M-4-6Q0-3 4-6L2-9H-2Z" fill="#ff7a2f"/></g>',
}
DEFS = "<defs>" + "".join(ART.values()) + "".join(OBJECT_ART.values()) + "</defs>"


def centre(h: Iterable[int]) -> tuple[float, float]:
    q, r = h
    return S * ROOT3 * (q + r / 2), S * 1.5 * r


@lru_cache(maxsize=4096)
def _corners(q: int, r: int, size: float) -> str:
    x, y = centre((q, r))
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{x + size * math.cos(a):.2f},{y + size * math.sin(a):.2f}")
    return " ".join(pts)


def corners(h: Iterable[int], size: float = S) -> str:
    """The hex's outline as SVG points (cached: the map draws the same hexes at every tap)."""
    q, r = h
    return _corners(int(q), int(r), size)


def key(h: Iterable[int]) -> Hex:
    q, r = h
    return (int(q), int(r))


def hexes(items: Iterable[Iterable[int]]) -> set[Hex]:
    return {key(h) for h in items}


def viewbox_attr(box: tuple[float, float, float, float]) -> str:
    return " ".join(f"{v:.1f}" for v in box)


def island_box(view: View) -> tuple[float, float, float, float]:
    """The box around every hex that is not sea on ring 7 (the island with its coast)."""
    return _island_box(tuple(view["board"]["terrain"]))


@lru_cache(maxsize=8)
def _island_box(terrain: tuple[str, ...]) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for k in terrain:
        q, r = (int(v) for v in k.split(","))
        if (abs(q) + abs(r) + abs(q + r)) // 2 >= 7:
            continue
        x, y = centre((q, r))
        xs.append(x)
        ys.append(y)
    pad = S * 1.2
    x0, y0 = min(xs) - pad, min(ys) - pad
    return (x0, y0, max(xs) - x0 + pad, max(ys) - y0 + pad)


def board_svg(
    view: View,
    targets: dict[Hex, str] | None = None,
    chosen: Hex | None = None,
    preview: tuple[str, set[Hex]] | None = None,
    label: str = "",
    box: tuple[float, float, float, float] | None = None,
    facing: int | None = None,
    svg_id: str = "ei-board",
    recent: str = "",
    overlay: str = "",
    under: str = "",
) -> str:
    """The whole map. `targets`: hex -> its accessible name (tap targets, `data-act="hex"`);
    `preview`: (column, the hexes it would keep) drawn over the map; `box`: the part shown
    (its viewBox; `mapview` chooses it), else the whole island; `facing`: a statue being placed
    on `chosen`, facing that way; `svg_id`: the map's id ("" for none: a picture of it);
    `recent`: the others' moves since the seat's turn, marked (`marks.svg`), under the targets;
    `overlay`: a choice's preview (`deduction`), under them too; `under`: the deduction's
    shading, over the land and under the pieces (the rovers and objects stay readable)."""
    made = board_layers(view, targets, chosen, preview, label, box, facing, svg_id or "ei-pic",
                        recent, overlay, under)
    if svg_id:
        return made.html()
    # a picture: no ids (the page may hold the map too)
    return re.sub(r' id="ei-pic[a-z-]*"', "", made.html())


def board_layers(
    view: View,
    targets: dict[Hex, str] | None = None,
    chosen: Hex | None = None,
    preview: tuple[str, set[Hex]] | None = None,
    label: str = "",
    box: tuple[float, float, float, float] | None = None,
    facing: int | None = None,
    svg_id: str = "ei-board",
    recent: str = "",
    overlay: str = "",
    under: str = "",
) -> Layers:
    """The map (`board_svg`'s arguments) in layers, for the table to replace only those a tap
    changes: the land (`{svg_id}-land`), the shading under the pieces (`-under`), the pieces
    (`-pieces`), the marks and tap targets (`-marks`); its viewBox set apart."""
    targets = targets or {}
    label = escape(label or _("The island"))
    # the cubes over the rovers (never hidden under one), the amulets over both (off-centre)
    pieces = _objects(view["board"]["objects"]) + _rovers(view) + _cubes(view) + _amulets(view)
    marks = [overlay, recent] + _preview(preview) + _targets(view, targets, chosen)
    if facing is not None and chosen is not None:
        marks += _objects([{"kind": "statue", "hex": list(chosen), "facing": facing}])
    i = svg_id
    return Layers(
        (
            ("", f'<svg id="{i}" class="ei-board" role="group" aria-label="{label}" '
                 f'preserveAspectRatio="xMidYMid meet">{DEFS}<g id="{i}-land">'),
            (f"{i}-land", _land(view)),
            ("", f'</g><g id="{i}-under">'),
            (f"{i}-under", under),
            ("", f'</g><g id="{i}-pieces" class="pieces" aria-hidden="true">'),
            (f"{i}-pieces", "".join(pieces)),
            ("", f'</g><g id="{i}-marks" class="marks">'),
            (f"{i}-marks", "".join(marks)),
            ("", "</g></svg>"),
        ),
        ((i, "viewBox", viewbox_attr(box or island_box(view))),),
    )


_LAND: dict[str, object] = {"key": None, "svg": ""}


def _land(view: View) -> str:
    """The ground and its art (terrain, lava, the volcano): the same at most taps, so the last
    one drawn is kept and reused while the island's land and lava are unchanged."""
    b = view["board"]
    key = (tuple(b["terrain"].items()), tuple(map(tuple, b["lava"])),
           tuple(map(tuple, b["volcano"])), bool(view.get("volcano")))
    if _LAND["key"] != key:
        _LAND["key"], _LAND["svg"] = key, _land_svg(view)
    return str(_LAND["svg"])


def _land_svg(view: View) -> str:
    b = view["board"]
    lava = hexes(b["lava"])
    volcano = hexes(b["volcano"])
    ground: list[str] = []
    art: list[str] = []
    for k, letter in b["terrain"].items():
        h = key(int(v) for v in k.split(","))
        if (abs(h[0]) + abs(h[1]) + abs(h[0] + h[1])) // 2 >= 7:
            continue
        fill = VOLCANO if h in volcano else LAVA if h in lava else FILL.get(letter, "#888")
        ground.append(f'<polygon points="{corners(h)}" fill="{fill}" stroke="#0e4d64" stroke-width="0.6"/>')
        if h in lava and h not in volcano:
            x, y = centre(h)
            art.append(f'<path d="M{x - 5:.1f} {y - 2:.1f}l3 2l-1 3l4 1" stroke="#ffd24a" '
                       'stroke-width="1" fill="none"/>')
        elif h not in volcano and letter in ART:
            x, y = centre(h)
            art.append(f'<use href="#e-{letter}" x="{x:.1f}" y="{y:.1f}"/>')
    if view.get("volcano") and volcano:
        art.append('<use href="#e-volcano" x="0" y="0"/>')
    return (f'<g class="ground">{"".join(ground)}</g>'
            f'<g class="art" aria-hidden="true">{"".join(art)}</g>')


def _objects(objects: list[ObjectJson]) -> list[str]:
    out = []
    for o in objects:
        x, y = centre(o["hex"])
        out.append(f'<use href="#e-{o["kind"]}" x="{x:.1f}" y="{y:.1f}"/>')
        facing = o.get("facing")
        if o["kind"] == "statue" and facing is not None:
            a = math.radians(60 * int(facing))
            tx, ty = x + 8 * math.cos(a), y + 8 * math.sin(a)
            out.append(
                f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{tx:.1f}" y2="{ty:.1f}" stroke="#222" '
                'stroke-width="1.4" marker-end="none"/>'
                f'<circle cx="{tx:.1f}" cy="{ty:.1f}" r="1.6" fill="#222"/>'
            )
    return out


def _amulets(view: View) -> list[str]:
    out = []
    for h in view["amulets"]:
        x, y = centre(h)
        out.append(f'<use href="#e-amulet" x="{x:.1f}" y="{y - 7.2:.1f}"/>')
    return out


# A cube's side: >= 10 CSS px on a phone's whole island (a 390-px-wide map shows ~232 units:
# 1.68 px a unit); the four treasures' corners of a space (`pictures.CORNERS`) fill its middle.
CUBE = 6.2
CUBE_SPOTS = {"pearl": (-6.5, -6.5), "jade": (0.3, -6.5), "obsidian": (-6.5, 0.3), "copper": (0.3, 0.3)}


def _cubes(view: View) -> list[str]:
    out = []
    for col in view["columns"]:
        name = col["name"]
        dx, dy = CUBE_SPOTS[name]
        located = col.get("located")
        for h in col["cubes"]:
            x, y = centre(h)
            out.append(
                f'<rect class="cube" x="{x + dx:.1f}" y="{y + dy:.1f}" width="{CUBE}" height="{CUBE}" '
                f'fill="{COLUMN_FILL[name]}" stroke="{COLUMN_INK[name]}" stroke-width="0.7"/>'
            )
        if located:
            x, y = centre(located)
            out.append(f'<polygon points="{star(x, y)}" fill="none" stroke="{COLUMN_FILL[name]}" '
                       'stroke-width="1.3"/>')
    return out


def star(x: float, y: float, r: float = 8.0) -> str:
    pts = []
    for i in range(10):
        a = math.radians(-90 + 36 * i)
        rr = r if i % 2 == 0 else r * 0.45
        pts.append(f"{x + rr * math.cos(a):.1f},{y + rr * math.sin(a):.1f}")
    return " ".join(pts)


def _rovers(view: View) -> list[str]:
    out = []
    placed: dict[Hex, int] = {}
    for s in view["seats"]:
        if s["rover"] is None:
            continue
        h = key(s["rover"])
        n = placed.get(h, 0)
        placed[h] = n + 1
        x, y = centre(h)
        x += (n % 2) * 5 - 2.5 * (1 if n else 0)
        y += (n // 2) * 5
        c = MARK_OF.get(s["colour"], "grey")  # the shell's player colours: they follow the palette
        out.append(
            f'<g transform="translate({x:.1f} {y:.1f})"><rect x="-5.5" y="-3.5" width="11" height="7" '
            f'rx="2" class="f-{c}" stroke="#111" stroke-width="1"/>'
            '<circle cx="-3.3" cy="3.8" r="1.6" fill="#111"/><circle cx="3.3" cy="3.8" r="1.6" fill="#111"/>'
            f'<g transform="scale(0.35) translate(0 -3)" class="k-{c}">{MARKS.get(c, "")}</g></g>'
        )
    return out


def _preview(preview: tuple[str, set[Hex]] | None) -> list[str]:
    if preview is None:
        return []
    column, keep = preview
    colour = COLUMN_FILL[column]
    return [
        f'<polygon class="keep" points="{corners(h, S * 0.8)}" fill="none" stroke="{colour}" '
        'stroke-width="1.6" stroke-dasharray="3 1.5"/>'
        for h in sorted(keep)
    ]


def _targets(view: View, targets: dict[Hex, str], chosen: Hex | None) -> list[str]:
    out = []
    first = True
    for h, name in sorted(targets.items()):
        x, y = centre(h)
        on = h == chosen
        ring = "#ffe27a" if not on else "#ffffff"
        out.append(
            f'<g{attrs(data_act="ei-hex", data_q=h[0], data_r=h[1], role="button", aria_label=name, tabindex="0" if first else "-1")}'
            f' class="target{" on" if on else ""}"><polygon points="{corners(h)}" fill="#ffffff" '
            f'fill-opacity="{0.35 if on else 0.12}" stroke="{ring}" stroke-width="{2.2 if on else 1.6}"/>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{2.4 if on else 1.6}" fill="{ring}" stroke="#111" '
            'stroke-width="0.5"/></g>'
        )
        first = False
    return out


def target_name(view: View, h: Hex, what: str) -> str:
    """An accessible name for a tap target: what the tap does and where, in words."""
    return _("{verb}: {place}").format(verb=what, place=words.place(view, h))
