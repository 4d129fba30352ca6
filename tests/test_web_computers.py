"""The UI state machine with computer seats, solo against Alexis, hints, achievements storage."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from web_driver import choose, data_of, run_until_watch, tappables

from si_web import form as form_mod
from si_web.app import SAVE_KEY, App, MemoryStorage
from si_web.explorer import (
    ACH_BROKEN_KEY,
    ACH_KEY,
    FORMAT,
    add_game,
    dump_record,
    explorer_screen,
    parse_record,
)
from small_islands import Action, Game, Options
from small_islands.bots import choose_action
from small_islands.bots.worker import handle

HOSTILE = "<img src=x onerror=alert(1)>"


def bot_answer(req: dict) -> str:
    """What the worker would answer (same code path: JSON in, JSON out)."""
    r = json.loads(req["request"])
    legal = [Action.from_json(a) for a in r["legal"]]
    if r["kind"] == "suggest":
        return handle(req["request"])
    action = choose_action(r["view"], legal, r["level"], r["seed"], 0.02, 2)
    return json.dumps({"action": action.to_json()})


def run(app: App, rng: random.Random, on_screen=None, limit: int = 6000) -> None:  # type: ignore[no-untyped-def]
    for _ in range(limit):
        req = app.auto.request()
        if req is not None:
            if req["kind"] == "alexis":
                assert app.auto.alexis_step(req["token"])
            else:
                assert app.auto.apply(bot_answer(req), req["token"])
            continue
        if app.screen == "over":
            return
        html = app.render()
        if on_screen is not None:
            on_screen(app, html)
        item = choose(tappables(html), rng)
        assert item is not None, (app.screen, app.game and app.game.stage)
        app.handle(item["data-act"], data_of(item), {})
    raise AssertionError("game did not end")


def bots_app(kinds: list[str], storage: MemoryStorage | None = None) -> App:
    app = App(storage or MemoryStorage())
    for _ in range(len(kinds) - 2):
        app.handle("add-seat")
    fields = {f"name-{i}": f"P{i}" for i in range(len(kinds))}
    fields |= {f"kind-{i}": k for i, k in enumerate(kinds)}
    app.handle("new", {}, {**fields, "speed": "instant"})
    assert app.form_error is None
    return app


def solo_app(level: str = "3", decide: str = "me", storage: MemoryStorage | None = None) -> App:
    app = App(storage or MemoryStorage())
    app.handle("form-solo", {"solo": "1"})
    app.handle(
        "new", {}, {"name-0": "Me", "solo-level": level, "alexis-decides": decide, "speed": "fast"}
    )
    assert app.form_error is None
    return app


# ------------------------------------------------------------------ computer seats
def test_bot_seats_come_from_the_form_and_play_through_the_worker_protocol() -> None:
    app = bots_app(["human", "easy", "medium", "hard"])
    g = app.game
    assert g is not None and g.options.bots == {1: "easy", 2: "medium", 3: "hard"}
    assert app.has_bots() and app.human_seats() == [0]
    screens: set[str] = set()
    run(app, random.Random(1), lambda a, html: screens.add(a.screen))
    assert "pass" not in screens  # one human: never a pass-the-device screen
    assert app.screen == "over" and len(app.game.scores()) == 4


def test_bot_request_holds_only_the_bot_seats_view() -> None:
    app = bots_app(["human", "medium"])
    run_until_watch(app)
    req = app.auto.request()
    assert req is not None and req["kind"] == "bot"
    seat = req["seat"]
    body = json.loads(req["request"])
    assert body["view"]["seat"] == seat and body["level"] == "medium"
    other = app.game.seats[1 - seat]
    for t in other.hand:
        assert f'"{t}"' not in json.dumps(body["view"]["hand"])
    legal = [Action.from_json(a) for a in body["legal"]]
    assert legal == app.game.legal_actions()


def test_stale_illegal_and_unreadable_bot_answers() -> None:
    app = bots_app(["human", "easy"])
    run_until_watch(app)
    req = app.auto.request()
    assert req is not None
    n = len(app.game.actions)
    assert not app.auto.apply(bot_answer(req), "old-token")  # stale: ignored
    assert len(app.game.actions) == n
    assert app.auto.apply('{"action": {"type": "end_reward"}}', req["token"])  # illegal now
    assert len(app.game.actions) == n + 1 and "illegal move" in app.events[-1]
    if app.screen == "watch":
        req = app.auto.request()
        assert req is not None
        assert app.auto.apply("not json", req["token"])
        assert "unreadable" in app.events[-1]


def test_worker_failure_is_said_in_the_log_and_medium_plays_here() -> None:
    app = bots_app(["easy", "easy"])  # an all-computer demo game
    assert app.screen == "watch" and app.human_seats() == []
    app.auto.worker_failed("boom")
    for _ in range(20):
        req = app.auto.request()
        assert req is not None
        assert app.auto.fallback(req["token"])
    html = app.render()
    assert "stopped working" in html and "Medium level" in html
    assert "boom" not in html  # the reason goes to the console, not to the player


def test_watch_screen_never_shows_a_bots_secrets_with_two_humans() -> None:
    app = bots_app(["human", "hard", "human"])
    rng = random.Random(6)
    checked = 0
    for _ in range(400):
        req = app.auto.request()
        if req is not None:
            g = app.game
            html = app.render()
            assert "data-secret" not in html
            for s in g.seats:
                for t in s.hand:
                    assert f"Tile {t}" not in html and f'data-tile="{t}"' not in html
            checked += 1
            app.auto.apply(bot_answer(req), req["token"])
            continue
        if app.screen == "over":
            break
        item = choose(tappables(app.render()), rng)
        assert item is not None
        app.handle(item["data-act"], data_of(item), {})
    assert checked > 5


def test_pass_screen_only_between_human_seats() -> None:
    app = bots_app(["human", "easy", "human", "easy"])
    passes: list[int] = []
    prev = {"screen": None}

    def watch(a: App, html: str) -> None:
        if a.screen == "pass" and prev["screen"] != "pass":
            passes.append(a.game.to_move)
        prev["screen"] = a.screen

    run(app, random.Random(2), watch)
    assert passes and set(passes) <= {0, 2}


def test_skip_and_pace() -> None:
    app = bots_app(["human", "easy"])
    app.handle("menu")
    app.handle("speed", {}, {"speed": "relaxed"})
    assert app.form["speed"] == "relaxed" and app.pace_ms() == 1600
    app.handle("continue")
    run_until_watch(app)
    app.handle("skip")
    assert app.skipping and app.pace_ms() == 0
    while app.screen == "watch":
        req = app.auto.request()
        assert req is not None
        app.auto.apply(bot_answer(req), req["token"])
    assert not app.skipping  # back to the pace on the human's turn


# ------------------------------------------------------------------ hints
def test_hint_is_validated_highlighted_and_cleared_by_a_move() -> None:
    app = bots_app(["human", "human"])
    app.handle("unlock")
    rng = random.Random(9)
    shown = 0
    for _ in range(200):
        if app.screen == "game" and app.game.phase == "exploration":
            app.handle("hint")
            req = app.auto.hint_request()
            assert req is not None
            assert not app.auto.apply_hint('{"action": {"type": "end_reward"}}', req["token"])
            app.handle("hint")
            assert app.auto.apply_hint(bot_answer(app.auto.hint_request()), req["token"])
            html = app.render()
            assert 'data-hint="ready"' in html
            assert "hinted" in html or "preview" in html or "selected" in html
            shown += 1
            if shown > 3:
                break
        item = choose(tappables(app.render()), rng)
        assert item is not None
        app.handle(item["data-act"], data_of(item), {})
        assert app.choices.hint is None or app.screen == "game"
    assert shown > 3


# ------------------------------------------------------------------ solo
def test_solo_form_makes_alexis_and_the_human_chooses_for_him(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # A fixed deal: whether the player is ever asked to turn Alexis's tile depends on the draws,
    # and a new game's seed otherwise comes from the system's randomness.
    monkeypatch.setattr(Options, "with_seed", lambda self: replace(self, seed=self.seed or 4))
    app = solo_app("4", "me")
    assert app.game is not None and app.game.options.seed == 4
    g = app.game
    assert g is not None and g.options.solo and g.options.solo_level == 4
    assert not g.options.alexis_decides
    assert g.seats[1].name == "Alexis" and g.seats[1].colour == "purple"
    stages: set[str] = set()

    def watch(a: App, html: str) -> None:
        assert a.screen != "pass"
        stages.add(a.game.stage or "")
        if a.game.stage == "alexis_rotation":
            assert "Choose how Alexis" in html and 'class="tile preview' in html
        if a.screen == "watch":
            assert "Alexis" in html and "data-kind" in html

    run(app, random.Random(3), watch)
    assert "alexis_rotation" in stages
    html = app.render()
    assert "Alexis bonus" in html and 'class="alexis-bonus"' in html


def test_solo_let_alexis_decide() -> None:
    app = solo_app("1", "alexis")
    assert app.game is not None and app.game.options.alexis_decides
    stages: set[str] = set()
    run(app, random.Random(5), lambda a, html: stages.add(a.game.stage or ""))
    assert not {"alexis_rotation", "alexis_house"} & stages


def test_watch_screen_shows_alexis_steps() -> None:
    # Alexis's watch screen stays up only when he has two steps in a row (e.g. a landing, then
    # his reward phase): whether a game has one depends on its deal, so the games are seeded
    # (the form draws a random seed, and ~1 game in 8 had none: this test was flaky).
    for seed in range(5):
        g = Game.new(Options(seats=("Me",), solo_level=2, alexis_decides=False, seed=seed))
        app = App(MemoryStorage({SAVE_KEY: g.to_json()}))
        rng = random.Random(7)
        while app.game is not None and app.game.phase != "over":
            req = app.auto.request()
            if req is not None:
                assert app.auto.alexis_step(req["token"])
                html = app.render()
                if app.screen == "watch" and "draws" in html:
                    assert 'class="new"' in html and "Skip" in html
                    return
                if app.screen == "game":  # his steps wait in "Since your turn" (issue 11)
                    assert "Since your turn" in html and "draws" in html
                continue
            item = choose(tappables(app.render()), rng)
            assert item is not None
            app.handle(item["data-act"], data_of(item), {})
    raise AssertionError("no Alexis step shown")


def test_play_again_keeps_solo_and_bot_settings() -> None:
    app = solo_app("5")
    run(app, random.Random(1))
    app.handle("play-again")
    assert app.form["solo"] and app.form["solo_level"] == "5"
    app = bots_app(["human", "hard", "easy"])
    run(app, random.Random(1))
    app.handle("play-again")
    assert app.form["kinds"] == ["human", "hard", "easy"] and not app.form["solo"]


# ------------------------------------------------------------------ confirm new game
def test_new_game_over_a_game_in_progress_needs_confirmation() -> None:
    storage = MemoryStorage()
    app = bots_app(["human", "human"], storage)
    saved = storage.get(SAVE_KEY)
    app.handle("menu")
    app.handle("new")
    assert app.confirm_new and 'data-confirm="new"' in app.render()
    assert storage.get(SAVE_KEY) == saved
    app.handle("new-cancel")
    assert not app.confirm_new and storage.get(SAVE_KEY) == saved
    app.handle("new")
    app.handle("new", {"confirmed": "1"})
    assert storage.get(SAVE_KEY) != saved and app.screen == "pass"


def test_no_confirmation_when_the_saved_game_is_over() -> None:
    storage = MemoryStorage()
    app = bots_app(["easy", "easy"], storage)
    run(app, random.Random(1))
    app.handle("menu")
    app.handle("new")
    assert not app.confirm_new and app.screen == "watch"


# ------------------------------------------------------------------ achievements
def test_achievement_record_parsing() -> None:
    rec, err = parse_record(None)
    assert err is None and rec["games"] == []
    good = dump_record(
        {"format": FORMAT, "counts": {"normal": {"pp50": 2}, "advanced": {}}, "games": ["1-2"]}
    )
    rec, err = parse_record(good)
    assert err is None and rec["counts"]["normal"]["pp50"] == 2
    bad = [
        "{oops",
        "[]",
        json.dumps({"format": "other/1", "counts": {}, "games": []}),
        json.dumps({"format": FORMAT, "counts": {"normal": {HOSTILE: 1}}, "games": []}),
        json.dumps({"format": FORMAT, "counts": {"normal": {"pp50": -1}}, "games": []}),
        json.dumps({"format": FORMAT, "counts": {"normal": {"pp50": True}}, "games": []}),
        json.dumps({"format": FORMAT, "counts": {"weird": {}}, "games": []}),
        json.dumps({"format": FORMAT, "counts": {}, "games": [1]}),
        json.dumps({"format": FORMAT, "counts": {}, "games": [], "x": 1}),
    ]
    for raw in bad:
        rec, err = parse_record(raw)
        assert err and rec["games"] == [], raw
        html = explorer_screen(rec, err, raw)
        assert "<img" not in html and 'data-ach-error="1"' in html


def test_add_game_counts_once() -> None:
    rec, _ = parse_record(None)
    assert add_game(rec, "7-100", "normal", ["pp50", "all_houses"])
    assert not add_game(rec, "7-100", "normal", ["pp50"])
    assert add_game(rec, "8-90", "normal", ["pp50"])
    assert rec["counts"]["normal"] == {"pp50": 2, "all_houses": 1}
    html = explorer_screen(rec, None, None)
    assert 'data-done="2"' in html and "×2" in html


def test_finished_game_is_recorded_once_and_corrupt_record_moved_aside() -> None:
    storage = MemoryStorage({ACH_KEY: "{corrupt"})
    app = App(storage)
    assert app.record_error and storage.get(ACH_KEY) == "{corrupt"
    app.handle("explorer")
    assert "record kept on this device cannot be read" in app.render()
    app.handle("back")
    app = bots_app(["human", "human"], storage)
    assert storage.get(ACH_KEY) == "{corrupt"  # nothing written before a game ends
    run(app, random.Random(4))
    assert storage.get(ACH_BROKEN_KEY) == "{corrupt"
    rec, err = parse_record(storage.get(ACH_KEY))
    assert err is None and len(rec["games"]) == 1
    html = app.render()
    assert "moved aside" in html and "data-ticks" in html
    assert "small-islands/" not in html  # no storage key in the player's words
    App(storage)  # reload on the end screen: not counted twice
    rec, _ = parse_record(storage.get(ACH_KEY))
    assert len(rec["games"]) == 1


def test_winners_ticks_are_named_on_the_end_screen_and_bots_do_not_count() -> None:
    ticked_games = 0
    for seed in range(3):
        storage = MemoryStorage()
        app = bots_app(["human", "easy"], storage)
        g = app.game
        assert g is not None
        run(app, random.Random(seed))
        view = app.game.view(0)
        mine = [a["id"] for a in view["achievements"][0]]
        rec, _ = parse_record(storage.get(ACH_KEY))
        assert sum(rec["counts"][g.options.mode].values()) == len(mine)
        if mine:
            ticked_games += 1
            assert 'data-ticks="1"' in app.render()
        assert all(name != "P1" for name, _ in app.ticks)
    assert ticked_games >= 0


def test_stored_settings_are_validated() -> None:
    storage = MemoryStorage(
        {
            "small-islands/ui": json.dumps(
                {
                    "screen": "start",
                    "form": {
                        "solo": "yes",
                        "solo_level": "9",
                        "speed": HOSTILE,
                        "kinds": [HOSTILE],
                    },
                }
            )
        }
    )
    app = App(storage)
    assert app.form["solo"] is False and app.form["solo_level"] == "1"
    assert app.form["speed"] == "normal"
    assert "<img" not in app.render()
    assert Game  # the engine is importable next to the UI



def test_an_answer_for_a_replaced_game_object_is_ignored() -> None:
    """The token names the game object the App held, not its id(): after the game is
    replaced (undo, reload, new game), an answer asked for the old object is stale even
    when the new object has the same action count."""
    g = Game.new(Options(seats=("Ann", "Bot"), seed=5, bots={0: "medium", 1: "medium"}))
    app = App(MemoryStorage({SAVE_KEY: g.to_json()}))
    req = app.auto.request()
    assert app.screen == "watch" and req is not None and req["kind"] == "bot"
    same = Game.from_json(app.game.to_json() if app.game else "")
    app.hold(same)  # the same position, another object
    assert app.auto.token() != req["token"]
    assert not app.auto.apply(bot_answer(req), req["token"])
    assert len(same.actions) == len(g.actions)
    fresh = app.auto.request()
    assert fresh is not None and app.auto.apply(bot_answer(fresh), fresh["token"])
    assert len(same.actions) == len(g.actions) + 1


# ------------------------------------------------------------------ a level's name is a promise
def test_the_form_does_not_offer_expert_but_an_expert_game_loads_and_plays() -> None:
    """Expert is level with Hard head to head: the form offers no Expert seat (a field asking
    for one is ignored, stored settings and "Play again" show Hard), while a saved game with an
    Expert seat still loads and its Expert seat still plays (through the worker's protocol)."""
    app = App(MemoryStorage())
    html = app.render()
    assert 'value="hard"' in html and "expert" not in html.lower()
    app.handle("new", {}, {"name-0": "Ann", "name-1": "Eve", "kind-1": "expert",
                           "speed": "instant"})
    assert app.game is not None  # ignored: still what the form had (a newcomer's: Medium)
    assert app.game.seats[1].bot == app.form["kinds"][1] == "medium"

    storage = MemoryStorage()
    game = Game.new(Options(seats=("Ann", "Eve"), seed=5, bots={1: "expert"}))
    saver = App(storage)
    saver.kept.save(game)
    loaded = App(storage)
    assert loaded.kept.current() is not None
    assert loaded.game is not None and loaded.game.seats[1].bot == "expert"
    rng = random.Random(5)
    moves = 0
    for _ in range(400):
        req = loaded.auto.request()
        if req is not None and req["kind"] == "bot":
            assert req["level"] == "expert"
            r = json.loads(req["request"])
            legal = [Action.from_json(a) for a in r["legal"]]
            action = choose_action(r["view"], legal, "hard", r["seed"], 0.02, 2)  # fast stand-in
            assert loaded.auto.apply(json.dumps({"action": action.to_json()}), req["token"])
            moves += 1
            if moves >= 3:
                break
            continue
        item = choose(tappables(loaded.render()), rng)
        assert item is not None
        loaded.handle(item["data-act"], data_of(item), {})
    assert moves >= 3
    form = App(storage).form
    form_mod.from_game(form, loaded.game)
    assert form["kinds"] == ["human", "hard"]
    form_mod.restore_seats(form, {"names": ["A", "B"], "colours": ["blue", "red"],
                                  "kinds": ["human", "expert"]})
    assert form["kinds"] == ["human", "hard"]
