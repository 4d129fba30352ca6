"""Exploration, instead of taking a tile: land a ship (only once the navigation stack is empty)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell.i18n import _
from game_shell.widgets import button
from small_islands import Land
from small_islands.view import SeatView

from ..board_svg import BoardHints, TileArt
from ..choices import current_ship
from ..words import ship_name
from .base import Data
from .take import Take, take_actions, take_panel, take_say

if TYPE_CHECKING:
    from ..port import Table


class Landing(Take):
    """Pick a ship and a cell around the map; confirm to land (the exploration ends)."""

    name = "land"
    acts = Take.acts | {"ship", "confirm-land", "cancel"}

    def on_ship(self, app: Table, data: Data) -> None:
        app.choices.ship = data["ship"]
        app.choices.land_at = None

    def on_confirm_land(self, app: Table, data: Data) -> None:
        at = app.choices.land_at
        ship = current_ship(app.turn(), app.choices)
        if not at or ship is None:
            app.say(_("Tap a highlighted cell for the ship first."))
            return
        app.play(Land(ship, at[0], at[1]))

    def on_cancel(self, app: Table, data: Data) -> None:
        app.choices.clear_targets()

    def cell(self, app: Table, x: int, y: int) -> None:
        ship = current_ship(app.turn(), app.choices)
        cells = [tuple(c) for c in app.turn().legal().get("land", {}).get(ship, [])] if ship is not None else []
        if (x, y) in cells and ship is not None and not app.settings.confirm:
            app.play(Land(ship, x, y))
        elif (x, y) in cells:
            app.choices.land_at = (x, y)
        else:
            app.why_not(Land(ship or "grey", x, y))

    def hints(self, app: Table, v: SeatView, hints: BoardHints, tiles: list[TileArt]) -> None:
        ship = current_ship(app.turn(), app.choices)
        legal = v["legal"] or {}
        cells = legal.get("land", {}).get(ship, []) if ship is not None else []
        hints.cell_targets = {(c[0], c[1]) for c in cells}
        at = app.choices.land_at
        if at:
            hints.preview = TileArt(at[0], at[1], "SSSSSSSS", ("ship",), 0, ship)

    def say(self, app: Table, v: SeatView) -> tuple[str, str]:
        return take_say(app)

    def panel(self, app: Table, v: SeatView) -> str:
        legal = v["legal"]
        assert legal is not None, "landing with no decision"
        land = legal.get("land", {})
        cur = current_ship(app.turn(), app.choices)
        ships = ""
        if len(land) > 1:
            ships = (
                '<div class="row">'
                + "".join(
                    button(ship_name(s), "ship", "btn" + (" on" if s == cur else ""), ship=s)
                    for s in land
                )
                + "</div>"
            )
        return take_panel(app, v, ships)

    def actions(self, app: Table, v: SeatView) -> str:
        return (
            take_actions(app, v)
            + button(_("Cancel"), "cancel", "btn", shortcut="Escape")
            + button(_("Land here"), "confirm-land", "btn primary", disabled=not app.choices.land_at)
        )
