"""Issue 12, points 1-4, in the browser: the map's art (symbols >= 20 px where the player
acts on a phone; screenshots at phone, tablet and desktop size), motion (marks, <= 400 ms,
nothing with reduced motion), sound (off until turned on: no request before), vibration,
and the Settings screen (kept across a reload, applied at once). Screenshots in
e2e/artifacts/ (boardart-*.png)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Recorder, wait_ready
from game_helpers import choose_kinds
from playwright.sync_api import Browser, BrowserContext, Page
from test_phone import DEVICES, check_axe, check_screen, device_context, ready_page

from small_islands import Game, Land, Options, PlaceHouse, PlacePortToken, PlaceResourceToken

SAVE_KEY = "small-islands/save"
TOGGLE = '#si-bar [data-act="sound"]:visible'
VISIBLE_TOGGLE = "#si-bar [data-act=sound]"  # the bar's, on every screen size
SETTINGS_KEY = "small-islands/settings"  # an older build's record (moved in at the start)
DEVICE_SETTINGS_KEY = "games/settings"  # the device's settings, every game's

# No animation runs but the sea's (the declared lengths are checked, the wall clock is not:
# under load a 400 ms animation may end later than 400 ms after it was measured to start).
NO_MOTION = """
() => document.getAnimations()
  .filter((a) => a.animationName !== 'sea-drift' && a.playState !== 'finished').length === 0
"""
# The smallest side of every printed symbol on the visible part of the map (CSS px).
SYMBOLS = """
(sel) => {
  const map = document.getElementById('board').getBoundingClientRect();
  const out = [];
  document.querySelectorAll(sel).forEach((el) => {
    const r = el.getBoundingClientRect();
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    if (cx < map.left || cx > map.right || cy < map.top || cy > map.bottom) return;
    out.push(Math.min(r.width, r.height));
  });
  return out;
}
"""
# Every animation started, as [name, end time in ms, target class], into window.__siStarted:
# scripted ones (Element.animate) as they are made, CSS ones at their animationstart. A check
# reads this log, not the animations still running when it looks: on a loaded machine a
# 400 ms animation may be over before the test gets to look.
STARTED = """
window.__siStarted = [];
const siAnimate = Element.prototype.animate;
const siClass = (el) => String(el?.className?.baseVal ?? el?.className ?? '');
Element.prototype.animate = function (...args) {
  const a = siAnimate.apply(this, args);
  window.__siStarted.push(['script', a.effect.getComputedTiming().endTime, siClass(this)]);
  return a;
};
document.addEventListener('animationstart', (e) => {
  if (e.animationName === 'sea-drift') return;
  const a = e.target.getAnimations().find((x) => x.animationName === e.animationName);
  window.__siStarted.push([e.animationName, a ? a.effect.getComputedTiming().endTime : null,
                           siClass(e.target)]);
}, true);
"""
STARTED_LOG = "() => window.__siStarted"
STARTED_CLEAR = "() => { window.__siStarted = []; }"
VIBRATIONS = """
window.__vibrations = 0;
Object.defineProperty(navigator, 'vibrate',
                      {value: () => { window.__vibrations += 1; return true; }});
