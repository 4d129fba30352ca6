"""A turn (section 6): amulets, the main action (clue, move, swap), powers, lava, raising.

Each action kind has a legal-move generator (fast, used by `legal_actions`), a checker
that names why an action is illegal (used only to explain a refusal), and an apply
function (only ever called on a legal action).
"""

from __future__ import annotations

import functools
from typing import Any

from .actions import (
    Action,
    Bound,
    BuyPower,
    EndTurn,
    LeaveAmulet,
    Pass,
    PlaceLava,
    PlayClue,
    PlayLavaTile,
    Raise,
    RemoveCube,
    StopMove,
    Swap,
    TakeAmulet,
)
from .board import Board
from .content import CUBES, LAVA_TILES, MAX_BOUNDS, STALL_TURNS
from .errors import IllegalAction
from .hexes import Hex, beside, bit, count, dilate, hexes_of, iter_hexes, mask_of, on_board
from .movement import bound_targets
from .state import Clue, GameState, Seat, Turn
from .steps import check_land


# ------------------------------------------------------------- turn order
def begin_turn(g: GameState, seat: int) -> None:
    """Start `seat`'s turn: first the amulet under the rover, if any."""
    g.turns += 1
    g.turn = Turn(seat)
    g.to_move = seat
    g.stage = "start" if g.seats[seat].rover in g.amulets else "turn"


def end_turn(g: GameState) -> None:
    """End the turn; the stall rule (R19) may end the game; else the next seat plays."""
    t = _turn(g)
    g.stall = 0 if t.acted else g.stall + 1
    if g.stall >= STALL_TURNS:
        g.note("stall", None, turns=g.stall)
        g.end_game("stall")
        return
    begin_turn(g, (t.seat + 1) % len(g.seats))


def settle(g: GameState) -> None:
    """End the turn by itself once the main action is done and nothing else is possible."""
    if g.stage == "turn" and _turn(g).main_done and g.legal_actions() == [EndTurn()]:
        end_turn(g)
        g.forget_legal()  # the cached legal actions were the ended turn's


def _turn(g: GameState) -> Turn:
    assert g.turn is not None
    return g.turn


def _seat(g: GameState) -> Seat:
    return g.seats[_turn(g).seat]


def _rover(g: GameState) -> Hex:
    rover = _seat(g).rover
    assert rover is not None
    return rover


# ------------------------------------------------------------ generators
# Actions are values; the generators reuse one object per value (cheaper than new ones).
_bound = functools.cache(Bound)
_clue = functools.cache(PlayClue)
_tile = functools.cache(PlayLavaTile)
_cube = functools.cache(RemoveCube)
_lava = functools.cache(PlaceLava)
_raise = functools.cache(Raise)


def legal_turn(g: GameState) -> list[Action]:
    """Between steps: the main action (if not done), powers, a raise, or the end."""
    return [a for cls in TURN_PARTS for a in turn_part(g, cls)]


def turn_part(g: GameState, cls: type[Action]) -> list[Action]:
    """The legal actions of one class between steps (`legal_turn` is their union)."""
    t, s = _turn(g), _seat(g)
    main = not t.main_done
    if cls is PlayClue or cls is PlayLavaTile:
        return [a for a in clue_plays(g) if type(a) is cls] if main else []
    if cls is Bound:
        return [_bound(h) for h in iter_hexes(_bound_mask(g))] if main else []
    if cls is Pass:
        return [Pass()] if main else []
    if cls is Swap:
        return [Swap()] if main and s.hand else []
    if cls is BuyPower:
        return power_options(g) if s.amulets else []
    if cls is RemoveCube:
        return cube_options(g) if s.amulets else []
    if cls is Raise:
        return raise_options(g)
    if cls is EndTurn:
        return [] if main else [EndTurn()]
    return []


TURN_PARTS: tuple[type[Action], ...] = (
    PlayClue,
    PlayLavaTile,
    Bound,
    Pass,
    Swap,
    BuyPower,
    RemoveCube,
    Raise,
    EndTurn,
)


def legal_move(g: GameState) -> list[Action]:
    """Mid-move: another bound, stop (never on lava), or raise."""
    return [a for cls in (Bound, StopMove, Raise) for a in move_part(g, cls)]


def move_part(g: GameState, cls: type[Action]) -> list[Action]:
    """The legal actions of one class in the middle of a move."""
    if cls is Bound:
        return [_bound(h) for h in iter_hexes(_bound_mask(g))]
    if cls is StopMove:
        on_lava = bool(g.board.lava & bit(_rover(g)))
        return [StopMove()] if _turn(g).bounds >= 1 and not on_lava else []
    if cls is Raise:
        return raise_options(g)
    return []


