"""Hints: Medium's move for the seat of a view, with why, as a structured reason.

A reason (`Why`) is a small JSON-ready dict: its ``"key"`` names the kind of reason and the
other entries are its values (tile ids, cells, mission ids, points), so that the app words it
in the player's language with pictures (`english` words it in English, for the console and
the command line). Keys: ``only``, ``layout``, ``objective`` (now, later, pp), ``take``
(tile; ``then``: the placement it plans, a ``place`` reason), ``place`` (tile, x, y, how:
completes | improves | closer | later | fit; mission, pp), ``land`` (ship: own | grey;
mission, pp), ``token`` (resource: a symbol or ``port``; x, y, pp), ``keep_tokens``,
``house`` (x, y, mission, pp), ``no_house``, ``discovery`` (token), ``discard`` (tile),
``medium``.

>>> from small_islands import Game, Options
>>> g = Game.new(Options(seats=("Ann", "Bob"), seed=3))
>>> action, why = suggest_why(g.view(g.to_move), g.legal_actions())
>>> action.type, why
('start_layout', {'key': 'layout'})
>>> english(why)
'This layout suits the objective card you hold.'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

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

Why = dict[str, Any]


def suggest(view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
    """Medium's choice for the seat of `view`, and why, in one line of English."""
    action, why = suggest_why(view, legal)
    return action, english(why)


def suggest_why(view: SeatView, legal: Sequence[Action]) -> tuple[Action, Why]:
    """Medium's choice for the seat of `view`, and why (a structured reason)."""
    if not legal:
        raise ValueError("no legal action to suggest")
    game = determinize(view, random.Random(0))
    if len(legal) == 1:
        return legal[0], {"key": "only"}
    scored = ranked(game, legal)
    value, action = scored[0]
    return action, _reason(game, action, value, legal)


def _mission(game: Game, objective: str | None) -> str | None:
    """The mission id of an objective (None without one)."""
    return None if objective is None else game.mode.parts(objective)[0]


def _reason(game: Game, action: Action, value: float, legal: Sequence[Action]) -> Why:
    seat = game._seat()
    s = game.seats[seat]
    if isinstance(action, StartLayout):
        return {"key": "layout"}
    if isinstance(action, ChooseObjective):
        return {"key": "objective", "now": action.now, "later": action.later, "pp": value}
    if isinstance(action, TakeTile):
        ctx = Ctx.of(game, seat)
        place = next((p for v, a, p in plans(ctx, legal) if a == action), None)
        why: Why = {"key": "take", "tile": game.display[action.slot]}
        if isinstance(place, PlaceTile):
            why["then"] = _place_reason(game, ctx, place)
        return why
    if isinstance(action, PlaceTile):
        return _place_reason(game, Ctx.of(game, seat), action)
    if isinstance(action, Land):
        return {"key": "land", "ship": "own" if action.ship == s.colour else "grey",
                "mission": _mission(game, s.now), "pp": value}
    if isinstance(action, (PlaceResourceToken, PlacePortToken)):
        resource = action.resource if isinstance(action, PlaceResourceToken) else "port"
        return {"key": "token", "resource": resource, "x": action.x, "y": action.y, "pp": value}
    if isinstance(action, EndTurn):
        return {"key": "keep_tokens"}
    if isinstance(action, PlaceHouse):
        return {"key": "house", "x": action.x, "y": action.y, "mission": _mission(game, s.now),
                "pp": value + _threshold(game, seat)}
    if isinstance(action, EndReward):
        return {"key": "no_house"}
    if isinstance(action, KeepDiscovery):
        return {"key": "discovery", "token": game.pending_discovery[action.index]}
    if isinstance(action, DiscardTile):
        return {"key": "discard", "tile": action.tile}
    return {"key": "medium"}


def _threshold(game: Game, seat: int) -> float:
    from .policy import house_threshold

    return house_threshold(game, seat)


def _place_reason(game: Game, ctx: Ctx, action: PlaceTile) -> Why:
    """Why a placement: completes / grows an island for the seat's objective."""
    isle, joined = merged(game.board, ctx.isles, ctx.where, action.tile, action.x, action.y,
                          action.rotation)
    why: Why = {"key": "place", "tile": action.tile, "x": action.x, "y": action.y}
    if ctx.now is not None:
        mission, reward = ctx.now
        before = max((isle_value(mission, reward, ctx.isles[j], ctx.colour, False) for j in joined),
                     default=0.0)
        after = isle_value(mission, reward, isle, ctx.colour, False)
        if after > before and mission_progress(mission, isle) >= 1.0:
            how = "completes" if before == 0 else "improves"
            return {**why, "how": how, "mission": mission, "pp": after - before}
        if mission_progress(mission, isle) > max(
            (mission_progress(mission, ctx.isles[j]) for j in joined), default=0.0
        ):
            return {**why, "how": "closer", "mission": mission}
    if ctx.later is not None and joined:
        return {**why, "how": "later", "mission": ctx.later[0]}
    return {**why, "how": "fit"}


# ------------------------------------------------------------------------ English
_FIXED = {
    "only": "The only possible move.",
    "layout": "This layout suits the objective card you hold.",
    "keep_tokens": "Keep your bonus tokens: no token gains enough now.",
    "no_house": "No island is worth one of your remaining houses now.",
    "medium": "Medium's choice.",
}


def english(why: Why) -> str:
    """A reason in one line of English (ids and cells as the engine writes them)."""
    key = why.get("key")
    if key in _FIXED:
        return _FIXED[str(key)]
    if key == "objective":
        return (f"{why['now']} now fits the map best (about {why['pp']:.0f} PP);"
                f" keep {why['later']} for next round.")
    if key == "take":
        then = why.get("then")
        if isinstance(then, dict):
            return f"Take {why['tile']}: then {_place_english(then)}"
        return f"Take {why['tile']}: the most useful tile on display."
    if key == "place":
        text = _place_english(why)
        return text[:1].upper() + text[1:]
    if key == "land":
        ships = "your own ship" if why["ship"] == "own" else "a grey ship"
        return (f"Land {ships} now: {_objective_english(why.get('mission'))} pays about "
                f"{why['pp']:.0f} PP as the map stands.")
    if key == "token":
        what = "a port token" if why["resource"] == "port" else f"a {why['resource']} token"
        return (f"Place {what} at ({why['x']}, {why['y']}):"
                f" worth about {why['pp']:.1f} PP more than keeping it.")
    if key == "house":
        return (f"Build at ({why['x']}, {why['y']}):"
                f" +{why['pp']:.0f} PP from {_objective_english(why.get('mission'))}.")
    if key == "discovery":
        return f"Keep the {why['token']}: the highest token drawn."
    if key == "discard":
        return f"No tile fits: return {why['tile']}, the least useful one."
    return _FIXED["medium"]


def _objective_english(mission: object) -> str:
    return "your objective" if mission is None else f"your {mission} objective"


def _place_english(why: Why) -> str:
    where = f"place {why['tile']} at ({why['x']}, {why['y']})"
    how, mission = why.get("how"), why.get("mission")
    if how in ("completes", "improves"):
        return f"{where}: {how} your {mission} island: +{why['pp']:.0f} PP"
    if how == "closer":
        return f"{where}: brings an island closer to {mission}"
    if how == "later":
        return f"{where}: builds toward next round's {mission}"
    return f"{where}: the best fit for your objectives"


__all__ = ["Why", "english", "suggest", "suggest_why"]
