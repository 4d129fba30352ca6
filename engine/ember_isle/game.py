"""The game: setup, turns, raises and distributions, the end and scoring.

A game is fully defined by its `Options` (seed included) and the list of actions played,
so the save format is event-sourced and `Game.from_json(g.to_json())` replays to the same
state. One `random.Random` owned by the state makes every shuffle (chance is an actor).
Every decision is an `Action` of the seat `to_move`. `play` accepts exactly the actions
`legal_actions()` lists (one cached set per position); anything else raises an
`IllegalAction` with a specific code, and the state is left unchanged.

>>> g = Game.new(Options(seats=("Ann", "Bob"), seed=7))
>>> g.phase, g.stage
('setup', 'triads')
>>> while g.phase == "setup":
...     g.play(g.legal_actions()[0])
>>> g.phase, len(g.seats[0].hand)
('play', 6)
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game_kit.save import SaveFormat, replay

from . import distribution, rules, setup, turn
from .actions import Action
from .board import Board
from .content import (
    AMULETS,
    CLUE_CARDS,
    COLUMNS,
    CUBES,
    CURSE,
    CURSES,
    DEFAULT_MAP,
    INITIAL_DECK,
    LAVA_HEXES,
    LAVA_TILES,
    treasure_values,
)
from .errors import IllegalAction
from .hexes import Hex, bit, count, iter_hexes
from .options import Options
from .state import PHASE_OF, Column, Distribution, Seat, Turn

if TYPE_CHECKING:
    from .view import PublicView, SeatView

__version__ = "0.1.0"
FORMAT = "ember-isle/1"
SAVE = SaveFormat(FORMAT, "Ember Isle", __version__, Options.from_json, Action)


class Game:
    """A game of Ember Isle. Create with `Game.new(options)` or `Game.from_json(text)`."""

    def __init__(self, options: Options) -> None:
        """Deal a new game from `options` (use `Game.new`)."""
        self.options = options.with_seed()
        self.rng = random.Random(self.options.seed)
        self.actions: list[Action] = []
        self.log: list[dict[str, Any]] = []
        self.stage = "objects"
        self.to_move: int | None = None
        self.turn: Turn | None = None
        self.dist: Distribution | None = None
        self.ending = False
        self.end_reason: str | None = None
        self.stall = 0
        self.turns = 0
        self.seed_card: str | None = None
        self.setup_order: list[int] = []
        self.objects_placed = 0
        self.amulets: list[Hex] = []  # amulets lying on the map (at most one per hex)
        self.amulet_supply = AMULETS
        self.lava_supply = LAVA_HEXES
        self.tiles: list[str] = list(LAVA_TILES) if self.options.volcano else []
        self.columns = {name: Column(name) for name in COLUMNS}
        self.clue_deck: list[str] = []
        self.clue_discard: list[str] = []
        self.treasure_deck: list[int] = []
        self.treasure_discard: list[int] = []
        self._undo_floor = 0
        self._revealed = False
        self._legal: tuple[list[Action], set[Action]] | None = None
        self._cand: dict[str, int] = {}
        self.memo: dict[str, Any] = {}  # per-position results shared by the legal generators
        self._deal()

    @classmethod
    def new(cls, options: Options | None = None) -> Game:
        """A new game at its first setup decision."""
        return cls(options or Options())

    def _deal(self) -> None:
        """Setup steps 1-5: map, objects, first player, decks (in this rng order)."""
        opts, rng = self.options, self.rng
        name = opts.map
        if name == "default":
            name = DEFAULT_MAP
        elif name == "random":
            segments = ["A", "B", "C"]
            rng.shuffle(segments)
            name = "".join(s + rng.choice(("1", "2")) for s in segments)
        self.board = Board.from_arrangement(name, opts.volcano)
        setup.place_objects(self)
        colours = opts.colours or ()
        self.seats = [
            Seat(seat_name, colours[i], opts.bots.get(i)) for i, seat_name in enumerate(opts.seats)
        ]
        fp = opts.first_player
        self.first_player = fp if fp is not None else rng.randrange(len(self.seats))
        values = treasure_values()
        rng.shuffle(values)
        initial, rest = values[:INITIAL_DECK], values[INITIAL_DECK:] + [CURSE] * CURSES
        rng.shuffle(rest)
        self.treasure_deck = rest + initial  # the top card is the last one
        self.clue_deck = list(CLUE_CARDS)
        rng.shuffle(self.clue_deck)
        setup.begin(self)

    # --------------------------------------------------------------- interface
    @property
    def phase(self) -> str:
        """``"setup"``, ``"play"``, ``"distribution"`` or ``"over"``."""
        return PHASE_OF[self.stage]

    def seat_order(self, start: int | None = None) -> list[int]:
        """Seats clockwise from `start` (default: the first player)."""
        n = len(self.seats)
        first = self.first_player if start is None else start
        return [(first + i) % n for i in range(n)]

    def legal_actions(self) -> list[Action]:
        """Every action the seat `to_move` may take now (empty when the game is over)."""
        return list(self._legal_pair()[0])

    def _legal_pair(self) -> tuple[list[Action], set[Action]]:
        if self._legal is None:
            found = [] if self.stage == "over" else rules.LEGAL[self.stage](self)
            self._legal = (found, set(found))
        return self._legal

    def _is_legal(self, action: Action) -> bool:
        """Is `action` one of `legal_actions()`? (Only its own class is generated when the
        position's list is not cached yet: the same set, cheaper for replays.)"""
        if self._legal is not None:
            return action in self._legal[1]
        if self.stage == "over":
            return False
        return action in rules.legal_of(self, type(action), action)

    def play(self, action: Action, seat: int | None = None) -> None:
        """Apply `action` for the seat to move, or raise `IllegalAction` (state unchanged).

        `seat`, when given, is the seat the caller acts for: a mismatch raises
        ``not_your_turn``. Input that is not an action of this game raises `MalformedInput`.
        """
        rules.check_form(action)
        if self.stage == "over":
            raise IllegalAction("game_over", f"the game is over; {action.type} is not possible")
        if seat is not None and seat != self.to_move:
            raise IllegalAction("not_your_turn", f"it is not seat {seat}'s turn ({action.type})")
        if not self._is_legal(action):
            rules.explain(self, action)
            raise IllegalAction("not_allowed", f"{action.to_json()} is not allowed now")
        before = self.to_move
        self._revealed = False
        rules.APPLY[type(action)](self, action)
        self.actions.append(action)
        self.forget_legal()
        rules.settle(self)
        if self._revealed or self.to_move != before:
            self._undo_floor = len(self.actions)

    def changed(self) -> None:
        """The board or a column changed: forget cached candidates and legal actions.

        `play` forgets the legal actions after every action by itself; the rules call this
        wherever candidates may change (clues, lava, cubes, raises, setup), and so must
        anything that edits a game's state directly.
        """
        self.forget_legal()
        self._cand = {}

    def forget_legal(self) -> None:
        """Forget the cached legal actions (the position changed, candidates did not)."""
        self._legal = None
        self.memo = {}

    def can_undo(self) -> bool:
        """Can the last action be taken back (same turn, nothing hidden revealed since)?"""
        return len(self.actions) > self._undo_floor

    def undo(self) -> Game:
        """A new game with the last action taken back (see `can_undo`)."""
        if not self.can_undo():
            raise IllegalAction(
                "cannot_undo", "nothing to undo: the turn changed or a card was drawn or shown"
            )
        return Game.replay(self.options, self.actions[:-1])

    def clone(self) -> Game:
        """An independent copy of the whole state (for search and tests; secrets included)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.board = self.board.copy()
        g.seats = [replace(s, hand=list(s.hand), treasure=list(s.treasure)) for s in self.seats]
        g.columns = {
            k: Column(k, [replace(c) for c in col.clues], col.removed)
            for k, col in self.columns.items()
        }
        g.turn = replace(self.turn) if self.turn else None
        g.dist = _copy_dist(self.dist) if self.dist else None
        for name in (
            "actions",
            "log",
            "amulets",
            "tiles",
            "clue_deck",
            "clue_discard",
            "treasure_deck",
            "treasure_discard",
            "setup_order",
        ):
            setattr(g, name, list(getattr(self, name)))
        g._cand = dict(self._cand)
        g.memo = {}
        g._legal = None
        return g

    @classmethod
    def replay(cls, options: Options, actions: list[Action]) -> Game:
        """The game reached by playing `actions` from `options` (`MalformedInput` naming the
        first action that does not replay)."""
        return replay(cls(options), actions)

    # ------------------------------------------------------------- candidates
    def candidates(self, column: str) -> int:
        """The candidate set of a column (section 7.1), as a hex mask."""
        found = self._cand.get(column)
        if found is None:
            col = self.columns[column]
            found = self._cand[column] = self.board.candidates(col.predicates(), col.removed)
        return found

    def candidate_hexes(self, column: str) -> list[Hex]:
        """The candidate hexes of a column, sorted."""
        return sorted(iter_hexes(self.candidates(column)))

    def cubes(self, column: str) -> list[Hex]:
        """Where the column's cubes stand: every candidate when there are at most 16."""
        cand = self.candidates(column)
        return sorted(iter_hexes(cand)) if count(cand) <= CUBES else []

    def located(self, column: str) -> Hex | None:
        """The treasure's hex when exactly one candidate is left."""
        cand = self.candidates(column)
        return next(iter(iter_hexes(cand))) if count(cand) == 1 else None

    def is_located_at(self, column: str, h: Hex) -> bool:
        """Is the treasure of `column` located on `h`?"""
        return self.candidates(column) == bit(h)

    # ------------------------------------------------------------ phase steps
    def begin_turn(self, seat: int) -> None:
        """`seat` begins a turn (the phases hand over through the game, never to each other)."""
        turn.begin_turn(self, seat)

    def end_turn(self) -> None:
        """The seat to move ends its turn."""
        turn.end_turn(self)

    def start_distribution(self, column: str) -> None:
        """A treasure was raised: the claim-or-pass distribution of its column starts."""
        distribution.start(self, column)

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> SeatView:
        """What `seat` may know, as JSON-safe data: `ember_isle.view.seat_view`, whose type
        (`View`) names every key."""
        from .view import seat_view

        return seat_view(self, seat)

    def public_view(self) -> PublicView:
        """What anyone at the table may see (no seat's secrets): `ember_isle.view.
        public_view`, whose type is `View`."""
        from .view import public_view

        return public_view(self)

    def scores(self) -> list[dict[str, Any]]:
        """Per seat: cards, total, amulets, raises and rank (full knowledge: for the end)."""
        rows = [
            {
                "seat": i,
                "name": s.name,
                "colour": s.colour,
                "cards": sorted(s.treasure, reverse=True),
                "total": sum(s.treasure),
                "amulets": s.amulets,
                "raises": s.raises,
            }
            for i, s in enumerate(self.seats)
        ]

        def key(r: dict[str, Any]) -> tuple[int, int, int]:
            return (r["total"], r["amulets"], r["raises"])

        for r in rows:
            r["rank"] = 1 + sum(1 for o in rows if key(o) > key(r))
        return rows

    def winners(self) -> list[int]:
        """Seats ranked first (several when they share the place, R20)."""
        return [r["seat"] for r in self.scores() if r["rank"] == 1]

    # ------------------------------------------------------------ save / load
    def to_json(self) -> str:
        """The event-sourced save: options plus every action played (`game_kit.save`)."""
        return SAVE.text(self.options, self.actions)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a save made by `to_json`.

        Anything else raises `MalformedInput` (never another exception) with a message that
        names where the save is wrong: ``options: ...``, ``action 12 (...) ...``.
        """
        return cls.replay(*SAVE.read(text))

    def state(self) -> dict[str, Any]:
        """The complete state, secrets included (for tests and debugging, never players)."""
        return {
            "stage": self.stage,
            "to_move": self.to_move,
            "first_player": self.first_player,
            "seats": [vars(s).copy() for s in self.seats],
            "board": self.board.to_json(),
            "columns": {
                k: ([vars(c).copy() for c in col.clues], col.removed)
                for k, col in self.columns.items()
            },
            "turn": vars(self.turn).copy() if self.turn else None,
            "dist": vars(self.dist).copy() if self.dist else None,
            "amulets": list(self.amulets),
            "supply": (self.amulet_supply, self.lava_supply, list(self.tiles)),
            "clue_deck": list(self.clue_deck),
            "clue_discard": list(self.clue_discard),
            "treasure_deck": list(self.treasure_deck),
            "treasure_discard": list(self.treasure_discard),
            "setup": (self.seed_card, list(self.setup_order), self.objects_placed),
            "end": (self.ending, self.end_reason, self.stall, self.turns),
            "rng": self.rng.getstate(),
            "log": [dict(e) for e in self.log],
        }

    # ---------------------------------------------------------------- helpers
    def note(self, event: str, seat: int | None = None, **data: Any) -> None:
        """Append a public event to the game log (JSON-safe data, no secrets)."""
        self.log.append({"turn": self.turns, "event": event, "seat": seat, **data})

    def draw_clue(self) -> str | None:
        """The top clue card (the discard reshuffled when the deck is empty), or None."""
        if not self.clue_deck and self.clue_discard:
            self.clue_deck = self.clue_discard
            self.clue_discard = []
            self.rng.shuffle(self.clue_deck)
            self.note("clue_reshuffle")
        self._revealed = True
        return self.clue_deck.pop() if self.clue_deck else None

    def draw_treasure(self) -> int | None:
        """The top treasure card; an empty deck is refilled from the discard (the game ends)."""
        if not self.treasure_deck and self.treasure_discard:
            self.treasure_deck = self.treasure_discard
            self.treasure_discard = []
            self.rng.shuffle(self.treasure_deck)
            self.ending = True
            self.note("treasure_reshuffle")
        self._revealed = True
        return self.treasure_deck.pop() if self.treasure_deck else None

    def end_game(self, reason: str) -> None:
        """The game is over (``"deck"`` or ``"stall"``)."""
        self.stage = "over"
        self.to_move = None
        self.end_reason = reason
        self.dist = None
        self._revealed = True
        self.note("game_over", reason=reason)

    def mark_revealed(self) -> None:
        """Something hidden was shown: undo cannot go back past this action."""
        self._revealed = True


def _copy_dist(d: Distribution) -> Distribution:
    return replace(
        d,
        roses=list(d.roses),
        pool=list(d.pool),
        inspected={k: list(v) for k, v in d.inspected.items()},
        asking=list(d.asking),
        wards=list(d.wards),
    )
