"""Ember Isle's deduction on the map in a browser (issue 29), at 390x844 (touch) and 820x1180:
a treasure's chip in the tray shows its possible spaces on the map (above 16 too), "All" every
treasure's; the piece of land shows the land it adds before "Add this land"; a lava flow's
line ("Jade: 3 → 1, located") and picture show before "Let lava flow here". Screenshots
e2e/artifacts/ember-deduction-*.png."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from conftest import SEED_ONCE, Recorder, origin_of
from playwright.sync_api import Browser, Page
from table_check import SIZES, check_table
from test_phone import ready_page

from ei_web.app import EmberApp
from ember_helpers import click, has, my_move, new_game, open_ember, state, tap_hex
from ember_isle import TakeAmulet
from game_shell.storage import MemoryStorage

MINE = ("() => document.querySelector('[data-mine=\"1\"]') "
        "|| document.body.dataset.appScreen !== 'ei-game'")


@pytest.fixture(params=["phone", "tablet"])
def device(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _context(browser: Browser, site_url: str, device: str, seed: dict[str, str] | None = None
             ) -> tuple[Page, Recorder, object]:
    context = browser.new_context(base_url=site_url, **SIZES[device])  # 390x844 / 820x1180
    recorder = Recorder(origin_of(site_url)).attach(context)
    if seed:
        context.add_init_script(f"({SEED_ONCE})({json.dumps(seed)});")
    return ready_page(context), recorder, context


def until_mine(page: Page, stage: str, limit: int = 300) -> None:
    for _ in range(limit):
        st = state(page)
        if st["screen"] == "ei-pass":
            click(page, '[data-act="ei-unlock"]')
            continue
        if st["screen"] == "ei-game" and not st["mine"]:
            page.wait_for_function(MINE, timeout=120_000)
            continue
        if st["stage"] == stage:
            return
        my_move(page)
    raise AssertionError(f"never at {stage}")


def test_the_land_a_piece_adds_then_a_treasures_spaces_from_its_chip(
    browser: Browser, site_url: str, device: str, artifacts: Path
) -> None:
    page, recorder, context = _context(browser, site_url, device)
    open_ember(page)
    new_game(page, ["Ann", "Bob"], ["human", "easy"])
    until_mine(page, "triads")
    click(page, '[data-act="ei-triad"]')
    for _ in range(8):
        if has(page, '[data-act="ei-confirm"]'):
            break
        tap_hex(page)
    assert page.locator("#ei-board .ei-triad-preview").count() == 1  # the land, on the map
    line = page.inner_text("#ei-actions .ei-map-preview")
    assert line.startswith("Adds ") and "where the sea was" in line and "lava on" in line, line
    check_table(page, "ei", f"{device} triad preview")
    page.screenshot(path=str(artifacts / f"ember-deduction-{device}-triad.png"))
    click(page, '[data-act="ei-confirm"]')
    page.wait_for_function("() => !document.querySelector('#ei-board .ei-triad-preview')")
    until_mine(page, "turn")
    chips = page.locator('#ei-tray [data-act="ei-shade"]')
    assert chips.count() == 5  # the four treasures and "All"
    counts = [int(re.sub(r"\D", "", chips.nth(i).inner_text()) or 0) for i in range(4)]
    wide = next(i for i, n in enumerate(counts) if n > 16)  # no cubes: the map showed nothing
    chip = chips.nth(wide)
    col = chip.get_attribute("data-col")
    chip.scroll_into_view_if_needed()
    chip.tap() if device == "phone" else chip.click()
    page.wait_for_selector(f'#ei-board .ei-shade[data-shade="{col}"]')
    assert page.locator("#ei-board .ei-shade circle").count() == counts[wide]
    assert page.locator('#ei-tray [data-act="ei-shade"][aria-pressed="true"]').count() == 1
    box = page.locator("#ei-board .ei-shade circle").first.bounding_box()
    assert box is not None and box["width"] >= 10, box  # the dot, measured on screen
    page.screenshot(path=str(artifacts / f"ember-deduction-{device}-shade.png"))
    click(page, '#ei-tray [data-act="ei-shade"][data-col="all"]')
    page.wait_for_selector('#ei-board .ei-shade[data-shade="all"]')
    page.screenshot(path=str(artifacts / f"ember-deduction-{device}-all.png"))
    # a clue that narrows a column: the spaces it ruled out are crossed on the map
    left = {str(chips.nth(i).get_attribute("data-col")): counts[i] for i in range(4)}
    cards = page.locator('[data-act="ei-card"]:not([disabled])')
    picked = False
    for c in range(cards.count()):
        cards.nth(c).click()
        options = page.locator('[data-act="ei-option"]')
        narrowing = [i for i in range(options.count())
                     if int(re.findall(r"leaves (\d+)", options.nth(i).inner_text())[0])
                     < left[str(options.nth(i).get_attribute("data-col"))]]
        if narrowing:
            options.nth(narrowing[0]).click()
            picked = True
            break
    assert picked, "no clue in hand narrows a column"
    click(page, '[data-act="ei-confirm"]')
    page.wait_for_selector("#ei-board .ei-ruled")
    assert int(page.locator("#ei-board .ei-ruled").get_attribute("data-n") or 0) > 0
    page.screenshot(path=str(artifacts / f"ember-deduction-{device}-ruled.png"))
    assert recorder.problems() == {}
    context.close()  # type: ignore[attr-defined]


def lava_save() -> dict[str, str]:
    """A two-person game at the lava step (played in CPython by random legal moves, an amulet
    taken whenever it can be), as the app's storage holds it."""
    for seed in range(1, 40):
        app = EmberApp(MemoryStorage())
        app.handle("ei-new", {}, {"ei-name-0": "Ann", "ei-name-1": "Bob", "ei-kind-0": "human",
                                  "ei-kind-1": "human", "ei-map": "default"})
        rng = random.Random(seed)
        g = app.game
        assert g is not None
        for _ in range(600):
            if g.stage == "lava":
                app.save()
                data = app.session.storage.data  # type: ignore[attr-defined]
                return {k: v for k, v in data.items()}
            if g.phase == "over":
                break
            legal = g.legal_actions()
            take = [a for a in legal if isinstance(a, TakeAmulet)]
            g.play(take[0] if take else rng.choice(legal), seat=g.to_move)
    raise AssertionError("no lava step")


def test_the_lava_previews_its_counts_before_it_flows(
    browser: Browser, site_url: str, device: str, artifacts: Path
) -> None:
    page, recorder, context = _context(browser, site_url, device, lava_save())
    open_ember(page)
    if has(page, '[data-act="ei-continue"]'):  # else the game in progress is shown at once
        click(page, '[data-act="ei-continue"]')
    until_mine(page, "lava")
    tap_hex(page)
    if not has(page, '[data-act="ei-confirm"]'):  # a zoomed-out map: the first tap zoomed
        tap_hex(page)
    assert page.locator("#ei-board .ei-lava-preview").count() == 1
    line = page.inner_text("#ei-actions .ei-map-preview")
    assert line.startswith("Lava flows here"), line
    assert "→" in line or "no treasure" in line.lower(), line  # each column's count, or none
    check_table(page, "ei", f"{device} lava preview")
    page.screenshot(path=str(artifacts / f"ember-deduction-{device}-lava.png"))
    click(page, '[data-act="ei-confirm"]')
    page.wait_for_function("() => !document.querySelector('#ei-board .ei-lava-preview')")
    assert recorder.problems() == {}
    context.close()  # type: ignore[attr-defined]

