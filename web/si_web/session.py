"""Everything the app keeps on the device, behind one object (pure: no browser imports).

Keys (under a per-game prefix, ``small-islands/`` here):

* ``save``: the game in progress, its event-sourced save, written after every action, with
  its revision ``rev`` (see below);
* ``broken-save``: an unreadable save moved aside (never deleted) before a new game;
* ``ui``: the new-game settings, which screen was open, the map's pan/zoom;
* ``ui-state``: the device seat's unfinished choices (see `resume`);
* ``achievements`` (+ ``achievements-broken``): the Great Explorer record (see `explorer`).

The device's settings (motion, sound, pace, palette, ...) are the shell's record,
``games/settings`` (`game_shell.settings`; Small Islands' view of them: `settings`).

Reading never raises: anything unreadable is reported (saves, the achievements record) or
ignored (settings, choices), and the raw text stays where it was. Writing raises `StorageFull`
when the browser refuses (its quota); the caller decides what to give up (`kept.Kept.save`).

Two windows on one device (`guard`, shared with Ember Isle): the session remembers the save
text it last read or wrote (`known`); a save or removal over a text another window wrote since is refused and sets
`conflict` (the app then offers "Continue here", which reloads), so a save is never written
over a newer one. ``rev`` counts the writes of a game (one more than the save it replaces).
History (finished games) has its own keys: see `history`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from game_shell import registry
from game_shell import settings as device_record
from game_shell.guard import SaveGuard
from game_shell.i18n import _
from game_shell.storage import Storage, put_record, read_json
from small_islands import Game
from small_islands.save import with_revision

from . import explorer
from .settings import NAME, Settings, of_device


class Session:
    """The device's storage for one game kind: saves, settings, choices, achievements."""

    def __init__(self, storage: Storage, prefix: str = "small-islands") -> None:
        self.storage = storage
        self.save_key = f"{prefix}/save"
        self.broken_key = f"{prefix}/broken-save"
        self.meta_key = f"{prefix}/ui"
        self.ui_key = f"{prefix}/ui-state"
        self._ui_saved: str | None = None  # the choices record last written or read
        self.guard = SaveGuard(storage, self.save_key)  # two windows (see the module doc)
        self.full = False  # a write was refused: storage is full
        raw_record = storage.get(explorer.ACH_KEY)
        self.record, self.record_error = explorer.parse_record(raw_record)
        self.record_raw = raw_record if self.record_error else None

    @property
    def known(self) -> str | None:
        """The save text this window last read or wrote."""
        return self.guard.known

    @known.setter
    def known(self, value: str | None) -> None:
        self.guard.known = value

    @property
    def conflict(self) -> bool:
        """Another window wrote the save since this one read or wrote it."""
        return self.guard.conflict

    @conflict.setter
    def conflict(self, value: bool) -> None:
        self.guard.conflict = value

    def put(self, key: str, value: str) -> bool:
        """Write a record that may be lost when storage is full (settings, choices,
        achievements): False, and `full` set, when the browser refused it."""
        if put_record(self.storage, key, value):
            return True
        self.full = True
        return False

    # ------------------------------------------------------------- the game
    def raw_save(self) -> str | None:
        """The stored save's text, if any."""
        return self.storage.get(self.save_key)

    def load_game(self) -> Game | tuple[str, str] | None:
        """The saved game; (reason, raw text) when it cannot be loaded; None when none.
        This window now knows that save (see `known`)."""
        raw = self.guard.read()
        if raw is None:
            return None
        try:
            return Game.from_json(raw)
        except Exception as exc:  # any unreadable save: report it, keep it
            return (str(exc) or exc.__class__.__name__, raw)

    def changed_elsewhere(self) -> bool:
        """Has another window written (or removed) the save since this one read or wrote it?"""
        return self.guard.changed_elsewhere()

    def save_game(self, game: Game) -> bool:
        """Write the game after an action, one revision on; refused (False, `conflict` set)
        when another window wrote the save since. `StorageFull` when the browser refuses."""
        if self.changed_elsewhere():
            self.conflict = True
            return False
        # StorageFull goes to the caller
        return self.guard.write(with_revision(game.to_json(), revision(self.known) + 1))

    def remove_game(self) -> None:
        """Forget the saved game (after "Play again"), unless another window wrote it since."""
        self.guard.remove()

    def move_aside(self, raw: str) -> None:
        """Keep an unreadable save under its own key before anything replaces it."""
        self.put(self.broken_key, raw)

    # ------------------------------------------------------------- settings
    def meta(self) -> dict[str, Any]:
        """The settings record (empty when missing or unreadable)."""
        meta = read_json(self.storage.get(self.meta_key))
        return meta if isinstance(meta, dict) else {}

    def save_meta(self, record: dict[str, Any]) -> None:
        """Write the settings record."""
        self.put(self.meta_key, json.dumps(record))

    def device(self) -> device_record.Settings:
        """The device's settings record, every game's (defaults for anything missing or
        unreadable: never raises)."""
        return device_record.read(self.storage, registry.plugins())

    def device_settings(self) -> tuple[bool, Settings]:
        """(whether Small Islands' pace is stored, the device's settings as Small Islands
        reads them)."""
        device = self.device()
        return "pace" in device.games.get(NAME, {}), of_device(device)

    def save_device(self, device: device_record.Settings) -> None:
        """Write the device's settings (after every change; lost, like the other small
        records, when storage is full: the game's save matters more)."""
        self.put(device_record.KEY, device_record.dump(device))

    # ------------------------------------------------------------- choices
    def raw_choices(self) -> str | None:
        """The stored choices record's text (remembered, so an unchanged one is not rewritten)."""
        raw = self.storage.get(self.ui_key)
        self._ui_saved = raw
        return raw

    def save_choices(self, text: str | None) -> None:
        """Write the choices record when it changed."""
        if text is not None and text != self._ui_saved and self.put(self.ui_key, text):
            self._ui_saved = text

    # ------------------------------------------------------------- achievements
    def record_finished(
        self, game: Game, humans: list[int]
    ) -> tuple[list[tuple[str, list[str]]], str | None]:
        """A finished game's ticks for its human winners ((name, texts) each), counted once on
        this device; and a note for the log when an unreadable record was moved aside."""
        ticks, ticked = [], []
        for seat, items in enumerate(game.view(0).get("achievements") or []):
            if seat in humans and items:
                ticks.append((game.seats[seat].name, [i["text"] for i in items]))
                ticked += [i["id"] for i in items]
        return ticks, self._count(f"{game.options.seed}-{len(game.actions)}", game.options.mode, ticked)

    def _count(self, game_id: str, mode: str, ticked: list[str]) -> str | None:
        raw = self.storage.get(explorer.ACH_KEY)  # another window may have counted games since
        if self.record_error is None and raw is not None:
            record, error = explorer.parse_record(raw)
            if error is None:
                self.record = record
        if game_id in self.record["games"]:
            return None
        note = None
        if self.record_error is not None and self.record_raw is not None:
            self.put(explorer.ACH_BROKEN_KEY, self.record_raw)
            note = _(
                "The Great Explorer record could not be read: it was moved aside (still kept on "
                "this device, not deleted), and a new record starts with this game.")
            self.record_error = None
            self.record_raw = None
        explorer.add_game(self.record, game_id, mode, ticked)
        self.put(explorer.ACH_KEY, explorer.dump_record(self.record))
        return note


_REV = re.compile(r'\{"rev":(\d{1,16}),')


def revision(text: str | None) -> int:
    """The revision of a stored save (0 for none, or one written without it)."""
    m = _REV.match(text or "")
    return int(m.group(1)) if m else 0
