"""Playing Ember Isle through its UI in a browser page: every move is a tap on a control the
screen shows (data-act), as a person would play; computers play in the bot worker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

# The words of the buttons `my_move` looks for, in the language on screen: English as written,
# or (e2e/test_i18n.py) the French catalogue's translation of the same string.
say: Callable[[str], str] = str


def words(msgid: str) -> str:
    """A button's words as the screen shows them (up to its first placeholder)."""
    return say(msgid).split("{")[0].strip()

SCREEN = "() => document.body.dataset.appScreen || ''"
STATE = """() => {
  const g = document.querySelector('[data-screen="ei-game"]');
  return {screen: document.body.dataset.appScreen || '',
          stage: g ? g.dataset.stage : null, mine: g ? g.dataset.mine === '1' : false};
}"""


def state(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(STATE))


def open_ember(page: Page) -> None:
    """From the Small Islands start screen: choose Ember Isle (its code loads then)."""
    page.locator('[data-act="open-game"][data-game="ember-isle"]').first.click()
    page.wait_for_function("() => (document.body.dataset.appScreen || '').startsWith('ei-') "
                           "&& document.body.dataset.appScreen !== 'game-loading'", timeout=120_000)


def new_game(page: Page, names: list[str], kinds: list[str], island: str = "default",
             options: dict[str, str] | None = None) -> None:
    """Fill the Ember Isle new-game form (`options`: field -> value, e.g. ei-objects) and start."""
    page.wait_for_selector('[data-screen="ei-start"]')
    while page.locator('[data-field^="ei-name-"]').count() < len(names):
        page.click('[data-act="ei-add-seat"]')
    while page.locator('[data-field^="ei-name-"]').count() > len(names):
        page.click('[data-act="ei-remove-seat"]')
    for i, (name, kind) in enumerate(zip(names, kinds, strict=True)):
        page.fill(f'[data-field="ei-name-{i}"]', name)
        page.select_option(f'[data-field="ei-kind-{i}"]', kind)
    page.select_option('[data-field="ei-map"]', island)
    for field, value in (options or {}).items():
        page.select_option(f'[data-field="{field}"]', value)
    page.click('[data-act="ei-new"]')
    if page.locator('[data-act="ei-new"][data-confirmed="1"]').count():
        page.click('[data-act="ei-new"][data-confirmed="1"]')


def has(page: Page, selector: str) -> bool:
    return page.locator(selector).count() > 0


def click(page: Page, selector: str) -> None:
    if selector == HEX:
        tap_hex(page)
        return
    page.locator(selector).first.click()


HEX = '[data-act="ei-hex"]'


def tap_hex(page: Page, index: int = 0) -> None:
    """Tap a space to choose on the map: focused first (the map pans to a target reached by
    the keyboard, as it may lie outside the part shown), then tapped where it is."""
    targets = page.locator(HEX)
    n = targets.count()
    for i in [*range(index, n), *range(index)]:  # a person taps a space they can see
        target = targets.nth(i)
        target.focus()
        if target.evaluate(UNCOVERED):
            target.click()
            return
    targets.nth(index).click()  # every one covered: the click says by what


UNCOVERED = """(el) => { const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (hit === el || el.contains(hit)); }"""


def wait_change(page: Page, before: dict[str, Any], timeout: float = 60_000) -> None:
    """Wait until a computer's step changed the screen (its stage, turn or screen)."""
    page.wait_for_function(
        """(b) => { const g = document.querySelector('[data-screen="ei-game"]');
          const s = document.body.dataset.appScreen || '';
          return s !== b.screen || !g || g.dataset.mine === '1'
            || document.body.dataset.botThinking === '0' && g.dataset.mine !== '0'; }""",
        arg=before, timeout=timeout,
    )


def my_move(page: Page, clue_first: bool = True) -> str:
    """One decision of the seat on screen, by taps. Returns what it did."""
    st = state(page)
    stage = st["stage"]
    claim = f'[data-act="ei-do"]:has-text("{words("Take this card")}")'
    if has(page, claim):
        click(page, claim)
        return "claim"
    raise_it = f'[data-act="ei-do"]:has-text("{words("Raise the {treasure} treasure")}")'
    if has(page, raise_it):
        click(page, raise_it)
        return "raise"
    if stage == "triads":
        click(page, '[data-act="ei-triad"]')
        for _ in range(4):
            if has(page, '[data-act="ei-confirm"]'):
                break
            click(page, '[data-act="ei-hex"]')
        click(page, '[data-act="ei-confirm"]')
        return "triad"
    if has(page, '[data-act="ei-seed"]'):
        click(page, '[data-act="ei-seed"]')
        return "seed"
    card = '[data-act="ei-card"]:not([disabled])'
    if stage in ("turn", "extra_clue") and clue_first and has(page, card):
        click(page, card)
        click(page, '[data-act="ei-option"]')
        assert words("This clue leaves {spaces}") in page.inner_text("#ei-actions")
        click(page, '[data-act="ei-confirm"]')
        return "clue"
    for label in ("End my turn", "Stop here", "Leave the amulet", "Spend an amulet",
                  "Give up my {value}"):
        sel = f'[data-act="ei-do"]:has-text("{words(label)}")'
        if has(page, sel):
            click(page, sel)
            return label
    on_map = has(page, '[data-act="ei-hex"]')
    if stage in ("lava", "rovers", "objects") or (stage == "move" and on_map):
        click(page, '[data-act="ei-hex"]')
        if has(page, '[data-act="ei-facing"]'):  # a statue: which way it faces
            click(page, '[data-act="ei-facing"]')
        click(page, '[data-act="ei-confirm"]')
        return "hex"
    stay = f'[data-act="ei-do"]:has-text("{words("Stay put")}")'
    if has(page, stay):
        click(page, stay)
        return "pass"
    click(page, '[data-act="ei-do"]')
    return "other"


def play_to_end(page: Page, max_steps: int = 3000, on_step: Any = None) -> dict[str, int]:
    """Play every person's decision by taps until the end screen; computers play themselves.
    (At most `max_steps` reads of the screen: counted, not timed, as a loaded machine is slow.)"""
    done: dict[str, int] = {}
    for _ in range(max_steps):
        st = state(page)
        if st["screen"] == "ei-over":
            return done
        if st["screen"] == "ei-pass":
            click(page, '[data-act="ei-unlock"]')
            done["pass"] = done.get("pass", 0) + 1
            continue
        if st["screen"] != "ei-game":
            raise AssertionError(f"unexpected screen {st}")
        if not st["mine"]:
            wait_change(page, st)
            continue
        what = my_move(page)
        done[what] = done.get(what, 0) + 1
        if on_step is not None:
            on_step(page, what)
    raise AssertionError(f"the game did not end in {max_steps} steps: {done}")
