"""Finished games kept on this device: a summary of every game, the full save of the newest.

Storage (localStorage, through `session.Storage`):

* ``small-islands/history``: the index, ``{"format": "small-islands-history/1", "games":
  [summary, ...], "forgotten": [id, ...]}``, games oldest first (a summary is a few hundred
  characters, `summarize`); ``forgotten`` names the last games the player deleted, so that
  reloading a finished game's end screen does not bring a deleted game back;
* ``small-islands/history/<id>``: the full save of one game (the engine's save format, as
  `Game.to_json` writes it), for replay and export;
* ``small-islands/history-broken``: an unreadable index, moved aside (never deleted) before a
  new one is written.

Bounds: the newest `KEEP_FULL` games keep their full save; older ones keep their summary
only (statistics still count them), and the newest `KEEP_SUMMARIES` summaries are kept.
Worst case, with the largest saves measured (about 7.4 KB for a four-seat Advanced game),
that is 200 x 7.4 KB + 1000 x ~0.4 KB = about 1.9 M characters: under 40 % of the ~5 M
characters Chromium's and Firefox's localStorage hold per site (README, "Your games").

Reading never raises: an unreadable index is reported (`error`) and kept until a write moves
it aside. Every write re-reads the index first, so two windows never drop each other's games.
"""

from __future__ import annotations

import json
import time
import zlib
from dataclasses import dataclass, field
from typing import Any

from game_shell.i18n import N_, _, ngettext, number
from game_shell.kept_games import KeptIndex, read_index
from game_shell.storage import Storage, StorageFull
from small_islands import Game
from small_islands.options import BOT_LEVELS, COLOURS, MAX_NAME
from small_islands.version import __version__

INDEX_KEY = "small-islands/history"
SAVE_PREFIX = "small-islands/history/"
BROKEN_KEY = "small-islands/history-broken"
FORMAT = "small-islands-history/1"
KEEP_FULL = 200
KEEP_SUMMARIES = 1000
KINDS = ("human", *BOT_LEVELS, "alexis")
END_REASONS = ("ships", "reserve", "display")
SUMMARY_FIELDS = {"id", "at", "mode", "solo", "seats", "end", "rounds", "moves", "imported",
                  "full", "app"}
SEAT_FIELDS = {"name", "colour", "kind", "total", "rank"}

Summary = dict[str, Any]
FULL_NOTE = N_(
    "This device's storage is full: the game could not be kept in your history. Export it "
    "to a file to keep it."
)


def game_id(game: Game) -> str:
    """A stable name of a finished game, from its save (the same game always gets the same
    id: an export imported back is recognised)."""
    data = game.to_json().encode("utf-8")
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def seat_kind(game: Game, seat: int) -> str:
    """'human', a computer level, or 'alexis'."""
    s = game.seats[seat]
    return "alexis" if s.alexis else (s.bot or "human")


def summarize(game: Game, at_ms: int, imported: bool = False) -> Summary:
    """The summary kept of a finished game: when, mode, seats (kind, score, rank), end."""
    rows = {r["seat"]: r for r in game.scores()}
    return {
        "id": game_id(game),
        "at": int(at_ms),
        "mode": game.options.mode,
        "solo": game.options.solo_level if game.options.solo else None,
        "seats": [
            {
                "name": s.name,
                "colour": s.colour,
                "kind": seat_kind(game, i),
                "total": int(rows[i]["total"]),
                "rank": int(rows[i]["rank"]),
            }
            for i, s in enumerate(game.seats)
        ],
        "end": game.end_reason,
        "rounds": game.round,
        "moves": len(game.actions),
        "imported": imported,
        "full": True,
        "app": __version__,
    }


def now_ms() -> int:
    """Milliseconds since 1970 (the browser's clock under Pyodide)."""
    return int(time.time() * 1000)


