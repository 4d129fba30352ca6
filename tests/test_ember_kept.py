"""Ember Isle's games kept on the device, in CPython: the save across two windows (Small
Islands' `game_shell.guard`: a window whose game another window saved since stops at "Continue
here" and never writes over the newer save; two windows playing alternately lose nothing);
finished games in "Your games" (`game_shell.kept_games`); the browser's Back (`game_shell.back`)."""

from __future__ import annotations

import json
import random
import re
from types import SimpleNamespace

from ei_web.app import EmberApp
from ei_web.session import SAVE
from ei_web.session import kept_games as EmberHistory
from ember_isle import Game
from ember_web_driver import play_action, play_out
from game_shell.back import BackGuard
from game_shell.kept_games import summary_problem
from game_shell.storage import MemoryStorage
from si_web.app import App

INDEX_KEY, BROKEN_KEY = "ember-isle/history", "ember-isle/history-broken"


def two_windows() -> tuple[MemoryStorage, EmberApp, EmberApp]:
    storage = MemoryStorage()
    a = EmberApp(storage)
    fields = {"ei-name-0": "Ann", "ei-name-1": "Bob", "ei-kind-0": "human", "ei-kind-1": "human"}
    a.handle("ei-new", {}, fields)
    b = EmberApp(storage)  # the second window opens the same saved game
    b.resume()
    return storage, a, b


def one_move(app: EmberApp, rng: random.Random) -> None:
    if app.screen == "pass":
        app.handle("ei-unlock", {}, {})
    play_action(app, rng.choice(app.legal()))


def test_a_stale_window_stops_and_never_writes_over_the_newer_save() -> None:
    storage, a, b = two_windows()
    rng = random.Random(1)
    one_move(a, rng)
    newer = storage.get(SAVE)
    # b still shows the old position: its next tap is refused, the newer save stays
    b.handle("ei-unlock", {}, {})
    assert b.session.guard.conflict
    html = b.render()
    assert "This game continued in another window" in html and 'data-act="ei-continue-here"' in html
    assert 'data-screen="ei-elsewhere"' in html and "Ember Isle" in html
    b.handle("ei-confirm", {}, {})
    assert storage.get(SAVE) == newer
    assert b.auto.bot_seat() is None and b.auto.request() is None
    # Continue here: the latest position, read again
    b.handle("ei-continue-here", {}, {})
    assert not b.session.guard.conflict
    assert b.game is not None and b.game.to_json() == Game.from_json(a.game.to_json()).to_json()


def test_two_windows_playing_alternately_lose_nothing() -> None:
    storage, a, b = two_windows()
    rng = random.Random(2)
    played = 0
    windows = [a, b]
    for turn in range(60):
        me, other = windows[turn % 2], windows[1 - turn % 2]
        if me.sync() or me.session.guard.conflict:
            assert me.session.guard.conflict or me.screen != "game"
            me.handle("ei-continue-here", {}, {})
        assert me.game is not None
        if me.game.phase == "over":
            break
        before = len(me.game.actions)
        assert before == played  # this window shows every move made so far, in either window
        one_move(me, rng)
        played = len(me.game.actions)
        assert played > before
        saved = Game.from_json(json.loads(storage.get(SAVE) or "{}")["game"])
        assert len(saved.actions) == played
        assert other.session.guard.changed_elsewhere()
    assert played > 20


def test_screens_without_the_game_just_read_the_newer_save() -> None:
    storage, a, b = two_windows()
    b.handle("ei-menu", {}, {})  # b on the start screen
    b.session.guard.conflict = False
    one_move(a, random.Random(3))
    assert b.sync() and not b.session.guard.conflict
    assert b.game is not None and len(b.game.actions) == len(a.game.actions)
    storage.remove(SAVE)  # the other window's game removed: nothing to continue
    assert b.sync() and b.game is None


# ------------------------------------------------------------- "Your games" (History)


