"""The game: setup, rounds of preparation / exploration / reward, end and scoring.

A game is fully defined by its `Options` (seed included) and the list of actions played,
so the save format is event-sourced and `Game.from_json(g.to_json())` replays to the same
state. Every decision is an `Action` taken by the seat `to_move`; `play` validates it in
full before changing anything, so an `IllegalAction` leaves the state untouched.

>>> g = Game.new(Options(seats=("Ann", "Bob"), seed=7))
>>> g.phase, g.to_move
('setup', 1)
>>> g.play(g.legal_actions()[0]); g.phase
'preparation'
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from . import __version__, solo
from .actions import (
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
from .board import Board, Cell, Island
from .content import STARTING_TILES, TILE_BY_ID, TILES
from .errors import IllegalAction, MalformedInput, short
from .modes import MODES, Mode
from .objectives import DISCOVERY_VALUES, MISSIONS, REWARDS
from .options import Options
from .tiles import ALL_LAND, RESOURCES, SHIP_TILE, Tile

FORMAT = "small-islands/1"
MAX_SAVE_DEPTH = 16  # a save nests 5 deep; deeper text is refused before it is parsed
HAND_SIZE = 2
DISPLAY_SIZE = 3
NAVIGATION_SIZE = 6
SHIPS = 4
HOUSES_IN_STOCK = 4
HOUSES_IN_RESERVE = 4
BONUS_TOKENS = 4
GREY = "grey"


@dataclass
class SeatState:
    """One player's pieces, cards and score (secrets included: views filter them)."""

    name: str
    colour: str
    bot: str | None = None
    hand: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    now: str | None = None
    later: str | None = None
    revealed: bool = False
    stock: int = HOUSES_IN_STOCK
    reserve: int = HOUSES_IN_RESERVE
    bonus: int = BONUS_TOKENS
    pp: int = 0
    discovery: list[int] = field(default_factory=list)
    houses_placed: int = 0
    ship_cell: Cell | None = None
    last_tile: int = -1
    ship_order: int = -1
    ship_gone: bool = False  # solo: Alexis took this ship, flipped grey
    alexis: bool = False  # solo: this seat is Alexis


