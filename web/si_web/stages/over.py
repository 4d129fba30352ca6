"""The end of the game: the winner celebrated (`game_shell.celebrate`), the score table and chart,
achievements, the final map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell.celebrate import celebration
from game_shell.celebrate import names as and_names
from game_shell.i18n import N_, _
from game_shell.widgets import button, swatch
from small_islands import Game
from small_islands.view import SeatView

from .. import coach, form
from ..board_svg import (
    BoardHints,
    TileArt,
    board_svg,
    content_box,
    fit_viewbox,
    score_chart_svg,
    view_tiles,
)
from ..breakdown import breakdown, rows_html
from ..history import game_id
from ..screens import esc
from .base import Data, Screen

if TYPE_CHECKING:
    from ..port import Table

END_REASONS = {  # translated where shown
    "ships": N_("All four ships have landed."),
    "reserve": N_("Too few tiles were left for another round."),
    "display": N_("No face-up tile was left and no ship could land."),
}
# (the achievements' texts are marked for the catalogue in `explorer.BOXES`)


class GameOver(Screen):
    """Who won, and how: Play again, Great Explorer, Menu."""

    name = "over"
    acts = frozenset(
        {"play-again", "explorer", "menu", "over-seat", "over-house", "coach-ok", "coach-skip",
         "history", "over-replay"}
    )

    def on_history(self, app: Table, data: Data) -> None:
        app.kept.reload_others()  # another game may have kept a game since (this window)
        app.kept.history_back = "over"
        app.go("history")

    def on_over_replay(self, app: Table, data: Data) -> None:
        if app.game is not None:
            app.kept.open_replay(game_id(app.game))
            app.kept.replay_back = "over"

    def on_over_seat(self, app: Table, data: Data) -> None:
        app.guide.on_over(app.game, int(data["seat"]), None)

    def on_over_house(self, app: Table, data: Data) -> None:
        app.guide.on_over(app.game, int(data["seat"]), int(data["n"]))

    def on_coach_ok(self, app: Table, data: Data) -> None:
        app.guide.got_it(data.get("tip"))

    def on_coach_skip(self, app: Table, data: Data) -> None:
        app.guide.skip()

    def on_play_again(self, app: Table, data: Data) -> None:
        if app.game is not None:
            form.from_game(app.form, app.game)
        app.session.remove_game()
        app.hold(None)
        app.go("start")
        app.save_settings()

    def on_explorer(self, app: Table, data: Data) -> None:
        app.go("explorer")

    def on_menu(self, app: Table, data: Data) -> None:
        app.to_menu()

    def render(self, app: Table) -> str:
        g = app.game
        assert g is not None
        rows = g.scores()
        v0 = g.view(0)
        v_board = v0["board"]
        tiles = view_tiles(v_board)
        solo = g.options.solo
        table = "".join(
            f'<tr data-seat="{r["seat"]}"><td>{r["rank"]}</td><td><span class="who">{swatch(r["colour"])}<span>{esc(r["name"])}</span></span></td>'
            f"<td>{r['prestige']}</td><td>{r['discovery']}</td><td>{r['ship_ports']}</td>"
            + (f'<td class="alexis-bonus">{r["alexis_bonus"]}</td>' if solo else "")
            + f"<td><b>{r['total']}</b></td><td>{r['houses_placed']}</td></tr>"
            for r in sorted(rows, key=lambda r: (r["rank"], r["seat"]))
        )
        bonus_head = "<th>" + esc(_("Alexis bonus")) + "</th>" if solo else ""
        if app.ticks:
            ticks = "".join(
                "<li>" + esc(_("{name}: {achievements}")).format(
                    name="<b>" + esc(name) + "</b>",
                    achievements=esc(_("; ").join(_(t) for t in texts))) + "</li>"
                for name, texts in app.ticks
            )
            ach = (
                '<section class="card ticks" data-ticks="1"><h2>'
                + esc(_("Great Explorer: ticked this game")) + "</h2>"
                f"<ul>{ticks}</ul></section>"
            )
        else:
            humans = set(app.human_seats())
            human_won = any(r["rank"] == 1 and r["seat"] in humans for r in rows)
            why = esc(
                _("No new achievement was ticked this game.")
                if human_won
                else _("Achievements count only for a player who wins.")
            )
            ach = (
                '<section class="card ticks" data-ticks="0"><h2>' + esc(_("Great Explorer"))
                + f"</h2><p>{why}</p></section>"
            )
        notes = "".join(f'<p class="app-note">{esc(t)}</p>' for t in app.events[-3:])
        solo_note = (
            "<p>" + esc(_("Solo, level {level}: you win only with a strictly higher score than "
                          "Alexis (a tie goes to him).").format(level=g.options.solo_level))
            + "</p>"
            if solo
            else ""
        )
        tiebreak = (
            ""
            if solo
            else '<p class="tiebreak">'
            + esc(_("Ties are broken by most houses placed, then most ports around the own ship, "
                    "then the player who placed a tile last."))
            + "</p>"
        )
        first = sorted((r for r in rows if r["rank"] == 1), key=lambda r: r["seat"])
        winners = [r["name"] for r in first]
        if winners == ["You"]:  # the guided game's newcomer
            title = _("You win!")
        elif len(winners) == 1:
            title = _("{name} wins!").format(name=winners[0])
        else:
            title = _("{names} win!").format(names=and_names(winners))
        reason = g.end_reason or ""
        heads = "".join(
            "<th>" + esc(h) + "</th>"
            for h in ("#", _("Player"), _("PP"), _("Discovery"), _("Ship ports"))
        ) + bonus_head + "".join("<th>" + esc(h) + "</th>" for h in (_("Total"), _("Houses")))
        box = fit_viewbox(
            content_box([(t.x, t.y) for t in tiles], v_board["width"], v_board["height"])
        )
        tip = app.guide.tip(g, coach.Moment("over"))
        final = final_part(app, g, v0, tiles, box)
        return (
            '<section class="screen over" data-screen="over">'
            f"<h1>{esc(title)}</h1>"
            + celebration([(r["name"], r["colour"], r["total"]) for r in first])
            + f"<p>{esc(_(END_REASONS[reason]) if reason in END_REASONS else '')}</p>{solo_note}"
            + (coach.tip_html(tip, inline=True) if tip is not None else "")
            + '<div class="scores-wrap" tabindex="0" role="region" aria-label="'
            + esc(_("Scores")) + '"><table class="scores"><thead><tr>'
            f"{heads}</tr></thead>"
            f"<tbody>{table}</tbody></table></div>"
            '<div class="row">'
            + button(_("Play again"), "play-again", "btn primary big")
            + button(_("Watch the replay"), "over-replay", "btn")
            + button(_("Your games"), "history", "btn")
            + button(_("Great Explorer"), "explorer", "btn")
            + button(_("Menu"), "menu", "btn")
            + "</div>"
            f"{final}{ach}{notes}"
            f"{score_chart_svg(rows)}"
            f"{tiebreak}"
            "</section>"
        )


def final_part(
    app: Table, g: Game, v0: SeatView, tiles: list[TileArt], box: tuple[float, float, float, float]
) -> str:
    """The final map, with a button per player that rings their houses and frames their ship,
    beside the breakdown of each player's points (a tap on a house line outlines its island)."""
    lines = breakdown(g)
    hints = BoardHints(hit_cells=False, extra_marks=app.guide.over_marks(g, v0["board"], lines, tiles))
    pick = app.guide.picked(g)
    if pick is not None and pick[1] is not None and hints.extra_marks:  # zoom to that island
        b = v0["board"]
        box = fit_viewbox(content_box(lines[pick[0]].houses[pick[1]].cells, b["width"], b["height"]))
    who = "".join(
        f'<button type="button" class="btn who-btn{" on" if pick == (s.seat, None) else ""}" '
        f'data-act="over-seat" data-seat="{s.seat}" '
        f'aria-pressed="{"true" if pick == (s.seat, None) else "false"}">'
        f"{swatch(s.colour)}{esc(s.name)}</button>"
        for s in lines
    )
    final_map = esc(_("The final map"))
    return (
        f'<div class="over-grid"><section class="final-map" aria-label="{final_map}">'
        f'<h2>{final_map}</h2><p class="small">'
        + esc(_("Tap a player to see their houses (ringed) and ship (framed); tap a line below to "
                "see that island."))
        + "</p>"
        f'<div class="row who-row">{who}</div>'
        f'<div class="board-wrap final">{board_svg(v0["board"], tiles, hints, box)}</div></section>'
        '<section class="breakdown"><h2>' + esc(_("Where the points came from")) + "</h2>"

        f"{rows_html(v0, lines, pick)}</section></div>"
    )
