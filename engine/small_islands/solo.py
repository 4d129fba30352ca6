"""Solo mode (RULES.md section 8): Alexis, the rules-driven opponent.

Alexis is seat 1 of a solo game. On his turns the seat to move is his and the only legal
action is `AlexisStep` (a program -- the app, a test -- triggers it; the step is shown in
the log with what he did and why). Where the rulebook lets the human choose for him (the
rotation of his tile, the location of a house on an island with several free ones), the
human chooses through `ChooseRotation` / `ChooseHouse`, unless the game's options say
"let Alexis decide" (`Options.alexis_decides`), in which case the first legal choice is
taken.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .board import SIDES, Board, Cell
from .errors import IllegalAction
from .objectives import MISSIONS
from .tiles import SHIP_TILE, Tile

if TYPE_CHECKING:
    from .game import Game

ALEXIS = 1
HUMAN = 0
ALEXIS_NAME = "Alexis"
DIRECTIONS: dict[str, Cell] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


@dataclass(frozen=True)
class ExplorationCard:
    """One of Alexis's 15 cards: Explore or Land type, display slot, directions, mission."""

    id: str
    kind: str  # "explore" | "land"
    slot: int  # 0-2: the 1st, 2nd or 3rd face-up tile
    directions: tuple[str, str, str]
    mission: str

    def describe(self) -> str:
        """A one-line description for the log and the app."""
        kind = "Land (else Explore)" if self.kind == "land" else "Explore"
        return (
            f"{self.id}: {kind}, tile {self.slot + 1}, directions "
            f"{'-'.join(self.directions)}, mission {self.mission}"
        )


def _card(text: str) -> ExplorationCard:
    cid, kind, slot, dirs, mission = text.split()
    d = tuple(dirs.split("-"))
    assert len(d) == 3
    return ExplorationCard(cid, kind, int(slot) - 1, (d[0], d[1], d[2]), mission)


# The edition's 15 Exploration cards (9 Explore-type, 6 Land-type), one per line:
# id, type, display slot (1-3), direction order, mission.
EXPLORATION_CARDS: tuple[ExplorationCard, ...] = tuple(
    _card(line)
    for line in """
E1 explore 1 N-E-S M1
E2 explore 2 E-S-W M2
E3 explore 3 S-W-N M3
E4 explore 1 W-N-E M4
E5 explore 2 N-W-S M5
E6 explore 3 E-N-W M6
E7 explore 1 S-E-N M7
E8 explore 2 W-S-E M9
E9 explore 3 N-S-E M12
L1 land 1 E-W-N M8
L2 land 2 S-N-W M10
L3 land 3 W-E-S M11
L4 land 1 N-E-W M10
L5 land 2 S-W-E M7
L6 land 3 E-S-N M4
""".strip().splitlines()
)
CARD_BY_ID = {c.id: c for c in EXPLORATION_CARDS}
# level -> (Explore cards, Land cards, end bonus before the 1 PP per House)
LEVELS: dict[int, tuple[int, int, int]] = {
    1: (8, 2, 20),
    2: (8, 3, 25),
    3: (7, 4, 30),
    4: (7, 5, 35),
    5: (6, 5, 40),
    6: (6, 6, 45),
}


@dataclass
class SoloState:
    """Alexis's cards and bookkeeping."""

    level: int
    stack: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    card: str | None = None  # the card being carried out (public)
    human_last: Cell | None = None  # the tile the human placed most recently
    pending_tile: str | None = None  # tile waiting for the human's rotation choice
    pending_cell: Cell | None = None
    pending_rotations: list[int] = field(default_factory=list)
    pending_islands: list[list[tuple[int, int, int]]] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def copy(self) -> SoloState:
        """An independent copy."""
        return SoloState(
            self.level,
            list(self.stack),
            list(self.discard),
            self.card,
            self.human_last,
            self.pending_tile,
            self.pending_cell,
            list(self.pending_rotations),
            [list(i) for i in self.pending_islands],
            list(self.removed),
        )


def build_stack(game: Game) -> SoloState:
    """Draw the level's numbers of Explore and Land cards at random and shuffle them."""
    level = game.options.solo_level
    n_explore, n_land, _ = LEVELS[level]
    explore = [c.id for c in EXPLORATION_CARDS if c.kind == "explore"]
    land = [c.id for c in EXPLORATION_CARDS if c.kind == "land"]
    game.rng.shuffle(explore)
    game.rng.shuffle(land)
    stack = explore[:n_explore] + land[:n_land]
    game.rng.shuffle(stack)
    return SoloState(level, stack)


def draw_card(game: Game) -> ExplorationCard:
    """Alexis draws the top card (reshuffling his discards when the stack is empty)."""
    solo = game.solo
    assert solo is not None
    if not solo.stack:
        solo.stack, solo.discard = solo.discard, []
        game.rng.shuffle(solo.stack)
    solo.card = solo.stack.pop()
    game._revealed = True
    return CARD_BY_ID[solo.card]


