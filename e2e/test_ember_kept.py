"""Ember Isle's games kept on the device, in real Chromium: two pages of one context playing
one game alternately (the stale page stops at "Continue here", nothing is lost); finished
Ember Isle games in "Your games" beside Small Islands' (marked, no replay, deleted after a
confirmation), also opened from Ember Isle's start screen, and in the statistics. Screenshots
e2e/artifacts/ember-elsewhere-*.png, ember-history-*.png."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import SEED_ONCE, wait_ready
from playwright.sync_api import Browser, Page
from test_phone import SIZES, check_axe, check_screen, device_context, ready_page

from ei_web.session import finished_summary
from ember_helpers import click, my_move, new_game, open_ember, state
from ember_isle import Game, Options
from ember_isle.bots import choose_action
from small_islands import Game as SIGame
from small_islands import Options as SIOptions
from tests.scale import scaled

INDEX_KEY = "ember-isle/history"
SAVE = "ember-isle/save"


SAVED_MOVES_ARE = """
([key, n]) => {
  const s = localStorage.getItem(key);
  return !!s && JSON.parse(JSON.parse(s).game).actions.length === n;
}
"""


def saved_actions(page: Page) -> int:
    raw = page.evaluate(f"() => localStorage.getItem('{SAVE}')")
    return len(json.loads(json.loads(raw)["game"])["actions"])


# the phone: 12 turns at SI_TEST_SCALE=1 (make test-deep), 4 in make test; the tablet's
# 4 turns (the same behaviour at another size): make test-deep only
@pytest.mark.parametrize(
    ("device", "turns"),
    [("phone", scaled(12, 4)), pytest.param("tablet", 4, marks=pytest.mark.deep)],
)
def test_two_pages_play_ember_alternately_and_lose_nothing(
    browser: Browser, site_url: str, artifacts: Path, device: str, turns: int
) -> None:
    context, recorder = device_context(browser, site_url, device)
    a = ready_page(context)
    open_ember(a)
    new_game(a, ["Ann", "Bob"], ["human", "human"])
    b = ready_page(context)  # a second tab on the same device: its own start (f6312de: each
    open_ember(b)  # tab reopens what it showed), then Ember Isle and its saved game
    b.wait_for_function("() => ['ei-pass', 'ei-game'].includes(document.body.dataset.appScreen)",
                        timeout=120_000)
    pages = [a, b]
    moves = 0
    for turn in range(turns):
        me, other = pages[turn % 2], pages[1 - turn % 2]
        if me.locator('[data-screen="ei-elsewhere"]').count():
            if turn == 2:
                me.screenshot(path=artifacts / f"ember-elsewhere-{device}.png")
                check_axe(me, "Ember Isle: another window")
            click(me, '[data-act="ei-continue-here"]')
            me.wait_for_selector('[data-screen="ei-elsewhere"]', state="detached")
        before = saved_actions(me)
        assert before == moves, "a move made in the other page is missing"
        while saved_actions(me) == before:  # one move (after the pass screen if it shows)
            if state(me)["screen"] == "ei-pass":
                click(me, '[data-act="ei-unlock"]')
                continue
            my_move(me)
        moves = saved_actions(me)
        # the other page learns of it (a storage event), before any tap of its own. Another
        # tab's copy of the storage catches up asynchronously: wait for it, never read it at once
        other.wait_for_function(SAVED_MOVES_ARE, arg=[SAVE, moves])
        other.wait_for_selector('[data-screen="ei-elsewhere"]')
        assert "continued in another window" in other.inner_text("#app")
    assert moves >= turns
    # a tap on the stale page's other controls is impossible: only "Continue here" shows
    stale = pages[0] if pages[0].locator('[data-screen="ei-elsewhere"]').count() else pages[1]
    assert stale.locator("[data-act]").count() == 1
    assert recorder.problems() == {}
    context.close()


def finished_summaries() -> dict[str, str]:
    """Two finished Ember Isle games (played by the engine's computers), as kept."""
    games = []
    for seed, kinds in ((3, ("medium", "easy")), (4, ("easy", "easy", "medium"))):
        names = ("Ann", "Bob", "Cleo")[: len(kinds)]
        g = Game.new(Options(seats=names, seed=seed, bots=dict(enumerate(kinds))))
        rng = random.Random(seed)
        while g.phase != "over":
            g.play(choose_action(g.view(g.to_move), g.legal_actions(), g.seats[g.to_move].bot, rng))
        s = finished_summary(g, 1_764_000_000_000 + seed * 86_400_000)
        s["seats"][0]["kind"] = "human"  # Ann played herself
        games.append(s)
    record = {"format": "ember-isle-history/1", "games": games, "forgotten": []}
    return {INDEX_KEY: json.dumps(record)}


@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_your_games_lists_ember_games_and_deletes_one_after_asking(
    browser: Browser, site_url: str, artifacts: Path, device: str
) -> None:
    context, recorder = device_context(browser, site_url, device)
    context.add_init_script(f"({SEED_ONCE})({json.dumps(finished_summaries())});")
    page = ready_page(context)
    click(page, '[data-act="history"]')
    page.wait_for_selector('[data-screen="history"]')
    rows = page.locator('[data-kind="ember-isle"]')
    assert rows.count() == 2
    text = rows.first.inner_text()
    assert "Ember Isle · " in text and "no replay" in text and "points" in text
    assert "(computer, " in page.inner_text(".kept-games + ol")
    assert page.locator('[data-kind="ember-isle"] [data-act="replay"]').count() == 0
    page.locator(".kept-games").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"ember-history-{device}.png")
    check_axe(page, "Your games with Ember Isle games")
    sizes = page.evaluate(SIZES)
    assert sizes["small"] == [], sizes["small"]
    rows.first.locator('[data-act="delete"]').click()
    page.wait_for_selector('[data-dialog="delete"]')
    page.screenshot(path=artifacts / f"ember-history-delete-{device}.png")
    check_axe(page, "deleting an Ember Isle game")
    page.click('[data-act="delete-confirm"]')
    page.wait_for_function(
        "() => document.querySelectorAll('[data-kind=\"ember-isle\"]').length === 1")
    page.reload()
    wait_ready(page)
    click(page, '[data-act="history"]')
    page.wait_for_selector('[data-screen="history"]')
    assert page.locator('[data-kind="ember-isle"]').count() == 1
    assert recorder.problems() == {}
    context.close()


