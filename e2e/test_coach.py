"""Issue 12 points 5-7 in the browser, on a phone (390x844, touch) and a tablet (1024x768,
touch): a first game completed following the coach (each tip dismissed in turn, never over
what it points at nor the action bar), the rules screen opened mid-game returning to the same
choices, the objective tracker's numbers against the engine's reward phase, the end screen's
breakdown adding up to the engine's scores with houses highlighted on tap; axe-core on each
new screen; screenshots in e2e/artifacts/ (coach-*, rules-*, tracker-*, over-*).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Recorder, wait_ready
from game_helpers import close_sheet, open_sheet, tap, tappables
from playwright.sync_api import Browser, BrowserContext, Page
from test_phone import ID_PATTERN, check_axe, device_context, load_save, played, ready_page

from small_islands import Game, Options, PlaceTile
from tests.test_web_tracker import engine_total
from tests.web_driver import choose

COACH_KEY = "small-islands/coach"
# (one tip per decision: "rotate", due when a tile is first previewed, comes at a later
# placement, after the first "bonus"; the guided game deals the starting tiles: no "setup")
CORE = ["objectives", "take", "place", "bonus", "islands", "tracker", "reward", "round", "end"]

# One read of the screen (the computer's moves arrive asynchronously: read it all at once).
NOW = """
() => {
  const s = document.querySelector('[data-screen]');
  const tip = document.querySelector('.coach[data-tip]');
  return {screen: s ? s.dataset.screen : 'start', stage: s ? (s.dataset.stage || '') : '',
          tip: tip ? tip.dataset.tip : null, target: tip ? tip.dataset.target : null,
          inline: tip ? tip.classList.contains('inline') : false};
}
"""

# What a tip covers: the visible part of each element it points at, and the action bar.
COVERS = """
() => {
  const tip = document.querySelector('.coach[data-tip]');
  if (!tip) return null;
  const t = tip.getBoundingClientRect();
  const SELS = {
    map: '#board .target, #board .sym-target, #board .preview-frame',
    islands: '#board .hl-island',
    reward: '#board .target, #board .sym-target, #si-actions .btn.primary',
    display: '#si-actions .display .tile-btn', rotate: '[data-act="rotate"]',
    bonus: '[data-act="res-mode"], [data-act="port-mode"]', land: '[data-act="land-mode"]',
    keep: '[data-act="keep"]', actions: '#si-actions .btn.primary',
    panel: '#si-say', tracker: '.tracker, .pill[data-sheet="goal"]',
    recap: '.recap, .pill[data-sheet="recap"]',
    scores: '.who-row .btn'};
  const clip = (q, c) => ({left: Math.max(q.left, c.left), right: Math.min(q.right, c.right),
                           top: Math.max(q.top, c.top), bottom: Math.min(q.bottom, c.bottom)});
  const view = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  const hit = (q) => q.right - q.left > 1 && q.bottom - q.top > 1
    && !(q.right <= t.left || q.left >= t.right || q.bottom <= t.top || q.top >= t.bottom);
  const covered = [];
  let seen = 0;
  document.querySelectorAll(SELS[tip.dataset.target] || 'none').forEach((el) => {
    let q = clip(el.getBoundingClientRect(), view);
    const box = el.closest('#board-wrap, .tray-body, .pills, .sheets');
    if (box) q = clip(q, box.getBoundingClientRect());
    if (q.right - q.left <= 1 || q.bottom - q.top <= 1) return;
    seen += 1;
    if (hit(q)) covered.push(el.outerHTML.slice(0, 80));
  });
  const bar = document.getElementById('si-actions');
  return {covered, seen, bar: bar ? hit(bar.getBoundingClientRect()) : false,
          inView: t.top >= 0 && t.bottom <= innerHeight + 0.5};
}
"""


@pytest.fixture(scope="module", params=["phone", "tablet"])
def device(request: pytest.FixtureRequest) -> str:
    return str(request.param)


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


def now(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(NOW))


def fresh(page: Page) -> None:
    page.evaluate("() => localStorage.clear()")
    page.reload()
    wait_ready(page)


def test_a_first_game_following_the_coach(page: Page, device: str, artifacts: Path) -> None:
    """The offer on first launch; the tips in the game's order, each dismissed with Got it,
    none over its target or the action bar; the phone plays to the end (the tablet to the
    reward phase)."""
    fresh(page)
    assert page.locator('[data-offer="coach"]').count() == 1
    check_axe(page, f"{device} start with the offer")
    page.screenshot(path=str(artifacts / f"coach-{device}-00-offer.png"))
    page.select_option('[data-field="speed"]', "instant")
    page.click('[data-offer="coach"] [data-act="coach-start"]')
    page.wait_for_selector('[data-screen="game"]')
    rng = random.Random(7)
    shown: list[str] = []
    last = "reward" if device == "tablet" else "end"
    for _ in range(3000):
        st = now(page)
        if st["screen"] == "watch":
            page.wait_for_function(
                "() => !document.querySelector('[data-screen=\"watch\"]')", timeout=240_000
            )
            continue
        tip = st["tip"]
        if tip is not None and tip not in shown:
            shown.append(tip)
            if not st["inline"]:
                cover = page.evaluate(COVERS)
                assert cover["covered"] == [] and not cover["bar"], (tip, cover)
                assert cover["inView"], (tip, cover)
                assert cover["seen"] >= 1, (tip, cover)  # what it points at is on screen
            check_axe(page, f"{device} tip {tip}")
            page.screenshot(path=str(artifacts / f"coach-{device}-{len(shown):02d}-{tip}.png"))
            page.click(f'.coach [data-act="coach-ok"][data-tip="{tip}"]')
            assert now(page)["tip"] != tip, f"{tip} did not go away"
            if tip == last:
                break
            continue
        assert tip is None or tip in shown
        if st["screen"] == "over":
            break
        skip = ("rules", "track", "coach-skip")
        items = [i for i in tappables(page) if i["data-act"] not in skip]
        item = choose(items, rng)
        assert item is not None, f"nothing to tap on {st}"
        tap(page, item)
    want = CORE if device == "phone" else CORE[: CORE.index("reward") + 1]
    assert [t for t in shown if t in CORE] == want, shown
    if "rotate" in shown:
        assert shown.index("bonus") < shown.index("rotate"), shown
    record = json.loads(page.evaluate("(k) => localStorage.getItem(k)", COACH_KEY))
    assert record["seen"][: len(shown)] == shown and record["offer"] == "taken"
    if device == "phone":
        assert now(page)["screen"] == "over"
        # the scores table fits the phone: every column in view without scrolling
        wide = page.evaluate("() => { const w = document.querySelector('.over .scores-wrap');"
                             " return [w.scrollWidth, w.clientWidth]; }")
        assert wide[0] <= wide[1], f"the scores table is wider than the screen: {wide}"
        page.reload()  # the offer is remembered: not on the start screen again
        wait_ready(page)
        if page.locator('[data-act="menu"]').count():
            page.click('[data-act="menu"]')
        assert page.locator('[data-offer="coach"]').count() == 0
        assert page.locator('[data-act="coach-start"]').count() == 1  # replayable
    worker_settled(page)


def worker_settled(page: Page) -> None:
    """The bot worker (started for the computer player) has loaded: a reload now aborts no
    download of it."""
    page.wait_for_function(
        "() => { const s = JSON.parse(window.siBotStats || '{}');"
        " return s.boot_ms != null || s.failed; }",
        timeout=120_000,
    )


def place_position(seed: int) -> Game:
    """A 2-human game at a place step (several islands on the map)."""
    return played(
        seed, lambda g: g.phase == "exploration" and g.stage == "place" and len(g.board.tiles) > 9
    )


def test_the_rules_mid_game_return_to_the_same_choices(
    page: Page, device: str, artifacts: Path
) -> None:
    g = place_position(40)
    load_save(page, g)
    page.click('[data-act="unlock"]')
    page.wait_for_selector('[data-screen="game"]')
    hand = page.locator('[data-act="hand"]')
    if hand.count() > 1:
        hand.nth(0).click()
    page.locator("#board .target").first.click(force=True)
    if page.locator('[data-act="rotate"]:not([disabled])').count():
        page.click('[data-act="rotate"]')
    marks = page.inner_html("#board-marks")
    panel = page.inner_html("#si-tray")
    assert "preview-frame" in marks
    page.click('.bar [data-act="rules"]')
    page.wait_for_selector('[data-screen="rules"]')
    check_axe(page, f"{device} rules")
    text = page.inner_text("#app")
    assert "Component content of this edition is original" in text
    assert not ID_PATTERN.search(text), ID_PATTERN.findall(text)
    assert page.locator(".pic-item").count() > 60
    page.screenshot(path=str(artifacts / f"rules-{device}-top.png"))
    page.locator('[data-part="missions"]').scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"rules-{device}-missions.png"))
    page.locator('[data-part="solo"] .card-line').first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"rules-{device}-solo.png"))
    page.click('.rules-top [data-act="back"]')
    page.wait_for_selector('[data-screen="game"]')
    assert page.inner_html("#board-marks") == marks and page.inner_html("#si-tray") == panel
    page.click('.bar [data-act="rules"]')  # and with the browser's Back
    page.wait_for_selector('[data-screen="rules"]')
    page.go_back()
    page.wait_for_selector('[data-screen="game"]')
    assert page.inner_html("#board-marks") == marks


def test_the_tracker_shows_the_engines_numbers(page: Page, device: str, artifacts: Path) -> None:
    """The total 'if a ship landed now' and a previewed placement's change are what the
    engine's own reward phase, played out with the best choices, would give."""
    checked = 0
    for seed in (60, 61, 62, 63):
        g = place_position(seed)
        seat = g.to_move
        assert seat is not None
        load_save(page, g)
        page.click('[data-act="unlock"]')
        open_sheet(page, "goal")  # a sheet on a phone
        page.wait_for_selector(".tracker [data-track-total]")
        total = int(page.get_attribute(".tracker [data-track-total]", "data-track-total") or -1)
        close_sheet(page)  # the map whole again (the sheet lies over its lower part)
        assert total == engine_total(g, seat)
        n = page.locator("#board .target").count()
        for k in range(min(n, 3)):
            target = page.locator("#board .target").nth(k)
            x, y = (int(target.get_attribute(f"data-{k}") or 0) for k in "xy")
            target.click(force=True)
            page.wait_for_selector("#board .preview-frame")
            tile = page.get_attribute('[data-act="hand"][aria-pressed="true"]', "data-tile")
            rot = json.loads(page.evaluate("() => localStorage.getItem('small-islands/ui-state')"))
            prev = rot["ui"]["preview"]
            assert prev[:2] == [x, y]
            trial = g.clone()
            trial.play(PlaceTile(str(tile), x, y, prev[2]))
            after = engine_total(trial, seat)
            words = page.text_content(".tracker .track-change") or ""
            badge = page.text_content("#board .hl-badge text")
            d = after - total
            assert badge == (f"+{d}" if d > 0 else f"−{-d}" if d else "±0"), (badge, d)
            if d:
                assert f"{abs(d)} PP" in words, words
            else:
                assert words.startswith("No change"), words
            checked += 1
            page.click('[data-act="cancel"]')
        if device == "phone" and seed == 60:
            page.locator("#board .target").first.click(force=True)
            page.screenshot(path=str(artifacts / f"tracker-{device}-preview.png"))
        isles = page.locator('.tracker [data-act="track"]')
        if isles.count():
            open_sheet(page, "goal")  # a sheet on a phone
            isles.first.click()
            assert page.locator("#board-marks .hl-island.track").count() == 1
            check_axe(page, f"{device} tracker")
            page.screenshot(path=str(artifacts / f"tracker-{device}-{seed}.png"))
    assert checked >= 6, checked