def legal_amulet(g: GameState) -> list[Action]:
    """The rover stands on an amulet: take it or leave it."""
    return [TakeAmulet(), LeaveAmulet()]


def legal_lava(g: GameState) -> list[Action]:
    """Every hex where the lava of a taken amulet may go (section 8)."""
    return [_lava(h) for h in lava_hexes(g)]


def clue_plays(g: GameState) -> list[Action]:
    """Every legal PlayClue and PlayLavaTile (0 < n' < n, a rose in supply)."""
    found: list[Action] | None = g.memo.get("clue_plays")
    if found is None:
        found = g.memo["clue_plays"] = _clue_plays(g)
    return found


def _clue_plays(g: GameState) -> list[Action]:
    s, b = _seat(g), g.board
    if s.roses <= 0:
        return []
    out: list[Action] = []
    for column in g.columns:
        cand = g.candidates(column)
        n = count(cand)
        if n <= 1:
            continue
        illegal = []
        for card in s.hand:
            if 0 < (cand & b.predicate(card)).bit_count() < n:
                out.append(_clue(card, column))
            else:
                illegal.append(card)
        for tile in g.tiles if illegal else ():
            if 0 < (cand & b.predicate(LAVA_TILES[tile])).bit_count() < n:
                out += [_tile(card, tile, column) for card in illegal]
    return out


def can_pay(s: Seat, amulets: int | None = None) -> bool:
    """Can the seat pay for entering lava (an amulet, else a treasure card)?"""
    return (s.amulets if amulets is None else amulets) > 0 or bool(s.treasure)


def _bound_mask(g: GameState) -> int:
    t, s = _turn(g), _seat(g)
    used = t.bounds if g.stage == "move" else 0
    free, paid = bound_targets(g.board, _rover(g), used, can_pay(s))
    return free | paid


def power_options(g: GameState) -> list[Action]:
    """The powers whose effect is legal now (the amulet already paid)."""
    s = _seat(g)
    out: list[Action] = []
    if clue_plays(g):
        out.append(BuyPower("extra_clue"))
    free, paid = bound_targets(g.board, _rover(g), 0, can_pay(s, s.amulets - 1))
    if free | paid:
        out.append(BuyPower("extra_move"))
    if s.hand:
        out.append(BuyPower("extra_swap"))
    return out


def cube_options(g: GameState) -> list[Action]:
    """RemoveCube on every cube of a colour with at least 2 cubes on the map."""
    out: list[Action] = []
    for column in g.columns:
        cand = g.candidates(column)
        if 2 <= count(cand) <= CUBES:
            out += [_cube(column, h) for h in hexes_of(cand)]
    return out


def raise_options(g: GameState) -> list[Action]:
    """Raise every treasure located under the rover."""
    here = bit(_rover(g))
    return [_raise(c) for c in g.columns if g.candidates(c) == here]


def lava_hexes(g: GameState) -> list[Hex]:
    """Legal lava hexes: beside volcano or lava, no statue, rover or amulet, R13 kept."""
    return [h for h in hexes_of(_lava_room(g)) if keeps_candidates(g, h)]


def lava_part(g: GameState, cls: type[Action], only: Action | None = None) -> list[Action]:
    """`legal_lava`, or just `only` when it is one of them (one R13 check, not all)."""
    if cls is not PlaceLava:
        return []
    if isinstance(only, PlaceLava):
        h = only.hex
        ok = on_board(h) and bool(_lava_room(g) & bit(h)) and keeps_candidates(g, h)
        return [only] if ok else []
    return legal_lava(g)


def any_lava_hex(g: GameState) -> bool:
    """Is there a legal lava hex (`lava_hexes` without listing them all)?"""
    return any(keeps_candidates(g, h) for h in iter_hexes(_lava_room(g)))


def _lava_room(g: GameState) -> int:
    """Island spaces beside the volcano or lava without a statue, rover or amulet."""
    b = g.board
    if not b.volcano or g.lava_supply <= 0:
        return 0
    m = dilate(b.volcano | b.lava) & b.island & ~b.object_mask("statue")
    return m & ~mask_of(s.rover for s in g.seats if s.rover is not None) & ~mask_of(g.amulets)