# ------------------------------------------------------------------ placement
def grows_alexis_island(
    board: Board, tile: Tile, x: int, y: int, rotation: int, colour: str
) -> bool:
    """Would this tile join an island that holds a house of Alexis's colour?"""
    if tile.is_ship:
        return False
    mask = tile.rotation_masks()[rotation]
    for dx, dy, edge in SIDES:
        other = (x + dx, y + dy)
        placed = board.tiles.get(other)
        if placed is None or placed.is_ship or not mask >> edge & 1:
            continue
        if colour in board.island_at(*other).houses:
            return True
    return False


def alexis_rotations(board: Board, tile: Tile, x: int, y: int, colour: str) -> list[int]:
    """Rotations at which Alexis may place `tile` on (x, y)."""
    if (x, y) in board.tiles or not board.inside(x, y):
        return []
    rotations = (0,) if tile.is_ship else range(4)
    return [
        r
        for r in rotations
        if board.can_place(tile, x, y, r) and not grows_alexis_island(board, tile, x, y, r, colour)
    ]


def alexis_target(
    board: Board, tile: Tile, origin: Cell, directions: tuple[str, ...], colour: str
) -> tuple[Cell, list[int], str] | None:
    """The closest legal cell on the origin's row/column, direction 1 then 2 then 3."""
    ox, oy = origin
    for name in directions:
        dx, dy = DIRECTIONS[name]
        k = 1
        while board.inside(ox + dx * k, oy + dy * k):
            cell = (ox + dx * k, oy + dy * k)
            rotations = alexis_rotations(board, tile, *cell, colour)
            if rotations:
                return cell, rotations, name
            k += 1
    return None


def origin(game: Game) -> Cell:
    """The human's most recent tile (the board's middle if there is none)."""
    assert game.solo is not None
    if game.solo.human_last is not None:
        return game.solo.human_last
    return game.board.width // 2, game.board.height // 2


# ----------------------------------------------------------- exploration step
def exploration_step(game: Game) -> None:
    """Alexis's turn: draw a card and carry it out."""
    card = draw_card(game)
    game._note(ALEXIS, f"draws {card.describe()}")
    if card.kind == "land" and try_land(game, card):
        return
    explore(game, card)


def try_land(game: Game, card: ExplorationCard) -> bool:
    """Land with a grey ship if the navigation stack is empty and a spot exists."""
    if game.navigation:
        game._note(ALEXIS, "cannot land while the navigation stack holds tiles: explores")
        return False
    human = game.seats[HUMAN]
    flip = game.grey_ships == 0 and human.ship_cell is None and not human.ship_gone
    if game.grey_ships == 0 and not flip:
        game._note(ALEXIS, "has no ship left to take: explores")
        return False
    colour = game.seats[ALEXIS].colour
    target = alexis_target(game.board, SHIP_TILE, origin(game), card.directions, colour)
    if target is None:
        game._note(ALEXIS, "finds no spot for a ship on your row or column: explores")
        return False
    (x, y), _, direction = target
    if flip:
        human.ship_gone = True
        game._note(ALEXIS, f"takes {human.name}'s ship, flipped to its grey side")
    else:
        game.grey_ships -= 1
    game.board.put(SHIP_TILE, x, y, 0, owner="grey")
    game.placements += 1
    game.seats[ALEXIS].last_tile = game.placements
    game._note(ALEXIS, f"lands a grey ship at ({x}, {y}): closest cell going {direction}")
    finish_card(game)
    game.ship_placer = ALEXIS
    game._start_reward(ALEXIS, final=False)
    return True


def explore(game: Game, card: ExplorationCard) -> None:
    """Take the card's display tile and place it by the direction rule."""
    solo = game.solo
    assert solo is not None
    tile_id = game.display[card.slot]
    if tile_id is None:
        game._note(ALEXIS, f"finds display slot {card.slot + 1} empty: last reward phase")
        finish_card(game)
        game._start_reward(ALEXIS, final=True)
        return
    game.display[card.slot] = None
    game.taken_slot = card.slot
    tile = game.tile(tile_id)
    colour = game.seats[ALEXIS].colour
    target = alexis_target(game.board, tile, origin(game), card.directions, colour)
    if target is None:
        solo.removed.append(tile_id)
        game.seats[ALEXIS].pp += 1
        game._note(ALEXIS, f"cannot place {tile_id} on your row or column: removed, +1 PP")
        finish_card(game)
        game._end_turn()
        return
    cell, rotations, direction = target
    game._note(ALEXIS, f"takes {tile_id}; closest legal cell going {direction} is {cell}")
    if len(rotations) > 1 and not game.options.alexis_decides:
        solo.pending_tile, solo.pending_cell, solo.pending_rotations = tile_id, cell, rotations
        game.to_move = HUMAN
        game.stage = "alexis_rotation"
        return
    place_alexis_tile(game, tile_id, cell, rotations[0])


