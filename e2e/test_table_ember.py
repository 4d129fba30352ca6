"""The phone table, Ember Isle (issue 28): a whole game against a computer through the UI at
360x640, 390x844 (touch), 820x1180 (touch) and 1366x900 (`make test`: a whole game on the
phone, 390x844, the first 30 decisions at the three other sizes; `make test-deep`: whole
games at all four). At every decision the tray's line,
the tray and the primary action are inside the viewport and uncovered; a clue card's column
choices show in the tray's view as soon as the card is tapped. Screenshots of each decision
screen once per size in e2e/artifacts."""

from __future__ import annotations

from pathlib import Path

from conftest import DEEP
from playwright.sync_api import Page
from table_check import PLACED, check_table, table_page, table_size  # noqa: F401 (fixtures)

from ember_helpers import click, has, my_move, new_game, open_ember, state, wait_change


def test_every_decision_of_a_whole_game_keeps_the_table_on_screen(
    page: Page, size: str, artifacts: Path
) -> None:
    open_ember(page)
    # one numbered game: what its first 30 decisions show does not depend on the deal
    page.fill('[data-field="ei-seed-number"]', "28")
    new_game(page, ["Ann", "Bob"], ["human", "medium"])
    shot: set[str] = set()
    options_seen = False
    decisions = 0
    whole = DEEP or size == "phone"
    for _ in range(3000):
        st = state(page)
        if st["screen"] == "ei-over" or (not whole and decisions >= 30):
            break
        if st["screen"] == "ei-pass":
            click(page, '[data-act="ei-unlock"]')
            continue
        assert st["screen"] == "ei-game", st
        if not st["mine"]:
            wait_change(page, st)
            continue
        key = str(st["stage"])
        check_table(page, "ei", f"{size} {key}")
        decisions += 1
        if key not in shot:
            shot.add(key)
            page.screenshot(path=str(artifacts / f"table-ei-{size}-{key}.png"))
        card = '[data-act="ei-card"]:not([disabled])'
        if key == "turn" and not options_seen and has(page, card):
            click(page, card)  # its column choices: at once in the tray's view
            placed = page.evaluate(PLACED, ['[data-act="ei-option"]'])
            assert placed[0][1] == "ok", f"{size}: the clue's choices {placed}"
            page.screenshot(path=str(artifacts / f"table-ei-{size}-clue-choices.png"))
            options_seen = True
            click(page, '[data-act="ei-option"]')
            check_table(page, "ei", f"{size} clue chosen")
            page.screenshot(path=str(artifacts / f"table-ei-{size}-clue-chosen.png"))
            click(page, '[data-act="ei-confirm"]')
            continue
        my_move(page)
    assert options_seen and decisions > 10 and {"triads", "turn"} <= shot, shot
    if whole:
        assert state(page)["screen"] == "ei-over", state(page)
        page.screenshot(path=str(artifacts / f"table-ei-{size}-over.png"))
