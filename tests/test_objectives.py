"""Every mission and reward (RULES.md 5), with the rulebook's worked examples."""

import pytest

from si_helpers import island_with, strip, two_islands
from small_islands import MISSIONS, OBJECTIVES, REWARDS, Board, Tile


def score(reward, island, board, choice=None):
    return REWARDS[reward].score(island, board, choice)


def test_rulebook_example_r1_nine_points():
    b, first, second = two_islands([["flower", "flower"], ["flower"]], [["flower"], ["flower"]])
    assert score("R1", first, b) + score("R1", second, b) == 5 + 4 == 9


def test_rulebook_example_r6_ten_points():
    b, only_fruit, mixed = two_islands(
        [["fruit"], ["fruit"]], [["flower", "flower"], ["flower", "fruit"], ["leaf"]]
    )
    assert score("R6", only_fruit, b) == 6
    assert score("R6", mixed, b) == 4
    assert score("R6", only_fruit, b) + score("R6", mixed, b) == 10


def test_rulebook_example_r7_eleven_points():
    b, first, second = two_islands(
        [["flower", "flower", "fruit"], ["flower", "fruit"]],
        [["leaf", "leaf", "flower"], ["leaf", "leaf", "flower", "flower"]],
    )
    assert score("R7", first, b, "flower") + score("R7", second, b, "leaf") == 5 + 6 == 11
    assert score("R7", second, b, "fruit") == 2
    assert score("R7", second, b) == 6  # no choice: the best resource


def test_rulebook_example_r9_ten_points():
    b, five, six = two_islands([[]] * 5, [[]] * 6)
    assert (five.size, six.size) == (5, 6)
    assert score("R9", five, b) + score("R9", six, b) == 10


def test_rulebook_example_r11_five_points():
    b, island = island_with(
        [
            ["flower", "flower", "port"],
            ["flower", "fruit", "port"],
            ["fruit", "port"],
            ["port"],
            ["port"],
        ]
    )
    assert island.count("port") == 5
    assert score("R11", island, b, "flower") == 3 + 2 == 5


def test_rulebook_example_r10_draws_per_temple():
    b, two, three = two_islands([["temple"], ["temple"]], [["temple"], ["temple"], ["temple"]])
    assert score("R10", two, b) == 2 and score("R10", three, b) == 3
    assert REWARDS["R10"].is_discovery


@pytest.mark.parametrize(
    "reward, symbols, expected",
    [
        ("R2", [["fruit", "fruit"], ["fruit"]], 5),
        ("R3", [["leaf"], ["leaf"]], 4),
        ("R4", [["temple"], ["temple", "flower"]], 6),
        ("R5", [["port"], ["port", "port"]], 5),
        ("R8", [[], []], 6),
        ("R12", [["house", "house"], ["house"]], 3),
        ("R9", [[], []], 0),
        ("R9", [[]] * 3, 4),
        ("R9", [[]] * 8, 6),
        ("R9", [[]] * 9, 8),
        ("R6", [[], []], 2),
    ],
)
def test_fixed_rewards(reward, symbols, expected):
    b, island = island_with(symbols, x0=0)
    assert score(reward, island, b) == expected


def test_r9_twelve_tiles_and_more():
    b = Board(16, 12)
    strip(b, [[]] * 12, x0=0)
    assert score("R9", b.islands()[0], b) == 10


def test_r12_counts_taken_locations_too():
    b, island = island_with([["house", "house"], ["house"]])
    b.place_house(2, 5, 0, "red")
    b.place_house(3, 5, 0, "blue")
    assert score("R12", island, b) == 3


def test_choice_only_for_choice_rewards():
    b, island = island_with([["flower"], ["flower"]])
    with pytest.raises(ValueError):
        score("R1", island, b, "flower")
    with pytest.raises(ValueError):
        score("R7", island, b, "gold")


