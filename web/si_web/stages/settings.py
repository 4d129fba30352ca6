"""The Settings screen: each setting a row of buttons, applied and saved at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell.markup import escape
from game_shell.widgets import button, swatch

from .. import settings
from ..screens import COLOURS
from .base import Data, Screen

if TYPE_CHECKING:
    from ..port import Table


class SettingsScreen(Screen):
    """Motion, sound, vibration, pace, confirming placements, palette, action bar side."""

    name = "settings"
    acts = frozenset({"set", "back"})

    def render(self, app: Table) -> str:
        return settings_screen(app.settings, app.menu_over_game and app.game is not None)

    def on_set(self, app: Table, data: Data) -> None:
        app.change_setting(data["key"], data["value"])

    def on_back(self, app: Table, data: Data) -> None:
        app.go("start")


def settings_screen(current: settings.Settings, over_game: bool) -> str:
    """The settings as rows of pressed/unpressed buttons (a tap applies and saves)."""
    rows = []
    for key, label, options, note in settings.CHOICES:
        value = current.value(key)
        buttons = "".join(
            f'<button type="button" class="btn{" on" if v == value else ""}" data-act="set" '
            f'data-key="{key}" data-value="{v}" aria-pressed="{"true" if v == value else "false"}"'
            f">{escape(text)}</button>"
            for v, text in options
        )
        extra = ""
        if key == "palette":
            extra = '<p class="swatches">' + "".join(swatch(c) for c in COLOURS) + "</p>"
        rows.append(
            f'<section class="card setting" data-setting="{key}"><h2 id="set-{key}">{escape(label)}</h2>'
            f'<div class="row seg" role="group" aria-labelledby="set-{key}">{buttons}</div>'
            f'{extra}<p class="small">{escape(note)}</p></section>'
        )
    back = "Back to the menu" if over_game else "Back"
    return (
        '<section class="screen settings" data-screen="settings"><h1>Settings</h1>'
        "<p>Kept on this device; each change applies at once.</p>"
        + "".join(rows)
        + '<div class="row">'
        + button(back, "back", "btn primary")
        + "</div></section>"
    )
