"""The game screen of the device seat, laid out as the shell's table (`game_shell.table`):
the bar, the coach row, the map, the tray (what to do now, what the seat holds and chooses),
the sheets (since your turn, the objective tracker, the suggestion, the players and log),
the action bar, toasts.

Built in parts keyed by their container id, so that the controller can replace only the
parts whose HTML changed (and of the map only its marks layer when the map layer is the same).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game_shell import table, widgets
from game_shell.i18n import _, number
from game_shell.widgets import button
from small_islands.view import SeatView

from . import coach, map_grid, marks, panels, settings, undo, viewport, words
from .board_svg import (
    BoardHints,
    board_layers,
    board_layers_svg,
    board_open,
    glyph_defs_svg,
    view_tiles,
    viewbox_attr,
)
from .port import Table
from .screens import esc

if TYPE_CHECKING:
    from .stages.base import GameStage


class GameTable(Table, Protocol):
    """What the game screen reads of the app (`App`): a stage's `Table`, the device seat's
    view, whether a suggestion is awaited and whether the first game asks about sound."""

    @property
    def hint_wanted(self) -> bool: ...
    @property
    def sound_question(self) -> bool: ...
    def view(self) -> SeatView: ...

EXPLORING = ("take", "land", "place", "bonus")  # stages that show the seat's objectives


def parts(app: GameTable, stage: GameStage) -> dict[str, str]:
    """The game screen's parts (see `App.render_parts`)."""
    v = app.view()
    tiles = view_tiles(v["board"])
    hints = BoardHints()
    stage.hints(app, v, hints, tiles)
    tip = app.guide.game_tip(app, stage, v)  # the first-game coach's tip, if any
    app.guide.map_marks(app, stage, v, hints, tip.id if tip else None)
    recap = marks.recap_key(v, app.serial)  # the others' moves since your turn, marked
    fresh = app.last_moves.first(recap, len(v["log"])) and app.settings.animations
    hints.recent = marks.svg(marks.recap_marks(v), fresh, app.last_moves.shown(recap))
    fx = app.fx.update(v, (app.serial, len(app.turn().game.actions), "game", v["seat"]))
    if app.settings.animations:
        hints.fx = fx.map
    kind = "focus" if hints.cell_act == "focus" else stage.name
    hints.labels = {(x, y): words.target_label(kind, v, x, y) for x, y in hints.cell_targets}
    if hints.preview is not None:
        p = hints.preview
        hints.labels[(p.x, p.y)] = _("Your tile here, {tile}: press again to turn it").format(
            tile=words.tile_words(p.points, p.symbols, p.ship))
    hints.spot_labels = {
        (x, y, i): words.spot_label(act, v, x, y, i, hints.spot_numbers.get((x, y, i)))
        for x, y, i, act in hints.symbol_targets
    }
    if app.map_px and hints.cell_targets and hints.focus_box is None:  # targets >= 32 px
        fit = viewport.fitted(v, tiles, hints)
        hints.focus_box = viewport.most_targets(
            fit, hints.cell_targets, app.map_px, viewport.MIN_TARGET_SCALE
        )
    box = app.map_box(v, tiles, hints)
    map_layer, marks_layer = board_layers(v["board"], tiles, hints)
    sheets = sheet_list(app, stage, v)
    me = v["seats"][v["seat"]]
    title, line = stage.say(app, v)
    return {
        "board-map": map_layer,
        "board-marks": marks_layer,
        "board-recent": hints.recent,
        "board-vb": viewbox_attr(box),
        "game": (
            f'data-phase="{v["phase"]}" data-stage="{v["stage"] or ""}" data-seat="{v["seat"]}" '
            + table.sheet_attr(app.sheet)
        ),
        "phase": v["phase"],
        "stage": v["stage"] or "",
        "seat": str(v["seat"]),
        "sheet": app.sheet or "",
        "si-bar": panels.status_bar(
            v,
            panels.bar_buttons(v, undo.buttons(app), settings.sound_button(app.settings)),
        ),
        "board-wrap": board_open(box, words.map_label(v))
        + board_layers_svg(map_layer, marks_layer, hints.recent)
        + map_grid.grid(v)
        + (fit_button() if app.map_framed(box, v, tiles, hints) else ""),
        "si-say": table.say(panels.say_lead(v, me["name"], me["colour"]), esc(title), line),
        "si-pills": table.pills("si", sheets, app.sheet),
        "si-tray": stage.panel(app, v),
        "si-recap": table.sheet_box("si", sheets[0], app.sheet),
        "si-goal": table.sheet_box("si", sheets[1], app.sheet),
        "si-hint": table.sheet_box("si", sheets[2], app.sheet),
        "si-tiles": table.sheet_box("si", sheets[3], app.sheet),
        "si-log": table.sheet_box("si", sheets[4], app.sheet),
        "si-actions": actions(app, stage, v),
        "si-toasts": widgets.toasts(app.message, app.notice, app.leave_asked, app.kept.saved()),
        "si-coach": settings.sound_question(app) + (coach.tip_html(tip) if tip is not None else ""),
    }


SHEETS = ("si-recap", "si-goal", "si-hint", "si-tiles", "si-log")  # their containers, in `sheet_list`'s order


def sheet_list(app: GameTable, stage: GameStage, v: SeatView) -> list[table.Sheet]:
    """The table's sheets: what the others did since your turn, your objective's tracker,
    the suggestion, the players and the log (phones open one at a time; wide screens show
    them all under the tray)."""
    recap = words.recap(v)
    shown = app.last_moves.shown(marks.recap_key(v, app.serial))
    mine = app.guide.tracker_part(app, stage, v) if stage.name in EXPLORING else ""
    offered = not (v["stage"] or "").startswith("alexis")
    hint = panels.hint_box(app.hint_wanted, app.choices.hint, offered, v)
    return [
        table.Sheet(
            "recap", _("Since your turn"), panels.recap_box(recap, v, shown), number(len(recap))
        ),
        table.Sheet("goal", _("Objective"), mine),
        table.Sheet("hint", _("Suggest"), hint, act="hint" if app.choices.hint is None else ""),
        table.Sheet("tiles", _("Face-up"), panels.face_up_card(v) if stage.name != "take" else ""),
        table.Sheet(
            "players",
            _("Players"),
            panels.players(v)
            + panels.game_log(v, app.events, expanded=app.sheet == "players"),
        ),
    ]


def fit_button() -> str:
    """The map's "Fit" button: only on a map the player has panned or zoomed (the controller
    adds it when a gesture starts), since the map fits its content by itself until then.
    So it never lies over a tap target of the fitted map, whatever the screen and the hand."""
    return button(_("Fit"), "fit", "btn fit", name=_("Fit the map to the screen"))


def actions(app: GameTable, stage: GameStage, v: SeatView) -> str:
    """The action bar: the step's buttons, always on screen (the primary one last)."""
    label = esc(_("Actions"))
    return f'<div class="actions-row" role="group" aria-label="{label}">{stage.actions(app, v)}</div>'



def html(p: dict[str, str]) -> str:
    """The whole game screen from its parts (`game_shell.table`'s frame)."""
    return table.frame(
        "si",
        f'data-screen="game" {p["game"]}',
        table.Frame(
            bar=p["si-bar"],
            coach=p["si-coach"],
            board=p["board-wrap"],
            say=p["si-say"],
            tray=p["si-tray"],
            pills=p["si-pills"],
            sheets="".join(f'<div id="{k}" class="sheet-slot">{p[k]}</div>' for k in SHEETS),
            actions=p["si-actions"],
            toasts=p["si-toasts"],
        ),
        tail=glyph_defs_svg(),
    )
