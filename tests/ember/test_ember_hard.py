"""Hard, the level the app plays (`ember_isle.bots.strong`: Medium's play, claims decided
by simulating the rest of the distribution, amulets put to use): view-only, deterministic,
its simulation's rules; and the earlier search Hard (`ember_isle.bots.search`, kept for the
record in bench/RESULTS.md): its worlds match its view, its decisions are legal, view-only,
deterministic, and its work stays within the budget of rollout steps (a small budget keeps
these fast)."""

import random
from itertools import islice

import pytest
from test_ember_views import positions, scramble

from ember_isle import Game, Options
from ember_isle import actions as act
from ember_isle.bots import POLICIES, bot_move, choose_action, search, strong
from ember_isle.bots.claims import _play_out
from ember_isle.bots.model import Model
from ember_isle.bots.policy import medium
from ember_isle.bots.search import STATS, Settings, candidates, hard
from ember_isle.bots.tournament import play_game
from ember_isle.bots.world import can_sample, sample_world
from ember_isle.content import CURSE

SMALL = Settings(budget=24, worlds=2, turns=1, max_candidates=4)


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(search, "SETTINGS", SMALL)
    monkeypatch.setitem(POLICIES, "hard", search.hard)


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
    monkeypatch.setitem(POLICIES, "hard", search.hard)
    g = play_game(levels, 77 + len(levels), "random")  # Game.play rejects any illegal action
    assert g.phase == "over"
    assert g.seats[levels.index("hard")].raises + sum(s.raises for s in g.seats) > 0


# ------------------------------------------------------------ Hard as played (strong)
def offer_positions(n_games, seed, levels=("medium", "medium")):
    """Offers in bot games (the seat asked may be any): (game, seat asked)."""
    for i in range(n_games):
        g = Game.new(Options(seats=tuple("ABCD"[: len(levels)]), seed=seed + i, map="random"))
        rng = random.Random(seed + i)
        while g.phase != "over":
            if g.stage == "offer":
                yield g
            g.play(choose_action(g.view(g.to_move), g.legal_actions(), levels[g.to_move], rng))


def test_strong_hard_ignores_what_the_seat_cannot_see():
    rng = random.Random(8)
    offers = 0
    for g in islice(offer_positions(3, 6100, ("medium", "medium", "medium")), 40):
        seat = g.to_move
        other = scramble(g, seat, rng)  # other hands, decks, pool order, others' inspections
        assert other.view(seat) == g.view(seat)
        a = choose_action(g.view(seat), g.legal_actions(), "hard", random.Random(4))
        assert a == choose_action(other.view(seat), other.legal_actions(), "hard", random.Random(4))
        offers += 1
    for g in islice(positions(3, 6200), 30):  # random play, setup and play turns too
        seat = g.to_move
        if seat is not None:
            assert bot_move(g, seat, "hard", 3) == bot_move(scramble(g, seat, rng), seat, "hard", 3)
    assert offers == 40


def test_strong_hard_is_deterministic_given_the_seed():
    answers = set()
    for g in islice(offer_positions(2, 6300), 30):
        view, legal = g.view(g.to_move), g.legal_actions()
        a = choose_action(view, legal, "hard", 11)
        assert a == choose_action(view, legal, "hard", 11)
        answers.add(a)
    assert answers == {act.Claim(), act.Decline()}  # both answers were given


def test_strong_hard_claims_every_six():
    sixes = 0
    for g in islice(offer_positions(6, 6400), 400):
        if g.dist.card == 6:
            sixes += 1
            assert choose_action(g.view(g.to_move), g.legal_actions(), "hard", 1) == act.Claim()
    assert sixes >= 3


def test_the_distribution_sim_gives_a_declined_card_to_the_rival():
    # my rose is the lowest, the rival's next; a 5 revealed, one card (a 2) left in the pool
    held = [[], []]
    assert _play_out(5, True, [0, 1], [0, 1], [2], 0, held, [0, 0], 0, 2) == [5, 2]
    held = [[], []]
    assert _play_out(5, False, [0, 1], [0, 1], [2], 0, held, [0, 0], 0, 2) == [2, 5]


def test_the_distribution_sim_plays_a_curse():
    # the pool's last card is a Curse: whoever still holds a rose loses their highest card
    assert _play_out(2, True, [0, 1], [0, 1], [CURSE], 0, [[6], [3]], [0, 0], 0, 2) == [2, -3]
    assert _play_out(2, False, [0, 1], [0, 1], [CURSE], 0, [[6], [3]], [0, 0], 0, 2) == [-6, 2]


def test_strong_hard_wards_with_an_amulet_unless_its_best_card_is_low():
    m = Model.__new__(Model)
    m.me, m.seats = 0, [{"treasure": [5, 2]}]
    both = [act.WardCurse("amulet"), act.WardCurse("discard")]
    assert strong._ward(m, both) == act.WardCurse("amulet")
    m.seats = [{"treasure": [2, 2]}]
    assert strong._ward(m, both) == act.WardCurse("discard")
    assert strong._ward(m, both[1:]) == act.WardCurse("discard")


@pytest.mark.parametrize("levels", [["hard", "medium"], ["medium", "hard", "easy", "medium"]])
def test_strong_hard_plays_legal_whole_games(levels):
    g = play_game(levels, 91 + len(levels), "random")  # Game.play rejects any illegal action
    assert g.phase == "over"
    me = levels.index("hard")
    assert any(e["event"] == "claim" and e["seat"] == me for e in g.log)
