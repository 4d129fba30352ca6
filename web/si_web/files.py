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

import re
import time
from dataclasses import dataclass

from small_islands import Game
from small_islands.errors import MalformedInput
from small_islands.save import check_format, load_json, read_save

MAX_FILE_BYTES = 64 * 1024  # the largest save measured is ~7.4 KB
MIME = "application/json"


@dataclass
class Outgoing:
    """A file for the browser to download (or share)."""

    name: str
    text: str
    share: bool = False


@dataclass
class Incoming:
    """A file that passed every check: the game it holds, and where it came from."""

    game: Game
    file_name: str

    @property
    def finished(self) -> bool:
        return self.game.phase == "over"


@dataclass
class Rejected:
    """A file refused: the player's message and the developers' reason."""

    message: str
    reason: str


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:24].strip("-")


def export_name(game: Game, at_ms: int, tz_minutes: int = 0) -> str:
    """'small-islands-2025-03-12-ann-bob.json' (ASCII only; '-unfinished' before the end)."""
    day = time.strftime("%Y-%m-%d", time.gmtime(at_ms / 1000 + tz_minutes * 60))
    names = "-".join(s for s in (_slug(seat.name) for seat in game.seats) if s) or "game"
    tail = "" if game.phase == "over" else "-unfinished"
    return f"small-islands-{day}-{names[:48].strip('-')}{tail}.json"


def file_label(name: str) -> str:
    """The file's name as a player sees it in a message (shortened; escaped by the screen)."""
    name = " ".join(name.split()) or "The file"
    return name if len(name) <= 60 else name[:57] + "..."


def check_import(name: str, size: int, text: str) -> Incoming | Rejected:
    """Check a chosen file completely (see the module doc); nothing is stored here."""
    label = f"“{file_label(name)}”"

    def no(message: str, reason: str) -> Rejected:
        return Rejected(f"{label} {message}", reason)

    if size > MAX_FILE_BYTES or len(text) > MAX_FILE_BYTES:
        kb = max(size, len(text)) // 1024
        return no(
            f"is too big to be a Small Islands game ({kb} KB; a saved game is at most "
            f"{MAX_FILE_BYTES // 1024} KB).",
            f"{size} bytes",
        )
    if not text.strip():
        return no("is empty.", "empty file")
    if "\x00" in text or "\ufffd" in text:
        return no("is not a Small Islands game: it is not a text file.", "binary content")
    damaged = "is damaged: it is not a readable Small Islands game."
    try:
        data = load_json(text, "file")
    except (ValueError, RecursionError) as exc:
        return no(damaged, str(exc))
    if not isinstance(data, dict) or "format" not in data:
        return no("is not a Small Islands game.", "no format field")
    fmt = data["format"]
    if isinstance(fmt, str) and fmt.startswith("ember-isle/"):
        return no("is a game of Ember Isle, not of Small Islands.", f"format {fmt[:40]!r}")
    try:
        check_format(fmt)
    except MalformedInput as exc:
        if "newer version" in str(exc):
            return no(
                "was saved by a newer version of Small Islands. Update the app (reload it "
                "when it offers an update) to open it.",
                str(exc),
            )
        return no("is not a Small Islands game.", str(exc))
    app = data.get("app")
    if not (isinstance(app, str) and 0 < len(app) <= 40):
        return no(damaged, "bad app version field")
    try:
        options, actions = read_save(text)
    except MalformedInput as exc:
        reason = str(exc)
        if reason.startswith("options"):
            return no("is damaged: the game's settings in it are not valid.", reason)
        if reason.startswith("action"):
            return no("is damaged: its list of moves is not valid.", reason)
        return no(damaged, reason)
    try:
        game = Game.replay(options, actions)
    except MalformedInput as exc:
        m = re.match(r"action (\d+)", str(exc))
        move = f"move {int(m.group(1)) + 1} of {len(actions)}" if m else "one of its moves"
        return no(
            f"is damaged: {move} is not possible in the game (the file was changed, or made "
            "by another program).",
            str(exc),
        )
    except Exception as exc:  # a hostile value the rules did not expect
        return no(damaged, repr(exc))
    return Incoming(game, file_label(name))
