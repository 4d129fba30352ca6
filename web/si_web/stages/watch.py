"""A computer seat or Alexis moves: their steps shown one by one at the chosen pace."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell import table
from game_shell.i18n import _, ngettext, number
from game_shell.widgets import button, swatch, toasts
from small_islands.view import SeatView

from .. import map_grid, pictures, settings, words
from ..board_svg import BoardHints, board_svg, view_tiles
from ..game_screen import fit_button
from ..panels import (
    display_box,
    game_log,
    hand_box,
    level_name,
    log_item,
    objectives_box,
    players,
    round_phase,
    status_bar,
)
from ..screens import esc
from .base import Data, Screen, on_sound

if TYPE_CHECKING:
    from ..port import Table


def watch_view(app: Table) -> tuple[SeatView, bool]:
    """(the view shown while a computer seat moves, whether its secrets may show).

    With one human the device is theirs: their view, hand and objectives included.
    Otherwise only the public parts of a view are rendered."""
    g = app.game
    assert g is not None and g.to_move is not None
    humans = app.human_seats()
    return g.view(humans[0] if humans else g.to_move), len(humans) == 1


class Watch(Screen):
    """The map and the steps of the computer seat to move; Skip runs to the next human."""

    name = "watch"
    acts = frozenset({"skip", "menu", "status", "sheet", "stay", "sound", "pace", "fit"})

    def on_fit(self, app: Table, data: Data) -> None:
        app.fit_map()

    def on_sound(self, app: Table, data: Data) -> None:
        on_sound(app, data)

    def on_pace(self, app: Table, data: Data) -> None:
        app.change_setting("pace", data["value"])

    def on_stay(self, app: Table, data: Data) -> None:
        app.stay()

    def on_skip(self, app: Table, data: Data) -> None:
        app.skip()

    def on_menu(self, app: Table, data: Data) -> None:
        app.to_menu()

    def on_status(self, app: Table, data: Data) -> None:
        app.toggle_sheet("players")

    def on_sheet(self, app: Table, data: Data) -> None:
        app.toggle_sheet(str(data.get("sheet") or "") or None)

    def render(self, app: Table) -> str:
        g = app.game
        assert g is not None and g.to_move is not None
        v, mine = watch_view(app)
        seat = g.to_move
        s = g.seats[seat]
        who = "Alexis" if s.alexis else _("{name} (computer, {level})").format(
            name=s.name, level=level_name(s.bot or ""))
        kind = "alexis" if s.alexis else "bot"
        tiles = view_tiles(v["board"])
        hints = BoardHints(hit_cells=False)
        fx = app.fx.update(v, (app.serial, len(g.actions), "watch", v["seat"]))
        if app.settings.animations and app.pace_ms() > 0:  # not while skipping, not instant
            hints.fx = fx.map
        if v["board"]["tiles"]:
            last = v["board"]["tiles"][-1]
            hints.selected = (last["x"], last["y"])
        box = app.map_box(v, tiles, hints)
        svg = board_svg(v["board"], tiles, hints, box)
        n = len(app.auto_note)
        steps = "".join(
            log_item(e, v, "new" if i >= n - app.auto_new else "") for i, e in enumerate(app.auto_note)
        )
        solo = v.get("solo")
        card = (solo or {}).get("card")
        alexis_info = ""
        if solo:
            n = solo["stack_count"]
            info = ngettext("Alexis: level {level}, {n} card in his stack",
                            "Alexis: level {level}, {n} cards in his stack", n).format(
                                level=number(solo["level"]), n=number(n))
            if card:
                info = _("{info}. His card: {card}").format(
                    info=info, card=words.alexis_card_words(card))
            alexis_info = (
                f'<p class="alexis-info">{esc(info)}</p>'
                + (f'<p class="alexis-card">{pictures.alexis_card_of(card)}</p>' if card else "")
            )
        status = esc(_("Thinking…") if kind == "bot" else _("Playing his cards…"))
        tiles_sheet = (
            '<section class="card"><h3>' + esc(_("Face-up")) + "</h3>" + display_box(v, False)
            + "</section>"
            + (hand_box(v, None, selectable=False) + objectives_box(v) if mine else "")
        )
        sheets = [
            table.Sheet("tiles", _("Tiles"), tiles_sheet),
            table.Sheet(
                "players",
                _("Players"),
                players(v) + game_log(v, app.events, expanded=app.sheet == "players", limit=15),
            ),
        ]
        title = _("Alexis's turn") if s.alexis else _("{name}'s turn").format(name=s.name)
        return table.frame(
            "si",
            f'data-screen="watch" data-kind="{kind}" data-seat="{seat}" data-phase="{v["phase"]}" '
            f'data-stage="{esc(v["stage"] or "")}" data-step="{len(g.actions)}" '
            + table.sheet_attr(app.sheet),
            table.Frame(
                bar=status_bar(
                    v, settings.sound_button(app.settings) + button(_("Menu"), "menu", "btn")
                ),
                coach="",
                board=svg
                + map_grid.grid(v)
                + (fit_button() if app.map_framed(box, v, tiles, hints) else ""),
                say=table.say(
                    f"{swatch(s.colour)}<b>{esc(who)}</b> · {round_phase(v)}",
                    esc(title),
                    f'<span class="thinking">{status}</span>',
                ),
                tray=f'<section class="card steps">{alexis_info}<ol>{steps}</ol>'
                f"{pace_row(app.settings.pace)}</section>",
                pills=table.pills("si", sheets, app.sheet),
                sheets="".join(table.sheet_box("si", sh, app.sheet) for sh in sheets),
                actions='<div class="actions-row" role="group" aria-label="'
                + esc(_("Actions")) + '">'
                + button(_("Skip"), "skip", "btn primary", disabled=app.skipping)
                + "</div>",
                toasts=toasts(app.message, app.notice, app.leave_asked, app.kept.saved()),
            ),
            board_id="si-watch-map",
            cls="watch",
        )


def pace_row(pace: str) -> str:
    """The computers' pace, changeable while they play (the same setting as on Settings)."""
    options = next(o for k, _label, o, _help in settings.CHOICES if k == "pace")
    return (
        '<div class="row seg pace" role="group" aria-label="' + esc(_("Computer pace")) + '">'
        + "".join(
            f'<button type="button" class="btn small{" on" if v == pace else ""}" data-act="pace" '
            f'data-value="{v}" aria-pressed="{"true" if v == pace else "false"}">'
            + esc(_(t)) + "</button>"
            for v, t in options
        )
        + "</div>"
    )
