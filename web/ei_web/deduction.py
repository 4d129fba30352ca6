"""The deduction on the map (issue 29): where each treasure may still lie, shown at any size of
its candidate set (spec 7.2's assist), and previews of the choices that change the map.

- `shade_svg`: one treasure's possible spaces tinted in its colour with a dot in its own corner
  of each space (its corner, `pictures.CORNERS`: not colour alone), or every treasure's dots
  at once (``"all"``); cubes stay squares, the dots are round.
- `lava_preview` / `lava_svg` / `lava_words`: where the lava would flow, what it buries, how
  each column's count changes ("Jade: 3 → 1, located"), computed on a copy of the public board
  with the engine's own `Board.place_lava` and `Board.candidates` (the real game never changes).
- `triad_preview` / `triad_svg` / `triad_words`: the land a piece of land adds (the engine's
  `Board.place_triad` on a copy).
- `ruled_out` / `ruled_svg`: the spaces the last clue played ruled out, marked with a fading
  cross (static with motion off).
Pure functions of the engine's JSON view and actions."""

from __future__ import annotations

from dataclasses import dataclass, field

from ember_isle import PlaceTriad
from ember_isle.board import Board
from ember_isle.content import LAVA_TILES
from ember_isle.hexes import bit, count, hexes_of
from ember_isle.view import ColumnView, View, board_from_view
from game_shell.i18n import N_, _, ngettext, number, pgettext
from game_shell.markup import escape

from . import pictures, words
from .board import (
    ART,
    COLUMN_FILL,
    COLUMN_INK,
    CUBE,
    CUBE_SPOTS,
    FILL,
    LAVA,
    Hex,
    centre,
    corners,
    key,
)

ALL = "all"
SHADES = ("pearl", "jade", "obsidian", "copper", ALL)
SHADE_NOTES = {  # each treasure's corner of a space (`pictures.CORNERS`), in the map's note
    "pearl": N_("{treasure}: {spaces} possible, shaded, with a dot in the upper left corner."),
    "jade": N_("{treasure}: {spaces} possible, shaded, with a dot in the upper right corner."),
    "obsidian": N_("{treasure}: {spaces} possible, shaded, with a dot in the lower left corner."),
    "copper": N_("{treasure}: {spaces} possible, shaded, with a dot in the lower right corner."),
}
DOT = CUBE  # a dot as wide as a cube (>= 10 CSS px on a phone's whole island)


def predicates(col: ColumnView) -> list[str]:
    """The clues of a column as the engine's predicates (a lava tile's own clue)."""
    return [LAVA_TILES[c["tile"]] if c["tile"] else c["card"] for c in col["clues"]]


def removed_mask(col: ColumnView) -> int:
    m = 0
    for h in col["removed"]:
        m |= bit((h[0], h[1]))
    return m


def candidates_on(board: Board, col: ColumnView) -> list[Hex]:
    """A column's candidates on `board` (spec 7.1, the engine's `Board.candidates`)."""
    return [key(h) for h in hexes_of(board.candidates(predicates(col), removed_mask(col)))]


def possible(view: View) -> dict[Hex, list[str]]:
    """Space -> the treasures (columns) that may still lie there, in the columns' order."""
    out: dict[Hex, list[str]] = {}
    for col in view["columns"]:
        for h in col["candidates"]:
            out.setdefault(key(h), []).append(col["name"])
    return out


def maybe_words(names: list[str]) -> str:
    """"may hold the Pearl or the Jade treasure" ("" for none)."""
    if not names:
        return ""
    said = words.treasure(names[0])
    for n in names[1:]:  # "the Pearl or the Jade": a list, joined as the language joins it
        said = _("{treasures} or the {treasure}").format(treasures=said, treasure=words.treasure(n))
    return _("may hold the {treasures} treasure").format(treasures=said)


