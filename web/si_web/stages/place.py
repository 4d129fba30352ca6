"""Exploration, second step: place a hand tile (or, when none fits, return one to the box)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game_shell.i18n import _
from game_shell.widgets import button
from small_islands import TILE_BY_ID, Action, DiscardTile, PlaceTile
from small_islands.view import SeatView

from .. import viewport, words
from ..board_svg import BoardHints, TileArt, mini_tile_svg, rotate_points
from ..choices import Choices, selected_tile
from ..panels import hand_box, hinted
from ..screens import esc
from .base import Data, GameStage, saved_ints, saved_name

if TYPE_CHECKING:
    from ..port import Table
    from ..turn import Turn



def rotations(turn: Turn, tile: str, x: int, y: int) -> list[int]:
    """The legal rotations of `tile` on (x, y)."""
    place = turn.legal().get("place", {})
    return [r for px, py, r in place.get(tile, []) if (px, py) == (x, y)]


class Place(GameStage):
    """Pick a hand tile, tap a highlighted cell, rotate, confirm."""

    name = "place"
    acts = frozenset({"hand", "rotate", "confirm-place", "cancel", "discard"})

    def on_hand(self, app: Table, data: Data) -> None:
        tile = data["tile"]
        app.choices.tile = tile
        app.choices.preview = None
        place = app.turn().legal().get("place", {})
        if place and not place.get(tile):
            app.say(_("That tile fits nowhere on the map now; choose another."))

    def cell(self, app: Table, x: int, y: int) -> None:
        tile = selected_tile(app.turn(), app.choices)
        if tile is None:
            return
        rots = rotations(app.turn(), tile, x, y)
        if not rots:
            app.why_not(PlaceTile(tile, x, y, 0))
            return
        prev = app.choices.preview
        if prev and (prev[0], prev[1]) == (x, y):
            self.on_rotate(app, {})
        elif len(rots) == 1 and not app.settings.confirm:  # nothing to choose: place it
            app.play(PlaceTile(tile, x, y, rots[0]))
        else:
            app.choices.preview = (x, y, rots[0])

    def on_rotate(self, app: Table, data: Data) -> None:
        prev = app.choices.preview
        tile = selected_tile(app.turn(), app.choices)
        if not prev or tile is None:
            return
        rots = rotations(app.turn(), tile, prev[0], prev[1])
        if not rots:
            return
        i = rots.index(prev[2]) if prev[2] in rots else -1
        app.choices.preview = (prev[0], prev[1], rots[(i + 1) % len(rots)])

    def on_confirm_place(self, app: Table, data: Data) -> None:
        prev = app.choices.preview
        tile = selected_tile(app.turn(), app.choices)
        if not prev or tile is None:
            app.say(_("Tap a highlighted cell first."))
            return
        app.play(PlaceTile(tile, prev[0], prev[1], prev[2]))

    def on_cancel(self, app: Table, data: Data) -> None:
        app.choices.clear_targets()

    def on_discard(self, app: Table, data: Data) -> None:
        app.play(DiscardTile(data["tile"]))

    def hints(self, app: Table, v: SeatView, hints: BoardHints, tiles: list[TileArt]) -> None:
        tile = selected_tile(app.turn(), app.choices)
        if not tile:
            return
        legal = v["legal"] or {}
        hints.cell_targets = {(x, y) for x, y, _ in legal.get("place", {}).get(tile, [])}
        prev = app.choices.preview
        if prev:
            t = TILE_BY_ID[tile]
            hints.preview = TileArt(
                prev[0], prev[1], rotate_points(t.points, prev[2]), t.symbols, prev[2]
            )
            if app.map_px:  # turning and confirming: the symbols around are legible
                fit = viewport.fitted(v, tiles, hints)
                hints.focus_box = viewport.around(
                    (prev[0], prev[1]), fit, app.map_px, viewport.SYMBOL_SCALE
                )

    def say(self, app: Table, v: SeatView) -> tuple[str, str]:
        if (v["legal"] or {}).get("discard"):
            return _("No tile fits"), _(
                "None of your tiles can be placed anywhere. Return one to the box (the buttons "
                "below) and draw another."
            )
        what = (
            _("Turn it with Rotate (or tap it again), then Place here.")
            if app.choices.preview
            else _("Tap a highlighted spot on the map (or pick another hand tile).")
        )
        return _("Explore: place a tile"), what

    def panel(self, app: Table, v: SeatView) -> str:
        legal = v["legal"] or {}
        if legal.get("discard"):
            return hand_box(v, None, selectable=False)
        tile = selected_tile(app.turn(), app.choices)
        return hand_box(v, tile, selectable=True)

    def actions(self, app: Table, v: SeatView) -> str:
        legal = v["legal"] or {}
        hint = app.choices.hint
        if legal.get("discard"):
            by_id = {t["id"]: t for t in v["hand"]}
            back = esc(_("Return to the box"))
            return "".join(
                f'<button type="button" class="btn tile-act{hinted(hint, "discard", tile=t)}" '
                f'data-act="discard" data-tile="{esc(t)}" aria-label="'
                + esc(_("Return the {tile} to the box").format(
                    tile=words.tile_words(by_id[t]["points"], by_id[t]["symbols"])))
                + f'">{mini_tile_svg(by_id[t]["points"], by_id[t]["symbols"])}<span>{back}</span></button>'
                for t in legal["discard"]
                if t in by_id
            )
        prev = app.choices.preview
        tile = selected_tile(app.turn(), app.choices)
        n_rot = len(rotations(app.turn(), tile, prev[0], prev[1])) if prev and tile else 0
        return (
            button(_("Rotate"), "rotate", "btn", disabled=n_rot < 2, shortcut="R")
            + button(_("Cancel"), "cancel", "btn", disabled=not prev, shortcut="Escape")
            + button(_("Place here"), "confirm-place", "btn primary", disabled=not prev)
        )

    def preselect(self, choices: Choices, action: Action) -> None:
        if isinstance(action, PlaceTile):
            choices.tile, choices.preview = action.tile, (action.x, action.y, action.rotation)

    def restore(self, turn: Turn, saved: dict[str, Any], choices: Choices) -> None:
        hand = [t["id"] for t in turn.view()["hand"]]
        tile = saved_name(saved.get("tile"))
        if tile in hand:
            choices.tile = tile
        prev = saved_ints(saved.get("preview"), 3)
        sel = selected_tile(turn, choices)
        if prev and sel and list(prev) in turn.legal().get("place", {}).get(sel, []):
            choices.preview = (prev[0], prev[1], prev[2])
