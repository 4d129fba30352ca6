"""Tile notation, rotation, and the shape constraints of RULES.md section 2."""

import pytest

from small_islands import MalformedInput, Tile
from small_islands.tiles import rotate_mask


def test_parse_reads_points_and_symbols():
    t = Tile.parse("LLLLLLSL:flower,temple,house")
    assert t.points == "LLLLLLSL"
    assert t.symbols == ("flower", "temple", "house")
    assert t.is_coastal and not t.is_ship


def test_quarter_turn_moves_north_to_east():
    t = Tile.parse("LSSSLSSS")  # land at N and S
    assert t.rotated(1).points == "SSLSSSLS"  # now at E and W
    assert Tile.parse("LLLLLLSL").rotated(1).points == "SLLLLLLL"
    assert Tile.parse("SSLLLSSS").rotated(2).points == "LSSSSSLL"


def test_four_turns_is_identity_and_symbols_turn_with_the_tile():
    t = Tile.parse("LLLSSSSS:flower,port")
    assert t.rotated(4) == t
    assert t.rotated(3).symbols == t.symbols
    for m in range(256):
        assert rotate_mask(rotate_mask(m, 1), 3) == m


def test_ship_tile():
    ship = Tile.parse("SSSSSSSS:ship")
    assert ship.is_ship and not ship.is_coastal


@pytest.mark.parametrize(
    "text",
    [
        "SSSSSSSS",  # landscape all sea
        "SLSSSSSS",  # NE corner land with N and E sea: isolated speck
        "LLLLLLLL:port",  # printed port on an all-land tile
        "LLLLLLLL:flower,flower,fruit,leaf,temple",  # five symbols
        "LLLLLLLL:gold",
        "LLLLLLL",
        "LLLLLLLX",
        "LLLLLLLL:ship",  # ships are all sea
    ],
)
def test_malformed_tiles_are_rejected(text):
    with pytest.raises(MalformedInput):
        Tile.parse(text)


def test_notation_round_trips():
    t = Tile.parse("lllsssss:fruit,house", "T99")
    assert Tile.parse(t.notation()) == t
    assert repr(t) == "Tile.parse('LLLSSSSS:fruit,house', id='T99')"
