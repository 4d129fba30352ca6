"""A whole 4-seat Advanced game through the UI (`make test-deep`: the whole 2-seat game of
test_game_two.py is `make test`'s); pan/zoom (kept over a reload); a 4-seat Advanced end screen
shown again after a reload; no errors or CSP violations."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from conftest import Recorder, wait_ready
from game_helpers import play_until, start_game, state, tap_act
from playwright.sync_api import Page

from tests.kept_helpers import MODES, finished

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def viewbox(page: Page) -> list[float]:
    return [float(v) for v in (page.get_attribute("#board", "viewBox") or "").split()]


def test_pan_and_zoom_change_only_the_viewbox(session: tuple[Page, Recorder]) -> None:
    page, _ = session
    start_game(page, NAMES, mode="advanced")
    tap_act(page, "unlock")
    assert page.locator("#board").is_visible()
    before = viewbox(page)
    box = page.locator("#board").bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -300)
    zoomed = viewbox(page)
    assert zoomed[2] < before[2]
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 80, cy + 40, steps=5)
    page.mouse.up()
    panned = viewbox(page)
    assert panned[0] < zoomed[0] and panned[2] == pytest.approx(zoomed[2])
    assert state(page)["phase"] == "setup"  # the drag was not a tap
    page.reload()  # the pan/zoom is kept with the game
    wait_ready(page)
    if page.locator('[data-screen="pass"]').count():
        tap_act(page, "unlock")
    assert viewbox(page) == pytest.approx(panned, abs=0.11)
    tap_act(page, "fit")
    assert viewbox(page)[2] == pytest.approx(before[2])
    page.reload()  # ... and "fit" forgets it
    wait_ready(page)
    if page.locator('[data-screen="pass"]').count():
        tap_act(page, "unlock")
    assert viewbox(page) == pytest.approx(before, abs=0.11)


@pytest.mark.deep
def test_full_four_seat_advanced_game(session: tuple[Page, Recorder], artifacts: Path) -> None:
    page, _ = session
    rng = random.Random(4)
    seen: dict[str, Any] = {"seats": set(), "reward_shot": False}

    def watch(st: dict[str, Any]) -> None:
        if st["screen"] == "game":
            seen["seats"].add(st["seat"])
            if (
                st["phase"] == "reward"
                and not seen["reward_shot"]
                and page.locator(".sym-target").count()
            ):
                page.screenshot(path=str(artifacts / "reward-phase.png"))
                seen["reward_shot"] = True
        if st["screen"] == "pass":
            assert page.locator("[data-secret]").count() == 0

    final = play_until(page, rng, lambda st: st["screen"] == "over", on_step=watch)
    assert final["screen"] == "over"
    assert seen["seats"] == {"0", "1", "2", "3"}
    assert page.locator("table.scores tbody tr").count() == 4
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "game-over-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 720})


def test_reload_on_the_end_screen_shows_it_again(session: tuple[Page, Recorder]) -> None:
    """The game above's end screen (`make test-deep`), else a finished 4-seat Advanced game
    played by the engine and stored as the app keeps it."""
    page, _ = session
    if not page.locator('[data-screen="over"]').count():
        game = finished(MODES["advanced"], 4)
        page.evaluate("(save) => localStorage.setItem('small-islands/save', save)",
                      game.to_json())
    page.reload()
    wait_ready(page)
    assert page.locator('[data-screen="over"]').is_visible()
    assert page.locator("table.scores tbody tr").count() == 4


def test_no_console_errors_or_csp_violations(session: tuple[Page, Recorder]) -> None:
    _, recorder = session
    assert recorder.problems() == {}
