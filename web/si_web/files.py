"""Games as files: the name and text of an export, and the complete check of an import.

An exported file is the game's save (`Game.to_json`: the format ``small-islands/1``, the
app's version, the options and every action) -- the same text the app keeps, so a file is
a save and a save is a file.

`check_import` decides everything before anything is stored: the size, that it is text,
JSON (depth-checked, no duplicate keys), a Small Islands save of a format this version reads,
valid settings and actions, and that every action replays under the rules. A problem gives a
plain message for the player (never the engine's message, never the file's content: only its
name, which the screens escape); the engine's reason goes to the developers' notes.
"""

from __future__ import annotations

from game_shell import registry
from game_shell.files import (
    MAX_FILE_BYTES,
    MIME,
    FileCheck,
    Incoming,
    Outgoing,
    Rejected,
    file_label,
    file_name,
    read_game_file,
)
from small_islands import Game
from small_islands.errors import MalformedInput
from small_islands.save import check_format, read_save

__all__ = ["MAX_FILE_BYTES", "MIME", "FileCheck", "Incoming", "Outgoing", "Rejected", "check_import",
           "export_name", "file_label", "file_name", "read_game_file"]


def export_name(game: Game, at_ms: int, tz_minutes: int = 0) -> str:
    """'small-islands-2025-03-12-ann-bob.json' (see `file_name`)."""
    seats = [seat.name for seat in game.seats]
    return file_name("small-islands", seats, game.phase == "over", at_ms, tz_minutes)


def check_import(name: str, size: int, text: str) -> Incoming[Game] | Rejected:
    """Check a chosen file completely (see the module doc); nothing is stored here."""
    f = read_game_file(name, size, text, "Small Islands")
    if isinstance(f, Rejected):
        return f
    other = f.other_game(registry.plugins())
    if other is not None:
        return other
    try:
        check_format(f.data["format"])
    except MalformedInput as exc:
        if "newer version" in str(exc):
            return f.newer(str(exc))
        return f.not_this_game(str(exc))
    problem = f.app_problem()
    if problem is not None:
        return problem
    try:
        options, actions = read_save(text)
    except MalformedInput as exc:
        reason = str(exc)
        if reason.startswith("options"):
            return f.bad_settings(reason)
        if reason.startswith("action"):
            return f.bad_moves(reason)
        return f.damaged(reason)
    game = f.replayed(lambda: Game.replay(options, actions), len(actions), MalformedInput)
    return game if isinstance(game, Rejected) else Incoming(game, file_label(name))
