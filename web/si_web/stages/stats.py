"""Statistics: per player name, every game's finished games kept on this device as figures
and bar charts. The shell counts and renders them (`game_shell.stats`); this stage holds the
chosen name and where Back returns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell import registry, stats

from .base import Data, Screen

if TYPE_CHECKING:
    from ..port import Table


class StatsScreen(Screen):
    """One player's statistics; a button per player name."""

    name = "stats"
    acts = frozenset({"player", "history", "menu"})

    def render(self, app: Table) -> str:
        games = stats.collect(registry.plugins(), app.kept.history.storage)
        return stats.page(games, app.kept.stats_name)

    def back_act(self, app: Table) -> str | None:
        return "history" if app.kept.stats_back == "history" else "menu"  # where it was opened

    def on_player(self, app: Table, data: Data) -> None:
        app.kept.stats_name = data["player"][:80]

    def on_history(self, app: Table, data: Data) -> None:
        app.kept.reload_others()  # another game may have kept a game since (this window)
        app.go("history")

    def on_menu(self, app: Table, data: Data) -> None:
        app.go("start")
