"""Ceremony (issue 28) in the browser, on a phone (390x844, touch) and a desktop: the start
screen's title picture, a finished game's end screen celebrating its winner (its confetti
animates once, and not at all with reduced motion), the replay that opens on the starting
tiles and plays itself, and a late game's map framed readably on the phone. Screenshots in
e2e/artifacts/ (ceremony-*.png)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import Recorder, origin_of, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page
from test_phone import DEVICES

from small_islands import Game, Options
from tests.kept_helpers import MODES, finished

SEED = """
(data, tab) => {
  if (location.protocol !== 'http:') return;
  if (localStorage.getItem('e2e/seeded')) return;
  for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v);
  for (const [k, v] of Object.entries(tab)) sessionStorage.setItem(k, v);
  localStorage.setItem('e2e/seeded', '1');
}
"""
CELEBRATION_ANIMATIONS = (
    "() => document.querySelector('.celebrate').getAnimations({subtree: true}).length"
)
PICTURE_BOX = """
(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
           return [r.x, r.y, r.width, r.height]; }
"""
SHOWN = ("phone", "desktop")
# a cell's (a tile's: 100 units) width on screen, from the map's viewBox and size ("meet")
CELL_PX = """
() => { const b = document.getElementById('board'), r = b.getBoundingClientRect();
        const [, , w, h] = b.getAttribute('viewBox').split(/[ ,]+/).map(Number);
        return 100 * Math.min(r.width / w, r.height / h); }
"""


def context_with(browser: Browser, site_url: str, device: str, data: dict[str, str],
                 tab: dict[str, str] | None = None, **extra: Any
                 ) -> tuple[BrowserContext, Recorder]:
    context = browser.new_context(base_url=site_url, **DEVICES[device], **extra)
    recorder = Recorder(origin_of(site_url)).attach(context)
    if data:
        context.add_init_script(f"({SEED})({json.dumps(data)}, {json.dumps(tab or {})});")
    return context, recorder


def boot(context: BrowserContext) -> Page:
    page = context.new_page()
    page.goto("./")
    wait_ready(page)
    return page


def over_storage(g: Game) -> dict[str, str]:
    return {"small-islands/save": g.to_json(), "small-islands/ui": '{"screen": "over"}'}


@pytest.mark.parametrize("device", SHOWN)
def test_the_start_screen_shows_its_title_picture(
    browser: Browser, site_url: str, device: str, artifacts: Path
) -> None:
    context, recorder = context_with(browser, site_url, device, {})
    page = boot(context)
    pic = page.locator(".start .title-head svg.title-pic")
    pic.wait_for()
    assert pic.get_attribute("role") == "img"
    assert "Small Islands" in (pic.get_attribute("aria-label") or "")
    x, y, w, h = page.evaluate(PICTURE_BOX, ".start .title-pic")
    width = DEVICES[device]["viewport"]["width"]
    assert w >= 200 and h >= 100 and x >= 0 and x + w <= width  # seen whole, on screen
    ember = page.locator('[data-card="ember-isle"] svg.title-pic')
    assert ember.count() == 1 and ember.is_visible()
    page.screenshot(path=str(artifacts / f"ceremony-start-{device}.png"))
    page.evaluate("() => document.body.dataset.palette = 'cvd'")  # the other palette
    page.screenshot(path=str(artifacts / f"ceremony-start-cvd-{device}.png"))
    assert recorder.problems() == {}
    context.close()


@pytest.mark.parametrize("device", SHOWN)
def test_the_end_screen_celebrates_and_the_replay_plays_itself(
    browser: Browser, site_url: str, device: str, artifacts: Path
) -> None:
    g = finished(MODES["normal"], seed=2)
    (win,) = [r for r in g.scores() if r["rank"] == 1]
    context, recorder = context_with(browser, site_url, device, over_storage(g))
    page = boot(context)
    page.wait_for_selector('[data-screen="over"] .celebrate')
    words = page.inner_text(".celebrate .winner-words")
    assert words == f"{win['name']} wins with {win['total']} points. Well played!"
    assert page.locator(f'.champ[data-colour="{win["colour"]}"]').is_visible()
    assert page.evaluate(CELEBRATION_ANIMATIONS) > 0  # the burst (kept by fill: both)
    page.screenshot(path=str(artifacts / f"ceremony-over-{device}.png"))
    # the replay: opens on the starting tiles, plays by itself, pauses
    page.click('[data-act="over-replay"]')
    page.wait_for_selector('[data-screen="replay"]')
    assert "Start of the game" in page.inner_text("#rp-panel")
    assert page.locator("#replay-map .tile").count() == 4  # not an empty sea
    page.screenshot(path=str(artifacts / f"ceremony-replay-start-{device}.png"))
    page.select_option('[data-change="replay-pace"]', "fast")
    page.click('[data-act="replay-play"]')
    page.wait_for_selector('[data-act="replay-play"]:text("Pause")')
    page.wait_for_function("() => Number(document.getElementById('rp-slider').value) >= 3")
    page.click('[data-act="replay-play"]')  # Pause
    page.wait_for_selector('[data-act="replay-play"]:text("Play")')
    paused = int(page.input_value("#rp-slider"))
    page.click('[data-act="step"][data-to="next"]')  # the steps still work, one at a time
    page.wait_for_function(f"() => document.getElementById('rp-slider').value === '{paused + 1}'")
    page.locator("#rp-panel h2").first.click()  # focus off the buttons: Space plays
    page.keyboard.press(" ")
    page.wait_for_selector('[data-act="replay-play"]:text("Pause")')
    page.wait_for_function(
        f"() => Number(document.getElementById('rp-slider').value) > {paused + 1}")
    page.keyboard.press("k")
    page.wait_for_selector('[data-act="replay-play"]:text("Play")')
    page.screenshot(path=str(artifacts / f"ceremony-replay-{device}.png"))
    assert recorder.problems() == {}
    context.close()


def test_with_reduced_motion_nothing_of_the_celebration_moves(
    browser: Browser, site_url: str
) -> None:
    g = finished(MODES["normal"], seed=2)
    context, recorder = context_with(browser, site_url, "phone", over_storage(g),
                                     reduced_motion="reduce")
    page = boot(context)
    page.wait_for_selector('[data-screen="over"] .celebrate')
    assert page.evaluate(CELEBRATION_ANIMATIONS) == 0
    assert page.locator(".celebrate .cf").count() > 0  # the confetti lies still
    assert recorder.problems() == {}
    context.close()


def ember_over_storage() -> tuple[dict[str, str], list[dict[str, Any]]]:
    """A finished Ember Isle game's records (as its app keeps them), and its scores."""
    from ei_web.app import EmberApp
    from ember_isle import Game as EmberGame
    from game_shell.storage import MemoryStorage

    storage = MemoryStorage()
    app = EmberApp(storage)
    app.handle("ei-new", {}, {"ei-name-0": "Ann", "ei-name-1": "Bob", "ei-kind-0": "easy",
                              "ei-kind-1": "easy", "ei-map": "default"})
    g = app.game
    assert isinstance(g, EmberGame)
    rng = random.Random(4)
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()))
    app.save()
    data = {k: v for k, v in storage.data.items() if k.startswith("ember-isle/")}
    return data, g.scores()


