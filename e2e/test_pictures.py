"""Issue 28, items 5 and 6 in the browser: cards as pictures where they are chosen (the
objective picker at 390x844 by touch and by keyboard, Ember's clue cards and column choices),
the keyboard shortcut list (`?` opens it, Escape closes it, the focus comes back), the map's
tiles (Ember: spaces) as a table for screen readers (axe clean), and Ember's focus after each
screen change (never left on the page's body). Screenshots in e2e/artifacts/ (pictures-*.png)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import wait_ready
from playwright.sync_api import Browser, Page
from test_phone import DEVICES, ID_PATTERN, check_axe, load_save

from ember_helpers import has, my_move, new_game, open_ember, state, wait_change
from small_islands import Game, Options

PHONE = DEVICES["phone"]
ACTIVE = "() => { const a = document.activeElement; return a && a !== document.body ? " \
    "(a.dataset.act || a.dataset.shortcuts || a.tagName) : null; }"


@pytest.fixture(scope="module")
def phone(browser: Browser, site_url: str) -> Iterator[Page]:
    context = browser.new_context(base_url=site_url, **PHONE)
    p = context.new_page()
    p.goto("./")
    wait_ready(p)
    yield p
    context.close()


@pytest.fixture(scope="module")
def desk(browser: Browser, site_url: str) -> Iterator[Page]:
    context = browser.new_context(base_url=site_url, viewport={"width": 1280, "height": 800})
    p = context.new_page()
    p.goto("./")
    wait_ready(p)
    yield p
    context.close()


def fresh(page: Page) -> None:
    """The app as on a first visit (no saved game: the start screen)."""
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page.reload()
    wait_ready(page)


def at_objectives(seed: int = 3) -> Game:
    """A solo-free two-player game at its first objective choice."""
    g = Game.new(Options(seats=("Ann", "Bob"), seed=seed))
    while g.phase == "setup":
        g.play(g.legal_actions()[0])
    assert g.phase == "preparation"
    return g


def open_seat(page: Page) -> None:
    """Past the pass-the-device screen, if there is one."""
    page.wait_for_selector('[data-act="unlock"], [data-screen="game"]')
    if page.locator('[data-act="unlock"]').count():
        page.click('[data-act="unlock"]')
    page.wait_for_selector('[data-screen="game"]')


def test_objective_picker_shows_cards_as_pictures_by_touch(phone: Page, artifacts: Path) -> None:
    load_save(phone, at_objectives())
    open_seat(phone)
    cards = phone.locator(".objective.pick")
    cards.first.wait_for()
    n = cards.count()
    assert n == 3
    for i in range(n):
        card = cards.nth(i)
        pic = card.locator(".obj-pic svg.pic")
        assert pic.count() == 2  # the mission's picture over the reward's
        box = pic.first.bounding_box()
        assert box is not None and box["height"] >= 24
        for b in card.locator('button[data-act="obj"]').all():
            name = b.get_attribute("aria-label") or ""
            assert "mission:" in name and "reward:" in name, name
            bb = b.bounding_box()
            assert bb is not None and bb["height"] >= 43.5 and bb["width"] >= 43.5
    first = cards.nth(0).get_attribute("data-card")
    phone.locator(f'button[data-act="obj"][data-card="{first}"][data-slot="now"]').tap()
    chosen = phone.locator(f'.objective[data-card="{first}"]')
    phone.wait_for_function(
        "(c) => document.querySelector(`.objective[data-card=\"${c}\"]`)"
        ".classList.contains('chosen-now')",
        arg=first,
    )
    assert "kept for this round" in chosen.inner_text()  # in words, not by colour alone
    assert chosen.locator('button[data-slot="now"]').get_attribute("aria-pressed") == "true"
    phone.screenshot(path=str(artifacts / "pictures-objectives-phone.png"), full_page=False)
    chosen.scroll_into_view_if_needed()
    chosen.screenshot(path=str(artifacts / "pictures-objective-card.png"))
    check_axe(phone, "objective picker (phone)")


def test_objective_picker_by_keyboard(desk: Page, artifacts: Path) -> None:
    load_save(desk, at_objectives(5))
    open_seat(desk)
    desk.locator(".objective.pick").first.wait_for()
    cards = [desk.locator(".objective.pick").nth(i).get_attribute("data-card") for i in range(3)]
    for card, slot in ((cards[0], "now"), (cards[1], "later")):
        sel = f'button[data-act="obj"][data-card="{card}"][data-slot="{slot}"]'
        for _ in range(60):  # Tab to it, as a keyboard player does
            if desk.evaluate("(s) => document.activeElement === document.querySelector(s)", sel):
                break
            desk.keyboard.press("Tab")
        desk.keyboard.press("Enter")
        desk.wait_for_selector(sel + '[aria-pressed="true"]')
    confirm = '[data-act="obj-confirm"]:not([disabled])'
    desk.wait_for_selector(confirm)
    desk.screenshot(path=str(artifacts / "pictures-objectives-desktop.png"))
    desk.click(confirm)
    desk.wait_for_selector('[data-act="obj-confirm"]', state="detached")


def test_shortcut_list_opens_with_question_mark_and_escape_closes(
    desk: Page, artifacts: Path
) -> None:
    g = at_objectives(7)
    while g.phase == "preparation":
        g.play(g.legal_actions()[0])
    load_save(desk, g)
    open_seat(desk)
    # the seat's objectives while exploring: small pictures with their words
    desk.wait_for_selector(".tracker .kept-card .pic-card.small", state="attached")
    desk.wait_for_selector(".tracker .next-obj .pic-card.small", state="attached")
    desk.wait_for_function(ACTIVE)  # the focus is on the first thing to do
    before = desk.evaluate(ACTIVE)
    desk.keyboard.press("Shift+Slash")
    dialog = desk.locator("#shortcuts [role=dialog]")
    dialog.wait_for()
    assert desk.evaluate(ACTIVE) == "close"
    text = dialog.inner_text()
    for key in ("R", "Enter", "Escape", "Arrow keys", "?"):
        assert key in text, key
    assert not ID_PATTERN.search(text)
    desk.screenshot(path=str(artifacts / "pictures-shortcuts-desktop.png"))
    check_axe(desk, "shortcut list")
    desk.keyboard.press("r")  # keys over the list are its own: no tile turns behind it
    desk.keyboard.press("Tab")
    assert desk.evaluate(ACTIVE) == "close"
    desk.keyboard.press("Escape")
    desk.wait_for_selector("#shortcuts", state="detached")
    assert desk.evaluate(ACTIVE) == before
    # the header's ? button still opens the rules, which list the same keys
    desk.click('[data-act="rules"]')
    desk.wait_for_selector('[data-screen="rules"] .keys-section .keys')
    desk.click('[data-act="back"]')
    desk.wait_for_selector('[data-screen="game"]')
    # Close by its button, too
    desk.keyboard.press("Shift+Slash")
    desk.click('[data-shortcuts="close"]')
    desk.wait_for_selector("#shortcuts", state="detached")


def test_map_grid_names_the_tiles_and_is_axe_clean(desk: Page, artifacts: Path) -> None:
    g = Game.new(Options(seats=("Ann", "Bob"), seed=11))
    rng = random.Random(11)
    while g.phase != "over" and not (g.round >= 2 and g.phase == "exploration"):
        g.play(rng.choice(g.legal_actions()))
    load_save(desk, g)
    open_seat(desk)
    grid = desk.locator("#map-grid")
    grid.wait_for(state="attached")
    cells = desk.evaluate(
        "() => Array.from(document.querySelectorAll('#map-grid tbody td'))"
        ".map((c) => c.textContent)"
    )
    tiles = [c for c in cells if c != "Sea"]
    assert len(tiles) == len(g.board.tiles), (len(tiles), len(g.board.tiles))
    assert all(c.endswith(".") and not ID_PATTERN.search(c) for c in tiles), tiles
    assert desk.evaluate(
        "() => { const r = document.getElementById('map-grid').getBoundingClientRect();"
        " return r.width <= 1 && r.height <= 1; }"
    )  # for screen readers only
    check_axe(desk, "map grid")
    desk.screenshot(path=str(artifacts / "pictures-map-desktop.png"))


def test_ember_focus_lands_on_the_first_thing_to_do(desk: Page, artifacts: Path) -> None:
    """At every screen change of an Ember game (start -> game, pass -> game, game -> pass, a
    computer's turn -> yours) the focus is on a control, never on the page's body, even when
    it was nowhere before the change (blurred while a computer plays)."""
    fresh(desk)
    open_ember(desk)
    new_game(desk, ["Ann", "Ben", "Cy"], ["human", "human", "easy"])
    seen: dict[str, Any] = {}
    for _ in range(80):
        st = state(desk)
        desk.wait_for_function(ACTIVE)  # never on the body after a change
        seen.setdefault(f"{st['screen']}/{st['stage']}/{st['mine']}", desk.evaluate(ACTIVE))
        screens = {k.split("/")[0] for k in seen}
        if "ei-pass" in screens and any(k.endswith("/False") for k in seen) and len(seen) >= 5:
            break
        if st["screen"] == "ei-pass":
            assert desk.evaluate(ACTIVE) == "ei-unlock"  # the first thing to do
            desk.keyboard.press("Enter")
            desk.wait_for_selector('[data-screen="ei-game"]')
        elif st["screen"] == "ei-game" and st["mine"]:
            my_move(desk)
        else:
            desk.evaluate("() => document.activeElement && document.activeElement.blur()")
            wait_change(desk, st)
    screens = {k.split("/")[0] for k in seen}
    assert "ei-pass" in screens and "ei-game" in screens, seen
    desk.screenshot(path=str(artifacts / "pictures-ember-focus.png"))


def test_ember_clue_cards_and_columns_are_pictures(phone: Page, artifacts: Path) -> None:
    fresh(phone)
    open_ember(phone)
    new_game(phone, ["Ann", "Cy"], ["human", "easy"])
    for _ in range(40):
        st = state(phone)
        if st["screen"] == "ei-game" and st["mine"] and st["stage"] == "turn" \
                and has(phone, '[data-act="ei-card"]:not([disabled])'):
            break
        if st["screen"] == "ei-game" and st["mine"]:
            my_move(phone)
        else:
            wait_change(phone, st)
    else:
        pytest.skip("no clue turn reached")
    cards = phone.locator('[data-act="ei-card"]')
    assert cards.count() >= 1
    assert all(c.locator("svg.ei-icon").count() == 1 for c in cards.all())
    phone.locator('[data-act="ei-card"]:not([disabled])').first.tap()
    phone.wait_for_selector('[data-act="ei-option"]')
    for opt in phone.locator('[data-act="ei-option"]').all():
        assert opt.locator("svg.ei-cube").count() == 1
        assert "leaves" in opt.inner_text()
    cells = phone.locator("#ei-map-grid td")  # the island's spaces for screen readers
    assert cells.count() > 20 and "rover" in phone.inner_text("#ei-map-grid") + " ".join(
        cells.all_text_contents())
    phone.locator(".ei-options").scroll_into_view_if_needed()
    phone.screenshot(path=str(artifacts / "pictures-ember-clues-phone.png"))
    check_axe(phone, "Ember clue choice (phone)")
