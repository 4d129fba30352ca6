"""The reward phase: houses on the islands meeting the seat's mission, Discovery draws.

The handlers are ``handler(game, action)``, registered in `HANDLERS` and `LEGAL` by phase
and found by `Game.play` the way the automaton's are. Building a house, scoring and passing
the reward phase on are `Game` methods shared with the automaton.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action, EndReward, KeepDiscovery, PlaceHouse
from .board import Island
from .content import HOUSES_IN_STOCK
from .errors import IllegalAction, short
from .objectives import MISSIONS, REWARDS
from .state import GameState
from .tiles import RESOURCES


def play_house(game: GameState, action: PlaceHouse) -> None:
    """`PlaceHouse`: a house on an island meeting the mission; the reward is scored."""
    game.check_stage(None, action)
    need_no_pending_discovery(game)
    mover = game.seat_to_move()
    seat = game.seats[mover]
    if seat.stock <= 0:
        raise IllegalAction("no_houses_in_stock", f"{seat.name} has no house in stock")
    island = game.board.check_house(action.x, action.y, action.index, seat.colour)
    parts = game.objective_parts(mover)
    if parts is None:
        raise IllegalAction("no_objective", f"{seat.name} has no objective this round")
    mission, reward = MISSIONS[parts[0]], REWARDS[parts[1]]
    if not mission.holds(island, game.board):
        raise IllegalAction(
            "mission_not_met",
            f"the island at ({action.x}, {action.y}) does not meet {mission.id}: {mission.text}",
        )
    check_choice(reward.id, reward.needs_choice, action.choice)
    game.build_house_for(mover, (action.x, action.y, action.index))
    gained = reward.score(island, game.board, action.choice)
    where = f"({action.x}, {action.y})"
    if reward.is_discovery:
        draw_discovery(game, gained)
        game.note(
            mover, f"built a house at {where}: {gained} discovery draw(s)", "built",
            x=action.x, y=action.y, index=action.index, draws=gained,
        )
    else:
        game.gain_pp(mover, gained)
        game.note(
            mover, f"built a house at {where}: +{gained} PP", "built",
            x=action.x, y=action.y, index=action.index, pp=gained,
        )


def check_choice(reward: str, needs: bool, choice: str | None) -> None:
    """A resource choice exactly when the reward needs one."""
    if needs and choice is None:
        raise IllegalAction("choice_required", f"reward {reward} needs a resource choice")
    if needs and choice not in RESOURCES:
        raise IllegalAction("bad_choice", f"{short(choice)} is not a resource "
            f"({', '.join(RESOURCES)})")
    if not needs and choice is not None:
        raise IllegalAction("bad_choice", f"reward {reward} takes no choice, got {short(choice)}")


def draw_discovery(game: GameState, count: int) -> None:
    """Draw Discovery tokens (as many as are left) for the seat to keep one."""
    count = min(count, len(game.discovery_bag))
    game.pending_discovery = [game.discovery_bag.pop() for _ in range(count)]
    game.mark_revealed("discovery_drawn")


def need_no_pending_discovery(game: GameState) -> None:
    """Drawn Discovery tokens must be dealt with first."""
    if game.pending_discovery:
        raise IllegalAction("keep_discovery_first", "first keep one of the drawn Discovery tokens")


def play_keep(game: GameState, action: KeepDiscovery) -> None:
    """`KeepDiscovery`: keep one drawn token; the others go back to the bag."""
    pending = game.pending_discovery
    if not pending:
        raise IllegalAction("nothing_to_keep", "no Discovery tokens are waiting to be kept")
    if not (isinstance(action.index, int) and 0 <= action.index < len(pending)):
        raise IllegalAction("bad_index", f"keep index {short(action.index)} is not "
            f"0-{len(pending) - 1}")
    game.seats[game.seat_to_move()].discovery.append(pending.pop(action.index))
    game.discovery_bag.extend(pending)
    game.rng.shuffle(game.discovery_bag)
    game.pending_discovery = []
    game.note(game.to_move, "kept a Discovery token", "kept")


def play_end_reward(game: GameState, action: EndReward) -> None:
    """`EndReward`: refill the stock from the reserve, return the objective's cards."""
    game.check_stage(None, action)
    need_no_pending_discovery(game)
    mover = game.seat_to_move()
    seat = game.seats[mover]
    refill = min(HOUSES_IN_STOCK - seat.stock, seat.reserve)
    seat.stock += refill
    seat.reserve -= refill
    if seat.now:
        for card in game.mode.cards_of(seat.now):
            game.decks[card[0]].append(card)
    game.next_reward(mover)


def legal_reward(game: GameState) -> list[Action]:
    """A token to keep, else the houses to build and the end of the reward turn."""
    if game.pending_discovery:
        return [KeepDiscovery(i) for i in range(len(game.pending_discovery))]
    return house_options(game) + [EndReward()]


def qualifying_islands(game: GameState, seat: int) -> list[Island]:
    """Islands where the seat may put a house now (mission, size, colour, free spot)."""
    parts = game.objective_parts(seat)
    if parts is None:
        return []
    return MISSIONS[parts[0]].islands(game.board, game.seats[seat].colour)


def house_options(game: GameState) -> list[Action]:
    """Every legal `PlaceHouse` for the seat to move."""
    mover = game.seat_to_move()
    parts = game.objective_parts(mover)
    if game.seats[mover].stock <= 0 or parts is None:
        return []
    reward = REWARDS[parts[1]]
    choices: tuple[str | None, ...] = RESOURCES if reward.needs_choice else (None,)
    return [
        PlaceHouse(x, y, i, choice)
        for island in qualifying_islands(game, mover)
        for x, y, i in island.free_house_locations()
        for choice in choices
    ]


HANDLERS: dict[tuple[str, type], Callable[[GameState, Any], None]] = {
    ("reward", PlaceHouse): play_house,
    ("reward", KeepDiscovery): play_keep,
    ("reward", EndReward): play_end_reward,
}
LEGAL: dict[str, Callable[[GameState], list[Action]]] = {"reward": legal_reward}
