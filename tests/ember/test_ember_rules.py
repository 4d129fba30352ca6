"""Rules and Rulings R1-R24, and the edge cases of section 13."""

from collections import Counter

import pytest

from ember_helpers import (
    ANN,
    BOB,
    add_lava,
    fixture,
    force_pool_order,
    give,
    locate,
    pass_turn,
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
    Decline,
    EndTurn,
    Game,
    IllegalAction,
    LeaveAmulet,
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
from ember_isle.board import VOLCANO, Board
from ember_isle.content import ARRANGEMENTS, CURSE, DEFAULT_OBJECTS, LAVA_TILES, TRIADS
from ember_isle.hexes import bit, count, dist, hexes_of, neighbours


def code(g, action):
    before = g.state()
    with pytest.raises(IllegalAction) as e:
        g.play(action)
    assert g.state() == before
    return e.value.code


def finish_distribution(g, claim=False):
    while g.phase == "distribution":
        if g.stage == "offer":
            g.play(Claim() if claim else Decline())
        else:
            g.play(g.legal_actions()[0])


# ------------------------------------------------------------------ R1, R5
def test_r1_lava_tiles_are_separate_from_lava_hexes():
    g = fixture()
    assert g.tiles == ["V1", "V2", "V3", "V4"] and g.lava_supply == 24
    assert LAVA_TILES == {
        "V1": "beside:volcano",
        "V2": "not_beside:volcano",
        "V3": "beside:lava",
        "V4": "not_beside:lava",
    }
    set_column(g, "pearl", ["in:lake"])
    set_hand(g, ANN, ["beside:sea"])
    add_lava(g, (2, -2))
    g.play(PlayLavaTile("beside:sea", "V3", "pearl"))
    assert g.lava_supply == 23  # only the hex placed above
    tile = g.columns["pearl"].clues[-1]
    assert tile.tile == "V3" and tile.rose == ANN and g.seats[ANN].roses == 14


def test_r5_the_volcano_is_the_centre_and_its_six_neighbours():
    assert hexes_of(VOLCANO) == sorted([(0, 0), *neighbours((0, 0))])
    g = fixture()
    assert g.board.volcano == VOLCANO and not g.board.island & VOLCANO


# ---------------------------------------------------------------------- R3
def test_r3_an_objects_own_hex_is_not_beside_or_near_it():
    b = fixture().board
    for hut in [(-4, 3), (3, -5), (3, 1), (-1, -3)]:
        assert not b.predicate("beside:hut") & bit(hut)
        assert not b.predicate("near:hut") & bit(hut)
        assert b.predicate("not_beside:hut") & bit(hut)
        assert b.predicate("not_near:hut") & bit(hut)
    assert b.predicate("beside:hut") & bit((-4, 4))  # a neighbour of (-4, 3)
    assert b.predicate("near:hut") & bit((-4, 5))  # two away


def test_beside_and_near_a_terrain_exclude_that_terrain():
    b = fixture().board
    lakes = b.type_mask("L")
    assert not b.predicate("beside:lake") & lakes and not b.predicate("near:lake") & lakes
    assert lakes & b.predicate("not_beside:lake") == lakes


# ---------------------------------------------------------------------- R4
def test_r4_random_objects_keep_their_spacing_and_ground():
    for i, arr in enumerate(ARRANGEMENTS):
        g = Game.new(Options(seats=("A", "B"), map=arr, seed=i))
        b = g.board
        objs = list(b.objects.items())
        assert Counter(k for _, k in objs) == {"hut": 4, "tree": 3, "statue": 3}
        for h, k in objs:
            assert b.letter(h) in "BJGM" and b.is_island(h)
            if k == "statue":
                assert all(b.letter(n) != "S" for n in neighbours(h))
                assert 0 <= b.facings[h] < 6
            for h2, k2 in objs:
                if k2 == k and h2 != h:
                    assert dist(h, h2) >= 4


def test_r4_players_place_objects_in_seat_order_and_kinds_may_touch():
    g = Game.new(Options(seats=("Ann", "Bob", "Cy"), seed=2, objects="players", first_player=1))
    movers, kinds = [], []
    adjacent_kinds = False
    while g.stage == "objects":
        movers.append(g.to_move)
        a = g.legal_actions()[0]
        kinds.append(a.kind)
        others = [h for h, k in g.board.objects.items() if k != a.kind]
        legal_hexes = {x.hex for x in g.legal_actions()}
        adjacent_kinds |= any(dist(h, o) == 1 for h in legal_hexes for o in others)
        g.play(a)
    assert movers == [1, 2, 0] * 3 + [1]
    assert kinds == ["hut"] * 4 + ["tree"] * 3 + ["statue"] * 3
    assert adjacent_kinds
    assert g.stage == "triads" and g.to_move == 0  # reverse seat order: the last seat first


def test_default_objects_are_legal():
    b = Board.from_arrangement("A2B1C2")
    for kind, h, facing in DEFAULT_OBJECTS:
        assert b.object_hexes(kind) & bit(h), (kind, h)
        b.add_object(kind, h, facing)


# ---------------------------------------------------------------------- R6
def test_r6_triads_turned_and_flipped_and_their_limits():
    g = Game.new(Options(seats=("A", "B", "C"), seed=4, first_player=0))
    legal = [a for a in g.legal_actions() if isinstance(a, PlaceTriad)]
    assert g.to_move == 2 and {a.triad for a in legal} == set(TRIADS)
    b = g.board
    by_triangle = Counter(frozenset((a.match, a.lava, a.new)) for a in legal if a.triad == "T1")
    assert max(by_triangle.values()) >= 2  # the same three hexes in different roles
    for a in legal:
        assert b.letter(a.new) == "S" and dist(a.new, (0, 0)) <= 6
        assert b.letter(a.match) in TRIADS[a.triad] and b.is_island(a.lava)
        assert not {a.match, a.lava, a.new} & set(b.objects)
        assert not (bit(a.match) | bit(a.lava) | bit(a.new)) & VOLCANO
    a = legal[0]
    g.play(a)
    assert g.seats[2].rover == a.new
    assert {g.board.letter(a.new), g.board.letter(a.match)} == set(TRIADS[a.triad])
    assert g.board.lava & bit(a.lava)
    nxt = [x for x in g.legal_actions() if isinstance(x, PlaceTriad)]
    assert all(x.triad != a.triad for x in nxt)
    assert all(not {x.match, x.lava, x.new} & {a.match, a.lava, a.new} for x in nxt)


def test_no_triad_fits_the_rover_goes_on_any_island_space():
    g = Game.new(Options(seats=("A", "B"), seed=4, first_player=0))
    g.board.triads = [(t, (0, 0), (0, 0), (0, 0)) for t in TRIADS]  # every triad used
    g.changed()
    legal = g.legal_actions()
    assert legal and all(isinstance(a, PlaceRover) for a in legal)
    assert len(legal) == count(g.board.island)


# ---------------------------------------------------------------- R7, R24
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_r24_each_player_seeds_one_column(seats):
    g = Game.new(Options(seats=tuple("ABCD"[:seats]), seed=seats, first_player=0))
    seeders = []
    while g.phase == "setup":
        if g.stage == "seed":
            seeders.append(g.to_move)
            card = g.seed_card
            n = count(g.board.island)
            assert 2 <= count(g.board.island & g.board.predicate(card)) < n  # R7
        g.play(g.legal_actions()[0])
    assert seeders == list(range(seats))
    seeded = [c for c in g.columns.values() if c.clues]
    assert len(seeded) == seats and all(len(c.clues) == 1 for c in seeded)
    assert all(len(s.hand) == (6 if seats == 2 else 4) for s in g.seats)
    assert all(s.roses == 14 for s in g.seats)


def test_r7_unusable_seed_cards_are_discarded_face_up():
    g = Game.new(Options(seats=("A", "B"), seed=1, first_player=0))
    g.play(g.legal_actions()[0])
    # the second triad: stack the clue deck so a card leaving fewer than 2 comes first
    for h in hexes_of(g.board.type_mask("R"))[1:]:
        g.board.place_lava(h)
    g.clue_deck.remove("in:river")
    g.clue_deck.remove("in:lake")
    g.clue_deck += ["in:lake", "in:river"]  # in:river is drawn first and leaves 1
    g.changed()
    g.play(next(a for a in g.legal_actions() if isinstance(a, PlaceTriad)))
    assert g.stage == "seed" and g.seed_card == "in:lake"
    assert g.clue_discard == ["in:river"]
    assert any(e["event"] == "clue_rejected" and e["card"] == "in:river" for e in g.log)


# ---------------------------------------------------------------------- R8
def test_r8_raise_before_the_main_action_ends_the_turn():
    g = fixture()
    locate(g, "pearl", g.seats[ANN].rover)
    locate(g, "jade", g.seats[ANN].rover)
    raises = [a for a in g.legal_actions() if isinstance(a, Raise)]
    assert raises == [Raise("pearl"), Raise("jade")]  # two treasures on one hex
    g.play(Raise("pearl"))
    finish_distribution(g)
    assert g.to_move == BOB and g.phase == "play"
    assert g.located("jade") == g.seats[ANN].rover  # the other waits for a later turn


def test_r8_raise_after_a_clue_that_locates_under_the_rover():
    g = fixture()
    set_column(g, "pearl", ["in:lake"])
    set_hand(g, ANN, ["beside:tree"])
    put_rover(g, ANN, (4, 1))
    g.play(PlayClue("beside:tree", "pearl"))
    assert g.stage == "turn" and Raise("pearl") in g.legal_actions()  # the turn stays open
    g.play(Raise("pearl"))
    assert g.phase == "distribution"


def test_r8_raise_at_the_end_of_a_bound_mid_move():
    g = fixture()
    put_rover(g, ANN, (-4, 3))
    locate(g, "copper", (-3, 4))
    g.play(Bound((-3, 4)))
    assert g.stage == "move" and Raise("copper") in g.legal_actions()
    g.play(Raise("copper"))
    assert g.phase == "distribution"


# ---------------------------------------------------------------------- R9
def test_r9_no_rose_no_clue_but_raising_is_allowed():
    g = fixture()
    set_column(g, "pearl", ["not_in:lake"], [BOB])
    set_hand(g, ANN, ["in:grassland"])
    g.seats[ANN].roses = 0
    g.changed()
    assert not any(isinstance(a, PlayClue | PlayLavaTile) for a in g.legal_actions())
    locate(g, "pearl", g.seats[ANN].rover)
    g.play(Raise("pearl"))
    assert g.dist.roses == [BOB]  # the raiser had no rose
    finish_distribution(g)
    new = g.columns["pearl"].clues
    assert len(new) == 1 and new[0].rose is None  # placed without a rose


# --------------------------------------------------------------------- R10
def test_r10_the_discarded_card_only_has_to_be_illegal_on_that_column():
    g = fixture()
    set_column(g, "pearl", ["in:lake"])
    set_column(g, "jade", ["in:mountain"])
    set_hand(g, ANN, ["beside:sea"])  # illegal on pearl, legal on jade
    add_lava(g, (2, -2))
    legal = g.legal_actions()
    assert PlayLavaTile("beside:sea", "V3", "pearl") in legal
    assert PlayClue("beside:sea", "jade") in legal
    assert not any(isinstance(a, PlayLavaTile) and a.column == "jade" for a in legal)


# --------------------------------------------------------------------- R11
def test_r11_pay_once_per_entry_glide_free_never_stop():
    g = fixture()
    add_lava(g, (-2, 2))
    add_lava(g, (-1, 2))
    put_rover(g, ANN, (-2, 3))
    give(g, ANN, amulets=2, treasure=[4])
    g.play(Bound((-2, 2)))  # enter: pays an amulet (an amulet is paid when held)
    assert g.seats[ANN].amulets == 1 and g.seats[ANN].treasure == [4]
    g.play(Bound((-1, 2)))  # glide inside the field: free
    assert g.seats[ANN].amulets == 1
    assert code(g, StopMove()) == "lava_end"
    assert code(g, Bound((-2, 2))) == "lava_end"  # a glide needs a bound after it
    out = [a.hex for a in g.legal_actions() if isinstance(a, Bound)]
    assert out and all(g.board.is_island(h) for h in out)
    g.play(Bound(out[0]))
    assert g.stage == "turn" and g.turn.main_done


def test_lava_crossing_costs_again_on_each_entry():
    g = fixture()
    add_lava(g, (-2, 2))
    put_rover(g, ANN, (-2, 3))
    give(g, ANN, amulets=0, treasure=[2, 3, 6])
    g.play(Bound((-2, 2)))
    g.play(Bound((-2, 3)))
    assert g.seats[ANN].treasure == [2, 3]
    assert code(g, Bound((-2, 2))) == "lava_end"  # third bound


# --------------------------------------------------------------------- R12
def test_r12_pass_ends_the_main_action_and_the_turn():
    g = fixture()
    g.play(Pass())
    assert g.to_move == BOB and g.stage == "turn"


# --------------------------------------------------------------------- R13
def test_r13_and_edge_4_largest_area_destroyed():
    g = fixture()
    lake3 = hexes_of(g.board.largest("L"))
    assert len(lake3) == 3
    set_column(g, "obsidian", ["in:lake"])
    b = g.board.copy()
    for h in lake3:
        b.place_lava(h)
    # the 2-hex lake is now the largest; remove every lake: in_largest accepts nothing
    for h in hexes_of(b.type_mask("L")):
        b.place_lava(h)
    assert b.largest("L") == 0
    assert b.candidates(["in_largest:lake"]) == 0
    assert b.candidates(["not_in_largest:lake"]) == b.island


def test_edge_3_lava_never_lands_under_a_rover():
    g = fixture()
    put_rover(g, BOB, (2, 0))
    put_amulet(g, g.seats[ANN].rover)
    restart_turn(g, ANN)
    g.play(TakeAmulet())
    lava = {a.hex for a in g.legal_actions()}
    assert (2, 0) not in lava and not {s.rover for s in g.seats} & lava
    assert code(g, PlaceLava((2, 0))) == "occupied"


def test_edge_3_lava_unlocates_a_treasure_and_removes_cubes():
    g = fixture()
    set_column(g, "pearl", ["in:lake", "not_beside:hut", "near:tree"])
    assert g.located("pearl") == (1, -4)
    add_lava(g, (2, 0))
    add_lava(g, (3, 0))
    add_lava(g, (3, 1))  # destroys the hut at (3, 1)
    assert g.candidate_hexes("pearl") == [(1, -4), (2, 2), (3, 2), (4, 1)]
    set_column(g, "jade", ["in:mountain"])
    cubes = g.cubes("jade")
    assert (2, -2) in cubes
    add_lava(g, (2, -2))
    assert g.cubes("jade") == [h for h in cubes if h != (2, -2)]


def test_candidates_grow_when_lava_destroys_a_hut():
    g = fixture()
    set_column(g, "copper", ["not_beside:hut"])
    n = count(g.candidates("copper"))
    for h in [(2, 0), (3, 0), (3, 1)]:
        add_lava(g, h)
    assert count(g.candidates("copper")) == n - 3 + 6  # 68 -> 72 in test 8 terms


# --------------------------------------------------------------------- R15
def test_r15_a_player_who_declined_is_not_asked_again():
    g = fixture()
    set_column(g, "jade", ["not_in:lake", "not_in:river"], [ANN, BOB])
    locate(g, "jade", g.seats[BOB].rover)
    restart_turn(g, BOB)
    stack_treasure(g, [2, 3, 4, 5])
    force_pool_order(g, [2, 3, 4, 5])
    g.play(Raise("jade"))  # roses from the bottom: Bob (raise), Bob, Ann
    assert g.dist.roses == [BOB, BOB, ANN] and g.dist.asking == [BOB, ANN]
    g.play(Decline())  # Bob at his lowest rose
    assert g.to_move == ANN and g.dist.asking == [ANN]
    g.play(Claim())
    assert g.dist.roses == [BOB, BOB] and g.dist.card == 3


# --------------------------------------------------------------------- R16
def test_r16_a_curse_may_come_back_after_a_reshuffle():
    g = fixture()
    g.treasure_discard = [CURSE]
    g.treasure_deck = []
    assert g.draw_treasure() == CURSE and g.ending


def test_curse_with_nothing_to_lose_still_ends_the_distribution():
    g = fixture()
    set_column(g, "jade", ["not_in:lake"], [ANN])
    locate(g, "jade", g.seats[BOB].rover)
    restart_turn(g, BOB)
    stack_treasure(g, [CURSE, 5, 6])
    force_pool_order(g, [CURSE, 5, 6])
    g.play(Raise("jade"))
    assert g.phase == "play" and g.to_move == ANN  # nobody had anything to lose
    assert Counter(g.treasure_discard) == Counter([CURSE, 5, 6])
    assert any(e["event"] == "curse_nothing" for e in g.log)


# --------------------------------------------------------------------- R17
def test_r17_the_columns_old_cards_are_discarded_before_the_new_clue():
    g = fixture()
    set_column(g, "jade", ["not_in:lake", "not_in:river", "not_in:beach"])
    g.clue_discard = []
    g.clue_deck = []
    locate(g, "jade", g.seats[ANN].rover)
    g.play(Raise("jade"))
    finish_distribution(g)
    new = g.columns["jade"].clues
    assert len(new) == 1 and new[0].card in {"not_in:lake", "not_in:river", "not_in:beach"}


def test_edge_6_no_clue_can_be_placed_the_column_restarts_empty():
    g = fixture()
    g.clue_discard, g.clue_deck = [], []
    locate(g, "jade", g.seats[ANN].rover)
    g.play(Raise("jade"))
    finish_distribution(g)
    assert g.columns["jade"].clues == []
    assert any(e["event"] == "column_empty" for e in g.log)


# --------------------------------------------------------------- R18, edge 12
def test_edge_12_a_statue_facing_across_the_volcano():
    g = fixture()
    g.board.facings[(-2, 1)] = 0  # East, straight over the volcano
    target = g.board.statue_target((-2, 1))
    assert target is not None and target[1] == 1 and target[0] > 1
    walk = [(x, 1) for x in range(-1, 8)]
    assert all(h in walk for h in [(-1, 1), (0, 1)]) and g.board.volcano & bit((0, 1))


# --------------------------------------------------------------------- R19
def test_r19_forty_turns_without_a_clue_or_a_raise_end_the_game():
    g = fixture()
    for i in range(40):
        assert g.phase == "play", i
        pass_turn(g)
    assert g.phase == "over" and g.end_reason == "stall"


def test_r19_a_clue_resets_the_stall_count():
    g = fixture()
    for _ in range(39):
        pass_turn(g)
    set_column(g, "pearl", ["in:lake"])
    set_hand(g, g.to_move, ["beside:mountain"])
    g.play(PlayClue("beside:mountain", "pearl"))
    assert g.stall == 0 and g.phase == "play"


# --------------------------------------------------------------------- R21
def test_r21_cubes_at_16_candidates_none_at_17():
    g = fixture()
    island = hexes_of(g.board.island)
    g.columns["pearl"].removed = g.board.island & ~sum(bit(h) for h in island[:16])
    g.changed()
    assert len(g.cubes("pearl")) == 16
    g.columns["pearl"].removed = g.board.island & ~sum(bit(h) for h in island[:17])
    g.changed()
    assert g.cubes("pearl") == []


def test_remove_cube_needs_two_cubes():
    g = fixture()
    give(g, ANN, amulets=3)
    set_column(g, "jade", ["in:mountain", "beside:statue", "beside:lake"])
    assert {a for a in g.legal_actions() if isinstance(a, RemoveCube)} >= {
        RemoveCube("jade", (1, -3)),
        RemoveCube("jade", (2, -2)),
    }
    g.play(RemoveCube("jade", (1, -3)))
    assert not any(isinstance(a, RemoveCube) and a.column == "jade" for a in g.legal_actions())


# --------------------------------------------------------------------- R22
def test_r22_no_power_in_the_middle_of_a_move():
    g = fixture()
    give(g, ANN, amulets=2)
    put_rover(g, ANN, (-4, 3))
    g.play(Bound((-3, 4)))
    assert code(g, BuyPower("extra_move")) == "wrong_step"
    g.play(StopMove())
    g.play(BuyPower("extra_move"))
    assert g.stage == "move" and g.turn.extra_move and g.seats[ANN].amulets == 1
    assert code(g, StopMove()) == "wrong_step"  # at least one bound of a bought move


# --------------------------------------------------------------------- R23
def test_r23_amulets_start_off_the_map_and_spent_ones_return():
    g = fixture()
    assert g.amulets == [] and g.amulet_supply == 20
    give(g, ANN, amulets=1)
    set_hand(g, ANN, ["in:lake"])
    assert g.amulet_supply == 19
    g.play(BuyPower("extra_swap"))
    assert g.amulet_supply == 20


def test_r23_an_empty_supply_produces_no_amulet():
    g = fixture()
    g.amulet_supply = 0
    locate(g, "pearl", g.seats[ANN].rover)
    g.play(Raise("pearl"))
    finish_distribution(g)
    assert g.amulets == [] and g.board.facings[(1, 3)] == 1  # statues still turn


# ------------------------------------------------------------ amulet powers
def test_extra_clue_extra_swap_and_taking_amulets():
    g = fixture()
    give(g, ANN, amulets=2)
    set_column(g, "pearl", ["in:lake"])
    set_hand(g, ANN, ["beside:mountain", "not_near:sea"])
    g.play(PlayClue("beside:mountain", "pearl"))
    assert BuyPower("extra_clue") in g.legal_actions()
    g.play(BuyPower("extra_clue"))
    assert g.stage == "extra_clue"
    assert all(isinstance(a, PlayClue | PlayLavaTile) for a in g.legal_actions())
    g.play(g.legal_actions()[0])
    assert g.stage == "turn" and g.seats[ANN].amulets == 1
    hand = list(g.seats[ANN].hand)
    g.play(BuyPower("extra_swap"))
    assert len(g.seats[ANN].hand) == len(hand) and g.clue_discard[-len(hand) :] == hand


def test_edge_10_an_extra_move_takes_no_amulet_but_may_raise():
    g = fixture()
    give(g, ANN, amulets=1)
    put_rover(g, ANN, (-4, 3))
    put_amulet(g, (-3, 4))
    locate(g, "jade", (-3, 4))
    g.play(Pass())
    g.play(BuyPower("extra_move"))
    g.play(Bound((-3, 4)))
    assert g.stage == "move"  # no amulet decision during a bought move
    assert Raise("jade") in g.legal_actions() and TakeAmulet() not in g.legal_actions()


def test_taking_an_amulet_after_a_bound_then_lava():
    g = fixture()
    put_rover(g, ANN, (-4, 3))
    put_amulet(g, (-3, 4))
    g.play(Bound((-3, 4)))
    assert g.stage == "amulet" and g.legal_actions() == [TakeAmulet(), LeaveAmulet()]
    g.play(TakeAmulet())
    assert g.stage == "lava" and g.seats[ANN].amulets == 1
    g.play(g.legal_actions()[0])
    assert g.stage == "move" and g.turn.bounds == 1


def test_edge_7_an_amulet_under_a_rover_is_taken_at_the_start_of_its_turn():
    g = fixture()
    put_amulet(g, g.seats[BOB].rover)
    g.play(Pass())
    assert g.to_move == BOB and g.stage == "start"
    g.play(LeaveAmulet())
    assert g.stage == "turn" and g.seats[BOB].rover in g.amulets


def test_edge_1_and_2_pass_is_always_there():
    g = fixture()
    put_rover(g, ANN, (-4, 3))
    for h in hexes_of(g.board.island):
        if dist(h, (-4, 3)) <= 2 and h != (-4, 3) and h not in g.board.objects:
            g.board.place_lava(h)
    g.changed()
    assert Pass() in g.legal_actions()
    assert not any(isinstance(a, Bound) for a in g.legal_actions())


def test_the_turn_ends_by_itself_when_nothing_is_left():
    g = fixture()
    give(g, ANN, amulets=1)
    g.play(Pass())
    assert g.to_move == ANN and EndTurn() in g.legal_actions()  # a power is still usable
    g.play(EndTurn())
    assert g.to_move == BOB


# ------------------------------------------------------------------- undo
def test_undo_within_a_turn_but_not_past_a_draw():
    g = fixture()
    put_rover(g, ANN, (-4, 3))
    saved = g.to_json()
    g.play(Bound((-3, 4)))
    assert g.can_undo()
    assert g.undo().to_json() == Game.from_json(saved).to_json()
    h = Game.new(Options(seats=("A", "B"), seed=9))
    while h.phase == "setup":
        h.play(h.legal_actions()[0])
    h.play(next(a for a in h.legal_actions() if isinstance(a, PlayClue)))  # draws a card
    assert not h.can_undo()


# -------------------------------------------------------------- basic island
def test_basic_island_has_no_volcano_lava_or_triads():
    g = Game.new(Options(seats=("A", "B"), seed=3, volcano=False, first_player=0))
    assert g.stage == "rovers" and g.tiles == [] and g.board.volcano == 0
    assert all(g.board.letter(h) == "M" and g.board.is_island(h) for h in hexes_of(VOLCANO))
    assert count(g.board.island) == 99
    order = []
    while g.stage == "rovers":
        order.append(g.to_move)
        g.play(PlaceRover((0, 0)))
    assert order == [0, 1]
    while g.phase == "setup":
        g.play(g.legal_actions()[0])
    put_amulet(g, (0, 0))
    restart_turn(g, g.to_move)
    g.play(TakeAmulet())
    assert g.stage == "turn" and g.board.lava == 0  # no side effect


def test_random_map_is_drawn_from_the_seed():
    maps = {Game.new(Options(seats=("A", "B"), seed=s, map="random")).board.name for s in range(30)}
    assert maps <= set(ARRANGEMENTS) and len(maps) > 10
    a = Game.new(Options(seats=("A", "B"), seed=8, map="random"))
    b = Game.new(Options(seats=("A", "B"), seed=8, map="random"))
    assert a.state() == b.state()


def test_swap_discards_face_up_and_draws_as_many():
    g = fixture()
    set_hand(g, ANN, ["in:lake", "in:river"])
    g.play(Swap())
    assert g.clue_discard[-2:] == ["in:lake", "in:river"]
    assert len(g.seats[ANN].hand) == 2 and g.to_move == BOB


def test_clue_deck_reshuffles_its_discard():
    g = fixture()
    set_column(g, "pearl", ["in:lake"])
    set_hand(g, ANN, ["beside:mountain"])
    g.clue_discard = list(g.clue_deck)
    g.clue_deck = []
    g.play(PlayClue("beside:mountain", "pearl"))
    assert len(g.seats[ANN].hand) == 1 and g.clue_discard == []
    assert any(e["event"] == "clue_reshuffle" for e in g.log)


def test_seeding_needs_an_empty_column():
    g = Game.new(Options(seats=("A", "B"), seed=1, first_player=0))
    while g.stage != "seed":
        g.play(g.legal_actions()[0])
    assert g.legal_actions() == [SeedColumn(c) for c in ("pearl", "jade", "obsidian", "copper")]
    g.play(SeedColumn("jade"))
    assert SeedColumn("jade") not in g.legal_actions()


def test_statues_produce_amulets_only_after_a_raise():
    g = fixture()
    for _ in range(4):
        pass_turn(g)
    assert g.amulets == []


def test_ward_with_both_is_a_choice():
    g = fixture()
    give(g, ANN, amulets=1, treasure=[2])
    set_column(g, "jade", ["not_in:lake"], [ANN])
    locate(g, "jade", g.seats[BOB].rover)
    restart_turn(g, BOB)
    stack_treasure(g, [CURSE, 5, 6])
    force_pool_order(g, [CURSE])
    g.play(Raise("jade"))
    assert g.legal_actions() == [WardCurse("amulet"), WardCurse("discard")]
    g.play(WardCurse("discard"))
    assert g.seats[ANN].treasure == [] and g.seats[ANN].amulets == 1


def test_object_placement_checks():
    g = Game.new(Options(seats=("A", "B"), seed=5, objects="players", first_player=0))
    a = g.legal_actions()[0]
    g.play(a)
    assert a.hex in g.board.objects and all(dist(x.hex, a.hex) >= 4 for x in g.legal_actions())
    assert PlaceObject("hut", a.hex, None) not in g.legal_actions()


def test_place_lava_on_an_amulet_is_refused():
    g = fixture()
    put_amulet(g, (2, 0))
    put_amulet(g, g.seats[ANN].rover)
    restart_turn(g, ANN)
    g.play(TakeAmulet())
    assert code(g, PlaceLava((2, 0))) == "occupied"


def test_a_glide_may_not_strand_the_rover_on_lava():
    """Correction to section 6.3: the last glide must end beside an island space."""
    g = fixture()
    middle = (-3, 4)
    for h in [middle, *neighbours(middle)]:
        add_lava(g, h)
    put_rover(g, ANN, (-1, 4))
    give(g, ANN, amulets=1)
    g.play(Bound((-2, 4)))
    targets = {a.hex for a in g.legal_actions() if isinstance(a, Bound)}
    assert middle not in targets and (-3, 5) in targets
    assert code(g, Bound(middle)) == "lava_end"
    g.play(Bound((-3, 5)))
    assert any(isinstance(a, Bound) for a in g.legal_actions())
