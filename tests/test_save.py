"""The event-sourced save format: round trips, garbage, unknown formats, bad replays."""

import json
import random

import pytest

from si_helpers import new_game, play_random
from small_islands import Action, EndTurn, Game, MalformedInput, PlaceTile, StartLayout, TakeTile
from small_islands.__main__ import main


@pytest.mark.parametrize("seed", range(6))
def test_round_trip_reproduces_the_identical_state(seed):
    rng = random.Random(seed)
    g = new_game(seats=2 + seed % 3, mode=("normal", "advanced")[seed % 2], seed=seed)
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()))
        if rng.random() < 0.1:
            assert Game.from_json(g.to_json()).state() == g.state()
    assert Game.from_json(g.to_json()).state() == g.state()


def test_save_is_small_plain_json():
    g = play_random(new_game(seed=3), random.Random(3))
    data = json.loads(g.to_json())
    assert data["format"] == "small-islands/1" and data["app"]
    assert data["options"]["seed"] == 3 and len(data["actions"]) == len(g.actions)
    assert len(g.to_json()) < 30_000


def test_games_without_a_seed_get_one_and_replay():
    g = Game.new()
    assert isinstance(g.options.seed, int)
    g.play(g.legal_actions()[0])
    assert Game.from_json(g.to_json()).state() == g.state()


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "not valid JSON"),
        ("{not json", "not valid JSON"),
        ("[1, 2]", "not a Small Islands save"),
        ('{"hello": 1}', "not a Small Islands save"),
        ('{"format": "small-islands/99", "options": {}, "actions": []}', "unsupported save format"),
        ('{"format": "chess/1"}', "unsupported save format"),
        ('{"format": "small-islands/1", "options": {"seats": ["a", "b"]}}', "no action list"),
        ('{"format": "small-islands/1", "options": {"seats": []}, "actions": []}', "seats"),
        (
            '{"format": "small-islands/1", "options": {"colour": 1}, "actions": []}',
            "unknown option",
        ),
        (
            '{"format": "small-islands/1", "options": {"seats": ["a","b"], "seed": 1},'
            ' "actions": [{"type": "fly"}]}',
            "unknown action type",
        ),
        (
            '{"format": "small-islands/1", "options": {"seats": ["a","b"], "seed": 1},'
            ' "actions": [{"type": "take_tile", "slot": "x"}]}',
            "take_tile",
        ),
    ],
)
def test_garbage_is_rejected_with_a_clear_error(text, words):
    with pytest.raises(MalformedInput) as e:
        Game.from_json(text)
    assert words in str(e.value)


def test_an_action_list_that_does_not_replay_is_rejected():
    g = new_game(seed=4)
    g.play(g.legal_actions()[0])
    data = json.loads(g.to_json())
    data["actions"].append(EndTurn().to_json())
    with pytest.raises(MalformedInput) as e:
        Game.from_json(json.dumps(data))
    assert "action 1" in str(e.value) and "does not replay" in str(e.value)


def test_actions_round_trip_through_json():
    for action in (
        StartLayout((("S1a", 5, 5, 0),)),
        TakeTile(2),
        PlaceTile("T07", 1, 2, 3),
        EndTurn(),
    ):
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
    with pytest.raises(MalformedInput):
        Action.from_json({"type": "take_tile", "slot": 1, "extra": 2})
    with pytest.raises(MalformedInput):
        Action.from_json({"type": "place_tile", "tile": "T01"})
    with pytest.raises(MalformedInput):
        Action.from_json("take_tile")


def test_undo_within_a_turn_but_not_past_a_reveal():
    g = new_game(seed=5)
    g.play(g.legal_actions()[0])
    while g.phase == "preparation":
        g.play(g.legal_actions()[0])
    assert not g.can_undo()
    g.play(TakeTile(1))
    assert g.can_undo()
    g.play(g.legal_actions()[0])
    before_place = g.undo()
    assert before_place.stage == "place" and len(before_place.actions) == len(g.actions) - 1
    g.play(EndTurn())  # refills the display from the face-down stack: a reveal
    assert not g.can_undo()
    with pytest.raises(Exception) as e:
        g.undo()
    assert getattr(e.value, "code", "") == "cannot_undo"


def test_cli_simulate_and_replay(tmp_path, capsys):
    assert (
        main(["simulate", "--games", "5", "--seats", "3", "--mode", "advanced", "--seed", "2"]) == 0
    )
    out = capsys.readouterr().out
    for words in (
        "games/s",
        "average score",
        "average length",
        "end conditions",
        "win rate",
        "no placeable",
    ):
        assert words in out
    g = play_random(new_game(seed=6), random.Random(6))
    path = tmp_path / "game.json"
    path.write_text(g.to_json())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{g.scores()[0]['total']}" in out and "1." in out
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["replay", str(bad)]) == 1
