"""Finished Ember Isle games kept on this device, for the History screen ("Your games"). Pure,
and without Ember Isle's code: Small Islands lists them without loading it; Ember Isle
(`ei_web.session`) adds each game it finishes through `EmberHistory.add`.

Storage: ``small-islands/ember-history``, ``{"format": "ember-isle-history/1", "games":
[summary, ...], "forgotten": [id, ...]}``, games oldest first. A summary is the date, each
seat's name, colour, kind (a person, or a computer and its level), total and place, why the
game ended and how many moves it took: a few hundred characters, the newest `KEEP` kept (about
0.2 M characters at most). No full record is kept: there is no replay of Ember Isle games.
``forgotten`` names the games the player deleted, so that the end screen of one does not bring
it back. An unreadable index is reported, kept, and moved to
``small-islands/ember-history-broken`` before the next game is added; every write re-reads the
index (two windows never drop each other's games).
"""

from __future__ import annotations

import json
from typing import Any

from game_kit.jsonio import load_json

from .history import KeptIndex
from .session import StorageFull

INDEX_KEY = "small-islands/ember-history"
BROKEN_KEY = "small-islands/ember-history-broken"
FORMAT = "ember-isle-history/1"
KEEP = 500
KEEP_FORGOTTEN = 50
COLOURS = ("red", "blue", "yellow", "violet")
KINDS = ("human", "easy", "medium")
ENDS = ("deck", "stall")
FIELDS = {"id", "at", "seats", "end", "moves"}
SEAT_FIELDS = {"name", "colour", "kind", "total", "rank"}
Summary = dict[str, Any]


def _int(v: object, low: int, high: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def summary_problem(s: object) -> str | None:
    """Why a stored Ember Isle summary is not valid (None when it is)."""
    if not isinstance(s, dict) or set(s) != FIELDS:
        return "a game summary has missing or unknown fields"
    ok = (
        isinstance(s["id"], str) and 0 < len(s["id"]) <= 32 and s["id"].isalnum()
        and _int(s["at"], 0, 2**53) and s["end"] in ENDS and _int(s["moves"], 0, 10**5)
        and isinstance(s["seats"], list) and 2 <= len(s["seats"]) <= 4
    )
    if not ok:
        return "a game summary has a bad value"
    for seat in s["seats"]:
        if not isinstance(seat, dict) or set(seat) != SEAT_FIELDS:
            return "a seat of a game summary has missing or unknown fields"
        if not (isinstance(seat["name"], str) and 0 < len(seat["name"]) <= 40
                and seat["colour"] in COLOURS and seat["kind"] in KINDS
                and _int(seat["total"], 0, 9999) and _int(seat["rank"], 1, 4)):
            return "a seat of a game summary has a bad value"
    return None


def parse_index(raw: str | None) -> tuple[list[Summary], list[str], str | None]:
    """(summaries oldest first, forgotten ids, None), or ([], [], why it is unreadable)."""
    if raw is None:
        return [], [], None
    try:
        data = load_json(raw, "Ember Isle history")
    except (ValueError, RecursionError) as exc:
        return [], [], str(exc)
    if not isinstance(data, dict) or data.get("format") != FORMAT or set(data) != {"format", "games", "forgotten"}:
        return [], [], "not an Ember Isle history record"
    games, forgotten = data["games"], data["forgotten"]
    if not (isinstance(games, list) and isinstance(forgotten, list)
            and all(isinstance(f, str) and len(f) <= 32 for f in forgotten)):
        return [], [], "the Ember Isle history has no valid lists"
    seen: set[str] = set()
    for s in games:
        problem = summary_problem(s)
        if problem is None and s["id"] in seen:
            problem = "a game appears twice"
        if problem:
            return [], [], f"the Ember Isle history is not valid: {problem}"
        seen.add(s["id"])
    return list(games), list(forgotten), None


class EmberHistory(KeptIndex):
    """The finished Ember Isle games kept on this device (see the module doc)."""

    KEY = INDEX_KEY

    def parse(self, raw: str | None) -> tuple[list[Summary], list[str], str | None]:
        return parse_index(raw)

    def add(self, summary: Summary, again: bool = False) -> bool:
        """Keep a finished game once (not again, nor after the player deleted it, unless
        `again`: the player imports it). False when it was not added (already kept, deleted,
        invalid, or storage full). Never raises."""
        self.reload()
        gid = summary.get("id")
        if summary_problem(summary) or self.get(str(gid)) is not None:
            return False
        if gid in self.forgotten:
            if not again:
                return False
            self.forgotten = [f for f in self.forgotten if f != gid]
        if self.error is not None:  # keep the unreadable index before writing a new one
            try:
                self.storage.set(BROKEN_KEY, self._raw_broken or "")
            except StorageFull:
                return False
            self.error, self._raw_broken, self.games, self.forgotten = None, None, [], []
        self.games = sorted([*self.games, summary], key=lambda s: s["at"])[-KEEP:]
        return self._write()

    def delete(self, game_id: str) -> bool:
        """Forget one game. False when it is not kept (or storage refused the write)."""
        self.reload()
        if self.get(game_id) is None:
            return False
        self.games = [s for s in self.games if s["id"] != game_id]
        self.forgotten = [*self.forgotten, game_id][-KEEP_FORGOTTEN:]
        return self._write()

    def _write(self) -> bool:
        record = {"format": FORMAT, "games": self.games, "forgotten": self.forgotten}
        try:
            self.storage.set(INDEX_KEY, json.dumps(record, separators=(",", ":")))
        except StorageFull:
            self.reload()
            return False
        return True
