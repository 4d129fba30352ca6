"""One save path for both games (`game_shell.keeping`): a full storage makes room from the oldest
history records and the next start's picture, never loses the game silently, and the word
"saved" is said only after a save succeeded. CPython, with a storage that has a quota."""

from __future__ import annotations

import json
import random

from kept_helpers import DAY_MS, T0, finished
from web_driver import choose, data_of, play_through_ui, tappables

import ember_isle as ei
from ei_web.app import EmberApp
from ei_web.session import SAVE, SUMMARY
from game_shell import first_paint, keeping
from game_shell.storage import StorageFull
from si_web.app import SAVE_KEY, App, MemoryStorage
from si_web.history import History
from small_islands import Game, Options


def used(storage: MemoryStorage) -> int:
    return sum(len(k) + len(v) for k, v in storage.data.items())


def ember_game(storage: MemoryStorage) -> EmberApp:
    app = EmberApp(storage)
    fields = {"ei-name-0": "Ann", "ei-name-1": "Bob", "ei-kind-0": "human", "ei-kind-1": "human"}
    app.handle("ei-new", {}, fields)
    assert app.game is not None
    return app


def ember_move(app: EmberApp, rng: random.Random) -> None:
    """One legal action of the device seat through the app's own play path (the one its
    confirm taps end in, the save included)."""
    if app.screen == "pass":
        app.handle("ei-unlock", {}, {})
    assert app.game is not None
    action = rng.choice(app.legal())
    before = len(app.game.actions)
    app.play(action)
    assert len(app.game.actions) == before + 1


def stored_ember(storage: MemoryStorage) -> ei.Game:
    return ei.Game.from_json(json.loads(storage.data[SAVE])["game"])


def with_si_history(storage: MemoryStorage, n: int = 4) -> None:
    h = History(storage)
    for i in range(n):
        game = finished(Options(seats=("Ann", "Bob"), seed=300 + i), i)
        assert h.add(game, T0 + i * DAY_MS).kept


# --- Ember Isle ------------------------------------------------------------------------


def test_ember_a_full_storage_makes_room_from_the_history_and_keeps_every_move() -> None:
    storage = MemoryStorage()
    with_si_history(storage)
    storage.set(first_paint.KEY, "x" * 200)  # the next start's picture: the first to go
    app = ember_game(storage)
    storage.quota = used(storage) + 150  # the next saves fit only once older records go
    rng = random.Random(2)
    notes = []
    for _ in range(40):
        ember_move(app, rng)
        assert app.game is not None
        assert stored_ember(storage).actions == app.game.actions  # every move is in storage
        assert storage.data[SUMMARY]
        notes.append(app.message)
    assert first_paint.KEY not in storage.data
    assert History(storage).pruned_count() >= 1
    assert any(n and "Storage was full" in n for n in notes)
    assert not any(n and "could not be saved" in n for n in notes)
    reloaded = EmberApp(storage)
    assert reloaded.game is not None and reloaded.game.actions == app.game.actions


def test_ember_when_nothing_can_make_room_the_player_is_told_and_the_last_save_stays() -> None:
    storage = MemoryStorage()
    app = ember_game(storage)
    rng = random.Random(3)
    ember_move(app, rng)
    if app.screen == "pass":
        app.handle("ei-unlock", {}, {})
    kept = storage.data[SAVE]
    storage.quota = used(storage)  # full now: nothing else to give up
    ember_move(app, rng)
    assert storage.data[SAVE] == kept  # the last save that fitted is intact
    assert app.message is not None and "could not be saved" in app.message
    assert "Export this game" in app.message
    html = app.render()
    assert "could not be saved" in html and "is saved" not in html
    assert not app.session.saved()
    # the error path never says "saved" while the move is not in storage
    said = keeping.after_error(app.save, app.session.saved, True)
    assert "not saved" in said
    # room again: the next move saves everything, and the player's game is whole
    storage.quota = None
    ember_move(app, rng)
    assert app.session.saved()
    assert stored_ember(storage).actions == app.game.actions  # type: ignore[union-attr]
    assert "is saved" in keeping.after_error(app.save, app.session.saved, True)


