"""Ember Isle between two people on one device, in a browser at 390x844 (touch) and 820x1180:
setup passes the device only where something is private (never during setup: the first pass
screen is before the first turn, which shows a clue hand); the game number on the form; the
clue discard's sheet opens; on touch no focus ring on a space that was not chosen; a first tap
near the zoom buttons chooses the space. Screenshots e2e/artifacts/ember-handoff-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Recorder, origin_of, wait_ready
from playwright.sync_api import Browser, Page
from table_check import SIZES
from test_phone import touch_pan

from ember_helpers import HEX, my_move, new_game, open_ember, state

CHOSEN = """() => [...document.querySelectorAll('#ei-board .target.on')]
  .map((e) => e.dataset.q + ' ' + e.dataset.r)"""
# the spaces (not chosen) whose outline is drawn as focused: the ring (ember.css)
RINGED = """() => [...document.querySelectorAll('#ei-board .target:not(.on) polygon')]
  .filter((p) => parseFloat(getComputedStyle(p).strokeWidth) > 2.5).length"""
NEAR_ZOOM = """() => {
  const z = document.querySelector('.ei-zoom').getBoundingClientRect();
  let best = null;
  for (const e of document.querySelectorAll('#ei-board [data-act="ei-hex"]')) {
    const r = e.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !e.contains(hit)) continue;  // covered (by a zoom button) or off the map
    const dx = Math.max(z.left - x, 0, x - z.right), dy = Math.max(z.top - y, 0, y - z.bottom);
    const d = Math.hypot(dx, dy);
    if (!best || d < best[0]) best = [d, x, y, e.dataset.q + ' ' + e.dataset.r];
  }
  return best;
}"""


def sized(browser: Browser, site_url: str, size: str) -> Iterator[tuple[Page, Recorder]]:
    context = browser.new_context(base_url=site_url, **SIZES[size])
    recorder = Recorder(origin_of(site_url)).attach(context)
    p = context.new_page()
    p.goto("./")
    wait_ready(p)
    yield p, recorder
    context.close()


def two_people(page: Page, number: str = "4242") -> None:
    open_ember(page)
    page.fill('[data-field="ei-seed-number"]', number)
    new_game(page, ["Ann", "Bob"], ["human", "human"], "default", {"ei-objects": "players"})
    page.wait_for_selector('[data-screen="ei-game"]')


def tap_at(page: Page, x: float, y: float) -> None:
    page.touchscreen.tap(x, y)


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_two_people_set_up_without_passing_the_device(
    browser: Browser, site_url: str, artifacts: Path, size: str
) -> None:
    for page, recorder in sized(browser, site_url, size):
        two_people(page)
        saved = page.evaluate("() => JSON.parse(localStorage.getItem('ember-isle/save')).game")
        assert '"seed":4242' in saved.replace(" ", "")  # the form's game number
        whose: list[str] = []
        for _ in range(60):  # every setup step by taps: never a pass screen, never a hand
            st = state(page)
            if st["screen"] == "ei-pass":  # checked below: the first turn's
                break
            assert st["screen"] == "ei-game" and st["stage"] in ("objects", "triads", "seed"), st
            assert st["mine"]  # the step of the person to move, on a public screen
            tray = page.inner_text("#ei-tray-box")
            assert "Your clues" not in tray and "Your treasure cards" not in tray
            who = page.inner_text("#ei-say").split(",")[0]
            whose.append(who)
            if len(whose) == 2:
                page.screenshot(path=artifacts / f"ember-handoff-setup-{size}.png")
            my_move(page)
        assert {"Ann", "Bob"} <= {w.split()[-1] for w in whose}, whose
        assert len(whose) >= 13  # 9 objects, 2 pieces of land, 2 first clues
        # the first turn shows a clue hand: the device is passed first
        page.wait_for_selector('[data-screen="ei-pass"]')
        page.screenshot(path=artifacts / f"ember-handoff-pass-{size}.png")
        page.locator('[data-act="ei-unlock"]').click()
        page.wait_for_selector(".ei-hand")
        assert state(page)["stage"] in ("start", "turn")  # the pass screen was before a turn
        assert "Your clues" in page.inner_text("#ei-tray-box")
        hand = page.locator(".ei-hand [data-act='ei-card']").all_inner_texts()
        page.locator('[data-act="ei-do"]:has-text("Swap my clues")').click()  # face up: a turn
        page.wait_for_selector('[data-screen="ei-pass"]')  # the other person's turn: a hand
        page.locator('[data-act="ei-unlock"]').click()
        page.wait_for_selector(".ei-hand")
        # the clue discard's sheet (public): its pill on a phone, the panel on a tablet
        pill = page.locator('.pill[data-sheet="discard"]')
        if pill.is_visible():
            pill.click()
        sheet = page.locator("#ei-sheet-discard")
        sheet.wait_for(state="visible")
        assert "Discarded clue cards" in sheet.inner_text()
        listed = sheet.locator(".ei-discard-list li").all_inner_texts()
        assert len(hand) == 6
        assert sorted(t.strip() for t in listed) == sorted(t.strip() for t in hand)
        assert sheet.locator(".ei-discard-list li svg.ei-icon").count() == 6  # with pictures
        page.screenshot(path=artifacts / f"ember-handoff-discard-{size}.png")
        assert recorder.problems() == {}


def test_touch_shows_no_ring_on_a_space_not_chosen_and_a_tap_by_the_zoom_buttons_chooses(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    for page, recorder in sized(browser, site_url, "phone"):
        two_people(page, "77")
        page.wait_for_selector(HEX)
        assert page.evaluate(RINGED) == 0
        # the map dragged down: spaces come down by the zoom buttons (the strip they sit in)
        r = page.locator("#ei-board").bounding_box()
        assert r is not None
        touch_pan(page, page.context.new_cdp_session(page), r["x"] + r["width"] / 2,
                  r["y"] + r["height"] / 2, 60, 110)
        # a first tap on the space nearest the zoom buttons chooses it (the map did not move
        # under the finger when the tap focused it)
        near = page.evaluate(NEAR_ZOOM)
        assert near is not None and near[0] < 60, near
        tap_at(page, near[1], near[2])
        page.wait_for_function(f"() => ({CHOSEN})().includes('{near[3]}')")
        assert page.evaluate(RINGED) == 0
        page.screenshot(path=artifacts / "ember-handoff-near-zoom-phone.png")
        # confirmed by touch: the next person's step, its first space focused without a ring
        confirm = page.locator('[data-act="ei-confirm"]')
        if not confirm.count():  # a statue: which way it faces first
            page.locator('[data-act="ei-facing"]').first.tap()
        r = page.locator('[data-act="ei-confirm"]').bounding_box()
        assert r is not None
        tap_at(page, r["x"] + r["width"] / 2, r["y"] + r["height"] / 2)
        page.wait_for_function(f"() => ({CHOSEN})().length === 0")
        page.wait_for_selector(HEX)
        assert page.evaluate(RINGED) == 0
        page.screenshot(path=artifacts / "ember-handoff-no-ring-phone.png")
        # by the keyboard the ring shows (the check above can see one)
        page.locator(f'{HEX}[tabindex="0"]').focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => ({RINGED})() === 1")
        assert recorder.problems() == {}
