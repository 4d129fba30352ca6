"""A game as data: the event-sourced save (options + actions) and the full state dump.

A save is ``{"format", "app", "options", "actions"}``, plus, in the app's storage, ``rev``: the
number of times the game was written (the app compares it between windows; a save without it
is revision 0). Reading one is strict (depth limit,
duplicate keys, unknown fields, a newer format) and every problem is a `MalformedInput` that
names where the save is wrong: ``options: ...``, ``action 12 (...) ...``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from game_kit.jsonio import load_json

from .actions import Action
from .errors import MalformedInput, short
from .options import Options
from .version import __version__

if TYPE_CHECKING:
    from .game import Game

FORMAT = "small-islands/1"


def save_text(options: Options, actions: list[Action]) -> str:
    """The save of a game: its options plus every action played, as compact JSON."""
    return json.dumps(
        {
            "format": FORMAT,
            "app": __version__,
            "options": options.to_json(),
            "actions": [a.to_json() for a in actions],
        },
        separators=(",", ":"),
    )


def with_revision(text: str, rev: int) -> str:
    """A save made by `save_text` with its storage revision `rev` added (first field)."""
    if not text.startswith('{"format":'):
        raise ValueError("not a save made by save_text")
    return f'{{"rev":{int(rev)},' + text[1:]


def read_save(text: str | bytes) -> tuple[Options, list[Action]]:
    """The options and actions of a save made by `save_text` (`MalformedInput` otherwise)."""
    data = load_json(text, "save")
    if not isinstance(data, dict) or "format" not in data:
        raise MalformedInput("this is not a Small Islands save (no format field)")
    check_format(data["format"])
    unknown = sorted(set(data) - {"format", "app", "options", "actions", "rev"})
    if unknown:
        raise MalformedInput(f"the save has unknown field(s) {unknown}")
    rev = data.get("rev", 0)
    if not isinstance(rev, int) or isinstance(rev, bool) or not 0 <= rev < 2**53:
        raise MalformedInput(f"rev: the revision must be a whole number, got {short(rev)}")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise MalformedInput("actions: the save has no action list")
    try:
        options = Options.from_json(data.get("options"))
    except MalformedInput as exc:
        raise MalformedInput(f"options: {exc}") from None
    parsed = []
    for i, obj in enumerate(actions):
        try:
            parsed.append(Action.from_json(obj))
        except MalformedInput as exc:
            raise MalformedInput(f"action {i}: {exc}") from None
    return options, parsed


def state_dump(game: Game) -> dict[str, Any]:
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
    if value == FORMAT:
        return
    version = value.removeprefix("small-islands/") if isinstance(value, str) else ""
    if version.isdigit() and len(version) < 10 and int(version) > int(FORMAT.split("/")[1]):
        raise MalformedInput(
            f"unsupported save format {short(value)}: made by a newer version of the app "
            f"(this version reads {FORMAT!r})"
        )
    raise MalformedInput(f"unsupported save format {short(value)} (this version reads {FORMAT!r})")
