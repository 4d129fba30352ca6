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
    if (el.disabled || !el.getClientRects().length) return;  // (in a closed sheet: not there)
    const map = el instanceof SVGElement && el.closest('.board-wrap');
    if (map) {  // on the map: only what shows in its frame (a player pans to reach the rest)
      const r = el.getBoundingClientRect(), m = map.getBoundingClientRect();
      const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
      if (cx < m.left || cx > m.right || cy < m.top || cy > m.bottom) return;
    }
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


LOOK = f"() => [({STATE})(), ({READ_TAPPABLES})()]"


def look(page: Page) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """The screen's state and its tappables read together, in one turn of the page's event
    loop: read one after the other, a computer's move could land between them (the state of
    its "watch" screen, the tappables of the player's next screen)."""
    st, items = page.evaluate(LOOK)
    return dict(st), list(items)


def state(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(STATE))


def tap(page: Page, item: dict[str, str]) -> None:
    """A real mouse click on the tagged element."""
    page.click(f'[data-pick="{item["data-pick"]}"]')


def open_sheet(page: Page, name: str) -> None:
    """Open the table's sheet `name` by its pill (phones); on wide screens every sheet is
    shown already (no pill). Either game (`game_shell.table`)."""
    pill = page.locator(f'.pill[data-sheet="{name}"]')
    if pill.count() and pill.is_visible() and pill.get_attribute("aria-expanded") != "true":
        pill.click()
        page.wait_for_selector(f'.sheet[data-name="{name}"][data-open]')


def close_sheet(page: Page) -> None:
    """Close the table's open sheet, if any (phones), by its pill."""
    pill = page.locator('.pill[aria-expanded="true"]')
    if pill.count() and pill.is_visible():
        pill.click()
        page.wait_for_selector(".sheet[data-open]", state="detached")


def tap_act(page: Page, act: str, **data: object) -> None:
    """Click the element with data-act=act (and the given data-* values)."""
    sel = f'[data-act="{act}"]' + "".join(f'[data-{k}="{v}"]' for k, v in data.items())
    page.click(sel + " >> visible=true")  # (a pill and its sheet's button may share an act)


def start_game(page: Page, names: list[str], mode: str = "normal",
               kinds: list[str] | None = None) -> None:
    """Fill the start screen and start (through the form): every seat human unless `kinds`
    says otherwise (a newcomer's form offers one player against a computer)."""
    while page.locator('[data-field^="name-"]').count() < len(names):
        tap_act(page, "add-seat")
    while page.locator('[data-field^="name-"]').count() > len(names):
        tap_act(page, "remove-seat")
    choose_kinds(page, kinds or ["human"] * len(names))
    for i, name in enumerate(names):
        page.fill(f'[data-field="name-{i}"]', name)
    page.select_option('[data-field="mode"]', mode)
    tap_act(page, "new")


def choose_kinds(page: Page, kinds: list[str]) -> None:
    """Who plays each seat of the new-game form ("human", "easy", ...), chosen explicitly."""
    for i, kind in enumerate(kinds):
        page.select_option(f'[data-field="kind-{i}"]', kind)


def play_until(
    page: Page,
    rng: random.Random,
    stop: Callable[[dict[str, Any]], bool],
    on_step: Callable[[dict[str, Any]], None] | None = None,
    max_steps: int = 3000,
) -> dict[str, Any]:
    """Tap through the game until `stop(state)` holds; return the last state. For games of
    people only (a computer's turn would change the screen between the reads: `look`)."""
    for _ in range(max_steps):
        st = state(page)
        if on_step is not None:
            on_step(st)  # (it may tap, reload...: what to tap next is read after it)
        if stop(st):
            return st
        items = tappables(page)
        item = choose(items, rng)
        assert item is not None, f"nothing to tap on {st}"
        tap(page, item)
    raise AssertionError(f"game did not reach the goal in {max_steps} taps: {state(page)}")


EMPTY_CELL = """
() => {
  const svg = document.getElementById('board');
  if (!svg) return null;
  const used = new Set();
  svg.querySelectorAll('g.tile').forEach((g) => {
    const m = /translate\\((-?\\d+),(-?\\d+)\\)/.exec(g.getAttribute('transform'));
    if (m) used.add(`${m[1] / 100},${m[2] / 100}`);
  });
  svg.querySelectorAll('.target').forEach((r) => used.add(`${r.dataset.x},${r.dataset.y}`));
  const bg = svg.querySelector('.hitbg');
  const w = +bg.getAttribute('width') / 100, h = +bg.getAttribute('height') / 100;
  const rect = svg.getBoundingClientRect();
  const ctm = svg.getScreenCTM();
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    if (used.has(`${x},${y}`)) continue;
    const pt = svg.createSVGPoint();
    pt.x = x * 100 + 50; pt.y = y * 100 + 50;
    const s = pt.matrixTransform(ctm);
    if (s.x > rect.left + 10 && s.x < rect.right - 70
        && s.y > rect.top + 10 && s.y < rect.bottom - 70)
      return {x: s.x, y: s.y, cell: [x, y]};
  }
  return null;
}
"""


def tap_empty_cell(page: Page) -> list[int]:
    """A real click on an empty, not highlighted cell of the map; returns the cell."""
    spot = page.evaluate(EMPTY_CELL)
    assert spot is not None, "no empty cell on screen"
    page.mouse.click(spot["x"], spot["y"])
    return list(spot["cell"])
