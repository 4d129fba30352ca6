"""A game as data: the event-sourced save (options + actions) and the full state dump.

A save is ``{"format", "app", "options", "actions"}``, plus, in the app's storage, ``rev``: the
number of times the game was written (the app compares it between windows; a save without it
is revision 0). The envelope, its strict reading (depth limit, duplicate keys, unknown fields,
a newer format) and the replay are the game kit's (`game_kit.save`); every problem is a
`MalformedInput` that names where the save is wrong: ``options: ...``, ``action 12 (...) ...``.
"""

from __future__ import annotations

from typing import Any

from game_kit import save as kit
from game_kit.save import with_revision as with_revision

from .actions import Action
from .options import Options
from .state import GameState
from .version import __version__

FORMAT = "small-islands/1"
SAVE = kit.SaveFormat(FORMAT, "Small Islands", __version__, Options.from_json, Action)


def save_text(options: Options, actions: list[Action]) -> str:
    """The save of a game: its options plus every action played, as compact JSON."""
    return SAVE.text(options, actions)


def read_save(text: str | bytes) -> tuple[Options, list[Action]]:
    """The options and actions of a save made by `save_text` (`MalformedInput` otherwise)."""
    return SAVE.read(text)


def state_dump(game: GameState) -> dict[str, Any]:
    """The complete state of `game`, secrets included (for tests and debugging only)."""
    b = game.board
    automaton_state = game.automaton_state
    return {
        "phase": game.phase,
        "round": game.round,
        "stage": game.stage,
        "to_move": game.to_move,
        "first_player": game.first_player,
        "seats": [vars(s).copy() for s in game.seats],
        "reserve": list(game.reserve),
        "navigation": list(game.navigation),
        "display": list(game.display),
        "decks": {k: list(v) for k, v in game.decks.items()},
        "discovery_bag": list(game.discovery_bag),
        "pending_discovery": list(game.pending_discovery),
        "grey_ships": game.grey_ships,
        "boxed": list(game.boxed),
        "tiles": {f"{x},{y}": (p.tile.id, p.rotation, p.owner) for (x, y), p in b.tiles.items()},
        "order": list(b.order),
        "houses": {f"{k}": v for k, v in b.houses.items()},
        "resource_tokens": {f"{k}": v for k, v in b.resource_tokens.items()},
        "covered_tokens": list(b.covered_tokens),
        "port_tokens": {f"{k}": v for k, v in b.port_tokens.items()},
        "end_reason": game.end_reason,
        "solo": vars(automaton_state).copy() if automaton_state is not None else None,
        "rng": game.rng.getstate(),
        "log": list(game.log),
    }


def check_format(value: object) -> None:
    """Refuse a save of another kind or of a newer version, saying which."""
    SAVE.check_format(value)
