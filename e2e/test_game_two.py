"""A whole 2-seat game through the UI, plus privacy, illegal taps, reload, bad saves, escaping.

One Pyodide boot for the module (module-scoped page); the tests run in file order and
continue the same session.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from conftest import Recorder, wait_ready
from game_helpers import play_until, start_game, state, tap_act, tap_empty_cell, tappables
from playwright.sync_api import Page

HOSTILE = "<img src=x onerror=alert(1)>"  # the hostile name, verbatim
TOO_LONG = "x" * 60  # longer than a seat name may be
SAVE_KEY = "small-islands/save"


def test_start_screen_and_rules(session: tuple[Page, Recorder]) -> None:
    page, _ = session
    assert page.locator('[data-act="new"]').is_visible()
    assert page.locator('[data-field="kind-1"] option[value="hard"]').count() == 1
    tap_act(page, "rules")
    text = page.inner_text("#app")
    assert (
        "component content of this edition is original; rules follow the published rulebook"
        in text.lower()
    )
    tap_act(page, "back")


def test_too_long_and_blank_names_are_refused(session: tuple[Page, Recorder]) -> None:
    page, _ = session
    page.fill('[data-field="name-0"]', TOO_LONG)  # maxlength cuts it in the input
    assert len(page.input_value('[data-field="name-0"]')) == 40
    page.fill('[data-field="name-0"]', "   ")
    tap_act(page, "new")
    assert page.locator(".start .error").is_visible()
    assert page.locator('[data-act="new"]').is_visible()


def test_hostile_name_renders_as_text(session: tuple[Page, Recorder]) -> None:
    page, _ = session
    start_game(page, [HOSTILE, "Bob"])
    assert page.locator('[data-screen="pass"]').is_visible()
    assert page.locator('img[src="x"]').count() == 0
    assert HOSTILE in page.inner_text("#app") or "Bob" in page.inner_text("#app")


def _secrets_in_dom(page: Page) -> int:
    return page.locator("[data-secret]").count()


def test_full_game_with_privacy_illegal_tap_and_reload(
    session: tuple[Page, Recorder], artifacts: Path
) -> None:
    page, _ = session
    rng = random.Random(11)
    known_hands: dict[str, list[str]] = {}
    seen: dict[str, Any] = {
        "pass": 0,
        "checked_other": 0,
        "illegal": False,
        "reloaded": False,
        "shots": False,
    }

    def check(st: dict[str, Any]) -> None:
        if st["screen"] == "pass":
            seen["pass"] += 1
            assert _secrets_in_dom(page) == 0, "secrets in the DOM behind the pass screen"
            html = page.content()
            for tiles in known_hands.values():
                for t in tiles:
                    assert f'"{t}"' not in html and f"tile {t}" not in html
        elif st["screen"] == "game" and st["phase"] in ("exploration", "preparation"):
            html = page.content()
            for seat, tiles in known_hands.items():
                if seat != st["seat"]:
                    for t in tiles:
                        assert f'data-tile="{t}"' not in html, (
                            f"seat {seat}'s hand tile {t} is visible"
                        )
                        seen["checked_other"] += 1
            known_hands[st["seat"]] = [t for t in st["hand"] if t]
        if st["screen"] == "game" and st["stage"] == "place" and not seen["illegal"]:
            _illegal_tap(page)
            seen["illegal"] = True
        if (
            st["screen"] == "game"
            and st["stage"] == "place"
            and seen["illegal"]
            and not seen["reloaded"]
        ):
            _reload_mid_turn(page, st)
            seen["reloaded"] = True
        in_exploration = st["screen"] == "game" and st["phase"] == "exploration"
        if in_exploration and not seen["shots"] and page.locator("#board g.tile").count() >= 12:
            _screenshots(page, artifacts)
            seen["shots"] = True

    final = play_until(page, rng, lambda st: st["screen"] == "over", on_step=check)
    assert final["screen"] == "over"
    assert seen["pass"] > 10 and seen["checked_other"] > 0
    assert seen["illegal"] and seen["reloaded"] and seen["shots"]
    rows = page.locator("table.scores tbody tr")
    assert rows.count() == 2
    assert page.locator("svg.chart rect").count() >= 3
    text = page.inner_text("#app")
    for heading in ("PP", "Discovery", "Ship ports", "Total"):
        assert heading in text
    assert page.locator('img[src="x"]').count() == 0
    assert HOSTILE in text
    page.screenshot(path=str(artifacts / "game-over.png"), full_page=True)


def _illegal_tap(page: Page) -> None:
    """Tap an empty cell that is not highlighted: the reason shows in words (never the cell's
    coordinates), nothing breaks."""
    before = page.evaluate("() => localStorage.getItem('small-islands/save')")
    x, y = tap_empty_cell(page)
    toast = page.locator(".toast.error")
    assert toast.is_visible()
    said = toast.inner_text()
    assert "spot" in said and f"({x}, {y})" not in said and f"{x}, {y}" not in said
    assert page.evaluate("() => localStorage.getItem('small-islands/save')") == before


SELECTION = """
() => ({
  tile: document.querySelector('.tile-btn.on[data-act="hand"]')?.dataset.tile || null,
  preview: document.querySelector('#board g.preview')?.outerHTML || null,
  frame: Array.from(document.querySelectorAll('#board .preview-frame'))
    .map((r) => `${r.dataset.x},${r.dataset.y}`),
  targets: document.querySelectorAll('#board .target').length,
})
"""


def _reload_mid_turn(page: Page, st: dict[str, Any]) -> None:
    """Reload with a tile taken, another hand tile picked and previewed (rotated where it
    can be): the pass screen, then the same turn with the same selection and preview."""
    fits = page.locator('[data-act="hand"]:not(.nofit):not(.on)')
    if fits.count():
        fits.first.click()
    page.locator("#board .target").first.click()
    if page.locator('[data-act="rotate"]:not([disabled])').count():
        tap_act(page, "rotate")
    picked = page.evaluate(SELECTION)
    assert picked["tile"] and picked["preview"] and len(picked["frame"]) == 1
    status = page.inner_text(".bar")
    hand = sorted(st["hand"])
    page.reload()
    wait_ready(page)
    assert page.locator('[data-screen="pass"]').is_visible()
    assert _secrets_in_dom(page) == 0
    tap_act(page, "unlock")
    after = state(page)
    assert after["stage"] == "place" and after["seat"] == st["seat"]
    assert sorted(after["hand"]) == hand
    assert page.inner_text(".bar") == status
    assert page.evaluate(SELECTION) == picked


IN_VIEW = """
(sel) => Array.from(document.querySelectorAll(sel)).map((el) => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0
    && r.bottom <= innerHeight && r.right <= innerWidth;
})
"""


def _phone_status(page: Page, artifacts: Path) -> None:
    """At 390x844 the bar's chips (every seat) are on screen without scrolling; the full
    players panel and log are one tap away, in a sheet whose pill has aria-expanded."""
    assert page.evaluate("() => [scrollX, scrollY]") == [0, 0]
    assert page.evaluate(IN_VIEW, ".chips") == [True]
    assert page.evaluate(IN_VIEW, ".chips .chip") == [True, True]
    assert page.locator(".chips .chip.turn").count() == 1
    toggle = page.locator('.pill[data-sheet="players"]')
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not page.locator("#si-sheet-players").is_visible()
    toggle.click()
    page.wait_for_selector("#si-sheet-players[data-open]")
    toggle = page.locator('.pill[data-sheet="players"]')
    assert toggle.get_attribute("aria-expanded") == "true"
    assert page.locator("#si-sheet-players .player").count() == 2
    assert page.locator("#si-sheet-players .log").is_visible()
    page.screenshot(path=str(artifacts / "board-phone-players.png"))
    toggle.click()
    page.wait_for_selector("#si-sheet-players", state="hidden")


def _screenshots(page: Page, artifacts: Path) -> None:
    size = page.viewport_size
    for name, w, h in (
        ("board-phone", 390, 844),
        ("board-tablet", 1024, 768),
        ("board-desktop", 1280, 720),
    ):
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=str(artifacts / f"{name}.png"))
        if name == "board-phone":
            _phone_status(page, artifacts)
        else:  # the side column shows every sheet, the players too; no pills
            assert page.locator("#si-sheet-players .players").is_visible()
            assert not page.locator(".pills").is_visible()
    if size:
        page.set_viewport_size(size)


def test_play_again_goes_to_a_new_game_form(session: tuple[Page, Recorder]) -> None:
    page, _ = session
    tap_act(page, "play-again")
    assert page.locator('[data-act="new"]').is_visible()
    assert page.input_value('[data-field="name-1"]') == "Bob"


def test_corrupt_save_is_reported_and_kept(session: tuple[Page, Recorder]) -> None:
    page, _ = session
    raw = '{"format": "small-islands/1", "options": {"seats": ["A"]}, "actions": [oops'
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, raw])
    page.reload()
    wait_ready(page)
    assert page.locator('[data-screen="broken"]').is_visible()
    assert "cannot be loaded" in page.inner_text("#app")
    href = page.get_attribute('a[data-act="download"]', "href")
    assert href is not None and href.startswith("data:application/json")
    assert page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY) == raw
    page.reload()  # still kept, still reported
    wait_ready(page)
    assert page.locator('[data-screen="broken"]').is_visible()
    tap_act(page, "fresh")
    assert page.locator('[data-act="new"]').is_visible()
    assert page.evaluate("() => localStorage.getItem('small-islands/broken-save')") == raw
    other = json.dumps({"format": "another-game/9"})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, other])
    page.reload()
    wait_ready(page)
    said = page.inner_text("#app")
    assert "not a Small Islands game" in said and "unsupported save format" not in said


def test_no_console_errors_or_csp_violations(session: tuple[Page, Recorder]) -> None:
    _, recorder = session
    assert recorder.problems() == {}
    assert tappables is not None
