"""Solo mode (RULES.md section 8): Alexis, the rules-driven opponent, as an automaton.

Alexis is seat 1 of a solo game, plugged in through the automaton hooks of `hooks.py`
(registered as ``"alexis"`` in `modes.AUTOMATA`). On his turns the seat to move is his and
the only legal action is `AlexisStep` (a program -- the app, a test -- triggers it; the step
is shown in the log with what he did and why). Where the rulebook lets the human choose for
him (the rotation of his tile, the location of a house on an island with several free ones),
the human chooses through `ChooseRotation` / `ChooseHouse`, unless the game's options say
"let Alexis decide" (`Options.alexis_decides`), in which case the first legal choice is
taken.

Everything here reaches the game through `hooks.Table` only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, AlexisStep, ChooseHouse, ChooseRotation
from .board import SIDES, Board, Cell
from .content import GREY, tile_json
from .errors import IllegalAction, short
from .hooks import Automaton, Handler, Table
from .objectives import MISSIONS
from .options import Options
from .seat import SeatState
from .tiles import SHIP_TILE, Tile

ALEXIS = 1
HUMAN = 0
ALEXIS_NAME = "Alexis"
STEP = "alexis"  # the stage of Alexis's turns: waiting for `AlexisStep`
ROTATION = "alexis_rotation"  # the human picks the rotation of Alexis's tile
HOUSE = "alexis_house"  # the human picks the location of Alexis's house
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


def build_stack(game: Table) -> SoloState:
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


def state_of(game: Table) -> SoloState:
    """Alexis's state in this game."""
    state = game.automaton_state
    assert isinstance(state, SoloState), "not a solo game"
    return state


def draw_card(game: Table) -> ExplorationCard:
    """Alexis draws the top card (reshuffling his discards when the stack is empty)."""
    solo = state_of(game)
    if not solo.stack:
        solo.stack, solo.discard = solo.discard, []
        game.rng.shuffle(solo.stack)
    solo.card = solo.stack.pop()
    game.mark_revealed("automaton_card")
    return CARD_BY_ID[solo.card]


def finish_card(solo: SoloState) -> None:
    """Discard the card just carried out."""
    if solo.card is not None:
        solo.discard.append(solo.card)
        solo.card = None


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


def _from(game: Table) -> dict[str, Any]:
    """Where Alexis's search started, for the log: the human's last tile, or the middle."""
    ox, oy = origin(game)
    return {"ox": ox, "oy": oy, "from_last": state_of(game).human_last is not None}


def origin(game: Table) -> Cell:
    """The human's most recent tile (the board's middle if there is none)."""
    human_last = state_of(game).human_last
    if human_last is not None:
        return human_last
    return game.board.width // 2, game.board.height // 2


# ----------------------------------------------------------- exploration step
def play_step(game: Table, action: AlexisStep) -> None:
    """`AlexisStep`: his exploration turn or his reward phase, by the drawn card."""
    if game.stage != STEP:
        raise IllegalAction("wrong_step", f"it is not Alexis's step now (step: {game.stage})")
    if game.phase == "exploration":
        exploration_step(game)
    else:
        reward_step(game)


def exploration_step(game: Table) -> None:
    """Alexis's turn: draw a card and carry it out."""
    card = draw_card(game)
    game.note(ALEXIS, f"draws {card.describe()}", "alexis_card", card=card.id)
    if card.kind == "land" and try_land(game, card):
        return
    explore(game, card)


def try_land(game: Table, card: ExplorationCard) -> bool:
    """Land with a grey ship if the navigation stack is empty and a spot exists."""
    if game.navigation:
        game.note(ALEXIS, "cannot land while the navigation stack holds tiles: explores",
                  "alexis_cannot_land", why="tiles_left")
        return False
    human = game.seats[HUMAN]
    flip = game.grey_ships == 0 and human.ship_cell is None and not human.ship_gone
    if game.grey_ships == 0 and not flip:
        game.note(ALEXIS, "has no ship left to take: explores", "alexis_cannot_land", why="no_ship")
        return False
    colour = game.seats[ALEXIS].colour
    target = alexis_target(game.board, SHIP_TILE, origin(game), card.directions, colour)
    if target is None:
        game.note(ALEXIS, "finds no spot for a ship on your row or column: explores",
                  "alexis_cannot_land", why="no_spot")
        return False
    (x, y), _, direction = target
    if flip:
        game.lose_ship(HUMAN)
        game.note(ALEXIS, f"takes {human.name}'s ship, flipped to its grey side", "alexis_flips",
                  owner=HUMAN)
    else:
        game.use_grey_ship()
    game.place_tile_for(ALEXIS, SHIP_TILE, x, y, 0, owner=GREY)
    game.note(
        ALEXIS, f"lands a grey ship at ({x}, {y}): closest cell going {direction}",
        "alexis_landed", x=x, y=y, direction=direction, **_from(game),
    )
    finish_card(state_of(game))
    game.ship_landed(ALEXIS)
    return True


