"""What Ember Isle keeps in localStorage, under its own namespace ``ember-isle/`` (no other
game's record is ever touched). Reading never raises: a record that cannot be read is reported
and kept (moved aside before a new game is written over it).

- ``ember-isle/save``: ``{"v": 1, "game": <the engine's save text>, "viewer": seat or null,
  "unlocked": bool}`` after every action;
- ``ember-isle/summary``: the start screen's "Continue" record: the seats (name, computer or
  not), the turn, over or not, as JSON (words made when shown, in the player's language, by
  the game's registration: the shell reads it without loading Ember Isle; an older build's
  plain English line is shown as it is);
- ``ember-isle/settings``: the new-game form;
- ``ember-isle/history``: its finished games' summaries (`game_shell.kept_games`);
- ``ember-isle/screen``: the screen this tab showed (a record of the tab).

Two windows on one device: the shell's `game_shell.guard` over ``save`` (a save over one
another window wrote since is refused; the app then offers "Continue here").
"""

from __future__ import annotations

import contextlib
import json
import time
import zlib
from typing import Any

from ember_isle import Game, MalformedInput
from game_kit.errors import MalformedInput as BadJson
from game_kit.jsonio import load_json
from game_plugins.ember_isle import PLUGIN
from game_shell import registry
from game_shell.guard import SaveGuard
from game_shell.keeping import save_path
from game_shell.kept_games import KeptGames
from game_shell.storage import Storage, StorageFull, put_record

SAVE = PLUGIN.key("save")
BROKEN = PLUGIN.key("save-broken")
SUMMARY = PLUGIN.summary_key
SETTINGS = PLUGIN.key("settings")
ACTIVE = registry.ACTIVE  # this game's name while it is on screen (the tab's record)
SCREEN = PLUGIN.key("screen")  # the screen this tab showed (a reload shows it again)


def kept_games(storage: Storage) -> KeptGames:
    """Ember Isle's finished games kept on this device (summaries)."""
    return KeptGames(storage, PLUGIN.name, PLUGIN.title)


class Loaded:
    """A loaded save: the game, whose private view is on screen, and whether it is shown."""

    def __init__(self, game: Game, viewer: int | None, unlocked: bool) -> None:
        self.game = game
        self.viewer = viewer
        self.unlocked = unlocked


class Session:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.guard = SaveGuard(storage, SAVE)  # two windows, one game (Small Islands' guard)
        # one save path for every game: room made when storage is full (`game_shell.keeping`)
        self.path = save_path(storage, registry.plugins(), "Menu, Export this game")

    def load(self) -> Loaded | str | None:
        """The saved game, None when there is none, or the reason it cannot be read. This
        window now knows that save (`guard`)."""
        raw = self.guard.read()
        if raw is None:
            return None
        try:
            record = load_json(raw, "Ember Isle save")
            if not isinstance(record, dict) or record.get("v") != 1:
                raise MalformedInput("not an Ember Isle save record")
            game = Game.from_json(record["game"])
            viewer = record.get("viewer")
            if not (viewer is None or (type(viewer) is int and 0 <= viewer < len(game.seats))):
                viewer = None
            return Loaded(game, viewer, record.get("unlocked") is True)
        except (MalformedInput, BadJson, KeyError, TypeError, ValueError) as exc:
            return str(exc) or "unreadable"

    def save(self, game: Game, viewer: int | None, unlocked: bool) -> str | None:
        """Write the game after an action through the shared save path; what to tell the
        player, if anything (storage was full: room made, or the move could not be saved).
        Refused (`guard.conflict` set, nothing written) when another window wrote the save
        since this one read or wrote it."""
        record = {"v": 1, "game": game.to_json(), "viewer": viewer, "unlocked": unlocked}
        text, line = json.dumps(record, separators=(",", ":")), summary(game)

        def write() -> bool:  # idempotent: the path runs it again after making room
            if not self.guard.write(text):
                return False
            self.storage.set(SUMMARY, line)
            return True

        return self.path.save(write).note

    def saved(self) -> bool:
        """Is the game's latest change in storage?"""
        return not self.path.unsaved and not self.guard.conflict

    def record_finished(self, game: Game, at_ms: int | None = None) -> bool:
        """Keep a finished game's summary for "Your games" (once; never raises)."""
        if game.phase != "over":
            return False
        stamp = int(time.time() * 1000) if at_ms is None else at_ms
        return kept_games(self.storage).add(finished_summary(game, stamp))

    def move_aside(self) -> None:
        raw = self.storage.get(SAVE)
        if raw is not None:
            self.storage.set(BROKEN, raw)
        self.storage.remove(SAVE)
        self.storage.remove(SUMMARY)
        self.guard.known = None

    def settings(self) -> dict[str, Any] | None:
        raw = self.storage.get(SETTINGS)
        if raw is None:
            return None
        try:
            value = load_json(raw, "Ember Isle settings")
        except BadJson:
            return None
        return value if isinstance(value, dict) else None

    def save_settings(self, form: dict[str, Any]) -> None:
        put_record(self.storage, SETTINGS, json.dumps(form))  # lost when storage is full

    def remember(self, screen: str) -> None:
        """The screen on show, for a reload of this tab (only when it changed)."""
        if self.storage.get(SCREEN) != screen:
            with contextlib.suppress(StorageFull):  # a convenience: lost when storage is full
                self.storage.set(SCREEN, screen)

    def shown(self) -> str | None:
        """The screen this tab last showed."""
        return self.storage.get(SCREEN)

    def set_active(self, active: bool) -> None:
        if active:
            with contextlib.suppress(StorageFull):  # this tab's flag: lost when storage is full
                self.storage.set(ACTIVE, PLUGIN.name)
        else:
            self.storage.remove(ACTIVE)


def finished_summary(game: Game, at_ms: int) -> dict[str, Any]:
    """What "Your games" keeps of a finished game (`game_shell.kept_games`): the date, each
    seat (name, colour, a person or a computer's level, total, place), the end, the moves. The
    id is a checksum of the save, so the same game is kept once."""
    data = game.to_json().encode("utf-8")
    rows = {r["seat"]: r for r in game.scores()}
    return {
        "id": f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}",
        "at": int(at_ms),
        "seats": [
            {"name": s.name, "colour": s.colour, "kind": s.bot or "human",
             "total": int(rows[i]["total"]), "rank": int(rows[i]["rank"])}
            for i, s in enumerate(game.seats)
        ],
        "end": game.end_reason if game.end_reason in ("deck", "stall") else "deck",
        "moves": len(game.actions),
    }


def summary(game: Game) -> str:
    """The start screen's record of a game (data, no words: the line is made in the player's
    language when shown, `game_plugins.ember_isle.summary_words`): the seats' names and
    whether each is a computer, the turn, whether it is over."""
    return json.dumps({"seats": [{"name": s.name, "bot": bool(s.bot)} for s in game.seats],
                       "turn": max(game.turns, 1), "over": game.phase == "over"},
                      separators=(",", ":"))


def summary_line(stored: str | None) -> str | None:
    """The start screen's line for the stored summary record (None: no game)."""
    return PLUGIN.summary_line(stored)
