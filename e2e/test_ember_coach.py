"""Ember Isle's first-game coach on a phone (390x844, touch): the first game shows a tip in the
table's coach row, which covers neither the map's targets nor the tray nor the action bar
(`table_check`); its "More in the rules" opens the rules page at its section (the heading in
view), Back returns to the game and the tip; "Got it" ends it, and it does not return (not
after a reload either); the next decision brings the next tip. Screenshots of two tips and
the rules page in e2e/artifacts/ember-coach-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Recorder, wait_ready
from playwright.sync_api import Browser, Page
from table_check import check_table
from test_phone import device_context, ready_page

from ember_helpers import click, my_move, new_game, open_ember, state

TIP = "#ei-coach .coach[data-tip]"
# the boxes of `sel` that meet the coach row where they show (a map's target clipped to the map:
# the part of it on screen; none: nothing under the tip)
OVERLAPS = """(sel) => {
  const c = document.querySelector('#ei-coach .coach').getBoundingClientRect();
  const m = document.getElementById('ei-board-wrap').getBoundingClientRect();
  return [...document.querySelectorAll(sel)].map((e) => {
    const r = e.getBoundingClientRect();
    if (!e.closest('#ei-board-wrap')) return r;
    return {left: Math.max(r.left, m.left), right: Math.min(r.right, m.right),
            top: Math.max(r.top, m.top), bottom: Math.min(r.bottom, m.bottom), width: 1};
  }).filter((r) => r.width > 0 && r.right > r.left && r.bottom > r.top && r.left < c.right
            && r.right > c.left && r.top < c.bottom && r.bottom > c.top).length; }"""
# the map's targets (their centres in the map's view) that the coach row lies over
UNDER = """() => [...document.querySelectorAll('[data-act="ei-hex"]')].filter((e) => {
  const m = document.getElementById('ei-board-wrap').getBoundingClientRect();
  const r = e.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < m.left || x > m.right || y < m.top || y > m.bottom) return false;  // panned out of view
  const h = document.elementFromPoint(x, y); return !!h && !!h.closest('#ei-coach'); }).length"""
IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight; }"""


@pytest.fixture
def phone(browser: Browser, site_url: str) -> Iterator[tuple[Page, Recorder]]:
    context, recorder = device_context(browser, site_url, "phone")
    yield ready_page(context), recorder
    context.close()


def tip_id(page: Page) -> str | None:
    el = page.locator(TIP)
    return el.first.get_attribute("data-tip") if el.count() else None


def uncovered(page: Page, where: str) -> None:
    """The tip lies over none of the map's targets, the tray or the actions."""
    for sel in ('[data-act="ei-hex"]', "#ei-tray-box", "#ei-actions .btn"):
        assert page.evaluate(OVERLAPS, sel) == 0, f"{where}: the tip covers {sel}"
    shown = page.evaluate(UNDER)
    assert shown == 0, f"{where}: a target under the tip"
    check_table(page, "ei", where)


def test_the_first_game_coaches_in_its_own_row_and_links_to_the_rules(
    phone: tuple[Page, Recorder], artifacts: Path
) -> None:
    page, recorder = phone
    open_ember(page)
    new_game(page, ["Ann", "Bob"], ["human", "easy"])
    page.wait_for_selector(f'{TIP}[data-tip="triads"]', timeout=120_000)
    assert page.locator(TIP).count() == 1
    click(page, '[data-act="ei-triad"]')  # the map's targets show: the tip stays in its row
    page.wait_for_selector('[data-act="ei-hex"]')
    assert tip_id(page) == "triads"
    uncovered(page, "triads")
    page.screenshot(path=str(artifacts / "ember-coach-phone-triads.png"))

    click(page, f'{TIP} [data-act="ei-rules"]')  # More in the rules: at its section
    page.wait_for_selector('[data-screen="ei-rules"]')
    heading = '[data-section="setup"] h2'
    page.wait_for_function(f"() => document.activeElement === document.querySelector('{heading}')")
    assert page.evaluate(IN_VIEW, heading)
    page.screenshot(path=str(artifacts / "ember-coach-phone-rules-setup.png"))
    click(page, '[data-act="ei-rules-back"]')
    page.wait_for_selector(f'{TIP}[data-tip="triads"]')

    click(page, f'{TIP} [data-act="ei-coach-ok"]')  # Got it: gone, and never back
    page.wait_for_selector(TIP, state="detached")
    page.reload()
    wait_ready(page)
    page.wait_for_selector('[data-screen="ei-game"][data-mine="1"]', timeout=120_000)
    assert tip_id(page) is None  # the same decision stays quiet; the tip is seen on the device

    seen = {"triads"}
    second = None
    for _ in range(60):
        st = state(page)
        if st["screen"] == "ei-pass":
            click(page, '[data-act="ei-unlock"]')
            continue
        if st["screen"] != "ei-game":
            break
        if not st["mine"]:
            page.wait_for_function("() => document.querySelector('[data-mine=\"1\"]') "
                                   "|| document.body.dataset.appScreen !== 'ei-game'",
                                   timeout=120_000)
            continue
        now = tip_id(page)
        assert now != "triads"
        if now is not None and now not in seen:
            seen.add(now)
            uncovered(page, now)
            if second is None:
                second = now
                page.screenshot(path=str(artifacts / f"ember-coach-phone-{now}.png"))
        if len(seen) >= 4:
            break
        my_move(page)
    assert second is not None and len(seen) >= 3, seen
    assert recorder.problems() == {}


def test_the_rules_page_has_its_contents_and_pictures(
    phone: tuple[Page, Recorder], artifacts: Path
) -> None:
    page, recorder = phone
    open_ember(page)
    click(page, '[data-act="ei-rules"]')
    page.wait_for_selector('[data-screen="ei-rules"]')
    sections = page.locator(".ei-rpart[data-section]")
    assert sections.count() >= 14
    for i in range(sections.count()):
        assert sections.nth(i).locator("svg").count() >= 1
    page.screenshot(path=str(artifacts / "ember-coach-phone-rules.png"), full_page=True)
    for key in ("geometry", "lava-tiles", "lava", "amulets", "share"):  # each looked at
        page.locator(f'.ei-rpart[data-section="{key}"]').screenshot(
            path=str(artifacts / f"ember-coach-phone-rules-{key}-part.png"))
    click(page, '.ei-toc [data-section="geometry"]')  # the contents: at that section
    heading = '[data-section="geometry"] h2'
    page.wait_for_function(f"() => document.activeElement === document.querySelector('{heading}')")
    assert page.evaluate(IN_VIEW, heading)
    page.screenshot(path=str(artifacts / "ember-coach-phone-rules-geometry.png"))
    assert recorder.problems() == {}
