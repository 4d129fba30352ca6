"""Ember Isle's map on a phone, in CPython: the part of the island shown where the player acts
(every target >= 44 px), Zoom in / Zoom out / Fit the island, the first tap on a zoomed-out map,
the keyboard bringing a target into view, and the shared pan/pinch code (`game_shell.gestures`)
driven by fake pointer events: a drag or a pinch changes the view and never taps."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

from ei_web import mapview
from ei_web.app import EmberApp
from ei_web.board import centre, island_box
from ember_web_driver import play_action
from game_shell import viewbox as viewport
from game_shell.gestures import MapGestures
from game_shell.storage import MemoryStorage

PHONE_MAP = (390.0, 380.0)  # the map's part of a 390x844 phone (measured in the browser)
VIEWBOX = re.compile(r'id="ei-board"[^>]*viewBox="([-\d. ]+)"')


def new(kinds: list[str], px: tuple[float, float] | None = PHONE_MAP,
        island: str = "default") -> EmberApp:
    app = EmberApp(MemoryStorage())
    while len(app.form["names"]) < len(kinds):
        app.handle("ei-add-seat", {}, {})
    fields = {f"ei-name-{i}": n for i, n in enumerate(["Ann", "Bob", "Cleo", "Dev"][: len(kinds)])}
    fields |= {f"ei-kind-{i}": k for i, k in enumerate(kinds)}
    app.handle("ei-new", {}, {**fields, "ei-map": island})
    app.map.px = px
    for _ in range(20):  # the computers' setup steps (triads are placed in reverse seat order)
        if app.auto.bot_seat() is None:
            break
        assert app.auto.local(app.auto.token)
    m = re.search(r'data-act="ei-triad" data-triad="([^"]+)"', app.render())
    if m:  # a piece of land chosen: its spaces are the targets
        app.handle("ei-triad", {"triad": m.group(1)}, {})
    return app


def shown(html: str) -> tuple[float, float, float, float]:
    m = VIEWBOX.search(html)
    assert m, "no map"
    x, y, w, h = (float(v) for v in m.group(1).split())
    return (x, y, w, h)


def targets(html: str) -> list[tuple[int, int]]:
    found = re.findall(r'data-act="ei-hex" data-q="(-?\d+)" data-r="(-?\d+)"', html)
    return [(int(q), int(r)) for q, r in found]


def inside(h: tuple[int, int], box: tuple[float, float, float, float]) -> bool:
    x, y = centre(h)
    return box[0] <= x <= box[0] + box[2] and box[1] <= y <= box[1] + box[3]


def test_where_the_player_acts_every_target_is_at_least_44_px_and_one_is_in_view() -> None:
    for seed, island in ((1, "default"), (2, "random")):
        app = new(["human", "human"], island=island)
        rng = random.Random(seed)
        checked = fitted = held = 0
        while app.game is not None and app.game.phase != "over" and checked < 400:
            if app.screen == "pass":
                app.handle("ei-unlock", {}, {})
                continue
            before = app.map.shown
            html = app.render()
            cells = targets(html)
            if cells and before is not None and all(
                    mapview.shows(before, h, app.map.band(before)) for h in cells) \
                    and viewport.scale(before, PHONE_MAP) >= mapview.MIN_SCALE:
                held += 1  # what the player acts on is in view: the map holds still
                assert app.map.shown == before, app.game.stage
            if cells:
                box = shown(html)
                px_per_hex = viewport.scale(box, PHONE_MAP) * mapview.HEX_W
                assert px_per_hex >= 44, (app.game.stage, px_per_hex)
                assert any(inside(h, box) for h in cells), app.game.stage
                fit = mapview.fit_box(cells, PHONE_MAP)
                if viewport.scale(fit, PHONE_MAP) >= mapview.MIN_SCALE:
                    fitted += 1  # the targets fit at that size: all of them are shown,
                    assert all(inside(h, box) for h in cells), app.game.stage
                    # above the zoom buttons (none is under a button)
                    on_screen = app.map.shown
                    assert on_screen is not None
                    assert all(mapview.shows(on_screen, h, app.map.band(on_screen))
                               for h in cells), app.game.stage
                checked += 1
            legal = app.legal()
            play_action(app, rng.choice(legal))
        assert checked > 20 and fitted > 5 and held > 5, (checked, fitted, held)


def test_the_whole_island_on_a_phone_is_too_small_so_the_map_zooms() -> None:
    app = new(["human", "easy"])
    island = island_box(app.view())
    assert viewport.scale(island, PHONE_MAP) * mapview.HEX_W < 44  # why this exists (~27 px)
    html = app.render()
    assert targets(html) and shown(html) != tuple(round(v, 1) for v in island)
    # a tablet's map shows the whole island at the acting size: no zoom
    app.map.px = (620.0, 700.0)
    app.map.key = None
    assert shown(app.render()) == tuple(round(v, 1) for v in island)


def test_zoom_buttons_fit_the_island_and_the_first_tap_on_a_small_map_zooms_there() -> None:
    app = new(["human", "easy"])
    html = app.render()
    for how, name in (("in", "Zoom in"), ("out", "Zoom out"), ("fit", "Fit the island")):
        assert f'data-how="{how}"' in html and name in html
    before = shown(html)
    app.handle("ei-zoom", {"how": "in"}, {})
    closer = shown(app.render())
    assert closer[2] < before[2]
    app.handle("ei-zoom", {"how": "out"}, {})
    assert abs(shown(app.render())[2] - before[2]) < 0.2
    app.handle("ei-zoom", {"how": "fit"}, {})
    fit = shown(app.render())
    assert fit == tuple(round(v, 1) for v in island_box(app.view()))
    # on the fitted (small) map a tap on a space zooms about it and chooses nothing
    h = targets(app.render())[-1]
    app.handle("ei-hex", {"q": str(h[0]), "r": str(h[1])}, {})
    assert app.sel.hex is None and app.message is None
    box = shown(app.render())
    assert viewport.scale(box, PHONE_MAP) >= mapview.MIN_SCALE * 0.99 and inside(h, box)
    # now the tap chooses it (the piece's next spaces are then the targets, shown as large);
    # the map holds still under the finger: they are in view already
    app.handle("ei-hex", {"q": str(h[0]), "r": str(h[1])}, {})
    assert app.sel.hex == h or app.sel.fixed
    after = shown(app.render())
    assert after == box and all(inside(t, after) for t in targets(app.render()))
    assert viewport.scale(after, PHONE_MAP) >= mapview.MIN_SCALE * 0.99
    # the player's box stays while the step's targets are the same
    m = mapview.MapView()
    m.px = PHONE_MAP
    view = app.view()
    auto = m.box(view, "move", [(0, 0), (1, 0)], None)
    user = m.zoom(view, auto, "in")
    assert m.box(view, "move", [(1, 0), (0, 0)], (0, 0)) == user
    # a new step forgets the player's zoom, but the map holds still while it shows the targets
    assert m.box(view, "move", [(1, 0)], None) == user and m.user is None
    # and moves when a target is out of view: there, all at the acting scale
    far = next((q, 0) for q in range(2, 12) if not mapview.shows(user, (q, 0)))
    fits = mapview.fit_box([(1, 0), far], PHONE_MAP)
    assert viewport.scale(fits, PHONE_MAP) >= mapview.MIN_SCALE
    moved = m.box(view, "move", [(1, 0), far], None)
    assert all(mapview.shows(moved, h) for h in [(1, 0), far])
    assert viewport.scale(moved, PHONE_MAP) >= mapview.MIN_SCALE * 0.97


def test_the_keyboard_taps_at_once_and_a_target_reached_by_it_comes_into_view() -> None:
    app = new(["human", "easy"])
    app.handle("ei-zoom", {"how": "fit"}, {})
    h = targets(app.render())[0]
    app.handle("ei-hex", {"q": str(h[0]), "r": str(h[1]), "key": "1"}, {})  # Enter on it
    assert app.sel.hex == h or app.sel.fixed
    box = (0.0, 0.0, 40.0, 40.0)
    far = max(targets(app.render()) or [h], key=lambda c: abs(centre(c)[0]) + abs(centre(c)[1]))
    moved = app.map.reveal(app.view(), box, far)
    assert moved is not None and inside(far, moved) and moved[2:] == box[2:]
    assert app.map.reveal(app.view(), moved, far) is None  # already in view: no move


def test_a_new_step_forgets_the_players_pan_and_zoom() -> None:
    app = new(["human", "human"])
    app.handle("ei-unlock", {}, {})
    app.handle("ei-zoom", {"how": "fit"}, {})
    assert app.map.user is not None
    app.map.px = None  # (the driver's taps, without the first-tap zoom)
    play_action(app, app.legal()[0])
    app.map.px = PHONE_MAP
    if app.screen == "pass":
        app.handle("ei-unlock", {}, {})
    app.render()
    assert app.map.user is None


# ------------------------------------------------ the shared gestures, with fake events


class FakeSvg:
    def __init__(self, box: tuple[float, float, float, float]) -> None:
        self.box = box
        self.tagName = "svg"

    @property
    def viewBox(self) -> Any:  # noqa: N802 (the DOM's name)
        x, y, w, h = self.box
        return SimpleNamespace(baseVal=SimpleNamespace(x=x, y=y, width=w, height=h))

    def getBoundingClientRect(self) -> Any:  # noqa: N802
        return SimpleNamespace(width=400.0, height=400.0)

    def closest(self, sel: str) -> Any:
        return self

    def createSVGPoint(self) -> Any:  # noqa: N802
        svg = self

        class Pt:
            x = 0.0
            y = 0.0

            def matrixTransform(self, m: Any) -> Any:  # noqa: N802
                s = svg.box[2] / 400.0
                return SimpleNamespace(x=svg.box[0] + self.x * s, y=svg.box[1] + self.y * s)

        return Pt()

    def getScreenCTM(self) -> Any:  # noqa: N802
        return SimpleNamespace(inverse=lambda: None)


def ev(kind: str, pid: int, x: float, y: float, svg: FakeSvg) -> Any:
    return SimpleNamespace(type=kind, pointerId=pid, clientX=x, clientY=y, target=svg)


def test_a_drag_pans_a_pinch_zooms_and_neither_is_a_tap() -> None:
    svg = FakeSvg((0.0, 0.0, 200.0, 200.0))
    ended: list[int] = []

    def set_box(s: Any, box: tuple[float, float, float, float]) -> None:
        s.box = box

    g = MapGestures("#ei-board", lambda sel: svg, set_box, lambda: (50.0, 400.0),
                    lambda: ended.append(1))
    # a short touch is a tap: the click goes through
    g.down(ev("pointerdown", 1, 100, 100, svg))
    g.move(ev("pointermove", 1, 103, 102, svg))
    g.up(ev("pointerup", 1, 103, 102, svg))
    assert svg.box == (0.0, 0.0, 200.0, 200.0) and not g.swallow(SimpleNamespace(target=svg))
    # a drag pans (half the pixels: 200 units in 400 px) and the click after it is swallowed
    g.down(ev("pointerdown", 1, 100, 100, svg))
    g.move(ev("pointermove", 1, 160, 140, svg))
    g.up(ev("pointerup", 1, 160, 140, svg))
    assert svg.box == (-30.0, -20.0, 200.0, 200.0) and ended == [1]
    assert g.swallow(SimpleNamespace(target=svg)) and not g.swallow(SimpleNamespace(target=svg))
    # a pinch (fingers twice as far apart) zooms in twice about their middle
    svg.box = (0.0, 0.0, 200.0, 200.0)
    g.down(ev("pointerdown", 1, 150, 200, svg))
    g.down(ev("pointerdown", 2, 250, 200, svg))
    g.move(ev("pointermove", 1, 100, 200, svg))
    g.move(ev("pointermove", 2, 300, 200, svg))
    g.up(ev("pointerup", 1, 100, 200, svg))
    g.up(ev("pointerup", 2, 300, 200, svg))
    assert svg.box == (50.0, 50.0, 100.0, 100.0)
    assert g.swallow(SimpleNamespace(target=svg))
    # zoom limits hold: the closest width is 50
    g.down(ev("pointerdown", 1, 190, 200, svg))
    g.down(ev("pointerdown", 2, 210, 200, svg))
    g.move(ev("pointermove", 2, 400, 200, svg))
    assert svg.box[2] == 50.0


def test_a_target_behind_the_zoom_buttons_is_not_in_view() -> None:
    """The map holds still only while every target shows above the zoom buttons' strip."""
    app = new(["human", "easy"])
    m = mapview.MapView()
    m.px = PHONE_MAP
    view = app.view()
    w, h = PHONE_MAP[0] / mapview.MIN_SCALE, PHONE_MAP[1] / mapview.MIN_SCALE
    box = (-w / 2, -h / 2, w, h)
    band = m.band(box)
    assert band > 0
    cells = [(q, r) for q in range(-8, 9) for r in range(-8, 9)]
    inside_box = [c for c in cells if mapview.shows(box, c, band)]
    behind = [c for c in cells if mapview.shows(box, c) and not mapview.shows(box, c, band)]
    assert inside_box and behind
    assert m.holds(view, box, (inside_box[0],), None)
    assert not m.holds(view, box, (inside_box[0], behind[0]), behind[0])
    assert m.reveal(view, box, inside_box[0]) is None
    moved = m.reveal(view, box, behind[0])
    assert moved is not None and mapview.shows(moved, behind[0], m.band(moved))
