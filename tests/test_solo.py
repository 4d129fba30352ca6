"""Solo mode against Alexis (RULES.md section 8), rule by rule on hand-built boards."""

import random
from collections import Counter

import pytest

from si_helpers import strip
from small_islands import (
    SHIP_TILE,
    AlexisStep,
    Board,
    ChooseHouse,
    ChooseRotation,
    EndReward,
    Game,
    IllegalAction,
    Land,
    Options,
    Tile,
)
from small_islands.solo import ALEXIS, EXPLORATION_CARDS, HUMAN, LEVELS

LAND = Tile.parse("LLLLLLLL")


def solo_game(level=1, seed=1, decides=True, mode="normal") -> Game:
    g = Game.new(
        Options(seats=("Me",), solo_level=level, seed=seed, alexis_decides=decides, mode=mode)
    )
    g.play(g.legal_actions()[0])
    g.play(g.legal_actions()[0])
    return g


def put_on_top(g: Game, card: str) -> None:
    """Put `card` on top of Alexis's stack (swapping it in for one of its kind if needed)."""
    stack = g.solo.stack
    if card in stack:
        stack.remove(card)
    else:
        stack.remove(next(c for c in stack if c[0] == card[0]))
    stack.append(card)


def alexis_turn(g: Game, card: str, board: Board, human_last, display=None) -> None:
    """Make it Alexis's turn with `card` on top of his stack."""
    g.board = board
    g.solo.human_last = human_last
    put_on_top(g, card)
    if display is not None:
        g.display = display
    g._begin_turn(ALEXIS)


def test_setup():
    g = Game.new(Options(seats=("Me",), solo_level=3, seed=4))
    assert [s.name for s in g.seats] == ["Me", "Alexis"]
    assert g.seats[1].colour == "purple" and g.seats[1].alexis
    assert g.first_player == HUMAN and g.to_move == HUMAN
    assert g.grey_ships == 3
    alexis = g.seats[1]
    assert (alexis.stock, alexis.reserve, alexis.bonus, alexis.hand, alexis.held) == (
        8,
        0,
        0,
        [],
        [],
    )
    kinds = Counter(c[0] for c in g.solo.stack)
    assert kinds == {"E": 7, "L": 4}
    assert len(EXPLORATION_CARDS) == 15
    assert Counter(c.kind for c in EXPLORATION_CARDS) == {"explore": 9, "land": 6}


def test_only_the_human_chooses_objectives_then_the_human_explores_first():
    g = Game.new(Options(seats=("Me",), seed=4))
    g.play(g.legal_actions()[0])
    assert g.phase == "preparation" and g.to_move == HUMAN and len(g.seats[0].held) == 3
    g.play(g.legal_actions()[0])
    assert g.phase == "exploration" and g.to_move == HUMAN and g.stage == "take"


def test_alexis_takes_the_named_tile_and_places_it_closest_in_direction_1():
    g = solo_game()
    b = Board(12, 12)
    b.place(LAND, 5, 5)
    b.place(LAND, 6, 5)
    alexis_turn(g, "E1", b, human_last=(6, 5), display=["T01", "T02", "T03"])  # slot 1, N-E-S
    assert g.legal_actions() == [AlexisStep()] and g.to_move == ALEXIS
    g.play(AlexisStep())
    assert g.board.tiles[(6, 4)].tile.id == "T01"  # directly north of the human's tile
    assert g.display[0] is not None and g.display[0] != "T01"  # refilled
    assert g.to_move == HUMAN and g.stage == "take"


def test_direction_2_then_further_along_the_line():
    g = solo_game()
    b = Board(12, 12)
    b.place(LAND, 5, 5)
    b.place(LAND, 6, 5)
    b.place(Tile.parse("LLLLLSSS"), 7, 5, 2)  # sea on its east side
    # E2: slot 2, directions E-S-W. East of (6,5) is taken, then (8,5) faces sea: an
    # all-land tile fits neither; south of (6,5) it fits.
    alexis_turn(g, "E2", b, human_last=(6, 5), display=["T05", "T02", "T03"])
    g.play(AlexisStep())
    assert g.board.tiles[(6, 6)].tile.id == "T02"
    # a tile that fits only further along: place a tip (land S only) going west
    g2 = solo_game()
    b2 = Board(12, 12)
    b2.place(LAND, 5, 5)
    b2.place(LAND, 6, 5)
    alexis_turn(g2, "E4", b2, human_last=(6, 5), display=["T37", "T02", "T03"])  # W-N-E
    g2.play(AlexisStep())
    # west of (6,5) is (5,5), occupied; (4,5) touches all land on its E side: the tip's
    # sea W/E corners cannot; north (6,4): its S side must be all land: no; east (7,5): no
    placed = [c for c, p in g2.board.tiles.items() if p.tile.id == "T37"]
    assert placed == [] and g2.seats[ALEXIS].pp == 1 and "T37" in g2.solo.removed


