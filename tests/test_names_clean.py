"""Player names as shown: NFC, no bidirectional overrides, zero-width or control characters,
in both engines (so on entry, in saves and in imported files alike), and the player is told."""

from __future__ import annotations

import json

import pytest

import ember_isle
import small_islands
from ei_web.app import EmberApp
from game_shell.storage import MemoryStorage
from si_web.app import App

TRICKS = {
    "\u202eAnn": "Ann",  # right-to-left override: shown reversed
    "A\u200bnn": "Ann",  # zero-width space: looks like "Ann"
    "\u2066Bob\u2069": "Bob",  # isolates
    "Bo\u00adb": "Bob",  # soft hyphen (a format character)
    "Ze\u0301e": "Z\u00e9e",  # NFC
    " Eve\x00 ": "Eve",
    "Sam\ud800": "Sam",
}


@pytest.mark.parametrize("engine", [small_islands, ember_isle], ids=["si", "ember"])
def test_options_clean_every_name(engine) -> None:  # type: ignore[no-untyped-def]
    for typed, shown in TRICKS.items():
        options = engine.Options(seats=(typed, "Other"))
        assert options.seats[0] == shown
    with pytest.raises(engine.MalformedInput):
        engine.Options(seats=("\u200b\u202e", "Other"))  # nothing visible is left


@pytest.mark.parametrize("engine", [small_islands, ember_isle], ids=["si", "ember"])
def test_a_save_or_file_with_hidden_characters_loads_with_clean_names(engine) -> None:  # type: ignore[no-untyped-def]
    game = engine.Game.new(engine.Options(seats=("Ann", "Bob"), seed=2))
    game.play(game.legal_actions()[0])
    text = game.to_json().replace('"Ann"', json.dumps("\u202eAnn\u200b"))
    loaded = engine.Game.from_json(text)
    assert [s.name for s in loaded.seats] == ["Ann", "Bob"]
    assert loaded.actions == game.actions


def test_the_new_game_forms_say_when_a_name_was_cleaned() -> None:
    app = App(MemoryStorage())
    app.handle("new", {}, {"name-0": "\u202eAnn", "name-1": "Bob", "speed": "instant",
                           "kind-1": "human"})
    assert app.game is not None and [s.name for s in app.game.seats] == ["Ann", "Bob"]
    assert app.notice is not None and "text-direction" in app.notice and "Ann" in app.notice
    plain = App(MemoryStorage())
    plain.handle("new", {}, {"name-0": "Ann", "name-1": "Bob", "speed": "instant",
                             "kind-1": "human"})
    assert plain.notice is None
    ember = EmberApp(MemoryStorage())
    ember.handle("ei-new", {}, {"ei-name-0": "A\u200bnn", "ei-name-1": "Bob",
                                "ei-kind-0": "human", "ei-kind-1": "human"})
    assert ember.game is not None and ember.game.seats[0].name == "Ann"
    assert ember.message is not None and "Invisible" in ember.message
