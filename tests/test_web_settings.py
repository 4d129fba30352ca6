"""Small Islands' settings (si_web/settings.py, stages/settings.py, over the shell's record:
tests/test_settings.py): a change is saved and applied at once, the pace is one setting with
the new-game form's, sound is off until the player turns it on (asked once),
confirm-before-placing, the header's toggle."""

from __future__ import annotations

import json
import random

import pytest
from test_web_effects import bonus_position, loaded
from web_driver import tappables

from game_shell import registry
from game_shell import settings as shell
from game_shell.storage import MemoryStorage
from si_web import settings
from si_web.app import App
from si_web.form import SPEEDS
from si_web.settings import Settings, body_attrs, of_device, to_device
from small_islands import TakeTile

KEY = "games/settings"


def parse(raw: str) -> Settings:
    return of_device(shell.parse(raw, registry.plugins()))


def test_small_islands_reads_the_shell_s_record_and_its_own_section() -> None:
    raw = json.dumps(
        {"format": shell.FORMAT, "animations": False, "sound": True, "vibration": "no",
         "palette": "cvd", "hand": "middle", "sound_asked": True,
         "games": {"small-islands": {"pace": "fast", "confirm": "off"}}}
    )
    assert parse(raw) == Settings(
        animations=False, sound=True, vibration=True, pace="fast", confirm=False,
        palette="cvd", hand="right", sound_asked=True,
    )
    s = Settings(animations=False, pace="relaxed", palette="cvd", hand="left")
    assert parse(shell.dump(to_device(s, shell.Settings()))) == s
    assert body_attrs(s) == {"motion": "off", "palette": "cvd", "hand": "left"}
    assert parse("{") == Settings()


def test_its_pace_choices_are_the_forms_paces() -> None:
    pace = next(o for k, _, o, _ in settings.CHOICES if k == "pace")
    assert [v for v, _ in pace] == list(SPEEDS)


def test_the_settings_screen_changes_saves_and_survives_a_reload() -> None:
    storage = MemoryStorage()
    app = App(storage)
    assert "settings" in {t["data-act"] for t in tappables(app.render())}
    app.handle("settings")
    html = app.render()
    assert app.screen == "settings" and 'data-screen="settings"' in html
    for key, _, options, _ in settings.CHOICES:
        for value, _ in options:
            assert f'data-key="{key}" data-value="{value}"' in html
    assert 'data-key="sound" data-value="off" aria-pressed="true"' in html  # off by default
    for key, value in (("animations", "off"), ("sound", "on"), ("vibration", "off"),
                       ("pace", "fast"), ("confirm", "off"), ("palette", "cvd"), ("hand", "left")):
        app.handle("set", {"key": key, "value": value})
        assert f'data-key="{key}" data-value="{value}" aria-pressed="true"' in app.render()
    app.handle("set", {"key": "pace", "value": "warp"})  # not offered: nothing changes
    app.handle("set", {"key": "sound_asked", "value": "off"})
    assert app.settings.pace == "fast" and app.settings.sound_asked
    again = App(storage)
    assert again.settings == app.settings
    assert again.settings == Settings(
        animations=False, sound=True, vibration=False, pace="fast", confirm=False,
        palette="cvd", hand="left", sound_asked=True,
    )
    assert again.pace_ms() == 250 and again.form["speed"] == "fast"
    app.handle("back")
    assert app.screen == "start"


def test_the_pace_is_one_setting_with_the_new_game_forms() -> None:
    storage = MemoryStorage()
    app = App(storage)
    app.handle("noop", {}, {"speed": "relaxed"})
    assert app.settings.pace == "relaxed" and app.pace_ms() == 1600
    assert json.loads(storage.data[KEY])["games"]["small-islands"]["pace"] == "relaxed"
    app.handle("settings")
    app.handle("set", {"key": "pace", "value": "instant"})
    app.handle("back")
    assert 'value="instant" selected' in app.render()
    # a device that saved the pace in its form before settings existed keeps it
    old = App(MemoryStorage({"small-islands/ui": json.dumps({"form": {"speed": "fast"}})}))
    assert old.settings.pace == "fast"


