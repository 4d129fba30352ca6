"""`EmberApp`, the facade of Ember Isle in the app: the game, which screen shows, the device
seat (`viewer`) and its choices; routes each tap (`handle(act, data, fields)`) and renders
(`render()`). Computer seats and hints are requests for the bot worker (`autopilot`).

>>> from game_shell.storage import MemoryStorage
>>> app = EmberApp(MemoryStorage())
>>> app.screen
'start'
"""

from __future__ import annotations

from ember_isle import Action, Game, IllegalAction, MalformedInput, SeedColumn
from ember_isle.view import View
from game_shell import table, your_games
from game_shell.celebrate import winner_words
from game_shell.i18n import _
from game_shell.last_moves import Showing
from game_shell.storage import Storage
from game_shell.widgets import elsewhere_screen, leave_dialog, names_cleaned, toasts

from . import deduction, handoff, marks, rules, screens, steps, words
from . import form as form_mod
from .autopilot import Autopilot
from .coach import Guide
from .exchange import Exchange
from .mapview import MapView
from .prefs import Prefs
from .session import SUMMARY, Session
from .steps import Sel

Data = dict[str, str]


class EmberState:
    """Ember Isle's screen state, changed only by the methods of this class and `EmberApp`
    (tests/test_structure.py): no other module writes these fields."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.viewer: int | None = None
        self.unlocked = False
        self.screen = "start"
        self.rules_from = "start"
        self.sel = Sel()
        self.message: str | None = None
        self.form_error: str | None = None
        self.confirm_new = False
        self.broken: str | None = None
        self.leave = False  # back to the home game (the browser module acts on it)
        self.leave_to: str | None = None  # the home game's screen to show then (None: its start)
        self.from_game = False  # the menu was opened over the game (Back returns to it)
        self.leave_asked = False  # Back in a game: "Leave the game?" is showing
        self.ignored: list[str] = []
        self.seen_log = 0
        self.sheet: str | None = None  # the table's open sheet (phones: `game_shell.table`)
        self.shade: str | None = None  # a treasure's possible spaces shown on the map, or "all"
        self.last_moves = Showing()  # the others' moves marked: their motion, the line shown
        self.map = MapView()  # the map's size on screen and the player's pan/zoom

    def go(self, screen: str) -> None:
        """Show another screen."""
        self.screen = screen

    def say(self, message: str | None) -> None:
        """Tell the player why a tap did nothing, or what went wrong (None: nothing to say)."""
        self.message = message

    def left(self) -> None:
        """The browser module handed the page back to the home game."""
        self.leave, self.leave_to = False, None

    def on_stay(self, data: Data, fields: dict[str, str]) -> None:
        """"Stay in the game" (the question Back asked)."""
        self.leave_asked = False

    def on_sheet(self, data: Data, fields: dict[str, str]) -> None:
        """A pill or a sheet's Close: open that sheet, or close it when it is open."""
        self.sheet = table.toggled(self.sheet, str(data.get("sheet") or ""))

    def on_shade(self, data: Data, fields: dict[str, str]) -> None:
        """A treasure's chip (or its column) tapped: the map shows where it may be, or stops
        (tapped again); the sheet it was tapped in closes, so the map shows it."""
        col = str(data.get("col") or "")
        if col in deduction.SHADES:
            self.shade = None if self.shade == col else col
            self.sheet = None

    def on_show_move(self, data: Data, fields: dict[str, str]) -> None:
        """A "Since your turn" line tapped: the map frames its move, its mark ringed (the
        sheet it was tapped in closes, so the map shows it)."""
        if self.game is not None and self.screen == "game":
            v = self.game.public_view()  # the recap is public: the log, the board, the seats
            v["seat"] = self.viewer if self.viewer is not None else 0
            marks.show(v, self.game.options.seed, data, self.last_moves, self.map)
            self.sheet = None


