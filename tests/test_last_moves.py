"""The last moves on the map (issue 28, item 2), in CPython: the shell's helper
(`game_shell.last_moves`), Small Islands' marks (`si_web.marks`) and Ember Isle's
(`ei_web.marks`, the engine's ``located``) after seeded computer moves, the recap lines that
show a move on the map."""

from __future__ import annotations

import math
import random
import re
from dataclasses import replace

from web_driver import play_through_ui

import ember_isle as ei
from ei_web import marks as ei_marks
from ei_web.app import EmberApp
from ei_web.board import centre
from ei_web.mapview import shows
from ember_web_driver import play_action, tap
from game_shell import last_moves
from game_shell.last_moves import Move, Showing, group, marks_svg, since_turn
from game_shell.storage import MemoryStorage
from si_web import words
from si_web.app import App
from si_web.board_svg import CELL, spots_for, view_tiles

# ------------------------------------------------------------------ the shell's helper


def test_since_turn_is_what_the_others_did_after_the_seat_last_played() -> None:
    log = [{"seat": 0}, {"seat": 1}, {"seat": None}, {"seat": 1}, {"seat": 0}, {"seat": 0}]
    assert [i for i, _ in since_turn(log, 0)] == [1, 2, 3]  # own current turn skipped
    assert [i for i, _ in since_turn(log, 1)] == [4, 5]
    assert [i for i, _ in since_turn(log[:3], 0)] == [1, 2]
    assert [i for i, _ in since_turn([{"seat": 1}, {"seat": None}], 0)] == [0]  # never played
    assert since_turn(log, None) == []
    assert len(since_turn([{"seat": 1}] * 30, 0, limit=12)) == 12
    # the seat's own moves after them keep the moves' key (so the motion plays once)
    assert last_moves.last_index(log, 0) == last_moves.last_index(log[:4], 0) == 4


def test_marks_group_by_place_and_name_every_move_in_words() -> None:
    moves = [
        Move(1, "red", "Bob", "placed a tile", (10, 10)),
        Move(2, "red", "Bob", "built a house", (10, 10)),
        Move(3, "blue", "Cleo", "placed a tile", (10, 10)),
        Move(3, "blue", "Cleo", "placed a tile", (50, 10)),
        Move(4, "nope", "Dev", "landed a ship", (90, 10)),
    ]
    marks = group(moves)
    assert [m.name for m in marks] == [
        "Bob placed a tile and built a house here; Cleo placed a tile here",
        "Cleo placed a tile here",
        "Dev landed a ship here",
    ]
    assert marks[0].lines == [1, 2, 3] and marks[0].colour == "blue"  # the latest mover's
    assert marks[2].colour == "grey"  # a colour without a shape: grey, never colour alone
    svg = marks_svg(marks, 30, fresh=True, shown=3)
    assert svg.count('role="img"') == 3 and svg.count('aria-label=') == 4  # 3 marks, the group
    assert 'last-marks fresh' in svg  # the motion's hook, once
    assert svg.count('class="last-mark shown"') == 2 and "last-shown" in svg
    assert 'aria-label="Bob placed a tile and built a house here; Cleo placed a tile here"' in svg
    assert "fresh" not in marks_svg(marks, 30)
    assert marks_svg([], 30) == ""


def test_showing_plays_the_motion_once_and_keeps_the_line_shown_for_the_same_moves() -> None:
    s = Showing()
    assert s.first(("g", 0, 5)) and not s.first(("g", 0, 5)) and s.first(("g", 0, 9))
    assert not s.first(("g", 0, 9))
    s.redraw()  # not fresh in the last drawing: stays so
    assert not s.first(("g", 0, 9))
    assert s.first(("g", 1, 9))
    s.redraw()  # fresh in the last drawing, drawn again at once: fresh again
    assert s.first(("g", 1, 9)) and not s.first(("g", 1, 9))
    assert s.first(("g", 2, 9), at=40) and s.first(("g", 2, 9), at=40)  # the same position
    assert not s.first(("g", 2, 9), at=41)  # after a move of the seat's own
    s.show(("g", 0, 9), 2)
    assert s.shown(("g", 0, 9)) == 2 and s.shown(("g", 0, 12)) is None
    assert last_moves.shown_line({"line": "2"}, 3) == 2
    assert last_moves.shown_line({"line": "x"}, 3) is None
    assert last_moves.shown_line({"line": "4"}, 3) is None


# ------------------------------------------------------------------ Small Islands


def si_after_computer() -> App:
    """A 2-seat game against a computer, at the person's turn after the computer placed."""
    app = App(MemoryStorage())
    app.handle("new", {}, {"name-0": "Ann", "name-1": "Bob", "kind-1": "easy", "speed": "instant"})

    def back(a: App) -> bool:
        g = a.game
        return (
            a.screen == "game" and g is not None and g.phase == "exploration" and g.to_move == 0
            and g.stage == "take"
            and any(e.get("event") == "placed" and e.get("seat") == 1 for e in g.log)
        )

    play_through_ui(app, 5, back)
    assert back(app)
    return app


