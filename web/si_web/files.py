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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from game_kit.jsonio import load_json
from small_islands import Game
from small_islands.errors import MalformedInput
from small_islands.save import check_format, read_save

MAX_FILE_BYTES = 64 * 1024  # the largest save measured is ~7.4 KB
MIME = "application/json"
G = TypeVar("G")


@dataclass
class Outgoing:
    """A file for the browser to download (or share)."""

    name: str
    text: str
    share: bool = False


class Phased(Protocol):
    """A game of either engine, as far as a file's check needs it."""

    @property
    def phase(self) -> str: ...


P = TypeVar("P", bound=Phased)


@dataclass
class Incoming(Generic[P]):
    """A file that passed every check: the game it holds (of either engine), and its name
    (shortened)."""

    game: P
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


def file_name(kind: str, seats: list[str], finished: bool, at_ms: int, tz_minutes: int = 0) -> str:
    """'<kind>-2025-03-12-ann-bob.json' (ASCII only; '-unfinished' before the end)."""
    day = time.strftime("%Y-%m-%d", time.gmtime(at_ms / 1000 + tz_minutes * 60))
    names = "-".join(s for s in (_slug(name) for name in seats) if s) or "game"
    tail = "" if finished else "-unfinished"
    return f"{kind}-{day}-{names[:48].strip('-')}{tail}.json"


def export_name(game: Game, at_ms: int, tz_minutes: int = 0) -> str:
    """'small-islands-2025-03-12-ann-bob.json' (see `file_name`)."""
    seats = [seat.name for seat in game.seats]
    return file_name("small-islands", seats, game.phase == "over", at_ms, tz_minutes)


def file_label(name: str) -> str:
    """The file's name as a player sees it in a message (shortened; escaped by the screen)."""
    name = " ".join(name.split()) or "The file"
    return name if len(name) <= 60 else name[:57] + "..."


@dataclass
class FileCheck:
    """A chosen file past the first checks (`read_game_file`): its object, and the refusals
    in the player's words, each naming the file."""

    label: str  # the file's name in quotes, shortened
    data: dict[str, Any]
    game: str  # "Small Islands" or "Ember Isle"

    def no(self, message: str, reason: str) -> Rejected:
        return Rejected(f"{self.label} {message}", reason)

    def damaged(self, reason: str) -> Rejected:
        return self.no(f"is damaged: it is not a readable {self.game} game.", reason)

    def newer(self, reason: str) -> Rejected:
        return self.no(
            f"was saved by a newer version of {self.game}. Update the app (reload it when it "
            "offers an update) to open it.",
            reason,
        )

    def bad_settings(self, reason: str) -> Rejected:
        return self.no("is damaged: the game's settings in it are not valid.", reason)

    def bad_moves(self, reason: str) -> Rejected:
        return self.no("is damaged: its list of moves is not valid.", reason)

    def app_problem(self) -> Rejected | None:
        """The app's version field, which every save carries."""
        app = self.data.get("app")
        return None if isinstance(app, str) and 0 < len(app) <= 40 else self.damaged(
            "bad app version field")

    def other_game(self, prefix: str, where: str) -> Rejected | None:
        """A save of the other game ("ember-isle/", "small-islands/"): said, with `where`
        it opens."""
        fmt = self.data["format"]
        if not (isinstance(fmt, str) and fmt.startswith(prefix)):
            return None
        other = "Ember Isle" if self.game == "Small Islands" else "Small Islands"
        return self.no(f"is a game of {other}, not of {self.game}. Open it in {where}.",
                       f"format {fmt[:40]!r}")

    def replayed(self, replay: Callable[[], G], moves: int, malformed: type[Exception]) -> G | Rejected:
        """The file's game played again by the rules (`replay`), or why it cannot be."""
        try:
            return replay()
        except malformed as exc:
            return self.replay_problem(exc, moves)
        except Exception as exc:  # a hostile value the rules did not expect
            return self.damaged(repr(exc))

    def replay_problem(self, exc: Exception, moves: int) -> Rejected:
        """A move that the rules refuse when the file's game is played again ("action N" in
        the engine's reason names it)."""
        m = re.match(r"action (\d+)", str(exc))
        move = f"move {int(m.group(1)) + 1} of {moves}" if m else "one of its moves"
        return self.no(
            f"is damaged: {move} is not possible in the game (the file was changed, or made "
            "by another program).",
            str(exc),
        )


def read_game_file(name: str, size: int, text: str, game: str) -> FileCheck | Rejected:
    """The checks every game file passes first (for `game`, "Small Islands" or "Ember
    Isle"): its size, that it is text, JSON (depth-checked, no duplicate keys), an object
    with a format field."""
    label = f"“{file_label(name)}”"
    a_game = ("an " if game[0] in "AEIOU" else "a ") + game  # "an Ember Isle", "a Small Islands"

    def no(message: str, reason: str) -> Rejected:
        return Rejected(f"{label} {message}", reason)

    if size > MAX_FILE_BYTES or len(text) > MAX_FILE_BYTES:
        kb = max(size, len(text)) // 1024
        return no(
            f"is too big to be {a_game} game ({kb} KB; a saved game is at most "
            f"{MAX_FILE_BYTES // 1024} KB).",
            f"{size} bytes",
        )
    if not text.strip():
        return no("is empty.", "empty file")
    if "\x00" in text or "\ufffd" in text:
        return no(f"is not {a_game} game: it is not a text file.", "binary content")
    try:
        data = load_json(text, "file")
    except (ValueError, RecursionError) as exc:
        return no(f"is damaged: it is not a readable {game} game.", str(exc))
    if not isinstance(data, dict) or "format" not in data:
        return no(f"is not {a_game} game.", "no format field")
    return FileCheck(label, data, game)


def check_import(name: str, size: int, text: str) -> Incoming[Game] | Rejected:
    """Check a chosen file completely (see the module doc); nothing is stored here."""
    f = read_game_file(name, size, text, "Small Islands")
    if isinstance(f, Rejected):
        return f
    other = f.other_game("ember-isle/", "Ember Isle: its menu, then “Import a file”")
    if other is not None:
        return other
    try:
        check_format(f.data["format"])
    except MalformedInput as exc:
        if "newer version" in str(exc):
            return f.newer(str(exc))
        return f.no("is not a Small Islands game.", str(exc))
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
