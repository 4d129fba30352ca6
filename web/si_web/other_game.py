"""Browser glue for the second game, Ember Isle: its code (engine and UI, ``ember.zip.gz``)
is fetched and unpacked only when a player chooses it (`window.siLoadArchive`, in
pyodide-boot.mjs; precached by the service worker, so offline too), then its own browser
module (`ei_web.browser`) takes the screen until the player goes back to Small Islands.
Small Islands' start never imports any of it. ``small-islands/active-game`` = "ember" while
Ember Isle shows, so that a reload comes back to it."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

ACTIVE = "small-islands/active-game"
ARCHIVE = "./ember.zip.gz"
FIRST_PAINT = "small-islands/first-paint"  # si_web.first_paint.KEY
state: dict[str, Any] = {"module": None, "loading": False, "proxies": []}


def active() -> bool:
    """Is Ember Isle on screen (the Small Islands controller then leaves the page alone)?"""
    module = state["module"]
    loading: bool = bool(state["loading"])
    showing: bool = module is not None and bool(module.showing())
    return loading or showing


def wanted(storage: Any) -> bool:
    """Was Ember Isle on screen when the page was left (a reload returns to it)?"""
    return bool(storage.get(ACTIVE) == "ember")


def open_ember(root: Any, storage: Any, back: Callable[[str | None], None]) -> None:
    """Show Ember Isle, loading its code first if this page has not yet."""
    module = state["module"]
    if module is not None:
        module.show()
        return
    if state["loading"]:
        return
    state["loading"] = True
    # the next start should not paint a Small Islands screen before Ember Isle (first-paint.js
    # shows its loading screen without a record); Small Islands keeps one again once back
    storage.remove(FIRST_PAINT)
    document.body.dataset.appScreen = "ei-loading"
    root.innerHTML = (
        '<section class="screen" data-screen="ei-loading"><h1>Ember Isle</h1>'
        '<p role="status">Loading Ember Isle…</p></section>'
    )

    def done(_: Any = None) -> None:
        state["loading"] = False
        loaded = importlib.import_module("ei_web.browser")
        state["module"] = loaded
        loaded.start(root, storage, back)

    def failed(error: Any = None) -> None:
        state["loading"] = False
        window.console.warn(f"Small Islands: Ember Isle did not load: {error}")
        storage.remove(ACTIVE)
        back("Ember Isle could not be loaded. Check the connection and try again.")

    proxies = [create_proxy(done), create_proxy(failed)]
    state["proxies"] = proxies
    window.siLoadArchive(ARCHIVE).then(proxies[0], proxies[1])
