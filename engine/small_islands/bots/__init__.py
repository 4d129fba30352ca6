"""Computer players: Easy, Medium, Hard and Expert.

A bot sees only its seat's view (``game.view(seat)``) and that seat's legal actions, which
are public to it. It rebuilds a full game consistent with the view (`determinize`): the
hidden parts are drawn at random, so a decision never depends on the true hidden state.

* Easy: random among the better half of Medium's options; never spends a bonus token for
  nothing; lands now and then.
* Medium: greedy over one turn -- progress toward its own objectives on the map, ship and
  port value around its own ship, the cost of spending houses and tokens.
* Hard: samples hidden worlds from its view. Tiles and tokens: Medium's values minus
  what the move is expected to give the opponents (their objectives guessed from the
  worlds, each guess weighted by how well it explains their placements this round), and
  for a take, their best gain from the display tiles it leaves.
  Landing, houses and objectives: plays each candidate out to the end of the round in
  the sampled worlds (a fast Medium-like policy for every seat) and departs
  from Medium's choice only when the paired score margins clearly favour another move;
  within a time budget.
* Expert (`expert.py`): Hard's evaluation proposes a few lines of play at every decision
  that matters (take or land, houses, objectives, the starting layout); each is played to
  the end of the round in worlds drawn from the view and weighted by the opponents'
  placements, and Expert departs from Hard's choice when the paired margins clearly favour
  another line. Its effort is fixed by counts (`expert.EFFORT`), not by a clock.
* Master (`learned.py`, the hidden level ``learned-i2-16``): Hard's search whose round-end
  playouts are valued by a learned model of the seat's view (issue 31), 16 worlds a searched
  decision, no clock. Its code and model ship apart from the engine (the browser fetches
  them when a Master first plays) and are imported only then.

>>> from small_islands import Game, Options
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
from ..view import SeatView
from .expert import EFFORT, expert, scaled
from .hint import english, suggest, suggest_why
from .policy import POLICIES
from .search import hard
from .world import board_from_view, determinize

LEVELS = ("easy", "medium", "hard", "expert", "master")
MASTER = "learned-i2-16"  # the hidden level (`learned.LEVELS`) that Master plays
DEFAULT_BUDGET_S = 0.25


def choose_action(
    view: SeatView,
    legal: Sequence[Action],
    level: str = "medium",
    rng: random.Random | int | None = None,
    budget_s: float = DEFAULT_BUDGET_S,
    max_worlds: int | None = None,
) -> Action:
    """The bot's decision for the seat of `view`, one of `legal`.

    `rng` (or a seed) drives every random draw; Hard stops after `budget_s` seconds or
    `max_worlds` sampled worlds, whichever comes first (a fixed `max_worlds` and a large
    budget make it reproducible). Expert ignores the clock; `max_worlds` caps its playout
    worlds (tests use small counts; the app uses the level's own).
    """
    if level not in LEVELS:
        raise ValueError(f"bot level must be one of {LEVELS}, got {level!r}")
    if not legal:
        raise ValueError("no legal action to choose from")
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    if len(legal) == 1:
        return legal[0]
    if level == "hard":
        return hard(view, legal, rng, budget_s, max_worlds)
    if level == "expert":
        effort = EFFORT if max_worlds is None else scaled(EFFORT, max_worlds)
        return expert(view, legal, rng, effort)
    if level == "master":
        from . import learned  # its model is read on its first decision only

        return learned.choose(view, legal, MASTER, rng, budget_s, max_worlds)
    world = determinize(view, rng)
    choice = POLICIES[level](world, legal, rng)
    return choice if choice in legal else legal[0]


def bot_move(
    game: Game,
    seat: int,
    level: str | None = None,
    rng: random.Random | int | None = None,
    budget_s: float = DEFAULT_BUDGET_S,
    max_worlds: int | None = None,
) -> Action:
    """The decision of the bot at `seat` (level from the game options unless given).

    It passes `choose_action` nothing but ``game.view(seat)`` and the legal actions.
    """
    if game.to_move != seat:
        raise ValueError(f"seat {seat} is not to move")
    level = level or game.seats[seat].bot or "medium"
    if rng is None:
        rng = random.Random(hash((game.options.seed, len(game.actions), seat)))
    return choose_action(game.view(seat), game.legal_actions(), level, rng, budget_s, max_worlds)


__all__ = ["LEVELS", "MASTER", "board_from_view", "bot_move", "choose_action", "determinize",
           "english", "suggest", "suggest_why"]
