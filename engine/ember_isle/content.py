"""The content of our edition, as data: map faces, objects, triads, cards and numbers.

Nothing here is a rule; the rules read these tables. The component content of this edition
is original (spec docs/EMBER.md, section 2).
"""

from __future__ import annotations

from itertools import permutations, product

from .hexes import Hex

# ----------------------------------------------------------------- terrain
SEA = "S"
#: Land letters and their names, in the order the spec lists them.
LAND: dict[str, str] = {
    "B": "beach",
    "J": "jungle",
    "G": "grassland",
    "M": "mountain",
    "L": "lake",
    "R": "river",
}
LETTER_OF: dict[str, str] = {name: letter for letter, name in LAND.items()}
LAND_TYPES: tuple[str, ...] = tuple(LAND.values())
#: Objects may stand only on these land types (Ruling R4).
OBJECT_GROUND = frozenset("BJGM")

# --------------------------------------------------------------- map faces
#: Face name -> its title in this edition.
FACE_TITLES: dict[str, str] = {
    "A1": "Jungle lake",
    "A2": "Great jungle",
    "B1": "Grass bay",
    "B2": "River plains",
    "C1": "Ridge",
    "C2": "Crater lakes",
}

# Rows b = 0..6; in each row the six faces side by side, columns a = 1..6.
_FACE_ROWS = """
M M J J B S  M M J J J B  M G G G B S  M G R G G B  M M M G B S  M M M J J B
M M J L B S  M M J J L B  M G L G B S  M G R G L B  M M M J B S  M M M L J B
J M J L J B  J M J L L J  G G G B B S  G G G R L B  M M J J B S  M M J J J B
G J J R J S  G J J J J B  J G G B S S  J G M R G B  G M L J B S  J M L L G B
G G J R B S  G G J R B S  J J B S S S  J J M R G S  B G L B S S  J R G G G S
S B B R S S  B G M R B S  B J B S S S  B J M B R S  S B S S S S  B R G B S S
S S S S S S  S B M R S S  S B S S S S  S B B S S S  S S S S S S  S R B S S S
"""


def _parse_faces() -> dict[str, tuple[str, ...]]:
    rows = [r.split() for r in _FACE_ROWS.strip().splitlines()]
    names = list(FACE_TITLES)
    return {
        name: tuple("".join(row[6 * k : 6 * k + 6]) for row in rows) for k, name in enumerate(names)
    }


#: FACES[name][b][a - 1] is the terrain letter at local (a, b), a = 1..6, b = 0..6.
FACES: dict[str, tuple[str, ...]] = _parse_faces()
FACE_SIZE = 7  # local a and b run to 7; a = 7 or b = 7 is ring 7, always sea


def local_to_axial(position: int, a: int, b: int) -> Hex:
    """Where local (a, b) of the segment at `position` (0-2) lies on the board."""
    if position == 0:
        return (a - b, b)
    if position == 1:
        return (-a, a - b)
    return (b, -a)


#: Every arrangement: three face names in position order, e.g. "A2B1C2" (48 in all).
ARRANGEMENTS: tuple[str, ...] = tuple(
    "".join(seg + side for seg, side in zip(order, sides, strict=True))
    for order in permutations("ABC")
    for sides in product("12", repeat=3)
)
DEFAULT_MAP = "A2B1C2"


def arrangement_terrain(name: str) -> dict[Hex, str]:
    """The printed terrain letter of every board hex for arrangement `name`."""
    terrain: dict[Hex, str] = {(0, 0): "M"}
    for position in range(3):
        face = FACES[name[2 * position : 2 * position + 2]]
        for a in range(1, FACE_SIZE + 1):
            for b in range(FACE_SIZE + 1):
                inside = a < FACE_SIZE and b < FACE_SIZE
                terrain[local_to_axial(position, a, b)] = face[b][a - 1] if inside else SEA
    return terrain


