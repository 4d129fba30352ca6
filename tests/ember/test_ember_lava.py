"""Hard's lava (`ember_isle.bots.lava`): each legal hex judged by its consequences on the
races for the treasures, from the seat's view only: the same choice whatever the hidden
cards, deterministic, legal, its own list of legal hexes the engine's, whole games."""

import random
from itertools import islice

import pytest
from test_ember_views import scramble

from ember_isle import Game, Options
from ember_isle import actions as act
from ember_isle.bots import choose_action, lava, strong
from ember_isle.bots.model import FAR, Model
from ember_isle.bots.tournament import play_game
from ember_isle.hexes import bit


@pytest.fixture
def lava_on(monkeypatch):
    monkeypatch.setattr(strong.KNOBS, "lava", True)


def lava_positions(n_games, seed):
    """Lava decisions of games where every seat plays at random (amulets taken often)."""
    rng = random.Random(seed)
    for i in range(n_games):
        g = Game.new(Options(seats=tuple("ABCD"[: 2 + i % 3]), seed=seed + i, map="random"))
        while g.phase != "over":
            legal = g.legal_actions()
            if g.stage == "lava" and len(legal) > 1:
                yield g
            if act.TakeAmulet() in legal:
                g.play(act.TakeAmulet())
            else:
                g.play(rng.choice(legal))


def test_hard_lava_ignores_what_the_seat_cannot_see(lava_on):
    rng = random.Random(3)
    n = 0
    for g in islice(lava_positions(30, 7100), 40):
        seat = g.to_move
        other = scramble(g, seat, rng)
        assert other.view(seat) == g.view(seat)
        a = choose_action(g.view(seat), g.legal_actions(), "hard", random.Random(5))
        b = choose_action(other.view(seat), other.legal_actions(), "hard", random.Random(5))
        assert a == b
        n += 1
    assert n == 40


def test_hard_lava_is_legal_deterministic_and_its_own(lava_on):
    differs = 0
    for g in islice(lava_positions(12, 7200), 40):
        view, legal = g.view(g.to_move), g.legal_actions()
        a = choose_action(view, legal, "hard", 1)
        assert isinstance(a, act.PlaceLava) and a in legal
        assert a == choose_action(view, legal, "hard", 2)  # no draw: the generator is unused
        differs += a != choose_action(view, legal, "medium", 1)
    assert differs > 0  # not Medium's rule under another name


def test_the_lava_hexes_it_lists_are_the_engines():
    for g in islice(lava_positions(12, 7300), 30):
        ctx = lava._Context(Model(g.view(g.to_move)))
        engine = {a.hex for a in g.legal_actions() if isinstance(a, act.PlaceLava)}
        assert set(ctx.legal_hexes()) == engine


def test_the_first_to_reach_a_located_treasure_raises_it():
    """A located treasure under my rover is mine to raise (weight `located` x my gain over
    the best rival's); one under a rival's rover that I cannot reach this turn is theirs."""
    checked = 0
    for g in islice(lava_positions(12, 7400), 20):
        m = Model(g.view(g.to_move))
        ctx = lava._Context(m)
        dists = ctx.distances(m.board)
        for name in m.columns:
            gain = ctx.gain[name]
            mine = bit(m.rovers[m.me])
            assert ctx.column_value(name, mine, dists) == lava.LAVA.located * gain[m.me]
            for r in m.rivals():
                x = m.rovers[r]
                assert gain[m.me] > gain[r]  # my own raise beats a rival's
                alone = [s for s, h in enumerate(m.rovers) if h == x] == [r]
                if alone and dists[m.me].get(x, FAR) > ctx.left_now:
                    assert ctx._first(dists, x) == r
                    assert ctx.column_value(name, bit(x), dists) == lava.LAVA.located * gain[r]
                    checked += 1
    assert checked > 20


@pytest.mark.parametrize("levels", [["hard", "medium"], ["medium", "hard", "medium", "medium"]])
def test_hard_with_its_lava_plays_legal_whole_games(lava_on, monkeypatch, levels):
    monkeypatch.setattr(strong.KNOBS, "leave", 0.5)  # leaving an amulet too
    g = play_game(levels, 77 + len(levels), "random")  # Game.play rejects any illegal action
    assert g.phase == "over"
