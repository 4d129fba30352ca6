"""The one place that hides secrets: what a seat may know (section 11), as JSON-safe data.

A view holds the public map (terrain, volcano, lava, objects, facings, amulets, rovers),
every column (clues, rose owners, removed hexes, candidates, cubes, located hex), the
counts of every hidden stack, the face-up clue discard, the public log, each seat's public
pieces and counts, plus the viewing seat's own clue hand, treasure values and -- during a
distribution -- the cards it inspected; when that seat is to move, its legal actions and
targets (with the candidate count each clue would leave). It never holds another seat's
hand, treasure values or inspected cards, any deck or pool order, or the generator state.
Once the game is over every hand and treasure card is shown with the scores.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from .actions import Action, Bound, PlaceLava, Raise, RemoveCube
from .board import Board, BoardJson
from .content import CUBES, LAVA_TILES
from .errors import short
from .hexes import Hex, bit, count, hexes_of, iter_hexes
from .movement import bound_targets
from .state import GameState
from .turn import can_pay

# ------------------------------------------------------------------ the views' types
# Plain dicts at run time (JSON-safe); the types say which keys each holds.


class ClueView(TypedDict):
    """A clue in a column: the card (or the lava tile's), the tile, the rose's owner."""

    card: str
    tile: str | None
    rose: int | None


class ColumnView(TypedDict):
    """A treasure's column: its clues, the hexes removed, the candidates left, where the
    cubes stand (at most 16 candidates), the hex once it is located."""

    name: str
    clues: list[ClueView]
    removed: list[list[int]]
    candidates: list[list[int]]
    count: int
    cubes: list[list[int]]
    located: list[int] | None


class SupplyView(TypedDict):
    amulets: int
    lava: int
    tiles: list[str]


class DecksView(TypedDict):
    """How many cards each face-down stack holds."""

    clues: int
    treasure: int
    treasure_discard: int


class SeatPartView(TypedDict):
    """A seat's public pieces and counts; its `hand` and `treasure` to itself (and to all
    once the game is over), else None."""

    seat: int
    name: str
    colour: str
    bot: str | None
    hand_size: int
    roses: int
    amulets: int
    treasure_count: int
    rover: list[int] | None
    raises: int
    hand: list[str] | None
    treasure: list[int] | None


class TurnStateView(TypedDict):
    seat: int
    main_done: bool
    bounds: int
    extra_move: bool


class DistributionView(TypedDict):
    """A raised treasure's distribution; `inspected`: the cards the viewing seat saw."""

    column: str
    raiser: int
    roses: list[int]
    pool_size: int
    card: int | None
    asking: list[int]
    wards: list[int]
    last_claimer: int | None
    dealt: int
    inspected: list[int]


class BoundTarget(TypedDict):
    """A hex the rover may bound to; `lava`: the bound crosses lava (it costs)."""

    hex: list[int]
    lava: bool


# What the UI highlights for the seat to move (`targets`): the legal bounds, lava hexes,
# columns to raise or remove a cube from, and per clue card in hand (and per lava tile) how
# many candidates each column would keep. (``raise`` is a keyword: the functional form.)
TargetsView = TypedDict(
    "TargetsView",
    {
        "bounds": list[BoundTarget],
        "lava": list[list[int]],
        "raise": list[str],
        "cubes": list[str],
        "clue_counts": dict[str, dict[str, int]],
        "tile_counts": dict[str, dict[str, int]],
    },
)


class View(TypedDict):
    """What a seat may know (`seat_view`), or anyone at the table (`public_view`: `seat`
    None, no hand or treasure but at the end, no legal actions)."""

    game: Literal["ember-isle"]
    seat: int | None
    phase: str
    stage: str
    to_move: int | None
    first_player: int
    turn: int
    stall: int
    ending: bool
    end_reason: str | None
    volcano: bool
    board: BoardJson
    amulets: list[list[int]]
    columns: list[ColumnView]
    supply: SupplyView
    decks: DecksView
    clue_discard: list[str]
    seed_card: str | None
    seats: list[SeatPartView]
    turn_state: TurnStateView | None
    distribution: DistributionView | None
    log: list[dict[str, Any]]
    legal: list[dict[str, Any]]  # the legal actions' JSON (`Action.to_json`), in order
    targets: TargetsView | None
    scores: list[dict[str, Any]] | None


SeatView = View
PublicView = View


def seat_view(game: GameState, seat: int) -> SeatView:
    """Everything `seat` may know now."""
    if not (isinstance(seat, int) and 0 <= seat < len(game.seats)):
        raise ValueError(f"no seat {short(seat)} in this game")
    return _view(game, seat)


def public_view(game: GameState) -> PublicView:
    """What anyone at the table may see (a screen between two people, a computers' game): a
    seat view of no seat, so no hand, treasure value or inspected card (until the game is
    over), no legal actions (``"seat": None``)."""
    return _view(game, None)


def _view(game: GameState, seat: int | None) -> View:
    over = game.stage == "over"
    view: View = {
        "game": "ember-isle",
        "seat": seat,
        "phase": game.phase,
        "stage": game.stage,
        "to_move": game.to_move,
        "first_player": game.first_player,
        "turn": game.turns,
        "stall": game.stall,
        "ending": game.ending,
        "end_reason": game.end_reason,
        "volcano": game.options.volcano,
        "board": game.board.to_json(),
        "amulets": [list(h) for h in sorted(game.amulets)],
        "columns": [_column(game, name) for name in game.columns],
        "supply": {
            "amulets": game.amulet_supply,
            "lava": game.lava_supply,
            "tiles": list(game.tiles),
        },
        "decks": {
            "clues": len(game.clue_deck),
            "treasure": len(game.treasure_deck),
            "treasure_discard": len(game.treasure_discard),
        },
        "clue_discard": list(game.clue_discard),
        "seed_card": game.seed_card,
        "seats": [_seat(game, i, seat, over) for i in range(len(game.seats))],
        "turn_state": _turn_state(game),
        "distribution": _distribution(game, seat),
        "log": [dict(e) for e in game.log],
        "legal": [],
        "targets": None,
        "scores": game.scores() if over else None,
    }
    if seat is not None and game.to_move == seat:
        legal = game.legal_actions()
        view["legal"] = [a.to_json() for a in legal]
        view["targets"] = targets(game, seat, legal)
    return view


