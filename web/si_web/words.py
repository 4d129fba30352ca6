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

from game_shell.i18n import N_
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
SYMBOL_NAMES = {
    "flower": ("a flower", "flowers"),
    "fruit": ("a fruit", "fruits"),
    "leaf": ("a leaf", "leaves"),
    "temple": ("a temple", "temples"),
    "port": ("a port", "ports"),
    "house": ("a house spot", "house spots"),
}
DIRECTIONS = {"N": "north", "E": "east", "S": "south", "W": "west"}
# Alexis's search along a row or a column, as a player reads the map
SEARCH = {"N": "north (up)", "E": "east (to the right)", "S": "south (down)", "W": "west (to the left)"}
PLACES = ("first", "second", "third")
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
    "bad_rotation": "That turn of the tile does not fit here: try another.",
    "off_table": "That spot is off the table.",
    "cell_occupied": "That spot already holds a tile: choose an empty highlighted spot.",
    "not_adjacent": "That spot must touch a tile: choose a highlighted spot.",
    "terrain_mismatch": "Your tile does not fit there in any turn: land must meet land and sea "
    "meet sea. Choose a highlighted spot.",
    "no_landscape_tile": "There is no island tile there.",
    "not_a_house_location": "Houses go on the ringed house spots.",
    "location_taken": "That house spot already holds a house.",
    "island_too_small": "Houses need an island of at least 2 tiles.",
    "house_already_there": "You already have a house on that island.",
    "not_a_resource": "A resource token goes on a flower, a fruit or a leaf.",
    "bad_resource": "Choose a flower, a fruit or a leaf.",
    "same_resource": "The token must show a different resource from the one printed.",
    "not_coastal": "Port tokens go on a tile with a coast.",
    "too_many_ports": "That tile already has 2 ports.",
    "bad_layout": "The starting tiles must join and fit: land on land, sea on sea.",
    "not_in_middle": "Starting tiles go in the dashed middle area.",
    "game_over": "The game is over.",
    "not_your_turn": "It is not your turn.",
    "wrong_phase": "That is not possible at this step.",
    "not_allowed": "That is not possible at this step.",
    "wrong_step": "That is not possible at this step.",
    "bad_field": "That is not possible here.",
    "bad_slot": "That face-up tile is not there.",
    "empty_slot": "That face-up place is empty.",
    "not_in_hand": "That tile is not in your hand.",
    "discard_not_allowed": "One of your tiles can still be placed: place it instead.",
    "no_bonus_tokens": "You have no bonus tokens left.",
    "land_not_allowed": "Ships may land only once this round's tiles are all explored.",
    "ship_unavailable": "That ship is not yours to land.",
    "no_houses_in_stock": "You have no houses left in stock.",
    "no_objective": "You have no objective this round.",
    "mission_not_met": "That island does not meet your mission.",
    "choice_required": "Choose which resource this house scores.",
    "bad_choice": "Choose which resource this house scores.",
    "keep_discovery_first": "First keep one of the Discovery tokens.",
    "nothing_to_keep": "There is no Discovery token to keep.",
    "bad_index": "There is no Discovery token to keep.",
    "cannot_undo": "This cannot be undone: something hidden was revealed since.",
    "not_held": "Choose one of your objective cards.",
    "same_card": "Keep one card for this round and a different one for the next.",
    "bad_objective": "Build this round's objective from one mission and one reward.",
    "not_a_choice": "Choose one of the ringed house spots.",
}
DEFAULT_REFUSAL = "That is not possible here."

# Why Undo is not available, by `Game.undo_blocker` code.
UNDO_BLOCKED = {
    "nothing_played": "Nothing to undo yet: no move has been made.",
    "turn_passed": "Nothing to undo: Undo takes back only your own moves of this turn.",
    "tile_drawn": "Undo is not possible: a hidden tile was drawn.",
    "tile_turned": "Undo is not possible: a new tile was turned face up.",
    "discovery_drawn": "Undo is not possible: Discovery tokens were drawn.",
    "objective_revealed": "Undo is not possible: an objective was revealed.",
    "cards_dealt": "Undo is not possible: new objective cards were dealt.",
    "automaton_card": "Undo is not possible: Alexis turned over a card.",
    "game_over": "The game is over.",
}


