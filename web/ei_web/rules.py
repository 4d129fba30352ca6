"""Ember Isle's rules page: a table of contents and one section per part of the game, each
with its pictures drawn in the map's own art (`board.ART`/`DEFS`, `pictures.clue_icon`):
the island's symbols, setting up, a turn, clue cards and what "leaves N spaces" means,
"beside" and "within 2" drawn on small hex maps (a hut's own space is not beside it), the
lava clue tiles, moving, lava and what crossing it costs, the amulet powers, raising a
treasure, the share-out, Curses, and the end. Opened from the menu, the game's bar, or a
coach tip's "More in the rules" at its section (`SECTIONS`; the section's heading takes the
focus, which brings it into view). Pure string builders.
"""

from __future__ import annotations

from ember_isle.balance import FOUR_SEAT_DEFAULT
from game_shell import shortcuts
from game_shell.i18n import N_, _, ngettext, number, pgettext
from game_shell.markup import escape
from game_shell.widgets import button

from . import words
from .board import ART, COLUMN_FILL, COLUMN_INK, FILL, LAVA, VOLCANO, centre, corners, star
from .keys import KEYS
from .pictures import CORNERS, clue_icon, cube, defs_svg, treasure_card

Hex = tuple[int, int]
#: The four-player compensation of new games (`ember_isle.balance`), in the setup section
FOUR_SEATS = {
    "none": N_("With four players, the setup is the same for everyone: over many games measured, "
               "each player wins about as often, whatever their place in the turn order."),
    "amulet-last": N_("With four players, the last player starts with an amulet."),
    "amulets-late": N_("With four players, the third and the last players start with an amulet."),
    "card-last": N_("With four players, the last player takes 5."),
    "first-short": N_("With four players, the first player takes only 3."),
}
# (key, title) in the page's order: the contents, the tips' links (`coach.RULES`)
SECTIONS: tuple[tuple[str, str], ...] = (
    ("goal", N_("The hunt")),
    ("symbols", N_("The island")),
    ("setup", N_("Setting up")),
    ("turn", N_("Your turn")),
    ("clues", N_("Clue cards")),
    ("geometry", N_("“Beside” and “within 2”")),
    ("lava-tiles", N_("Lava clue tiles")),
    ("move", N_("Moving")),
    ("lava", N_("Lava and crossing it")),
    ("amulets", N_("Amulets and their powers")),
    ("raise", N_("Finding and raising a treasure")),
    ("share", N_("Sharing the loot")),
    ("curse", N_("Curses")),
    ("end", N_("The end and scoring")),
)
KEYS_OF = frozenset(k for k, _ in SECTIONS)
RING1: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
RING2: tuple[Hex, ...] = ((2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2), (-2, 1), (-2, 0), (-1, -1),
                          (0, -2), (1, -2), (2, -2), (2, -1))
RING3: tuple[Hex, ...] = ((3, 0), (2, 1), (1, 2), (0, 3), (-1, 3), (-2, 3), (-3, 3), (-3, 2),
                          (-3, 1), (-3, 0), (-2, -1), (-1, -2), (0, -3), (1, -3), (2, -3), (3, -3),
                          (3, -2), (3, -1))
OK, NO = "✓", "✗"
#: Where each treasure's cube stands in a space (`pictures.CORNERS`), in words
CORNER_WORDS = {"upper left": N_("upper left"), "upper right": N_("upper right"),
                "lower left": N_("lower left"), "lower right": N_("lower right")}


# --------------------------------------------------------------------------- drawing


