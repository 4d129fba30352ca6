"""Great Explorer: the achievement checklists kept on this device."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import explorer
from .base import Data, Screen

if TYPE_CHECKING:
    from ..port import Table


class GreatExplorer(Screen):
    """The achievement checklists kept on this device."""

    name = "explorer"
    acts = frozenset({"back", "download"})

    def render(self, app: Table) -> str:
        s = app.session
        return explorer.explorer_screen(s.record, s.record_error, s.record_raw)

    def on_back(self, app: Table, data: Data) -> None:
        app.go("start")

    def on_download(self, app: Table, data: Data) -> None:
        pass  # the browser follows the link