def test_small_islands_marks_the_computers_tiles_with_a_named_badge_not_a_house() -> None:
    app = si_after_computer()
    parts = app.render_parts()
    assert parts is not None
    v = app.view()
    recap = words.recap(v)
    placed = [(e["args"]["x"], e["args"]["y"]) for e in recap if e.get("event") == "placed"]
    assert placed
    assert "last-marks" not in parts["board-map"]  # its own layer: the map is not redrawn for it
    group_svg = parts["board-recent"].split('<g class="last-marks', 1)[1]
    assert "g-home" not in group_svg and "<use" not in group_svg  # never a piece
    assert "Bob placed a tile here" in group_svg
    for x, y in placed:  # on each placed tile's top-right corner, off its symbols
        assert f'transform="translate({(x + 1) * CELL}.0 {y * CELL}.0)"' in group_svg
    for t in view_tiles(v["board"]):  # never over a tile's symbols (the badge: 14 units)
        for sx, sy in spots_for(t):
            for x, y in placed:
                assert math.hypot(sx - (x + 1) * CELL, sy - y * CELL) >= 23
    colour = app.game.seats[1].colour if app.game else ""
    assert f"f-{colour}" in group_svg and f"k-{colour}" in group_svg  # colour and shape
    # the recap: numbered lines, those with a move on the map are buttons that show it
    assert 'data-act="show-move"' in parts["si-recap"]
    assert "Marked on the map" in parts["si-recap"]


def test_small_islands_motion_once_and_a_recap_line_frames_its_move() -> None:
    app = si_after_computer()
    first = app.render_parts()
    again = app.render_parts()
    assert first is not None and again is not None
    assert 'last-marks fresh' in first["board-recent"]
    assert 'last-marks fresh' in again["board-recent"]  # the same position drawn again
    assert 'last-marks fresh' not in first["board-marks"]  # a tap's marks layer: never moves
    v = app.view()
    line = next(n for n, e in enumerate(words.recap(v), 1) if e.get("event") == "placed")
    x, y = words.entry_cells(words.recap(v)[line - 1])[0]
    app.handle("show-move", {"line": str(line)})
    box = app.user_viewbox
    assert box is not None
    assert box[0] <= x * CELL and x * CELL + CELL <= box[0] + box[2]
    assert box[1] <= y * CELL and y * CELL + CELL <= box[1] + box[3]
    parts = app.render_parts()
    assert parts is not None
    assert parts["board-map"] == first["board-map"]  # only the last moves' layer changes
    assert "last-mark shown" in parts["board-recent"] and 'aria-current="true"' in parts["si-recap"]
    app.handle("show-move", {"line": "99"})  # a stale line: nothing happens
    app.handle("show-move", {"line": "x"})
    assert app.message is None
    # the player's own move: the marks stay (the same moves), without the motion
    app.handle("take", {"slot": "0"})
    assert app.game is not None and app.game.log[-1].get("seat") == 0
    parts = app.render_parts()
    assert parts is not None
    assert "last-mark" in parts["board-recent"] and 'last-marks fresh' not in parts["board-recent"]


def test_small_islands_the_marks_motion_ending_leaves_the_map_layer_alone() -> None:
    """The game reopened (no tile in motion): its last moves pop in at the first drawing;
    the next tap (a take, which changes nothing on the map) ends that motion in the last
    moves' small layer, and the map's layer (27 KB mid-game) stays as it was: the browser
    does not rebuild the whole map for it."""
    played = si_after_computer()
    app = App(played.storage)
    app.handle("unlock")
    first = app.render_parts()
    assert first is not None and 'last-marks fresh' in first["board-recent"]
    assert "data-fx" not in first["board-map"]
    app.handle("take", {"slot": "0"})
    after = app.render_parts()
    assert after is not None and 'last-marks fresh' not in after["board-recent"]
    assert "last-mark" in after["board-recent"] and after["board-map"] == first["board-map"]


def test_small_islands_motion_off_draws_the_marks_still() -> None:
    app = si_after_computer()
    app.use_settings(replace(app.settings, animations=False))
    parts = app.render_parts()
    assert parts is not None
    assert "last-mark" in parts["board-recent"] and 'last-marks fresh' not in parts["board-recent"]


# ------------------------------------------------------------------ Ember Isle


