"""Saves: event-sourced "ember-isle/1", replay, undo, and a fuzz of broken saves that must
raise nothing but MalformedInput."""

import contextlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scale import scaled

from ember_isle import FORMAT, Action, Game, MalformedInput, Options, Pass
from ember_isle.actions import ACTION_TYPES


def some_game(seed=3, steps=140, seats=3):
    g = Game.new(Options(seats=tuple("ABCD"[:seats]), seed=seed, map="random"))
    rng = random.Random(seed)
    for _ in range(steps):
        if g.phase == "over":
            break
        g.play(rng.choice(g.legal_actions()))
    return g


def test_save_format_and_round_trip():
    g = some_game()
    data = json.loads(g.to_json())
    assert data["format"] == FORMAT == "ember-isle/1"
    assert set(data) == {"format", "app", "options", "actions"}
    again = Game.from_json(g.to_json())
    assert again.state() == g.state() and again.to_json() == g.to_json()


def test_round_trip_in_every_phase():
    phases = set()
    for seed in range(11, 30):
        g = Game.new(Options(seats=("A", "B"), seed=seed, objects="players"))
        rng = random.Random(seed)
        while g.phase != "over":
            if g.stage not in phases:
                phases.add(g.stage)
                assert Game.from_json(g.to_json()).state() == g.state()
            g.play(rng.choice(g.legal_actions()))
        assert Game.from_json(g.to_json()).state() == g.state()
        if {"objects", "triads", "seed", "turn", "move", "offer", "lava"} <= phases:
            return
    raise AssertionError(f"some stages never seen: {phases}")


def test_seedless_options_get_a_seed_that_is_saved():
    g = Game.new(Options(seats=("A", "B")))
    assert isinstance(g.options.seed, int)
    assert Game.from_json(g.to_json()).state() == g.state()


def test_actions_round_trip_as_json():
    g = some_game(seed=5, steps=400, seats=4)
    for a in g.actions:
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a


def test_undo_is_a_replay_without_the_last_action():
    g = some_game(seed=8, steps=60)
    while not g.can_undo():
        g.play(random.Random(1).choice(g.legal_actions()))
    back = g.undo()
    assert back.to_json() == Game.replay(g.options, g.actions[:-1]).to_json()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[]",
        "{}",
        '{"format": "small-islands/1", "options": {}, "actions": []}',
        '{"format": "ember-isle/2", "options": {}, "actions": []}',
        '{"format": "ember-isle/1", "options": {"seats": ["A"]}, "actions": []}',
        '{"format": "ember-isle/1", "options": {"seats": ["A", "B"]}, "actions": {}}',
        '{"format": "ember-isle/1", "options": {"seats": ["A", "B"], "map": "Z9"}, "actions": []}',
        '{"format": "ember-isle/1", "options": {"seats": ["A", "B"], "seed": 1},'
        ' "actions": [{"type": "raise", "column": "pearl"}]}',
        '{"format": "ember-isle/1", "options": {"seats": ["A", "B"], "seed": 1},'
        ' "actions": [{"type": "bound"}]}',
        '{"format": "ember-isle/1", "options": {"seats": ["A", "B"], "seed": 1},'
        ' "actions": [{"type": "fly", "hex": [0, 0]}]}',
        '{"format": "ember-isle/1", "options": {"seats": ["A", "B"], "volcano": "no"},'
        ' "actions": []}',
        '{"format": "ember-isle/1", "options": {"seats": ["A", "B"], "objects": "default",'
        ' "map": "A1B1C1"}, "actions": []}',
        "[" * 100_000,
    ],
)
def test_broken_saves_raise_malformed_input(text):
    with pytest.raises(MalformedInput):
        Game.from_json(text)


