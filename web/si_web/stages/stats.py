"""Statistics: per player name, the games kept on this device as figures and bar charts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell.widgets import button

from .. import stats
from ..screens import esc
from .base import Data, Screen

if TYPE_CHECKING:
    from ..port import Table


class StatsScreen(Screen):
    """One player's statistics; a button per player name."""

    name = "stats"
    acts = frozenset({"player", "history", "menu"})

    def render(self, app: Table) -> str:
        games = app.kept.history.games
        people = stats.names(games)
        chosen = app.kept.stats_name
        keys = {stats.key_of(n) for n, _ in people}
        if chosen is None or stats.key_of(chosen) not in keys:
            chosen = people[0][0] if people else None
        pick = "".join(
            button(
                f"{name} · {n} game{'s' if n != 1 else ''}",
                "player",
                "btn" + (" on" if chosen is not None and stats.key_of(name) == stats.key_of(chosen) else ""),
                player=name,
            )
            for name, n in people
        )
        if chosen is None:
            body = '<p class="empty">No finished game is kept on this device yet.</p>'
        else:
            body = (
                f'<h2 class="stats-name">{esc(chosen)}</h2>'
                + stats.stats_html(stats.player_stats(games, chosen))
            )
        return (
            '<section class="screen stats" data-screen="stats">'
            "<h1>Statistics</h1>"
            '<p class="small">From the finished games kept on this device, per player name.</p>'
            + (f'<div class="row players-pick" role="group" aria-label="Player">{pick}</div>' if pick else "")
            + f'<div class="stats-body">{body}</div>'
            '<div class="row">'
            + button("Your games", "history", "btn")
            + button("Menu", "menu", "btn")
            + "</div></section>"
        )

    def back_act(self, app: Table) -> str | None:
        return "history" if app.kept.stats_back == "history" else "menu"  # where it was opened

    def on_player(self, app: Table, data: Data) -> None:
        app.kept.stats_name = data["player"][:80]

    def on_history(self, app: Table, data: Data) -> None:
        app.kept.reload_others()  # another game may have kept a game since (this window)
        app.go("history")

    def on_menu(self, app: Table, data: Data) -> None:
        app.go("start")