def test_alexis_never_grows_an_island_with_his_house():
    g = solo_game()
    b = Board(12, 12)
    strip(b, [["house"], ["house"]], x0=5, y=5)  # sea north, land elsewhere
    b.houses[(5, 5, 0)] = "purple"
    # E7: slot 1, S-E-N. South of (6,5) an all-land tile would join the island
    alexis_turn(g, "E7", b, human_last=(6, 5), display=["T01", "T02", "T03"])
    g.play(AlexisStep())
    assert (6, 6) not in g.board.tiles
    assert g.board.tiles.get((7, 5)) is None  # east also grows it
    assert g.seats[ALEXIS].pp == 1  # north faces the sea side: all-land cannot go there


def test_human_picks_the_rotation_unless_alexis_decides():
    g = solo_game(decides=False)
    b = Board(12, 12)
    b.place(LAND, 5, 5)
    alexis_turn(g, "E1", b, human_last=(5, 5), display=["T01", "T02", "T03"])
    g.play(AlexisStep())
    assert g.stage == "alexis_rotation" and g.to_move == HUMAN
    rotations = [a.rotation for a in g.legal_actions()]
    assert rotations == [0, 1, 2, 3]  # all-land tile: every rotation is legal
    before = g.state()
    with pytest.raises(IllegalAction) as e:
        g.play(ChooseRotation(7))
    assert e.value.code == "bad_rotation" and g.state() == before
    g.play(ChooseRotation(2))
    assert g.board.tiles[(5, 4)].rotation == 2 and g.to_move == HUMAN and g.stage == "take"


def test_land_card_explores_while_the_navigation_stack_holds_tiles():
    g = solo_game()
    assert g.navigation
    b = Board(12, 12)
    b.place(LAND, 5, 5)
    alexis_turn(g, "L1", b, human_last=(5, 5), display=["T01", "T02", "T03"])  # E-W-N
    g.play(AlexisStep())
    assert g.board.tiles[(6, 5)].tile.id == "T01" and g.phase == "exploration"


def test_land_card_lands_a_grey_ship_by_the_direction_rule():
    g = solo_game()
    g.navigation = []
    b = Board(12, 12)
    b.place(Tile.parse("SSLLLLLS"), 5, 5)  # sea north
    alexis_turn(g, "L4", b, human_last=(5, 5), display=["T01", "T02", "T03"])  # N-E-W
    g.play(AlexisStep())
    assert g.board.tiles[(5, 4)].is_ship and g.board.tiles[(5, 4)].owner == "grey"
    assert g.grey_ships == 2 and g.phase == "reward" and g.to_move == ALEXIS


def test_alexis_flips_the_humans_ship_when_it_is_the_last():
    g = solo_game()
    g.navigation = []
    g.grey_ships = 0
    b = Board(12, 12)
    b.place(Tile.parse("SSLLLLLS"), 5, 5)
    alexis_turn(g, "L4", b, human_last=(5, 5))
    g.play(AlexisStep())
    assert g.seats[HUMAN].ship_gone and g.board.tiles[(5, 4)].owner == "grey"
    assert g.ships_for(HUMAN) == []
    assert g.ships_left() == 0


def test_land_impossible_means_explore():
    g = solo_game()
    g.navigation = []
    b = Board(12, 12)
    b.place(LAND, 5, 5)  # no sea side anywhere on its row/column neighbours
    alexis_turn(g, "L1", b, human_last=(5, 5), display=["T01", "T02", "T03"])
    g.play(AlexisStep())
    assert g.board.tiles[(6, 5)].tile.id == "T01" and g.grey_ships == 3


