"""Small Islands rules engine: pure Python, standard library only.

>>> from small_islands import Game, Options
>>> g = Game.new(Options(seats=("Ann", "Bob"), mode="normal", seed=7))
>>> g.phase
'setup'
"""

from .actions import (  # noqa: E402
    Action,
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
from .board import Board, Island  # noqa: E402
from .content import STARTING_TILES, TILE_BY_ID, TILES  # noqa: E402
from .errors import IllegalAction, MalformedInput  # noqa: E402
from .game import Game  # noqa: E402
from .objectives import DISCOVERY_VALUES, MISSIONS, OBJECTIVES, REWARDS  # noqa: E402
from .options import Options  # noqa: E402
from .save import FORMAT  # noqa: E402
from .tiles import SHIP_TILE, Tile  # noqa: E402
from .version import __version__

__all__ = [
    "Action",
    "AlexisStep",
    "Board",
    "ChooseHouse",
    "ChooseRotation",
    "ChooseObjective",
    "DISCOVERY_VALUES",
    "DiscardTile",
    "EndReward",
    "EndTurn",
    "FORMAT",
    "Game",
    "IllegalAction",
    "Island",
    "KeepDiscovery",
    "Land",
    "MISSIONS",
    "MalformedInput",
    "OBJECTIVES",
    "Options",
    "PlaceHouse",
    "PlacePortToken",
    "PlaceResourceToken",
    "PlaceTile",
    "REWARDS",
    "SHIP_TILE",
    "STARTING_TILES",
    "StartLayout",
    "TILES",
    "TILE_BY_ID",
    "TakeTile",
    "Tile",
    "__version__",
]
