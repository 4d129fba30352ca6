"""The 15 suggested tests of the spec, section 14 (fixture: Ann first, Bob; two triads)."""

import json
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
    put_amulet,
    put_rover,
    restart_turn,
    set_column,
    set_hand,
    stack_treasure,
)
from ember_isle import (
    Bound,
    Claim,
    Decline,
    Game,
    IllegalAction,
    Options,
    Pass,
    PlaceLava,
    PlayClue,
    PlayLavaTile,
    Raise,
    RemoveCube,
    StopMove,
    TakeAmulet,
    WardCurse,
)
from ember_isle.board import Board
from ember_isle.content import ARRANGEMENTS, CURSE, local_to_axial
from ember_isle.hexes import count, hexes_of
from ember_isle.movement import reach

LAKES = [(-3, 2), (1, -4), (2, 2), (3, -4), (3, -3), (3, 2), (4, 1)]


def code(g, action):
    """The IllegalAction code `action` raises (state unchanged)."""
    before = g.state()
    with pytest.raises(IllegalAction) as e:
        g.play(action)
    assert g.state() == before
    return e.value.code


# 1 --------------------------------------------------------------- map data
def test_1_map_data():
    b = Board.from_arrangement("A2B1C2")
    per_type = {x: count(b.type_mask(x)) for x in "BJGMLR"}
    assert count(b.island) == 92
    assert per_type == {"B": 23, "J": 25, "G": 19, "M": 12, "L": 7, "R": 6}
    assert local_to_axial(1, 3, 1) == (-3, 2) and b.letter((-3, 2)) == "L"
    assert len(ARRANGEMENTS) == 48  # the design checks of all 48: test_ember_map.py


def test_fixture_island():
    g = fixture()
    b = g.board
    assert count(b.island) == 92
    assert {x: count(b.type_mask(x)) for x in "JBGMLR"} == {
        "J": 26,
        "B": 22,
        "G": 19,
        "M": 12,
        "L": 7,
        "R": 6,
    }
    assert b.letter((-5, 6)) == "J" and b.letter((6, -4)) == "G"
    assert g.seats[BOB].rover == (-5, 6) and g.seats[ANN].rover == (6, -4)


# 2 ----------------------------------------------------------------- largest
def test_2_largest():
    g = fixture()
    assert hexes_of(g.board.largest("R")) == [(-2, 6), (-1, 5), (0, 4), (4, -2), (5, -2), (6, -2)]
    assert count(g.board.largest("G")) == 14
    add_lava(g, (-2, 2))
    assert hexes_of(g.board.largest("G")) == [
        (-4, 3),
        (-4, 4),
        (-3, 3),
        (-3, 4),
        (-3, 5),
        (-2, 3),
        (-2, 4),
    ]


# 3 ----------------------------------------------------------- clue legality
def test_3_clue_legality():
    g = fixture()
    set_column(g, "pearl", ["in:lake"])
    assert g.cubes("pearl") == LAKES
    set_hand(g, ANN, ["beside:sea", "beside:mountain", "beside:tree"])
    g.seats[ANN].hand.append("in:lake")  # a second copy (test-only) to try it again
    g.changed()
    assert code(g, PlayClue("in:lake", "pearl")) == "not_reducing"
    assert code(g, PlayClue("beside:sea", "pearl")) == "empties_column"
    h = g.clone()
    h.play(PlayClue("beside:mountain", "pearl"))
    assert h.candidate_hexes("pearl") == [(1, -4), (3, -3)]
    h = g.clone()
    h.play(PlayClue("beside:tree", "pearl"))
    assert h.candidate_hexes("pearl") == [(4, 1)] and h.located("pearl") == (4, 1)


# 4 ------------------------------------------------------------ cube threshold
def test_4_cube_threshold():
    g = fixture()
    set_column(g, "jade", ["in:jungle"])
    assert count(g.candidates("jade")) == 26 and g.cubes("jade") == []
    set_column(g, "jade", ["in:mountain"])
    assert count(g.candidates("jade")) == 12 and len(g.cubes("jade")) == 12


