"""Automata: rules-driven seats plugged into a game. Solo mode's Alexis is one (`solo.py`).

An automaton is a set of named hooks registered by name in `modes.AUTOMATA` (the way
`modes.MODES` holds Normal and Advanced); `Options.automaton` names the one a game plays
with. The game keeps the turn order, the chance and every shared piece; the automaton keeps
its own state (`Game.automaton_state`) and decides what its seats do.

When the game calls each hook, and what the hook may do:

* ``seats(options)``, ``first_player`` -- at the deal: the automaton's seats, sat after the
  players' seats, and the first player. Nothing else.
* ``new_state(game)`` -- at the end of the deal (players' tiles and cards dealt): its own
  state, a dataclass with ``copy()`` (`AutomatonState`). It may draw from ``game.rng``.
* ``turn_stage`` -- when one of its seats begins an exploration or a reward turn, the game
  makes that seat the one to move at this stage and waits for an action.
* ``stage_names`` -- the stages it owns, each with the words a refusal uses for it.
* ``legal(game)`` -- whenever the stage is one of its stages: the legal actions (the seat to
  move is its own seat, or a player choosing for it).
* ``handlers`` -- (phase, action type) -> ``handler(game, action)`` for its own action
  types (types no other automaton handles). `Game.play` calls a handler only for an action
  the seat may take now; a handler still checks its stage and raises `IllegalAction` before
  changing anything (refusals are explained by running it on a copy -- in any game: a game
  without that automaton refuses its actions in the handler's words too).
* ``placed(game, seat, cell)`` -- after a tile or ship is put on the map for any seat (by
  `Table.place_tile_for`: every placement but the starting tiles').
* ``score_columns``, ``score(game, seat)`` -- every row of `Game.scores` has the columns (0
  for the players; they count in the total); ``score`` gives its seat's row the columns it
  replaces.
* ``rank_key(game, row)`` -- the ranking key of a row of `Game.scores` in its games.
* ``view_key``, ``public_view(game)`` -- its public state, under that key of every view.

A hook reads and changes the game only through `Table`: public fields to read, and the rule
steps the game's own handlers use (log a line, put a tile down, build a house, end a turn,
start or pass on the reward phase, hand the decision to a seat). Never a private member.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, Self

from .actions import Action
from .board import Board, Cell
from .options import Options
from .seat import SeatState
from .tiles import Tile


class AutomatonState(Protocol):
    """An automaton's own state: a dataclass (its fields are dumped by `Game.state`)."""

    def copy(self) -> Self:
        """An independent copy (for `Game.clone`)."""
        ...


class Table(Protocol):
    """What an automaton may use of a `Game`: public reads and the shared rule steps."""

    @property
    def options(self) -> Options: ...
    @property
    def rng(self) -> random.Random: ...
    @property
    def board(self) -> Board: ...
    @property
    def seats(self) -> Sequence[SeatState]: ...
    @property
    def display(self) -> Sequence[str | None]: ...
    @property
    def navigation(self) -> Sequence[str]: ...
    @property
    def grey_ships(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def stage(self) -> str | None: ...
    @property
    def automaton_state(self) -> AutomatonState | None: ...

    def tile(self, tile_id: str) -> Tile:
        """The tile with that id."""
        ...

    def note(self, seat: int | None, text: str, event: str = "", **args: Any) -> None:
        """Add a line to the game log, said by `seat` (None: the game), with its event."""
        ...

    def mark_revealed(self, what: str = "revealed") -> None:
        """The action being played reveals hidden information, `what` (undo stops here)."""
        ...

    def ask(self, seat: int, stage: str) -> None:
        """Make `seat` the one to move, at `stage`."""
        ...

    def take_display(self, slot: int) -> str:
        """Take the display tile of `slot` for the seat to move (refilled at its turn's end)."""
        ...

    def place_tile_for(
        self, seat: int, tile: Tile, x: int, y: int, rotation: int, owner: str | None = None
    ) -> None:
        """Put a tile or ship (of `owner`) on the map as `seat`'s latest placement."""
        ...

    def use_grey_ship(self) -> None:
        """One grey ship leaves the supply."""
        ...

    def lose_ship(self, seat: int) -> None:
        """`seat`'s own ship leaves the game without landing."""
        ...

    def gain_pp(self, seat: int, points: int) -> None:
        """`seat` scores prestige points."""
        ...

    def build_house_for(self, seat: int, location: tuple[int, int, int]) -> None:
        """One house of `seat`'s stock on a free house location."""
        ...

    def end_turn(self, seat: int) -> None:
        """`seat`'s exploration turn ends: refill the display, the next seat's turn."""
        ...

    def ship_landed(self, seat: int) -> None:
        """`seat` landed a ship: the reward phase begins with it."""
        ...

    def start_reward(self, first: int, final: bool) -> None:
        """The reward phase, clockwise from `first` (`final`: the game's last)."""
        ...

    def next_reward(self, seat: int) -> None:
        """`seat`'s reward turn is over: the next seat's, or the end of the round."""
        ...


Handler = Callable[[Table, Any], None]


class Automaton:
    """The hooks of an automaton (see the module docstring); subclasses fill them in."""

    name = ""
    first_player = 0
    turn_stage = ""
    stage_names: Mapping[str, str] = {}
    handlers: Mapping[tuple[str, type[Action]], Handler] = {}
    score_columns: tuple[str, ...] = ()
    view_key = ""

    def seats(self, options: Options) -> list[SeatState]:
        """Its seats, sat after the players'."""
        raise NotImplementedError

    def new_state(self, game: Table) -> AutomatonState:
        """Its state at the end of the deal."""
        raise NotImplementedError

    def legal(self, game: Table) -> list[Action]:
        """The legal actions at one of its stages."""
        raise NotImplementedError

    def placed(self, game: Table, seat: int, cell: Cell) -> None:
        """A tile or ship was put on `cell` for `seat` (nothing by default)."""

    def score(self, game: Table, seat: int) -> dict[str, int]:
        """The score columns its seat's row replaces."""
        raise NotImplementedError

    def rank_key(self, game: Table, row: Mapping[str, Any]) -> tuple[int, ...]:
        """The ranking key of a score row (higher ranks first)."""
        raise NotImplementedError

    def public_view(self, game: Table) -> dict[str, Any]:
        """Its public state for every seat's view."""
        raise NotImplementedError
