"""Drive the game through the UI only: read the tappable elements, tap one (real clicks).

The test decides which tap to make from the DOM (data-act / data-* attributes), with the
same simple policy as the CPython UI tests (`tests/web_driver.choose`); it never calls the
engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from tests.web_driver import choose

# Tags every enabled tappable with data-pick=<n> and returns their attributes.
READ_TAPPABLES = """
() => {
  const out = [];
  document.querySelectorAll('#app [data-act]').forEach((el) => {
    if (el.disabled) return;
    const a = {_tag: el.tagName.toLowerCase()};
    for (const name of el.getAttributeNames()) a[name] = el.getAttribute(name);
    el.setAttribute('data-pick', String(out.length));
    a['data-pick'] = String(out.length);
    out.push(a);
  });
  return out;
}
"""

STATE = """
() => {
  const game = document.querySelector('[data-screen="game"]');
  const screen = document.querySelector('[data-screen]');
  return {
    screen: screen ? screen.dataset.screen : (document.querySelector('.start') ? 'start' : '?'),
    phase: game ? game.dataset.phase : null,
    stage: game ? game.dataset.stage : null,
    seat: game ? game.dataset.seat : null,
    hand: Array.from(document.querySelectorAll('[data-secret="hand"]'))
      .map((el) => el.getAttribute('data-tile') || el.querySelector('title')?.textContent || ''),
    objectives: Array.from(document.querySelectorAll('[data-secret="objective"] b'))
      .map((el) => el.textContent),
    error: document.querySelector('.toast.error')?.textContent || null,
  };
}
"""


def tappables(page: Page) -> list[dict[str, str]]:
    return list(page.evaluate(READ_TAPPABLES))


def state(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(STATE))


def tap(page: Page, item: dict[str, str]) -> None:
    """A real mouse click on the tagged element."""
    page.click(f'[data-pick="{item["data-pick"]}"]')


def tap_act(page: Page, act: str, **data: object) -> None:
    """Click the element with data-act=act (and the given data-* values)."""
    sel = f'[data-act="{act}"]' + "".join(f'[data-{k}="{v}"]' for k, v in data.items())
    page.click(sel)


def start_game(page: Page, names: list[str], mode: str = "normal") -> None:
    """Fill the start screen and start (through the form)."""
    while page.locator('[data-field^="name-"]').count() < len(names):
        tap_act(page, "add-seat")
    while page.locator('[data-field^="name-"]').count() > len(names):
        tap_act(page, "remove-seat")
    for i, name in enumerate(names):
        page.fill(f'[data-field="name-{i}"]', name)
    page.select_option('[data-field="mode"]', mode)
    tap_act(page, "new")


def play_until(
    page: Page,
    rng: random.Random,
    stop: Callable[[dict[str, Any]], bool],
    on_step: Callable[[dict[str, Any]], None] | None = None,
    max_steps: int = 3000,
) -> dict[str, Any]:
    """Tap through the game until `stop(state)` holds; return the last state."""
    for _ in range(max_steps):
        st = state(page)
        if on_step is not None:
            on_step(st)
        if stop(st):
            return st
        items = tappables(page)
        item = choose(items, rng)
        assert item is not None, f"nothing to tap on {st}"
        tap(page, item)
    raise AssertionError(f"game did not reach the goal in {max_steps} taps: {state(page)}")
