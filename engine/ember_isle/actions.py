"""Actions: small immutable values, one class per kind of decision, with a JSON form.

Hexes are ``(q, r)`` tuples; in JSON they are two-element lists.

>>> a = Bound((-2, 2))
>>> a.to_json()
{'type': 'bound', 'hex': [-2, 2]}
>>> Action.from_json(a.to_json()) == a
True
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import Any, ClassVar

from game_kit import actions as kit
from game_kit.actions import field_names

from .errors import MalformedInput, short
from .hexes import Hex

_HEX_FIELDS = frozenset({"hex", "match", "lava", "new"})
_STR_FIELDS = frozenset({"kind", "triad", "column", "card", "tile", "power", "choice"})


@dataclass(frozen=True, slots=True)
class Action(kit.Action):
    """Base class of every Ember Isle action (the kit's `Action`, with this game's registry
    and types); `type` is the stable JSON name."""

    registry: ClassVar[dict[str, builtins.type[kit.Action]]] = {}

    def validate_types(self) -> None:
        """Raise `MalformedInput` when a field has the wrong type."""
        for name in field_names(type(self)):
            value = getattr(self, name)
            if name in _HEX_FIELDS:
                ok = is_hex(value)
            elif name in _STR_FIELDS:
                ok = isinstance(value, str)
            else:  # facing
                ok = value is None or (isinstance(value, int) and not isinstance(value, bool))
            if not ok:
                raise MalformedInput(f"action {short(self.type)}: field {short(name)} = "
                    f"{short(value)}")


def is_hex(value: Any) -> bool:
    """Is `value` a ``(q, r)`` pair of integers?"""
    if not (isinstance(value, tuple) and len(value) == 2):
        return False
    q, r = value
    return type(q) is int and type(r) is int  # not bool, not a subclass


# -------------------------------------------------------------------- setup
@dataclass(frozen=True, slots=True)
class PlaceObject(Action):
    """Setup, objects placed by players: a hut, palm tree or statue (with its facing 0-5)."""

    type: ClassVar[str] = "place_object"
    kind: str
    hex: Hex
    facing: int | None = None


@dataclass(frozen=True, slots=True)
class PlaceTriad(Action):
    """Setup: lay terrain triad `triad` with its hexes on `match`, `lava` and `new`."""

    type: ClassVar[str] = "place_triad"
    triad: str
    match: Hex
    lava: Hex
    new: Hex


@dataclass(frozen=True, slots=True)
class PlaceRover(Action):
    """Setup, basic island (or no triad fits): put the rover on an island space."""

    type: ClassVar[str] = "place_rover"
    hex: Hex


@dataclass(frozen=True, slots=True)
class SeedColumn(Action):
    """Setup: put the drawn clue card on the empty column `column`, with a rose."""

    type: ClassVar[str] = "seed_column"
    column: str


# ------------------------------------------------------------------ a turn
@dataclass(frozen=True, slots=True)
class TakeAmulet(Action):
    """Take the amulet on the rover's hex (then place lava)."""

    type: ClassVar[str] = "take_amulet"


@dataclass(frozen=True, slots=True)
class LeaveAmulet(Action):
    """Leave the amulet on the rover's hex where it is."""

    type: ClassVar[str] = "leave_amulet"


@dataclass(frozen=True, slots=True)
class PlaceLava(Action):
    """After taking an amulet: cover island space `hex` with lava."""

    type: ClassVar[str] = "place_lava"
    hex: Hex


@dataclass(frozen=True, slots=True)
class PlayClue(Action):
    """(a) Put clue `card` from the hand at the bottom of column `column`, with a rose."""

    type: ClassVar[str] = "play_clue"
    card: str
    column: str


@dataclass(frozen=True, slots=True)
class PlayLavaTile(Action):
    """(a) Discard `card` (illegal on `column`) to put lava clue tile `tile` there."""

    type: ClassVar[str] = "play_lava_tile"
    card: str
    tile: str
    column: str


@dataclass(frozen=True, slots=True)
class Bound(Action):
    """(b) One bound of a move, to `hex` (glide in the area or lava field, or cross)."""

    type: ClassVar[str] = "bound"
    hex: Hex


@dataclass(frozen=True, slots=True)
class StopMove(Action):
    """(b) End the move after a bound (never on lava)."""

    type: ClassVar[str] = "stop_move"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """(b) A move of zero bounds (Ruling R12)."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """(c) Discard the whole clue hand face up and draw as many cards."""

    type: ClassVar[str] = "swap"


@dataclass(frozen=True, slots=True)
class Raise(Action):
    """Raise the located treasure of `column` under the rover (ends the turn)."""

    type: ClassVar[str] = "raise"
    column: str


@dataclass(frozen=True, slots=True)
class BuyPower(Action):
    """Spend an amulet on ``extra_clue``, ``extra_move`` or ``extra_swap``."""

    type: ClassVar[str] = "buy_power"
    power: str


@dataclass(frozen=True, slots=True)
class RemoveCube(Action):
    """Spend an amulet to remove the cube of `column` on `hex`."""

    type: ClassVar[str] = "remove_cube"
    column: str
    hex: Hex


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn (after the main action)."""

    type: ClassVar[str] = "end_turn"


# ------------------------------------------------------------ distribution
@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Claim the revealed treasure card (and take back your lowest rose)."""

    type: ClassVar[str] = "claim"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Let the revealed treasure card pass to the next player."""

    type: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class WardCurse(Action):
    """Answer a Curse: ``amulet`` (spend one) or ``discard`` (your highest treasure card)."""

    type: ClassVar[str] = "ward_curse"
    choice: str


ACTION_TYPES: dict[str, type[kit.Action]] = Action.registry
