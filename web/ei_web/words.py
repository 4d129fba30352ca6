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

from game_shell.i18n import N_, _, ngettext, number

from .clue_words import CLUES

TERRAIN = {
    "B": N_("beach"), "J": N_("jungle"), "G": N_("grassland"), "M": N_("mountain"), "L": N_("lake"),
    "R": N_("river"), "S": N_("sea"),
}
TREASURES = {"pearl": N_("Pearl"), "jade": N_("Jade"), "obsidian": N_("Obsidian"), "copper": N_("Copper")}
COLOURS = {"red": N_("Red"), "blue": N_("Blue"), "yellow": N_("Yellow"), "violet": N_("Violet")}
OBJECTS = {"hut": N_("hut"), "tree": N_("palm tree"), "statue": N_("statue")}
# an object with its article, said whole ("a hut": "une hutte")
A_OBJECT = {"hut": N_("a hut"), "tree": N_("a palm tree"), "statue": N_("a statue")}
TRIADS = {"T1": N_("beach and jungle"), "T2": N_("beach and grassland"),
          "T3": N_("jungle and grassland"), "T4": N_("mountain and beach")}
TILES = {"V1": "beside:volcano", "V2": "not_beside:volcano", "V3": "beside:lava",
         "V4": "not_beside:lava"}
POWERS = {
    "extra_clue": N_("Play one more clue"),
    "extra_move": N_("One more move (no amulet taken during it)"),
    "extra_swap": N_("Swap your hand once more"),
}
DIRECTIONS = (N_("east"), N_("south-east"), N_("south-west"), N_("west"), N_("north-west"),
              N_("north-east"))
REFUSALS = {
    "not_reducing": N_("That clue would not narrow the search: choose another column or card."),
    "empties_column": N_("That would leave no possible space for the treasure."),
    "not_illegal_here": N_("A lava tile needs a card that cannot be played on that column."),
    "tile_in_use": N_("That lava tile is already on a column."),
    "no_rose": N_("You have no compass rose left, so you cannot play clues."),
    "sea": N_("Rovers cannot go into the sea."),
    "volcano": N_("Nothing can go onto the volcano."),
    "lava_end": N_("A rover cannot stop on lava."),
    "no_payment": N_("Crossing onto lava costs an amulet or your best treasure card."),
    "not_adjacent_to_lava": N_("Lava must go beside the volcano or beside other lava."),
    "statue_hex": N_("Lava cannot cover a statue."),
    "occupied": N_("That space is taken."),
    "too_close": N_("Objects of one kind must stand at least 4 spaces apart."),
    "not_located": N_("That treasure is not pinned down to one space yet."),
    "not_your_turn": N_("It is not your turn."),
    "game_over": N_("The game is over."),
    "cannot_undo": N_("That cannot be taken back: a card was drawn or shown, or the turn changed."),
    "not_reachable": N_("The rover cannot reach that space with this bound."),
    "no_amulet": N_("You have no amulet."),
    "main_action_pending": N_("Finish your main action first."),
    "power_not_usable": N_("That amulet power cannot be used now."),
}


def named(table: Mapping[str, str], key: str, otherwise: str) -> str:
    """`table`'s words for `key` (marked with `N_`), else `otherwise`, in the language shown."""
    return _(table.get(key, otherwise))


def clue(card: str) -> str:
    """A clue card or lava tile in words."""
    return named(CLUES, TILES.get(card, card), N_("A clue"))


def refusal(code: str) -> str:
    """Why an action was refused, in words (never the code)."""
    return named(REFUSALS, code, N_("That is not possible now."))


def treasure(column: str) -> str:
    return named(TREASURES, column, N_("A treasure"))


def ground(letter: str) -> str:
    """A terrain's name ("beach"; "land" for an unknown letter)."""
    return named(TERRAIN, letter, N_("land"))


def thing(kind: str) -> str:
    """An object's name ("hut", "palm tree"; "thing" for an unknown kind)."""
    return named(OBJECTS, kind, N_("thing"))


