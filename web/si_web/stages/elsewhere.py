"""Another window saved this game since: continue here (reload the latest save), or leave."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..screens import button
from .base import Data, Screen

if TYPE_CHECKING:
    from ..app import App


class Elsewhere(Screen):
    """This window stopped so as not to write over a newer save (see `session`)."""

    name = "elsewhere"
    acts = frozenset({"continue-here"})

    def render(self, app: App) -> str:
        return (
            '<section class="screen elsewhere" data-screen="elsewhere">'
            '<div class="dialog" role="alertdialog" aria-labelledby="elsewhere-title" '
            'aria-describedby="elsewhere-text">'
            '<h1 id="elsewhere-title">This game continued in another window</h1>'
            '<p id="elsewhere-text">Another window or tab of Small Islands on this device saved '
            "the game since this one did. So as not to write over those moves, this window "
            "stopped. Continue here to load the latest position (the other window stops as soon "
            "as you play here), or close this window.</p>"
            + button("Continue here", "continue-here", "btn primary big", autofocus="1")
            + "</div></section>"
        )

    def on_continue_here(self, app: App, data: Data) -> None:
        app.kept.continue_here()
