"""Files of any game: the outgoing file of an export, a chosen file read and checked as
hostile input before anything is stored (size, JSON, a game's format; `FileCheck`), and what
is said when it is refused, in plain words. Pure. Each game checks its own format and moves
(each game's own `files` module)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from game_kit.jsonio import load_json

from .i18n import _, number, pgettext
from .registry import GamePlugin

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


def slug(text: str) -> str:
    """`text` as ASCII lower-case words joined by hyphens, for a file name (at most 24)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:24].strip("-")


def file_name(kind: str, seats: list[str], finished: bool, at_ms: int, tz_minutes: int = 0) -> str:
    """'<kind>-2025-03-12-ann-bob.json' (ASCII only; '-unfinished' before the end). Its words
    are the player's language's ("-en-cours" in French): the file's content is the same in
    every language, its name is for the person who keeps it."""
    day = time.strftime("%Y-%m-%d", time.gmtime(at_ms / 1000 + tz_minutes * 60))
    names = "-".join(s for s in (slug(name) for name in seats) if s) or (
        slug(pgettext("file name", "game")) or "game")
    tail = "" if finished else "-" + (slug(pgettext("file name", "unfinished")) or "unfinished")
    return f"{kind}-{day}-{names[:48].strip('-')}{tail}.json"


def file_label(name: str) -> str:
    """The file's name as a player sees it in a message (shortened; escaped by the screen)."""
    name = " ".join(name.split()) or _("The file")
    return name if len(name) <= 60 else name[:57] + "..."


@dataclass
class FileCheck:
    """A chosen file past the first checks (`read_game_file`): its object, and the refusals
    in the player's words, each naming the file."""

    label: str  # the file's name in quotes, shortened
    data: dict[str, Any]
    game: str  # the game's title (`registry.GamePlugin.title`)

    def no(self, message: str, reason: str) -> Rejected:
        """Refused: `message` follows the file's name (English only: prefer `say`)."""
        return Rejected(f"{self.label} {message}", reason)

    def say(self, sentence: str, reason: str) -> Rejected:
        """Refused: `sentence` is whole (translated), with ``{file}`` and ``{game}`` where the
        file's name and the game's title go."""
        return Rejected(sentence.format(file=self.label, game=self.game), reason)

    def damaged(self, reason: str) -> Rejected:
        return self.say(_("{file} is damaged: it is not a readable {game} game."), reason)

    def newer(self, reason: str) -> Rejected:
        return self.say(_("{file} was saved by a newer version of {game}. Update the app "
                          "(reload it when it offers an update) to open it."), reason)

    def bad_settings(self, reason: str) -> Rejected:
        return self.say(_("{file} is damaged: the game's settings in it are not valid."), reason)

    def bad_moves(self, reason: str) -> Rejected:
        return self.say(_("{file} is damaged: its list of moves is not valid."), reason)

    def not_this_game(self, reason: str) -> Rejected:
        """The file is a save, but not of this game (nor of another registered one)."""
        return self.say(a_game(self.game, _("{file} is not a {game} game."),
                               _("{file} is not an {game} game.")), reason)

    def app_problem(self) -> Rejected | None:
        """The app's version field, which every save carries."""
        app = self.data.get("app")
        return None if isinstance(app, str) and 0 < len(app) <= 40 else self.damaged(
            "bad app version field")

    def other_game(self, games: list[GamePlugin]) -> Rejected | None:
        """A save of another registered game (a save's format starts with its game's name,
        ``"<name>/1"``): said, with where it opens."""
        fmt = self.data["format"]
        for p in games:
            if p.title != self.game and isinstance(fmt, str) and fmt.startswith(p.name + "/"):
                return Rejected(_("{file} is a game of {other}, not of {game}. Open it in "
                                  "{other}: {where}.").format(
                    file=self.label, other=p.title, game=self.game, where=_(p.import_where)),
                    f"format {fmt[:40]!r}")
        return None

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
        if m:
            return Rejected(_("{file} is damaged: move {n} of {moves} is not possible in the game "
                              "(the file was changed, or made by another program).").format(
                file=self.label, n=number(int(m.group(1)) + 1), moves=number(moves)), str(exc))
        return self.say(_("{file} is damaged: one of its moves is not possible in the game (the "
                          "file was changed, or made by another program)."), str(exc))


def read_game_file(name: str, size: int, text: str, game: str) -> FileCheck | Rejected:
    """The checks every game file passes first (for `game`, a game's title
    Isle"): its size, that it is text, JSON (depth-checked, no duplicate keys), an object
    with a format field."""
    label = _("“{name}”").format(name=file_label(name))

    def no(sentence: str, reason: str, **values: object) -> Rejected:
        return Rejected(sentence.format(file=label, game=game, **values), reason)

    if size > MAX_FILE_BYTES or len(text) > MAX_FILE_BYTES:
        kb = max(size, len(text)) // 1024
        return no(a_game(game, _("{file} is too big to be a {game} game ({kb} KB; a saved game "
                                 "is at most {most} KB)."),
                         _("{file} is too big to be an {game} game ({kb} KB; a saved game is "
                           "at most {most} KB).")),
                  f"{size} bytes", kb=number(kb), most=number(MAX_FILE_BYTES // 1024))
    if not text.strip():
        return no(_("{file} is empty."), "empty file")
    if "\x00" in text or "\ufffd" in text:
        return no(a_game(game, _("{file} is not a {game} game: it is not a text file."),
                         _("{file} is not an {game} game: it is not a text file.")), "binary content")
    try:
        data = load_json(text, "file")
    except (ValueError, RecursionError) as exc:
        return no(_("{file} is damaged: it is not a readable {game} game."), str(exc))
    if not isinstance(data, dict) or "format" not in data:
        return no(a_game(game, _("{file} is not a {game} game."), _("{file} is not an {game} game.")),
                  "no format field")
    return FileCheck(label, data, game)


def a_game(title: str, a: str, an: str) -> str:
    """Of two sentences, the one whose English article fits `title` ("a ... game" before a
    consonant, "an ... game" before a vowel; other languages translate both alike)."""
    return an if title[:1] in "AEIOU" else a


