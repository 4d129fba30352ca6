"""A game's finished games as the shell's statistics read them: plain records that name no
game (`Finished`), which each game hands over through its registration
(`registry.GamePlugin.finished`, a callable taking the storage). A record is when the game
ended, each seat (a name, a person or a computer and its level in words, its place and
score) and the game's own groupings (`Group`: say a mode, or how many played), which the
statistics tally separately. `valid` says whether a record is one the statistics may count:
a game's reader hands over what it read from storage, and a hostile record is skipped, never
raised. `from_kept` reads the summaries a game keeps in "Your games" (`kept_games.KeptGames`)
as records. Pure.

>>> s = {"id": "a1", "at": 5, "end": "last", "moves": 9, "seats": [
...     {"name": "Ann", "colour": "blue", "kind": "human", "total": 1, "rank": 1},
...     {"name": "Bob", "colour": "red", "kind": "easy", "total": 0, "rank": 2}]}
>>> r = record_of(s, ("easy",))
>>> [(seat.name, seat.person, seat.level, seat.rank) for seat in r.seats]
[('Ann', True, '', 1), ('Bob', False, 'Computer: easy', 2)]
>>> valid(r)
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .kept_games import Summary, index_format, read_index
from .storage import Storage

MAX_TEXT = 40  # a name, a level or a group label, in characters
MAX_SEATS = 8
MAX_SCORE = 10**6


@dataclass(frozen=True)
class Seat:
    """One seat of a finished game: `person` (False: a computer, whose `level` says how it
    played, in words: "Computer: hard"), its place (1: won, shared places allowed) and score."""

    name: str
    person: bool
    rank: int
    score: int
    level: str = ""
    level_order: int = 0  # where its level comes among the game's levels (charts sort by it)


@dataclass(frozen=True)
class Group:
    """One of a game's own groupings a finished game falls under: `kind` names the grouping
    ("mode": "Average score by mode"), `label` the group ("Advanced"); `order` sorts the
    groups of one kind."""

    kind: str
    label: str
    order: int = 0


@dataclass(frozen=True)
class Finished:
    """One finished game, as the statistics count it (see the module doc)."""

    at: int  # when it ended, in milliseconds since 1970
    seats: tuple[Seat, ...]
    groups: tuple[Group, ...] = ()
    imported: bool = False  # it came from a file


Reader = Callable[[Storage], Sequence[Finished]]


def _text(v: object) -> bool:
    return isinstance(v, str) and 0 < len(v) <= MAX_TEXT and bool(v.strip())


def _int(v: object, low: int, high: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _seat_ok(seat: object) -> bool:
    return (
        isinstance(seat, Seat) and _text(seat.name) and isinstance(seat.person, bool)
        and _int(seat.rank, 1, MAX_SEATS) and _int(seat.score, -MAX_SCORE, MAX_SCORE)
        and isinstance(seat.level, str) and len(seat.level) <= MAX_TEXT
        and (seat.person or _text(seat.level)) and _int(seat.level_order, 0, 999)
    )


def _group_ok(group: object) -> bool:
    return (isinstance(group, Group) and _text(group.kind) and _text(group.label)
            and _int(group.order, 0, 999))


def valid(record: object) -> bool:
    """Is `record` a finished game the statistics may count? (A game's reader hands over
    what it read from storage: anything else is skipped.)"""
    return (
        isinstance(record, Finished) and _int(record.at, 0, 2**53)
        and isinstance(record.imported, bool)
        and isinstance(record.seats, tuple) and 1 <= len(record.seats) <= MAX_SEATS
        and all(_seat_ok(s) for s in record.seats)
        and isinstance(record.groups, tuple) and len(record.groups) <= 8
        and all(_group_ok(g) for g in record.groups)
    )


def record_of(s: Summary, levels: Sequence[str] = (),
              groups: Callable[[Summary], Sequence[Group]] = lambda s: ()) -> Finished:
    """The record of one kept summary (`kept_games`): a seat of kind ``human`` is a person,
    any other kind a computer's level (`levels`, easiest first, gives the order)."""
    return Finished(
        at=s["at"],
        seats=tuple(_seat(seat, levels) for seat in s["seats"]),
        groups=tuple(groups(s)),
    )


def _seat(seat: Summary, levels: Sequence[str]) -> Seat:
    kind = seat["kind"]
    if kind == "human":
        return Seat(seat["name"], True, seat["rank"], seat["total"])
    order = levels.index(kind) if kind in levels else len(levels)
    return Seat(seat["name"], False, seat["rank"], seat["total"], f"Computer: {kind}", order)


def from_kept(name: str, title: str, levels: Sequence[str] = (),
              groups: Callable[[Summary], Sequence[Group]] = lambda s: ()) -> Reader:
    """The reader of a game that keeps its finished games as summaries
    (`kept_games.KeptGames` under its `name`): for its registration's ``finished``. An
    unreadable index gives no records ("Your games" says it cannot be read)."""

    def read(storage: Storage) -> list[Finished]:
        return list(_records(storage.get(f"{name}/history"), name, title, tuple(levels), groups))

    return read


@functools.lru_cache(maxsize=8)
def _records(raw: str | None, name: str, title: str, levels: tuple[str, ...],
             groups: Callable[[Summary], Sequence[Group]]) -> tuple[Finished, ...]:
    """The records of one stored index (the same text is read once: the Statistics screen
    renders again at each tap)."""
    games, _, _ = read_index(raw, index_format(name), f"{title} history")
    return tuple(record_of(s, levels, groups) for s in games)