def test_your_games_and_its_statistics_from_ember_isles_start_screen(
    browser: Browser, site_url: str
) -> None:
    context, recorder = device_context(browser, site_url, "phone")
    context.add_init_script(f"({SEED_ONCE})({json.dumps(finished_summaries())});")
    page = ready_page(context)
    open_ember(page)
    click(page, '[data-screen="ei-start"] [data-act="ei-history"]')
    page.wait_for_selector('[data-screen="history"]')
    assert page.locator('[data-kind="ember-isle"]').count() == 2
    click(page, '[data-act="stats"]')
    page.wait_for_selector('[data-stats-game="ember-isle"]')
    text = page.inner_text('[data-screen="stats"]')
    assert "Ann · 2 games" in text and "Average score by number of players" in text
    check_axe(page, "Statistics of Ember Isle games")
    click(page, '[data-act="menu"]')
    page.wait_for_selector('[data-act="open-game"][data-game="ember-isle"]')  # the app's menu
    assert recorder.problems() == {}
    context.close()


def test_back_from_the_rules_and_the_menu_returns_to_the_game(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    context, recorder = device_context(browser, site_url, "phone")
    page = ready_page(context)
    open_ember(page)
    new_game(page, ["Ann", "Bob"], ["human", "easy"])
    page.wait_for_selector('[data-screen="ei-game"][data-mine="1"]', timeout=120_000)
    stage = state(page)["stage"]
    click(page, '[data-act="ei-rules"]')
    page.wait_for_selector('[data-screen="ei-rules"]')
    page.go_back()
    page.wait_for_selector('[data-screen="ei-game"][data-mine="1"]')
    assert state(page)["stage"] == stage
    click(page, '[data-act="ei-menu"]')
    page.wait_for_selector('[data-screen="ei-start"]')
    page.go_back()
    page.wait_for_selector('[data-screen="ei-game"][data-mine="1"]')
    assert page.url.startswith(site_url)  # Back stayed in the app
    # Back in the game asks first; Back again (or Stay) closes the question
    page.go_back()
    page.wait_for_selector('[data-dialog="leave"]')
    assert page.evaluate("document.activeElement.dataset.act") == "ei-stay"
    assert "Continue Ember Isle" in page.inner_text('[data-dialog="leave"]')
    check_axe(page, "Ember: Leave the game?")
    page.screenshot(path=artifacts / "ember-leave-phone.png")
    page.go_back()
    page.wait_for_selector('[data-dialog="leave"]', state="detached")
    assert state(page)["stage"] == stage and page.url.startswith(site_url)
    page.go_back()
    click(page, '[data-dialog="leave"] [data-act="ei-stay"]')
    page.wait_for_selector('[data-dialog="leave"]', state="detached")
    page.go_back()
    click(page, '[data-dialog="leave"] [data-act="ei-menu"]')  # Go to the menu: the game is kept
    page.wait_for_selector('[data-screen="ei-start"] [data-act="ei-continue"]')
    assert page.url.startswith(site_url)
    assert recorder.problems() == {}
    context.close()


# --- files: a real download and a real file chooser ----------------------------------------


def saved_game(page: Page) -> str:
    return str(json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE}')"))["game"])


def choose_file(page: Page, path: Path) -> None:
    with page.expect_file_chooser() as chooser:
        page.click('label.file-pick:has([data-ei-file="import"])')
    chooser.value.set_files(str(path))


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_ember_games_leave_and_return_as_files(
    browser: Browser, site_url: str, artifacts: Path, tmp_path: Path, device: str
) -> None:
    """Export the game in progress (a real download, its privacy warning: two people play),
    import another game from a file (a real file chooser) over it after confirming, then the
    first file again: each time the saved game is exactly the file's game. A Small Islands
    file is refused in plain words."""
    context, recorder = device_context(browser, site_url, device)
    page = ready_page(context)
    open_ember(page)
    new_game(page, ["Ann", "Bob"], ["human", "human"])
    while saved_actions(page) < 5:
        if state(page)["screen"] == "ei-pass":
            click(page, '[data-act="ei-unlock"]')
        else:
            my_move(page)
    click(page, '[data-act="ei-menu"]')
    page.wait_for_selector('[data-screen="ei-start"]')
    click(page, '[data-act="ei-export"]')
    dialog = page.locator('[data-dialog="ei-export"]')
    assert "anyone who opens it can see them" in dialog.inner_text()
    page.screenshot(path=artifacts / f"ember-export-{device}.png")
    check_screen(page, device, "Ember Isle's export dialog")
    check_axe(page, "Ember Isle's export dialog")
    page.keyboard.press("Escape")  # closes it; nothing is downloaded
    page.wait_for_selector('[data-dialog="ei-export"]', state="detached")
    click(page, '[data-act="ei-export"]')
    page.go_back()  # so does the browser's Back, and the page stays
    page.wait_for_selector('[data-dialog="ei-export"]', state="detached")
    assert page.url.startswith(site_url) and page.locator('[data-screen="ei-start"]').count() == 1
    click(page, '[data-act="ei-export"]')
    with page.expect_download() as download:
        click(page, '[data-act="ei-export-download"]')
    first = tmp_path / download.value.suggested_filename
    download.value.save_as(first)
    assert first.name.startswith("ember-isle-") and first.name.endswith("-ann-bob-unfinished.json")
    assert first.read_text() == saved_game(page)
    page.wait_for_selector('[data-msg="notice"]')
    # another game from a file replaces it, once the player confirms
    other = Game.new(Options(seats=("Cleo", "Dan"), seed=31))
    while len(other.actions) < 30:
        other.play(choose_action(other.view(other.to_move), other.legal_actions(), "medium", 1))
    second = tmp_path / "cleo-and-dan.json"
    second.write_text(other.to_json())
    choose_file(page, second)
    page.wait_for_selector('[data-screen="ei-import"]')
    text = page.inner_text("#app")
    assert "“cleo-and-dan.json” holds a game of Ember Isle in progress" in text
    assert "Cleo, Dan" in text
    page.screenshot(path=artifacts / f"ember-import-{device}.png")
    check_screen(page, device, "Ember Isle's import screen")
    check_axe(page, "Ember Isle's import screen")
    click(page, '[data-act="ei-import-continue"]')
    page.wait_for_selector('[data-dialog="ei-replace"]')
    page.screenshot(path=artifacts / f"ember-import-replace-{device}.png")
    check_axe(page, "replacing the saved Ember Isle game")
    assert saved_game(page) == first.read_text()  # nothing replaced yet
    page.go_back()  # Back closes the question only
    page.wait_for_selector('[data-dialog="ei-replace"]', state="detached")
    assert page.locator('[data-screen="ei-import"]').count() == 1
    click(page, '[data-act="ei-import-continue"]')
    click(page, '[data-act="ei-import-continue"][data-confirmed="1"]')
    page.wait_for_function("() => ['ei-pass', 'ei-game'].includes(document.body.dataset.appScreen)")
    assert saved_game(page) == other.to_json()
    # the first file again: the game Ann and Bob left, move for move
    click(page, '[data-act="ei-menu"]')  # (the pass screen has Menu too)
    page.wait_for_selector('[data-screen="ei-start"]')
    choose_file(page, first)
    click(page, '[data-act="ei-import-continue"]')
    click(page, '[data-act="ei-import-continue"][data-confirmed="1"]')
    page.wait_for_function("() => ['ei-pass', 'ei-game'].includes(document.body.dataset.appScreen)")
    assert saved_game(page) == first.read_text()
    # a Small Islands game is not an Ember Isle game: said plainly, nothing changes
    click(page, '[data-act="ei-menu"]')
    page.wait_for_selector('[data-screen="ei-start"]')
    before = saved_game(page)
    si_file = tmp_path / "small.json"
    si_file.write_text(SIGame.new(SIOptions(seats=("Ann", "Bob"), seed=3)).to_json())
    choose_file(page, si_file)
    page.wait_for_selector('[data-msg="import-error"]')
    message = page.inner_text('[data-msg="import-error"]')
    assert "is a game of Small Islands, not of Ember Isle" in message
    box = page.locator('[data-msg="import-error"]').bounding_box()  # seen where the player is
    view = page.viewport_size
    assert box and view and box["y"] >= 0 and box["y"] + box["height"] <= view["height"], box
    page.screenshot(path=artifacts / f"ember-import-refused-{device}.png")
    assert saved_game(page) == before
    check_axe(page, "Ember Isle's start screen with an import error")
    assert recorder.problems() == {}
    context.close()


QUOTA_AT_WILL = """
(() => {  // localStorage refuses writes past window.e2eQuota characters, once a test sets it
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && typeof window.e2eQuota === 'number') {
      let used = 0;
      for (let i = 0; i < this.length; i++) {
        const k = this.key(i);
        if (k !== key) used += k.length + (this.getItem(k) || '').length;
      }
      if (used + key.length + String(value).length > window.e2eQuota)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return setItem.call(this, key, value);
  };
})();
"""
USED = ("() => Object.keys(localStorage).reduce("
        "(n, k) => n + k.length + localStorage.getItem(k).length, 0)")


def one_ember_move(page: Page) -> None:
    """One decision of the seat on screen (after its pass screen if one shows)."""
    if state(page)["screen"] == "ei-pass":
        click(page, '[data-act="ei-unlock"]')
        page.wait_for_selector('[data-screen="ei-game"]')
    my_move(page)


def test_ember_full_storage_makes_room_then_says_a_move_could_not_be_saved(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    """Storage nearly full: the oldest Small Islands records give way and every Ember move
    is saved; with nothing left to give up the player reads that the move could not be saved
    (never "saved"), and a reload resumes at the last move that was saved."""
    context, recorder = device_context(browser, site_url, "phone")
    context.add_init_script(QUOTA_AT_WILL)
    page = ready_page(context)
    history = [SIGame.new(SIOptions(seats=("Ann", "Bob"), seed=40 + i)) for i in range(2)]
    for g in history:
        while g.phase != "over":
            g.play(g.legal_actions()[0])
    page.evaluate("(games) => { for (const [k, v] of Object.entries(games)) "
                  "localStorage.setItem(k, v); }", kept_records(history))
    open_ember(page)
    new_game(page, ["Ann", "Bob"], ["human", "human"])
    page.evaluate(f"() => {{ window.e2eQuota = ({USED})() + 60; }}")
    for _ in range(6):  # the history gives way: each move is saved
        before = saved_actions(page)
        while saved_actions(page) == before:
            one_ember_move(page)
    assert "could not be saved" not in page.inner_text("#app")
    # nothing left to give up: the history's records go (as if none were kept), storage full
    page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('small-islands/hist'))"
                  ".forEach(k => localStorage.removeItem(k))")
    page.evaluate(f"() => {{ window.e2eQuota = ({USED})(); }}")
    kept = saved_actions(page)
    said = ""
    for _ in range(20):
        one_ember_move(page)
        said = page.inner_text("#app")
        if "could not be saved" in said:
            break
    assert "could not be saved" in said and "is saved" not in said
    assert saved_actions(page) == kept
    page.screenshot(path=artifacts / "ember-storage-full-phone.png")
    page.reload()
    wait_ready(page)
    page.wait_for_function("() => ['ei-pass', 'ei-game'].includes(document.body.dataset.appScreen)",
                           timeout=120_000)
    assert saved_actions(page) == kept
    assert [e for e in recorder.console_errors if "quota" not in e.lower()] == []
    context.close()


def kept_records(games: list[SIGame]) -> dict[str, str]:
    """Small Islands' history records of `games` (as the app writes them)."""
    from game_shell.storage import MemoryStorage
    from si_web.history import History

    storage = MemoryStorage()
    h = History(storage)
    for i, g in enumerate(games):
        assert h.add(g, 1_700_000_000_000 + i * 86_400_000).kept
    return storage.data