def explore(game: Table, card: ExplorationCard) -> None:
    """Take the card's display tile and place it by the direction rule."""
    solo = state_of(game)
    tile_id = game.display[card.slot]
    if tile_id is None:
        game.note(ALEXIS, f"finds display slot {card.slot + 1} empty: last reward phase",
                  "alexis_empty", slot=card.slot)
        finish_card(solo)
        game.start_reward(ALEXIS, final=True)
        return
    game.take_display(card.slot)
    tile = game.tile(tile_id)
    colour = game.seats[ALEXIS].colour
    target = alexis_target(game.board, tile, origin(game), card.directions, colour)
    if target is None:
        solo.removed.append(tile_id)
        game.gain_pp(ALEXIS, 1)
        game.note(ALEXIS, f"cannot place {tile_id} on your row or column: removed, +1 PP",
                  "alexis_removed", tile=tile_id)
        finish_card(solo)
        game.end_turn(ALEXIS)
        return
    cell, rotations, direction = target
    game.note(
        ALEXIS, f"takes {tile_id}; closest legal cell going {direction} is {cell}", "alexis_takes",
        tile=tile_id, x=cell[0], y=cell[1], direction=direction, **_from(game),
    )
    if len(rotations) > 1 and not game.options.alexis_decides:
        solo.pending_tile, solo.pending_cell, solo.pending_rotations = tile_id, cell, rotations
        game.ask(HUMAN, ROTATION)
        return
    place_alexis_tile(game, tile_id, cell, rotations[0])


def place_alexis_tile(game: Table, tile_id: str, cell: Cell, rotation: int) -> None:
    """Put Alexis's tile down and end his turn."""
    game.place_tile_for(ALEXIS, game.tile(tile_id), cell[0], cell[1], rotation)
    game.note(
        ALEXIS, f"places {tile_id} at {cell}, rotation {rotation}", "alexis_placed",
        tile=tile_id, x=cell[0], y=cell[1], rotation=rotation,
    )
    finish_card(state_of(game))
    game.end_turn(ALEXIS)


def play_rotation(game: Table, action: ChooseRotation) -> None:
    """`ChooseRotation`: the human picks the rotation of Alexis's tile."""
    if game.stage != ROTATION:
        raise IllegalAction(
            "wrong_step", f"no Alexis tile waits for a rotation (step: {game.stage})"
        )
    solo = state_of(game)
    assert solo.pending_tile is not None and solo.pending_cell is not None
    rotation = action.rotation
    if rotation not in solo.pending_rotations:
        raise IllegalAction(
            "bad_rotation",
            f"rotation {short(rotation)} is not legal for {solo.pending_tile} at "
            f"{solo.pending_cell}; "
            f"choose one of {solo.pending_rotations}",
        )
    tile_id, cell = solo.pending_tile, solo.pending_cell
    solo.pending_tile, solo.pending_cell, solo.pending_rotations = None, None, []
    place_alexis_tile(game, tile_id, cell, rotation)


# ---------------------------------------------------------------- reward step
def reward_step(game: Table) -> None:
    """Alexis's reward phase: a house on every island meeting the drawn card's mission."""
    solo = state_of(game)
    card = draw_card(game)
    mission = MISSIONS[card.mission]
    game.note(
        ALEXIS, f"draws {card.id} for his reward phase: mission {mission.id}, {mission.text}",
        "alexis_reward_card", card=card.id, mission=mission.id,
    )
    islands = mission.islands(game.board, game.seats[ALEXIS].colour)
    solo.pending_islands = [island.free_house_locations() for island in islands]
    continue_houses(game)


def continue_houses(game: Table) -> None:
    """Place Alexis's houses island by island, asking the human where there is a choice."""
    solo = state_of(game)
    alexis = game.seats[ALEXIS]
    while solo.pending_islands and alexis.stock > 0:
        locations = solo.pending_islands[0]
        if len(locations) > 1 and not game.options.alexis_decides:
            game.ask(HUMAN, HOUSE)
            return
        solo.pending_islands.pop(0)
        put_alexis_house(game, locations[0])
    solo.pending_islands = []
    end_alexis_reward(game)


def put_alexis_house(game: Table, location: tuple[int, int, int]) -> None:
    """One Alexis house on a free location."""
    game.build_house_for(ALEXIS, location)
    game.note(
        ALEXIS, f"builds a house at ({location[0]}, {location[1]})", "alexis_house",
        x=location[0], y=location[1], index=location[2],
    )


