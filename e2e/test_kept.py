"""Your games, kept (issue 15) in the browser: the history list, statistics, a replay stepped
to the end, export and import through a real download and file chooser, hostile files,
two pages of one context playing alternately, a full storage. On a phone (390x844, touch), a
tablet (1024x768, touch) and a desktop, with axe-core; screenshots in e2e/artifacts/.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import SEED_ONCE, UNDEFINED_ART, Recorder, origin_of, wait_ready
from game_helpers import start_game, state, tap, tappables
from playwright.sync_api import Browser, BrowserContext, Page
from test_phone import DEVICES, SIZES, check_axe

from game_shell.storage import MemoryStorage
from si_web.history import INDEX_KEY, SAVE_PREFIX, History, game_id
from small_islands import Game
from tests.kept_helpers import DAY_MS, HOSTILE_NAME, MODES, T0, finished, hostile_files
from tests.scale import scaled
from tests.web_driver import choose

SAVE_KEY = "small-islands/save"
# localStorage that holds at most LIMIT characters (keys + values), as a full device would
QUOTA = """
(() => {
  const LIMIT = %d;
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage) {
      let used = 0;
      for (let i = 0; i < this.length; i++) {
        const k = this.key(i);
        if (k !== key) used += k.length + (this.getItem(k) || '').length;
      }
      if (used + key.length + String(value).length > LIMIT)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return setItem.call(this, key, value);
  };
})();
"""
SAVED_ACTIONS_ARE = """
([key, n]) => {
  const s = localStorage.getItem(key);
  return !!s && JSON.parse(s).actions.length === n;
}
"""
STORAGE = (
    "() => Object.fromEntries(Object.keys(localStorage).sort()"
    ".map(k => [k, localStorage.getItem(k)]))"
)


def kept_games() -> list[Game]:
    """Four finished games: two people, four people (Advanced), solo, against Hard."""
    return [finished(MODES[k], i) for i, k in enumerate(("normal", "advanced", "solo", "bots"))]


def storage_with(games: list[Game]) -> dict[str, str]:
    """localStorage that keeps `games` in the history, a day apart (oldest first)."""
    mem = MemoryStorage()
    h = History(mem)
    for i, g in enumerate(games):
        assert h.add(g, T0 + i * DAY_MS).kept
    return mem.data


def seeded_context(browser: Browser, site_url: str, device: str, data: dict[str, str],
                   init: str = "") -> tuple[BrowserContext, Recorder]:
    context = browser.new_context(base_url=site_url, accept_downloads=True, **DEVICES[device])
    recorder = Recorder(origin_of(site_url)).attach(context)
    context.add_init_script(f"({SEED_ONCE})({json.dumps(data)});" + init)
    return context, recorder


def boot(context: BrowserContext) -> Page:
    page = context.new_page()
    page.goto("./")
    wait_ready(page)
    return page


PAINT_KEY = "games/first-paint"  # a picture of the screen for the next start
SNAPSHOT_KEY = "games/python-snapshot"  # the start's memory snapshot, once saved


def local_storage(page: Page) -> dict[str, str]:
    """What the app stores, but the first-paint picture, which every render may replace
    (0.3 s later), and the Python snapshot's record, written once the snapshot is saved in
    the background (on a loaded machine, after a test's first look): the player's data, for
    "storage unchanged" checks."""
    stored = dict(page.evaluate(STORAGE))
    stored.pop(PAINT_KEY, None)
    stored.pop(SNAPSHOT_KEY, None)
    return stored


def saved_actions(page: Page) -> int:
    raw = page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')")
    return len(json.loads(raw)["actions"]) if raw else 0


def check_sizes(page: Page, where: str) -> None:
    small = page.evaluate(SIZES)["small"]
    assert small == [], f"{where}: controls under 44 px: {small}"


def shot(page: Page, artifacts: Path, name: str, full: bool = False) -> None:
    page.screenshot(path=str(artifacts / f"kept-{name}.png"), full_page=full)


def play_one(page: Page, rng: random.Random, limit: int = 60) -> None:
    """Tap (the same simple policy as the other tests) until this page saved one action."""
    before = saved_actions(page)
    for _ in range(limit):
        item = choose(tappables(page), rng)
        assert item is not None, page.inner_text("#app")[:500]
        tap(page, item)
        if saved_actions(page) != before:
            return
    raise AssertionError("no action was played")


# --- the history, statistics and replay screens on every device ---------------------------


@pytest.fixture(scope="module", params=list(DEVICES))
def device(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return kept_games()


@pytest.fixture(scope="module")
def kept_page(
    browser: Browser, site_url: str, device: str, games: list[Game]
) -> Iterator[tuple[Page, Recorder]]:
    context, recorder = seeded_context(browser, site_url, device, storage_with(games))
    page = boot(context)
    yield page, recorder
    context.close()


def test_history_lists_filters_and_deletes_with_confirmation(
    kept_page: tuple[Page, Recorder], device: str, games: list[Game], artifacts: Path
) -> None:
    page, recorder = kept_page
    page.click('[data-act="history"]')
    page.wait_for_selector('[data-screen="history"]')
    rows = page.eval_on_selector_all(".game-row", "els => els.map(e => e.dataset.game)")
    assert rows == [game_id(g) for g in reversed(games)]  # newest first
    text = page.inner_text("#app")
    assert "Alexis, level 4" in text and "computer, hard" in text and "4 kept" in text
    check_axe(page, f"{device} history")
    check_sizes(page, f"{device} history")
    shot(page, artifacts, f"{device}-history", full=True)
    page.click('[data-act="filter-mode"][data-mode="solo"]')
    assert page.eval_on_selector_all(".game-row", "els => els.map(e => e.dataset.game)") == [
        game_id(games[2])
    ]
    page.click('[data-act="filter-mode"][data-mode="all"]')
    page.select_option('[data-change="filter-opponent"]', "hard")
    assert page.eval_on_selector_all(".game-row", "els => els.map(e => e.dataset.game)") == [
        game_id(games[3])
    ]
    page.select_option('[data-change="filter-opponent"]', "all")
    victim = game_id(games[0])
    page.click(f'[data-act="delete"][data-id="{victim}"]')
    page.wait_for_selector('[data-dialog="delete"]')
    check_axe(page, f"{device} delete dialog")
    page.click('[data-act="delete-cancel"]')
    assert page.locator(f'[data-game="{victim}"]').count() == 1
    page.click(f'[data-act="delete"][data-id="{victim}"]')
    page.click('[data-act="delete-confirm"]')
    page.wait_for_selector(f'[data-game="{victim}"]', state="detached")
    stored = local_storage(page)
    assert victim not in stored[INDEX_KEY] or victim in json.loads(stored[INDEX_KEY])["forgotten"]
    assert [s["id"] for s in json.loads(stored[INDEX_KEY])["games"]] == [
        game_id(g) for g in games[1:]
    ]
    assert SAVE_PREFIX + victim not in stored
    assert recorder.problems() == {}


def test_export_dialog_and_an_import_error(
    kept_page: tuple[Page, Recorder], device: str, games: list[Game], artifacts: Path
) -> None:
    page, recorder = kept_page
    gid = game_id(games[1])
    page.click(f'[data-act="export"][data-id="{gid}"]')
    page.wait_for_selector('[data-dialog="export"]')
    check_axe(page, f"{device} export dialog")
    check_sizes(page, f"{device} export dialog")
    shot(page, artifacts, f"{device}-export-dialog")
    page.click('[data-act="export-cancel"]')
    page.click(f'[data-act="export"][data-id="{gid}"]')
    page.go_back()  # the browser's Back closes the dialog; "Your games" stays
    page.wait_for_selector('[data-dialog="export"]', state="detached")
    assert page.locator('[data-screen="history"]').count() == 1
    before = local_storage(page)
    with page.expect_file_chooser() as chooser:
        page.click("label.file-pick")
    chooser.value.set_files(
        files=[{"name": f"{HOSTILE_NAME}.json", "mimeType": "application/json",
                "buffer": b'{"format": "small-islands/9", "options": {}, "actions": []}'}]
    )
    page.wait_for_selector('[data-msg="import-error"]')
    message = page.inner_text('[data-msg="import-error"]')
    assert "newer version" in message and HOSTILE_NAME in message  # as text, not markup
    assert page.locator('#app img').count() == 0
    assert local_storage(page) == before
    check_axe(page, f"{device} import error")
    shot(page, artifacts, f"{device}-import-error")
    assert recorder.problems() == {}


def test_statistics(kept_page: tuple[Page, Recorder], device: str, artifacts: Path) -> None:
    page, recorder = kept_page
    page.click('[data-act="stats"]')
    page.wait_for_selector('[data-screen="stats"]')
    text = page.inner_text("#app")
    assert "Ann · 3 games" in text  # one of Ann's four games was deleted
    assert "Win rate against" in text and "Average score by mode" in text
    assert page.locator(".meter .bar-fill").count() >= 4
    check_axe(page, f"{device} statistics")
    check_sizes(page, f"{device} statistics")
    shot(page, artifacts, f"{device}-stats", full=True)
    page.click('[data-act="history"]')
    assert recorder.problems() == {}


def test_a_replay_stepped_to_the_end_matches_the_final_scores(
    kept_page: tuple[Page, Recorder], device: str, games: list[Game], artifacts: Path
) -> None:
    page, recorder = kept_page
    g = games[1]  # four seats, Advanced
    page.click(f'[data-act="replay"][data-id="{game_id(g)}"]')
    page.wait_for_selector('[data-screen="replay"]')
    assert "Start of the game" in page.inner_text("#rp-panel")
    for _ in range(3):  # touch or click: the Forward button
        page.click('[data-act="step"][data-to="next"]')
    assert page.input_value("#rp-slider") == "3"
    page.click('[data-act="step"][data-to="next-round"]')
    page.keyboard.press("ArrowRight")  # the keyboard, from a button
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    step = int(page.input_value("#rp-slider"))
    assert step > 4 and f"Move {step} of {len(g.actions)}" in page.inner_text("#rp-panel")
    page.focus("#rp-slider")  # the slider's own keys (native) move it too
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.getElementById('rp-slider').value === '{step + 1}'")
    assert f"Move {step + 1} of" in page.inner_text("#rp-panel")
    page.evaluate(  # a drag to the middle: input events while it moves
        "(v) => { const s = document.getElementById('rp-slider'); s.value = v;"
        " s.dispatchEvent(new Event('input', {bubbles: true})); }",
        str(len(g.actions) // 2),
    )
    assert f"Move {len(g.actions) // 2} of" in page.inner_text("#rp-panel")
    assert page.locator(".seat-secrets").count() == 4
    check_axe(page, f"{device} replay")
    # the map's art is on the page: every tile, piece and symbol finds its definition
    missing = page.evaluate(UNDEFINED_ART, "#replay-map")
    assert missing == [], missing
    check_sizes(page, f"{device} replay")
    shot(page, artifacts, f"{device}-replay")
    page.keyboard.press("End")
    page.wait_for_selector("text=Final scores")
    for row in g.scores():
        assert page.inner_text(f'[data-total="{row["seat"]}"]') == str(row["total"])
    assert page.locator('[data-act="step"][data-to="next"]').is_disabled()
    shot(page, artifacts, f"{device}-replay-end")
    page.keyboard.press("Home")
    page.wait_for_selector("#rp-panel >> text=Start of the game")
    page.click('[data-act="close"]')
    page.wait_for_selector('[data-screen="history"]')
    assert recorder.problems() == {}


def test_undo_says_why_and_redo_brings_the_move_back(
    kept_page: tuple[Page, Recorder], device: str, artifacts: Path
) -> None:
    page, recorder = kept_page
    if page.locator('[data-screen="history"]').count():
        page.click('[data-act="menu"]')
    start_game(page, ["Ann", "Bob"])
    rng = random.Random(7)
    reasons = set()
    for _ in range(400):
        st = state(page)
        if st["screen"] == "game":
            undo = page.locator('#si-bar [data-act="undo"]')
            assert undo.count() == 1  # always there: it says why when it cannot
            if undo.get_attribute("aria-disabled") == "true" and len(reasons) < 2:
                undo.click(force=True)  # aria-disabled: tappable, it says why
                page.wait_for_selector('[data-msg="error"]')
                reasons.add(page.inner_text('[data-msg="error"]'))
            if st["stage"] == "bonus" and undo.get_attribute("aria-disabled") is None:
                break
        tap(page, choose(tappables(page), rng))  # type: ignore[arg-type]
    assert reasons and all("undo" in r.lower() for r in reasons), reasons
    before = saved_actions(page)
    page.click('#si-bar [data-act="undo"]')
    page.wait_for_selector('#si-bar [data-act="redo"]')
    assert saved_actions(page) == before - 1
    bar = page.evaluate(
        "() => [...document.querySelectorAll('#si-bar .bar-buttons button')]"
        ".map(b => { const r = b.getBoundingClientRect(); return r.right <= innerWidth + 0.5; })"
    )
    assert all(bar), "a header button is off screen"
    clipped = page.evaluate(
        "() => { const b = document.querySelector('#si-say .say-lead b');"
        " return b.scrollWidth > b.clientWidth + 1; }"
    )
    assert not clipped, "the player's name is cut short in the header"
    check_sizes(page, f"{device} redo")
    check_axe(page, f"{device} redo")
    # with Undo and Redo in the header, the seat's name and phase still fit beside them
    overflow = page.evaluate(
        "() => [...document.querySelectorAll('#si-bar .who-text > *')]"
        ".map((e) => e.scrollWidth - e.getBoundingClientRect().width)"
        ".filter((d) => d > 1)"
    )
    assert overflow == [], overflow
    shot(page, artifacts, f"{device}-redo")
    page.click('#si-bar [data-act="redo"]')
    page.wait_for_selector('#si-bar [data-act="redo"]', state="detached")
    assert saved_actions(page) == before
    assert recorder.problems() == {}


# --- files: a real download and a real file chooser ----------------------------------------


def test_export_and_import_round_trip_through_files(
    browser: Browser, site_url: str, artifacts: Path, tmp_path: Path
) -> None:
    g = finished(MODES["solo"], 2)
    context, recorder = seeded_context(browser, site_url, "desktop", storage_with([g]))
    page = boot(context)
    page.click('[data-act="history"]')
    gid = game_id(g)
    page.click(f'[data-act="export"][data-id="{gid}"]')
    with page.expect_download() as download:
        page.click('[data-act="export-download"]')
    file = tmp_path / download.value.suggested_filename
    download.value.save_as(file)
    assert file.name == "small-islands-2023-11-14-ann-alexis.json"
    assert file.read_text() == g.to_json()
    page.click(f'[data-act="delete"][data-id="{gid}"]')
    page.click('[data-act="delete-confirm"]')
    page.wait_for_selector(".game-row", state="detached")
    with page.expect_file_chooser() as chooser:
        page.click("label.file-pick")
    chooser.value.set_files(str(file))
    page.wait_for_selector('[data-screen="import"]')
    assert json.loads(local_storage(page)[INDEX_KEY])["games"] == []  # nothing stored yet
    shot(page, artifacts, "desktop-import")
    page.click('[data-act="import-keep"]')
    page.wait_for_selector(f'[data-game="{gid}"]')
    assert "imported" in page.inner_text(f'[data-game="{gid}"]')
    stored = local_storage(page)
    assert stored[SAVE_PREFIX + gid] == g.to_json()
    # the game in progress: finished games only, unless the player asks
    page.click('[data-act="menu"]')
    start_game(page, ["Ann", "Bob"])
    rng = random.Random(3)
    for _ in range(3):
        play_one(page, rng)
    page.click('[data-act="menu"]')
    page.click('[data-act="history"]')
    assert page.locator('[data-act="export"][data-id="current"]').count() == 0
    page.click('[data-act="export-scope"][data-scope="all"]')
    assert "anyone who opens it can see them" in page.inner_text('[data-in-progress="1"]')
    page.click('[data-act="export"][data-id="current"]')
    assert "anyone who opens it" in page.inner_text('[data-dialog="export"]')
    with page.expect_download() as download:
        page.click('[data-act="export-download"]')
    assert download.value.suggested_filename.endswith("-ann-bob-unfinished.json")
    exported = Game.from_json(Path(download.value.path()).read_text())
    assert len(exported.actions) == saved_actions(page)
    assert recorder.problems() == {}
    context.close()


HOSTILE_CASES = [
    "binary", "truncated", "deeply nested", "oversized (declared)", "script format",
    "Ember Isle", "newer version", "unknown action", "illegal action", "a move after the end",
]


def test_hostile_files_through_the_chooser_change_nothing(
    browser: Browser, site_url: str, tmp_path: Path
) -> None:
    """Each file in turn through the one page's chooser (one start, not one per file: every
    case begins on a fresh "Your games" screen, and the storage is compared after each)."""
    data = storage_with([finished(MODES["normal"], 1)])
    context, recorder = seeded_context(browser, site_url, "desktop", data)
    page = boot(context)
    page.click('[data-act="history"]')
    before = local_storage(page)
    for n, case in enumerate(HOSTILE_CASES):
        _, text, size, words = next(f for f in hostile_files() if f[0] == case)
        if n:  # a fresh "Your games" screen, without the last file's message
            page.click('[data-screen="history"] [data-act="menu"]')
            page.click('[data-act="history"]')
        page.wait_for_selector('[data-screen="history"]')
        assert page.locator('[data-msg="import-error"]').count() == 0, case
        path = tmp_path / f"game-{n}.json"
        if size is not None:  # bigger than the limit on disk: never read, refused by its size
            path.write_bytes(b" " * size)
        else:
            path.write_text(text)
        with page.expect_file_chooser() as chooser:
            page.click("label.file-pick")
        chooser.value.set_files(str(path))
        page.wait_for_selector('[data-msg="import-error"]')
        message = page.inner_text('[data-msg="import-error"]')
        assert words in message or size is not None and "too big" in message, (case, message)
        assert local_storage(page) == before, case
        assert page.locator('[data-screen="history"]').count() == 1, case
        assert recorder.problems() == {}, case
    context.close()


# --- two windows, one game -----------------------------------------------------------------


def test_two_pages_playing_alternately_lose_nothing(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    context = browser.new_context(base_url=site_url, viewport={"width": 1024, "height": 700})
    recorder = Recorder(origin_of(site_url)).attach(context)
    a = boot(context)
    start_game(a, ["Ann", "Bob"])
    b = boot(context)  # the same device, a second tab: it loads the saved game
    rng = random.Random(5)
    pages = [a, b]
    turns = scaled(16, 6)  # 16 at SI_TEST_SCALE=1 (make test-deep), 6 in make test
    for turn in range(turns):
        me, other = pages[turn % 2], pages[(turn + 1) % 2]
        if me.locator('[data-screen="elsewhere"]').count():
            if turn == 2:
                shot(me, artifacts, "desktop-elsewhere")
                check_axe(me, "another window")
            me.click('[data-act="continue-here"]')
            me.wait_for_selector('[data-screen="elsewhere"]', state="detached")
        play_one(me, rng)
        assert saved_actions(me) >= turn + 1
        # the other page learns of it (a storage event), before any tap of its own. Another
        # tab's copy of the storage catches up asynchronously: wait for it, never read it at once
        other.wait_for_function(SAVED_ACTIONS_ARE, arg=[SAVE_KEY, saved_actions(me)])
        other.wait_for_selector('[data-screen="elsewhere"]')
        assert "continued in another window" in other.inner_text("#app")
    stored = Game.from_json(a.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))
    assert len(stored.actions) >= turns
    assert json.loads(a.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))["rev"] >= turns
    assert recorder.problems() == {}
    context.close()


# --- a full storage ------------------------------------------------------------------------


def test_a_full_storage_keeps_the_game_in_progress(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    history = storage_with(kept_games())
    used = sum(len(k) + len(v) for k, v in history.items())
    # room for the history, the settings and a save of a few moves; not for a longer game
    limit = used + 1_500
    context, recorder = seeded_context(browser, site_url, "phone", history, QUOTA % limit)
    page = boot(context)
    start_game(page, ["Ann", "Bob"])
    rng = random.Random(9)
    while saved_actions(page) < 60:
        play_one(page, rng)
    stored = local_storage(page)
    index = json.loads(stored[INDEX_KEY])
    assert len(index["games"]) == 4 and not all(s["full"] for s in index["games"])
    assert sum(len(k) + len(v) for k, v in stored.items()) <= limit
    page.reload()
    wait_ready(page)
    page.wait_for_selector('[data-screen="pass"], [data-screen="game"], [data-screen="watch"]')
    assert saved_actions(page) >= 60  # nothing lost across the reload
    page.click('[data-act="menu"]')
    page.click('[data-act="history"]')
    assert "a summary only" in page.inner_text("#app")
    shot(page, artifacts, "phone-history-pruned", full=True)
    assert recorder.problems() == {}
    context.close()


def test_a_full_storage_with_nothing_to_give_up_says_so(
    browser: Browser, site_url: str, artifacts: Path
) -> None:
    context, recorder = seeded_context(browser, site_url, "desktop", {}, QUOTA % 4_000)
    page = boot(context)
    start_game(page, ["Ann", "Bob"])
    rng = random.Random(2)
    message = None
    for _ in range(400):
        item = choose(tappables(page), rng)
        assert item is not None
        tap(page, item)
        if page.locator('[data-msg="error"]').count():
            message = page.inner_text('[data-msg="error"]')
            if "storage is full" in message:
                break
    assert message is not None and "storage is full" in message, message
    shot(page, artifacts, "desktop-storage-full")
    n = saved_actions(page)
    assert n > 0
    page.click('[data-act="menu"]')
    page.click('[data-act="history"]')
    page.click('[data-act="export-scope"][data-scope="all"]')
    page.click('[data-act="export"][data-id="current"]')
    with page.expect_download() as download:  # the whole game can still leave as a file
        page.click('[data-act="export-download"]')
    exported = Game.from_json(Path(download.value.path()).read_text())
    assert len(exported.actions) > n
    assert [e for e in recorder.console_errors if "quota" not in e.lower()] == []
    context.close()
