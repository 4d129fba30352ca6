"""Actions: small immutable values, one class per kind of decision, with a JSON form.

>>> a = PlaceTile("T07", 5, 4, 1)
>>> a.to_json()
{'type': 'place_tile', 'tile': 'T07', 'x': 5, 'y': 4, 'rotation': 1}
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


@dataclass(frozen=True, slots=True)
class Action(kit.Action):
    """Base class of every Small Islands action (the kit's `Action`, with this game's
    registry, field bounds and types); `type` is the stable JSON name."""

    registry: ClassVar[dict[str, builtins.type[kit.Action]]] = {}

    @classmethod
    def field_from_json(cls, where: str, value: Any) -> Any:
        return _freeze(value, where)

    def validate_types(self) -> None:
        """Raise `MalformedInput` when a field has the wrong JSON type."""
        for name in field_names(type(self)):
            value = getattr(self, name)
            expected = _FIELD_TYPES.get(name)
            if expected is None:
                continue
            ok = isinstance(value, expected[0]) and not isinstance(value, bool)
            if not ok and not (value is None and expected[1]):
                raise MalformedInput(
                    f"action {short(self.type)}: field {short(name)} = {short(value)}"
                )


MAX_FIELD_DEPTH = 3  # the deepest field, a layout: a list of (tile, x, y, rotation) lists


def _freeze(value: Any, where: str, depth: int = 0) -> Any:
    """Lists become tuples (hashable, immutable), at most `MAX_FIELD_DEPTH` deep."""
    if not isinstance(value, list):
        return value
    if depth >= MAX_FIELD_DEPTH - 1:
        raise MalformedInput(f"action field {where} is nested too deeply")
    return tuple(_freeze(v, where, depth + 1) for v in value)


_FIELD_TYPES: dict[str, tuple[type | tuple[type, ...], bool]] = {
    "x": (int, False),
    "y": (int, False),
    "rotation": (int, False),
    "slot": (int, False),
    "index": (int, False),
    "tile": (str, False),
    "now": (str, False),
    "later": (str, False),
    "resource": (str, False),
    "ship": (str, False),
    "choice": (str, True),
    "placements": (tuple, False),
}


@dataclass(frozen=True, slots=True)
class StartLayout(Action):
    """Setup: the first player lays out the 4 starting tiles (id of the side, x, y, rotation)."""

    type: ClassVar[str] = "start_layout"
    placements: tuple[tuple[str, int, int, int], ...]

    def validate_types(self) -> None:
        """Each placement is (starting tile side id, x, y, rotation)."""
        Action.validate_types(self)
        for p in self.placements:
            ok = (
                isinstance(p, tuple)
                and len(p) == 4
                and isinstance(p[0], str)
                and all(isinstance(v, int) and not isinstance(v, bool) for v in p[1:])
            )
            if not ok:
                raise MalformedInput(
                    f"action 'start_layout': {short(p)} is not (tile side, x, y, rotation)"
                )


@dataclass(frozen=True, slots=True)
class ChooseObjective(Action):
    """Preparation: keep `now` for this round and `later` for the next.

    Normal mode names cards (``"O3"``); Advanced mode names a mission and a reward
    (``"M1+R4"``).
    """

    type: ClassVar[str] = "choose_objective"
    now: str
    later: str


@dataclass(frozen=True, slots=True)
class TakeTile(Action):
    """Explore, step 1: take the face-up tile in display `slot` (0-2) into the hand."""

    type: ClassVar[str] = "take_tile"
    slot: int


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Explore, step 2: place hand tile `tile` on (x, y) at `rotation`."""

    type: ClassVar[str] = "place_tile"
    tile: str
    x: int
    y: int
    rotation: int


@dataclass(frozen=True, slots=True)
class DiscardTile(Action):
    """Explore, when no hand tile fits anywhere: return `tile` to the box, draw another."""

    type: ClassVar[str] = "discard_tile"
    tile: str


@dataclass(frozen=True, slots=True)
class PlaceResourceToken(Action):
    """Explore, step 3 (optional): a bonus token showing `resource` on a resource symbol."""

    type: ClassVar[str] = "place_resource_token"
    x: int
    y: int
    index: int
    resource: str


@dataclass(frozen=True, slots=True)
class PlacePortToken(Action):
    """Explore, step 3 (optional): a bonus token, port side up, on a coastal tile."""

    type: ClassVar[str] = "place_port_token"
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Explore, step 4: no (more) bonus token; refill the display, next player."""

    type: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True)
class Land(Action):
    """Land: place a ship (`ship` = your colour or ``"grey"``) on (x, y)."""

    type: ClassVar[str] = "land"
    ship: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class PlaceHouse(Action):
    """Reward: a house on location `index` of (x, y); `choice` picks a resource (R7/R11)."""

    type: ClassVar[str] = "place_house"
    x: int
    y: int
    index: int
    choice: str | None = None


@dataclass(frozen=True, slots=True)
class KeepDiscovery(Action):
    """Reward R10: keep drawn Discovery token number `index`; the rest go back."""

    type: ClassVar[str] = "keep_discovery"
    index: int


@dataclass(frozen=True, slots=True)
class EndReward(Action):
    """Reward: place no more houses; refill stock, return the objective."""

    type: ClassVar[str] = "end_reward"


@dataclass(frozen=True, slots=True)
class ChooseRotation(Action):
    """Solo: the human picks the rotation of Alexis's tile among the legal ones."""

    type: ClassVar[str] = "choose_rotation"
    rotation: int


@dataclass(frozen=True, slots=True)
class ChooseHouse(Action):
    """Solo: the human picks where Alexis's house goes on an island with a choice."""

    type: ClassVar[str] = "choose_house"
    x: int
    y: int
    index: int


@dataclass(frozen=True, slots=True)
class AlexisStep(Action):
    """Solo: let Alexis carry out his next step (draw a card and do what it says)."""

    type: ClassVar[str] = "alexis_step"


ACTION_TYPES: dict[str, type[kit.Action]] = Action.registry
