"""The screen reader's polite live region: each new move and score change, said once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game_shell.celebrate import winner_words
from game_shell.i18n import _
from small_islands.view import SeatView

from . import coach, words

if TYPE_CHECKING:
    from small_islands import Game

    from .guide import Guide


class Heard(Protocol):
    """What the announcer reads of the app (`App`)."""

    @property
    def game(self) -> Game | None: ...
    @property
    def serial(self) -> int: ...
    @property
    def notice(self) -> str | None: ...
    @property
    def screen(self) -> str: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def guide(self) -> Guide: ...
    def view(self) -> SeatView: ...


class Announcer:
    """Remembers what was announced (the game's serial and log length, the last notice)."""

    def __init__(self) -> None:
        self.heard: tuple[int, int] | None = None  # (serial, log length) announced so far
        self.said: str | None = None  # the notice announced last
        self.tip: str | None = None  # the first-game coach's tip announced last
        self.ended: int | None = None  # the serial of the game whose winner was announced

    def news(self, app: Heard) -> str:
        """What happened since the last call, in words, for the screen reader's polite live
        region: each new move (log entry) and the score change; "" when nothing new."""
        g = app.game
        if g is None:
            self.heard = None
            return ""
        start = len(g.log)
        if self.heard is not None and self.heard[0] == app.serial and self.heard[1] <= len(g.log):
            start = self.heard[1]
        elif self.heard is not None and self.heard[0] != app.serial and self.heard[1] < len(g.log):
            start = self.heard[1]  # an undo or a new Game object at a later position
        self.heard = (app.serial, len(g.log))
        notice = app.notice if app.notice != self.said else None
        self.said = app.notice
        showing: str | None = app.guide.record["showing"] if app.guide.active(g) else None
        tip = coach.TIP_BY_ID.get(showing) if showing and showing != self.tip else None
        self.tip = showing
        ended = g.phase == "over" and self.ended != app.serial  # who won: said once
        if g.phase == "over":
            self.ended = app.serial
        if start >= len(g.log) and not notice and tip is None and not ended:
            return ""
        v = app.view() if app.screen == "game" and app.viewer is not None else g.view(0)
        lines = [
            (f"{e['name']} " if e.get("name") else "") + words.log_words(e, v)
            for e in g.log[start:][-6:]
        ]
        if notice:
            lines.append(notice)
        if ended:
            rows = sorted((r for r in g.scores() if r["rank"] == 1), key=lambda r: r["seat"])
            lines.append(winner_words([(str(r["name"]), int(r["total"])) for r in rows]))
        if tip is not None:
            lines.append(_("Tip: {title}. {text}").format(title=_(tip.title), text=_(tip.text)))
        return ". ".join(line.rstrip(".") for line in lines) + ("." if lines else "")
