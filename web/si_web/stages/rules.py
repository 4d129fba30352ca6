"""The rules screen (from the menu, or over a game: Back returns to it as it was)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules_page import rules_screen
from .base import Data, Screen

if TYPE_CHECKING:
    from ..port import Table


class Rules(Screen):
    """The rules with pictures; Back returns to the menu or to the game it was opened over."""

    name = "rules"
    acts = frozenset({"back"})

    def render(self, app: Table) -> str:
        return rules_screen(app.guide.rules_from == "game" and app.game is not None)

    def on_back(self, app: Table, data: Data) -> None:
        app.go(app.guide.back_from("rules"))
