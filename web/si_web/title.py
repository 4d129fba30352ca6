"""The start screen's title picture: a small island of three tiles at sea, drawn with the
map's own art (its symbols, a house and a ship as game pieces, the land's relief colours).

One inline SVG of about 3 KB (the start screen is prerendered into the page: no image file,
no request), self-contained (its own two gradients, ids prefixed ``tp-``; the symbols are
copied in, not referenced, so it needs none of the map's definitions on the page). Player
colours are the art's classes, so both palettes apply. Named for screen readers
(``role="img"``, `ALT`). Pure.
"""

from __future__ import annotations

import re
from functools import cache

from game_shell import i18n
from game_shell.i18n import N_, _
from game_shell.markup import escape

from .art import GLYPHS, house_piece, ship_piece

ALT = N_("Small Islands: a little island of three tiles with a flower, a fruit and a temple, a blue house, and a red ship at sea")

# The island: three tiles (an L of 100-unit cells) whose land joins, with a bay on the right.
_LAND = (
    "M118 34Q150 18 196 26Q246 20 262 44Q282 72 258 96Q236 108 246 132Q252 160 214 170"
    "Q170 180 132 166Q96 154 100 116Q80 86 96 58Q102 42 118 34Z"
)
_WAVES = (
    "M22 40q8-5 16 0M300 30q8-5 16 0M36 150q8-5 16 0M300 150q8-5 16 0M330 96q8-5 16 0"
    "M12 96q8-5 16 0"
)
_DEFS = (
    '<defs><linearGradient id="tp-sea" x1="0" y1="0" x2="1" y2="1">'
    '<stop offset="0" stop-color="#44b0c4"/><stop offset="1" stop-color="#2f8fab"/></linearGradient>'
    '<radialGradient id="tp-land" cx="0.5" cy="0.46" r="0.72">'
    '<stop offset="0" stop-color="#bcdc82"/><stop offset="1" stop-color="#7fb457"/>'
    "</radialGradient></defs>"
)


def _placed(defn: str, x: float, y: float, scale: float = 1.0) -> str:
    """A definition of the art (``<g id=...>``) drawn once at (x, y): its id removed."""
    body = re.sub(r' id="[^"]*"', "", defn, count=1)
    zoom = f" scale({scale:g})" if scale != 1.0 else ""
    return f'<g transform="translate({x:g} {y:g}){zoom}">{body}</g>'


def picture() -> str:
    """The title picture, named in the player's language."""
    return _picture(i18n.language())


@cache
def _picture(lang: str) -> str:
    """The title picture (an inline SVG; its CSS class ``title-pic`` sizes it)."""
    body = (
        '<rect class="tp-sea" width="360" height="200" rx="18" fill="url(#tp-sea)"/>'
        f'<path d="{_WAVES}" fill="none" stroke="#bff0f5" stroke-width="2.4" '
        'stroke-opacity="0.6" stroke-linecap="round"/>'
        # the grid of the table, faint: the island is made of square tiles
        '<path d="M80 0V200M180 0V200M280 0V200M0 40H360M0 140H360" stroke="#e8fbff" '
        'stroke-opacity="0.18" stroke-width="1.5"/>'
        f'<path d="{_LAND}" fill="#7fd3de" stroke="#7fd3de" stroke-width="18" '
        'stroke-linejoin="round" stroke-opacity="0.55"/>'  # the shallows
        f'<path d="{_LAND}" fill="url(#tp-land)" stroke="#f2d492" stroke-width="5"/>'
        '<path d="M130 70l3-8l3 8m2 0l3-7l3 7M214 150l3-8l3 8M120 132a5 5 0 1 0 10 0a5 5 0 1 0-10 0"'
        ' fill="none" stroke="#4f8a3a" stroke-width="2" stroke-linecap="round"/>'
        + _placed(GLYPHS["flower"], 156, 60, 1.15)
        + _placed(GLYPHS["fruit"], 228, 62, 1.15)
        + _placed(GLYPHS["temple"], 150, 128, 1.15)
        + _placed(house_piece("blue"), 208, 116, 1.5)
        + _placed(ship_piece("red"), 308, 154, 0.75)
    )
    return (
        f'<svg class="title-pic" viewBox="0 0 360 200" role="img" aria-label="{escape(_(ALT))}">'
        f"{_DEFS}{body}</svg>"
    )
