"""The learned value of issue 31: self-play records, features of a view, the pure-Python model."""

import gzip
import json
import os
import random

import pytest
from test_bots import alter_hidden

from small_islands import Game, Options
from small_islands.bots import bot_move
from small_islands.bots.learned_features import FEATURE_VERSION, NAMES, features
from small_islands.bots.learned_value import Model, load
from small_islands.bots.world import determinize
from tools.learn import dataset, generate

MEDIUM_SEEDS = (7_000_000, 7_000_001)  # both seats Medium in `game_plan`: quick games
MODELS = os.path.join(os.path.dirname(__file__), "..", "tools", "learn", "models")


def positions(seed, seats=2):
    """(game, seat) at every decision of a Medium game."""
    g = Game.new(Options(seats=tuple(f"P{k}" for k in range(seats)), seed=seed,
                         bots=dict.fromkeys(range(seats), "medium")))
    while g.phase != "over":
        if len(g.legal_actions()) > 1:
            yield g, g.to_move
        g.play(bot_move(g, g.to_move))


def test_features_are_numbers_named_and_deterministic():
    count = 0
    for g, seat in positions(11):
        x = features(g.view(seat))
        assert len(x) == len(NAMES) and all(isinstance(v, float) for v in x)
        assert x == features(g.view(seat))
        count += 1
    assert count > 50
    assert len(set(NAMES)) == len(NAMES)


@pytest.mark.parametrize("seats", [2, 4])
def test_hidden_state_does_not_change_the_features(seats):
    rng = random.Random(5)
    changed_hidden = 0
    for i, (g, seat) in enumerate(positions(12, seats)):
        if i % 3:
            continue
        x = features(g.view(seat))
        h = alter_hidden(g, seat, rng)
        for k, s in enumerate(h.seats):  # the others' current objectives too, while unseen
            if k != seat and s.now and not s.revealed and h.decks["O"]:
                card = h.decks["O"].pop(0)
                h.decks["O"].append(s.now)
                s.now = card
        changed_hidden += h.state() != g.state()
        assert features(h.view(seat)) == x
        assert features(determinize(g.view(seat), rng).view(seat)) == x
    assert changed_hidden > 10


def test_features_see_what_the_seat_sees():
    """A feature vector changes when public state or the seat's own cards change."""
    g, seat = next((g, s) for g, s in positions(13) if g.phase == "exploration")
    x = features(g.view(seat))
    h = g.clone()
    h.seats[seat].pp += 5
    assert features(h.view(seat))[NAMES.index("me_pp")] == x[NAMES.index("me_pp")] + 5
    other = 1 - seat
    h = g.clone()
    h.seats[other].bonus -= 1
    assert features(h.view(seat)) != x


def test_self_play_games_repeat_and_chunks_resume(tmp_path):
    first = MEDIUM_SEEDS[0]
    a, b = generate.play(first), generate.play(first)
    a.pop("cpu_s"), b.pop("cpu_s")
    assert a == b
    assert a["levels"] == ["medium", "medium"]
    assert generate.run_chunk(str(tmp_path), first, 2) > 0
    path = generate.chunk_path(str(tmp_path), first)
    stamp = os.path.getmtime(path)
    assert generate.run_chunk(str(tmp_path), first, 2) == 0.0  # done: skipped
    assert os.path.getmtime(path) == stamp
    records = generate.read_chunks(str(tmp_path))
    assert [r["seed"] for r in records] == [first, first + 1]
    with gzip.open(path, "rt", encoding="utf-8") as f:
        assert len(f.readlines()) == 2


def test_seeds_of_the_official_runs_are_refused(tmp_path):
    with pytest.raises(SystemExit):
        generate.main(["--seed", "0", "--chunks", "1", "--out", str(tmp_path)])


def test_labels_are_what_followed():
    record = generate.play(MEDIUM_SEEDS[1])
    rows = dataset.rows(record)
    assert len(rows) > 50
    totals = record["totals"]
    for r in rows:
        other = max(t for i, t in enumerate(totals) if i != r["seat"])
        assert r["final_margin"] == totals[r["seat"]] - other
        assert r["final_total"] == totals[r["seat"]]
        assert r["round_gain"] >= 0
        assert 1 <= r["round"] <= 4
    # the replayed view at a decision is the view the deciding seat had
    k, g, seat, _ = next(dataset.positions(record))
    assert g.to_move == seat and len(g.legal_actions()) > 1 and k == record["decisions"][1][0]


