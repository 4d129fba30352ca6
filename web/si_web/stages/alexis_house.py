"""Solo: the human chooses where Alexis builds when an island has several free locations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from small_islands import ChooseHouse, PlaceHouse

from ..board_svg import BoardHints, TileArt
from ..panels import hinted
from ..screens import button
from .base import Data, GameStage, ints
from .reward import island_cells

if TYPE_CHECKING:
    from ..app import App


class AlexisHouse(GameStage):
    """Choose where Alexis builds on an island with several free house locations."""

    name = "alexis_house"
    acts = frozenset({"alexis-house"})

    def on_alexis_house(self, app: App, data: Data) -> None:
        x, y, index = ints(data, "x", "y", "index")
        app.play(ChooseHouse(x, y, index))

    def cell(self, app: App, x: int, y: int) -> None:
        app.why_not(PlaceHouse(x, y, 0, None))

    def hints(self, app: App, v: dict[str, Any], hints: BoardHints, tiles: list[TileArt]) -> None:
        spots = [(x, y, i, "alexis-house") for x, y, i in (v["legal"] or {}).get("alexis_houses", [])]
        hints.symbol_targets = spots
        hints.island_cells |= island_cells(v, spots)

    def panel(self, app: App, v: dict[str, Any]) -> str:
        spots = (v["legal"] or {}).get("alexis_houses", [])
        hint = app.choices.hint
        return (
            '<section class="card alexis"><h2>Where does Alexis build?</h2>'
            "<p>Alexis places a house on this island: tap one of the ringed house locations.</p>"
            '<div class="row">'
            + "".join(
                button(
                    f"({x}, {y}) location {i + 1}",
                    "alexis-house",
                    "btn" + hinted(hint, "alexis-house", at=[x, y, i]),
                    x=x,
                    y=y,
                    index=i,
                )
                for x, y, i in spots
            )
            + "</div></section>"
        )
