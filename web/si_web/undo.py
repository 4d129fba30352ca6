"""Undo and redo for the device seat, and why Undo is not available.

Undo is the engine's (`Game.undo`: within one's own turn, never past an action that revealed
something hidden). Redo is the app's: a stack of the actions undone, replayed one at a time
through the rules (`App.play`, so it is refused, and the stack dropped, if it is no longer
legal). The stack belongs to the exact position it was made for: when anything else is
played (a new move, a computer's move, a reload), the game's actions no longer match and
redo is gone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from small_islands import Action, Game

from . import words
from .markup import escape

if TYPE_CHECKING:
    from .app import App


class Redo:
    """The actions undone at one position, the last undone on top."""

    def __init__(self) -> None:
        self.stack: list[Action] = []
        self.base: list[Action] = []  # the game's actions when the stack was last changed

    def available(self, game: Game | None) -> bool:
        """Can the top action be redone at this game's position?"""
        return (
            game is not None
            and bool(self.stack)
            and len(game.actions) == len(self.base)
            and game.actions == self.base
        )

    def undone(self, before: Game, after: Game) -> None:
        """`before`'s last action was taken back, giving `after`."""
        if not self.available(before):
            self.stack = []
        self.stack.append(before.actions[-1])
        self.base = list(after.actions)

    def clear(self) -> None:
        self.stack, self.base = [], []


def undo(app: App) -> None:
    """Take the device seat's last action back, or say why not."""
    g = app.game
    if g is None or app.viewer is None:
        return
    why = g.undo_blocker()
    if why is not None:
        app.say(words.undo_blocked(why))
        return
    new = g.undo()
    app.kept.redo.undone(g, new)
    app.game = new
    app.save_game()
    app.to_device_screen()


def redo(app: App) -> None:
    """Play the last undone action again (if still legal at this position)."""
    r = app.kept.redo
    g = app.game
    if g is None or app.viewer is None or not r.available(g):
        app.say("There is nothing to redo.")
        return
    action = r.stack.pop()
    if app.play(action):
        r.base = list(g.actions)
    else:
        r.clear()


def buttons(app: App) -> str:
    """Undo (it says why when it is not available) and Redo (when there is something)."""
    g = app.game
    if g is None:
        return ""
    why = g.undo_blocker()
    if why is None:
        html = '<button type="button" class="btn" data-act="undo">Undo</button>'
    else:
        text = words.undo_blocked(why)
        html = (
            '<button type="button" class="btn off" data-act="undo" aria-disabled="true" '
            f'aria-label="Undo: {escape(text)}">Undo</button>'
        )
    if app.kept.redo.available(g):
        html += '<button type="button" class="btn" data-act="redo">Redo</button>'
    return html
