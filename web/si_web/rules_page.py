"""The rules screen: the rules of RULES.md in short, every piece, symbol, mission, reward,
objective card and solo card as a picture next to its words (the map's own symbol art, see
`pictures`). Opened from the menu, or from a game's header (one tap; Back returns to the same
choices), or from a coach tip at its section (`PARTS`). A table of contents at the top links
to each section (buttons: the keyboard reaches them; the section's heading takes the focus,
which brings it into view) and each section ends with "Back to the contents". Pure string
builders.

Every sentence is in the catalogue, whole (the player's language: `game_shell.i18n`): the
missions', rewards' and Alexis's cards' sentences are written here as the rulebook says them
(`MISSION_RULES`, `REWARD_RULES`, `card_rule`), not assembled from the engine's texts.
"""

from __future__ import annotations

from game_shell import shortcuts
from game_shell.i18n import N_, _, ngettext, number, pgettext
from game_shell.markup import escape
from game_shell.widgets import button
from small_islands import MISSIONS, OBJECTIVES, REWARDS, STARTING_TILES, TILE_BY_ID
from small_islands.solo import EXPLORATION_CARDS, LEVELS, ExplorationCard

from . import pictures as pic
from .board_svg import glyph_defs_svg
from .keys import KEYS
from .screens import EDITION_NOTE


def item(picture: str, text: str, cls: str = "") -> str:
    """One line: a picture, then its words (the words carry the meaning)."""
    extra = f" {cls}" if cls else ""
    return f'<li class="pic-item{extra}"><span class="pic-cell">{picture}</span><span>{text}</span></li>'


def section(title: str, body: str, key: str, at: str | None = None, jump: int = 0) -> str:
    """A section that can be folded (open at first); `at`: the section to bring into view
    (its heading takes the focus; `jump` tells one request from the next)."""
    focus = f' tabindex="-1" data-autofocus data-jump="{jump}"' if at == key else ""
    return (
        f'<details open class="card rules-part" data-part="{key}" id="rules-{key}">'
        f'<summary><h2{focus}>{escape(title)}</h2></summary>{body}'
        + button(_("Back to the contents"), "rules-at", "btn small toc-back", section="top")
        + "</details>"
    )


def contents(at: str | None = None, jump: int = 0) -> str:
    """The table of contents: one button per section (`PARTS`)."""
    focus = f' tabindex="-1" data-autofocus data-jump="{jump}"' if at == "top" else ""
    links = "".join(
        f"<li>{button(_(title), 'rules-at', 'btn link', section=key)}</li>" for key, title in PARTS
    )
    label = escape(_("Contents"), quote=True)
    return (
        f'<nav class="card rules-toc" id="rules-top" aria-label="{label}">'
        f"<h2{focus}>" + escape(_("Contents")) + f"</h2><ol>{links}</ol></nav>"
    )


def listing(items: list[str]) -> str:
    return f'<ul class="pic-list">{"".join(items)}</ul>'


def components() -> str:
    t = TILE_BY_ID["T05"]
    front, back = STARTING_TILES[0]
    return listing(
        [
            item(pic.tile(t.points, t.symbols), _("<b>56 landscape tiles</b>: land and sea, with up to 4 symbols.")),
            item(
                pic.tile(front.points, front.symbols) + pic.tile(back.points, back.symbols),
                _("<b>4 starting tiles</b>, two-sided (a seagull on each side): they begin the map."),
            ),
            item(pic.ship("blue") + pic.ship("grey"), _("<b>4 ship tiles</b>, all sea: one in each player's colour, the others grey.")),
            item(
                pic.colour_houses(),
                _("<b>8 houses per player</b>: 4 in stock, 4 in reserve. Each colour has its own mark "
                  "(ring, stripes, cross, diamond), so colour is never the only cue."),
            ),
            item(
                pic.token("resource", "leaf") + pic.token("port"),
                _("<b>4 bonus tokens per player</b>, two-sided: a resource side and a port side."),
            ),
            item(
                pic.discovery(),
                _("<b>12 Discovery tokens</b>, face down until the end: 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6."),
            ),
            item(
                pic.objective("O1"),
                _("<b>12 objective cards</b> (Normal mode): a mission and a reward. Advanced mode uses "
                  "12 mission cards and 12 reward cards instead."),
            ),
        ]
    )


