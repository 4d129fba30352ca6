"""Seeded random playouts in every seat count: no crash, invariants hold, every game ends,
replay is identical, and every refusal is explained.

The number of whole games per seat count is 700 at SI_TEST_SCALE=1 (2 100 in all, `make
test-deep`), 70 at `make test`'s scale (tests/scale.py); `EMBER_PLAYOUTS` sets it outright:
every game checks the invariants at its end, one in six after every action, one in
twenty-five also recomputes the candidates from scratch every five actions, and one in two
(1 050 in all at scale 1) is replayed from its save. Set it higher for a longer soak
(``EMBER_PLAYOUTS=5000 pytest tests/ember -k random_playouts``).
"""

import os
import random
from collections import Counter

import pytest
from scale import scaled

from ember_isle import (
    Bound,
    BuyPower,
    Claim,
    Decline,
    EndTurn,
    Game,
    IllegalAction,
    LeaveAmulet,
    Options,
    Pass,
    PlaceLava,
    PlaceObject,
    PlaceRover,
    PlaceTriad,
    PlayClue,
    PlayLavaTile,
    Raise,
    RemoveCube,
    SeedColumn,
    StopMove,
    Swap,
    TakeAmulet,
    WardCurse,
)
from ember_isle.balance import BALANCES
from ember_isle.board import Board
from ember_isle.content import (
    AMULETS,
    CLUE_CARDS,
    COLUMNS,
    CURSE,
    LAVA_HEXES,
    LAVA_TILES,
    ROSES,
    TRIADS,
    treasure_values,
)
from ember_isle.hexes import BOARD_HEXES, bit, count
from ember_isle.rules import RULES, legal_of

GAMES = int(os.environ.get("EMBER_PLAYOUTS", "0")) or scaled(700)
FULL_DECK = Counter(treasure_values() + [CURSE, CURSE])


def options(seats: int, seed: int) -> Options:
    """Every seat count, random maps, now and then players' objects or the basic island; four
    seats under each compensation in turn (`balance.BALANCES`)."""
    kind = seed % 10
    return Options(
        balance=BALANCES[seed % len(BALANCES)] if seats == 4 else None,
        seats=tuple("ABCD"[:seats]),
        seed=seed,
        map="random" if kind else "default",
        objects="players" if kind == 3 else None,
        volcano=kind != 7,
    )


def cheap_invariants(g: Game) -> None:
    """Conservation of every piece and card; runs after every action."""
    d = g.dist
    in_columns = [c for name, col in g.columns.items() for c in col.clues]
    cards = [c.card for c in in_columns if c.tile is None]
    cards += g.clue_deck + g.clue_discard + [card for s in g.seats for card in s.hand]
    cards += [g.seed_card] if g.seed_card else []
    assert sorted(cards) == sorted(CLUE_CARDS)
    tiles = sorted(g.tiles + [c.tile for c in in_columns if c.tile])
    assert tiles == (list(LAVA_TILES) if g.options.volcano else [])
    treasure = g.treasure_deck + g.treasure_discard + [v for s in g.seats for v in s.treasure]
    if d is not None:
        treasure += d.pool + ([d.card] if d.card is not None else [])
    assert Counter(treasure) == FULL_DECK
    for i, s in enumerate(g.seats):
        placed = sum(
            1
            for name, col in g.columns.items()
            if not (d is not None and d.column == name)
            for c in col.clues
            if c.rose == i
        )
        held = d.roses.count(i) if d is not None else 0
        assert s.roses + placed + held == ROSES and s.roses >= 0
    assert g.amulet_supply + len(g.amulets) + sum(s.amulets for s in g.seats) == AMULETS
    assert len(set(g.amulets)) == len(g.amulets)
    assert all(g.board.is_island(h) for h in g.amulets)
    triad_lava = len(g.board.triads)
    assert LAVA_HEXES - g.lava_supply == count(g.board.lava) - triad_lava
    for s in g.seats:
        if s.rover is not None and not (g.stage == "move" and g.board.lava & bit(s.rover)):
            assert g.board.is_island(s.rover), (g.stage, s.rover)
    for name in COLUMNS:
        assert g.candidates(name), name  # R13: never empty
    if g.stage == "over":
        assert g.legal_actions() == [] and g.to_move is None
    else:
        assert g.legal_actions() and g.to_move is not None


def deep_invariants(g: Game) -> None:
    """Cached candidates equal a recomputation on a board built afresh."""
    fresh = Board.from_json(g.board.to_json())
    assert fresh.island == g.board.island
    for name, col in g.columns.items():
        assert g.candidates(name) == fresh.candidates(col.predicates(), col.removed), name