def test_sound_is_off_until_turned_on_and_the_first_game_asks_once() -> None:
    storage = MemoryStorage()
    app = App(storage)
    assert not app.settings.sound
    app.handle("new", {}, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    app.handle("unlock")
    html = app.render()
    assert 'data-ask="sound"' in html and 'data-act="sound"' in html
    assert 'aria-label="Sound"' in html and 'aria-pressed="false"' in html  # the header toggle
    assert parse(storage.data[KEY]).sound_asked  # asked: never again on this device
    app.handle("sound", {"value": "on"})
    assert app.settings.sound and 'data-ask="sound"' not in app.render()
    app.handle("sound")  # the header's toggle
    assert not app.settings.sound
    app.handle("sound")
    assert app.settings.sound
    second = App(storage)
    second.handle("new", {"confirmed": "1"}, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    second.handle("unlock")
    assert 'data-ask="sound"' not in second.render() and second.settings.sound


def test_an_unanswered_question_goes_after_the_first_round_s_exploration() -> None:
    app = App(MemoryStorage())
    app.handle("new", {}, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    rng = random.Random(2)
    from web_driver import choose, data_of

    while app.game is not None and app.game.phase != "reward":
        assert 'data-ask="sound"' in app.render() or app.screen != "game"
        item = choose(tappables(app.render()), rng)
        assert item is not None
        app.handle(item["data-act"], data_of(item), {})
    app.handle("unlock")
    assert app.screen == "game" and 'data-ask="sound"' not in app.render()
    assert 'data-act="sound"' in app.render() and not app.settings.sound


def test_no_sound_answer_keeps_it_off() -> None:
    app = App(MemoryStorage())
    app.handle("new", {}, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    app.handle("unlock")
    app.handle("sound", {"value": "off"})
    assert not app.settings.sound and not app.sound_question


def test_the_computers_pace_and_sound_change_while_they_play() -> None:
    app = App(MemoryStorage())
    app.handle("new", {}, {"name-0": "Ann", "name-1": "Bot", "kind-1": "easy", "speed": "normal"})
    while app.screen != "watch":
        from web_driver import choose, data_of

        item = choose(tappables(app.render()), random.Random(1))
        assert item is not None
        app.handle(item["data-act"], data_of(item), {})
    html = app.render()
    assert 'data-act="pace" data-value="relaxed"' in html and 'data-act="sound"' in html
    app.handle("pace", {"value": "fast"})
    assert app.pace_ms() == 250 and app.settings.pace == "fast"
    app.handle("sound")
    assert app.settings.sound


def single_rotation_cell(app: App) -> tuple[str, int, int, int] | None:
    place = app.view()["legal"]["place"]
    for tile, spots in place.items():
        cells: dict[tuple[int, int], list[int]] = {}
        for x, y, r in spots:
            cells.setdefault((x, y), []).append(r)
        for (x, y), rots in cells.items():
            if len(rots) == 1:
                return tile, x, y, rots[0]
    return None


def test_confirm_before_placing_on_needs_place_here_off_places_at_once() -> None:
    for confirm in ("on", "off"):
        g = bonus_position()
        app = loaded(g)
        settings.change(app, "confirm", confirm)
        app.play(TakeTile(next(i for i, t in enumerate(app.view()["display"]) if t)))
        spot = None
        for tile in [t["id"] for t in app.view()["hand"]]:
            app.handle("hand", {"tile": tile})
            spot = single_rotation_cell(app)
            if spot and spot[0] == tile:
                break
        if spot is None:
            pytest.skip("no cell with a single rotation in this position")
        tile, x, y, _ = spot
        app.handle("hand", {"tile": tile})
        n = len(app.game.actions) if app.game else 0
        app.handle("cell", {"x": str(x), "y": str(y)})
        assert app.game is not None
        if confirm == "on":
            assert app.choices.preview == (x, y, spot[3]) and len(app.game.actions) == n
            assert "Place here" in app.render()
            app.handle("confirm-place")
        assert len(app.game.actions) == n + 1 and (x, y) in app.game.board.tiles


def test_the_palette_and_hand_are_body_attributes_and_colours_are_classes() -> None:
    app = App(MemoryStorage())
    html = app.render()
    assert 'class="f-blue"' in html and "#2f6fd6" not in html  # swatches: a class, no fill
    g = bonus_position()
    app = loaded(g)
    parts = app.render_parts()
    assert parts is not None and 'class="k-' in parts["si-bar"]
    for hexc in ("#2f6fd6", "#d8403a", "#f2c230", "#8e4fc9"):  # player colours only by class
        assert not any(hexc in html for html in parts.values())
