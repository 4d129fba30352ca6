"""The island: terrain, volcano, lava and objects; areas, clue predicates and candidates.

A `Board` answers every geometric question of the rules as hex sets (bitmasks, see
`hexes`). Clue predicates are cached and invalidated target by target, so lava only
recomputes the clues it can touch (spec section 12, "Speed").

>>> b = Board.from_arrangement("A2B1C2")
>>> count(b.island), count(b.predicate("in:lake"))
(92, 7)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypedDict, cast

from .content import (
    LAND,
    LETTER_OF,
    MAX_NEW_DIST,
    OBJECT_GROUND,
    RELATIONS,
    SEA,
    SPACING,
    TRIADS,
    arrangement_terrain,
)
from .errors import MalformedInput, short
from .hexes import (
    BOARD,
    BOARD_HEXES,
    CENTRE,
    Hex,
    beside,
    bit,
    component_of,
    components,
    count,
    dilate,
    dist,
    iter_hexes,
    line,
    mask_of,
    near,
    neighbours,
    on_board,
)

VOLCANO: int = dilate(bit(CENTRE))  # the centre hex and its six neighbours (R5)
TARGETS: tuple[str, ...] = (*LAND.values(), "sea", "hut", "tree", "statue", "volcano", "lava")


def _clue_ids() -> dict[str, tuple[str, str, str]]:
    """Every well-formed clue id -> (relation, target, target key)."""
    out = {}
    for relation in RELATIONS:
        largest = relation.endswith("in_largest")
        for target in LAND.values() if largest else TARGETS:
            key = f"largest:{target}" if largest else target
            out[f"{relation}:{target}"] = (relation, target, key)
    return out


CLUE_IDS: dict[str, tuple[str, str, str]] = _clue_ids()


def parse_clue(clue: str) -> tuple[str, str]:
    """Split a clue id ``relation:target``; `MalformedInput` when it is not one."""
    found = CLUE_IDS.get(clue) if isinstance(clue, str) else None
    if found is None:
        raise MalformedInput(f"not a clue id: {short(clue)}")
    return found[0], found[1]


def target_key(clue: str) -> str:
    """The cache key of the hex set a clue is about (``largest:T`` for largest clues)."""
    found = CLUE_IDS.get(clue)
    if found is None:
        raise MalformedInput(f"not a clue id: {short(clue)}")
    return found[2]


def _triangles() -> list[tuple[Hex, Hex, Hex]]:
    """Every set of three mutually adjacent board hexes, each once."""
    seen = set()
    for h in BOARD_HEXES:
        for n in neighbours(h):
            for m in neighbours(n):
                if m != h and m in neighbours(h):
                    seen.add(tuple(sorted((h, n, m))))
    return sorted(seen)  # type: ignore[arg-type]


TRIANGLES: list[tuple[Hex, Hex, Hex]] = _triangles()
_TRIANGLE_MASKS = [(t, mask_of(t)) for t in TRIANGLES]
_WITHIN_NEW = mask_of(h for h in BOARD_HEXES if dist(h, CENTRE) <= MAX_NEW_DIST)


class ObjectJson(TypedDict):
    """An object on the map: its kind, its hex, its facing (None for a kind without one)."""

    kind: str
    hex: list[int]
    facing: int | None


class TriadJson(TypedDict):
    """A triad placed in setup: its id and its three hexes (match, lava, new)."""

    triad: str
    match: list[int]
    lava: list[int]
    new: list[int]


class BoardJson(TypedDict):
    """The public board (`Board.to_json`): terrain letters by ``"q,r"``, the volcano's and
    the lava's hexes, the objects, the triads."""

    name: str
    terrain: dict[str, str]
    volcano: list[list[int]]
    lava: list[list[int]]
    objects: list[ObjectJson]
    triads: list[TriadJson]