@pytest.mark.parametrize(
    "mission, yes, no",
    [
        ("M1", [["flower"], ["flower"]], [["flower"], ["fruit"]]),
        ("M2", [["fruit", "fruit"], []], [["fruit"], []]),
        ("M3", [["leaf"], ["leaf"]], [["leaf"], ["flower"]]),
        ("M4", [["flower", "fruit"], ["leaf"]], [["flower", "fruit"], ["fruit"]]),
        ("M5", [["temple"], ["temple"]], [["temple"], []]),
        ("M6", [["port"], ["port"]], [["port"], []]),
        ("M7", [[]] * 4, [[]] * 3),
        ("M8", [[]] * 3, [[]] * 4),
        ("M12", [["temple"], ["port"]], [["temple"], ["temple"]]),
    ],
)
def test_count_missions(mission, yes, no):
    b, island = island_with(yes)
    assert MISSIONS[mission].holds(island, b)
    b, island = island_with(no)
    assert not MISSIONS[mission].holds(island, b)


def test_missions_count_bonus_tokens():
    b, island = island_with([["flower"], ["leaf"]])
    assert not MISSIONS["M1"].holds(island, b)
    b.place_resource_token(3, 5, 0, "flower")
    assert MISSIONS["M1"].holds(island, b)
    assert not MISSIONS["M6"].holds(island, b)
    b.place_port_token(2, 5)
    b.place_port_token(3, 5)
    assert MISSIONS["M6"].holds(island, b)


def test_m9_complete_island():
    b = Board()
    b.place(Tile.parse("SSLLLSSS"), 5, 5)
    b.place(Tile.parse("SSSSLLLS"), 6, 5)
    island = b.islands()[0]
    assert not MISSIONS["M9"].holds(island, b)
    b.place(Tile.parse("LLLSSSSS"), 5, 6)
    b.place(Tile.parse("LSSSSSLL"), 6, 6)
    assert MISSIONS["M9"].holds(b.islands()[0], b)


def test_m10_next_to_a_ship_including_diagonally():
    b, island = island_with([[], []])
    assert not MISSIONS["M10"].holds(island, b)
    b = Board()
    b.place(Tile.parse("SSSSSSSS:ship"), 4, 4)
    b.place(Tile.parse("LSSSSSLL"), 3, 4)  # sea on its E and S sides, west of the ship
    b.place(Tile.parse("SSLLLLLS"), 3, 5)  # only diagonal to the ship
    b.place(Tile.parse("SSLLLLLS"), 2, 5)
    far_from_ship, touching_ship = sorted(b.islands(), key=lambda i: -i.size)
    assert far_from_ship.cells == {(2, 5), (3, 5)}
    assert MISSIONS["M10"].holds(far_from_ship, b)  # diagonal counts
    assert MISSIONS["M10"].holds(touching_ship, b)
    b2 = Board()
    b2.place(Tile.parse("SSSSSSSS:ship"), 5, 4)
    b2.place(Tile.parse("LSSSSSLL"), 4, 4)
    b2.place(Tile.parse("SSLLLLLS"), 4, 5)
    b2.place(Tile.parse("SSLLLLLS"), 3, 5)
    b2.place(Tile.parse("SSLLLLLS"), 2, 5)
    strip_island = next(i for i in b2.islands() if i.size == 3)
    assert MISSIONS["M10"].holds(strip_island, b2)  # (4, 5) is diagonal to the ship


def test_m10_false_two_cells_away():
    b, island = island_with([[], []])  # cells (2, 5) and (3, 5)
    ship = Tile.parse("SSSSSSSS:ship")
    b.put(ship, 5, 5, 0)  # two cells east of (3, 5): unchecked put, distance only matters
    assert not MISSIONS["M10"].holds(island, b)
    b.put(ship, 4, 6, 0)  # diagonal to (3, 5)
    assert MISSIONS["M10"].holds(island, b)


def test_m11_no_house_yet():
    b, island = island_with([["house"], ["house"]])
    assert MISSIONS["M11"].holds(island, b)
    b.place_house(2, 5, 0, "red")
    assert not MISSIONS["M11"].holds(island, b)


def test_objective_cards_pair_missions_and_rewards():
    assert (OBJECTIVES["O1"].mission, OBJECTIVES["O1"].reward) == ("M1", "R1")
    assert (OBJECTIVES["O5"].mission, OBJECTIVES["O5"].reward) == ("M5", "R10")
    assert (OBJECTIVES["O9"].mission, OBJECTIVES["O9"].reward) == ("M9", "R12")
    assert (OBJECTIVES["O11"].mission, OBJECTIVES["O11"].reward) == ("M11", "R5")
