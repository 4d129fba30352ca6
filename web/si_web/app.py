"""The UI as a pure state machine: taps in, HTML out, saves through a storage object.

`App` is a thin facade. It holds the game, which screen shows, the seat the device shows
(`viewer`) and that seat's unfinished `Choices`; it routes each tap to the current stage
(`stages/`), which offers a fixed set of taps: any other is ignored with a note, never
played. Playing always names the device seat (`Turn.play`), so the engine's turn check runs.
The controller (`controller.py`) turns a click into ``app.handle(act, data, fields)`` and puts
``app.render()`` (or the changed parts of ``app.render_parts()``) on the page. Nothing here
imports the browser, so the whole flow is unit-tested in CPython.

Privacy: the game screen renders only ``game.view(viewer)``; ``viewer`` is set when the
player to move taps "show my turn" on the pass-the-device screen, and cleared whenever the
seat to move changes (and on every load).
"""

from __future__ import annotations

from typing import Any

from game_shell import table
from game_shell.i18n import _, number
from game_shell.last_moves import Showing
from game_shell.storage import MemoryStorage, Storage
from small_islands import Action, Game, IllegalAction
from small_islands.view import SeatView

from . import choices as choices_mod
from . import form, game_screen, marks, resume, undo, viewport, words
from . import settings as settings_mod
from .announce import Announcer
from .autopilot import Autopilot
from .board_svg import BoardHints, TileArt, content_box, fit_viewbox
from .choices import Choices
from .effects import Effects
from .guide import Guide
from .history import INDEX_KEY
from .kept import Kept
from .session import Session
from .settings import Settings
from .stages import SCREENS, GameStage, Screen, Stage, game_stage
from .stages import reward as reward_stage
from .stages import setup as setup_stage
from .turn import Turn

SAVE_KEY = "small-islands/save"
META_KEY = "small-islands/ui"
BROKEN_KEY = "small-islands/broken-save"
MAP_MARGIN = viewport.MAP_MARGIN
__all__ = ["App", "MemoryStorage", "Storage", "SAVE_KEY", "META_KEY", "BROKEN_KEY", "MAP_MARGIN"]