def finished_game(storage: MemoryStorage, kinds: tuple[str, str] = ("human", "easy")) -> EmberApp:
    app = EmberApp(storage)
    fields = {"ei-name-0": "Ann", "ei-name-1": "Bob", "ei-kind-0": kinds[0], "ei-kind-1": kinds[1]}
    app.handle("ei-new", {}, fields)
    play_out(app, random.Random(4))
    return app


def test_a_finished_game_is_kept_once_with_its_summary() -> None:
    storage = MemoryStorage()
    app = finished_game(storage)
    g = app.game
    assert g is not None and g.phase == "over"
    kept = EmberHistory(storage)
    assert len(kept.games) == 1
    s = kept.games[0]
    rows = {r["seat"]: r for r in g.scores()}
    assert [seat["name"] for seat in s["seats"]] == ["Ann", "Bob"]
    assert [seat["kind"] for seat in s["seats"]] == ["human", "easy"]
    assert [seat["total"] for seat in s["seats"]] == [rows[0]["total"], rows[1]["total"]]
    assert [seat["rank"] for seat in s["seats"]] == [rows[0]["rank"], rows[1]["rank"]]
    assert s["end"] == g.end_reason and s["moves"] == len(g.actions) and s["at"] > 0
    # the end screen again (a reload, "Continue here"): still one
    again = EmberApp(storage)
    again.next_screen()
    assert again.screen == "over" and len(EmberHistory(storage).games) == 1


def test_the_history_screen_lists_ember_games_beside_small_islands_games() -> None:
    storage = MemoryStorage()
    finished_game(storage)
    si = App(storage)
    si.handle("history", {}, {})
    html = si.render()
    assert "Ember Isle games" in html and "Ember Isle · " in html
    assert "Summary only: Ember Isle games have no replay." in html
    row = html[html.index('data-kind="ember-isle"'):]
    row = row[: row.index("</li></ol>")]
    assert 'data-act="replay"' not in row and 'data-act="export"' not in row
    assert "(computer, easy)" in row and "points" in row and "winner" in row
    # delete, after a confirmation
    gid = EmberHistory(storage).games[0]["id"]
    si.handle("delete", {"id": gid, "game": "ember-isle"}, {})
    html = si.render()
    assert "Delete this game?" in html and "Ann and Bob, " in html
    si.handle("delete-cancel", {}, {})
    assert len(EmberHistory(storage).games) == 1
    si.handle("delete", {"id": gid, "game": "ember-isle"}, {})
    si.handle("delete-confirm", {"id": "ember-isle/" + gid}, {})
    assert EmberHistory(storage).games == [] and "Ember Isle games" not in si.render()
    # a deleted game does not come back when its end screen shows again
    again = EmberApp(storage)
    again.next_screen()
    assert EmberHistory(storage).games == []


def test_an_unreadable_or_hostile_index_is_reported_kept_and_moved_aside() -> None:
    storage = MemoryStorage()
    storage.set(INDEX_KEY, '{"format": "ember-isle-history/1", "games": [{"id": "<b>"}], '
                           '"forgotten": []}')
    si = App(storage)
    si.handle("history", {}, {})
    html = si.render()
    assert "Ember Isle games kept on this device cannot be read" in html and "<b>" not in html
    raw = storage.get(INDEX_KEY)
    finished_game(storage)
    assert storage.get(BROKEN_KEY) == raw
    assert len(EmberHistory(storage).games) == 1
    bad = {"id": "x1", "at": 1, "seats": [{"name": "A", "colour": "red", "kind": "<b>god</b>",
                                          "total": 1, "rank": 1}] * 2, "end": "deck", "moves": 3}
    assert summary_problem(bad) and not EmberHistory(storage).add(bad)


# ------------------------------------------------------------- the browser's Back


ANN_AND_EASY = {"ei-name-0": "Ann", "ei-name-1": "Bob", "ei-kind-0": "human", "ei-kind-1": "easy"}


def start_against_easy(app: EmberApp) -> None:
    """A new game of Ann against Easy, the computer's setup steps played: Ann's turn."""
    app.handle("ei-new", {}, ANN_AND_EASY)
    for _ in range(10):
        if app.auto.bot_seat() is None:
            break
        app.auto.local(app.auto.token)


