"""Plain words for players: the one place that names tiles, places, cards and refusals.

A player never reads an engine code, an exception's text, a tile or card id, or a
coordinate. The engine keeps those for developers (its messages, the log's debug view, the
console); everything a player sees goes through here:

* `refusal`: an `IllegalAction` (its stable code, and the action tried) as what to do;
* `tile_words`: a tile's accessible name ("coast tile: 2 flowers, a house spot; sea to
  the south");
* `where`: a place on the map named by what is around it ("in the north-west of the map",
  "on an island of 4 tiles");
* `mission_words`, `reward_words`, `alexis_card_words`: cards by their text;
* `log_html`, `log_words`: a log entry, worded from its event (`event_html`: the engine's
  `Game.note` records each line's kind and parameters beside its English text), tiles as
  pictures; an entry without an event (none is made today) falls back to rewriting its text;
* `form_problem`, `save_problem`: the new-game form and an unreadable save.

Pure (no browser imports), tested in CPython (tests/test_web_words.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from game_shell.i18n import N_, _, language, ngettext, number, pgettext
from game_shell.last_moves import since_turn
from game_shell.markup import escape
from game_shell.wording import count as count
from game_shell.wording import plural as plural
from small_islands import MISSIONS, OBJECTIVES, REWARDS, TILE_BY_ID, Action, IllegalAction
from small_islands.view import IslandView, SeatView

# why the device passes: the pass screen's line (also painted first at a reload, `first_paint`)
PASS_WHY = {  # translated where shown
    "setup": N_("They arrange the starting tiles."),
    "preparation": N_("They choose their objectives in secret."),
    "exploration": N_("It is their turn to explore."),
    "reward": N_("It is their reward phase."),
}
SYMBOL_NAMES = {  # English; translated where shown (`symbol_count`, `symbol_name`, `symbols_of`)
    "flower": ("a flower", "flowers"),
    "fruit": ("a fruit", "fruits"),
    "leaf": ("a leaf", "leaves"),
    "temple": ("a temple", "temples"),
    "port": ("a port", "ports"),
    "house": ("a house spot", "house spots"),
}
# a symbol by itself ("a flower"), and its plural noun ("counting flowers")
SYMBOL_ONE = {"flower": N_("a flower"), "fruit": N_("a fruit"), "leaf": N_("a leaf"),
              "temple": N_("a temple"), "port": N_("a port"), "house": N_("a house spot")}
SYMBOL_MANY = {"flower": N_("flowers"), "fruit": N_("fruits"), "leaf": N_("leaves"),
               "temple": N_("temples"), "port": N_("ports"), "house": N_("house spots")}
DIRECTIONS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
# Alexis's search along a row or a column, as a player reads the map
SEARCH = {"N": N_("north (up)"), "E": N_("east (to the right)"), "S": N_("south (down)"),
          "W": N_("west (to the left)")}
PLACES = (N_("first"), N_("second"), N_("third"))
# the ships' colours as an adjective of "ship" (French: "bateau bleu"), their marks
SHIP_COLOURS = {"blue": N_("blue"), "red": N_("red"), "yellow": N_("yellow"),
                "purple": N_("purple"), "grey": N_("grey")}
MARK_NAMES = {"ring": N_("ring"), "stripes": N_("stripes"), "cross": N_("cross"),
              "diamond": N_("diamond"), "plain": N_("plain")}
# a part of the map (`compass`), in a sentence
AREAS = {
    "north": N_("in the north of the map"), "south": N_("in the south of the map"),
    "east": N_("in the east of the map"), "west": N_("in the west of the map"),
    "north-east": N_("in the north-east of the map"),
    "north-west": N_("in the north-west of the map"),
    "south-east": N_("in the south-east of the map"),
    "south-west": N_("in the south-west of the map"),
    "": N_("in the middle of the map"),
}
# where the sea meets a tile: its corners (its sides: `_sea_side`)
CORNERS = {"north-east": N_("north-east"), "south-east": N_("south-east"),
           "south-west": N_("south-west"), "north-west": N_("north-west")}
TIPS = {"north": N_("a tip of land reaching north"), "east": N_("a tip of land reaching east"),
        "south": N_("a tip of land reaching south"), "west": N_("a tip of land reaching west")}
STRIPS = {"north": N_("a strip of land from north to south"),
          "east": N_("a strip of land from east to west")}
# an empty spot named by the tile beside it ("east of a coast tile")
BESIDE_SHIP = {"north": N_("north of the {colour} ship"), "east": N_("east of the {colour} ship"),
               "south": N_("south of the {colour} ship"), "west": N_("west of the {colour} ship")}
BESIDE_TILE = {
    ("north", "land"): N_("north of a land tile"), ("north", "coast"): N_("north of a coast tile"),
    ("east", "land"): N_("east of a land tile"), ("east", "coast"): N_("east of a coast tile"),
    ("south", "land"): N_("south of a land tile"), ("south", "coast"): N_("south of a coast tile"),
    ("west", "land"): N_("west of a land tile"), ("west", "coast"): N_("west of a coast tile"),
}
# the engine's card texts (its English), translated where shown (`card_text`)
CARD_TEXTS = (
    N_("at least 2 Flowers"), N_("at least 2 Fruits"), N_("at least 2 Leaves"),
    N_("at least 1 Flower, 1 Fruit and 1 Leaf"), N_("at least 2 Temples"),
    N_("at least 2 Ports"), N_("at least 4 tiles"), N_("at most 3 tiles"), N_("be complete"),
    N_("a tile next to a Ship tile (orthogonally or diagonally)"),
    N_("no House of any colour yet"), N_("at least 1 Temple and at least 1 Port"),
    N_("1 PP per Flower, +2"), N_("1 PP per Fruit, +2"), N_("1 PP per Leaf, +2"),
    N_("2 PP per Temple, +2"), N_("1 PP per Port, +2"),
    N_("the least plentiful resource present: 2 PP per copy, +2"),
    N_("pick a resource: 1 PP per copy, +2"), N_("6 PP"),
    N_("by size: 3-5 tiles 4, 6-8 tiles 6, 9-11 tiles 8, 12+ tiles 10"),
    N_("Discovery: draw 1 token per Temple, keep 1"),
    N_("pick a resource: 1 PP per copy, +1 per pair of Ports"),
    N_("1 PP per House location, free or taken"),
)


def card_text(text: str) -> str:
    """A mission's or reward's text (the engine's English, `CARD_TEXTS`) in the player's
    language."""
    return _(text) if text else text


def symbol_count(symbol: str, n: int) -> str:
    """'a flower' / '2 flowers' in the player's language."""
    if symbol == "flower":
        text = ngettext("a flower", "{n} flowers", n)
    elif symbol == "fruit":
        text = ngettext("a fruit", "{n} fruits", n)
    elif symbol == "leaf":
        text = ngettext("a leaf", "{n} leaves", n)
    elif symbol == "temple":
        text = ngettext("a temple", "{n} temples", n)
    elif symbol == "port":
        text = ngettext("a port", "{n} ports", n)
    elif symbol == "house":
        text = ngettext("a house spot", "{n} house spots", n)
    else:
        text = symbol if n == 1 else "{n} " + symbol
    return text.format(n=number(n))


def symbol_name(symbol: str) -> str:
    """'a flower' in the player's language."""
    return _(SYMBOL_ONE[symbol]) if symbol in SYMBOL_ONE else symbol


def symbols_of(symbol: str) -> str:
    """'flowers' (a plural noun: 'counting flowers') in the player's language."""
    return _(SYMBOL_MANY[symbol]) if symbol in SYMBOL_MANY else symbol



def ship_colour(colour: str) -> str:
    return _(SHIP_COLOURS[colour]) if colour in SHIP_COLOURS else colour


def ship_name(colour: str) -> str:
    """'Blue ship' (a button's word)."""
    text = _("{colour} ship").format(colour=ship_colour(colour))
    return text[:1].upper() + text[1:]

EDGE_INDEX = {"north": 0, "east": 2, "south": 4, "west": 6}
CORNER_INDEX = {"north-east": 1, "south-east": 3, "south-west": 5, "north-west": 7}
COLOUR_MARKS = {
    "blue": "ring",
    "red": "stripes",
    "yellow": "cross",
    "purple": "diamond",
    "grey": "plain",
}

# What to do, by IllegalAction code (the engine's message stays for developers).
REFUSALS = {
    "bad_rotation": N_("That turn of the tile does not fit here: try another."),
    "off_table": N_("That spot is off the table."),
    "cell_occupied": N_("That spot already holds a tile: choose an empty highlighted spot."),
    "not_adjacent": N_("That spot must touch a tile: choose a highlighted spot."),
    "terrain_mismatch": N_("Your tile does not fit there in any turn: land must meet land and sea meet sea. Choose a highlighted spot."),
    "no_landscape_tile": N_("There is no island tile there."),
    "not_a_house_location": N_("Houses go on the ringed house spots."),
    "location_taken": N_("That house spot already holds a house."),
    "island_too_small": N_("Houses need an island of at least 2 tiles."),
    "house_already_there": N_("You already have a house on that island."),
    "not_a_resource": N_("A resource token goes on a flower, a fruit or a leaf."),
    "bad_resource": N_("Choose a flower, a fruit or a leaf."),
    "same_resource": N_("The token must show a different resource from the one printed."),
    "not_coastal": N_("Port tokens go on a tile with a coast."),
    "too_many_ports": N_("That tile already has 2 ports."),
    "bad_layout": N_("The starting tiles must join and fit: land on land, sea on sea."),
    "not_in_middle": N_("Starting tiles go in the dashed middle area."),
    "game_over": N_("The game is over."),
    "not_your_turn": N_("It is not your turn."),
    "wrong_phase": N_("That is not possible at this step."),
    "not_allowed": N_("That is not possible at this step."),
    "wrong_step": N_("That is not possible at this step."),
    "bad_field": N_("That is not possible here."),
    "bad_slot": N_("That face-up tile is not there."),
    "empty_slot": N_("That face-up place is empty."),
    "not_in_hand": N_("That tile is not in your hand."),
    "discard_not_allowed": N_("One of your tiles can still be placed: place it instead."),
    "no_bonus_tokens": N_("You have no bonus tokens left."),
    "land_not_allowed": N_("Ships may land only once this round's tiles are all explored."),
    "ship_unavailable": N_("That ship is not yours to land."),
    "no_houses_in_stock": N_("You have no houses left in stock."),
    "no_objective": N_("You have no objective this round."),
    "mission_not_met": N_("That island does not meet your mission."),
    "choice_required": N_("Choose which resource this house scores."),
    "bad_choice": N_("Choose which resource this house scores."),
    "keep_discovery_first": N_("First keep one of the Discovery tokens."),
    "nothing_to_keep": N_("There is no Discovery token to keep."),
    "bad_index": N_("There is no Discovery token to keep."),
    "cannot_undo": N_("This cannot be undone: something hidden was revealed since."),
    "not_held": N_("Choose one of your objective cards."),
    "same_card": N_("Keep one card for this round and a different one for the next."),
    "bad_objective": N_("Build this round's objective from one mission and one reward."),
    "not_a_choice": N_("Choose one of the ringed house spots."),
}
DEFAULT_REFUSAL = N_("That is not possible here.")

# Why Undo is not available, by `Game.undo_blocker` code.
UNDO_BLOCKED = {
    "nothing_played": N_("Nothing to undo yet: no move has been made."),
    "turn_passed": N_("Nothing to undo: Undo takes back only your own moves of this turn."),
    "tile_drawn": N_("Undo is not possible: a hidden tile was drawn."),
    "tile_turned": N_("Undo is not possible: a new tile was turned face up."),
    "discovery_drawn": N_("Undo is not possible: Discovery tokens were drawn."),
    "objective_revealed": N_("Undo is not possible: an objective was revealed."),
    "cards_dealt": N_("Undo is not possible: new objective cards were dealt."),
    "automaton_card": N_("Undo is not possible: Alexis turned over a card."),
    "game_over": N_("The game is over."),
}


def undo_blocked(code: str) -> str:
    """Why Undo is not available, in words."""
    if code in UNDO_BLOCKED:
        return _(UNDO_BLOCKED[code])
    return _("Undo is not possible: something hidden was revealed.")


def join(items: Sequence[str]) -> str:
    """'a, b and c' (in the player's language)."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])


def symbols_words(symbols: Sequence[str]) -> str:
    """'2 flowers, a fruit and a house spot' (printed order of first appearance)."""
    counts: dict[str, int] = {}
    for s in symbols:
        counts[s] = counts.get(s, 0) + 1
    return join([symbol_count(s, n) for s, n in counts.items()])


def sea_words(points: str) -> str:
    """Where a tile (its points already turned) meets the sea: 'sea to the south and west'."""
    if "S" not in points:
        return ""
    if "L" not in points:
        return _("open sea")
    sides = [d for d, i in EDGE_INDEX.items() if points[i] == "S"]
    land = [d for d, i in EDGE_INDEX.items() if points[i] == "L"]
    if not sides:
        corners = [d for d, i in CORNER_INDEX.items() if points[i] == "S"]
        return ngettext("sea only at the {corners} corner", "sea only at the {corners} corners",
                        len(corners)).format(corners=join([_(CORNERS[c]) for c in corners]))
    if len(land) == 1:
        return _(TIPS[land[0]])
    if len(land) == 2 and set(land) in ({"north", "south"}, {"east", "west"}):
        return _(STRIPS[land[0]])
    return _("sea to the {sides}").format(sides=join([_sea_side(d) for d in sides]))


def _sea_side(side: str) -> str:
    """A side in "sea to the north and west" (French: "au nord et à l'ouest")."""
    if side == "north":
        return pgettext("sea to the", "north")
    if side == "east":
        return pgettext("sea to the", "east")
    if side == "south":
        return pgettext("sea to the", "south")
    return pgettext("sea to the", "west")


def tile_words(points: str, symbols: Sequence[str], ship: str | None = None) -> str:
    """A tile's accessible name, its points as shown: kind, symbols, where the sea is."""
    if ship is not None:
        return _("{colour} ship ({mark} mark)").format(
            colour=ship_colour(ship), mark=_(MARK_NAMES[COLOUR_MARKS.get(ship, "plain")]))
    what = symbols_words(symbols) or _("no symbols")
    sea = sea_words(points)
    if "S" not in points:
        return _("land tile: {symbols}").format(symbols=what)
    return _("coast tile: {symbols}; {sea}").format(symbols=what, sea=sea)


def refusal(exc: IllegalAction | None, view: SeatView | None = None) -> str:
    """What to do instead, for a refused action (never the engine's message)."""
    if exc is None:
        return _(DEFAULT_REFUSAL)
    text = _(REFUSALS.get(exc.code, DEFAULT_REFUSAL))
    objective = view.get("objective") if view else None
    if exc.code == "mission_not_met" and objective:
        text = _("That island does not meet your mission: {mission}.").format(
            mission=card_text(objective["mission_text"]))
    return text



class _Index:
    """Lookups over one view's map (built once per view: labels ask many times a render)."""

    def __init__(self, view: SeatView) -> None:
        board = view["board"]
        self.tiles = {(t["x"], t["y"]): t for t in board["tiles"]}
        self.islands: dict[tuple[int, int], IslandView] = {}
        for island in board["islands"]:
            for c in island["cells"]:
                self.islands[(c[0], c[1])] = island
        self.centre = _centre_of(view)


_INDEX: list[tuple[SeatView, _Index]] = []


def index(view: SeatView) -> _Index:
    """The lookups of `view` (kept for the last few views)."""
    for v, ix in _INDEX:
        if v is view:
            return ix
    ix = _Index(view)
    _INDEX.insert(0, (view, ix))
    del _INDEX[4:]
    return ix


def _centre_of(view: SeatView) -> tuple[float, float]:
    """The middle of the tiles on the map (of the table when it is empty)."""
    tiles = view["board"]["tiles"]
    if not tiles:
        return view["board"]["width"] / 2 - 0.5, view["board"]["height"] / 2 - 0.5
    xs = [t["x"] for t in tiles]
    ys = [t["y"] for t in tiles]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def compass(dx: float, dy: float, near: float = 1.0) -> str:
    """'north-west', 'east', or '' when (dx, dy) is within `near` of the origin."""
    ns = "north" if dy < -near / 2 else "south" if dy > near / 2 else ""
    ew = "west" if dx < -near / 2 else "east" if dx > near / 2 else ""
    if abs(dx) > 2.4 * abs(dy):
        ns = ""
    elif abs(dy) > 2.4 * abs(dx):
        ew = ""
    return "-".join(p for p in (ns, ew) if p)


def area_words(view: SeatView, x: int, y: int) -> str:
    """'in the north-west of the map' / 'in the middle of the map'."""
    cx, cy = index(view).centre
    d = compass(x - cx, y - cy, near=2.0)
    return _(AREAS.get(d, AREAS[""]))


def island_of(view: SeatView, x: int, y: int) -> IslandView | None:
    """The island (of the view's board) holding (x, y), if any."""
    return index(view).islands.get((x, y))


def island_words(island: IslandView | None) -> str:
    """'an island of 4 tiles (complete)'."""
    if island is None:
        return ""
    size = island["size"]
    if island["complete"]:
        return ngettext("a one-tile island, complete", "an island of {n} tiles, complete",
                        size).format(n=number(size))
    return ngettext("a one-tile island", "an island of {n} tiles", size).format(n=number(size))


def where(view: SeatView, x: int, y: int) -> str:
    """A place on the map in words: its island and its part of the map."""
    island = island_of(view, x, y)
    if island is not None and island["size"] > 1:
        return _("on {island} {area}").format(island=island_words(island),
                                              area=area_words(view, x, y))
    return area_words(view, x, y)


def neighbour_words(view: SeatView, x: int, y: int) -> str:
    """An empty spot named by a tile beside it: 'east of the coast tile with a temple'."""
    by_cell = index(view).tiles
    for dx, dy, side in ((0, 1, "north"), (-1, 0, "east"), (0, -1, "south"), (1, 0, "west")):
        t = by_cell.get((x + dx, y + dy))
        if t is None:
            continue
        if t.get("ship"):
            return _(BESIDE_SHIP[side]).format(colour=ship_colour(str(t["ship"])))
        what = symbols_words(t["symbols"])
        kind = "land" if "S" not in t["points"] else "coast"
        beside = _(BESIDE_TILE[side, kind])
        return _("{beside} with {symbols}").format(beside=beside, symbols=what) if what else beside
    return area_words(view, x, y)


def mission_words(mission: str) -> str:
    """A mission card by its text."""
    return card_text(MISSIONS[mission].text) if mission in MISSIONS else _("a mission")


def reward_words(reward: str) -> str:
    """A reward card by its text."""
    return card_text(REWARDS[reward].text) if reward in REWARDS else _("a reward")


def alexis_card_words(card: dict[str, Any]) -> str:
    """Alexis's exploration card in words (its kind, face-up place, directions, mission)."""
    order = _(", then ").join(_(DIRECTIONS[d]) if d in DIRECTIONS else d
                              for d in card.get("directions", []))
    slot = _(PLACES[card.get("slot", 0) % 3])
    mission = mission_words(card.get("mission", ""))
    if card.get("kind") == "land":
        return _("Land a grey ship if he can, else explore: the {place} face-up tile, placed on "
                 "your row or column looking {order}. His mission: {mission}.").format(
                     place=slot, order=order, mission=mission)
    return _("Explore: the {place} face-up tile, placed on your row or column looking {order}. "
             "His mission: {mission}.").format(place=slot, order=order, mission=mission)


def form_problem(exc: Exception, names: Sequence[str]) -> str:
    """The new-game form's problem in words (never the engine's message)."""
    if any(not n.strip() for n in names):
        return _("Give every player a name.")
    if any(len(n.strip()) > 40 for n in names):
        return _("Names can be at most 40 characters long.")
    text = str(exc)
    if "colours" in text:
        return _("Give every player a different colour.")
    return _("These settings cannot start a game; check the players and options.")


def save_problem(reason: str) -> str:
    """Why a saved game cannot be loaded, in words (the engine's reason goes to the console)."""
    if "newer version" in reason:
        return _("This game was saved by a newer version of Small Islands. Reload the app when "
                 "it offers an update to continue it.")
    if "unsupported save format" in reason or "not a Small Islands save" in reason:
        return _("The saved data is not a Small Islands game.")
    if "JSON" in reason or "UTF-8" in reason or "nested" in reason or "must be text" in reason:
        return _("The saved data is damaged: it is not a readable save.")
    return _("The saved game no longer replays in this version of the app: one of its moves is "
             "not valid.")


def action_words(action: Action) -> str:
    """A short verb phrase for an action (for messages that name what was tried)."""
    return action.type.replace("_", " ")


def spot_words(view: SeatView, x: int, y: int) -> str:
    """A symbol spot (house spot, resource) named by its tile and island."""
    t = index(view).tiles.get((x, y))
    if t is None:
        return _("a tile, {where}").format(where=where(view, x, y))
    return _("{tile}, {where}").format(tile=tile_words(t["points"], t["symbols"]),
                                       where=where(view, x, y))


_ID = re.compile(r"\b([TMORE]|L)(\d{1,2})\b")
_CELL = re.compile(r"(?: at| is)? \((\d+), (\d+)\)")
_CARD = re.compile(r"\b([EL]\d{1,2}): [^;]*?, mission M\d{1,2}")


def thumb(tile_id: str) -> str:
    """A tile's picture (with its name in words) inside a log line."""
    from .board_svg import mini_tile_svg

    t = TILE_BY_ID.get(tile_id)
    if t is None:
        return escape(_("a tile"))
    name = escape(tile_words(t.points, t.symbols))
    return f'<span class="thumb" role="img" aria-label="{name}">{mini_tile_svg(t.points, t.symbols)}</span>'


_LOG_CACHE: dict[tuple[str, int, int, str, str], str] = {}


def log_html(entry: dict[str, Any], view: SeatView | None) -> str:
    """A log entry in words, as HTML: tiles as pictures, places by what is there, cards by
    their text, from the entry's event (`event_html`; an entry without one, from its engine
    text: `_log_html`). (The engine text stays in the save's replay and the console.)
    Cached per entry and map state: the log is drawn again after every tap."""
    text = str(entry.get("text", ""))
    board = view["board"] if view else None
    tiles = board["tiles"] if board else []
    last = f"{tiles[0]['id']}{tiles[-1]['id']}{tiles[-1]['x']},{tiles[-1]['y']}" if tiles else ""
    key = (text + str(entry.get("args", "")), len(tiles), len(board["islands"]) if board else 0,
           last, language())
    if board is not None and key in _LOG_CACHE:
        return _LOG_CACHE[key]
    event = entry.get("event")
    args = entry.get("args")
    out = None
    if isinstance(event, str) and isinstance(args, dict):
        out = event_html(event, args, view)
    if out is None:
        out = _log_html(text, view)
    if board is not None:
        if len(_LOG_CACHE) > 4000:
            _LOG_CACHE.clear()
        _LOG_CACHE[key] = out
    return out


def _int(args: dict[str, Any], key: str) -> int:
    value = args.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _place(view: SeatView | None, args: dict[str, Any]) -> str:
    """'on an island of 4 tiles in the north of the map' ('' without a view)."""
    if view is None:
        return ""
    return escape(where(view, _int(args, "x"), _int(args, "y")))


def _at(with_place: str, without: str, place: str, **values: str) -> str:
    """A log line with its place on the map, or without one (no view)."""
    return (with_place if place else without).format(place=place, **values)


def objective_words(objective: object) -> str:
    """An objective (a Normal card, or Advanced's mission+reward) by its cards' texts."""
    text = str(objective)
    if text in OBJECTIVES:
        card = OBJECTIVES[text]
        return _("“{mission}” (reward: {reward})").format(
            mission=mission_words(card.mission), reward=reward_words(card.reward))
    mission, _plus, reward = text.partition("+")
    return _("“{mission}” (reward: {reward})").format(
        mission=mission_words(mission), reward=reward_words(reward))


def search_words(args: dict[str, Any]) -> str:
    """How Alexis found his spot: 'the nearest spot where it fits, going north (up) from
    your last tile'."""
    direction = str(args.get("direction"))
    way = _(SEARCH[direction]) if direction in SEARCH else _("along your row or column")
    if args.get("from_last"):
        return _("the nearest spot where it fits, going {way} from your last tile").format(way=way)
    return _("the nearest spot where it fits, going {way} from the middle of the map").format(
        way=way)


def _seat_name(view: SeatView | None, seat: object) -> str:
    if view is not None and isinstance(seat, int):
        for s in view["seats"]:
            if s["seat"] == seat:
                return str(s["name"])
    return _("the next player")


def _alexis_card(card: object) -> str:
    from small_islands.solo import CARD_BY_ID

    c = CARD_BY_ID.get(str(card))
    if c is None:
        return _("a card")
    return alexis_card_words(
        {"kind": c.kind, "slot": c.slot, "directions": list(c.directions), "mission": c.mission}
    )


CANNOT_LAND = {  # translated where shown
    "tiles_left": N_("cannot land yet: tiles are still left to explore this round. He explores"),
    "no_ship": N_("has no ship left to land: he explores"),
    "no_spot": N_("finds no spot for a ship on your row or column: he explores"),
}



def event_html(event: str, args: dict[str, Any], view: SeatView | None) -> str | None:
    """A log event in words, as HTML (None: an event this build does not know)."""
    tile = thumb(str(args.get("tile", "")))
    place = _place(view, args)
    e = escape
    if event == "layout":
        return e(_("arranged the starting tiles"))
    if event == "chose":
        return e(_("chose an objective"))
    if event == "took":
        return e(_("took {tile} from the face-up tiles")).format(tile=tile)
    if event == "stuck":
        return e(_("cannot place any of their 3 tiles"))
    if event == "placed":
        return _at(e(_("placed {tile} {place}")), e(_("placed {tile}")), place, tile=tile)
    if event == "returned":
        return e(_("returned {tile} to the box")).format(tile=tile)
    if event == "no_draw":
        return e(_("has no tile left to draw: the turn passes"))
    if event == "resource_token":
        resource = str(args.get("resource"))
        res = symbol_name(resource) if resource in SYMBOL_ONE else _("a resource")
        return _at(e(_("put a token showing {resource} {place}")),
                   e(_("put a token showing {resource}")), place, resource=e(res))
    if event == "port_token":
        return _at(e(_("put a port token {place}")), e(_("put a port token")), place)
    if event == "landed":
        colour = e(ship_colour(str(args.get("ship", ""))))
        return _at(e(_("landed a {colour} ship {place}")), e(_("landed a {colour} ship")), place,
                   colour=colour)
    if event == "too_few_tiles":
        n = _int(args, "left")
        return e(ngettext("The game is over: {n} tile left, too few for another round.",
                          "The game is over: {n} tiles left, too few for another round.",
                          n).format(n=number(n)))
    if event == "no_tile_left":
        return e(_("finds no face-up tile and cannot land: this is the last reward phase"))
    if event == "revealed":
        return e(_("reveals the objective {objective}").format(
            objective=objective_words(args.get("objective"))))
    if event == "round":
        return e(_("Round {round} begins; {name} plays first").format(
            round=number(_int(args, "round")), name=_seat_name(view, args.get("first"))))
    if event == "built":
        if "draws" in args:
            n = _int(args, "draws")
            gain = ngettext("one Discovery token drawn", "{n} Discovery tokens drawn", n).format(
                n=number(n))
        else:
            gain = _("+{n} PP").format(n=number(_int(args, "pp")))
        return _at(e(_("built a house {place}: {gain}")), e(_("built a house: {gain}")), place,
                   gain=e(gain))
    if event == "kept":
        return e(_("kept a Discovery token"))
    if event == "alexis_card":
        return e(_("draws a card: {card}").format(card=_alexis_card(args.get("card"))))
    if event == "alexis_cannot_land":
        why = str(args.get("why"))
        return e(_(CANNOT_LAND[why]) if why in CANNOT_LAND else _("cannot land: he explores"))
    if event == "alexis_flips":
        return e(_("takes {name}'s ship, flipped to its grey side").format(
            name=_seat_name(view, args.get("owner"))))
    if event == "alexis_landed":
        return _at(e(_("lands a grey ship {place}: {search}")), e(_("lands a grey ship: {search}")),
                   place, search=e(search_words(args)))
    if event == "alexis_empty":
        return e(_("finds the {place} face-up place empty: this is his last reward phase").format(
            place=_(PLACES[_int(args, "slot") % 3])))
    if event == "alexis_removed":
        return e(_("cannot place {tile} on your row or column: he removes it and gains 1 PP")).format(
            tile=tile)
    if event == "alexis_takes":
        return e(_("takes {tile}, to go on {search}")).format(tile=tile, search=e(search_words(args)))
    if event == "alexis_placed":
        return _at(e(_("places {tile} {place}")), e(_("places {tile}")), place, tile=tile)
    if event == "alexis_reward_card":
        return e(_("draws a card for his reward phase: his mission is “{mission}”").format(
            mission=mission_words(str(args.get("mission")))))
    if event == "alexis_house":
        return _at(e(_("builds a house {place}")), e(_("builds a house")), place)
    return None


def _log_html(text: str, view: SeatView | None) -> str:
    """An engine text in words (a log entry without an event, a suggestion's reason)."""
    out = escape(text)

    def card(m: re.Match[str]) -> str:
        from small_islands.solo import CARD_BY_ID

        c = CARD_BY_ID.get(m.group(1))
        if c is None:
            return escape(_("a card"))
        return escape(
            alexis_card_words(
                {"kind": c.kind, "slot": c.slot, "directions": list(c.directions), "mission": c.mission}
            )
        )

    def cell(m: re.Match[str]) -> str:
        if view is None:
            return ""
        return " " + escape(where(view, int(m.group(1)), int(m.group(2))))

    def ident(m: re.Match[str]) -> str:
        kind, code = m.group(1), m.group(0)
        if kind == "T":
            return thumb(code)
        if kind == "M":
            return "“" + escape(mission_words(code)) + "”"
        if kind == "R":
            return "“" + escape(reward_words(code)) + "”"
        if kind == "O" and code in OBJECTIVES:
            return "“" + escape(mission_words(OBJECTIVES[code].mission)) + "”"
        return escape(_("a card"))

    out = _CARD.sub(card, out)
    out = _CELL.sub(cell, out)
    out = re.sub(r", rotation \d", "", out)
    out = re.sub(r"display slot (\d)",
                 lambda m: escape(_("face-up place {n}").format(n=m.group(1))), out)
    return _ID.sub(ident, out)


def log_words(entry: dict[str, Any], view: SeatView | None) -> str:
    """A log entry in plain text (for the live region): pictures as their names."""
    html = log_html(entry, view)
    html = re.sub(r'<span class="thumb" role="img" aria-label="([^"]*)">.*?</svg></span>',
                  lambda m: _("a {tile}").format(tile=m.group(1)), html)

    return unescape_basic(re.sub(r"<[^>]+>", "", html))


def unescape_basic(text: str) -> str:
    """Undo `escape` (for text going to textContent)."""
    return (
        text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
        .replace("&#x27;", "'").replace("&amp;", "&")
    )


def recap(view: SeatView) -> list[dict[str, Any]]:
    """What the other seats did since the viewing seat's previous turn (oldest first): the
    log entries after that turn, skipping the seat's own current turn (`last_moves.since_turn`)."""
    return [e for _, e in since_turn(view["log"], view["seat"])]


# the events whose (x, y) is where a move went on the map (Alexis's "takes" names where his
# tile will go: its "places" follows)
MOVES = frozenset({"placed", "resource_token", "port_token", "landed", "built", "alexis_landed",
                   "alexis_placed", "alexis_house"})


def entry_cells(e: dict[str, Any]) -> list[tuple[int, int]]:
    """The cells a log entry names: its event's (x, y); an entry without one, its text's."""
    args = e.get("args")
    if isinstance(args, dict) and isinstance(e.get("event"), str):
        return [(_int(args, "x"), _int(args, "y"))] if e["event"] in MOVES else []
    return [(int(m.group(1)), int(m.group(2))) for m in _CELL.finditer(str(e.get("text", "")))]


def map_label(view: SeatView) -> str:
    """The map's accessible name: what is on it."""
    b = view["board"]
    islands = [i for i in b["islands"] if i["size"] > 1]
    n_tiles, n_islands, n_houses = len(b["tiles"]), len(islands), len(b["houses"])
    return _("Map: {tiles}, {islands} of 2 or more tiles, {houses}").format(
        tiles=ngettext("one tile", "{n} tiles", n_tiles).format(n=number(n_tiles)),
        islands=ngettext("one island", "{n} islands", n_islands).format(n=number(n_islands)),
        houses=ngettext("one house", "{n} houses", n_houses).format(n=number(n_houses)),
    )


def tile_at_words(view: SeatView, x: int, y: int) -> str:
    """The tile on (x, y) in words, with its place."""
    t = index(view).tiles.get((x, y))
    if t is None:
        return _("an empty spot {beside}").format(beside=neighbour_words(view, x, y))
    name = tile_words(t["points"], t["symbols"], t.get("ship"))
    if t.get("ship"):
        return pgettext("ship", "the {tile}, {where}").format(tile=name, where=where(view, x, y))
    return _("the {tile}, {where}").format(tile=name, where=where(view, x, y))


def target_label(stage: str, view: SeatView, x: int, y: int) -> str:
    """The accessible name of a highlighted spot of the map, by what tapping it does."""
    if stage == "place":
        return _("Place your tile here: {beside}").format(beside=neighbour_words(view, x, y))
    if stage == "land":
        return _("Land the ship here: {beside}").format(beside=neighbour_words(view, x, y))
    if stage == "bonus":
        return _("Port token on {tile}").format(tile=tile_at_words(view, x, y))
    if stage == "focus":
        return _("Show the house spots of {tile}").format(tile=tile_at_words(view, x, y))
    return tile_at_words(view, x, y)


def spot_label(act: str, view: SeatView, x: int, y: int, index: int, number: int | None = None) -> str:
    """The accessible name of a ringed symbol spot (`number`: its "Spot N", drawn beside it)."""
    spot = spot_words(view, x, y)
    if act == "res":
        label = _("Resource token on the {spot}").format(spot=spot)
    elif act == "alexis-house":
        label = _("Alexis builds on the {spot}").format(spot=spot)
    else:
        label = _("House spot on the {spot}").format(spot=spot)
    return label if number is None else _("Spot {n}: {label}").format(n=number, label=label)