# 5 ---------------------------------------------------------- lava clue tile
def test_5_lava_clue_tile():
    g = fixture()
    set_column(g, "pearl", ["in:lake"])
    set_hand(g, ANN, ["beside:sea", "in:beach", "in:jungle", "in:river", "in:mountain"])
    assert code(g, PlayLavaTile("beside:sea", "V1", "pearl")) == "empties_column"
    assert code(g, PlayLavaTile("beside:sea", "V2", "pearl")) == "not_reducing"
    assert code(g, PlayLavaTile("beside:sea", "V4", "pearl")) == "not_reducing"
    add_lava(g, (2, -2))
    put_rover(g, ANN, (3, -3))
    g.play(PlayLavaTile("beside:sea", "V3", "pearl"))
    assert g.located("pearl") == (3, -3)
    assert g.clue_discard[-1] == "beside:sea" and "V3" not in g.tiles
    assert len(g.seats[ANN].hand) == 5  # drew a replacement
    assert [c.tile for c in g.columns["pearl"].clues] == [None, "V3"]
    g.play(Raise("pearl"))  # after the main action (R8)
    while g.phase == "distribution":
        g.play(Decline())
    assert "V3" in g.tiles and g.tiles == ["V1", "V2", "V3", "V4"]


# 6 ----------------------------------------------------------------- movement
ONE_BOUND = {(-5, 3), (-5, 4), (-4, 2), (-3, 2)}


def test_6_movement_one_bound():
    g = fixture()
    put_rover(g, ANN, (-4, 3))
    targets = {a.hex for a in g.legal_actions() if isinstance(a, Bound)}
    area = set(hexes_of(g.board.area_of((-4, 3)))) - {(-4, 3)}
    assert len(area) == 13 and targets == area | ONE_BOUND and len(targets) == 17


def test_6_movement_three_bounds_through_the_engine():
    g = fixture()
    put_rover(g, ANN, (-4, 3))
    layers, seen, states = [], {(-4, 3)}, {(-4, 3): g}
    for _ in range(3):
        nxt = {}
        for state in states.values():
            for a in state.legal_actions():
                if isinstance(a, Bound) and a.hex not in seen and a.hex not in nxt:
                    child = state.clone()
                    child.play(a)
                    nxt[a.hex] = child
        layers.append(len(nxt))
        seen |= set(nxt)
        states = nxt
    assert layers == [17, 12, 33] and sum(layers) == 62
    assert [count(x) for x in reach(g.board, (-4, 3))] == [17, 12, 33]


# 7 ------------------------------------------------------------ lava crossing
def lava_crossing(amulets=0):
    g = fixture()
    add_lava(g, (-2, 2))
    put_rover(g, ANN, (-2, 3))
    give(g, ANN, amulets=amulets, treasure=[3, 5])
    return g


def test_7_lava_crossing_first_bound_pays_the_highest_card():
    g = lava_crossing()
    g.play(Bound((-2, 2)))
    assert g.seats[ANN].treasure == [3] and g.treasure_discard == [5]
    assert code(g, StopMove()) == "lava_end"
    assert Bound((-2, 1)) in g.legal_actions()  # the statue hex
    g.play(Bound((-2, 1)))
    g.play(StopMove())
    assert g.seats[ANN].rover == (-2, 1)


def test_7_lava_crossing_as_second_and_third_bound():
    g = lava_crossing()
    g.play(Bound((-3, 3)))  # a glide in the grassland, beside the lava
    assert Bound((-2, 2)) in g.legal_actions()
    g.play(Bound((-2, 3)))  # back: the third bound may not enter lava
    assert code(g, Bound((-2, 2))) == "lava_end"


def test_7_lava_crossing_pays_an_amulet_first():
    g = lava_crossing(amulets=1)
    g.play(Bound((-2, 2)))
    assert g.seats[ANN].amulets == 0 and g.seats[ANN].treasure == [3, 5]