SYMBOLS = (
    ("flower", N_("<b>Flower</b> (pink petals): a resource.")),
    ("fruit", N_("<b>Fruit</b> (round, orange, with a stem): a resource.")),
    ("leaf", N_("<b>Leaf</b> (pointed, green): a resource.")),
    ("temple", N_("<b>Temple</b> (columns under a roof).")),
    ("port", N_("<b>Port</b> (an anchor): only on tiles with a coast.")),
    ("house", N_("<b>House location</b> (a dashed square): where a house may go.")),
)


def symbols() -> str:
    return listing([item(pic.glyph_row([g]), _(text)) for g, text in SYMBOLS])


def placing() -> str:
    a, b = TILE_BY_ID["T05"], TILE_BY_ID["T18"]
    pair = pic.tile(a.points, a.symbols) + pic.tile(b.points, b.symbols, 0)
    badge = pic.svg(
        60, 32,
        '<circle class="pic-badge" cx="14" cy="16" r="11"/>' + pic.label(14, 21, "4", "pic-t mid")
        + '<circle class="pic-badge done" cx="44" cy="16" r="11"/>' + pic.label(44, 21, "3", "pic-t mid light"),
    )
    return (
        listing(
            [
                item(
                    pair,
                    _("A tile goes on an empty square of the table, next to at least one tile (sharing "
                      "a side). Where it touches tiles already there, land must meet land and sea meet "
                      "sea: along the sides and at the corners, diagonal neighbours included. Tiles may "
                      "be turned a quarter at a time."),
                ),
                item(
                    badge,
                    _("Tiles joined by a side whose middle is land form an <b>island</b>; the number on "
                      "the map is its size. An island is <b>complete</b> (dark number) when no land side "
                      "faces an empty square: it can never grow."),
                ),
            ]
        )
        + "<p>" + _("The table is 12 × 12 squares unless chosen otherwise; nothing goes off its edge.") + "</p>"
    )


def round_part() -> str:
    return (
        "<ol><li>"
        + _("<b>Preparation.</b> If fewer than 6 face-down tiles are left, the game ends. Otherwise 6 "
            "of them are this round's tiles to explore, and each player draws 2 objective cards (holding 3), keeps "
            "one for this round and one for the next, and returns the third.")
        + "</li><li>"
        + _("<b>Exploration.</b> In turn, each player either <b>explores</b>: takes a face-up tile into "
            "the hand (3 tiles), places one of the 3 on the map, may place one bonus token, and the "
            "face-up row is refilled; or, once this round's tiles are all explored, <b>lands</b>: places a "
            "ship (their own or a grey one) on the map. Landing ends the exploration. If none of the 3 "
            "hand tiles fits anywhere, one returns to the box and another is drawn.")
        + "</li><li>"
        + _("<b>Reward.</b> From the player who landed, each in turn reveals the objective, may place "
            "houses from stock (one per island, on a free house location of an island of at least 2 "
            "tiles that meets the mission, never on an island already holding a house of their "
            "colour) and scores the reward for each island that received one. Then the stock is "
            "refilled up to 4 with houses held in reserve.")
        + "</li></ol>"
        + listing(
            [
                item(
                    pic.token("resource", "flower"),
                    _("<b>Bonus token, resource side</b>: on a flower, fruit or leaf of the map, showing "
                      "another resource; from then on the symbol counts as the one shown."),
                ),
                item(
                    pic.token("port"),
                    _("<b>Bonus token, port side</b>: on a tile of an island with a coast; a tile holds at "
                      "most 2 ports, printed ones included."),
                ),
            ]
        )
        + "<p>"
        + _("An island counts whether it is complete or not and whether a ship is near or not. "
            "When all 4 ships are on the map the game ends; otherwise the player after the one who "
            "landed starts the next round (at most 4).")
        + "</p>"
    )


