"""Issue 11 in the browser, on a phone (390x844, touch), a tablet (1024x768, touch) and a
desktop (1280x720): a pan then a single tap; Back mid-game; keyboard-only turn and reward
phase; axe-core on every screen; control and map-target sizes; no id or coordinate a player
can see on any screen of a game; the recap after a pass. Screenshots in e2e/artifacts/.

axe-core is the pinned dev dependency (node_modules/axe-core), evaluated into the page by the
test only: it is never part of site/.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, Recorder, origin_of, wait_ready
from game_helpers import choose_kinds, open_sheet, state, tap, tappables
from playwright.sync_api import Browser, BrowserContext, Page

from small_islands import Game, Options, PlaceHouse
from tests.web_driver import choose

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
DEVICES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 720}},
}
SAVE_KEY = "small-islands/save"
ID_PATTERN = re.compile(
    r"\b[TMORE]\d{1,2}\b|\bL\d\b|\(\s*\d+\s*,\s*\d+\s*\)"
    r"|\b(?:small-islands|ember-isle)[\w-]*/[\w-]*"  # a storage key or a file format
)

# Every text a player can see or hear: visible text and the accessible names of visible
# elements (aria-label, alt, title), inside #app and the live region.
SEEN_TEXT = """
() => {
  const out = [document.getElementById('app').innerText,
               document.getElementById('si-live')?.textContent || ''];
  document.querySelectorAll('#app [aria-label], #app [alt], #app [title], #app title')
    .forEach((el) => {
      const r = (el.closest('svg:not(.mini)') || el).getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return;
      out.push(el.getAttribute('aria-label') || el.getAttribute('alt')
               || el.getAttribute('title') || el.textContent || '');
    });
  return out.join('\\n');
}
"""

# Controls smaller than 44x44 CSS px (outside the map), and map targets under 32 px.
SIZES = """
() => {
  const small = [], tiny = [];
  const shown = (r) => r.width > 0 && r.height > 0;
  document.querySelectorAll(
    '#app button, #app a[href], #app select, #app input, #app summary, .update button'
  ).forEach((el) => {
    const r = el.getBoundingClientRect();
    if (!shown(r) || el.closest('.dialog-back[hidden]')) return;
    if (r.width < 43.5 || r.height < 43.5)
      small.push(`${el.tagName} ${el.dataset.act || el.textContent.trim().slice(0, 20)} `
                 + `${Math.round(r.width)}x${Math.round(r.height)}`);
  });
  document.querySelectorAll('#board [role=button]').forEach((el) => {
    const r = el.getBoundingClientRect();
    if (!shown(r)) return;
    if (r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) return;
    if (r.width < 31.5 || r.height < 31.5)
      tiny.push(`${el.dataset.act} ${Math.round(r.width)}x${Math.round(r.height)}`);
  });
  return {small, tiny};
}
"""

ACTIONS_ON_SCREEN = """
() => {
  const bar = document.getElementById('si-actions');
  if (!bar) return null;
  const r = bar.getBoundingClientRect();
  const buttons = Array.from(bar.querySelectorAll('button')).map((b) => {
    const q = b.getBoundingClientRect();
    return q.top >= 0 && q.bottom <= innerHeight + 0.5
      && q.left >= 0 && q.right <= innerWidth + 0.5;
  });
  return {top: r.top, bottom: r.bottom, inView: r.top >= 0 && r.bottom <= innerHeight + 0.5,
          buttons, scroll: [scrollX, scrollY]};
}
"""

AXE_RUN = """
async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({id: v.id, impact: v.impact,
                  nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: '
                    + (n.failureSummary || '').slice(0, 160))}));
}
"""


# --- fixtures ------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=list(DEVICES))
def device(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def device_context(
    browser: Browser, site_url: str, device: str, **extra: Any
) -> tuple[BrowserContext, Recorder]:
    """A browser context shaped like `device`, with every request recorded."""
    context = browser.new_context(base_url=site_url, **DEVICES[device], **extra)
    return context, Recorder(origin_of(site_url)).attach(context)


def ready_page(context: BrowserContext) -> Page:
    """A new page of the app in `context`, once Python is ready."""
    p = context.new_page()
    p.goto("./")
    wait_ready(p)
    return p


@pytest.fixture(scope="module")
def ctx(browser: Browser, site_url: str, device: str) -> Iterator[tuple[BrowserContext, Recorder]]:
    context, recorder = device_context(browser, site_url, device)
    yield context, recorder
    context.close()


@pytest.fixture(scope="module")
def page(ctx: tuple[BrowserContext, Recorder]) -> Iterator[Page]:
    p = ready_page(ctx[0])
    yield p
    p.close()


# --- helpers -------------------------------------------------------------------------------


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations of the page as it is now."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate("(src) => { (0, eval)(src); }", AXE.read_text())
    return list(page.evaluate(AXE_RUN))


def check_axe(page: Page, where: str) -> None:
    found = axe_violations(page)
    assert found == [], f"axe on {where}: {json.dumps(found, indent=1)}"


def load_save(page: Page, game: Game) -> None:
    """Put a game position in storage and reload (the app resumes it)."""
    page.evaluate(
        "([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }",
        [SAVE_KEY, game.to_json()],
    )
    page.reload()
    wait_ready(page)


def played(seed: int, stop: Any, seats: tuple[str, ...] = ("Ann", "Bob")) -> Game:
    """A seeded random game played until `stop(game)`."""
    for s in range(seed, seed + 200):
        g = Game.new(Options(seats=seats, seed=s))
        rng = random.Random(s)
        while g.phase != "over" and not stop(g):
            g.play(rng.choice(g.legal_actions()))
        if stop(g):
            return g
    raise AssertionError("no such position")


def press_until(page: Page, key: str, act: str, limit: int = 80) -> None:
    """Press `key` (Tab) until the focused element carries data-act=act."""
    for _ in range(limit):
        if page.evaluate("() => document.activeElement?.dataset?.act || null") == act:
            return
        page.keyboard.press(key)
    raise AssertionError(f"{act} never got the focus with {key}")


def focused_act(page: Page) -> str | None:
    return page.evaluate("() => document.activeElement?.dataset?.act || null")  # type: ignore[no-any-return]


def check_screen(page: Page, device: str, where: str) -> None:
    """Plain words, sizes and the action bar on the screen as it is now."""
    text = page.evaluate(SEEN_TEXT)
    found = ID_PATTERN.findall(text)
    assert not found, f"{where}: ids or coordinates {found} in {text[:1500]}"
    sizes = page.evaluate(SIZES)
    assert sizes["small"] == [], f"{where}: controls under 44 px: {sizes['small']}"
    assert sizes["tiny"] == [], f"{where}: map targets under 32 px: {sizes['tiny']}"
    bar = page.evaluate(ACTIONS_ON_SCREEN)
    if bar is not None and device == "phone":
        assert bar["inView"] and all(bar["buttons"]), f"{where}: action bar off screen {bar}"


def touch_pan(page: Page, cdp: Any, x: float, y: float, dx: float, dy: float) -> None:
    """A one-finger drag that stops before the finger lifts (no fling)."""
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 9):
        point = {"x": x + dx * k / 8, "y": y + dy * k / 8}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        page.wait_for_timeout(16)
    page.wait_for_timeout(150)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(50)


def start_two(page: Page, names: tuple[str, str] = ("Ann", "Bob")) -> None:
    page.evaluate("() => localStorage.clear()")
    page.reload()
    wait_ready(page)
    choose_kinds(page, ["human", "human"])  # (a newcomer's form: one against a computer)
    for i, n in enumerate(names):
        page.fill(f'[data-field="name-{i}"]', n)
    page.click('[data-act="new"]')


# --- the tests -----------------------------------------------------------------------------


def test_a_pan_then_a_single_tap_works(page: Page, device: str, artifacts: Path) -> None:
    start_two(page)
    page.click('[data-act="unlock"]')
    board = page.locator("#board")
    box = board.bounding_box()
    assert box is not None
    vb0 = board.get_attribute("viewBox")
    fit_button = page.locator('[data-act="fit"]')
    assert fit_button.count() == 0, "Fit shows on a map that fits by itself"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if DEVICES[device].get("has_touch"):
        cdp = page.context.new_cdp_session(page)
        touch_pan(page, cdp, x, y, 90, 60)
    else:
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 90, y + 60, steps=8)
        page.mouse.up()
    assert board.get_attribute("viewBox") != vb0, "the drag did not pan the map"
    fit = fit_button.bounding_box()  # the panned map is the player's: Fit shows
    wrap = page.locator("#board-wrap").bounding_box()
    assert fit is not None and wrap is not None
    assert fit["width"] >= 44 and fit["height"] >= 44  # a touch target, in the map's corner
    assert wrap["y"] + wrap["height"] - fit["y"] <= 60
    page.screenshot(path=artifacts / f"map-panned-{device}.png")
    fx, fy = fit["x"] + fit["width"] / 2, fit["y"] + fit["height"] / 2
    if DEVICES[device].get("has_touch"):
        page.touchscreen.tap(fx, fy)
    else:
        page.mouse.click(fx, fy)
    page.wait_for_function(
        "(vb) => document.getElementById('board').getAttribute('viewBox') === vb", arg=vb0
    )
    assert fit_button.count() == 0  # fitted again: no button
    # and again: pan, then one tap on a panel button (not the map) acts at once
    if DEVICES[device].get("has_touch"):
        touch_pan(page, cdp, x, y, -60, 0)
        menu = page.locator('.bar [data-act="menu"]').bounding_box()
        assert menu is not None
        page.touchscreen.tap(menu["x"] + menu["width"] / 2, menu["y"] + menu["height"] / 2)
    else:
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x - 60, y, steps=6)
        page.mouse.up()
        page.locator('.bar [data-act="menu"]').click()
    page.wait_for_selector('[data-act="continue"]')


def test_back_mid_game_asks_and_never_loses_the_game(
    page: Page, device: str, artifacts: Path
) -> None:
    start_two(page)
    page.click('[data-act="unlock"]')
    page.wait_for_selector('[data-screen="game"]')
    save = page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY)
    page.go_back()
    page.wait_for_selector('[data-dialog="leave"]')
    assert page.evaluate("() => document.activeElement?.dataset?.act") == "stay"
    check_axe(page, f"{device} leave dialog")
    if device in ("phone", "tablet"):
        page.screenshot(path=str(artifacts / f"{device}-back-dialog.png"))
    assert page.locator('[data-screen="game"]').count() == 1
    page.go_back()  # Back again closes the question
    page.wait_for_selector('[data-dialog="leave"]', state="detached")
    assert page.locator('[data-screen="game"]').count() == 1
    if device == "phone":  # the players sheet: Back closes it
        page.click('.pill[data-sheet="players"]')
        page.wait_for_selector("#si-sheet-players[data-open]")
        page.go_back()
        page.wait_for_selector("#si-sheet-players", state="hidden")
        assert page.locator('[data-dialog="leave"]').count() == 0
    seat = state(page)["seat"]
    page.go_back()
    page.click('[data-dialog="leave"] [data-act="menu"]')
    page.wait_for_selector('[data-act="continue"]')
    page.go_back()  # Back from the menu opened over the game: the same turn, no pass screen
    page.wait_for_selector('[data-screen="game"]')
    assert state(page)["seat"] == seat
    assert page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY) == save
    page.click('.bar [data-act="menu"]')
    page.click('[data-act="continue"]')  # Continue: the same player, no pass to themselves
    page.wait_for_selector('[data-screen="game"]')
    assert state(page)["seat"] == seat
    page.click('.bar [data-act="menu"]')
    page.click('[data-act="rules"]')
    page.go_back()
    page.wait_for_selector('[data-act="continue"]')


def test_a_keyboard_only_turn(page: Page, device: str, artifacts: Path) -> None:
    g = played(
        100, lambda g: g.phase == "exploration" and g.stage == "take" and len(g.board.tiles) > 8
    )
    load_save(page, g)
    seat = g.to_move
    focus_on = "(act) => document.activeElement?.dataset?.act === act"
    page.wait_for_function(focus_on, arg="unlock")  # a new screen: focus on the thing to do
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-screen="game"][data-stage="take"]')
    page.wait_for_function(focus_on, arg="take")  # the turn: no hunting with Tab
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-screen="game"][data-stage="place"]')
    assert focused_act(page) == "cell", "the focus did not move to the map's targets"
    first = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert first and not ID_PATTERN.search(first)
    n = page.locator("#board .target").count()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    if n > 2:  # the arrows moved the focus to another highlighted spot
        now = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert focused_act(page) == "cell" and (now != first or n > 8)
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .preview-frame")
    assert focused_act(page) == "cell"
    if page.locator('[data-act="rotate"]:not([disabled])').count():
        before = page.locator("#board g.preview").get_attribute("transform")
        page.keyboard.press("r")
        page.wait_for_function(
            "(t) => document.querySelector('#board g.preview')?.getAttribute('transform') !== t "
            "|| document.querySelector('#board g.preview')?.innerHTML !== null",
            arg=before,
        )
    if device in ("phone", "tablet"):
        page.screenshot(path=str(artifacts / f"{device}-keyboard-place.png"))
    assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
    page.keyboard.press("Enter")  # Enter on the previewed spot places it (R turned it)
    page.wait_for_selector('[data-screen="game"][data-stage="bonus"]')
    check_axe(page, f"{device} bonus")
    press_until(page, "Tab", "end-turn")
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-screen="pass"]')
    assert int(page.evaluate("() => document.querySelector('[data-screen]') ? 1 : 0")) == 1
    live = page.evaluate("() => document.getElementById('si-live').textContent")
    assert "placed" in live and not ID_PATTERN.search(live), live
    assert seat is not None


def test_a_keyboard_only_reward_phase(page: Page, device: str, artifacts: Path) -> None:
    def ready(g: Game) -> bool:
        return g.phase == "reward" and any(isinstance(a, PlaceHouse) for a in g.legal_actions())

    g = played(300, ready)
    load_save(page, g)
    press_until(page, "Tab", "unlock")
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-screen="game"][data-phase="reward"]')
    houses = page.locator("#board use.house").count()
    check_axe(page, f"{device} reward")
    page.keyboard.press("ArrowDown")  # from nowhere: the arrows enter the map's targets
    act = focused_act(page)
    assert act in ("focus", "house"), act
    check_screen(page, device, f"{device} reward")
    if act == "focus":  # phones: the island first, then its rings at a tappable size
        page.keyboard.press("Enter")
        page.wait_for_selector('#board [data-act="house"]')
        assert focused_act(page) == "house"
        check_screen(page, device, f"{device} reward zoomed")
    if device in ("phone", "tablet"):
        page.screenshot(path=str(artifacts / f"{device}-reward-rings.png"))
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-act="house-build"]')
    press_until(page, "Tab", "house-build")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('#board use.house').length > {houses}")
    for _ in range(6):
        done = '[data-screen="game"][data-phase="reward"] [data-act="end-reward"]'
        if page.locator(done).count():
            press_until(page, "Tab", "end-reward")
            page.keyboard.press("Enter")
            asked = '[data-dialog="end-reward"] [data-act="end-reward"][data-confirmed="1"]'
            page.wait_for_function(  # a house would still score: asked once (keyboard too)
                f"() => document.querySelector('{asked}') || !document.querySelector('{done}')")
            if page.locator(asked).count():
                assert focused_act(page) == "cancel"  # "Keep building" is the safe default
                press_until(page, "Tab", "end-reward")
                page.keyboard.press("Enter")
            break
        if page.locator('[data-act="keep"]').count():
            press_until(page, "Tab", "keep")
            page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('[data-act=\"end-reward\"]')"
                           " || document.querySelector('[data-screen=\"pass\"]')")


def test_the_recap_after_a_pass(page: Page, device: str, artifacts: Path) -> None:
    def after_other(g: Game) -> bool:
        if not (g.phase == "exploration" and g.stage == "take" and g.to_move == 0):
            return False
        return any(e.get("seat") == 1 and "placed" in e["text"] for e in g.log[-6:])

    g = played(500, after_other)
    load_save(page, g)
    page.click('[data-act="unlock"]')
    page.wait_for_selector('.pill[data-sheet="recap"], .recap >> visible=true')
    open_sheet(page, "recap")  # a sheet on a phone, beside the tray on wide screens
    page.wait_for_selector('[data-recap="1"]')
    recap = page.inner_text('[data-recap="1"]')
    assert "Since your turn" in recap and "Bob" in recap and "placed" in recap
    assert not ID_PATTERN.search(recap)
    # marked on the map in Bob's colour and shape, named (issue 28: no house piece)
    bob = "#board .last-mark[aria-label*='Bob placed a tile here'] .f-red"
    assert page.locator(bob).count() >= 1
    assert page.locator("#board .last-marks use").count() == 0
    if device in ("phone", "tablet"):
        page.screenshot(path=str(artifacts / f"{device}-recap.png"))


def test_a_whole_game_plain_words_sizes_and_axe(page: Page, device: str, artifacts: Path) -> None:
    """A 2-human game through the UI (the phone plays it to the end; the tablet and the
    desktop to the start of round 2): on every screen no id or coordinate, controls >= 44 px,
    map targets >= 32 px, the action bar on screen (phone), axe on each screen once."""
    start_two(page)
    rng = random.Random(17)
    checked: set[str] = set()
    for _ in range(3000):
        st = state(page)
        key = f"{st['screen']}-{st['stage'] or st['phase'] or ''}"
        if st["screen"] == "game" and page.locator("#board [data-act=focus]").count():
            key += "-islands"
        check_screen(page, device, key)  # (every step: a screen's map can change size)
        if key not in checked:
            checked.add(key)
            check_axe(page, f"{device} {key}")
            if device in ("phone", "tablet"):
                page.screenshot(path=str(artifacts / f"{device}-{key}.png"))
        if st["screen"] == "over":
            break
        if device != "phone" and st["screen"] == "game" and st["phase"] == "preparation" and (
            "game-reward" in checked
        ):
            break
        item = choose(tappables(page), rng)
        assert item is not None, f"nothing to tap on {st}"
        tap(page, item)
    assert {"game-take", "game-place", "game-bonus"} <= checked, checked
    if device == "phone":
        assert "over-" in checked or any(k.startswith("over") for k in checked), checked
        page.screenshot(path=str(artifacts / "phone-over-full.png"), full_page=True)


def test_axe_on_the_start_rules_explorer_and_broken_screens(page: Page, device: str) -> None:
    page.evaluate("() => localStorage.clear()")
    page.reload()
    wait_ready(page)
    check_axe(page, f"{device} start")
    check_screen(page, device, "start")
    page.click('[data-act="form-solo"][data-solo="1"]')
    check_axe(page, f"{device} start solo")
    page.click('[data-act="rules"]')
    check_axe(page, f"{device} rules")
    page.click('[data-act="back"]')
    page.click('[data-act="explorer"]')
    check_axe(page, f"{device} explorer")
    page.click('[data-act="back"]')
    page.fill('[data-field="name-0"]', " ")
    page.click('[data-act="new"]')
    assert page.inner_text(".start .error") == "Give every player a name."
    page.evaluate("(k) => localStorage.setItem(k, '{oops')", SAVE_KEY)
    page.reload()
    wait_ready(page)
    assert "damaged" in page.inner_text("#app") and "Expecting" not in page.inner_text("#app")
    check_axe(page, f"{device} broken save")
    check_screen(page, device, "broken")


def test_no_console_errors(ctx: tuple[BrowserContext, Recorder]) -> None:
    _, recorder = ctx
    assert recorder.problems() == {}