def undo_blocked(code: str) -> str:
    """Why Undo is not available, in words."""
    return UNDO_BLOCKED.get(code, "Undo is not possible: something hidden was revealed.")


def join(items: Sequence[str]) -> str:
    """'a, b and c'."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def symbols_words(symbols: Sequence[str]) -> str:
    """'2 flowers, a fruit and a house spot' (printed order of first appearance)."""
    counts: dict[str, int] = {}
    for s in symbols:
        counts[s] = counts.get(s, 0) + 1
    return join([plural(n, *SYMBOL_NAMES.get(s, (f"a {s}", s + "s"))) for s, n in counts.items()])


def sea_words(points: str) -> str:
    """Where a tile (its points already turned) meets the sea: 'sea to the south and west'."""
    if "S" not in points:
        return ""
    if "L" not in points:
        return "open sea"
    sides = [d for d, i in EDGE_INDEX.items() if points[i] == "S"]
    land = [d for d, i in EDGE_INDEX.items() if points[i] == "L"]
    if not sides:
        corners = [d for d, i in CORNER_INDEX.items() if points[i] == "S"]
        return "sea only at the " + join(corners) + " corner" + ("s" if len(corners) > 1 else "")
    if len(land) == 1:
        return f"a tip of land reaching {land[0]}"
    if len(land) == 2 and set(land) in ({"north", "south"}, {"east", "west"}):
        return f"a strip of land from {land[0]} to {land[1]}"
    return "sea to the " + join(sides)


def tile_words(points: str, symbols: Sequence[str], ship: str | None = None) -> str:
    """A tile's accessible name, its points as shown: kind, symbols, where the sea is."""
    if ship is not None:
        return f"{ship} ship ({COLOUR_MARKS.get(ship, 'plain')} mark)"
    kind = "land tile" if "S" not in points else "coast tile"
    parts = [symbols_words(symbols) or "no symbols"]
    sea = sea_words(points)
    return f"{kind}: {parts[0]}" + (f"; {sea}" if sea else "")


def refusal(exc: IllegalAction | None, view: SeatView | None = None) -> str:
    """What to do instead, for a refused action (never the engine's message)."""
    if exc is None:
        return DEFAULT_REFUSAL
    text = REFUSALS.get(exc.code, DEFAULT_REFUSAL)
    objective = view.get("objective") if view else None
    if exc.code == "mission_not_met" and objective:
        text = f"That island does not meet your mission: {objective['mission_text']}."
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
    return f"in the {d} of the map" if d else "in the middle of the map"


def island_of(view: SeatView, x: int, y: int) -> IslandView | None:
    """The island (of the view's board) holding (x, y), if any."""
    return index(view).islands.get((x, y))


def island_words(island: IslandView | None) -> str:
    """'an island of 4 tiles (complete)'."""
    if island is None:
        return ""
    size = island["size"]
    text = "a one-tile island" if size == 1 else f"an island of {size} tiles"
    return text + (", complete" if island["complete"] else "")


def where(view: SeatView, x: int, y: int) -> str:
    """A place on the map in words: its island and its part of the map."""
    island = island_of(view, x, y)
    if island is not None and island["size"] > 1:
        return f"on {island_words(island)} {area_words(view, x, y)}"
    return area_words(view, x, y)


def neighbour_words(view: SeatView, x: int, y: int) -> str:
    """An empty spot named by a tile beside it: 'east of the coast tile with a temple'."""
    by_cell = index(view).tiles
    for dx, dy, side in ((0, 1, "north"), (-1, 0, "east"), (0, -1, "south"), (1, 0, "west")):
        t = by_cell.get((x + dx, y + dy))
        if t is None:
            continue
        if t.get("ship"):
            return f"{side} of the {t['ship']} ship"
        what = symbols_words(t["symbols"])
        kind = "land tile" if "S" not in t["points"] else "coast tile"
        return f"{side} of a {kind}" + (f" with {what}" if what else "")
    return area_words(view, x, y)


