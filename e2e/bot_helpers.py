"""Browser-test helpers for games with computer seats: long-task recording, the tap loop.

The loop decides taps from the DOM only (as `game_helpers.play_until`); on a computer's turn
(the "watch" screen) it waits, or taps "Skip".
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from game_helpers import state, tap, tappables
from playwright.sync_api import Page

from tests.web_driver import choose

# Every main-thread task over 50 ms, as [start, duration] (ms, performance.now() clock).
LONG_TASKS = """
window.__siLong = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__siLong.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (e) { window.__siLongUnsupported = String(e); }
"""

# When each computer step appeared: [performance.now(), data-step] of the watch screen, one
# entry per change (a MutationObserver, so the time is the page's, not the test's reading).
WATCH_STEPS = """
window.__siSteps = [];
new MutationObserver(() => {
  const w = document.querySelector('[data-screen="watch"]');
  const step = w ? w.dataset.step : null;
  const last = window.__siSteps[window.__siSteps.length - 1];
  if (!last || last[1] !== step) window.__siSteps.push([performance.now(), step]);
}).observe(document, { subtree: true, childList: true, attributes: true,
                       attributeFilter: ["data-step", "data-screen"] });
"""

# Taps Skip if the computers' turn is still on screen (one step in the page: between a
# check and a click from the test, the turn may end and the button go); true if it did.
TAP_SKIP = """() => {
  const b = document.querySelector('[data-screen="watch"] [data-act="skip"]:not([disabled])');
  if (b) b.click();
  return !!b;
}"""

NOT_WATCHING = "() => !document.querySelector('[data-screen=\"watch\"]')"
STEP_CHANGED = """
(step) => {
  const w = document.querySelector('[data-screen="watch"]');
  return !w || w.dataset.step !== step;
}
"""


def bot_stats(page: Page) -> dict[str, Any]:
    return dict(json.loads(page.evaluate("() => window.siBotStats || '{}'")))


def long_tasks(page: Page) -> list[list[float]]:
    return list(page.evaluate("() => window.__siLong || []"))


def thinking_long_tasks(page: Page) -> tuple[list[list[float]], list[dict[str, Any]]]:
    """(long tasks that overlap a bot's thinking interval, the thinking intervals)."""
    think = bot_stats(page).get("think", [])
    tasks = long_tasks(page)
    hits = [[s, d] for s, d in tasks if any(s < t["t1"] and s + d > t["t0"] for t in think)]
    return hits, think


def play_with_computers(
    page: Page,
    rng: random.Random,
    skip: bool = True,
    on_step: Callable[[dict[str, Any]], None] | None = None,
    max_steps: int = 3000,
    watch_timeout_ms: float = 240_000,
) -> dict[str, Any]:
    """Tap through a game until the end screen; on computers' turns tap Skip (or wait)."""
    for _ in range(max_steps):
        st = state(page)
        if on_step is not None:
            on_step(st)
        if st["screen"] == "over":
            return st
        if st["screen"] == "watch":
            if skip and page.evaluate(TAP_SKIP):
                page.wait_for_function(NOT_WATCHING, timeout=watch_timeout_ms)
            else:
                step = page.evaluate(
                    "() => document.querySelector('[data-screen=\"watch\"]')?.dataset.step ?? null"
                )
                if step is None:  # the computer's turn ended since `state` was read
                    continue
                page.wait_for_function(STEP_CHANGED, arg=step, timeout=watch_timeout_ms)
            continue
        item = choose(tappables(page), rng)
        assert item is not None, f"nothing to tap on {st}"
        tap(page, item)
    raise AssertionError(f"game did not end in {max_steps} steps: {state(page)}")
