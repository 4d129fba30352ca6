"""Your games, kept: what the app does with saves beyond the game in progress.

`App.kept` is one `Kept`. It holds the history of finished games (`history.History`), the
redo stack (`undo.Redo`), the files going out (`outbox`, taken by the controller) and coming
in (`incoming`, after `files.check_import`), the replay being watched, and the state of the
History, Statistics, Replay and Import screens. It also saves the game in progress
(`save`): when storage is full it makes room by dropping the oldest history records (the
game in progress matters more), and when even that fails it says so and keeps the game
open (never losing it silently). Pure: no browser imports.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game_shell import keeping, registry
from game_shell.i18n import N_, _, and_list, date_time
from game_shell.kept_games import KeptGames
from game_shell.registry import GamePlugin
from game_shell.storage import Storage
from small_islands import Game
from small_islands.errors import MalformedInput
from small_islands.save import read_save

from .files import Incoming, Outgoing, Rejected, check_import, export_name
from .history import History, Summary, game_id, now_ms
from .replay import Replay
from .session import Session
from .undo import Redo

CONTINUE_SCREENS = ("game", "watch", "pass", "over")  # screens that show the game itself


class Keeper(Protocol):
    """What `Kept` reads and does of the app that holds it (`App`)."""

    @property
    def storage(self) -> Storage: ...
    @property
    def session(self) -> Session: ...
    @property
    def game(self) -> Game | None: ...
    @property
    def broken(self) -> tuple[str, str] | None: ...
    @property
    def screen(self) -> str: ...
    def say(self, message: str | None) -> None: ...
    def tell(self, notice: str | None) -> None: ...
    def note(self, text: str) -> None: ...
    def log(self, *notes: str) -> None: ...
    def go(self, screen: str) -> None: ...
    def hold(self, game: Game | None) -> None: ...
    def drop_broken(self) -> None: ...
    def forget_return(self) -> None: ...
    def forget_game(self) -> None: ...
    def begin(self, game: Game) -> None: ...
    def load(self) -> None: ...


class Kept:
    """History, files, replay and redo of one App (see the module doc)."""

    def __init__(self, app: Keeper) -> None:
        self.app = app
        self.history = History(app.storage)
        # the other games' finished games, kept as summaries (`game_shell.kept_games`)
        self.others: dict[str, tuple[GamePlugin, KeptGames]] = {
            p.name: (p, KeptGames(app.storage, p.name, p.title))
            for p in registry.plugins() if p.kept is not None and not p.home
        }
        self.redo = Redo()
        self.clock: Callable[[], int] = now_ms
        self.tz_minutes = 0  # the device's offset from UTC (the controller sets it)
        self.can_share = False  # the browser can share files (the controller sets it)
        self.outbox: Outgoing | None = None
        self.notes: list[str] = []  # storage notes for the History screen
        self.path = keeping.save_path(app.storage, registry.plugins(), N_("Menu, Your games"))
        # the History screen
        self.mode_filter = "all"
        self.opponent_filter = "all"
        self.shown = 20  # how many games the list shows
        self.confirm_delete: str | None = None
        self.export: str | None = None  # the export dialog: a game id, or "current"
        self.with_unfinished = False  # exports: finished games only, by default
        self.import_error: str | None = None
        # the Import, Replay and Statistics screens
        self.incoming: Incoming[Game] | None = None
        self.confirm_replace = False
        self.replay: Replay | None = None
        self.replay_back = "history"  # the screen Close returns to
        self.history_back = "start"  # the screen the History screen's Back/Menu returns to
        self.stats_name: str | None = None
        self.stats_back = "start"  # the screen Back returns to from the Statistics screen

    # ------------------------------------------------------------------ saving
    def save(self, game: Game) -> None:
        """Save the game in progress through the shared save path (`keeping`): room is made
        when storage is full, and the player is told when the move could not be saved."""
        was_unsaved = self.path.unsaved
        outcome = self.path.save(lambda: self.app.session.save_game(game))
        if outcome.saved and outcome.note:
            self.notes.append(outcome.note)
        if outcome.note and (outcome.saved or not was_unsaved):
            self.app.log(outcome.note)  # said once, not after every refused move
        if outcome.note:
            self.app.say(outcome.note)

    @property
    def unsaved(self) -> bool:
        """The last save of the game in progress did not fit."""
        return self.path.unsaved

    def saved(self) -> bool:
        """Is the game's latest change in storage (not refused: full, another window)?"""
        return not self.path.unsaved and not self.app.session.conflict

    def finished(self, game: Game) -> None:
        """A game ended on this device: keep it in the history (once)."""
        added = self.history.add(game, self.clock())
        self.notes += added.notes
        self.app.log(*added.notes)

    # ------------------------------------------------------------------ queries
    def current(self) -> Game | None:
        """The game in progress on this device (loaded if needed; None if none or unreadable)."""
        g = self.app.game
        if g is None and self.app.broken is None and self.app.session.raw_save() is not None:
            loaded = self.app.session.load_game()
            if isinstance(loaded, Game):
                self.app.hold(loaded)  # as the start screen's summary does
                g = loaded
        return g

    def unfinished(self) -> Game | None:
        """The game in progress if it is not over."""
        g = self.current()
        return g if g is not None and g.phase != "over" else None

    def humans(self, game: Game) -> int:
        """How many people play `game`."""
        return sum(1 for s in game.seats if not s.bot and not s.alexis)

    def listed(self) -> list[Summary]:
        """The kept games the filters let through, newest first."""
        return [s for s in self.history.newest_first() if self._passes(s)]

    def _passes(self, s: Summary) -> bool:
        mode, opp = self.mode_filter, self.opponent_filter
        if mode == "solo" and not s["solo"] or mode in ("normal", "advanced") and (
            s["solo"] or s["mode"] != mode
        ):
            return False
        kinds = [seat["kind"] for seat in s["seats"]]
        if opp == "people":
            return kinds.count("human") > 1
        if opp.startswith("alexis-"):
            return f"alexis-{s['solo']}" == opp
        return opp == "all" or opp in kinds

    def opponents(self) -> list[str]:
        """The opponent filter's values that match some kept game."""
        found = {"all"}
        for s in self.history.games:
            kinds = [seat["kind"] for seat in s["seats"]]
            found.update(k for k in kinds if k not in ("human", "alexis"))
            if kinds.count("human") > 1:
                found.add("people")
            if s["solo"]:
                found.add(f"alexis-{s['solo']}")
        order = ["all", "people", "easy", "medium", "hard", "master", "expert"]
        order += [f"alexis-{n}" for n in range(1, 7)]
        return [o for o in order if o in found]

    # ------------------------------------------------------------------ files out
    def outgoing(self, target: str) -> Outgoing | str:
        """The file of a kept game (its id) or of the game in progress ("current"), or why
        there is none."""
        if target == "current":
            g = self.current()
            if g is None:
                return _("There is no game in progress to export.")
            return Outgoing(export_name(g, self.clock(), self.tz_minutes), g.to_json())
        text = self.history.save_text(target)
        summary = self.history.get(target)
        if text is None or summary is None:
            return _("Only the summary of this game is kept: it cannot be exported.")
        try:
            g = Game.from_json(text)
        except MalformedInput:
            return _("This game's record on this device is damaged: it cannot be exported.")
        return Outgoing(export_name(g, summary["at"], self.tz_minutes), g.to_json())

    def send(self, target: str, share: bool) -> bool:
        """Put the file of `target` in the outbox for the controller (False: a message says
        why not)."""
        out = self.outgoing(target)
        if isinstance(out, str):
            self.app.say(out)
            return False
        out.share = share and self.can_share
        self.outbox = out
        return True

    def take_outbox(self) -> Outgoing | None:
        """The file to download or share now (the controller calls this after each tap)."""
        out, self.outbox = self.outbox, None
        return out

    # ------------------------------------------------------------------ files in
    def receive(self, name: str, size: int, text: str) -> None:
        """A file the player chose: checked completely; shown for confirmation, or refused
        with its message. Nothing is stored here."""
        result = check_import(name, size, text)
        self.app.note(f"import of {name[:60]!r}: " + (
            result.reason if isinstance(result, Rejected) else "valid"))
        if isinstance(result, Rejected):
            self.import_error = result.message
            self.incoming = None
            return
        self.import_error = None
        self.incoming = result
        self.confirm_replace = False
        self.app.go("import")

    def already_kept(self, game: Game) -> bool:
        """Is this game in the history already?"""
        return self.history.get(game_id(game)) is not None

    def keep_incoming(self) -> None:
        """Keep the imported finished game in the history."""
        inc = self.incoming
        if inc is None or not inc.finished:
            return
        added = self.history.add(inc.game, self.clock(), imported=True)
        self.notes = added.notes
        if added.kept:
            self.app.tell(_("The game was added to your history."))
        elif not added.notes:
            self.app.tell(_("This game is already in your history."))
        self.incoming = None
        self.app.go("history")

    def continue_incoming(self, confirmed: bool) -> None:
        """Make the imported unfinished game the game in progress (asking first when it
        would replace one)."""
        inc = self.incoming
        app = self.app
        if inc is None or inc.finished:
            return
        if self.unfinished() is not None and not confirmed:
            self.confirm_replace = True
            return
        if app.broken is not None and app.session.raw_save() is not None:
            app.session.move_aside(app.broken[1])
        app.drop_broken()
        self.incoming = None
        self.confirm_replace = False
        app.forget_return()
        app.begin(inc.game)

    # ------------------------------------------------------------------ replay
    def open_replay(self, game_id: str) -> None:
        """Watch a kept game from its start."""
        text = self.history.save_text(game_id)
        if text is None:
            self.app.say(_("Only the summary of this game is kept: it cannot be replayed."))
            return
        try:
            self.replay = Replay(*read_save(text), title=self.title(self.history.get(game_id)))
        except ValueError:
            self.app.say(_("This game's record on this device is damaged: it cannot be replayed."))
            return
        self.replay_back = "history"
        self.app.go("replay")

    def replay_incoming(self) -> None:
        """Watch the imported game before keeping it."""
        if self.incoming is not None and self.incoming.finished:
            self.replay = Replay.of(self.incoming.game, title=self.incoming.file_name)
            self.replay_back = "import"
            self.app.go("replay")

    def title(self, summary: Summary | None) -> str:
        if summary is None:
            return ""
        return _("{names}, {when}").format(names=and_list([s["name"] for s in summary["seats"]]),
                                           when=self.when(summary["at"]))

    def when(self, at_ms: int) -> str:
        """'12 Mar 2025, 14:05' in the device's time, in the player's language."""
        return date_time(at_ms, self.tz_minutes)

    # ------------------------------------------------------------------ windows
    def sync(self) -> bool:
        """Did another window write or remove the save? Screens that do not show the game
        just forget the stale copy (it is read again when needed); a window that shows the
        game stops and offers "Continue here" (`session.conflict`). True when this changed
        something to show."""
        app, s = self.app, self.app.session
        if s.conflict or not s.changed_elsewhere():
            return False
        if app.screen in CONTINUE_SCREENS and (app.game is not None or app.broken is not None):
            s.conflict = True
        else:
            app.forget_game()
            s.known = s.raw_save()
        return True

    def continue_here(self) -> None:
        """Take the game over in this window: the latest save, loaded again."""
        app = self.app
        app.session.conflict = False
        self.redo.clear()
        app.forget_return()
        app.load()

    def storage_changed(self, key: str | None) -> bool:
        """Another window changed `key` (None: everything): read again what it affects."""
        if key is None or key.startswith("small-islands/history"):
            self.history.reload()
        others = [index for _plugin, index in self.others.values() if key is None or key.startswith(index.key)]
        for index in others:
            index.reload()
        return self.sync() or key is None or key.startswith("small-islands/history") or bool(others)

    def reload_others(self) -> None:
        """Read the other games' kept games again (one may have kept a game since)."""
        for _plugin, index in self.others.values():
            index.reload()

    def other(self, ref: str) -> tuple[GamePlugin, KeptGames, str] | None:
        """The game, its index and the game id of ``<game name>/<id>`` (None for the home
        game's own ids, which have no slash)."""
        name, slash, gid = ref.partition("/")
        if not slash or name not in self.others:
            return None
        plugin, index = self.others[name]
        return plugin, index, gid

    def state(self) -> dict[str, Any]:
        """What the browser tests and the console may read (no secrets)."""
        return {"games": len(self.history.games), "pruned": self.history.pruned_count()}
