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

The rules of each phase are in `start`, `exploration` and `reward` (handlers registered by
phase and action type), an automaton's in its own module (see `hooks`); `Game`
holds the state, the interface, the turn flow and the rule steps they share. Those modules,
and `scoring`, `view` and `save`, take the game as a `state.GameState` (the protocol `Game`
implements), so none of them imports this module. The counts
(`HOUSES_IN_STOCK`, ...) and save constants (`FORMAT`) live in `content` and `save`; the
`X as X` imports keep them importable from here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game_kit.save import replay

from . import exploration, reward, scoring, start
from .actions import Action, StartLayout
from .board import Board, Island
from .content import BONUS_TOKENS as BONUS_TOKENS
from .content import DISPLAY_SIZE, GREY, HAND_SIZE, NAVIGATION_SIZE, SHIPS, TILE_BY_ID, TILES
from .content import HOUSES_IN_RESERVE as HOUSES_IN_RESERVE
from .content import HOUSES_IN_STOCK as HOUSES_IN_STOCK
from .errors import IllegalAction, MalformedInput, short
from .hooks import Automaton, AutomatonState
from .modes import AUTOMATA, AUTOMATON_HANDLERS, MODES, Mode
from .objectives import DISCOVERY_VALUES
from .options import Options
from .save import FORMAT as FORMAT
from .save import read_save, save_text, state_dump
from .seat import SeatState
from .tiles import SHIP_TILE, Tile
from .view import PublicView, SeatView, public_view, seat_view


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
        name = self.options.automaton
        self.automaton: Automaton | None = AUTOMATA[name] if name else None
        self.automaton_state: AutomatonState | None = None
        self._undo_floor = 0
        self._undo_why: str | None = None  # why the last action cannot be undone
        self._revealed: str | None = None  # what the action being played revealed
        self._legal_cache: tuple[list[Action], frozenset[Action]] | None = None
        self._deal()

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
        if self.automaton is not None:
            self.seats += self.automaton.seats(opts)
            self.first_player = self.automaton.first_player
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
        for seat in self.players(self.first_player):
            self.seats[seat].hand = [self.reserve.pop() for _ in range(HAND_SIZE)]
        self.decks: dict[str, list[str]] = {}
        for prefix in self.mode.decks:
            self.decks[prefix] = self.mode.deck(prefix)
            rng.shuffle(self.decks[prefix])
        self._deal_cards(1)
        if self.automaton is not None:
            self.automaton_state = self.automaton.new_state(self)

    def _deal_cards(self, count: int) -> None:
        """Each player, clockwise from the first player, draws `count` cards of every deck."""
        for seat in self.players(self.first_player):
            for prefix in self.mode.decks:
                for _ in range(count):
                    self.seats[seat].held.append(self.decks[prefix].pop())

    def _clockwise(self, start: int) -> list[int]:
        n = len(self.seats)
        return [(start + i) % n for i in range(n)]

    def players(self, start: int) -> list[int]:
        """Seats clockwise from `start` that hold cards and tiles (every seat but automata)."""
        return [i for i in self._clockwise(start) if self.is_player(i)]

    def is_player(self, seat: int) -> bool:
        """Is `seat` a player's (not an automaton's, whose seats come after the players')?"""
        return seat < len(self.options.seats)

    @property
    def solo(self) -> Any:
        """Solo mode's name for `automaton_state` (Alexis's `SoloState`), kept for callers."""
        return self.automaton_state

    @solo.setter
    def solo(self, state: Any) -> None:
        self.automaton_state = state

    # ------------------------------------------------------------- interface
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
        return action in frozenset(self._list_legal())

    def play(self, action: Action, seat: int | None = None) -> None:
        """Apply `action` for the seat to move (or raise `IllegalAction`, state unchanged).

        Only what `is_legal` accepts is played; the error says why anything else is not.
        `seat`, when given, is the seat the caller acts for: a mismatch raises
        ``not_your_turn``.
        """
        if not isinstance(action, Action):
            raise MalformedInput(f"not an action: {short(action)}")
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
        key = (self.phase, type(action))
        handler = self._HANDLERS.get(key) or AUTOMATON_HANDLERS.get(key)
        if handler is None:
            raise IllegalAction(
                "wrong_phase", f"{action.type} is not possible in the {self.phase} phase"
            )
        return handler

    def _apply(self, handler: Callable[[Game, Any], None], action: Action) -> None:
        before = self.to_move
        self._revealed = None
        handler(self, action)
        self.actions.append(action)
        self._legal_cache = None
        if self._revealed or self.to_move != before:
            self._undo_floor = len(self.actions)
            self._undo_why = "turn_passed" if self.to_move != before else self._revealed

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
            listed = self._list_legal()
            self._legal_cache = (listed, frozenset(listed))
        return self._legal_cache

    def _list_legal(self) -> list[Action]:
        """The legal actions, listed by the automaton at its stages, else by the phase."""
        auto = self.automaton
        if auto is not None and self.stage in auto.stage_names:
            return auto.legal(self)
        return self._LEGAL[self.phase](self)

    def can_undo(self) -> bool:
        """Can the last action be taken back (same turn, nothing hidden revealed since)?"""
        return len(self.actions) > self._undo_floor

    def undo_blocker(self) -> str | None:
        """Why the last action cannot be taken back (None when it can): ``nothing_played``;
        ``turn_passed`` (it was the turn's first decision, made by another seat or at a new
        turn); or what it revealed: ``tile_drawn``, ``tile_turned``, ``discovery_drawn``,
        ``objective_revealed``, ``cards_dealt``, ``automaton_card``, ``game_over``."""
        if self.can_undo():
            return None
        if not self.actions:
            return "nothing_played"
        return self._undo_why or "revealed"

    def undo(self) -> Game:
        """A new game with the last action taken back (see `can_undo`)."""
        if not self.can_undo():
            raise IllegalAction(
                "cannot_undo",
                f"nothing to undo since hidden information was revealed ({self.undo_blocker()})",
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
        if self.automaton_state is not None:
            g.automaton_state = self.automaton_state.copy()
        g._legal_cache = None
        return g

    @classmethod
    def replay(cls, options: Options, actions: list[Action]) -> Game:
        """The game reached by playing `actions` from `options` (`MalformedInput` naming the
        first action that does not replay)."""
        return replay(cls(options), actions)

    # ------------------------------------------------------------- questions
    def seat_to_move(self) -> int:
        """The seat to move (the game is not over)."""
        assert self.to_move is not None
        return self.to_move

    _seat = seat_to_move  # the older name (the bots use it)

    def middle(self) -> tuple[int, int, int, int]:
        """The table's middle 4 x 4 cells, where the starting tiles go: (x0, y0, x1, y1)."""
        return start.middle(self.board.width, self.board.height)

    def default_layouts(self) -> list[StartLayout]:
        """Ready legal arrangements of the starting tiles: all fronts, then all backs."""
        return start.default_layouts(self.board.width, self.board.height)

    def check_layout(self, action: StartLayout) -> Board:
        """Validate a starting layout; return the board it makes."""
        return start.check_layout(self.board.width, self.board.height, action)

    def ships_for(self, seat: int) -> list[str]:
        """Ships the seat could take: its own colour (if unplaced) and/or grey."""
        s = self.seats[seat]
        ships = [] if s.ship_cell is not None or s.ship_gone else [s.colour]
        if self.grey_ships:
            ships.append(GREY)
        return ships

    def ships_left(self) -> int:
        """Ships not yet on the map (grey ones and players' own)."""
        own = sum(
            1
            for i, s in enumerate(self.seats)
            if self.is_player(i) and s.ship_cell is None and not s.ship_gone
        )
        return self.grey_ships + own

    def objective_parts(self, seat: int) -> tuple[str, str] | None:
        """(mission, reward) of the seat's objective for this round, if it has one."""
        now = self.seats[seat].now
        return self.mode.parts(now) if now else None

    def qualifying_islands(self, seat: int) -> list[Island]:
        """Islands where the seat may put a house now (mission, size, colour, free spot)."""
        return reward.qualifying_islands(self, seat)

    def house_options(self) -> list[Action]:
        """Every legal `PlaceHouse` for the seat to move in the reward phase."""
        return reward.house_options(self)

    def tile(self, tile_id: str) -> Tile:
        """The tile of this edition with that id."""
        try:
            return TILE_BY_ID[tile_id]
        except KeyError:
            raise MalformedInput(f"unknown tile id {short(tile_id)}") from None

    def view(self, seat: int) -> SeatView:
        """What `seat` may know, as JSON-safe data: `small_islands.view.seat_view`, whose
        type (`SeatView`) names every key."""
        return seat_view(self, seat)

    def public_view(self) -> PublicView:
        """What anyone at the table may see (no seat's secrets): `small_islands.view.
        public_view`, whose type is `PublicView`."""
        return public_view(self)

    # ----------- rule steps (the handlers' and the automaton's: hooks.Table)
    def note(self, seat: int | None, text: str, event: str = "", **args: Any) -> None:
        """Add a line to the game log, said by `seat` (None: the game): its engine `text`
        (saves' replays, the command line and the bots read it) and, for the app's words,
        the `event` with its JSON-safe `args` (tile and card ids, cells, PP, ...)."""
        name = self.seats[seat].name if seat is not None else None
        entry: dict[str, Any] = {"round": self.round, "seat": seat, "name": name, "text": text}
        if event:
            entry["event"], entry["args"] = event, args
        self.log.append(entry)

    def mark_revealed(self, what: str = "revealed") -> None:
        """The action being played reveals hidden information, `what` (undo stops here)."""
        self._revealed = what

    def ask(self, seat: int, stage: str) -> None:
        """Make `seat` the one to move, at `stage`."""
        self.to_move = seat
        self.stage = stage

    def check_stage(self, stage: str | None, action: Action) -> None:
        """Refuse `action` unless the turn is at `stage`."""
        if self.stage != stage:
            names = self.automaton.stage_names if self.automaton is not None else {}
            step = names.get(str(self.stage), f"turn step: {self.stage}")
            raise IllegalAction("wrong_step", f"{action.type} is not possible now ({step})")

    def take_display(self, slot: int) -> str:
        """Take the display tile of `slot` for the seat to move (refilled at its turn's end)."""
        tile = self.display[slot]
        if tile is None:
            raise IllegalAction("empty_slot", f"display slot {slot} is empty")
        self.display[slot] = None
        self.taken_slot = slot
        return tile

    def place_tile_for(
        self, seat: int, tile: Tile, x: int, y: int, rotation: int, owner: str | None = None
    ) -> None:
        """Put a tile or ship (of `owner`) on the map as `seat`'s latest placement."""
        self.board.put(tile, x, y, rotation, owner=owner)
        self.placements += 1
        self.seats[seat].last_tile = self.placements
        if self.automaton is not None:
            self.automaton.placed(self, seat, (x, y))

    def use_grey_ship(self) -> None:
        """One grey ship leaves the supply."""
        self.grey_ships -= 1

    def lose_ship(self, seat: int) -> None:
        """`seat`'s own ship leaves the game without landing."""
        self.seats[seat].ship_gone = True

    def gain_pp(self, seat: int, points: int) -> None:
        """`seat` scores prestige points."""
        self.seats[seat].pp += points

    def build_house_for(self, seat: int, location: tuple[int, int, int]) -> None:
        """One house of `seat`'s stock on a free house location."""
        s = self.seats[seat]
        self.board.houses[location] = s.colour
        s.stock -= 1
        s.houses_placed += 1

    def end_turn(self, seat: int) -> None:
        """`seat`'s exploration turn ends: refill the display, the next seat's turn."""
        slot = self.taken_slot
        if slot is not None and self.display[slot] is None:
            if self.navigation:
                self.display[slot] = self.navigation.pop()
            elif self.reserve:
                self.display[slot] = self.reserve.pop()
            self._revealed = "tile_turned"
        self._begin_turn((seat + 1) % len(self.seats))

    def ship_landed(self, seat: int) -> None:
        """`seat` landed a ship: the reward phase begins with it."""
        self.ship_placer = seat
        self.start_reward(seat, final=False)

    def start_reward(self, first: int, final: bool) -> None:
        """The reward phase, clockwise from `first` (`final`: the game's last)."""
        self.phase = "reward"
        self.stage = None
        self.final_reward = final
        self.reward_order = self._clockwise(first)
        self._begin_reward(first)

    def next_reward(self, seat: int) -> None:
        """`seat`'s reward turn is over: the next seat's, or the end of the round."""
        pos = self.reward_order.index(seat) + 1
        if pos < len(self.reward_order):
            self._begin_reward(self.reward_order[pos])
        else:
            self._end_round()

    # ------------------------------------------------------------------ flow
    def start_preparation(self) -> None:
        """A new round's preparation: navigation stack, 2 more cards each, choose objectives."""
        if len(self.reserve) < NAVIGATION_SIZE:
            self.note(
                None, f"the reserve holds {len(self.reserve)} tiles, fewer than 6: game over",
                "too_few_tiles", left=len(self.reserve),
            )
            self._end_game("reserve")
            return
        self.navigation = [self.reserve.pop() for _ in range(NAVIGATION_SIZE)]
        for s in self.seats:
            s.revealed = False
        self._deal_cards(2)
        self._revealed = "cards_dealt"
        self.phase = "preparation"
        self.stage = None
        self.to_move = self.players(self.first_player)[0]

    def start_exploration(self) -> None:
        """Every objective chosen: the exploration phase, from the first player."""
        self.phase = "exploration"
        self._begin_turn(self.first_player)

    def _begin_turn(self, seat: int) -> None:
        """`seat`'s exploration turn (or the last reward phase if it can do nothing)."""
        self.to_move = seat
        self.stage = "take"
        self.taken_slot = None
        if self._automaton_turn(seat):
            return
        if all(t is None for t in self.display) and not self._can_land(seat):
            self.note(
                seat, "finds no face-up tile and cannot land: last reward phase", "no_tile_left"
            )
            self.start_reward(seat, final=True)

    def _automaton_turn(self, seat: int) -> bool:
        """If `seat` is an automaton's, its turn waits at the automaton's stage."""
        if self.automaton is None or self.is_player(seat):
            return False
        self.stage = self.automaton.turn_stage
        return True

    def _can_land(self, seat: int) -> bool:
        return (
            not self.navigation
            and bool(self.ships_for(seat))
            and self.board.has_placement(SHIP_TILE)
        )

    def _begin_reward(self, seat: int) -> None:
        self.to_move = seat
        s = self.seats[seat]
        if self._automaton_turn(seat):
            return
        self.stage = None
        s.revealed = True
        self._revealed = "objective_revealed"
        self.note(seat, f"reveals objective {s.now}", "revealed", objective=s.now)

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
        first = self.seats[self.first_player].name
        self.note(
            None, f"round {self.round} begins; {first} is first player",
            "round", round=self.round, first=self.first_player,
        )
        self.start_preparation()

    def _end_game(self, reason: str) -> None:
        self.phase = "over"
        self.stage = None
        self.to_move = None
        self.end_reason = reason
        self._revealed = "game_over"

    # --------------------------------------------------------------- scoring
    def ship_ports(self, seat: int) -> int:
        """Ports on the 8 tiles around the seat's own ship (0 if it has not landed)."""
        cell = self.seats[seat].ship_cell
        return 0 if cell is None else self.board.ports_around(*cell)

    def scores(self) -> list[dict[str, Any]]:
        """Per seat: prestige, discovery, ship ports, total, houses, tie-break data, rank."""
        return scoring.scores(self)

    def winners(self) -> list[int]:
        """Seats ranked first."""
        return [r["seat"] for r in self.scores() if r["rank"] == 1]

    # ----------------------------------------------------------- save / load
    def to_json(self) -> str:
        """The event-sourced save: options plus every action played (see `save.py`)."""
        return save_text(self.options, self.actions)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a save made by `to_json`.

        Anything else raises `MalformedInput` (never another exception) with a message that
        names where the save is wrong: ``options: ...``, ``action 12 (...) ...``.
        """
        return cls.replay(*read_save(text))

    def state(self) -> dict[str, Any]:
        """The complete state, secrets included (for tests and debugging, never for players)."""
        return state_dump(self)

    # (phase, action type) -> handler(game, action), and phase -> its legal actions; the
    # automaton's own handlers are in `modes.AUTOMATON_HANDLERS`.
    _HANDLERS: dict[tuple[str, type], Callable[[Game, Any], None]] = {
        **start.HANDLERS,
        **exploration.HANDLERS,
        **reward.HANDLERS,
    }
    _LEGAL: dict[str, Callable[[Game], list[Action]]] = {
        **start.LEGAL,
        **exploration.LEGAL,
        **reward.LEGAL,
    }
