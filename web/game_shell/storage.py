"""The device's storage as every game sees it: the `Storage` protocol (localStorage in the
browser, `browser_storage`; a dict in tests), `StorageFull` when the browser refuses a write,
and the two ways of reading and writing small records that never raise on what another hand
left there. Pure: no browser imports."""

from __future__ import annotations

from typing import Any, Protocol

from game_kit.jsonio import load_json


class StorageFull(Exception):
    """The browser refused to store a value (its quota is used up, or storage is off)."""


class Storage(Protocol):
    """What the app needs from localStorage (a dict-backed fake in tests). `set` raises
    `StorageFull` when the value cannot be stored."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A dict-backed Storage (tests, or when the browser refuses localStorage); `quota`, when
    given, is the most characters (keys + values) it holds, as a browser's localStorage."""

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.data = dict(data or {})
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull(f"quota of {self.quota} characters exceeded")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


def read_json(raw: str | None) -> Any:
    """Parsed JSON, or None for missing or unreadable text (never raises)."""
    if raw is None:
        return None
    try:
        return load_json(raw, "record")
    except (ValueError, RecursionError):
        return None


def put_record(storage: Storage, key: str, value: str) -> bool:
    """Write a small record that may be lost when storage is full (settings, choices, the
    coach): False when the browser refused it. A stored text that is not a JSON object (so
    not written by this app: hand-edited, another app's, corrupt) is first kept under
    ``<key>-broken``, never silently replaced."""
    raw = storage.get(key)
    if raw is not None and raw != value and not isinstance(read_json(raw), dict):
        try:
            storage.set(key + "-broken", raw)
        except StorageFull:  # kept where it is, then: the new value is not written either
            return False
    try:
        storage.set(key, value)
    except StorageFull:
        return False
    return True
