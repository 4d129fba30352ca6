"""The game screen of the device seat: the map, the status bar, the stage's panel, toasts.

Built in parts keyed by their container id, so that the controller can replace only the
parts whose HTML changed (and of the map only its marks layer when the map layer is the same).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import panels, viewport
from .board_svg import (
    BoardHints,
    board_layers,
    board_layers_svg,
    board_open,
    view_tiles,
    viewbox_attr,
)
from .screens import button

if TYPE_CHECKING:
    from .app import App
    from .stages import GameStage

EXPLORING = ("take", "land", "place", "bonus")  # stages that show the seat's objectives


def parts(app: App, stage: GameStage) -> dict[str, str]:
    """The game screen's parts (see `App.render_parts`)."""
    v = app.view()
    tiles = view_tiles(v["board"])
    hints = BoardHints()
    stage.hints(app, v, hints, tiles)
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
        "si-bar": panels.status_bar(v, app.hint_wanted, drawer, app.status_open),
        "board-wrap": board_open(box)
        + board_layers_svg(map_layer, marks_layer)
        + button("Fit", "fit", "btn fit"),
        "si-panel": panel(app, stage, v),
        "si-toasts": panels.toasts(app.message, app.notice),
    }


def panel(app: App, stage: GameStage, v: dict[str, Any]) -> str:
    """The side panel: suggestion, what computers did, the stage's panel, players, log."""
    mine = panels.objectives_box(v) if stage.name in EXPLORING else ""
    return (
        panels.hint_box(app.hint_wanted, app.choices.hint)
        + panels.since_box(app.auto_note)
        + stage.panel(app, v)
        + mine
        + panels.players(v)
        + panels.game_log(v, app.events)
    )


def html(p: dict[str, str]) -> str:
    """The whole game screen from its parts."""
    return (
        f'<div class="game" data-screen="game" {p["game"]}>'
        f'<div id="si-bar" class="bar-wrap">{p["si-bar"]}</div>'
        f'<div class="board-wrap" id="board-wrap">{p["board-wrap"]}</div>'
        f'<aside class="panel" id="si-panel">{p["si-panel"]}</aside>'
        f'<div id="si-toasts">{p["si-toasts"]}</div></div>'
    )
