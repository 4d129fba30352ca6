"""The Settings screen: the shell's (`game_shell.settings.screen`, every game's choices, each
a row of buttons, applied and saved at once), with the player colours' swatches."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell import registry
from game_shell import settings as shell
from game_shell.i18n import _
from game_shell.widgets import swatch

from .. import settings
from ..screens import COLOURS
from .base import Data, Screen

if TYPE_CHECKING:
    from ..port import Table


class SettingsScreen(Screen):
    """Motion, sound, vibration, palette, action bar side; pace, confirming placements."""

    name = "settings"
    acts = frozenset({"set", "back"})

    def render(self, app: Table) -> str:
        device = settings.to_device(app.settings, app.session.device())
        return settings_screen(device, app.menu_over_game and app.game is not None)

    def on_set(self, app: Table, data: Data) -> None:
        app.change_setting(data["key"], data["value"], data.get("game") or None)

    def on_back(self, app: Table, data: Data) -> None:
        app.go("start")


def settings_screen(current: shell.Settings, over_game: bool) -> str:
    """The settings as rows of pressed/unpressed buttons (a tap applies and saves)."""
    swatches = '<p class="swatches">' + "".join(swatch(c) for c in COLOURS) + "</p>"
    return shell.screen(current, registry.plugins(), extra={"palette": swatches},
                        back_label=_("Back to the menu") if over_game else _("Back"))
