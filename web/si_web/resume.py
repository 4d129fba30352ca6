"""The device seat's unfinished choices, kept across reloads (pure: no browser imports).

`Choices` (picked hand tile, previewed cell and rotation, land/token mode, house spot,
objective picks, setup draft, suggestion...) is written after every tap as a small versioned
record, tagged with the game position it belongs to. On load the record is read as hostile
input: it is applied only to the same position (action count, last action, seat, phase), and
each choice only if the seat's view still allows it (the stage of that decision says which);
anything else is dropped, never an error.
"""

from __future__ import annotations

import json
import zlib
from typing import TYPE_CHECKING, Any

from game_kit.jsonio import load_json
from small_islands import Action, Game

from . import computers
from .choices import Choices, Hint

if TYPE_CHECKING:
    from .stages import GameStage
    from .turn import Turn

UI_KEY = "small-islands/ui-state"
VERSION = 1
MAX_RAW = 20_000  # a real record is well under 2 KB


def position(game: Game) -> list[Any]:
    """Identifies a game position: seed, action count, checksum of the last action."""
    last = json.dumps(game.actions[-1].to_json(), sort_keys=True) if game.actions else ""
    return [game.options.seed, len(game.actions), zlib.crc32(last.encode())]


def dump(choices: Choices, game: Game, seat: int, redo: list[Action] | None = None) -> str:
    """The record of `seat`'s choices at the game's current position (with the actions Redo
    would play again there, last undone last)."""
    record: dict[str, Any] = {
        "v": VERSION,
        "at": position(game),
        "seat": seat,
        "phase": game.phase,
        "ui": choices.to_json(),
    }
    if redo:
        record["redo"] = [a.to_json() for a in redo]
    return json.dumps(record, separators=(",", ":"))


def parse(raw: object) -> dict[str, Any] | None:
    """A stored record, or None when it is missing, unreadable or of another version."""
    if not isinstance(raw, str) or len(raw) > MAX_RAW:
        return None
    try:
        record = load_json(raw, "record")
    except (ValueError, RecursionError):
        return None
    if (
        not isinstance(record, dict)
        or record.get("v") != VERSION
        or not isinstance(record.get("ui"), dict)
    ):
        return None
    return record


def matches(record: dict[str, Any], game: Game, seat: int) -> bool:
    """Was the record written for this position, seat and phase?"""
    return (
        record.get("at") == position(game)
        and type(record.get("seat")) is int
        and record["seat"] == seat
        and record.get("phase") == game.phase
    )


def restore(saved: dict[str, Any], turn: Turn, stage: GameStage) -> Choices:
    """The choices of a matching record: the suggestion if it is still legal, then what the
    decision's stage still allows."""
    choices = Choices()
    hint = saved.get("hint")
    if isinstance(hint, dict) and isinstance(hint.get("action"), dict):
        try:
            action: Action | None = Action.from_json(hint["action"])
        except Exception:  # any malformed action: drop the suggestion
            action = None
        if action is not None and turn.game.is_legal(action):
            reason = hint.get("reason")
            choices.hint = Hint(action.to_json(), reason[:300] if isinstance(reason, str) else "",
                                computers.why_of(hint.get("why")))
    stage.restore(turn, saved, choices)
    return choices
