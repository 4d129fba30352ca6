"""Pass the device: between two human seats, nothing secret shows until the next one taps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell import widgets
from game_shell.i18n import _
from game_shell.widgets import toasts

from .. import words
from .base import Data, Screen

if TYPE_CHECKING:
    from ..port import Table


class PassDevice(Screen):
    """"Pass the device to <name>"; their tap shows their turn."""

    name = "pass"
    acts = frozenset({"unlock", "menu", "stay"})

    def on_stay(self, app: Table, data: Data) -> None:
        app.stay()

    def render(self, app: Table) -> str:
        g = app.game
        assert g is not None and g.to_move is not None
        seat = g.seats[g.to_move]
        return widgets.pass_screen(seat.name, seat.colour, _(words.PASS_WHY[g.phase]) if g.phase in words.PASS_WHY else "") + toasts(
            app.message, app.notice, app.leave_asked, app.kept.saved()
        )

    def on_unlock(self, app: Table, data: Data) -> None:
        app.unlock()

    def on_menu(self, app: Table, data: Data) -> None:
        app.to_menu()