# Each mission as the rulebook states it (the engine's `Mission.text` is its short form).
MISSION_RULES = {
    "M1": N_("The island must have at least 2 Flowers."),
    "M2": N_("The island must have at least 2 Fruits."),
    "M3": N_("The island must have at least 2 Leaves."),
    "M4": N_("The island must have at least 1 Flower, 1 Fruit and 1 Leaf."),
    "M5": N_("The island must have at least 2 Temples."),
    "M6": N_("The island must have at least 2 Ports."),
    "M7": N_("The island must have at least 4 tiles."),
    "M8": N_("The island must have at most 3 tiles."),
    "M9": N_("The island must be complete."),
    "M10": N_("The island must have a tile next to a Ship tile (orthogonally or diagonally)."),
    "M11": N_("The island must have no House of any colour yet."),
    "M12": N_("The island must have at least 1 Temple and at least 1 Port."),
}
# Each mission's short form (a card's text, quoted), as the engine's `Mission.text`.
MISSION_TEXTS = {
    "M1": N_("at least 2 Flowers"),
    "M2": N_("at least 2 Fruits"),
    "M3": N_("at least 2 Leaves"),
    "M4": N_("at least 1 Flower, 1 Fruit and 1 Leaf"),
    "M5": N_("at least 2 Temples"),
    "M6": N_("at least 2 Ports"),
    "M7": N_("at least 4 tiles"),
    "M8": N_("at most 3 tiles"),
    "M9": N_("be complete"),
    "M10": N_("a tile next to a Ship tile (orthogonally or diagonally)"),
    "M11": N_("no House of any colour yet"),
    "M12": N_("at least 1 Temple and at least 1 Port"),
}
# Each reward as the rulebook states it.
REWARD_RULES = {
    "R1": N_("1 PP per Flower, +2, per island that received a house."),
    "R2": N_("1 PP per Fruit, +2, per island that received a house."),
    "R3": N_("1 PP per Leaf, +2, per island that received a house."),
    "R4": N_("2 PP per Temple, +2, per island that received a house."),
    "R5": N_("1 PP per Port, +2, per island that received a house."),
    "R6": N_("The least plentiful resource present: 2 PP per copy, +2, per island that received a house."),
    "R7": N_("Pick a resource: 1 PP per copy, +2, per island that received a house."),
    "R8": N_("6 PP, per island that received a house."),
    "R9": N_("By size: 3-5 tiles 4, 6-8 tiles 6, 9-11 tiles 8, 12+ tiles 10 (an island of 2 tiles "
             "earns nothing), per island that received a house."),
    "R10": N_("Discovery: draw 1 token per Temple, keep 1; the others go back, per island that "
              "received a house."),
    "R11": N_("Pick a resource: 1 PP per copy, +1 per pair of Ports, per island that received a house."),
    "R12": N_("1 PP per House location, free or taken (the new house included), per island that "
              "received a house."),
}
# Each reward's short form (a card's text, quoted), as the engine's `Reward.text`.
REWARD_TEXTS = {
    "R1": N_("1 PP per Flower, +2"),
    "R2": N_("1 PP per Fruit, +2"),
    "R3": N_("1 PP per Leaf, +2"),
    "R4": N_("2 PP per Temple, +2"),
    "R5": N_("1 PP per Port, +2"),
    "R6": N_("the least plentiful resource present: 2 PP per copy, +2"),
    "R7": N_("pick a resource: 1 PP per copy, +2"),
    "R8": N_("6 PP"),
    "R9": N_("by size: 3-5 tiles 4, 6-8 tiles 6, 9-11 tiles 8, 12+ tiles 10"),
    "R10": N_("Discovery: draw 1 token per Temple, keep 1"),
    "R11": N_("pick a resource: 1 PP per copy, +1 per pair of Ports"),
    "R12": N_("1 PP per House location, free or taken"),
}


def mission_text(key: str) -> str:
    return _(MISSION_TEXTS[key]) if key in MISSION_TEXTS else _(MISSIONS[key].text)


def reward_text(key: str) -> str:
    return _(REWARD_TEXTS[key]) if key in REWARD_TEXTS else _(REWARDS[key].text)


