"""Setup: the first player arranges the starting tiles (a ready layout, or their own)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game_shell.i18n import _
from game_shell.widgets import button
from small_islands import STARTING_TILES, TILE_BY_ID, Action, IllegalAction, StartLayout
from small_islands.view import SeatView

from .. import words
from ..board_svg import BoardHints, TileArt, rotate_points
from ..choices import Choices
from ..screens import esc
from .base import Data, GameStage, saved_ints

if TYPE_CHECKING:
    from ..port import Table
    from ..turn import Turn

PAIR_OF = {t.id: n for n, pair in enumerate(STARTING_TILES) for t in pair}


def draft(turn: Turn, choices: Choices) -> list[list[Any]]:
    """The arrangement being edited (the first ready layout until the player changes it)."""
    if choices.draft is None:
        choices.draft = [list(p) for p in turn.legal()["layouts"][0]]
    return choices.draft


def layout_of(rows: list[list[Any]]) -> StartLayout:
    return StartLayout(tuple((p[0], p[1], p[2], p[3]) for p in rows))


def problem(turn: Turn, choices: Choices) -> str | None:
    """Why the draft arrangement is not legal (None when it is)."""
    try:
        turn.game.check_layout(layout_of(draft(turn, choices)))
    except IllegalAction as exc:
        return words.refusal(exc)
    return None


class Setup(GameStage):
    """Arrange the starting tiles."""

    name = "setup"
    acts = frozenset({"layout", "draft-flip", "draft-rotate", "layout-accept"})

    def on_layout(self, app: Table, data: Data) -> None:
        layouts = app.turn().legal()["layouts"]
        app.choices.draft = [list(p) for p in layouts[int(data["n"])]]
        app.choices.draft_sel = None

    def _selected(self, app: Table) -> list[Any] | None:
        sel = app.choices.draft_sel
        if sel is None:
            app.say(_("Tap a starting tile first."))
            return None
        return draft(app.turn(), app.choices)[sel]

    def on_draft_flip(self, app: Table, data: Data) -> None:
        p = self._selected(app)
        if p is None:
            return
        for front, back in STARTING_TILES:
            if p[0] in (front.id, back.id):
                p[0] = back.id if p[0] == front.id else front.id
                break

    def on_draft_rotate(self, app: Table, data: Data) -> None:
        p = self._selected(app)
        if p is not None:
            p[3] = (p[3] + 1) % 4

    def on_layout_accept(self, app: Table, data: Data) -> None:
        app.play(layout_of(draft(app.turn(), app.choices)))

    def cell(self, app: Table, x: int, y: int) -> None:
        rows = draft(app.turn(), app.choices)
        here = next((i for i, p in enumerate(rows) if (p[1], p[2]) == (x, y)), None)
        sel = app.choices.draft_sel
        if sel is None or sel == here:
            if here is None:
                app.say(_("Tap one of the starting tiles to select it."))
            app.choices.draft_sel = None if sel == here else here
            return
        x0, y0, x1, y1 = app.turn().game.middle()
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            app.say(_("The starting tiles go in the middle of the table ({w} × {h} cells).").format(
                w=x1 - x0 + 1, h=y1 - y0 + 1))
            return
        if here is not None:  # swap
            rows[here][1], rows[here][2] = rows[sel][1], rows[sel][2]
        rows[sel][1], rows[sel][2] = x, y
        app.choices.draft_sel = None

    def hints(self, app: Table, v: SeatView, hints: BoardHints, tiles: list[TileArt]) -> None:
        x0, y0, x1, y1 = v["middle"]
        hints.middle = (x0, y0, x1, y1)
        rows = draft(app.turn(), app.choices)
        for tid, x, y, r in rows:
            t = TILE_BY_ID[tid]
            tiles.append(TileArt(x, y, rotate_points(t.points, r), t.symbols, r))
        sel = app.choices.draft_sel
        if sel is not None:
            hints.selected = (rows[sel][1], rows[sel][2])

    def say(self, app: Table, v: SeatView) -> tuple[str, str]:
        return _("Arrange the starting tiles"), _(
            "Start with this arrangement, pick a ready one, or tap a starting tile to flip it, "
            "turn it, or move it (then tap a spot in the dashed middle area)."
        )

    def panel(self, app: Table, v: SeatView) -> str:
        legal = v["legal"]
        assert legal is not None, "a layout with no decision"
        layouts = legal["layouts"]
        why = problem(app.turn(), app.choices)
        status = (
            f'<p class="error" data-layout="bad">{esc(why)}</p>'
            if why
            else '<p class="ok" data-layout="ok">' + esc(_("This arrangement is legal.")) + "</p>"
        )
        return (
            '<section class="card"><div class="row">'
            + "".join(
                button(_("Ready layout {n}").format(n=n + 1), "layout", "btn", n=n)
                for n in range(len(layouts))
            )
            + "</div>"
            f"{status}</section>"
        )

    def actions(self, app: Table, v: SeatView) -> str:
        sel = app.choices.draft_sel
        why = problem(app.turn(), app.choices)
        return (
            button(_("Flip side"), "draft-flip", "btn", disabled=sel is None)
            + button(_("Rotate"), "draft-rotate", "btn", disabled=sel is None, shortcut="R")
            + button(
                _("Start with this arrangement"), "layout-accept", "btn primary",
                disabled=why is not None
            )

        )

    def preselect(self, choices: Choices, action: Action) -> None:
        if isinstance(action, StartLayout):
            choices.draft = [list(p) for p in action.placements]

    def restore(self, turn: Turn, saved: dict[str, Any], choices: Choices) -> None:
        rows = saved_draft(saved.get("draft"), turn.view())
        if rows is not None:
            choices.draft = rows
            sel = saved.get("draft_sel")
            if type(sel) is int and 0 <= sel < len(rows):
                choices.draft_sel = sel


def saved_draft(value: object, v: SeatView) -> list[list[Any]] | None:
    """A saved draft: the same starting tiles as the ready layouts, on distinct middle cells."""
    layouts = (v["legal"] or {}).get("layouts") or []
    if not layouts or not isinstance(value, list) or len(value) != len(layouts[0]):
        return None
    x0, y0, x1, y1 = v["middle"]
    rows, cells, pairs = [], set(), []
    for p in value:
        if not (isinstance(p, list) and len(p) == 4 and isinstance(p[0], str)):
            return None
        xyr = saved_ints(p[1:], 3)
        if xyr is None or p[0] not in PAIR_OF or not 0 <= xyr[2] <= 3:
            return None
        x, y, r = xyr
        if not (x0 <= x <= x1 and y0 <= y <= y1) or (x, y) in cells:
            return None
        cells.add((x, y))
        pairs.append(PAIR_OF[p[0]])
        rows.append([p[0], x, y, r])
    if sorted(pairs) != sorted(PAIR_OF.get(str(p[0]), -1) for p in layouts[0]):
        return None
    return rows
