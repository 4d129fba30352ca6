"""The exploration phase: take a display tile, place one (or discard), a bonus token, land.

The handlers are ``handler(game, action)``, registered in `HANDLERS` and `LEGAL` by phase
and found by `Game.play` the way the automaton's are. The turn's steps shared with the
automaton (take a display tile, put a tile down, end the turn, land) are `Game` methods.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import (
    Action,
    DiscardTile,
    EndTurn,
    Land,
    PlacePortToken,
    PlaceResourceToken,
    PlaceTile,
    TakeTile,
)
from .content import GREY, TILE_BY_ID
from .errors import IllegalAction, short
from .seat import SeatState
from .state import GameState
from .tiles import ALL_LAND, RESOURCES, SHIP_TILE


def play_take(game: GameState, action: TakeTile) -> None:
    """`TakeTile`: a display tile to the hand; then place one."""
    game.check_stage("take", action)
    slot = action.slot
    if not (isinstance(slot, int) and 0 <= slot < len(game.display)):
        raise IllegalAction("bad_slot", f"display slot {short(slot)} does not exist (0-2)")
    mover = game.seat_to_move()
    tile = game.take_display(slot)
    game.seats[mover].hand.append(tile)
    game.stage = "place"
    game.stats["turns"] += 1
    game.note(mover, f"took {tile} from the display", "took", tile=tile, slot=slot)
    if not hand_fits(game):
        game.stats["blocked_turns"] += 1
        game.note(mover, "cannot place any of their 3 tiles", "stuck")


def hand_fits(game: GameState) -> bool:
    """Can the seat to move place any tile of its hand?"""
    hand = game.seats[game.seat_to_move()].hand
    return any(game.board.has_placement(TILE_BY_ID[t]) for t in hand)


def holder(game: GameState, action: PlaceTile | DiscardTile) -> tuple[int, SeatState]:
    """The seat to move (index, state) at its place step, holding the action's tile."""
    game.check_stage("place", action)
    mover = game.seat_to_move()
    seat = game.seats[mover]
    if action.tile not in seat.hand:
        raise IllegalAction("not_in_hand", f"tile {short(action.tile)} is not in your hand")
    return mover, seat


def play_place(game: GameState, action: PlaceTile) -> None:
    """`PlaceTile`: a hand tile on the map; then a bonus token, or the turn ends."""
    mover, seat = holder(game, action)
    tile = TILE_BY_ID[action.tile]
    game.board.check_place(tile, action.x, action.y, action.rotation)
    game.place_tile_for(mover, tile, action.x, action.y, action.rotation)
    seat.hand.remove(action.tile)
    game.note(
        mover, f"placed {action.tile} at ({action.x}, {action.y})", "placed",
        tile=action.tile, x=action.x, y=action.y, rotation=action.rotation,
    )
    if seat.bonus:
        game.stage = "bonus"
    else:
        game.end_turn(mover)


def play_discard(game: GameState, action: DiscardTile) -> None:
    """`DiscardTile`: no hand tile fits; one goes to the box and a replacement is drawn."""
    mover, seat = holder(game, action)
    if hand_fits(game):
        raise IllegalAction(
            "discard_not_allowed", f"cannot discard {action.tile}: a hand tile can be placed"
        )
    seat.hand.remove(action.tile)
    game.boxed.append(action.tile)
    drawn = draw_replacement(game)
    game.mark_revealed("tile_drawn")
    game.note(mover, f"returned {action.tile} to the box", "returned", tile=action.tile)
    if drawn is not None:
        seat.hand.append(drawn)
    if drawn is None and not hand_fits(game):
        game.note(mover, "has no tile left to draw: the turn passes", "no_draw")
        game.end_turn(mover)


def draw_replacement(game: GameState) -> str | None:
    """A tile from the reserve, else the navigation stack, else the display (None: none)."""
    if game.reserve:
        return game.reserve.pop()
    if game.navigation:
        return game.navigation.pop()
    for i, tile in enumerate(game.display):
        if tile is not None:
            game.display[i] = None
            return tile
    return None


def play_resource_token(game: GameState, action: PlaceResourceToken) -> None:
    """`PlaceResourceToken`: a bonus token on a resource symbol; the turn ends."""
    game.check_stage("bonus", action)
    seat = bonus_seat(game)
    game.board.check_resource_token(action.x, action.y, action.index, action.resource)
    game.board.place_resource_token(action.x, action.y, action.index, action.resource, seat.colour)
    seat.bonus -= 1
    game.note(
        game.to_move, f"put a {action.resource} token at ({action.x}, {action.y})",
        "resource_token", resource=action.resource, x=action.x, y=action.y, index=action.index,
    )
    game.end_turn(game.seat_to_move())


