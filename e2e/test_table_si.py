"""The phone table, Small Islands (issue 28): a whole game against a computer through the UI
at 360x640, 390x844 (touch), 820x1180 (touch) and 1366x900 (`make test`: a whole game on the
phone, 390x844, the first round at the three other sizes; `make test-deep`: whole games at
all four). At every decision the tray's line
(what to do now), the tray (what the player holds and chooses) and the primary action are
inside the viewport and uncovered; a sheet opened by its pill lies over the map only and
closes again. Screenshots of each decision screen once per size in e2e/artifacts."""

from __future__ import annotations

import random
from pathlib import Path

from conftest import DEEP
from game_helpers import look, state, tap, tap_act
from playwright.sync_api import Page
from table_check import check_table, table_page, table_size  # noqa: F401 (fixtures)

from tests.web_driver import choose


def start_against_a_computer(page: Page) -> None:
    """Ann against Bob (a Medium computer, at the fastest pace), from the new-game form."""
    while page.locator('[data-field^="name-"]').count() < 2:
        tap_act(page, "add-seat")
    while page.locator('[data-field^="name-"]').count() > 2:
        tap_act(page, "remove-seat")
    page.fill('[data-field="name-0"]', "Ann")
    page.select_option('[data-field="kind-0"]', "human")
    page.fill('[data-field="name-1"]', "Bob")
    page.select_option('[data-field="kind-1"]', "medium")
    page.select_option('[data-field="speed"]', "instant")
    tap_act(page, "new")
    if page.locator('[data-confirm="new"]').count():
        tap_act(page, "new", confirmed="1")


def test_a_sheet_opens_over_the_map_and_closes(page: Page, size: str) -> None:
    """A new game: the Players pill opens its sheet over the map (phones) with the tray and
    the action bar still uncovered; Close (or the pill again) closes it. Wide screens show
    every sheet under the tray, no pills."""
    start_against_a_computer(page)
    page.wait_for_selector('[data-screen="game"]')
    pill = page.locator('.pill[data-sheet="players"]')
    if not pill.is_visible():  # desktop: side by side
        assert page.locator("#si-sheet-players").is_visible()
        tap_act(page, "menu")
        return
    assert not page.locator("#si-sheet-players").is_visible()
    pill.click()
    page.wait_for_selector("#si-sheet-players[data-open]")
    sheet = page.locator("#si-sheets").bounding_box()  # the sheets' box (it scrolls)
    board = page.locator("#board-wrap").bounding_box()
    assert sheet is not None and board is not None
    assert sheet["y"] >= board["y"] - 0.5
    assert sheet["y"] + sheet["height"] <= board["y"] + board["height"] + 0.5
    check_table(page, "si", f"{size} players sheet")
    assert page.locator('.pill[data-sheet="players"][aria-expanded="true"]').count() == 1
    page.locator('#si-sheet-players .sheet-close').click()
    page.wait_for_selector("#si-sheet-players", state="hidden")
    pill.click()
    page.wait_for_selector("#si-sheet-players[data-open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#si-sheet-players", state="hidden")
    tap_act(page, "menu")  # the game stays saved; the next test starts a new one


def test_every_decision_of_a_whole_game_keeps_the_table_on_screen(
    page: Page, size: str, artifacts: Path
) -> None:
    start_against_a_computer(page)
    rng = random.Random(28)
    shot: set[str] = set()
    decisions = 0
    whole = DEEP or size == "phone"
    for _ in range(3000):
        st, items = look(page)
        if st["screen"] == "over":
            break
        round_two = page.locator('[data-screen="game"][data-phase="preparation"]').count() and (
            "reward" in shot
        )
        if not whole and round_two:
            break
        if st["screen"] == "game":
            key = f"{st['stage'] or st['phase']}"
            if page.locator("#board [data-act=focus]").count():
                key += "-islands"
            check_table(page, "si", f"{size} {key}")
            decisions += 1
            if key not in shot:
                shot.add(key)
                page.screenshot(path=str(artifacts / f"table-si-{size}-{key}.png"))
        item = choose(items, rng)
        if item is None:  # the computer's turn: wait for the next screen
            page.wait_for_function(
                "(n) => document.querySelectorAll('#app [data-act]').length !== n"
                " || !document.querySelector('[data-screen=\"watch\"]')",
                arg=len(items),
            )
            continue
        tap(page, item)
    # (the first round's length depends on the deal: the stages seen are what must hold)
    assert decisions and {"take", "place", "reward"} <= {k.split("-")[0] for k in shot}, shot
    if whole:
        assert state(page)["screen"] == "over", state(page)
        page.screenshot(path=str(artifacts / f"table-si-{size}-over.png"))