def hexmap(cells: list[tuple[Hex, str]], marks: dict[Hex, str] | None = None,
           extra: str = "", label: str = "", cls: str = "ei-rpic") -> str:
    """A small hex map: each cell (hex, what it shows: a ground letter, "lava", "volcano",
    or a ground letter with an object, "G+hut"), a mark drawn on some (✓, ✗, a number) and
    `extra` SVG on top. `label`: its words for screen readers ("" : hidden, the text says it)."""
    body, xs, ys = [], [], []
    for h, what in cells:
        x, y = centre(h)
        xs.append(x)
        ys.append(y)
        ground, _, thing = what.partition("+")
        fill = LAVA if ground == "lava" else VOLCANO if ground == "volcano" else FILL.get(ground, "#ccc")
        body.append(f'<polygon points="{corners(h, 9.6)}" fill="{fill}" stroke="#222" stroke-width="0.6"/>')
        if ground in ART and not thing:
            body.append(f'<use href="#e-{ground}" transform="translate({x:.1f} {y:.1f}) scale(0.8)"/>')
        if thing:
            body.append(f'<use href="#e-{thing}" transform="translate({x:.1f} {y:.1f})"/>')
    things = {h for h, what in cells if "+" in what}
    for h, mark in (marks or {}).items():
        x, y = centre(h)
        if h in things:  # beside the object, not over it
            x, y = x + 4.6, y + 3.6
        good = mark == OK
        ink = "#0b5d1e" if good else "#8a1212" if mark == NO else "#1d2a30"
        body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.6" fill="#fffbea" stroke="{ink}" '
                    f'stroke-width="0.8"/><text x="{x:.1f}" y="{y + 2.4:.1f}" font-size="6.6" '
                    f'text-anchor="middle" font-weight="700" fill="{ink}">{escape(mark)}</text>')
    pad = 11
    box = (f"{min(xs) - pad:.1f} {min(ys) - pad:.1f} {max(xs) - min(xs) + 2 * pad:.1f} "
           f"{max(ys) - min(ys) + 2 * pad:.1f}")
    name = f'role="img" aria-label="{escape(label)}"' if label else 'aria-hidden="true"'
    return f'<svg class="{cls}" viewBox="{box}" {name}>{"".join(body)}{extra}</svg>'


def rover(h: Hex, colour: str = "red") -> str:
    """A rover as on the map (its colour's class: it follows the palette)."""
    x, y = centre(h)
    return (f'<g transform="translate({x:.1f} {y:.1f})"><rect x="-5.5" y="-3.5" width="11" height="7" '
            f'rx="2" class="f-{colour}" stroke="#111" stroke-width="1"/><circle cx="-3.3" cy="3.8" '
            'r="1.6" fill="#111"/><circle cx="3.3" cy="3.8" r="1.6" fill="#111"/></g>')


def arrow(a: Hex, b: Hex, dashed: bool = False) -> str:
    (x1, y1), (x2, y2) = centre(a), centre(b)
    dash = ' stroke-dasharray="2 1.5"' if dashed else ""
    return (f'<path d="M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}" stroke="#fffbea" stroke-width="1.6" '
            f'fill="none" marker-end="url(#ei-r-arrow)"{dash}/>')


ARROW_DEF = ('<svg class="ei-defs" width="0" height="0" aria-hidden="true" focusable="false">'
             '<defs><marker id="ei-r-arrow" viewBox="0 0 6 6" refX="5" refY="3" markerWidth="4" '
             'markerHeight="4" orient="auto"><path d="M0 0L6 3L0 6Z" fill="#fffbea"/></marker></defs></svg>')


def glyph(inner: str, box: str = "-12 -12 24 24") -> str:
    return f'<svg class="ei-sym" viewBox="{box}" aria-hidden="true">{inner}</svg>'


def amulet() -> str:
    return glyph('<use href="#e-amulet" transform="scale(2.6)"/>')


def rose() -> str:
    """A compass rose (a player's share of a column)."""
    return glyph(f'<polygon points="{star(0, 0, 10)}" fill="#ffe27a" stroke="#7a5a12" stroke-width="1"/>'
                 '<circle r="2" fill="#7a5a12"/>')


def item(picture: str, text: str) -> str:
    """One line: a picture, then its words (the words carry the meaning)."""
    return f'<li><span class="ei-rcell">{picture}</span><span>{text}</span></li>'


