"""Plain words for Ember Isle: the one place that names things for players.

Clue cards by their meaning ("Beside the sea"), columns by their treasure, places by their
terrain and where they lie on the island, refusals by the engine's code. A player never reads
a card id, a tile id, an engine code or a coordinate.

>>> clue("not_near:hut")
'Not within 2 spaces of a hut'
>>> clue("V3")
'Beside lava'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game_shell.wording import count

TERRAIN = {
    "B": "beach", "J": "jungle", "G": "grassland", "M": "mountain", "L": "lake",
    "R": "river", "S": "sea",
}
TREASURES = {"pearl": "Pearl", "jade": "Jade", "obsidian": "Obsidian", "copper": "Copper"}
COLOURS = {"red": "Red", "blue": "Blue", "yellow": "Yellow", "violet": "Violet"}
OBJECTS = {"hut": "hut", "tree": "palm tree", "statue": "statue"}
TRIADS = {"T1": "beach and jungle", "T2": "beach and grassland", "T3": "jungle and grassland",
          "T4": "mountain and beach"}
TILES = {"V1": "beside:volcano", "V2": "not_beside:volcano", "V3": "beside:lava",
         "V4": "not_beside:lava"}
POWERS = {
    "extra_clue": "Play one more clue",
    "extra_move": "One more move (no amulet taken during it)",
    "extra_swap": "Swap your hand once more",
}
DIRECTIONS = ("east", "south-east", "south-west", "west", "north-west", "north-east")
_RELATION = {
    "in": "In {}",
    "not_in": "Not in {}",
    "beside": "Beside {}",
    "not_beside": "Not beside {}",
    "near": "Within 2 spaces of {}",
    "not_near": "Not within 2 spaces of {}",
    "in_largest": "In the largest {}",
    "not_in_largest": "Not in the largest {}",
}
_TARGET = {
    "beach": "beach", "jungle": "jungle", "grassland": "grassland", "mountain": "mountain",
    "lake": "a lake", "river": "a river", "sea": "the sea", "hut": "a hut", "tree": "a palm tree",
    "statue": "a statue", "volcano": "the volcano", "lava": "lava",
}
_IN_TARGET = {"lake": "a lake", "river": "a river"}

REFUSALS = {
    "not_reducing": "That clue would not narrow the search: choose another column or card.",
    "empties_column": "That would leave no possible space for the treasure.",
    "not_illegal_here": "A lava tile needs a card that cannot be played on that column.",
    "tile_in_use": "That lava tile is already on a column.",
    "no_rose": "You have no compass rose left, so you cannot play clues.",
    "sea": "Rovers cannot go into the sea.",
    "volcano": "Nothing can go onto the volcano.",
    "lava_end": "A rover cannot stop on lava.",
    "no_payment": "Crossing onto lava costs an amulet or your best treasure card.",
    "not_adjacent_to_lava": "Lava must go beside the volcano or beside other lava.",
    "statue_hex": "Lava cannot cover a statue.",
    "occupied": "That space is taken.",
    "too_close": "Objects of one kind must stand at least 4 spaces apart.",
    "not_located": "That treasure is not pinned down to one space yet.",
    "not_your_turn": "It is not your turn.",
    "game_over": "The game is over.",
    "cannot_undo": "That cannot be taken back: a card was drawn or shown, or the turn changed.",
    "not_reachable": "The rover cannot reach that space with this bound.",
    "no_amulet": "You have no amulet.",
    "main_action_pending": "Finish your main action first.",
    "power_not_usable": "That amulet power cannot be used now.",
}


def clue(card: str) -> str:
    """A clue card or lava tile in words."""
    card = TILES.get(card, card)
    relation, _, target = card.partition(":")
    pattern = _RELATION.get(relation)
    if pattern is None:
        return "A clue"
    name = _TARGET.get(target, target)
    if relation in ("in", "not_in"):
        name = _IN_TARGET.get(target, target)
    elif relation in ("in_largest", "not_in_largest"):
        name = target
    return pattern.format(name)


def refusal(code: str) -> str:
    """Why an action was refused, in words (never the code)."""
    return REFUSALS.get(code, "That is not possible now.")


def treasure(column: str) -> str:
    return TREASURES.get(column, "A treasure")


def spaces(n: int) -> str:
    return count(n, "space")


def card_value(value: int) -> str:
    return "a Curse" if value == 0 else f"a {value}"


def region(h: tuple[int, int] | list[int]) -> str:
    """Where on the island a space lies, in words (no coordinate)."""
    q, r = h[0], h[1]
    x = q + r / 2
    dist = (abs(q) + abs(r) + abs(q + r)) // 2
    if dist <= 1:
        return "at the volcano"
    ns = "north" if r <= -2 else "south" if r >= 2 else ""
    ew = "east" if x >= 1.5 else "west" if x <= -1.5 else ""
    where = "-".join(p for p in (ns, ew) if p) or "centre"
    ring = "near the volcano" if dist <= 3 else "on the coast" if dist >= 5 else "inland"
    return f"{ring}, {where}"


def facing_target(letter: str) -> str:
    """The ground a statue faces, for its facing buttons ("a lake", "the sea", "jungle")."""
    ground = TERRAIN.get(letter, "land")
    return {"sea": "the sea", "lake": "a lake", "river": "a river"}.get(ground, ground)


# `place`, `seat_name` and `log_line` read only a view's board and seats' names: they also
# take the partial view the app builds for its log toasts, hence `Mapping` (a `View` fits).
def place(view: Mapping[str, Any], h: tuple[int, int] | list[int]) -> str:
    """A space in words: its ground and where it lies."""
    key = f"{h[0]},{h[1]}"
    lava = [x for x in view["board"]["lava"] if x[0] == h[0] and x[1] == h[1]]
    ground = "lava" if lava else TERRAIN.get(view["board"]["terrain"].get(key, "S"), "land")
    return f"{ground} {region(h)}"


def seat_name(view: Mapping[str, Any], seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view["seats"]):
        return "Nobody"
    return str(view["seats"][seat]["name"])


def log_line(view: Mapping[str, Any], e: dict[str, Any]) -> str | None:
    """One public log event in words (None: not worth a line)."""
    who = seat_name(view, e.get("seat"))
    kind = e.get("event")
    col = treasure(str(e.get("column", "")))
    lines: dict[str, Callable[[], str]] = {
        "triad": lambda: f"{who} added {TRIADS.get(str(e.get('triad')), 'land')} to the island.",
        "rover": lambda: f"{who} put their rover on the island.",
        "seed": lambda: f"{who} started the {col} column: {clue(str(e.get('card')))}.",
        "clue": lambda: f"{who} played “{clue(str(e.get('card')))}” on {col}: "
        f"{spaces(int(e.get('left', 0)))} left.",
        "lava_tile": lambda: f"{who} put the lava tile “{clue(str(e.get('tile')))}” on {col}: "
        f"{spaces(int(e.get('left', 0)))} left.",
        "bound": lambda: f"{who} moved to {place(view, e['hex'])}.",
        "pass": lambda: f"{who} stayed put.",
        "swap": lambda: f"{who} swapped their clue hand.",
        "raise": lambda: f"{who} raised the {col} treasure!",
        "reveal": lambda: f"Revealed: {card_value(int(e.get('card', 0)))}.",
        "claim": lambda: f"{who} claimed {card_value(int(e.get('card', 0)))}.",
        "decline": lambda: f"{who} let {card_value(int(e.get('card', 0)))} pass.",
        "unclaimed": lambda: f"Nobody took {card_value(int(e.get('card', 0)))}.",
        "curse_paid": lambda: f"{who} warded off the Curse with "
        + ("an amulet." if e.get("paid") == "amulet" else "their best treasure card."),
        "curse_nothing": lambda: f"The Curse found nothing to take from {who}.",
        "new_clue": lambda: f"A new {col} column starts: {clue(str(e.get('card')))}.",
        "amulet_appears": lambda: f"A statue made an amulet ({region(e['hex'])}).",
        "amulet_taken": lambda: f"{who} picked up an amulet.",
        "lava": lambda: f"{who} let lava flow ({region(e['hex'])})"
        + (f", burying a {OBJECTS.get(str(e.get('destroyed')), 'thing')}." if e.get("destroyed") else "."),
        "lava_paid": lambda: f"{who} crossed onto lava, paying "
        + ("an amulet." if e.get("paid") == "amulet" else "their best treasure card."),
        "power": lambda: f"{who} spent an amulet: {POWERS.get(str(e.get('power')), 'a power').lower()}.",
        "cube_removed": lambda: f"{who} spent an amulet to rule out a {col} space.",
        "treasure_reshuffle": lambda: "The treasure deck ran out: this is the last distribution.",
        "game_over": lambda: "The game is over.",
        "stall": lambda: "Nobody found anything for 40 turns: the game ends.",
    }
    make = lines.get(str(kind))
    return make() if make else None


def end_reason(reason: str | None) -> str:
    if reason == "stall":
        return "The game ended because no clue was played and no treasure raised for 40 turns."
    return "The game ended when the treasure deck ran out."


def form_problem(exc: Exception) -> str:
    text = str(exc)
    if text.startswith("game number"):
        return ("The game number must be a whole number of up to 15 digits (0-9 only), or "
                "left empty for a new game each time.")
    if "name" in text:
        return "Every player needs a name of 1 to 40 characters."
    if "seats" in text:
        return "Ember Isle is for 2 to 4 players."
    return "These settings cannot start a game."


def save_problem() -> str:
    return ("The saved Ember Isle game could not be read. It is kept on this device; "
            "you can start a new one.")


def pass_why(phase: str, stage: str = "") -> str:
    """The pass screen's line: why the device changes hands (also painted first at a reload,
    `first_paint`): only a screen showing a secret card comes after it (`handoff`)."""
    if stage == "ward":
        return "A Curse: they choose what to give up. Nothing secret is shown until they tap."
    if phase == "distribution":
        return ("A treasure is shared: they see their secret cards (the ones they were dealt "
                "to look at) and answer. Nothing secret is shown until they tap.")
    return "It is their turn. Nothing secret is shown until they tap."