def test_an_empty_named_slot_ends_the_game_alexis_rewards_first():
    g = solo_game()
    b = Board(12, 12)
    b.place(LAND, 5, 5)
    alexis_turn(g, "E2", b, human_last=(5, 5), display=["T01", None, "T03"])
    g.play(AlexisStep())
    assert g.phase == "reward" and g.final_reward and g.to_move == ALEXIS
    g.play(AlexisStep())  # Alexis's reward
    assert g.to_move == HUMAN
    g.play(EndReward())
    assert g.phase == "over" and g.end_reason == "display"


def test_alexis_reward_houses_on_every_qualifying_island_human_picks_the_spot():
    g = solo_game(decides=False)
    b = Board(12, 12)
    strip(b, [["flower", "house"], ["flower", "house"]], x0=2, y=5)
    strip(b, [["flower", "house"], ["flower"]], x0=2, y=4, rotation=2)
    g.board = b
    put_on_top(g, "E1")  # mission M1: 2 flowers
    g.ship_placer = ALEXIS
    g.start_reward(ALEXIS, final=False)
    g.play(AlexisStep())
    # north island (2 tiles, 1 location): automatic; south island: 2 locations -> human
    assert g.stage == "alexis_house" and g.to_move == HUMAN
    assert g.legal_actions() == [ChooseHouse(2, 5, 1), ChooseHouse(3, 5, 1)]
    with pytest.raises(IllegalAction) as e:
        g.play(ChooseHouse(9, 9, 0))
    assert e.value.code == "not_a_choice"
    g.play(ChooseHouse(3, 5, 1))
    assert g.board.houses == {(2, 4, 1): "purple", (3, 5, 1): "purple"}
    alexis = g.seats[ALEXIS]
    assert alexis.houses_placed == 2 and alexis.stock == 6 and alexis.pp == 0
    assert len(g.solo.stack) == LEVELS[1][0] + LEVELS[1][1] and not g.solo.discard
    assert g.to_move == HUMAN and g.phase == "reward"


def test_alexis_final_score_and_strict_win():
    g = solo_game(level=4)
    g.board = Board(12, 12)
    g.board.put(SHIP_TILE, 5, 5, 0, owner="grey")
    strip(g.board, [["port"], ["port", "port"]], x0=5, y=6)
    g.seats[ALEXIS].pp = 3
    g.seats[ALEXIS].houses_placed = 2
    rows = g.scores()
    alexis = rows[ALEXIS]
    assert alexis["ship_ports"] == 3 and alexis["alexis_bonus"] == 35 + 2
    assert alexis["total"] == 3 + 3 + 37
    g.seats[HUMAN].pp = alexis["total"]
    assert [r["rank"] for r in g.scores()] == [2, 1]  # a tie goes to Alexis
    g.seats[HUMAN].pp += 1
    assert [r["rank"] for r in g.scores()] == [1, 2]


def test_human_may_land_own_or_grey_ship():
    g = solo_game()
    while g.navigation:
        if g.to_move == ALEXIS:
            g.play(g.legal_actions()[0])
            continue
        g.play(g.legal_actions()[0])
        if g.phase != "exploration":
            break
    if g.phase == "exploration" and g.to_move == HUMAN and g.stage == "take":
        ships = {a.ship for a in g.legal_actions() if isinstance(a, Land)}
        assert ships <= {"blue", "grey"}


@pytest.mark.parametrize("level", range(1, 7))
def test_random_solo_games_end_correctly_at_every_level(level):
    for seed in range(25):
        decides = seed % 2 == 0
        g = Game.new(
            Options(
                seats=("Me",),
                solo_level=level,
                seed=seed,
                alexis_decides=decides,
                mode="advanced" if seed % 3 == 0 else "normal",
            )
        )
        rng = random.Random(seed)
        for _ in range(1500):
            if g.phase == "over":
                break
            g.play(rng.choice(g.legal_actions()))
        assert g.phase == "over" and g.end_reason in ("ships", "reserve", "display")
        b = g.board
        landscape = [p.tile.id for p in b.tiles.values() if not p.is_ship]
        located = (
            landscape
            + g.seats[0].hand
            + [t for t in g.display if t]
            + g.navigation
            + g.reserve
            + g.boxed
            + g.solo.removed
        )
        assert len(located) == 60 and len(set(located)) == 60
        assert len(b.ship_cells()) + g.ships_left() == 4
        assert g.seats[ALEXIS].stock + g.seats[ALEXIS].houses_placed == 8
        rows = g.scores()
        assert sorted(r["rank"] for r in rows) == [1, 2]
        assert Game.from_json(g.to_json()).state() == g.state()
