"""Per-game storage namespaces (`game_shell.migrate`): a device that played both games on the
build before them (`fixtures/device-2026-11-28.json`, made by that build:
`fixtures/make_device.py`) keeps every saved game, history record, achievement and setting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ei_web.app import EmberApp
from ei_web.session import kept_games
from game_shell import migrate, registry
from game_shell import settings as device_settings
from game_shell.storage import MemoryStorage, StorageFull
from si_web.app import App

DEVICE = json.loads((Path(__file__).parent / "fixtures" / "device-2026-11-28.json").read_text())


def e_form(storage: MemoryStorage) -> list[str]:
    return list(EmberApp(storage).form["names"])


OLD_SETTINGS = "small-islands/settings"  # the device's settings, in the build before


def start(storage: MemoryStorage) -> list[str]:
    """What `game_shell.host.boot` moves at every start (the records left where they were)."""
    games = registry.plugins()
    return migrate.migrate(storage, registry.moves(games)) + device_settings.migrate(storage, games)


def migrated() -> MemoryStorage:
    storage = MemoryStorage(DEVICE)
    assert start(storage) == []
    return storage


def test_every_record_moves_to_its_games_namespace_and_none_is_lost() -> None:
    storage = migrated()
    games = {p.name for p in registry.plugins()} | {registry.SHELL}
    assert {key.split("/")[0] for key in storage.data} <= games
    # moved, not changed (the settings: the same values in the device's record)
    moved = {k: v for k, v in DEVICE.items() if k != OLD_SETTINGS}
    assert sorted(v for k, v in storage.data.items() if k != device_settings.KEY) == sorted(
        moved.values())
    assert OLD_SETTINGS not in storage.data
    assert storage.data["ember-isle/save"] == DEVICE["small-islands/ember-save"]
    assert storage.data["games/active-game"] == DEVICE["small-islands/active-game"]
    # the tab showed Ember Isle (by the name that build gave it): a reload returns to it
    shown = registry.by_name(registry.plugins(), storage.get(registry.ACTIVE))
    assert shown is not None and shown.name == "ember-isle"
    again = dict(storage.data)
    assert start(storage) == []
    assert storage.data == again  # a second start moves nothing


def test_both_games_open_what_the_device_kept() -> None:
    storage = migrated()
    si = App(storage)
    assert si.game is not None and si.broken is None  # the saved game loads
    assert si.session.raw_save() == DEVICE["small-islands/save"]
    assert len(si.kept.history.games) == 1  # the finished game, with its record
    assert si.kept.history.save_text(si.kept.history.games[0]["id"]) is not None
    old = json.loads(DEVICE[OLD_SETTINGS])
    assert old["pace"] == "instant" and old["sound_asked"]  # not the defaults
    assert si.settings.pace == "instant" and si.settings.sound_asked  # as the old build read them
    for key in ("animations", "sound", "vibration", "confirm", "palette", "hand"):
        assert si.settings.value(key) == ({True: "on", False: "off"}.get(old[key], old[key]))
    assert si.form["speed"] == "instant"
    si.screen = "start"
    si.handle("settings")  # shown pressed on the Settings screen
    assert 'data-key="pace" data-value="instant" aria-pressed="true"' in si.render()
    si.handle("back")
    assert storage.get("small-islands/achievements") == DEVICE["small-islands/achievements"]
    ember_names = json.loads(DEVICE["small-islands/ember-settings"])["names"]
    assert e_form(storage) == ember_names
    e = EmberApp(storage)
    e.resume()
    assert e.game is not None and e.game.phase != "over"
    assert [s.name for s in e.game.seats] == ember_names
    assert len(kept_games(storage).games) == 1  # the finished Ember Isle game
    si.screen = "start"
    assert "Saved game: Ember Isle" in si.render()  # its summary line moved with it
    si.handle("history", {}, {})
    assert 'data-kind="ember-isle"' in si.render()


def test_a_full_storage_keeps_the_old_record_and_tries_again() -> None:
    used = sum(len(k) + len(v) for k, v in DEVICE.items())
    storage = MemoryStorage(DEVICE, quota=used + 20)
    left = start(storage)
    assert left  # some records could not be copied: they stay where they were
    assert all(storage.get(key) == DEVICE[key] for key in left)
    assert OLD_SETTINGS in left and device_settings.KEY not in storage.data
    storage.quota = None
    assert start(storage) == []
    assert storage.data == migrated().data


def test_a_record_written_at_both_keys_is_kept_beside() -> None:
    storage = MemoryStorage({"small-islands/ember-save": "old", "ember-isle/save": "new"})
    migrate.migrate(storage, registry.moves(registry.plugins()))
    assert storage.data == {"ember-isle/save": "new", "ember-isle/save-older": "old"}


def test_storage_full_is_what_a_refused_copy_raises() -> None:
    storage = MemoryStorage({"small-islands/ember-save": "x" * 10}, quota=15)
    assert not migrate.move(storage, "small-islands/ember-save", "ember-isle/save")
    assert storage.data == {"small-islands/ember-save": "x" * 10}
    assert issubclass(StorageFull, Exception)


def test_the_old_settings_record_becomes_the_device_s_with_every_value() -> None:
    old = {"format": "small-islands-settings/1", "animations": False, "sound": True,
           "vibration": False, "pace": "relaxed", "confirm": False, "palette": "cvd",
           "hand": "left", "sound_asked": True}
    storage = MemoryStorage({OLD_SETTINGS: json.dumps(old)})
    assert start(storage) == []
    assert list(storage.data) == [device_settings.KEY]
    record = json.loads(storage.data[device_settings.KEY])
    assert record["games"] == {"small-islands": {"pace": "relaxed", "confirm": "off"}}
    si = App(storage).settings
    assert {k: getattr(si, k) for k in old if k != "format"} == {
        k: v for k, v in old.items() if k != "format"}
    assert EmberApp(storage).prefs.current().palette == "cvd"  # Ember Isle's page reads them too


@pytest.mark.parametrize(
    "raw", ["}{\ud800 x", "[]", '{"format": "other/1", "sound": true}', "null"])
def test_an_unreadable_old_settings_record_is_moved_aside_not_lost(raw: str) -> None:
    storage = MemoryStorage({OLD_SETTINGS: raw, OLD_SETTINGS + "-broken": "older junk"})
    assert start(storage) == []
    assert storage.data == {device_settings.KEY + "-broken": "older junk",
                            device_settings.KEY + "-broken-older": raw}
    assert App(storage).settings == App(MemoryStorage()).settings  # the defaults


def test_an_old_settings_record_written_after_the_move_is_kept_beside() -> None:
    storage = migrated()
    new = storage.data[device_settings.KEY]
    storage.set(OLD_SETTINGS, DEVICE[OLD_SETTINGS])  # a window of the older build wrote it
    assert start(storage) == []
    assert storage.data[device_settings.KEY] == new
    assert storage.data[device_settings.KEY + "-older"] == DEVICE[OLD_SETTINGS]
    assert OLD_SETTINGS not in storage.data


def test_the_older_builds_picture_of_the_next_start_is_dropped_not_moved() -> None:
    """Decided: the older build's first-paint record (``small-islands/first-paint``, a picture
    of its screen tied to that build: this one never paints it) is removed at the start, not
    moved; the shell keeps its own (``games/first-paint``) once a game renders. Nothing a
    player made is in it, and everything else of the device stays as it was."""
    old = "small-islands/first-paint"
    picture = 'si-paint/1 0123456789abcdef board\n<div class="game first-paint">...</div>'
    storage = MemoryStorage({**DEVICE, old: picture, old + "-older": "kept"})
    games = registry.plugins()
    assert old in registry.dropped(games)
    assert "small-islands/python-snapshot" in registry.dropped(games)  # the older flag's key
    assert migrate.migrate(storage, registry.moves(games)) == []
    migrate.drop(storage, registry.dropped(games))
    assert old not in storage.data and "games/first-paint" not in storage.data
    assert storage.data.pop(old + "-older") == "kept"  # only the record itself is dropped
    assert sorted(storage.data.values()) == sorted(DEVICE.values())  # nothing else lost
    for key in registry.dropped(games):  # a cache, in a game's namespace or the shell's
        assert key.split("/")[0] in {p.name for p in games} | {registry.SHELL}
