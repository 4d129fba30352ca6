"""The game flow: setup, preparation, exploration, reward, end conditions, scoring."""

import random

import pytest

from si_helpers import new_game, play_random, started, strip
from small_islands import (
    SHIP_TILE,
    Board,
    ChooseObjective,
    DiscardTile,
    EndReward,
    EndTurn,
    Game,
    IllegalAction,
    KeepDiscovery,
    Land,
    Options,
    PlaceHouse,
    PlacePortToken,
    PlaceResourceToken,
    PlaceTile,
    StartLayout,
    TakeTile,
)


def explore_simply(g: Game) -> None:
    """One explore turn: take slot 0 (or the first), place the first legal spot, end."""
    g.play(next(a for a in g.legal_actions() if isinstance(a, TakeTile)))
    g.play(g.legal_actions()[0])
    if g.phase == "exploration" and g.stage == "bonus":
        g.play(EndTurn())


def to_landing(g: Game) -> Game:
    """Explore until the navigation stack is empty (landing becomes possible)."""
    while g.navigation or g.stage != "take":
        explore_simply(g)
    return g


def to_reward(g: Game, seat_lands: bool = True) -> Game:
    to_landing(g)
    g.play(next(a for a in g.legal_actions() if isinstance(a, Land)))
    return g


# ------------------------------------------------------------------ setup


def test_setup_deals_everything():
    g = new_game(seats=3, seed=5)
    assert g.phase == "setup" and g.to_move == g.first_player
    assert all(len(s.hand) == 2 for s in g.seats)
    assert all(len(s.held) == 1 for s in g.seats)
    assert all(s.stock == 4 and s.reserve == 4 and s.bonus == 4 for s in g.seats)
    assert len([t for t in g.display if t]) == 3
    assert len(g.reserve) == 56 - 3 - 2 * 3
    assert g.grey_ships == 1
    assert sorted(g.discovery_bag) == [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6]


def test_first_player_can_be_chosen():
    assert new_game(seats=4, first_player=2).first_player == 2


def test_default_layouts_are_legal_and_placed_in_the_middle():
    g = new_game()
    layouts = g.legal_actions()
    assert len(layouts) == 2 and all(isinstance(a, StartLayout) for a in layouts)
    g.play(layouts[1])
    assert sorted(g.board.tiles) == [(5, 5), (5, 6), (6, 5), (6, 6)]
    assert {p.tile.id for p in g.board.tiles.values()} == {"S1b", "S2b", "S3b", "S4b"}
    assert g.phase == "preparation" and g.round == 1


def test_custom_layout_side_rotation_and_position():
    g = new_game()
    custom = StartLayout((("S1b", 4, 4, 0), ("S2b", 5, 4, 0), ("S3a", 4, 6, 2), ("S4b", 5, 5, 0)))
    with pytest.raises(IllegalAction):
        g.check_layout(custom)
    ok = StartLayout((("S1b", 4, 4, 0), ("S2b", 5, 4, 0), ("S3b", 4, 5, 0), ("S4b", 5, 5, 0)))
    g.check_layout(ok)
    rotated = StartLayout((("S1a", 6, 6, 2), ("S2a", 5, 6, 2), ("S3a", 6, 5, 2), ("S4a", 5, 5, 2)))
    g.play(rotated)
    assert g.board.tiles[(6, 6)].rotation == 2


@pytest.mark.parametrize(
    "placements, code",
    [
        ((("S1a", 5, 5, 0), ("S2a", 6, 5, 0), ("S3a", 5, 6, 0)), "bad_layout"),
        ((("S1a", 5, 5, 0), ("S1b", 6, 5, 0), ("S3a", 5, 6, 0), ("S4a", 6, 6, 0)), "bad_layout"),
        ((("S1a", 1, 1, 0), ("S2a", 2, 1, 0), ("S3a", 1, 2, 0), ("S4a", 2, 2, 0)), "not_in_middle"),
        ((("S1a", 5, 5, 0), ("S2a", 6, 5, 0), ("S3a", 5, 6, 0), ("S4a", 7, 7, 0)), "not_adjacent"),
        (
            (("S1a", 5, 5, 2), ("S2a", 6, 5, 0), ("S3a", 5, 6, 0), ("S4a", 6, 6, 0)),
            "terrain_mismatch",
        ),
        ((("S1a", 5, 5, 0), ("S2a", 5, 5, 0), ("S3a", 5, 6, 0), ("S4a", 6, 6, 0)), "cell_occupied"),
        ((("S1a", 5, 5, 0), ("S2a", 6, 5, 0), ("S3a", 5, 6, 0), ("X9", 6, 6, 0)), "bad_layout"),
    ],
)
def test_bad_layouts(placements, code):
    g = new_game()
    before = g.state()
    with pytest.raises(IllegalAction) as e:
        g.play(StartLayout(placements))
    assert e.value.code == code
    assert g.state() == before


