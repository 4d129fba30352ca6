"""Setup (section 5): objects, triads in reverse seat order, rovers, seeding, hands."""

from __future__ import annotations

from .actions import Action, PlaceObject, PlaceRover, PlaceTriad, SeedColumn
from .balance import SEATS, hand_sizes, start_amulets
from .content import COLUMNS, DEFAULT_OBJECTS, LAND, OBJECT_GROUND, OBJECT_ORDER, SPACING, TRIADS
from .errors import IllegalAction, short
from .hexes import bit, dist, hexes_of, on_board
from .state import Clue, GameState
from .steps import check_land, draw_fitting

MAX_OBJECT_RESTARTS = 1000


# ------------------------------------------------------------------ objects
def place_objects(g: GameState) -> None:
    """Default or random objects at once; ``"players"`` waits for PlaceObject actions."""
    mode = g.options.objects
    if mode == "default":
        for kind, h, facing in DEFAULT_OBJECTS:
            g.board.add_object(kind, h, facing)
    elif mode == "random":
        _random_objects(g)


def _random_objects(g: GameState) -> None:
    """Section 4.3: one object at a time, a hex drawn among the legal ones sorted by (q, r)."""
    pristine = g.board.copy()
    for _ in range(MAX_OBJECT_RESTARTS):
        g.board = pristine.copy()
        for kind in OBJECT_ORDER:
            legal = hexes_of(g.board.object_hexes(kind))
            if not legal:
                break
            h = g.rng.choice(legal)
            g.board.add_object(kind, h, g.rng.randrange(6) if kind == "statue" else None)
        else:
            return
    raise RuntimeError("random object placement failed")  # never seen on the 48 maps


def legal_objects(g: GameState) -> list[Action]:
    """Every PlaceObject for the next object (statues with each of the 6 facings)."""
    kind = OBJECT_ORDER[g.objects_placed]
    hexes = hexes_of(g.board.object_hexes(kind))
    if kind != "statue":
        return [PlaceObject(kind, h, None) for h in hexes]
    return [PlaceObject(kind, h, f) for h in hexes for f in range(6)]


def check_object(g: GameState, a: PlaceObject) -> None:
    """Why a PlaceObject is illegal (section 3.8, R4)."""
    kind = OBJECT_ORDER[g.objects_placed]
    if a.kind != kind:
        raise IllegalAction("wrong_kind", f"the next object to place is a {kind}, not a {a.kind}")
    if (a.facing is None) != (kind != "statue") or (a.facing is not None and not 0 <= a.facing < 6):
        raise IllegalAction("bad_facing", f"facing {short(a.facing)}: only statues face a "
            f"hexside 0-5")
    check_land(g, a.hex)
    b = g.board
    if b.terrain[a.hex] not in OBJECT_GROUND:
        raise IllegalAction(
            "bad_ground", f"objects stand only on beach, jungle, grassland or mountain: {a.hex}"
        )
    if a.hex in b.objects:
        raise IllegalAction("occupied", f"{a.hex} already holds an object")
    if not b.object_hexes(kind) & bit(a.hex):
        if any(b.objects[o] == kind and dist(a.hex, o) < SPACING for o in b.objects):
            raise IllegalAction("too_close", f"{a.hex} is closer than 4 to another {kind}")
        raise IllegalAction("beside_sea", f"a statue may not stand beside the sea: {a.hex}")


def apply_object(g: GameState, a: PlaceObject) -> None:
    """Stand the object; the next seat places the next one, then the triads."""
    g.board.add_object(a.kind, a.hex, a.facing)
    g.changed()
    g.note("object", g.to_move, kind=a.kind, hex=list(a.hex), facing=a.facing)
    g.objects_placed += 1
    _next_object(g)


def _next_object(g: GameState) -> None:
    order = g.seat_order()
    while g.objects_placed < len(OBJECT_ORDER):
        kind = OBJECT_ORDER[g.objects_placed]
        if g.board.object_hexes(kind):
            g.stage = "objects"
            g.to_move = order[g.objects_placed % len(order)]
            return
        g.note("object_skipped", None, kind=kind)  # no legal hex left: never seen
        g.objects_placed += 1
    _start_triads(g)


def begin(g: GameState) -> None:
    """The first setup decision after the automatic steps."""
    if g.options.objects == "players":
        _next_object(g)
    else:
        g.objects_placed = len(OBJECT_ORDER)
        _start_triads(g)


# ------------------------------------------------------------------- triads
def _start_triads(g: GameState) -> None:
    if g.options.volcano:
        g.setup_order = g.seat_order()[::-1]
        g.stage = "triads"
    else:
        g.setup_order = g.seat_order()
        g.stage = "rovers"
    g.to_move = g.setup_order[0]


def _unused_triads(g: GameState) -> list[str]:
    used = {t for t, *_ in g.board.triads}
    return [t for t in TRIADS if t not in used]


def legal_triads(g: GameState) -> list[Action]:
    """Every PlaceTriad; when none fits, PlaceRover on any island space instead."""
    out: list[Action] = [
        PlaceTriad(t, m, lv, n)
        for t in _unused_triads(g)
        for m, lv, n in g.board.triad_placements(t)
    ]
    return out or legal_rovers(g)


