"""Returning visits restore a Python memory snapshot (web/python-snapshot.mjs).

A first start takes a snapshot and stores it once the page is idle; the next start restores it
(data-python-start="snapshot" on <html>) and the game plays. Two restores reseed `random` and
start different games. A corrupt snapshot, one Pyodide refuses, one from another build and a
new deploy all start Python normally, silently for the player; a service-worker-controlled
visit restores offline; the bot worker restores the same snapshot.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import Recorder, origin_of, wait_controlled, wait_ready
from game_helpers import play_until, start_game, state, tap, tap_act, tappables
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

from tests.web_driver import choose

SAVE = "small-islands/save"
SNAPSHOT_TIMEOUT_MS = 120_000

# Reads / rewrites the stored snapshot record (IndexedDB, see python-snapshot.mjs).
RECORD = """
async ([mode]) => {
  const open = () => new Promise((ok, no) => {
    const r = indexedDB.open("small-islands-python", 1);
    r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error);
  });
  const run = async (how, act) => {
    const db = await open();
    try {
      return await new Promise((ok, no) => {
        const r = act(db.transaction("snapshots", how).objectStore("snapshots"));
        r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error);
      });
    } finally { db.close(); }
  };
  const { checksum } = await import("./python-snapshot.mjs");
  const record = await run("readonly", (s) => s.get("current"));
  if (!record) return null;
  if (mode === "read") return { key: record.key, length: record.length, size: record.blob.size };
  let bytes = new Uint8Array(await record.blob.arrayBuffer());
  if (mode === "flip") bytes[bytes.length >> 1] ^= 0x5a;  // same length, other content
  if (mode === "truncate") {  // checksum recomputed: the page list no longer fits
    bytes = bytes.slice(0, bytes.length - (1 << 16));
    record.checksum = checksum(bytes);
  }
  if (mode === "bad-header") {  // Pyodide refuses it; our checks pass (checksum recomputed)
    bytes[0] ^= 0xff;
    record.checksum = checksum(bytes);
  }
  if (mode === "other-build") record.key = "0123456789abcdef-0123456789abcdef";
  record.blob = new Blob([bytes]);
  await run("readwrite", (s) => s.put(record, "current"));
  return { key: record.key, length: record.length, size: record.blob.size };
}
"""

# random.random() of the page's interpreter, right now (the same one PyScript uses).
PY_RANDOM = """
() => import("./pyodide-boot.mjs")
  .then((boot) => boot.loadPyodide())
  .then((py) => py.runPython("import random; random.random()"))
