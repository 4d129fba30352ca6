"""Solo mode is an automaton plugged in through hooks: no solo branch in the game, and Alexis
reaches the game only through the documented `hooks.Table` interface."""

from __future__ import annotations

import ast
import inspect
import random
import re
from pathlib import Path

from si_helpers import play_random
from small_islands import Game, Options, hooks, solo
from small_islands.modes import AUTOMATA, AUTOMATON_HANDLERS, SCORE_COLUMNS

ENGINE = Path(__file__).resolve().parent.parent / "engine" / "small_islands"


def _table_members() -> set[str]:
    return {n for n in vars(hooks.Table) if not n.startswith("_")}


def _game_attributes(source: str) -> set[str]:
    """Attributes read or called on a name `game` anywhere in `source`."""
    return {
        node.attr
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "game"
    }


def test_game_py_has_no_solo_branch() -> None:
    lines = (ENGINE / "game.py").read_text().splitlines()
    hits = [line.strip() for line in lines if re.search(r"solo|alexis", line, re.IGNORECASE)]
    # only the compatibility alias `Game.solo` (a property and its setter)
    assert hits == [
        "def solo(self) -> Any:",
        '"""Solo mode\'s name for `automaton_state` (Alexis\'s `SoloState`), kept for callers."""',
        "@solo.setter",
        "def solo(self, state: Any) -> None:",
    ]


def test_solo_py_uses_only_the_table_interface() -> None:
    used = _game_attributes((ENGINE / "solo.py").read_text())
    assert used, "the check sees solo.py's uses of the game"
    assert used <= _table_members(), f"not in hooks.Table: {sorted(used - _table_members())}"
    assert not any(name.startswith("_") for name in used)


def test_the_check_sees_a_private_use() -> None:
    assert _game_attributes("def f(game):\n    game._revealed = True\n") == {"_revealed"}


def test_a_game_offers_every_member_of_the_table() -> None:
    g = Game.new(Options(seats=("Me",), seed=3))
    for name in _table_members():
        assert hasattr(g, name), name
    table = inspect.signature(hooks.Table.place_tile_for).parameters
    assert list(inspect.signature(g.place_tile_for).parameters) == list(table)[1:]


def test_options_select_the_automaton_from_the_registry() -> None:
    assert set(AUTOMATA) == {"alexis"} and isinstance(AUTOMATA["alexis"], solo.Alexis)
    assert Options(seats=("Me",)).automaton == "alexis"
    assert Options(seats=("A", "B")).automaton is None
    g = Game.new(Options(seats=("Me",), seed=3))
    assert g.automaton is AUTOMATA["alexis"] and isinstance(g.automaton_state, solo.SoloState)
    assert Game.new(Options(seats=("A", "B"), seed=3)).automaton is None
    assert set(AUTOMATA["alexis"].handlers) <= set(AUTOMATON_HANDLERS)
    assert SCORE_COLUMNS == ("alexis_bonus",)


def test_game_solo_is_the_automaton_state() -> None:
    g = Game.new(Options(seats=("Me",), seed=3))
    assert g.solo is g.automaton_state
    other = g.solo.copy()
    g.solo = other
    assert g.automaton_state is other
    assert Game.new(Options(seats=("A", "B"), seed=3)).solo is None


def test_a_clone_has_its_own_automaton_state() -> None:
    g = Game.new(Options(seats=("Me",), seed=5))
    play_random(g, random.Random(5), until=lambda g: len(g.actions) > 20)
    c = g.clone()
    assert c.automaton_state == g.automaton_state and c.automaton_state is not g.automaton_state
    play_random(c, random.Random(6))
    assert c.automaton_state != g.automaton_state