def items(*lines: str) -> str:
    return f'<ul class="ei-symbols">{"".join(lines)}</ul>'


def figure(picture: str, caption: str) -> str:
    return f'<figure class="ei-fig">{picture}<figcaption>{caption}</figcaption></figure>'


# --------------------------------------------------------------------------- sections


def goal() -> str:
    cards = "".join(cube(c) for c in CORNERS)
    return (
        "<p>" + _("Four treasures — Pearl, Jade, Obsidian and Copper — lie somewhere on the island, but no "
                  "place is fixed in advance. Each treasure has a <b>column</b> of clue cards that the players "
                  "build together; a treasure lies where its clues leave exactly one possible space. The first "
                  "rover to reach it raises it, and the players who gave clues share its treasure cards.") + "</p>"
        + items(item(f'<span class="ei-cubes">{cards}</span>',
                     _("The four treasures’ colours. Each also has its own corner of a space.")))
    )


def symbols() -> str:
    terrains = "".join(
        item(glyph(f'<polygon points="{corners((0, 0), 10)}" fill="{FILL[letter]}"/>'
                   + (f'<use href="#e-{letter}"/>' if letter in ART else "")),
             (_("<b>{ground}</b>: ground of the island") if letter != "S"
              else _("<b>{ground}</b>: rovers never enter it")).format(
                 ground=escape(words.ground(letter).capitalize())))
        for letter in words.TERRAIN
    )
    things = "".join([
        item(glyph(f'<polygon points="{corners((0, 0), 10)}" fill="{VOLCANO}"/>'),
             _("<b>Volcano</b>: the seven middle spaces; nothing stands on them")),
        item(glyph(f'<polygon points="{corners((0, 0), 10)}" fill="{LAVA}"/>'),
             _("<b>Lava</b>: flows each time an amulet is picked up; a rover may cross it for a price")),
        item(glyph('<use href="#e-hut" transform="scale(1.6)"/>'), _("<b>Hut</b>: an object that clues speak of")),
        item(glyph('<use href="#e-tree" transform="scale(1.6)"/>'),
             _("<b>Palm tree</b>: an object that clues speak of")),
        item(glyph('<use href="#e-statue" transform="scale(1.6)"/><line x1="0" y1="0" x2="11" y2="0" '
                   'stroke="#222" stroke-width="1.4"/>'),
             _("<b>Statue</b>: after each raised treasure it puts an amulet far along the way it faces "
               "(the line), then turns one side clockwise")),
        item(amulet(), _("<b>Amulet</b>: pick it up for a power, to ward off a Curse or to cross lava")),
    ] + [item(glyph(f'<rect x="-5" y="-5" width="10" height="10" fill="{COLUMN_FILL[c]}" '
                    f'stroke="{COLUMN_INK[c]}"/>'),
              _("<b>{treasure} cube</b>: stands in the {corner} corner of each space "
                "where that treasure may still lie (when 16 or fewer are left)").format(
                  treasure=escape(words.treasure(c)), corner=escape(_(CORNER_WORDS[corner]))))
         for c, corner in CORNERS.items()])
    return items(terrains + things)


