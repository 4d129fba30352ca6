"""Small pictures of the game's pieces and cards, drawn with the map's own symbol art.

Every symbol is the map's glyph (`<use href="#g-flower">` from `board_svg.GLYPH_DEFS`, which
the map or `board_svg.glyph_defs_svg()` puts on the page); tiles are `board_svg.mini_tile_svg`.
A picture sits next to the words that say the same thing, so it is hidden from screen
readers (`aria-hidden`). Used by the rules screen, the coach's tips, the objective picker
and tracker (`card`) and Alexis's card in the solo stages (`alexis_card_of`). Pure.
"""

from __future__ import annotations

from typing import Any

from game_shell.i18n import N_, _
from game_shell.markup import escape
from game_shell.widgets import MARKS
from small_islands import MISSIONS, OBJECTIVES, REWARDS
from small_islands.solo import ExplorationCard

from .art import piece
from .board_svg import mini_tile_svg

STEP = 26  # board units between two glyphs in a row


def svg(width: float, height: float, body: str, cls: str = "pic") -> str:
    """A picture of `width` x `height` units (its CSS class sets the size on screen)."""
    return (
        f'<svg class="{cls}" viewBox="0 0 {width:g} {height:g}" aria-hidden="true" '
        f'focusable="false">{body}</svg>'
    )


def glyph(name: str, x: float, y: float, scale: float = 1.0) -> str:
    """One map symbol centred on (x, y)."""
    if scale == 1.0:
        return f'<use href="#g-{name}" x="{x:g}" y="{y:g}"/>'
    return (
        f'<use href="#g-{name}" transform="translate({x:g} {y:g}) scale({scale:g})"/>'
    )


def label(x: float, y: float, text: str, cls: str = "pic-t") -> str:
    """A short text in a picture ("+2", "4+")."""
    return f'<text class="{cls}" x="{x:g}" y="{y:g}">{escape(text)}</text>'


def glyph_row(names: list[str], after: str = "") -> str:
    """Symbols side by side, then an optional short text."""
    body = "".join(glyph(n, 14 + STEP * i, 16) for i, n in enumerate(names))
    width = STEP * len(names) + 4
    if after:
        body += label(width + 2, 21, after)
        width += 10 * len(after) + 6
    return svg(width, 32, body)


def house(colour: str, x: float = 14, y: float = 16) -> str:
    """A player's house (colour and its mark), as on the map."""
    c = colour if colour in MARKS else "grey"
    return f'<use href="#g-home-{c}" x="{x:g}" y="{y:g}"/>'


def island(cells: list[tuple[int, int]], size: int = 14, extra: str = "") -> str:
    """A little island of square tiles (a land-coloured block per cell)."""
    xs = [c[0] for c in cells] or [0]
    ys = [c[1] for c in cells] or [0]
    w, h = (max(xs) + 1) * size + 4, (max(ys) + 1) * size + 4
    body = "".join(
        f'<rect class="pic-land" x="{x * size + 2}" y="{y * size + 2}" width="{size}" height="{size}"/>'
        for x, y in cells
    )
    return svg(w + (40 if extra else 0), max(h, 32), body + (label(w + 4, h / 2 + 6, extra) if extra else ""))


def ship(colour: str = "grey") -> str:
    """A ship tile."""
    return svg(
        40,
        40,
        f'<rect class="pic-sea" width="40" height="40" rx="4"/>'
        f'<use href="#g-ship-{piece(colour)}" transform="translate(20 20) scale(0.5)"/>',
    )


def token(side: str, resource: str = "fruit") -> str:
    """A bonus token: resource side (showing `resource`) or port side."""
    inner = glyph("port" if side == "port" else resource, 16, 16, 0.82)
    return svg(
        32, 32, f'<circle cx="16" cy="16" r="13" fill="#fffdf4" stroke="#c98b1a" stroke-width="3.5"/>{inner}'
    )


def discovery(value: str = "?") -> str:
    """A Discovery token (face down: '?')."""
    return svg(
        32,
        32,
        '<circle cx="16" cy="16" r="13" class="pic-disc"/>' + label(16, 21, value, "pic-t mid light"),
    )


MISSION_PICS: dict[str, tuple[list[str], str]] = {
    "M1": (["flower", "flower"], ""),
    "M2": (["fruit", "fruit"], ""),
    "M3": (["leaf", "leaf"], ""),
    "M4": (["flower", "fruit", "leaf"], ""),
    "M5": (["temple", "temple"], ""),
    "M6": (["port", "port"], ""),
    "M12": (["temple", "port"], ""),
}


def mission(mid: str) -> str:
    """A Mission as a picture: what the island must have."""
    if mid in MISSION_PICS:
        names, after = MISSION_PICS[mid]
        return glyph_row(names, after)
    if mid == "M7":
        return island([(0, 0), (1, 0), (0, 1), (1, 1)], extra="4+")
    if mid == "M8":
        return island([(0, 0), (1, 0), (1, 1)], extra="≤3")
    if mid == "M9":
        sea = '<rect class="pic-sea" width="40" height="32" rx="4"/>'
        land = '<rect class="pic-land" x="8" y="6" width="24" height="20" rx="6"/>'
        return svg(40, 32, sea + land + '<path class="pic-ok" d="M 13 16l 5 5l 9-10"/>')
    if mid == "M10":
        body = (
            '<rect class="pic-land" x="2" y="4" width="24" height="24"/>'
            '<rect class="pic-sea" x="26" y="4" width="24" height="24"/>'
            '<use href="#g-ship-grey" transform="translate(38 16) scale(0.3)"/>'
        )
        return svg(52, 32, body)
    if mid == "M11":
        return svg(32, 32, house("grey", 16, 16) + '<path class="pic-no" d="M 4 28L 28 4"/>')
    return ""


