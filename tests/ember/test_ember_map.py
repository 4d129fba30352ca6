"""Content and geometry: faces, the 48 arrangements, design checks, clue predicates, shares."""

import random
import re
import statistics
from pathlib import Path

import pytest

from ember_isle import Game, Options
from ember_isle.board import TRIANGLES, VOLCANO, Board
from ember_isle.content import (
    ARRANGEMENTS,
    CLUE_CARDS,
    CLUE_NUMBER,
    DEFAULT_MAP,
    DEFAULT_OBJECTS,
    FACES,
    LAND,
    LAVA_TILES,
    TRIADS,
    arrangement_terrain,
    local_to_axial,
)
from ember_isle.hexes import (
    BOARD_HEXES,
    CENTRE,
    DIRECTIONS,
    bit,
    count,
    dilate,
    dist,
    hexes_of,
    neighbours,
)

SPEC = Path(__file__).resolve().parents[2] / "docs" / "EMBER.md"

# The default map as drawn in section 4.2 (objects: h hut, t palm tree, s statue).
DRAWN = """
r=-6       .  B  B  B  B  .  .  .  .
r=-5      .  .  Jt J  J  Gh G  .  .  .
r=-4     .  B  B  J  L  J  L  G  B  .  .
r=-3    .  .  J  Jh M  M  Js L  G  G  B  .
r=-2   .  .  B  J  J  M  M  M  M  R  R  R  .
r=-1  .  .  .  B  G  G  ^  ^  M  J  J  B  .  .
r=+0 .  .  .  .  G  G  ^  ^  ^  M  J  Jt J  B  .
r=+1  .  .  .  B  G  Gs ^  ^  M  J  Jh L  B  .
r=+2   .  .  .  B  L  G  J  M  J  L  L  J  .
r=+3    .  .  B  Gh G  G  J  J  Js J  B  .
r=+4     .  .  B  G  G  G  Jt R  B  .  .
r=+5      .  .  B  B  G  M  R  B  .  .
r=+6       .  .  .  B  M  R  .  .  .
"""


def test_board_geometry():
    assert len(BOARD_HEXES) == 169
    assert all(dist(h, CENTRE) == 7 for h in BOARD_HEXES if dist(h, CENTRE) > 6)
    assert DIRECTIONS[0] == (1, 0) and DIRECTIONS[5] == (1, -1)
    for h in BOARD_HEXES:
        assert dilate(bit(h)) == sum(bit(n) for n in neighbours(h)) | bit(h)
    assert len(TRIANGLES) == len(set(TRIANGLES))
    assert all(dist(a, b) == 1 for t in TRIANGLES for a in t for b in t if a != b)


def test_the_three_positions_partition_the_board():
    seen = {(0, 0)}
    for position in range(3):
        for a in range(1, 8):
            for b in range(8):
                h = local_to_axial(position, a, b)
                assert h not in seen and dist(h, CENTRE) == max(a, b)
                seen.add(h)
    assert seen == set(BOARD_HEXES)


def test_faces_and_ring_seven():
    assert set(FACES) == {"A1", "A2", "B1", "B2", "C1", "C2"}
    for rows in FACES.values():
        assert len(rows) == 7 and all(len(r) == 6 and set(r) <= set("SBJGMLR") for r in rows)
        assert rows[0][0] == rows[1][0] == "M"  # local (1,0) and (1,1): under the volcano
    for name in ARRANGEMENTS:
        t = arrangement_terrain(name)
        assert all(t[h] == "S" for h in BOARD_HEXES if dist(h, CENTRE) == 7)
        assert t[(0, 0)] == "M"


def test_the_default_map_matches_its_drawing():
    terrain = arrangement_terrain(DEFAULT_MAP)
    objects = {}
    for line in DRAWN.strip().splitlines():
        head, rest = line.split(None, 1)
        r = int(head[2:])
        for i, token in enumerate(rest.split()):
            h = (max(-7, -7 - r) + i, r)
            if token == "^":
                assert bit(h) & VOLCANO
            else:
                assert terrain[h] == ("S" if token[0] == "." else token[0]), h
            if len(token) > 1:
                objects[h] = {"h": "hut", "t": "tree", "s": "statue"}[token[1]]
    assert objects == {h: k for k, h, _ in DEFAULT_OBJECTS}