def setup() -> str:
    triad = hexmap([((0, 0), "B"), ((1, 0), "lava"), ((0, 1), "J")],
                   label=_("A piece of land: a beach space, a lava space and a jungle space"))
    spread = hexmap([((0, 0), "G+hut"), ((1, 0), "G"), ((2, 0), "G"), ((3, 0), "G"), ((4, 0), "G+hut")],
                    marks={(4, 0): "4"},
                    label=_("Two huts four spaces apart: the closest two objects of one kind may be"))
    four = FOUR_SEATS[FOUR_SEAT_DEFAULT]
    return (
        "<ol><li>" + _("<b>Add land.</b> Last player first, each player chooses a piece of three spaces "
                       "(two grounds and a lava space) and lays it: one space on the same ground, its lava on the "
                       "island, and the third space over the sea, which becomes land. Your rover starts on that "
                       "new land.") + "</li>"
        "<li>" + _("<b>Objects.</b> Huts, palm trees and statues go on beach, jungle, grassland or "
                   "mountain; two of one kind stand at least 4 spaces apart, and a statue never beside the "
                   "sea. A statue faces one way: where its amulets will land.") + "</li>"
        "<li>" + _("<b>First clues.</b> Each player draws a clue card and starts one empty column with "
                   "it. It must leave at least 2 spaces and fewer than all.") + "</li>"
        "<li>" + _("Each player takes 4 clue cards (6 with two players).")
        + (" " + _(four) if four else "") + "</li></ol>"
        + '<div class="ei-figs">'
        + figure(triad, _("A piece of land: two grounds and its lava."))
        + figure(spread, _("Two huts: 4 spaces apart at least."))
        + "</div>"
    )


def turn() -> str:
    return (
        "<ol><li>" + _("If your rover stands on an amulet, you may take it; lava then flows from the volcano.")
        + "</li><li>" + _("Do <b>one main action</b>: <b>play a clue</b> on a column, or <b>move</b> your rover "
                          "up to three bounds, or <b>swap</b>: throw away your whole hand of clues and draw as "
                          "many new ones.")
        + "</li><li>" + _("Spend amulets on powers, before or after the main action.")
        + "</li><li>" + _("<b>Raise</b> a found treasure when your rover stands on it: that ends your turn.")
        + "</li></ol>"
        + items(item(clue_icon("beside:sea"), _("Play a clue")),
                item(hexmap([((0, 0), "J"), ((1, 0), "J")], extra=arrow((0, 0), (1, 0)) + rover((0, 0)),
                            cls="ei-sym wide"), pgettext("rover", "Move")),
                item(glyph('<path d="M-8-3H6l-3-3M8 3H-6l3 3" stroke="#fffbea" stroke-width="2" fill="none"/>'),
                     _("Swap your hand")))
    )


def clues() -> str:
    examples = "".join(
        item(clue_icon(c), escape(words.clue(c)))
        for c in ("in:jungle", "not_in:lake", "beside:sea", "not_beside:hut", "near:statue",
                  "not_near:tree", "in_largest:grassland", "not_in_largest:beach")
    )
    return (
        "<p>" + _("A clue names a ground or a thing: “in” means on it, “beside” on a neighbouring space "
                  "(one ring), “within 2 spaces” one or two spaces away (two rings); a red bar means “not”, "
                  "a star “the largest area of”.") + "</p>" + items(examples)
        + "<p>" + _("A treasure lies only on spaces where <b>every</b> clue of its column holds. When you "
                    "choose a card, each column says what it would leave: “<b>leaves 5 spaces</b>” means the "
                    "treasure could then lie on only 5 spaces of the island. A clue must leave fewer spaces "
                    "than before, but never none. Each clue you play puts your compass rose on its column: "
                    "your share of that treasure.") + "</p>"
        + items(item(rose(), _("Your compass rose on a column: a share of its treasure")))
    )