def numpy_models():
    np = pytest.importorskip("numpy")
    from tools.learn import train

    rng = np.random.default_rng(0)
    x = rng.normal(size=(400, len(NAMES)))
    x[:, 0] = 1.0
    y = x[:, 5] * 2 - x[:, 7] + np.maximum(0, x[:, 9]) + rng.normal(scale=0.1, size=400)
    mean, scale = train.standardize(x)
    z = (x - mean) / scale
    ridge, _ = train.fit_ridge(z[:300], y[:300], z[300:], y[300:])
    mlp, _ = train.fit_mlp(z[:300], y[:300], z[300:], y[300:], hidden=8, seed=1, epochs=3)
    out = []
    for m in (ridge, mlp):
        data = {**m, "feature_version": FEATURE_VERSION, "names": list(NAMES),
                "mean": mean.tolist(), "scale": scale.tolist()}
        out.append((Model.from_json(json.loads(json.dumps(data))), train.predict(m, z), x))
    return out


def test_pure_python_model_reproduces_numpy():
    for model, expected, x in numpy_models():
        for row, want in zip(x[:50], expected[:50], strict=True):
            assert model.predict([float(v) for v in row]) == pytest.approx(float(want), abs=1e-9)


def test_a_model_of_other_features_is_refused():
    data = {"kind": "linear", "w": [0.0] * len(NAMES), "b": 0.0, "feature_version": 99,
            "names": list(NAMES), "mean": [0.0] * len(NAMES), "scale": [1.0] * len(NAMES)}
    with pytest.raises(ValueError, match="other features"):
        Model.from_json(data)
    data["feature_version"] = FEATURE_VERSION
    data["names"] = list(NAMES[:-1]) + ["something else"]
    with pytest.raises(ValueError, match="other features"):
        Model.from_json(data)


def test_the_kept_models_are_small_and_load():
    names = [n for n in os.listdir(MODELS) if n.endswith(".json") and ".report" not in n]
    assert names
    g, seat = next(positions(14))
    for name in names:
        path = os.path.join(MODELS, name)
        with open(path, "rb") as f:
            assert len(gzip.compress(f.read())) <= 200_000
        value = load(path).value(g.view(seat))
        assert -60.0 < value < 60.0
        np = pytest.importorskip("numpy")
        from tools.learn import train

        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        z = (np.array([features(g.view(seat))]) - np.array(data["mean"])) / np.array(data["scale"])
        assert value == pytest.approx(float(train.predict(data, z)[0]), abs=1e-9)


def test_placement_gain_is_mediums_one_turn_value():
    """Version 3's `me_hand_gain` / `me_display_gain`: Medium's best placement value of the
    hand's (the display's) tiles on the game's map, minus the map's value as it stands."""
    from small_islands.bots.learned_features import turns_left
    from small_islands.bots.policy import Ctx, placement_values

    checked = 0
    for g, seat in positions(15):
        view = g.view(seat)
        x = features(view)
        if not turns_left(view)[seat]:
            assert x[NAMES.index("me_hand_gain")] == x[NAMES.index("me_display_gain")] == 0.0
            continue
        if g.phase != "exploration":
            continue
        ctx = Ctx.of(g, seat)
        base = ctx.total(list(ctx.vals_now), list(ctx.vals_later))
        hand = g.seats[seat].hand
        display = [t for t in g.display if t is not None]
        for name, tiles in (("me_hand_gain", hand), ("me_display_gain", display)):
            values = [v for v, _ in placement_values(ctx, tiles)]
            want = max(values) - base if values else 0.0
            assert x[NAMES.index(name)] == pytest.approx(want, abs=1e-9)
        checked += 1
    assert checked > 30


def test_turns_left_follow_the_navigation_stack():
    from small_islands.bots.learned_features import turns_left

    for g, seat in positions(16, 4):
        view = g.view(seat)
        t = turns_left(view)
        if g.phase == "exploration":
            placed = 1 if g.stage == "bonus" else 0
            assert sum(t) == len(g.navigation) + 1 - placed
            assert max(t) - min(t) <= 1
        elif g.phase == "reward":
            assert t == [0, 0, 0, 0]