def triad_part(g: GameState, cls: type[Action], only: Action | None = None) -> list[Action]:
    """`legal_triads` of one class, or just `only` when it is one of them."""
    if isinstance(only, PlaceTriad):
        fits = only.triad in _unused_triads(g) and (only.match, only.lava, only.new) in (
            g.board.triad_placements(only.triad)
        )
        return [only] if fits else []
    return [a for a in legal_triads(g) if type(a) is cls]


def check_triad(g: GameState, a: PlaceTriad) -> None:
    """Why a PlaceTriad is illegal (section 5 step 6, R6)."""
    if a.triad not in _unused_triads(g):
        raise IllegalAction("triad_used", f"triad {a.triad} is already on the map")
    hexes = (a.match, a.lava, a.new)
    for h in hexes:
        if not on_board(h):
            raise IllegalAction("off_board", f"{h} is not on the board")
    if len(set(hexes)) != 3 or any(dist(x, y) != 1 for x in hexes for y in hexes if x != y):
        raise IllegalAction("not_adjacent", f"the triad's hexes {hexes} are not mutually adjacent")
    b = g.board
    for h in hexes:
        if bit(h) & b.volcano:
            raise IllegalAction("volcano", f"{h} is under the volcano")
        if h in b.objects or bit(h) & b.triad_hexes:
            raise IllegalAction("occupied", f"{h} holds an object or another triad")
    if b.terrain[a.new] != "S":
        raise IllegalAction("not_sea", f"the new hex {a.new} must be a sea hex")
    if dist(a.new, (0, 0)) > 6:
        raise IllegalAction("too_far", f"the new hex {a.new} is farther than 6 from the centre")
    if not b.is_island(a.match) or b.terrain[a.match] not in TRIADS[a.triad]:
        names = " or ".join(LAND[x] for x in TRIADS[a.triad])
        raise IllegalAction("terrain_mismatch", f"the match hex {a.match} is not {names}")
    if not b.is_island(a.lava):
        raise IllegalAction("not_island", f"the triad's lava must cover an island space: {a.lava}")


def apply_triad(g: GameState, a: PlaceTriad) -> None:
    """Lay the triad; the rover starts on the new hex."""
    g.board.place_triad(a.triad, a.match, a.lava, a.new)
    g.changed()
    seat = g.setup_order.pop(0)
    g.seats[seat].rover = a.new
    g.note("triad", seat, triad=a.triad, match=list(a.match), lava=list(a.lava), new=list(a.new))
    _next_placer(g)


def _next_placer(g: GameState) -> None:
    if g.setup_order:
        g.to_move = g.setup_order[0]
    else:
        _start_seeding(g)


# ------------------------------------------------------------------- rovers
def legal_rovers(g: GameState) -> list[Action]:
    """PlaceRover on every island space."""
    return [PlaceRover(h) for h in hexes_of(g.board.island)]


def check_rover(g: GameState, a: PlaceRover) -> None:
    """Why a PlaceRover is illegal."""
    if g.stage == "triads":
        raise IllegalAction("must_place_triad", "place a triad; the rover starts on its new hex")
    check_land(g, a.hex)


def apply_rover(g: GameState, a: PlaceRover) -> None:
    """Put the rover down."""
    seat = g.setup_order.pop(0)
    g.seats[seat].rover = a.hex
    g.note("rover", seat, hex=list(a.hex))
    _next_placer(g)


# ----------------------------------------------------------------- seeding
def _start_seeding(g: GameState) -> None:
    g.setup_order = g.seat_order()
    _next_seed(g)


def _next_seed(g: GameState) -> None:
    while g.setup_order:
        card = draw_fitting(g)
        if card is not None:
            g.seed_card = card
            g.stage = "seed"
            g.to_move = g.setup_order[0]
            g.note("seed_drawn", g.to_move, card=card)
            return
        g.note("seed_skipped", g.setup_order.pop(0))  # the clue deck ran dry: never seen
    g.seed_card = None
    _deal_hands(g)
    g.note("hands_dealt", None)
    g.begin_turn(g.first_player)


def _deal_hands(g: GameState) -> None:
    """Step 8, one card a round in seat order, with the table's compensation (`balance`)."""
    order = g.seat_order()
    rule = g.options.balance or "none"
    sizes = hand_sizes(rule, len(order))
    for i in range(max(sizes)):
        for pos, seat in enumerate(order):
            card = g.draw_clue() if i < sizes[pos] else None
            if card is not None:
                g.seats[seat].hand.append(card)
    if len(order) == SEATS:
        for pos, n in enumerate(start_amulets(rule)):
            n = min(n, g.amulet_supply)
            g.seats[order[pos]].amulets += n
            g.amulet_supply -= n


def legal_seed(g: GameState) -> list[Action]:
    """SeedColumn on every column without a clue."""
    return [SeedColumn(c) for c in COLUMNS if not g.columns[c].clues]


def check_seed(g: GameState, a: SeedColumn) -> None:
    """Why a SeedColumn is illegal."""
    raise IllegalAction("column_taken", f"column {a.column} already has a clue")


def apply_seed(g: GameState, a: SeedColumn) -> None:
    """Place the drawn card with a rose; the next seat seeds, then hands are dealt."""
    seat = g.setup_order.pop(0)
    assert g.seed_card is not None
    g.columns[a.column].clues.append(Clue(g.seed_card, seat))
    g.seats[seat].roses -= 1
    g.note("seed", seat, card=g.seed_card, column=a.column)
    g.seed_card = None
    g.changed()
    _next_seed(g)
