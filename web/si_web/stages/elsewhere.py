"""Another window saved this game since: continue here (reload the latest save), or leave."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell.widgets import elsewhere_screen

from .base import Data, Screen

if TYPE_CHECKING:
    from ..port import Table


class Elsewhere(Screen):
    """This window stopped so as not to write over a newer save (see `session`)."""

    name = "elsewhere"
    acts = frozenset({"continue-here"})

    def render(self, app: Table) -> str:
        return elsewhere_screen("Small Islands")

    def on_continue_here(self, app: Table, data: Data) -> None:
        app.kept.continue_here()