def _mutations(text: str, rng: random.Random):
    data = json.loads(text)
    actions = data["actions"]
    yield text[: rng.randrange(len(text))]
    i = rng.randrange(len(text))
    yield text[:i] + rng.choice('{}[]",:0a-') + text[i + 1 :]
    if actions:
        k = rng.randrange(len(actions))
        yield json.dumps({**data, "actions": actions[:k] + actions[k + 1 :]})
        swapped = list(actions)
        j = rng.randrange(len(actions))
        swapped[k], swapped[j] = swapped[j], swapped[k]
        yield json.dumps({**data, "actions": swapped})
        bent = json.loads(json.dumps(actions))
        field = rng.choice([f for f in bent[k] if f != "type"] or ["type"])
        bent[k][field] = rng.choice([None, 7, -1, "x", [], {}, [0, 0], [99, 99], True, 1.5])
        yield json.dumps({**data, "actions": bent})
        yield json.dumps({**data, "actions": actions + [rng.choice(actions)]})
    opts = dict(data["options"])
    key = rng.choice(sorted(opts))
    opts[key] = rng.choice([None, 0, 5, "x", [], {}, ["A"], True, -3])
    yield json.dumps({**data, "options": opts})


def test_fuzzed_saves_raise_only_malformed_input():
    rng = random.Random(20)
    loaded = refused = 0
    for seed in range(12):
        text = some_game(seed=seed, steps=rng.randrange(5, 250), seats=2 + seed % 3).to_json()
        for _ in range(12):
            for bad in _mutations(text, rng):
                try:
                    Game.from_json(bad)
                    loaded += 1
                except MalformedInput:
                    refused += 1
    assert refused > 500 and loaded > 0


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 200) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


@settings(
    max_examples=scaled(300, 30), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    options=json_values,
    action_type=st.sampled_from(sorted(ACTION_TYPES)),
    fields=st.dictionaries(
        st.sampled_from(
            [
                "hex",
                "card",
                "column",
                "tile",
                "power",
                "choice",
                "kind",
                "facing",
                "triad",
                "match",
                "lava",
                "new",
            ]
        ),
        json_values,
        max_size=4,
    ),
)
def test_arbitrary_json_raises_only_malformed_input(options, action_type, fields):
    for text in (
        json.dumps({"format": FORMAT, "options": options, "actions": []}),
        json.dumps(
            {
                "format": FORMAT,
                "options": {"seats": ["A", "B"], "seed": 1},
                "actions": [{"type": action_type, **fields}],
            }
        ),
    ):
        with contextlib.suppress(MalformedInput):
            Game.from_json(text)


def test_play_refuses_non_actions_with_malformed_input():
    g = Game.new(Options(seats=("A", "B"), seed=1))
    for bad in (None, "pass", {"type": "pass"}, Pass):
        with pytest.raises(MalformedInput):
            g.play(bad)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"seats": ("A",)},
        {"seats": ("A", "B", "C", "D", "E")},
        {"seats": ("A", "")},
        {"seats": ("A", "B"), "map": "A1A2B1"},
        {"seats": ("A", "B"), "objects": "default", "map": "random"},
        {"seats": ("A", "B"), "first_player": 2},
        {"seats": ("A", "B"), "bots": {0: "expert"}},
        {"seats": ("A", "B"), "colours": ("red", "red")},
        {"seats": ("A", "B"), "seed": "7"},
    ],
)
def test_bad_options(kwargs):
    with pytest.raises(MalformedInput):
        Options(**kwargs)


def test_command_line(tmp_path, capsys):
    from ember_isle.__main__ import main

    assert main(["simulate", "--games", "2", "--seats", "3"]) == 0
    assert "games: 2  seats: 3" in capsys.readouterr().out
    save = tmp_path / "game.json"
    save.write_text(some_game(seed=2, steps=50).to_json())
    assert main(["replay", str(save)]) == 0
    assert "points" in capsys.readouterr().out
    save.write_text("{}")
    assert main(["replay", str(save)]) == 1
    assert main(["tournament", "--games", "1", "--seats", "2"]) == 0
    assert "win rate by seat" in capsys.readouterr().out


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, "{" * 17, b'{"a":' * 40, '{"format": ' + "[" * 16 + "1" + "]" * 16 + "}"],
)
def test_deeply_nested_text_is_refused_before_parsing(text: str | bytes) -> None:
    # Under Pyodide, parsing deeply nested JSON overflows the JavaScript stack (a fatal error,
    # not a RecursionError), so the depth is checked on the text first.
    with pytest.raises(MalformedInput, match="nested more than 16 levels"):
        Game.from_json(text)