def finished_game(seed: int) -> Game:
    rng = random.Random(seed)
    g = Game.new(Options(seats=("Ann", "Bob", "Cy"), seed=seed))
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()))
    return g


def test_the_end_breakdown_adds_up_and_highlights_houses(
    page: Page, device: str, artifacts: Path
) -> None:
    g = finished_game(21)
    load_save(page, g)
    page.wait_for_selector('[data-screen="over"]')
    rows = {r["seat"]: r for r in g.scores()}
    cards = page.evaluate(
        """() => Array.from(document.querySelectorAll('.bd')).map((c) => ({
             seat: +c.dataset.seat, total: +c.dataset.total,
             parts: Array.from(c.querySelectorAll('[data-pp]')).map((e) => +e.dataset.pp)}))"""
    )
    assert len(cards) == len(rows)
    for c in cards:
        assert c["total"] == rows[c["seat"]]["total"] == sum(c["parts"]), c
    check_axe(page, f"{device} over")
    page.screenshot(path=str(artifacts / f"over-{device}-top.png"))
    seat = max(rows, key=lambda s: rows[s]["houses_placed"])
    page.click(f'.who-row [data-act="over-seat"][data-seat="{seat}"]')
    rings = page.locator(".final #board .hl-ring circle").count()
    assert rings == rows[seat]["houses_placed"]
    page.locator(".final-map").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"over-{device}-houses.png"))
    vb = page.get_attribute(".final #board", "viewBox")
    page.click(f'[data-act="over-house"][data-seat="{seat}"][data-n="0"]')
    assert page.locator(".final #board .hl-island").count() == 1
    assert page.get_attribute(".final #board", "viewBox") != vb  # zoomed to that island
    check_axe(page, f"{device} over, a house picked")
    page.screenshot(path=str(artifacts / f"over-{device}-island.png"))


def test_no_console_errors(ctx: tuple[BrowserContext, Recorder]) -> None:
    _, recorder = ctx
    assert recorder.problems() == {}
