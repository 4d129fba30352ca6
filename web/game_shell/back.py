"""The browser's (or Android's) Back inside the app, shared by both games' browser modules:
while Back has something to do in the app (close the rules, return from the menu to the game,
close a dialog), one history entry of ours is kept, so that Back comes to the page's
``popstate`` instead of leaving it. It imports nothing of the browser: it is handed
``window`` and the controller's `js_obj`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class BackGuard:
    def __init__(self, window: Any, js_obj: Callable[[dict[str, Any]], Any]) -> None:
        self.window = window
        self.js_obj = js_obj
        self.pushed = False  # our history entry is there
        self.ignore = 0  # pops we caused ourselves (taking our entry back)

    def sync(self, want: bool) -> None:
        """After each render: keep our entry while the app wants Back, else take it back."""
        if want and not self.pushed:
            self.window.history.pushState(self.js_obj({"si": 1}), "")
            self.pushed = True
        elif not want and self.pushed:
            self.pushed = False
            self.ignore += 1
            self.window.history.back()

    def popped(self) -> bool:
        """A ``popstate``: True when it is the player's Back (the app should go back)."""
        if self.ignore:
            self.ignore -= 1
            return False
        self.pushed = False
        return True
