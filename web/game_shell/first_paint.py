"""The screen a returning visit paints before Python is ready, for every game: one record for
the page (`KEY`), written for the game on screen by asking it for its picture. Pure: no
browser imports (the browser glue is `first_paint_browser`).

A game provides a `Painter`: a callable that returns the picture of the screen a reload of
its page would show first, ``(kind, markup)`` (kind: a short lower-case word such as
"start", "pass" or "board"), or None when there is none to paint. What it paints is its own
affair, with one rule: only what anyone at the table may see (built from the engine's
``public_view()``, never a seat's view), since anyone who picks the device up next sees it.

The record is one line of text, ``paint/1 <build> <game> <kind>``, then the markup (no JSON to
parse on the page's critical path). ``web/first-paint.js`` paints it into ``#app``, inert,
before Python is ready, when the record names this build (``<html data-build>``), names the
game the tab will show, and fits `MAX_CHARS`; Python's first render of that game replaces it.

When storage is full, the record is the first thing any save lets go (`give_way`, called by
`keeping.save_path`: a save matters more than a picture), and none is written again while the
page lives (`Room`).

>>> from game_shell.storage import MemoryStorage
>>> storage = MemoryStorage()
>>> keeper = Keeper(storage, "0123abcd", Room())
>>> keeper.keep("some-game", lambda: ("start", "<p>Hello</p>"))
'paint/1 0123abcd some-game start\\n<p>Hello</p>'
>>> parse(storage.get(KEY), "0123abcd")
Stored(game='some-game', kind='start', markup='<p>Hello</p>')
>>> parse(storage.get(KEY), "another")   # another build's picture is never painted
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from .registry import NAME, shell_key
from .storage import Storage, StorageFull

KEY = shell_key("first-paint")
FORMAT = "paint/1"
MAX_CHARS = 200_000  # markup over this is not kept (web/first-paint.js checks it too)
HEAD_CHARS = 200  # the header line's longest (web/first-paint.js)
KIND = re.compile(r"[a-z]{1,12}")

Picture = tuple[str, str]  # (kind, markup)
Painter = Callable[[], Picture | None]


class Stored(NamedTuple):
    """A record that this build may paint: which game, what kind of screen, the markup."""

    game: str
    kind: str
    markup: str


class Room:
    """Whether this page found storage full: no picture is written again while it lives."""

    def __init__(self) -> None:
        self.full = False


PAGE = Room()  # the page's (one Python per page)


def record(build: str, game: str, kind: str, html: str) -> str:
    """The stored text: a header line, then the markup."""
    if not (NAME.fullmatch(game) and KIND.fullmatch(kind) and build and " " not in build):
        raise ValueError(f"not a first-paint header: {build!r} {game!r} {kind!r}")
    return f"{FORMAT} {build} {game} {kind}\n{html}"


def parse(text: str | None, build: str) -> Stored | None:
    """The record as first-paint.js reads it: None unless it is this build's, well formed and
    within the size cap."""
    if text is None or not build:
        return None
    head, newline, markup = text.partition("\n")
    if not newline or len(head) > HEAD_CHARS or len(markup) > MAX_CHARS:
        return None
    fields = head.split(" ")
    if len(fields) != 4:
        return None
    fmt, tag, game, kind = fields
    if fmt != FORMAT or tag != build or not NAME.fullmatch(game) or not KIND.fullmatch(kind):
        return None
    return Stored(game, kind, markup)


def game_of(text: str | None) -> str | None:
    """The game a stored record (of any build) names, if it is one of this format."""
    fields = (text or "").partition("\n")[0].split(" ")
    return fields[2] if len(fields) == 4 and fields[0] == FORMAT else None


def drop(storage: Storage) -> bool:
    """Remove the record. True when one was there."""
    if storage.get(KEY) is None:
        return False
    storage.remove(KEY)
    return True


def give_way(storage: Storage, room: Room = PAGE) -> bool:
    """Storage is full: the record goes first (a save matters more than a picture), and none
    is written again while this page lives. True when it freed room."""
    room.full = True
    return drop(storage)


class Keeper:
    """Writes the record when the picture of the game on screen has changed (never once
    storage has been found full: see `give_way`)."""

    def __init__(self, storage: Storage, build: str, room: Room = PAGE) -> None:
        self.storage = storage
        self.build = build
        self.room = room
        self.last: str | None = None
        self.synced = False  # storage holds `last` (an old record may be there at the start)

    def keep(self, game: str, painter: Painter | None) -> str | None:
        """Store the picture `painter` gives of `game`, the game on screen (or remove the
        record when it gives none, or one too big); return what was stored. Without a
        painter (the game's code is not loaded yet, or it paints nothing) a record of that
        game stays as it is (it is still its last screen), any other goes."""
        if not self.build:
            return None
        if self.room.full:
            give_way(self.storage, self.room)
            self.last, self.synced = None, True
            return None
        if painter is None:
            stored = self.storage.get(KEY)
            if game_of(stored) == game:
                self.last, self.synced = stored, True
                return stored
            self._write(None)
            return None
        found = painter()
        text = None
        if found is not None and len(found[1]) <= MAX_CHARS and KIND.fullmatch(found[0]):
            text = record(self.build, game, *found)
        if self.synced and text == self.last:
            return text
        return self._write(text)

    def _write(self, text: str | None) -> str | None:
        if text is None:
            self.storage.remove(KEY)
        else:
            try:
                self.storage.set(KEY, text)
            except StorageFull:
                give_way(self.storage, self.room)
                text = None
        self.last, self.synced = text, True
        return text
