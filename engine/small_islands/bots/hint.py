"""Hints: Medium's move for the seat of a view, with a one-line reason.

>>> from small_islands import Game, Options
>>> g = Game.new(Options(seats=("Ann", "Bob"), seed=3))
>>> action, reason = suggest(g.view(g.to_move), g.legal_actions())
>>> action.type, bool(reason)
('start_layout', True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import (
    Action,
    ChooseObjective,
    DiscardTile,
    EndReward,
    EndTurn,
    KeepDiscovery,
    Land,
    PlaceHouse,
    PlacePortToken,
    PlaceResourceToken,
    PlaceTile,
    StartLayout,
    TakeTile,
)
from ..game import Game
from ..view import SeatView
from .evaluate import isle_value, merged, mission_progress
from .policy import Ctx, plans, ranked
from .world import determinize


def suggest(view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
    """Medium's choice for the seat of `view`, and why, in one line."""
    if not legal:
        raise ValueError("no legal action to suggest")
    game = determinize(view, random.Random(0))
    if len(legal) == 1:
        return legal[0], "The only possible move."
    scored = ranked(game, legal)
    value, action = scored[0]
    return action, _reason(game, action, value, legal)


def _objective_name(game: Game, objective: str | None) -> str:
    if objective is None:
        return "your objective"
    mission, _ = game.mode.parts(objective)
    return f"your {mission} objective"


def _reason(game: Game, action: Action, value: float, legal: Sequence[Action]) -> str:
    seat = game._seat()
    s = game.seats[seat]
    if isinstance(action, StartLayout):
        return "This layout suits the objective card you hold."
    if isinstance(action, ChooseObjective):
        return (f"{action.now} now fits the map best (about {value:.0f} PP);"
                f" keep {action.later} for next round.")
    if isinstance(action, TakeTile):
        ctx = Ctx.of(game, seat)
        place = next((p for v, a, p in plans(ctx, legal) if a == action), None)
        tile = game.display[action.slot]
        if isinstance(place, PlaceTile):
            return f"Take {tile}: then {_place_reason(game, ctx, place)}"
        return f"Take {tile}: the most useful tile on display."
    if isinstance(action, PlaceTile):
        text = _place_reason(game, Ctx.of(game, seat), action)
        return text[:1].upper() + text[1:]
    if isinstance(action, Land):
        ships = "your own ship" if action.ship == s.colour else "a grey ship"
        return (f"Land {ships} now: {_objective_name(game, s.now)} pays about {value:.0f} PP"
                " as the map stands.")
    if isinstance(action, (PlaceResourceToken, PlacePortToken)):
        what = (f"a {action.resource} token" if isinstance(action, PlaceResourceToken)
                else "a port token")
        return (f"Place {what} at ({action.x}, {action.y}):"
                f" worth about {value:.1f} PP more than keeping it.")
    if isinstance(action, EndTurn):
        return "Keep your bonus tokens: no token gains enough now."
    if isinstance(action, PlaceHouse):
        pts = value + _threshold(game, seat)
        return (f"Build at ({action.x}, {action.y}):"
                f" +{pts:.0f} PP from {_objective_name(game, s.now)}.")
    if isinstance(action, EndReward):
        return "No island is worth one of your remaining houses now."
    if isinstance(action, KeepDiscovery):
        return f"Keep the {game.pending_discovery[action.index]}: the highest token drawn."
    if isinstance(action, DiscardTile):
        return f"No tile fits: return {action.tile}, the least useful one."
    return "Medium's choice."


def _threshold(game: Game, seat: int) -> float:
    from .policy import house_threshold

    return house_threshold(game, seat)


def _place_reason(game: Game, ctx: Ctx, action: PlaceTile) -> str:
    """Why a placement: completes / grows an island for the seat's objective."""
    isle, joined = merged(game.board, ctx.isles, ctx.where, action.tile, action.x, action.y,
                          action.rotation)
    where = f"place {action.tile} at ({action.x}, {action.y})"
    if ctx.now is not None:
        mission, reward = ctx.now
        before = max((isle_value(mission, reward, ctx.isles[j], ctx.colour, False) for j in joined),
                     default=0.0)
        after = isle_value(mission, reward, isle, ctx.colour, False)
        if after > before and mission_progress(mission, isle) >= 1.0:
            verb = "completes" if before == 0 else "improves"
            return f"{where}: {verb} your {mission} island: +{after - before:.0f} PP"
        if mission_progress(mission, isle) > max(
            (mission_progress(mission, ctx.isles[j]) for j in joined), default=0.0
        ):
            return f"{where}: brings an island closer to {mission}"
    if ctx.later is not None and joined:
        return f"{where}: builds toward next round's {ctx.later[0]}"
    return f"{where}: the best fit for your objectives"


__all__ = ["suggest"]