def play_house(game: Table, action: ChooseHouse) -> None:
    """`ChooseHouse`: the human picks the location of Alexis's house on the current island."""
    if game.stage != HOUSE:
        raise IllegalAction(
            "wrong_step", f"no Alexis house waits for a location (step: {game.stage})"
        )
    solo = state_of(game)
    assert solo.pending_islands
    x, y, index = action.x, action.y, action.index
    if (x, y, index) not in solo.pending_islands[0]:
        raise IllegalAction(
            "not_a_choice",
            f"({x}, {y}) location {index} is not a free house location of the island "
            f"Alexis builds on now",
        )
    solo.pending_islands.pop(0)
    put_alexis_house(game, (x, y, index))
    continue_houses(game)


def end_alexis_reward(game: Table) -> None:
    """Reshuffle all of Alexis's cards and pass the reward phase on."""
    solo = state_of(game)
    finish_card(solo)
    solo.stack += solo.discard
    solo.discard = []
    game.rng.shuffle(solo.stack)
    game.next_reward(ALEXIS)


# -------------------------------------------------------------------- scoring
def alexis_score(game: Table) -> dict[str, int]:
    """Alexis's final score: PP + ports around every grey ship + the level bonus."""
    board = game.board
    ports = sum(
        board.ports_around(x, y)
        for (x, y) in board.ship_cells()
        if board.tiles[(x, y)].owner == GREY
    )
    alexis = game.seats[ALEXIS]
    bonus = LEVELS[state_of(game).level][2] + alexis.houses_placed
    return {"prestige": alexis.pp, "ship_ports": ports, "alexis_bonus": bonus}


def solo_json(game: Table) -> dict[str, Any]:
    """Alexis's public state: level, the card he is carrying out, counts, pending choices."""
    s = state_of(game)
    card = CARD_BY_ID[s.card] if s.card else None
    return {
        "level": s.level,
        "level_bonus": LEVELS[s.level][2],
        "card": None
        if card is None
        else {
            "id": card.id,
            "kind": card.kind,
            "slot": card.slot,
            "directions": list(card.directions),
            "mission": card.mission,
            "text": card.describe(),
        },
        "stack_count": len(s.stack),
        "discard": list(s.discard),
        "human_last": list(s.human_last) if s.human_last else None,
        "pending_tile": tile_json(s.pending_tile),
        "pending_cell": list(s.pending_cell) if s.pending_cell else None,
        "pending_rotations": list(s.pending_rotations),
        "pending_houses": [list(loc) for loc in s.pending_islands[0]] if s.pending_islands else [],
        "removed": list(s.removed),
    }


# ------------------------------------------------------------------ automaton
class Alexis(Automaton):
    """Alexis as the game's automaton: the hooks of `hooks.Automaton`, filled in."""

    name = "alexis"
    first_player = HUMAN
    turn_stage = STEP
    stage_names: Mapping[str, str] = {
        STEP: "Alexis's step",
        HOUSE: "a choice for Alexis's house",
        ROTATION: "a choice of rotation for Alexis's tile",
    }
    handlers: Mapping[tuple[str, type[Action]], Handler] = {
        ("exploration", AlexisStep): play_step,
        ("exploration", ChooseRotation): play_rotation,
        ("reward", AlexisStep): play_step,
        ("reward", ChooseHouse): play_house,
    }
    score_columns = ("alexis_bonus",)
    view_key = "solo"

    def seats(self, options: Options) -> list[SeatState]:
        """Alexis's seat: 8 houses in stock, no reserve, no bonus tokens."""
        colours = options.colours or ()
        return [
            SeatState(ALEXIS_NAME, colours[1], "alexis", stock=8, reserve=0, bonus=0, alexis=True)
        ]

    def new_state(self, game: Table) -> SoloState:
        """His shuffled stack of the level's cards."""
        return build_stack(game)

    def legal(self, game: Table) -> list[Action]:
        """His step, or the human's choices for him."""
        if game.stage == ROTATION:
            return [ChooseRotation(r) for r in state_of(game).pending_rotations]
        if game.stage == HOUSE:
            return [ChooseHouse(x, y, i) for x, y, i in state_of(game).pending_islands[0]]
        return [AlexisStep()]

    def placed(self, game: Table, seat: int, cell: Cell) -> None:
        """Remember the human's latest tile: his direction rule starts from it."""
        if seat != ALEXIS:
            state_of(game).human_last = cell

    def score(self, game: Table, seat: int) -> dict[str, int]:
        """His prestige, grey ships' ports and level bonus."""
        return alexis_score(game)

    def rank_key(self, game: Table, row: Mapping[str, Any]) -> tuple[int, ...]:
        """The human wins only with a strictly higher score."""
        return (row["total"], 1 if game.seats[row["seat"]].alexis else 0)

    def public_view(self, game: Table) -> dict[str, Any]:
        """See `solo_json`."""
        return solo_json(game)
