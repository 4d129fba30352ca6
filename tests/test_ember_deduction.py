"""Ember Isle's deduction on the map (issue 29), in CPython: a treasure's possible spaces shaded
at any size of set, every treasure's at once, the spaces named with the treasures that may lie
there, cubes of >= 10 CSS px on a phone's whole island and never under a rover, the lava
preview's counts equal to the engine's once the lava flows, the piece of land's preview equal
to what confirming adds, and a clue's ruled-out spaces marked once."""

from __future__ import annotations

import copy
import random
import re

import ember_isle as ei
from ei_web import deduction, map_table, mapview
from ei_web.app import EmberApp
from ei_web.board import CUBE, CUBE_SPOTS, board_svg, centre, island_box
from ember_web_driver import play_action
from game_shell.storage import MemoryStorage

PHONE_W = 390.0  # a 390-px-wide phone: the map takes the whole width


def new_app(seed: int = 1) -> EmberApp:
    app = EmberApp(MemoryStorage())
    app.handle("ei-new", {}, {"ei-name-0": "Ann", "ei-name-1": "Bob", "ei-kind-0": "human",
                              "ei-kind-1": "human", "ei-map": "default"})
    assert app.game is not None
    if app.screen == "pass":
        app.handle("ei-unlock", {}, {})
    return app


def play_until(app: EmberApp, done, rng: random.Random, limit: int = 600) -> None:  # type: ignore[no-untyped-def]
    """Random legal moves by taps until `done(app)` (unlocking the pass screens)."""
    for _ in range(limit):
        if app.screen == "pass":
            app.handle("ei-unlock", {}, {})
            continue
        if done(app):
            return
        legal = app.legal()
        assert legal, (app.screen, app.game and app.game.stage)
        play_action(app, rng.choice(legal))
    raise AssertionError("never reached")


def in_play(app: EmberApp) -> bool:
    return app.game is not None and app.game.stage == "turn" and app.my_turn()


def shade_group(html: str) -> str:
    m = re.search(r'<g class="ei-shade"[^>]*>(.*?)</g>', html)
    assert m, "no shading on the map"
    return m.group(1)


def test_a_column_above_16_spaces_is_shaded_on_the_map_from_its_chip_and_its_sheet() -> None:
    app = new_app()
    play_until(app, in_play, random.Random(1))
    v = app.view()
    wide = [c for c in v["columns"] if c["count"] > 16]
    assert wide, "every column has 16 or fewer spaces"
    col = wide[0]
    assert col["cubes"] == []  # no cubes above 16: the map showed nothing before
    html = app.render()
    assert f'data-act="ei-shade" data-col="{col["name"]}"' in html  # its chip, in the tray
    app.handle("ei-shade", {"col": col["name"]}, {})
    html = app.render()
    group = shade_group(html)
    assert group.count("<polygon") == col["count"]  # every candidate tinted ...
    assert group.count("<circle") == col["count"]  # ... and dotted in its own corner
    dx, dy = CUBE_SPOTS[col["name"]]
    x, y = centre(tuple(col["candidates"][0]))  # type: ignore[arg-type]
    assert f'cx="{x + dx + CUBE / 2:.1f}" cy="{y + dy + CUBE / 2:.1f}"' in group  # the corner
    assert 'aria-pressed="true"' in html and "shaded, with a dot in the" in html
    # the columns' sheet has the same button; tapped again, the shading goes
    app.handle("ei-sheet", {"sheet": "columns"}, {})
    html = app.render()
    assert html.count(f'data-act="ei-shade" data-col="{col["name"]}"') == 2
    app.handle("ei-shade", {"col": col["name"]}, {})
    assert app.sheet is None and 'class="ei-shade"' not in app.render()


def test_the_all_treasures_view_dots_every_possible_space_of_every_treasure() -> None:
    app = new_app(2)
    play_until(app, in_play, random.Random(2))
    app.handle("ei-shade", {"col": "all"}, {})
    v = app.view()
    group = shade_group(app.render())
    want = sum(len(c["candidates"]) - len(c["cubes"]) for c in v["columns"])
    assert group.count("<circle") == want > 0
    assert "<polygon" not in group  # compact: dots only, no tint


