"""What is new since the last render (effects.py): the marks motion and sound follow."""

from __future__ import annotations

import random
from typing import Any

from si_web.app import SAVE_KEY, App, MemoryStorage
from si_web.effects import Effects, diff, snapshot
from small_islands import EndTurn, Game, Land, Options, PlaceTile, TakeTile


def view(**board: Any) -> dict[str, Any]:
    """A minimal seat view with the parts effects read."""
    return {
        "seat": 0,
        "to_move": board.pop("to_move", 0),
        "seats": [{"pp": p} for p in board.pop("pp", (0, 0))],
        "display": [{"id": t} if t else None for t in board.pop("display", ())],
        "hand": [{"id": t} for t in board.pop("hand", ())],
        "board": {"tiles": [], "houses": [], "resource_tokens": [], "port_tokens": [],
                  "islands": [], **board},
    }


def tile(x: int, y: int, ship: str | None = None) -> dict[str, Any]:
    return {"x": x, "y": y, "ship": ship}


def test_a_new_tile_house_token_and_ship_are_marked_and_heard() -> None:
    before = view(tiles=[tile(0, 0)], pp=(3, 0))
    after = view(
        tiles=[tile(0, 0), tile(1, 0), tile(2, 2, "blue")],
        houses=[{"x": 0, "y": 0, "index": 1}],
        resource_tokens=[{"x": 1, "y": 0, "index": 0}],
        port_tokens=[{"x": 1, "y": 0}, {"x": 1, "y": 0}],
        pp=(8, 0),
    )
    fx = diff(snapshot(view(**before["board"], pp=(3, 0))), snapshot(after))
    assert fx.map.tiles == {(1, 0): "place", (2, 2): "land"}
    assert fx.map.houses == {(0, 0, 1)}
    assert fx.map.tokens == {(1, 0, 0), (1, 0, -1), (1, 0, -2)}
    assert fx.pp == {0: 5}
    assert fx.sounds == ["land", "build", "score"]


def test_islands_that_merge_flash_and_islands_that_grow_do_not() -> None:
    two = [{"cells": [[0, 0]]}, {"cells": [[2, 0]]}]
    merged = [{"cells": [[0, 0], [1, 0], [2, 0]]}]
    fx = diff(snapshot(view(islands=two)), snapshot(view(islands=merged)))
    assert fx.map.merged == {(0, 0), (1, 0), (2, 0)}
    grown = [{"cells": [[0, 0], [0, 1]]}, {"cells": [[2, 0]]}]
    assert diff(snapshot(view(islands=two)), snapshot(view(islands=grown))).map.merged == set()


def test_a_tile_gone_from_the_display_was_taken_by_the_seat_to_move() -> None:
    before = view(display=("T01", "T02", "T03"), to_move=1)
    after = view(display=("T01", None, "T03"), to_move=1)
    fx = diff(snapshot(before), snapshot(after))
    assert fx.taken == [("T02", 1)] and fx.sounds == ["take"]
    # a refill adds a tile: nothing taken
    assert diff(snapshot(after), snapshot(view(display=("T01", "T09", "T03")))).empty()


def test_the_same_key_gives_the_same_marks_and_nothing_is_new_after_a_load() -> None:
    fx = Effects()
    v0 = view(tiles=[tile(0, 0)])
    first = fx.update(v0, (1, 5, "game", 0))
    assert first.empty() and first.gen == 0  # nothing shown before: nothing new
    v1 = view(tiles=[tile(0, 0), tile(0, 1)])
    new = fx.update(v1, (1, 6, "game", 0))
    assert new.map.tiles == {(0, 1): "place"} and new.gen == 1
    assert fx.update(v1, (1, 6, "game", 0)) is new  # a re-render: the same marks
    assert fx.update(v1, (1, 6, "watch", 0)).empty()  # another screen, no move: nothing new
    assert fx.update(view(tiles=[tile(0, 0)]), (2, 5, "game", 0)).empty()  # undo: another game
    fx.update(v0, (2, 5, "game", 0))
    assert fx.update(v1, (2, 4, "game", 0)).empty()  # fewer actions: never animated


def play_until(g: Game, rng: random.Random, stop: Any) -> None:
    while not stop(g):
        g.play(rng.choice(g.legal_actions()))


