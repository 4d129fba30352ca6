"""The one place that hides secrets: what a seat may know, as JSON-safe data.

A view holds the public map, display, counts of the face-down stacks, every seat's public
pieces and revealed objectives, plus the viewing seat's own hand, objective cards and
Discovery token values, and -- when that seat is to move -- its legal targets. It never
holds another seat's hand or objective cards, any stack order, Discovery values not owned
by the seat, or the generator state.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from .achievements import CHECKLISTS, achievements
from .actions import (
    AlexisStep,
    ChooseHouse,
    ChooseObjective,
    ChooseRotation,
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
from .board import Board
from .content import TILE_BY_ID, tile_json
from .errors import short
from .objectives import MISSIONS, REWARDS
from .state import GameState
from .tiles import SHIP_TILE, TileJson, mask_to_points

# ------------------------------------------------------------------ the views' types
# Plain dicts at run time (JSON-safe); the types say which keys each holds.
TileView = TileJson  # a face-up tile: id, points at rotation 0, symbols


class PlacedTileView(TypedDict):
    """A tile on the map: where, which, turned how, its points as turned; `ship`: the
    colour of the ship it is (None for a landscape tile)."""

    x: int
    y: int
    id: str
    rotation: int
    points: str
    symbols: list[str]
    ship: str | None


class HouseView(TypedDict):
    x: int
    y: int
    index: int
    colour: str


class TokenView(TypedDict):
    """A resource token (placed, or covered by a later tile)."""

    x: int
    y: int
    index: int
    resource: str
    colour: str


class PortTokenView(TypedDict):
    x: int
    y: int
    colour: str


class IslandView(TypedDict):
    key: list[int]
    cells: list[list[int]]
    size: int
    complete: bool


class BoardView(TypedDict):
    """The public map (`board_json`)."""

    width: int
    height: int
    tiles: list[PlacedTileView]
    houses: list[HouseView]
    resource_tokens: list[TokenView]
    covered_tokens: list[TokenView]
    port_tokens: list[PortTokenView]
    islands: list[IslandView]


class ObjectiveView(TypedDict):
    id: str
    mission: str
    mission_text: str
    reward: str
    reward_text: str


class PublicSeatView(TypedDict):
    """A seat's public counters, as anyone at the table sees them."""

    seat: int
    name: str
    colour: str
    bot: str | None
    alexis: bool
    pp: int
    stock: int
    reserve: int
    bonus: int
    ship: bool


class PublicView(TypedDict):
    """What anyone at the table sees (`public_view`)."""

    phase: str
    round: int
    to_move: int | None
    seats: list[PublicSeatView]
    board: BoardView


class SeatSummaryView(TypedDict):
    """A seat as another seat sees it: counts, not cards; its objective once revealed."""

    seat: int
    name: str
    colour: str
    bot: str | None
    pp: int
    stock: int
    reserve: int
    bonus: int
    hand_count: int
    discovery_count: int
    houses_placed: int
    ship: list[int] | None  # its cell
    ship_gone: bool
    last_tile: int
    objective: ObjectiveView | None


class LegalView(TypedDict, total=False):
    """The legal targets of the seat to move, grouped by kind (`legal_json`); a kind with
    no legal action is absent."""

    layouts: list[list[list[str | int]]]  # per layout: [tile id, x, y, rotation] each
    objectives: list[list[str]]
    take: list[int]
    land: dict[str, list[list[int]]]
    place: dict[str, list[list[int]]]
    discard: list[str]
    resource_tokens: list[list[int | str]]
    port_tokens: list[list[int]]
    houses: list[list[int | str | None]]
    keep: list[int]
    alexis_rotations: list[int]
    alexis_houses: list[list[int]]
    end_turn: bool
    end_reward: bool
    alexis_step: bool


class AchievementView(TypedDict):
    id: str
    text: str


class _SeatViewAlways(TypedDict):
    seat: int
    phase: str
    round: int
    stage: str | None
    mode: str
    to_move: int | None
    first_player: int
    end_reason: str | None
    seats: list[SeatSummaryView]
    hand: list[TileView]
    held: list[str]
    objective: ObjectiveView | None
    next_objective: ObjectiveView | None
    discovery: list[int]
    display: list[TileView | None]
    navigation_count: int
    reserve_count: int
    discovery_left: int
    grey_ships: int
    taken_slot: int | None
    boxed: list[str]
    placements: int
    ship_placer: int | None
    final_reward: bool
    reward_order: list[int]
    board: BoardView
    middle: list[int]
    log: list[dict[str, Any]]
    legal: LegalView | None
    can_undo: bool
    scores: list[dict[str, Any]] | None


