"""The device seat's decision, from its view and its legal actions: what the map marks, what
the confirm button would play, and the labels of the step's buttons. Pure functions over the
engine's JSON view and `Action` values (so every offer is a legal action, never invented).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ember_isle import (
    Action,
    Bound,
    BuyPower,
    PlaceLava,
    PlaceObject,
    PlaceRover,
    PlaceTriad,
    PlayClue,
    PlayLavaTile,
    Raise,
    RemoveCube,
    WardCurse,
)
from ember_isle.hexes import DIRECTIONS
from ember_isle.view import SeatPartView, View, candidates_after
from game_shell.i18n import N_, _, number

from . import words
from .board import Hex, key

TRIAD_FIELDS = ("new", "match", "lava")
TRIAD_ASK = {
    "new": N_("Tap a highlighted sea space: the new land goes there."),
    "match": N_("Tap the highlighted space of the same ground that the land joins."),
    "lava": N_("Tap where the triad's lava goes."),
}
SIMPLE = {
    "pass": N_("Stay put"),
    "swap": N_("Swap my clues"),
    "end_turn": N_("End my turn"),
    "stop_move": N_("Stop here"),
    "take_amulet": N_("Take the amulet"),
    "leave_amulet": N_("Leave the amulet"),
    "claim": N_("Take this card"),
    "decline": N_("Let it pass"),
}
CONFIRM = {
    "bound": N_("Move here"),
    "place_lava": N_("Let lava flow here"),
    "place_rover": N_("Put my rover here"),
    "place_triad": N_("Add this land"),
    "remove_cube": N_("Rule out this space"),
    "place_object": N_("Place it here"),
}


@dataclass
class Sel:
    """The seat's unfinished choices (cleared after each action)."""

    card: str | None = None
    option: tuple[str, str | None] | None = None  # (column, lava tile or None)
    triad: str | None = None
    fixed: dict[str, Hex] = field(default_factory=dict)
    hex: Hex | None = None
    cube: str | None = None  # choosing a cube of this column to rule out
    facing: int | None = None


def hex_actions(stage: str, legal: list[Action], sel: Sel) -> list[Action]:
    """The legal actions a tap on the map chooses among at this step."""
    if sel.cube is not None:
        return [a for a in legal if isinstance(a, RemoveCube) and a.column == sel.cube]
    if stage == "triads":
        if sel.triad is None:
            return []
        return [a for a in legal if isinstance(a, PlaceTriad) and a.triad == sel.triad
                and all(getattr(a, f) == h for f, h in sel.fixed.items())]
    return [a for a in legal if isinstance(a, Bound | PlaceLava | PlaceRover | PlaceObject)]


def next_field(sel: Sel) -> str | None:
    for f in TRIAD_FIELDS:
        if f not in sel.fixed:
            return f
    return None


def targets(view: View, stage: str, legal: list[Action], sel: Sel) -> dict[Hex, str]:
    """Map targets: hex -> accessible name."""
    acts = hex_actions(stage, legal, sel)
    out: dict[Hex, str] = {}
    t = view["targets"]
    paid = {key(b["hex"]) for b in (t["bounds"] if t is not None else []) if b["lava"]}
    for a in acts:
        if isinstance(a, PlaceTriad):
            f = next_field(sel)
            if f is None:
                continue
            h = key(getattr(a, f))
            said = {"new": _("New land: {place}"), "match": _("Joins: {place}")}.get(f, _("Lava: {place}"))
            out[h] = said.format(place=words.place(view, h))
        else:
            h = key(a.hex)  # type: ignore[attr-defined]
            verb = CONFIRM.get(a.type)
            place = words.place(view, h)
            if isinstance(a, Bound) and h in paid:
                out[h] = _("Move here (crossing onto lava costs an amulet or your best treasure "
                           "card): {place}").format(place=place)
            else:
                out[h] = _("{verb}: {place}").format(verb=_(verb) if verb else _("Choose"), place=place)
    return out


