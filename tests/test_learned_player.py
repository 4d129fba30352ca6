"""Hard with the learned leaf (issue 31, step 3): Hard unchanged, the leaf where it belongs,
the hidden levels deterministic and never offered by the app."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from small_islands import Game, Options
from small_islands.actions import (
    ChooseObjective,
    EndReward,
    Land,
    PlaceHouse,
    PlaceTile,
    TakeTile,
)
from small_islands.bots import (
    LEVELS,
    MASTER,
    bot_move,
    choose_action,
    learned,
    search,
    tournament,
)
from small_islands.bots.learned_features import features
from small_islands.errors import MalformedInput
from small_islands.options import BOT_LEVELS
from tools import build

ROOT = Path(__file__).resolve().parents[1]
SEARCHED = (Land, TakeTile, PlaceHouse, EndReward, ChooseObjective)

# Hard's decisions (and the count and sum of its playout values) at seeded positions, computed
# with the code before the leaf was threaded through `hard` and `playout` (commit e3052ff):
# (deal seed, actions played, round, phase, decision, playouts, sum of their values).
BEFORE = [
    (7300000, 9, 1, "exploration", "TakeTile(slot=0)", 0, 0),
    (7300000, 50, 2, "exploration", "TakeTile(slot=1)", 9, 38.03675),
    (7300000, 86, 3, "reward", "EndReward()", 6, 58.440125),
    (7300001, 9, 1, "exploration", "TakeTile(slot=0)", 0, 0),
    (7300001, 50, 2, "exploration", "TakeTile(slot=0)", 9, 37.694415),
    (7300001, 87, 4, "exploration", "TakeTile(slot=1)", 0, 0),
    (7300002, 9, 1, "exploration", "TakeTile(slot=2)", 0, 0),
    (7300002, 52, 2, "exploration", "Land(ship='grey', x=5, y=9)", 9, 82.098272),
    (7300002, 93, 3, "exploration", "TakeTile(slot=2)", 9, 101.063125),
    (7300002, 125, 4, "exploration", "TakeTile(slot=2)", 9, -40.0),
    (7300003, 5, 1, "exploration", "TakeTile(slot=0)", 0, 0),
    (7300003, 49, 1, "reward", "PlaceHouse(x=0, y=3, index=0, choice=None)", 9, -110.917375),
    (7300003, 85, 2, "reward", "PlaceHouse(x=5, y=6, index=1, choice='fruit')", 12, -23.906657),
    (7300003, 122, 3, "reward", "PlaceHouse(x=5, y=1, index=0, choice='fruit')", 15, -40.60375),
    (7300003, 155, 4, "exploration", "TakeTile(slot=1)", 0, 0),
    (7300004, 9, 1, "exploration", "TakeTile(slot=2)", 0, 0),
    (7300004, 50, 2, "exploration", "TakeTile(slot=0)", 0, 0),
    (7300004, 90, 3, "exploration", "Land(ship='red', x=0, y=2)", 9, 153.55575),
    (7300004, 122, 4, "exploration", "TakeTile(slot=0)", 0, 0),
    (7300005, 9, 1, "exploration", "TakeTile(slot=0)", 0, 0),
    (7300005, 50, 2, "exploration", "TakeTile(slot=2)", 9, 40.920375),
    (7300005, 87, 4, "exploration", "TakeTile(slot=0)", 0, 0),
]


def searched_positions():
    """(deal seed, actions played, game, seat): every 17th searched decision (the 5th
    first) of six Medium games, as `BEFORE` was drawn."""
    for k in range(6):
        n = 4 if k == 3 else 2
        g = Game.new(Options(seats=tuple(f"P{i}" for i in range(n)), seed=7_300_000 + k,
                             bots=dict.fromkeys(range(n), "medium")))
        step = 0
        while g.phase != "over":
            seat = g.to_move
            legal = g.legal_actions()
            if len(legal) > 1 and isinstance(legal[0], SEARCHED):
                step += 1
                if step % 17 == 5:
                    yield 7_300_000 + k, len(g.actions), g.clone(), seat
            g.play(bot_move(g, seat))


def test_hard_decides_as_before_the_leaf(monkeypatch):
    values = []
    playout = search.playout

    def recorded(*args, **kwargs):
        v = playout(*args, **kwargs)
        values.append(v)
        return v

    monkeypatch.setattr(search, "playout", recorded)
    found = []
    for seed, n, g, seat in searched_positions():
        values.clear()
        a = choose_action(g.view(seat), g.legal_actions(), "hard", random.Random(seed + n),
                          60.0, 3)
        found.append((seed, n, g.round, g.phase, repr(a), len(values), round(sum(values), 6)))
    assert found == BEFORE
    assert sum(row[5] for row in found) > 80  # the playouts ran, in rounds 1-4


def game_at(round_, phase="exploration", seed=7_300_010):
    """A Medium game at the first decision of `round_`'s `phase`."""
    g = Game.new(Options(seats=("A", "B"), seed=seed, bots={0: "medium", 1: "medium"}))
    while not (g.round == round_ and g.phase == phase):
        g.play(bot_move(g, g.to_move))
    return g