def place_alexis_tile(game: Game, tile_id: str, cell: Cell, rotation: int) -> None:
    """Put Alexis's tile down and end his turn."""
    game.board.put(game.tile(tile_id), cell[0], cell[1], rotation)
    game.placements += 1
    game.seats[ALEXIS].last_tile = game.placements
    game._note(ALEXIS, f"places {tile_id} at {cell}, rotation {rotation}")
    finish_card(game)
    game.to_move = ALEXIS
    game._end_turn()


def choose_rotation(game: Game, rotation: int) -> None:
    """The human picks the rotation of Alexis's tile."""
    solo = game.solo
    assert solo is not None and solo.pending_tile is not None and solo.pending_cell is not None
    if rotation not in solo.pending_rotations:
        raise IllegalAction(
            "bad_rotation",
            f"rotation {rotation!r} is not legal for {solo.pending_tile} at {solo.pending_cell}; "
            f"choose one of {solo.pending_rotations}",
        )
    tile_id, cell = solo.pending_tile, solo.pending_cell
    solo.pending_tile, solo.pending_cell, solo.pending_rotations = None, None, []
    place_alexis_tile(game, tile_id, cell, rotation)


def finish_card(game: Game) -> None:
    """Discard the card just carried out."""
    solo = game.solo
    assert solo is not None
    if solo.card is not None:
        solo.discard.append(solo.card)
        solo.card = None


# ---------------------------------------------------------------- reward step
def reward_step(game: Game) -> None:
    """Alexis's reward phase: a house on every island meeting the drawn card's mission."""
    solo = game.solo
    assert solo is not None
    card = draw_card(game)
    mission = MISSIONS[card.mission]
    game._note(
        ALEXIS, f"draws {card.id} for his reward phase: mission {mission.id}, {mission.text}"
    )
    colour = game.seats[ALEXIS].colour
    islands = [
        island.free_house_locations()
        for island in game.board.islands()
        if island.size >= 2
        and colour not in island.houses
        and island.free_house_locations()
        and mission.holds(island, game.board)
    ]
    solo.pending_islands = islands
    continue_houses(game)


def continue_houses(game: Game) -> None:
    """Place Alexis's houses island by island, asking the human where there is a choice."""
    solo = game.solo
    assert solo is not None
    alexis = game.seats[ALEXIS]
    while solo.pending_islands and alexis.stock > 0:
        locations = solo.pending_islands[0]
        if len(locations) > 1 and not game.options.alexis_decides:
            game.to_move = HUMAN
            game.stage = "alexis_house"
            return
        solo.pending_islands.pop(0)
        put_alexis_house(game, locations[0])
    solo.pending_islands = []
    end_alexis_reward(game)


def put_alexis_house(game: Game, location: tuple[int, int, int]) -> None:
    """One Alexis house on a free location."""
    alexis = game.seats[ALEXIS]
    game.board.houses[location] = alexis.colour
    alexis.stock -= 1
    alexis.houses_placed += 1
    game._note(ALEXIS, f"builds a house at ({location[0]}, {location[1]})")


def choose_house(game: Game, x: int, y: int, index: int) -> None:
    """The human picks the location of Alexis's house on the current island."""
    solo = game.solo
    assert solo is not None and solo.pending_islands
    locations = solo.pending_islands[0]
    if (x, y, index) not in locations:
        raise IllegalAction(
            "not_a_choice",
            f"({x}, {y}) location {index} is not a free house location of the island "
            f"Alexis builds on now",
        )
    solo.pending_islands.pop(0)
    put_alexis_house(game, (x, y, index))
    game.to_move = ALEXIS
    game.stage = None
    continue_houses(game)


def end_alexis_reward(game: Game) -> None:
    """Reshuffle all of Alexis's cards and pass the reward phase on."""
    solo = game.solo
    assert solo is not None
    finish_card(game)
    solo.stack += solo.discard
    solo.discard = []
    game.rng.shuffle(solo.stack)
    game.to_move = ALEXIS
    game.stage = None
    game._next_reward()


# -------------------------------------------------------------------- scoring
def alexis_score(game: Game) -> dict[str, int]:
    """Alexis's final score: PP + ports around every grey ship + the level bonus."""
    assert game.solo is not None
    board = game.board
    ports = sum(
        board.ports_around(x, y)
        for (x, y) in board.ship_cells()
        if board.tiles[(x, y)].owner == "grey"
    )
    alexis = game.seats[ALEXIS]
    bonus = LEVELS[game.solo.level][2] + alexis.houses_placed
    return {"prestige": alexis.pp, "ship_ports": ports, "alexis_bonus": bonus}
