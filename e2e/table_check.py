"""The table's promise, checked on the screen as it is: what to do now (the tray's line), what
the player holds and chooses (the tray) and the step's primary action are inside the viewport
and uncovered (`game_shell.table`). Used by the whole-game tests at the four sizes, with
their fixtures (`size`, `page`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Recorder, origin_of, wait_ready
from playwright.sync_api import Browser, Page

TOUCH = {"has_touch": True, "is_mobile": True}
SIZES: dict[str, dict[str, Any]] = {
    "phone-small": {"viewport": {"width": 360, "height": 640}, **TOUCH},
    "phone": {"viewport": {"width": 390, "height": 844}, **TOUCH},
    "tablet": {"viewport": {"width": 820, "height": 1180}, **TOUCH},
    "desktop": {"viewport": {"width": 1366, "height": 900}},
}

# For each selector: "ok", "missing", "empty" (no box), "outside" (not wholly in the
# viewport) or "covered" (another element is on top at its centre, or at its first line).
PLACED = """
(sels) => sels.map((sel) => {
  const el = document.querySelector(sel);
  if (!el) return [sel, 'missing'];
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return [sel, 'empty'];
  const inside = r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5
    && r.right <= innerWidth + 0.5;
  if (!inside) return [sel, 'outside', [r.left, r.top, r.right, r.bottom]];
  const points = [[r.left + r.width / 2, r.top + Math.min(r.height / 2, 14)],
                  [r.left + Math.min(12, r.width / 2), r.top + r.height / 2]];
  for (const [x, y] of points) {
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit))) {
      return [sel, 'covered', hit ? hit.outerHTML.slice(0, 120) : null];
    }
  }
  return [sel, 'ok'];
})
"""


def check_table(page: Page, prefix: str, where: str) -> None:
    """The tray's line, the tray and the primary action (when the step has one) are inside the
    viewport and uncovered; while a question is asked (a modal dialog), the question is."""
    if page.locator(".dialog-back .dialog").count():  # a question asked: it is the decision
        sels = [".dialog-back .dialog"]
        found = page.evaluate(PLACED, sels)
        assert found[0][1] == "ok", f"{where}: the question {found}"
        return
    sels = [f"#{prefix}-say", f"#{prefix}-tray-box"]
    primary = f"#{prefix}-actions .btn.primary"
    if page.locator(primary).count():
        sels.append(primary)
    found = page.evaluate(PLACED, sels)
    bad = [f for f in found if f[1] != "ok"]
    assert not bad, f"{where}: {bad}"


@pytest.fixture(scope="module", params=list(SIZES), name="size")
def table_size(request: pytest.FixtureRequest) -> str:
    """The screen size of a table test (a module's tests run at each, in turn)."""
    return str(request.param)


@pytest.fixture(scope="module", name="page")
def table_page(browser: Browser, site_url: str, size: str) -> Iterator[Page]:
    """The app at `size`, ready; no page or console error by the end of the module."""
    context = browser.new_context(base_url=site_url, **SIZES[size])
    recorder = Recorder(origin_of(site_url)).attach(context)
    p = context.new_page()
    p.goto("./")
    wait_ready(p)
    yield p
    assert recorder.page_errors == [] and recorder.console_errors == []
    context.close()
