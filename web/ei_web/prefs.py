"""Ember Isle's page shows the shell's Settings screen (`game_shell.settings`: every game's
choices in the device's one record, ``games/settings``): opened from its menu, a tap applies
and saves at once, Back returns where it came from. Pure: the browser module applies what the
settings mean in the page (``<body>`` attributes, `effects` sounds).

>>> from game_shell.storage import MemoryStorage
>>> p = Prefs(MemoryStorage())
>>> p.current().sound
False
"""

from __future__ import annotations

from game_shell import registry
from game_shell import settings as shell
from game_shell.i18n import _
from game_shell.storage import Storage
from game_shell.widgets import swatch

from .board import MARK_OF

Data = dict[str, str]
SCREEN = "settings"


class Prefs:
    """The device's settings as Ember Isle's page reads and changes them."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.came_from = "start"  # where Back returns
        self.unsaved: shell.Settings | None = None  # storage refused the last change

    def current(self) -> shell.Settings:
        """The stored settings (read afresh: another game's page may have changed them), or
        those of this page that storage could not keep."""
        return self.unsaved or shell.read(self.storage, registry.plugins())

    def opened(self, screen: str) -> str:
        """Settings opened from `screen`: the screen to show."""
        self.came_from = screen if screen != SCREEN else self.came_from
        return SCREEN

    def closed(self) -> str:
        """Back: the screen to show again."""
        return self.came_from

    def tap(self, data: Data) -> bool:
        """A tap on one of the screen's buttons: applied and saved (False: nothing changed)."""
        new = shell.tapped(self.current(), registry.plugins(), data)
        if new is None:
            return False
        self.unsaved = None if shell.save(self.storage, new) else new
        return True

    def screen(self) -> str:
        """The Settings screen, with Ember Isle's acts and its rovers' colours."""
        swatches = '<p class="swatches">' + "".join(swatch(c) for c in MARK_OF.values()) + "</p>"
        back = _("Back to the game") if self.came_from in ("game", "pass") else _("Back")
        return shell.screen(self.current(), registry.plugins(), act="ei-set",
                            back="ei-settings-back", back_label=back,
                            extra={"palette": swatches}, screen_name="ei-settings")
