"""The faster learned features (issue 31, twentieth session) give the same numbers.

`learned_features_v3_reference.py` is the version-3 feature code as it was at Gate 1 (commit
c711540's `engine/small_islands/bots/learned_features.py`, only its imports made absolute).
The current code memoizes `isle_value` by island signature, shares placements between the
hand and the display, finds an island's ship neighbourhood once, and may be given the game's
board instead of rebuilding it from the view: every feature vector must be equal, float for
float, to the reference's -- on decision views of two- and four-seat games and on the
round-start leaves of Hard's playouts, with either way of getting the board.
"""

import random

import learned_features_v3_reference as reference
import pytest

from small_islands import Game, Options
from small_islands.bots import bot_move, evaluate, learned, search
from small_islands.bots.learned_features import NAMES, features


def games(first, count):
    """(game, seat) at every decision with 2+ legal actions of Medium games."""
    out = []
    for k in range(count):
        n = 4 if k % 2 else 2
        g = Game.new(Options(seats=tuple(f"P{i}" for i in range(n)), seed=first + k,
                             bots=dict.fromkeys(range(n), "medium")))
        while g.phase != "over":
            seat = g.to_move
            if len(g.legal_actions()) > 1:
                out.append((g.clone(), seat))
            g.play(bot_move(g, seat))
    return out


def test_reference_is_the_gate_1_feature_code():
    assert reference.NAMES == NAMES
    assert reference.FEATURE_VERSION == 3


def test_features_equal_the_reference_on_decision_views():
    positions = games(7_500_000, 4)
    assert len(positions) > 300
    for g, seat in positions:
        view = g.view(seat)
        want = reference.features(view)
        assert features(view) == want
        assert features(view, g.board) == want


def test_features_equal_the_reference_on_playout_leaves():
    leaves = []

    def keep(w, s):
        leaves.append((w.clone(), s))
        return search._margin(w, s)

    positions = [p for p in games(7_500_010, 2) if p[0].round <= 3]
    for k, (g, seat) in enumerate(positions[::6]):
        search.hard(g.view(seat), g.legal_actions(), random.Random(k), 1e9, 2, keep)
    assert len(leaves) > 40
    assert all(w.phase == "preparation" for w, _ in leaves)
    model = learned.model()
    for w, s in leaves:
        view = w.view(s)
        want = reference.features(view)
        assert features(view, w.board) == want
        assert model.value(view, w.board) == model.predict(want)


@pytest.mark.parametrize("partial", [0.2, 0.8])
def test_memo_follows_the_weights_in_force(partial):
    import dataclasses

    weights = dataclasses.replace(evaluate.W, partial=partial, later=0.6)
    positions = games(7_500_020, 1)[::10]
    for g, seat in positions:
        features(g.view(seat))  # fill the memo under the default weights
    with evaluate.use(weights):
        for g, seat in positions:
            view = g.view(seat)
            assert features(view, g.board) == reference.features(view)
    for g, seat in positions:
        view = g.view(seat)
        assert features(view) == reference.features(view)
