"""The content of this edition: piece counts, 56 landscape tiles, 4 two-sided starting tiles.

One tile per line: ``id points:symbols  # shape``, in the `Tile.parse` notation (points
N NE E SE S SW W NW, ``L`` land / ``S`` sea, at rotation 0). The tile faces of the
published game are not public; these are our edition's own, designed to the targets of
RULES.md section 2 and checked by ``tests/test_content.py``.
"""

from __future__ import annotations

from .tiles import Tile, TileJson

HAND_SIZE = 2  # tiles a player holds between turns
DISPLAY_SIZE = 3  # face-up tiles
NAVIGATION_SIZE = 6  # tiles laid out as the navigation stack each round
SHIPS = 4  # ships in the game: one per player, the others grey
HOUSES_IN_STOCK = 4  # a player's houses ready to build...
HOUSES_IN_RESERVE = 4  # ... and waiting in reserve
BONUS_TOKENS = 4  # a player's bonus tokens
GREY = "grey"  # the colour of the ships nobody owns

LANDSCAPE_TILES = """
T01 LLLLLLLL:flower,fruit,leaf,house            # all land
T02 LLLLLLLL:flower,leaf,leaf,house             # all land
T03 LLLLLLLL:fruit,leaf,leaf                    # all land
T04 LLLLLLLL:fruit,leaf,house,house             # all land
T05 LLLLLLLL:flower,leaf,temple,house           # all land
T06 LLLLLLLL:fruit,house,house                  # all land
T07 LLLLLLLL:fruit,leaf,house,house             # all land
T08 LLLLLLLL:flower,fruit,leaf,house            # all land
T09 LLLLLLLL:flower,flower,house                # all land
T10 LLLLLLLL:flower,fruit,house                 # all land
T11 LLLLLSSS:flower,leaf                        # straight coast
T12 LLLLLSSS:fruit,port                         # straight coast
T13 LLLLLSSS:fruit,fruit,house                  # straight coast
T14 LLLLLSSS:flower,fruit                       # straight coast
T15 LLLLLSSS:temple,port                        # straight coast
T16 LLLLLSSS:temple,port                        # straight coast
T17 LLLLLSSS:flower,leaf                        # straight coast
T18 LLLLLSSS:fruit,leaf,house                   # straight coast
T19 LLLSSSSS:flower,house                       # cape
T20 LLLSSSSS:fruit                              # cape
T21 LLLSSSSS:house,house                        # cape
T22 LLLSSSSS:flower,temple                      # cape
T23 LLLSSSSS:house                              # cape
T24 LLLSSSSS:port                               # cape
T25 SLLLLLLL:flower,leaf,temple                 # bay
T26 SLLLLLLL:temple,house                       # bay
T27 SLLLLLLL:flower,flower,fruit                # bay
T28 SLLLLLLL:flower,leaf,house                  # bay
T29 SLLLLLLL:fruit,house,house                  # bay
T30 LSLLLLLL:flower,temple,house,house          # inner corner
T31 LSLLLLLL:fruit,temple,house                 # inner corner
T32 LSLLLLLL:flower,leaf,temple                 # inner corner
T33 LSLLLLLL:fruit,temple,house,house           # inner corner
T34 SSSSLSSS:leaf                               # peninsula tip
T35 SSSSLSSS:temple                             # peninsula tip
T36 SSSSLSSS:flower                             # peninsula tip
T37 SSSSLSSS:                                   # peninsula tip
T38 SSSSLSSS:                                   # peninsula tip
T39 SSSLLLSS:port                               # broad tip
T40 SSSLLLSS:port                               # broad tip
T41 SSSLLLSS:port                               # broad tip
T42 SSSLLLSS:flower,leaf                        # broad tip
T43 LSSSLSSS:temple,house                       # isthmus
T44 LSSSLSSS:fruit,temple                       # isthmus
T45 LSSSLSSS:fruit,house                        # isthmus
T46 LSSSLSSS:fruit,house                        # isthmus
T47 LSSSLSSS:house                              # isthmus
T48 LSLSLSSS:house                              # three arms
T49 LSLSLSSS:flower,leaf                        # three arms
T50 LSLSLSSS:leaf,port                          # three arms
T51 LSLSLSSS:house                              # three arms
T52 LSLSLSLS:flower,fruit                       # crossroads
T53 LSLSLSLS:port,house                         # crossroads
T54 LLLSSSLL:fruit,leaf,house                   # half
T55 LLLSSSLL:leaf,leaf,temple                   # half
T56 LLLSSSLL:port,house                         # half
"""

# Each starting tile: front and back (positions in the default layout: NW, NE, SW, SE of
# the middle 2 x 2). Fronts form one island of four, backs two islands; on either side
# every landscape tile of the edition fits somewhere around them, so no first turn is
# blocked (checked by tests/test_content.py).
STARTING_TILE_LINES = """
S1a SSLLLLLL:flower,house         S1b LSSSLLLS:flower,house
S2a LSSLLLLS:fruit,temple         S2b LLLLLSSS:leaf,temple
S3a LLLSSSLL:leaf,house           S3b LSSLLSLL:fruit,house
S4a LLSLLSLL:temple,port          S4b LLLLLLSS:port,flower
"""


def _parse_lines(text: str) -> list[Tile]:
    tiles = []
    for line in text.splitlines():
        body = line.split("#", 1)[0].split()
        for tile_id, notation in zip(body[::2], body[1::2], strict=True):
            tiles.append(Tile.parse(notation, tile_id))
    return tiles


TILES: tuple[Tile, ...] = tuple(_parse_lines(LANDSCAPE_TILES))
_starting = _parse_lines(STARTING_TILE_LINES)
STARTING_TILES: tuple[tuple[Tile, Tile], ...] = tuple(
    (_starting[i], _starting[i + 1]) for i in range(0, len(_starting), 2)
)
TILE_BY_ID: dict[str, Tile] = {t.id: t for t in TILES + tuple(_starting)}


def tile_json(tile_id: str | None) -> TileJson | None:
    """A face-up tile as data (id, points at rotation 0, symbols)."""
    if tile_id is None:
        return None
    return TILE_BY_ID[tile_id].to_json()