def geometry() -> str:
    cells = [((0, 0), "G+hut")] + [(h, "G") for h in RING1 + RING2]
    beside = hexmap(cells, {(0, 0): NO, **{h: OK for h in RING1}},
                    label=_("Beside a hut: the six spaces around it. The hut's own space is not beside it"))
    near = hexmap(cells + [(h, "G") for h in RING3], {(0, 0): NO, **{h: OK for h in RING1 + RING2}},
                  label=_("Within 2 spaces of a hut: the two rings around it, not its own space"))
    ground = [((0, 0), "L"), ((1, 0), "L"), ((-1, 1), "J"), ((0, 1), "J"), ((1, 1), "B"), ((2, 0), "B"),
              ((-1, 0), "G"), ((0, -1), "G"), ((1, -1), "B"), ((2, -1), "G")]
    lake = hexmap(ground, {(0, 0): NO, (1, 0): NO, (-1, 1): OK, (0, 1): OK, (1, 1): OK, (2, 0): OK,
                           (-1, 0): OK, (0, -1): OK, (1, -1): OK, (2, -1): OK},
                  label=_("Beside the lake: every space next to a lake space, never the lake itself"))
    return (
        "<p>" + _("<b>Beside</b> means on one of the six spaces touching it. <b>Within 2</b> means one or two "
                  "spaces away (the two rings around it), counted straight across, whatever lies between. "
                  "Neither counts the thing’s own space: <b>a hut’s own space is not beside it</b> (nor within "
                  "2 of it), so it fits “not beside a hut”. The same holds for a ground: “beside the lake” is "
                  "never in the lake.") + "</p>"
        '<div class="ei-figs">'
        + figure(beside, _("Beside a hut: {ok} the six spaces around it; {no} not the hut’s own space.").format(
            ok=OK, no=NO))
        + figure(near, _("Within 2 of a hut: {ok} two rings; {no} its own space, and the third ring.").format(
            ok=OK, no=NO))
        + figure(lake, _("Beside the lake: {ok} spaces touching it; {no} the lake itself.").format(ok=OK, no=NO))
        + "</div>"
    )


def lava_tiles() -> str:
    tiles = "".join(item(clue_icon(t), f"<b>{escape(words.clue(t))}</b>") for t in ("V1", "V2", "V3", "V4"))
    return (
        "<p>" + _("Four lava clue tiles lie beside the columns. Instead of a clue card, you may throw away "
                  "a card that cannot go on a column and put a lava tile there (with your rose). The tile "
                  "must narrow that column like any clue, and counts as a clue in every way. “Beside lava” "
                  "and “not beside lava” change as lava spreads. When the treasure is raised the tile comes "
                  "back for another use.") + "</p>" + items(tiles)
    )


def move() -> str:
    glide = [((0, 0), "J"), ((1, 0), "J"), ((2, 0), "J"), ((2, 1), "J"), ((3, 0), "B")]
    pic = hexmap(glide, {(3, 0): "2"},
                 extra=arrow((0, 0), (2, 1)) + arrow((2, 1), (3, 0)) + rover((0, 0)),
                 label=_("Two bounds: a glide across the jungle, then a cross onto the next beach space"))
    return (
        "<p>" + _("A move is up to <b>three bounds</b>. A bound either <b>glides</b> anywhere in the ground "
                  "area your rover stands in (one ground, joined together), or <b>crosses</b> to a "
                  "neighbouring space of another ground. Rovers never enter the sea or the volcano. You may "
                  "stop after any bound, or not move at all (pass).") + "</p>"
        + figure(pic, _("Glide across the jungle (1), then cross onto the beach (2)."))
    )


def lava() -> str:
    cells = [((0, 0), "G"), ((1, 0), "lava"), ((2, 0), "lava"), ((3, 0), "B")]
    cross = hexmap(cells, {(1, 0): "−1"},
                   extra=arrow((0, 0), (1, 0)) + arrow((1, 0), (2, 0), True)
                   + arrow((2, 0), (3, 0)) + rover((0, 0)),
                   label=_("Crossing lava: stepping onto it costs one amulet; the rover must leave it in the "
                           "same move"))
    flow = hexmap([((0, 0), "volcano"), ((1, 0), "lava"), ((2, 0), "G"), ((1, 1), "G"), ((0, 1), "J")],
                  {(2, 0): OK, (1, 1): OK, (0, 1): OK},
                  label=_("Where lava may flow: beside the volcano or beside other lava"))
    return (
        "<p>" + _("<b>Lava flows</b> each time someone takes an amulet: that player puts one lava space on "
                  "the island, beside the volcano or beside other lava, never on a statue, a rover or an "
                  "amulet, and never where it would leave a treasure no space at all. A hut or palm tree "
                  "there is burnt and gone; clues then count again.") + "</p>"
        "<p>" + _("<b>Crossing lava costs.</b> Each time a bound takes your rover from land onto lava you "
                  "pay <b>one amulet</b>; if you have none, your <b>best treasure card</b>; with neither you "
                  "cannot cross. Gliding along the same lava is free, but your rover may never stop on lava: "
                  "it needs a bound left to get off.") + "</p>"
        '<div class="ei-figs">'
        + figure(cross, _("Onto the lava: pay 1 amulet (or your best card); glide free; get off."))
        + figure(flow, _("{ok} where the next lava may flow.").format(ok=OK))
        + "</div>"
    )


