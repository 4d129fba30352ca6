"""Ember Isle's games kept on the device, in real Chromium: two pages of one context playing
one game alternately (the stale page stops at "Continue here", nothing is lost); finished
Ember Isle games in "Your games" beside Small Islands' (marked, no replay, deleted after a
confirmation). Screenshots e2e/artifacts/ember-elsewhere-*.png, ember-history-*.png."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import wait_ready
from playwright.sync_api import Browser, Page
from test_phone import SIZES, check_axe, device_context, ready_page

from ei_web.session import finished_summary
from ember_helpers import click, my_move, new_game, open_ember, state
from ember_isle import Game, Options
from ember_isle.bots import choose_action
from si_web.other_history import INDEX_KEY

SAVE = "small-islands/ember-save"
SEED_ONCE = """
(data) => {
  if (location.protocol !== 'http:') return;  // about:blank has no storage
  if (localStorage.getItem('e2e/seeded')) return;
  for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v);
  localStorage.setItem('e2e/seeded', '1');
}
"""


def saved_actions(page: Page) -> int:
    raw = page.evaluate(f"() => localStorage.getItem('{SAVE}')")
    return len(json.loads(json.loads(raw)["game"])["actions"])


@pytest.mark.parametrize(("device", "turns"), [("phone", 12), ("tablet", 4)])
def test_two_pages_play_ember_alternately_and_lose_nothing(
    browser: Browser, site_url: str, artifacts: Path, device: str, turns: int
) -> None:
    context, recorder = device_context(browser, site_url, device)
    a = ready_page(context)
    open_ember(a)
    new_game(a, ["Ann", "Bob"], ["human", "human"])
    b = ready_page(context)  # a second tab on the same device: Ember Isle and its saved game
    b.wait_for_function("() => ['ei-pass', 'ei-game'].includes(document.body.dataset.appScreen)",
                        timeout=120_000)
    pages = [a, b]
    moves = 0
    for turn in range(turns):
        me, other = pages[turn % 2], pages[1 - turn % 2]
        if me.locator('[data-screen="ei-elsewhere"]').count():
            if turn == 2:
                me.screenshot(path=artifacts / f"ember-elsewhere-{device}.png")
                check_axe(me, "Ember Isle: another window")
            click(me, '[data-act="ei-continue-here"]')
            me.wait_for_selector('[data-screen="ei-elsewhere"]', state="detached")
        before = saved_actions(me)
        assert before == moves, "a move made in the other page is missing"
        while saved_actions(me) == before:  # one move (after the pass screen if it shows)
            if state(me)["screen"] == "ei-pass":
                click(me, '[data-act="ei-unlock"]')
                continue
            my_move(me)
        moves = saved_actions(me)
        # the other page learns of it at once (a storage event), before any tap of its own
        other.wait_for_selector('[data-screen="ei-elsewhere"]')
        assert "continued in another window" in other.inner_text("#app")
        assert saved_actions(other) == moves
    assert moves >= turns
    # a tap on the stale page's other controls is impossible: only "Continue here" shows
    stale = pages[0] if pages[0].locator('[data-screen="ei-elsewhere"]').count() else pages[1]
    assert stale.locator("[data-act]").count() == 1
    assert recorder.problems() == {}
    context.close()


def finished_summaries() -> dict[str, str]:
    """Two finished Ember Isle games (played by the engine's computers), as kept."""
    games = []
    for seed, kinds in ((3, ("medium", "easy")), (4, ("easy", "easy", "medium"))):
        names = ("Ann", "Bob", "Cleo")[: len(kinds)]
        g = Game.new(Options(seats=names, seed=seed, bots=dict(enumerate(kinds))))
        rng = random.Random(seed)
        while g.phase != "over":
            g.play(choose_action(g.view(g.to_move), g.legal_actions(), g.seats[g.to_move].bot, rng))
        s = finished_summary(g, 1_764_000_000_000 + seed * 86_400_000)
        s["seats"][0]["kind"] = "human"  # Ann played herself
        games.append(s)
    record = {"format": "ember-isle-history/1", "games": games, "forgotten": []}
    return {INDEX_KEY: json.dumps(record)}


@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_your_games_lists_ember_games_and_deletes_one_after_asking(
    browser: Browser, site_url: str, artifacts: Path, device: str
) -> None:
    context, recorder = device_context(browser, site_url, device)
    context.add_init_script(f"({SEED_ONCE})({json.dumps(finished_summaries())});")
    page = ready_page(context)
    click(page, '[data-act="history"]')
    page.wait_for_selector('[data-screen="history"]')
    rows = page.locator('[data-kind="ember"]')
    assert rows.count() == 2
    text = rows.first.inner_text()
    assert "Ember Isle · " in text and "no replay" in text and "points" in text
    assert "(computer, " in page.inner_text(".ember-games + ol")
    assert page.locator('[data-kind="ember"] [data-act="replay"]').count() == 0
    page.locator(".ember-games").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"ember-history-{device}.png")
    check_axe(page, "Your games with Ember Isle games")
    sizes = page.evaluate(SIZES)
    assert sizes["small"] == [], sizes["small"]
    rows.first.locator('[data-act="delete"]').click()
    page.wait_for_selector('[data-dialog="delete"]')
    page.screenshot(path=artifacts / f"ember-history-delete-{device}.png")
    check_axe(page, "deleting an Ember Isle game")
    page.click('[data-act="delete-confirm"]')
    page.wait_for_function("() => document.querySelectorAll('[data-kind=\"ember\"]').length === 1")
    page.reload()
    wait_ready(page)
    click(page, '[data-act="history"]')
    page.wait_for_selector('[data-screen="history"]')
    assert page.locator('[data-kind="ember"]').count() == 1
    assert recorder.problems() == {}
    context.close()