class AppState:
    """App's fields, and the small named methods that change them: the only way code outside
    this module changes them (stages, the controller, Kept, Guide, Autopilot, settings; a test,
    `tests/test_structure.py`, fails on any other write). The stages see these fields
    read-only, through `port.Table`."""

    def __init__(self, storage: Storage) -> None:
        self.session = Session(storage)
        self._game: Game | None = None
        self.serial = 0  # counts the games this App has held (see Autopilot.token)
        self._turn: Turn | None = None
        self.viewer: int | None = None
        self.holder: int | None = None  # the human seat that last held the device
        self.screen = "start"
        self.form = form.default_form()
        self.newcomer = False  # no game saved, kept or started on this device (`App.load`)
        self.form_error: str | None = None
        self.confirm_new = False
        self.message: str | None = None  # the reason of the last refused tap
        self.notice: str | None = None  # feedback such as "+5 PP"
        self.broken: tuple[str, str] | None = None  # (reason, raw text) of an unreadable save
        self.choices = Choices()
        self._pending: dict[str, Any] | None = None  # a saved choices record, for after a pass
        self.user_viewbox: viewport.Box | None = None
        self.whole_map = False  # "Fit" asked for the whole map (a phone frames its own area)
        self.map_px: tuple[float, float] | None = None  # the map's size on screen (controller)
        self.skipping = False  # "skip": computer steps without pauses until a human's turn
        self.events: list[str] = []  # app notes for the log (e.g. the bot worker failed)
        self.ignored: list[str] = []  # taps a screen did not offer (for developers)
        self.auto_note: list[dict[str, Any]] = []  # log entries of the computer steps so far
        self.auto_new = 0  # how many of them the last step added
        self.hint_wanted = False
        self.sheet: str | None = None  # the table's open sheet (phones: `game_shell.table`)
        self.leave_asked = False  # Back in a game: "Leave the game?" is showing
        self.menu_over_game = False  # the menu was opened from a game (Back returns to it)
        self.other_game: str | None = None  # another game chosen (the controller opens it)
        self.ticks: list[tuple[str, list[str]]] = []  # (name, texts) this finished game ticked
        self.announcer = Announcer()
        self.settings = Settings()  # the device's (`settings`), read by `load`
        self.sound_question = False  # the first game asks whether to play with sound
        self.fx = Effects()  # what is new since the last render (motion, sound)
        self.last_moves = Showing()  # the others' moves marked: their motion, the line shown

    @property
    def storage(self) -> Storage:
        """The storage behind the session."""
        return self.session.storage

    @property
    def record_error(self) -> str | None:
        """Why the stored achievements record is unreadable (None when it is fine)."""
        return self.session.record_error

    @property
    def game(self) -> Game | None:
        """The game on this device (None on the start screen or after a broken save)."""
        return self._game

    @game.setter
    def game(self, game: Game | None) -> None:
        self._game = game
        self.serial += 1
        self._turn = None

    # ------------------------------------------------------------------ small changes
    def hold(self, game: Game | None) -> None:
        """Hold `game` (None: no game) without changing the screen: a game read from storage
        for the start screen, the game after an undo, none after "Play again"."""
        self.game = game

    def go(self, screen: str) -> None:
        """Show the screen named `screen` (`stages.SCREENS`; `stage` decides what shows)."""
        self.screen = screen

    def say(self, message: str | None) -> None:
        """Show why a tap did nothing (None: nothing to say)."""
        self.message = message

    def tell(self, notice: str | None) -> None:
        """Show feedback such as "+5 PP" or "The file was downloaded." (None: none)."""
        self.notice = notice

    def note(self, text: str) -> None:
        """A note for developers (the controller writes them to the console); the last ten
        are kept."""
        self.ignored = [*self.ignored[-9:], text]

    def log(self, *notes: str) -> None:
        """App notes for the game log (the worker failed, storage is full)."""
        self.events.extend(notes)

    def log_auto(self, entries: list[dict[str, Any]]) -> None:
        """The log entries a computer step added (the watch screen shows the last 12)."""
        self.auto_note = (self.auto_note + entries)[-12:]
        self.auto_new = len(entries)

    def drop_broken(self) -> None:
        """The unreadable save was put aside or replaced: no broken save any more."""
        self.broken = None

    def forget_return(self) -> None:
        """Back on the menu no longer returns to a game (another one took its place)."""
        self.menu_over_game = False

    def forget_game(self) -> None:
        """Another window changed the save: forget this window's copy (read again when
        needed)."""
        self.game, self.broken = None, None
        self.menu_over_game = False

    def set_form_error(self, text: str | None) -> None:
        """Why the new-game form cannot start a game (None: it can)."""
        self.form_error = text

    def ask_confirm_new(self, asked: bool) -> None:
        """Show (or close) "Start a new game? The saved one will be lost"."""
        self.confirm_new = asked

    def want_hint(self, wanted: bool = True) -> None:
        """Ask for a suggestion (the controller gets it from the worker), or stop asking."""
        self.hint_wanted = wanted

    def toggle_sheet(self, name: str | None) -> None:
        """Open the table's sheet `name` (phones), or close it when it is open (None:
        close whichever is open)."""
        self.sheet = None if name is None else table.toggled(self.sheet, name)

    def open_sheet(self, name: str) -> None:
        """Open the table's sheet `name` (phones; a suggestion asked for opens its own)."""
        self.sheet = name

    def stay(self) -> None:
        """Close "Leave the game?": the player stays."""
        self.leave_asked = False

    def skip(self) -> None:
        """Computer steps without pauses until a human's turn."""
        self.skipping = True

    def open_game(self, name: str | None) -> None:
        """Another game was chosen (the controller opens it and calls `take_other_game`)."""
        self.other_game = name

    def take_other_game(self) -> str | None:
        """The other game chosen, once (the controller opens it)."""
        name, self.other_game = self.other_game, None
        return name

    def set_map_px(self, px: tuple[float, float]) -> None:
        """The map's size on screen (the controller measures it; ringed spots use it)."""
        self.map_px = px

    def set_viewbox(self, box: viewport.Box | None) -> None:
        """The player's pan/zoom of the map (None: the map fits its content again)."""
        self.user_viewbox = box

    def use_settings(self, settings: Settings) -> None:
        """The device's settings from now on (`settings.change` saves them)."""
        self.settings = settings

    def ask_sound(self, asked: bool) -> None:
        """Show (or stop showing) the first game's "Play with sound?"."""
        self.sound_question = asked


