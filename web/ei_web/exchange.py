"""Ember Isle's games in and out as files (one `Exchange` per `EmberApp`): the export dialog
and the file it puts in the outbox (the browser module downloads or shares it), and an
imported file checked completely (`files.check_import`), shown, then continued or kept.

An unfinished game's file holds every player's clue cards and treasure: with several people
at the table the dialog says so before it is made. An imported unfinished game replaces the
saved one only after the player confirms it; a finished one joins "Your games" (its summary:
Ember Isle keeps no replays). Pure: no browser imports.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from ember_isle import Game
from game_shell.files import Incoming, Outgoing, Rejected
from game_shell.i18n import N_, _, ngettext, number, pgettext
from game_shell.markup import escape
from game_shell.widgets import button, question

from .board import board_svg
from .files import check_import, export_name
from .session import Session, finished_summary, kept_games, summary, summary_line


class Owner(Protocol):
    """What the files in and out read and do of the app (`EmberApp`)."""

    @property
    def screen(self) -> str: ...
    def go(self, screen: str) -> None: ...
    def say(self, message: str | None) -> None: ...

    @property
    def game(self) -> Game | None: ...
    @property
    def session(self) -> Session: ...
    @property
    def ignored(self) -> list[str]: ...
    def humans(self) -> list[int]: ...
    def begin(self, game: Game, seen_log: int = 0) -> None: ...

Data = dict[str, str]
PRIVACY = N_(
    "This game is not finished and several people play it: the file holds every player's "
    "clue cards and treasure cards, and anyone who opens it can see them. Export it only if "
    "every player agrees."
)


def now_ms() -> int:
    return int(time.time() * 1000)


class Exchange:
    """Files out and in for one Ember Isle app (see the module doc)."""

    def __init__(self, app: Owner) -> None:
        self.app = app
        self.clock: Callable[[], int] = now_ms
        self.tz_minutes = 0  # the device's offset from UTC (the browser module sets it)
        self.can_share = False  # the browser can share files (the browser module sets it)
        self.exporting = False  # the export dialog is open
        self.outbox: Outgoing | None = None
        self.incoming: Incoming[Game] | None = None
        self.import_error: str | None = None
        self.confirm_replace = False
        self.notice: str | None = None

    # ------------------------------------------------------------------ taps
    # (`EmberApp.handle` routes "ei-export…" and "ei-import…" here)
    def on_export(self, data: Data, fields: Data) -> None:
        self.open_export()

    def on_export_download(self, data: Data, fields: Data) -> None:
        self.send(share=False)

    def on_export_share(self, data: Data, fields: Data) -> None:
        self.send(share=True)

    def on_export_cancel(self, data: Data, fields: Data) -> None:
        self.exporting = False

    def on_import_file(self, data: Data, fields: Data) -> None:
        size = data.get("size", "0")
        self.receive(data.get("name", ""), int(size) if size.isdigit() else 0, data.get("text", ""))

    def on_import_continue(self, data: Data, fields: Data) -> None:
        self.continue_game(confirmed=data.get("confirmed") == "1")

    def on_import_keep(self, data: Data, fields: Data) -> None:
        self.keep()

    def on_import_cancel(self, data: Data, fields: Data) -> None:
        self.cancel()

    def dismiss(self) -> bool:
        """Escape: close the export dialog or the replace question (True if one was open)."""
        was = self.exporting or self.confirm_replace
        self.exporting = self.confirm_replace = False
        return was

    def wants_back(self) -> bool:
        """Has the browser's Back something to close here (a dialog, the import screen)?"""
        return self.exporting or self.confirm_replace or self.app.screen == "import"

    def back(self) -> bool:
        """Back: close the export dialog or the replace question, else leave the import
        screen (as its Cancel does). True when it closed something."""
        if self.dismiss():
            return True
        if self.app.screen != "import":
            return False
        self.cancel()
        return True

    # ------------------------------------------------------------------ files out
    def shared_secret(self) -> bool:
        """Would the file show a hidden hand: the game is unfinished and several people play?"""
        g = self.app.game
        return g is not None and g.phase != "over" and len(self.app.humans()) > 1

    def open_export(self) -> None:
        if self.app.game is not None:
            self.exporting = True

    def send(self, share: bool) -> None:
        """The saved game's file into the outbox (only from the open dialog)."""
        g = self.app.game
        if not self.exporting or g is None:
            return
        self.exporting = False
        self.outbox = Outgoing(export_name(g, self.clock(), self.tz_minutes), g.to_json(),
                               share=share and self.can_share)
        self.notice = _("The file is ready.") if self.outbox.share else _("The file was downloaded.")

    def take_outbox(self) -> Outgoing | None:
        """The file to download or share now (the browser module calls this after each tap)."""
        out, self.outbox = self.outbox, None
        return out

    def open_dialog(self) -> str:
        """The export dialog when it is open (over the menu or the end screen)."""
        return self.export_dialog() if self.exporting and self.app.game is not None else ""

    def export_dialog(self) -> str:
        warn = '</p><p class="warn">' + escape(_(PRIVACY)) if self.shared_secret() else ""
        share = button(_("Share…"), "ei-export-share", "btn") if self.can_share else ""
        holds = escape(_("The file holds the whole game: its settings and every move. Open it with "
                         "Ember Isle on any device: its menu, then “Import a file”."))
        return question(
            "ei-export", _("Export this game"), holds + warn,
            button(_("Download the file"), "ei-export-download", "btn primary", autofocus="1")
            + share
            + button(pgettext("dialog", "Cancel"), "ei-export-cancel", "btn"),
        )

    def feedback(self) -> str:
        """What the last export or import did (at the top of the screen)."""
        return f'<p class="ok" role="status" data-msg="notice">{escape(self.notice)}</p>' if self.notice else ""

    def refusal(self) -> str:
        """Why the chosen file was refused (beside "Import a file", where the player is)."""
        if not self.import_error:
            return ""
        return f'<p class="error" role="alert" data-msg="import-error">{escape(self.import_error)}</p>'

    # ------------------------------------------------------------------ files in
    def receive(self, name: str, size: int, text: str) -> None:
        """A file the player chose: checked completely, then shown (the import screen) or
        refused with its message. Nothing is stored here."""
        result = check_import(name, size, text)
        self.app.ignored.append(f"import of {name[:60]!r}: "
                                + (result.reason if isinstance(result, Rejected) else "valid"))
        self.notice = None
        if isinstance(result, Rejected):
            self.import_error, self.incoming = result.message, None
            return
        self.import_error, self.incoming, self.confirm_replace = None, result, False
        self.app.go("import")

    def cancel(self) -> None:
        """Close the import screen (or only its question): nothing changes."""
        if self.confirm_replace:
            self.confirm_replace = False
            return
        self.incoming = None
        self.app.go("start")

    def keep(self) -> None:
        """A finished game from a file joins "Your games" (its summary)."""
        inc = self.incoming
        if inc is None or not inc.finished:
            return
        history = kept_games(self.app.session.storage)
        s = finished_summary(inc.game, self.clock())
        if history.get(s["id"]) is not None:
            self.notice = _("This game is already in your games.")
        elif history.add(s, again=True):
            self.notice = _("The game was added to your games (Menu of Small Islands, “Your games”).")
        else:
            self.app.say(_("The game could not be kept: this device's storage is full."))
            return
        self.incoming = None
        self.app.go("start")

    def continue_game(self, confirmed: bool) -> None:
        """An unfinished game from a file becomes the saved game (asking first when it
        replaces one in progress)."""
        app, inc = self.app, self.incoming
        if inc is None or inc.finished:
            return
        if app.game is not None and app.game.phase != "over" and not confirmed:
            self.confirm_replace = True
            return
        self.incoming, self.confirm_replace = None, False
        app.begin(inc.game, seen_log=len(inc.game.log))

    def import_screen(self) -> str:
        """What the chosen file holds, and what can be done with it."""
        inc = self.incoming
        if inc is None:
            return ""
        g = inc.game
        label = f"“{inc.file_name}”"
        if inc.finished:
            scores = "".join(
                f"<li><b>{escape(r['name'])}</b>: "
                + escape(ngettext("{n} point", "{n} points", r["total"]).format(n=number(r["total"])))
                + "</li>"
                for r in sorted(g.scores(), key=lambda r: r["rank"])
            )
            holds = escape(_("{file} holds a finished game of Ember Isle.").format(file=label))
            body = f'<p>{holds}</p><ol class="ei-scores">{scores}</ol>'
            acts = button(_("Add it to your games"), "ei-import-keep", "btn primary")
        else:
            holds = escape(_("{file} holds a game of Ember Isle in progress.").format(file=label))
            body = f"<p>{holds}</p><p><b>{escape(summary_line(summary(g)) or '')}</b></p>"
            acts = button(_("Continue this game"), "ei-import-continue", "btn primary")
        view = g.view(0)  # only its public parts are drawn: the island and what is on it
        island = _("The island at the end") if inc.finished else _("The island as the file left it")
        island_map = f'<div class="board-wrap final ei-map">{board_svg(view, label=island)}</div>'
        replace = ""
        if self.confirm_replace:
            names = ", ".join(s.name for s in self.app.game.seats) if self.app.game else ""
            replace = question(
                "ei-replace", _("Replace the game in progress?"),
                escape(_("An Ember Isle game is in progress on this device ({names}). Continuing "
                         "the game from the file replaces it: it cannot be continued afterwards. "
                         "Export it first to keep it as a file.").format(names=names)),
                button(_("Keep the saved game"), "ei-import-cancel", "btn primary", autofocus="1")
                + button(_("Export it first"), "ei-export", "btn")
                + button(_("Replace it"), "ei-import-continue", "btn danger", confirmed="1"),
            )
        export = self.open_dialog()
        return (
            '<section class="screen ei-import" data-screen="ei-import"><h1>'
            + escape(_("Import a game")) + "</h1>"
            f'{self.feedback()}{body}<div class="row">{acts}'
            + button(pgettext("dialog", "Cancel"), "ei-import-cancel", "btn")
            + f"</div>{island_map}</section>{replace}{export}"
        )
