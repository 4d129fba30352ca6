"""Small pictures for Ember Isle: a clue's icon (its target and relation), treasure cubes and
cards (the rules page draws with them too: `rules`)."""

from __future__ import annotations

from functools import lru_cache

from . import words
from .board import ART, COLUMN_FILL, COLUMN_INK, DEFS, FILL, LAVA, VOLCANO, corners

# each treasure's cubes stand in their own corner of a space (board.CUBE_SPOTS): not colour alone
CORNERS = {"pearl": "upper left", "jade": "upper right", "obsidian": "lower left",
           "copper": "lower right"}
_TERRAIN_LETTER = {"beach": "B", "jungle": "J", "grassland": "G", "mountain": "M", "lake": "L",
                   "river": "R", "sea": "S"}
# relation -> how many rings around the target the icon shades (0: the target itself)
_RINGS = {"in": "0", "not_in": "0", "beside": "1", "not_beside": "1", "near": "12",
          "not_near": "12", "in_largest": "0", "not_in_largest": "0"}


def _target_glyph(target: str) -> str:
    letter = _TERRAIN_LETTER.get(target)
    if letter is not None:
        art = f'<use href="#e-{letter}"/>' if letter in ART else ""
        return f'<polygon points="{corners((0, 0), 7)}" fill="{FILL[letter]}" stroke="#222" stroke-width="0.8"/>' + art
    if target in ("hut", "tree", "statue"):
        return f'<use href="#e-{target}"/>'
    fill = VOLCANO if target == "volcano" else LAVA
    return f'<polygon points="{corners((0, 0), 7)}" fill="{fill}" stroke="#222" stroke-width="0.8"/>'


@lru_cache(maxsize=256)
def clue_icon(card: str) -> str:
    """The clue's picture: its target in the middle, the rings it speaks of, a bar when 'not'.
    Its glyphs are the map's (`board.DEFS`, once per screen: in the map, or `defs_svg`)."""
    card = words.TILES.get(card, card)
    relation, _, target = card.partition(":")
    if not target:
        return ""
    rings = _RINGS.get(relation, "0")
    ring = ""
    if "1" in rings:
        ring += '<circle r="13" fill="none" stroke="#ffe27a" stroke-width="2.2"/>'
    if "2" in rings:
        ring += '<circle r="16.5" fill="none" stroke="#ffe27a" stroke-width="1.6" stroke-dasharray="2 2"/>'
    if relation.endswith("largest"):
        ring += '<text x="8" y="-8" font-size="9" font-weight="700" fill="#ffe27a">★</text>'
    bar = ('<path d="M-16 16L16-16" stroke="#d8403a" stroke-width="3"/>' if relation.startswith("not") else "")
    return (f'<svg class="ei-icon" viewBox="-18 -18 36 36" aria-hidden="true">'
            f'<g transform="scale(1.45)">{_target_glyph(target)}</g>{ring}{bar}</svg>')


def cube(column: str) -> str:
    return (f'<svg class="ei-cube" viewBox="0 0 10 10" aria-hidden="true"><rect x="1" y="1" '
            f'width="8" height="8" fill="{COLUMN_FILL[column]}" stroke="{COLUMN_INK[column]}"/></svg>')


def treasure_card(value: int) -> str:
    text = "☠" if value == 0 else str(value)
    fill = "#3b1a10" if value == 0 else "#f2d492"
    ink = "#ffd24a" if value == 0 else "#3a2f00"
    return (f'<svg class="ei-tcard" viewBox="0 0 40 56" aria-hidden="true"><rect x="1" y="1" width="38" '
            f'height="54" rx="4" fill="{fill}" stroke="#222" stroke-width="2"/><text x="20" y="36" '
            f'font-size="22" text-anchor="middle" fill="{ink}" font-weight="700">{text}</text></svg>')


def defs_svg() -> str:
    """The map's glyphs for a screen without a map (the icons `<use>` them)."""
    return f'<svg class="ei-defs" width="0" height="0" aria-hidden="true" focusable="false">{DEFS}</svg>'