def bonus_position() -> Game:
    """A 2-human game at a take, the seat to move holding bonus tokens (so that after its
    placement the same seat keeps the device)."""
    for seed in range(50):
        g = Game.new(Options(seats=("Ann", "Bob"), seed=seed))
        rng = random.Random(seed)
        while g.phase != "over":
            s = g.seats[g.to_move] if g.to_move is not None else None
            exploring = g.phase == "exploration" and g.stage == "take"
            if exploring and s and s.bonus and len(g.board.tiles) > 8:
                return g
            actions = [a for a in g.legal_actions() if not isinstance(a, Land)] or g.legal_actions()
            g.play(rng.choice(actions))
    raise AssertionError("no position")


def loaded(g: Game) -> App:
    app = App(MemoryStorage({SAVE_KEY: g.to_json(), "small-islands/ui": '{"screen": "game"}'}))
    app.handle("unlock")
    assert app.screen == "game"
    return app


def test_the_game_screen_marks_a_taken_tile_and_a_placed_one_once() -> None:
    g = bonus_position()
    app = loaded(g)
    seat = app.viewer
    first = app.render_parts()
    assert first is not None and "data-fx" not in first["board-map"]
    slot = next(i for i, t in enumerate(app.view()["display"]) if t)
    tid = app.view()["display"][slot]["id"]
    app.handle("take", {"slot": str(slot)})
    app.render_parts()
    assert app.fx.fx.taken == [(tid, seat)] and "take" in app.fx.fx.sounds
    place = app.view()["legal"]["place"]
    tile_id = next(t for t in place if place[t])
    x, y, r = place[tile_id][0]
    app.choices.tile = tile_id
    app.play(PlaceTile(tile_id, x, y, r))
    parts = app.render_parts()
    assert parts is not None and app.screen == "game"
    assert f'translate({x * 100},{y * 100})"><g class="fx" data-fx="place">' in parts["board-map"]
    assert parts == app.render_parts()  # a re-render marks the same, the map's HTML is kept
    app.handle("cell", {"x": "0", "y": "0"})  # a tap that changes nothing in the game
    again = app.render_parts()
    assert again is not None and again["board-map"] == parts["board-map"]
    app.play(EndTurn())
    assert app.screen == "pass"


def test_no_marks_when_animations_are_off_but_sounds_still_follow() -> None:
    g = bonus_position()
    app = loaded(g)
    app.render_parts()
    app.handle("set", {"key": "animations", "value": "off"})  # not offered in a game: ignored
    assert app.settings.animations
    from si_web import settings

    settings.change(app, "animations", "off")
    app.play(TakeTile(next(i for i, t in enumerate(app.view()["display"]) if t)))
    parts = app.render_parts()
    assert parts is not None and "data-fx" not in parts["board-map"]
    assert app.fx.fx.sounds == ["take"]


def test_undo_is_never_animated() -> None:
    g = bonus_position()
    app = loaded(g)
    app.render_parts()
    app.play(TakeTile(next(i for i, t in enumerate(app.view()["display"]) if t)))
    app.render_parts()
    gen = app.fx.gen
    app.handle("undo")
    parts = app.render_parts()
    assert parts is not None and "data-fx" not in parts["board-map"] and app.fx.gen == gen


def test_computer_moves_are_marked_on_the_watch_screen_the_same_way() -> None:
    from web_driver import choose, data_of, tappables

    app = App(MemoryStorage())
    app.handle("new", {}, {"name-0": "Ann", "name-1": "Bot", "kind-1": "easy"})
    rng = random.Random(4)
    seen: set[str] = set()
    sounds: set[str] = set()
    for _ in range(600):
        if app.game is None or app.game.round > 1 or app.screen == "over":
            break
        html = app.render()
        if app.screen != "watch":
            item = choose(tappables(html), rng)
            assert item is not None
            app.handle(item["data-act"], data_of(item), {})
            continue
        if app.fx.fx.gen:
            sounds |= set(app.fx.fx.sounds)
            seen |= {m for m in ("place", "drop", "land") if f'data-fx="{m}"' in html}
            if app.fx.fx.taken:
                seen.add("taken")
        req = app.auto.request()
        assert req is not None
        app.auto.fallback(req["token"])
    assert {"place", "taken"} <= seen and {"take", "place"} <= sounds, (seen, sounds)
