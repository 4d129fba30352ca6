"""The final scores: prestige, Discovery tokens, ports around the ship, and the ranking.

Ties are broken by houses placed, then ship ports, then the latest tile placed; with an
automaton in the game (solo: Alexis), its own ranking rule applies.
"""

from __future__ import annotations

from typing import Any

from .modes import SCORE_COLUMNS
from .state import GameState


def scores(game: GameState) -> list[dict[str, Any]]:
    """Per seat: prestige, discovery, ship ports, total, houses, tie-break data, rank."""
    rows = [_row(game, i) for i in range(len(game.seats))]
    for r in rows:
        r["rank"] = 1 + sum(1 for o in rows if _key(game, o) > _key(game, r))
    return rows


def _row(game: GameState, i: int) -> dict[str, Any]:
    s = game.seats[i]
    row: dict[str, Any] = {
        "seat": i,
        "name": s.name,
        "colour": s.colour,
        "prestige": s.pp,
        "discovery": sum(s.discovery),
        "ship_ports": game.ship_ports(i),
        **dict.fromkeys(SCORE_COLUMNS, 0),
        "houses_placed": s.houses_placed,
        "last_tile": s.last_tile,
    }
    if game.automaton is not None and not game.is_player(i):
        row.update(game.automaton.score(game, i))
    extra = sum(row[c] for c in SCORE_COLUMNS)
    row["total"] = row["prestige"] + row["discovery"] + row["ship_ports"] + extra
    return row


def _key(game: GameState, r: dict[str, Any]) -> tuple[int, ...]:
    if game.automaton is not None:
        return game.automaton.rank_key(game, r)
    return (r["total"], r["houses_placed"], r["ship_ports"], r["last_tile"])
