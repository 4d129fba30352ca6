"""Ember Isle rules engine: pure Python, standard library only.

A deduction treasure hunt on a hex island beneath a volcano (spec: docs/EMBER.md).

>>> from ember_isle import Game, Options
>>> g = Game.new(Options(seats=("Ann", "Bob"), seed=7))
>>> g.phase
'setup'
"""

from .actions import (
    ACTION_TYPES,
    Action,
    Bound,
    BuyPower,
    Claim,
    Decline,
    EndTurn,
    LeaveAmulet,
    Pass,
    PlaceLava,
    PlaceObject,
    PlaceRover,
    PlaceTriad,
    PlayClue,
    PlayLavaTile,
    Raise,
    RemoveCube,
    SeedColumn,
    StopMove,
    Swap,
    TakeAmulet,
    WardCurse,
)
from .board import Board
from .errors import IllegalAction, MalformedInput
from .game import FORMAT, Game, __version__
from .options import Options

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Board",
    "Bound",
    "BuyPower",
    "Claim",
    "Decline",
    "EndTurn",
    "FORMAT",
    "Game",
    "IllegalAction",
    "LeaveAmulet",
    "MalformedInput",
    "Options",
    "Pass",
    "PlaceLava",
    "PlaceObject",
    "PlaceRover",
    "PlaceTriad",
    "PlayClue",
    "PlayLavaTile",
    "Raise",
    "RemoveCube",
    "SeedColumn",
    "StopMove",
    "Swap",
    "TakeAmulet",
    "WardCurse",
    "__version__",
]
