"""Movement (section 6.3): where one bound can go, and bound distances for planning.

A bound from an island space glides to any other hex of its area or crosses to an
adjacent island space of another type; it may also enter adjacent lava when a bound
remains after it and the player can pay (an amulet or a treasure card). From lava a bound
glides inside the same lava field (only when another bound follows) or crosses to an
adjacent island space.

>>> from .board import Board
>>> b = Board.from_arrangement("A2B1C2")
>>> free, paid = bound_targets(b, (-4, 3), bounds_used=0, can_pay=False)
>>> count(free), paid
(17, 0)
"""

from __future__ import annotations

from .board import Board
from .content import MAX_BOUNDS
from .hexes import ADJACENT, Hex, beside, bit, count, iter_hexes

__all__ = ["bound_targets", "bound_distances", "count", "distances_to", "reach"]


def bound_targets(board: Board, pos: Hex, bounds_used: int, can_pay: bool) -> tuple[int, int]:
    """(free, paid): hexes one bound from `pos` reaches; `paid` ones enter lava.

    A bound may end on lava only if the rover can still leave it with the bounds left:
    one bound left needs an island space beside the lava hex (docs/EMBER.md, Corrections).
    """
    one, around = bit(pos), ADJACENT[pos]
    left_after = MAX_BOUNDS - bounds_used - 1
    if board.lava & one:
        glide = board.lava_field_of(pos) & ~one
        return _can_leave(board, glide, left_after) | (around & board.island), 0
    area = board.area_of(pos)
    cross = around & board.island & ~area
    paid = _can_leave(board, around & board.lava, left_after) if can_pay else 0
    return (area & ~one) | cross, paid


def _can_leave(board: Board, lava: int, left_after: int) -> int:
    """The lava hexes of `lava` from which `left_after` bounds can reach an island space."""
    if left_after <= 0:
        return 0
    if left_after == 1:
        return lava & beside(board.island)
    return sum(bit(h) for h in iter_hexes(lava) if beside(board.lava_field_of(h)) & board.island)


def reach(board: Board, pos: Hex, bounds: int = MAX_BOUNDS, can_pay: bool = False) -> list[int]:
    """Island spaces first reachable in 1, 2, ... `bounds` bounds of one move.

    Entry k holds the hexes whose fewest bounds is k + 1. Lava is entered only when
    `can_pay` (a planning view: the payment is assumed available at every entry).
    """
    layers: list[int] = []
    seen = bit(pos)  # states: a hex reached with fewer bounds dominates a later visit
    states = bit(pos)
    for used in range(bounds):
        nxt = 0
        for h in iter_hexes(states):
            free, paid = bound_targets(board, h, used, can_pay)
            nxt |= free | paid
        states = nxt & ~seen
        seen |= nxt
        layers.append(states & board.island)
    return layers


def bound_distances(
    board: Board, pos: Hex, limit: int = 12, can_pay: bool = False
) -> dict[Hex, int]:
    """Fewest bounds from `pos` to each island space within `limit` bounds (over moves).

    Counts bounds, not moves, and ignores the stop rules on lava (a planning estimate for
    the computer players).
    """
    out = _spread(board, bit(pos), limit, can_pay)
    return {h: d for h, d in out.items() if board.island & bit(h)}


def distances_to(
    board: Board, targets: int, limit: int = 14, through_lava: bool = False
) -> dict[Hex, int]:
    """Fewest bounds from each hex to the nearest island space of `targets`.

    Bounds are symmetric away from lava (a glide stays in one area, a cross joins two
    adjacent spaces), so this is a search outward from the targets. With `through_lava`
    lava fields count as passable (a planning estimate: paying and the no-stop rule are
    left to the legal moves).
    """
    return _spread(board, targets & board.island, limit, through_lava)


def _spread(board: Board, start: int, limit: int, pay: bool) -> dict[Hex, int]:
    """Fewest bounds from the spaces of `start` (a mask) to each hex within `limit` bounds,
    spreading outward one bound at a time (`pay`: lava crossings count as passable)."""
    out = {h: 0 for h in iter_hexes(start)}
    frontier = seen = start
    for d in range(1, limit + 1):
        nxt = 0
        for h in iter_hexes(frontier):
            free, paid = bound_targets(board, h, 0, pay)
            nxt |= free | paid
        nxt &= ~seen
        if not nxt:
            break
        for h in iter_hexes(nxt):
            out[h] = d
        seen |= nxt
        frontier = nxt
    return out
