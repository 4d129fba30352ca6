"""Property tests: thousands of seeded random full games, invariants checked at every step."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scale import scaled

from small_islands import DISCOVERY_VALUES, TILES, Game, Options, PlaceHouse, Tile
from small_islands.tiles import shape_problems

# x 6 configurations = 2 004 games at SI_TEST_SCALE=1 (make test-deep), 204 in make test
GAMES_PER_CONFIG = scaled(334)
MAX_ACTIONS = 1000


def check_invariants(g: Game) -> None:
    b = g.board
    landscape = [p.tile.id for p in b.tiles.values() if not p.is_ship]
    located = (
        landscape
        + [t for s in g.seats for t in s.hand]
        + [t for t in g.display if t]
        + g.navigation
        + g.reserve
        + g.boxed
    )
    assert Counter(located) == Counter(
        [t.id for t in TILES] + [p.tile.id for p in b.tiles.values() if p.tile.id.startswith("S")]
    )
    assert len(located) == 60
    on_board = Counter(b.houses.values())
    tokens = (
        Counter(c for _, c in b.resource_tokens.values())
        + Counter(t[4] for t in b.covered_tokens)
        + Counter(c for cs in b.port_tokens.values() for c in cs)
    )
    for s in g.seats:
        assert s.stock + s.reserve + on_board[s.colour] == 8
        assert s.houses_placed == on_board[s.colour]
        assert 0 <= s.stock <= 4
        assert s.bonus + tokens[s.colour] == 4
    values = g.discovery_bag + g.pending_discovery + [v for s in g.seats for v in s.discovery]
    assert sorted(values) == sorted(DISCOVERY_VALUES)
    ships = len(b.ship_cells())
    own_unplaced = sum(1 for s in g.seats if s.ship_cell is None)
    assert ships + g.grey_ships + own_unplaced == 4
    for cell in b.port_tokens:
        assert b.symbol_count(cell, "port") <= 2
    assert len([t for t in g.display if t]) <= 3


def play_checked(seats: int, mode: str, seed: int) -> Game:
    g = Game.new(Options(seats=tuple("ABCD"[:seats]), mode=mode, seed=seed))
    rng = random.Random(seed * 7919 + seats)
    roundtrip_at = rng.randrange(1, 120)
    for step in range(MAX_ACTIONS):
        if g.phase == "over":
            break
        legal = g.legal_actions()
        assert legal, f"no legal action in phase {g.phase} step {g.stage}"
        action = rng.choice(legal)
        colour = g.seats[g.to_move].colour
        g.play(action)
        if isinstance(action, PlaceHouse):
            island = g.board.island_at(action.x, action.y)
            assert island.houses[colour] == 1  # at most one per colour at placement time
        check_invariants(g)
        if step == roundtrip_at:
            assert Game.from_json(g.to_json()).state() == g.state()
    else:
        pytest.fail(f"game {seats}/{mode}/{seed} did not end in {MAX_ACTIONS} actions")
    assert g.phase == "over" and g.end_reason in ("ships", "reserve", "display")
    for row in g.scores():
        assert row["total"] == row["prestige"] + row["discovery"] + row["ship_ports"]
        assert row["rank"] >= 1
    assert min(r["rank"] for r in g.scores()) == 1
    return g


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("mode", ["normal", "advanced"])
def test_random_full_games(seats, mode):
    ends = Counter()
    for seed in range(GAMES_PER_CONFIG):
        ends[play_checked(seats, mode, seed).end_reason] += 1
    assert sum(ends.values()) == GAMES_PER_CONFIG
    assert ends["ships"] > GAMES_PER_CONFIG // 2


@settings(max_examples=scaled(200, 20), deadline=None)
@given(st.integers(0, 255), st.integers(0, 3))
def test_rotation_keeps_shape_validity_and_inverts(mask, turns):
    points = "".join("L" if mask >> i & 1 else "S" for i in range(8))
    ok = shape_problems(mask, ()) == []
    if not ok:
        return
    t = Tile.parse(points)
    assert t.rotated(turns).rotated(4 - turns) == t
    assert shape_problems(t.rotated(turns).mask, ()) == []
    assert sorted(t.rotated(turns).points) == sorted(points)


@settings(max_examples=scaled(60, 10), deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.sampled_from(["normal", "advanced"]))
def test_replay_is_deterministic(seed, seats, mode):
    a = Game.new(Options(seats=tuple("ABCD"[:seats]), mode=mode, seed=seed))
    b = Game.new(Options(seats=tuple("ABCD"[:seats]), mode=mode, seed=seed))
    rng = random.Random(seed)
    for _ in range(60):
        if a.phase == "over":
            break
        action = rng.choice(a.legal_actions())
        a.play(action)
        b.play(action)
    assert a.state() == b.state()
