"""Master, the learned computer player, on a phone: offered by the form, thinking in the bot
worker from its own archive (learned.pack.gz, unpacked there on its first decision, never at
start), a whole game through the UI; and, when its archive cannot be had, Medium plays in its
place and the log says so.

The worker's decision times are printed, not asserted (bench/bot_browser.py --level master
measures them against the issue's targets).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator
from pathlib import Path

import pytest
from bot_helpers import bot_stats, play_with_computers
from conftest import Recorder, wait_controlled, wait_ready
from game_helpers import state, tap_act
from playwright.sync_api import Browser, BrowserContext
from test_game_bots import start_bot_game
from test_phone import device_context, ready_page

ARCHIVE = "learned.pack.gz"


@pytest.fixture(scope="module")
def phone(browser: Browser, site_url: str) -> Iterator[tuple[BrowserContext, Recorder]]:
    context, recorder = device_context(browser, site_url, "phone")
    yield context, recorder
    context.close()


def test_a_whole_game_against_master_on_a_phone(
    phone: tuple[BrowserContext, Recorder], artifacts: Path
) -> None:
    context, recorder = phone
    page = ready_page(context)
    # offered in words, as the other levels
    options = page.locator('[data-field="kind-1"] option').all_inner_texts()
    assert "Computer: master" in options, options
    page.select_option('[data-field="kind-1"]', "master")
    page.locator('[data-field="kind-1"]').scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "master-form-phone.png"))
    start_bot_game(page, ["Me", "Mona"], ["human", "master"], "instant")
    final = play_with_computers(page, random.Random(31))
    assert final["screen"] == "over"
    page.screenshot(path=str(artifacts / "master-over-phone.png"), full_page=True)
    stats = bot_stats(page)
    assert stats.get("failed") is None, stats.get("failed")
    think = [t for t in stats.get("think", []) if (t.get("n_legal") or 0) > 1]
    assert think and {t["level"] for t in think} == {"master"}
    text = page.inner_text("#app")
    assert "Mona" in text and "Medium played instead" not in text
    # (the engine's archive holds no learned code, tests/test_build.py: Master's moves came
    # from its own archive, unpacked in the worker)
    assert recorder.problems() == {}
    ms = sorted(float(t["ms"]) for t in think if t.get("ms") is not None)
    print(f"\nMaster in the worker: {len(ms)} decisions with a choice, median "
          f"{statistics.median(ms):.0f} ms, max {ms[-1]:.0f} ms")
    page.close()


def test_master_plays_offline(phone: tuple[BrowserContext, Recorder]) -> None:
    """Offline, a new worker gets Master's archive from the service worker's precache."""
    context, recorder = phone
    page = ready_page(context)
    wait_controlled(page)
    context.set_offline(True)
    try:
        page.reload()
        wait_ready(page)
        if page.locator('[data-act="menu"]').count():  # the last game's end, not the form
            tap_act(page, "menu")
        start_bot_game(page, ["Mona", "Max"], ["master", "master"], "instant")
        page.wait_for_function(
            "() => (JSON.parse(window.siBotStats || '{}').think || [])"
            ".filter((t) => t.n_legal > 1).length >= 6", timeout=240_000
        )
        stats = bot_stats(page)
        assert stats.get("failed") is None, stats.get("failed")
        assert "Medium played instead" not in (page.text_content(".log") or "")
    finally:
        context.set_offline(False)
        page.close()
    assert recorder.problems() == {}


def test_without_its_archive_master_is_replaced_by_medium(browser: Browser, site_url: str) -> None:
    """Master's archive is missing (a 404 on purpose, no service worker): each of its moves
    is made by Medium on the main thread, and the log says so; the game goes on."""
    context = browser.new_context(base_url=site_url, service_workers="block",
                                  viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    context.route(f"**/{ARCHIVE}", lambda route: route.fulfill(status=404, body=""))
    page = context.new_page()
    try:
        page.goto("./")
        wait_ready(page)
        start_bot_game(page, ["Ada", "Bo"], ["master", "easy"], "instant")
        page.wait_for_function(
            "() => document.querySelectorAll('#board g.tile').length >= 8", timeout=120_000
        )
        assert "Medium played instead" in (page.text_content(".log") or "")
        assert state(page)["screen"] in ("watch", "over", "game")
    finally:
        context.close()