# ------------------------------------------------------------ preparation


def test_preparation_builds_the_navigation_stack_and_deals_objectives():
    g = new_game(seats=2, seed=3)
    reserve = len(g.reserve)
    g.play(g.legal_actions()[0])
    assert len(g.navigation) == 6 and len(g.reserve) == reserve - 6
    assert all(len(s.held) == 3 for s in g.seats)
    assert g.to_move == g.first_player
    first = g.to_move
    held = list(g.seats[first].held)
    g.play(ChooseObjective(held[0], held[1]))
    assert g.seats[first].now == held[0] and g.seats[first].later == held[1]
    assert held[2] in g.decks["O"]
    assert g.to_move == (first + 1) % 2
    g.play(g.legal_actions()[0])
    assert g.phase == "exploration" and g.to_move == first and g.stage == "take"


def test_objective_cards_are_conserved_across_rounds():
    g = started(seats=4, seed=8)
    for _ in range(3):
        to_reward(g)
        while g.phase == "reward":
            g.play(EndReward())
        if g.phase == "over":
            break
        while g.phase == "preparation":
            g.play(g.legal_actions()[-1])
        cards = list(g.decks["O"]) + [c for s in g.seats for c in (s.now, s.later)]
        assert sorted(cards) == sorted(f"O{i}" for i in range(1, 13))


def test_advanced_mode_builds_an_objective_from_a_mission_and_a_reward():
    g = new_game(mode="advanced", seed=4)
    g.play(g.legal_actions()[0])
    seat = g.seats[g.to_move]
    missions = sorted(c for c in seat.held if c[0] == "M")
    rewards = sorted(c for c in seat.held if c[0] == "R")
    assert len(missions) == 3 and len(rewards) == 3
    assert len(g.legal_actions()) == 36
    now, later = f"{missions[0]}+{rewards[2]}", f"{missions[1]}+{rewards[0]}"
    g.play(ChooseObjective(now, later))
    assert seat.now == now and missions[2] in g.decks["M"] and rewards[1] in g.decks["R"]
    assert sorted(seat.held) == sorted([missions[1], rewards[0]])


@pytest.mark.parametrize(
    "mode, make, code",
    [
        ("normal", lambda h: ("O99", h[0]), "not_held"),
        ("normal", lambda h: (h[0], h[0]), "same_card"),
        ("advanced", lambda h: ("M1", "M2+R1"), "bad_objective"),
        ("advanced", lambda h: ("M99+R1", "M2+R2"), "bad_objective"),
    ],
)
def test_bad_objective_choices(mode, make, code):
    g = new_game(mode=mode, seed=2)
    g.play(g.legal_actions()[0])
    held = sorted(g.seats[g.to_move].held)
    before = g.state()
    with pytest.raises(IllegalAction) as e:
        g.play(ChooseObjective(*make(held)))
    assert e.value.code == code and g.state() == before


def test_advanced_choice_sharing_a_card_is_refused():
    g = new_game(mode="advanced", seed=2)
    g.play(g.legal_actions()[0])
    held = g.seats[g.to_move].held
    m = sorted(c for c in held if c[0] == "M")
    r = sorted(c for c in held if c[0] == "R")
    with pytest.raises(IllegalAction) as e:
        g.play(ChooseObjective(f"{m[0]}+{r[0]}", f"{m[0]}+{r[1]}"))
    assert e.value.code == "same_card"
    missing = next(f"M{i}" for i in range(1, 13) if f"M{i}" not in held)
    with pytest.raises(IllegalAction) as e:
        g.play(ChooseObjective(f"{missing}+{r[0]}", f"{m[0]}+{r[1]}"))
    assert e.value.code == "not_held"


