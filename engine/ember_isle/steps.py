"""Rule steps more than one phase uses: is a hex island land, drawing a clue that fits."""

from __future__ import annotations

from .errors import IllegalAction
from .hexes import Hex, bit, count, on_board
from .state import GameState


def check_land(g: GameState, h: Hex) -> None:
    """Raise unless `h` is an island space (off the board, sea, volcano, lava)."""
    b = g.board
    if not on_board(h):
        raise IllegalAction("off_board", f"{h} is not on the board")
    if bit(h) & b.volcano:
        raise IllegalAction("volcano", f"{h} is under the volcano")
    if b.terrain[h] == "S":
        raise IllegalAction("sea", f"{h} is a sea hex")
    if not b.is_island(h):
        raise IllegalAction("not_island", f"{h} is not an island space (lava)")


def fits_empty(g: GameState, card: str) -> bool:
    """Ruling R7: on an empty column the card leaves 2 or more candidates and reduces it."""
    n = count(g.board.island)
    kept = count(g.board.island & g.board.predicate(card))
    return 2 <= kept < n


def draw_fitting(g: GameState) -> str | None:
    """Draw clue cards until one fits an empty column (rejects go face up to the discard)."""
    for _ in range(len(g.clue_deck) + len(g.clue_discard) + 1):
        card = g.draw_clue()
        if card is None:
            return None
        if fits_empty(g, card):
            return card
        g.clue_discard.append(card)
        g.note("clue_rejected", None, card=card)
    return None
