"""The stage protocol: one object per decision screen, all with the same small surface.

A stage says which taps it offers (`acts`), what a tap does (`tap` calls its ``on_<act>``
method), and how it looks: a whole-screen stage (`Screen`) renders the screen; a game stage
(`GameStage`) gives the game screen its phase panel (`panel`) and what the map highlights
(`hints`), and knows how to show a suggested move (`preselect`) and which saved choices still
hold after a reload (`restore`). `App` routes every tap to the current stage and ignores (with
a note) any act the stage does not offer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game_shell.i18n import _
from small_islands import Action
from small_islands.view import SeatView

from ..board_svg import BoardHints, TileArt
from ..choices import Choices

if TYPE_CHECKING:
    from ..port import Table
    from ..turn import Turn

Data = dict[str, str]


class Stage:
    """Base of every stage: the taps it offers and their handlers."""

    name = ""
    acts: frozenset[str] = frozenset()

    def offers(self, app: Table) -> frozenset[str]:
        """The acts a tap may carry on this screen."""
        return self.acts

    def tap(self, app: Table, act: str, data: Data) -> None:
        """Do what the tap means (only called for an act `offers` lists)."""
        getattr(self, "on_" + act.replace("-", "_"))(app, data)

    def render(self, app: Table) -> str:
        """The whole #app content of this screen."""
        raise NotImplementedError


class Screen(Stage):
    """A stage that is a whole screen of its own (start, rules, pass the device, ...)."""

    def back_act(self, app: Table) -> str | None:
        """The tap the browser's (or Android's) Back makes on this screen: the screen's own
        Back (here), Cancel or Close (screens with dialogs say which), so Back closes a dialog
        first. None: the app's default (the menu)."""
        return "back" if "back" in self.acts else None


GAME_ACTS = frozenset(
    {"menu", "undo", "redo", "hint", "status", "sheet", "fit", "cell", "noop", "stay", "rules", "track",
     "coach-ok", "coach-skip", "sound", "show-move"}
)


class GameStage(Stage):
    """A decision of the device seat on the game screen (map + status bar + panel)."""

    def offers(self, app: Table) -> frozenset[str]:
        return self.acts | GAME_ACTS

    def render(self, app: Table) -> str:
        return app.game_screen()

    def say(self, app: Table, v: SeatView) -> tuple[str, str]:
        """What to do now: the step's title and its one line (HTML), always on screen at
        the top of the tray (`game_shell.table`)."""
        return "", ""

    def panel(self, app: Table, v: SeatView) -> str:
        """The tray: what the player holds and the choices of this step."""
        return ""

    def actions(self, app: Table, v: SeatView) -> str:
        """The step's buttons for the action bar (always on screen, the primary one last)."""
        return ""

    def hints(self, app: Table, v: SeatView, hints: BoardHints, tiles: list[TileArt]) -> None:
        """Mark on the map what this decision may target (and preview the picked move)."""

    def preselect(self, choices: Choices, action: Action) -> None:
        """Put a suggested move in the choices (the player still confirms it)."""

    def restore(self, turn: Turn, saved: dict[str, Any], choices: Choices) -> None:
        """Take from a saved choices record what the seat's view still allows."""

    def cell(self, app: Table, x: int, y: int) -> None:
        """A tap on the map outside any target: say why nothing happens."""
        app.say(_("That is not possible here."))

    # the taps every game stage offers
    def on_cell(self, app: Table, data: Data) -> None:
        self.cell(app, int(data["x"]), int(data["y"]))

    def on_menu(self, app: Table, data: Data) -> None:
        app.to_menu()

    def on_undo(self, app: Table, data: Data) -> None:
        app.undo()

    def on_redo(self, app: Table, data: Data) -> None:
        app.redo()

    def on_hint(self, app: Table, data: Data) -> None:
        app.want_hint()
        app.choices.hint = None
        app.open_sheet("hint")

    def on_status(self, app: Table, data: Data) -> None:
        app.toggle_sheet("players")

    def on_sheet(self, app: Table, data: Data) -> None:
        app.toggle_sheet(str(data.get("sheet") or "") or None)

    def on_fit(self, app: Table, data: Data) -> None:
        app.fit_map()

    def on_show_move(self, app: Table, data: Data) -> None:
        line = data.get("line", "")
        app.show_move(int(line) if line.isdigit() else 0)

    def on_stay(self, app: Table, data: Data) -> None:
        app.stay()

    def on_noop(self, app: Table, data: Data) -> None:
        pass

    def on_rules(self, app: Table, data: Data) -> None:
        app.guide.open_rules(app, data.get("section"))  # (a coach tip's link: at its section)

    def on_track(self, app: Table, data: Data) -> None:
        app.guide.on_track(data)

    def on_coach_ok(self, app: Table, data: Data) -> None:
        app.guide.got_it(data.get("tip"))

    def on_coach_skip(self, app: Table, data: Data) -> None:
        app.guide.skip()

    def on_sound(self, app: Table, data: Data) -> None:
        on_sound(app, data)


def on_sound(app: Table, data: Data) -> None:
    """The header's sound toggle, or the first game's answer (data-value on / off)."""
    app.change_setting("sound", data.get("value") or ("off" if app.settings.sound else "on"))


def ints(data: Data, *names: str) -> tuple[int, ...]:
    """Integer data-* values (ValueError / KeyError for bad or missing ones)."""
    return tuple(int(data[n]) for n in names)


def saved_ints(value: object, n: int) -> tuple[int, ...] | None:
    """`n` integers from a saved record (lists in JSON), else None."""
    if isinstance(value, list) and len(value) == n and all(type(x) is int for x in value):
        return tuple(value)
    return None


def saved_name(value: object) -> str | None:
    """A short string from a saved record (a tile, card or ship name), else None."""
    return value if isinstance(value, str) and 0 < len(value) < 40 else None