def amulets() -> str:
    am = amulet()
    powers = [
        (clue_icon("in:beach"), _("<b>Extra clue</b>: one more clue (or lava tile) this turn")),
        (hexmap([((0, 0), "M"), ((1, 0), "M")], extra=arrow((0, 0), (1, 0)) + rover((0, 0)),
                cls="ei-sym wide"),
         _("<b>Extra move</b>: one more move of up to three bounds (no amulet can be taken during it)")),
        (glyph('<path d="M-8-3H6l-3-3M8 3H-6l3 3" stroke="#fffbea" stroke-width="2" fill="none"/>'),
         _("<b>Extra swap</b>: swap your hand once more")),
        (glyph(f'<rect x="-6" y="-6" width="12" height="12" fill="{COLUMN_FILL["jade"]}" stroke="#04361d"/>'
               '<path d="M-9 9L9-9" stroke="#d8403a" stroke-width="2.6"/>'),
         _("<b>Remove a cube</b>: take one cube off the map, of a treasure with 2 or more cubes: it "
           "cannot lie there. One cube left: that treasure is found")),
    ]
    return (
        "<p>" + _("Take an amulet when your rover reaches it (lava then flows). Each power costs one "
                  "amulet, back to the supply, and only when it can be used now:") + "</p>"
        + items(*(item(f'<span class="ei-pair">{am}<span aria-hidden="true">→</span>{pic}</span>', text)
                  for pic, text in powers))
        + "<p>" + _("Amulets are also spent to cross lava and to ward off a Curse. They count at the end "
                    "to break a tie.") + "</p>"
    )


def raise_part() -> str:
    cells = [((0, 0), "B"), ((1, 0), "B"), ((0, 1), "J"), ((-1, 1), "J"), ((1, -1), "G")]
    located = (f'<g transform="translate({centre((1, 0))[0]:.1f} {centre((1, 0))[1]:.1f})">'
               f'<polygon points="{star(0, 0, 7)}" fill="#ffe27a" stroke="#7a5a12" stroke-width="0.8"/></g>')
    pic = hexmap(cells, extra=arrow((0, 0), (1, 0)) + located + rover((0, 0)),
                 label=_("A found treasure, starred: the rover drives onto it and raises it"))
    return (
        "<p>" + _("When a column’s clues leave exactly one space, its treasure is <b>found</b>: its last "
                  "cube marks it, with a star. The first rover to stand on it may <b>raise</b> it (after a "
                  "bound, or before or after the main action); that ends the turn. The raiser adds a rose "
                  "to the column. After each raise every statue puts out an amulet and turns.") + "</p>"
        + figure(pic, _("Drive onto the star, then raise the treasure."))
    )