def missions() -> str:
    return listing([item(pic.mission(k), escape(_(MISSION_RULES[k]))) for k in MISSIONS])


def rewards() -> str:
    return listing([item(pic.reward(k), escape(_(REWARD_RULES[k]))) for k in REWARDS])


def objective_cards() -> str:
    rows = []
    for n, (k, o) in enumerate(OBJECTIVES.items(), start=1):
        rows.append(
            item(
                pic.objective(k),
                _("<b>Card {n}</b>: mission “{mission}”, reward “{reward}”.").format(
                    n=number(n), mission=escape(mission_text(o.mission)),
                    reward=escape(reward_text(o.reward))),
                "card-line",
            )
        )
    return (
        "<p>"
        + _("<b>Normal mode</b>: each objective card pairs a mission with a reward. <b>Advanced "
            "mode</b>: players build each round's objective from one mission card and one reward card "
            "of their choice (drawing 2 of each, holding 3).")
        + "</p>" + listing(rows)
    )


def ending() -> str:
    return (
        "<p>"
        + _("The game ends when all 4 ships are on the map, when too few tiles are left for another "
            "round (fewer than 6), or when a player finds no face-up tile and cannot land (after a last "
            "reward phase, that player first).")
        + "</p>"
        + listing(
            [
                item(
                    pic.ship("blue"),
                    _("Score = PP earned + the values of your Discovery tokens + 1 PP per port (printed "
                      "or token) on the 8 tiles around <b>your own</b> ship. Grey ships score for nobody "
                      "(solo: for Alexis)."),
                ),
            ]
        )
        + "<p>"
        + _("Ties: most houses placed, then most ports around the own ship, then the player who "
            "placed a tile last.")
        + "</p>"
    )


def direction_words(d: str) -> str:
    """One of Alexis's search directions, as "looking {first}" says it (French "vers le
    nord")."""
    return {
        "N": pgettext("looking", "north"), "E": pgettext("looking", "east"),
        "S": pgettext("looking", "south"), "W": pgettext("looking", "west"),
    }[d]


def card_rule(c: ExplorationCard) -> str:
    """One of Alexis's cards in words: what he does, which face-up tile, the directions he
    searches in order, his mission."""
    first, second, third = (direction_words(d) for d in c.directions)
    slot = c.slot % 3
    if c.kind == "land":
        text = (
            pgettext("face-up tile", "Land a grey ship if he can, else explore: the first face-up tile, "
                     "placed on your row or column looking {first}, then {second}, then {third}. "
                     "His mission: {mission}."),
            pgettext("face-up tile", "Land a grey ship if he can, else explore: the second face-up "
                     "tile, placed on your row or column looking {first}, then {second}, then {third}. "
                     "His mission: {mission}."),
            pgettext("face-up tile", "Land a grey ship if he can, else explore: the third face-up tile, "
                     "placed on your row or column looking {first}, then {second}, then {third}. "
                     "His mission: {mission}."),
        )[slot]
    else:
        text = (
            pgettext("face-up tile", "Explore: the first face-up tile, placed on your row or column "
                     "looking {first}, then {second}, then {third}. His mission: {mission}."),
            pgettext("face-up tile", "Explore: the second face-up tile, placed on your row or column "
                     "looking {first}, then {second}, then {third}. His mission: {mission}."),
            pgettext("face-up tile", "Explore: the third face-up tile, placed on your row or column "
                     "looking {first}, then {second}, then {third}. His mission: {mission}."),
        )[slot]
    return text.format(first=first, second=second, third=third, mission=mission_text(c.mission))


