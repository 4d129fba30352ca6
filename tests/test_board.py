"""Geometry: placement rules, islands, complete islands, tokens and houses (RULES.md 2, 4.4)."""

import random

import pytest

from small_islands import TILES, Board, IllegalAction, Tile
from small_islands.board import NEIGHBOURS

LAND = Tile.parse("LLLLLLLL:flower,house")
SHIP = Tile.parse("SSSSSSSS:ship")
CAPE_SE = Tile.parse("SSLLLSSS:fruit,house")  # land at E, SE, S
TIP_S = Tile.parse("SSSSLSSS:leaf")  # land only at S


def reference_can_place(board, tile, x, y, rotation):
    """Straight from the rulebook, scanning the 8 neighbours (no frontier)."""
    if not board.inside(x, y) or (x, y) in board.tiles:
        return False
    if not board.tiles:
        return True
    mask = tile.rotation_masks()[rotation]
    touching = False
    for dx, dy, pairs in NEIGHBOURS:
        other = board.tiles.get((x + dx, y + dy))
        if other is None:
            continue
        if dx == 0 or dy == 0:
            touching = True
        for mine, theirs in pairs:
            if (mask >> mine & 1) != (other.mask >> theirs & 1):
                return False
    return touching


def test_first_tile_may_go_anywhere_on_the_table():
    b = Board(12, 12)
    assert b.can_place(TIP_S, 0, 0, 0) and b.can_place(TIP_S, 11, 11, 3)
    assert not b.can_place(TIP_S, 12, 0, 0)


def test_a_tile_must_share_a_side():
    b = Board()
    b.place(LAND, 5, 5)
    with pytest.raises(IllegalAction) as e:
        b.place(LAND, 6, 6)  # diagonal only
    assert e.value.code == "not_adjacent"
    with pytest.raises(IllegalAction) as e:
        b.place(LAND, 8, 5)
    assert e.value.code == "not_adjacent"
    b.place(LAND, 6, 5)


def test_sides_must_match_on_all_three_points():
    b = Board()
    b.place(LAND, 5, 5)
    # TIP_S has sea at W/NW/SW: cannot go east of an all-land tile
    assert not b.can_place(TIP_S, 6, 5, 0)
    with pytest.raises(IllegalAction) as e:
        b.place(TIP_S, 6, 5, 0)
    assert e.value.code == "terrain_mismatch"
    # rotated so that its land faces west: W point land but NW, SW sea -> still a mismatch
    assert not b.can_place(TIP_S, 6, 5, 1)
    # a straight coast with its full land side facing west fits
    coast = Tile.parse("LLLLLSSS")  # sea on the W side
    assert b.can_place(coast, 6, 5, 2)  # turned half: sea on the E side, land W


def test_corners_must_match_diagonal_neighbours():
    b = Board()
    for x, y in ((5, 6), (5, 5), (5, 4), (6, 4), (7, 4), (7, 5)):
        b.place(LAND, x, y)
    # (6, 6) touches (5, 6) by its W side; its NE corner meets only the diagonal (7, 5)
    inner = Tile.parse("LSLLLLLL")  # all land but a sea NE corner
    assert not b.can_place(inner, 6, 6, 0)  # sea NE corner against (7, 5)'s land corner
    assert b.can_place(inner, 6, 6, 1)  # sea corner at SE: nothing there
    assert not b.can_place(inner, 6, 6, 2)  # sea SW corner against (5, 6)'s SE corner
    assert not b.can_place(inner, 6, 6, 3)  # sea NW corner against (5, 5) and (5, 6)
    for r in range(4):
        assert b.can_place(inner, 6, 6, r) == reference_can_place(b, inner, 6, 6, r)
    with pytest.raises(IllegalAction) as e:
        b.place(inner, 6, 6, 0)
    assert e.value.code == "terrain_mismatch"


def test_the_earth_is_flat():
    b = Board(6, 6)
    b.place(LAND, 5, 5)
    with pytest.raises(IllegalAction) as e:
        b.place(LAND, 6, 5)
    assert e.value.code == "off_table"


def test_occupied_and_bad_rotation():
    b = Board()
    b.place(LAND, 5, 5)
    with pytest.raises(IllegalAction) as e:
        b.place(LAND, 5, 5)
    assert e.value.code == "cell_occupied"
    with pytest.raises(IllegalAction) as e:
        b.place(LAND, 6, 5, 4)
    assert e.value.code == "bad_rotation"


def test_failed_place_leaves_the_board_unchanged():
    b = Board()
    b.place(LAND, 5, 5)
    before = (dict(b.tiles), dict(b.frontier()), [i.cells for i in b.islands()])
    with pytest.raises(IllegalAction):
        b.place(TIP_S, 6, 5, 0)
    assert before == (dict(b.tiles), dict(b.frontier()), [i.cells for i in b.islands()])


def test_incremental_frontier_agrees_with_a_full_scan_on_random_maps():
    rng = random.Random(11)
    for _ in range(12):
        b = Board(10, 10)
        b.place(rng.choice(TILES), 5, 5, 0)
        for _ in range(45):
            tile = rng.choice(TILES + (SHIP,))
            legal = sorted(b.legal_positions(tile))
            brute = sorted(
                (x, y, r)
                for y in range(10)
                for x in range(10)
                for r in range(4)
                if reference_can_place(b, tile, x, y, r)
            )
            assert legal == brute
            if legal:
                x, y, r = rng.choice(legal)
                b.place(tile, x, y, r)


