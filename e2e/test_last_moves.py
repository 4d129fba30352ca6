"""The last moves on the map (issue 28, item 2), in real Chromium on a phone (390x844, touch):
in a 2-seat game against a computer, after the computer's turn its moves are marked on the
map with their names (Small Islands: a badge at the tile's corner, no house piece; Ember
Isle: the rover's path and a badge where it went), they play back once as motion (none with
reduced motion), and tapping a "Since your turn" line frames its move on the map.
Screenshots: e2e/artifacts/last-moves-*.png."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from conftest import SEED_ONCE
from game_helpers import open_sheet
from playwright.sync_api import Browser, Page
from test_phone import SAVE_KEY, device_context, ready_page

from ember_helpers import open_ember
from ember_isle import Game as EIGame
from ember_isle import Options as EIOptions
from small_islands import Game as SIGame
from small_islands import Options as SIOptions

EI_SAVE = "ember-isle/save"
# the marks' motion: running animations inside the marks' group
MOVING = """(sel) => document.getAnimations().filter((a) => {
  const t = a.effect && a.effect.target;
  return t && t.closest && t.closest(sel);
}).length"""
# the marks' motion has played out (a screenshot of the marks at rest)
SETTLED = """(sel) => document.getAnimations().every((a) => {
  const t = a.effect && a.effect.target;
  return !(t && t.closest && t.closest(sel)) || a.playState === 'finished';
})"""
# the element is drawn inside the map's box on screen (the viewBox frames it)
FRAMED = """(sel) => {
  const el = document.querySelector(sel), svg = el.ownerSVGElement;
  const r = el.getBoundingClientRect(), s = svg.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return x >= s.left && x <= s.right && y >= s.top && y <= s.bottom;
}"""


def si_position(seed: int = 5) -> SIGame:
    """Ann against the computer Bob, at Ann's turn after Bob placed a tile."""
    for s in range(seed, seed + 50):
        g = SIGame.new(SIOptions(seats=("Ann", "Bob"), bots={1: "easy"}, seed=s))
        rng = random.Random(s)
        while g.phase != "over":
            if (g.phase == "exploration" and g.stage == "take" and g.to_move == 0
                    and any(e.get("event") == "placed" and e.get("seat") == 1 for e in g.log[-6:])):
                return g
            g.play(rng.choice(g.legal_actions()))
    raise AssertionError("no such position")


def ei_position(seed: int = 3) -> EIGame:
    """Ann against the computer Bob, at Ann's turn after Bob's rover moved."""
    for s in range(seed, seed + 50):
        g = EIGame.new(EIOptions(seats=("Ann", "Bob"), bots={1: "easy"}, first_player=1,
                                 colours=("red", "blue"), seed=s))
        rng = random.Random(s)
        while g.phase != "over" and len(g.actions) < 400:
            if (g.phase == "play" and g.to_move == 0 and g.stage == "turn"
                    and any(e.get("event") == "bound" and e.get("seat") == 1 for e in g.log[-8:])):
                return g
            g.play(rng.choice(g.legal_actions()))
    raise AssertionError("no such position")


def si_page(browser: Browser, site_url: str, **extra: Any) -> Page:
    context, _ = device_context(browser, site_url, "phone", **extra)
    page = ready_page(context)
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }",
                  [SAVE_KEY, si_position().to_json()])
    page.reload()
    page.wait_for_selector('body[data-ready="1"]')
    page.wait_for_selector('.pill[data-sheet="recap"], .recap >> visible=true')
    open_sheet(page, "recap")  # a sheet on a phone
    page.wait_for_selector('[data-recap="1"]')
    return page


def ei_page(browser: Browser, site_url: str, **extra: Any) -> Page:
    context, _ = device_context(browser, site_url, "phone", **extra)
    record = {"v": 1, "game": ei_position().to_json(), "viewer": 0, "unlocked": True}
    context.add_init_script(f"({SEED_ONCE})({json.dumps({EI_SAVE: json.dumps(record)})});")
    page = ready_page(context)
    open_ember(page)
    page.wait_for_selector('.pill[data-sheet="recap"], .ei-recap >> visible=true')
    return page  # (the recap is a sheet on a phone: opened by the tests, after the motion)


def test_small_islands_marks_the_computers_move_and_a_recap_line_frames_it(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    page = si_page(browser, site_url)
    marks = page.locator('#board .last-mark[aria-label*="Bob placed a tile here"]')
    assert marks.count() >= 1
    assert page.locator("#board .last-marks use").count() == 0  # no house piece
    assert page.locator("#board .last-marks.fresh").count() == 1  # the motion, once
    assert page.evaluate(MOVING, "#board .last-marks") > 0  # fill-mode both: still listed
    page.wait_for_function(SETTLED, arg="#board .last-marks")
    page.screenshot(path=str(artifacts / "last-moves-si-phone.png"))
    before = page.get_attribute("#board", "viewBox")
    line = page.locator('.recap [data-act="show-move"]').first
    line.scroll_into_view_if_needed()
    line.click()
    page.wait_for_selector("#board .last-mark.shown")
    assert page.get_attribute("#board", "viewBox") != before  # framed on the move
    assert page.locator('.recap [aria-current="true"]').count() == 1
    assert page.evaluate(FRAMED, "#board .last-mark.shown")
    page.locator("#board").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "last-moves-si-phone-shown.png"))


def test_small_islands_marks_do_not_move_with_reduced_motion(
    browser: Browser, site_url: str
) -> None:
    page = si_page(browser, site_url, reduced_motion="reduce")
    assert page.locator('#board .last-mark[aria-label*="Bob placed a tile here"]').count() >= 1
    assert page.evaluate(MOVING, "#board .last-marks") == 0


def test_ember_marks_the_computers_moves_and_a_recap_line_frames_them(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    page = ei_page(browser, site_url)
    moved = page.locator('#ei-board .last-mark[aria-label*="Bob moved here"]')
    assert moved.count() == 1
    assert page.locator("#ei-board .last-path").count() >= 1  # the rover's path
    assert page.evaluate(MOVING, "#ei-board .last-marks") > 0
    page.wait_for_function(SETTLED, arg="#ei-board .last-marks")
    open_sheet(page, "recap")  # a sheet on a phone (its tap redraws the map: motion played)
    assert "Bob moved" in page.inner_text(".ei-recap")
    page.screenshot(path=str(artifacts / "last-moves-ei-phone.png"))
    line = page.locator('.ei-recap [data-act="ei-show-move"]').first
    line.scroll_into_view_if_needed()
    before = page.get_attribute("#ei-board", "viewBox")
    line.click()
    page.wait_for_selector("#ei-board .last-mark.shown")
    assert page.locator('.ei-recap [aria-current="true"]').count() == 1
    assert page.evaluate(FRAMED, "#ei-board .last-mark.shown")
    assert before is not None
    page.locator("#ei-board").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "last-moves-ei-phone-shown.png"))


def test_ember_marks_do_not_move_with_reduced_motion(browser: Browser, site_url: str) -> None:
    page = ei_page(browser, site_url, reduced_motion="reduce")
    assert page.locator('#ei-board .last-mark[aria-label*="Bob moved here"]').count() == 1
    assert page.evaluate(MOVING, "#ei-board .last-marks") == 0