@pytest.mark.parametrize("round_", [1, 2, 3, 4])
def test_the_leaf_values_round_starts_of_rounds_1_to_3_only(round_):
    g = game_at(round_)
    calls = []

    def leaf(w, seat):
        calls.append((w.round, w.phase, seat))
        return 1234.5

    a, b = g.clone(), g.clone()
    with_leaf = search.playout(a, 0, random.Random(3), True, leaf)
    without = search.playout(b, 0, random.Random(3), True)
    assert a.state() == b.state()  # the leaf changes the value, never the playout
    if round_ < 4:
        assert calls == [(round_ + 1, "preparation", 0)] and with_leaf == 1234.5
        assert without == search._margin(b, 0)
    else:
        assert calls == [] and a.phase == "over" and with_leaf == without
        rows = a.scores()
        assert without == rows[0]["total"] - rows[1]["total"]  # the true margin


def test_the_learned_leaf_is_the_model_of_the_seats_view():
    model = learned.model()
    assert learned.model() is model  # read once
    for round_ in (1, 2, 3):
        g = game_at(round_)
        search.playout(g, 1, random.Random(5), True)
        assert g.phase == "preparation" and g.round == round_ + 1
        value = model.value(g.view(1))
        margin = search._margin(g, 1)
        assert learned.leaf_for(learned.LEVELS["learned"])(g, 1) == value
        assert learned.leaf_for(learned.LEVELS["learned-w50"])(g, 1) == pytest.approx(
            0.5 * value + 0.5 * margin)
        r12 = learned.leaf_for(learned.LEVELS["learned-r12"])(g, 1)
        assert r12 == (value if round_ < 3 else margin)


def test_the_learned_level_is_deterministic_given_the_seed():
    checked = 0
    for seed, n, g, seat in searched_positions():
        if g.round > 3 or seed > 7_300_002:
            continue
        view, legal = g.view(seat), g.legal_actions()
        a = learned.choose(view, legal, "learned", random.Random(seed + n), 60.0, 3)
        b = learned.choose(view, legal, "learned", random.Random(seed + n), 60.0, 3)
        assert a == b and a in legal
        checked += 1
    assert checked >= 5


def test_a_tournament_plays_a_hidden_level_and_records_it_as_hard():
    times = {}
    g = tournament.play_game(["learned", "hard"], "normal", 7_300_020, 0.001, times)
    assert g.phase == "over" and [s.bot for s in g.seats] == ["hard", "hard"]
    assert set(times) == {"learned", "hard"}
    assert tuple(learned.LEVELS) == tournament.HIDDEN_LEVELS
    with pytest.raises(ValueError):
        learned.choose(g.view(0), [EndReward(), EndReward()], "expert", random.Random(0), 1.0)


