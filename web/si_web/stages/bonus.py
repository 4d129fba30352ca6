"""Exploration, third step: optionally place one bonus token, resource side or port side."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game_shell.i18n import N_, _, ngettext, number
from game_shell.widgets import button
from small_islands import Action, EndTurn, PlacePortToken, PlaceResourceToken
from small_islands.view import SeatView

from ..board_svg import BoardHints, TileArt
from ..choices import Choices
from ..panels import hand_box, hinted
from ..turn import resource_spots
from .base import Data, GameStage, ints, saved_ints
from .spots import on_focus, spot_hints

if TYPE_CHECKING:
    from ..port import Table
    from ..turn import Turn


# the resource a token shows (its button), translated where shown
SHOW = {"flower": N_("Show flower"), "fruit": N_("Show fruit"), "leaf": N_("Show leaf")}


class Bonus(GameStage):
    """Resource side on a resource symbol, port side on a coastal tile, or end the turn."""

    name = "bonus"
    acts = frozenset(
        {"res-mode", "port-mode", "res", "res-pick", "port-confirm", "end-turn", "cancel", "focus"}
    )

    def on_focus(self, app: Table, data: Data) -> None:
        x, y = ints(data, "x", "y")
        on_focus(app, x, y)

    def on_res_mode(self, app: Table, data: Data) -> None:
        app.choices.mode = "resource"
        app.choices.res_at = None

    def on_port_mode(self, app: Table, data: Data) -> None:
        app.choices.mode = "port"
        app.choices.port_at = None

    def on_res(self, app: Table, data: Data) -> None:
        x, y, index = ints(data, "x", "y", "index")
        app.choices.res_at = (x, y, index)

    def on_res_pick(self, app: Table, data: Data) -> None:
        at = app.choices.res_at
        if not at:
            app.say(_("Tap a highlighted resource symbol first."))
            return
        app.play(PlaceResourceToken(at[0], at[1], at[2], data["resource"]))

    def on_port_confirm(self, app: Table, data: Data) -> None:
        at = app.choices.port_at
        if not at:
            app.say(_("Tap a highlighted tile first."))
            return
        app.play(PlacePortToken(at[0], at[1]))

    def on_end_turn(self, app: Table, data: Data) -> None:
        app.play(EndTurn())

    def on_cancel(self, app: Table, data: Data) -> None:
        app.choices.clear_targets()

    def cell(self, app: Table, x: int, y: int) -> None:
        if app.choices.mode == "port":
            if [x, y] in app.turn().legal().get("port_tokens", []):
                app.choices.port_at = (x, y)
                if not app.settings.confirm:
                    self.on_port_confirm(app, {})
            else:
                app.why_not(PlacePortToken(x, y))
            return
        app.say(_("Place a bonus token (choose its side first) or end your turn."))

    def hints(self, app: Table, v: SeatView, hints: BoardHints, tiles: list[TileArt]) -> None:
        legal = v["legal"] or {}
        if app.choices.mode == "resource":
            seen = set()
            spots = []
            for x, y, index, _res in resource_spots(legal):
                if (x, y, index) not in seen:
                    seen.add((x, y, index))
                    spots.append((x, y, index, "res"))
            spot_hints(app, v, hints, spots)
            res = app.choices.res_at
            if res:
                hints.selected = (res[0], res[1])
        elif app.choices.mode == "port":
            hints.cell_targets = {(x, y) for x, y in legal.get("port_tokens", [])}
            hints.selected = app.choices.port_at

    def say(self, app: Table, v: SeatView) -> tuple[str, str]:
        me = v["seats"][v["seat"]]
        mode = app.choices.mode
        if mode == "resource":
            what = (
                _("Which resource should the token show? (the buttons below)")
                if app.choices.res_at
                else _("Tap a ringed flower, fruit or leaf on the map.")
            )
        elif mode == "port":
            what = (
                _("Put a port token on the framed tile?")
                if app.choices.port_at
                else _("Tap a highlighted tile with a coast.")
            )
        else:
            what = _(
                "You may place one bonus token: its resource side on a flower, fruit or leaf "
                "(showing another one), or its port side on a tile with a coast. Then end your turn."
            )
        n = me["bonus"]
        return ngettext("Bonus token ({n} left)", "Bonus token ({n} left)", n).format(
            n=number(n)), what

    def panel(self, app: Table, v: SeatView) -> str:
        return hand_box(v, None, selectable=False)

    def actions(self, app: Table, v: SeatView) -> str:
        legal = v["legal"] or {}
        mode = app.choices.mode
        cancel = button(_("Cancel"), "cancel", "btn", shortcut="Escape")
        end = button(_("End turn"), "end-turn", "btn" + hinted(app.choices.hint, "end-turn"))
        if mode == "resource":
            res = app.choices.res_at
            options = [r for x, y, i, r in resource_spots(legal) if (x, y, i) == res]
            return cancel + ("" if options else end) + "".join(
                button(_(SHOW[r]) if r in SHOW else r, "res-pick", "btn primary", resource=r)
                for r in options
            )
        if mode == "port":
            return cancel + end + button(
                _("Place port token"), "port-confirm", "btn primary", disabled=not app.choices.port_at
            )
        return (
            button(_("Resource side"), "res-mode", "btn", disabled=not legal.get("resource_tokens"))
            + button(_("Port side"), "port-mode", "btn", disabled=not legal.get("port_tokens"))
            + button(_("End turn"), "end-turn", "btn primary" + hinted(app.choices.hint, "end-turn"))
        )

    def preselect(self, choices: Choices, action: Action) -> None:
        if isinstance(action, PlacePortToken):
            choices.mode, choices.port_at = "port", (action.x, action.y)
        elif isinstance(action, PlaceResourceToken):
            choices.mode, choices.res_at = "resource", (action.x, action.y, action.index)

    def restore(self, turn: Turn, saved: dict[str, Any], choices: Choices) -> None:
        legal = turn.legal()
        mode = saved.get("mode")
        if mode == "resource" and legal.get("resource_tokens"):
            choices.mode = mode
            res = saved_ints(saved.get("res_at"), 3)
            if res and any(tuple(t[:3]) == res for t in legal["resource_tokens"]):
                choices.res_at = (res[0], res[1], res[2])
        elif mode == "port" and legal.get("port_tokens"):
            choices.mode = mode
            at = saved_ints(saved.get("port_at"), 2)
            if at and list(at) in legal["port_tokens"]:
                choices.port_at = (at[0], at[1])