# 8 ---------------------------------------------------------- lava placement
def take_amulet_at_start(g):
    put_amulet(g, g.seats[ANN].rover)
    restart_turn(g, ANN)
    g.play(TakeAmulet())
    assert g.stage == "lava"


def test_8_lava_placement():
    g = fixture()
    hut = ["beside:hut"]
    not_hut = ["not_beside:hut"]
    seen = [(count(g.board.candidates(hut)), count(g.board.candidates(not_hut)))]
    take_amulet_at_start(g)
    assert code(g, PlaceLava((-2, 1))) == "statue_hex"
    assert code(g, PlaceLava((-3, 3))) == "not_adjacent_to_lava"
    for h in [(2, 0), (3, 0), (3, 1)]:
        if g.stage != "lava":
            take_amulet_at_start(g)
        g.play(PlaceLava(h))
        seen.append((count(g.board.candidates(hut)), count(g.board.candidates(not_hut))))
    assert (3, 1) not in g.board.objects
    assert [s[0] for s in seen] == [23, 23, 22, 17]
    assert [s[1] for s in seen] == [69, 68, 68, 72]
    assert g.lava_supply == 21


# 9 --------------------------------------------------- lava cannot erase a treasure
def test_9_lava_cannot_erase_a_treasure():
    g = fixture()
    set_column(g, "jade", ["in:mountain", "beside:statue", "beside:lake"])
    assert g.candidate_hexes("jade") == [(1, -3), (2, -2)]
    give(g, ANN, amulets=2)
    g.play(RemoveCube("jade", (1, -3)))
    assert g.seats[ANN].amulets == 1 and g.located("jade") == (2, -2)
    g.seats[ANN].amulets = 0
    g.amulet_supply += 1
    take_amulet_at_start(g)
    lava = g.legal_actions()
    assert PlaceLava((2, -2)) not in lava and PlaceLava((2, -1)) in lava
    assert code(g, PlaceLava((2, -2))) == "empties_column"
    g.play(PlaceLava((2, -1)))
    assert g.located("jade") == (2, -2)


# 10 -------------------------------------------------------------- statues
def raise_here(g, seat, column):
    """`seat` raises `column`, located under its rover; everyone declines."""
    restart_turn(g, seat)
    locate(g, column, g.seats[seat].rover)
    g.play(Raise(column))
    while g.phase == "distribution":
        g.play(Decline() if g.stage == "offer" else g.legal_actions()[0])


def test_10_statues():
    g = fixture()
    raise_here(g, ANN, "pearl")
    assert sorted(g.amulets) == sorted([(-5, 4), (4, -5), (3, 3)])
    facings = {h: g.board.facings[h] for h in [(-2, 1), (2, -3), (1, 3)]}
    assert facings == {(-2, 1): 3, (2, -3): 0, (1, 3): 1}  # W, E, SE
    raise_here(g, BOB, "jade")
    assert set(g.amulets) >= {(-4, 1), (6, -3), (1, 4)} and len(g.amulets) == 6
    assert g.amulet_supply == 14


def test_10_statue_makes_no_amulet_on_an_amulet_but_turns():
    g = fixture()
    raise_here(g, ANN, "pearl")
    put_amulet(g, (1, 4))
    raise_here(g, BOB, "jade")
    assert g.amulets.count((1, 4)) == 1 and len(g.amulets) == 6
    assert g.board.facings[(1, 3)] == 2  # SW


# 11 -------------------------------------------------------- distribution order
def jade_raise_by_bob(top, reveal):
    g = fixture()
    set_column(g, "jade", ["not_in:lake", "not_in:river", "not_in:beach"], [ANN, BOB, ANN])
    locate(g, "jade", g.seats[BOB].rover)
    restart_turn(g, BOB)
    stack_treasure(g, top)
    force_pool_order(g, reveal)
    g.play(Raise("jade"))
    return g


