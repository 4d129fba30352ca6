"""The views' types say what the views hold: every seat view, public view and legal-action
description of whole random games matches its `TypedDict` (each key declared, each required
key present, each value of its declared type, nested parts too). The views stay plain dicts,
the same JSON as before they were typed."""

from __future__ import annotations

import random
import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest
from scale import scaled

import ember_isle
import small_islands
from ember_isle import view as ei_view
from small_islands import view as si_view


def check(value: Any, tp: Any, where: str) -> None:
    """Assert that `value` is of type `tp` (TypedDicts, lists, dicts, unions, literals,
    plain types; `Any` accepts anything)."""
    origin = get_origin(tp)
    if tp is Any:
        return
    if is_typeddict(tp):
        assert isinstance(value, dict), where
        keys = set(value)
        assert tp.__required_keys__ <= keys, (where, tp.__required_keys__ - keys)
        assert keys <= tp.__required_keys__ | tp.__optional_keys__, (
            where, keys - tp.__required_keys__ - tp.__optional_keys__)
        hints = get_type_hints(tp)
        for key, item in value.items():
            check(item, hints[key], f"{where}.{key}")
    elif origin in (Union, types.UnionType):
        problems = []
        for option in get_args(tp):
            try:
                check(value, option, where)
                return
            except AssertionError as exc:
                problems.append(exc)
        raise AssertionError(where, value, tp, problems)
    elif origin is list:
        assert isinstance(value, list), (where, value)
        for i, item in enumerate(value):
            check(item, get_args(tp)[0], f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), (where, value)
        key_type, value_type = get_args(tp)
        for key, item in value.items():
            check(key, key_type, f"{where} key")
            check(item, value_type, f"{where}[{key!r}]")
    elif origin is Literal:
        assert value in get_args(tp), (where, value)
    elif tp is type(None) or tp is None:
        assert value is None, (where, value)
    else:
        assert type(value) is tp, (where, value, tp)  # no bool for an int


def test_the_checker_catches_a_wrong_key_and_a_wrong_value() -> None:
    seat = {"seat": 0, "name": "Ann", "colour": "red", "bot": None, "alexis": False, "pp": 0,
            "stock": 1, "reserve": 2, "bonus": 3, "ship": False}
    check(seat, si_view.PublicSeatView, "seat")
    with pytest.raises(AssertionError):
        check({**seat, "hand": []}, si_view.PublicSeatView, "seat")
    with pytest.raises(AssertionError):
        check({**seat, "pp": True}, si_view.PublicSeatView, "seat")
    with pytest.raises(AssertionError):
        check({k: v for k, v in seat.items() if k != "pp"}, si_view.PublicSeatView, "seat")


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_small_islands_views_match_their_types(seats: int) -> None:
    rng = random.Random(seats)
    for seed in range(scaled(4, 1)):
        mode = ("normal", "advanced")[seed % 2]
        names = tuple(f"P{i}" for i in range(seats))
        g = small_islands.Game.new(small_islands.Options(seats=names, mode=mode, seed=seed))
        while True:
            check(si_view.public_view(g), si_view.PublicView, "public")
            for seat in range(len(g.seats)):
                view = si_view.seat_view(g, seat)
                check(view, si_view.SeatView, f"seat {seat}")
                assert view == g.view(seat)
            if g.to_move is not None and g.phase != "over":
                check(si_view.legal_json(g), si_view.LegalView, "legal")
            if g.phase == "over":
                break
            g.play(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_ember_isle_views_match_their_types(seats: int) -> None:
    rng = random.Random(seats)
    for seed in range(scaled(3, 1)):
        names = tuple(f"P{i}" for i in range(seats))
        g = ember_isle.Game.new(ember_isle.Options(seats=names, seed=seed, volcano=seed % 2 == 0))
        step = 0
        while True:
            if step % 3 == 0 or g.phase == "over":
                check(ei_view.public_view(g), ei_view.PublicView, "public")
                for seat in range(len(g.seats)):
                    view = ei_view.seat_view(g, seat)
                    check(view, ei_view.SeatView, f"seat {seat}")
                    assert view == g.view(seat)
            if g.phase == "over":
                break
            g.play(rng.choice(g.legal_actions()))
            step += 1
