"""The game screen of the device seat: the map, the status bar, the stage's panel, toasts.

Built in parts keyed by their container id, so that the controller can replace only the
parts whose HTML changed (and of the map only its marks layer when the map layer is the same).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game_shell import widgets
from game_shell.widgets import button
from small_islands.view import SeatView

from . import coach, marks, panels, settings, undo, viewport, words
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
        hints.labels[(p.x, p.y)] = (
            "Your tile here, "
            + words.tile_words(p.points, p.symbols, p.ship)
            + ": press again to turn it"
        )
    hints.spot_labels = {
        (x, y, i): words.spot_label(act, v, x, y, i, hints.spot_numbers.get((x, y, i)))
        for x, y, i, act in hints.symbol_targets
    }
    if app.map_px and hints.cell_targets and hints.focus_box is None:  # targets >= 32 px
        fit = viewport.fitted(v, tiles, hints)
        hints.focus_box = viewport.at_least(fit, app.map_px, viewport.MIN_TARGET_SCALE)
    box = app.user_viewbox or viewport.fitted(v, tiles, hints)
    map_layer, marks_layer = board_layers(v["board"], tiles, hints)
    drawer = (
        panels.players(v) + panels.game_log(v, app.events, expanded=True)
        if app.status_open
        else ""
    )
    return {
        "board-map": map_layer,
        "board-marks": marks_layer,
        "board-vb": viewbox_attr(box),
        "game": f'data-phase="{v["phase"]}" data-stage="{v["stage"] or ""}" data-seat="{v["seat"]}"',
        "phase": v["phase"],
        "stage": v["stage"] or "",
        "seat": str(v["seat"]),
        "si-bar": panels.status_bar(
            v, drawer, app.status_open, undo.buttons(app), settings.sound_button(app.settings)
        ),
        "board-wrap": board_open(box, words.map_label(v))
        + board_layers_svg(map_layer, marks_layer)
        + (fit_button() if app.user_viewbox is not None else ""),
        "si-recap": panels.recap_box(words.recap(v), v, app.last_moves.shown(recap)),
        "si-stage": panel(app, stage, v),
        "si-log": panels.players(v) + panels.game_log(v, app.events),
        "si-actions": actions(app, stage, v),
        "si-toasts": widgets.toasts(app.message, app.notice, app.leave_asked, app.kept.saved()),
        "si-coach": coach.tip_html(tip) if tip is not None else "",
    }


def fit_button() -> str:
    """The map's "Fit" button: only on a map the player has panned or zoomed (the controller
    adds it when a gesture starts), since the map fits its content by itself until then.
    So it never lies over a tap target of the fitted map, whatever the screen and the hand."""
    return button("Fit", "fit", "btn fit", name="Fit the map to the screen")


def panel(app: GameTable, stage: GameStage, v: SeatView) -> str:
    """The side panel's middle: the seat's objective tracker (exploration), the stage's
    panel, the suggestion.
    (Above it the recap, below it the players and the log: parts of their own, replaced
    only when they change -- the log's tile pictures make it the heaviest HTML.)"""
    mine = app.guide.tracker_part(app, stage, v) if stage.name in EXPLORING else ""
    offered = not (v["stage"] or "").startswith("alexis")
    return (
        settings.sound_question(app)
        + mine
        + stage.panel(app, v)
        + panels.hint_box(app.hint_wanted, app.choices.hint, offered, v)
    )


def actions(app: GameTable, stage: GameStage, v: SeatView) -> str:
    """The action bar: the step's buttons, always on screen (the primary one last)."""
    return f'<div class="actions-row" role="group" aria-label="Actions">{stage.actions(app, v)}</div>'


def html(p: dict[str, str]) -> str:
    """The whole game screen from its parts."""
    return (
        f'<div class="game" data-screen="game" {p["game"]}>'
        f'<div id="si-bar" class="bar-wrap">{p["si-bar"]}</div>'
        f'<div class="board-wrap" id="board-wrap">{p["board-wrap"]}</div>'
        f'<aside class="panel" id="si-panel" aria-label="Your turn">'
        f'<div id="si-recap">{p["si-recap"]}</div><div id="si-stage">{p["si-stage"]}</div>'
        f'<div id="si-log">{p["si-log"]}</div></aside>'
        f'<div class="actions" id="si-actions">{p["si-actions"]}</div>'
        f'<div id="si-coach">{p["si-coach"]}</div>'
        f'<div id="si-toasts">{p["si-toasts"]}</div>{glyph_defs_svg()}</div>'
    )