def lava_cost(view: View, action: Action) -> str | None:
    """What a bound onto lava costs the seat to move, in words ("one of your 2 amulets", "your
    best treasure card, the 4"), or None when the action costs nothing. The engine pays an
    amulet when the seat has one, else its highest treasure card."""
    t = view["targets"]
    if not isinstance(action, Bound) or t is None or view["seat"] is None:
        return None
    if not any(b["lava"] and key(b["hex"]) == key(action.hex) for b in t["bounds"]):
        return None
    me = view["seats"][view["seat"]]
    if me["amulets"]:
        if me["amulets"] == 1:
            return _("your amulet")
        return _("one of your {n} amulets").format(n=number(me["amulets"]))
    best = max(me["treasure"] or [0])
    if (me["treasure"] or []).count(best) > 1:
        return _("one of your treasure cards worth {value}").format(value=number(best))
    return _("your best treasure card, the {value}").format(value=number(best))


def chosen(view: View, stage: str, legal: list[Action], sel: Sel) -> Action | None:
    """The action the confirm button plays, when the choices pin one down."""
    if sel.option is not None and sel.card is not None:
        column, tile = sel.option
        want: Action = (PlayClue(sel.card, column) if tile is None
                        else PlayLavaTile(sel.card, tile, column))
        return want if want in legal else None
    if stage == "triads":
        acts = hex_actions(stage, legal, sel)
        return acts[0] if sel.triad is not None and len(acts) == 1 else None
    if sel.hex is None:
        return None
    acts = [a for a in hex_actions(stage, legal, sel) if key(a.hex) == sel.hex]  # type: ignore[attr-defined]
    if len(acts) > 1 and sel.facing is not None:
        acts = [a for a in acts if getattr(a, "facing", None) == sel.facing]
    return acts[0] if len(acts) == 1 else None


def facings(stage: str, legal: list[Action], sel: Sel) -> list[int]:
    """The facings a statue on the chosen space may take (empty: nothing to turn)."""
    if sel.hex is None:
        return []
    return sorted({a.facing for a in hex_actions(stage, legal, sel)
                   if isinstance(a, PlaceObject) and a.facing is not None and key(a.hex) == sel.hex})


def next_object(legal: list[Action]) -> str | None:
    """The kind of object the player places now (hut, tree, statue), if any."""
    return next((a.kind for a in legal if isinstance(a, PlaceObject)), None)


def facing_towards(view: View, h: Hex, facing: int) -> str:
    """What a statue on `h` would face, in words: the ground beside it that way."""
    dq, dr = DIRECTIONS[facing]  # facing 0-5: east, then clockwise
    nxt = f"{h[0] + dq},{h[1] + dr}"
    letter = view["board"]["terrain"].get(nxt, "S")
    if [h[0] + dq, h[1] + dr] in [list(x) for x in view["board"]["volcano"]]:
        return _("the volcano")
    return words.facing_target(letter)


def tap_hex(stage: str, legal: list[Action], sel: Sel, h: Hex) -> bool:
    """Record a tap on the map; False when it is not a target now."""
    acts = hex_actions(stage, legal, sel)
    if stage == "triads" and sel.cube is None:
        f = next_field(sel)
        if f is None or not any(key(getattr(a, f)) == h for a in acts):
            return False
        sel.fixed[f] = h
        # a field that the rest pins down is filled in at once
        rest = [a for a in acts if key(getattr(a, f)) == h]
        for g in TRIAD_FIELDS:
            if g not in sel.fixed and len({key(getattr(a, g)) for a in rest}) == 1:
                sel.fixed[g] = key(getattr(rest[0], g))
        return True
    if not any(key(a.hex) == h for a in acts):  # type: ignore[attr-defined]
        return False
    sel.hex = h
    return True


def clue_options(view: View, legal: list[Action], card: str) -> list[tuple[str, str | None, int]]:
    """Where the card can go: (column, lava tile or None, spaces left) for each legal play."""
    t = view["targets"]
    clue_counts = t["clue_counts"] if t is not None else {}
    tile_counts = t["tile_counts"] if t is not None else {}
    out: list[tuple[str, str | None, int]] = []
    for a in legal:
        if isinstance(a, PlayClue) and a.card == card:
            out.append((a.column, None, int(clue_counts[card][a.column])))
    for a in legal:
        if isinstance(a, PlayLavaTile) and a.card == card:
            out.append((a.column, a.tile, int(tile_counts[a.tile][a.column])))
    return out


