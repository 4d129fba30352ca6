"""No tap target of the map lies under its "Fit" button (si_web/viewport.py `clear_of_fit`).

The button sits over the map's bottom corner (right, or left for left-handed players); a tap
there fits the map instead of acting. In the whole games below, before this check, a target
lay under it in 5 of 866 renders with targets on a phone's map (390 x 422 px), 47 of 866 for
a left-handed player (the button bottom left), 1 of 827 on a tablet's map; after it, 0, 11
and 0, the 11 all on a map at its least scale (cells of 32 px) with targets at every edge,
where moving the map would hide more of another target than it uncovers.
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any
from unittest import mock

import pytest
from test_web_fuzz import answer, start
from web_driver import choose, data_of, tappables

from si_web import viewport
from si_web.app import App, MemoryStorage
from si_web.board_svg import CELL

PHONE = (390.0, 422.0)
TABLET = (800.0, 560.0)
CELL_TARGET = re.compile(
    r'class="target" data-act="[\w-]+" data-x="(\d+)" data-y="(\d+)"'
)
RING = re.compile(r'class="sym-target" [^>]*?cx="([-\d.]+)" cy="([-\d.]+)" r="16"')


PREVIEW = re.compile(r'class="preview-frame" data-act="[\w-]+" data-x="(\d+)" data-y="(\d+)"')


def drawn_targets(marks: str) -> list[viewport.Box]:
    """The tap targets in the map's marks layer, as drawn (map units); with a previewed tile,
    only it (the map is zoomed about it: the cells around may be cut by any edge)."""
    preview = PREVIEW.findall(marks)
    if preview:
        x, y = (int(n) for n in preview[0])
        return [(x * CELL + 2.0, y * CELL + 2.0, CELL - 4.0, CELL - 4.0)]
    cells = [(int(x) * CELL + 2.0, int(y) * CELL + 2.0, CELL - 4.0, CELL - 4.0)
             for x, y in CELL_TARGET.findall(marks)]
    rings = [(float(x) - 16, float(y) - 16, 32.0, 32.0) for x, y in RING.findall(marks)]
    return cells + rings


def under_fit(box: viewport.Box, targets: list[viewport.Box], px: tuple[float, float],
              left: bool) -> list[viewport.Box]:
    corner = viewport.fit_corner(px, left)
    found = []
    for t in targets:
        x0, y0, x1, y1 = viewport.to_px(box, px, t)
        if x0 < corner[2] and corner[0] < x1 and y0 < corner[3] and corner[1] < y1:
            found.append(t)
    return found


def test_a_target_in_the_corner_moves_the_map_and_keeps_every_target_in_view() -> None:
    box = (0.0, 0.0, 500.0, 500.0)  # 0.78 px per unit on a 390 x 422 map
    corner_cell = (400.0 + 2, 500.0 - 98, 96.0, 96.0)  # drawn in the bottom-right corner
    far = (2.0, 2.0, 96.0, 96.0)
    for left in (False, True):
        target = corner_cell if not left else (2.0, 500.0 - 98, 96.0, 96.0)
        targets = [target, far] if not left else [target, (402.0, 2.0, 96.0, 96.0)]
        assert under_fit(box, targets, PHONE, left)
        moved = viewport.clear_of_fit(box, targets, PHONE, left)
        assert moved != box
        assert not under_fit(moved, targets, PHONE, left)
        for t in targets:  # still whole on screen
            x0, y0, x1, y1 = viewport.to_px(moved, PHONE, t)
            assert x0 >= -0.5 and y0 >= -0.5 and x1 <= PHONE[0] + 0.5 and y1 <= PHONE[1] + 0.5
        assert viewport.scale(moved, PHONE) >= viewport.MIN_TARGET_SCALE


def test_no_target_is_cut_more_by_the_map_edges_to_clear_the_button() -> None:
    # A target partly above the map's top edge: moving the map up would hide more of it
    # (a tap on what shows of it would miss); the map moves sideways instead.
    box = (0.0, 0.0, 500.0, 500.0)
    corner_cell = (402.0, 402.0, 96.0, 96.0)
    cut = (102.0, -40.0, 96.0, 96.0)
    targets = [corner_cell, cut]

    def shown(b: viewport.Box, t: viewport.Box) -> float:
        x0, y0, x1, y1 = viewport.to_px(b, PHONE, t)
        return max(min(x1, PHONE[0]) - max(x0, 0), 0) * max(min(y1, PHONE[1]) - max(y0, 0), 0)

    moved = viewport.clear_of_fit(box, targets, PHONE, False)
    assert not under_fit(moved, targets, PHONE, False)
    assert moved[1] <= box[1]  # not moved up
    assert shown(moved, cut) >= shown(box, cut) - 0.5
    assert shown(moved, corner_cell) >= shown(box, corner_cell) - 0.5


def test_the_map_stays_when_nothing_is_under_the_button_or_nothing_can_clear_it() -> None:
    box = (0.0, 0.0, 500.0, 500.0)
    assert viewport.clear_of_fit(box, [(2.0, 2.0, 96.0, 96.0)], PHONE, False) == box
    # targets filling the map at the least scale: no move or zoom keeps them all in view
    s = viewport.MIN_TARGET_SCALE
    tight = (0.0, 0.0, PHONE[0] / s, PHONE[1] / s)
    cols, rows = int(tight[2] // CELL), int(tight[3] // CELL)
    full = [(x * CELL + 2.0, y * CELL + 2.0, CELL - 4.0, CELL - 4.0)
            for x in range(cols) for y in range(rows)]
    assert under_fit(tight, full, PHONE, False)
    assert viewport.clear_of_fit(tight, full, PHONE, False) == tight


CONFIGS: list[dict[str, Any]] = [
    {"kinds": ["human", "human"], "mode": "normal"},
    {"kinds": ["human", "human", "human", "human"], "mode": "advanced"},
    {"kinds": ["human", "easy"], "mode": "advanced"},
    {"solo": "3", "decides": "me", "mode": "normal"},
]


def covered_renders(px: tuple[float, float], left: bool, games: int) -> tuple[int, int, int]:
    """(renders with map targets, those with a target under the Fit button, those of them
    with the map above its least scale) over whole games played through the UI, the map at
    `px`."""
    renders = covered = zoomed = 0
    for n in range(games):
        rng = random.Random(n)
        app = App(MemoryStorage())
        app.settings = dataclasses.replace(app.settings, hand="left" if left else "right")
        app.map_px = px
        with mock.patch("random.SystemRandom", lambda n=n: random.Random(n)):  # the same games
            start(app, CONFIGS[n % len(CONFIGS)])
        for _ in range(6000):
            g = app.game
            if g is not None and g.phase == "over":
                break
            req = app.auto.request()
            if req is not None:
                if req["kind"] == "alexis":
                    assert app.auto.alexis_step(req["token"])
                else:
                    assert app.auto.apply(answer(req), req["token"])
                continue
            html = app.render()
            parts = app.render_parts() if app.screen == "game" else None
            if parts and app.user_viewbox is None:
                targets = drawn_targets(parts["board-marks"])
                if targets:
                    box = tuple(float(x) for x in parts["board-vb"].split())
                    renders += 1
                    if under_fit(box, targets, px, left):  # type: ignore[arg-type]
                        covered += 1
                        least = viewport.scale(box, px) <= viewport.MIN_TARGET_SCALE + 1e-6  # type: ignore[arg-type]
                        zoomed += not least
            item = choose(tappables(html), rng)
            if item is not None:
                app.handle(item["data-act"], data_of(item), {})
        else:
            raise AssertionError("the game did not end")
    return renders, covered, zoomed


@pytest.mark.parametrize(("px", "left", "most"), [
    (PHONE, False, 0), (PHONE, True, 11), (TABLET, False, 0),
])
def test_whole_games_draw_no_target_under_the_fit_button(
    px: tuple[float, float], left: bool, most: int
) -> None:
    renders, covered, zoomed = covered_renders(px, left, 8)
    assert renders > 600
    # Only on a map at its least scale (cells of 32 px: no zooming out) with targets at
    # every edge, when a move would hide more of another target than it uncovers.
    assert zoomed == 0, (zoomed, covered, renders)
    assert covered <= most, (covered, renders)
