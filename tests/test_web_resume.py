"""Reload restores the device seat's transient choices exactly (si_web.resume + App)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from si_web import resume
from si_web.app import SAVE_KEY, App, MemoryStorage
from si_web.choices import Choices
from small_islands import Game, Options

Pred = Callable[[Game, dict[str, Any]], bool]


def game_where(pred: Pred, mode: str = "normal", seats: int = 2, **opts: Any) -> Game:
    """A game (random legal play, fixed seeds) whose seat to move sees what `pred` wants."""
    names = tuple(f"P{i}" for i in range(seats))
    for seed in range(60):
        g = Game.new(Options(seats=names, mode=mode, seed=seed, **opts))
        rng = random.Random(seed)
        while g.phase != "over":
            seat = g.to_move
            assert seat is not None
            if not (g.seats[seat].alexis or g.seats[seat].bot) and pred(g, g.view(seat)):
                return g
            g.play(rng.choice(g.legal_actions()))
    raise AssertionError("no such position")


def open_at(g: Game) -> App:
    """The app over this saved game, the seat to move unlocked."""
    app = App(MemoryStorage({SAVE_KEY: g.to_json()}))
    if app.screen == "pass":
        app.handle("unlock")
    assert app.screen == "game", app.screen
    return app


def reload(app: App) -> App:
    """A new App on the same storage (a page reload), past the pass screen if one shows."""
    again = App(app.storage)
    if again.screen == "pass":
        assert again.choices == Choices() and "data-secret" not in again.render()
        again.handle("unlock")
    return again


def assert_same_after_reload(app: App) -> App:
    before, ui = app.render(), copy.deepcopy(app.choices)
    assert not ui.is_empty(), "nothing selected: the test would prove nothing"
    again = reload(app)
    assert again.screen == "game" and again.choices == ui
    assert again.render() == before
    return again


def stage(name: str) -> Pred:
    return lambda g, v: v["phase"] == "exploration" and v["stage"] == name


def test_hand_tile_preview_and_rotation_come_back() -> None:
    g = game_where(lambda g, v: stage("place")(g, v) and len(v["legal"]["place"]) >= 2)
    app = open_at(g)
    place = app.view()["legal"]["place"]
    tile = sorted(place)[0] if sorted(place)[0] != app.selected_tile() else sorted(place)[1]
    app.handle("hand", {"tile": tile})
    x, y, _ = place[tile][0]
    app.handle("cell", {"x": str(x), "y": str(y)})
    app.handle("rotate")
    assert app.choices.tile == tile and app.choices.preview[:2] == (x, y)
    again = assert_same_after_reload(app)
    again.handle("confirm-place")  # and the restored preview is playable
    assert again.game is not None and again.game.actions[-1].to_json()["tile"] == tile


def test_land_mode_with_its_ship_and_cell_comes_back() -> None:
    app = open_at(game_where(lambda g, v: stage("take")(g, v) and bool(v["legal"].get("land"))))
    app.handle("land-mode")
    land = app.view()["legal"]["land"]
    ship = sorted(land)[-1]
    app.handle("ship", {"ship": ship})
    x, y = land[ship][0]
    app.handle("cell", {"x": str(x), "y": str(y)})
    assert app.choices.land_at == (x, y)
    assert_same_after_reload(app)


def test_resource_token_mode_and_pick_come_back() -> None:
    app = open_at(
        game_where(lambda g, v: stage("bonus")(g, v) and bool(v["legal"].get("resource_tokens")))
    )
    app.handle("res-mode")
    x, y, i, _ = app.view()["legal"]["resource_tokens"][0]
    app.handle("res", {"x": str(x), "y": str(y), "index": str(i)})
    assert app.choices == Choices(mode="resource", res_at=(x, y, i))
    assert_same_after_reload(app)


def test_port_token_mode_and_cell_come_back() -> None:
    app = open_at(
        game_where(lambda g, v: stage("bonus")(g, v) and bool(v["legal"].get("port_tokens")))
    )
    app.handle("port-mode")
    assert_same_after_reload(app)  # the mode alone
    x, y = app.view()["legal"]["port_tokens"][-1]
    app.handle("cell", {"x": str(x), "y": str(y)})
    assert app.choices == Choices(mode="port", port_at=(x, y))
    assert_same_after_reload(app)


def test_house_pick_comes_back() -> None:
    app = open_at(
        game_where(lambda g, v: v["phase"] == "reward" and bool(v["legal"].get("houses")))
    )
    x, y, i, _ = app.view()["legal"]["houses"][0]
    app.handle("house", {"x": str(x), "y": str(y), "index": str(i)})
    assert_same_after_reload(app)


@pytest.mark.parametrize("mode", ["normal", "advanced"])
def test_objective_picks_come_back(mode: str) -> None:
    app = open_at(game_where(lambda g, v: v["phase"] == "preparation", mode=mode))
    held = app.view()["held"]
    for kind in sorted({c[0] for c in held}):
        cards = [c for c in held if c[0] == kind]
        app.handle("obj", {"card": cards[0], "slot": "now"})
        app.handle("obj", {"card": cards[1], "slot": "later"})
    assert_same_after_reload(app)
    # an incomplete pick comes back too
    app.handle("obj", {"card": held[0], "slot": "later"})
    assert_same_after_reload(app)


def test_setup_draft_and_its_selection_come_back() -> None:
    app = open_at(game_where(lambda g, v: v["phase"] == "setup"))
    app.handle("layout", {"n": "1"})
    tid, x, y, _ = app.choices.draft[0]
    app.handle("cell", {"x": str(x), "y": str(y)})  # select it
    app.handle("draft-flip")
    app.handle("draft-rotate")
    assert app.choices.draft_sel == 0 and app.choices.draft[0][0] != tid
    assert_same_after_reload(app)


def test_alexis_rotation_choice_comes_back() -> None:
    g = game_where(
        lambda g, v: v["stage"] == "alexis_rotation" and len(v["legal"]["alexis_rotations"]) > 1,
        seats=1,
        alexis_decides=False,
    )
    app = open_at(g)
    app.handle("alexis-rot")
    assert app.choices.alexis_rot is not None
    assert_same_after_reload(app)


def test_suggestion_comes_back_with_its_preselection() -> None:
    app = open_at(game_where(stage("place")))
    action = next(a for a in app.game.legal_actions())  # type: ignore[union-attr]
    app.want_hint()
    assert app.auto.apply_hint(
        json.dumps({"action": action.to_json(), "reason": "try it"}), app.auto.token()
    )
    again = assert_same_after_reload(app)
    assert again.choices.hint.reason == "try it"


def test_several_humans_see_the_pass_screen_first_then_their_choices() -> None:
    app = open_at(game_where(stage("place")))
    app.handle("hand", {"tile": app.view()["hand"][0]["id"]})
    again = App(app.storage)
    assert again.screen == "pass" and again.viewer is None and again.choices == Choices()
    assert "data-secret" not in again.render()
    again.handle("menu")  # the menu and back keeps them for later
    again.handle("continue")
    assert again.screen == "pass"
    again.handle("unlock")
    assert again.choices == app.choices


def test_one_human_against_computers_gets_them_back_at_once() -> None:
    g = game_where(stage("place"), seats=2, bots={1: "easy"})
    app = open_at(g)
    tile = app.view()["hand"][0]["id"]
    app.handle("hand", {"tile": tile})
    again = App(app.storage)
    assert again.screen == "game" and again.choices == Choices(tile=tile)


def test_choices_of_an_older_position_or_another_seat_are_dropped() -> None:
    app = open_at(game_where(stage("place")))
    app.handle("hand", {"tile": app.view()["hand"][0]["id"]})
    stale = app.storage.get(resume.UI_KEY)
    app.handle("take-back-nothing")  # unknown acts change nothing
    assert app.storage.get(resume.UI_KEY) == stale
    record = json.loads(stale or "")
    for change in (
        {"at": [record["at"][0], record["at"][1] - 1, record["at"][2]]},
        {"at": [record["at"][0], record["at"][1], record["at"][2] ^ 1]},
        {"seat": 1 - record["seat"]},
        {"seat": record["seat"] == 1},  # a bool is not a seat
        {"phase": "reward"},
        {"v": 2},
    ):
        app.storage.set(resume.UI_KEY, json.dumps({**record, **change}))
        assert reload(app).choices == Choices(), change
    app.storage.set(resume.UI_KEY, stale or "")
    assert reload(app).choices == app.choices


HOSTILE_UI: list[Any] = [
    {"tile": 5},
    {"tile": ["T1"]},
    {"tile": "Z99"},
    {"preview": [0, 0, 0]},
    {"preview": [True, 1, 0]},
    {"preview": "1,2,3"},
    {"preview": [1, 2]},
    {"preview": [10**30, -1, 99]},
    {"mode": "land"},
    {"mode": "port", "port_at": [0, 0]},
    {"house_at": [1, 1, 0]},
    {"draft": [["S1", 5, 5, 0]]},
    {"now_O": "O1", "later_O": "O1"},
    {"alexis_rot": 1},
    {"hint": {"action": {"type": "place_tile", "tile": "<x>", "x": 1, "y": 1, "rotation": 0}}},
    {"hint": {"action": "end_turn"}},
    {"hint": [1, 2]},
    {"<script>": "<img src=x onerror=alert(1)>"},
]


@pytest.mark.parametrize("bad", HOSTILE_UI)
def test_invalid_or_hostile_choices_are_dropped_one_by_one(bad: dict[str, Any]) -> None:
    app = open_at(game_where(stage("place")))
    tile = app.view()["hand"][-1]["id"]
    app.handle("hand", {"tile": tile})
    record = json.loads(app.storage.get(resume.UI_KEY) or "")
    saved = {**record["ui"], **bad} if "tile" not in bad else {**bad}
    app.storage.set(resume.UI_KEY, json.dumps({**record, "ui": saved}))
    again = reload(app)
    assert again.screen == "game"
    assert again.choices == (Choices() if "tile" in bad else Choices(tile=tile))
    assert "<img" not in again.render() and "<x>" not in again.render()


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "not json",
        "null",
        "[]",
        '{"v": 1}',
        '{"v": 1, "ui": []}',
        '{"v": 1, "ui": {}, "at": "x", "seat": "0"}',
        "[" * 100_000,
        '{"v": 1, "ui": {"tile": "' + "A" * 50_000 + '"}}',
        '{"v": 1, "ui": {}, "seat": 0, "at": [1e400]}',
        "\ud800",
    ],
)
def test_unreadable_ui_records_never_crash(raw: str) -> None:
    app = open_at(game_where(stage("place")))
    app.storage.set(resume.UI_KEY, raw)
    again = reload(app)
    assert again.screen == "game" and again.choices == Choices()
    again.handle("rotate")
    assert again.render()


def test_a_stale_preview_is_dropped_but_the_tile_kept() -> None:
    def has_bad_rotation(g: Game, v: dict[str, Any]) -> bool:
        return stage("place")(g, v) and any(
            sum(1 for p in cells if p[:2] == c[:2]) < 4
            for cells in v["legal"]["place"].values()
            for c in cells
        )

    app = open_at(game_where(has_bad_rotation))
    place = app.view()["legal"]["place"]
    tile, (x, y) = next(
        (t, c[:2])
        for t, cells in place.items()
        for c in cells
        if sum(1 for p in cells if p[:2] == c[:2]) < 4
    )
    app.handle("hand", {"tile": tile})
    app.handle("cell", {"x": str(x), "y": str(y)})
    assert app.choices.preview[:2] == (x, y)
    bad_r = next(q for q in range(4) if [x, y, q] not in place[tile])
    record = json.loads(app.storage.get(resume.UI_KEY) or "")
    record["ui"]["preview"] = [x, y, bad_r]
    app.storage.set(resume.UI_KEY, json.dumps(record))
    assert reload(app).choices == Choices(tile=tile)


def test_nothing_is_written_off_the_game_screen_and_moves_clear_the_record() -> None:
    app = open_at(game_where(stage("place")))
    tile = app.view()["hand"][0]["id"]
    app.handle("hand", {"tile": tile})
    x, y, r = app.view()["legal"]["place"][app.selected_tile()][0]
    app.handle("cell", {"x": str(x), "y": str(y)})
    app.handle("confirm-place")  # a move: the position changes, the old record is stale
    again = App(app.storage)
    if again.screen == "pass":
        again.handle("unlock")
    assert again.choices == Choices()


# ------------------------------------------------------------------ the map's pan/zoom
def _opened() -> App:
    return open_at(game_where(lambda g, v: v["phase"] == "exploration"))


def test_pan_zoom_comes_back_after_reload() -> None:
    app = _opened()
    fitted = app.render()
    app.set_viewbox((120.5, -40.0, 640.0, 480.0))
    app.remember_view()
    again = reload(app)
    assert again.user_viewbox == (120.5, -40.0, 640.0, 480.0)
    assert 'viewBox="120.5 -40.0 640.0 480.0"' in again.render()
    assert 'data-act="fit"' not in fitted and 'data-act="fit"' in again.render()
    again.handle("fit")  # "fit" forgets it, also across a reload
    assert reload(again).user_viewbox is None
    assert reload(again).render() == fitted


def test_pan_zoom_of_another_game_is_not_applied() -> None:
    app = _opened()
    app.set_viewbox((0.0, 0.0, 500.0, 500.0))
    app.remember_view()
    meta = json.loads(app.storage.get("small-islands/ui") or "{}")
    meta["view"]["seed"] = meta["view"]["seed"] + 1
    app.storage.set("small-islands/ui", json.dumps(meta))
    assert reload(app).user_viewbox is None


@pytest.mark.parametrize(
    "box",
    [
        [0, 0, 500],
        [0, 0, "500", 500],
        [0, 0, 0, 500],
        [0, 0, -5, 500],
        [0, 0, 1e9, 500],
        [1e9, 0, 500, 500],
        [0, 0, True, 500],
        None,
        "0 0 500 500",
    ],
)
def test_hostile_or_impossible_pan_zoom_is_ignored(box: Any) -> None:
    app = _opened()
    app.set_viewbox((0.0, 0.0, 500.0, 500.0))
    app.remember_view()
    raw = app.storage.get("small-islands/ui") or "{}"
    meta = json.loads(raw)
    meta["view"]["box"] = box
    app.storage.set("small-islands/ui", json.dumps(meta))
    assert reload(app).user_viewbox is None


def test_non_finite_pan_zoom_is_ignored() -> None:
    app = _opened()
    app.set_viewbox((0.0, 0.0, 500.0, 500.0))
    app.remember_view()
    meta = json.loads(app.storage.get("small-islands/ui") or "{}")
    meta["view"]["box"][2] = float("nan")
    raw = json.dumps(meta)
    assert "NaN" in raw
    app.storage.set("small-islands/ui", raw)
    assert reload(app).user_viewbox is None
