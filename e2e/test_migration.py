"""A device that played both games on the build before the per-game storage namespaces
(`tests/fixtures/device-2026-11-28.json`, written by that build) opens this one: its records
move to their games' namespaces at the start (`game_shell.migrate`), the tab comes back to the
game it showed, and every saved game, finished game, setting and achievement is there (the
device's settings in the shell's record, its non-default pace on the Settings screen). One
record holds a string only JavaScript can store (a lone surrogate): it moves too, and the app
starts."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import ROOT, wait_ready
from playwright.sync_api import Browser
from test_phone import device_context

DEVICE = json.loads((ROOT / "tests" / "fixtures" / "device-2026-11-28.json").read_text())
TAB = {"small-islands/active-game", "small-islands/ember-screen"}  # sessionStorage records
SEED = """
([local, tab]) => {
  if (location.protocol !== 'http:' || sessionStorage.getItem('e2e/seeded')) return;
  for (const [k, v] of Object.entries(local)) localStorage.setItem(k, v);
  for (const [k, v] of Object.entries(tab)) sessionStorage.setItem(k, v);
  localStorage.setItem('small-islands/ember-settings-broken', '}{\\ud800 x');
  sessionStorage.setItem('e2e/seeded', '1');
}
"""
STORED = (
    "() => [localStorage, sessionStorage].map("
    "(area) => Object.fromEntries(Object.keys(area).map(k => [k, area.getItem(k)])))"
)


def test_a_device_of_the_previous_build_keeps_everything(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    context, recorder = device_context(browser, site_url, "phone")
    local = {k: v for k, v in DEVICE.items() if k not in TAB}
    tab = {k: v for k, v in DEVICE.items() if k in TAB}
    context.add_init_script(f"({SEED})({json.dumps([local, tab])});")
    page = context.new_page()
    page.goto("./")
    wait_ready(page)
    # the tab showed Ember Isle's game: it comes back to it, with its players
    page.wait_for_function(
        "() => ['ei-game', 'ei-pass'].includes(document.body.dataset.appScreen)", timeout=120_000)
    page.screenshot(path=artifacts / "migrated-phone-ember.png")
    assert "Ann" in page.inner_text("#app") and "Cy" in page.inner_text("#app")
    stored, session = page.evaluate(STORED)
    assert not [k for k in stored if k.startswith("small-islands/ember")]
    assert stored["ember-isle/save"] == DEVICE["small-islands/ember-save"]
    assert stored["ember-isle/history"] == DEVICE["small-islands/ember-history"]
    assert stored["ember-isle/settings"] == DEVICE["small-islands/ember-settings"]
    assert "ember-isle/settings-broken" in stored  # kept, moved (as JavaScript reads it back)
    for key in ("small-islands/save", "small-islands/history", "small-islands/achievements",
                "small-islands/coach"):
        assert stored[key] == DEVICE[key], key  # the home game's records stay where they were
    # the device's settings are the shell's now, Small Islands' own under its name
    assert "small-islands/settings" not in stored
    device = json.loads(stored["games/settings"])
    assert json.loads(DEVICE["small-islands/settings"])["pace"] == "instant"  # not the default
    assert device["games"]["small-islands"]["pace"] == "instant" and device["sound_asked"]
    assert session.get("games/active-game") == "ember-isle"
    assert "small-islands/active-game" not in session
    # back to the home game: its finished game and Ember Isle's are in "Your games"
    page.click('[data-act="ei-menu"]')
    page.wait_for_selector('[data-act="ei-leave"]')
    # the non-default pace shows on the Settings screen (Ember Isle's page shows every game's)
    page.click('[data-act="ei-settings"]')
    page.wait_for_selector('[data-game="small-islands"][data-key="pace"][data-value="instant"]'
                           '[aria-pressed="true"]')
    page.click('[data-act="ei-settings-back"]')
    page.click('[data-act="ei-leave"]')
    page.wait_for_selector('[data-act="history"]')
    assert "Saved game: Ember Isle" in page.inner_text('[data-card="ember-isle"]')
    page.click('[data-act="history"]')
    page.wait_for_selector('[data-kind="ember-isle"]')
    assert page.locator(".game-row").count() == 2
    page.screenshot(path=artifacts / "migrated-phone-history.png", full_page=True)
    page.go_back()
    page.wait_for_selector('[data-act="settings"]')
    page.click('[data-act="settings"]')
    page.wait_for_selector('[data-key="pace"][data-value="instant"][aria-pressed="true"]')
    before = page.evaluate(STORED)[0]
    page.reload()  # a second start moves nothing more, loses nothing
    wait_ready(page)
    after = page.evaluate(STORED)[0]
    caches = ("games/first-paint", "games/python-snapshot")
    assert {k: v for k, v in after.items() if k not in caches} == {
        k: v for k, v in before.items() if k not in caches}
    assert recorder.problems() == {}
    context.close()
