"""Keeps the picture of the next start (`first_paint`) for the game on screen, in the browser:
each game hands the shell its `first_paint.Painter` (`provide`) and says when it rendered
(`soon`); the record is then written ~0.3 s later, off the tap's path, and at once when the
page is hidden (it may be closing) or another game takes the page (`now`). Which game is on
screen the host says (`watch`, at boot). Browser glue (PyScript)."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyodide.ffi.wrappers import clear_timeout, set_timeout
from pyscript import document, window

from .browser_storage import LocalStorage
from .first_paint import Keeper, Painter

DELAY_MS = 300
keeper = Keeper(LocalStorage(), str(document.documentElement.getAttribute("data-build") or ""))
painters: dict[str, Painter] = {}
state: dict[str, Any] = {"timer": None, "on_screen": None}


def provide(game: str, painter: Painter) -> None:
    """`game`'s picture of what a reload of its page shows first (public only)."""
    painters[game] = painter


def watch(on_screen: Callable[[], str]) -> None:
    """How to know which game is on screen (or loading): the host's."""
    state["on_screen"] = on_screen


def now() -> None:
    """Keep the picture of the game on screen now (and not again when a pending timer fires)."""
    if state["timer"] is not None:
        clear_timeout(state["timer"])
    keep()


def keep() -> None:
    """Keep the picture of the game on screen (the timer calls it: `now` clears the timer)."""
    state["timer"] = None
    on_screen = state["on_screen"]
    if on_screen is None:
        return
    try:
        game = on_screen()
        keeper.keep(game, painters.get(game))
    except Exception:
        window.console.warn("The screen for the next start was not kept:\n"
                            + traceback.format_exc())


def soon() -> None:
    """A game rendered: keep its picture shortly (one write for a burst of renders)."""
    if state["timer"] is None:
        state["timer"] = set_timeout(keep, DELAY_MS)


def on_visibility(event: Any) -> None:
    """The page is hidden (maybe closed): keep what is pending now."""
    if str(document.visibilityState) == "hidden" and state["timer"] is not None:
        now()


_proxy = create_proxy(on_visibility)
document.addEventListener("visibilitychange", _proxy)
