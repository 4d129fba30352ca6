"""Two windows, one game: the guard over one saved game's key, shared by both games' sessions
(each game's session). Pure.

The guard remembers the save text this window last read or wrote (`known`). A write or a
removal over a text another window wrote since is refused and sets `conflict`: the app then
stops and offers "Continue here" (which reads the latest save again), so a save is never
written over a newer one. Screens that do not show the game just forget their stale copy
(`forget`).
"""

from __future__ import annotations

from .storage import Storage


class SaveGuard:
    def __init__(self, storage: Storage, key: str) -> None:
        self.storage = storage
        self.key = key
        self.known: str | None = None  # the save text this window last read or wrote
        self.conflict = False  # another window wrote the save since (see the module doc)

    def raw(self) -> str | None:
        """The stored save's text, if any (not remembered)."""
        return self.storage.get(self.key)

    def read(self) -> str | None:
        """The stored save's text; this window now knows it."""
        self.known = self.raw()
        return self.known

    def changed_elsewhere(self) -> bool:
        """Has another window written (or removed) the save since this one read or wrote it?"""
        return self.raw() != self.known

    def write(self, text: str) -> bool:
        """Store `text` unless another window wrote the save since (False, `conflict` set).
        The storage's own error (a full quota) goes to the caller."""
        if self.changed_elsewhere():
            self.conflict = True
            return False
        self.storage.set(self.key, text)
        self.known = text
        return True

    def remove(self) -> bool:
        """Remove the save unless another window wrote it since (False, `conflict` set)."""
        if self.changed_elsewhere():
            self.conflict = True
            return False
        self.storage.remove(self.key)
        self.known = None
        return True

    def forget(self) -> None:
        """A screen that does not show the game: take the stored save as known."""
        self.known = self.raw()