REWARD_PICS: dict[str, tuple[list[str], str]] = {
    "R1": (["flower"], "×1 +2"),
    "R2": (["fruit"], "×1 +2"),
    "R3": (["leaf"], "×1 +2"),
    "R4": (["temple"], "×2 +2"),
    "R5": (["port"], "×1 +2"),
    "R6": (["flower", "fruit", "leaf"], N_("fewest ×2 +2")),
    "R7": (["flower", "fruit", "leaf"], N_("one ×1 +2")),
    "R11": (["flower", "fruit", "leaf", "port", "port"], N_("one ×1, +1")),
    "R12": (["house"], "×1"),
}


def reward(rid: str) -> str:
    """A Reward as a picture: what a house there earns."""
    if rid in REWARD_PICS:
        names, after = REWARD_PICS[rid]
        return glyph_row(names, _(after) if any(c.isalpha() for c in after) else after)
    if rid == "R8":
        return svg(60, 32, label(4, 23, _("6 PP"), "pic-t big"))
    if rid == "R9":
        return island([(0, 0), (1, 0), (2, 0)], 10, "4·6·8·10")
    if rid == "R10":
        return svg(
            70,
            32,
            glyph("temple", 14, 16) + label(30, 21, "→") + '<circle cx="56" cy="16" r="12" class="pic-disc"/>'
            + label(56, 21, "?", "pic-t mid light"),
        )
    return ""


def objective(oid: str) -> str:
    """An Objective card: its mission's picture over its reward's."""
    o = OBJECTIVES[oid]
    return parts(o.mission, o.reward)


def parts(mid: str, rid: str, cls: str = "pic-card") -> str:
    """A card of a mission's picture over a reward's (either may be missing: a lone Mission or
    Reward card of the advanced mode)."""
    rows = "".join(f"<span>{p}</span>" for p in (mission(mid), reward(rid)) if p)
    return f'<span class="{cls}" aria-hidden="true">{rows}</span>'


def card(cid: str, cls: str = "pic-card") -> str:
    """Any card a player chooses or keeps, by its id: an Objective card ("O3"), a Mission card
    ("M3") or a Reward card ("R3"); the objective a seat kept ("O3" or "M3+R5") too."""
    if cid in OBJECTIVES:
        return parts(OBJECTIVES[cid].mission, OBJECTIVES[cid].reward, cls)
    mid, _, rid = cid.partition("+")
    if rid:
        return parts(mid, rid, cls)
    return parts(cid if cid in MISSIONS else "", cid if cid in REWARDS else "", cls)


# path data keeps a space after each command ("M 4 28", not "M4 28"): no picture's markup reads
# like a card's id to the tests that scan screens for engine words
ARROWS = {"N": "M 0 6V -6M -4-2L 0-6L 4-2", "E": "M -6 0H 6M 2-4L 6 0L 2 4", "S": "M 0-6V 6M -4 2L 0 6L 4 2", "W": "M 6 0H -6M -2-4L -6 0L -2 4"}


def alexis_card(card: ExplorationCard) -> str:
    """One of Alexis's Exploration cards: which face-up tile, the directions in order, his
    mission, and a ship on the cards that land."""
    slots = "".join(
        f'<rect class="{"pic-slot on" if i == card.slot else "pic-slot"}" x="{4 + i * 15}" y="6" width="12" height="12" rx="2"/>'
        for i in range(3)
    )
    arrows = "".join(
        f'<g transform="translate({62 + 22 * n} 12)"><path class="pic-arrow" d="{ARROWS[d]}"/></g>'
        + label(70 + 22 * n, 24, str(n + 1), "pic-t tiny")
        for n, d in enumerate(card.directions)
    )
    ship_pic = (
        '<use href="#g-ship-grey" transform="translate(140 13) scale(0.28)"/>'
        if card.kind == "land"
        else ""
    )
    top = svg(156, 30, slots + arrows + ship_pic)
    return f'<span class="pic-card" aria-hidden="true"><span>{top}</span><span>{mission(card.mission)}</span></span>'


def alexis_card_of(card: dict[str, Any]) -> str:
    """Alexis's card as a picture from the seat view's `solo.card` (its id, kind, slot,
    directions, mission); nothing for a card the view does not describe."""
    d = [str(x) for x in card.get("directions") or []]
    slot = card.get("slot")
    if len(d) != 3 or any(x not in ARROWS for x in d) or not isinstance(slot, int):
        return ""
    kind, mid = str(card.get("kind", "")), str(card.get("mission", ""))
    return alexis_card(ExplorationCard(str(card.get("id", "")), kind, slot % 3, (d[0], d[1], d[2]), mid))


def colour_houses() -> str:
    """The four player colours' houses, each with its mark."""
    return svg(
        4 * STEP + 4, 32, "".join(house(c, 14 + STEP * i, 16) for i, c in enumerate(("blue", "red", "yellow", "purple")))
    )


def tile(points: str, symbols: tuple[str, ...], rotation: int = 0) -> str:
    """A tile as the map draws it."""
    return f'<span class="pic-tile" aria-hidden="true">{mini_tile_svg(points, symbols, rotation)}</span>'
