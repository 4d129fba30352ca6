"""The device seat's transient choices: a typed record, not a free dict.

What the player has picked but not yet played (a hand tile, a previewed cell and rotation, a
token or landing mode, a house spot, objective picks, the setup draft, Alexis's rotation, a
suggestion). Stages read and write it; a played action, a new turn or a pass clears it.
`to_json` / `from_json` give the JSON form kept across reloads (see `resume`): the keys are
the ones saved records have always used, so a record written before this module still reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .turn import Turn

Cell = tuple[int, int]
Spot = tuple[int, int, int]  # x, y, index of a symbol (house location, resource)
PICK_KEYS = ("now_O", "later_O", "now_M", "now_R", "later_M", "later_R")


@dataclass
class Hint:
    """A suggested move (its action as JSON) and why: `why` is the engine's structured reason
    (worded in the player's language where shown, `hint_words`), `reason` the same in English
    (shown the old way for a record kept before reasons were structured)."""

    action: dict[str, Any]
    reason: str
    why: dict[str, Any] | None = None


@dataclass
class Choices:
    """The unfinished choices of the seat the device shows (all optional)."""

    tile: str | None = None  # the hand tile being placed
    preview: Spot | None = None  # x, y, rotation of the previewed placement
    mode: str | None = None  # "land" | "resource" | "port"
    ship: str | None = None  # the ship chosen for landing
    land_at: Cell | None = None
    port_at: Cell | None = None
    res_at: Spot | None = None
    house_at: Spot | None = None
    draft: list[list[Any]] | None = None  # setup: [starting tile side, x, y, rotation] x 4
    draft_sel: int | None = None  # setup: the selected starting tile of the draft
    picks: dict[str, str] = field(default_factory=dict)  # objective picks: "now_O" -> "O3"
    alexis_rot: int | None = None  # solo: the rotation previewed for Alexis's tile
    focus: Cell | None = None  # the island the map is zoomed to for its ringed spots
    hint: Hint | None = None
    ask_end: bool | None = None  # reward: "End anyway?" while a house would still score


    def clear_targets(self) -> None:
        """Forget the previewed move and any mode (the Cancel button)."""
        self.preview = self.mode = self.land_at = self.port_at = None
        self.res_at = self.house_at = self.focus = self.ask_end = None

    def is_empty(self) -> bool:
        """Nothing picked at all."""
        return self == Choices()

    def to_json(self) -> dict[str, Any]:
        """The saved form: only what is set; cells and spots as lists."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None or f.name == "picks":
                continue
            if isinstance(value, Hint):
                value = {"action": value.action, "reason": value.reason,
                         **({"why": value.why} if value.why is not None else {})}
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        out.update(self.picks)
        return out


# the picks' defaults, read by the stages and by the coach (`guide`)
def selected_tile(turn: Turn, choices: Choices) -> str | None:
    """The hand tile being placed (default: the first one that fits)."""
    v = turn.view()
    hand = [t["id"] for t in v["hand"]]
    place = (v["legal"] or {}).get("place", {})
    tile = choices.tile
    if tile is not None and tile in hand:
        return tile
    for t in reversed(hand):  # the tile just taken is last: offer it first
        if place.get(t):
            return str(t)
    return str(hand[0]) if hand else None


def current_ship(turn: Turn, choices: Choices) -> str | None:
    """The ship picked for landing (default: the first one the seat may land)."""
    land = turn.legal().get("land", {})
    ship = choices.ship
    if ship in land:
        return ship
    return next(iter(land), None)
