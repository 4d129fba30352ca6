"""The others' moves since the device seat's turn, marked on the map (issue 28): a badge
centred on the top-right corner of each tile they touched, in the mover's colour with the
colour's shape and the recap line's number (`game_shell.last_moves`), never the house piece
and never over the tile's symbols (their centres stay 24 units from any corner; the islands'
size badges sit on top-left corners); named "Bob placed a tile and built a house here". Pure."""

from __future__ import annotations

from typing import Any

from game_shell import last_moves
from game_shell.i18n import N_, _
from game_shell.last_moves import Mark, Move
from small_islands.view import SeatView

from . import words
from .board_svg import CELL

BADGE = 28  # the badge's width in map units (a tile is CELL = 100 wide)

# what a move at a place did, in words (the mark's name)
DID = {  # translated where shown
    "placed": N_("placed a tile"),
    "resource_token": N_("put a resource token"),
    "port_token": N_("put a port token"),
    "landed": N_("landed a ship"),
    "built": N_("built a house"),
    "alexis_landed": N_("landed a grey ship"),
    "alexis_placed": N_("placed a tile"),
    "alexis_house": N_("built a house"),
}


def moves(entries: list[dict[str, Any]], view: SeatView) -> list[Move]:
    """The moves that went on the map among these log entries (their recap line numbers,
    1 for the first entry), at the top-right corner of their tile."""
    colours = {s["seat"]: s["colour"] for s in view["seats"]}
    out = []
    for line, e in enumerate(entries, 1):
        if e.get("seat") is None:
            continue
        event = str(e.get("event"))
        did = _(DID[event]) if event in DID else _("played")
        who = str(e.get("name") or _("A player"))
        for x, y in words.entry_cells(e):
            at = ((x + 1) * CELL, y * CELL)
            out.append(Move(line, last_moves.colour_of(colours.get(e["seat"])), who, did, at))
    return out


def recap_marks(view: SeatView) -> list[Mark]:
    """The marks of the recap ("Since your turn")."""
    return last_moves.group(moves(words.recap(view), view))


def svg(marks: list[Mark], fresh: bool = False, shown: int | None = None) -> str:
    """The marks' SVG group (see `last_moves.marks_svg`)."""
    return last_moves.marks_svg(marks, BADGE, fresh, shown)


def cells_of_line(view: SeatView, line: int) -> list[tuple[int, int]]:
    """The cells the recap's line `line` (1 for the first) names."""
    entries = words.recap(view)
    if not 1 <= line <= len(entries):
        return []
    return words.entry_cells(entries[line - 1])


def recap_key(view: SeatView, serial: int) -> tuple[int, int | None, int]:
    """The recap's identity (`last_moves.Showing`): the game, the seat, its last move."""
    return (serial, view["seat"], last_moves.last_index(view["log"], view["seat"]))
