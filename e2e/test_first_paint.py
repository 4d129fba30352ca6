"""The first paint, before Python is ready (web/first-paint.js, si_web/first_paint.py).

Python is held back by holding the request for ui.pack.gz (service workers blocked, so that the
page's own requests can be held); everything is checked in the DOM before
body[data-ready="1"]: a returning visit paints the stored public board, inert, with the
"getting ready" indicator; a tap or a key press then changes nothing and the indicator says
so; a pass-and-play game's stored markup is the pass screen and holds no hand tile or
objective (checked against what the live screen shows the seat); a first visit shows the
start screen rendered at build time; another build's record, an oversized one or a malformed
one is not painted. A reload while Ember Isle (a game fetched on demand) is on screen paints
its last public screen, styled, with no clue card of a hand in it; the picture stays, inert,
after Python is ready while Ember Isle's code loads, and Ember Isle's own screen replaces it.
Screenshots (phone, desktop) go to e2e/artifacts/.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bot_helpers import NOT_WATCHING
from conftest import READY_SELECTOR, SITE, UNDEFINED_ART, Recorder, origin_of, wait_ready
from game_helpers import play_until, start_game, state, tap, tap_act, tappables
from playwright.sync_api import Browser, BrowserContext, Page, Route
from test_phone import check_axe

from ember_helpers import my_move, new_game, open_ember, wait_change
from ember_helpers import state as ember_state
from tests.web_driver import choose

KEY = "games/first-paint"  # the shell's record (game_shell/first_paint.py), for every game
GAME = "small-islands"
SAVE = "small-islands/save"
BUILD = re.search(r'data-build="([0-9a-f]+)"', (SITE / "index.html").read_text())
DEVICES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 720}},
}
WAIT_TEXT = "Just a moment — getting the game ready"

# What the device seat sees of its own secrets on the live screen: the names of its hand
# tiles and the texts of its objectives.
SECRETS = """
() => ({
  hand: Array.from(document.querySelectorAll('#app [data-secret="hand"]'))
    .map((el) => el.getAttribute('aria-label') || ''),
  tiles: Array.from(document.querySelectorAll('#app [data-secret="hand"]'))
    .map((el) => el.getAttribute('data-tile') || ''),
  objectives: Array.from(document.querySelectorAll('#app [data-secret="objective"] span'))
    .map((el) => el.textContent.replace(/^(Mission|Reward): /, '')).filter((t) => t.trim()),
})
"""


@pytest.fixture(params=list(DEVICES))
def device(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def held_context(
    browser: Browser, site_url: str, device: str
) -> Iterator[tuple[BrowserContext, Recorder]]:
    """A context whose requests the test may hold (service workers blocked)."""
    context = browser.new_context(base_url=site_url, service_workers="block", **DEVICES[device])
    recorder = Recorder(origin_of(site_url)).attach(context)
    yield context, recorder
    context.close()


HELD = "**/ui.pack.gz"  # the UI's code: Python starts but cannot run the page without it


class Held:
    """Holds the page's request for the UI's code (Python cannot render) until released (or
    another request: `pattern`)."""

    def __init__(self, page: Page, pattern: str = HELD) -> None:
        self.page = page
        self.pattern = pattern
        self.routes: list[Route] = []
        page.route(pattern, self.hold)

    def hold(self, route: Route) -> None:
        self.routes.append(route)

    def release(self, ready: bool = True) -> None:
        for _ in range(600):  # asked for as the page starts, in parallel with Python
            if self.routes:
                break
            self.page.wait_for_timeout(100)
        assert self.routes, f"{self.pattern} was never requested"
        for route in self.routes:
            route.continue_()
        self.page.unroute(self.pattern)
        if ready:
            wait_ready(self.page)


def stored(page: Page, game: str = GAME) -> tuple[str, str, str]:
    """(build, kind, markup) of the first-paint record (a picture of `game`)."""
    text = page.evaluate(f"() => localStorage.getItem('{KEY}')")
    assert isinstance(text, str), "no first-paint record"
    head, _, markup = text.partition("\n")
    fmt, build, name, kind = head.split(" ")
    assert fmt == "paint/1" and name == game
    return build, kind, markup


def wait_kept(page: Page, kind: str, game: str = GAME) -> tuple[str, str, str]:
    """Wait until the record holds a screen of `kind` of `game` (it is written ~0.3 s after a
    render)."""
    page.wait_for_function(
        f"() => (localStorage.getItem('{KEY}') || '').split('\\n')[0]"
        f".endsWith(' {game} {kind}')",
        timeout=60_000,
    )
    return stored(page, game)


def save_text(page: Page) -> str | None:
    found = page.evaluate(f"() => localStorage.getItem('{SAVE}')")
    return found if isinstance(found, str) else None


def reload_held(page: Page) -> Held:
    """Reload with Python held back; return once the first paint is in the DOM."""
    held = Held(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("html[data-first-paint]", state="attached")
    assert page.get_attribute("body", "data-ready") is None
    return held


def test_returning_visit_paints_the_stored_board_and_ignores_taps_visibly(
    held_context: tuple[BrowserContext, Recorder], device: str, artifacts: Path
) -> None:
    context, recorder = held_context
    page = context.new_page()
    page.goto("./")
    wait_ready(page)
    for i, name in enumerate(("Me", "Eve")):
        page.fill(f'[data-field="name-{i}"]', name)
    page.select_option('[data-field="kind-1"]', "easy")
    tap_act(page, "new")
    rng = random.Random(4)
    for _ in range(400):  # to my exploration turn (waiting out the computer's)
        st = state(page)
        if st["screen"] == "game" and st["phase"] == "exploration":
            break
        if st["screen"] == "watch":
            page.wait_for_function(NOT_WATCHING, timeout=120_000)
            continue
        item = choose(tappables(page), rng)
        assert item is not None, st
        tap(page, item)
    build, kind, markup = wait_kept(page, "board")
    assert BUILD and build == BUILD.group(1)
    saved = save_text(page)
    assert saved is not None

    held = reload_held(page)
    assert page.get_attribute("html", "data-first-paint") == "stored"
    app = page.locator("#app")
    assert app.get_attribute("inert") == ""
    assert app.get_attribute("data-painted") == "board"
    assert page.locator("#app .first-paint svg.board g.tile").count() > 0
    missing = page.evaluate(UNDEFINED_ART, "#app .first-paint svg.board")
    assert missing == [], f"the first paint's tiles lack their art: {missing}"
    assert page.locator("#app .chips .chip").count() == 2
    assert "'s turn" in page.inner_text("#app .say")
    assert page.locator("#app [data-act]").count() == 0  # nothing to tap on it
    assert page.locator("#loading").is_visible()
    assert re.search("Getting the game ready|Starting the game", page.inner_text("#loading"))
    assert page.locator(READY_SELECTOR).count() == 0
    page.screenshot(path=artifacts / f"first-paint-board-{device}.png")
    check_axe(page, f"{device} first paint: board")

    # A tap on the map and a key press: nothing changes, the indicator says why.
    box = page.locator("#app svg.board").bounding_box()
    assert box is not None
    if device == "phone":
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.press("Enter")
    assert page.get_attribute("#loading", "data-wait") == "2"
    assert WAIT_TEXT in page.inner_text("#loading")
    assert page.locator("#loading.nudge").count() == 1
    assert page.get_attribute("body", "data-ready") is None
    page.screenshot(path=artifacts / f"first-paint-tap-{device}.png")

    held.release()
    assert app.get_attribute("inert") is None
    assert page.locator("#board").count() == 1  # Python's own map replaced the picture
    assert page.locator(".first-paint").count() == 0
    assert page.is_hidden("#loading")
    assert save_text(page) == saved  # the taps before ready were not played
    assert state(page)["screen"] in ("game", "watch")
    assert recorder.problems() == {}


def test_pass_and_play_record_is_the_pass_screen_and_holds_no_secret(
    held_context: tuple[BrowserContext, Recorder], device: str, artifacts: Path
) -> None:
    context, recorder = held_context
    page = context.new_page()
    page.goto("./")
    wait_ready(page)
    start_game(page, ["Ann", "Bob"])
    rng = random.Random(11)
    checked = {"hand": 0, "objectives": 0}

    def check(st: dict[str, Any]) -> None:
        """On every screen the seat sees its secrets, the record holds none of them."""
        if st["screen"] != "game":
            return
        secrets = page.evaluate(SECRETS)
        if not secrets["hand"] and not secrets["objectives"]:
            return
        # The record is written ~0.3 s after the render: usually this screen's by now, but a
        # loaded machine may be later, so its kind is waited for, never read at once. (An
        # earlier record, read here, must hold none of these secrets either.)
        page.wait_for_timeout(400)
        _, _, markup = wait_kept(page, "pass")  # two people at one device: the pass screen
        assert 'data-secret' not in markup
        for name in secrets["hand"]:
            assert name and name not in markup, name
        for tile in secrets["tiles"]:
            assert f'"{tile}"' not in markup, tile
        for text in secrets["objectives"]:
            assert text and text not in markup, text
        checked["hand"] += len(secrets["hand"])
        checked["objectives"] += len(secrets["objectives"])

    play_until(page, rng, lambda st: checked["hand"] >= 6 and checked["objectives"] >= 4,
               on_step=check, max_steps=600)
    _, kind, markup = wait_kept(page, "pass")
    assert "Pass the device to" in markup

    held = reload_held(page)
    assert page.get_attribute("html", "data-first-paint") == "stored"
    assert page.get_attribute("#app", "data-painted") == "pass"
    assert "Pass the device to" in page.inner_text("#app")
    assert page.locator("#app [data-secret]").count() == 0
    page.screenshot(path=artifacts / f"first-paint-pass-{device}.png")
    check_axe(page, f"{device} first paint: pass screen")
    held.release()
    assert state(page)["screen"] == "pass"  # the pass screen still comes first
    assert recorder.problems() == {}


def test_first_visit_shows_the_prerendered_start_screen(
    held_context: tuple[BrowserContext, Recorder], device: str, artifacts: Path
) -> None:
    context, recorder = held_context
    page = context.new_page()
    held = Held(page)
    page.goto("./", wait_until="domcontentloaded")
    assert page.get_attribute("html", "data-first-paint") == "prerendered"
    assert page.get_attribute("#app", "inert") == ""
    assert page.locator("#app .screen.start h1").inner_text() == "Small Islands"
    assert page.locator('#app [data-act="new"]').is_visible()
    assert page.locator("#loading").is_visible()
    page.screenshot(path=artifacts / f"first-paint-start-{device}.png")
    check_axe(page, f"{device} first paint: start screen")
    page.locator('#app [data-act="add-seat"]').click(force=True)  # inert: goes nowhere
    assert page.get_attribute("#loading", "data-wait") == "1"
    assert page.locator("#app .seat-row").count() == 2
    held.release()
    assert page.get_attribute("#app", "inert") is None
    tap_act(page, "add-seat")  # live now
    page.wait_for_function("() => document.querySelectorAll('#app .seat-row').length === 3")
    _, kind, _ = wait_kept(page, "start")
    assert kind == "start"
    assert recorder.problems() == {}


@pytest.mark.parametrize("device", ["phone"])
@pytest.mark.parametrize("case", ["other-build", "too-big", "malformed", "other-build-saved"])
def test_a_record_that_does_not_fit_is_not_painted(
    held_context: tuple[BrowserContext, Recorder], device: str, case: str
) -> None:
    context, recorder = held_context
    page = context.new_page()
    page.goto("./")
    wait_ready(page)
    assert BUILD
    build = BUILD.group(1)
    marker = '<p id="stale">not this build\'s</p>'
    text = {
        "other-build": f"paint/1 0123456789abcdef {GAME} board\n{marker}",
        "other-build-saved": f"paint/1 0123456789abcdef {GAME} board\n{marker}",
        "too-big": f"paint/1 {build} {GAME} board\n{marker}" + "x" * 200_001,
        "malformed": f"paint/1 {build} {GAME}\n{marker}",
    }[case]
    if case == "other-build-saved":  # a game in progress, but no picture of it
        start_game(page, ["Ann", "Bob"])
        page.wait_for_selector('[data-screen="pass"]')
        wait_kept(page, "pass")
    else:
        wait_kept(page, "start")  # (else the app's own record could come after ours)
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [KEY, text])
    page.close()
    page = context.new_page()
    held = Held(page)
    page.goto("./", wait_until="domcontentloaded")
    page.wait_for_selector("html[data-first-paint]", state="attached")
    assert page.locator("#stale").count() == 0
    if case == "other-build-saved":
        assert page.get_attribute("html", "data-first-paint") == "none"
        assert page.inner_text("#app").strip() == ""
        assert page.locator("#loading .loading-title").is_visible()  # the whole loading screen
    else:
        assert page.get_attribute("html", "data-first-paint") == "prerendered"
        assert page.locator("#app .screen.start").count() == 1
    held.release()
    assert page.locator("#stale").count() == 0
    assert recorder.problems() == {}


EMBER = "ember-isle"
EMBER_SAVE = "ember-isle/save"
HAND = """
() => ({
  cards: Array.from(document.querySelectorAll('#app [data-act="ei-card"]'))
    .map((el) => el.dataset.card),
  words: Array.from(document.querySelectorAll('#app [data-act="ei-card"] span'))
    .map((el) => el.textContent),
  columns: (document.querySelector('#app .ei-cols') || {textContent: ''}).textContent,
})
"""
STYLE = "(sel) => getComputedStyle(document.querySelector(sel)).backgroundColor"


def test_a_reload_in_ember_isle_paints_its_public_island_first(
    held_context: tuple[BrowserContext, Recorder], device: str, artifacts: Path
) -> None:
    context, recorder = held_context
    page = context.new_page()
    page.goto("./")
    wait_ready(page)
    open_ember(page)
    new_game(page, ["Ann", "Bob"], ["human", "easy"])
    for _ in range(400):  # to Ann's turn with her clue cards on screen (the computer's waited)
        st = ember_state(page)
        if st["screen"] == "ei-game" and st["mine"] and st["stage"] == "turn" \
                and page.locator('#app [data-act="ei-card"]').count():
            break
        if st["screen"] == "ei-game" and not st["mine"]:
            wait_change(page, st)
            continue
        my_move(page)
    else:
        raise AssertionError("never Ann's turn with her cards")
    hand = page.evaluate(HAND)
    assert hand["cards"] and hand["words"]
    page.wait_for_timeout(400)  # (the record is written ~0.3 s after the render: then waited)
    build, kind, markup = wait_kept(page, "board", EMBER)
    assert BUILD and build == BUILD.group(1)
    assert "data-card" not in markup and "Your clues" not in markup
    for card, words in zip(hand["cards"], hand["words"], strict=True):
        assert f'"{card}"' not in markup, card
        if words not in hand["columns"]:  # (a clue played on a column is public)
            assert words not in markup, words
    saved = page.evaluate(f"() => localStorage.getItem('{EMBER_SAVE}')")
    assert isinstance(saved, str)
    mine = Held(page, "**/ember.pack.gz")  # Ember Isle's code: held after Python is ready

    held = reload_held(page)
    app = page.locator("#app")
    assert page.get_attribute("html", "data-first-paint") == "stored"
    assert app.get_attribute("inert") == ""
    assert app.get_attribute("data-painted") == "board"
    assert app.get_attribute("data-painted-game") == EMBER
    assert page.locator("#app .first-paint svg.ei-board polygon").count() > 20  # the island
    assert page.locator("#app .ei-seats li").count() == 2
    assert page.locator("#app .ei-cols .ei-col").count() == 4
    assert "'s turn" in page.inner_text("#app .ei-bar")
    assert page.locator("#app [data-act], #app [data-card]").count() == 0
    assert page.evaluate(STYLE, "#app .ei-map") == "rgb(31, 111, 139)"  # ember.css applies
    assert "Loading Ember Isle" not in page.inner_text("#app")
    assert page.locator("#loading").is_visible()
    page.screenshot(path=artifacts / f"first-paint-ember-{device}.png")
    check_axe(page, f"{device} first paint: Ember Isle's island")

    held.release()  # Python is ready; Ember Isle's code is still on its way
    assert page.get_attribute("body", "data-app-screen") == "game-loading"
    assert page.locator("#app .first-paint svg.ei-board").count() == 1  # the picture stays
    assert app.get_attribute("inert") == ""
    assert "Loading Ember Isle" not in page.inner_text("#app")
    assert page.locator("#loading").is_visible()
    page.keyboard.press("Enter")  # nothing happens, and the indicator says why
    assert page.get_attribute("#loading", "data-wait") == "1"
    assert WAIT_TEXT in page.inner_text("#loading")

    mine.release(ready=False)
    page.wait_for_selector('[data-screen="ei-game"]', timeout=120_000)
    assert page.locator(".first-paint").count() == 0  # Ember Isle's own screen replaced it
    assert app.get_attribute("inert") is None
    assert page.is_hidden("#loading")
    assert page.evaluate(f"() => localStorage.getItem('{EMBER_SAVE}')") == saved
    assert page.locator('#app [data-act="ei-card"]').count() == len(hand["cards"])
    assert recorder.problems() == {}


@pytest.mark.parametrize("device", ["phone"])
def test_a_french_device_first_sees_the_french_start_screen(
    browser: Browser, site_url: str, device: str, artifacts: Path
) -> None:
    """A first visit on a French device paints the start screen the build rendered in French
    (not English until Python runs), with French loading words; Python's screen is French too.
    English chosen in Settings wins over the device's language at the next start."""
    context = browser.new_context(base_url=site_url, service_workers="block", locale="fr-FR",
                                  **DEVICES[device])
    recorder = Recorder(origin_of(site_url)).attach(context)
    try:
        page = context.new_page()
        held = Held(page)
        page.goto("./", wait_until="domcontentloaded")
        assert page.get_attribute("html", "data-first-paint") == "prerendered"
        assert page.get_attribute("html", "data-first-paint-lang") == "fr"
        assert page.get_attribute("html", "lang") == "fr"
        text = page.locator("#app").inner_text()
        assert "Nouvelle partie" in text and "New game" not in text
        assert page.locator("#loading .loading-text").inner_text() == "Préparation du jeu…"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        page.screenshot(path=artifacts / f"first-paint-start-fr-{device}.png")
        held.release()
        assert "Nouvelle partie" in page.locator("#app").inner_text()
        page.evaluate("""() => {
            const s = JSON.parse(localStorage.getItem('games/settings') || '{}');
            localStorage.setItem('games/settings',
                JSON.stringify({...s, format: 'games-settings/1', language: 'en'}));
        }""")
        held = Held(page)
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("html[data-first-paint]", state="attached")
        assert page.get_attribute("html", "data-first-paint-lang") == "en"
        held.release()
        assert "New game" in page.locator("#app").inner_text()
        assert recorder.problems() == {}
    finally:
        context.close()
