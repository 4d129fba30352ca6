"""The engine's two kinds of error, both `ValueError`s, shared by every game
(`game_kit.errors`):

* `IllegalAction`: well-formed input that the rules do not allow now. It carries a stable
  `code` (tests, the UI and bots rely on it) and a message naming the input; the game state
  is left unchanged.
* `MalformedInput`: input that is not even well-formed (an unknown clue id, bad JSON, an
  unknown save format, an action list that does not replay).
"""

from __future__ import annotations

from game_kit.errors import IllegalAction, MalformedInput, short

__all__ = ["IllegalAction", "MalformedInput", "short"]