def solo() -> str:
    levels = "".join(
        f"<tr><td>{number(lv)}</td><td>{number(e)}</td><td>{number(n)}</td><td>"
        + escape(_("{bonus} + 1 per house").format(bonus=number(b)))
        + "</td></tr>"
        for lv, (e, n, b) in LEVELS.items()
    )
    cards = listing([item(pic.alexis_card(c), escape(card_rule(c)), "card-line") for c in EXPLORATION_CARDS])
    region = escape(_("Alexis by level"), quote=True)
    return (
        "<p>"
        + _("Alexis (purple) has no tiles, objectives or tokens. You are first player; your ship and 3 "
            "grey ships are there to land. His stack of Exploration cards depends on his level:")
        + "</p>"
        f'<div class="scores-wrap" tabindex="0" role="region" aria-label="{region}"><table class="scores levels">'
        "<thead><tr><th>" + escape(_("Level")) + "</th><th>" + escape(_("Explore cards"))
        + "</th><th>" + escape(_("Land cards")) + "</th><th>" + escape(_("End bonus"))
        + f"</th></tr></thead><tbody>{levels}</tbody></table></div>"
        "<p>"
        + _("<b>His turn</b>: he draws a card. <b>Explore</b>: he takes the face-up tile it names and "
            "puts it on the nearest spot where it fits, going from the tile you placed last along your row or column, "
            "trying its directions in order, never growing an island that holds his house (you choose "
            "the turn of the tile; if it fits nowhere he removes it and gains 1 PP). <b>Land</b> (land "
            "cards only, once this round's tiles are all explored): a grey ship by the same rule, else he "
            "explores.")
        + "</p><p>"
        + _("<b>His reward phase</b>: he draws a card and puts a house on every island of 2 or more "
            "tiles, with a free house location and none of his houses, that meets its mission (you pick "
            "the spot when there is a choice). He scores nothing for them.")
        + "</p><p>"
        + _("<b>His score</b>: his PP + 1 PP per port around each grey ship + his level's bonus. You "
            "win only with a strictly higher score.")
        + "</p><h3>"
        + escape(ngettext("His {n} Exploration card", "His {n} Exploration cards",
                          len(EXPLORATION_CARDS)).format(n=number(len(EXPLORATION_CARDS))))
        + '</h3><p class="small">'
        + _("Pictures: which face-up tile (filled square), the directions in order, a ship on "
            "the cards that land, and his mission.")
        + "</p>" + cards
    )


def great_explorer() -> str:
    return (
        "<p>"
        + _("The app keeps the rulebook's achievement checklists on this device (Normal and "
            "Advanced), ticked only in games the player won: see Great Explorer on the menu.")
        + "</p>"
    )


PARTS: tuple[tuple[str, str], ...] = (
    ("components", N_("What is in the game")),
    ("symbols", N_("Symbols")),
    ("placing", N_("Placing tiles and islands")),
    ("round", N_("A round")),
    ("missions", N_("Missions: what an island must have")),
    ("rewards", N_("Rewards: what a house there earns")),
    ("objectives", N_("Objective cards")),
    ("end", N_("End of the game and scoring")),
    ("solo", N_("Solo against Alexis")),
    ("explorer", N_("Great Explorer")),
)  # (key, title) of each section, in order (the title in English: `_` where shown)
BODIES = {
    "components": components, "symbols": symbols, "placing": placing, "round": round_part,
    "missions": missions, "rewards": rewards, "objectives": objective_cards, "end": ending,
    "solo": solo, "explorer": great_explorer,
}


def rules_screen(in_game: bool, at: str | None = None, jump: int = 0) -> str:
    """The whole rules screen (`in_game`: Back returns to the game; `at`: the section to bring
    into view, "top" the contents; `jump` counts such requests)."""
    back = button(
        _("Back to the game") if in_game else _("Back"),
        "back",
        "btn primary",
        name=_("Back to the game (nothing is lost)") if in_game else None,
    )
    return (
        '<section class="screen rules" data-screen="rules">'
        f'{glyph_defs_svg()}<div class="rules-top">{back}</div>'
        "<h1>" + escape(_("Rules")) + "</h1>"
        '<p class="edition">' + escape(_(EDITION_NOTE)) + "</p>"
        "<p>"
        + _("Build islands from landscape tiles, then place houses on islands that meet your "
            "objective to earn Prestige Points (PP). After at most 4 rounds the highest score wins. "
            "2 to 4 players (pass-and-play or computer players), or solo against Alexis.")
        + "</p>"
        + contents(at, jump)
        + "".join(section(_(title), BODIES[key](), key, at, jump) for key, title in PARTS)
        + shortcuts.section(KEYS)
        + f'<div class="row">{back}</div></section>'
    )
