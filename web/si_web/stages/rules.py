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
    acts = frozenset({"back", "rules-at"})

    def render(self, app: Table) -> str:
        g = app.guide
        return rules_screen(g.rules_from == "game" and app.game is not None, g.rules_at,
                            g.rules_jump)

    def on_rules_at(self, app: Table, data: Data) -> None:
        """The contents' links and "Back to the contents"."""
        app.guide.jump_to(data.get("section"))

    def on_back(self, app: Table, data: Data) -> None:
        app.go(app.guide.back_from("rules"))
