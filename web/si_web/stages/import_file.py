"""A chosen file passed every check: what it holds, and what to do with it.

A finished game can be kept in the history (or watched first); an unfinished one can be
continued here, after a confirmation when it would replace the game in progress (which can
be exported first). Nothing was stored before the player's choice here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell.widgets import button, question
from game_shell.wording import count

from ..history import summarize
from ..panels import PHASE_NAMES
from ..screens import esc
from .base import Data, Screen
from .history import mode_words, seats_line

if TYPE_CHECKING:
    from ..port import Table


def replace_dialog(app: Table) -> str:
    g = app.kept.unfinished()
    names = ", ".join(s.name for s in g.seats) if g else ""
    return question(
        "replace", "Replace the game in progress?",
        f"A game is in progress on this device ({esc(names)}). Continuing the imported game "
        "replaces it: it cannot be continued afterwards. Export it first to keep it as a file.",
        button("Keep the game in progress", "import-cancel", "btn primary", autofocus="1")
        + button("Export the game in progress", "import-export", "btn")
        + button("Replace it", "import-continue", "btn danger", confirmed="1"),
    )


class ImportScreen(Screen):
    """The checked file: keep, watch, continue, or cancel."""

    name = "import"
    acts = frozenset(
        {"import-keep", "import-replay", "import-continue", "import-cancel", "import-export"}
    )

    def render(self, app: Table) -> str:
        inc = app.kept.incoming
        if inc is None:
            return '<section class="screen"><p>No file.</p>' + button("Back", "import-cancel", "btn") + "</section>"
        g = inc.game
        if inc.finished:
            s = summarize(g, 0)
            kept = app.kept.already_kept(g)
            what = (
                f"<p>A finished game ({esc(mode_words(s))}), {count(len(g.actions), 'move')}.</p>"
                + seats_line(s)
                + ('<p class="ok">This game is already in your history.</p>' if kept else "")
            )
            buttons = (
                ("" if kept else button("Keep it in your history", "import-keep", "btn primary"))
                + button("Watch the replay", "import-replay", "btn")
            )
        else:
            names = ", ".join(
                s.name + (f" (computer, {s.bot})" if s.bot else "") for s in g.seats if not s.alexis
            )
            phase = PHASE_NAMES.get(g.phase, g.phase).lower()
            what = (
                f"<p>An unfinished game: {esc(names)}"
                + (f", solo against Alexis (level {g.options.solo_level})" if g.options.solo else "")
                + f" — round {g.round}, {esc(phase)}, {count(len(g.actions), 'move')} played.</p>"
            )
            buttons = button("Continue this game here", "import-continue", "btn primary")
        return (
            '<section class="screen import" data-screen="import">'
            "<h1>Import a game</h1>"
            f'<p class="small">From the file “{esc(inc.file_name)}”: every move was checked '
            "against the rules.</p>"
            f'<section class="card">{what}</section>'
            f'<div class="row">{buttons}' + button("Cancel", "import-cancel", "btn") + "</div>"
            + (replace_dialog(app) if app.kept.confirm_replace else "")
            + "</section>"
        )

    def back_act(self, app: Table) -> str | None:
        return "import-cancel"  # the replace question first, then the screen

    def on_import_keep(self, app: Table, data: Data) -> None:
        app.kept.keep_incoming()

    def on_import_replay(self, app: Table, data: Data) -> None:
        app.kept.replay_incoming()

    def on_import_continue(self, app: Table, data: Data) -> None:
        app.kept.continue_incoming(data.get("confirmed") == "1")

    def on_import_export(self, app: Table, data: Data) -> None:
        app.kept.send("current", share=False)

    def on_import_cancel(self, app: Table, data: Data) -> None:
        kept = app.kept
        if kept.confirm_replace:
            kept.confirm_replace = False
            return
        kept.incoming = None
        app.go("history")
