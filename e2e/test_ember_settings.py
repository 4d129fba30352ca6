"""Ember Isle's page and the device's settings (the shell's, one record for both games), in
Chromium on a phone: its menu opens the same Settings screen as Small Islands', a change
applies at once on its page (palette, action bar side) and holds in Small Islands; sound stays
off (nothing fetched, no AudioContext) until the player turns it on, then a move plays its
sound (``window.siSounds``)."""

from __future__ import annotations

from pathlib import Path

from conftest import wait_ready
from playwright.sync_api import Browser
from test_phone import check_axe, device_context

from ember_helpers import my_move, new_game, open_ember

PRESSED = '[data-key="{}"][data-value="{}"][aria-pressed="true"]'
BODY = "() => Object.assign({}, document.body.dataset)"


def test_ember_isle_s_settings_are_the_device_s_and_its_moves_sound(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    context, recorder = device_context(browser, site_url, "phone")
    page = context.new_page()
    fetched: list[str] = []  # the page's own requests (the service worker precaches all)
    page.on("request", lambda r: fetched.append(r.url) if r.service_worker is None else None)
    page.goto("./")
    wait_ready(page)
    open_ember(page)
    page.click('[data-act="ei-settings"]')
    page.wait_for_selector('[data-screen="ei-settings"]')
    assert page.evaluate("() => document.body.dataset.appScreen") == "ei-settings"
    check_axe(page, "Ember Isle's settings")
    page.wait_for_selector(PRESSED.format("sound", "off"))
    assert page.locator('[data-settings="small-islands"]').count() == 1  # every game's choices
    assert page.evaluate("() => document.body.dataset.audio") is None  # no AudioContext yet
    assert page.evaluate("() => window.siSoundsMade") is None
    for key, value in (("palette", "cvd"), ("hand", "left"), ("sound", "on")):
        page.click(f'[data-act="ei-set"][data-key="{key}"][data-value="{value}"]')
        page.wait_for_selector(PRESSED.format(key, value))
    body = page.evaluate(BODY)
    assert (body["palette"], body["hand"], body["audio"]) == ("cvd", "left", "on")
    swatch = page.evaluate(
        "() => getComputedStyle(document.querySelector('.swatches .f-blue')).fill")
    assert swatch == "rgb(0, 114, 178)"  # the colour-vision palette's blue
    page.screenshot(path=artifacts / "ember-phone-settings.png", full_page=True)
    page.click('[data-act="ei-settings-back"]')
    page.wait_for_selector('[data-screen="ei-start"]')
    new_game(page, ["Ann", "Bob"], ["human", "easy"])
    page.wait_for_selector('[data-screen="ei-game"][data-mine="1"]')
    assert my_move(page) == "triad"  # a piece of land placed: its sound
    page.wait_for_function("() => (window.siSounds || '').split(',').includes('place')")
    page.wait_for_function(  # made in the page, never downloaded
        "() => ['place', 'land'].every((s) => (window.siSoundsMade || '').split(',').includes(s))")
    assert [u for u in fetched if "/sounds/" in u or u.endswith(".wav")] == []
    # back in Small Islands: the same settings
    page.click('[data-act="ei-menu"]')
    page.click('[data-act="ei-leave"]')
    page.wait_for_selector('[data-act="settings"]')
    page.click('[data-act="settings"]')
    page.wait_for_selector('[data-screen="settings"]')
    for key, value in (("palette", "cvd"), ("hand", "left"), ("sound", "on")):
        assert page.locator(PRESSED.format(key, value)).count() == 1
    body = page.evaluate(BODY)
    assert (body["palette"], body["hand"]) == ("cvd", "left")
    assert recorder.problems() == {}
    context.close()
