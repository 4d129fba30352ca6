"""Saving a game in progress, one path for every game (`save_path`). Pure: no browser imports.

A save that the browser refuses (`StorageFull`: the quota is used up) is never silently
lost. The path makes room and tries again, giving up first what matters least:

1. the picture the next start paints first (the shell's `first_paint` record: after that,
   none is written again while the page lives), then what each registered game lets go
   first (`registry.GamePlugin.give_way`), then
2. one older finished game at a time (`registry.GamePlugin.make_room`: the full records of the
   oldest kept games; their summaries stay; when no full record is left, the oldest
   summaries).

When nothing is left to give up, the player is told plainly that the move could not be saved
and how to keep the game (export it), and the game stays open in the window. The word
"saved" is only ever said after a save succeeded (`SavePath.saved`, `after_error`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import first_paint
from .i18n import N_, _, ngettext, number
from .registry import GamePlugin
from .storage import Storage, StorageFull

CANNOT_SAVE = N_(
    "This device's storage is full: your last move could not be saved. The game stays open "
    "in this window; export it ({export}) or free some space before you close it."
)


def made_room(dropped: int) -> str:
    """The note after older games gave way to the game in progress."""
    return ngettext(
        "Storage was full: to keep this game saved, {n} of the oldest games in your history now "
        "keep only their summary (or were removed).",
        "Storage was full: to keep this game saved, {n} of the oldest games in your history now "
        "keep only their summary (or were removed).", dropped).format(n=number(dropped))


@dataclass
class Outcome:
    """What one save did: `saved` (the move is in storage), `conflict` (refused: another
    window saved the game since; nothing written), `dropped` (older games that gave way),
    `note` (what to tell the player, if anything)."""

    saved: bool
    conflict: bool = False
    dropped: int = 0
    note: str | None = None


class SavePath:
    """The save path of one window (see the module doc). `give_way` frees the least
    important record (True when it freed something); `make_room` frees one older game
    (how many records it reduced, 0 when none is left)."""

    def __init__(self, give_way: Callable[[], bool], make_room: Callable[[], int],
                 export_hint: str) -> None:
        self.give_way = give_way
        self.make_room = make_room
        self.export_hint = export_hint  # where the game's export is ("Menu, Your games": `N_`)
        self.unsaved = False  # the game's last change is not in storage
        self.attempts = 0  # saves tried (tests)

    def save(self, write: Callable[[], bool]) -> Outcome:
        """Run `write` (which stores the game, returning False when another window saved it
        since; it may run again, so it must be idempotent) until it fits."""
        dropped = 0
        while True:
            self.attempts += 1
            try:
                written = write()
            except StorageFull:
                if self.give_way():
                    continue
                n = self.make_room()
                if n:
                    dropped += n
                    continue
                self.unsaved = True
                return Outcome(False, dropped=dropped, note=self.cannot_save())
            break
        if not written:  # another window's save stands: nothing here is newer than it
            return Outcome(False, conflict=True, dropped=dropped)
        self.unsaved = False
        return Outcome(True, dropped=dropped, note=made_room(dropped) if dropped else None)

    def cannot_save(self) -> str:
        return _(CANNOT_SAVE).format(export=_(self.export_hint))


def after_error(save: Callable[[], None], saved: Callable[[], bool], has_game: bool) -> str:
    """What the player reads after the app itself failed (an unexpected error). The game is
    saved once more first; "saved" is said only when its latest state is then in storage."""
    if not has_game:
        return _("Something went wrong. Reload to continue.")
    try:
        save()
        ok = saved()
    except Exception:  # the save itself failed: say so, never "saved"
        ok = False
    if ok:
        return _("Something went wrong. Your game is saved up to your last move: reload to "
                 "continue.")
    return _("Something went wrong, and your last move is not saved. Export the game from the "
             "menu before you reload, or reload to go back to the last saved move.")


def save_path(storage: Storage, games: list[GamePlugin], export_hint: str,
              first: Callable[[], bool] | None = None) -> SavePath:
    """The save path of a window: when storage is full, the first-paint record, `first` (the
    asking game's own give-way), then every registered game's `give_way`, then each one's
    `make_room`."""

    def give_way() -> bool:
        picture = first_paint.give_way(storage)
        freed = first() if first is not None else False
        return any([picture, freed, *(p.give_way(storage) for p in games if p.give_way)])

    def make_room() -> int:
        for p in games:
            if p.make_room is not None:
                reduced = p.make_room(storage)
                if reduced:
                    return reduced
        return 0

    return SavePath(give_way, make_room, export_hint)
