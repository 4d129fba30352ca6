"""The seat the device shows: its view, its legal targets, playing for it, and why-not.

Every action the UI plays goes through `Turn.play`, which always names the seat, so the
engine's turn check always runs: a tap can never play for another seat.
"""

from __future__ import annotations

from small_islands import Action, Game, IllegalAction, MalformedInput
from small_islands.view import LegalView, SeatView


class Turn:
    """The device seat of one game (`seat` is never None)."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        self._view: tuple[int, SeatView] | None = None

    def view(self) -> SeatView:
        """The seat's view (kept until the game changes)."""
        n = len(self.game.actions)
        if self._view is None or self._view[0] != n:
            self._view = (n, self.game.view(self.seat))
        return self._view[1]

    def legal(self) -> LegalView:
        """The view's legal targets (empty when the seat has no decision)."""
        return self.view()["legal"] or {}

    def play(self, action: Action) -> IllegalAction | None:
        """Play `action` for this seat: None when played, else the refusal (state unchanged)."""
        try:
            self.game.play(action, seat=self.seat)
        except IllegalAction as exc:
            return exc
        return None

    def why_not(self, action: Action) -> IllegalAction | None:
        """The engine's refusal of `action` (None if it would be allowed; never changes the
        game). The UI turns it into words (`words.refusal`); its message is for developers."""
        trial = self.game.clone()
        try:
            trial.play(action, seat=self.seat)
        except IllegalAction as exc:
            return exc
        except MalformedInput as exc:
            return IllegalAction("bad_field", str(exc))
        return None

    def gain_of(self, action: Action) -> int:
        """The PP the seat would gain by playing `action` (on a copy)."""
        trial = self.game.clone()
        before = trial.seats[self.seat].pp
        trial.play(action, seat=self.seat)
        return trial.seats[self.seat].pp - before


# ------------------------------------------------------------------ typed legal rows
# `LegalView` keeps some targets as JSON rows of mixed items; these read them typed.
def _int(value: int | str | None) -> int:
    assert isinstance(value, int), f"not a number: {value!r}"
    return value


def house_spots(legal: LegalView) -> list[tuple[int, int, int, str | None]]:
    """The legal house placements: (x, y, house index, reward choice or None)."""
    return [
        (_int(x), _int(y), _int(i), None if c is None else str(c))
        for x, y, i, c in legal.get("houses", [])
    ]


def resource_spots(legal: LegalView) -> list[tuple[int, int, int, str]]:
    """The legal resource token placements: (x, y, house index, resource)."""
    return [(_int(x), _int(y), _int(i), str(r)) for x, y, i, r in legal.get("resource_tokens", [])]
