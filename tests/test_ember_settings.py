"""Ember Isle's page shows the shell's Settings screen (`ei_web.prefs`): from its menu (also
over a game), a tap applies and saves the device's one record that Small Islands reads too,
Back returns where it came from; its rovers wear the shell's player colours (they follow the
palette); its moves have sounds (`ei_web.effects`), played only once sound is on."""

from __future__ import annotations

import random

from test_ember_web import new
from web_driver import tappables

import ember_isle as ei
from ei_web import effects
from ei_web.app import EmberApp
from ember_web_driver import play_action, tap
from game_shell import registry
from game_shell import settings as shell
from game_shell.storage import MemoryStorage
from si_web.app import App


def step(app: EmberApp, rng: random.Random) -> None:
    """One step of a game as `ember_web_driver.play_out` plays it."""
    if app.screen == "pass":
        tap(app, "ei-unlock")
    elif app.auto.bot_seat() is not None:
        assert app.auto.local(app.auto.token)
    else:
        legal = app.legal()
        claims = [a for a in legal if a.type == "claim"]
        clues = [a for a in legal if isinstance(a, ei.PlayClue)]
        play_action(app, rng.choice(claims or (clues if rng.random() < 0.6 else []) or legal))


def test_settings_from_the_menu_are_the_device_s_for_both_games() -> None:
    storage = MemoryStorage()
    app = EmberApp(storage)
    assert "ei-settings" in {t["data-act"] for t in tappables(app.render())}
    app.handle("ei-settings", {}, {})
    html = app.render()
    assert app.screen == "settings" and 'data-screen="ei-settings"' in html
    assert 'data-act="ei-set" data-key="sound" data-value="off" aria-pressed="true"' in html
    assert 'data-settings="small-islands"' in html  # every game's own choices, on one screen
    changes = (("palette", "cvd"), ("hand", "left"), ("sound", "on"), ("animations", "off"))
    for key, value in changes:
        app.handle("ei-set", {"key": key, "value": value}, {})
        assert f'data-key="{key}" data-value="{value}" aria-pressed="true"' in app.render()
    app.handle("ei-set", {"key": "pace", "value": "fast", "game": "small-islands"}, {})
    app.handle("ei-set", {"key": "palette", "value": "pink"}, {})  # not offered: nothing changes
    device = shell.read(storage, registry.plugins())
    assert (device.palette, device.hand, device.sound, device.animations) == (
        "cvd", "left", True, False)
    si = App(storage).settings  # Small Islands reads the same record
    assert (si.palette, si.hand, si.sound, si.pace, si.sound_asked) == (
        "cvd", "left", True, "fast", True)
    app.handle("ei-settings-back", {}, {})
    assert app.screen == "start"


def test_back_from_settings_opened_over_a_game_returns_to_its_menu() -> None:
    app = new(["human", "human"])
    app.handle("ei-menu", {}, {})
    assert app.screen == "start" and app.from_game
    app.handle("ei-settings", {}, {})
    assert app.can_back()
    app.back()  # the browser's Back closes the settings
    assert app.screen == "start" and app.from_game
    app.handle("ei-settings", {}, {})
    app.handle("ei-settings-back", {}, {})
    assert app.screen == "start" and app.from_game


def test_a_storage_that_refuses_the_write_still_applies_the_change_on_this_page() -> None:
    app = EmberApp(MemoryStorage(quota=10))
    app.handle("ei-settings", {}, {})
    app.handle("ei-set", {"key": "hand", "value": "left"}, {})
    assert 'data-key="hand" data-value="left" aria-pressed="true"' in app.render()


def test_rovers_wear_the_shell_s_colour_classes_with_their_marks() -> None:
    app = new(["human", "easy"])
    rng = random.Random(1)
    for _ in range(200):
        if app.screen == "game" and any(s["rover"] for s in app.view()["seats"]):
            break
        step(app, rng)
    html = app.render()
    colours = {s["colour"] for s in app.view()["seats"] if s["rover"]}
    assert colours
    for colour in colours:
        mark = {"violet": "purple"}.get(colour, colour)
        assert f'class="f-{mark}"' in html and f'class="k-{mark}"' in html
    for hexc in ("#d8403a", "#2f6fd6", "#8e4fc9"):  # player colours only by class
        assert f'fill="{hexc}"' not in html


def test_every_sound_is_made_and_moves_sound() -> None:
    from game_shell import synth

    assert set(effects.SOUNDS) <= set(synth.RECIPES)
    app = new(["human", "easy"])
    heard: list[str] = []
    seen = 0
    rng = random.Random(3)
    while app.game is not None and app.game.phase != "over" and len(app.game.actions) < 400:
        step(app, rng)
        heard += effects.sounds_of(app.game.log[seen:])
        seen = len(app.game.log)
    assert {"land", "place"} <= set(heard)
