"""Missions (what an island must have), Rewards (what it earns) and Objective cards.

Counts include bonus tokens (the board's `symbol_count` applies them).

>>> from .board import Board
>>> from .tiles import Tile
>>> b = Board()
>>> b.place(Tile.parse("SSLLLSSS:flower,flower"), 5, 5, 0)
>>> b.place(Tile.parse("SSSSLLLS:flower,house"), 6, 5, 0)
>>> island = b.islands()[0]
>>> MISSIONS["M1"].holds(island, b), REWARDS["R1"].score(island, b)
(True, 5)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .board import Board, Island
from .errors import short
from .tiles import RESOURCES

Condition = Callable[[Island, Board], bool]
Scorer = Callable[[Island, Board, "str | None"], int]


@dataclass(frozen=True)
class Mission:
    """A condition an island must meet to receive a House."""

    id: str
    text: str
    condition: Condition

    def holds(self, island: Island, board: Board) -> bool:
        """Does `island` fulfil this mission now?"""
        return self.condition(island, board)

    def islands(self, board: Board, colour: str) -> list[Island]:
        """Islands that may take a house of `colour` for this mission now.

        2 tiles or more, no house of that colour yet, a free house location, mission met.
        """
        return [
            island
            for island in board.islands()
            if island.size >= 2
            and colour not in island.houses
            and island.free_house_locations()
            and self.holds(island, board)
        ]


@dataclass(frozen=True)
class Reward:
    """Prestige for an island that received a House.

    `choice` names a resource for the rewards that let the player pick one (R7, R11);
    without it the best resource is used. R10 (Discovery) returns the number of tokens to
    draw, not PP.
    """

    id: str
    text: str
    scorer: Scorer
    needs_choice: bool = False
    is_discovery: bool = False

    def score(self, island: Island, board: Board, choice: str | None = None) -> int:
        """PP this island earns (R10: Discovery tokens to draw)."""
        if choice is not None and (not self.needs_choice or choice not in RESOURCES):
            raise ValueError(f"reward {self.id} takes no choice {short(choice)}")
        return self.scorer(island, board, choice)


@dataclass(frozen=True)
class Objective:
    """A Normal-mode objective card: one mission and one reward."""

    id: str
    mission: str
    reward: str


def _resource_counts(island: Island) -> dict[str, int]:
    return {r: island.count(r) for r in RESOURCES}


def _picked(island: Island, choice: str | None) -> int:
    counts = _resource_counts(island)
    return counts[choice] if choice is not None else max(counts.values())


def _has_all_resources(island: Island, board: Board) -> bool:
    return all(island.count(r) >= 1 for r in RESOURCES)


def _near_ship(island: Island, board: Board) -> bool:
    return any(board.near_ship(cell) for cell in island.cells)


def _lowest_resource(island: Island, board: Board, choice: str | None) -> int:
    present = [n for n in _resource_counts(island).values() if n > 0]
    return 2 * min(present, default=0) + 2


def _by_size(island: Island, board: Board, choice: str | None) -> int:
    size = island.size
    if size >= 12:
        return 10
    if size >= 9:
        return 8
    if size >= 6:
        return 6
    return 4 if size >= 3 else 0


def _missions() -> dict[str, Mission]:
    def at_least(symbol: str, n: int) -> Condition:
        return lambda island, board: island.count(symbol) >= n

    table: list[tuple[str, str, Condition]] = [
        ("M1", "at least 2 Flowers", at_least("flower", 2)),
        ("M2", "at least 2 Fruits", at_least("fruit", 2)),
        ("M3", "at least 2 Leaves", at_least("leaf", 2)),
        ("M4", "at least 1 Flower, 1 Fruit and 1 Leaf", _has_all_resources),
        ("M5", "at least 2 Temples", at_least("temple", 2)),
        ("M6", "at least 2 Ports", at_least("port", 2)),
        ("M7", "at least 4 tiles", lambda island, board: island.size >= 4),
        ("M8", "at most 3 tiles", lambda island, board: island.size <= 3),
        ("M9", "be complete", lambda island, board: island.is_complete),
        ("M10", "a tile next to a Ship tile (orthogonally or diagonally)", _near_ship),
        ("M11", "no House of any colour yet", lambda island, board: not island.houses),
        (
            "M12",
            "at least 1 Temple and at least 1 Port",
            lambda island, board: island.count("temple") >= 1 and island.count("port") >= 1,
        ),
    ]
    return {mid: Mission(mid, text, cond) for mid, text, cond in table}


def _rewards() -> dict[str, Reward]:
    def per(symbol: str, each: int, bonus: int) -> Scorer:
        return lambda island, board, choice: each * island.count(symbol) + bonus

    table: list[tuple[str, str, Scorer, bool, bool]] = [
        ("R1", "1 PP per Flower, +2", per("flower", 1, 2), False, False),
        ("R2", "1 PP per Fruit, +2", per("fruit", 1, 2), False, False),
        ("R3", "1 PP per Leaf, +2", per("leaf", 1, 2), False, False),
        ("R4", "2 PP per Temple, +2", per("temple", 2, 2), False, False),
        ("R5", "1 PP per Port, +2", per("port", 1, 2), False, False),
        (
            "R6",
            "the least plentiful resource present: 2 PP per copy, +2",
            _lowest_resource,
            False,
            False,
        ),
        (
            "R7",
            "pick a resource: 1 PP per copy, +2",
            lambda island, board, choice: _picked(island, choice) + 2,
            True,
            False,
        ),
        ("R8", "6 PP", lambda island, board, choice: 6, False, False),
        (
            "R9",
            "by size: 3-5 tiles 4, 6-8 tiles 6, 9-11 tiles 8, 12+ tiles 10",
            _by_size,
            False,
            False,
        ),
        (
            "R10",
            "Discovery: draw 1 token per Temple, keep 1",
            lambda island, board, choice: island.count("temple"),
            False,
            True,
        ),
        (
            "R11",
            "pick a resource: 1 PP per copy, +1 per pair of Ports",
            lambda island, board, choice: _picked(island, choice) + island.count("port") // 2,
            True,
            False,
        ),
        (
            "R12",
            "1 PP per House location, free or taken",
            lambda island, board, choice: island.count("house"),
            False,
            False,
        ),
    ]
    return {
        rid: Reward(rid, text, scorer, needs_choice, discovery)
        for rid, text, scorer, needs_choice, discovery in table
    }


MISSIONS: dict[str, Mission] = _missions()
REWARDS: dict[str, Reward] = _rewards()
OBJECTIVES: dict[str, Objective] = {
    f"O{i}": Objective(f"O{i}", f"M{m}", f"R{r}")
    for i, (m, r) in enumerate(
        [
            (1, 1),
            (2, 2),
            (3, 3),
            (4, 6),
            (5, 10),
            (6, 11),
            (7, 9),
            (8, 8),
            (9, 12),
            (10, 7),
            (11, 5),
            (12, 4),
        ],
        start=1,
    )
}
DISCOVERY_VALUES: tuple[int, ...] = (1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6)
