"""Every IllegalAction code of the Ember Isle engine: raised with a message, state unchanged."""

from pathlib import Path

import pytest
from refusals import check_refused, codes_raised

from ember_helpers import (
    ANN,
    BOB,
    add_lava,
    fixture,
    force_pool_order,
    give,
    locate,
    put_amulet,
    put_rover,
    restart_turn,
    set_column,
    set_hand,
    stack_treasure,
)
from ember_isle import (
    Bound,
    BuyPower,
    Claim,
    EndTurn,
    Game,
    IllegalAction,
    MalformedInput,
    Options,
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
from ember_isle.board import TRIANGLES
from ember_isle.content import CURSE
from ember_isle.hexes import dist, hexes_of, neighbours

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "ember_isle"
#: Raised only if `explain` and the legal-move generators ever disagree (never, see
#: test_ember_playouts.py::test_refusals_are_explained); no state can be built for it.
UNREACHABLE = {"not_allowed"}


def objects_game(placed: int = 0) -> Game:
    """A game whose players place the objects, after `placed` of them."""
    g = Game.new(Options(seats=("Ann", "Bob"), seed=5, objects="players", first_player=0))
    for _ in range(placed):
        g.play(g.legal_actions()[0])
    return g


def triads_game(placed: int = 0) -> Game:
    g = Game.new(Options(seats=("Ann", "Bob"), seed=5, first_player=0))
    for _ in range(placed):
        g.play(g.legal_actions()[0])
    return g


def seed_game() -> Game:
    g = triads_game(2)
    assert g.stage == "seed"
    g.play(SeedColumn("pearl"))
    return g


def with_amulet():
    g = fixture()
    give(g, ANN, amulets=1)
    return g


def pearl_lakes(hand):
    g = fixture()
    set_column(g, "pearl", ["in:lake"])
    set_hand(g, ANN, hand)
    return g


def at_lava_stage():
    g = fixture()
    put_amulet(g, g.seats[ANN].rover)
    restart_turn(g, ANN)
    g.play(TakeAmulet())
    return g


def on_lava():
    g = fixture()
    add_lava(g, (-2, 2))
    put_rover(g, ANN, (-2, 3))
    give(g, ANN, treasure=[3])
    g.play(Bound((-2, 2)))
    return g


def lava_no_payment():
    g = fixture()
    add_lava(g, (-2, 2))
    put_rover(g, ANN, (-2, 3))
    return g


def tile_taken():
    g = pearl_lakes(["beside:sea"])
    g.tiles.remove("V3")
    g.changed()
    return g


def basic_island():
    g = Game.new(Options(seats=("Ann", "Bob"), seed=5, volcano=False, first_player=0))
    while g.phase == "setup":
        g.play(g.legal_actions()[0])
    set_column(g, "pearl", ["in:lake"])
    set_hand(g, ANN, ["beside:sea"])
    return g


def main_done():
    g = with_amulet()
    set_hand(g, ANN, ["in:lake"])
    g.play(Pass())
    assert g.stage == "turn" and g.turn.main_done
    return g


def no_rose():
    g = fixture()
    set_hand(g, ANN, ["in:lake"])
    g.seats[ANN].roses = 0
    return g


def curse_ward():
    g = fixture()
    give(g, ANN, amulets=1)
    set_column(g, "jade", ["not_in:lake"], [ANN])
    locate(g, "jade", g.seats[BOB].rover)
    restart_turn(g, BOB)
    stack_treasure(g, [CURSE, 2, 3])
    force_pool_order(g, [CURSE])
    g.play(Raise("jade"))
    assert g.stage == "ward" and g.to_move == ANN
    return g


def _far_new_hex():
    g = triads_game()
    b = g.board
    for tri in TRIANGLES:
        sea = [h for h in tri if b.letter(h) == "S"]
        land = [h for h in tri if h not in sea]
        if len(sea) == 1 and dist(sea[0], (0, 0)) == 7 and all(b.is_island(h) for h in land):
            for m, lv in (land, land[::-1]):
                if b.letter(m) in "BJ" and m not in b.objects and lv not in b.objects:
                    return PlaceTriad("T1", m, lv, sea[0])
    raise AssertionError("no far triangle")


def _triad_on(letter_match: str, new_land: bool = False, lava_sea: bool = False):
    """A triangle-shaped PlaceTriad(T1) breaking one placement rule."""
    g = triads_game()
    b = g.board
    for tri in TRIANGLES:
        kinds = ["S" if b.letter(h) == "S" else "L" for h in tri]
        if any(h in b.objects or dist(h, (0, 0)) > 6 for h in tri):
            continue
        if new_land and kinds.count("S") == 0:
            m, lv, n = tri
            if b.is_island(m) and b.is_island(lv) and b.letter(m) in letter_match:
                return PlaceTriad("T1", m, lv, n)
        if lava_sea and kinds.count("S") == 2:
            m = next(h for h in tri if kinds[tri.index(h)] == "L")
            n, lv = [h for h in tri if h != m]
            if b.letter(m) in letter_match:
                return PlaceTriad("T1", m, lv, n)
        if not new_land and not lava_sea and kinds.count("S") == 1:
            n = tri[kinds.index("S")]
            m, lv = [h for h in tri if h != n]
            if b.is_island(m) and b.is_island(lv) and b.letter(m) in letter_match:
                return PlaceTriad("T1", m, lv, n)
    raise AssertionError("no such triangle")


def _hut_too_close(g):
    hut = next(h for h, k in g.board.objects.items() if k == "hut")
    return next(
        PlaceObject("hut", h, None)
        for h in hexes_of(g.board.island)
        if 0 < dist(h, hut) < 4 and g.board.letter(h) in "BJGM" and h not in g.board.objects
    )


def _statue_beside_sea(g):
    b = g.board
    return next(
        PlaceObject("statue", h, 0)
        for h in hexes_of(b.island)
        if b.letter(h) in "BJGM"
        and h not in b.objects
        and any(b.letter(n) == "S" for n in neighbours(h))
        and all(dist(h, o) >= 4 for o, k in b.objects.items() if k == "statue")
    )


def _lake_hex(g):
    return next(h for h in hexes_of(g.board.island) if g.board.letter(h) == "L")


CASES = {
    "game_over": (lambda: _over(), Pass()),
    "not_your_turn": (fixture, "bob-passes"),
    "wrong_phase": (fixture, Claim()),
    "wrong_step": (fixture, StopMove()),
    "wrong_kind": (objects_game, "tree-first"),
    "bad_facing": (objects_game, "hut-facing"),
    "bad_ground": (objects_game, "hut-on-lake"),
    "occupied": (lambda: objects_game(1), "hut-on-hut"),
    "too_close": (lambda: objects_game(1), "hut-too-close"),
    "beside_sea": (lambda: objects_game(7), "statue-by-sea"),
    "triad_used": (lambda: triads_game(1), "same-triad"),
    "not_adjacent": (triads_game, PlaceTriad("T1", (-4, 5), (-4, 6), (-6, 6))),
    "not_sea": (triads_game, "new-on-land"),
    "too_far": (triads_game, "far-new"),
    "terrain_mismatch": (triads_game, "bad-match"),
    "not_island": (triads_game, "lava-on-sea"),
    "must_place_triad": (triads_game, PlaceRover((-4, 3))),
    "column_taken": (seed_game, SeedColumn("pearl")),
    "off_board": (fixture, Bound((9, 9))),
    "volcano": (fixture, Bound((1, 0))),
    "sea": (fixture, Bound((7, -4))),
    "not_reachable": (fixture, Bound((-4, 3))),
    "lava_end": (on_lava, StopMove()),
    "no_payment": (lava_no_payment, Bound((-2, 2))),
    "already_acted": (main_done, PlayClue("in:lake", "jade")),
    "main_action_pending": (fixture, EndTurn()),
    "not_in_hand": (fixture, PlayClue("in:lake", "pearl")),
    "no_rose": (no_rose, PlayClue("in:lake", "pearl")),
    "not_reducing": (lambda: pearl_lakes(["not_in:beach"]), PlayClue("not_in:beach", "pearl")),
    "empties_column": (lambda: pearl_lakes(["beside:sea"]), PlayClue("beside:sea", "pearl")),
    "not_illegal_here": (
        lambda: pearl_lakes(["beside:mountain"]),
        PlayLavaTile("beside:mountain", "V1", "pearl"),
    ),
    "tile_in_use": (tile_taken, PlayLavaTile("beside:sea", "V3", "pearl")),
    "no_volcano": (basic_island, PlayLavaTile("beside:sea", "V1", "pearl")),
    "empty_hand": (fixture, Swap()),
    "not_located": (fixture, Raise("pearl")),
    "no_amulet": (fixture, BuyPower("extra_move")),
    "power_not_usable": (with_amulet, BuyPower("extra_swap")),
    "no_cube": (with_amulet, RemoveCube("pearl", (0, -5))),
    "not_adjacent_to_lava": (at_lava_stage, PlaceLava((-3, 3))),
    "statue_hex": (at_lava_stage, PlaceLava((-2, 1))),
    "no_treasure": (curse_ward, WardCurse("discard")),
    "cannot_undo": (fixture, "undo"),
}


def _over():
    g = fixture()
    g.end_game("stall")
    return g


def _resolve(g, action):
    """Turn the symbolic cases into (action, seat) on `g`."""
    if not isinstance(action, str):
        return action, None
    if action == "bob-passes":
        return Pass(), BOB
    if action == "tree-first":
        return PlaceObject("tree", g.legal_actions()[0].hex, None), None
    if action == "hut-facing":
        return PlaceObject("hut", g.legal_actions()[0].hex, 2), None
    if action == "hut-on-lake":
        return PlaceObject("hut", _lake_hex(g), None), None
    if action == "hut-on-hut":
        return PlaceObject("hut", next(iter(g.board.objects)), None), None
    if action == "hut-too-close":
        return _hut_too_close(g), None
    if action == "statue-by-sea":
        return _statue_beside_sea(g), None
    if action == "same-triad":
        used = g.board.triads[0][0]
        a = next(a for a in g.legal_actions() if isinstance(a, PlaceTriad))
        return PlaceTriad(used, a.match, a.lava, a.new), None
    if action == "new-on-land":
        return _triad_on("BJ", new_land=True), None
    if action == "far-new":
        return _far_new_hex(), None
    if action == "bad-match":
        return _triad_on("GMLR"), None
    if action == "lava-on-sea":
        return _triad_on("BJ", lava_sea=True), None
    raise AssertionError(action)


def test_the_cases_cover_every_code_in_the_engine():
    codes = codes_raised(ENGINE.rglob("*.py"))
    assert codes - set(CASES) - UNREACHABLE == set(), "untested IllegalAction codes"
    assert set(CASES) - codes == set(), "cases for codes the engine never raises"


@pytest.mark.parametrize("code", sorted(CASES))
def test_code_raised_and_state_unchanged(code):
    make, action = CASES[code]
    check_refused(make(), action, _resolve, code, IllegalAction)


@pytest.mark.parametrize(
    "bad",
    [
        "pass",
        PlayClue("in:gold", "pearl"),
        PlayClue("in:lake", "silver"),
        PlayLavaTile("in:lake", "V9", "pearl"),
        BuyPower("extra_nap"),
        Bound([1, 2]),
        Bound((1, True)),
        WardCurse("pray"),
        PlaceObject("castle", (0, 1), None),
    ],
)
def test_malformed_actions_are_not_illegal_actions(bad):
    g = fixture()
    before = g.state()
    with pytest.raises(MalformedInput):
        g.play(bad)
    assert g.state() == before