# ------------------------------------------------------------------ shading
def _dot(h: Hex, name: str) -> str:
    x, y = centre(h)
    dx, dy = CUBE_SPOTS[name]
    r = DOT / 2
    return (f'<circle cx="{x + dx + r:.1f}" cy="{y + dy + r:.1f}" r="{r:.1f}" fill="{COLUMN_FILL[name]}" '
            f'stroke="{COLUMN_INK[name]}" stroke-width="0.7"/>')


def shade_svg(view: View, shade: str | None) -> str:
    """The shading layer (in the map's marks: the land layer stays cached). One column: its
    possible spaces tinted and dotted in its corner; ``"all"``: every treasure's dots (where
    its cubes do not already stand)."""
    if shade is None:
        return ""
    out: list[str] = []
    for col in view["columns"]:
        name = col["name"]
        if shade not in (ALL, name):
            continue
        cubes = {key(h) for h in col["cubes"]}
        for h in sorted(key(c) for c in col["candidates"]):
            if shade == name:
                out.append(f'<polygon points="{corners(h, 9.2)}" fill="{COLUMN_FILL[name]}" '
                           f'fill-opacity="0.45" stroke="{COLUMN_INK[name]}" stroke-width="0.9"/>')
            if h not in cubes:
                out.append(_dot(h, name))
    return f'<g class="ei-shade" data-shade="{shade}" aria-hidden="true">{"".join(out)}</g>'


def chips(view: View, shade: str | None) -> str:
    """The tray's row: each treasure's chip (its cube, its count) shows its spaces on the map;
    "All" shows every treasure's at once."""
    items = []
    for col in view["columns"]:
        name = col["name"]
        on = shade == name
        n = col["count"]
        if col["located"]:
            label = _("Show where the {treasure} treasure may be on the map (found: {place})").format(
                treasure=words.treasure(name), place=words.place(view, col["located"]))
        else:
            label = ngettext("Show where the {treasure} treasure may be on the map ({n} space possible)",
                             "Show where the {treasure} treasure may be on the map ({n} spaces possible)",
                             n).format(treasure=words.treasure(name), n=number(n))
        items.append(
            f'<button type="button" class="btn small ei-chip{" on" if on else ""}" data-act="ei-shade" '
            f'data-col="{name}" aria-pressed="{"true" if on else "false"}" aria-label="{escape(label)}">'
            f'{pictures.cube(name)}<span>{escape(words.treasure(name))}</span><b>{"★" if col["located"] else n}</b></button>'
        )
    on = shade == ALL
    items.append(
        f'<button type="button" class="btn small ei-chip{" on" if on else ""}" data-act="ei-shade" '
        f'data-col="{ALL}" aria-pressed="{"true" if on else "false"}" '
        'aria-label="' + escape(_("Show where every treasure may be on the map")) + '">'
        + escape(pgettext("treasures", "All")) + "</button>"
    )
    named, show = escape(_("Where the treasures may be")), escape(_("Show on the map:"))
    return (f'<div class="ei-chips" role="group" aria-label="{named}">'
            f'<span class="small" aria-hidden="true">{show}</span>{"".join(items)}</div>')


def shade_note(view: View, shade: str | None) -> str:
    """What the shading shows, in words (under the chips)."""
    if shade is None:
        return ""
    if shade == ALL:
        text = _("Every treasure's possible spaces: a dot in its corner of each space "
                 "(Pearl upper left, Jade upper right, Obsidian lower left, Copper lower right).")
    else:
        col = next(c for c in view["columns"] if c["name"] == shade)
        text = _(SHADE_NOTES[shade]).format(treasure=words.treasure(shade),
                                           spaces=words.spaces(col["count"]))
    return f'<p class="small ei-shade-note">{escape(text)}</p>'