class SeatView(_SeatViewAlways, total=False):
    """Everything a seat may know now (`seat_view`); the keys below only at times."""

    pending_discovery: list[int]  # to the seat to move, while it chooses
    solo: dict[str, Any]  # an automaton's public state, under its `view_key`
    achievements: list[list[AchievementView]]  # per seat, once the game is over


# ------------------------------------------------------------------ building them

def board_json(board: Board) -> BoardView:
    """The public map: tiles as placed, houses, tokens, islands."""
    tiles: list[PlacedTileView] = []
    for x, y in board.order:
        p = board.tiles[(x, y)]
        tiles.append(
            {
                "x": x,
                "y": y,
                "id": p.tile.id,
                "rotation": p.rotation,
                "points": mask_to_points(p.mask),
                "symbols": list(p.tile.symbols),
                "ship": p.owner if p.is_ship else None,
            }
        )
    return {
        "width": board.width,
        "height": board.height,
        "tiles": tiles,
        "houses": [
            {"x": x, "y": y, "index": i, "colour": c} for (x, y, i), c in board.houses.items()
        ],
        "resource_tokens": [
            {"x": x, "y": y, "index": i, "resource": r, "colour": c}
            for (x, y, i), (r, c) in board.resource_tokens.items()
        ],
        "covered_tokens": [
            {"x": x, "y": y, "index": i, "resource": r, "colour": c}
            for x, y, i, r, c in board.covered_tokens
        ],
        "port_tokens": [
            {"x": x, "y": y, "colour": c} for (x, y), cs in board.port_tokens.items() for c in cs
        ],
        "islands": [
            {
                "key": list(island.key()),
                "cells": sorted([list(c) for c in island.cells], key=lambda c: (c[1], c[0])),
                "size": island.size,
                "complete": island.is_complete,
            }
            for island in board.islands()
        ],
    }


def board_from_json(data: BoardView | dict[str, Any], tiles: int | None = None) -> Board:
    """The `Board` of a view's public map (`board_json`'s inverse): tiles in placement
    order, houses, tokens. With `tiles`, only the first that many tiles are placed."""
    board = Board(data["width"], data["height"])
    for t in data["tiles"][:tiles]:
        tile = SHIP_TILE if t["ship"] is not None else TILE_BY_ID[t["id"]]
        board.put(tile, t["x"], t["y"], t["rotation"], owner=t["ship"])
    for h in data["houses"]:
        board.houses[(h["x"], h["y"], h["index"])] = h["colour"]
    for r in data["resource_tokens"]:
        board.resource_tokens[(r["x"], r["y"], r["index"])] = (r["resource"], r["colour"])
    board.covered_tokens = [
        (c["x"], c["y"], c["index"], c["resource"], c["colour"])
        for c in data.get("covered_tokens", [])
    ]
    for p in data["port_tokens"]:
        board.port_tokens.setdefault((p["x"], p["y"]), []).append(p["colour"])
    return board


def objective_json(game: GameState, objective: str | None) -> ObjectiveView | None:
    """An objective with its mission and reward texts."""
    if objective is None:
        return None
    mission, reward = game.mode.parts(objective)
    return {
        "id": objective,
        "mission": mission,
        "mission_text": MISSIONS[mission].text,
        "reward": reward,
        "reward_text": REWARDS[reward].text,
    }


def public_view(game: GameState) -> PublicView:
    """What anyone at the table sees: the map, each seat's public counters, whose turn, the
    round and the phase. Read from the game's public state only (no hand, objective,
    Discovery value or legal action of any seat): what a reload paints first."""
    return {
        "phase": game.phase,
        "round": game.round,
        "to_move": game.to_move,
        "seats": [
            {
                "seat": i,
                "name": s.name,
                "colour": s.colour,
                "bot": s.bot,
                "alexis": s.alexis,
                "pp": s.pp,
                "stock": s.stock,
                "reserve": s.reserve,
                "bonus": s.bonus,
                "ship": s.ship_cell is not None,
            }
            for i, s in enumerate(game.seats)
        ],
        "board": board_json(game.board),
    }


