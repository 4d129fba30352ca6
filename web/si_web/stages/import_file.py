"""A chosen file passed every check: what it holds, and what to do with it.

A finished game can be kept in the history (or watched first); an unfinished one can be
continued here, after a confirmation when it would replace the game in progress (which can
be exported first). Nothing was stored before the player's choice here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell.i18n import _, ngettext, number
from game_shell.widgets import button, question

from ..history import summarize
from ..panels import level_name, phase_name
from ..screens import esc
from .base import Data, Screen
from .history import mode_words, seats_line

if TYPE_CHECKING:
    from ..port import Table


def replace_dialog(app: Table) -> str:
    g = app.kept.unfinished()
    names = _(", ").join(s.name for s in g.seats) if g else ""
    return question(
        "replace", _("Replace the game in progress?"),
        esc(_("A game is in progress on this device ({names}). Continuing the imported game "
              "replaces it: it cannot be continued afterwards. Export it first to keep it as a "
              "file.").format(names=names)),
        button(_("Keep the game in progress"), "import-cancel", "btn primary", autofocus="1")
        + button(_("Export the game in progress"), "import-export", "btn")
        + button(_("Replace it"), "import-continue", "btn danger", confirmed="1"),
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
            return ('<section class="screen"><p>' + esc(_("No file.")) + "</p>"
                    + button(_("Back"), "import-cancel", "btn") + "</section>")
        g = inc.game
        moves = len(g.actions)
        if inc.finished:
            s = summarize(g, 0)
            kept = app.kept.already_kept(g)
            finished = ngettext("A finished game ({mode}), {n} move.",
                                "A finished game ({mode}), {n} moves.", moves).format(
                mode=mode_words(s), n=number(moves))
            what = (
                f"<p>{esc(finished)}</p>"
                + seats_line(s)
                + ('<p class="ok">' + esc(_("This game is already in your history.")) + "</p>"
                   if kept else "")
            )
            buttons = (
                ("" if kept else button(_("Keep it in your history"), "import-keep", "btn primary"))
                + button(_("Watch the replay"), "import-replay", "btn")
            )
        else:
            names = _(", ").join(
                _("{name} (computer, {level})").format(name=s.name, level=level_name(s.bot))
                if s.bot else s.name
                for s in g.seats if not s.alexis
            )
            values = {"names": names, "round": number(g.round), "phase": phase_name(g.phase).lower(),
                      "n": number(moves), "level": number(g.options.solo_level)}
            if g.options.solo:
                text = ngettext(
                    "An unfinished game: {names}, solo against Alexis (level {level}) — round "
                    "{round}, {phase}, {n} move played.",
                    "An unfinished game: {names}, solo against Alexis (level {level}) — round "
                    "{round}, {phase}, {n} moves played.", moves)
            else:
                text = ngettext(
                    "An unfinished game: {names} — round {round}, {phase}, {n} move played.",
                    "An unfinished game: {names} — round {round}, {phase}, {n} moves played.", moves)
            what = f"<p>{esc(text.format(**values))}</p>"
            buttons = button(_("Continue this game here"), "import-continue", "btn primary")
        source = _("From the file “{name}”: every move was checked against the rules.").format(
            name=inc.file_name)
        return (
            '<section class="screen import" data-screen="import">'
            "<h1>" + esc(_("Import a game")) + "</h1>"
            f'<p class="small">{esc(source)}</p>'
            f'<section class="card">{what}</section>'
            f'<div class="row">{buttons}' + button(_("Cancel"), "import-cancel", "btn") + "</div>"
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
