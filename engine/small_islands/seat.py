"""One seat's pieces, cards and score."""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import Cell
from .content import BONUS_TOKENS, HOUSES_IN_RESERVE, HOUSES_IN_STOCK


@dataclass
class SeatState:
    """One player's pieces, cards and score (secrets included: views filter them)."""

    name: str
    colour: str
    bot: str | None = None
    hand: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    now: str | None = None
    later: str | None = None
    revealed: bool = False
    stock: int = HOUSES_IN_STOCK
    reserve: int = HOUSES_IN_RESERVE
    bonus: int = BONUS_TOKENS
    pp: int = 0
    discovery: list[int] = field(default_factory=list)
    houses_placed: int = 0
    ship_cell: Cell | None = None
    last_tile: int = -1
    ship_order: int = -1
    ship_gone: bool = False  # solo: Alexis took this ship, flipped grey
    alexis: bool = False  # solo: this seat is Alexis
