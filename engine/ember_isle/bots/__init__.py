"""Computer players for Ember Isle: Easy (greedy), Medium (reasoning), Hard (Medium plus
simulated claims and amulet use, `strong`), view-only.

A bot sees only its seat's view (``game.view(seat)``) and that seat's legal actions; it
never reads the game's hidden state, so two games that differ only in what the seat cannot
see get the same decision (tests/ember/test_ember_bots.py checks it).

>>> from ember_isle import Game, Options
>>> g = Game.new(Options(seats=("Ann", "Bob"), seed=3, bots={0: "medium", 1: "easy"}))
>>> while g.phase != "over":
...     g.play(bot_move(g, g.to_move))
>>> g.phase
'over'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action
from ..game import Game
from ..view import View
from .model import Model
from .policy import POLICIES as _BASE
from .strong import hard

POLICIES = {**_BASE, "hard": hard}
LEVELS = ("easy", "medium", "hard")


def choose_action(
    view: View,
    legal: Sequence[Action],
    level: str = "medium",
    rng: random.Random | int | None = None,
) -> Action:
    """The bot's decision for the seat of `view`, one of `legal` (seeded by `rng`)."""
    if level not in POLICIES:
        raise ValueError(f"bot level must be one of {LEVELS}, got {level!r}")
    if not legal:
        raise ValueError("no legal action to choose from")
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    if len(legal) == 1:
        return legal[0]
    choice = POLICIES[level](view, legal, rng)
    return choice if choice in legal else legal[0]


def bot_move(
    game: Game, seat: int, level: str | None = None, rng: random.Random | int | None = None
) -> Action:
    """The decision of the bot at `seat`: it gets nothing but ``game.view(seat)`` and the
    legal actions (level from the game options unless given)."""
    if game.to_move != seat:
        raise ValueError(f"seat {seat} is not to move")
    level = level or game.seats[seat].bot or "medium"
    if rng is None:
        rng = random.Random(hash((game.options.seed, len(game.actions), seat)))
    return choose_action(game.view(seat), game.legal_actions(), level, rng)


__all__ = ["LEVELS", "Model", "bot_move", "choose_action"]
