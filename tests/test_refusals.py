"""The four holes found by the engine audit: each refused now, the state unchanged."""

from __future__ import annotations

import json

import pytest

from si_helpers import strip
from small_islands import (
    AlexisStep,
    Board,
    ChooseHouse,
    EndReward,
    Game,
    IllegalAction,
    MalformedInput,
    Options,
    PlaceHouse,
)


def solo_at_alexis_reward(decides: bool) -> Game:
    """A solo game where Alexis's reward phase is next (two islands meeting mission M1)."""
    g = Game.new(Options(seats=("Me",), seed=1, alexis_decides=decides))
    g.play(g.legal_actions()[0])
    g.play(g.legal_actions()[0])
    g.board = Board(12, 12)
    strip(g.board, [["flower", "house", "house"], ["flower", "house"]])
    g.solo.stack.remove(next(c for c in g.solo.stack if c.startswith("E")))  # type: ignore[union-attr]
    g.solo.stack.append("E1")  # type: ignore[union-attr]  # mission M1: 2 flowers
    g.ship_placer = 1
    g.start_reward(1, final=False)
    assert g.stage == "alexis" and g.to_move == 1
    return g


def refused(g: Game, action: object, seat: int | None = None) -> IllegalAction:
    """Play `action`; it must raise IllegalAction and change nothing anyone can see."""
    before = (g.to_json(), [json.dumps(g.view(s)) for s in range(len(g.seats))], g.state())
    with pytest.raises(IllegalAction) as e:
        g.play(action, seat=seat)  # type: ignore[arg-type]
    after = (g.to_json(), [json.dumps(g.view(s)) for s in range(len(g.seats))], g.state())
    assert after == before
    return e.value


@pytest.mark.parametrize("decides", [True, False])
def test_end_reward_is_refused_on_alexiss_reward_step(decides: bool) -> None:
    g = solo_at_alexis_reward(decides)
    assert g.legal_actions() == [AlexisStep()]
    assert refused(g, EndReward()).code == "wrong_step"
    assert refused(g, PlaceHouse(2, 5, 1)).code == "wrong_step"
    g.play(AlexisStep())  # and his reward still happens
    assert any(e["text"].startswith("draws E1") for e in g.log)


def test_end_reward_and_place_house_refused_while_the_human_picks_alexiss_house() -> None:
    g = solo_at_alexis_reward(decides=False)
    g.play(AlexisStep())
    assert g.stage == "alexis_house" and g.to_move == 0
    assert all(isinstance(a, ChooseHouse) for a in g.legal_actions())
    deck_before = list(g.decks["O"])
    assert refused(g, EndReward()).code == "wrong_step"
    assert refused(g, PlaceHouse(2, 5, 1)).code == "wrong_step"
    assert refused(g, PlaceHouse(2, 5, 1), seat=0).code == "wrong_step"
    assert g.decks["O"] == deck_before
    g.play(g.legal_actions()[0])


def a_save(**changes: object) -> str:
    g = Game.new(Options(seats=("Ann", "Bob"), seed=5))
    g.play(g.legal_actions()[0])
    data = json.loads(g.to_json())
    for path, value in changes.items():
        node = data
        keys = path.split("__")
        for k in keys[:-1]:
            node = node[int(k)] if isinstance(node, list) else node[k]
        last = keys[-1]
        node[int(last) if isinstance(node, list) else last] = value
    return json.dumps(data)


@pytest.mark.parametrize("tile_id", [{"a": 1}, ["S1a"], 7, None, True])
def test_a_layout_with_a_non_string_tile_id_is_malformed_input(tile_id: object) -> None:
    text = a_save(actions__0__placements__0__0=tile_id)
    with pytest.raises(MalformedInput) as e:
        Game.from_json(text)
    assert "action 0" in str(e.value)


@pytest.mark.parametrize("depth", [50, 5_000, 200_000])
def test_deeply_nested_json_is_malformed_input(depth: int) -> None:
    text = '{"format": "small-islands/1", "options": ' + "[" * depth + "]" * depth + "}"
    with pytest.raises(MalformedInput) as e:
        Game.from_json(text)
    assert "nested" in str(e.value)
    with pytest.raises(MalformedInput):
        Game.from_json('{"format": "small-islands/1", "x": "' + "[" * depth + '"')


@pytest.mark.parametrize("value", ["no", 0, 1, None, "false", []])
def test_alexis_decides_must_be_a_bool(value: object) -> None:
    with pytest.raises(MalformedInput) as e:
        Game.from_json(a_save(options__alexis_decides=value))
    assert str(e.value).startswith("options: alexis_decides")
    with pytest.raises(MalformedInput):
        Options(seats=("Me",), alexis_decides=value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("solo_level", True),
        ("solo_level", 2.0),
        ("table", [12, True]),
        ("table", 12),
        ("seed", False),
        ("seed", 1.5),
        ("first_player", True),
        ("colours", ["blue", 3]),
        ("colours", "blue"),
        ("mode", ["normal"]),
        ("bots", {"1": 3}),
        ("bots", {"9" * 5000: "easy"}),
        ("seats", "Ann"),
        ("seats", ["Ann", 5]),
    ],
)
def test_every_option_field_is_type_checked(field: str, value: object) -> None:
    with pytest.raises(MalformedInput) as e:
        Game.from_json(a_save(**{f"options__{field}": value}))
    assert str(e.value).startswith("options: ")