def keeps_candidates(g: GameState, h: Hex) -> bool:
    """Ruling R13: after lava on `h` every column still has a candidate."""
    b = g.board
    for col in g.columns.values():
        cand = g.candidates(col.name)
        if cand & ~bit(h) and not col.clues:
            continue
        if not b.candidates_after_lava(h, col.predicates(), col.removed):
            return False
    return True


# --------------------------------------------------------------- checkers
def _main_free(g: GameState, what: str) -> None:
    if g.stage == "turn" and _turn(g).main_done:
        raise IllegalAction(
            "already_acted", f"the main action of this turn is done ({what} needs an amulet power)"
        )


def _column_effect(g: GameState, column: str, clue: str, what: str) -> None:
    cand = g.candidates(column)
    n, kept = count(cand), count(cand & g.board.predicate(clue))
    if kept == 0:
        raise IllegalAction("empties_column", f"{what} would leave {column} no space")
    if kept == n:
        raise IllegalAction("not_reducing", f"{what} does not reduce {column} ({n} spaces)")


def _has_card(g: GameState, card: str) -> None:
    s = _seat(g)
    if card not in s.hand:
        raise IllegalAction("not_in_hand", f"{s.name} does not hold clue {card}")
    if s.roses <= 0:
        raise IllegalAction("no_rose", f"{s.name} has no compass rose left to play a clue")


def check_play_clue(g: GameState, a: PlayClue) -> None:
    """Why a PlayClue is illegal."""
    _main_free(g, "a clue")
    _has_card(g, a.card)
    _column_effect(g, a.column, a.card, f"clue {a.card}")


def check_lava_tile(g: GameState, a: PlayLavaTile) -> None:
    """Why a PlayLavaTile is illegal (R10)."""
    _main_free(g, "a lava clue tile")
    if not g.options.volcano:
        raise IllegalAction("no_volcano", "the basic island has no lava clue tiles")
    _has_card(g, a.card)
    if a.tile not in g.tiles:
        raise IllegalAction("tile_in_use", f"lava clue tile {a.tile} is in a column already")
    try:
        _column_effect(g, a.column, a.card, f"clue {a.card}")
    except IllegalAction:
        pass
    else:
        raise IllegalAction(
            "not_illegal_here", f"clue {a.card} is legal on {a.column}: play it instead"
        )
    _column_effect(g, a.column, LAVA_TILES[a.tile], f"lava clue tile {a.tile}")


def check_bound(g: GameState, a: Bound) -> None:
    """Why a Bound is illegal (section 6.3, R11)."""
    _main_free(g, "a move")
    h, b = a.hex, g.board
    if not on_board(h):
        raise IllegalAction("off_board", f"{h} is not on the board")
    if bit(h) & b.volcano:
        raise IllegalAction("volcano", f"rovers never enter the volcano ({h})")
    if b.letter(h) == "S":
        raise IllegalAction("sea", f"rovers never enter the sea ({h})")
    t, s, rover = _turn(g), _seat(g), _rover(g)
    used = t.bounds if g.stage == "move" else 0
    left_after = MAX_BOUNDS - used - 1
    into_lava = bool(b.lava & bit(h))
    if into_lava and b.lava & bit(rover):
        if not b.lava_field_of(rover) & bit(h) or h == rover:
            raise IllegalAction("not_reachable", f"{h} is not in the rover's lava field")
        _lava_exit(b, h, left_after)
    elif into_lava:
        if not dilate(bit(rover)) & bit(h):
            raise IllegalAction("not_reachable", f"lava at {h} is not beside the rover")
        _lava_exit(b, h, left_after)
        if not can_pay(s):
            raise IllegalAction(
                "no_payment", f"{s.name} has no amulet and no treasure card to cross lava"
            )
    free, _ = bound_targets(b, rover, used, can_pay(s))
    if not into_lava and not free & bit(h):
        raise IllegalAction("not_reachable", f"{h} is not one bound from the rover at {rover}")


def _lava_exit(b: Board, h: Hex, left_after: int) -> None:
    """A bound may end on lava only if the rover can leave it with the bounds left."""
    if left_after < 1:
        raise IllegalAction("lava_end", f"a move never ends on lava ({h}): no bound left after it")
    if left_after == 1 and not beside(b.island) & bit(h):
        raise IllegalAction(
            "lava_end", f"no island space beside {h}: the rover could not leave the lava"
        )


def check_stop(g: GameState, a: StopMove) -> None:
    """Why a StopMove is illegal."""
    if g.board.lava & bit(_rover(g)):
        raise IllegalAction("lava_end", "a move never ends on lava")
    raise IllegalAction("wrong_step", "make at least one bound of the bought move first")


