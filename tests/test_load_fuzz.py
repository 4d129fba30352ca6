"""Loading never raises anything but `MalformedInput`, whose message names where.

Real saves (every mode, seat count and solo setting, at several points of a game) are
mutated: wrong types at every path, missing and extra keys, deep nesting, huge numbers and
strings, non-string ids, duplicate keys, truncated text, other and newer format versions.
Each load either gives a valid game or raises `MalformedInput` naming the part of the save
that is wrong.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scale import scaled

from small_islands import Action, Game, MalformedInput, Options

Path = tuple[str | int, ...]
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    7,
    1.5,
    10**30,
    -(10**30),
    "",
    "x",
    "T01",
    "S1a",
    "O1",
    "M1+R1",
    "grey",
    [],
    {},
    [1, 2],
    {"type": "end_turn"},
    [[[[["deep"]]]]],
]


def saves() -> list[str]:
    """Saves of every configuration, cut at the start, the middle and the end of a game."""
    out = []
    configs = [
        dict(seats=("A", "B"), mode="normal"),
        dict(seats=("A", "B", "C"), mode="advanced", bots={1: "hard"}),
        dict(seats=("A", "B", "C", "D"), mode="normal"),
        dict(seats=("A",), mode="normal", alexis_decides=False, solo_level=4),
        dict(seats=("A",), mode="advanced"),
    ]
    for n, config in enumerate(configs):
        g = Game.new(Options(seed=n, **config))  # type: ignore[arg-type]
        rng = random.Random(n)
        cuts = {1, 25, 90}
        while g.phase != "over":
            if len(g.actions) in cuts:
                out.append(g.to_json())
            g.play(rng.choice(g.legal_actions()))
        out.append(g.to_json())
    return out


SAVES = saves()


def paths(node: Any, prefix: Path = ()) -> Iterator[Path]:
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, (*prefix, i))


def replaced(data: Any, path: Path, value: Any) -> Any:
    data = json.loads(json.dumps(data))
    if not path:
        return value
    node = data
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return data


def removed(data: Any, path: Path) -> Any:
    data = json.loads(json.dumps(data))
    node = data
    for k in path[:-1]:
        node = node[k]
    del node[path[-1]]
    return data


def load(text: str, path: Path = ()) -> None:
    """Load: a game, or MalformedInput whose message names the part of `path` at fault."""
    try:
        Game.from_json(text)
    except MalformedInput as exc:
        message = str(exc)
        assert message
        replays = re.match(r"action \d+ \(.*\) does not replay", message)
        if path[:1] == ("options",):  # bad options, or options under which the game differs
            assert message.startswith("options: ") or replays, (path, message)
        elif path[:1] == ("actions",) and len(path) > 1:
            found = re.search(r"\baction (\d+)", message)
            assert found and int(found.group(1)) >= int(path[1]), (path, message)
        elif path[:1] == ("actions",):
            assert message.startswith("action"), (path, message)
        elif path:
            assert str(path[0]) in message or "save" in message, (path, message)


def sample_paths(data: Any, rng: random.Random, n: int = 60) -> list[Path]:
    every = list(paths(data))
    return every if len(every) <= n else [()] + rng.sample(every, n)


@pytest.mark.parametrize("index", range(len(SAVES)))
def test_wrong_types_missing_and_extra_keys_at_every_path(index: int) -> None:
    data = json.loads(SAVES[index])
    rng = random.Random(index)
    for path in sample_paths(data, rng):
        for value in rng.sample(ODD_VALUES, 6):
            load(json.dumps(replaced(data, path, value)), path)
        if path:
            load(json.dumps(removed(data, path)), path)
        node = json.loads(json.dumps(data))
        for k in path:
            node = node[k]
        if isinstance(node, dict):
            node["zz"] = 1
            load(json.dumps(replaced(data, path, node)), path)


@pytest.mark.parametrize("index", range(0, len(SAVES), 3))
def test_truncated_text(index: int) -> None:
    text = SAVES[index]
    for cut in range(0, len(text), max(1, len(text) // 300)):
        load(text[:cut])


def test_deep_nesting_huge_values_duplicate_keys_and_versions() -> None:
    text = SAVES[4]
    data = json.loads(text)
    for depth in (20, 999, 100_000):
        load(text.replace('"actions":[', '"actions":[' + "[" * depth + "]" * depth + ",", 1))
        load('{"format":"small-islands/1","options":' + "{" * depth)
    load(text.replace('"seed":', '"seed":' + "9" * 5000 + ',"x":', 1))
    load(text.replace('"seed":', '"seed":1' + "0" * 400 + ',"x":', 1))
    load(json.dumps(replaced(data, ("options", "seats", 0), "A" * 1_000_000)), ("options",))
    load(json.dumps(replaced(data, ("actions", 0, "type"), "x" * 1_000_000)), ("actions", 0))
    load(text.replace('{"format":', '{"format":"small-islands/1","format":', 1))
    with pytest.raises(MalformedInput, match="'seats' appears twice"):
        Game.from_json(text.replace('"seats":', '"seats":["Z"],"seats":', 1))
    for fmt in (
        "small-islands/2",
        "small-islands/0",
        "small-islands/999999999999",
        "other/1",
        "small-islands/x",
        1,
        None,
    ):
        with pytest.raises(MalformedInput) as e:
            Game.from_json(json.dumps(replaced(data, ("format",), fmt)))
        assert "format" in str(e.value)
    with pytest.raises(MalformedInput, match="newer version"):
        Game.from_json(json.dumps(replaced(data, ("format",), "small-islands/2")))
    for raw in (b"\xff\xfe", b"", "", "null", "[]", '"text"', "1e999", "NaN", 42, None):
        with pytest.raises(MalformedInput):
            Game.from_json(raw)  # type: ignore[arg-type]


def test_non_string_ids_everywhere() -> None:
    for text in SAVES:
        data = json.loads(text)
        for path in paths(data):
            if path[:1] != ("actions",) or len(path) < 3:
                continue
            node = data
            for k in path:
                node = node[k]
            if isinstance(node, str) and path[-1] != "type":
                for value in (1, ["T01"], {"id": "T01"}, None):
                    load(json.dumps(replaced(data, path, value)), path)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=scaled(400, 40), deadline=None, database=None, derandomize=True)
@given(
    obj=json_values,
    kind=st.sampled_from(
        ["take_tile", "place_tile", "start_layout", "place_house", "choose_objective", "land"]
    ),
)
def test_action_from_json_of_anything(obj: Any, kind: str) -> None:
    for candidate in (obj, {"type": kind, **(obj if isinstance(obj, dict) else {"x": obj})}):
        try:
            action = Action.from_json(candidate)
        except MalformedInput as exc:
            assert str(exc)
        else:
            action.validate_types()
            hash(action)
            assert Action.from_json(action.to_json()) == action