class Board:
    """Terrain (triads applied), volcano, lava and objects, with cached hex sets."""

    def __init__(self, terrain: dict[Hex, str], volcano: bool = True, name: str = "") -> None:
        """A board from the terrain letter of each of the 169 hexes."""
        self.name = name
        self.terrain = dict(terrain)
        self.volcano = VOLCANO if volcano else 0
        self.lava = 0
        self.objects: dict[Hex, str] = {}
        self.facings: dict[Hex, int] = {}
        self.triad_hexes = 0
        self.triads: list[tuple[str, Hex, Hex, Hex]] = []
        self.letters: dict[str, int] = {k: 0 for k in (SEA, *LAND)}
        for h, letter in self.terrain.items():
            self.letters[letter] |= bit(h)
        self._fresh()

    @classmethod
    def from_arrangement(cls, name: str, volcano: bool = True) -> Board:
        """The printed board of an arrangement such as ``"A2B1C2"``."""
        return cls(arrangement_terrain(name), volcano, name)

    def _fresh(self) -> None:
        """Recompute the island mask and drop every cache."""
        land = BOARD & ~self.letters[SEA]
        self.island = land & ~self.volcano & ~self.lava
        self._targets: dict[str, int] = {}
        self._preds: dict[str, int] = {}
        self._areas: dict[str, list[int]] = {}
        self._fields: list[int] | None = None

    def copy(self) -> Board:
        """An independent copy (caches shared until either side changes)."""
        b = Board.__new__(Board)
        b.__dict__.update(self.__dict__)
        b.objects = dict(self.objects)
        b.facings = dict(self.facings)
        b.triads = list(self.triads)
        b.letters = dict(self.letters)
        b._targets = dict(self._targets)
        b._preds = dict(self._preds)
        b._areas = dict(self._areas)
        return b

    # ----------------------------------------------------------- terrain
    def letter(self, h: Hex) -> str:
        """The current terrain letter of `h` (``S`` for sea)."""
        return self.terrain[h]

    def is_island(self, h: Hex) -> bool:
        """Is `h` an island space (land, not volcano, not lava)?"""
        return on_board(h) and bool(self.island & bit(h))

    def type_mask(self, letter: str) -> int:
        """The island spaces of one land type."""
        return self.letters[letter] & self.island

    def areas(self, letter: str) -> list[int]:
        """The areas of one land type (maximal connected sets of its island spaces)."""
        found = self._areas.get(letter)
        if found is None:
            found = self._areas[letter] = components(self.type_mask(letter))
        return found

    def area_of(self, h: Hex) -> int:
        """The area holding island space `h` (0 when `h` is not an island space)."""
        if not self.is_island(h):
            return 0
        b = bit(h)
        return next(a for a in self.areas(self.terrain[h]) if a & b)

    def largest(self, letter: str) -> int:
        """The union of the largest areas of a type, ties included (R2); 0 when none."""
        return _largest_of(self.areas(letter))

    def lava_field_of(self, h: Hex) -> int:
        """The connected lava field holding lava hex `h`."""
        return component_of(self.lava, h)

    def lava_fields(self) -> list[int]:
        """Every connected lava field."""
        if self._fields is None:
            self._fields = components(self.lava)
        return self._fields

    def object_mask(self, kind: str) -> int:
        """The hexes holding an object of `kind` now."""
        return mask_of(h for h, k in self.objects.items() if k == kind)

    # ----------------------------------------------------- clue predicates
    def target(self, key: str) -> int:
        """The hex set a clue is about (section 3.5), by `target_key`."""
        found = self._targets.get(key)
        if found is None:
            found = self._targets[key] = self._compute_target(key)
        return found

    def _compute_target(self, key: str) -> int:
        if key.startswith("largest:"):
            return self.largest(LETTER_OF[key[8:]])
        if key in LETTER_OF:
            return self.type_mask(LETTER_OF[key])
        if key == "sea":
            return self.letters[SEA]
        if key == "volcano":
            return self.volcano
        if key == "lava":
            return self.lava
        return self.object_mask(key)

    def predicate(self, clue: str) -> int:
        """Every board hex a clue accepts (intersect with `island` for candidates)."""
        found = self._preds.get(clue)
        if found is None:
            found = self._preds[clue] = self._compute_predicate(clue)
        return found

    def _compute_predicate(self, clue: str) -> int:
        relation, _ = parse_clue(clue)
        return _accepts(relation, self.target(target_key(clue)))

    def candidates_after_lava(self, h: Hex, clues: Iterable[str], removed: int = 0) -> int:
        """`candidates` as they would be with lava on island space `h` (nothing changes).

        Only the clues about `h`'s terrain (or its largest area), lava, or the object on
        `h` are recomputed (spec section 12, Speed).
        """
        one = bit(h)
        letter = self.terrain[h]
        name = LAND[letter]
        moved = {name: self.target(name) & ~one, "lava": self.lava | one}
        kind = self.objects.get(h)
        if kind is not None:
            moved[kind] = self.target(kind) & ~one
        m = self.island & ~one & ~removed
        for clue in clues:
            relation, _, key = CLUE_IDS[clue]
            if key == f"largest:{name}" and key not in moved:
                moved[key] = _largest_of(components(self.type_mask(letter) & ~one))
            x = moved.get(key)
            m &= self.predicate(clue) if x is None else _accepts(relation, x)
        return m

    def candidates(self, clues: Iterable[str], removed: int = 0) -> int:
        """Island spaces every clue accepts, minus `removed` (section 7.1)."""
        m = self.island & ~removed
        for clue in clues:
            m &= self.predicate(clue)
        return m

    def _invalidate(self, keys: set[str]) -> None:
        for key in keys:
            self._targets.pop(key, None)
        for clue in [c for c in self._preds if CLUE_IDS[c][2] in keys]:
            del self._preds[clue]

    # ------------------------------------------------------------- changes
    def place_lava(self, h: Hex) -> str | None:
        """Cover island space `h` with lava; returns the kind of object destroyed, if any."""
        name = LAND[self.terrain[h]]
        self.lava |= bit(h)
        self.island &= ~bit(h)
        self._areas.pop(self.terrain[h], None)
        self._fields = None
        keys = {name, f"largest:{name}", "lava"}
        destroyed = self.objects.pop(h, None)
        if destroyed is not None:
            self.facings.pop(h, None)
            keys.add(destroyed)
        self._invalidate(keys)
        return destroyed

    def place_triad(self, triad: str, match: Hex, lava: Hex, new: Hex) -> None:
        """Lay a triad: `new` (sea) becomes land, `lava` becomes lava (setup, section 5)."""
        a, b = TRIADS[triad]
        new_letter = b if self.terrain[match] == a else a
        self.terrain = dict(self.terrain)  # shared with copies until changed here
        self.letters = dict(self.letters)
        self.letters[SEA] &= ~bit(new)
        self.letters[new_letter] |= bit(new)
        self.terrain[new] = new_letter
        self.lava |= bit(lava)
        self.triad_hexes |= mask_of((match, lava, new))
        self.triads.append((triad, match, lava, new))
        self._fresh()

    def add_object(self, kind: str, h: Hex, facing: int | None = None) -> None:
        """Stand an object on `h` (a statue with its facing)."""
        self.objects[h] = kind
        if kind == "statue":
            self.facings[h] = facing or 0
        self._invalidate({kind})

    # ---------------------------------------------------- placement rules
    def object_hexes(self, kind: str) -> int:
        """Where an object of `kind` may go now (section 3.8, Ruling R4)."""
        ground = 0
        for letter in OBJECT_GROUND:
            ground |= self.letters[letter]
        m = ground & self.island & ~mask_of(self.objects) & ~self.triad_hexes
        same = self.object_mask(kind)
        for _ in range(SPACING - 1):
            same = dilate(same)
        m &= ~same
        if kind == "statue":
            m &= ~dilate(self.letters[SEA])
        return m

    def triad_placements(self, triad: str) -> list[tuple[Hex, Hex, Hex]]:
        """Every legal (match, lava, new) for a triad (section 5 step 6, Ruling R6)."""
        letters = TRIADS[triad]
        blocked = self.volcano | mask_of(self.objects) | self.triad_hexes
        sea = self.letters[SEA] & _WITHIN_NEW
        out = []
        for tri, m in _TRIANGLE_MASKS:
            if m & blocked or count(m & sea) != 1 or count(m & self.island) != 2:
                continue
            new = next(h for h in tri if sea & bit(h))
            land = [h for h in tri if h != new]
            for match, lava in (land, land[::-1]):
                if self.terrain[match] in letters:
                    out.append((match, lava, new))
        return out

    def statue_target(self, h: Hex) -> Hex | None:
        """Where the statue on `h` puts its amulet (Ruling R18), or None."""
        last = None
        for x in line(h, self.facings[h]):
            if self.terrain[x] == SEA:
                break
            if self.island & bit(x):
                last = x
        return last

    # --------------------------------------------------------------- data
    def to_json(self) -> BoardJson:
        """The public board as JSON-safe data (terrain rows, volcano, lava, objects)."""
        return {
            "name": self.name,
            "terrain": {f"{q},{r}": letter for (q, r), letter in sorted(self.terrain.items())},
            "volcano": [list(h) for h in sorted(iter_hexes(self.volcano))],
            "lava": [list(h) for h in sorted(iter_hexes(self.lava))],
            "objects": [
                {"kind": k, "hex": list(h), "facing": self.facings.get(h)}
                for h, k in sorted(self.objects.items())
            ],
            "triads": [
                {"triad": t, "match": list(m), "lava": list(lv), "new": list(n)}
                for t, m, lv, n in self.triads
            ],
        }

    @classmethod
    def from_json(cls, data: BoardJson | dict[str, Any]) -> Board:
        """Rebuild a board from `to_json` output (as found in a seat's view)."""
        terrain = {}
        for key, letter in data["terrain"].items():
            q, r = key.split(",")
            terrain[(int(q), int(r))] = letter
        b = cls(terrain, bool(data["volcano"]), data.get("name", ""))
        b.lava = mask_of(_hex(h) for h in data["lava"])
        for t in data.get("triads", []):
            hexes = (_hex(t["match"]), _hex(t["lava"]), _hex(t["new"]))
            b.triad_hexes |= mask_of(hexes)
            b.triads.append((t["triad"], *hexes))
        for o in data["objects"]:
            h = _hex(o["hex"])
            b.objects[h] = o["kind"]
            if o["kind"] == "statue":  # a statue always has its facing
                b.facings[h] = cast(int, o["facing"])
        b._fresh()
        return b


def _hex(value: Any) -> Hex:
    """A hex from its JSON form ``[q, r]``."""
    return (int(value[0]), int(value[1]))


def _largest_of(areas: list[int]) -> int:
    """The union of the areas of greatest size (0 for no area)."""
    if not areas:
        return 0
    top = max(count(a) for a in areas)
    out = 0
    for a in areas:
        if count(a) == top:
            out |= a
    return out


def _accepts(relation: str, x: int) -> int:
    """Every board hex a relation to the hex set `x` accepts (section 3.4)."""
    base = relation.removeprefix("not_")
    if base in ("in", "in_largest"):
        accepted = x
    elif base == "beside":
        accepted = beside(x)
    else:
        accepted = near(x)
    return BOARD & ~accepted if relation.startswith("not_") else accepted