def ei_after_computer(seed: int = 3) -> EmberApp:
    """A 2-seat game against a computer, at the person's turn after the computer moved."""
    app = EmberApp(MemoryStorage())
    app.begin(ei.Game.new(ei.Options(seats=("Ann", "Bob"), bots={1: "easy"}, first_player=1,
                                     colours=("red", "blue"), seed=seed)))
    rng = random.Random(seed)
    for _ in range(600):
        g = app.game
        assert g is not None
        if app.screen == "pass":
            tap(app, "ei-unlock")
            continue
        if app.auto.bot_seat() is not None:
            assert app.auto.local(app.auto.token)
            continue
        if g.phase == "play" and app.my_turn() and g.stage == "turn" and any(
            e.get("event") == "bound" and e.get("seat") == 1 for e in g.log[-8:]
        ):
            return app
        legal = app.legal()
        assert legal, (app.screen, g.stage, g.to_move, app.viewer, app.auto.bot_seat(), app.message)
        play_action(app, rng.choice(legal))
    raise AssertionError("the computer never moved")


def test_ember_marks_the_computers_rover_moves_on_the_map() -> None:
    app = ei_after_computer()
    v = app.view()
    html = app.render()
    group_svg = html.split('<g class="last-marks', 1)[1].split("</g></svg>")[0]
    recap = ei_marks.lines(v)
    bounds = [e for _, e in since_turn(v["log"], 0) if e.get("event") == "bound"]
    assert bounds
    last = ei_marks.spot(tuple(bounds[-1]["hex"]))  # type: ignore[arg-type]
    assert f'transform="translate({last[0]:.1f} {last[1]:.1f})"' in group_svg
    assert "Bob moved here" in group_svg and 'class="last-path' in group_svg
    assert "f-blue" in group_svg and "k-blue" in group_svg  # Bob's colour and its shape
    assert any(line.text.startswith("Bob moved") for line in recap)
    assert 'class="card recap ei-recap"' in html and 'data-act="ei-show-move"' in html
    box = html.split("ei-recap", 1)[1].split("</section>")[0]
    assert not re.search(r"\(-?\d+, ?-?\d+\)|\bhex\b", box)


def test_ember_a_recap_line_frames_its_move_and_the_motion_plays_once() -> None:
    app = ei_after_computer()
    assert 'last-marks fresh' in app.render()
    assert 'last-marks fresh' not in app.render()
    app.map.px = (390.0, 420.0)
    recap = ei_marks.lines(app.view())
    n = next(i for i, line in enumerate(recap, 1) if line.hexes)
    tap(app, "ei-show-move", line=n)
    box = app.map.user
    assert box is not None
    for h in recap[n - 1].hexes:
        assert shows(box, h)
    html = app.render()
    assert "last-mark shown" in html and 'aria-current="true"' in html


def test_ember_frames_the_others_moves_with_the_targets_when_they_fit() -> None:
    app = ei_after_computer()
    app.map.px = (820.0, 700.0)  # a tablet's map: the targets and the moves fit together
    app.map.shown = None
    app.map.key = None
    app.render()
    box = app.map.shown
    assert box is not None
    recent = [h for line in ei_marks.lines(app.view()) for h in line.hexes]
    assert all(shows(box, h, app.map.band(box)) for h in recent)


def test_ember_a_flow_or_clue_that_locates_a_treasure_says_where() -> None:
    """The engine's log names the treasure a move located (public: the cubes show it), and
    the map marks it in the mover's colour."""
    found = 0
    for seed in range(1, 30):
        g = ei.Game.new(ei.Options(seats=("Ann", "Bob"), bots={0: "easy", 1: "easy"}, seed=seed))
        rng = random.Random(seed)
        while g.phase != "over" and len(g.actions) < 900:
            g.play(rng.choice(g.legal_actions()))
            e = g.log[-1] if g.log else {}
            for item in e.get("located", []):
                found += 1
                assert e["event"] in ("lava", "clue", "lava_tile", "cube_removed")
                assert g.located(item["column"]) == tuple(item["hex"])
                v = g.view(1 - int(e["seat"]))
                moves = [m for line in ei_marks.lines(v) for m in line.moves]
                assert any(m.did.startswith(f"located the {item['column'].title()} treasure")
                           and m.at == ei_marks.spot(tuple(item["hex"])) for m in moves)
        if found >= 3:
            break
    assert found >= 3
    assert centre((0, 0)) == (0.0, 0.0)


def test_ember_marks_the_setup_moves_of_the_others() -> None:
    """Objects placed, land added, rovers put: marked where they went, named in words."""
    g = ei.Game.new(ei.Options(seats=("Ann", "Bob"), bots={1: "easy"}, first_player=1,
                               colours=("red", "blue"), seed=11, objects="players",
                               volcano=False))
    rng = random.Random(11)
    named = set()
    while g.phase == "setup" and len(g.actions) < 200:
        if g.to_move == 0:
            v = g.view(0)
            for line in ei_marks.lines(v):
                for m in line.moves:
                    named.add(m.did.split()[0])
                    assert m.who == "Bob" and m.colour == "blue" and m.at in {
                        ei_marks.spot(h) for h in line.hexes
                    }
        g.play(rng.choice(g.legal_actions()))
    assert {"placed", "put"} <= named, named
