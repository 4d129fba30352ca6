"""Exploration, first step: take a face-up tile (or, the stack being empty, choose to land)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game_shell.i18n import _
from small_islands import Action, Land, TakeTile
from small_islands.view import SeatView

from ..choices import Choices, current_ship
from ..panels import display_box, hand_box, stacks_line
from ..screens import esc
from .base import Data, GameStage, saved_ints, saved_name

if TYPE_CHECKING:
    from ..port import Table
    from ..turn import Turn



def take_say(app: Table) -> tuple[str, str]:
    """What to do: take a tile, or (landing chosen) tap where the ship lands."""
    what = (
        _("Tap a highlighted spot around the map for the ship.")
        if app.choices.mode == "land"
        else _("Take one of the face-up tiles (at the bottom of the screen).")
    )
    return _("Explore: take a face-up tile"), what


def take_panel(app: Table, v: SeatView, land_controls: str) -> str:
    """The take tray: the hand, the tiles left, and landing when the round's tiles are all
    explored."""
    land = v["legal"].get("land", {}) if v["legal"] else {}
    land_part = ""
    if land:
        land_part = (
            '<section class="card"><p>'
            + esc(_("This round's tiles are all explored: you may land a ship instead (this ends "
                    "the exploration)."))
            + "</p>" + land_controls + "</section>"
        )
    return land_part + hand_box(v, None, selectable=False) + stacks_line(v)


def take_actions(app: Table, v: SeatView) -> str:
    """The face-up tiles to take, and the landing toggle when ships may land."""
    land = v["legal"].get("land", {}) if v["legal"] else {}
    toggle = ""
    if land:
        on = app.choices.mode == "land"
        toggle = (
            f'<button type="button" class="btn{" on" if on else ""}" data-act="land-mode" '
            f'aria-pressed="{"true" if on else "false"}">' + esc(_("Land a ship")) + "</button>"
        )
    return display_box(v, True, app.choices.hint) + toggle


class Take(GameStage):
    """Take one of the face-up tiles into the hand."""

    name = "take"
    acts = frozenset({"take", "land-mode"})

    def on_take(self, app: Table, data: Data) -> None:
        app.play(TakeTile(int(data["slot"])))

    def on_land_mode(self, app: Table, data: Data) -> None:
        app.choices.mode = None if app.choices.mode == "land" else "land"
        app.choices.land_at = None

    def cell(self, app: Table, x: int, y: int) -> None:
        app.say(_("First take a tile from the display (or land a ship)."))

    def say(self, app: Table, v: SeatView) -> tuple[str, str]:
        return take_say(app)

    def panel(self, app: Table, v: SeatView) -> str:
        return take_panel(app, v, "")

    def actions(self, app: Table, v: SeatView) -> str:
        return take_actions(app, v)

    def preselect(self, choices: Choices, action: Action) -> None:
        if isinstance(action, Land):
            choices.mode, choices.ship, choices.land_at = "land", action.ship, (action.x, action.y)

    def restore(self, turn: Turn, saved: dict[str, Any], choices: Choices) -> None:
        land = turn.legal().get("land", {})
        if saved.get("mode") != "land" or not land:
            return
        choices.mode = "land"
        ship = saved_name(saved.get("ship"))
        if ship in land:
            choices.ship = ship
        at = saved_ints(saved.get("land_at"), 2)
        cur = current_ship(turn, choices)
        if at and cur is not None and list(at) in land.get(cur, []):
            choices.land_at = (at[0], at[1])
