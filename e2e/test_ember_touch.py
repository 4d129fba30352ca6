"""Ember Isle's map by touch and keyboard on a phone (390x844, touch) and a tablet: at the zoom
where the player acts every target is >= 44 CSS px (measured), a pan and a pinch change the
view without tapping a space, Zoom in / Zoom out / Fit the island, a tap on a zoomed-out map
zooms first, the keyboard brings targets into view; the new-game options (an island by its
pieces, players placing the objects, the basic island) and a statue turned with its buttons.
Screenshots e2e/artifacts/ember-map-*.png, ember-options-*.png, ember-facing-*.png."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Recorder
from playwright.sync_api import Browser, Page
from test_phone import check_axe, device_context, ready_page, touch_pan

from ember_helpers import HEX, click, my_move, new_game, open_ember, state

SAVE = "ember-isle/save"
BOXES = """() => [...document.querySelectorAll('[data-act="ei-hex"]')].map((e) => {
  const r = e.getBoundingClientRect(); return [r.width, r.height, r.x, r.y]; })"""
MAP = """() => { const r = document.getElementById('ei-board').getBoundingClientRect();
  return [r.x, r.y, r.width, r.height]; }"""
VIEWBOX = "() => document.getElementById('ei-board').getAttribute('viewBox')"
SPACES = """() => [...document.querySelectorAll('[data-act="ei-hex"]')]
  .map((e) => e.dataset.q + ' ' + e.dataset.r).join(';')"""
SAVED = f"() => localStorage.getItem('{SAVE}')"
CHOSEN = "() => document.querySelectorAll('#ei-board .target.on').length"


def _page(browser: Browser, site_url: str, device: str) -> Iterator[tuple[Page, Recorder]]:
    context, recorder = device_context(browser, site_url, device)
    yield ready_page(context), recorder
    context.close()


@pytest.fixture
def phone(browser: Browser, site_url: str) -> Iterator[tuple[Page, Recorder]]:
    yield from _page(browser, site_url, "phone")


@pytest.fixture
def tablet(browser: Browser, site_url: str) -> Iterator[tuple[Page, Recorder]]:
    yield from _page(browser, site_url, "tablet")


def until_targets(page: Page, stage: str | None = None, limit: int = 200) -> dict[str, Any]:
    """Play (by taps) until the person has spaces to tap on the map (at `stage` if given)."""
    for _ in range(limit):
        st = state(page)
        if st["screen"] == "ei-pass":
            click(page, '[data-act="ei-unlock"]')
            continue
        if st["screen"] == "ei-game" and not st["mine"]:
            page.wait_for_function("() => document.querySelector('[data-mine=\"1\"]') "
                                   "|| document.body.dataset.appScreen !== 'ei-game'",
                                   timeout=120_000)
            continue
        if st["stage"] == "triads" and not page.locator(HEX).count():
            click(page, '[data-act="ei-triad"]')  # a piece of land chosen: its spaces show
            continue
        if page.locator(HEX).count() and (stage is None or st["stage"] == stage):
            return st
        if st["stage"] == "turn" and stage == "move" and page.locator(HEX).count():
            return st
        my_move(page, clue_first=stage != "move")
    raise AssertionError(f"no targets at {stage}")


def check_targets(page: Page, where: str) -> list[list[float]]:
    boxes = page.evaluate(BOXES)
    assert boxes, where
    small = [b for b in boxes if min(b[0], b[1]) < 44]
    assert not small, f"{where}: targets under 44 px {small}"
    mx, my, mw, mh = page.evaluate(MAP)
    shown = [b for b in boxes
             if mx <= b[2] + b[0] / 2 <= mx + mw and my <= b[3] + b[1] / 2 <= my + mh]
    assert shown, f"{where}: no target in view"
    return list(boxes)


def pinch(page: Page, cdp: Any, x: float, y: float, spread: float) -> None:
    """Two fingers moving apart (spread > 0) or together about (x, y)."""
    def points(d: float) -> list[dict[str, float]]:
        return [{"x": x - d, "y": y, "id": 0}, {"x": x + d, "y": y, "id": 1}]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(30)})
    for k in range(1, 9):
        move = {"type": "touchMove", "touchPoints": points(30 + spread * k / 8)}
        cdp.send("Input.dispatchTouchEvent", move)
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(80)


def test_phone_targets_are_44_px_and_gestures_never_tap(
    phone: tuple[Page, Recorder], artifacts: Path
) -> None:
    page, recorder = phone
    open_ember(page)
    new_game(page, ["Ann", "Bob"], ["human", "easy"])
    # setup: a piece of land, its spaces over the island
    until_targets(page, "triads")
    check_targets(page, "a piece of land")
    page.screenshot(path=artifacts / "ember-map-phone-triad.png")
    check_axe(page, "the map zoomed where the player acts")
    cdp = page.context.new_cdp_session(page)
    mx, my, mw, mh = page.evaluate(MAP)
    save = page.evaluate(SAVED)
    before = page.evaluate(VIEWBOX)
    chosen = page.evaluate(CHOSEN)
    touch_pan(page, cdp, mx + mw / 2, my + mh / 2, -70, -40)
    panned = page.evaluate(VIEWBOX)
    assert panned != before, "a drag did not pan"
    assert page.evaluate(CHOSEN) == chosen and page.evaluate(SAVED) == save
    pinch(page, cdp, mx + mw / 2, my + mh / 2, 60)
    pinched = page.evaluate(VIEWBOX)
    assert float(pinched.split()[2]) < float(panned.split()[2]) * 0.8, "a pinch did not zoom in"
    assert page.evaluate(CHOSEN) == chosen and page.evaluate(SAVED) == save
    confirm = "() => document.querySelectorAll('#ei-actions [data-act=\"ei-confirm\"]').length"
    assert page.evaluate(confirm) == 0
    # Fit the island: the whole island (spaces too small), then a tap on a space zooms there
    click(page, '[data-act="ei-zoom"][data-how="fit"]')
    page.screenshot(path=artifacts / "ember-map-phone-fit.png")
    boxes = page.evaluate(BOXES)
    assert min(b[0] for b in boxes) < 44  # the whole island: why the map zooms where one acts
    far = max(range(len(boxes)), key=lambda i: boxes[i][2])
    page.touchscreen.tap(boxes[far][2] + boxes[far][0] / 2, boxes[far][3] + boxes[far][1] / 2)
    page.wait_for_timeout(300)
    assert page.evaluate(CHOSEN) == chosen, "a tap on the small map chose a space"
    check_targets(page, "after a tap on the fitted map")
    # zoom in / out by the buttons
    w0 = float(page.evaluate(VIEWBOX).split()[2])
    click(page, '[data-act="ei-zoom"][data-how="in"]')
    assert float(page.evaluate(VIEWBOX).split()[2]) < w0
    click(page, '[data-act="ei-zoom"][data-how="out"]')
    assert abs(float(page.evaluate(VIEWBOX).split()[2]) - w0) < 1
    # the keyboard: arrows through every target, each brought into view
    page.locator(HEX).first.focus()
    n = page.locator(HEX).count()
    for _ in range(n):
        inview = page.evaluate("""() => { const e = document.activeElement;
            const m = document.getElementById('ei-board');
            const r = e.getBoundingClientRect(), b = m.getBoundingClientRect();
            const x = r.x + r.width / 2, y = r.y + r.height / 2;
            return e.dataset.act === 'ei-hex'
              && x >= b.x && x <= b.right && y >= b.y && y <= b.bottom; }""")
        assert inview, "a target reached by the keyboard is out of view"
        page.keyboard.press("ArrowRight")
    # a tap on a target in view chooses it
    boxes = check_targets(page, "zoomed")
    mx, my, mw, mh = page.evaluate(MAP)
    i = next(i for i, b in enumerate(boxes) if mx + 30 <= b[2] + b[0] / 2 <= mx + mw - 120
             and my + 30 <= b[3] + b[1] / 2 <= my + mh - 70)
    spaces = page.evaluate(SPACES)
    page.touchscreen.tap(boxes[i][2] + boxes[i][0] / 2, boxes[i][3] + boxes[i][1] / 2)
    # chosen: ringed, or the piece's next spaces to tap, or its confirm button
    page.wait_for_function(f"() => document.querySelectorAll('#ei-board .target.on').length > 0 "
                           f"|| ({SPACES})() !== {json.dumps(spaces)}")
    page.screenshot(path=artifacts / "ember-map-phone-chosen.png")
    # the rovers: the zoom where the player acts, on every step with spaces to tap
    for stage in ("move",):
        until_targets(page, stage)
        check_targets(page, stage)
        page.screenshot(path=artifacts / f"ember-map-phone-{stage}.png")
        check_axe(page, f"the map at {stage}")
    assert json.loads(page.evaluate(SAVED))["v"] == 1
    assert recorder.problems() == {}


def test_tablet_map(tablet: tuple[Page, Recorder], artifacts: Path) -> None:
    page, recorder = tablet
    open_ember(page)
    new_game(page, ["Ann", "Bob"], ["human", "easy"])
    until_targets(page, "move")
    check_targets(page, "tablet move")
    page.screenshot(path=artifacts / "ember-map-tablet-move.png")
    check_axe(page, "the map on a tablet")
    assert recorder.problems() == {}


def place_objects(page: Page, artifacts: Path, device: str) -> None:
    """Players place every object by taps; a statue is turned with its facing buttons."""
    shot = False
    for _ in range(40):
        st = state(page)
        if st["screen"] == "ei-pass":
            click(page, '[data-act="ei-unlock"]')
            continue
        if st["stage"] != "objects":
            return
        if not st["mine"]:
            page.wait_for_function("() => document.querySelector('[data-mine=\"1\"]') "
                                   "|| document.body.dataset.emberStage !== 'objects'",
                                   timeout=120_000)
            continue
        ask = page.inner_text("#ei-say .say-title")
        assert ask.startswith("Place a ")
        click(page, HEX)
        if "statue" in ask:
            assert page.locator('[data-act="ei-confirm"]').count() == 0
            names = page.locator('[data-act="ei-facing"]').all_inner_texts()
            assert len(names) == 6 and names[0].startswith("Face east, towards")
            sizes = page.evaluate("""() => [...document.querySelectorAll('[data-act="ei-facing"]')]
                .map((e) => { const r = e.getBoundingClientRect();
                              return Math.min(r.width, r.height); })""")
            assert min(sizes) >= 44, sizes
            west = '[data-act="ei-facing"][data-facing="3"]'
            page.locator(west).click()
            assert page.get_attribute(west, "aria-pressed") == "true"
            if not shot:
                shot = True
                page.locator(".ei-facings").scroll_into_view_if_needed()
                page.screenshot(path=artifacts / f"ember-facing-{device}.png")
                check_axe(page, "a statue's facing buttons")
        click(page, '[data-act="ei-confirm"]')
    raise AssertionError("the objects were never all placed")


@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_options_and_a_statue_turned_by_its_buttons(
    browser: Browser, site_url: str, artifacts: Path, device: str
) -> None:
    for page, recorder in _page(browser, site_url, device):
        open_ember(page)
        text = page.inner_text('[data-field="ei-map"]')
        assert "Jungle lake, Grass bay, Ridge" in text
        page.select_option('[data-field="ei-objects"]', "players")
        page.screenshot(path=artifacts / f"ember-options-{device}.png", full_page=True)
        check_axe(page, "the new-game form with its options")
        new_game(page, ["Ann", "Bob"], ["human", "easy"], "A1B1C1",
                 {"ei-objects": "players", "ei-volcano": "no", "ei-first": "0"})
        place_objects(page, artifacts, device)
        saved = json.loads(page.evaluate(SAVED))
        opts = json.loads(saved["game"])["options"]
        assert (opts["map"], opts["objects"], opts["volcano"], opts["first_player"]) == (
            "A1B1C1", "players", False, 0)
        statues = [o for o in json.loads(saved["game"]).get("actions", []) if "facing" in str(o)]
        assert statues
        # the basic island: rovers placed on the map, no volcano
        until_targets(page, "rovers")
        assert page.locator("#ei-board use[href='#e-volcano']").count() == 0
        page.screenshot(path=artifacts / f"ember-basic-{device}.png")
        check_axe(page, "the basic island")
        assert recorder.problems() == {}
