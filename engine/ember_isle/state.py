"""The pieces of a game's state: seats, columns, the turn in progress, a distribution."""

from __future__ import annotations

from dataclasses import dataclass, field

from .content import LAVA_TILES, ROSES
from .hexes import Hex

#: Stage -> phase. The setup stages, the steps of a turn, the distribution, the end.
PHASE_OF: dict[str, str] = {
    "objects": "setup",
    "triads": "setup",
    "rovers": "setup",
    "seed": "setup",
    "start": "play",
    "turn": "play",
    "move": "play",
    "amulet": "play",
    "lava": "play",
    "extra_clue": "play",
    "offer": "distribution",
    "ward": "distribution",
    "over": "over",
}


@dataclass
class Seat:
    """One player: pieces, clue hand, treasure cards (secrets included: views filter them)."""

    name: str
    colour: str
    bot: str | None = None
    hand: list[str] = field(default_factory=list)
    roses: int = ROSES
    amulets: int = 0
    treasure: list[int] = field(default_factory=list)
    rover: Hex | None = None
    raises: int = 0


@dataclass
class Clue:
    """A clue card or lava clue tile in a column, with the owner of its rose (if any)."""

    card: str
    rose: int | None
    tile: str | None = None

    @property
    def predicate(self) -> str:
        """The clue id the column applies (a tile's own predicate for lava clue tiles)."""
        return LAVA_TILES[self.tile] if self.tile else self.card


@dataclass
class Column:
    """A treasure's clue column: its clues top to bottom and the hexes removed by amulets."""

    name: str
    clues: list[Clue] = field(default_factory=list)
    removed: int = 0

    def predicates(self) -> list[str]:
        """The clue ids the column applies."""
        return [c.predicate for c in self.clues]


@dataclass
class Turn:
    """The turn in progress: whose, whether the main action is done, the move under way."""

    seat: int
    main_done: bool = False
    bounds: int = 0  # bounds taken in the current move
    extra_move: bool = False  # the current move was bought with an amulet
    after_amulet: str = "start"  # where an amulet decision returns: "start" or "bound"
    acted: bool = False  # a clue or tile was played, or a treasure raised (stall rule)


@dataclass
class Distribution:
    """A raise in progress (section 9)."""

    column: str
    raiser: int
    roses: list[int]  # owners of the roses still in the column, bottom first
    pool: list[int] = field(default_factory=list)  # face down; the top card is the last
    inspected: dict[int, list[int]] = field(default_factory=dict)
    card: int | None = None  # the revealed card on offer
    asking: list[int] = field(default_factory=list)  # seats still to answer, in order
    wards: list[int] = field(default_factory=list)  # seats still to answer a Curse
    last_claimer: int | None = None
    dealt: int = 0