def mission_words(mission: str) -> str:
    """A mission card by its text."""
    return MISSIONS[mission].text if mission in MISSIONS else "a mission"


def reward_words(reward: str) -> str:
    """A reward card by its text."""
    return REWARDS[reward].text if reward in REWARDS else "a reward"


def alexis_card_words(card: dict[str, Any]) -> str:
    """Alexis's exploration card in words (its kind, face-up place, directions, mission)."""
    order = ", then ".join(DIRECTIONS.get(d, d) for d in card.get("directions", []))
    slot = PLACES[card.get("slot", 0) % 3]
    kind = (
        "Land a grey ship if he can, else explore"
        if card.get("kind") == "land"
        else "Explore"
    )
    return (
        f"{kind}: the {slot} face-up tile, placed on your row or column looking {order}. "
        f"His mission: {mission_words(card.get('mission', ''))}."
    )


def form_problem(exc: Exception, names: Sequence[str]) -> str:
    """The new-game form's problem in words (never the engine's message)."""
    if any(not n.strip() for n in names):
        return "Give every player a name."
    if any(len(n.strip()) > 40 for n in names):
        return "Names can be at most 40 characters long."
    text = str(exc)
    if "colours" in text:
        return "Give every player a different colour."
    return "These settings cannot start a game; check the players and options."


def save_problem(reason: str) -> str:
    """Why a saved game cannot be loaded, in words (the engine's reason goes to the console)."""
    if "newer version" in reason:
        return (
            "This game was saved by a newer version of Small Islands. Reload the app when it "
            "offers an update to continue it."
        )
    if "unsupported save format" in reason or "not a Small Islands save" in reason:
        return "The saved data is not a Small Islands game."
    if "JSON" in reason or "UTF-8" in reason or "nested" in reason or "must be text" in reason:
        return "The saved data is damaged: it is not a readable save."
    return "The saved game no longer replays in this version of the app: one of its moves is not valid."


def action_words(action: Action) -> str:
    """A short verb phrase for an action (for messages that name what was tried)."""
    return action.type.replace("_", " ")


def spot_words(view: SeatView, x: int, y: int) -> str:
    """A symbol spot (house spot, resource) named by its tile and island."""
    t = index(view).tiles.get((x, y))
    tile = tile_words(t["points"], t["symbols"]) if t else "a tile"
    return f"{tile}, {where(view, x, y)}"


_ID = re.compile(r"\b([TMORE]|L)(\d{1,2})\b")
_CELL = re.compile(r"(?: at| is)? \((\d+), (\d+)\)")
_CARD = re.compile(r"\b([EL]\d{1,2}): [^;]*?, mission M\d{1,2}")


def _thumb(tile_id: str) -> str:
    """A tile's picture (with its name in words) inside a log line."""
    from .board_svg import mini_tile_svg

    t = TILE_BY_ID.get(tile_id)
    if t is None:
        return "a tile"
    name = escape(tile_words(t.points, t.symbols))
    return f'<span class="thumb" role="img" aria-label="{name}">{mini_tile_svg(t.points, t.symbols)}</span>'


_LOG_CACHE: dict[tuple[str, int, int, str], str] = {}


def log_html(entry: dict[str, Any], view: SeatView | None) -> str:
    """A log entry in words, as HTML: tiles as pictures, places by what is there, cards by
    their text, from the entry's event (`event_html`; an entry without one, from its engine
    text: `_log_html`). (The engine text stays in the save's replay and the console.)
    Cached per entry and map state: the log is drawn again after every tap."""
    text = str(entry.get("text", ""))
    board = view["board"] if view else None
    tiles = board["tiles"] if board else []
    last = f"{tiles[0]['id']}{tiles[-1]['id']}{tiles[-1]['x']},{tiles[-1]['y']}" if tiles else ""
    key = (text + str(entry.get("args", "")), len(tiles), len(board["islands"]) if board else 0, last)
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
    """' on an island of 4 tiles in the north of the map' ('' without a view)."""
    if view is None:
        return ""
    return " " + escape(where(view, _int(args, "x"), _int(args, "y")))