class App(AppState):
    """Screens, the game, the device seat and its choices; taps routed to stages."""

    def __init__(self, storage: Storage) -> None:
        super().__init__(storage)
        self.auto = Autopilot(self)
        self.kept = Kept(self)  # history, files, replay, redo, two windows (issue 15)
        self.guide = Guide(self.session)  # the coach, the rules over a game, tracker/end picks
        self.load()

    def turn(self) -> Turn:
        """The device seat's turn (only on the game screen)."""
        assert self.game is not None and self.viewer is not None
        t = self._turn
        if t is None or t.game is not self.game or t.seat != self.viewer:
            t = self._turn = Turn(self.game, self.viewer)
        return t

    def view(self) -> SeatView:
        """The device seat's view (cached until the game changes)."""
        return self.turn().view()

    def stage(self) -> Stage:
        """The stage the device shows now."""
        if self.session.conflict:  # another window saved the game since: "Continue here"
            return SCREENS["elsewhere"]
        if self.screen == "game" and self.game is not None and self.viewer is not None:
            return game_stage(self.view(), self.choices.mode)
        ok = self.game is not None and self.game.to_move is not None
        if self.screen in ("watch", "pass") and not ok or self.screen == "over" and not self.game:
            return SCREENS["start"]
        if self.screen == "broken" and self.broken is None:
            return SCREENS["start"]
        return SCREENS.get(self.screen, SCREENS["start"])

    # ------------------------------------------------------------------ storage
    def load(self) -> None:
        """Resume from storage: the pass-device screen of the seat to move, or the start."""
        meta = self.session.meta()
        self.newcomer = newcomer(self.session, meta)
        if self.newcomer and self.form == form.default_form():  # (never over the player's edits)
            self.form = form.newcomer_form()
        if isinstance(meta.get("form"), dict):
            form.restore_settings(self.form, meta["form"])
        settings_mod.load(self)
        loaded = self.session.load_game()
        if loaded is None:
            self.screen = "start"
            return
        if isinstance(loaded, tuple):
            self.game, self.broken, self.screen = None, loaded, "broken"
            return
        self.game = loaded
        if isinstance(meta.get("form"), dict):
            form.restore_seats(self.form, meta["form"])
        box = viewport.restored(meta.get("view"), loaded.options.seed, loaded.board.width)
        self.user_viewbox = box or self.user_viewbox
        self.holder = None
        self.skipping = False
        if meta.get("screen") in ("start", "rules"):
            self.screen = "start"
            return
        self.to_device_screen(force_pass=True)
        record = resume.parse(self.session.raw_choices())
        if self.screen == "game":
            self._restore_choices(record)
        elif self.screen == "pass":  # the seat's choices come back after its tap
            self._pending = record

    def _restore_choices(self, record: dict[str, Any] | None) -> None:
        """Bring back the device seat's saved choices that still hold (never raises)."""
        self._pending = None
        g = self.game
        if record is None or g is None or self.viewer is None:
            return
        try:
            if resume.matches(record, g, self.viewer):
                self.kept.redo.restore(record.get("redo"), g)
                stage = game_stage(self.view(), record["ui"].get("mode"))
                self.choices = resume.restore(record["ui"], self.turn(), stage)
        except Exception:  # hostile or stale storage: start the turn without choices
            self.choices = Choices()

    def persist_ui(self) -> None:
        """Save the device seat's choices when they changed (after every tap)."""
        if self.screen == "game" and self.game is not None and self.viewer is not None:
            self.session.save_choices(resume.dump(
                self.choices, self.game, self.viewer, self.kept.redo.kept(self.game)))

    def remember_view(self) -> None:
        """Save the map's pan/zoom (the controller calls this when a gesture ends)."""
        self.save_settings()

    def save_settings(self) -> None:
        """Write which screen is open, the new-game settings and the map's pan/zoom."""
        seed = self.game.options.seed if self.game else None
        self.session.save_meta(
            {
                "screen": "start" if self.screen in ("start", "rules") else "game",
                "form": form.saved(self.form),
                **(viewport.record(self.user_viewbox, seed) if self.game else {}),
            }
        )

    def save_game(self) -> None:
        if self.game is not None:
            self.kept.save(self.game)
        self.save_settings()

    # ------------------------------------------------------------------ screens
    def to_device_screen(self, force_pass: bool = False) -> None:
        """The screen after a change: the end, a computer's turn ("watch"), the pass screen
        (only between human seats), or the game screen of the human to move."""
        g = self.game
        assert g is not None
        self.choices = Choices()
        self._pending = None
        self.hint_wanted = False
        if g.phase == "over":
            self.viewer, self.skipping, self.screen = None, False, "over"
            self._record_achievements()
            return
        seat = g.to_move
        assert seat is not None
        if self.is_auto(seat):
            self.viewer, self.screen = None, "watch"
            return
        self.skipping = False
        if len(self.human_seats()) == 1 or (not force_pass and self.holder == seat):
            self.viewer = self.holder = seat
            self.screen = "game"
        else:
            self.viewer, self.screen = None, "pass"

    def unlock(self) -> None:
        """The player to move took the device: their turn, with their saved choices."""
        g = self.game
        if g is not None and g.to_move is not None:
            self.viewer = self.holder = g.to_move
            self.screen = "game"
            self.choices = Choices()
            self._restore_choices(self._pending)
            self.save_settings()

    def to_menu(self) -> None:
        """Back to the start screen (the game stays saved). The device's holder is kept, so
        that Continue brings their turn straight back (no pass to themselves)."""
        self.menu_over_game = self.game is not None and self.screen in ("game", "watch", "pass")
        self.persist_ui()
        self.viewer = None
        self.choices = Choices()
        self.fx.forget()
        self.leave_asked = False
        self.sheet = None
        self.screen = "start"
        self.save_settings()

    def resume(self) -> None:
        """Continue the game this App holds (from the menu): the holder's own turn comes back
        at once with its choices; anyone else gets the pass screen."""
        g = self.game
        if g is None or self.broken is not None:
            return
        self.menu_over_game = False
        self.to_device_screen()
        if self.screen == "game":
            self._restore_choices(resume.parse(self.session.raw_choices()))
        elif self.screen == "pass":
            self._pending = resume.parse(self.session.raw_choices())
        self.save_settings()

    def news(self) -> str:
        """What happened since the last call, in words, for the screen reader's polite live
        region (`announce.Announcer`); "" when nothing new."""
        return self.announcer.news(self)

    # ------------------------------------------------------------------ Back
    def can_back(self) -> bool:
        """Does the browser's Back have something to do inside the app (close, ask, return)?"""
        if self.sheet or self.leave_asked or self.confirm_new:
            return True
        if self.screen == "start":
            return self.menu_over_game and self.game is not None and self.broken is None
        return True

    def back(self) -> None:
        """The browser's (or Android's) Back: close what is open; in a game, ask before
        leaving; from the menu opened over a game, return to it. Never loses the game."""
        self.message = None
        if self.sheet:
            self.sheet = None
        elif self.leave_asked:
            self.leave_asked = False
        elif self.confirm_new:
            self.confirm_new = False
        elif self.screen in ("game", "watch", "pass"):
            self.leave_asked = True
        elif self.screen == "start":
            if self.menu_over_game and self.game is not None:
                self.resume()
        elif self.screen == "over":
            self.to_menu()
        else:
            stage = self.stage()
            act = stage.back_act(self) if isinstance(stage, Screen) else None
            if act is not None and act in stage.offers(self):
                stage.tap(self, act, {})
            else:
                self.screen = self.guide.back_from(self.screen)

    def fit_map(self) -> None:
        """Forget the player's pan/zoom: the map fits its whole content again."""
        self.user_viewbox = None
        self.whole_map = True
        self.save_settings()

    def show_move(self, line: int) -> None:
        """A recap line tapped: the map framed on its move, its mark ringed (the sheet it was
        tapped in closes, so the map shows it)."""
        v = self.view()
        cells = marks.cells_of_line(v, line)
        if not cells:
            return
        self.sheet = None
        self.last_moves.show(marks.recap_key(v, self.serial), line)
        b = v["board"]
        px = self.map_px
        aspect = px[0] / px[1] if px and px[1] > 0 else 1.0
        self.user_viewbox = fit_viewbox(content_box(cells, b["width"], b["height"]), aspect)

    def begin(self, game: Game) -> None:
        """A new game on this device: saved at once, its first screen shown."""
        self.game = game
        self.user_viewbox = None
        self.whole_map = False
        self.viewer = self.holder = None
        self.skipping = False
        self.auto_note, self.ticks = [], []
        settings_mod.ask_about_sound(self)
        self.newcomer = False  # (the form keeps its values)
        self.save_game()
        self.to_device_screen(force_pass=True)
        self.save_settings()

    # ------------------------------------------------------------------ input
    def handle(
        self, act: str, data: dict[str, str] | None = None, fields: dict[str, str] | None = None
    ) -> None:
        """Apply one tap (act + data-* values), with the form's current field values."""
        data = data or {}
        if fields:
            form.read_fields(self.form, fields)
            settings_mod.take_form_pace(self)
        self.message = None
        if act not in ("rotate", "noop"):
            self.notice = None
        self.kept.sync()  # another window may have saved the game since
        stage = self.stage()
        if act not in stage.offers(self):
            self.note(f"{act} ignored on the {stage.name} screen")
            return
        try:
            stage.tap(self, act, data)
        except (ValueError, KeyError, IndexError) as exc:  # bad data-* values: never crash
            self.message = _(words.DEFAULT_REFUSAL)
            self.note(f"{act} failed: {exc!r}")
        self.persist_ui()

    def play(self, action: Action) -> bool:
        """Play for the device seat; when refused keep the state and show the reason."""
        turn = self.turn()
        g, seat = turn.game, turn.seat
        before = g.seats[seat].pp
        refused = turn.play(action)
        if refused is not None:
            self.refuse(refused)
            return False
        if g.seats[seat].pp - before:
            self.notice = _("+{n} PP for {name}").format(n=number(g.seats[seat].pp - before),
                                                         name=g.seats[seat].name)
        self.auto_note, self.auto_new = [], 0
        self.save_game()
        self.to_device_screen()
        return True

    def why_not(self, action: Action) -> None:
        """Say in words why `action` is not possible (never changes the game)."""
        self.refuse(self.turn().why_not(action))

    def refuse(self, exc: IllegalAction | None) -> None:
        """Show what to do instead of a refused action; the engine's own message goes to
        the developers' notes (the console), never to the player."""
        self.message = words.refusal(exc, self.view())
        if exc is not None:
            self.note(f"refused ({exc.code}): {exc.message}")

    def undo(self) -> None:
        """Take the last action back (same turn, nothing hidden revealed since), or say why
        not."""
        undo.undo(self)

    def redo(self) -> None:
        """Play the last undone action again (if still legal at this position)."""
        undo.redo(self)

    def change_setting(self, key: str, value: str, game: str | None = None) -> bool:
        """Set one of the device's settings (`game`: one of that game's own), save it, apply
        it (False: refused)."""
        return settings_mod.change(self, key, value, game)

    def reread_settings(self) -> None:
        """Read the device's settings again (another game's page may have changed them)."""
        settings_mod.reread(self)

    # test- and controller-facing helpers of the current decision
    def selected_tile(self) -> str | None:
        """The hand tile being placed."""
        return choices_mod.selected_tile(self.turn(), self.choices)

    def layout_problem(self) -> str | None:
        """Why the draft starting layout is not legal (None when it is)."""
        return setup_stage.problem(self.turn(), self.choices)

    def house_gains(self) -> list[tuple[str | None, int]]:
        """(choice, PP) for each way to build on the picked house location."""
        return reward_stage.house_gains(self.turn(), self.choices)

    # ------------------------------------------------------------------ output
    def render(self) -> str:
        """The whole #app content for the current screen."""
        return self.stage().render(self)

    def render_parts(self) -> dict[str, str] | None:
        """On the game screen: its parts by container id, so the controller can replace
        only those that changed (same HTML as `render`); None on other screens."""
        stage = self.stage()
        return game_screen.parts(self, stage) if isinstance(stage, GameStage) else None

    def game_screen(self) -> str:
        """The whole game screen (the same parts as `render_parts`)."""
        parts = self.render_parts()
        assert parts is not None
        return game_screen.html(parts)

    def map_box(self, v: SeatView, tiles: list[TileArt], hints: BoardHints) -> viewport.Box:
        """The player's pan/zoom, else a fit of the map and its targets (on a phone, a
        readable frame of the seat's own area until "Fit" asks for the whole map)."""
        if self.user_viewbox is not None:
            return self.user_viewbox
        fit = viewport.fitted(v, tiles, hints)
        return fit if self.whole_map else viewport.readable(v, fit, hints, self.map_px)

    def map_framed(self, box: viewport.Box, v: SeatView, tiles: list[TileArt],
                   hints: BoardHints) -> bool:
        """Is `box` not the map's own fit (panned, or framed on a phone): "Fit" shows."""
        return self.user_viewbox is not None or box != viewport.fitted(v, tiles, hints)

    # ------------------------------------------------------------ computer seats
    def is_auto(self, seat: int) -> bool:
        """Is this seat played by the app (a computer player, or solo's Alexis)?"""
        assert self.game is not None
        s = self.game.seats[seat]
        return bool(s.bot) or s.alexis

    def human_seats(self) -> list[int]:
        """The seats people play."""
        assert self.game is not None
        return [i for i in range(len(self.game.seats)) if not self.is_auto(i)]

    def has_bots(self) -> bool:
        """Does the current game have a computer-player seat (the worker is worth starting)?"""
        return self.game is not None and any(s.bot for s in self.game.seats)

    def pace_ms(self) -> int:
        """Pause before the next computer step (0 while skipping)."""
        return 0 if self.skipping else form.SPEEDS.get(self.settings.pace, 900)

    # ------------------------------------------------------------ achievements
    def _record_achievements(self) -> None:
        """Count this finished game's ticks for its human winners, once, on this device."""
        g = self.game
        assert g is not None
        self.ticks, note = self.session.record_finished(g, self.human_seats())
        if note:
            self.events.append(note)
        self.kept.finished(g)


def first_screen() -> str:
    """The start screen on a device that kept nothing (the build prerenders it into
    index.html: `game_shell.registry.GamePlugin.first_screen`)."""
    return App(MemoryStorage()).render()


def newcomer(session: Session, meta: dict[str, Any]) -> bool:
    """No game on this device yet: none saved or kept (finished games are kept in the history),
    and no new-game form kept from an earlier visit. A newcomer's form is one player against a
    computer (`form.newcomer_form`) and their first game's starting tiles are dealt."""
    return (session.raw_save() is None and session.storage.get(INDEX_KEY) is None
            and "form" not in meta and session.storage.get(session.broken_key) is None)
