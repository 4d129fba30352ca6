"""The edition's content: the tile set targets and the starting tiles (RULES.md 1, 2, 5)."""

from collections import Counter

from small_islands import DISCOVERY_VALUES, MISSIONS, OBJECTIVES, REWARDS, STARTING_TILES, TILES
from small_islands.board import Board
from small_islands.tiles import ALL_LAND, shape_problems


def symbol_totals():
    return Counter(s for t in TILES for s in t.symbols)


def test_56_landscape_tiles_with_unique_ids():
    assert len(TILES) == 56
    assert len({t.id for t in TILES}) == 56


def test_every_tile_is_well_formed_and_shows_0_to_4_symbols():
    for t in TILES:
        assert shape_problems(t.mask, t.symbols) == [], t
        assert 0 <= len(t.symbols) <= 4
        assert not t.is_ship


def test_symbol_totals_match_the_edition_targets():
    totals = symbol_totals()
    for resource in ("flower", "fruit", "leaf"):
        assert 20 <= totals[resource] <= 24
    assert 12 <= totals["temple"] <= 16
    assert totals["port"] == 10
    assert 34 <= totals["house"] <= 38


def test_ports_only_on_coastal_tiles_and_about_ten_all_land_tiles():
    assert all(t.is_coastal for t in TILES if "port" in t.symbols)
    all_land = sum(1 for t in TILES if t.mask == ALL_LAND)
    assert 8 <= all_land <= 12


def test_a_mix_of_coast_shapes():
    shapes = {min(t.rotation_masks()) for t in TILES}
    assert len(shapes) >= 8


def test_starting_tiles_sides():
    assert len(STARTING_TILES) == 4
    for front, back in STARTING_TILES:
        for side in (front, back):
            land_edges = sum(1 for p in (0, 2, 4, 6) if side.mask >> p & 1)
            assert land_edges >= 2, side
            assert len(side.symbols) <= 2
            assert shape_problems(side.mask, side.symbols) == []


def test_the_four_starting_tiles_arrange_legally_on_either_side():
    for side in (0, 1):
        b = Board(12, 12)
        for pair, (x, y) in zip(STARTING_TILES, [(5, 5), (6, 5), (5, 6), (6, 6)], strict=True):
            b.place(pair[side], x, y, 0)
        assert len(b.tiles) == 4


def test_cards_and_tokens():
    assert sorted(MISSIONS) == sorted(f"M{i}" for i in range(1, 13))
    assert sorted(REWARDS) == sorted(f"R{i}" for i in range(1, 13))
    assert len(OBJECTIVES) == 12
    pairs = {(o.mission, o.reward) for o in OBJECTIVES.values()}
    assert ("M4", "R6") in pairs and ("M10", "R7") in pairs and ("M12", "R4") in pairs
    assert sorted(DISCOVERY_VALUES) == [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6]


def test_every_landscape_tile_fits_next_to_either_starting_layout():
    for side in (0, 1):
        b = Board(12, 12)
        for pair, (x, y) in zip(STARTING_TILES, [(5, 5), (6, 5), (5, 6), (6, 6)], strict=True):
            b.place(pair[side], x, y, 0)
        assert all(b.has_placement(t) for t in TILES), side