def name_targets(view: View, targets: dict[Hex, str], shade: str | None) -> dict[Hex, str]:
    """The map's targets named with the treasures that may lie there while the map shows them."""
    if shade is None or not targets:
        return targets
    maybe = possible(view)
    out = {}
    for h, name in targets.items():
        names = [n for n in maybe.get(h, []) if shade in (ALL, n)]
        out[h] = _("{target}; {maybe}").format(target=name, maybe=maybe_words(names)) if names else name
    return out


# ------------------------------------------------------------------ lava
@dataclass
class LavaPreview:
    """Lava on `hex`: the object it buries, and each column whose count changes (name,
    before, after, located after)."""

    hex: Hex
    destroyed: str | None
    changes: list[tuple[str, int, int, bool]] = field(default_factory=list)
    lost: dict[str, list[Hex]] = field(default_factory=dict)  # column -> spaces it loses


def lava_preview(view: View, h: Hex) -> LavaPreview:
    """What lava on `h` would do, on a copy of the view's board (the game is never touched)."""
    board = board_from_view(view).copy()
    destroyed = board.place_lava(h)
    out = LavaPreview(h, destroyed)
    for col in view["columns"]:
        before = {key(x) for x in col["candidates"]}
        after = candidates_on(board, col)
        if len(after) != len(before):
            out.changes.append((col["name"], len(before), len(after), len(after) == 1))
        gone = sorted(before - set(after))
        if gone:
            out.lost[col["name"]] = gone
    return out


def lava_svg(p: LavaPreview) -> str:
    """The new lava (and the buried object crossed out) drawn over the map."""
    x, y = centre(p.hex)
    out = [f'<polygon points="{corners(p.hex, 9.4)}" fill="{LAVA}" fill-opacity="0.85" '
           'stroke="#ffffff" stroke-width="1.4" stroke-dasharray="2.5 1.5"/>',
           f'<path d="M{x - 5:.1f} {y - 2:.1f}l3 2l-1 3l4 1" stroke="#ffd24a" stroke-width="1" fill="none"/>']
    if p.destroyed:
        out.append(f'<use href="#e-{p.destroyed}" x="{x:.1f}" y="{y:.1f}" opacity="0.8"/>'
                   f'<path d="M{x - 6:.1f} {y - 6:.1f}L{x + 6:.1f} {y + 6:.1f}M{x + 6:.1f} {y - 6:.1f}'
                   f'L{x - 6:.1f} {y + 6:.1f}" stroke="#d8403a" stroke-width="2"/>')
    for name, hs in p.lost.items():
        out.extend(_cross(h, name) for h in hs if h != p.hex)
    return f'<g class="ei-lava-preview" aria-hidden="true">{"".join(out)}</g>'


def change_words(changes: list[tuple[str, int, int, bool]]) -> str:
    """"Jade: 3 → 1, located; Pearl: 70 → 69"."""
    return "; ".join((_("{treasure}: {before} → {after}, located") if loc else
                      _("{treasure}: {before} → {after}")).format(
        treasure=words.treasure(n), before=number(a), after=number(b)) for n, a, b, loc in changes)


def lava_words(p: LavaPreview) -> str:
    counts = change_words(p.changes) or _("no treasure's spaces change")
    counts = counts[:1].upper() + counts[1:]
    if p.destroyed:
        return _("Lava flows here and buries the {thing}. {counts}.").format(
            thing=words.thing(p.destroyed), counts=counts)
    return _("Lava flows here. {counts}.").format(counts=counts)


# ------------------------------------------------------------------ triads
@dataclass
class TriadPreview:
    """The land a piece of land adds: the new space (its ground letter), the lava, the match."""

    new: Hex
    letter: str
    lava: Hex
    match: Hex


def triad_preview(view: View, a: PlaceTriad) -> TriadPreview:
    """What `a` adds, on a copy of the view's board (the engine's `Board.place_triad`)."""
    board = board_from_view(view).copy()
    board.place_triad(a.triad, a.match, a.lava, a.new)
    return TriadPreview(key(a.new), board.terrain[a.new], key(a.lava), key(a.match))


