"""The engine's two kinds of error, both `ValueError`s.

* `IllegalAction`: well-formed input that the rules do not allow now. It carries a stable
  `code` (tests, the UI and bots rely on it) and a message naming the input; the game state
  is left unchanged.
* `MalformedInput`: input that is not even well-formed (an unknown clue id, bad JSON, an
  unknown save format, an action list that does not replay).
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid here; the game state is left unchanged."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


class MalformedInput(ValueError):
    """Input that cannot be understood at all (bad notation, bad JSON, unknown format)."""
