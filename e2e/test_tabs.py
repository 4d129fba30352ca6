"""Each tab reopens what it showed: a Small Islands tab beside an Ember Isle tab stays Small
Islands on a reload, and a reload on Ember Isle's end screen shows the final scores again."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import wait_ready
from playwright.sync_api import Browser
from test_phone import device_context, ready_page

from ember_helpers import new_game, open_ember
from ember_isle import Game, Options

SCREEN = "() => document.body.dataset.appScreen"
IN_EMBER_GAME = "() => ['ei-game', 'ei-pass'].includes(document.body.dataset.appScreen)"


def test_a_small_islands_tab_beside_an_ember_tab_stays_small_islands(
    browser: Browser, site_url: str
) -> None:
    context, recorder = device_context(browser, site_url, "desktop")
    ember = ready_page(context)
    open_ember(ember)
    new_game(ember, ["Ann", "Bob"], ["human", "medium"])
    ember.wait_for_function(IN_EMBER_GAME)
    islands = ready_page(context)  # a second tab: Small Islands' menu
    assert islands.evaluate(SCREEN) == "start"
    islands.reload()
    wait_ready(islands)
    assert islands.evaluate(SCREEN) == "start"  # not Ember Isle, which the other tab shows
    ember.reload()
    ember.wait_for_function(IN_EMBER_GAME, timeout=120_000)  # the Ember tab stays Ember Isle
    assert recorder.problems() == {}
    context.close()


def test_a_reload_on_ember_isles_end_screen_shows_the_scores_again(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    g = Game.new(Options(seats=("Ann", "Bob"), seed=6))
    while g.phase != "over":
        g.play(g.legal_actions()[0])
    save = json.dumps({"v": 1, "game": g.to_json(), "viewer": None, "unlocked": False})
    context, recorder = device_context(browser, site_url, "phone")
    context.add_init_script(
        "if (location.protocol === 'http:' && !localStorage.getItem('ember-isle/save'))"
        f" localStorage.setItem('ember-isle/save', {json.dumps(save)});")
    page = ready_page(context)
    open_ember(page)  # Ember Isle's menu: the finished game is not "in progress"
    page.wait_for_function("() => document.body.dataset.appScreen === 'ei-start'")
    # the end screen shown in this tab (as when the last move ends the game), then a reload
    page.evaluate("() => sessionStorage.setItem('ember-isle/screen', 'over')")
    page.reload()
    page.wait_for_function("() => document.body.dataset.appScreen === 'ei-over'",
                           timeout=120_000)
    assert "Ann" in page.inner_text("#app")
    page.screenshot(path=artifacts / "ember-over-after-reload-phone.png")
    assert recorder.problems() == {}
    context.close()
