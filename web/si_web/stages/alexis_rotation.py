"""Solo: the human chooses the rotation of the tile Alexis places (unless he decides)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from small_islands import TILE_BY_ID, Action, ChooseRotation

from ..board_svg import BoardHints, TileArt, mini_tile_svg, rotate_points
from ..choices import Choices
from ..screens import button, esc
from .base import Data, GameStage

if TYPE_CHECKING:
    from ..app import App
    from ..turn import Turn


def alexis_rotation(turn: Turn, choices: Choices) -> int | None:
    """The rotation previewed for Alexis's tile (default: the first legal one)."""
    rots = turn.legal().get("alexis_rotations", [])
    r = choices.alexis_rot
    return r if r in rots else (rots[0] if rots else None)


class AlexisRotation(GameStage):
    """Choose the rotation of the tile Alexis places (previewed on the map)."""

    name = "alexis_rotation"
    acts = frozenset({"alexis-rot", "alexis-rot-confirm"})

    def on_alexis_rot(self, app: App, data: Data) -> None:
        rots = app.turn().legal().get("alexis_rotations", [])
        cur = alexis_rotation(app.turn(), app.choices)
        if "rotation" in data:
            app.choices.alexis_rot = int(data["rotation"])
        elif rots and cur is not None:
            app.choices.alexis_rot = rots[(rots.index(cur) + 1) % len(rots)]

    def on_alexis_rot_confirm(self, app: App, data: Data) -> None:
        r = alexis_rotation(app.turn(), app.choices)
        if r is None:
            app.say("No rotation to choose.")
            return
        app.play(ChooseRotation(r))

    def hints(self, app: App, v: dict[str, Any], hints: BoardHints, tiles: list[TileArt]) -> None:
        solo = v["solo"]
        r = alexis_rotation(app.turn(), app.choices)
        if solo["pending_tile"] and solo["pending_cell"] and r is not None:
            t = TILE_BY_ID[solo["pending_tile"]["id"]]
            x, y = solo["pending_cell"]
            hints.preview = TileArt(x, y, rotate_points(t.points, r), t.symbols, r)
            hints.cell_act = "alexis-rot"

    def panel(self, app: App, v: dict[str, Any]) -> str:
        solo = v["solo"]
        tile = solo["pending_tile"] or {}
        cell = solo["pending_cell"] or ["?", "?"]
        rots = (v["legal"] or {}).get("alexis_rotations", [])
        cur = alexis_rotation(app.turn(), app.choices)
        card = solo.get("card") or {}
        buttons = "".join(
            f'<button type="button" class="tile-btn{" on" if r == cur else ""}" data-act="alexis-rot" '
            f'data-rotation="{r}" aria-label="Rotation {r}">'
            f"{mini_tile_svg(tile.get('points', 'SSSSSSSS'), tile.get('symbols', []), r, f'Rotation {r}')}</button>"
            for r in rots
        )
        return (
            '<section class="card alexis"><h2>Choose the rotation of Alexis\'s tile</h2>'
            + (f'<p class="alexis-card">Card {esc(card.get("text", ""))}</p>' if card else "")
            + f"<p>Alexis places {esc(tile.get('id', ''))} at ({esc(cell[0])}, {esc(cell[1])}). "
            "Pick one of the legal rotations (previewed on the map).</p>"
            f'<div class="tiles">{buttons}</div><div class="row">'
            + button("Confirm rotation", "alexis-rot-confirm", "btn primary")
            + "</div></section>"
        )

    def preselect(self, choices: Choices, action: Action) -> None:
        if isinstance(action, ChooseRotation):
            choices.alexis_rot = action.rotation

    def restore(self, turn: Turn, saved: dict[str, Any], choices: Choices) -> None:
        rot = saved.get("alexis_rot")
        if type(rot) is int and rot in turn.legal().get("alexis_rotations", []):
            choices.alexis_rot = rot