def test_ember_error_after_a_conflict_does_not_say_saved() -> None:
    storage = MemoryStorage()
    a = ember_game(storage)
    b = EmberApp(storage)
    b.resume()
    ember_move(b, random.Random(4))  # the other window plays on
    assert "not saved" in keeping.after_error(a.save, a.session.saved, True)
    assert json.loads(storage.data[SAVE])["game"] == b.game.to_json()  # type: ignore[union-attr]


# --- Small Islands ---------------------------------------------------------------------


def si_start(storage: MemoryStorage) -> App:
    app = App(storage)
    app.handle("new", {"confirmed": "1"},
               {"speed": "instant", "name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    assert app.game is not None
    return app


def si_move(app: App) -> None:
    """Taps until the game takes one more action (its save then tried)."""
    assert app.game is not None
    n = len(app.game.actions)
    for _ in range(20):
        item = choose(tappables(app.render()), random.Random(1))
        assert item is not None
        app.handle(item["data-act"], data_of(item), {})
        if len(app.game.actions) > n:
            return
    raise AssertionError("no move within 20 taps")


def test_small_islands_error_message_says_saved_only_when_it_is() -> None:
    storage = MemoryStorage()
    app = si_start(storage)
    play_through_ui(app, 2, until=lambda a: len(a.game.actions) >= 2)  # type: ignore[union-attr]
    assert "is saved" in keeping.after_error(app.save_game, app.kept.saved, True)
    storage.quota = used(storage)
    si_move(app)  # refused by the full storage
    assert app.kept.unsaved
    assert "not saved" in keeping.after_error(app.save_game, app.kept.saved, True)
    assert Game.from_json(storage.data[SAVE_KEY]).actions != app.game.actions  # type: ignore[union-attr]
    assert keeping.after_error(app.save_game, app.kept.saved, False) == (
        "Something went wrong. Reload to continue.")


def test_the_save_path_gives_way_in_order_and_says_when_nothing_fits() -> None:
    order: list[str] = []
    full = {"n": 2}

    def write() -> bool:
        order.append("write")
        if full["n"]:
            full["n"] -= 1
            raise StorageFull("quota")
        return True

    freed = {"picture": True, "games": 1}

    def give_way() -> bool:
        order.append("picture")
        was, freed["picture"] = freed["picture"], False
        return was

    def make_room() -> int:
        order.append("games")
        was, freed["games"] = freed["games"], 0
        return was

    path = keeping.SavePath(give_way, make_room, "Menu")
    out = path.save(write)
    assert out.saved and out.dropped == 1 and out.note and "1 of the oldest games" in out.note
    # the picture goes first, then one older game at a time, until the write fits
    assert order == ["write", "picture", "write", "picture", "games", "write"]
    full["n"] = 1
    out = path.save(write)
    assert not out.saved and path.unsaved and out.note and "could not be saved" in out.note
    assert path.save(lambda: False).conflict


def test_leaving_a_game_whose_last_move_was_not_saved_says_so() -> None:
    """Back in a game asks "Leave the game?": it says the game "stays saved" only when its
    last move is in storage (both games)."""
    storage = MemoryStorage()
    app = si_start(storage)
    app.back()
    assert "stays saved" in app.render()
    app.back()  # Stay
    storage.quota = used(storage)
    si_move(app)
    assert app.kept.unsaved
    app.back()
    html = app.render()
    assert "Leave the game?" in html and "could not be saved" in html and "stays saved" not in html

    storage = MemoryStorage()
    ember = ember_game(storage)
    ember.back()
    assert "stays saved" in ember.render()
    ember.back()
    storage.quota = used(storage)
    ember_move(ember, random.Random(5))
    ember.back()
    html = ember.render()
    assert "Leave the game?" in html and "could not be saved" in html and "stays saved" not in html