def check_pass(g: GameState, a: Pass) -> None:
    """Why a Pass is illegal."""
    _main_free(g, "a move")


def check_swap(g: GameState, a: Swap) -> None:
    """Why a Swap is illegal."""
    _main_free(g, "a swap")
    raise IllegalAction("empty_hand", f"{_seat(g).name} holds no clue card to swap")


def check_raise(g: GameState, a: Raise) -> None:
    """Why a Raise is illegal."""
    raise IllegalAction(
        "not_located", f"the {a.column} treasure is not located under the rover at {_rover(g)}"
    )


def check_buy(g: GameState, a: BuyPower) -> None:
    """Why a BuyPower is illegal."""
    s = _seat(g)
    if s.amulets <= 0:
        raise IllegalAction("no_amulet", f"{s.name} has no amulet")
    raise IllegalAction("power_not_usable", f"{a.power} has nothing legal to do now")


def check_remove(g: GameState, a: RemoveCube) -> None:
    """Why a RemoveCube is illegal."""
    s = _seat(g)
    if s.amulets <= 0:
        raise IllegalAction("no_amulet", f"{s.name} has no amulet")
    raise IllegalAction(
        "no_cube", f"no removable {a.column} cube on {a.hex} (a colour needs 2 or more cubes)"
    )


def check_end_turn(g: GameState, a: EndTurn) -> None:
    """Why an EndTurn is illegal."""
    raise IllegalAction("main_action_pending", "play a clue, move (or pass) or swap first")


def check_place_lava(g: GameState, a: PlaceLava) -> None:
    """Why a PlaceLava is illegal (section 8, R13)."""
    check_land(g, a.hex)
    b, h = g.board, a.hex
    if not dilate(b.volcano | b.lava) & bit(h):
        raise IllegalAction("not_adjacent_to_lava", f"{h} is not beside the volcano or lava")
    if b.objects.get(h) == "statue":
        raise IllegalAction("statue_hex", f"lava never covers a statue ({h})")
    if h in g.amulets or any(s.rover == h for s in g.seats):
        raise IllegalAction("occupied", f"lava never covers a rover or an amulet ({h})")
    raise IllegalAction("empties_column", f"lava on {h} would leave a treasure no space (R13)")


# ------------------------------------------------------------------ apply
def apply_take(g: GameState, a: TakeAmulet) -> None:
    """Take the amulet; lava follows when a legal hex exists."""
    s, t = _seat(g), _turn(g)
    g.amulets.remove(_rover(g))
    s.amulets += 1
    g.note("amulet_taken", t.seat, hex=list(_rover(g)))
    if g.board.volcano and g.lava_supply > 0:
        if any_lava_hex(g):
            g.stage = "lava"
            return
        g.note("no_lava", t.seat)
    _resume(g)


def apply_leave(g: GameState, a: LeaveAmulet) -> None:
    """Leave the amulet."""
    _resume(g)


def _resume(g: GameState) -> None:
    if _turn(g).after_amulet == "start":
        g.stage = "turn"
    else:
        _continue_move(g)


def apply_place_lava(g: GameState, a: PlaceLava) -> None:
    """Cover the hex: objects there are destroyed, candidates recomputed."""
    before = _located(g, list(g.columns))
    destroyed = g.board.place_lava(a.hex)
    g.lava_supply -= 1
    g.changed()
    found = {c: h for c, h in _located(g, list(g.columns)).items() if c not in before}
    g.note("lava", _turn(g).seat, hex=list(a.hex), destroyed=destroyed, **_found(found))
    _resume(g)


def _located(g: GameState, columns: list[str]) -> dict[str, Hex]:
    """The treasures of these columns located now (one candidate left)."""
    out = {}
    for c in columns:
        h = g.located(c)
        if h is not None:
            out[c] = h
    return out


def _found(located: dict[str, Hex]) -> dict[str, Any]:
    """A log event's ``located`` (the treasures a move located, for the map: public, as the
    cubes are), none when it located nothing."""
    if not located:
        return {}
    return {"located": [{"column": c, "hex": list(h)} for c, h in sorted(located.items())]}


def apply_play_clue(g: GameState, a: PlayClue) -> None:
    """The card goes to the bottom of the column with a rose; draw a replacement."""
    s = _seat(g)
    s.hand.remove(a.card)
    _add_clue(g, a.column, Clue(a.card, _turn(g).seat))
    g.note("clue", _turn(g).seat, card=a.card, column=a.column, left=count(g.candidates(a.column)),
           **_found(_located(g, [a.column])))
    _replace_card(g, s)