class EmberApp(EmberState):
    """Everything Ember Isle shows and does, without the browser."""

    def __init__(self, storage: Storage) -> None:
        super().__init__()
        self.session = Session(storage)
        self.form = form_mod.valid(self.session.settings())
        self.auto = Autopilot(self)
        self.files = Exchange(self)  # export and import (files)
        self.prefs = Prefs(storage)  # the device's settings (the shell's Settings screen)
        self.guide = Guide(storage)  # the first-game coach (its taps), the rules' section
        self.load()

    def load(self) -> None:
        """Read the saved game (at the start, and again for "Continue here")."""
        self.game, self.broken = None, None
        loaded = self.session.load()
        if isinstance(loaded, str):
            self.broken = loaded
        elif loaded is not None:
            self.game, self.viewer, self.unlocked = loaded.game, loaded.viewer, loaded.unlocked
            self.seen_log = len(self.game.log)

    def sync(self) -> bool:
        """Did another window write (or remove) the save since this one read or wrote it? A
        window showing the game stops at "This game continued in another window" (a tap there
        never writes over the newer save); other screens read the save again. True when
        something to show changed."""
        guard = self.session.guard
        if guard.conflict or not guard.changed_elsewhere():
            return False
        if self.screen in ("game", "pass") and self.game is not None:
            guard.conflict = True
        else:
            self.load()
            if self.screen == "over" and (self.game is None or self.game.phase != "over"):
                self.screen = "start"
        return True

    # ------------------------------------------------------------------ state
    def humans(self) -> list[int]:
        return [] if self.game is None else [i for i, s in enumerate(self.game.seats) if not s.bot]

    def resume(self) -> None:
        """Show the saved game: its next screen (a pass screen if the device must change hands)."""
        self.session.set_active(True)
        self.next_screen()

    def next_screen(self) -> None:
        """After an action or a load: the end, a pass screen (the device changes hands only
        before a screen showing a private card: `handoff`), or the game (a computer's turn,
        a public step: no hand shown)."""
        g = self.game
        if g is None or g.phase == "over":
            self.screen = "start" if g is None else "over"
            if g is not None:
                self.session.record_finished(g)  # kept for "Your games" (once)
            return
        self.viewer, self.unlocked, hand_over = handoff.device(g, self.humans(), self.viewer, self.unlocked)
        self.screen = "pass" if hand_over else "game"

    def mine(self) -> bool:
        """Is the device seat's private information shown (its turn, or the only human)?"""
        g = self.game
        if g is None or self.viewer is None or not self.unlocked:
            return False
        return g.to_move == self.viewer or len(self.humans()) == 1

    def view(self) -> View:
        """What is on screen: the device seat's view, its public step's, or a public one."""
        assert self.game is not None
        return handoff.shown_view(self.game, self.viewer, self.mine(), self.my_turn())

    def my_turn(self) -> bool:
        """Does the device seat act now (its private step once unlocked, or a public one)?"""
        g = self.game
        if g is None or self.viewer is None or g.to_move != self.viewer or g.phase == "over":
            return False
        return self.mine() or not handoff.private_step(g, self.viewer)

    def legal(self) -> list[Action]:
        return self.game.legal_actions() if self.my_turn() and self.game is not None else []

    def save(self) -> None:
        """Save after every change (the shared save path: room made when storage is full, the
        player told when a move could not be saved); refused when another window saved since."""
        if self.game is not None:
            self.message = self.session.save(self.game, self.viewer, self.unlocked) or self.message

    # ------------------------------------------------------------------- taps
    def handle(self, act: str, data: Data, fields: dict[str, str]) -> None:
        self.message = None
        self.files.notice = self.files.import_error = None
        self.leave_asked = False  # any tap answers "Leave the game?" (Go to the menu: on_menu)
        name = "on_" + act.replace("ei-", "", 1).replace("-", "_")
        method = next((m for o in (self, self.files, self.guide) if (m := getattr(o, name, None))), None)
        if not act.startswith("ei-") or method is None:
            self.ignored.append(f"not an Ember Isle act: {act}")
            return
        self.sync()
        if self.session.guard.conflict and act not in ("ei-continue-here", "ei-leave"):
            self.ignored.append(f"{act}: the game continued in another window")
            return
        method(data, fields)

    def on_continue_here(self, data: Data, fields: dict[str, str]) -> None:
        """Take the game over in this window: the latest save, read again."""
        self.session.guard.conflict = False
        self.sel = Sel()
        self.auto.reset()
        self.load()
        if self.game is not None and self.game.phase != "over":
            self.resume()
        else:
            self.screen = "over" if self.game is not None else "start"

    def on_new(self, data: Data, fields: dict[str, str]) -> None:
        form_mod.read(self.form, fields)
        self.session.save_settings(self.form)
        try:
            opts = form_mod.to_options(self.form)
        except (MalformedInput, ValueError) as exc:
            self.form_error = words.form_problem(exc)
            return
        self.form_error = None
        if self.game is not None and self.game.phase != "over" and data.get("confirmed") != "1":
            self.confirm_new = True
            return
        game = Game.new(opts)
        self.begin(game)
        self.message = names_cleaned(self.form["names"], [s.name for s in game.seats])

    def begin(self, game: Game, seen_log: int = 0) -> None:
        """Make `game` (new, or from a file) the saved game and show it: an unreadable save
        is moved aside first (kept, never lost). `seen_log`: the log lines not to announce."""
        if self.broken is not None:
            self.session.move_aside()
            self.broken = None
        self.confirm_new = self.from_game = False
        self.game = game
        self.viewer, self.unlocked, self.sel, self.seen_log = None, False, Sel(), seen_log
        self.map.user = self.map.shown = None  # a new island: shown from its own start
        self.auto.reset()
        self.next_screen()
        self.session.set_active(True)
        self.save()

    def on_new_cancel(self, data: Data, fields: dict[str, str]) -> None:
        self.confirm_new = False

    def on_add_seat(self, data: Data, fields: dict[str, str]) -> None:
        form_mod.read(self.form, fields)
        form_mod.add_seat(self.form)

    def on_remove_seat(self, data: Data, fields: dict[str, str]) -> None:
        form_mod.read(self.form, fields)
        form_mod.remove_seat(self.form)

    def on_continue(self, data: Data, fields: dict[str, str]) -> None:
        if self.game is not None:
            self.resume()

    def on_leave(self, data: Data, fields: dict[str, str]) -> None:
        self.session.set_active(False)
        self.leave = True

    def on_history(self, data: Data, fields: dict[str, str]) -> None:
        """"Your games": the shell's screen, shown by the home game (this game's finished
        games are listed there, beside the others')."""
        self.on_leave(data, fields)
        self.leave_to = your_games.SCREEN

    def can_back(self) -> bool:
        """Has the browser's Back something to do here: close the rules, the import screen or a
        dialog, or go from the menu opened over a game back to it (as in Small Islands)?"""
        over_game = self.screen == "start" and self.from_game and self.game is not None
        wanted = self.confirm_new or self.files.wants_back() or self.screen in ("rules", "settings")
        return wanted or over_game or self.in_game()

    def in_game(self) -> bool:
        """On a game in progress (its map or the pass screen), where Back asks first."""
        return self.screen in ("game", "pass") and self.game is not None and self.game.phase != "over"

    def back(self) -> None:
        """The browser's (or Android's) Back (see `can_back`); never loses the game: in a game
        it asks "Leave the game?" (Back again, or Stay, closes the question)."""
        if self.confirm_new:
            self.confirm_new = False
        elif self.files.back():  # its dialogs, then the import screen
            pass
        elif self.leave_asked:
            self.leave_asked = False
        elif self.in_game():
            self.leave_asked = True
        elif self.screen == "rules":
            self.on_rules_back({}, {})
        elif self.screen == "settings":
            self.on_settings_back({}, {})
        elif self.can_back() and self.game is not None and self.game.phase != "over":
            self.from_game = False
            self.resume()

    def on_menu(self, data: Data, fields: dict[str, str]) -> None:
        self.from_game = self.screen in ("game", "pass")  # Back returns to the game
        self.screen, self.sel, self.confirm_new = "start", Sel(), False
        if self.game is not None and len(self.humans()) > 1:
            self.unlocked = False  # the menu hides the hand: the next player must unlock
            self.save()

    def on_rules(self, data: Data, fields: dict[str, str]) -> None:
        self.rules_from, self.screen = self.screen, "rules"
        self.guide.open_rules(data.get("section"))  # a tip's link: at its section

    def on_rules_back(self, data: Data, fields: dict[str, str]) -> None:
        self.screen = self.rules_from if self.rules_from != "rules" else "start"

    def on_settings(self, data: Data, fields: dict[str, str]) -> None:
        self.screen = self.prefs.opened(self.screen)

    def on_set(self, data: Data, fields: dict[str, str]) -> None:
        self.prefs.tap(data)

    def on_settings_back(self, data: Data, fields: dict[str, str]) -> None:
        self.screen = self.prefs.closed()

    def on_unlock(self, data: Data, fields: dict[str, str]) -> None:
        if self.game is not None and self.screen == "pass":
            self.unlocked = True
            self.screen = "game"
            self.save()

    def on_show_mine(self, data: Data, fields: dict[str, str]) -> None:  # "Show my cards"
        if self.my_turn() and not self.mine():
            self.screen = "pass"  # a public step between people: the device is handed over

    def on_card(self, data: Data, fields: dict[str, str]) -> None:
        card = data.get("card")
        if card in steps.playable_cards(self.legal()):
            self.sel = Sel(card=None if self.sel.card == card else card)

    def on_option(self, data: Data, fields: dict[str, str]) -> None:
        if self.sel.card is None:
            return
        option = (data.get("col", ""), data.get("tile") or None)
        view = self.view()
        if any((c, t) == option for c, t, _ in steps.clue_options(view, self.legal(), self.sel.card)):
            self.sel.option = option

    def on_triad(self, data: Data, fields: dict[str, str]) -> None:
        self.sel = Sel(triad=data.get("triad"))

    def on_cube(self, data: Data, fields: dict[str, str]) -> None:
        col = data.get("col")
        self.sel = Sel(cube=None if self.sel.cube == col else col)

    def on_hex(self, data: Data, fields: dict[str, str]) -> None:
        try:
            h = (int(data["q"]), int(data["r"]))
        except (KeyError, ValueError):
            return
        stage = self.game.stage if self.game is not None else ""
        current = self.shown_box()
        if current is not None and self.map.small(current) and data.get("key") != "1":
            self.map.zoom_to(self.view(), h)  # a zoomed-out map: the first tap zooms there
            return
        if self.sel.hex == h and stage != "triads":
            self.on_confirm(data, fields)  # a second tap on the chosen space confirms
            return
        if not steps.tap_hex(stage, self.legal(), self.sel, h):
            self.message = _("Choose one of the highlighted spaces.")

    def on_facing(self, data: Data, fields: dict[str, str]) -> None:
        """Which way the statue being placed faces (its buttons show once a space is chosen)."""
        f = data.get("facing", "")
        stage = self.game.stage if self.game is not None else ""
        if f.isdigit() and int(f) in steps.facings(stage, self.legal(), self.sel):
            self.sel.facing = int(f)

    def on_zoom(self, data: Data, fields: dict[str, str]) -> None:
        current = self.shown_box()
        if current is not None and data.get("how") in ("in", "out", "fit"):
            self.map.zoom(self.view(), current, data["how"])

    def shown_box(self) -> tuple[float, float, float, float] | None:
        """The part of the island the game screen shows now."""
        if self.game is None or self.screen != "game":
            return None
        from .game_screen import map_state

        return map_state(self, self.view(), self.legal())[2]

    def on_cancel(self, data: Data, fields: dict[str, str]) -> None:
        """Cancel (and Escape): an open file dialog or question closes, else the choices."""
        if not self.files.dismiss():
            self.sel = Sel()

    def on_confirm(self, data: Data, fields: dict[str, str]) -> None:
        if self.game is None:
            return
        action = steps.chosen(self.view(), self.game.stage, self.legal(), self.sel)
        if action is not None:
            self.play(action)

    def on_seed(self, data: Data, fields: dict[str, str]) -> None:
        self.play_if_legal(SeedColumn(data.get("col", "")))

    def on_power(self, data: Data, fields: dict[str, str]) -> None:
        for a in steps.powers(self.legal()):
            if a.power == data.get("power"):
                self.play(a)

    def on_do(self, data: Data, fields: dict[str, str]) -> None:
        """A step's button without a target: pass, swap, end turn, take, claim, ward..."""
        i = data.get("i", "")
        legal = self.legal()
        if i.isdigit() and int(i) < len(legal) and steps.simple_label(legal[int(i)], self.view()):
            self.play(legal[int(i)])

    def on_undo(self, data: Data, fields: dict[str, str]) -> None:
        g = self.game
        if g is None or not self.my_turn():
            return
        if not g.can_undo():
            self.message = words.refusal("cannot_undo")
            return
        self.game = g.undo()
        self.sel = Sel()
        self.seen_log = min(self.seen_log, len(self.game.log))
        self.save()

    def on_hint(self, data: Data, fields: dict[str, str]) -> None:
        if handoff.may_hint(self.game, self.my_turn(), self.mine()):
            self.auto.want_hint()
            self.sheet = "hint"

    def on_play_hint(self, data: Data, fields: dict[str, str]) -> None:
        a = self.auto.hint
        if a is not None and a in self.legal():
            self.play(a)

    def play_if_legal(self, action: Action) -> None:
        if action in self.legal():
            self.play(action)

    def play(self, action: Action) -> None:
        """Play for the device seat (the engine checks the turn), save, choose the next screen."""
        g = self.game
        if g is None:
            return
        try:
            g.play(action, seat=self.viewer)
        except IllegalAction as exc:
            self.message = words.refusal(exc.code)
            self.ignored.append(f"refused: {exc}")
            return
        self.after_play()

    def after_play(self) -> None:
        self.sel = Sel()
        self.auto.reset()
        self.next_screen()
        self.save()

    # ----------------------------------------------------------------- render
    def news(self) -> str:
        """The public log lines since the last call, for the live region (`log_news`)."""
        return log_news(self)

    def render(self) -> str:
        if self.session.guard.conflict:
            return elsewhere_screen("Ember Isle", "ei-")
        if self.screen == "rules":
            return rules.rules_page(self.guide.rules_at, self.guide.jump)
        if self.screen == "settings":
            return self.prefs.screen()
        g = self.game
        if self.screen == "import" and self.files.incoming is not None:
            return self.files.import_screen()
        if self.screen in ("start", "import") or g is None:
            return start_screen(self)
        alert = toasts(self.message, None)  # e.g. a move that storage could not keep
        if self.screen == "over":
            return screens.over(g.view(0), self.files.feedback(), g.options.seed) + self.files.open_dialog() + alert
        if self.screen == "pass":
            return pass_screen(g) + self.leave_question() + alert
        from .game_screen import game_screen

        return game_screen(self) + self.leave_question()

    def leave_question(self) -> str:
        """"Leave the game?" after Back in a game (Small Islands' dialog, Ember Isle's acts)."""
        saved = self.session.saved()
        resume = _("Continue {title}").format(title="Ember Isle")
        return leave_dialog("ei-", resume, saved) if self.leave_asked else ""


