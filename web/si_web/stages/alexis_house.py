"""Solo: the human chooses where Alexis builds when an island has several free locations."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell.i18n import _
from game_shell.widgets import button
from small_islands import ChooseHouse, PlaceHouse
from small_islands.view import SeatView

from ..board_svg import BoardHints, TileArt
from ..panels import hinted
from ..words import spot_words
from .base import Data, GameStage, ints
from .spots import on_focus, spot_hints

if TYPE_CHECKING:
    from ..port import Table


class AlexisHouse(GameStage):
    """Choose where Alexis builds on an island with several free house locations."""

    name = "alexis_house"
    acts = frozenset({"alexis-house", "focus", "cancel"})

    def on_focus(self, app: Table, data: Data) -> None:
        x, y = ints(data, "x", "y")
        on_focus(app, x, y)

    def on_cancel(self, app: Table, data: Data) -> None:
        app.choices.clear_targets()

    def on_alexis_house(self, app: Table, data: Data) -> None:
        x, y, index = ints(data, "x", "y", "index")
        app.play(ChooseHouse(x, y, index))

    def cell(self, app: Table, x: int, y: int) -> None:
        app.why_not(PlaceHouse(x, y, 0, None))

    def hints(self, app: Table, v: SeatView, hints: BoardHints, tiles: list[TileArt]) -> None:
        spots = [(x, y, i, "alexis-house") for x, y, i in (v["legal"] or {}).get("alexis_houses", [])]
        spot_hints(app, v, hints, spots)
        # the rings carry the numbers of the "Spot N" buttons
        hints.spot_numbers = {(x, y, i): n + 1 for n, (x, y, i, _) in enumerate(spots)}

    def say(self, app: Table, v: SeatView) -> tuple[str, str]:
        return _("Where does Alexis build?"), _(
            "Alexis places a house on the outlined island: tap one of its numbered rings "
            "(or the button with its number below).")

    def actions(self, app: Table, v: SeatView) -> str:
        spots = (v["legal"] or {}).get("alexis_houses", [])
        hint = app.choices.hint
        return "".join(
            button(
                _("Spot {n}").format(n=n + 1),
                "alexis-house",
                "btn" + hinted(hint, "alexis-house", at=[x, y, i]),
                name=_("Spot {n}: {label}").format(n=n + 1, label=spot_words(v, x, y)),
                x=x,
                y=y,
                index=i,
            )
            for n, (x, y, i) in enumerate(spots)
        )