def test_each_space_is_named_with_the_treasures_that_may_still_lie_there() -> None:
    app = new_app(3)
    play_until(app, in_play, random.Random(3))
    v = app.view()
    maybe = deduction.possible(v)
    things = map_table._things(v)
    wide = next(c for c in v["columns"] if c["count"] > 16)
    for h in (tuple(x) for x in wide["candidates"][:10]):
        cell = map_table.cell_words(v, h, things)  # type: ignore[arg-type]
        names = " or the ".join(deduction.words.treasure(n) for n in maybe[h])  # type: ignore[index]
        assert f"possibly the {names} treasure" in cell, cell
    grid = map_table.grid(v)
    assert f"possibly the {deduction.words.treasure(wide['name'])}" in grid
    # the map's targets, while a treasure is shown, say whether it may lie there
    app.handle("ei-shade", {"col": "all"}, {})
    html = app.render()
    assert re.search(r'role="button" aria-label="[^"]*; may hold the \w+', html), "no target named"


def test_cubes_are_at_least_10_css_px_on_a_phones_whole_island() -> None:
    app = new_app(4)
    v = app.view()
    box = island_box(v)
    scale = PHONE_W / box[2]  # the whole island across a 390-px-wide map (CSS px per unit)
    assert CUBE * scale >= 10, CUBE * scale
    assert deduction.DOT * scale >= 10
    v = copy.deepcopy(v)
    v["columns"][0]["cubes"] = v["columns"][0]["candidates"][:3]
    html = board_svg(v)
    widths = {float(w) for w in re.findall(r'<rect class="cube"[^>]*\swidth="([\d.]+)"', html)}
    assert widths and min(widths) * scale >= 10


def test_cubes_are_drawn_over_a_rover_on_their_space_and_amulets_never_hide_one() -> None:
    app = new_app(5)
    v = copy.deepcopy(app.view())
    spot = v["columns"][0]["candidates"][0]
    for col in v["columns"]:
        col["cubes"] = [spot]
    v["seats"][0]["rover"] = list(spot)
    v["seats"][1]["rover"] = list(spot)
    v["amulets"] = [list(spot)]
    html = board_svg(v)
    pieces = re.search(r'<g [^>]*class="pieces"[^>]*>(.*?)</g><g [^>]*class="marks">', html)
    assert pieces
    body = pieces.group(1)
    last_rover = body.rindex('class="f-')
    first_cube = body.index('class="cube"')
    assert last_rover < first_cube  # painted later: on top of the rovers
    # the amulet (radius 3.2 about its centre) never covers a whole cube
    m = re.search(r'href="#e-amulet" x="([-\d.]+)" y="([-\d.]+)"', body)
    assert m
    ax, ay = float(m.group(1)), float(m.group(2))
    x, y = centre(tuple(spot))  # type: ignore[arg-type]
    for dx, dy in CUBE_SPOTS.values():
        corners = [(x + dx + i * CUBE, y + dy + j * CUBE) for i in (0, 1) for j in (0, 1)]
        assert any((cx - ax) ** 2 + (cy - ay) ** 2 > 3.2 ** 2 for cx, cy in corners)


def at_lava(app: EmberApp) -> bool:
    return app.game is not None and app.game.stage == "lava" and app.my_turn()


def test_the_lava_preview_counts_are_the_engines_once_the_lava_flows() -> None:
    checked = shown = 0
    for seed in range(1, 12):
        app = new_app(seed)
        rng = random.Random(seed)

        def to_lava(a: EmberApp) -> bool:
            if at_lava(a):
                return True
            take = [x for x in a.legal() if isinstance(x, ei.TakeAmulet)]
            if take:
                play_action(a, take[0])
                return at_lava(a)
            return False

        try:
            play_until(app, to_lava, rng, limit=400)
        except AssertionError:
            continue
        g = app.game
        assert g is not None
        v = app.view()
        for a in [x for x in app.legal() if isinstance(x, ei.PlaceLava)][:6]:
            p = deduction.lava_preview(v, a.hex)
            after = g.clone()
            after.play(a, seat=g.to_move)
            counts = {c["name"]: c["count"] for c in after.public_view()["columns"]}
            before = {c["name"]: c["count"] for c in v["columns"]}
            changed = {n: (b, c, loc) for n, b, c, loc in p.changes}
            for name, n in counts.items():
                if name in changed:
                    assert changed[name][:2] == (before[name], n)
                    assert changed[name][2] == (n == 1)
                else:
                    assert n == before[name]
            assert p.destroyed == after.log[-1].get("destroyed")
            assert g.board.is_island(a.hex)  # the real game is untouched
            checked += 1
        a = next(x for x in app.legal() if isinstance(x, ei.PlaceLava))
        app.handle("ei-hex", {"q": str(a.hex[0]), "r": str(a.hex[1])}, {})
        html = app.render()
        assert 'class="ei-lava-preview"' in html
        assert deduction.lava_words(deduction.lava_preview(v, a.hex)) in html.replace("&#x27;", "'")
        shown += 1
        if checked >= 12:
            break
    assert checked >= 6 and shown >= 1, (checked, shown)