def a_thing(kind: str) -> str:
    """An object with its article ("a hut")."""
    return named(A_OBJECT, kind, N_("a thing"))


def triad(code: str) -> str:
    """A piece of land in words ("beach and jungle")."""
    return named(TRIADS, code, N_("land"))


def power(code: str) -> str:
    return named(POWERS, code, N_("A power"))


def direction(facing: int) -> str:
    return _(DIRECTIONS[facing])


def spaces(n: int) -> str:
    return ngettext("{n} space", "{n} spaces", n).format(n=number(n))


def card_value(value: int) -> str:
    return _("a Curse") if value == 0 else _("a {value}").format(value=number(value))


_RINGS = {"volcano": N_("at the volcano"), "near": N_("near the volcano"),
          "coast": N_("on the coast"), "inland": N_("inland")}
_SIDES = {"north": N_("north"), "south": N_("south"), "east": N_("east"), "west": N_("west"),
          "north-east": N_("north-east"), "north-west": N_("north-west"),
          "south-east": N_("south-east"), "south-west": N_("south-west"), "centre": N_("centre")}


def region(h: tuple[int, int] | list[int]) -> str:
    """Where on the island a space lies, in words (no coordinate)."""
    q, r = h[0], h[1]
    x = q + r / 2
    dist = (abs(q) + abs(r) + abs(q + r)) // 2
    if dist <= 1:
        return _(_RINGS["volcano"])
    ns = "north" if r <= -2 else "south" if r >= 2 else ""
    ew = "east" if x >= 1.5 else "west" if x <= -1.5 else ""
    where = "-".join(p for p in (ns, ew) if p) or "centre"
    ring = "near" if dist <= 3 else "coast" if dist >= 5 else "inland"
    return _("{ring}, {side}").format(ring=_(_RINGS[ring]), side=_(_SIDES[where]))


_FACED = {"sea": N_("the sea"), "lake": N_("a lake"), "river": N_("a river")}


def facing_target(letter: str) -> str:
    """The ground a statue faces, for its facing buttons ("a lake", "the sea", "jungle")."""
    name = TERRAIN.get(letter, "land")
    faced = _FACED.get(name)
    return _(faced) if faced is not None else ground(letter)


# `place`, `seat_name` and `log_line` read only a view's board and seats' names: they also
# take the partial view the app builds for its log toasts, hence `Mapping` (a `View` fits).
def place(view: Mapping[str, Any], h: tuple[int, int] | list[int]) -> str:
    """A space in words: its ground and where it lies."""
    key = f"{h[0]},{h[1]}"
    lava = [x for x in view["board"]["lava"] if x[0] == h[0] and x[1] == h[1]]
    name = _("lava") if lava else ground(view["board"]["terrain"].get(key, "S"))
    return _("{ground} {where}").format(ground=name, where=region(h))


def seat_name(view: Mapping[str, Any], seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view["seats"]):
        return _("Nobody")
    return str(view["seats"][seat]["name"])