def _objective(objective: object) -> str:
    """An objective (a Normal card, or Advanced's mission+reward) by its cards' texts."""
    text = str(objective)
    if text in OBJECTIVES:
        card = OBJECTIVES[text]
        return f"“{mission_words(card.mission)}” (reward: {reward_words(card.reward)})"
    mission, _, reward = text.partition("+")
    return f"“{mission_words(mission)}” (reward: {reward_words(reward)})"


def search_words(args: dict[str, Any]) -> str:
    """How Alexis found his spot: 'the nearest spot where it fits, going north (up) from
    your last tile'."""
    way = SEARCH.get(str(args.get("direction")), "along your row or column")
    start = "your last tile" if args.get("from_last") else "the middle of the map"
    return f"the nearest spot where it fits, going {way} from {start}"


def _seat_name(view: SeatView | None, seat: object) -> str:
    if view is not None and isinstance(seat, int):
        for s in view["seats"]:
            if s["seat"] == seat:
                return str(s["name"])
    return "the next player"


def _alexis_card(card: object) -> str:
    from small_islands.solo import CARD_BY_ID

    c = CARD_BY_ID.get(str(card))
    if c is None:
        return "a card"
    return alexis_card_words(
        {"kind": c.kind, "slot": c.slot, "directions": list(c.directions), "mission": c.mission}
    )


CANNOT_LAND = {
    "tiles_left": "cannot land yet: tiles are still left to explore this round. He explores",
    "no_ship": "has no ship left to land: he explores",
    "no_spot": "finds no spot for a ship on your row or column: he explores",
}


def event_html(event: str, args: dict[str, Any], view: SeatView | None) -> str | None:
    """A log event in words, as HTML (None: an event this build does not know)."""
    tile = _thumb(str(args.get("tile", "")))
    place = _place(view, args)
    e = escape
    if event == "layout":
        return "arranged the starting tiles"
    if event == "chose":
        return "chose an objective"
    if event == "took":
        return f"took {tile} from the face-up tiles"
    if event == "stuck":
        return "cannot place any of their 3 tiles"
    if event == "placed":
        return f"placed {tile}{place}"
    if event == "returned":
        return f"returned {tile} to the box"
    if event == "no_draw":
        return "has no tile left to draw: the turn passes"
    if event == "resource_token":
        res = SYMBOL_NAMES.get(str(args.get("resource")), ("a resource", ""))[0]
        return f"put a token showing {e(res)}{place}"
    if event == "port_token":
        return f"put a port token{place}"
    if event == "landed":
        return f"landed a {e(str(args.get('ship', '')))} ship{place}"
    if event == "too_few_tiles":
        left = count(_int(args, "left"), "tile")
        return f"The game is over: {left} left, too few for another round."
    if event == "no_tile_left":
        return "finds no face-up tile and cannot land: this is the last reward phase"
    if event == "revealed":
        return f"reveals the objective {e(_objective(args.get('objective')))}"
    if event == "round":
        return (f"Round {_int(args, 'round')} begins; "
                f"{e(_seat_name(view, args.get('first')))} plays first")
    if event == "built":
        if "draws" in args:
            gain = plural(_int(args, "draws"), "one Discovery token drawn", "Discovery tokens drawn")
        else:
            gain = f"+{_int(args, 'pp')} PP"
        return f"built a house{place}: {gain}"
    if event == "kept":
        return "kept a Discovery token"
    if event == "alexis_card":
        return f"draws a card: {e(_alexis_card(args.get('card')))}"
    if event == "alexis_cannot_land":
        return CANNOT_LAND.get(str(args.get("why")), "cannot land: he explores")
    if event == "alexis_flips":
        return f"takes {e(_seat_name(view, args.get('owner')))}'s ship, flipped to its grey side"
    if event == "alexis_landed":
        return f"lands a grey ship{place}: {e(search_words(args))}"
    if event == "alexis_empty":
        return (f"finds the {PLACES[_int(args, 'slot') % 3]} face-up place empty: "
                "this is his last reward phase")
    if event == "alexis_removed":
        return f"cannot place {tile} on your row or column: he removes it and gains 1 PP"
    if event == "alexis_takes":
        return f"takes {tile}, to go on {e(search_words(args))}"
    if event == "alexis_placed":
        return f"places {tile}{place}"
    if event == "alexis_reward_card":
        return (f"draws a card for his reward phase: his mission is "
                f"“{e(mission_words(str(args.get('mission'))))}”")
    if event == "alexis_house":
        return f"builds a house{place}"
    return None