"""


def python_start(page: Page) -> str | None:
    return page.get_attribute("html", "data-python-start")


def wait_stored(page: Page) -> None:
    page.wait_for_selector(
        'html[data-python-snapshot="saved"]', state="attached", timeout=SNAPSHOT_TIMEOUT_MS
    )


def record(page: Page, mode: str = "read") -> dict[str, Any] | None:
    found = page.evaluate(RECORD, [mode])
    return dict(found) if found else None


def boot(page: Page, reload: bool = False, url: str = "./") -> str | None:
    """Load (or reload) the app until Python has rendered; return how Python started."""
    if reload:
        page.reload()
    else:
        page.goto(url)
    wait_ready(page)
    return python_start(page)


def actions(page: Page) -> int:
    save = page.evaluate(f"() => localStorage.getItem('{SAVE}')")
    return len(json.loads(save)["actions"]) if save else 0


def seed(page: Page) -> int:
    save = json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE}')"))
    return int(save["options"]["seed"])


def new_game_plays_a_move(page: Page, rng: random.Random) -> None:
    """Start a two-player game from the start screen and tap until one action is saved."""
    start_game(page, ["Ann", "Bob"])
    if page.locator('[data-confirm="new"]').count():
        tap_act(page, "new", confirmed="1")
    before = actions(page)
    play_until(page, rng, lambda _: actions(page) > before, max_steps=200)


@pytest.fixture
def warnings(context: BrowserContext) -> list[str]:
    """Console warnings of the context (the fallbacks' notes go there)."""
    found: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "warning":
            found.append(message.text)

    context.on("console", on_console)
    return found


@pytest.fixture
def restored(app_page: Page) -> Page:
    """A page whose first start stored a snapshot and whose reload restored it."""
    assert boot(app_page) == "fresh"
    wait_stored(app_page)
    assert boot(app_page, reload=True) == "snapshot"
    return app_page


def test_returning_visit_restores_the_snapshot_and_plays(
    restored: Page, recorder: Recorder
) -> None:
    page = restored
    stored = record(page)
    assert stored is not None and 5_000_000 < stored["size"] < stored["length"]
    new_game_plays_a_move(page, random.Random(3))
    assert page.locator(".toast.error").count() == 0
    assert page.get_attribute("html", "data-python-snapshot") is None  # nothing more to store
    assert recorder.problems() == {}


def test_two_games_after_restores_differ(restored: Page, recorder: Recorder) -> None:
    page = restored
    first_random = page.evaluate(PY_RANDOM)
    new_game_plays_a_move(page, random.Random(1))
    first_seed = seed(page)
    page.evaluate(f"() => localStorage.removeItem('{SAVE}')")  # back to the start screen
    assert boot(page, reload=True) == "snapshot"
    second_random = page.evaluate(PY_RANDOM)
    new_game_plays_a_move(page, random.Random(1))
    assert seed(page) != first_seed
    # Without the reseed, the first draw after each restore is the snapshot's next value.
    assert second_random != first_random
    assert recorder.problems() == {}


@pytest.mark.parametrize("mode", ["flip", "truncate", "bad-header", "other-build"])
def test_unusable_snapshot_falls_back_and_is_replaced(
    restored: Page, recorder: Recorder, warnings: list[str], mode: str
) -> None:
    page = restored
    assert record(page, mode) is not None
    assert boot(page, reload=True) == "fallback"
    assert any("Python snapshot not used" in w for w in warnings), warnings
    assert page.inner_text("#app").strip() and page.is_hidden("#loading")
    new_game_plays_a_move(page, random.Random(5))
    wait_stored(page)  # a new one replaces it ...
    assert boot(page, reload=True) == "snapshot"  # ... and the next start uses it
    assert recorder.problems() == {}


def test_a_new_deploy_never_restores_an_old_snapshot(
    browser: Browser, site_copy: tuple[Path, str]
) -> None:
    copy, url = site_copy
    # No service worker: each load gets the files as they are on the server now.
    context = browser.new_context(base_url=url, service_workers="block")
    recorder = Recorder(origin_of(url)).attach(context)
    try:
        page = context.new_page()
        assert boot(page) == "fresh"
        wait_stored(page)
        old = record(page)
        assert old is not None
        module = copy / "python-snapshot.mjs"
        text = module.read_text()
        assert text.count(old["key"]) == 1
        module.write_text(text.replace(old["key"], "feedfacefeedface-" + old["key"][17:]))
        assert boot(page, reload=True) == "fresh"  # not even tried
        wait_stored(page)
        new = record(page)
        assert new is not None and new["key"].startswith("feedfacefeedface-")
        assert boot(page, reload=True) == "snapshot"
        assert recorder.problems() == {}
    finally:
        context.close()


def test_offline_returning_visit_restores(
    app_page: Page, context: BrowserContext, recorder: Recorder
) -> None:
    page = app_page
    assert boot(page) == "fresh"
    wait_controlled(page)
    wait_stored(page)
    context.set_offline(True)
    assert boot(page, reload=True) == "snapshot"
    new_game_plays_a_move(page, random.Random(7))
    assert recorder.problems() == {}


def test_bot_worker_restores_the_snapshot(restored: Page, recorder: Recorder) -> None:
    page = restored
    with page.expect_worker(lambda w: w.url.endswith("/bot-worker.js")) as found:
        if page.locator('[data-field="name-1"]').count() == 0:
            tap_act(page, "add-seat")
        page.select_option('[data-field="kind-1"]', "easy")
        tap_act(page, "new")
        if page.locator('[data-confirm="new"]').count():
            tap_act(page, "new", confirmed="1")
    worker = found.value
    started = worker.evaluate(
        "() => new Promise((ok) => { const t = setInterval(() => "
        "{ if (self.siPythonStart) { clearInterval(t); ok(self.siPythonStart); } }, 50); })"
    )
    assert started == "snapshot"
    # Tap as the human until the computer has decided once (it may not move first).
    rng = random.Random(2)
    thought = "() => JSON.parse(window.siBotStats || '{}').think?.length > 0"
    for _ in range(300):
        if page.evaluate(thought):
            break
        if state(page)["screen"] == "watch":
            page.wait_for_function(thought, timeout=120_000)
            break
        item = choose(tappables(page), rng)
        assert item is not None, state(page)
        tap(page, item)
    assert page.evaluate(thought)
    assert recorder.problems() == {}