def play_out(seats: int, seed: int, every_step: bool, deep: bool) -> Game:
    g = Game.new(options(seats, seed))
    rng = random.Random(seed * 7919 + seats)
    steps = 0
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()))
        steps += 1
        if every_step:
            cheap_invariants(g)
        if deep and steps % 5 == 0:
            deep_invariants(g)
        assert steps < 5000, "the game does not end"
    cheap_invariants(g)
    deep_invariants(g)
    assert g.end_reason in ("deck", "stall")
    return g


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_playouts(seats):
    ends = Counter()
    for i in range(GAMES):
        seed = 100_000 * seats + i
        g = play_out(seats, seed, every_step=i % 6 == 0, deep=i % 25 == 0)
        ends[g.end_reason] += 1
        if i % 2 == 0:  # replay: 1 050 games over the three seat counts at scale 1
            again = Game.from_json(g.to_json())
            assert again.state() == g.state()
        rows = g.scores()
        assert sorted(r["rank"] for r in rows)[0] == 1
        assert all(r["total"] == sum(g.seats[r["seat"]].treasure) for r in rows)
    if GAMES >= 200:
        assert ends["deck"] > 0 and ends["stall"] > 0  # both ends happen


# ------------------------------------------------------- refusals explained
def candidate_actions(g: Game, rng: random.Random) -> list:
    """Plausible actions, legal or not, for probing `play`."""
    hexes = rng.sample(BOARD_HEXES, 4)
    seat = g.seats[g.to_move]
    cards = seat.hand + rng.sample(CLUE_CARDS, 2)
    out = [Bound(h) for h in hexes] + [PlaceLava(h) for h in hexes[:2]]
    out += [PlaceRover(hexes[0]), PlaceObject(rng.choice(("hut", "tree", "statue")), hexes[1])]
    out += [PlaceObject("statue", hexes[2], rng.randrange(-1, 7))]
    out += [PlaceTriad(rng.choice(list(TRIADS)), hexes[0], hexes[1], hexes[2])]
    out += [PlayClue(rng.choice(cards), rng.choice(COLUMNS)) for _ in range(3)]
    out += [PlayLavaTile(rng.choice(cards), rng.choice(list(LAVA_TILES)), rng.choice(COLUMNS))]
    out += [RemoveCube(rng.choice(COLUMNS), hexes[3]), Raise(rng.choice(COLUMNS))]
    out += [SeedColumn(rng.choice(COLUMNS)), BuyPower(rng.choice(("extra_clue", "extra_move")))]
    out += [BuyPower("extra_swap"), Pass(), Swap(), StopMove(), EndTurn(), TakeAmulet()]
    out += [LeaveAmulet(), Claim(), Decline(), WardCurse("amulet"), WardCurse("discard")]
    return out


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_refusals_are_explained(seats):
    """`play` refuses exactly what `legal_actions` leaves out, with a specific code."""
    codes = Counter()
    for i in range(5):
        g = Game.new(options(seats, 7000 + 10 * seats + i))
        rng = random.Random(i)
        while g.phase != "over":
            legal = set(g.legal_actions())
            if rng.random() < 0.5:
                g.play(rng.choice(sorted(legal, key=repr)))
                continue
            before = len(g.actions), g.stage, g.to_move, repr(g.state())
            for a in candidate_actions(g, rng):
                if a in legal:
                    continue
                if rng.random() < 0.5:
                    g.forget_legal()  # play then checks this action alone (rules.legal_of)
                with pytest.raises(IllegalAction) as e:
                    g.play(a)
                assert e.value.code != "not_allowed", a
                codes[e.value.code] += 1
            assert (len(g.actions), g.stage, g.to_move, repr(g.state())) == before
            g.play(rng.choice(sorted(legal, key=repr)))
    assert len(codes) >= 25  # many different reasons were met


def test_one_class_at_a_time_is_the_same_legal_set():
    """`rules.legal_of` (used by `play` when nothing is cached) agrees with legal_actions."""
    rng = random.Random(6)
    for i in range(6):
        g = Game.new(options(2 + i % 3, 9300 + i))
        while g.phase != "over":
            legal = g.legal_actions()
            if rng.random() < 0.25:
                for cls in RULES:
                    part = legal_of(g, cls)
                    assert set(part) == {a for a in legal if type(a) is cls}, cls
                for a in rng.sample(legal, min(5, len(legal))):
                    assert a in legal_of(g, type(a), a)
                for a in candidate_actions(g, rng):
                    assert (a in legal_of(g, type(a), a)) == (a in legal), a
            g.play(rng.choice(legal))


def test_every_legal_action_applies():
    """From sampled positions, each legal action applies without error (on a copy)."""
    rng = random.Random(4)
    tried = Counter()
    for i in range(12):
        g = Game.new(options(2 + i % 3, 9100 + i))
        while g.phase != "over":
            legal = g.legal_actions()
            if rng.random() < 0.08:
                for a in legal:
                    c = g.clone()
                    c.play(a)
                    cheap_invariants(c)
                    tried[type(a).__name__] += 1
            g.play(rng.choice(legal))
    assert {"Bound", "PlayClue", "Raise", "Claim", "PlaceLava"} <= set(tried)


def test_clone_is_independent():
    g = Game.new(options(3, 5))
    rng = random.Random(5)
    for _ in range(80):
        g.play(rng.choice(g.legal_actions()))
    c = g.clone()
    before = g.state()
    while c.phase != "over":
        c.play(rng.choice(c.legal_actions()))
    assert g.state() == before
