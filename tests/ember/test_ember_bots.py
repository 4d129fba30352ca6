"""Computer players: legal, view-only (blind to what their seat cannot see), and their
model of the other players' cards matches the truth."""

import random
from collections import Counter

import pytest
from test_ember_views import positions, scramble

from ember_isle import Game, Options
from ember_isle.bots import LEVELS, Model, bot_move, choose_action
from ember_isle.bots.policy import claim_threshold
from ember_isle.bots.tournament import play_game, report, run, wilson
from ember_isle.content import CURSE, treasure_values


@pytest.mark.parametrize("level", ["easy", "medium"])  # Hard: test_ember_hard.py
def test_decisions_ignore_what_the_seat_cannot_see(level):
    """Two games differing only in hidden information get the same decision."""
    rng = random.Random(2)
    compared = 0
    for g in positions(8, 2100):
        if g.phase == "over":
            continue
        seat = g.to_move
        other = scramble(g, seat, rng)
        assert other.view(seat) == g.view(seat)
        assert other.state() != g.state() or g.phase == "setup"
        for k in range(2):
            a = bot_move(g, seat, level, random.Random(k))
            b = bot_move(other, seat, level, random.Random(k))
            assert a == b
            compared += 1
    assert compared > 100


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_bots_play_whole_games(seats):
    for i, levels in enumerate([["medium"] * seats, ["easy"] * seats]):
        g = play_game(levels, 300 + 10 * seats + i, "random")
        assert g.phase == "over"
        assert sum(s.raises for s in g.seats) > 0


def test_bots_on_the_basic_island_and_players_objects():
    for volcano, objects in ((False, None), (True, "players")):
        g = Game.new(Options(seats=("A", "B", "C"), seed=4, volcano=volcano, objects=objects))
        rng = random.Random(4)
        while g.phase != "over":
            level = LEVELS[g.to_move % 2]
            g.play(choose_action(g.view(g.to_move), g.legal_actions(), level, rng))


def test_the_model_tracks_the_other_players_treasure_exactly():
    g = Game.new(Options(seats=("A", "B", "C"), seed=9, map="random"))
    rng = random.Random(9)
    checked = 0
    while g.phase != "over":
        seat = g.to_move
        m = Model(g.view(seat))
        for r in m.rivals():
            assert sorted(m.holdings[r]) == sorted(g.seats[r].treasure)
            checked += 1
        assert sorted(m._tracked[0][seat]) == sorted(g.seats[seat].treasure)
        known_discard = Counter(m._tracked[1])
        assert known_discard - Counter(g.treasure_discard) == Counter()  # all really there
        unseen = m.unseen_treasure
        hidden = Counter(g.treasure_deck) + Counter(g.treasure_discard) - known_discard
        if g.dist is not None:
            hidden += Counter(g.dist.pool) - Counter(m.inspected_in_pool())
        assert unseen == hidden  # exactly the cards in unknown places
        g.play(choose_action(g.view(seat), g.legal_actions(), "medium", rng))
    assert checked > 100


def test_unseen_clues_are_the_deck_and_the_other_hands():
    for g in positions(4, 3300):
        if g.phase in ("setup", "over"):
            continue
        seat = g.to_move
        m = Model(g.view(seat))
        truth = set(g.clue_deck) | {c for i, s in enumerate(g.seats) if i != seat for c in s.hand}
        assert set(m.unseen_clues) == truth


def test_claim_threshold_claims_early_with_a_curse_in_sight():
    g = Game.new(Options(seats=("A", "B"), seed=1))
    view = g.view(0)
    view["distribution"] = {
        "pool_size": 3,
        "inspected": [CURSE, 2],
        "roses": [0, 1, 0],
        "card": 3,
        "column": "jade",
    }
    view["log"] = [{"event": "raise", "seat": 0}]
    with_curse = claim_threshold(Model(view))
    view["distribution"]["inspected"] = [6, 2]
    assert with_curse < claim_threshold(Model(view))


def test_tournament_counts_and_intervals():
    res = run("medium", "easy", seeds=1, seats=2, seed=5)
    assert res.games == 2 and sum(res.seat_wins) == pytest.approx(2)
    assert 0 <= res.wins_a <= 2 and res.decision_s.keys() == {"easy", "medium"}
    assert len(res.lava) == len(res.amulets_left) == 2  # per game
    assert len(res.amulets_by["medium"]) == len(res.lava_by["easy"]) == 2  # per seat and game
    assert sum(res.lava) == sum(res.lava_by["medium"]) + sum(res.lava_by["easy"])
    assert "lava hexes placed" in report(res) and "amulets collected" in report(res)
    lo, hi = wilson(7, 10)
    assert 0.39 < lo < 0.40 and 0.89 < hi < 0.90
    assert Counter(treasure_values()) == Counter({2: 6, 3: 9, 4: 10, 5: 8, 6: 5})


def test_choose_action_validates_its_input():
    g = Game.new(Options(seats=("A", "B"), seed=1))
    with pytest.raises(ValueError):
        choose_action(g.view(g.to_move), g.legal_actions(), "expert")
    with pytest.raises(ValueError):
        choose_action(g.view(g.to_move), [], "easy")
    with pytest.raises(ValueError):
        bot_move(g, 1 - g.to_move)
