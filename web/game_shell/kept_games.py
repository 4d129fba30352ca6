"""Finished games kept on this device as summaries, for "Your games": one index for each game
that keeps its games this way (``<name>/history``, `registry.GamePlugin.kept`), readable
without the game's code (the home game lists them before the game is ever loaded); the game
adds each game it finishes through `KeptGames.add`. Pure.

An index is ``{"format": "<name>-history/1", "games": [summary, ...], "forgotten": [id,
...]}``, games oldest first. A summary is the date, each seat's name, colour, kind (a person,
or a computer and its level), total and place, why the game ended (a short word the game's
`registry.KeptWords` says in full) and how many moves it took: a few hundred characters, the
newest `KEEP` kept. ``forgotten`` names the games the player deleted, so that the end screen of
one does not bring it back. An unreadable index is reported, kept, and moved to
``<name>/history-broken`` before the next game is added; every write re-reads the index (two
windows never drop each other's games).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from game_kit.jsonio import load_json

from .storage import Storage, StorageFull

KEEP = 500
KEEP_FORGOTTEN = 50
WORD = re.compile(r"[a-z][a-z0-9-]{0,15}")  # a colour, a kind of seat, why a game ended
FIELDS = {"id", "at", "seats", "end", "moves"}
SEAT_FIELDS = {"name", "colour", "kind", "total", "rank"}
Summary = dict[str, Any]


class KeptIndex:
    """A stored index of finished-game summaries (and the ids the player deleted), read as
    hostile input: each game's history is one of these under its own key and format."""

    def __init__(self, storage: Storage, key: str) -> None:
        self.storage = storage
        self.key = key
        self.games: list[Summary] = []
        self.forgotten: list[str] = []
        self.error: str | None = None  # why the stored index is unreadable
        self._raw_broken: str | None = None
        self.reload()

    def parse(self, raw: str | None) -> tuple[list[Summary], list[str], str | None]:
        """The stored index's summaries, deleted ids and why it is unreadable (if it is)."""
        raise NotImplementedError

    def reload(self) -> None:
        """Read the index again (another window may have changed it)."""
        raw = self.storage.get(self.key)
        self.games, self.forgotten, self.error = self.parse(raw)
        self._raw_broken = raw if self.error else None

    def newest_first(self) -> list[Summary]:
        """Every summary, the newest game first."""
        return sorted(self.games, key=lambda s: -s["at"])

    def get(self, game_id: str) -> Summary | None:
        """The summary of one game."""
        return next((s for s in self.games if s["id"] == game_id), None)

    def forget(self, game_id: str) -> bool:
        """Take one game out of the index read afresh, remembering that the player deleted it
        (its end screen must not bring it back); False when it is not kept. The caller
        writes the index."""
        self.reload()
        if self.get(game_id) is None:
            return False
        self.games = [s for s in self.games if s["id"] != game_id]
        self.forgotten = [*self.forgotten, game_id][-KEEP_FORGOTTEN:]
        return True


def _word(v: object) -> bool:
    return isinstance(v, str) and WORD.fullmatch(v) is not None


def _int(v: object, low: int, high: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def summary_problem(s: object) -> str | None:
    """Why a stored summary is not valid (None when it is)."""
    if not isinstance(s, dict) or set(s) != FIELDS:
        return "a game summary has missing or unknown fields"
    ok = (
        isinstance(s["id"], str) and 0 < len(s["id"]) <= 32 and s["id"].isalnum()
        and _int(s["at"], 0, 2**53) and _word(s["end"]) and _int(s["moves"], 0, 10**5)
        and isinstance(s["seats"], list) and 2 <= len(s["seats"]) <= 4
    )
    if not ok:
        return "a game summary has a bad value"
    for seat in s["seats"]:
        if not isinstance(seat, dict) or set(seat) != SEAT_FIELDS:
            return "a seat of a game summary has missing or unknown fields"
        if not (isinstance(seat["name"], str) and 0 < len(seat["name"]) <= 40
                and _word(seat["colour"]) and _word(seat["kind"])
                and _int(seat["total"], 0, 9999) and _int(seat["rank"], 1, 4)):
            return "a seat of a game summary has a bad value"
    return None


def read_index(
    raw: str | None, fmt: str, what: str,
    problem_of: Callable[[object], str | None] = summary_problem,
) -> tuple[list[Summary], list[str], str | None]:
    """A stored index of format `fmt` (`what` names it in the reasons): (summaries oldest
    first, forgotten ids, None), or ([], [], why it is unreadable). `problem_of` says why a
    summary is not valid (a game that keeps richer summaries gives its own)."""
    if raw is None:
        return [], [], None
    try:
        data = load_json(raw, what)
    except (ValueError, RecursionError) as exc:
        return [], [], str(exc)
    if not isinstance(data, dict) or data.get("format") != fmt or set(data) != {"format", "games", "forgotten"}:
        return [], [], f"the {what} is not a record of its kind"
    games, forgotten = data["games"], data["forgotten"]
    if not isinstance(games, list) or not isinstance(forgotten, list):
        return [], [], f"the {what} has no list of games"
    if not all(isinstance(f, str) and len(f) <= 32 for f in forgotten):
        return [], [], f"the {what}'s deleted games are not valid"
    seen: set[str] = set()
    for s in games:
        problem = problem_of(s)
        if problem is None and s["id"] in seen:
            problem = "a game appears twice"
        if problem:
            return [], [], f"the {what} is not valid: {problem}"
        seen.add(s["id"])
    return list(games), list(forgotten), None


def index_format(name: str) -> str:
    """The format of the index of the game whose storage namespace is `name`."""
    return f"{name}-history/1"


class KeptGames(KeptIndex):
    """The finished games of one game kept on this device as summaries (see the module doc):
    `name` is the game's storage namespace, `title` its name in words."""

    def __init__(self, storage: Storage, name: str, title: str) -> None:
        self.format = index_format(name)
        self.title = title
        self.broken_key = f"{name}/history-broken"
        super().__init__(storage, f"{name}/history")

    def parse(self, raw: str | None) -> tuple[list[Summary], list[str], str | None]:
        return read_index(raw, self.format, f"{self.title} history")

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
                self.storage.set(self.broken_key, self._raw_broken or "")
            except StorageFull:
                return False
            self.error, self._raw_broken, self.games, self.forgotten = None, None, [], []
        self.games = sorted([*self.games, summary], key=lambda s: s["at"])[-KEEP:]
        return self._write()

    def delete(self, game_id: str) -> bool:
        """Forget one game. False when it is not kept (or storage refused the write)."""
        return self.forget(game_id) and self._write()

    def _write(self) -> bool:
        record = {"format": self.format, "games": self.games, "forgotten": self.forgotten}
        try:
            self.storage.set(self.key, json.dumps(record, separators=(",", ":")))
        except StorageFull:
            self.reload()
            return False
        return True