def playable_cards(legal: list[Action]) -> set[str]:
    return {a.card for a in legal if isinstance(a, PlayClue | PlayLavaTile)}


def preview(view: View, sel: Sel) -> tuple[str, set[Hex]] | None:
    """The spaces the selected clue would leave (drawn on the map before confirming)."""
    if sel.option is None or sel.card is None:
        return None
    column, tile = sel.option
    keep = candidates_after(view, tile or sel.card, column)
    return column, {key(h) for h in keep}


def own_seat(view: View) -> SeatPartView:
    """The viewing seat's row of `view` (the screen's views always name a seat)."""
    seat = view["seat"]
    assert seat is not None, "a view of no seat"
    return view["seats"][seat]


def simple_label(a: Action, view: View) -> str | None:
    """The button label of an action without a target (None: it has one)."""
    if a.type in SIMPLE:
        return _(SIMPLE[a.type])
    if isinstance(a, Raise):
        return _("Raise the {treasure} treasure").format(treasure=words.treasure(a.column))
    if isinstance(a, WardCurse):
        if a.choice == "amulet":
            return _("Spend an amulet")
        best = (own_seat(view)["treasure"] or [0])[0]
        return _("Give up my {value}").format(value=number(best))
    return None


def powers(legal: list[Action]) -> list[BuyPower]:
    return [a for a in legal if isinstance(a, BuyPower)]


def cube_columns(legal: list[Action]) -> list[str]:
    return sorted({a.column for a in legal if isinstance(a, RemoveCube)})


def describe(view: View, a: Action) -> str:
    """An action in words (for suggestions)."""
    if isinstance(a, PlayClue):
        return _("play “{clue}” on {treasure}").format(clue=words.clue(a.card),
                                                      treasure=words.treasure(a.column))
    if isinstance(a, PlayLavaTile):
        return _("give up “{clue}” to put the lava tile “{tile}” on {treasure}").format(
            clue=words.clue(a.card), tile=words.clue(a.tile), treasure=words.treasure(a.column))
    if isinstance(a, Bound):
        return _("move to {place}").format(place=words.place(view, a.hex))
    if isinstance(a, PlaceLava):
        return _("let lava flow onto {place}").format(place=words.place(view, a.hex))
    if isinstance(a, PlaceRover):
        return _("put your rover on {place}").format(place=words.place(view, a.hex))
    if isinstance(a, PlaceTriad):
        return _("add {land} at {place}").format(land=words.triad(a.triad),
                                                  place=words.place(view, a.new))
    if isinstance(a, BuyPower):
        return _("spend an amulet: {power}").format(power=words.lower_first(words.power(a.power)))
    if isinstance(a, RemoveCube):
        return _("spend an amulet to rule out a {treasure} space").format(
            treasure=words.treasure(a.column))
    label = simple_label(a, view)
    if label:
        return label[0].lower() + label[1:]
    if a.type == "seed_column":
        return _("start the {treasure} column").format(
            treasure=words.treasure(a.column))  # type: ignore[attr-defined]
    return _("this move")


def select_for(a: Action, sel: Sel) -> None:
    """Put a suggested action into the choices (so the map and buttons show it)."""
    if isinstance(a, PlayClue):
        sel.card, sel.option = a.card, (a.column, None)
    elif isinstance(a, PlayLavaTile):
        sel.card, sel.option = a.card, (a.column, a.tile)
    elif isinstance(a, PlaceTriad):
        sel.triad = a.triad
        sel.fixed = {"new": key(a.new), "match": key(a.match), "lava": key(a.lava)}
    elif isinstance(a, RemoveCube):
        sel.cube, sel.hex = a.column, key(a.hex)
    elif isinstance(a, Bound | PlaceLava | PlaceRover | PlaceObject):
        sel.hex = key(a.hex)