def test_back_from_the_rules_and_the_menu_returns_to_the_game() -> None:
    app = EmberApp(MemoryStorage())
    assert not app.can_back()  # the start screen without a game: Back leaves the page
    start_against_easy(app)
    assert app.screen == "game" and app.can_back() and not app.leave_asked
    app.handle("ei-rules", {}, {})
    assert app.screen == "rules" and app.can_back()
    app.back()
    assert app.screen == "game"
    app.handle("ei-menu", {}, {})
    assert app.screen == "start" and app.can_back()
    app.handle("ei-rules", {}, {})
    app.back()  # the rules opened from the menu: back to the menu, then to the game
    assert app.screen == "start" and app.can_back()
    app.back()
    assert app.screen == "game" and not app.leave_asked
    app.handle("ei-menu", {}, {})
    app.handle("ei-new", {}, ANN_AND_EASY)  # a game in progress: the dialog asks first
    assert app.confirm_new and app.can_back()
    app.back()
    assert not app.confirm_new and app.screen == "start"


def test_back_in_a_game_asks_before_leaving_and_the_game_stays_saved() -> None:
    storage = MemoryStorage()
    app = EmberApp(storage)
    start_against_easy(app)
    assert app.screen == "game" and "Leave the game?" not in app.render()
    saved = storage.get(SAVE)
    assert saved is not None
    app.back()  # Back asks; the question holds the focus and answers in the game's words
    html = app.render()
    assert app.screen == "game" and app.leave_asked and app.can_back()
    assert "Leave the game?" in html and '"Continue Ember Isle" on the menu' in html
    assert 'data-act="ei-stay"' in html and 'data-act="ei-menu"' in html
    assert re.search(r'data-act="ei-stay"[^>]*data-autofocus="1"', html)
    app.back()  # Back again: the question closes, the game is on screen as before
    assert app.screen == "game" and not app.leave_asked and "Leave the game?" not in app.render()
    app.back()
    app.handle("ei-stay", {}, {})  # Stay in the game
    assert app.screen == "game" and not app.leave_asked
    app.back()
    app.handle("ei-menu", {}, {})  # Go to the menu: the game is kept and continues from there
    assert app.screen == "start" and not app.leave_asked and "Continue Ember Isle" in app.render()
    assert storage.get(SAVE) == saved
    app.handle("ei-continue", {}, {})
    assert app.screen in ("game", "pass") and app.game is not None and app.game.phase != "over"


def test_the_back_guard_keeps_one_entry_and_ignores_its_own_pops() -> None:
    calls: list[str] = []
    window = SimpleNamespace(history=SimpleNamespace(
        pushState=lambda state, title: calls.append("push"), back=lambda: calls.append("back")))
    guard = BackGuard(window, lambda d: d)
    guard.sync(True)
    guard.sync(True)
    assert calls == ["push"]
    assert guard.popped() and not guard.pushed  # the player's Back
    guard.sync(True)
    guard.sync(False)  # nothing left to do: our entry is taken back
    assert calls == ["push", "push", "back"]
    assert not guard.popped()  # that pop was ours


def test_a_tab_reopens_the_end_screen_it_showed() -> None:
    """After a reload on Ember Isle's end screen the final scores show again (the tab's own
    record of its screen); a tab that had gone to the menu shows the menu."""
    from ei_web.app import reopen
    from ei_web.session import SCREEN
    from game_shell import registry

    TAB_KEYS = registry.tab_keys(registry.plugins())

    assert SCREEN in TAB_KEYS and "games/active-game" in TAB_KEYS
    storage = MemoryStorage()
    app = EmberApp(storage)
    app.handle("ei-new", {}, {"ei-name-0": "Ann", "ei-name-1": "Bob", "ei-kind-0": "medium",
                              "ei-kind-1": "medium"})
    rng = random.Random(3)
    play_out(app, rng)
    assert app.screen == "over"
    app.session.remember(app.screen)
    again = EmberApp(storage)  # a reload
    reopen(again)
    assert again.screen == "over"
    again.session.remember("start")
    third = EmberApp(storage)
    reopen(third)
    assert third.screen == "start"
