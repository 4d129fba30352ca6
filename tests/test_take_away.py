"""The third game's rules and screens (`tests/take_away/`), in CPython; its life in the app
is `e2e/test_third_game.py`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "take_away"))

from game_kit.errors import IllegalAction, MalformedInput  # noqa: E402
from game_shell.kept_games import summary_problem  # noqa: E402
from take_away import TakeAway, screens  # noqa: E402


def test_a_game_is_played_saved_and_summarized() -> None:
    g = TakeAway(("Ann", "Ben"))
    for n in (3, 3, 3, 3, 3):
        g.play(n)
    assert g.over and g.winner == 0 and "Ann took the last stone" in screens.render(g, None)
    again = TakeAway.from_json(g.to_json())
    assert again == g
    s = g.summary(1)
    assert summary_problem(s) is None and s["id"] == g.summary(2)["id"]  # its id: its content


def test_illegal_moves_and_damaged_saves_are_refused() -> None:
    g = TakeAway(("Ann", "Ben"), pile=2)
    with pytest.raises(IllegalAction):
        g.play(3)
    assert g.moves == []
    for text in ('{"format": "take-away/1", "names": ["A", "B"], "pile": 5, "moves": [4]}',
                 '{"format": "other/1"}', "[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]"):
        with pytest.raises(MalformedInput):
            TakeAway.from_json(text)


def test_its_screens_escape_names() -> None:
    g = TakeAway(("<b>Ann</b>", "Ben"))
    assert "<b>Ann</b>" not in screens.render(g, "<i>")
