"""Great Explorer achievements (RULES.md section 9), checked at the end of a game.

An achievement counts only in a game the player won. The app keeps the ticked boxes across
games on the device; the engine only says which boxes a finished game ticks.
"""

from __future__ import annotations

from collections import Counter

from .content import BONUS_TOKENS, HOUSES_IN_RESERVE, HOUSES_IN_STOCK, SHIPS
from .state import GameState

NORMAL: dict[str, str] = {
    "pp50": "50 PP or more",
    "ship10": "10 PP or more from your ship",
    "all_bonus": "all your Bonus tokens placed",
    "islands10": "at least 10 islands of 2 tiles or more",
    "all_houses": "all your Houses placed",
    "ship_first": "your ship placed first",
    "solo4": "solo mode won at level 4",
}
ADVANCED: dict[str, str] = {
    "pp60": "60 PP or more",
    "ship12": "12 PP or more from your ship",
    "island13": "an island of 13 tiles or more",
    "all_houses": "all your Houses placed",
    "ship_last": "your ship placed last",
    "tie": "a tie in PP",
    "solo6": "solo mode won at level 6",
    "two_houses": "2 Houses of your colour on one island (joined afterwards)",
}
CHECKLISTS = {"normal": NORMAL, "advanced": ADVANCED}


def achievements(game: GameState, seat: int) -> list[str]:
    """Ids of the achievements `seat` ticks in this finished game (none unless it won)."""
    if game.phase != "over" or game.seats[seat].alexis:
        return []
    rows = game.scores()
    row = rows[seat]
    if row["rank"] != 1:
        return []
    s = game.seats[seat]
    board = game.board
    islands = board.islands()
    solo_level = game.solo.level if game.solo is not None else 0
    checks = {
        "pp50": row["total"] >= 50,
        "pp60": row["total"] >= 60,
        "ship10": row["ship_ports"] >= 10,
        "ship12": row["ship_ports"] >= 12,
        "all_bonus": s.bonus == 0 and BONUS_TOKENS > 0,
        "islands10": sum(1 for i in islands if i.size >= 2) >= 10,
        "island13": any(i.size >= 13 for i in islands),
        "all_houses": s.houses_placed == HOUSES_IN_STOCK + HOUSES_IN_RESERVE,
        "ship_first": s.ship_cell is not None and s.ship_order == 1,
        "ship_last": s.ship_cell is not None and s.ship_order == SHIPS,
        "tie": any(o["seat"] != seat and o["total"] == row["total"] for o in rows),
        "solo4": solo_level >= 4,
        "solo6": solo_level >= 6,
        "two_houses": any(i.houses.get(s.colour, 0) >= 2 for i in islands),
    }
    checklist = CHECKLISTS[game.options.mode]
    return [a for a in checklist if checks[a]]


def tally(games: list[list[str]]) -> Counter[str]:
    """How many times each achievement was ticked over several won games."""
    return Counter(a for ticked in games for a in ticked)
