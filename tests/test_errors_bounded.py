"""Engine errors never recurse: a message quotes at most a bounded part of what it was given,
so an action, a save or an option built from a value nested 20 000 deep (or a huge one) is
refused with the engine's own error, never `RecursionError`, and the state is unchanged."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import ember_isle
import small_islands
from ember_isle import errors as ember_errors
from ember_isle.actions import ACTION_TYPES as EMBER_ACTIONS
from small_islands import errors as si_errors
from small_islands.actions import ACTION_TYPES as SI_ACTIONS

DEEP = 20_000


def nested_list(depth: int = DEEP) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def nested_dict(depth: int = DEEP) -> Any:
    value: Any = {}
    for _ in range(depth):
        value = {"a": value}
    return value


HOSTILE = [nested_list(), nested_dict(), 10**5000, "x" * 1_000_000, ["\ud800", "\x00"] * 50_000]


@pytest.mark.parametrize("short", [si_errors.short, ember_errors.short], ids=["si", "ember"])
@pytest.mark.parametrize("value", HOSTILE, ids=["list", "dict", "bigint", "long", "wide"])
def test_short_is_bounded(short: Any, value: Any) -> None:
    text = short(value)
    assert len(text) <= 60


@pytest.mark.parametrize("short", [si_errors.short, ember_errors.short], ids=["si", "ember"])
def test_short_quotes_small_values_exactly(short: Any) -> None:
    for value in [["x"], {"a": 1}, (1,), (1, 2), {"k": {"j": [1, (2,)]}}, True, None, -3, 2.5,
                  "a\ud800", b"x", "T07"]:
        assert short(value) == repr(value)

    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert short(Hostile()) == "<Hostile>"


def fields_of(cls: type) -> list[str]:
    return [f.name for f in dataclasses.fields(cls)]


@pytest.mark.parametrize(("registry", "malformed"), [
    (SI_ACTIONS, small_islands.MalformedInput), (EMBER_ACTIONS, ember_isle.MalformedInput)],
    ids=["si", "ember"])
@pytest.mark.parametrize("value", HOSTILE[:2], ids=["list", "dict"])
def test_actions_from_json_refuse_hostile_fields(registry: dict[str, type], malformed: type,
                                                 value: Any) -> None:
    for name, cls in registry.items():
        for field in fields_of(cls):
            obj = {f: 0 for f in fields_of(cls)} | {"type": name, field: value}
            with pytest.raises(malformed) as caught:
                cls.from_json(obj)  # type: ignore[attr-defined]
            assert len(str(caught.value)) < 400
        with pytest.raises(malformed):
            cls.from_json({"type": name, "extra": value})  # type: ignore[attr-defined]
    with pytest.raises(malformed):
        next(iter(registry.values())).from_json(value)  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", [small_islands, ember_isle], ids=["si", "ember"])
@pytest.mark.parametrize("value", HOSTILE[:3], ids=["list", "dict", "bigint"])
def test_play_refuses_hostile_values(engine: Any, value: Any) -> None:
    """Every kind of action with one hostile field, at every step of a game's first 40
    (through setup, into the game): refused with the engine's error, the state unchanged."""
    g = engine.Game.new(engine.Options(seats=("Ann", "Bob"), seed=3))
    kinds = engine.actions.ACTION_TYPES.values()
    for _ in range(40):
        before = g.to_json()
        for cls in kinds:
            names = fields_of(cls)
            for field in names:
                action = cls(**{f: value if f == field else 0 for f in names})
                with pytest.raises((engine.IllegalAction, engine.MalformedInput)):
                    g.play(action)
        assert g.to_json() == before
        if g.phase == "over":
            break
        g.play(g.legal_actions()[0])


@pytest.mark.parametrize("value", HOSTILE[:3], ids=["list", "dict", "bigint"])
def test_options_refuse_hostile_values(value: Any) -> None:
    for field in ("seats", "seed", "mode", "solo_level"):
        with pytest.raises((small_islands.MalformedInput, ValueError, TypeError)) as caught:
            small_islands.Options(**{"seats": ("Ann", "Bob"), field: value})
        assert not isinstance(caught.value, RecursionError)
    for field in ("seats", "seed", "map", "objects", "volcano", "first_player", "bots"):
        with pytest.raises((ember_isle.MalformedInput, ValueError, TypeError)) as caught:
            ember_isle.Options(**{"seats": ("Ann", "Bob"), field: value})
        assert not isinstance(caught.value, RecursionError)
