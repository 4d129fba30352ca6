"""A solo game against Alexis through the UI to the final score; Great Explorer; confirmations.

Alexis's steps are watched at the "fast" pace (the loop waits for each one), the human chooses
his tile rotations and house spots. Before the game, a corrupt achievements record is planted:
it must be reported and kept, then moved aside (not lost) when the game's record is written.
One Pyodide boot for the module; tests run in file order.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from bot_helpers import TAP_SKIP, play_with_computers
from conftest import Recorder, wait_ready
from game_helpers import state, tap_act
from playwright.sync_api import Page
from test_phone import ID_PATTERN

ACH_KEY = "small-islands/achievements"
ACH_BROKEN_KEY = "small-islands/achievements-broken"
CORRUPT = '{"format": "small-islands-achievements/1", "counts": {"normal": {"<b>x</b>": 1}}}'


SAW_DRAWS = """() => {
  window.__siSawDraws = false;
  new MutationObserver(() => {
    const told = document.querySelector('[data-screen="watch"] .steps, .recap');
    if (told && told.textContent.includes('Alexis draws')) window.__siSawDraws = true;
  }).observe(document.getElementById('app'), {childList: true, subtree: true});
}"""

# The watch screen as it is now: its kind and its steps' text, or null once it is gone.
WATCH_NOW = """() => {
  const w = document.querySelector('[data-screen="watch"]');
  return w ? {kind: w.dataset.kind, steps: w.querySelector('.steps')?.textContent ?? ''} : null;
}"""


def get_item(page: Page, key: str) -> str | None:
    value = page.evaluate("(k) => localStorage.getItem(k)", key)
    return value if isinstance(value, str) else None


def start_solo(page: Page, level: str, decide: str = "me", speed: str = "fast") -> None:
    tap_act(page, "form-solo", solo="1")
    page.fill('[data-field="name-0"]', "Robinson")
    page.select_option('[data-field="solo-level"]', level)
    page.select_option('[data-field="alexis-decides"]', decide)
    page.select_option('[data-field="speed"]', speed)
    tap_act(page, "new")


def test_corrupt_achievements_are_reported_and_kept(session: tuple[Page, Recorder]) -> None:
    page, _ = session
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [ACH_KEY, CORRUPT])
    page.reload()
    wait_ready(page)
    tap_act(page, "explorer")
    assert page.locator('[data-screen="explorer"]').is_visible()
    assert page.locator("[data-ach-error]").is_visible()
    said = page.inner_text("[data-ach-error]")  # in plain words, not the parser's reason
    assert "cannot be read" in said and "unknown achievement" not in said
    assert page.locator("#app b").count() == 0  # nothing of the stored text taken as markup
    assert page.locator('[data-act="download"]').is_visible()  # the record itself, to keep
    assert page.locator(".checklist").count() == 2
    assert get_item(page, ACH_KEY) == CORRUPT
    tap_act(page, "back")


def test_new_game_over_a_game_in_progress_asks_first(session: tuple[Page, Recorder]) -> None:
    page, _ = session
    start_solo(page, "1")
    assert state(page)["screen"] in ("game", "watch")
    saved = get_item(page, "small-islands/save")
    tap_act(page, "menu")
    tap_act(page, "new")
    assert page.locator('[data-confirm="new"]').is_visible()
    tap_act(page, "new-cancel")
    assert get_item(page, "small-islands/save") == saved
    tap_act(page, "continue")
    assert state(page)["screen"] in ("game", "watch")
    tap_act(page, "menu")


def test_solo_game_against_alexis_to_the_end(
    session: tuple[Page, Recorder], artifacts: Path
) -> None:
    page, _ = session
    start_solo(page, "2")
    assert page.locator('[data-confirm="new"]').is_visible()
    tap_act(page, "new", confirmed="1")
    seen: dict[str, Any] = {"pass": 0, "watch": 0, "draws": False, "rotation": 0, "house": 0}

    def check(st: dict[str, Any]) -> None:
        if st["screen"] == "pass":
            seen["pass"] += 1
        if st["screen"] == "watch":
            # Alexis's steps come at the fast pace: the watch screen read at `st` may be gone
            # by now, so it is read once, as it is (never waited for)
            watch = page.evaluate(WATCH_NOW)
            if watch is None:
                return
            seen["watch"] += 1
            assert watch["kind"] == "alexis"
            if "draws" in watch["steps"] and not seen["draws"]:
                seen["draws"] = True
                page.screenshot(path=str(artifacts / "solo-alexis-turn.png"))
        if st["stage"] == "alexis_rotation":
            if not seen["rotation"]:
                page.screenshot(path=str(artifacts / "solo-rotation.png"))
            seen["rotation"] += 1
            assert page.locator("#board .preview").count() >= 1
        if st["stage"] == "alexis_house":
            seen["house"] += 1

    # Alexis's drawn card is told on his turn's screen, or, when a decision of the player's
    # follows at once (turning his tile), in "Since your turn": which one depends on the game.
    # Every render is watched, not only those the polling below happens to read.
    page.evaluate(SAW_DRAWS)
    final = play_with_computers(page, random.Random(8), skip=False, on_step=check)
    assert final["screen"] == "over"
    seen["draws"] = seen["draws"] or page.evaluate("() => window.__siSawDraws === true")
    assert seen["pass"] == 0 and seen["watch"] > 5 and seen["draws"]
    assert seen["rotation"] > 0
    text = page.inner_text("#app")
    assert "Alexis bonus" in text and "Alexis" in text and "Robinson" in text
    assert "moved aside" in text and not ID_PATTERN.search(text), ID_PATTERN.findall(text)
    assert page.locator("[data-ticks]").count() == 1
    page.screenshot(path=str(artifacts / "solo-over.png"), full_page=True)
    # the corrupt record was moved aside, a new one counts this game
    assert get_item(page, ACH_BROKEN_KEY) == CORRUPT
    record = json.loads(get_item(page, ACH_KEY) or "{}")
    assert record["format"] == "small-islands-achievements/1" and len(record["games"]) == 1
    page.reload()  # the end screen again: the game is not counted twice
    wait_ready(page)
    assert state(page)["screen"] == "over"
    assert len(json.loads(get_item(page, ACH_KEY) or "{}")["games"]) == 1
    tap_act(page, "explorer")
    assert page.locator("[data-ach-error]").count() == 0
    assert page.locator(".checklist").count() == 2
    assert "1 finished game counted" in page.inner_text("#app")
    page.screenshot(path=str(artifacts / "great-explorer.png"), full_page=True)
    tap_act(page, "back")


def test_skip_runs_alexis_through_at_once(session: tuple[Page, Recorder]) -> None:
    page, _ = session
    start_solo(page, "6", decide="alexis", speed="relaxed")
    rng = random.Random(3)
    for _ in range(60):  # to Alexis's first turn, then skip it
        st = state(page)
        if st["screen"] == "watch":
            # Skip: the steps go on without the pace (app.pace_ms() is 0 while skipping, the
            # disabled button shows it: tests/test_web_computers.py), to the player's turn.
            # Waited for, not timed: how long the steps take depends on the machine's load.
            if not page.evaluate(TAP_SKIP):  # his turn ended since `st` was read: the next one
                continue
            page.wait_for_function(
                "() => !document.querySelector('[data-screen=\"watch\"]')"
                " || !!document.querySelector('[data-act=\"skip\"][disabled]')"
            )
            page.wait_for_function(
                "() => !document.querySelector('[data-screen=\"watch\"]')", timeout=120_000
            )
            break
        from game_helpers import tap, tappables

        from tests.web_driver import choose

        item = choose(tappables(page), rng)
        assert item is not None
        tap(page, item)
    else:
        raise AssertionError("Alexis never moved")
    assert state(page)["screen"] in ("game", "over")


def test_no_console_errors_or_csp_violations(session: tuple[Page, Recorder]) -> None:
    _, recorder = session
    assert recorder.problems() == {}