# ------------------------------------------------------------ exploration


def test_an_explore_turn():
    g = started(seed=6)
    seat = g.to_move
    tile = g.display[1]
    g.play(TakeTile(1))
    assert tile in g.seats[seat].hand and len(g.seats[seat].hand) == 3 and g.stage == "place"
    placements = [a for a in g.legal_actions() if isinstance(a, PlaceTile)]
    assert placements and {a.tile for a in placements} <= set(g.seats[seat].hand)
    nav_top = g.navigation[-1]
    g.play(placements[0])
    assert g.stage == "bonus" and len(g.seats[seat].hand) == 2
    g.play(EndTurn())
    assert g.display[1] == nav_top and len(g.navigation) == 5
    assert g.to_move == (seat + 1) % 2 and g.stage == "take"


def test_bonus_token_ends_the_turn_and_uses_a_token():
    g = started(seed=6)
    seat = g.to_move
    g.play(TakeTile(0))
    g.play(g.legal_actions()[0])
    port = next(a for a in g.legal_actions() if isinstance(a, PlacePortToken))
    g.play(port)
    assert g.seats[seat].bonus == 3 and g.to_move != seat
    assert g.board.port_tokens[(port.x, port.y)] == [g.seats[seat].colour]


def test_resource_token_shows_a_chosen_other_resource():
    g = started(seed=6)
    g.play(TakeTile(0))
    g.play(g.legal_actions()[0])
    tokens = [a for a in g.legal_actions() if isinstance(a, PlaceResourceToken)]
    assert tokens
    a = tokens[0]
    printed = g.board.tiles[(a.x, a.y)].tile.symbols[a.index]
    assert {t.resource for t in tokens if (t.x, t.y, t.index) == (a.x, a.y, a.index)} == (
        {"flower", "fruit", "leaf"} - {printed}
    )
    g.play(a)
    assert g.board.resource_at(a.x, a.y, a.index) == a.resource


def test_no_bonus_stage_without_tokens():
    g = started(seed=6)
    g.seats[g.to_move].bonus = 0
    seat = g.to_move
    g.play(TakeTile(0))
    g.play(g.legal_actions()[0])
    assert g.to_move != seat and g.stage == "take"


def test_land_only_when_the_navigation_stack_is_empty():
    g = started(seed=9)
    assert not any(isinstance(a, Land) for a in g.legal_actions())
    before = g.state()
    cell = next(iter(g.board.frontier()))
    with pytest.raises(IllegalAction) as e:
        g.play(Land(g.seats[g.to_move].colour, *cell))
    assert e.value.code == "land_not_allowed" and g.state() == before
    to_landing(g)
    lands = [a for a in g.legal_actions() if isinstance(a, Land)]
    assert {a.ship for a in lands} == {g.seats[g.to_move].colour, "grey"}


def test_landing_starts_the_reward_phase_with_the_lander():
    g = started(seed=9)
    to_landing(g)
    lander = g.to_move
    land = next(a for a in g.legal_actions() if isinstance(a, Land) and a.ship != "grey")
    g.play(land)
    assert g.phase == "reward" and g.to_move == lander
    assert g.seats[lander].ship_cell == (land.x, land.y)
    assert g.board.tiles[(land.x, land.y)].owner == g.seats[lander].colour
    assert g.seats[lander].revealed


def test_grey_ships_and_own_colour_only():
    g = started(seats=4, seed=9)
    assert g.grey_ships == 0
    to_landing(g)
    me = g.seats[g.to_move]
    assert {a.ship for a in g.legal_actions() if isinstance(a, Land)} == {me.colour}
    other = next(s.colour for s in g.seats if s is not me)
    cell = next(a for a in g.legal_actions() if isinstance(a, Land))
    for ship in (other, "grey"):
        with pytest.raises(IllegalAction) as e:
            g.play(Land(ship, cell.x, cell.y))
        assert e.value.code == "ship_unavailable"


