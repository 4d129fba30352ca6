"""Small Islands' finished games as the shell's statistics count them (`game_shell.stats`):
each summary of the history (`history.History`) becomes a plain record
(`game_shell.finished.Finished`). A person's seat is a person; a computer's seat is worded by
its level ("Computer: hard"), Alexis's by the solo game's level ("Alexis, level 3"), easiest
first; each game falls under its mode ("Normal", "Advanced", "Normal, solo", "Advanced,
solo"), the grouping behind the "Average score by mode" chart. Registered as the game's
``finished`` (`game_plugins.small_islands`). Pure."""

from __future__ import annotations

import functools

from game_shell.finished import Finished, Group, Seat
from game_shell.i18n import N_
from game_shell.storage import Storage
from small_islands.options import BOT_LEVELS

from .history import INDEX_KEY, Summary, parse_index

# The records' labels are English (the statistics screen translates them where it shows them:
# a record is read once per stored text, in whichever language is on).
MODE_LABELS = {
    "normal": N_("Normal"),
    "advanced": N_("Advanced"),
    "normal-solo": N_("Normal, solo"),
    "advanced-solo": N_("Advanced, solo"),
}
GROUPING = N_("mode")  # "Average score by mode"
LEVEL_LABELS = {
    "easy": N_("Computer: easy"),
    "medium": N_("Computer: medium"),
    "hard": N_("Computer: hard"),
    "expert": N_("Computer: expert"),
    "master": N_("Computer: master"),
}
ALEXIS_LABELS = {
    1: N_("Alexis, level 1"),
    2: N_("Alexis, level 2"),
    3: N_("Alexis, level 3"),
    4: N_("Alexis, level 4"),
    5: N_("Alexis, level 5"),
    6: N_("Alexis, level 6"),
}
ALEXIS_ORDER = 10  # Alexis's levels come after the computers' (level n sorts as 10 + n)


def mode_key(s: Summary) -> str:
    """'normal', 'advanced', 'normal-solo' or 'advanced-solo'."""
    return str(s["mode"]) + ("-solo" if s["solo"] else "")


def seat_of(seat: Summary, solo: int | None) -> Seat:
    """One seat of a summary, as the statistics see it."""
    kind = seat["kind"]
    if kind == "alexis":
        level, order = ALEXIS_LABELS.get(solo or 0, f"Alexis, level {solo}"), ALEXIS_ORDER + (solo or 0)
    elif kind == "human":
        level, order = "", 0
    else:
        level = LEVEL_LABELS.get(kind, f"Computer: {kind}")
        order = BOT_LEVELS.index(kind) if kind in BOT_LEVELS else 0
    return Seat(name=seat["name"], person=kind == "human", rank=seat["rank"],
                score=seat["total"], level=level, level_order=order)


def record(s: Summary) -> Finished:
    """The statistics' record of one kept summary."""
    mode = mode_key(s)
    return Finished(
        at=s["at"],
        seats=tuple(seat_of(seat, s["solo"]) for seat in s["seats"]),
        groups=(Group(GROUPING, MODE_LABELS[mode], list(MODE_LABELS).index(mode)),),
        imported=s["imported"],
    )


def records(games: list[Summary]) -> list[Finished]:
    return [record(s) for s in games]


def finished(storage: Storage) -> list[Finished]:
    """Every finished game of the history, as records (none when the index is unreadable:
    "Your games" says so)."""
    return list(_read(storage.get(INDEX_KEY)))


@functools.lru_cache(maxsize=2)
def _read(raw: str | None) -> tuple[Finished, ...]:
    """The records of one stored index (the same text is read once: the Statistics screen
    renders again at each tap)."""
    games, _, _ = parse_index(raw)
    return tuple(records(games))
