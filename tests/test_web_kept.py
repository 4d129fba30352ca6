"""Your games, kept (issue 15) in the UI model: history, statistics, files, replay, redo,
two windows on one storage, a full storage."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from kept_helpers import DAY_MS, HOSTILE_NAME, MODES, T0, finished, hostile_files, unfinished
from web_driver import choose, data_of, play_through_ui, tappables

from game_shell import registry, stats
from game_shell.finished import Finished
from game_shell.storage import StorageFull
from si_web import history as history_module
from si_web import stats as si_stats
from si_web.app import SAVE_KEY, App, MemoryStorage
from si_web.files import Incoming, Rejected, check_import, export_name
from si_web.history import INDEX_KEY, SAVE_PREFIX, History, game_id, summarize
from si_web.replay import Replay, revealed
from si_web.session import revision
from small_islands import Game, Options
from small_islands.save import state_dump

# --- helpers ---------------------------------------------------------------------------


def clocked(app: App, start: int = T0) -> App:
    """Give the app a clock that moves a day per reading."""
    t = [start]

    def clock() -> int:
        t[0] += DAY_MS
        return t[0]

    app.kept.clock = clock
    return app


def with_history(games: list[Game], storage: MemoryStorage | None = None) -> App:
    """An app whose storage already keeps `games` (a day apart, oldest first)."""
    storage = storage or MemoryStorage()
    h = History(storage)
    for i, g in enumerate(games):
        assert h.add(g, T0 + i * DAY_MS).kept
    return clocked(App(storage), T0 + len(games) * DAY_MS)


def start(app: App, fields: dict[str, str]) -> None:
    app.handle("new", {"confirmed": "1"}, {"speed": "instant", **fields})
    assert app.game is not None, app.form_error


def acts(app: App) -> set[str]:
    return {t["data-act"] for t in tappables(app.render())}


# --- history ---------------------------------------------------------------------------


def test_a_finished_game_is_kept_once_with_its_summary_and_save() -> None:
    storage = MemoryStorage()
    app = clocked(App(storage))
    start(app, {"name-0": "Ann", "name-1": "Bob", "kind-1": "easy", "mode": "advanced"})
    play_through_ui(app, 3)
    g = app.game
    assert g is not None and app.screen == "over"
    (s,) = app.kept.history.games
    assert s["id"] == game_id(g) and s["mode"] == "advanced" and s["solo"] is None
    assert [seat["kind"] for seat in s["seats"]] == ["human", "easy"]
    rows = {r["seat"]: r for r in g.scores()}
    assert [(x["total"], x["rank"]) for x in s["seats"]] == [
        (rows[i]["total"], rows[i]["rank"]) for i in range(2)
    ]
    assert storage.get(SAVE_PREFIX + s["id"]) == g.to_json()
    App(storage)  # a reload of the end screen does not keep it twice
    assert len(History(storage).games) == 1


def test_history_lists_newest_first_and_filters_by_mode_and_opponent() -> None:
    games = [finished(MODES[k], i) for i, k in enumerate(["normal", "advanced", "solo", "bots"])]
    app = with_history(games)
    app.handle("history")
    assert app.screen == "history"
    ids = [s["id"] for s in app.kept.listed()]
    assert ids == [game_id(g) for g in reversed(games)]
    html = app.render()
    assert html.index(game_id(games[3])) < html.index(game_id(games[0]))
    app.handle("filter-mode", {"mode": "solo"})
    assert [s["id"] for s in app.kept.listed()] == [game_id(games[2])]
    app.handle("filter-mode", {"mode": "all"})
    assert app.kept.opponents() == ["all", "people", "hard", "alexis-4"]
    app.handle("filter-opponent", {"value": "hard"})
    assert [s["id"] for s in app.kept.listed()] == [game_id(games[3])]
    app.handle("filter-opponent", {"value": "people"})
    assert [s["id"] for s in app.kept.listed()] == [game_id(games[1]), game_id(games[0])]
    app.handle("filter-opponent", {"value": "<b>"})  # not a filter: ignored
    assert app.kept.opponent_filter == "people"
    app.handle("filter-mode", {"mode": "advanced"})
    assert [s["id"] for s in app.kept.listed()] == [game_id(games[1])]


def test_deleting_asks_first_and_a_deleted_game_does_not_come_back() -> None:
    g = finished(MODES["normal"], 1)
    storage = MemoryStorage({SAVE_KEY: g.to_json()})
    app = clocked(App(storage))  # the finished game is the saved one: kept on load
    assert app.screen == "over" and len(app.kept.history.games) == 1
    app.handle("menu")
    app.handle("history")
    gid = game_id(g)
    app.handle("delete", {"id": gid})
    assert 'data-dialog="delete"' in app.render() and len(app.kept.history.games) == 1
    app.handle("delete-cancel")
    assert 'data-dialog="delete"' not in app.render()
    app.handle("delete", {"id": gid})
    app.handle("delete-confirm", {"id": "other"})  # only the game the dialog named
    assert len(app.kept.history.games) == 1
    app.handle("delete-confirm", {"id": gid})
    assert app.kept.history.games == [] and storage.get(SAVE_PREFIX + gid) is None
    assert app.notice == "The game was deleted."
    App(storage)  # reloading the finished game's end screen does not keep it again
    assert History(storage).games == []


def test_past_the_bounds_the_oldest_keep_a_summary_only_and_the_player_is_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(history_module, "KEEP_FULL", 2)
    monkeypatch.setattr(history_module, "KEEP_SUMMARIES", 3)
    storage = MemoryStorage()
    h = History(storage)
    games = [finished(Options(seats=("Ann", "Bob"), seed=100 + i), i) for i in range(4)]
    notes = []
    for i, g in enumerate(games):
        added = h.add(g, T0 + i * DAY_MS)
        assert added.kept and added.full
        notes += added.notes
    assert [s["id"] for s in h.games] == [game_id(g) for g in games[1:]]
    assert [s["full"] for s in h.games] == [False, True, True]
    assert h.save_text(game_id(games[1])) is None
    assert storage.get(SAVE_PREFIX + game_id(games[0])) is None
    assert any("full record" in n for n in notes) and any("oldest was removed" in n for n in notes)
    app = App(storage)
    app.handle("history")
    html = app.render()
    assert "keeps a summary only" in html and "Summary only: no replay or export." in html
    app.handle("replay", {"id": game_id(games[1])})
    assert app.screen == "history" and "cannot be replayed" in (app.message or "")


def test_an_unreadable_history_is_reported_kept_and_moved_aside_by_the_next_game() -> None:
    storage = MemoryStorage({INDEX_KEY: '{"format": "small-islands-history/1", "games": [1]}'})
    app = App(storage)
    app.handle("history")
    assert "cannot be read" in app.render()
    raw = storage.get(INDEX_KEY)
    added = app.kept.history.add(finished(MODES["normal"]), T0)
    assert added.kept and any("moved aside" in n for n in added.notes)
    assert not any("small-islands/" in n for n in added.notes)  # no storage key shown
    assert storage.get(history_module.BROKEN_KEY) == raw
    assert len(History(storage).games) == 1


@pytest.mark.parametrize("raw", ["", "[]", "{", '{"format": 1}', "null", '"x"', "[" * 999])
def test_unreadable_history_records_never_raise(raw: str) -> None:
    h = History(MemoryStorage({INDEX_KEY: raw}))
    assert h.games == [] and h.error


def test_summaries_with_hostile_values_are_refused() -> None:
    s = summarize(finished(MODES["normal"]), T0)
    assert history_module.summary_problem(s) is None
    for change in (
        {"id": "../x"}, {"at": -1}, {"mode": "chess"}, {"solo": 9}, {"seats": []},
        {"end": "boredom"}, {"moves": True}, {"full": "yes"}, {"extra": 1},
    ):
        assert history_module.summary_problem({**s, **change}) is not None, change
    bad_seat = {**s["seats"][0], "kind": "wizard"}
    assert history_module.summary_problem({**s, "seats": [bad_seat]}) is not None


# --- a full storage --------------------------------------------------------------------


def test_a_full_storage_makes_room_from_the_history_and_never_loses_the_game() -> None:
    games = [finished(Options(seats=("Ann", "Bob"), seed=200 + i), i) for i in range(6)]
    storage = MemoryStorage()
    app = with_history(games, storage)
    start(app, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    used = sum(len(k) + len(v) for k, v in storage.data.items())
    storage.quota = used + 200  # the next saves do not fit without the history's records
    play_through_ui(app, 5, until=lambda a: len(a.game.actions) >= 6)  # type: ignore[union-attr]
    saved = Game.from_json(storage.get(SAVE_KEY) or "")
    assert saved.actions == app.game.actions  # type: ignore[union-attr]
    h = History(storage)
    assert len(h.games) == 6 and h.pruned_count() >= 1
    assert any("Storage was full" in e for e in app.events)


def test_when_nothing_can_make_room_the_player_is_told_and_the_game_goes_on() -> None:
    storage = MemoryStorage()
    app = App(storage)
    start(app, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    before = dict(storage.data)
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())  # full now
    play_through_ui(app, 2, until=lambda a: len(a.game.actions) >= 3)  # type: ignore[union-attr]
    assert app.game is not None and len(app.game.actions) == 3
    assert storage.data[SAVE_KEY] == before[SAVE_KEY]  # the last save that fitted is intact
    app.handle("noop")
    item = choose(tappables(app.render()), random.Random(1))
    assert item is not None
    app.handle(item["data-act"], data_of(item), {})
    if len(app.game.actions) > 3:
        assert app.message is not None and "storage is full" in app.message


def test_the_storage_protocol_raises_storage_full_past_its_quota() -> None:
    s = MemoryStorage(quota=10)
    s.set("ab", "cdefgh")
    with pytest.raises(StorageFull):
        s.set("x", "yyy")
    s.set("ab", "cdefgh")  # replacing a value counts the new one only
    assert s.data == {"ab": "cdefgh"}


# --- statistics ------------------------------------------------------------------------


Seats = list[tuple[str, str, int, int]]


def summary(at: int, mode: str, seats: Seats, solo: int | None = None) -> dict[str, Any]:
    return {
        "id": f"g{at}", "at": at, "mode": mode, "solo": solo,
        "seats": [
            {"name": n, "colour": "blue", "kind": k, "total": t, "rank": r}
            for n, k, t, r in seats
        ],
        "end": "ships", "rounds": 3, "moves": 90, "imported": False, "full": True, "app": "0.1.0",
    }


def test_statistics_per_name_against_each_level_and_by_mode() -> None:
    games = [
        summary(1, "normal", [("Ann", "human", 40, 1), ("Bot", "easy", 30, 2)]),
        summary(2, "normal", [("ann ", "human", 20, 2), ("Bot", "easy", 30, 1)]),
        summary(
            3, "advanced", [("Ann", "human", 50, 1), ("Bob", "human", 50, 1), ("H", "hard", 10, 3)]
        ),
        summary(4, "normal", [("ANN", "human", 33, 1), ("Alexis", "alexis", 20, 2)], solo=3),
        summary(5, "normal", [("Bob", "human", 12, 2), ("Alexis", "alexis", 20, 1)], solo=6),
    ]
    kept = si(games)  # Small Islands' summaries, as the shell's statistics read them
    assert stats.names(kept) == [("ANN", 4), ("Bob", 2)]
    p = stats.player_stats(kept, "ann")
    assert (p.all.games, p.all.wins, p.best, p.average) == (4, 3, 50, (40 + 20 + 50 + 33) / 4)
    mine = p.games["small-islands"]
    assert {k: (t.games, t.wins) for k, t in mine.against.items()} == {
        "Computer: easy": (2, 1), "Computer: hard": (1, 1), "Other people": (1, 1),
        "Alexis, level 3": (1, 1),
    }
    assert {k: t.scores for k, t in mine.groups["mode"].items()} == {
        "Normal": [40, 20], "Advanced": [50], "Normal, solo": [33]}
    html = stats.stats_html(p)
    assert "1 of 2 won (50%)" in html and "Alexis, level 3" in html and "Computer: hard" in html
    assert 'width="50.0"' in html  # the easy bar is half the width
    bob = stats.player_stats(kept, "Bob")
    assert (bob.all.games, bob.all.wins) == (2, 1)
    assert bob.games["small-islands"].against["Alexis, level 6"].wins == 0


def si(games: list[dict[str, Any]]) -> list[tuple[registry.GamePlugin, list[Finished]]]:
    plugin = registry.by_name(registry.plugins(), "small-islands")
    assert plugin is not None
    return [(plugin, si_stats.records(games))]


def test_statistics_screen_escapes_names_and_picks_a_player() -> None:
    g1 = finished(Options(seats=(HOSTILE_NAME, "Bob"), seed=3), 1)
    g2 = finished(Options(seats=("Bob",), solo_level=2, seed=4), 2)
    app = with_history([g1, g2])
    app.handle("stats")
    html = app.render()
    assert HOSTILE_NAME not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    app.handle("player", {"player": "bob"})
    html = app.render()
    assert "Alexis, level 2" in html and "<dd>2</dd>" in html  # Bob: 2 games
    assert App(MemoryStorage()).kept.history.games == []
    empty = App(MemoryStorage())
    empty.handle("stats")
    assert "No finished game" in empty.render()


# --- files -----------------------------------------------------------------------------


@pytest.mark.parametrize("mode", sorted(MODES))
def test_export_then_import_replays_identically_in_every_mode(mode: str) -> None:
    g = finished(MODES[mode], 7)
    text = g.to_json()
    assert json.loads(text)["format"] == "small-islands/1" and json.loads(text)["app"]
    result = check_import("game.json", len(text), text)
    assert isinstance(result, Incoming) and result.finished
    back = result.game
    assert back.actions == g.actions and back.scores() == g.scores()
    assert state_dump(back) == state_dump(g)
    assert back.to_json() == text
    half = unfinished(MODES[mode], len(g.actions) // 2, 7)
    result = check_import("half.json", 0, half.to_json())
    assert isinstance(result, Incoming) and not result.finished
    assert state_dump(result.game) == state_dump(half)


@pytest.mark.parametrize(
    "case,text,size,words", hostile_files(), ids=[c[0] for c in hostile_files()]
)
def test_hostile_files_are_refused_with_their_message_and_storage_unchanged(
    case: str, text: str, size: int | None, words: str
) -> None:
    games = [finished(MODES["normal"], 1)]
    app = with_history(games)
    app.handle("history")
    before = dict(app.storage.data)  # type: ignore[attr-defined]
    name = f"{HOSTILE_NAME}.json"
    size = size if size is not None else len(text)
    app.handle("import-file", {"name": name, "size": str(size), "text": text})
    assert app.screen == "history" and app.kept.incoming is None
    message = app.kept.import_error or ""
    assert words in message, (case, message)
    assert app.storage.data == before  # type: ignore[attr-defined]
    html = app.render()
    assert HOSTILE_NAME not in html and "<script" not in html
    assert 'role="alert"' in html and "&lt;img src=x onerror=alert(1)&gt;.json" in html


def test_hostile_file_list_is_long_enough_and_each_reason_differs() -> None:
    files = hostile_files()
    assert len(files) >= 20
    reasons = set()
    for case, text, size, _ in files:
        r = check_import(case, size or len(text), text)
        assert isinstance(r, Rejected)
        reasons.add(r.reason)
    assert len(reasons) >= 20


def test_importing_a_finished_game_keeps_it_once_and_it_can_be_watched_first() -> None:
    app = clocked(App(MemoryStorage()))
    app.handle("history")
    g = finished(MODES["advanced"], 2)
    app.handle("import-file", {"name": "ours.json", "size": "10", "text": g.to_json()})
    assert app.screen == "import" and app.kept.history.games == []  # nothing stored yet
    assert {"import-keep", "import-replay", "import-cancel"} <= acts(app)
    app.handle("import-replay")
    assert app.screen == "replay" and app.kept.replay is not None
    app.handle("close")
    assert app.screen == "import"
    app.handle("import-keep")
    assert app.screen == "history" and app.notice == "The game was added to your history."
    (s,) = app.kept.history.games
    assert s["imported"] and s["id"] == game_id(g)
    app.handle("import-file", {"name": "again.json", "size": "10", "text": g.to_json()})
    assert "already in your history" in app.render() and "import-keep" not in acts(app)


def test_importing_an_unfinished_game_never_replaces_the_game_in_progress_without_asking() -> None:
    storage = MemoryStorage()
    app = App(storage)
    start(app, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    mine = storage.get(SAVE_KEY)
    app.handle("menu")
    app.handle("history")
    other = unfinished(Options(seats=("Cy", "Dee"), seed=9), 20)
    app.handle("import-file", {"name": "other.json", "size": "1", "text": other.to_json()})
    assert app.screen == "import"
    app.handle("import-continue")
    assert 'data-dialog="replace"' in app.render() and storage.get(SAVE_KEY) == mine
    app.handle("import-export")
    out = app.kept.take_outbox()
    assert out is not None
    assert Game.from_json(out.text).to_json() == Game.from_json(mine or "").to_json()
    app.handle("import-cancel")  # keep the game in progress
    assert storage.get(SAVE_KEY) == mine and app.screen == "import"
    app.handle("import-continue")
    app.handle("import-continue", {"confirmed": "1"})
    assert app.game is not None and app.game.actions == other.actions
    assert Game.from_json(storage.get(SAVE_KEY) or "").actions == other.actions
    assert app.screen in ("pass", "game")


def test_export_is_for_finished_games_unless_asked_and_warns_for_shared_games() -> None:
    g = finished(MODES["normal"], 1)
    storage = MemoryStorage()
    app = with_history([g], storage)
    start(app, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    app.handle("menu")
    app.handle("history")
    html = app.render()
    assert "Exports are for finished games" in html
    assert 'data-id="current"' not in html
    app.handle("export", {"id": "current"})  # not offered: nothing happens
    assert app.kept.export is None
    app.handle("export-scope", {"scope": "all"})
    html = app.render()
    assert "anyone who opens it can see them" in html
    app.handle("export", {"id": "current"})
    assert 'data-dialog="export"' in app.render()
    app.handle("export-download", {"id": "current"})
    out = app.kept.take_outbox()
    assert out is not None and out.name.endswith("-unfinished.json") and not out.share
    assert Game.from_json(out.text).actions == app.game.actions  # type: ignore[union-attr]
    gid = game_id(g)
    app.handle("export-download", {"id": gid})  # not from its dialog: nothing
    assert app.kept.take_outbox() is None
    app.handle("export", {"id": gid})
    html = app.render()
    assert "anyone who opens it" not in html[html.index('data-dialog="export"'):]  # finished
    app.handle("export-download", {"id": gid})
    out = app.kept.take_outbox()
    assert out is not None and out.text == g.to_json()
    assert out.name == export_name(g, T0) == "small-islands-2023-11-14-ann-bob.json"
    app.kept.can_share = True
    app.handle("export", {"id": gid})
    assert "export-share" in acts(app)
    app.handle("export-share", {"id": gid})
    out = app.kept.take_outbox()
    assert out is not None and out.share


def test_a_solo_game_in_progress_exports_without_a_warning() -> None:
    app = App(MemoryStorage())
    app.handle("form-solo", {"solo": "1"})
    start(app, {"name-0": "Me", "solo-level": "2"})
    app.handle("menu")
    app.handle("history")
    app.handle("export-scope", {"scope": "all"})
    assert "anyone who opens it" not in app.render()
    app.handle("export", {"id": "current"})
    app.handle("export-download", {"id": "current"})
    assert app.kept.take_outbox() is not None


def test_export_names_are_plain_ascii() -> None:
    g = finished(Options(seats=(HOSTILE_NAME, "Zoë Ñ"), seed=5), 1)
    name = export_name(g, T0, tz_minutes=120)
    assert name == "small-islands-2023-11-15-img-src-x-onerror-alert-zo.json"  # UTC+2
    assert name.isascii() and name.endswith(".json") and "<" not in name


# --- replay ----------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["normal", "solo", "advanced"])
def test_replay_steps_to_the_end_and_shows_the_final_scores(mode: str) -> None:
    g = finished(MODES[mode], 4)
    app = with_history([g])
    app.handle("history")
    app.handle("replay", {"id": game_id(g)})
    r = app.kept.replay
    assert app.screen == "replay" and r is not None and r.step == 0 and r.last == len(g.actions)
    assert 'data-act="step"' in app.render()
    for _ in range(r.last + 3):
        app.handle("step", {"to": "next"})
    assert r.step == r.last and r.game().scores() == g.scores()
    html = app.render()
    assert "Final scores" in html
    for row in g.scores():
        assert f'data-total="{row["seat"]}">{row["total"]}<' in html
    app.handle("step", {"to": "first"})
    assert r.step == 0 and "Start of the game" in app.render()
    app.handle("seek", {"value": "40"})
    assert r.step == 40
    assert state_dump(r.game()) == state_dump(Game.replay(g.options, g.actions[:40]))
    app.handle("seek", {"value": "-5"})
    assert r.step == 0
    app.handle("seek", {"value": "99999"})
    assert r.step == r.last
    app.handle("close")
    assert app.screen == "history" and app.kept.replay is None


def test_replay_moves_round_by_round_and_back_and_forth_matches_a_fresh_replay() -> None:
    g = finished(MODES["advanced"], 8)
    r = Replay.of(g)
    starts = [k for _, k in r.rounds()]
    assert starts[0] == 0 and len(starts) == g.round + 1
    rng = random.Random(3)
    for _ in range(60):
        jump = rng.random() < 0.3
        r.go(rng.randrange(-3, r.last + 3) if jump else r.step + rng.choice((-1, 1)))
        assert state_dump(r.game()) == state_dump(Game.replay(g.options, g.actions[: r.step]))
    r.go(starts[1] + 2)  # round 0 is the setup
    r.go(r.round_start(1))
    assert r.step == starts[2] and r.marks[r.step].round == 2
    r.go(r.round_start(-1))
    assert r.step == starts[1]
    r.go(r.round_start(-1))
    assert r.step == 0


def test_replay_reveals_every_hand_and_objective() -> None:
    g = finished(MODES["advanced"], 2)
    r = Replay.of(g)
    r.go(len(g.actions) // 2)
    pos = r.game()
    secrets = revealed(pos)
    for info in secrets:
        seat = pos.seats[info["seat"]]
        assert [t["id"] for t in info["hand"]] == seat.hand
        assert info["held"] == sorted(seat.held)
    app = with_history([g])
    app.handle("history")
    app.handle("replay", {"id": game_id(g)})
    app.handle("seek", {"value": str(r.step)})
    html = app.render()
    assert html.count('class="seat-secrets"') == 4 and "Everything revealed" in html


# --- undo and redo ---------------------------------------------------------------------


def test_undo_says_why_it_is_not_available_and_redo_replays_what_was_undone() -> None:
    app = App(MemoryStorage())
    start(app, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    rng = random.Random(4)
    seen = set()
    for _ in range(3000):
        if app.screen == "game" and app.game is not None:
            g = app.game
            why = g.undo_blocker()
            html = app.render()
            if why is not None:
                seen.add(why)
                assert 'data-act="undo" aria-disabled="true"' in html
                app.handle("undo")
                assert app.message and app.game is g and app.message != "That is not possible here."
            elif g.stage == "bonus":
                n = len(g.actions)
                last = g.actions[-1]
                app.handle("undo")
                assert len(app.game.actions) == n - 1 and "redo" in acts(app)
                app.handle("redo")
                assert len(app.game.actions) == n and app.game.actions[-1] == last
                assert "redo" not in acts(app)
                app.handle("undo")
                app.handle("undo") if app.game.undo_blocker() is None else None
                assert "redo" in acts(app)
                while "redo" in acts(app):
                    app.handle("redo")
                assert app.game.actions[-1] == last and len(app.game.actions) == n
                seen.add("redo")
        if {"redo", "turn_passed", "nothing_played"} <= seen and len(seen) >= 4:
            break
        item = choose(tappables(app.render()), rng)
        if item is None:
            break
        app.handle(item["data-act"], data_of(item), {})
    assert {"redo", "turn_passed"} <= seen, seen


def test_redo_is_gone_once_something_else_is_played() -> None:
    app = App(MemoryStorage())
    start(app, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    play_through_ui(app, 6, until=lambda a: a.screen == "game" and a.game.stage == "bonus")  # type: ignore[union-attr]
    app.handle("undo")
    assert "redo" in acts(app)
    g = app.game
    assert g is not None
    other = next(a for a in g.legal_actions() if a != app.kept.redo.stack[-1])
    assert app.play(other)
    assert "redo" not in acts(app)
    app.handle("redo")
    assert app.message == "There is nothing to redo." and app.game.actions[-1] == other  # type: ignore[union-attr]


def test_redo_survives_a_reload_at_the_same_position_and_only_there() -> None:
    storage = MemoryStorage()
    app = App(storage)
    start(app, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    play_through_ui(app, 6, until=lambda a: a.screen == "game" and a.game.stage == "bonus")  # type: ignore[union-attr]
    g = app.game
    assert g is not None
    last = g.actions[-1]
    app.handle("undo")
    assert "redo" in acts(app)
    again = App(storage)  # the page reloaded: the game and the redo come back
    if again.screen == "pass":
        again.handle(next(i["data-act"] for i in tappables(again.render())))
    assert again.screen == "game" and "redo" in acts(again)
    again.handle("redo")
    assert again.game is not None and again.game.actions[-1] == last
    assert "redo" not in acts(again)
    # a record whose redo list is hostile is dropped, never an error
    raw = storage.data["small-islands/ui-state"]
    for bad in ([{"type": "nope"}], "x", [1] * 500, [{"type": "take", "evil": 1}]):
        record = json.loads(raw)
        record["redo"] = bad
        storage.data["small-islands/ui-state"] = json.dumps(record)
        third = App(storage)
        if third.screen == "pass":
            third.handle(next(i["data-act"] for i in tappables(third.render())))
        assert "redo" not in acts(third)


def test_the_end_screen_opens_your_games_and_the_replay_of_this_game() -> None:
    storage = MemoryStorage()
    app = App(storage)
    start(app, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    play_through_ui(app, 3, until=lambda a: a.screen == "over")
    assert app.screen == "over" and app.game is not None
    assert {"history", "over-replay"} <= acts(app)
    app.handle("over-replay")
    assert app.screen == "replay" and app.kept.replay is not None
    assert app.kept.replay.game().actions == []  # from the start
    app.handle("close")
    assert app.screen == "over"
    app.handle("history")
    assert app.screen == "history" and game_id(app.game) in app.render()
    app.handle("menu")  # the button says Back and returns to the end screen
    assert app.screen == "over"
    app.handle("menu")
    app.handle("history")
    app.handle("menu")
    assert app.screen == "start"


def test_back_closes_each_dialog_first_then_returns_where_the_screen_was_opened_from() -> None:
    """The browser's Back on "Your games" and the screens it opens: a dialog closes first
    (the screen stays); then each screen returns where it came from, as its own button does."""
    g = finished(MODES["normal"], 1)
    app = with_history([g])
    start(app, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    app.handle("menu")
    app.handle("history")
    gid = game_id(g)
    for dialog in ("export", "delete"):
        app.handle(dialog, {"id": gid})
        assert f'data-dialog="{dialog}"' in app.render() and app.can_back()
        app.back()
        assert app.screen == "history" and f'data-dialog="{dialog}"' not in app.render()
    assert len(app.kept.history.games) == 1 and app.kept.take_outbox() is None  # nothing done
    app.handle("stats")
    app.back()
    assert app.screen == "history"
    other = unfinished(Options(seats=("Cy", "Dee"), seed=9), 20)
    app.handle("import-file", {"name": "other.json", "size": "1", "text": other.to_json()})
    app.handle("import-continue")
    assert 'data-dialog="replace"' in app.render()
    app.back()
    assert app.screen == "import" and 'data-dialog="replace"' not in app.render()
    app.back()
    assert app.screen == "history" and app.kept.incoming is None
    assert app.game is not None and app.game.actions != other.actions  # nothing replaced
    app.handle("import-file", {"name": "done.json", "size": "1", "text": g.to_json()})
    app.handle("import-replay")
    app.back()
    assert app.screen == "import" and app.kept.replay is None
    app.back()
    app.back()  # from "Your games" opened from the menu: the menu
    assert app.screen == "start"
    app.handle("stats")
    app.back()
    assert app.screen == "start"


def test_back_from_the_end_screens_replay_and_games_returns_to_the_end_screen() -> None:
    app = App(MemoryStorage())
    start(app, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    play_through_ui(app, 3, until=lambda a: a.screen == "over")
    app.handle("over-replay")
    app.back()
    assert app.screen == "over"
    app.handle("history")
    app.back()
    assert app.screen == "over"


# --- two windows -----------------------------------------------------------------------


def test_two_windows_playing_alternately_lose_nothing() -> None:
    storage = MemoryStorage()
    a = App(storage)
    start(a, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    b = App(storage)  # the same device, another window: it loads the saved game
    rng = random.Random(8)
    played: list[Any] = []
    windows = [a, b]
    for turn in range(400):
        me, other = windows[turn % 2], windows[(turn + 1) % 2]
        if me.session.conflict or me.kept.sync() or me.session.conflict:
            assert me.stage().name == "elsewhere" and acts(me) == {"continue-here"}
            me.handle("continue-here")
            assert not me.session.conflict
        before = len(me.game.actions) if me.game else 0  # type: ignore[union-attr]
        for _ in range(30):  # taps until one action is played in this window
            item = choose(tappables(me.render()), rng)
            assert item is not None
            me.handle(item["data-act"], data_of(item), {})
            if me.game is not None and len(me.game.actions) != before:
                break
        g = me.game
        assert g is not None
        played = list(g.actions)
        assert Game.from_json(storage.get(SAVE_KEY) or "").actions == played
        other.handle("noop")  # any tap: it learns the game went on elsewhere
        if other.screen in ("game", "pass", "watch", "over"):
            assert other.session.conflict and other.stage().name == "elsewhere"
        if g.phase == "over":
            break
    assert len(played) > 30
    assert revision(storage.get(SAVE_KEY)) >= len(played)


def test_a_stale_window_never_writes_over_a_newer_save() -> None:
    storage = MemoryStorage()
    a = App(storage)
    start(a, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    b = App(storage)
    play_through_ui(a, 1, until=lambda x: len(x.game.actions) >= 2)  # type: ignore[union-attr]
    newer = storage.get(SAVE_KEY)
    assert b.game is not None and len(b.game.actions) < 2
    b.game.play(b.game.legal_actions()[0])  # as if it raced past the check: its save
    b.save_game()  # is refused, and it stops
    assert storage.get(SAVE_KEY) == newer and b.session.conflict
    assert "This game continued in another window" in b.render()
    b.handle("continue-here")
    assert b.game is not None and b.game.actions == a.game.actions  # type: ignore[union-attr]
    play_through_ui(b, 2, until=lambda x: len(x.game.actions) >= 4)  # type: ignore[union-attr]
    newer = storage.get(SAVE_KEY)
    a.session.remove_game()  # say, "Play again" in the window that is now stale
    assert a.session.conflict and storage.get(SAVE_KEY) == newer


def test_a_window_on_the_menu_just_forgets_its_stale_copy() -> None:
    storage = MemoryStorage()
    a = App(storage)
    start(a, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    b = App(storage)
    b.to_menu()
    play_through_ui(a, 1, until=lambda x: len(x.game.actions) >= 2)  # type: ignore[union-attr]
    assert b.kept.storage_changed(SAVE_KEY)
    assert not b.session.conflict and b.game is None
    b.handle("continue")
    assert b.game is not None and b.game.actions == a.game.actions  # type: ignore[union-attr]


def test_the_stored_save_carries_its_revision() -> None:
    storage = MemoryStorage()
    app = App(storage)
    start(app, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    first = revision(storage.get(SAVE_KEY))
    play_through_ui(app, 1, until=lambda x: len(x.game.actions) >= 3)  # type: ignore[union-attr]
    assert revision(storage.get(SAVE_KEY)) > first >= 1
    assert json.loads(storage.get(SAVE_KEY) or "")["rev"] == revision(storage.get(SAVE_KEY))
    assert revision(None) == 0 and revision('{"format":"small-islands/1"}') == 0


def test_a_stopped_window_does_not_play_the_computer_seats() -> None:
    storage = MemoryStorage()
    a = App(storage)
    start(a, {"name-0": "Ann", "name-1": "Bob", "kind-1": "easy"})
    play_through_ui(a, 4, until=lambda x: x.screen == "watch")
    assert a.auto.request() is not None
    b = App(storage)
    b.save_game()  # the other window saves (the same position, one revision on)
    assert a.kept.storage_changed(SAVE_KEY) and a.session.conflict
    assert a.auto.request() is None and a.stage().name == "elsewhere"
    a.handle("continue-here")
    assert not a.session.conflict and a.auto.request() is not None