def test_the_hidden_levels_are_not_offered_by_the_app():
    from si_web.form import KINDS

    for level in learned.LEVELS:
        assert level not in BOT_LEVELS and level not in LEVELS and level not in KINDS
        with pytest.raises(MalformedInput):
            Options(seats=("A", "B"), bots={1: level})
        with pytest.raises(ValueError):
            choose_action(game_at(1).view(0), game_at(1).legal_actions(), level)
    # the player ships in Master's own archive, not in the engine's (tests/test_build.py)
    assert set(build.LEARNED_MODULES) <= {f"{m.replace('.', '/')}.py"
                                          for m in build.browser_modules()}
    assert not set(build.LEARNED_MODULES) & set(build.NOT_SHIPPED)
    assert build.master_model() == learned.LEVELS[MASTER].model == "mlp32_i2.json"


def test_master_is_the_fixed_effort_learned_level():
    # the app's Master decides as the hidden learned-i2-16 of the official runs, seed for seed
    assert MASTER == "learned-i2-16" and "master" in BOT_LEVELS and "master" in LEVELS
    checked = 0
    for seed, n, g, seat in searched_positions():
        if seed > 7_300_002:
            break
        view, legal = g.view(seat), g.legal_actions()
        a = choose_action(view, legal, "master", random.Random(seed + n), max_worlds=3)
        assert a == learned.choose(view, legal, MASTER, random.Random(seed + n), 60.0, 3)
        assert a in legal
        checked += 1
    assert checked >= 8
    g = Game.new(Options(seats=("A", "B"), seed=7_300_040, bots={1: "master"}))
    assert g.seats[1].bot == "master"


def test_the_bots_package_does_not_import_the_learned_player():
    code = ("import sys, small_islands.bots, small_islands.bots.tournament;"
            "assert not [m for m in sys.modules if 'learned' in m], sorted(sys.modules)")
    env = {"PYTHONPATH": f"{ROOT / 'engine'}"}
    subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=ROOT)


def test_the_iteration_level_uses_its_own_model_file(monkeypatch):
    # learned-i1 (expert iteration, round 1): its own file, not the env var's, not v3's
    i1 = learned.LEVELS["learned-i1"]
    assert i1.model == "mlp32_i1.json" and i1.rounds == (1, 2, 3) and i1.weight == 1.0
    monkeypatch.setenv("SI_LEARNED_MODEL", str(ROOT / "tools/learn/models/ridge_v3.json"))
    assert learned.model_path(i1.model) == str(ROOT / "tools/learn/models/mlp32_i1.json")
    assert learned.model_path() == str(ROOT / "tools/learn/models/ridge_v3.json")
    model = learned.model(i1.model)
    assert model is learned.model(i1.model) and model is not learned.model()
    g = game_at(2)
    search.playout(g, 0, random.Random(5), True)
    assert learned.leaf_for(i1)(g, 0) == model.value(g.view(0))
    # a searched decision of round 2 (with playouts in `BEFORE`), deterministic at 3 worlds
    g, seat = next((g, seat) for seed, _, g, seat in searched_positions()
                   if seed == 7_300_002 and g.round == 2)
    view, legal = g.view(seat), g.legal_actions()
    a = learned.choose(view, legal, "learned-i1", random.Random(9), 60.0, 3)
    assert a == learned.choose(view, legal, "learned-i1", random.Random(9), 60.0, 3)
    assert a in legal
    # round 2's level: the same search and leaf on a model of its own, with different weights
    i2 = learned.LEVELS["learned-i2"]
    assert i2.model == "mlp32_i2.json" and (i2.rounds, i2.weight) == (i1.rounds, i1.weight)
    assert learned.model(i2.model) is not model
    assert learned.model(i2.model).value(view) != model.value(view)