def answer(g, seat, action):
    assert g.to_move == seat, (g.to_move, seat)
    g.play(action)


def test_11_distribution_order():
    g = jade_raise_by_bob([5, 2, 6, 3, 4], [5, 2, 6, 3, 4])
    d = g.dist
    assert d.roses == [BOB, ANN, BOB, ANN] and len(d.pool) + 1 == 5
    assert d.inspected == {BOB: [5, 6], ANN: [2, 3]}  # Bob card 1, Ann 2, Bob 3, Ann 4
    assert g.dist.card == 5
    answer(g, BOB, Claim())
    assert g.dist.card == 2
    answer(g, ANN, Decline())
    answer(g, BOB, Decline())
    assert g.treasure_discard[-1] == 2
    answer(g, ANN, Claim())  # the 6
    answer(g, BOB, Decline())  # the 3 ...
    answer(g, ANN, Claim())  # ... which Ann then claims
    answer(g, BOB, Claim())  # the 4
    assert g.dist is None and g.phase == "play"
    assert sorted(g.seats[BOB].treasure) == [4, 5] and sorted(g.seats[ANN].treasure) == [3, 6]
    new = g.columns["jade"].clues
    assert len(new) == 1 and new[0].rose == BOB  # Bob claimed last: he places the new clue
    assert g.seats[ANN].roses == 15 and g.seats[BOB].roses == 14
    assert g.to_move == ANN  # Bob's turn ended


# 12 ------------------------------------------------------------------ curse
def test_12_curse():
    g = fixture()
    give(g, BOB, treasure=[5])
    give(g, ANN, amulets=1)
    h = jade_raise_by_bob_on(g, [2, 3, 4, CURSE], [4, CURSE])
    answer(h, BOB, Claim())  # the 4
    assert h.stage == "ward" and h.dist.wards == [BOB, ANN]  # seat order from the raiser
    assert h.legal_actions() == [WardCurse("discard")]  # Bob has no amulet
    answer(h, BOB, WardCurse("discard"))
    assert h.seats[BOB].treasure == [4]
    assert h.legal_actions() == [WardCurse("amulet")]  # Ann holds no treasure card
    answer(h, ANN, WardCurse("amulet"))
    assert h.seats[ANN].amulets == 0 and h.phase == "play"
    assert sorted(h.treasure_discard) == sorted([5, CURSE, 2, 3, 6])
    assert h.seats[ANN].roses == 15 and h.seats[BOB].roses == 14  # all roses returned
    assert h.columns["jade"].clues[0].rose == BOB  # Bob claimed last


def jade_raise_by_bob_on(g, top, reveal):
    set_column(g, "jade", ["not_in:lake", "not_in:river", "not_in:beach"], [ANN, BOB, ANN])
    locate(g, "jade", g.seats[BOB].rover)
    restart_turn(g, BOB)
    stack_treasure(g, top + [6])
    force_pool_order(g, reveal)
    g.play(Raise("jade"))
    return g


# 13 ---------------------------------------------------------- treasure deck
def test_13_top_twelve_never_hold_a_curse():
    for seed in range(200):
        g = Game.new(Options(seats=("A", "B"), seed=seed))
        deck = g.treasure_deck
        assert CURSE not in deck[-12:] and deck.count(CURSE) == 2


def test_13_deck_composition():
    g = Game.new(Options(seats=("A", "B"), seed=1))
    assert Counter(g.treasure_deck) == {2: 6, 3: 9, 4: 10, 5: 8, 6: 5, CURSE: 2}
    assert sum(g.treasure_deck) == 149