class Game:
    """A game of Small Islands. Create with `Game.new(options)` or `Game.from_json(text)`."""

    def __init__(self, options: Options) -> None:
        """Deal a new game from `options` (use `Game.new`)."""
        self.options = options.with_seed()
        self.mode: Mode = MODES[self.options.mode]
        self.rng = random.Random(self.options.seed)
        self.board = Board(*self.options.table)
        self.actions: list[Action] = []
        self.log: list[dict[str, Any]] = []
        self.phase = "setup"
        self.round = 0
        self.stage: str | None = None
        self.end_reason: str | None = None
        self.taken_slot: int | None = None
        self.ship_placer: int | None = None
        self.final_reward = False
        self.reward_order: list[int] = []
        self.pending_discovery: list[int] = []
        self.boxed: list[str] = []
        self.placements = 0
        self.stats = {"turns": 0, "blocked_turns": 0}
        self.solo: solo.SoloState | None = None
        self._undo_floor = 0
        self._revealed = False
        self._legal_cache: tuple[list[Action], frozenset[Action]] | None = None
        self._deal()

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, options: Options | None = None) -> Game:
        """A new game at its setup phase."""
        return cls(options or Options())

    def _deal(self) -> None:
        """Setup steps 1 and 3-8 (the starting tiles wait for the first player)."""
        opts, rng = self.options, self.rng
        colours = opts.colours or ()
        self.seats = [
            SeatState(name, colours[i], opts.bots.get(i)) for i, name in enumerate(opts.seats)
        ]
        humans = len(self.seats)
        if opts.solo:
            self.seats.append(
                SeatState(
                    solo.ALEXIS_NAME, colours[1], "alexis", stock=8, reserve=0, bonus=0, alexis=True
                )
            )
            self.first_player = solo.HUMAN
        elif opts.first_player is not None:
            self.first_player = opts.first_player
        else:
            self.first_player = rng.randrange(humans)
        self.to_move: int | None = self.first_player
        self.reserve = [t.id for t in TILES]
        rng.shuffle(self.reserve)
        self.grey_ships = SHIPS - humans
        self.display: list[str | None] = [self.reserve.pop() for _ in range(DISPLAY_SIZE)]
        self.navigation: list[str] = []
        self.discovery_bag = list(DISCOVERY_VALUES)
        rng.shuffle(self.discovery_bag)
        for seat in self._players(self.first_player):
            self.seats[seat].hand = [self.reserve.pop() for _ in range(HAND_SIZE)]
        self.decks: dict[str, list[str]] = {}
        for prefix in self.mode.decks:
            self.decks[prefix] = self.mode.deck(prefix)
            rng.shuffle(self.decks[prefix])
        self._deal_cards(1)
        if opts.solo:
            self.solo = solo.build_stack(self)

    def _deal_cards(self, count: int) -> None:
        """Each player, clockwise from the first player, draws `count` cards of every deck."""
        for seat in self._players(self.first_player):
            for prefix in self.mode.decks:
                for _ in range(count):
                    self.seats[seat].held.append(self.decks[prefix].pop())

    def _clockwise(self, start: int) -> list[int]:
        n = len(self.seats)
        return [(start + i) % n for i in range(n)]

    def _players(self, start: int) -> list[int]:
        """Seats clockwise from `start` that hold cards and tiles (everyone but Alexis)."""
        return [i for i in self._clockwise(start) if not self.seats[i].alexis]

    def middle(self) -> tuple[int, int, int, int]:
        """The table's middle 4 x 4 cells, where the starting tiles go: (x0, y0, x1, y1)."""
        cx, cy = self.board.width // 2, self.board.height // 2
        return cx - 2, cy - 2, cx + 1, cy + 1

    def default_layouts(self) -> list[StartLayout]:
        """Ready legal arrangements of the starting tiles: all fronts, then all backs."""
        cx, cy = self.board.width // 2, self.board.height // 2
        cells = ((cx - 1, cy - 1), (cx, cy - 1), (cx - 1, cy), (cx, cy))
        return [
            StartLayout(
                tuple(
                    (pair[side].id, x, y, 0)
                    for pair, (x, y) in zip(STARTING_TILES, cells, strict=True)
                )
            )
            for side in (0, 1)
        ]

    def check_layout(self, action: StartLayout) -> Board:
        """Validate a starting layout; return the board it makes."""
        placements = action.placements
        if not isinstance(placements, tuple) or len(placements) != len(STARTING_TILES):
            raise IllegalAction(
                "bad_layout", f"a layout places the {len(STARTING_TILES)} starting tiles"
            )
        sides = {t.id: i for i, pair in enumerate(STARTING_TILES) for t in pair}
        used = []
        for p in placements:
            if not (isinstance(p, tuple) and len(p) == 4 and p[0] in sides):
                raise IllegalAction(
                    "bad_layout", f"{p!r} is not (starting tile side, x, y, rotation)"
                )
            used.append(sides[p[0]])
        if sorted(used) != list(range(len(STARTING_TILES))):
            raise IllegalAction("bad_layout", "each starting tile must be placed once, on one side")
        x0, y0, x1, y1 = self.middle()
        for tile_id, x, y, _ in placements:
            if not (isinstance(x, int) and isinstance(y, int) and x0 <= x <= x1 and y0 <= y <= y1):
                raise IllegalAction(
                    "not_in_middle", f"starting tile {tile_id} at ({x}, {y}) is outside the middle"
                )
        board = Board(self.board.width, self.board.height)
        todo = list(placements)
        while todo:
            ready = [p for p in todo if board.can_place(TILE_BY_ID[p[0]], p[1], p[2], p[3])]
            if not ready:
                tile_id, x, y, r = todo[0]
                board.check_place(TILE_BY_ID[tile_id], x, y, r)  # raises the precise reason
                raise IllegalAction("bad_layout", "the starting tiles do not form a legal layout")
            tile_id, x, y, r = ready[0]
            board.put(TILE_BY_ID[tile_id], x, y, r)
            todo.remove(ready[0])
        return board

    # --------------------------------------------------------------- interface
    def legal_actions(self) -> list[Action]:
        """Every action the seat `to_move` may take now (empty when the game is over)."""
        if self.phase == "over":
            return []
        return list(self._legal()[0])

    def is_legal(self, action: object) -> bool:
        """Is `action` one the seat to move may take now? The one rule `play` enforces.

        Outside setup, exactly the actions `legal_actions()` lists (equal values, every field
        of the right type). In setup, any legal arrangement of the starting tiles (there are
        far too many to list; `legal_actions()` lists the ready ones).
        """
        if self.phase == "over" or not isinstance(action, Action):
            return False
        try:
            action.validate_types()
        except MalformedInput:
            return False
        if self.phase == "setup":
            if not isinstance(action, StartLayout):
                return False
            try:
                self.check_layout(action)
            except IllegalAction:
                return False
            return True
        if self._legal_cache is not None:
            return action in self._legal_cache[1]
        return action in frozenset(self._LEGAL[self.phase](self))

    def play(self, action: Action, seat: int | None = None) -> None:
        """Apply `action` for the seat to move (or raise `IllegalAction`, state unchanged).

        Only what `is_legal` accepts is played; the error says why anything else is not.
        `seat`, when given, is the seat the caller acts for: a mismatch raises
        ``not_your_turn``.
        """
        if not isinstance(action, Action):
            raise MalformedInput(f"not an action: {action!r}")
        if self.phase == "over":
            raise IllegalAction("game_over", f"the game is over; {action.type} is not possible")
        if seat is not None and seat != self.to_move:
            who = (
                self.seats[seat].name
                if isinstance(seat, int) and 0 <= seat < len(self.seats)
                else seat
            )
            raise IllegalAction("not_your_turn", f"it is not {who}'s turn to {action.type}")
        handler = self._handler(action)
        if not self.is_legal(action):
            self._refuse(handler, action)
        self._apply(handler, action)

    def play_unchecked(self, action: Action) -> None:
        """Search's fast path: apply an action already known to be legal.

        For bots replaying moves they took from `legal_actions()` or built by the same rules
        (the handlers still refuse most illegal moves, but not all). Never for a player's
        input or a loaded file: those go through `play`.
        """
        self._apply(self._handler(action), action)

    def _handler(self, action: Action) -> Callable[[Game, Any], None]:
        handler = self._HANDLERS.get((self.phase, type(action)))
        if handler is None:
            raise IllegalAction(
                "wrong_phase", f"{action.type} is not possible in the {self.phase} phase"
            )
        return handler

    def _apply(self, handler: Callable[[Game, Any], None], action: Action) -> None:
        before = self.to_move
        self._revealed = False
        handler(self, action)
        self.actions.append(action)
        self._legal_cache = None
        if self._revealed or self.to_move != before:
            self._undo_floor = len(self.actions)

    def _refuse(self, handler: Callable[[Game, Any], None], action: Action) -> None:
        """Raise the most precise `IllegalAction` for an action `is_legal` refused.

        The handler's own checks name the reason; they run on a copy, so that an action a
        handler would wrongly accept still changes nothing here.
        """
        try:
            action.validate_types()
        except MalformedInput as exc:
            raise IllegalAction("bad_field", str(exc)) from None
        try:
            handler(self.clone(), action)
        except IllegalAction:
            raise
        except Exception as exc:  # a malformed value the handler did not expect
            raise IllegalAction("not_allowed", f"{action.type} is not possible now") from exc
        raise IllegalAction(
            "not_allowed", f"{action.type} is not possible now (turn step: {self.stage})"
        )

    def _legal(self) -> tuple[list[Action], frozenset[Action]]:
        """The legal actions of this position, listed once and kept until the next action.

        (A caller's `legal_actions()` followed by `play` lists them once. The state must
        change only through `play`: a list kept from before a direct change would be stale.)
        """
        if self._legal_cache is None:
            listed = self._LEGAL[self.phase](self)
            self._legal_cache = (listed, frozenset(listed))
        return self._legal_cache

    def can_undo(self) -> bool:
        """Can the last action be taken back (same turn, nothing hidden revealed since)?"""
        return len(self.actions) > self._undo_floor

    def undo(self) -> Game:
        """A new game with the last action taken back (see `can_undo`)."""
        if not self.can_undo():
            raise IllegalAction(
                "cannot_undo", "nothing to undo since hidden information was revealed"
            )
        g = Game(self.options)
        for action in self.actions[:-1]:  # played and checked once already
            g.play_unchecked(action)
        return g

    def clone(self) -> Game:
        """An independent copy of the whole state (for search; secrets included)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.board = self.board.copy()
        g.seats = [
            replace(s, hand=list(s.hand), held=list(s.held), discovery=list(s.discovery))
            for s in self.seats
        ]
        for name in (
            "actions",
            "log",
            "reserve",
            "navigation",
            "display",
            "discovery_bag",
            "reward_order",
            "pending_discovery",
            "boxed",
        ):
            setattr(g, name, list(getattr(self, name)))
        g.decks = {k: list(v) for k, v in self.decks.items()}
        g.stats = dict(self.stats)
        g.solo = self.solo.copy() if self.solo is not None else None
        g._legal_cache = None
        return g

    @classmethod
    def replay(cls, options: Options, actions: list[Action]) -> Game:
        """The game reached by playing `actions` from `options`."""
        g = cls(options)
        for i, action in enumerate(actions):
            try:
                g.play(action)
            except IllegalAction as exc:
                raise MalformedInput(
                    f"action {i} ({action.to_json()}) does not replay: {exc}"
                ) from exc
        return g

    # ------------------------------------------------------------ setup phase
    def _play_layout(self, action: StartLayout) -> None:
        self.board = self.check_layout(action)
        self.placements += len(action.placements)
        self.seats[self.first_player].last_tile = self.placements
        self._note(self.first_player, "arranged the starting tiles")
        self.round = 1
        self._start_preparation()

    def _legal_setup(self) -> list[Action]:
        return list(self.default_layouts())

    # ------------------------------------------------------ preparation phase
    def _start_preparation(self) -> None:
        if len(self.reserve) < NAVIGATION_SIZE:
            self._note(
                None, f"the reserve holds {len(self.reserve)} tiles, fewer than 6: game over"
            )
            self._end_game("reserve")
            return
        self.navigation = [self.reserve.pop() for _ in range(NAVIGATION_SIZE)]
        for s in self.seats:
            s.revealed = False
        self._deal_cards(2)
        self._revealed = True
        self.phase = "preparation"
        self.stage = None
        self.to_move = self._players(self.first_player)[0]

    def _play_choose(self, action: ChooseObjective) -> None:
        seat = self.seats[self._seat()]
        back = self.mode.check_choice(seat.held, action.now, action.later)
        for card in back:
            self.decks[card[0]].append(card)
        seat.now, seat.later = action.now, action.later
        seat.held = self.mode.cards_of(action.later)
        self._note(self.to_move, "chose an objective")
        order = self._players(self.first_player)
        pos = order.index(self._seat()) + 1
        if pos == len(order):
            self.phase = "exploration"
            self._begin_turn(self.first_player)
        else:
            self.to_move = order[pos]

    def _legal_choose(self) -> list[Action]:
        held = self.seats[self._seat()].held
        return [ChooseObjective(now, later) for now, later in self.mode.choices(held)]

    # ------------------------------------------------------ exploration phase
    def _begin_turn(self, seat: int) -> None:
        self.to_move = seat
        self.stage = "take"
        self.taken_slot = None
        if self.seats[seat].alexis:
            self.stage = "alexis"
            return
        if all(t is None for t in self.display) and not self._can_land(seat):
            self._note(seat, "finds no face-up tile and cannot land: last reward phase")
            self._start_reward(seat, final=True)

    def ships_for(self, seat: int) -> list[str]:
        """Ships the seat could take: its own colour (if unplaced) and/or grey."""
        s = self.seats[seat]
        ships = [] if s.ship_cell is not None or s.ship_gone else [s.colour]
        if self.grey_ships:
            ships.append(GREY)
        return ships

    def _can_land(self, seat: int) -> bool:
        return (
            not self.navigation
            and bool(self.ships_for(seat))
            and self.board.has_placement(SHIP_TILE)
        )

    def _play_take(self, action: TakeTile) -> None:
        self._need_stage("take", action)
        slot = action.slot
        if not (isinstance(slot, int) and 0 <= slot < len(self.display)):
            raise IllegalAction("bad_slot", f"display slot {slot!r} does not exist (0-2)")
        tile = self.display[slot]
        if tile is None:
            raise IllegalAction("empty_slot", f"display slot {slot} is empty")
        seat = self.seats[self._seat()]
        seat.hand.append(tile)
        self.display[slot] = None
        self.taken_slot = slot
        self.stage = "place"
        self.stats["turns"] += 1
        self._note(self.to_move, f"took {tile} from the display")
        if not self._hand_fits():
            self.stats["blocked_turns"] += 1
            self._note(self.to_move, "cannot place any of their 3 tiles")

    def _hand_fits(self) -> bool:
        return any(self.board.has_placement(TILE_BY_ID[t]) for t in self.seats[self._seat()].hand)

    def _play_place(self, action: PlaceTile) -> None:
        self._need_stage("place", action)
        seat = self.seats[self._seat()]
        if action.tile not in seat.hand:
            raise IllegalAction("not_in_hand", f"tile {action.tile!r} is not in your hand")
        tile = TILE_BY_ID[action.tile]
        self.board.check_place(tile, action.x, action.y, action.rotation)
        self.board.put(tile, action.x, action.y, action.rotation)
        seat.hand.remove(action.tile)
        self.placements += 1
        seat.last_tile = self.placements
        if self.solo is not None:
            self.solo.human_last = (action.x, action.y)
        self._note(self.to_move, f"placed {action.tile} at ({action.x}, {action.y})")
        if seat.bonus:
            self.stage = "bonus"
        else:
            self._end_turn()

    def _play_discard(self, action: DiscardTile) -> None:
        self._need_stage("place", action)
        seat = self.seats[self._seat()]
        if action.tile not in seat.hand:
            raise IllegalAction("not_in_hand", f"tile {action.tile!r} is not in your hand")
        if self._hand_fits():
            raise IllegalAction(
                "discard_not_allowed", f"cannot discard {action.tile}: a hand tile can be placed"
            )
        seat.hand.remove(action.tile)
        self.boxed.append(action.tile)
        drawn = self._draw_replacement()
        self._revealed = True
        self._note(self.to_move, f"returned {action.tile} to the box")
        if drawn is not None:
            seat.hand.append(drawn)
        if drawn is None and not self._hand_fits():
            self._note(self.to_move, "has no tile left to draw: the turn passes")
            self._end_turn()

    def _draw_replacement(self) -> str | None:
        if self.reserve:
            return self.reserve.pop()
        if self.navigation:
            return self.navigation.pop()
        for i, tile in enumerate(self.display):
            if tile is not None:
                self.display[i] = None
                return tile
        return None

    def _play_resource_token(self, action: PlaceResourceToken) -> None:
        self._need_stage("bonus", action)
        seat = self._bonus_seat()
        self.board.check_resource_token(action.x, action.y, action.index, action.resource)
        self.board.place_resource_token(
            action.x, action.y, action.index, action.resource, seat.colour
        )
        seat.bonus -= 1
        self._note(self.to_move, f"put a {action.resource} token at ({action.x}, {action.y})")
        self._end_turn()

    def _play_port_token(self, action: PlacePortToken) -> None:
        self._need_stage("bonus", action)
        seat = self._bonus_seat()
        self.board.place_port_token(action.x, action.y, seat.colour)
        seat.bonus -= 1
        self._note(self.to_move, f"put a port token at ({action.x}, {action.y})")
        self._end_turn()

    def _bonus_seat(self) -> SeatState:
        seat = self.seats[self._seat()]
        if seat.bonus <= 0:
            raise IllegalAction("no_bonus_tokens", f"{seat.name} has no bonus tokens left")
        return seat

    def _play_end_turn(self, action: EndTurn) -> None:
        self._need_stage("bonus", action)
        self._end_turn()

    def _end_turn(self) -> None:
        slot = self.taken_slot
        if slot is not None and self.display[slot] is None:
            if self.navigation:
                self.display[slot] = self.navigation.pop()
            elif self.reserve:
                self.display[slot] = self.reserve.pop()
            self._revealed = True
        self._begin_turn((self._seat() + 1) % len(self.seats))

    def _play_land(self, action: Land) -> None:
        self._need_stage("take", action)
        seat_index = self._seat()
        if self.navigation:
            raise IllegalAction(
                "land_not_allowed",
                f"cannot land at ({action.x}, {action.y}): the navigation stack still holds "
                f"{len(self.navigation)} tiles",
            )
        if action.ship not in self.ships_for(seat_index):
            raise IllegalAction("ship_unavailable", f"ship {action.ship!r} is not available to you")
        self.board.check_place(SHIP_TILE, action.x, action.y, 0)
        self.board.put(SHIP_TILE, action.x, action.y, 0, owner=action.ship)
        seat = self.seats[seat_index]
        if action.ship == GREY:
            self.grey_ships -= 1
        else:
            seat.ship_cell = (action.x, action.y)
        self.placements += 1
        seat.last_tile = self.placements
        seat.ship_order = len(self.board.ship_cells())
        if self.solo is not None:
            self.solo.human_last = (action.x, action.y)
        self.stats["turns"] += 1
        self._note(seat_index, f"landed a {action.ship} ship at ({action.x}, {action.y})")
        self.ship_placer = seat_index
        self._start_reward(seat_index, final=False)

    def _legal_exploration(self) -> list[Action]:
        seat_index = self._seat()
        seat = self.seats[seat_index]
        if self.stage == "alexis":
            return [AlexisStep()]
        if self.stage == "alexis_rotation":
            assert self.solo is not None
            return [ChooseRotation(r) for r in self.solo.pending_rotations]
        if self.stage == "take":
            out: list[Action] = [TakeTile(i) for i, t in enumerate(self.display) if t is not None]
            if not self.navigation and self.ships_for(seat_index):
                cells = [c for c, _ in self.board.placements((0,))]
                out += [
                    Land(ship, x, y)
                    for ship in self.ships_for(seat_index)
                    for x, y in sorted(cells)
                ]
            return out
        if self.stage == "place":
            placements: list[Action] = []
            for tile_id in seat.hand:
                for x, y, r in self.board.legal_positions(TILE_BY_ID[tile_id]):
                    placements.append(PlaceTile(tile_id, x, y, r))
            return placements or [DiscardTile(t) for t in seat.hand]
        return [EndTurn()] + (self._legal_tokens() if seat.bonus else [])

    def _legal_tokens(self) -> list[Action]:
        board = self.board
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

    # ----------------------------------------------------------- reward phase
    def _start_reward(self, first: int, final: bool) -> None:
        self.phase = "reward"
        self.stage = None
        self.final_reward = final
        self.reward_order = self._clockwise(first)
        self._begin_reward(first)

    def _begin_reward(self, seat: int) -> None:
        self.to_move = seat
        s = self.seats[seat]
        if s.alexis:
            self.stage = "alexis"
            return
        self.stage = None
        s.revealed = True
        self._revealed = True
        self._note(seat, f"reveals objective {s.now}")

    def objective_parts(self, seat: int) -> tuple[str, str] | None:
        """(mission, reward) of the seat's objective for this round, if it has one."""
        now = self.seats[seat].now
        return self.mode.parts(now) if now else None

    def _play_house(self, action: PlaceHouse) -> None:
        self._need_stage(None, action)
        self._need_no_pending_discovery()
        seat_index = self._seat()
        seat = self.seats[seat_index]
        if seat.stock <= 0:
            raise IllegalAction("no_houses_in_stock", f"{seat.name} has no house in stock")
        island = self.board.check_house(action.x, action.y, action.index, seat.colour)
        parts = self.objective_parts(seat_index)
        if parts is None:
            raise IllegalAction("no_objective", f"{seat.name} has no objective this round")
        mission, reward = MISSIONS[parts[0]], REWARDS[parts[1]]
        if not mission.holds(island, self.board):
            raise IllegalAction(
                "mission_not_met",
                f"the island at ({action.x}, {action.y}) does not meet {mission.id}:"
                f" {mission.text}",
            )
        self._check_choice(reward.id, reward.needs_choice, action.choice)
        self.board.houses[(action.x, action.y, action.index)] = seat.colour
        seat.stock -= 1
        seat.houses_placed += 1
        gained = reward.score(island, self.board, action.choice)
        if reward.is_discovery:
            self._draw_discovery(gained)
            self._note(
                seat_index, f"built a house at ({action.x}, {action.y}): {gained} discovery draw(s)"
            )
        else:
            seat.pp += gained
            self._note(seat_index, f"built a house at ({action.x}, {action.y}): +{gained} PP")

    @staticmethod
    def _check_choice(reward: str, needs: bool, choice: str | None) -> None:
        if needs and choice is None:
            raise IllegalAction("choice_required", f"reward {reward} needs a resource choice")
        if needs and choice not in RESOURCES:
            raise IllegalAction(
                "bad_choice", f"{choice!r} is not a resource ({', '.join(RESOURCES)})"
            )
        if not needs and choice is not None:
            raise IllegalAction("bad_choice", f"reward {reward} takes no choice, got {choice!r}")

    def _draw_discovery(self, count: int) -> None:
        count = min(count, len(self.discovery_bag))
        self.pending_discovery = [self.discovery_bag.pop() for _ in range(count)]
        self._revealed = True

    def _need_no_pending_discovery(self) -> None:
        if self.pending_discovery:
            raise IllegalAction(
                "keep_discovery_first", "first keep one of the drawn Discovery tokens"
            )

    def _play_keep(self, action: KeepDiscovery) -> None:
        pending = self.pending_discovery
        if not pending:
            raise IllegalAction("nothing_to_keep", "no Discovery tokens are waiting to be kept")
        if not (isinstance(action.index, int) and 0 <= action.index < len(pending)):
            raise IllegalAction(
                "bad_index", f"keep index {action.index!r} is not 0-{len(pending) - 1}"
            )
        self.seats[self._seat()].discovery.append(pending.pop(action.index))
        self.discovery_bag.extend(pending)
        self.rng.shuffle(self.discovery_bag)
        self.pending_discovery = []
        self._note(self.to_move, "kept a Discovery token")

    def _play_end_reward(self, action: EndReward) -> None:
        self._need_stage(None, action)
        self._need_no_pending_discovery()
        seat_index = self._seat()
        seat = self.seats[seat_index]
        refill = min(HOUSES_IN_STOCK - seat.stock, seat.reserve)
        seat.stock += refill
        seat.reserve -= refill
        if seat.now:
            for card in self.mode.cards_of(seat.now):
                self.decks[card[0]].append(card)
        self._next_reward()

    def _next_reward(self) -> None:
        """The next seat's reward turn, or the end of the round."""
        pos = self.reward_order.index(self._seat()) + 1
        if pos < len(self.reward_order):
            self._begin_reward(self.reward_order[pos])
        else:
            self._end_round()

    def _legal_reward(self) -> list[Action]:
        if self.stage == "alexis":
            return [AlexisStep()]
        if self.stage == "alexis_house":
            assert self.solo is not None
            return [ChooseHouse(x, y, i) for x, y, i in self.solo.pending_islands[0]]
        if self.pending_discovery:
            return [KeepDiscovery(i) for i in range(len(self.pending_discovery))]
        return self.house_options() + [EndReward()]

    def qualifying_islands(self, seat_index: int) -> list[Island]:
        """Islands where the seat may put a house now (mission, size, colour, free spot)."""
        seat = self.seats[seat_index]
        parts = self.objective_parts(seat_index)
        if parts is None:
            return []
        mission = MISSIONS[parts[0]]
        return [
            island
            for island in self.board.islands()
            if island.size >= 2
            and seat.colour not in island.houses
            and island.free_house_locations()
            and mission.holds(island, self.board)
        ]

    def house_options(self) -> list[Action]:
        """Every legal `PlaceHouse` for the seat to move in the reward phase."""
        seat_index = self._seat()
        parts = self.objective_parts(seat_index)
        if self.seats[seat_index].stock <= 0 or parts is None:
            return []
        reward = REWARDS[parts[1]]
        choices: tuple[str | None, ...] = RESOURCES if reward.needs_choice else (None,)
        return [
            PlaceHouse(x, y, i, choice)
            for island in self.qualifying_islands(seat_index)
            for x, y, i in island.free_house_locations()
            for choice in choices
        ]

    def _end_round(self) -> None:
        for s in self.seats:
            s.now = None
        if self.final_reward:
            self._end_game("display")
            return
        if self.ships_left() == 0:
            self._end_game("ships")
            return
        for deck in self.decks.values():
            self.rng.shuffle(deck)
        assert self.ship_placer is not None
        self.first_player = (self.ship_placer + 1) % len(self.seats)
        self.round += 1
        self._note(
            None, f"round {self.round} begins; {self.seats[self.first_player].name} is first player"
        )
        self._start_preparation()

    def _end_game(self, reason: str) -> None:
        self.phase = "over"
        self.stage = None
        self.to_move = None
        self.end_reason = reason
        self._revealed = True

    def ships_left(self) -> int:
        """Ships not yet on the map (grey ones and players' own)."""
        own = sum(1 for s in self.seats if not s.alexis and s.ship_cell is None and not s.ship_gone)
        return self.grey_ships + own

    # ------------------------------------------------------------------ solo
    def _play_alexis_step(self, action: AlexisStep) -> None:
        if self.stage != "alexis":
            raise IllegalAction("wrong_step", f"it is not Alexis's step now (step: {self.stage})")
        if self.phase == "exploration":
            solo.exploration_step(self)
        else:
            solo.reward_step(self)

    def _play_choose_rotation(self, action: ChooseRotation) -> None:
        if self.stage != "alexis_rotation":
            raise IllegalAction(
                "wrong_step", f"no Alexis tile waits for a rotation (step: {self.stage})"
            )
        solo.choose_rotation(self, action.rotation)

    def _play_choose_house(self, action: ChooseHouse) -> None:
        if self.stage != "alexis_house":
            raise IllegalAction(
                "wrong_step", f"no Alexis house waits for a location (step: {self.stage})"
            )
        solo.choose_house(self, action.x, action.y, action.index)

    # ---------------------------------------------------------------- scoring
    def ship_ports(self, seat: int) -> int:
        """Ports on the 8 tiles around the seat's own ship (0 if it has not landed)."""
        cell = self.seats[seat].ship_cell
        return 0 if cell is None else self.board.ports_around(*cell)

    def scores(self) -> list[dict[str, Any]]:
        """Per seat: prestige, discovery, ship ports, total, houses, tie-break data, rank."""
        rows = []
        for i, s in enumerate(self.seats):
            row: dict[str, Any] = {
                "seat": i,
                "name": s.name,
                "colour": s.colour,
                "prestige": s.pp,
                "discovery": sum(s.discovery),
                "ship_ports": self.ship_ports(i),
                "alexis_bonus": 0,
                "houses_placed": s.houses_placed,
                "last_tile": s.last_tile,
            }
            if s.alexis:
                row.update(solo.alexis_score(self))
            row["total"] = (
                row["prestige"] + row["discovery"] + row["ship_ports"] + row["alexis_bonus"]
            )
            rows.append(row)

        def key(r: dict[str, Any]) -> tuple[int, ...]:
            if self.solo is not None:  # the human wins only with a strictly higher score
                return (r["total"], 1 if self.seats[r["seat"]].alexis else 0)
            return (r["total"], r["houses_placed"], r["ship_ports"], r["last_tile"])

        for r in rows:
            r["rank"] = 1 + sum(1 for o in rows if key(o) > key(r))
        return rows

    def winners(self) -> list[int]:
        """Seats ranked first."""
        return [r["seat"] for r in self.scores() if r["rank"] == 1]

    # ------------------------------------------------------------ save / load
    def to_json(self) -> str:
        """The event-sourced save: options plus every action played."""
        return json.dumps(
            {
                "format": FORMAT,
                "app": __version__,
                "options": self.options.to_json(),
                "actions": [a.to_json() for a in self.actions],
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a save made by `to_json`.

        Anything else raises `MalformedInput` (never another exception) with a message that
        names where the save is wrong: ``options: ...``, ``action 12 (...) ...``.
        """
        data = load_json(text, "save")
        if not isinstance(data, dict) or "format" not in data:
            raise MalformedInput("this is not a Small Islands save (no format field)")
        check_format(data["format"])
        unknown = sorted(set(data) - {"format", "app", "options", "actions"})
        if unknown:
            raise MalformedInput(f"the save has unknown field(s) {unknown}")
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise MalformedInput("actions: the save has no action list")
        try:
            options = Options.from_json(data.get("options"))
        except MalformedInput as exc:
            raise MalformedInput(f"options: {exc}") from None
        parsed = []
        for i, obj in enumerate(actions):
            try:
                parsed.append(Action.from_json(obj))
            except MalformedInput as exc:
                raise MalformedInput(f"action {i}: {exc}") from None
        return cls.replay(options, parsed)

    def state(self) -> dict[str, Any]:
        """The complete state, secrets included (for tests and debugging, never for players)."""
        b = self.board
        return {
            "phase": self.phase,
            "round": self.round,
            "stage": self.stage,
            "to_move": self.to_move,
            "first_player": self.first_player,
            "seats": [vars(s).copy() for s in self.seats],
            "reserve": list(self.reserve),
            "navigation": list(self.navigation),
            "display": list(self.display),
            "decks": {k: list(v) for k, v in self.decks.items()},
            "discovery_bag": list(self.discovery_bag),
            "pending_discovery": list(self.pending_discovery),
            "grey_ships": self.grey_ships,
            "boxed": list(self.boxed),
            "tiles": {
                f"{x},{y}": (p.tile.id, p.rotation, p.owner) for (x, y), p in b.tiles.items()
            },
            "order": list(b.order),
            "houses": {f"{k}": v for k, v in b.houses.items()},
            "resource_tokens": {f"{k}": v for k, v in b.resource_tokens.items()},
            "covered_tokens": list(b.covered_tokens),
            "port_tokens": {f"{k}": v for k, v in b.port_tokens.items()},
            "end_reason": self.end_reason,
            "solo": vars(self.solo).copy() if self.solo is not None else None,
            "rng": self.rng.getstate(),
            "log": list(self.log),
        }

    # ---------------------------------------------------------------- helpers
    def _seat(self) -> int:
        assert self.to_move is not None
        return self.to_move

    def _need_stage(self, stage: str | None, action: Action) -> None:
        if self.stage != stage:
            step = {
                "alexis": "Alexis's step",
                "alexis_house": "a choice for Alexis's house",
                "alexis_rotation": "a choice of rotation for Alexis's tile",
            }.get(str(self.stage), f"turn step: {self.stage}")
            raise IllegalAction("wrong_step", f"{action.type} is not possible now ({step})")

    def _note(self, seat: int | None, text: str) -> None:
        name = self.seats[seat].name if seat is not None else None
        self.log.append({"round": self.round, "seat": seat, "name": name, "text": text})

    def tile(self, tile_id: str) -> Tile:
        """The tile of this edition with that id."""
        try:
            return TILE_BY_ID[tile_id]
        except KeyError:
            raise MalformedInput(f"unknown tile id {tile_id!r}") from None

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may know, as JSON-safe data (see `small_islands.view`)."""
        from .view import seat_view

        return seat_view(self, seat)

    _HANDLERS: dict[tuple[str, type], Callable[[Game, Any], None]] = {
        ("setup", StartLayout): _play_layout,
        ("preparation", ChooseObjective): _play_choose,
        ("exploration", TakeTile): _play_take,
        ("exploration", PlaceTile): _play_place,
        ("exploration", DiscardTile): _play_discard,
        ("exploration", PlaceResourceToken): _play_resource_token,
        ("exploration", PlacePortToken): _play_port_token,
        ("exploration", EndTurn): _play_end_turn,
        ("exploration", Land): _play_land,
        ("reward", PlaceHouse): _play_house,
        ("reward", KeepDiscovery): _play_keep,
        ("reward", EndReward): _play_end_reward,
        ("exploration", AlexisStep): _play_alexis_step,
        ("exploration", ChooseRotation): _play_choose_rotation,
        ("reward", AlexisStep): _play_alexis_step,
        ("reward", ChooseHouse): _play_choose_house,
    }
    _LEGAL: dict[str, Callable[[Game], list[Action]]] = {
        "setup": _legal_setup,
        "preparation": _legal_choose,
        "exploration": _legal_exploration,
        "reward": _legal_reward,
    }


def load_json(text: object, what: str) -> Any:
    """Parse JSON text strictly: `MalformedInput` for bad text, deep nesting, duplicate keys."""
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MalformedInput(f"the {what} is not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise MalformedInput(f"the {what} must be text, got {type(text).__name__}")
    if _nesting(text) > MAX_SAVE_DEPTH:
        raise MalformedInput(f"the {what} is nested more than {MAX_SAVE_DEPTH} levels deep")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except MalformedInput:
        raise
    except (ValueError, RecursionError) as exc:
        raise MalformedInput(f"the {what} is not valid JSON: {exc}") from None


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _nesting(text: str) -> int:
    """The deepest bracket nesting of JSON text (strings skipped), without recursion."""
    depth = deepest = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise MalformedInput(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def check_format(value: object) -> None:
    """Refuse a save of another kind or of a newer version, saying which."""
    if value == FORMAT:
        return
    version = value.removeprefix("small-islands/") if isinstance(value, str) else ""
    if version.isdigit() and len(version) < 10 and int(version) > int(FORMAT.split("/")[1]):
        raise MalformedInput(
            f"unsupported save format {value!r}: made by a newer version of the app "
            f"(this version reads {FORMAT!r})"
        )
    raise MalformedInput(f"unsupported save format {short(value)} (this version reads {FORMAT!r})")