def log_news(app: EmberApp) -> str:
    """The public log lines since the last call, in words ("" on other screens)."""
    if app.game is None:
        return ""
    log = app.game.log
    fresh, app.seen_log = log[app.seen_log:], len(log)
    if not fresh or app.screen not in ("game", "over"):
        return ""
    v = {"board": app.game.board.to_json(), "seats": [{"name": s.name} for s in app.game.seats]}
    said = [t for t in (words.log_line(v, e) for e in fresh[-3:]) if t]
    scores = app.game.view(0)["scores"] if app.game.phase == "over" else None
    if scores:  # the last move: who won, said once (the end screen shows it too)
        said.append(winner_words([(r["name"], r["total"]) for r in
                                  sorted(scores, key=lambda r: r["seat"]) if r["rank"] == 1]))
    return " ".join(said)


def pass_screen(g: Game) -> str:
    """Hand the device to the seat to move (nothing secret shown until they tap)."""
    seat = g.seats[g.to_move if g.to_move is not None else 0]
    return screens.pass_screen(seat.name, seat.colour, words.pass_why(g.phase, g.stage))


def start_screen(app: EmberApp) -> str:
    """The menu: the saved game's card, the new-game form (and its question), the files."""
    summary = app.session.storage.get(SUMMARY) if app.game is not None else None
    html = screens.start(app.form, summary, app.form_error, app.broken, app.files.feedback(),
                         app.files.refusal())
    if app.confirm_new:
        html = html.replace("</h1>", "</h1>" + screens.confirm_new(), 1)
    return html + app.files.open_dialog()


def reopen(app: EmberApp) -> None:
    """Ember Isle shown again (a reload, or back from Small Islands): the game in progress;
    a finished game's end screen if this tab was showing it; else the menu."""
    if app.game is not None and app.game.phase != "over":
        app.resume()
    elif app.game is not None and app.session.shown() == "over":
        app.go("over")
    else:
        app.go("start")
