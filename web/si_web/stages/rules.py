"""The rules summary screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import screens
from .base import Data, Screen

if TYPE_CHECKING:
    from ..app import App


class Rules(Screen):
    """The rules summary (Back returns to the menu)."""

    name = "rules"
    acts = frozenset({"back"})

    def render(self, app: App) -> str:
        return screens.rules_screen()

    def on_back(self, app: App, data: Data) -> None:
        app.screen = "start"