def seat_view(game: GameState, seat: int) -> SeatView:
    """Everything `seat` may know now."""
    if not (isinstance(seat, int) and 0 <= seat < len(game.seats)):
        raise ValueError(f"no seat {short(seat)} in this game")
    me = game.seats[seat]
    seats: list[SeatSummaryView] = []
    for i, s in enumerate(game.seats):
        seats.append(
            {
                "seat": i,
                "name": s.name,
                "colour": s.colour,
                "bot": s.bot,
                "pp": s.pp,
                "stock": s.stock,
                "reserve": s.reserve,
                "bonus": s.bonus,
                "hand_count": len(s.hand),
                "discovery_count": len(s.discovery),
                "houses_placed": s.houses_placed,
                "ship": list(s.ship_cell) if s.ship_cell else None,
                "ship_gone": s.ship_gone,
                "last_tile": s.last_tile,
                "objective": objective_json(game, s.now) if s.revealed else None,
            }
        )
    view: SeatView = {
        "seat": seat,
        "phase": game.phase,
        "round": game.round,
        "stage": game.stage,
        "mode": game.options.mode,
        "to_move": game.to_move,
        "first_player": game.first_player,
        "end_reason": game.end_reason,
        "seats": seats,
        "hand": [TILE_BY_ID[t].to_json() for t in me.hand],
        "held": sorted(me.held),
        "objective": objective_json(game, me.now),
        "next_objective": objective_json(game, me.later),
        "discovery": list(me.discovery),
        "display": [tile_json(t) for t in game.display],
        "navigation_count": len(game.navigation),
        "reserve_count": len(game.reserve),
        "discovery_left": len(game.discovery_bag),
        "grey_ships": game.grey_ships,
        "taken_slot": game.taken_slot,
        "boxed": list(game.boxed),
        "placements": game.placements,
        "ship_placer": game.ship_placer,
        "final_reward": game.final_reward,
        "reward_order": list(game.reward_order) if game.phase == "reward" else [],
        "board": board_json(game.board),
        "middle": list(game.middle()),
        "log": list(game.log[-200:]),
        "legal": legal_json(game) if game.to_move == seat else None,
        "can_undo": game.can_undo() if game.to_move == seat else False,
        "scores": game.scores() if game.phase == "over" else None,
    }
    if game.to_move == seat and game.pending_discovery:
        view["pending_discovery"] = list(game.pending_discovery)
    if game.automaton is not None:  # its own key (``solo``): a plain dict under any name
        cast("dict[str, Any]", view)[game.automaton.view_key] = game.automaton.public_view(game)
    if game.phase == "over":
        checklist = CHECKLISTS[game.options.mode]
        view["achievements"] = [
            [{"id": a, "text": checklist[a]} for a in achievements(game, i)]
            for i in range(len(game.seats))
        ]
    return view


def legal_json(game: GameState) -> LegalView:
    """The legal targets of the seat to move, grouped for a user interface."""
    out: LegalView = {}
    for action in game.legal_actions():
        if isinstance(action, StartLayout):
            out.setdefault("layouts", []).append([list(p) for p in action.placements])
        elif isinstance(action, ChooseObjective):
            out.setdefault("objectives", []).append([action.now, action.later])
        elif isinstance(action, TakeTile):
            out.setdefault("take", []).append(action.slot)
        elif isinstance(action, Land):
            out.setdefault("land", {}).setdefault(action.ship, []).append([action.x, action.y])
        elif isinstance(action, PlaceTile):
            out.setdefault("place", {}).setdefault(action.tile, []).append(
                [action.x, action.y, action.rotation]
            )
        elif isinstance(action, DiscardTile):
            out.setdefault("discard", []).append(action.tile)
        elif isinstance(action, PlaceResourceToken):
            out.setdefault("resource_tokens", []).append(
                [action.x, action.y, action.index, action.resource]
            )
        elif isinstance(action, PlacePortToken):
            out.setdefault("port_tokens", []).append([action.x, action.y])
        elif isinstance(action, PlaceHouse):
            out.setdefault("houses", []).append([action.x, action.y, action.index, action.choice])
        elif isinstance(action, KeepDiscovery):
            out.setdefault("keep", []).append(action.index)
        elif isinstance(action, ChooseRotation):
            out.setdefault("alexis_rotations", []).append(action.rotation)
        elif isinstance(action, ChooseHouse):
            out.setdefault("alexis_houses", []).append([action.x, action.y, action.index])
        elif isinstance(action, EndTurn):
            out["end_turn"] = True
        elif isinstance(action, EndReward):
            out["end_reward"] = True
        elif isinstance(action, AlexisStep):
            out["alexis_step"] = True
        else:  # a kind without targets: its name (a plain dict under any name)
            cast("dict[str, Any]", out)[action.type] = True
    return out
