"""Solo: the human chooses the rotation of the tile Alexis places (unless he decides)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game_shell.i18n import _
from game_shell.widgets import button
from small_islands import TILE_BY_ID, Action, ChooseRotation
from small_islands.view import SeatView

from .. import pictures, words
from ..board_svg import BoardHints, TileArt, mini_tile_svg, rotate_points
from ..choices import Choices
from ..screens import esc
from .base import Data, GameStage

if TYPE_CHECKING:
    from ..port import Table
    from ..turn import Turn


def alexis_rotation(turn: Turn, choices: Choices) -> int | None:
    """The rotation previewed for Alexis's tile (default: the first legal one)."""
    rots = turn.legal().get("alexis_rotations", [])
    r = choices.alexis_rot
    return r if r in rots else (rots[0] if rots else None)


def turned(points: str, symbols: list[Any], rotation: int) -> str:
    """A rotation's button named by the tile it shows, turned so."""
    return _("Turned: {tile}").format(tile=words.tile_words(rotate_points(points, rotation),
                                                             symbols))


class AlexisRotation(GameStage):
    """Choose the rotation of the tile Alexis places (previewed on the map)."""

    name = "alexis_rotation"
    acts = frozenset({"alexis-rot", "alexis-rot-confirm"})

    def on_alexis_rot(self, app: Table, data: Data) -> None:
        rots = app.turn().legal().get("alexis_rotations", [])
        cur = alexis_rotation(app.turn(), app.choices)
        if "rotation" in data:
            app.choices.alexis_rot = int(data["rotation"])
        elif rots and cur is not None:
            app.choices.alexis_rot = rots[(rots.index(cur) + 1) % len(rots)]

    def on_alexis_rot_confirm(self, app: Table, data: Data) -> None:
        r = alexis_rotation(app.turn(), app.choices)
        if r is None:
            app.say(_("No rotation to choose."))
            return
        app.play(ChooseRotation(r))

    def hints(self, app: Table, v: SeatView, hints: BoardHints, tiles: list[TileArt]) -> None:
        solo = v["solo"]
        r = alexis_rotation(app.turn(), app.choices)
        if solo["pending_tile"] and solo["pending_cell"] and r is not None:
            t = TILE_BY_ID[solo["pending_tile"]["id"]]
            x, y = solo["pending_cell"]
            hints.preview = TileArt(x, y, rotate_points(t.points, r), t.symbols, r)
            hints.cell_act = "alexis-rot"

    def say(self, app: Table, v: SeatView) -> tuple[str, str]:
        cell = v["solo"]["pending_cell"]
        place = words.neighbour_words(v, cell[0], cell[1]) if cell else ""
        return _("Choose how Alexis's tile is turned"), _(
            "Alexis places the framed tile {place}. Pick one of the ways it fits (previewed on "
            "the map; tap the tile or press R to turn it), then confirm.").format(place=esc(place))

    def panel(self, app: Table, v: SeatView) -> str:
        card = v["solo"].get("card") or {}
        return (
            f'<section class="card alexis"><p class="alexis-card">{pictures.alexis_card_of(card)}'
            "<span>" + esc(_("His card: {card}").format(card=words.alexis_card_words(card)))
            + "</span></p></section>"
            if card
            else ""
        )

    def actions(self, app: Table, v: SeatView) -> str:
        tile = v["solo"]["pending_tile"] or {}
        rots = (v["legal"] or {}).get("alexis_rotations", [])
        cur = alexis_rotation(app.turn(), app.choices)
        points, symbols = tile.get("points", "SSSSSSSS"), tile.get("symbols", [])
        buttons = "".join(
            f'<button type="button" class="tile-btn small{" on" if r == cur else ""}" data-act="alexis-rot" '
            f'data-rotation="{r}" aria-pressed="{"true" if r == cur else "false"}" '
            f'aria-label="{esc(turned(points, symbols, r))}">'
            f"{mini_tile_svg(points, symbols, r)}</button>"
            for r in rots
        )
        return buttons + button(_("Confirm"), "alexis-rot-confirm", "btn primary")

    def preselect(self, choices: Choices, action: Action) -> None:
        if isinstance(action, ChooseRotation):
            choices.alexis_rot = action.rotation

    def restore(self, turn: Turn, saved: dict[str, Any], choices: Choices) -> None:
        rot = saved.get("alexis_rot")
        if type(rot) is int and rot in turn.legal().get("alexis_rotations", []):
            choices.alexis_rot = rot