def play_port_token(game: GameState, action: PlacePortToken) -> None:
    """`PlacePortToken`: a bonus token as a port on a coastal tile; the turn ends."""
    game.check_stage("bonus", action)
    seat = bonus_seat(game)
    game.board.place_port_token(action.x, action.y, seat.colour)
    seat.bonus -= 1
    game.note(
        game.to_move, f"put a port token at ({action.x}, {action.y})", "port_token",
        x=action.x, y=action.y,
    )
    game.end_turn(game.seat_to_move())


def bonus_seat(game: GameState) -> SeatState:
    """The seat to move, which must have a bonus token left."""
    seat = game.seats[game.seat_to_move()]
    if seat.bonus <= 0:
        raise IllegalAction("no_bonus_tokens", f"{seat.name} has no bonus tokens left")
    return seat


def play_end_turn(game: GameState, action: EndTurn) -> None:
    """`EndTurn`: no bonus token this turn."""
    game.check_stage("bonus", action)
    game.end_turn(game.seat_to_move())


def play_land(game: GameState, action: Land) -> None:
    """`Land`: a ship (own or grey) on the map instead of taking a tile; the reward phase."""
    game.check_stage("take", action)
    mover = game.seat_to_move()
    if game.navigation:
        raise IllegalAction(
            "land_not_allowed",
            f"cannot land at ({action.x}, {action.y}): the navigation stack still holds "
            f"{len(game.navigation)} tiles",
        )
    if action.ship not in game.ships_for(mover):
        raise IllegalAction("ship_unavailable", f"ship {short(action.ship)} is not "
            f"available to you")
    game.board.check_place(SHIP_TILE, action.x, action.y, 0)
    game.place_tile_for(mover, SHIP_TILE, action.x, action.y, 0, owner=action.ship)
    seat = game.seats[mover]
    if action.ship == GREY:
        game.use_grey_ship()
    else:
        seat.ship_cell = (action.x, action.y)
    seat.ship_order = len(game.board.ship_cells())
    game.stats["turns"] += 1
    game.note(
        mover, f"landed a {action.ship} ship at ({action.x}, {action.y})", "landed",
        ship=action.ship, x=action.x, y=action.y,
    )
    game.ship_landed(mover)


def legal_exploration(game: GameState) -> list[Action]:
    """The seat's choices at this step of its turn."""
    mover = game.seat_to_move()
    seat = game.seats[mover]
    if game.stage == "take":
        out: list[Action] = [TakeTile(i) for i, t in enumerate(game.display) if t is not None]
        if not game.navigation and game.ships_for(mover):
            cells = [c for c, _ in game.board.placements((0,))]
            out += [Land(ship, x, y) for ship in game.ships_for(mover) for x, y in sorted(cells)]
        return out
    if game.stage == "place":
        placements: list[Action] = []
        for tile_id in seat.hand:
            for x, y, r in game.board.legal_positions(TILE_BY_ID[tile_id]):
                placements.append(PlaceTile(tile_id, x, y, r))
        return placements or [DiscardTile(t) for t in seat.hand]
    return [EndTurn()] + (legal_tokens(game) if seat.bonus else [])


def legal_tokens(game: GameState) -> list[Action]:
    """Every bonus token placement on the map."""
    board = game.board
    out: list[Action] = []
    for (x, y), placed in board.tiles.items():
        if placed.is_ship:
            continue
        for i, symbol in enumerate(placed.tile.symbols):
            if symbol in RESOURCES:
                shown = board.resource_at(x, y, i)
                out += [PlaceResourceToken(x, y, i, r) for r in RESOURCES if r != shown]
        if placed.mask != ALL_LAND and board.symbol_count((x, y), "port") < 2:
            out.append(PlacePortToken(x, y))
    return out


HANDLERS: dict[tuple[str, type], Callable[[GameState, Any], None]] = {
    ("exploration", TakeTile): play_take,
    ("exploration", PlaceTile): play_place,
    ("exploration", DiscardTile): play_discard,
    ("exploration", PlaceResourceToken): play_resource_token,
    ("exploration", PlacePortToken): play_port_token,
    ("exploration", EndTurn): play_end_turn,
    ("exploration", Land): play_land,
}
LEGAL: dict[str, Callable[[GameState], list[Action]]] = {"exploration": legal_exploration}
