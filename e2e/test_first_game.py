"""A first game in at most 4 taps (issue 28, item 4) on a phone (390x844, touch), from a fresh
device: the taps from the first start screen to the first real decision, counted (Small
Islands' guided game to its first tile choice, its starting tiles dealt; Ember Isle's default
game to its first decision); the newcomer's form (one player against a named computer); the
rules' table of contents by keyboard, and a tip's link into the rules and back to the game.
Screenshots in e2e/artifacts/ (first-*).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Recorder
from playwright.sync_api import Browser, BrowserContext, Page
from test_phone import check_axe, device_context, ready_page

from ember_helpers import SCREEN


@pytest.fixture(scope="module")
def ctx(browser: Browser, site_url: str) -> Iterator[tuple[BrowserContext, Recorder]]:
    context, recorder = device_context(browser, site_url, "phone")
    yield context, recorder
    context.close()


@pytest.fixture()
def page(ctx: tuple[BrowserContext, Recorder]) -> Iterator[Page]:
    p = ready_page(ctx[0])
    p.evaluate("() => localStorage.clear()")  # a newcomer's device
    p.reload()
    p.wait_for_function("() => document.body.dataset.appScreen === 'start'")
    yield p
    p.close()


class Taps:
    """The taps a test performs (each one a touch tap), counted."""

    def __init__(self, page: Page, artifacts: Path, name: str) -> None:
        self.page, self.artifacts, self.name, self.count = page, artifacts, name, 0

    def tap(self, selector: str) -> None:
        self.count += 1
        self.page.locator(selector).first.tap()
        self.page.screenshot(path=str(self.artifacts / f"first-{self.name}-{self.count}.png"))


def test_a_guided_first_game_reaches_the_first_tile_in_4_taps(page: Page, artifacts: Path) -> None:
    page.screenshot(path=str(artifacts / "first-si-0-start.png"))
    assert page.input_value('[data-field="kind-1"]') == "medium"  # one against a computer
    assert page.input_value('[data-field="name-1"]') == "Ben"
    taps = Taps(page, artifacts, "si")
    taps.tap('[data-offer="coach"] [data-act="coach-start"]')
    page.wait_for_selector('[data-screen="game"][data-phase="preparation"] [data-act="obj"]')
    assert page.locator('[data-act="layout-accept"]').count() == 0
    assert page.locator('.coach[data-tip="objectives"]').count() == 1
    assert page.locator('[data-ask="sound"]').count() == 0  # the tip's turn, not the question's
    taps.tap('[data-act="obj"][data-slot="now"]')
    card = page.locator('[data-act="obj"][data-slot="now"]').first.get_attribute("data-card")
    taps.tap(f'[data-act="obj"][data-slot="later"]:not([data-card="{card}"])')
    taps.tap('[data-act="obj-confirm"]')
    page.wait_for_selector('[data-screen="game"] [data-act="take"]', timeout=120_000)
    page.wait_for_selector('.coach[data-tip="take"]')  # the next decision's tip
    page.screenshot(path=str(artifacts / "first-si-take.png"))
    assert taps.count <= 4, taps.count
    names = page.inner_text("#app")
    assert "Ben" in names and "Player 2" not in names and "Computer" not in names.split()
    # one thing at a time: a tip or the sound question, never both
    shown = page.locator(".coach[data-tip]").count() + page.locator('[data-ask="sound"]').count()
    assert shown <= 1


def test_ember_isle_s_first_decision_in_at_most_4_taps(page: Page, artifacts: Path) -> None:
    taps = Taps(page, artifacts, "ei")
    taps.tap('[data-act="open-game"][data-game="ember-isle"]')
    page.wait_for_function("() => document.body.dataset.appScreen === 'ei-start'", timeout=120_000)
    page.screenshot(path=str(artifacts / "first-ei-0-start.png"))
    assert page.input_value('[data-field="ei-kind-1"]') == "medium"
    assert page.input_value('[data-field="ei-name-1"]') == "Bob"
    taps.tap('[data-act="ei-new"]')
    page.wait_for_function(
        "() => { const g = document.querySelector('[data-screen=\"ei-game\"]');"
        " return g && g.dataset.mine === '1'; }", timeout=120_000)
    page.screenshot(path=str(artifacts / "first-ei-decision.png"))
    assert taps.count <= 4, taps.count
    assert page.evaluate(SCREEN) == "ei-game"
    assert "Bob" in page.inner_text("#app")


def test_a_computer_seat_gets_a_name_as_it_is_chosen(page: Page) -> None:
    page.select_option('[data-field="kind-1"]', "human")
    assert page.input_value('[data-field="name-1"]') == "Ben"  # a human keeps it
    page.fill('[data-field="name-1"]', "")
    page.select_option('[data-field="kind-1"]', "easy")
    assert page.input_value('[data-field="name-1"]') == "Ben"
    page.click('[data-act="add-seat"]')
    page.select_option('[data-field="kind-2"]', "hard")
    assert page.input_value('[data-field="name-2"]') == "Mia"
    page.fill('[data-field="name-1"]', "Gran")
    page.select_option('[data-field="kind-1"]', "medium")
    assert page.input_value('[data-field="name-1"]') == "Gran"  # a chosen name stays


def test_the_rules_contents_by_keyboard_and_back_to_the_top(page: Page, artifacts: Path) -> None:
    page.click('[data-act="rules"]')
    page.wait_for_selector('[data-screen="rules"]')
    assert page.evaluate("() => window.scrollY") == 0
    check_axe(page, "phone rules with contents")
    page.screenshot(path=str(artifacts / "first-rules-contents.png"))
    link = page.locator('.rules-toc [data-act="rules-at"][data-section="rewards"]')
    link.focus()
    page.keyboard.press("Enter")
    heading = page.locator("#rules-rewards h2")
    page.wait_for_function("() => document.activeElement"
                           " && document.activeElement.closest('#rules-rewards') !== null")
    box = heading.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    assert page.evaluate("() => window.scrollY") > 0
    page.screenshot(path=str(artifacts / "first-rules-rewards.png"))
    page.locator('#rules-rewards [data-act="rules-at"][data-section="top"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement"
                           " && document.activeElement.closest('.rules-toc') !== null")
    box = page.locator(".rules-toc h2").bounding_box()
    assert box is not None and 0 <= box["y"] <= 844, box


def test_a_tip_s_link_opens_its_rules_and_back_keeps_the_game(page: Page, artifacts: Path) -> None:
    page.click('[data-offer="coach"] [data-act="coach-start"]')
    page.wait_for_selector('[data-screen="game"][data-phase="preparation"] [data-act="obj"]')
    page.click('[data-act="obj"][data-slot="now"]')
    picked = page.locator('[data-act="obj"][data-slot="now"][aria-pressed="true"]').count()
    page.click('.coach[data-tip="objectives"] [data-act="rules"][data-section="objectives"]')
    page.wait_for_selector('[data-screen="rules"]')
    page.wait_for_function("() => document.activeElement"
                           " && document.activeElement.closest('#rules-objectives') !== null")
    box = page.locator("#rules-objectives h2").bounding_box()
    assert box is not None and 0 <= box["y"] <= 844, box
    page.screenshot(path=str(artifacts / "first-rules-from-tip.png"))
    page.click('.rules-top [data-act="back"]')
    page.wait_for_selector('[data-screen="game"][data-phase="preparation"] [data-act="obj"]')
    assert page.locator('[data-act="obj"][data-slot="now"][aria-pressed="true"]').count() == picked
    assert page.locator('.coach[data-tip="objectives"]').count() == 1
