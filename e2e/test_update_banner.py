"""The "Update available" banner covers nothing: on a phone in a game of either game, the
map's zoom and Fit buttons, the action bar and the header's buttons stay where a tap reaches
them (the page makes room for the banner at the top)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import wait_controlled, wait_ready
from playwright.sync_api import Browser, Page
from test_phone import DEVICES

from ember_helpers import new_game, open_ember

# every button of the screen (the map's zoom and Fit, the header's, the action bar's) and its box
TARGETS = """() => [...document.querySelectorAll('#app button[data-act]')].map((el) => {
  const r = el.getBoundingClientRect();
  return {act: el.dataset.act, x: r.x, y: r.y, w: r.width, h: r.height};
}).filter((t) => t.w > 0 && t.h > 0)"""
BANNER = "() => { const r = document.getElementById('update').getBoundingClientRect();" \
         " return {x: r.x, y: r.y, w: r.width, h: r.height}; }"


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and \
        a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]


def announce_update(page: Page, copy: Path) -> None:
    """A new deploy (another service-worker version, same files) waits: the banner shows."""
    worker = copy / "service-worker.js"
    source = worker.read_text()
    version = re.search(r'const VERSION = "([^"]+)";', source)
    assert version
    worker.write_text(source.replace(version.group(1), "0123456789abcdef"))
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_function("() => window.smallIslands.updateAvailable", timeout=60_000)
    assert page.locator("#update").is_visible()


def uncovered(page: Page) -> None:
    banner = page.evaluate(BANNER)
    height = page.evaluate("() => window.innerHeight")
    for target in page.evaluate(TARGETS):
        if target["y"] >= height or target["y"] + target["h"] <= 0:
            continue  # scrolled out of view, not under the banner
        assert not overlaps(banner, target), f"the banner covers {target['act']}"


@pytest.mark.parametrize("game", ["small-islands", "ember"])
def test_the_update_banner_covers_no_target(
    browser: Browser, site_copy: tuple[Path, str], artifacts: Path, game: str
) -> None:
    copy, url = site_copy
    context = browser.new_context(base_url=url, **DEVICES["phone"])
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    wait_controlled(page)
    if game == "ember":
        open_ember(page)
        new_game(page, ["Ann", "Bob"], ["human", "medium"])
        page.wait_for_selector('[data-screen="ei-game"]')
    else:
        page.select_option('[data-field="kind-1"]', "human")  # two players, as chosen before
        page.fill('[data-field="name-0"]', "Ann")
        page.click('[data-act="new"]')
        page.wait_for_function("() => ['game', 'pass', 'watch']"
                               ".includes(document.body.dataset.appScreen)")
        if page.locator('[data-act="unlock"]').count():
            page.click('[data-act="unlock"]')
    announce_update(page, copy)
    uncovered(page)
    # the game's layout (header, map, panel, action bar) still fits the window below the banner
    box = page.evaluate("() => { const r = document.querySelector('#app .game')"
                        ".getBoundingClientRect(); return [r.top, r.bottom]; }")
    assert box[0] >= page.evaluate(BANNER)["h"] - 1
    assert box[1] <= page.evaluate("() => window.innerHeight") + 1
    page.screenshot(path=artifacts / f"update-banner-{game}-phone.png")
    context.close()
