"""Small Islands' picture of the screen a returning visit paints before Python is ready: public
by construction. The shell keeps it (`game_shell.first_paint`: the record, its size cap, the
timing, storage full) and asks for it through `public_screen`, Small Islands' painter: the
markup of the screen a reload would show first (see `reload_screen`), as anyone at the table
may see it:

* a game in progress or over: the map, every seat's public counters (PP, houses, bonus
  tokens) and whose turn it is, rendered from the engine's `Game.public_view()`, which reads only the game's
  public state (the map as every seat's view shows it, the seats' public counters): never a
  seat's view, so no hand, objective, Discovery value, legal target, picked tile or
  suggestion can be in it;
* the pass-the-device screen, where a reload shows it (several people at one device);
* the start screen (it holds no secret).

An unreadable save is never painted (no picture: the shell removes the record).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game_shell import cards, registry, table, widgets
from game_shell.i18n import _
from game_shell.markup import escape
from game_shell.storage import Storage
from small_islands import Game
from small_islands.view import PublicView

from . import screens, words
from .board_svg import (
    BoardHints,
    board_layers,
    content_box,
    fit_viewbox,
    glyph_defs_svg,
    view_tiles,
    viewbox_attr,
)
from .panels import level_name, phase_name, players, round_phase, status_bar
from .session import Session

if TYPE_CHECKING:
    from .form import FormValues
    from .viewport import Box

class Saved(Protocol):
    """What the start screen's summary reads of the app (`App`, a stage's `port.Table`)."""

    @property
    def session(self) -> Session: ...
    @property
    def game(self) -> Game | None: ...
    def hold(self, game: Game | None) -> None: ...


class Shown(Saved, Protocol):
    """What the first paint reads of the app (`App`): what a reload would show."""

    @property
    def broken(self) -> tuple[str, str] | None: ...
    @property
    def screen(self) -> str: ...
    @property
    def form(self) -> FormValues: ...
    @property
    def storage(self) -> Storage: ...
    @property
    def user_viewbox(self) -> Box | None: ...
    def is_auto(self, seat: int) -> bool: ...
    def human_seats(self) -> list[int]: ...


def reload_screen(app: Shown) -> str | None:
    """What a reload shows first (as `App.load` decides it): "start", "pass" or "board" (a
    game's screen, a computer's turn or the end); None for an unreadable save."""
    g = app.game
    if app.broken is not None:
        return None
    if g is None or app.screen in ("start", "rules"):
        return "start"
    if g.phase == "over" or g.to_move is None:
        return "board"
    if app.is_auto(g.to_move) or len(app.human_seats()) == 1:
        return "board"
    return "pass"


def save_summary(app: Saved) -> str | None:
    """One line about the saved game (None when there is none)."""
    if app.session.raw_save() is None:
        return None
    g = app.game
    if g is None:
        loaded = app.session.load_game()
        if not isinstance(loaded, Game):
            return _("A saved game (it may not load).")
        app.hold(g := loaded)
    names = _(", ").join(_("{name} ({level})").format(name=s.name, level=level_name(s.bot))
                         if s.bot else s.name for s in g.seats)
    if g.options.solo:
        names = _("{names} — solo, level {level}").format(names=names, level=g.options.solo_level)
    if g.phase == "over":
        return _("A finished game: {names}.").format(names=names)
    return _("{names} — round {round}, {phase}").format(
        names=names, round=g.round, phase=phase_name(g.phase).lower())


def public_screen(app: Shown) -> tuple[str, str] | None:
    """(kind, markup) of the screen a reload shows first, public; None when there is none."""
    kind = reload_screen(app)
    g = app.game
    if kind == "start":
        summary = save_summary(app)
        others = cards.cards(registry.plugins(), app.storage)
        return kind, screens.start_screen(app.form, summary is not None, summary or "", None,
                                          others=others)
    if kind is None or g is None:
        return None
    if kind == "pass":
        assert g.to_move is not None
        seat = g.seats[g.to_move]
        return kind, widgets.pass_screen(seat.name, seat.colour, words.PASS_WHY.get(g.phase, ""))
    return kind, board_screen(g.public_view(), app.user_viewbox)


def board_screen(pv: PublicView, box: tuple[float, float, float, float] | None) -> str:
    """The game screen's frame with the public map, the seats' strip and players panel, and
    whose turn it is (no action, no target: nothing to tap)."""
    board = pv["board"]
    tiles = view_tiles(board)
    if box is None:
        cells = [(t.x, t.y) for t in tiles]
        box = fit_viewbox(content_box(cells, board["width"], board["height"]))
    map_layer, _ = board_layers(board, tiles, BoardHints(hit_cells=False))
    to_move = pv["to_move"]
    seat = pv["seats"][to_move] if to_move is not None else None
    if seat is None:
        who = "Game over"
    else:
        who = "Alexis's turn" if seat["alexis"] else f"{seat['name']}'s turn"
    mark = widgets.swatch(seat["colour"]) if seat is not None else ""
    label = f"Map, {words.plural(len(tiles), '1 tile', 'tiles')}"
    return table.frame(
        "fp",
        f'data-screen="first-paint" data-phase="{pv["phase"]}" data-sheet=""',
        table.Frame(
            bar=status_bar(pv, ""),
            coach="",
            board=f'<svg class="board" viewBox="{viewbox_attr(box)}" '
            f'preserveAspectRatio="xMidYMid meet" role="img" aria-label="{escape(label)}">'
            f"<g>{map_layer}</g></svg>",
            say=table.say(f"{mark}<b>{escape(who)}</b> · {round_phase(pv)}", "", ""),
            tray="",
            pills="",
            sheets=table.sheet_box(
                "fp", table.Sheet("players", "Players", players(pv)), None, closable=False
            ),
            actions="",
        ),
        board_id="fp-map",
        tail=glyph_defs_svg(),  # the tiles' art (about 8 KB)
        cls="first-paint",
    )
