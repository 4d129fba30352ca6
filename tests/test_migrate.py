"""Per-game storage namespaces (`game_shell.migrate`): a device that played both games on the
build before them (`fixtures/device-2026-11-28.json`, made by that build:
`fixtures/make_device.py`) keeps every saved game, history record, achievement and setting."""

from __future__ import annotations

import json
from pathlib import Path

from ei_web.app import EmberApp
from ei_web.session import kept_games
from game_shell import migrate, registry
from game_shell.storage import MemoryStorage, StorageFull
from si_web.app import App

DEVICE = json.loads((Path(__file__).parent / "fixtures" / "device-2026-11-28.json").read_text())


def e_form(storage: MemoryStorage) -> list[str]:
    return list(EmberApp(storage).form["names"])


def migrated() -> MemoryStorage:
    storage = MemoryStorage(DEVICE)
    assert migrate.migrate(storage, registry.moves(registry.plugins())) == []
    return storage


def test_every_record_moves_to_its_games_namespace_and_none_is_lost() -> None:
    storage = migrated()
    games = {p.name for p in registry.plugins()} | {registry.SHELL}
    assert {key.split("/")[0] for key in storage.data} <= games
    assert sorted(storage.data.values()) == sorted(DEVICE.values())  # moved, not changed
    assert storage.data["ember-isle/save"] == DEVICE["small-islands/ember-save"]
    assert storage.data["games/active-game"] == DEVICE["small-islands/active-game"]
    # the tab showed Ember Isle (by the name that build gave it): a reload returns to it
    shown = registry.by_name(registry.plugins(), storage.get(registry.ACTIVE))
    assert shown is not None and shown.name == "ember-isle"
    again = dict(storage.data)
    assert migrate.migrate(storage, registry.moves(registry.plugins())) == []
    assert storage.data == again  # a second start moves nothing


def test_both_games_open_what_the_device_kept() -> None:
    storage = migrated()
    si = App(storage)
    assert si.game is not None and si.broken is None  # the saved game loads
    assert si.session.raw_save() == DEVICE["small-islands/save"]
    assert len(si.kept.history.games) == 1  # the finished game, with its record
    assert si.kept.history.save_text(si.kept.history.games[0]["id"]) is not None
    assert si.settings == App(MemoryStorage(DEVICE)).settings  # as the old build read them
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
    left = migrate.migrate(storage, registry.moves(registry.plugins()))
    assert left  # some records could not be copied: they stay where they were
    assert all(storage.get(key) == DEVICE[key] for key in left)
    storage.quota = None
    assert migrate.migrate(storage, registry.moves(registry.plugins())) == []
    assert sorted(storage.data.values()) == sorted(DEVICE.values())


def test_a_record_written_at_both_keys_is_kept_beside() -> None:
    storage = MemoryStorage({"small-islands/ember-save": "old", "ember-isle/save": "new"})
    migrate.migrate(storage, registry.moves(registry.plugins()))
    assert storage.data == {"ember-isle/save": "new", "ember-isle/save-older": "old"}


def test_storage_full_is_what_a_refused_copy_raises() -> None:
    storage = MemoryStorage({"small-islands/ember-save": "x" * 10}, quota=15)
    assert not migrate.move(storage, "small-islands/ember-save", "ember-isle/save")
    assert storage.data == {"small-islands/ember-save": "x" * 10}
    assert issubclass(StorageFull, Exception)


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
    assert migrate.migrate(storage, registry.moves(games)) == []
    migrate.drop(storage, registry.dropped(games))
    assert old not in storage.data and "games/first-paint" not in storage.data
    assert storage.data.pop(old + "-older") == "kept"  # only the record itself is dropped
    assert sorted(storage.data.values()) == sorted(DEVICE.values())  # nothing else lost
    for key in registry.dropped(games):  # a cache, in a game's namespace or the shell's
        assert key.split("/")[0] in {p.name for p in games} | {registry.SHELL}