def apply_lava_tile(g: GameState, a: PlayLavaTile) -> None:
    """Discard the card face up, put the tile with a rose; draw a replacement."""
    s = _seat(g)
    s.hand.remove(a.card)
    g.clue_discard.append(a.card)
    g.tiles.remove(a.tile)
    _add_clue(g, a.column, Clue(LAVA_TILES[a.tile], _turn(g).seat, a.tile))
    g.note(
        "lava_tile",
        _turn(g).seat,
        card=a.card,
        tile=a.tile,
        column=a.column,
        left=count(g.candidates(a.column)),
        **_found(_located(g, [a.column])),
    )
    _replace_card(g, s)


def _add_clue(g: GameState, column: str, clue: Clue) -> None:
    g.columns[column].clues.append(clue)
    _seat(g).roses -= 1
    t = _turn(g)
    t.acted = True
    if g.stage == "extra_clue":
        g.stage = "turn"
    else:
        t.main_done = True
    g.changed()


def _replace_card(g: GameState, s: Seat) -> None:
    card = g.draw_clue()
    if card is not None:
        s.hand.append(card)


def apply_bound(g: GameState, a: Bound) -> None:
    """Move the rover one bound (paying for an entry onto lava)."""
    t, s, b = _turn(g), _seat(g), g.board
    if g.stage == "turn":  # the first bound starts the main move
        t.bounds, t.extra_move = 0, False
    if b.lava & bit(a.hex) and not b.lava & bit(_rover(g)):
        _pay_lava(g, s)
    s.rover = a.hex
    t.bounds += 1
    g.note("bound", t.seat, hex=list(a.hex))
    if not b.lava & bit(a.hex) and a.hex in g.amulets and not t.extra_move:
        t.after_amulet = "bound"
        g.stage = "amulet"
        return
    _continue_move(g)


def _pay_lava(g: GameState, s: Seat) -> None:
    seat = _turn(g).seat
    if s.amulets:
        s.amulets -= 1
        g.amulet_supply += 1
        g.note("lava_paid", seat, paid="amulet")
    else:
        value = max(s.treasure)
        s.treasure.remove(value)
        g.treasure_discard.append(value)
        g.note("lava_paid", seat, paid="card")


def _continue_move(g: GameState) -> None:
    if _turn(g).bounds >= MAX_BOUNDS:
        _end_move(g)
    else:
        g.stage = "move"


def _end_move(g: GameState) -> None:
    t = _turn(g)
    if not t.extra_move:
        t.main_done = True
    t.bounds, t.extra_move = 0, False
    g.stage = "turn"


def apply_stop(g: GameState, a: StopMove) -> None:
    """End the move."""
    _end_move(g)


def apply_pass(g: GameState, a: Pass) -> None:
    """A move of zero bounds."""
    _turn(g).main_done = True
    g.note("pass", _turn(g).seat)


def apply_swap(g: GameState, a: Swap) -> None:
    """Swap the hand (the main action)."""
    _turn(g).main_done = True
    _swap(g)


def _swap(g: GameState) -> None:
    s = _seat(g)
    g.note("swap", _turn(g).seat, cards=list(s.hand))
    g.clue_discard.extend(s.hand)
    n, s.hand = len(s.hand), []
    for _ in range(n):
        _replace_card(g, s)


def apply_buy(g: GameState, a: BuyPower) -> None:
    """Spend an amulet on an extra clue, move or swap."""
    s, t = _seat(g), _turn(g)
    s.amulets -= 1
    g.amulet_supply += 1
    g.note("power", t.seat, power=a.power)
    if a.power == "extra_clue":
        g.stage = "extra_clue"
    elif a.power == "extra_move":
        g.stage = "move"
        t.bounds, t.extra_move = 0, True
    else:
        _swap(g)


def apply_remove(g: GameState, a: RemoveCube) -> None:
    """Spend an amulet to take a cube off the map (the hex joins the removed set)."""
    s = _seat(g)
    s.amulets -= 1
    g.amulet_supply += 1
    g.columns[a.column].removed |= bit(a.hex)
    g.changed()
    g.note("cube_removed", _turn(g).seat, column=a.column, hex=list(a.hex),
           **_found(_located(g, [a.column])))


def apply_end_turn(g: GameState, a: EndTurn) -> None:
    """End the turn."""
    end_turn(g)


def apply_raise(g: GameState, a: Raise) -> None:
    """Raise the treasure: the distribution begins."""
    _turn(g).acted = True
    g.start_distribution(a.column)