def _log_html(text: str, view: SeatView | None) -> str:
    """An engine text in words (a log entry without an event, a suggestion's reason)."""
    out = escape(text)

    def card(m: re.Match[str]) -> str:
        from small_islands.solo import CARD_BY_ID

        c = CARD_BY_ID.get(m.group(1))
        if c is None:
            return "a card"
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
            return _thumb(code)
        if kind == "M":
            return "“" + escape(mission_words(code)) + "”"
        if kind == "R":
            return "“" + escape(reward_words(code)) + "”"
        if kind == "O" and code in OBJECTIVES:
            return "“" + escape(mission_words(OBJECTIVES[code].mission)) + "”"
        return "a card"

    out = _CARD.sub(card, out)
    out = _CELL.sub(cell, out)
    out = re.sub(r", rotation \d", "", out)
    out = re.sub(r"display slot (\d)", lambda m: f"face-up place {m.group(1)}", out)
    return _ID.sub(ident, out)


def log_words(entry: dict[str, Any], view: SeatView | None) -> str:
    """A log entry in plain text (for the live region): pictures as their names."""
    html = log_html(entry, view)
    html = re.sub(r'<span class="thumb" role="img" aria-label="([^"]*)">.*?</svg></span>', r"a \1", html)
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
    return (
        f"Map: {plural(len(b['tiles']), 'one tile', 'tiles')}, "
        f"{plural(len(islands), 'one island', 'islands')} of 2 or more tiles, "
        f"{plural(len(b['houses']), 'one house', 'houses')}"
    )


def tile_at_words(view: SeatView, x: int, y: int) -> str:
    """The tile on (x, y) in words, with its place."""
    t = index(view).tiles.get((x, y))
    if t is None:
        return "an empty spot " + neighbour_words(view, x, y)
    return f"the {tile_words(t['points'], t['symbols'], t.get('ship'))}, {where(view, x, y)}"


def target_label(stage: str, view: SeatView, x: int, y: int) -> str:
    """The accessible name of a highlighted spot of the map, by what tapping it does."""
    if stage == "place":
        return f"Place your tile here: {neighbour_words(view, x, y)}"
    if stage == "land":
        return f"Land the ship here: {neighbour_words(view, x, y)}"
    if stage == "bonus":
        return f"Port token on {tile_at_words(view, x, y)}"
    if stage == "focus":
        return f"Show the house spots of {tile_at_words(view, x, y)}"
    return tile_at_words(view, x, y)


def spot_label(act: str, view: SeatView, x: int, y: int, index: int, number: int | None = None) -> str:
    """The accessible name of a ringed symbol spot (`number`: its "Spot N", drawn beside it)."""
    lead = f"Spot {number}: " if number is not None else ""
    if act == "res":
        return f"{lead}Resource token on the {spot_words(view, x, y)}"
    if act == "alexis-house":
        return f"{lead}Alexis builds on the {spot_words(view, x, y)}"
    return f"{lead}House spot on the {spot_words(view, x, y)}"