def test_islands_join_by_land_sides_only_and_merge():
    b = Board()
    b.place(CAPE_SE, 5, 5)  # land E and S
    b.place(Tile.parse("SSSSLLLS:flower"), 6, 5)  # land S, W: joins (5,5) by land side
    assert [i.size for i in b.islands()] == [2]
    b.place(Tile.parse("LLLSSSSS:leaf"), 5, 6)  # land N, E: joins (5,5)
    assert [i.size for i in b.islands()] == [3]
    # (6, 6): N side faces (6,5) S side land; W faces (5,6) E land: merges all 4
    b.place(Tile.parse("LSSSSSLL:temple"), 6, 6)
    islands = b.islands()
    assert len(islands) == 1 and islands[0].size == 4
    assert islands[0].is_complete


def test_tiles_touching_by_sea_sides_are_different_islands():
    b = Board()
    b.place(Tile.parse("LLLLLSSS"), 5, 5)  # sea on the W side
    b.place(Tile.parse("LLLLLSSS"), 4, 5, 2)  # sea on the E side
    assert sorted(i.size for i in b.islands()) == [1, 1]


def test_complete_island_ignores_the_table_edge():
    b = Board(6, 6)
    b.place(Tile.parse("SSLLLSSS"), 4, 4)  # land E and S
    b.place(Tile.parse("SSSSLLLS"), 5, 4)  # land S and W; S faces (5,5) empty
    assert not b.islands()[0].is_complete
    b.place(Tile.parse("LLLSSSSS"), 4, 5)  # N and E land
    b.place(Tile.parse("LSSSSSLL"), 5, 5)  # N and W land
    island = b.islands()[0]
    assert island.size == 4 and island.is_complete
    b2 = Board(6, 6)
    b2.place(Tile.parse("LLLLLLLL"), 5, 5)  # land reaching off the table on E and S
    b2.place(Tile.parse("LLLLLLLL"), 5, 4)
    assert not b2.islands()[0].is_complete  # W side faces empty cells
    b3 = Board(2, 2)
    for x, y in ((0, 0), (1, 0), (0, 1), (1, 1)):
        b3.place(Tile.parse("LLLLLLLL"), x, y)
    assert b3.islands()[0].is_complete  # only the table edge around it


def test_symbol_counts_with_resource_and_port_tokens():
    b = Board()
    b.place(Tile.parse("LLLLLSSS:flower,fruit,port"), 5, 5)
    b.place(Tile.parse("LLLLLLLL:flower,leaf"), 6, 5)
    island = b.islands()[0]
    assert (island.count("flower"), island.count("fruit"), island.count("leaf")) == (2, 1, 1)
    b.place_resource_token(6, 5, 1, "flower")  # leaf -> flower
    assert (island.count("flower"), island.count("leaf")) == (3, 0)
    b.place_resource_token(6, 5, 1, "fruit")  # a token may hide another token
    assert (island.count("flower"), island.count("fruit")) == (2, 2)
    with pytest.raises(IllegalAction) as e:
        b.place_resource_token(6, 5, 1, "fruit")
    assert e.value.code == "same_resource"
    with pytest.raises(IllegalAction) as e:
        b.place_resource_token(5, 5, 2, "leaf")  # index 2 is the printed port
    assert e.value.code == "not_a_resource"
    assert island.count("port") == 1
    b.place_port_token(5, 5)
    assert island.count("port") == 2
    with pytest.raises(IllegalAction) as e:
        b.place_port_token(5, 5)
    assert e.value.code == "too_many_ports"
    with pytest.raises(IllegalAction) as e:
        b.place_port_token(6, 5)
    assert e.value.code == "not_coastal"


def test_house_rules_on_the_board():
    b = Board()
    b.place(Tile.parse("LLLLLSSS:house,house"), 5, 5)
    with pytest.raises(IllegalAction) as e:
        b.place_house(5, 5, 0, "red")
    assert e.value.code == "island_too_small"
    b.place(Tile.parse("LLLLLLLL:house"), 6, 5)
    b.place_house(5, 5, 0, "red")
    with pytest.raises(IllegalAction) as e:
        b.place_house(5, 5, 0, "blue")
    assert e.value.code == "location_taken"
    with pytest.raises(IllegalAction) as e:
        b.place_house(6, 5, 0, "red")
    assert e.value.code == "house_already_there"
    b.place_house(6, 5, 0, "blue")  # different colours share an island
    assert b.islands()[0].houses == {"red": 1, "blue": 1}
    with pytest.raises(IllegalAction) as e:
        b.place_house(5, 5, 7, "yellow")
    assert e.value.code == "not_a_house_location"


def test_ship_surroundings_and_ports_around():
    b = Board()
    b.place(SHIP, 5, 5)
    b.place(Tile.parse("LLLLLSSS:port"), 6, 5, 0)  # sea on its W side, facing the ship
    assert b.near_ship((6, 5))
    assert b.ports_around(5, 5) == 1
    assert not b.near_ship((8, 5))
    assert b.islands()[0].size == 1  # ships are not landscape


def test_place_house_on_the_first_free_location_by_colour_only():
    b = Board()
    b.place(Tile.parse("LLLLLSSS:house,flower,house"), 5, 5)
    b.place(Tile.parse("LLLLLLLL"), 6, 5)
    b.place_house(5, 5, "red")
    b.place_house(5, 5, "blue")
    assert b.houses == {(5, 5, 0): "red", (5, 5, 2): "blue"}
    with pytest.raises(IllegalAction) as e:
        b.place_house(5, 5, "yellow")
    assert e.value.code == "not_a_house_location"