def test_13_deck_runs_out_during_a_raise():
    g = fixture()
    set_column(g, "jade", ["not_in:lake", "not_in:river", "not_in:beach"], [ANN, BOB, ANN])
    locate(g, "jade", g.seats[BOB].rover)
    restart_turn(g, BOB)
    g.treasure_discard = g.treasure_deck[:-3]
    g.treasure_deck = g.treasure_deck[-3:]
    amulets, facings = list(g.amulets), dict(g.board.facings)
    g.play(Raise("jade"))  # needs 4 + 1 cards; 3 left: the discard is reshuffled
    assert g.ending and g.dist.dealt == 4 and len(g.dist.pool) == 5 - 1
    while g.phase == "distribution":
        g.play(Decline() if g.stage == "offer" else g.legal_actions()[0])
    assert g.phase == "over" and g.end_reason == "deck"
    assert g.columns["jade"].clues == [] and g.amulets == amulets
    assert g.board.facings == facings


def test_13_tie_goes_to_more_amulets():
    g = fixture()
    give(g, ANN, amulets=1, treasure=[6, 6, 4, 4])
    give(g, BOB, amulets=0, treasure=[5, 5, 5, 5])
    rows = {r["seat"]: r for r in g.scores()}
    assert rows[ANN]["total"] == rows[BOB]["total"] == 20
    assert rows[ANN]["rank"] == 1 and rows[BOB]["rank"] == 2
    give(g, BOB, amulets=1)
    g.seats[BOB].raises = 1
    assert g.winners() == [BOB]
    g.seats[ANN].raises = 1
    assert g.winners() == [ANN, BOB]  # shared


# 14 -------------------------------------------------------- hidden information
def test_14_hidden_information():
    g = jade_raise_by_bob([5, 2, 6, 3, 4], [5, 2, 6, 3, 4])
    set_hand(g, ANN, ["in:lake", "near:hut"])
    bob = json.dumps(g.view(BOB))
    ann = g.view(ANN)
    assert '"in:lake"' not in bob and '"near:hut"' not in bob
    assert ann["distribution"]["inspected"] == [2, 3]
    assert g.view(BOB)["distribution"]["inspected"] == [5, 6]
    assert g.view(BOB)["seats"][ANN]["hand"] is None
    assert g.view(BOB)["seats"][ANN]["treasure"] is None
    assert '"pool"' not in bob and "treasure_deck" not in bob and '"rng"' not in bob


def test_14_after_the_game_every_value_is_visible():
    g = fixture()
    give(g, ANN, treasure=[6, 2])
    g.end_game("stall")
    v = g.view(BOB)
    assert v["seats"][ANN]["treasure"] == [6, 2] and v["scores"][ANN]["total"] == 8


# 15 ------------------------------------------------------- replay and setup
def test_15_first_turn_state_two_players():
    for seed in range(40):
        g = Game.new(Options(seats=("A", "B"), seed=seed, map="random"))
        while g.phase == "setup":
            g.play(g.legal_actions()[seed % len(g.legal_actions())])
        assert [len(s.hand) for s in g.seats] == [6, 6]
        seeded = [c for c in g.columns.values() if c.clues]
        assert len(seeded) == 2 and all(count(g.candidates(c.name)) >= 2 for c in seeded)


def test_pass_is_a_legal_main_action():
    g = fixture()
    assert Pass() in g.legal_actions()


def test_13_deck_empty_exactly_when_the_raise_finishes_drawing():
    """Section 13 edge 11 (R14): no reshuffle needed, the game still ends after the reveal."""
    g = fixture()
    set_column(g, "jade", ["not_in:lake", "not_in:river", "not_in:beach"], [ANN, BOB, ANN])
    locate(g, "jade", g.seats[BOB].rover)
    restart_turn(g, BOB)
    g.treasure_discard = g.treasure_deck[:-5]
    g.treasure_deck = g.treasure_deck[-5:]
    g.play(Raise("jade"))  # 4 dealt + 1: exactly the deck
    assert g.ending and g.treasure_deck == [] and len(g.treasure_discard) == 35
    assert not any(e["event"] == "treasure_reshuffle" for e in g.log)
    while g.phase == "distribution":
        g.play(Decline() if g.stage == "offer" else g.legal_actions()[0])
    assert g.phase == "over" and g.end_reason == "deck"
