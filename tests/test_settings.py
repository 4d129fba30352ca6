"""The device's settings, the shell's (`game_shell.settings`): one record for every game,
reading never raises (each value checked on its own), a game's own choices kept under its
name, the Settings screen and its taps, and an older build's record moved in."""

from __future__ import annotations

import dataclasses
import json

import pytest
from web_driver import tappables

from game_shell import registry
from game_shell import settings as shell
from game_shell.registry import Choice, GamePlugin
from game_shell.storage import MemoryStorage

DICE = GamePlugin(
    name="dice", title="Dice", order=5, entry="dice.browser", packages=("dice",),
    archive="dice.pack.gz",
    settings=(Choice("speed", "Rolling speed", (("slow", "Slow"), ("quick", "Quick")), "How fast.",
                     default="quick"),
              Choice("sums", "Show sums", shell.ON_OFF)),
    old_settings=("dice/prefs", "dice-prefs/1"),
)
GAMES = [DICE]


@pytest.mark.parametrize(
    "raw",
    [
        None, "", "{", "[]", "null", "42", '"text"', "}{\ud800 x", '{"format": "other/1"}',
        "[" * 100_000, '{"a":' * 50_000, "x" * 200_000,
        json.dumps({"format": shell.FORMAT, "sound": "yes", "palette": 3, "hand": None,
                    "games": []}),
        json.dumps({"format": shell.FORMAT, "palette": "<script>", "animations": 1,
                    "games": {"dice": {"speed": "warp", "sums": True}}}),
    ],
)
def test_hostile_records_give_the_defaults(raw: str | None) -> None:
    s = shell.parse(raw, GAMES)
    assert s == shell.Settings()
    assert (s.game_value(DICE, "speed"), s.game_value(DICE, "sums")) == ("quick", "on")


def test_each_value_is_checked_on_its_own_and_a_game_s_choices_are_under_its_name() -> None:
    raw = json.dumps({
        "format": shell.FORMAT, "animations": False, "sound": True, "vibration": "no",
        "palette": "cvd", "hand": "middle", "sound_asked": True, "unknown": 1,
        "games": {"dice": {"speed": "slow", "sums": "maybe"}, "gone": {"x": "y", "n": 3},
                  "bad": [1]},
    })
    s = shell.parse(raw, GAMES)
    assert (s.animations, s.sound, s.vibration, s.palette, s.hand, s.sound_asked) == (
        False, True, True, "cvd", "right", True)
    assert s.game_value(DICE, "speed") == "slow" and s.game_value(DICE, "sums") == "on"
    assert s.games["gone"] == {"x": "y"}  # a game this build does not know: kept as it was
    assert shell.parse(shell.dump(s), GAMES) == s
    assert shell.body_attrs(s) == {"motion": "off", "palette": "cvd", "hand": "right"}
    with pytest.raises(KeyError):
        s.game_value(DICE, "colour")


def test_a_change_names_a_shell_choice_or_a_game_s_and_nothing_else() -> None:
    s = shell.Settings()
    assert shell.changed(s, GAMES, "palette", "cvd") == shell.Settings(palette="cvd")
    sound = shell.changed(s, GAMES, "sound", "on")
    assert sound is not None and sound.sound and sound.sound_asked  # the question is answered
    dice = shell.changed(s, GAMES, "speed", "slow", "dice")
    assert dice is not None and dice.game_value(DICE, "speed") == "slow"
    for key, value, game in (("palette", "pink", None), ("speed", "slow", None),
                             ("sound_asked", "off", None), ("speed", "warp", "dice"),
                             ("speed", "slow", "chess"), ("palette", "cvd", "dice")):
        assert shell.changed(s, GAMES, key, value, game) is None


def test_the_screen_shows_every_choice_and_a_tap_applies_it() -> None:
    s = shell.Settings(hand="left")
    html = shell.screen(s, GAMES, act="x-set", back="x-back", extra={"palette": "<p>SW</p>"})
    assert 'data-settings="all"' in html and 'data-settings="dice"' in html and ">Dice<" in html
    taps = [t for t in tappables(html) if t["data-act"] == "x-set"]
    assert len(taps) == sum(len(c.options) for c in (*shell.CHOICES, *DICE.settings))
    assert 'data-key="hand" data-value="left" aria-pressed="true"' in html
    assert 'data-game="dice" data-key="speed" data-value="quick" aria-pressed="true"' in html
    assert "<p>SW</p>" in html and 'data-act="x-back"' in html
    for tap in taps:  # every button changes the settings to what it shows
        new = shell.tapped(s, GAMES, {k[5:]: v for k, v in tap.items() if k.startswith("data-")})
        assert new is not None
        pressed = shell.screen(new, GAMES, act="x-set")
        where = f'data-game="{tap["data-game"]}" ' if "data-game" in tap else ""
        assert (f'{where}data-key="{tap["data-key"]}" data-value="{tap["data-value"]}" '
                'aria-pressed="true"') in pressed
    assert shell.tapped(s, GAMES, {"key": "hand"}) is None
    # a game without choices of its own has no section (Ember Isle's: its first-game tips)
    plain = [dataclasses.replace(g, settings=()) if g.name == "ember-isle" else g
             for g in registry.plugins()]
    assert 'data-settings="ember-isle"' not in shell.screen(s, plain)
    assert 'data-settings="ember-isle"' in shell.screen(s, registry.plugins())


def test_reading_and_saving_keep_an_unreadable_record_aside() -> None:
    storage = MemoryStorage({shell.KEY: "}{ not ours"})
    assert shell.read(storage, GAMES) == shell.Settings()
    assert shell.read(None, GAMES) == shell.Settings()
    assert shell.save(storage, shell.Settings(sound=True))
    assert storage.data[shell.KEY + "-broken"] == "}{ not ours"
    assert shell.read(storage, GAMES).sound
    full = MemoryStorage(quota=10)
    assert not shell.save(full, shell.Settings())


def test_an_older_flat_record_moves_in_with_the_game_s_values() -> None:
    old = {"format": "dice-prefs/1", "palette": "cvd", "sound": True, "speed": "slow",
           "sums": False, "hand": "sideways"}
    storage = MemoryStorage({"dice/prefs": json.dumps(old)})
    assert shell.migrate(storage, GAMES) == []
    s = shell.read(storage, GAMES)
    assert (s.palette, s.sound, s.hand) == ("cvd", True, "right")
    assert (s.game_value(DICE, "speed"), s.game_value(DICE, "sums")) == ("slow", "off")
    assert list(storage.data) == [shell.KEY]
    assert shell.migrate(storage, GAMES) == []  # nothing more to move


def test_a_full_storage_keeps_the_older_record_until_the_new_one_is_written() -> None:
    raw = json.dumps({"format": "dice-prefs/1", "speed": "slow"})
    storage = MemoryStorage({"dice/prefs": raw}, quota=len("dice/prefs") + len(raw) + 5)
    assert shell.migrate(storage, GAMES) == ["dice/prefs"]
    assert storage.data == {"dice/prefs": raw}
    storage.quota = None
    assert shell.migrate(storage, GAMES) == []
    assert shell.read(storage, GAMES).game_value(DICE, "speed") == "slow"
