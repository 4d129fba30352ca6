"""A game as the modules below `game.py` see it: `GameState`, the protocol they annotate with.

The phase rules (`start`, `exploration`, `reward`), `scoring`, `achievements`, `view` and
the state dump in `save` each take the game they act on as a `GameState`: the whole state
and the rule steps of `Game`, without importing `game.py` (which imports them: annotating
with `Game` itself would close an import cycle, even under ``TYPE_CHECKING``). `Game` is the
one implementation; mypy checks that it conforms wherever `game.py` hands itself to them.

`GameState` extends the automaton's narrower `hooks.Table` (what solo mode's Alexis may use)
with the game's own state and steps. It imports no rule module.
"""

from __future__ import annotations

from typing import Any, Protocol

from .actions import Action, StartLayout
from .board import Board
from .hooks import Automaton, Table
from .modes import Mode


class GameState(Table, Protocol):
    """What the game's own rule, scoring, view and save modules use of a `Game`."""

    mode: Mode
    automaton: Automaton | None
    board: Board
    log: list[dict[str, Any]]
    round: int
    stage: str | None
    first_player: int
    to_move: int | None
    end_reason: str | None
    taken_slot: int | None
    ship_placer: int | None
    final_reward: bool
    reward_order: list[int]
    reserve: list[str]
    display: list[str | None]
    navigation: list[str]
    discovery_bag: list[int]
    pending_discovery: list[int]
    decks: dict[str, list[str]]
    boxed: list[str]
    placements: int
    stats: dict[str, int]

    @property
    def solo(self) -> Any:
        """Solo mode's name for `automaton_state`."""
        ...

    # ------------------------------------------------------------- questions
    def legal_actions(self) -> list[Action]:
        """Every action the seat `to_move` may take now."""
        ...

    def can_undo(self) -> bool:
        """Can the last action be taken back?"""
        ...

    def seat_to_move(self) -> int:
        """The seat to move (the game is not over)."""
        ...

    def players(self, start: int) -> list[int]:
        """Seats clockwise from `start` that hold cards and tiles."""
        ...

    def is_player(self, seat: int) -> bool:
        """Is `seat` a player's (not an automaton's)?"""
        ...

    def middle(self) -> tuple[int, int, int, int]:
        """The table's middle 4 x 4 cells: (x0, y0, x1, y1)."""
        ...

    def default_layouts(self) -> list[StartLayout]:
        """Ready legal arrangements of the starting tiles."""
        ...

    def check_layout(self, action: StartLayout) -> Board:
        """Validate a starting layout; return the board it makes."""
        ...

    def ships_for(self, seat: int) -> list[str]:
        """Ships the seat could take."""
        ...

    def objective_parts(self, seat: int) -> tuple[str, str] | None:
        """(mission, reward) of the seat's objective for this round, if it has one."""
        ...

    def ship_ports(self, seat: int) -> int:
        """Ports on the 8 tiles around the seat's own ship."""
        ...

    def scores(self) -> list[dict[str, Any]]:
        """Per seat: the score row, with its rank."""
        ...

    # ------------------------------------------------------ rule steps, flow
    def check_stage(self, stage: str | None, action: Action) -> None:
        """Refuse `action` unless the turn is at `stage`."""
        ...

    def start_preparation(self) -> None:
        """A new round's preparation."""
        ...

    def start_exploration(self) -> None:
        """Every objective chosen: the exploration phase, from the first player."""
        ...
