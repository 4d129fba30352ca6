"""Ember Isle games as files: the name and text of an export, and the complete check of an
import (as Small Islands' `si_web.files`, whose first checks and messages it shares).

An exported file is the game's save (`Game.to_json`: the format ``ember-isle/1``, the app's
version, the options and every action), the same text the app keeps in its save record.

`check_import` decides everything before anything is stored: the size, that it is text,
JSON (depth-checked, no duplicate keys), an Ember Isle save of a format this version reads,
valid settings and moves, and that every move replays under the rules. A problem gives a
plain message for the player (never the engine's message, never the file's content: only its
name, which the screens escape); the engine's reason goes to the developers' notes.
"""

from __future__ import annotations

from ember_isle import FORMAT, Action, Game, MalformedInput, Options
from game_shell import registry
from game_shell.files import Incoming, Rejected, file_label, file_name, read_game_file

PREFIX = FORMAT.split("/")[0] + "/"  # "ember-isle/"


def export_name(game: Game, at_ms: int, tz_minutes: int = 0) -> str:
    """'ember-isle-2026-11-27-ann-bob.json' (ASCII only; '-unfinished' before the end)."""
    seats = [seat.name for seat in game.seats]
    return file_name("ember-isle", seats, game.phase == "over", at_ms, tz_minutes)


def _newer(fmt: object) -> bool:
    """Is `fmt` an Ember Isle save format of a later version than this one reads?"""
    version = fmt.removeprefix(PREFIX) if isinstance(fmt, str) and fmt.startswith(PREFIX) else ""
    return version.isdigit() and len(version) < 10 and int(version) > int(FORMAT.split("/")[1])


def check_import(name: str, size: int, text: str) -> Incoming[Game] | Rejected:
    """Check a chosen file completely (see the module doc); nothing is stored here."""
    f = read_game_file(name, size, text, "Ember Isle")
    if isinstance(f, Rejected):
        return f
    other = f.other_game(registry.plugins())
    if other is not None:
        return other
    fmt = f.data["format"]
    if _newer(fmt):
        return f.newer(f"format {str(fmt)[:40]!r}")
    if fmt != FORMAT:
        return f.no("is not an Ember Isle game.", f"format {str(fmt)[:40]!r}")
    problem = f.app_problem()
    if problem is not None:
        return problem
    if set(f.data) != {"format", "app", "options", "actions"}:
        return f.damaged(f"unexpected fields {sorted(set(f.data))[:8]}")
    try:
        options = Options.from_json(f.data["options"])
        if type(options.seed) is not int:  # a file without its seed would not replay the same
            raise MalformedInput("options: no seed")
    except MalformedInput as exc:
        return f.bad_settings(str(exc))
    except Exception as exc:  # a hostile value the settings did not expect
        return f.bad_settings(repr(exc))
    moves = f.data["actions"]
    try:
        if not isinstance(moves, list):
            raise MalformedInput("the actions are not a list")
        actions = [Action.from_json(a) for a in moves]
    except (MalformedInput, TypeError, ValueError) as exc:
        return f.bad_moves(str(exc))
    game = f.replayed(lambda: Game.replay(options, actions), len(actions), MalformedInput)
    return game if isinstance(game, Rejected) else Incoming(game, file_label(name))
