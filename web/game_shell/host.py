"""The host: hands the page to the game a player chooses (`open`), and back to the home game.
A game fetched on demand (`registry.GamePlugin.archive`) has its code unpacked first
(`window.siLoadArchive`, in pyodide-boot.mjs; precached by the service worker, so offline
too); then its entry module takes the screen (``start(root, storage, back)``, later
``show()``) until it calls `back`. The home game's controller leaves the page alone while
`active()`. The tab's ``games/active-game`` names the game on screen, so that a reload comes
back to it; the picture a reload paints first is that game's (`first_paint_browser`, told which
game is on screen by `on_screen`), and when a reload comes back to a game whose picture was
painted (first-paint.js), the picture stays, inert, while the game's code loads. Browser glue
(PyScript)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from . import first_paint_browser, migrate, registry
from .browser_storage import LocalStorage
from .markup import escape

state: dict[str, Any] = {"modules": {}, "loading": None, "proxies": []}


def active() -> bool:
    """Is a game other than the home one on screen (or loading)?"""
    if state["loading"] is not None:
        return True
    return any(bool(m.showing()) for m in state["modules"].values())


def on_screen() -> str:
    """The game on screen (or loading): another game while it has the page, else the home
    game."""
    if state["loading"] is not None:
        return str(state["loading"])
    shown = [name for name, m in state["modules"].items() if m.showing()]
    return shown[0] if shown else registry.plugins()[0].name


def painted(name: str) -> bool:
    """Does the page still show the picture of `name` that first-paint.js painted (a reload
    that comes back to that game)?"""
    html = document.documentElement
    return html.hasAttribute("data-waiting") and str(
        document.getElementById("app").getAttribute("data-painted-game")) == name


def wanted(storage: Any) -> str | None:
    """The game (not the home one) this tab showed when the page was left, if any."""
    plugin = registry.by_name(registry.plugins(), storage.get(registry.ACTIVE))
    return plugin.name if plugin is not None and not plugin.home else None


def open_game(name: str, root: Any, storage: Any, back: Callable[[str | None], None]) -> None:
    """Show the game `name`, loading its code first if this page has not yet."""
    plugin = registry.by_name(registry.plugins(), name)
    if plugin is None or plugin.home:
        back(None)
        return
    module = state["modules"].get(name)
    if module is not None:
        module.show()
        return
    if state["loading"] is not None:
        return
    state["loading"] = name
    # the next start paints no other game's screen before this one (a picture of this game
    # stays: still its last screen); this game keeps its own once it renders
    first_paint_browser.now()
    document.body.dataset.appScreen = "game-loading"
    title = escape(plugin.title)
    if painted(name):  # its last screen, painted before Python was ready: it stays, inert
        root.setAttribute("inert", "")
    else:
        root.innerHTML = (
            f'<section class="screen" data-screen="game-loading"><h1>{title}</h1>'
            f'<p role="status">Loading {title}…</p></section>'
        )

    def done(_: Any = None) -> None:
        state["loading"] = None
        loaded = importlib.import_module(plugin.entry)
        state["modules"][name] = loaded
        loaded.start(root, storage, back)
        root.removeAttribute("inert")

    def failed(error: Any = None) -> None:
        state["loading"] = None
        window.console.warn(f"{plugin.title} did not load: {error}")
        storage.remove(registry.ACTIVE)
        back(f"{plugin.title} could not be loaded. Check the connection and try again.")

    proxies = [create_proxy(done), create_proxy(failed)]
    state["proxies"] = proxies
    if plugin.archive is None:
        done()
    else:
        window.siLoadArchive(f"./{plugin.archive}").then(proxies[0], proxies[1])


def boot() -> None:
    """The page starts: records an older build kept move to where this one keeps them, and
    its caches that this one no longer reads go (`migrate`); then the home game's controller
    takes the page (it opens the game this tab showed, `wanted`)."""
    window.performance.mark("shell-boot")  # bench/startup.py reads these marks
    games = registry.plugins()
    storage = LocalStorage()
    left = migrate.migrate(storage, registry.moves(games))
    migrate.drop(storage, registry.dropped(games))
    if left:
        window.console.warn(f"Storage is full: {len(left)} older records stay where they were")
    window.performance.mark("shell-migrated")
    first_paint_browser.watch(on_screen)
    importlib.import_module(games[0].entry)
    window.performance.mark("home-started")