def test_ember_isles_end_screen_celebrates_its_winner(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    data, scores = ember_over_storage()
    tab = {"games/active-game": "ember-isle", "ember-isle/screen": "over"}
    context, recorder = context_with(browser, site_url, "phone", data, tab)
    page = context.new_page()
    page.goto("./")
    page.wait_for_selector('[data-screen="ei-over"] .celebrate', timeout=120_000)
    words = page.inner_text(".celebrate .winner-words")
    for r in scores:
        assert (r["name"] in words) == (r["rank"] == 1)
    assert page.evaluate(CELEBRATION_ANIMATIONS) > 0
    page.screenshot(path=str(artifacts / "ceremony-ember-over-phone.png"))
    assert recorder.problems() == {}
    context.close()


def late_game(seed: int = 5) -> Game:
    g = Game.new(Options(seats=("Ann", "Bob", "Cy", "Dee"), mode="advanced", seed=seed))
    rng = random.Random(seed)
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()))
    return Game.replay(g.options, g.actions[: len(g.actions) - 12])


def test_a_late_games_map_on_a_phone_is_readable_and_fit_shows_it_all(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    g = late_game()
    data = {"small-islands/save": g.to_json(), "small-islands/ui": '{"screen": "game"}'}
    context, recorder = context_with(browser, site_url, "phone", data)
    page = boot(context)
    if page.locator('[data-screen="pass"]').count():
        page.click('[data-act="unlock"]')
    page.wait_for_selector("#board")
    tile_px = page.evaluate(CELL_PX)
    assert tile_px >= 55.9, tile_px  # a tile at least 56 CSS px wide (viewBox to 0.1 unit)
    page.screenshot(path=str(artifacts / "ceremony-late-map-phone.png"))
    framed = page.get_attribute("#board", "viewBox")
    page.click('[data-act="fit"]')
    page.wait_for_function(
        "(vb) => document.getElementById('board').getAttribute('viewBox') !== vb", arg=framed)
    assert page.locator('[data-act="fit"]').count() == 0
    page.screenshot(path=str(artifacts / "ceremony-late-map-fit-phone.png"))
    assert recorder.problems() == {}
    context.close()