def test_arrangement_counts():
    sizes = {name: count(Board.from_arrangement(name).island) for name in ARRANGEMENTS}
    assert len(ARRANGEMENTS) == len(set(ARRANGEMENTS)) == 48
    assert min(sizes.values()) == sizes["A1B1C1"] == 74
    assert max(sizes.values()) == sizes["A2B2C2"] == 102
    b = Board.from_arrangement(DEFAULT_MAP)
    largest = {LAND[x]: count(b.largest(x)) for x in "JGMBL"}
    assert largest == {"jungle": 14, "grassland": 14, "mountain": 10, "beach": 7, "lake": 3}
    assert sorted(count(a) for a in b.areas("R")) == [3, 3]


@pytest.mark.parametrize("name", ARRANGEMENTS)
def test_map_design_checks(name):
    b = Board.from_arrangement(name)
    assert count(b.island) >= 70
    assert all(b.areas(x) for x in "BJGMLR")
    for triad in TRIADS:
        assert len(b.triad_placements(triad)) >= 10, triad
    for seed in range(3):  # random object placement succeeds without a restart
        g = Game.new(Options(seats=("A", "B"), map=name, seed=seed))
        assert len(g.board.objects) == 10


# ----------------------------------------------------------- the clue deck
def test_clue_deck():
    assert len(CLUE_CARDS) == len(set(CLUE_CARDS)) == 60
    assert CLUE_NUMBER["in:beach"] == "C01" and CLUE_NUMBER["not_near:statue"] == "C60"
    assert CLUE_NUMBER["beside:sea"] == "C19" and CLUE_NUMBER["in_largest:beach"] == "C41"


def spec_shares():
    text = SPEC.read_text(encoding="utf-8")
    return {m[1]: int(m[2]) for m in re.finditer(r"\| (C\d\d) \| [^|]+? \| (\d+)% \|", text)}


def test_the_share_table_matches_the_engine():
    """Section 3.9: each card's share, averaged over the 48 arrangements, random objects."""
    shares = spec_shares()
    assert len(shares) == 60
    got = {card: [] for card in CLUE_CARDS}
    for name in ARRANGEMENTS:
        for seed in range(4):
            b = Game.new(Options(seats=("A", "B"), map=name, seed=seed)).board
            n = count(b.island)
            for card in CLUE_CARDS:
                got[card].append(count(b.island & b.predicate(card)) / n)
    for card in CLUE_CARDS:
        value = 100 * statistics.mean(got[card])
        about_objects = card.split(":")[1] in ("hut", "tree", "statue")
        assert abs(value - shares[CLUE_NUMBER[card]]) <= (2.0 if about_objects else 0.6), card


# --------------------------------------------- predicates against a plain oracle
def oracle(b: Board, clue: str) -> set:
    """Section 3.4-3.5 computed hex by hex, without bit sets."""
    relation, target = clue.split(":")
    island = {h for h in BOARD_HEXES if b.is_island(h)}
    letter = {v: k for k, v in LAND.items()}
    if relation.endswith("in_largest"):
        cells = {h for h in island if b.letter(h) == letter[target]}
        areas = []
        while cells:
            part, todo = set(), [cells.pop()]
            while todo:
                h = todo.pop()
                part.add(h)
                for n in neighbours(h):
                    if n in cells:
                        cells.remove(n)
                        todo.append(n)
            areas.append(part)
        top = max((len(a) for a in areas), default=0)
        x = set().union(*[a for a in areas if len(a) == top]) if areas else set()
    elif target in letter:
        x = {h for h in island if b.letter(h) == letter[target]}
    elif target == "sea":
        x = {h for h in BOARD_HEXES if b.letter(h) == "S"}
    elif target == "volcano":
        x = set(hexes_of(b.volcano))
    elif target == "lava":
        x = set(hexes_of(b.lava))
    else:
        x = {h for h, k in b.objects.items() if k == target}
    out = set()
    for h in island:
        d = min((dist(h, y) for y in x), default=None)
        base = relation.removeprefix("not_")
        ok = d == 0 if base in ("in", "in_largest") else d == 1 if base == "beside" else d in (1, 2)
        if ok != relation.startswith("not_"):
            out.add(h)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_predicates_match_a_plain_oracle(seed):
    rng = random.Random(seed)
    g = Game.new(Options(seats=("A", "B"), map="random", seed=seed))
    while g.phase == "setup":
        g.play(rng.choice(g.legal_actions()))
    b = g.board
    for _ in range(rng.randrange(4, 14)):  # lava, as it spreads from the volcano
        edge = hexes_of(dilate(b.volcano | b.lava) & b.island)
        b.place_lava(rng.choice(edge))
    for clue in (*CLUE_CARDS, *LAVA_TILES.values(), "in_largest:lake", "not_in_largest:river"):
        assert set(hexes_of(b.predicate(clue) & b.island)) == oracle(b, clue), clue