"""


def position(stop: Any, seed: int = 5) -> Game:
    """A 2-seat game played by seeded random moves (no landing, no tokens) until `stop`."""
    for s in range(seed, seed + 100):
        g = Game.new(Options(seats=("Ann", "Bob"), seed=s))
        rng = random.Random(s)
        while g.phase != "over" and not stop(g):
            calm = (Land, PlaceResourceToken, PlacePortToken)
            actions = [a for a in g.legal_actions() if not isinstance(a, calm)] or g.legal_actions()
            g.play(rng.choice(actions))
        if stop(g):
            return g
    raise AssertionError("no such position")


def at_take_with_bonus(g: Game) -> bool:
    """The seat to move explores and holds bonus tokens: after its placement it keeps the
    device (the bonus step), so the map shows the placement."""
    s = g.seats[g.to_move] if g.to_move is not None else None
    return bool(g.phase == "exploration" and g.stage == "take" and s and s.bonus
                and len(g.board.tiles) >= 24)


def in_reward(g: Game) -> bool:
    return g.phase == "reward" and any(isinstance(a, PlaceHouse) for a in g.legal_actions())


@pytest.fixture(scope="module", params=list(DEVICES))
def device(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def ctx(browser: Browser, site_url: str, device: str) -> Iterator[tuple[BrowserContext, Recorder]]:
    context, recorder = device_context(browser, site_url, device)
    context.add_init_script(VIBRATIONS)
    context.add_init_script(STARTED)
    yield context, recorder
    context.close()


@pytest.fixture(scope="module")
def page(ctx: tuple[BrowserContext, Recorder]) -> Iterator[Page]:
    p = ready_page(ctx[0])
    yield p
    p.close()


def load(page: Page, game: Game, settings: str | None = None, key: str = SETTINGS_KEY) -> None:
    """A position (and optionally a settings record, at `key`) in storage, reloaded, the turn
    shown."""
    page.evaluate(
        "([k, v, sk, sv]) => { localStorage.clear(); localStorage.setItem(k, v);"
        " if (sv) localStorage.setItem(sk, sv); }",
        [SAVE_KEY, game.to_json(), key, settings],
    )
    page.reload()
    wait_ready(page)
    page.click('[data-act="unlock"]')
    page.wait_for_selector('[data-screen="game"]')


def take_and_place(page: Page) -> None:
    page.click('[data-act="take"]')
    page.wait_for_selector('[data-screen="game"][data-stage="place"]')
    page.locator("#board .target").first.click()
    page.wait_for_selector("#board .preview")
    page.click('[data-act="confirm-place"]')
    page.wait_for_selector('[data-screen="game"][data-stage="bonus"]')


# --- the tests -----------------------------------------------------------------------------


def test_the_map_at_each_size_and_symbols_legible_where_a_phone_player_acts(
    page: Page, device: str, artifacts: Path
) -> None:
    load(page, position(at_take_with_bonus))
    page.wait_for_timeout(100)
    page.screenshot(path=str(artifacts / f"boardart-{device}-map.png"))
    page.click('[data-act="take"]')
    page.wait_for_selector('[data-screen="game"][data-stage="place"]')
    page.locator("#board .target").first.click()
    page.wait_for_selector("#board .preview")
    page.wait_for_function(NO_MOTION)  # motion over
    page.screenshot(path=str(artifacts / f"boardart-{device}-preview.png"))
    sizes = page.evaluate(SYMBOLS, "#board use.sym")
    assert sizes, "no symbol on the visible map"
    if device == "phone":  # the map zoomed about the previewed tile: every symbol >= 20 px
        assert min(sizes) >= 20, sorted(sizes)[:5]
    check_screen(page, device, f"{device} preview")
    # the reward phase: the rings' zoom shows symbols >= 20 px too
    load(page, position(in_reward, seed=300))
    if page.locator("#board .target[data-act=focus]").count():  # the island first (phones)
        page.locator("#board .target[data-act=focus]").first.click()
    page.wait_for_selector('#board [data-act="house"]')
    page.wait_for_function(NO_MOTION)
    sizes = page.evaluate(SYMBOLS, "#board use.sym")
    assert sizes and min(sizes) >= 20, sorted(sizes)[:5]
    page.screenshot(path=str(artifacts / f"boardart-{device}-reward.png"))


# the same at every size: the phone's run in make test, all three in make test-deep
@pytest.mark.deep(except_device="phone")
def test_motion_marks_what_is_new_and_ends_within_400_ms(page: Page, device: str) -> None:
    load(page, position(at_take_with_bonus))
    page.evaluate(STARTED_CLEAR)
    page.click('[data-act="take"]')
    # the taken tile travels to the hand (or the score)
    page.wait_for_function("() => window.__siStarted.some((s) => s[0] === 'script')")
    travel = page.evaluate(STARTED_LOG)
    assert all(end is not None and end <= 400 for _, end, _ in travel), travel
    page.locator("#board .target").first.click()  # during the travel (on a quick machine)
    page.wait_for_selector("#board .preview")  # the tap was not lost
    page.wait_for_function(NO_MOTION)
    page.evaluate(STARTED_CLEAR)
    page.click('[data-act="confirm-place"]')
    page.wait_for_selector('[data-screen="game"][data-stage="bonus"]')
    assert page.locator('#board [data-fx="place"]').count() == 1
    page.wait_for_function("() => window.__siStarted.some((s) => s[0] === 'fx-settle')")
    running = page.evaluate(STARTED_LOG)
    assert all(end is not None and end <= 400 for _, end, _ in running), running
    page.wait_for_function(NO_MOTION)  # and they end (when, the declared lengths above say)
    assert page.evaluate("() => window.__vibrations") >= 1  # the placement buzzed


# the same at every size: the phone's run in make test, all three in make test-deep
@pytest.mark.deep(except_device="phone")
def test_reduced_motion_runs_no_animation(browser: Browser, site_url: str, device: str) -> None:
    context, recorder = device_context(browser, site_url, device, reduced_motion="reduce")
    page = context.new_page()
    page.goto("./")
    wait_ready(page)
    load(page, position(at_take_with_bonus))
    assert page.evaluate("() => document.getAnimations().length") == 0
    sea = page.evaluate(
        "() => getComputedStyle(document.getElementById('board-wrap'), '::before').animationName"
    )
    assert sea == "none"
    take_and_place(page)
    assert page.locator('#board [data-fx="place"]').count() == 1  # marked, but nothing moves
    assert page.evaluate("() => document.getAnimations().length") == 0
    page.wait_for_timeout(50)
    assert page.evaluate("() => document.getAnimations().length") == 0
    assert recorder.problems() == {}
    context.close()


# the same at every size: the phone's run in make test, all three in make test-deep
@pytest.mark.deep(except_device="phone")
def test_the_animations_setting_turns_motion_off(page: Page, device: str) -> None:
    off = '{"format": "small-islands-settings/1", "animations": false}'
    load(page, position(at_take_with_bonus), off)
    assert page.evaluate("() => document.body.dataset.motion") == "off"
    assert page.evaluate("() => document.getAnimations().length") == 0
    take_and_place(page)
    assert page.locator("#board [data-fx]").count() == 0
    assert page.evaluate("() => document.getAnimations().length") == 0


def test_sound_is_off_until_turned_on_and_never_downloaded(
    browser: Browser, site_url: str, device: str
) -> None:
    if device != "phone":
        pytest.skip("one device is enough")
    context, recorder = device_context(browser, site_url, device)
    page = context.new_page()
    fetched: list[str] = []  # the page's own requests (the service worker precaches all)
    page.on("request", lambda r: fetched.append(r.url) if r.service_worker is None else None)
    page.goto("./")
    wait_ready(page)
    choose_kinds(page, ["human", "human"])  # (a newcomer's form: one against a computer)
    page.fill('[data-field="name-0"]', "Ann")
    page.fill('[data-field="name-1"]', "Bob")
    page.click('[data-act="new"]')
    page.click('[data-act="unlock"]')
    page.wait_for_selector('[data-ask="sound"]')  # the first game asks
    sound = page.locator(TOGGLE)  # the header's toggle (on phones, in the strip under the bar)
    assert sound.get_attribute("aria-pressed") == "false"
    page.click('[data-act="layout-accept"]')
    assert page.evaluate("() => document.body.dataset.audio") is None  # no AudioContext yet
    assert page.evaluate("() => window.siSoundsMade") is None  # no sound made
    page.click('[data-ask="sound"] [data-act="sound"][data-value="on"]')
    page.wait_for_function("(sel) => document.querySelector(sel).getAttribute('aria-pressed')"
                           " === 'true'", arg=VISIBLE_TOGGLE)
    assert page.evaluate("() => document.body.dataset.audio") == "on"
    # the six sounds are made in the page and decoded by Web Audio; none is downloaded
    page.wait_for_function("() => window.siSoundsMade === 'build,end,land,place,score,take'")
    assert [u for u in fetched if "/sounds/" in u or u.endswith(".wav")] == []
    assert page.locator('[data-ask="sound"]').count() == 0
    # reload: on, and not asked again
    page.reload()
    wait_ready(page)
    page.click('[data-act="unlock"]')
    page.wait_for_selector('[data-screen="game"]')
    assert page.locator('[data-ask="sound"]').count() == 0
    assert page.locator(TOGGLE).get_attribute("aria-pressed") == "true"
    assert recorder.problems() == {}
    context.close()


# the same at every size: the phone's run in make test, all three in make test-deep
@pytest.mark.deep(except_device="phone")
def test_a_move_plays_its_sound(page: Page, device: str) -> None:
    on = '{"format": "small-islands-settings/1", "sound": true, "sound_asked": true}'
    load(page, position(at_take_with_bonus), on)
    page.wait_for_function(  # the sounds are made and decoded
        "() => ['take', 'place'].every((s) => (window.siSoundsMade || '').split(',').includes(s))")
    take_and_place(page)
    played = page.evaluate("() => window.siSounds || ''").split(",")
    assert played[-2:] == ["take", "place"], played


def test_settings_apply_at_once_and_survive_a_reload(
    page: Page, device: str, artifacts: Path
) -> None:
    page.evaluate("() => localStorage.clear()")
    page.reload()
    wait_ready(page)
    page.click('[data-act="settings"]')
    page.wait_for_selector('[data-screen="settings"]')
    check_axe(page, f"{device} settings")
    check_screen(page, device, "settings")
    for key, value in (("palette", "cvd"), ("hand", "left"), ("animations", "off"),
                       ("pace", "fast"), ("vibration", "off"), ("confirm", "off")):
        page.click(f'[data-act="set"][data-key="{key}"][data-value="{value}"]')
        page.wait_for_selector(f'[data-key="{key}"][data-value="{value}"][aria-pressed="true"]')
    body = page.evaluate("() => Object.assign({}, document.body.dataset)")
    assert (body["palette"], body["hand"], body["motion"]) == ("cvd", "left", "off")
    swatch = page.evaluate(
        "() => getComputedStyle(document.querySelector('.swatches .f-blue')).fill"
    )
    assert swatch == "rgb(0, 114, 178)"  # the colour-vision palette's blue
    page.screenshot(path=str(artifacts / f"boardart-{device}-settings.png"), full_page=True)
    page.reload()
    wait_ready(page)
    body = page.evaluate("() => Object.assign({}, document.body.dataset)")
    assert (body["palette"], body["hand"], body["motion"]) == ("cvd", "left", "off")
    assert page.locator('[data-field="speed"]').input_value() == "fast"
    page.click('[data-act="settings"]')
    for key, value in (("palette", "cvd"), ("hand", "left"), ("confirm", "off")):
        assert page.locator(
            f'[data-key="{key}"][data-value="{value}"][aria-pressed="true"]'
        ).count() == 1
    # left-handed: the step's main button is at the left of the action bar
    stored = page.evaluate(f"() => localStorage.getItem('{DEVICE_SETTINGS_KEY}')")
    load(page, position(at_take_with_bonus), stored, DEVICE_SETTINGS_KEY)
    page.click('[data-act="take"]')
    page.locator("#board .target").first.click()
    if page.locator("#board .preview").count():  # several turns fit: Place here
        bar = page.locator("#si-actions").bounding_box()
        primary = page.locator('#si-actions [data-act="confirm-place"]').bounding_box()
        assert bar and primary and primary["x"] < bar["x"] + bar["width"] / 2
        page.screenshot(path=str(artifacts / f"boardart-{device}-left-handed.png"))
    page.evaluate("() => localStorage.clear()")


def scores_points(g: Game) -> bool:
    """In the reward phase, and every house the seat may build earns PP (so points fly)."""
    if not in_reward(g) or g.to_move is None:
        return False
    mover, before = g.to_move, g.seats[g.to_move].pp
    for house in (a for a in g.legal_actions() if isinstance(a, PlaceHouse)):
        after = Game.from_json(g.to_json())
        after.play(house)
        if after.seats[mover].pp <= before:
            return False
    return True


# Freeze every animation the moment a points chip is added (its flight is made in the same
# task, before this observer's callback runs), so a slow frame cannot let it end unseen; the
# chip's timed removal is disarmed while the test looks at it.
CATCH = """
() => {
  window.__caught = false;
  const seen = new MutationObserver((changes) => {
    const chips = changes.flatMap((c) => [...c.addedNodes])
      .filter((n) => n.classList?.contains('fly-pp'));
    if (chips.length) {
      document.getAnimations().forEach((a) => a.pause());
      chips.forEach((n) => { n.remove = () => {}; });  // kept while the test looks at it
      window.__score = [...document.querySelectorAll('.chip, .player')]
        .find((e) => e.getAnimations().length);  // the score that pulses when it lands
      window.__caught = true;
      seen.disconnect();
    }
  });
  seen.observe(document.body, {childList: true});
}
"""
# The chip's opacity as drawn (its own and its parents').
OPACITY = """
() => {
  let o = 1;
  for (let n = document.querySelector('.fly-pp'); n; n = n.parentElement) {
    o *= Number(getComputedStyle(n).opacity);
  }
  return o;
}
"""
# How far the chip's centre is from the centre of the score it flew to (CSS px): the strip's
# chip on a phone, the seat's row in the players' list on wider screens.
LANDED = """
() => {
  const c = document.querySelector('.fly-pp').getBoundingClientRect();
  const s = window.__score.getBoundingClientRect();
  return Math.hypot(c.left + c.width / 2 - s.left - s.width / 2,
                    c.top + c.height / 2 - s.top - s.height / 2);
}
"""
# Pause every running script animation (the flights) at `share` of its length.
SEEK = """
(share) => document.getAnimations().filter((a) => !a.animationName).map((a) => {
  a.pause();
  a.currentTime = a.effect.getComputedTiming().endTime * share;
  return a.effect.target.className;
})
"""


def test_the_flying_points_stay_legible_at_every_frame(page: Page, device: str) -> None:
    """The '+N' that flies to the score is text: axe's contrast holds at its start, middle
    and end, not only once it has landed (a fading chip once failed axe in the coach's test,
    caught mid-flight by chance)."""
    load(page, position(scores_points, seed=300))
    if page.locator("#board .target[data-act=focus]").count():
        page.locator("#board .target[data-act=focus]").first.click()
    page.locator('#board [data-act="house"]').first.click()
    page.evaluate(CATCH)
    page.click('[data-act="house-build"]')
    page.wait_for_function("() => window.__caught === true", timeout=10_000)
    for share in (0.0, 0.5, 0.99):
        paused = page.evaluate(SEEK, share)
        assert "fly-pp" in paused, paused
        # over whatever it crosses: faded text cannot promise contrast, so it never fades
        assert page.evaluate(OPACITY) == 1, share
        check_axe(page, f"{device} points in flight at {share:.0%}")
    # landed: it waits on the score until it is removed (not back at the page's corner)
    page.evaluate(SEEK, 1.0)
    gap = page.evaluate(LANDED)
    assert gap < 4, gap
    page.evaluate("() => { document.getAnimations().forEach((a) => a.play());"
                  " document.querySelectorAll('.fly-pp')"
                  ".forEach((n) => n.parentNode.removeChild(n)); }")


def test_no_console_errors(ctx: tuple[BrowserContext, Recorder]) -> None:
    _, recorder = ctx
    assert recorder.problems() == {}
