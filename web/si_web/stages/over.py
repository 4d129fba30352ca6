"""The end of the game: the winner, the score table and chart, achievements, the final map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import form
from ..board_svg import BoardHints, board_svg, content_box, fit_viewbox, score_chart_svg, view_tiles
from ..screens import button, esc, swatch
from .base import Data, Screen

if TYPE_CHECKING:
    from ..app import App

END_REASONS = {
    "ships": "All four ships have landed.",
    "reserve": "The reserve could not fill the navigation stack.",
    "display": "No face-up tile was left and no ship could land.",
}


class GameOver(Screen):
    """Who won, and how: Play again, Great Explorer, Menu."""

    name = "over"
    acts = frozenset({"play-again", "explorer", "menu"})

    def on_play_again(self, app: App, data: Data) -> None:
        if app.game is not None:
            form.from_game(app.form, app.game)
        app.session.remove_game()
        app.game = None
        app.screen = "start"
        app.save_settings()

    def on_explorer(self, app: App, data: Data) -> None:
        app.screen = "explorer"

    def on_menu(self, app: App, data: Data) -> None:
        app.to_menu()

    def render(self, app: App) -> str:
        g = app.game
        assert g is not None
        rows = g.scores()
        v_board = g.view(0)["board"]
        tiles = view_tiles(v_board)
        solo = g.options.solo
        table = "".join(
            f'<tr data-seat="{r["seat"]}"><td>{r["rank"]}</td><td>{swatch(r["colour"])} {esc(r["name"])}</td>'
            f"<td>{r['prestige']}</td><td>{r['discovery']}</td><td>{r['ship_ports']}</td>"
            + (f'<td class="alexis-bonus">{r["alexis_bonus"]}</td>' if solo else "")
            + f"<td><b>{r['total']}</b></td><td>{r['houses_placed']}</td></tr>"
            for r in sorted(rows, key=lambda r: (r["rank"], r["seat"]))
        )
        bonus_head = "<th>Alexis bonus</th>" if solo else ""
        if app.ticks:
            ticks = "".join(
                f"<li><b>{esc(name)}</b>: {esc('; '.join(texts))}</li>" for name, texts in app.ticks
            )
            ach = (
                '<section class="card ticks" data-ticks="1"><h2>Great Explorer: ticked this game</h2>'
                f"<ul>{ticks}</ul></section>"
            )
        else:
            humans = set(app.human_seats())
            human_won = any(r["rank"] == 1 and r["seat"] in humans for r in rows)
            why = (
                "No new achievement was ticked this game."
                if human_won
                else "Achievements count only for a player who wins."
            )
            ach = (
                '<section class="card ticks" data-ticks="0"><h2>Great Explorer</h2>'
                f"<p>{why}</p></section>"
            )
        notes = "".join(f'<p class="app-note">{esc(t)}</p>' for t in app.events[-3:])
        solo_note = (
            f"<p>Solo, level {g.options.solo_level}: you win only with a strictly higher score "
            "than Alexis (a tie goes to him).</p>"
            if solo
            else ""
        )
        tiebreak = (
            ""
            if solo
            else '<p class="tiebreak">Ties are broken by most houses placed, then most ports '
            "around the own ship, then the player who placed a tile last.</p>"
        )
        winners = [r["name"] for r in rows if r["rank"] == 1]
        box = fit_viewbox(
            content_box([(t.x, t.y) for t in tiles], v_board["width"], v_board["height"])
        )
        return (
            '<section class="screen over" data-screen="over">'
            f"<h1>{esc(' and '.join(winners))} win{'s' if len(winners) == 1 else ''}!</h1>"
            f"<p>{esc(END_REASONS.get(g.end_reason or '', ''))}</p>{solo_note}"
            '<div class="scores-wrap"><table class="scores"><thead><tr><th>#</th><th>Player</th><th>PP</th><th>Discovery</th>'
            f"<th>Ship ports</th>{bonus_head}<th>Total</th><th>Houses</th></tr></thead>"
            f"<tbody>{table}</tbody></table></div>"
            f"{ach}{notes}"
            f"{score_chart_svg(rows)}"
            f"{tiebreak}"
            '<div class="row">'
            + button("Play again", "play-again", "btn primary big")
            + button("Great Explorer", "explorer", "btn")
            + button("Menu", "menu", "btn")
            + "</div>"
            f'<div class="board-wrap final">{board_svg(v_board, tiles, BoardHints(hit_cells=False), box)}</div>'
            "</section>"
        )