def triad_svg(p: TriadPreview) -> str:
    x, y = centre(p.new)
    lx, ly = centre(p.lava)
    art = f'<use href="#e-{p.letter}" x="{x:.1f}" y="{y:.1f}"/>' if p.letter in ART else ""
    return (
        '<g class="ei-triad-preview" aria-hidden="true">'
        f'<polygon points="{corners(p.new, 9.6)}" fill="{FILL.get(p.letter, "#888")}" stroke="#ffffff" '
        f'stroke-width="1.4" stroke-dasharray="2.5 1.5"/>{art}'
        f'<polygon points="{corners(p.lava, 9.6)}" fill="{LAVA}" stroke="#ffffff" stroke-width="1.4" '
        f'stroke-dasharray="2.5 1.5"/><path d="M{lx - 5:.1f} {ly - 2:.1f}l3 2l-1 3l4 1" stroke="#ffd24a" '
        'stroke-width="1" fill="none"/>'
        f'<polygon points="{corners(p.match, 8.4)}" fill="none" stroke="#ffffff" stroke-width="1.4"/></g>'
    )


def triad_words(view: View, p: TriadPreview) -> str:
    return _("Adds {ground} where the sea was, {where} (your rover starts there), and lava on "
             "{place}.").format(ground=words.ground(p.letter), where=words.region(p.new),
                                place=words.place(view, p.lava))


# ------------------------------------------------------------------ a clue played
def ruled_out(view: View) -> tuple[str, list[Hex]] | None:
    """The last event, when it is a clue played: its column and the spaces that clue ruled out
    (the column's candidates without that clue, less those with it, on today's board)."""
    log = view["log"]
    if not log or log[-1].get("event") != "clue":
        return None
    name = str(log[-1].get("column", ""))
    col = next((c for c in view["columns"] if c["name"] == name), None)
    if col is None or not col["clues"]:
        return None
    board = board_from_view(view)
    before = board.candidates(predicates(col)[:-1], removed_mask(col))
    after = board.candidates(predicates(col), removed_mask(col))
    gone = [key(h) for h in hexes_of(before & ~after)]
    return (name, gone) if count(before & ~after) else None


def _cross(h: Hex, name: str) -> str:
    """A cross in the treasure's colour over its ink (seen on light and dark ground alike)."""
    x, y = centre(h)
    d = (f'M{x - 4:.1f} {y - 4:.1f}L{x + 4:.1f} {y + 4:.1f}M{x + 4:.1f} {y - 4:.1f}'
         f'L{x - 4:.1f} {y + 4:.1f}')
    return (f'<path d="{d}" stroke="{COLUMN_INK[name]}" stroke-width="3" stroke-linecap="round"/>'
            f'<path d="{d}" stroke="{COLUMN_FILL[name]}" stroke-width="1.6" stroke-linecap="round"/>')


def ruled_svg(found: tuple[str, list[Hex]] | None) -> str:
    """The spaces a clue ruled out, crossed in its treasure's colour: they fade out once (the
    animation; with motion off the crosses stay still until the next tap)."""
    if found is None:
        return ""
    name, hs = found
    crosses = "".join(_cross(h, name) for h in hs)
    return (f'<g class="ei-ruled" data-col="{name}" data-n="{len(hs)}" '
            f'aria-hidden="true">{crosses}</g>')


_SEEN: dict[str, object] = {"key": None, "fresh": False}


def fresh_clue(view: View) -> bool:
    """Is the last clue played new to this screen (its crosses fade once, then stay away)?"""
    k = (len(view["log"]), view["seat"], repr(view["log"][-1]) if view["log"] else "")
    _SEEN["fresh"] = _SEEN["key"] != k
    _SEEN["key"] = k
    return bool(_SEEN["fresh"])


def redraw() -> None:
    """The screen is drawn again at once (the map's size changed): crosses just shown show
    again in that drawing."""
    if _SEEN["fresh"]:
        _SEEN["key"] = None