def share() -> str:
    cards = treasure_card(4) + treasure_card(2) + treasure_card(5)
    return (
        "<ol><li>" + _("Each rose in the column gets one treasure card, dealt from the lowest rose up: its "
                       "owner looks at it in secret.") + "</li>"
        "<li>" + _("Those cards and one more from the deck are shuffled and turned up one by one.") + "</li>"
        "<li>" + _("Each card is offered to the players in the order of their <b>lowest rose</b> left: "
                   "<b>claim</b> it and take back that rose, or <b>pass</b> and it goes on to the next rose. "
                   "Nobody claims it: it is thrown away.") + "</li>"
        "<li>" + _("It stops when the roses or the cards run out. Then the player who claimed the last "
                   "card starts that column again with a new clue.") + "</li></ol>"
        + items(item(f'<span class="ei-pair">{cards}</span>', _("Treasure cards are worth 2 to 6 points")),
                item(rose(), _("One claim per rose: use the card you saw to judge what is left")))
    )


def curse() -> str:
    return items(item(treasure_card(0),
                      _("<b>A Curse</b> may be turned up in the share-out. Every player still holding a "
                        "rose in that column must spend an amulet or give up their best treasure card "
                        "(with both, they choose; with neither, they lose nothing). The share-out then "
                        "ends and all roses go back. The first 12 cards of the deck hold no Curse.")))


def end() -> str:
    values = (3, 5, 2)
    cards = "".join(treasure_card(v) for v in values)
    total = sum(values)
    sum_words = ngettext("{cards} = {n} point", "{cards} = {n} points", total).format(
        cards=" + ".join(number(v) for v in values), n=number(total))
    return (
        "<p>" + _("When the treasure deck runs out, that share-out is finished and the game ends. Each "
                  "player adds up their treasure cards: the richest hunter wins. Ties: more amulets, then "
                  "more treasures raised.") + "</p>"
        + items(item(f'<span class="ei-pair">{cards}</span>', sum_words))
    )


BODIES = {
    "goal": goal, "symbols": symbols, "setup": setup, "turn": turn, "clues": clues,
    "geometry": geometry, "lava-tiles": lava_tiles, "move": move, "lava": lava, "amulets": amulets,
    "raise": raise_part, "share": share, "curse": curse, "end": end,
}


def section(key: str, title: str, body: str, at: str | None, jump: int) -> str:
    """One section; `at`: the section to bring into view (its heading takes the focus; `jump`
    tells one request from the next). `title`: in the language shown."""
    focus = f' tabindex="-1" data-autofocus data-jump="{jump}"' if at == key else ""
    return (f'<section class="card ei-rpart" data-section="{key}" id="ei-rules-{key}">'
            f"<h2{focus}>{escape(title)}</h2>{body}"
            + button(_("Back to the contents"), "ei-rules-at", "btn small link", section="top")
            + "</section>")


def contents(at: str | None, jump: int) -> str:
    focus = f' tabindex="-1" data-autofocus data-jump="{jump}"' if at == "top" else ""
    links = "".join(f"<li>{button(_(title), 'ei-rules-at', 'btn link', section=key)}</li>"
                    for key, title in SECTIONS)
    label = escape(_("Contents"), quote=True)
    return (f'<nav class="card ei-toc" id="ei-rules-top" aria-label="{label}">'
            f"<h2{focus}>" + escape(_("Contents")) + f"</h2><ol>{links}</ol></nav>")


def rules_page(at: str | None = None, jump: int = 0) -> str:
    """The whole rules page, at section `at` (a tip's link; "top": the contents)."""
    parts = "".join(section(key, _(title), BODIES[key](), at, jump) for key, title in SECTIONS)
    return (
        f'<section class="screen ei-rules" data-screen="ei-rules">{defs_svg()}{ARROW_DEF}'
        "<h1>" + escape(_("How to play Ember Isle")) + "</h1>"
        '<div class="row">' + button(_("Back"), "ei-rules-back", "btn") + "</div>"
        + contents(at, jump) + parts
        + shortcuts.section(KEYS)
        + '<p class="edition">' + escape(_("Component content of this edition is original.")) + "</p>"
        '<div class="row"><button type="button" class="btn primary" data-act="ei-rules-back">'
        + escape(_("Back")) + "</button></div>"
        "</section>"
    )