def placing_positions(count=8):
    """(game, seat) at tile-placing decisions with several placements, from Medium games."""
    found = 0
    for k in range(3):
        g = Game.new(Options(seats=("A", "B"), seed=7_300_030 + k,
                             bots={0: "medium", 1: "medium"}))
        while g.phase != "over" and found < count:
            seat = g.to_move
            legal = g.legal_actions()
            if len(legal) > 4 and isinstance(legal[0], PlaceTile) and g.round in (2, 3):
                found += 1
                yield g.clone(), seat
            g.play(bot_move(g, seat))


def test_the_placement_chooser_reranks_hards_best_by_the_model(monkeypatch):
    assert learned.place_for(learned.LEVELS["learned-i1"]) is None  # the leaf-only levels
    model = learned.model("mlp32_i1.json")
    changed = 0
    for g, seat in placing_positions():
        view, legal = g.view(seat), g.legal_actions()
        rng = random.Random(4)
        calls = []

        def keep(w, s, scored, calls=calls):
            calls.append((w.view(s), list(scored)))
            return search._best(scored)

        # Hard with a chooser that keeps Hard's best decides as Hard
        assert search.hard(view, legal, rng, 60.0, 3, None, keep) == search.hard(
            view, legal, random.Random(4), 60.0, 3)
        (w_view, scored), = calls
        # the chooser sees a sampled world: the seat's view of it differs from the true one
        # only in what the features do not read (the log, the others' bot levels)
        assert features(w_view) == features(view) and len(scored) > 1
        order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))[:4]
        values = []
        for i in order:
            after = g.clone()
            after.play_unchecked(scored[i][1])
            values.append(model.value(after.view(seat)))
        w = g.clone()
        # a gain no placement reaches: Hard's first; no gain asked: the model's best of 4
        never = learned.place_for(learned.Variant(model="mlp32_i1.json", place_top=4,
                                                  place_gain=1e9))
        always = learned.place_for(learned.Variant(model="mlp32_i1.json", place_top=4,
                                                   place_gain=0.0))
        assert never is not None and always is not None
        assert never(w, seat, scored) == search._best(scored)
        pick = always(w, seat, scored)
        assert pick == scored[order[values.index(max(values))]][1] and pick in legal
        assert w.state() == g.state()  # the chooser plays on copies only
        changed += pick != search._best(scored)
    assert changed >= 1  # the model does disagree with Hard somewhere


def test_the_fixed_effort_level_plays_sixteen_worlds_whatever_the_clock(monkeypatch):
    # learned-i2-16: learned-i2's model and search, 16 worlds a searched decision, no clock
    fixed = learned.LEVELS["learned-i2-16"]
    assert fixed.worlds == 16 and fixed.model == learned.LEVELS["learned-i2"].model
    g, seat = next((g, seat) for seed, _, g, seat in searched_positions()
                   if seed == 7_300_002 and g.round == 2)
    view, legal = g.view(seat), g.legal_actions()
    calls = []
    real = search.playout

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    ticks = iter(range(0, 10**9, 1000))  # a clock that runs 1000 s between two readings
    monkeypatch.setattr(search, "playout", counted)
    monkeypatch.setattr(search, "CLOCK", lambda: next(ticks))
    a = learned.choose(view, legal, "learned-i2-16", random.Random(4), 0.25)
    lines = len(calls) // 16
    assert lines >= 2 and len(calls) == 16 * lines
    calls.clear()
    learned.choose(view, legal, "learned-i2", random.Random(4), 0.25)
    assert len(calls) == lines  # the clock stops the timed level after its first world
    calls.clear()
    # the same decision as the timed level given 16 worlds and all the time it needs
    assert a == learned.choose(view, legal, "learned-i2", random.Random(4), 10**12, 16)
    assert len(calls) == 16 * lines


def test_the_tournament_command_plays_master(tmp_path, capsys):
    from small_islands.__main__ import main

    out = tmp_path / "games.jsonl"
    assert main(["tournament", "--a", "master", "--b", "easy", "--games", "1", "--seed", "7300050",
                 "--out", str(out)]) in (0, None)
    record = json.loads(out.read_text())
    assert record["levels"][record["a_seat"]] == "master"
    assert "A (master) win rate" in capsys.readouterr().out
