"""The saved game cannot be loaded: why, the text kept for download, start fresh."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import screens
from .base import Data, Screen

if TYPE_CHECKING:
    from ..port import Table


class Broken(Screen):
    """The saved game cannot be loaded: why, its text kept for download, start fresh."""

    name = "broken"
    acts = frozenset({"fresh", "back", "download"})

    def render(self, app: Table) -> str:
        assert app.broken is not None
        return screens.broken_screen(*app.broken)

    def on_fresh(self, app: Table, data: Data) -> None:
        if app.broken is not None:
            app.session.move_aside(app.broken[1])
        app.session.remove_game()
        app.drop_broken()
        app.hold(None)
        app.go("start")
        app.save_settings()

    def on_back(self, app: Table, data: Data) -> None:
        app.go("start")

    def on_download(self, app: Table, data: Data) -> None:
        pass  # the browser follows the link