def test_no_placeable_tile_procedure():
    g = started(seed=12)
    seat = g.seats[g.to_move]
    g.board = Board(12, 12)
    g.board.put(SHIP_TILE, 0, 0, 0)  # only sea-sided cells on the frontier
    seat.hand = ["T01", "T02"]  # all-land tiles
    g.display = ["T03", "T04", "T05"]
    g.reserve[-1] = "T37"  # a peninsula tip: fits next to the ship
    g.play(TakeTile(0))
    legal = g.legal_actions()
    assert legal == [DiscardTile("T01"), DiscardTile("T02"), DiscardTile("T03")]
    g.play(DiscardTile("T02"))
    assert "T02" in g.boxed and "T37" in seat.hand and "T02" not in seat.hand
    assert all(isinstance(a, PlaceTile) and a.tile == "T37" for a in g.legal_actions())
    with pytest.raises(IllegalAction) as e:
        g.play(DiscardTile("T01"))
    assert e.value.code == "discard_not_allowed"


def test_replacement_comes_from_navigation_then_display_when_the_reserve_is_empty():
    g = started(seed=12)
    seat = g.seats[g.to_move]
    g.board = Board(12, 12)
    g.board.put(SHIP_TILE, 0, 0, 0)
    seat.hand = ["T01", "T02"]
    g.display = ["T03", "T04", "T05"]
    g.reserve = []
    g.navigation = ["T06"]
    g.play(TakeTile(2))
    g.play(DiscardTile("T01"))
    assert "T06" in seat.hand and not g.navigation
    g.play(DiscardTile("T06"))
    assert "T03" in seat.hand and g.display[0] is None  # drawn from the display


# ----------------------------------------------------------------- reward


def reward_position(objective: str, symbol_lists, seat_houses=None):
    """A game in its reward phase whose map is one strip island, seat 0 to play `objective`."""
    g = started(seed=21)
    to_reward(g)
    seat = g.to_move
    g.board = Board(12, 12)
    strip(g.board, symbol_lists)
    g.seats[seat].now = objective
    return g, seat


def test_houses_score_the_reward_and_respect_the_mission():
    g, seat = reward_position("O1", [["flower", "house"], ["flower", "flower", "house"]])
    assert [type(a).__name__ for a in g.legal_actions()].count("PlaceHouse") == 2
    g.play(PlaceHouse(2, 5, 1))
    assert g.seats[seat].pp == 3 + 2 and g.seats[seat].stock == 3
    # one house per island per colour
    assert g.legal_actions() == [EndReward()]
    with pytest.raises(IllegalAction) as e:
        g.play(PlaceHouse(3, 5, 2))
    assert e.value.code == "house_already_there"
    g.play(EndReward())
    assert g.seats[seat].stock == 4 and g.seats[seat].reserve == 3
    assert "O1" in g.decks["O"]


def test_mission_not_met():
    g, seat = reward_position("O2", [["flower", "house"], ["fruit", "house"]])
    assert g.legal_actions() == [EndReward()]
    before = g.state()
    with pytest.raises(IllegalAction) as e:
        g.play(PlaceHouse(2, 5, 1))
    assert e.value.code == "mission_not_met" and "M2" in e.value.message
    assert g.state() == before


def test_choice_rewards_need_a_resource():
    g, seat = reward_position("O10", [["flower", "house"], ["leaf", "leaf", "house"]])
    g.board.put(SHIP_TILE, 2, 4, 0)  # M10: next to a ship
    houses = [a for a in g.legal_actions() if isinstance(a, PlaceHouse)]
    assert {a.choice for a in houses} == {"flower", "fruit", "leaf"}
    for choice, code in ((None, "choice_required"), ("gold", "bad_choice")):
        with pytest.raises(IllegalAction) as e:
            g.play(PlaceHouse(2, 5, 1, choice))
        assert e.value.code == code
    g.play(PlaceHouse(2, 5, 1, "leaf"))
    assert g.seats[seat].pp == 2 + 2


def test_choice_refused_when_the_reward_has_none():
    g, seat = reward_position("O1", [["flower", "house"], ["flower"]])
    with pytest.raises(IllegalAction) as e:
        g.play(PlaceHouse(2, 5, 1, "flower"))
    assert e.value.code == "bad_choice"