def test_back_from_the_rules_and_the_menu_returns_to_the_game(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    context, recorder = device_context(browser, site_url, "phone")
    page = ready_page(context)
    open_ember(page)
    new_game(page, ["Ann", "Bob"], ["human", "easy"])
    page.wait_for_selector('[data-screen="ei-game"][data-mine="1"]', timeout=120_000)
    stage = state(page)["stage"]
    click(page, '[data-act="ei-rules"]')
    page.wait_for_selector('[data-screen="ei-rules"]')
    page.go_back()
    page.wait_for_selector('[data-screen="ei-game"][data-mine="1"]')
    assert state(page)["stage"] == stage
    click(page, '[data-act="ei-menu"]')
    page.wait_for_selector('[data-screen="ei-start"]')
    page.go_back()
    page.wait_for_selector('[data-screen="ei-game"][data-mine="1"]')
    assert page.url.startswith(site_url)  # Back stayed in the app
    # Back in the game asks first; Back again (or Stay) closes the question
    page.go_back()
    page.wait_for_selector('[data-dialog="leave"]')
    assert page.evaluate("document.activeElement.dataset.act") == "ei-stay"
    assert "Continue Ember Isle" in page.inner_text('[data-dialog="leave"]')
    check_axe(page, "Ember: Leave the game?")
    page.screenshot(path=artifacts / "ember-leave-phone.png")
    page.go_back()
    page.wait_for_selector('[data-dialog="leave"]', state="detached")
    assert state(page)["stage"] == stage and page.url.startswith(site_url)
    page.go_back()
    click(page, '[data-dialog="leave"] [data-act="ei-stay"]')
    page.wait_for_selector('[data-dialog="leave"]', state="detached")
    page.go_back()
    click(page, '[data-dialog="leave"] [data-act="ei-menu"]')  # Go to the menu: the game is kept
    page.wait_for_selector('[data-screen="ei-start"] [data-act="ei-continue"]')
    assert page.url.startswith(site_url)
    assert recorder.problems() == {}
    context.close()
