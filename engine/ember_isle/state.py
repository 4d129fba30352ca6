"""The pieces of a game's state: seats, columns, the turn in progress, a distribution; and
`GameState`, the whole game as the modules below `game.py` see it.

The rules (`setup`, `turn`, `distribution`, `steps`, the tables of `rules`) and `view` take
the game they act on as a `GameState`, never as `Game`: `game.py` imports them, so
annotating with `Game` would close an import cycle, even under ``TYPE_CHECKING``. `Game` is
the one implementation; mypy checks that it conforms wherever `game.py` hands itself over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from .actions import Action
from .board import Board
from .content import LAVA_TILES, ROSES
from .hexes import Hex
from .options import Options

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


class GameState(Protocol):
    """What the rule and view modules use of a `Game`: its state and its shared steps."""

    options: Options
    rng: random.Random
    board: Board
    seats: list[Seat]
    columns: dict[str, Column]
    stage: str
    to_move: int | None
    first_player: int
    turn: Turn | None
    dist: Distribution | None
    log: list[dict[str, Any]]
    ending: bool
    end_reason: str | None
    stall: int
    turns: int
    seed_card: str | None
    setup_order: list[int]
    objects_placed: int
    amulets: list[Hex]
    amulet_supply: int
    lava_supply: int
    tiles: list[str]
    clue_deck: list[str]
    clue_discard: list[str]
    treasure_deck: list[int]
    treasure_discard: list[int]
    memo: dict[str, Any]

    @property
    def phase(self) -> str:
        """``"setup"``, ``"play"``, ``"distribution"`` or ``"over"``."""
        ...

    def seat_order(self, start: int | None = None) -> list[int]:
        """Seats clockwise from `start` (default: the first player)."""
        ...

    def legal_actions(self) -> list[Action]:
        """Every action the seat `to_move` may take now."""
        ...

    def changed(self) -> None:
        """The board or a column changed: forget cached candidates and legal actions."""
        ...

    def forget_legal(self) -> None:
        """Forget the cached legal actions (the position changed, candidates did not)."""
        ...

    def candidates(self, column: str) -> int:
        """The candidate set of a column, as a hex mask."""
        ...

    def located(self, column: str) -> Hex | None:
        """The treasure's hex when exactly one candidate is left."""
        ...

    def begin_turn(self, seat: int) -> None:
        """`seat` begins a turn."""
        ...

    def end_turn(self) -> None:
        """The seat to move ends its turn."""
        ...

    def start_distribution(self, column: str) -> None:
        """A treasure was raised: the distribution of its column starts."""
        ...

    def scores(self) -> list[dict[str, Any]]:
        """Per seat: cards, total, amulets, raises and rank."""
        ...

    def note(self, event: str, seat: int | None = None, **data: Any) -> None:
        """Append a public event to the game log."""
        ...

    def draw_clue(self) -> str | None:
        """The top clue card (the discard reshuffled when the deck is empty), or None."""
        ...

    def draw_treasure(self) -> int | None:
        """The top treasure card (an empty deck refilled from the discard), or None."""
        ...

    def end_game(self, reason: str) -> None:
        """The game is over."""
        ...

    def mark_revealed(self) -> None:
        """Something hidden was shown: undo cannot go back past this action."""
        ...