def _column(game: GameState, name: str) -> ColumnView:
    col = game.columns[name]
    cand = game.candidates(name)
    return {
        "name": name,
        "clues": [{"card": c.card, "tile": c.tile, "rose": c.rose} for c in col.clues],
        "removed": [list(h) for h in sorted(iter_hexes(col.removed))],
        "candidates": [list(h) for h in sorted(iter_hexes(cand))],
        "count": count(cand),
        "cubes": [list(h) for h in sorted(iter_hexes(cand))] if count(cand) <= CUBES else [],
        "located": list(game.located(name) or ()) or None,
    }


def _seat(game: GameState, i: int, viewer: int | None, over: bool) -> SeatPartView:
    s = game.seats[i]
    out: SeatPartView = {
        "seat": i,
        "name": s.name,
        "colour": s.colour,
        "bot": s.bot,
        "hand_size": len(s.hand),
        "roses": s.roses,
        "amulets": s.amulets,
        "treasure_count": len(s.treasure),
        "rover": list(s.rover) if s.rover is not None else None,
        "raises": s.raises,
        "hand": None,
        "treasure": None,
    }
    if i == viewer or over:
        out["hand"] = list(s.hand)
        out["treasure"] = sorted(s.treasure, reverse=True)
    return out


def _turn_state(game: GameState) -> TurnStateView | None:
    t = game.turn
    if t is None or game.stage == "over":
        return None
    return {
        "seat": t.seat,
        "main_done": t.main_done,
        "bounds": t.bounds,
        "extra_move": t.extra_move,
    }


def _distribution(game: GameState, viewer: int | None) -> DistributionView | None:
    d = game.dist
    if d is None:
        return None
    return {
        "column": d.column,
        "raiser": d.raiser,
        "roses": list(d.roses),
        "pool_size": len(d.pool),
        "card": d.card,
        "asking": list(d.asking) if game.stage == "offer" else [],
        "wards": list(d.wards) if game.stage == "ward" else [],
        "last_claimer": d.last_claimer,
        "dealt": d.dealt,
        "inspected": list(d.inspected.get(viewer, [])) if viewer is not None else [],
    }


def targets(game: GameState, seat: int, legal: list[Action]) -> TargetsView:
    """What the UI highlights for the seat to move: destinations, lava, clue effects."""
    bounds: list[BoundTarget] = []
    s = game.seats[seat]
    if s.rover is not None and game.board.lava:
        rover = s.rover
        used = game.turn.bounds if game.turn is not None and game.stage == "move" else 0
        _, paid = bound_targets(game.board, rover, used, can_pay(s))
    else:
        paid = 0
    for a in legal:
        if isinstance(a, Bound):
            bounds.append({"hex": list(a.hex), "lava": bool(paid & bit(a.hex))})
    return {
        "bounds": bounds,
        "lava": [list(a.hex) for a in legal if isinstance(a, PlaceLava)],
        "raise": [a.column for a in legal if isinstance(a, Raise)],
        "cubes": sorted({a.column for a in legal if isinstance(a, RemoveCube)}),
        "clue_counts": {
            card: {name: count_after_game(game, card, name) for name in game.columns}
            for card in s.hand
        },
        "tile_counts": {
            tile: {name: count_after_game(game, tile, name) for name in game.columns}
            for tile in game.tiles
        },
    }


def count_after_game(game: GameState, clue: str, column: str) -> int:
    """How many spaces the column keeps if `clue` (a card id or a tile V1-V4) joins it."""
    predicate = LAVA_TILES.get(clue, clue)
    return count(game.candidates(column) & game.board.predicate(predicate))


# ------------------------------------------------------- previews on a view
def board_from_view(view: Mapping[str, Any]) -> Board:
    """The public board of a view (terrain, volcano, lava, objects)."""
    return Board.from_json(view["board"])


def candidates_after(
    view: View | dict[str, Any], clue: str, column: str, board: Board | None = None
) -> list[Hex]:
    """The spaces a column keeps if `clue` (a card id or a lava tile V1-V4) is added to it.

    A pure function of the view, for previews ("this clue leaves 7 spaces"):

    >>> from ember_isle import Game, Options
    >>> g = Game.new(Options(seats=("Ann", "Bob"), seed=3))
    >>> len(candidates_after(g.view(0), "in:lake", "pearl"))
    7
    """
    b = board if board is not None else board_from_view(view)
    col = next(c for c in view["columns"] if c["name"] == column)
    removed = 0
    for h in col["removed"]:
        removed |= bit((h[0], h[1]))
    predicates = [LAVA_TILES[c["tile"]] if c["tile"] else c["card"] for c in col["clues"]]
    predicates.append(LAVA_TILES.get(clue, clue))
    return hexes_of(b.candidates(predicates, removed))


def count_after(
    view: View | dict[str, Any], clue: str, column: str, board: Board | None = None
) -> int:
    """How many spaces `candidates_after` leaves."""
    return len(candidates_after(view, clue, column, board))