def test_the_piece_of_lands_preview_is_the_land_confirming_adds() -> None:
    app = new_app(6)
    g = app.game
    assert g is not None and g.stage == "triads"
    rng = random.Random(6)
    triads = [a for a in app.legal() if isinstance(a, ei.PlaceTriad)]
    for a in rng.sample(triads, 8):
        p = deduction.triad_preview(app.view(), a)
        after = g.clone()
        after.play(a, seat=g.to_move)
        assert after.board.terrain[a.new] == p.letter != "S"
        assert after.board.lava & ei.hexes.bit(a.lava) and p.lava == a.lava and p.new == a.new
    a = triads[0]
    app.handle("ei-triad", {"triad": a.triad}, {})
    for f in ("new", "match", "lava"):
        if f not in app.sel.fixed:
            h = getattr(a, f)
            app.handle("ei-hex", {"q": str(h[0]), "r": str(h[1])}, {})
    html = app.render()
    assert 'class="ei-triad-preview"' in html and "Adds " in html
    chosen = ei.PlaceTriad(a.triad, *(app.sel.fixed[f] for f in ("match", "lava", "new")))
    p = deduction.triad_preview(app.view(), chosen)
    app.handle("ei-confirm", {}, {})
    assert g.board.terrain[p.new] == p.letter and g.board.lava & ei.hexes.bit(p.lava)


def test_a_clue_played_marks_the_spaces_it_ruled_out_once() -> None:
    app = new_app(7)
    rng = random.Random(7)
    play_until(app, in_play, rng)
    v = app.view()
    card = next(a for a in app.legal() if isinstance(a, ei.PlayClue))
    before = next(c["count"] for c in v["columns"] if c["name"] == card.column)
    play_action(app, card)
    if app.screen == "pass":
        app.handle("ei-unlock", {}, {})
    after = next(c["count"] for c in app.view()["columns"] if c["name"] == card.column)
    html = app.render()
    m = re.search(r'<g class="ei-ruled" data-col="(\w+)" data-n="(\d+)"', html)
    assert m and m.group(1) == card.column and int(m.group(2)) == before - after > 0
    assert 'class="ei-ruled"' not in app.render()  # once: the next screen has none


def test_spread_targets_are_framed_so_that_the_most_of_them_show() -> None:
    app = new_app(8)
    v = app.view()
    triads = [a for a in app.legal() if isinstance(a, ei.PlaceTriad)]
    cells = sorted({tuple(a.new) for a in triads if a.triad == triads[0].triad})[:12]
    px = (390.0, 380.0)
    box = mapview.auto_box(v, cells, None, px)  # type: ignore[arg-type]
    n = sum(1 for h in cells if mapview.shows(box, h, mapview.strip(box, px)))  # type: ignore[arg-type]
    island = island_box(v)
    for h in cells:  # no box at the acting scale about a target shows more of them
        other = mapview.about(centre(h), px, island)
        assert n >= sum(1 for t in cells if mapview.shows(other, t, mapview.strip(other, px)))  # type: ignore[arg-type]


def test_the_crosses_show_again_when_the_screen_is_drawn_again_at_once() -> None:
    app = new_app(9)
    play_until(app, in_play, random.Random(9))
    play_action(app, next(a for a in app.legal() if isinstance(a, ei.PlayClue)))
    if app.screen == "pass":
        app.handle("ei-unlock", {}, {})
    assert 'class="ei-ruled"' in app.render()
    deduction.redraw()  # the map's size changed: the browser draws the screen again
    assert 'class="ei-ruled"' in app.render()
    assert 'class="ei-ruled"' not in app.render()
