"""Hard: its worlds match its view, its decisions are legal, view-only, deterministic, and
its work stays within the budget of rollout steps (a small budget keeps these fast)."""

import random
from itertools import islice

import pytest
from test_ember_views import positions, scramble

from ember_isle import Game, Options
from ember_isle.bots import bot_move, choose_action, search
from ember_isle.bots.model import Model
from ember_isle.bots.policy import medium
from ember_isle.bots.search import STATS, Settings, candidates, hard
from ember_isle.bots.tournament import play_game
from ember_isle.bots.world import can_sample, sample_world

SMALL = Settings(budget=24, worlds=2, turns=1, max_candidates=4)


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(search, "SETTINGS", SMALL)


def medium_positions(n_games, seed):
    """Positions of Medium games where Hard searches (the seat to move may be rebuilt)."""
    for i in range(n_games):
        g = Game.new(Options(seats=tuple("ABCD"[: 2 + i % 3]), seed=seed + i, map="random"))
        rng = random.Random(seed + i)
        while g.phase != "over":
            if can_sample(g.view(g.to_move)) and rng.random() < 0.15:
                yield g
            g.play(choose_action(g.view(g.to_move), g.legal_actions(), "medium", rng))


def test_a_sampled_world_gives_back_the_same_view():
    checked = 0
    for g in medium_positions(3, 4100):
        seat = g.to_move
        view = g.view(seat)
        for k in range(2):
            w = sample_world(view, random.Random(k))
            assert w.view(seat) == view
            assert w.legal_actions() == g.legal_actions()
            checked += 1
    assert checked > 30


def test_worlds_differ_in_what_the_seat_cannot_see():
    g = next(medium_positions(1, 4200))
    view = g.view(g.to_move)
    a, b = (sample_world(view, random.Random(k)) for k in (1, 2))
    assert a.clue_deck != b.clue_deck or a.treasure_deck != b.treasure_deck


def test_no_world_outside_a_play_turn():
    g = Game.new(Options(seats=("A", "B"), seed=1))
    view = g.view(g.to_move)
    assert not can_sample(view)
    with pytest.raises(ValueError):
        sample_world(view, random.Random(0))


def test_hard_ignores_what_the_seat_cannot_see(small):
    rng = random.Random(5)
    compared = changed = 0
    for g in islice(positions(2, 2300), 12):  # random play (a distribution, the setup too)
        seat = g.to_move
        if seat is not None:
            assert bot_move(g, seat, "hard", 3) == bot_move(scramble(g, seat, rng), seat, "hard", 3)
    for g in islice(medium_positions(2, 2300), 24):
        seat = g.to_move
        other = scramble(g, seat, rng)
        assert other.view(seat) == g.view(seat)
        before = STATS["searches"]
        a = bot_move(g, seat, "hard", random.Random(3))
        assert a == bot_move(other, seat, "hard", random.Random(3))
        compared += 1
        changed += STATS["searches"] > before
    assert compared > 20 and changed > 10  # searches were compared, not just Medium's moves


def test_hard_is_deterministic_given_the_seed(small):
    for g in islice(medium_positions(2, 4300), 8):
        view, legal = g.view(g.to_move), g.legal_actions()
        assert choose_action(view, legal, "hard", 7) == choose_action(view, legal, "hard", 7)


def test_hard_keeps_to_its_budget():
    cfg = Settings(budget=30, worlds=2, turns=2, max_candidates=5)
    searched = 0
    for g in islice(medium_positions(2, 4400), 12):
        view, legal = g.view(g.to_move), g.legal_actions()
        m = Model(view)
        n = len(candidates(m, legal, medium(view, legal, random.Random(1)), 5))
        before = STATS["steps"], STATS["searches"]
        assert hard(view, legal, random.Random(1), cfg) in legal
        if STATS["searches"] > before[1]:
            searched += 1
            # each rollout plays its candidate and at most budget // (candidates x worlds)
            assert STATS["steps"] - before[0] <= cfg.budget + n * cfg.worlds
    assert searched > 5


@pytest.mark.parametrize("levels", [["hard", "medium"], ["easy", "medium", "hard"]])
def test_hard_plays_legal_whole_games(monkeypatch, levels):
    monkeypatch.setattr(search, "SETTINGS", Settings(budget=8, worlds=1, turns=1))
    g = play_game(levels, 77 + len(levels), "random")  # Game.play rejects any illegal action
    assert g.phase == "over"
    assert g.seats[levels.index("hard")].raises + sum(s.raises for s in g.seats) > 0