# ------------------------------------------------------------------ objects
OBJECT_KINDS = ("hut", "tree", "statue")
OBJECT_COUNTS: dict[str, int] = {"hut": 4, "tree": 3, "statue": 3}
#: The order objects are placed in: 4 huts, then 3 palm trees, then 3 statues.
OBJECT_ORDER: tuple[str, ...] = tuple(k for k in OBJECT_KINDS for _ in range(OBJECT_COUNTS[k]))
SPACING = 4  # two objects of one kind stand at distance >= 4 (R4)

#: The default objects of the default map: (kind, hex, facing or None).
DEFAULT_OBJECTS: tuple[tuple[str, Hex, int | None], ...] = (
    ("hut", (-4, 3), None),
    ("hut", (3, -5), None),
    ("hut", (3, 1), None),
    ("hut", (-1, -3), None),
    ("tree", (0, -5), None),
    ("tree", (4, 0), None),
    ("tree", (-1, 4), None),
    ("statue", (-2, 1), 2),
    ("statue", (2, -3), 5),
    ("statue", (1, 3), 0),
)

# ------------------------------------------------------------------- triads
#: Triad -> its two terrain letters (each triad also has one lava hex).
TRIADS: dict[str, tuple[str, str]] = {
    "T1": ("B", "J"),
    "T2": ("B", "G"),
    "T3": ("J", "G"),
    "T4": ("M", "B"),
}
MAX_NEW_DIST = 6  # a triad's new hex lies at distance <= 6 from the centre (R6)

# ------------------------------------------------------------ clue cards
RELATIONS = (
    "in",
    "not_in",
    "beside",
    "not_beside",
    "near",
    "not_near",
    "in_largest",
    "not_in_largest",
)
OBJECT_TARGETS = ("hut", "tree", "statue")
LARGEST_TYPES = ("beach", "jungle", "grassland", "mountain")


def _clue_deck() -> tuple[str, ...]:
    land = LAND_TYPES
    with_sea = (*land, "sea")
    cards = [f"in:{t}" for t in land] + [f"not_in:{t}" for t in land]
    for rel in ("beside", "not_beside", "near", "not_near"):
        cards += [f"{rel}:{t}" for t in with_sea]
    cards += [f"in_largest:{t}" for t in LARGEST_TYPES]
    cards += [f"not_in_largest:{t}" for t in LARGEST_TYPES]
    for rel in ("beside", "not_beside", "near", "not_near"):
        cards += [f"{rel}:{t}" for t in OBJECT_TARGETS]
    return tuple(cards)


#: The 60 clue cards C01-C60 in number order (one copy each); ids are `relation:target`.
CLUE_CARDS: tuple[str, ...] = _clue_deck()
CLUE_NUMBER: dict[str, str] = {c: f"C{i + 1:02d}" for i, c in enumerate(CLUE_CARDS)}
#: The four lava clue tiles (Ruling R1).
LAVA_TILES: dict[str, str] = {
    "V1": "beside:volcano",
    "V2": "not_beside:volcano",
    "V3": "beside:lava",
    "V4": "not_beside:lava",
}

# ----------------------------------------------------------- treasure cards
TREASURE_COUNTS: dict[int, int] = {2: 6, 3: 9, 4: 10, 5: 8, 6: 5}
CURSE = 0  # a Curse card (valued cards are 2-6)
CURSES = 2
INITIAL_DECK = 12  # the top 12 cards never hold a Curse

# ---------------------------------------------------------- columns, supply
COLUMNS: tuple[str, ...] = ("pearl", "jade", "obsidian", "copper")
COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "violet")
ROSES = 15
AMULETS = 20
LAVA_HEXES = 24
CUBES = 16  # cube threshold (R21)
MAX_BOUNDS = 3
STALL_TURNS = 40  # R19
POWERS = ("extra_clue", "extra_move", "extra_swap")


def hand_size(seats: int) -> int:
    """Clue cards dealt to each player: 6 with two players, else 4."""
    return 6 if seats == 2 else 4


def treasure_values() -> list[int]:
    """The 38 valued treasure cards, lowest first."""
    return [v for v, n in sorted(TREASURE_COUNTS.items()) for _ in range(n)]
