"""A third game, from the tests, proves the shell (issue 27): Take Away (`tests/take_away/`)
joins a build by its registration alone (``tools/build.py --extra-game tests/take_away``: no
shell file changes). From the app's start screen it is started, played to its end, reloaded
mid-game, found in "Your games" and the statistics, exported and imported again."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ARTIFACTS, ROOT, wait_ready
from playwright.sync_api import Browser, Page

from tools.serve import start_server

GAME = ROOT / "tests" / "take_away"
OPEN = '[data-act="open-game"][data-game="take-away"]'


@pytest.fixture(scope="module")
def toy_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app built with the third game beside the two of its own, served."""
    out = tmp_path_factory.mktemp("with-take-away") / "site"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--out", str(out),
                    "--extra-game", str(GAME)], check=True, cwd=ROOT, capture_output=True)
    server, url = start_server(out)
    yield url
    server.shutdown()
    server.server_close()


def screen(page: Page, name: str) -> None:
    page.wait_for_function(f"() => document.body.dataset.appScreen === {json.dumps(name)}",
                           timeout=120_000)


def take(page: Page, n: int) -> None:
    left = page.inner_text('[data-screen="ta-game"] p')
    page.click(f'[data-act="ta-take"][data-n="{n}"]')
    page.wait_for_function("(before) => !document.body.innerText.includes(before)", arg=left)


def test_a_registered_game_plays_reloads_keeps_exports_and_imports(
    browser: Browser, toy_url: str, tmp_path: Path
) -> None:
    context = browser.new_context(base_url=toy_url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(toy_url)
    wait_ready(page)
    assert "Another game: Take Away" in page.inner_text("#app")  # its card, from its registration
    page.click(OPEN)
    screen(page, "ta-game")
    assert "15 left" in page.inner_text("#app")
    take(page, 3)
    take(page, 2)
    assert "10 left" in page.inner_text("#app")
    page.reload()  # mid-game: the tab comes back to the game, where it was
    wait_ready(page)
    screen(page, "ta-game")
    assert "10 left" in page.inner_text("#app")
    page.click('[data-act="ta-menu"]')  # the app's start screen, the game's card says where
    page.wait_for_selector(OPEN)
    card = page.inner_text('[data-card="take-away"]')
    assert "Saved game: Take Away" in card and "10 stones left" in card
    page.click(OPEN)
    screen(page, "ta-game")
    for n in (2, 3, 1, 1, 3):  # 10 stones, Ann to move: she takes the last one
        take(page, n)
    page.wait_for_selector('[data-screen="ta-over"]')
    assert "Ann took the last stone and won!" in page.inner_text("#app")
    with page.expect_download() as download:
        page.click('[data-act="ta-export"]')
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    assert exported.name.startswith("take-away-") and exported.name.endswith("-ann-ben.json")
    assert json.loads(exported.read_text())["format"] == "take-away/1"
    page.click('[data-act="ta-menu"]')
    page.wait_for_selector('[data-act="history"]')
    page.click('[data-act="history"]')
    row = page.locator('[data-kind="take-away"]')
    row.wait_for()
    assert "Ann won" in row.inner_text() and "Take Away · " in row.inner_text()
    row.locator('[data-act="delete"]').click()
    page.click('[data-act="delete-confirm"]')
    row.wait_for(state="detached")
    page.click('[data-act="menu"]')
    page.click(OPEN)
    screen(page, "ta-over")
    page.set_input_files('input[data-change="ta-import"]', str(exported))
    page.wait_for_function("() => document.body.innerText.includes('imported into your games')")
    page.click('[data-act="ta-menu"]')
    page.click('[data-act="history"]')
    page.locator('[data-kind="take-away"]').wait_for()
    page.screenshot(path=str(ARTIFACTS / "third-game-history.png"))
    page.click('[data-act="stats"]')  # its kept games count in the statistics, by its registration
    page.wait_for_selector('[data-stats-game="take-away"]')
    assert "Ann · 1 game" in page.inner_text('[data-screen="stats"]')
    assert not errors, errors
    context.close()


def test_a_registered_game_has_a_coach_on_the_shells_framework(
    browser: Browser, toy_url: str
) -> None:
    """The shell's coach, with Take Away's two tips: the offer, a tip over the guided game
    dismissed with "Got it", the next one at the end, remembered in ``take-away/coach``."""
    context = browser.new_context(base_url=toy_url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(toy_url)
    wait_ready(page)
    page.click(OPEN)
    screen(page, "ta-game")
    assert "New to Take Away?" in page.inner_text('[data-offer="coach"]')
    page.click('[data-offer="coach"] [data-act="coach-start"]')
    tip = page.locator('.coach[data-tip="take"]')
    tip.wait_for()
    assert "Take stones" in tip.inner_text()
    assert page.locator('[data-offer="coach"]').count() == 0
    page.click('.coach [data-act="coach-ok"][data-tip="take"]')
    tip.wait_for(state="detached")
    record = json.loads(page.evaluate("() => localStorage.getItem('take-away/coach')"))
    assert record["seen"] == ["take"] and record["offer"] == "taken" and record["on"]
    for _ in range(5):
        take(page, 3)
    screen(page, "ta-over")
    page.locator('.coach[data-tip="end"]').wait_for()
    page.click('.coach [data-act="coach-ok"][data-tip="end"]')
    page.locator(".coach[data-tip]").wait_for(state="detached")
    record = json.loads(page.evaluate("() => localStorage.getItem('take-away/coach')"))
    assert record["seen"] == ["take", "end"]
    assert not errors, errors
    context.close()
