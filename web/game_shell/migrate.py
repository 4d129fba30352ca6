"""Moves the records an older build kept to where this one keeps them (each game's namespace,
`registry.moves`), at every start before any game reads storage. Pure.

A move copies the record to its new key, then removes the old one, so nothing is lost between
the two: when the copy is refused (storage full) the record stays where it was, and the next
start tries again. When both keys hold a record (a window of the older build wrote after the
move) the newer key keeps its record and the older one is kept beside it, as
``<new key>-older`` (never discarded). A broken copy kept aside (``<old>-broken``) moves too.

An older build's caches that this one no longer reads (`registry.GamePlugin.dropped`: say,
a picture of a screen tied to that build) are removed instead (`drop`): they hold nothing a
player made, and this build keeps its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .storage import Storage, StorageFull

OLDER = "-older"


def migrate(storage: Storage, moved: Mapping[str, str]) -> list[str]:
    """Move every record of `moved` (old key -> new key, also their ``-broken`` copies) that
    is still at its old key. Returns the old keys that could not be moved (storage full)."""
    left: list[str] = []
    for old, new in sorted(moved.items()):
        for suffix in ("", "-broken"):
            if not move(storage, old + suffix, new + suffix):
                left.append(old + suffix)
    return left


def move(storage: Storage, old: str, new: str) -> bool:
    """Move one record; False when storage refused the copy (the record stays at `old`)."""
    raw = storage.get(old)
    if raw is None:
        return True
    here = storage.get(new)
    target = new if here is None or here == raw else new + OLDER
    try:
        storage.set(target, raw)
    except StorageFull:
        return False
    storage.remove(old)
    return True


def drop(storage: Storage, caches: Iterable[str]) -> None:
    """Remove an older build's caches (`registry.dropped`: never a player's record)."""
    for key in sorted(caches):
        storage.remove(key)