def test_discovery_draw_keep_one_shuffle_back():
    g, seat = reward_position("O5", [["temple", "house"], ["temple"], ["temple"]])
    bag = sorted(g.discovery_bag)
    g.play(PlaceHouse(2, 5, 1))
    assert len(g.pending_discovery) == 3 and g.seats[seat].pp == 0
    assert g.legal_actions() == [KeepDiscovery(0), KeepDiscovery(1), KeepDiscovery(2)]
    for bad, code in ((EndReward(), "keep_discovery_first"), (KeepDiscovery(3), "bad_index")):
        with pytest.raises(IllegalAction) as e:
            g.play(bad)
        assert e.value.code == code
    kept = g.pending_discovery[1]
    g.play(KeepDiscovery(1))
    assert g.seats[seat].discovery == [kept]
    assert sorted(g.discovery_bag + [kept]) == bag and not g.pending_discovery
    with pytest.raises(IllegalAction) as e:
        g.play(KeepDiscovery(0))
    assert e.value.code == "nothing_to_keep"


def test_houses_need_an_island_of_two_and_a_house_location():
    g, seat = reward_position("O8", [["house"]])  # M8 at most 3 tiles, R8 6 PP
    with pytest.raises(IllegalAction) as e:
        g.play(PlaceHouse(2, 5, 0))
    assert e.value.code == "island_too_small"
    strip(g.board, [["flower"]], x0=3)
    with pytest.raises(IllegalAction) as e:
        g.play(PlaceHouse(3, 5, 0))
    assert e.value.code == "not_a_house_location"
    g.play(PlaceHouse(2, 5, 0))
    assert g.seats[seat].pp == 6
    with pytest.raises(IllegalAction) as e:
        g.play(PlaceHouse(2, 5, 0))
    assert e.value.code == "location_taken"


def test_stock_limits_houses_and_refills_from_reserve():
    islands = [["house"], ["house"]]
    g, seat = reward_position("O8", islands)
    g.seats[seat].stock = 0
    assert g.legal_actions() == [EndReward()]
    with pytest.raises(IllegalAction) as e:
        g.play(PlaceHouse(2, 5, 0))
    assert e.value.code == "no_houses_in_stock"
    g.seats[seat].reserve = 2
    g.play(EndReward())
    assert (g.seats[seat].stock, g.seats[seat].reserve) == (2, 0)


def test_end_of_round_passes_first_player_after_the_ship_placer():
    g = started(seats=3, seed=30)
    to_landing(g)
    lander = g.to_move
    g.play(next(a for a in g.legal_actions() if isinstance(a, Land)))
    order = []
    while g.phase == "reward":
        order.append(g.to_move)
        g.play(EndReward())
    assert order == [lander, (lander + 1) % 3, (lander + 2) % 3]
    assert g.phase == "preparation" and g.round == 2
    assert g.first_player == (lander + 1) % 3 and g.to_move == g.first_player
    assert all(s.now is None for s in g.seats)


# --------------------------------------------------------- end conditions


def test_game_ends_when_all_four_ships_are_placed():
    g = started(seats=2, seed=40)
    for _ in range(4):
        to_reward(g)
        while g.phase == "reward":
            g.play(EndReward())
        if g.phase == "preparation":
            while g.phase == "preparation":
                g.play(g.legal_actions()[0])
    assert g.phase == "over" and g.end_reason == "ships" and g.round == 4
    assert len(g.board.ship_cells()) == 4 and g.to_move is None
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction) as e:
        g.play(EndTurn())
    assert e.value.code == "game_over"


def test_game_ends_at_preparation_when_the_reserve_is_short():
    g = started(seats=2, seed=41)
    to_reward(g)
    g.reserve = g.reserve[:5]
    while g.phase == "reward":
        g.play(EndReward())
    assert g.phase == "over" and g.end_reason == "reserve" and not g.navigation


def test_game_ends_with_a_last_reward_phase_when_no_tile_and_no_ship():
    g = started(seats=2, seed=42)
    to_landing(g)
    # empty display and no ship the next player can take
    g.display = [None, None, None]
    g.reserve = []
    g.grey_ships = 0
    nxt = g.to_move
    g.seats[nxt].ship_cell = (0, 0)
    g._begin_turn(nxt)
    assert g.phase == "reward" and g.final_reward and g.to_move == nxt
    g.play(EndReward())
    g.play(EndReward())
    assert g.phase == "over" and g.end_reason == "display"


def test_empty_display_but_a_ship_to_place_means_landing():
    g = started(seats=2, seed=43)
    to_landing(g)
    g.display = [None, None, None]
    g._begin_turn(g.to_move)
    assert g.phase == "exploration"
    assert g.legal_actions() and all(isinstance(a, Land) for a in g.legal_actions())