def _int(v: object, low: int, high: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def summary_problem(s: object) -> str | None:
    """Why a stored summary is not valid (None when it is)."""
    if not isinstance(s, dict) or set(s) != SUMMARY_FIELDS:
        return "a game summary has missing or unknown fields"
    seats = s["seats"]
    checks = (
        ("id", isinstance(s["id"], str) and 0 < len(s["id"]) <= 32 and s["id"].isalnum()),
        ("at", _int(s["at"], 0, 2**53)),
        ("mode", s["mode"] in ("normal", "advanced")),
        ("solo", s["solo"] is None or _int(s["solo"], 1, 6)),
        ("seats", isinstance(seats, list) and 1 <= len(seats) <= 5),
        ("end", s["end"] in END_REASONS),
        ("rounds", _int(s["rounds"], 0, 99)),
        ("moves", _int(s["moves"], 0, 10**5)),
        ("imported", isinstance(s["imported"], bool)),
        ("full", isinstance(s["full"], bool)),
        ("app", isinstance(s["app"], str) and len(s["app"]) <= 40),
    )
    for name, ok in checks:
        if not ok:
            return f"a game summary has a bad {name}"
    for seat in seats:
        if not isinstance(seat, dict) or set(seat) != SEAT_FIELDS:
            return "a seat of a game summary has missing or unknown fields"
        name = seat["name"]
        if not (isinstance(name, str) and 0 < len(name) <= MAX_NAME):
            return "a seat of a game summary has a bad name"
        if seat["colour"] not in COLOURS or seat["kind"] not in KINDS:
            return "a seat of a game summary has a bad colour or kind"
        if not (_int(seat["total"], -999, 9999) and _int(seat["rank"], 1, 5)):
            return "a seat of a game summary has a bad score"
    return None


def parse_index(raw: str | None) -> tuple[list[Summary], list[str], str | None]:
    """(summaries oldest first, forgotten ids, None), or ([], [], the reason the stored index
    is unreadable): the shell's reader, with this game's richer summaries."""
    return read_index(raw, FORMAT, "Small Islands history", summary_problem)


@dataclass
class Added:
    """What `History.add` did: kept (with its full save or not), and notes for the player."""

    kept: bool
    full: bool = False
    notes: list[str] = field(default_factory=list)


class History(KeptIndex):
    """The finished games kept on this device (see the module doc)."""

    def __init__(self, storage: Storage) -> None:
        super().__init__(storage, INDEX_KEY)

    def parse(self, raw: str | None) -> tuple[list[Summary], list[str], str | None]:
        return parse_index(raw)

    def save_text(self, game_id: str) -> str | None:
        """The full save of one game (None when pruned or missing)."""
        s = self.get(game_id)
        return self.storage.get(SAVE_PREFIX + game_id) if s and s["full"] else None

    def pruned_count(self) -> int:
        """How many kept games have only their summary."""
        return sum(1 for s in self.games if not s["full"])

    # ------------------------------------------------------------------ writes
    def add(self, game: Game, at_ms: int, imported: bool = False) -> Added:
        """Keep a finished game (once: a game already kept, or deleted by the player, is not
        added again, unless it is imported). Its full save is written first; if storage is
        full, older full saves make room, else only the summary is kept. Never raises."""
        self.reload()
        summary = summarize(game, at_ms, imported)
        gid = summary["id"]
        if self.get(gid) is not None or (gid in self.forgotten and not imported):
            return Added(False, notes=[])
        self.forgotten = [f for f in self.forgotten if f != gid]
        notes: list[str] = []
        if self.error is not None and not self._move_broken_aside(notes):
            notes.append(_(FULL_NOTE))
            return Added(False, notes=notes)
        key = SAVE_PREFIX + summary["id"]
        summary["full"] = self._write_making_room(key, game.to_json(), notes)
        self.games.append(summary)
        notes += self._trim()
        if not self._write_index(notes):
            self._remove(key)
            self.reload()
            notes.append(_(FULL_NOTE))
            return Added(False, notes=notes)
        if not summary["full"]:
            notes.append(_("Storage is full: only this game's summary was kept (no replay or export)."))
        return Added(True, summary["full"], notes)

    def delete(self, game_id: str) -> bool:
        """Forget one game (its summary and full save). False when it is not kept."""
        if not self.forget(game_id):
            return False
        if not self._write_index([]):
            self.reload()
            return False
        self._remove(SAVE_PREFIX + game_id)
        return True

    def make_room(self, count: int = 10) -> int:
        """Free storage for the game in progress: drop the full saves of up to `count` of the
        oldest games (their summaries stay); when none is left, the oldest summaries. Returns
        how many were dropped (0: nothing left to drop)."""
        self.reload()
        if self.error is not None:
            return 0
        full = [s for s in self.games if s["full"]][:count]
        if full:
            for s in full:
                self._remove(SAVE_PREFIX + s["id"])
                s["full"] = False
        else:
            dropped, self.games = self.games[:count], self.games[count:]
            if not dropped:
                return 0
            full = dropped
        self._write_index([])
        return len(full)

    def _trim(self) -> list[str]:
        """Keep the bounds: full saves of the newest KEEP_FULL, KEEP_SUMMARIES summaries."""
        notes = []
        order = sorted(self.games, key=lambda s: s["at"])
        old_full = [s for s in order if s["full"]][:-KEEP_FULL]
        for s in old_full:
            self._remove(SAVE_PREFIX + s["id"])
            s["full"] = False
        if old_full:
            notes.append(ngettext(
                "Your history keeps the full record (replay, export) of the newest {n} game; the "
                "oldest now keeps its summary only.",
                "Your history keeps the full record (replay, export) of the newest {n} games; the "
                "oldest now keeps its summary only.", KEEP_FULL).format(n=number(KEEP_FULL)))
        if len(order) > KEEP_SUMMARIES:
            drop = {s["id"] for s in order[: len(order) - KEEP_SUMMARIES]}
            for gid in drop:
                self._remove(SAVE_PREFIX + gid)
            self.games = [s for s in self.games if s["id"] not in drop]
            notes.append(ngettext(
                "Your history keeps the newest {n} game; the oldest was removed.",
                "Your history keeps the newest {n} games; the oldest was removed.",
                KEEP_SUMMARIES).format(n=number(KEEP_SUMMARIES)))
        return notes

    def _write_making_room(self, key: str, text: str, notes: list[str]) -> bool:
        """Write a full save, dropping the oldest full saves while storage is full."""
        while True:
            try:
                self.storage.set(key, text)
                return True
            except StorageFull:
                if not self._drop_oldest_full(notes):
                    return False

    def _write_index(self, notes: list[str]) -> bool:
        while True:
            record = {"format": FORMAT, "games": self.games, "forgotten": self.forgotten}
            text = json.dumps(record, separators=(",", ":"))
            try:
                self.storage.set(INDEX_KEY, text)
                return True
            except StorageFull:
                if not self._drop_oldest_full(notes):
                    return False

    def _drop_oldest_full(self, notes: list[str], count: int = 5) -> bool:
        """Storage is full: the oldest full saves go (their summaries stay). False if none."""
        victims = [s for s in sorted(self.games, key=lambda s: s["at"]) if s["full"]][:count]
        for s in victims:
            self._remove(SAVE_PREFIX + s["id"])
            s["full"] = False
        note = _("Storage was full: the oldest games in your history now keep their summary only.")
        if victims and note not in notes:
            notes.append(note)
        return bool(victims)

    def _move_broken_aside(self, notes: list[str]) -> bool:
        """Keep an unreadable index under its own key before a new one is written."""
        if self._raw_broken is not None:
            try:
                self.storage.set(BROKEN_KEY, self._raw_broken)
            except StorageFull:
                return False
            notes.append(_(
                "The list of your games could not be read: it was moved aside (still kept on "
                "this device, not deleted), and a new list starts with this game."))
        self.error, self._raw_broken, self.games, self.forgotten = None, None, [], []
        return True

    def _remove(self, key: str) -> None:
        self.storage.remove(key)
