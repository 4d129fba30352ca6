"""The browser's storage behind the `storage.Storage` protocol, for every game: localStorage,
and for the records of one browser tab (which game it shows, a game's screen in it:
`registry.tab_keys`) its sessionStorage, so that each tab reopens what it showed. Browser
glue (PyScript)."""

from __future__ import annotations

import contextlib
from typing import Any

from pyscript import window

from . import registry
from .storage import StorageFull

Js = Any
TAB_KEYS = registry.tab_keys(registry.plugins())


class LocalStorage:
    """The browser's localStorage behind the app's Storage protocol; the tab's own records
    (`TAB_KEYS`: which game this tab shows) in its sessionStorage, so that each tab reopens
    what it showed."""

    def area(self, key: str) -> Js:
        return window.sessionStorage if key in TAB_KEYS else window.localStorage

    def get(self, key: str) -> str | None:
        try:
            value = self.area(key).getItem(key)
        except Exception:  # storage disabled: behave as empty
            return None
        # JS null arrives as pyodide.ffi.jsnull, not None: accept only real strings
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            self.area(key).setItem(key, value)
        except Exception as exc:  # quota or disabled storage: the app decides what to give up
            window.console.warn(f"Could not save ({exc})")
            raise StorageFull(str(exc)) from None

    def remove(self, key: str) -> None:
        with contextlib.suppress(Exception):
            self.area(key).removeItem(key)
