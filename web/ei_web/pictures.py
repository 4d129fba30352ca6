"""Small pictures for Ember Isle: a clue's icon (its target and relation), treasure cubes and
cards, and the rules screen with every symbol drawn as on the map."""

from __future__ import annotations

from functools import lru_cache

from game_shell import shortcuts
from game_shell.markup import escape

from . import words
from .board import ART, COLUMN_FILL, COLUMN_INK, DEFS, FILL, LAVA, VOLCANO, corners
from .keys import KEYS

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


def _symbol(inner: str, name: str, text: str) -> str:
    return (f'<li><svg class="ei-sym" viewBox="-12 -12 24 24" aria-hidden="true">{inner}</svg>'
            f"<span><b>{escape(name)}</b>: {escape(text)}</span></li>")


def rules_page() -> str:
    """The rules in short, each symbol drawn next to its words."""
    terrains = "".join(
        _symbol(
            f'<polygon points="{corners((0, 0), 10)}" fill="{FILL[letter]}"/>'
            + (f'<use href="#e-{letter}"/>' if letter in ART else ""),
            name.capitalize(), "ground of the island" if letter != "S" else "rovers never enter it",
        )
        for letter, name in words.TERRAIN.items()
    )
    things = "".join([
        _symbol(f'<polygon points="{corners((0, 0), 10)}" fill="{VOLCANO}"/>', "Volcano",
                "the seven middle spaces; nothing stands on them"),
        _symbol(f'<polygon points="{corners((0, 0), 10)}" fill="{LAVA}"/>', "Lava",
                "flows each time an amulet is picked up; a rover may cross it for a price"),
        _symbol('<use href="#e-hut"/>', "Hut", "an object that clues speak of"),
        _symbol('<use href="#e-tree"/>', "Palm tree", "an object that clues speak of"),
        _symbol('<use href="#e-statue"/><line x1="0" y1="0" x2="9" y2="0" stroke="#222"/>', "Statue",
                "after each raised treasure it makes an amulet far along the way it faces, then turns"),
        _symbol('<use href="#e-amulet"/>', "Amulet",
                "pick it up for an extra action, to ward off a Curse or to cross lava"),
    ] + [_symbol(f'<rect x="-5" y="-5" width="10" height="10" fill="{COLUMN_FILL[c]}" '
                 f'stroke="{COLUMN_INK[c]}"/>', f"{words.treasure(c)} cube",
                 f"stands in the {corner} corner of each space where that treasure may still lie "
                 "(16 or fewer)")
       for c, corner in CORNERS.items()])
    clue_examples = "".join(
        f"<li>{clue_icon(c)}<span>{escape(words.clue(c))}</span></li>"
        for c in ("in:jungle", "not_in:lake", "beside:sea", "not_beside:hut", "near:statue",
                  "not_near:tree", "in_largest:grassland", "V3")
    )
    return (
        f'<section class="screen ei-rules" data-screen="ei-rules">{defs_svg()}<h1>How to play Ember Isle</h1>'
        "<p>Four treasures — Pearl, Jade, Obsidian and Copper — lie somewhere on the island, but no "
        "place is fixed in advance. Each treasure has a column of clue cards that the players build "
        "together; a treasure lies where its clues leave exactly one possible space.</p>"
        "<h2>Your turn</h2><ol>"
        "<li>If your rover stands on an amulet, you may take it; lava then flows from the volcano.</li>"
        "<li>Do one thing: <b>play a clue</b> on a column (it must narrow the search, never to "
        "nothing), or <b>move</b> your rover up to three bounds (a bound glides anywhere in the "
        "ground area you stand in, or crosses to a neighbouring space of another ground), or "
        "<b>swap</b> your whole clue hand.</li>"
        "<li>Spend amulets for extra actions, and <b>raise</b> a found treasure when your rover "
        "stands on it.</li></ol>"
        "<h2>Sharing the loot</h2><p>Each clue you play puts your compass rose on that column. When a "
        "treasure is raised, each rose gets a secret look at one treasure card, then the cards are "
        "shuffled and revealed one by one, offered to the lowest rose first: take it or let it pass. "
        "A Curse makes everyone still waiting lose an amulet or their best card.</p>"
        "<h2>The end</h2><p>When the treasure deck runs out, the richest hunter wins (ties: more "
        "amulets, then more treasures raised).</p>"
        f'<h2>Symbols</h2><ul class="ei-symbols">{terrains}{things}</ul>'
        "<h2>Clue cards</h2><p>A clue names a ground or a thing: “in” means on it, “beside” on a "
        "neighbouring space (ring), “within 2 spaces” one or two spaces away (two rings); a red bar "
        "means “not”, a star “the largest area of”.</p>"
        f'<ul class="ei-symbols">{clue_examples}</ul>'
        + shortcuts.section(KEYS)
        + f'<p class="edition">{escape("Component content of this edition is original.")}</p>'
        '<div class="row"><button type="button" class="btn primary" data-act="ei-rules-back">Back</button></div>'
        "</section>"
    )
