"""Undo and redo for the device seat, and why Undo is not available.

Undo is the engine's (`Game.undo`: within one's own turn, never past an action that revealed
something hidden). Redo is the app's: a stack of the actions undone, replayed one at a time
through the rules (`App.play`, so it is refused, and the stack dropped, if it is no longer
legal). The stack belongs to the exact position it was made for: when anything else is
played (a new move, a computer's move), the game's actions no longer match and redo is gone.
A reload at that position brings it back (kept with the seat's choices, `resume`).
"""

from __future__ import annotations

from typing import Protocol

from game_shell.i18n import _
from game_shell.markup import escape
from small_islands import Action, Game

from . import words

MAX_KEPT = 64  # a turn has far fewer actions


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

    def kept(self, game: Game | None) -> list[Action]:
        """What a reload at this position should bring back (see `resume.dump`)."""
        return list(self.stack) if self.available(game) else []

    def restore(self, raw: object, game: Game) -> None:
        """Bring back the stack a matching record kept (hostile input: anything but a short
        list of well-formed actions is dropped; each is still checked by the rules when
        redone)."""
        self.clear()
        if not isinstance(raw, list) or not 0 < len(raw) <= MAX_KEPT:
            return
        try:
            stack = [Action.from_json(a) for a in raw]
        except ValueError:
            return
        self.stack, self.base = stack, list(game.actions)


class HasRedo(Protocol):
    """What holds the redo stack (`kept.Kept`)."""

    @property
    def redo(self) -> Redo: ...


class Shown(Protocol):
    """What the Undo and Redo buttons read of the app (`App`, `game_screen`'s view of it)."""

    @property
    def game(self) -> Game | None: ...
    @property
    def kept(self) -> HasRedo: ...


class Undoing(Shown, Protocol):
    """What undo and redo read and do of the app (`App`)."""

    @property
    def viewer(self) -> int | None: ...
    def say(self, message: str | None) -> None: ...
    def hold(self, game: Game | None) -> None: ...
    def play(self, action: Action) -> bool: ...
    def save_game(self) -> None: ...
    def to_device_screen(self, force_pass: bool = False) -> None: ...


def undo(app: Undoing) -> None:
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
    app.hold(new)
    app.save_game()
    app.to_device_screen()


def redo(app: Undoing) -> None:
    """Play the last undone action again (if still legal at this position)."""
    r = app.kept.redo
    g = app.game
    if g is None or app.viewer is None or not r.available(g):
        app.say(_("There is nothing to redo."))
        return
    action = r.stack.pop()
    if app.play(action):
        r.base = list(g.actions)
    else:
        r.clear()


_ARROWS = {  # curved arrows, drawn in the button's text colour
    "undo": '<path d="M9 15 4 10l5-5M4 10h10a6 6 0 0 1 0 12h-3"/>',
    "redo": '<path d="m15 15 5-5-5-5m5 5H10a6 6 0 0 0 0 12h3"/>',
}


def _label(act: str, text: str) -> str:
    """An arrow and the word (narrow screens show the arrow only; the name stays the word)."""
    return (
        '<svg class="ico-arrow" viewBox="0 0 24 24" aria-hidden="true" focusable="false" '
        'fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" '
        f'stroke-linejoin="round">{_ARROWS[act]}</svg><span class="lbl">{text}</span>'
    )


def buttons(app: Shown) -> str:
    """Undo (it says why when it is not available) and Redo (when there is something)."""
    g = app.game
    if g is None:
        return ""
    why = g.undo_blocker()
    undo, redo = escape(_("Undo")), escape(_("Redo"))
    if why is None:
        html = (
            f'<button type="button" class="btn undo-btn" data-act="undo" aria-label="{undo}">'
            f'{_label("undo", undo)}</button>'
        )
    else:
        text = _("Undo: {why}").format(why=words.undo_blocked(why))
        html = (
            '<button type="button" class="btn undo-btn off" data-act="undo" aria-disabled="true" '
            f'aria-label="{escape(text)}">{_label("undo", undo)}</button>'
        )
    if app.kept.redo.available(g):
        html += (
            f'<button type="button" class="btn undo-btn" data-act="redo" aria-label="{redo}">'
            f'{_label("redo", redo)}</button>'
        )

    return html
