"""The start of the game and of each round: the starting tiles (setup phase) and the
choice of objectives (preparation phase).

The handlers are ``handler(game, action)``, registered in `HANDLERS` and `LEGAL` by phase
and found by `Game.play` the way the automaton's are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action, ChooseObjective, StartLayout
from .board import Board
from .content import STARTING_TILES, TILE_BY_ID
from .errors import IllegalAction, short
from .state import GameState


def middle(width: int, height: int) -> tuple[int, int, int, int]:
    """A table's middle 4 x 4 cells, where the starting tiles go: (x0, y0, x1, y1)."""
    cx, cy = width // 2, height // 2
    return cx - 2, cy - 2, cx + 1, cy + 1


def default_layouts(width: int, height: int) -> list[StartLayout]:
    """Ready legal arrangements of the starting tiles: all fronts, then all backs."""
    cx, cy = width // 2, height // 2
    cells = ((cx - 1, cy - 1), (cx, cy - 1), (cx - 1, cy), (cx, cy))
    return [
        StartLayout(
            tuple(
                (pair[side].id, x, y, 0) for pair, (x, y) in zip(STARTING_TILES, cells, strict=True)
            )
        )
        for side in (0, 1)
    ]


def check_layout(width: int, height: int, action: StartLayout) -> Board:
    """Validate a starting layout on a table of that size; return the board it makes."""
    placements = action.placements
    if not isinstance(placements, tuple) or len(placements) != len(STARTING_TILES):
        count = len(STARTING_TILES)
        raise IllegalAction("bad_layout", f"a layout places the {count} starting tiles")
    sides = {t.id: i for i, pair in enumerate(STARTING_TILES) for t in pair}
    used = []
    for p in placements:
        if not (isinstance(p, tuple) and len(p) == 4 and p[0] in sides):
            raise IllegalAction("bad_layout", f"{short(p)} is not (starting tile side, x, "
                f"y, rotation)")
        used.append(sides[p[0]])
    if sorted(used) != list(range(len(STARTING_TILES))):
        raise IllegalAction("bad_layout", "each starting tile must be placed once, on one side")
    x0, y0, x1, y1 = middle(width, height)
    for tile_id, x, y, _ in placements:
        if not (isinstance(x, int) and isinstance(y, int) and x0 <= x <= x1 and y0 <= y <= y1):
            raise IllegalAction(
                "not_in_middle", f"starting tile {tile_id} at ({x}, {y}) is outside the middle"
            )
    return _lay(Board(width, height), list(placements))


def _lay(board: Board, todo: list[tuple[str, int, int, int]]) -> Board:
    """Put the starting tiles down, each as soon as it fits (or say why one never does)."""
    while todo:
        ready = [p for p in todo if board.can_place(TILE_BY_ID[p[0]], p[1], p[2], p[3])]
        if not ready:
            tile_id, x, y, r = todo[0]
            board.check_place(TILE_BY_ID[tile_id], x, y, r)  # raises the precise reason
            raise IllegalAction("bad_layout", "the starting tiles do not form a legal layout")
        tile_id, x, y, r = ready[0]
        board.put(TILE_BY_ID[tile_id], x, y, r)
        todo.remove(ready[0])
    return board


def play_layout(game: GameState, action: StartLayout) -> None:
    """`StartLayout`: the first player arranges the starting tiles; round 1 begins."""
    game.board = game.check_layout(action)
    game.placements += len(action.placements)
    game.seats[game.first_player].last_tile = game.placements
    game.note(game.first_player, "arranged the starting tiles", "layout")
    game.round = 1
    game.start_preparation()


def legal_setup(game: GameState) -> list[Action]:
    """The ready layouts (any legal arrangement is accepted)."""
    return list(game.default_layouts())


def play_choose(game: GameState, action: ChooseObjective) -> None:
    """`ChooseObjective`: this round's objective and the next one's; then the next seat."""
    mover = game.seat_to_move()
    seat = game.seats[mover]
    back = game.mode.check_choice(seat.held, action.now, action.later)
    for card in back:
        game.decks[card[0]].append(card)
    seat.now, seat.later = action.now, action.later
    seat.held = game.mode.cards_of(action.later)
    game.note(mover, "chose an objective", "chose")
    order = game.players(game.first_player)
    pos = order.index(mover) + 1
    if pos == len(order):
        game.start_exploration()
    else:
        game.to_move = order[pos]


def legal_choose(game: GameState) -> list[Action]:
    """Every (now, later) pair of the held cards."""
    held = game.seats[game.seat_to_move()].held
    return [ChooseObjective(now, later) for now, later in game.mode.choices(held)]


HANDLERS: dict[tuple[str, type], Callable[[GameState, Any], None]] = {
    ("setup", StartLayout): play_layout,
    ("preparation", ChooseObjective): play_choose,
}
LEGAL: dict[str, Callable[[GameState], list[Action]]] = {
    "setup": legal_setup,
    "preparation": legal_choose,
}
