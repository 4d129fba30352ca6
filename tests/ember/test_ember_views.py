"""Seat views: JSON-safe, they leak nothing (scrambling what a seat cannot know leaves its
view identical), they carry the legal targets, and previews agree with the engine."""

import json
import random

import pytest

from ember_helpers import ANN, BOB, fixture, force_pool_order, locate, restart_turn, set_column
from ember_helpers import stack_treasure as stack
from ember_isle import Game, Options, PlayClue, PlayLavaTile, Raise
from ember_isle.content import CURSE, LAVA_TILES
from ember_isle.view import board_from_view, candidates_after, count_after


def scramble(g: Game, viewer: int, rng: random.Random) -> Game:
    """A copy of `g` that differs only in what `viewer` may not know (section 11)."""
    h = g.clone()
    others = [s for i, s in enumerate(h.seats) if i != viewer]
    if h.stage == "over":
        return h  # everything is public then
    unseen = h.clue_deck + [c for s in others for c in s.hand]
    rng.shuffle(unseen)
    for s in others:
        s.hand, unseen = unseen[: len(s.hand)], unseen[len(s.hand) :]
    h.clue_deck = unseen
    valued = [v for s in others for v in s.treasure]
    valued += [v for v in h.treasure_deck + h.treasure_discard if v != CURSE]
    rng.shuffle(valued)
    for s in others:
        s.treasure, valued = valued[: len(s.treasure)], valued[len(s.treasure) :]
    for pile in ("treasure_deck", "treasure_discard"):
        cards = getattr(h, pile)
        curses = [i for i, v in enumerate(cards) if v == CURSE]
        rest, valued = valued[: len(cards) - len(curses)], valued[len(cards) - len(curses) :]
        for i in curses:
            rest.insert(i, CURSE)
        rng.shuffle(rest)
        setattr(h, pile, rest)
    if h.dist is not None:
        rng.shuffle(h.dist.pool)
        for seat, cards in h.dist.inspected.items():
            if seat != viewer:
                h.dist.inspected[seat] = [rng.choice([2, 3, 4, 5, 6]) for _ in cards]
    h.rng.seed(rng.random())
    h.changed()
    return h


def positions(n_games: int, seed: int):
    """Sampled positions of random games in every seat count (also mid-distribution)."""
    rng = random.Random(seed)
    for i in range(n_games):
        g = Game.new(Options(seats=tuple("ABCD"[: 2 + i % 3]), seed=seed + i, map="random"))
        while g.phase != "over":
            if rng.random() < 0.06 or g.phase == "distribution" and rng.random() < 0.3:
                yield g
            g.play(rng.choice(g.legal_actions()))
        yield g


def test_views_leak_nothing():
    rng = random.Random(1)
    seen_distribution = 0
    for g in positions(12, 500):
        seen_distribution += g.phase == "distribution"
        for seat in range(len(g.seats)):
            assert scramble(g, seat, rng).view(seat) == g.view(seat)
    assert seen_distribution > 10


def test_the_scramble_test_can_fail():
    """Scrambling the viewer's own hand changes its view (so the test above has teeth)."""
    g = fixture()
    g.seats[ANN].hand = ["in:lake", "in:river"]
    h = g.clone()
    h.seats[ANN].hand = ["near:hut", "in:river"]
    assert h.view(ANN) != g.view(ANN) and h.view(BOB) == g.view(BOB)


def test_view_is_json_and_names_its_seat():
    g = Game.new(Options(seats=("Ann", "Bob", "Cy"), seed=2))
    for seat in range(3):
        v = g.view(seat)
        assert json.loads(json.dumps(v)) == v and v["seat"] == seat
    with pytest.raises(ValueError):
        g.view(3)


def test_legal_targets_only_for_the_seat_to_move():
    rng = random.Random(3)
    for g in positions(6, 900):
        for seat in range(len(g.seats)):
            v = g.view(seat)
            if seat == g.to_move:
                assert v["legal"] == [a.to_json() for a in g.legal_actions()]
                assert v["targets"] is not None
            else:
                assert v["legal"] == [] and v["targets"] is None
        rng.random()


def test_distribution_view_shows_own_inspected_cards_only():
    g = fixture()
    set_column(g, "jade", ["not_in:lake", "not_in:river"], [ANN, BOB])
    locate(g, "jade", g.seats[BOB].rover)
    restart_turn(g, BOB)
    stack(g, [5, 2, 6, 3])
    force_pool_order(g, [5, 2, 6, 3])
    g.play(Raise("jade"))
    assert g.dist.roses == [BOB, BOB, ANN]  # dealt from the bottom rose up
    assert g.view(BOB)["distribution"]["inspected"] == [5, 2]
    assert g.view(ANN)["distribution"]["inspected"] == [6]
    assert g.view(ANN)["distribution"]["card"] == 5 and g.view(ANN)["distribution"]["roses"]


def test_previews_agree_with_the_engine():
    checked = 0
    for g in positions(8, 1300):
        if g.phase != "play" or g.stage not in ("turn", "extra_clue"):
            continue
        seat = g.to_move
        v = g.view(seat)
        board = board_from_view(v)
        for card, per_column in v["targets"]["clue_counts"].items():
            for column, n in per_column.items():
                assert count_after(v, card, column, board) == n
                if PlayClue(card, column) in g.legal_actions():
                    c = g.clone()
                    c.play(PlayClue(card, column))
                    got = [list(h) for h in candidates_after(v, card, column, board)]
                    assert (
                        c.view(seat)["columns"][list(g.columns).index(column)]["candidates"] == got
                    )
                    checked += 1
        for tile, per_column in v["targets"]["tile_counts"].items():
            for column, n in per_column.items():
                assert count_after(v, tile, column, board) == n
                assert tile in LAVA_TILES
        for a in g.legal_actions():
            if isinstance(a, PlayLavaTile):
                assert v["targets"]["tile_counts"][a.tile][a.column] > 0
    assert checked > 20


def test_board_from_view_rebuilds_the_board():
    for g in positions(4, 77):
        b = board_from_view(g.view(0))
        assert b.island == g.board.island and b.lava == g.board.lava
        assert b.objects == g.board.objects and b.facings == g.board.facings
        assert b.letters == g.board.letters


def test_scores_only_at_the_end():
    g = fixture()
    assert g.view(ANN)["scores"] is None
    g.end_game("stall")
    assert [r["seat"] for r in g.view(ANN)["scores"]] == [ANN, BOB]
    assert g.view(ANN)["seats"][BOB]["hand"] == []
