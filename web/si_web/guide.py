"""The app's guidance state, kept out of `App` (a facade): the first-game coach's record, the
rules screen opened over a game, the island picked in the objective tracker, the player or
house picked on the end screen.

The coach's record is the shell's (`game_shell.coach.Coach`, ``small-islands/coach``): whether
the guided game was offered and taken or dismissed, which game is the guided one (its seed),
the tips seen and the tip showing, whether the tips were skipped. Reading never raises
(anything unreadable is a fresh record); it is written only when it changes.

One thing at a time over the guided game: a tip comes first; the first game's "Play with
sound?" (`settings.sound_question`) waits for a decision of the device seat with no tip due,
stays on it until answered (then it leaves the decision quiet: no tip after it on the same
decision, `game_shell.coach.Coach.quiet`) or the seat moves on (then it is not asked again: the
sound button stays). A decision is how many
moves the game has had (`decision`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game_shell.coach import Coach, Record, Tip
from game_shell.i18n import language
from small_islands import Game
from small_islands.view import BoardView, SeatView

from . import coach, rules_page, tracker, words
from .board_svg import BoardHints, TileArt
from .choices import current_ship, selected_tile
from .highlight import badge, badges, cell_frame, island_outline, spot_rings
from .session import Session

if TYPE_CHECKING:
    from .choices import Choices
    from .turn import Turn

Cell = tuple[int, int]


class Seat(Protocol):
    """What the guide reads of the app (`App`, a stage's `port.Table`): the game, the device
    seat's turn and choices, the screen (and going to the rules)."""

    @property
    def game(self) -> Game | None: ...
    @property
    def choices(self) -> Choices: ...
    @property
    def screen(self) -> str: ...
    def turn(self) -> Turn: ...
    def go(self, screen: str) -> None: ...


class Asker(Seat, Protocol):
    """The app as `Guide.game_tip` reads it: also whether the first game asks about sound."""

    @property
    def sound_question(self) -> bool: ...
    def ask_sound(self, asked: bool) -> None: ...


def decision(game: Game) -> int:
    """The decision the game is at, for the coach's one-tip-per-decision: its moves so far."""
    return len(game.actions)


class Named(Protocol):
    """A stage, as the guide sees it: its name."""

    @property
    def name(self) -> str: ...


class Guide:
    """Coach, rules-over-a-game, tracker and end-screen picks (see the module's doc)."""

    def __init__(self, session: Session) -> None:
        self.coach = Coach(session.storage, coach.NAME, coach.COACH)
        self.rules_from: str | None = None  # the screen the rules screen was opened over
        self.rules_at: str | None = None  # the rules' section to bring into view ("top")
        self.rules_jump = 0  # counts those requests (the same section can be asked again)
        self.tracked: Cell | None = None  # the tracker's island outlined on the map
        self.over_pick: tuple[int, int | None] | None = None  # (seat, house line or None)
        self._over_game: int | None = None  # the seed of the game `over_pick` belongs to
        self.pending_coach = False  # "Start a guided game" waits for a confirmation
        self.sound_turn = False  # "Play with sound?" may show on this render (`game_tip`)
        self._sound_at: int | None = None  # the decision it shows on
        self._change: tuple[SeatView, tuple[Any, ...], tuple[str, str, Cell | None]] | None = None

    # ------------------------------------------------------------------ the coach
    @property
    def record(self) -> Record:
        """The coach's record (`game_shell.coach.Record`)."""
        return self.coach.record

    def offer_open(self) -> bool:
        """Is the guided game still offered on the start screen (first launch)?"""
        return self.coach.offer_open()

    def dismiss_offer(self) -> None:
        self.coach.dismiss_offer()

    def started(self, game: Game) -> None:
        """`game` is the guided game: every tip from the start."""
        self.coach.started(game.options.seed or 0)  # (a game always has its seed)
        self.pending_coach = False

    def active(self, game: Game | None) -> bool:
        """Are tips shown over this game?"""
        return self.coach.active(game.options.seed if game is not None else None)

    def got_it(self, tip_id: str | None) -> None:
        """'Got it': that tip is seen."""
        self.coach.got_it(tip_id)

    def skip(self) -> None:
        """'Skip the tips': none for the rest of this game."""
        self.coach.skip()

    def tip(self, game: Game | None, m: coach.Moment, decision: int | None = None) -> Tip | None:
        """The tip to show at moment `m` (of `decision`). A tip that was showing and whose
        moment has passed (the player did what it explained) is seen from now on."""
        return self.coach.tip(game.options.seed if game is not None else None, m, decision)

    def game_tip(self, app: Asker, stage: Named, v: SeatView) -> Tip | None:
        """The tip over the device seat's game screen; decides too whether the first game's
        sound question shows (`sound_turn`; see the module's doc for the order)."""
        game = app.game
        if not self.active(game) or game is None:
            self.sound_turn, self._sound_at = app.sound_question, None
            return None
        seed, now = game.options.seed, decision(game)
        if self._sound_at is not None and self._sound_at != now and app.sound_question:
            app.ask_sound(False)  # not answered on its decision: put away, not asked again
        if self._sound_at is not None and not app.sound_question:  # answered (or put away)
            if self._sound_at == now:
                self.coach.quiet(seed, now)
            self._sound_at = None
        if app.sound_question and self._sound_at == now:  # it stays on its decision
            self.sound_turn = True
            return None
        tip = self._game_tip(app, stage, v, now)
        self.sound_turn = app.sound_question and tip is None and self.coach.free(seed, now)
        self._sound_at = now if self.sound_turn else None
        return tip

    def _game_tip(self, app: Seat, stage: Named, v: SeatView, now: int) -> Tip | None:
        c = app.choices
        preview = c.preview is not None
        moved = any(str(e.get("text", "")).startswith("placed") for e in words.recap(v))
        m = coach.moment("game", stage.name, v, preview, moved)
        return self.tip(app.game, m, now)

    # ------------------------------------------------------------------ the rules
    def open_rules(self, app: Seat, part: str | None = None) -> None:
        """The rules over the current screen (its choices stay as they are), at section
        `part` (a tip's link) or at the top."""
        self.rules_from = app.screen
        self.rules_at = None
        self.jump_to(part)
        app.go("rules")

    def jump_to(self, part: str | None) -> None:
        """Bring section `part` of the rules into view ("top": the contents; unknown: none)."""
        if part == "top" or part in rules_page.BODIES:
            self.rules_at, self.rules_jump = part, self.rules_jump + 1

    def back_from(self, screen: str) -> str:
        """Where Back goes from `screen` (the rules return to the game they were opened over)."""
        back, self.rules_from, self.rules_at = self.rules_from, None, None
        return back if screen == "rules" and back == "game" else "start"

    # ------------------------------------------------------------------ the tracker
    def on_track(self, data: dict[str, str]) -> None:
        """A tap on an island of the tracker: outline it on the map (again: no more)."""
        cell = (int(data["x"]), int(data["y"]))
        self.tracked = None if self.tracked == cell else cell

    def tracker_part(self, app: Seat, stage: Named, v: SeatView) -> str:
        """The tracker card (exploration stages), with the previewed move's change."""
        return tracker.box(v, self._tracked(v), self.change(app, stage, v)[0])

    def _tracked(self, v: SeatView) -> Cell | None:
        t = tracker.track(v)
        if t is None or self.tracked not in {i.key for i in t.islands}:
            return None
        return self.tracked

    def change(self, app: Seat, stage: Named, v: SeatView) -> tuple[str, str, Cell | None]:
        """(words, badge text, cell) of the previewed placement's or landing's change to the
        tracker's total; empty when nothing is previewed. (Kept for the same view and
        choices: the panel and the map both ask.)"""
        c = app.choices
        key = (stage.name, c.preview, c.land_at, c.tile, c.ship, language())
        kept = self._change
        if kept is not None and kept[0] is v and kept[1] == key:
            return kept[2]
        out = self._change_of(app, stage, v)
        self._change = (v, key, out)
        return out

    def _change_of(
        self, app: Seat, stage: Named, v: SeatView
    ) -> tuple[str, str, Cell | None]:
        c = app.choices
        after: tracker.Track | None = None
        cell: Cell | None = None
        if stage.name == "place" and c.preview is not None:
            tile = selected_tile(app.turn(), c)
            if tile is not None:
                x, y, r = c.preview
                after, cell, what = tracker.track_if_placed(v, tile, x, y, r), (x, y), "place here"
        elif stage.name == "land" and c.land_at is not None:
            ship = current_ship(app.turn(), c)
            if ship is not None:
                cell = c.land_at
                after, what = tracker.track_if_landed(v, ship, cell[0], cell[1]), "land here"
        before = tracker.track(v)
        if after is None or before is None or cell is None:
            return "", "", None
        d = after.total - before.total
        sign = f"+{d}" if d > 0 else f"−{-d}" if d else "±0"
        return tracker.change_words(before, after, what), sign, cell

    def map_marks(
        self, app: Seat, stage: Named, v: SeatView, hints: BoardHints, tip: str | None
    ) -> None:
        """What the tracker and the coach (showing tip `tip`) add to the map's marks layer."""
        picked = self._tracked(v) if stage.name in ("take", "land", "place", "bonus") else None
        if picked is not None:
            t = tracker.track(v)
            isle = next((i for i in t.islands if i.key == picked), None) if t else None
            if isle is not None:
                hints.extra_marks.append(island_outline(isle.cells, "hl-island track"))
        _, text, cell = self.change(app, stage, v)
        if cell is not None and text:
            hints.extra_marks.append(badge(cell[0], cell[1], text))
        if tip == "islands":
            for island in v["board"]["islands"]:
                if island["size"] >= 2:
                    hints.extra_marks.append(
                        island_outline([(c[0], c[1]) for c in island["cells"]], "hl-island coach")
                    )
        if hints.extra_marks:
            hints.extra_marks.append(badges(v["board"]))

    # ------------------------------------------------------------------ the end screen
    def on_over(self, game: Game | None, seat: int, line: int | None) -> None:
        """A tap on a player (line None) or one of its house lines: show it on the map
        (again: no more)."""
        pick = (seat, line)
        self.over_pick = None if self.picked(game) == pick else pick
        self._over_game = game.options.seed if game is not None else None

    def picked(self, game: Game | None) -> tuple[int, int | None] | None:
        """The player or house line picked on this game's end screen."""
        same = game is not None and self._over_game == game.options.seed
        return self.over_pick if same else None

    def over_marks(
        self, game: Game, view_board: BoardView, lines: list[Any], tiles: list[TileArt]
    ) -> list[str]:
        """The final map's highlights for the picked player or house line."""
        pick = self.picked(game)
        if pick is None or not 0 <= pick[0] < len(lines):
            return []
        s = lines[pick[0]]
        if pick[1] is None:
            spots = [h.spot for h in s.houses]
            return [spot_rings(spots, tiles)] + [cell_frame(x, y) for x, y in s.ships]
        if not 0 <= pick[1] < len(s.houses):
            return []
        h = s.houses[pick[1]]
        return [island_outline(h.cells), badges(view_board), spot_rings([h.spot], tiles)]