def test_display_shrinks_when_both_stacks_are_empty():
    g = started(seats=2, seed=44)
    g.navigation = []
    g.reserve = []
    g.play(TakeTile(0))
    g.play(g.legal_actions()[0])
    g.play(EndTurn())
    assert g.display[0] is None
    assert TakeTile(0) not in g.legal_actions()
    with pytest.raises(IllegalAction) as e:
        g.play(TakeTile(0))
    assert e.value.code == "empty_slot"


# ---------------------------------------------------------------- scoring


def finished(seats=2, seed=50):
    return play_random(new_game(seats=seats, seed=seed), random.Random(seed))


def test_score_breakdown_includes_discovery_and_ports_around_own_ship():
    g = finished()
    s0 = g.seats[0]
    s0.pp, s0.discovery = 10, [3, 5]
    rows = g.scores()
    assert rows[0]["prestige"] == 10 and rows[0]["discovery"] == 8
    assert rows[0]["ship_ports"] == g.board.ports_around(*s0.ship_cell) if s0.ship_cell else 0
    for r in rows:
        assert r["total"] == r["prestige"] + r["discovery"] + r["ship_ports"]


def test_ports_around_a_grey_ship_score_for_nobody():
    g = started(seats=2, seed=51)
    g.board = Board(12, 12)
    g.board.put(SHIP_TILE, 5, 5, 0, owner="grey")
    strip(g.board, [["port"], ["port", "port"]], x0=5, y=6)
    assert g.board.ports_around(5, 5) == 3
    assert [r["ship_ports"] for r in g.scores()] == [0, 0]
    g.seats[0].ship_cell = (5, 5)
    assert [r["ship_ports"] for r in g.scores()] == [3, 0]


def test_tie_breaks_in_order():
    g = finished(seats=3, seed=52)
    for s in g.seats:
        s.pp, s.discovery, s.ship_cell = 20, [], None
    g.seats[0].houses_placed, g.seats[1].houses_placed, g.seats[2].houses_placed = 5, 6, 6
    g.seats[0].last_tile, g.seats[1].last_tile, g.seats[2].last_tile = 5, 10, 30
    ranks = [r["rank"] for r in g.scores()]
    assert ranks == [3, 2, 1]  # most houses; then the later tile placer
    g.seats[0].houses_placed = 7
    assert [r["rank"] for r in g.scores()] == [1, 3, 2]
    # ports around the own ship come before the last tile
    g.seats[0].houses_placed = 6
    g.board = Board(12, 12)
    g.board.put(SHIP_TILE, 5, 5, 0)
    strip(g.board, [["port"]], x0=5, y=6)
    g.seats[1].ship_cell = (5, 5)
    g.seats[1].pp = 19  # 19 + 1 port = 20
    rows = g.scores()
    assert [r["total"] for r in rows] == [20, 20, 20]
    assert [r["rank"] for r in rows] == [3, 1, 2]
    assert g.winners() == [1]


def test_play_refuses_a_seat_that_is_not_to_move():
    g = started(seed=60)
    other = 1 - g.to_move
    before = g.state()
    with pytest.raises(IllegalAction) as e:
        g.play(TakeTile(0), seat=other)
    assert e.value.code == "not_your_turn" and "B" in e.value.message or "A" in e.value.message
    assert g.state() == before
    g.play(TakeTile(0), seat=g.to_move)


def test_wrong_phase_and_wrong_step():
    g = started(seed=61)
    with pytest.raises(IllegalAction) as e:
        g.play(EndReward())
    assert e.value.code == "wrong_phase"
    with pytest.raises(IllegalAction) as e:
        g.play(EndTurn())
    assert e.value.code == "wrong_step"


def test_options_validate():
    from small_islands import MalformedInput

    for bad in (
        dict(seats=()),
        dict(seats=("a",) * 5),
        dict(seats=("",)),
        dict(mode="hard"),
        dict(table=(3, 3)),
        dict(bots={5: "easy"}),
        dict(bots={0: "genius"}),
        dict(colours=("red", "red")),
        dict(seed="x"),
    ):
        with pytest.raises(MalformedInput):
            Options(**bad)
    assert Options(seats=("a", "b"), bots={"1": "hard"}).bots == {1: "hard"}
