"""The app's computer seats and suggestions: what to ask, and playing the validated answer.

`App.auto` is one of these. The controller asks `request` what the seat to move needs (an
Alexis step, or a bot decision from the worker), then hands the answer to `apply` (or, when
the worker failed, calls `fallback`). Every request carries a token naming the position it was
made for; an answer for another position is dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game_shell.i18n import _
from small_islands import Action, AlexisStep, Game

from . import computers
from .choices import Choices, Hint
from .stages import GameStage

if TYPE_CHECKING:
    from .session import Session
    from .stages import Stage


class Seats(Protocol):
    """What the computer seats and suggestions read and do of the app (`App`)."""

    @property
    def game(self) -> Game | None: ...
    @property
    def serial(self) -> int: ...
    @property
    def screen(self) -> str: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def session(self) -> Session: ...
    @property
    def hint_wanted(self) -> bool: ...
    @property
    def choices(self) -> Choices: ...
    def is_auto(self, seat: int) -> bool: ...
    def stage(self) -> Stage: ...
    def log(self, *notes: str) -> None: ...
    def log_auto(self, entries: list[dict[str, Any]]) -> None: ...
    def want_hint(self, wanted: bool = True) -> None: ...
    def say(self, message: str | None) -> None: ...
    def save_game(self) -> None: ...
    def to_device_screen(self, force_pass: bool = False) -> None: ...
    def persist_ui(self) -> None: ...


class Autopilot:
    """Computer seats and suggestions of one App."""

    def __init__(self, app: Seats) -> None:
        self.app = app

    def token(self) -> str:
        """Names the position a computer request was made for: which game object this App
        holds (a serial bumped on every assignment: an undo, a reload or a new game never
        matches an old token) and its action count."""
        g = self.app.game
        return "" if g is None else f"{self.app.serial}:{len(g.actions)}"

    def _auto_seat(self, token: str | None) -> int | None:
        """The computer seat to move, if the watch screen still waits for it at `token`."""
        g = self.app.game
        if g is None or self.app.screen != "watch" or g.to_move is None or not self.app.is_auto(g.to_move):
            return None
        if self.app.session.conflict:  # another window saved the game since: it plays there
            return None
        return g.to_move if token is None or token == self.token() else None

    def request(self) -> dict[str, Any] | None:
        """What the controller must do for the computer seat to move, or None.

        ``{"kind": "alexis"}``: call `alexis_step`. ``{"kind": "bot", ...}``: ask a bot
        (``request`` is the JSON text for the worker) and give the answer to `apply`."""
        seat = self._auto_seat(None)
        if seat is None or self.app.game is None:
            return None
        if self.app.game.seats[seat].alexis:
            return {"kind": "alexis", "token": self.token()}
        return {**computers.bot_request(self.app.game, seat), "token": self.token()}

    def _play(self, action: Action) -> None:
        g = self.app.game
        assert g is not None and g.to_move is not None
        start = len(g.log)
        g.play(action, seat=g.to_move)
        new = g.log[start:]
        self.app.log_auto(new)
        self.app.save_game()
        self.app.to_device_screen()

    def alexis_step(self, token: str | None = None) -> bool:
        """Play Alexis's next step (False when it is not his step any more)."""
        seat = self._auto_seat(token)
        if seat is None or self.app.game is None or not self.app.game.seats[seat].alexis:
            return False
        self._play(AlexisStep())
        return True

    def apply(self, answer: str, token: str) -> bool:
        """Play a bot's answer if it is still wanted and legal (else Medium plays, noted)."""
        seat = self._auto_seat(token)
        if seat is None or self.app.game is None or not self.app.game.seats[seat].bot:
            return False
        action = computers.parse_move(answer, self.app.game)
        if isinstance(action, str):
            self.app.log(action)
            return self.fallback(token)
        self._play(action)
        return True

    def fallback(self, token: str) -> bool:
        """The bot to move decides here (the worker is unavailable)."""
        seat = self._auto_seat(token)
        if seat is None or self.app.game is None or not self.app.game.seats[seat].bot:
            return False
        self._play(computers.fallback_move(self.app.game, seat))
        return True

    def worker_failed(self, reason: str) -> None:
        """Say in the log that computer players now think on the main thread."""
        self.app.log(_("The computer players' background helper stopped working: they now "
                       "play at Medium level, more slowly."))

    # ------------------------------------------------------------------ hints
    def hint_request(self) -> dict[str, Any] | None:
        """The suggestion the human to move asked for (JSON for the worker), or None."""
        g = self.app.game
        if not self.app.hint_wanted or g is None or self.app.screen != "game" or self.app.viewer is None:
            return None
        return {"token": self.token(), "request": computers.suggest_request(g, self.app.viewer)}

    def hint_locally(self, token: str) -> bool:
        """Compute the suggestion here (when the worker is unavailable)."""
        g = self.app.game
        if g is None or token != self.token() or self.app.viewer is None:
            return False
        return self.apply_hint(computers.local_hint(g, self.app.viewer), token)

    def apply_hint(self, answer: str, token: str) -> bool:
        """Show a suggestion (validated against the legal actions) as a highlight + reason."""
        g = self.app.game
        if g is None or token != self.token() or not self.app.hint_wanted:
            return False
        self.app.want_hint(False)
        parsed = computers.parse_hint(answer, g)
        stage = self.app.stage()
        if parsed is None or not isinstance(stage, GameStage):
            self.app.say(_("No suggestion could be made."))
            return False
        action, reason, why = parsed
        self.app.choices.hint = Hint(action.to_json(), reason, why)
        stage.preselect(self.app.choices, action)
        self.app.persist_ui()
        return True