def log_line(view: Mapping[str, Any], e: dict[str, Any]) -> str | None:
    """One public log event in words (None: not worth a line)."""
    who = seat_name(view, e.get("seat"))
    kind = e.get("event")
    col = treasure(str(e.get("column", "")))
    value = e.get("card", 0)
    card = card_value(value) if isinstance(value, int) else ""
    left = spaces(int(e.get("left", 0) or 0))
    amulet = e.get("paid") == "amulet"
    lines: dict[str, Callable[[], str]] = {
        "triad": lambda: _("{who} added {land} to the island.").format(
            who=who, land=triad(str(e.get("triad")))),
        "rover": lambda: _("{who} put their rover on the island.").format(who=who),
        "seed": lambda: _("{who} started the {treasure} column: {clue}.").format(
            who=who, treasure=col, clue=clue(str(e.get("card")))),
        "clue": lambda: _("{who} played “{clue}” on {treasure}: {spaces} left.").format(
            who=who, clue=clue(str(e.get("card"))), treasure=col, spaces=left),
        "lava_tile": lambda: _("{who} put the lava tile “{clue}” on {treasure}: {spaces} left.")
        .format(who=who, clue=clue(str(e.get("tile"))), treasure=col, spaces=left),
        "bound": lambda: _("{who} moved to {place}.").format(who=who, place=place(view, e["hex"])),
        "pass": lambda: _("{who} stayed put.").format(who=who),
        "swap": lambda: _("{who} swapped their clue hand.").format(who=who),
        "raise": lambda: _("{who} raised the {treasure} treasure!").format(who=who, treasure=col),
        "reveal": lambda: _("Revealed: {card}.").format(card=card),
        "claim": lambda: _("{who} claimed {card}.").format(who=who, card=card),
        "decline": lambda: _("{who} let {card} pass.").format(who=who, card=card),
        "unclaimed": lambda: _("Nobody took {card}.").format(card=card),
        "curse_paid": lambda: (_("{who} warded off the Curse with an amulet.") if amulet else
                               _("{who} warded off the Curse with their best treasure card."))
        .format(who=who),
        "curse_nothing": lambda: _("The Curse found nothing to take from {who}.").format(who=who),
        "new_clue": lambda: _("A new {treasure} column starts: {clue}.").format(
            treasure=col, clue=clue(str(e.get("card")))),
        "amulet_appears": lambda: _("A statue made an amulet ({where}).").format(
            where=region(e["hex"])),
        "amulet_taken": lambda: _("{who} picked up an amulet.").format(who=who),
        "lava": lambda: (_("{who} let lava flow ({where}), burying {thing}.") if e.get("destroyed")
                         else _("{who} let lava flow ({where}).")).format(
            who=who, where=region(e["hex"]), thing=a_thing(str(e.get("destroyed")))),
        "lava_paid": lambda: (_("{who} crossed onto lava, paying an amulet.") if amulet else
                              _("{who} crossed onto lava, paying their best treasure card."))
        .format(who=who),
        "power": lambda: _("{who} spent an amulet: {power}.").format(
            who=who, power=lower_first(power(str(e.get("power"))))),
        "cube_removed": lambda: _("{who} spent an amulet to rule out a {treasure} space.").format(
            who=who, treasure=col),
        "treasure_reshuffle": lambda: _("The treasure deck ran out: this is the last distribution."),
        "game_over": lambda: _("The game is over."),
        "stall": lambda: _("Nobody found anything for 40 turns: the game ends."),
    }
    make = lines.get(str(kind))
    return make() if make else None


def lower_first(text: str) -> str:
    """A power's name inside a sentence ("Play one more clue": "play one more clue")."""
    return text[:1].lower() + text[1:]


def end_reason(reason: str | None) -> str:
    if reason == "stall":
        return _("The game ended because no clue was played and no treasure raised for 40 turns.")
    return _("The game ended when the treasure deck ran out.")


def form_problem(exc: Exception) -> str:
    text = str(exc)
    if text.startswith("game number"):
        return _("The game number must be a whole number of up to 15 digits (0-9 only), or "
                 "left empty for a new game each time.")
    if "name" in text:
        return _("Every player needs a name of 1 to 40 characters.")
    if "seats" in text:
        return _("Ember Isle is for 2 to 4 players.")
    return _("These settings cannot start a game.")


def save_problem() -> str:
    return _("The saved Ember Isle game could not be read. It is kept on this device; "
             "you can start a new one.")


def pass_why(phase: str, stage: str = "") -> str:
    """The pass screen's line: why the device changes hands (also painted first at a reload,
    `first_paint`): only a screen showing a secret card comes after it (`handoff`)."""
    if stage == "ward":
        return _("A Curse: they choose what to give up. Nothing secret is shown until they tap.")
    if phase == "distribution":
        return _("A treasure is shared: they see their secret cards (the ones they were dealt "
                 "to look at) and answer. Nothing secret is shown until they tap.")
    return _("It is their turn. Nothing secret is shown until they tap.")
