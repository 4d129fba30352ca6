"""Ember Isle's picture of the screen a returning visit paints before Python is ready (the
shell keeps it: `game_shell.first_paint`; `picture` is Ember Isle's painter). Public by
construction: the screen a reload would show first (`reload_screen`), as anyone at the table
may see it:

* a game in progress: the island (terrain, lava, objects, rovers, amulets, the cubes left on
  the map), the clue columns, every seat's public counts (roses, amulets, how many treasure
  cards) and whose turn it is, rendered from the engine's ``Game.public_view()`` alone: never
  a seat's view, so no clue card in a hand, no treasure value, no inspected card, no legal
  target or choice can be in it;
* the pass-the-device screen, where a reload shows it;
* the end screen, where this tab showed it (everything is shown at the end);
* the start screen (the saved game's line and the new-game form as stored: no secret).

While another window has taken the game over (this one's copy is stale) there is no picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ember_isle.view import View
from game_shell.i18n import _, number
from game_shell.markup import escape

from . import form as form_mod
from . import handoff, screens, words
from .board import board_svg
from .session import SUMMARY

if TYPE_CHECKING:
    from ember_isle import Game

    from .session import Session


class Shown(Protocol):
    """What the picture reads of the app (`EmberApp`): what a reload would show."""

    @property
    def game(self) -> Game | None: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def unlocked(self) -> bool: ...
    @property
    def broken(self) -> str | None: ...
    @property
    def session(self) -> Session: ...
    def humans(self) -> list[int]: ...


def reload_screen(app: Shown) -> str | None:
    """What a reload shows first (as `app.reopen` and `EmberApp.next_screen` decide it):
    "start", "pass", "board" (a game's screen, whoever's turn) or "over"; None while another
    window has the game."""
    g = app.game
    if app.session.guard.conflict:
        return None
    if g is None:
        return "start"
    if g.phase == "over":
        return "over" if app.session.shown() == "over" else "start"
    hand_over = handoff.device(g, app.humans(), app.viewer, app.unlocked)[2]
    return "pass" if hand_over else "board"


def picture(app: Shown) -> tuple[str, str] | None:
    """(kind, markup) of the screen a reload shows first, public; None when there is none."""
    kind = reload_screen(app)
    g = app.game
    if kind == "start":
        form = form_mod.valid(app.session.settings())  # as a reload reads it
        summary = app.session.storage.get(SUMMARY) if g is not None else None
        return kind, screens.start(form, summary, None, app.broken)
    if kind is None or g is None:
        return None
    if kind == "pass":
        seat = g.seats[g.to_move if g.to_move is not None else 0]
        return kind, screens.pass_screen(seat.name, seat.colour, words.pass_why(g.phase, g.stage))
    if kind == "over":
        return kind, screens.over(g.public_view())
    return kind, board_screen(g.public_view())


def board_screen(pv: View) -> str:
    """The game screen's frame with the public island, the clue columns and the seats' strip,
    and whose turn it is (no hand, no action, no target: nothing to tap)."""
    to_move = pv["to_move"]
    seat = pv["seats"][to_move] if to_move is not None else None
    if seat is None:
        who = "Ember Isle"
    elif seat["bot"]:
        who = _("{name}'s turn (computer)").format(name=seat["name"])
    else:
        who = _("{name}'s turn").format(name=seat["name"])
    d = pv["decks"]
    decks = _("Turn\u00a0{n}\u00a0· decks: treasure\u00a0{treasure}, clue\u00a0{clues}").format(
        n=number(max(pv["turn"], 1)), treasure=number(d["treasure"]), clues=number(d["clues"]))
    named = escape(_("The table"))
    return (
        f'<div class="game ei-game first-paint" data-screen="first-paint" '
        f'data-stage="{escape(pv["stage"])}">'
        '<div class="bar-wrap"><header class="bar ei-bar"><div class="who"><span class="who-text">'
        f'<b>{escape(who)}</b><span class="small">{escape(decks)}</span></span></div></header></div>'
        f'<div class="board-wrap ei-map">{board_svg(pv, svg_id="")}</div>'
        f'<aside class="panel" aria-label="{named}">'
        f'{screens.columns_box(pv, tappable=False)}{screens.seats_strip(pv)}</aside>'
        '<div class="actions"></div></div>'
    )
