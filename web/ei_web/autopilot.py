"""Computer seats and "Suggest a move": requests for the bot worker (bot-worker.js runs
`ei_web.worker.handle` in its own Python), validated answers, and the same decision on the
main thread when the worker is not there. A token ties each answer to the position it was
asked for: an answer for an older position is dropped."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Protocol

from ember_isle import Action, MalformedInput
from ember_isle.view import View
from game_kit.errors import MalformedInput as BadJson
from game_kit.jsonio import load_json
from game_shell.i18n import _

from . import steps, worker

if TYPE_CHECKING:
    from ember_isle import Game

    from .session import Session
    from .steps import Sel


class Seats(Protocol):
    """What the computer seats and suggestions read and do of the app (`EmberApp`)."""

    @property
    def game(self) -> Game | None: ...
    @property
    def screen(self) -> str: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def session(self) -> Session: ...
    @property
    def sel(self) -> Sel: ...
    def view(self) -> View: ...
    def legal(self) -> list[Action]: ...
    def my_turn(self) -> bool: ...
    def after_play(self) -> None: ...


class Autopilot:
    def __init__(self, app: Seats) -> None:
        self.app = app
        self.serial = 0
        self.hint: Action | None = None
        self.hint_wanted = False
        self.hint_failed = False  # the suggestion asked for could not be made

    @property
    def hint_text(self) -> str | None:
        """The suggestion in words, made when shown (in the language on screen now)."""
        if self.hint_failed:
            return _("No suggestion could be made.")
        if self.hint is None:
            return None
        return _("Suggestion: {move}.").format(move=steps.describe(self.app.view(), self.hint))

    @hint_text.setter
    def hint_text(self, value: None) -> None:
        """No suggestion shown (a test lets go of one)."""
        self.hint_failed = False

    @property
    def token(self) -> str:
        return str(self.serial)

    def reset(self) -> None:
        """The position changed: answers asked for before are stale."""
        self.serial += 1
        self.hint, self.hint_wanted, self.hint_failed = None, False, False

    def bot_seat(self) -> int | None:
        g = self.app.game
        if g is None or g.phase == "over" or g.to_move is None or self.app.screen != "game":
            return None
        if self.app.session.guard.conflict:  # another window saved the game since: it plays there
            return None
        return g.to_move if g.seats[g.to_move].bot else None

    def _request(self, kind: str, seat: int, level: str) -> str:
        g = self.app.game
        assert g is not None
        return json.dumps({
            "kind": kind,
            "view": g.view(seat),
            "legal": [a.to_json() for a in g.legal_actions()],
            "level": level,
            "seed": (int(g.options.seed or 0) * 1_000_003 + len(g.actions) * 31 + seat) % 2**31,
        })

    def request(self) -> tuple[str, str] | None:
        """(token, request) for the computer seat to move, or None."""
        seat = self.bot_seat()
        if seat is None or self.app.game is None:
            return None
        level = self.app.game.seats[seat].bot or "medium"
        return self.token, self._request("bot", seat, level)

    def apply(self, result: str, token: str) -> bool:
        """Play the worker's answer if it is for this position and legal; else decide here."""
        if token != self.token or self.app.game is None:
            return False
        action = self._parse(result)
        g = self.app.game
        if action is None or action not in g.legal_actions():
            return self.local(token)
        g.play(action)
        self.app.after_play()
        return True

    def local(self, token: str) -> bool:
        """The same decision on the main thread (the worker failed or answered nonsense)."""
        req = self.request()
        if req is None or token != self.token:
            return False
        return self.apply_checked(worker.handle(req[1]))

    def apply_checked(self, result: str) -> bool:
        action = self._parse(result)
        g = self.app.game
        if action is None or g is None or action not in g.legal_actions():
            return False
        g.play(action)
        self.app.after_play()
        return True

    def _parse(self, result: str) -> Action | None:
        try:
            data: Any = load_json(result, "computer player's answer")
            return Action.from_json(data["action"])
        except (MalformedInput, BadJson, KeyError, TypeError):
            return None

    # ------------------------------------------------------------- hints
    def want_hint(self) -> None:
        self.hint_wanted = True

    def hint_request(self) -> tuple[str, str] | None:
        app = self.app
        if not (self.hint_wanted and self.hint is None and app.my_turn()) or app.viewer is None:
            return None
        return self.token, self._request("suggest", app.viewer, "medium")

    def apply_hint(self, result: str, token: str) -> None:
        if token != self.token:
            return
        action = self._parse(result)
        self.hint_wanted = False
        if action is None or action not in self.app.legal():
            self.hint_failed = True
            return
        self.hint = action
        steps.select_for(action, self.app.sel)

    def hint_locally(self, token: str) -> None:
        req = self.hint_request()
        if req is not None:
            self.apply_hint(worker.handle(req[1]), token)
