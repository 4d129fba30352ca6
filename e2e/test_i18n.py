"""Issue 30 in the browser (390x844 phone): the language follows the device on a first visit,
Settings switch it during a game (the page draws again in French, `<html lang>` follows, the
game goes on), a reload keeps French and the game; the page fetches the French catalogue only
when French is shown (the service worker precaches it with the rest). Screenshots of the start
screen and the game table's first decisions (arranging the starting tiles, the objectives,
placing a tile) in French (e2e/artifacts/i18n-*.png)."""

from __future__ import annotations

import contextlib
import gettext
import gzip
import random
import re
from pathlib import Path

import pytest
from conftest import ROOT, Recorder, origin_of, wait_ready
from game_helpers import close_sheet, open_sheet, play_until, start_game, state, tap_act
from playwright.sync_api import Browser, Page
from test_phone import device_context, ready_page

import ember_helpers
from ei_web.rules import SECTIONS
from game_shell import i18n
from tools import catalogues

CATALOGUE = "locale/fr/messages.mo.gz"
EMBER_WORDS = "locale/fr/ember-isle.mo.gz"  # Ember Isle's part, fetched with its code
LANG = "() => document.documentElement.lang"
SCREEN = "() => document.body.dataset.appScreen"


def page_fetched(page: Page, path: str = CATALOGUE) -> bool:
    """Has the page itself fetched the French catalogue (or Ember Isle's part, `path`)? (The
    service worker precaches every file of the site, the catalogues too, so that French works
    offline once chosen: its requests are not the page's.)"""
    names = page.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
    return any(str(n).split("?")[0].endswith(path) for n in names)


def french() -> gettext.GNUTranslations:
    """The built French words as the page holds them once Ember Isle is open: the catalogue,
    Ember Isle's part as its fallback."""
    with gzip.open(ROOT / "site" / CATALOGUE, "rb") as f:
        words = i18n.Catalogue(f)
    with gzip.open(ROOT / "site" / EMBER_WORDS, "rb") as f:
        words.add_fallback(i18n.Catalogue(f))
    return words


def fits(page: Page) -> None:
    """Nothing wider than the phone's screen (long French words must not widen the page)."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide"


def test_a_french_device_sees_french_from_the_first_visit(
        browser: Browser, site_url: str, artifacts: Path) -> None:
    context, recorder = device_context(browser, site_url, "phone", locale="fr-FR")
    page = ready_page(context)
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    assert page.inner_text("h1") == "Small Islands"
    assert "Nouvelle partie" in page.inner_text("#app")
    assert page.locator('[data-act="settings"]').inner_text() == "Réglages"
    fits(page)
    page.screenshot(path=artifacts / "i18n-start-fr-phone.png", full_page=True)
    start_game(page, ["Ann", "Bob"])
    rng = random.Random(2)
    play_until(page, rng, lambda st: st["phase"] in ("setup", "preparation", "exploration"))
    if state(page)["phase"] == "setup":  # the game table's first decision, in French
        fits(page)
        page.screenshot(path=artifacts / "i18n-setup-fr-phone.png")
    play_until(page, rng, lambda st: st["phase"] in ("preparation", "exploration"))
    if state(page)["phase"] == "preparation":
        fits(page)
        page.screenshot(path=artifacts / "i18n-objectives-fr-phone.png")
    play_until(page, rng, lambda st: st["stage"] == "place")
    fits(page)
    page.screenshot(path=artifacts / "i18n-place-fr-phone.png")
    assert page_fetched(page)
    assert recorder.problems() == {}
    context.close()


def test_settings_switch_to_french_during_a_game_and_a_reload_keeps_it(
        browser: Browser, site_url: str, artifacts: Path) -> None:
    context, recorder = device_context(browser, site_url, "phone", locale="en-US")
    page = ready_page(context)
    assert page.evaluate(LANG) == "en"
    assert not page_fetched(page)  # English needs no catalogue
    start_game(page, ["Ann", "Bob"])
    st = play_until(page, random.Random(5), lambda st: st["phase"] == "exploration")
    save = page.evaluate("() => localStorage.getItem('small-islands/save')")
    tap_act(page, "menu")
    tap_act(page, "settings")
    tap_act(page, "set", key="language", value="fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    page.wait_for_function("() => document.querySelector('#app h1').textContent === 'Réglages'")
    assert page.locator('[data-key="language"][data-value="fr"]').get_attribute(
        "aria-pressed") == "true"
    assert page_fetched(page)
    fits(page)
    page.screenshot(path=artifacts / "i18n-settings-fr-phone.png", full_page=True)
    tap_act(page, "back")
    page.wait_for_selector('[data-act="continue"]')
    assert page.locator('[data-act="continue"]').inner_text() == "Reprendre Small Islands"
    tap_act(page, "continue")
    page.wait_for_function("() => ['game', 'pass'].includes(document.body.dataset.appScreen)")
    assert page.evaluate("() => localStorage.getItem('small-islands/save')") == save  # as it was
    after = state(page)
    assert (after["phase"], after["seat"]) == (st["phase"], st["seat"])
    page.reload()
    wait_ready(page)
    assert page.evaluate(LANG) == "fr"
    assert page.evaluate(SCREEN) in ("game", "pass")  # the game came back, in French
    if page.evaluate(SCREEN) == "pass":
        assert page.inner_text("#app h1").startswith("Passez l’appareil à")
        fits(page)
        page.screenshot(path=artifacts / "i18n-pass-fr-phone.png")
        tap_act(page, "unlock")
        page.wait_for_function("() => document.body.dataset.appScreen === 'game'")
    assert state(page)["phase"] == st["phase"]
    settings = page.evaluate("() => JSON.parse(localStorage.getItem('games/settings'))")
    assert settings["language"] == "fr"
    tap_act(page, "menu")
    assert page.locator('[data-act="settings"]').inner_text() == "Réglages"
    assert recorder.problems() == {}
    context.close()


def test_the_rules_statistics_and_your_games_in_french_on_a_phone(
        browser: Browser, site_url: str, artifacts: Path) -> None:
    """The long French pages (the rules, Statistics, Your games) fit the phone's width;
    screenshots e2e/artifacts/i18n-rules-fr-phone*.png, i18n-stats-fr-phone.png,
    i18n-history-fr-phone.png."""
    context, recorder = device_context(browser, site_url, "phone", locale="fr-FR")
    page = ready_page(context)
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    # the update banner (index.html's English words, hidden until an update waits)
    reload_words = page.evaluate("() => document.getElementById('update-reload').textContent")
    assert reload_words == "Recharger"
    assert page.evaluate("() => document.querySelector('#update > span').textContent") == (
        "Mise à jour disponible")
    tap_act(page, "rules")
    page.wait_for_function(f"{SCREEN} === 'rules'")
    assert page.inner_text("h1") == "Règles"
    assert "Sommaire" in page.inner_text("#app")
    fits(page)
    page.screenshot(path=artifacts / "i18n-rules-fr-phone.png")
    page.locator("#rules-solo").scroll_into_view_if_needed()
    fits(page)
    page.screenshot(path=artifacts / "i18n-rules-fr-phone-solo.png")
    tap_act(page, "back")
    page.wait_for_function(f"{SCREEN} === 'start'")
    for act, title in (("stats", "Statistiques"), ("history", "Vos parties")):
        tap_act(page, act)
        page.wait_for_function(f"{SCREEN} === '{act}'")
        assert page.inner_text("h1") == title
        fits(page)
        page.screenshot(path=artifacts / f"i18n-{act}-fr-phone.png", full_page=True)
        tap_act(page, "menu")
        page.wait_for_function(f"{SCREEN} === 'start'")
    assert recorder.problems() == {}
    context.close()


def test_ember_isle_in_french_on_a_phone(browser: Browser, site_url: str, artifacts: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Ember Isle on a French phone: a game against Easy played by taps (the buttons found by
    their French words, from the built catalogue), the page never wider than the phone at any
    step; a screenshot of each kind of decision (e2e/artifacts/i18n-ember-<stage>-fr-phone.png)."""
    monkeypatch.setattr(ember_helpers, "say", french().gettext)
    context, recorder = device_context(browser, site_url, "phone", locale="fr-FR")
    page = ready_page(context)
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    ember_helpers.open_ember(page)
    assert "Nouvelle partie" in page.inner_text("#app")
    fits(page)
    page.screenshot(path=artifacts / "i18n-ember-start-fr-phone.png", full_page=True)
    page.fill('[data-field="ei-seed-number"]', "31")  # one game: its first 30 decisions
    ember_helpers.new_game(page, ["Ann", "Bob"], ["human", "easy"])
    seen: set[str] = set()
    made: list[str] = []

    def look(pg: Page, what: str | None) -> None:
        fits(pg)
        st = ember_helpers.state(pg)
        stage = st["stage"] or st["screen"]
        if stage not in seen:
            seen.add(stage)
            pg.screenshot(path=artifacts / f"i18n-ember-{stage}-fr-phone.png")
        if what is not None:
            made.append(what)
        if len(made) >= 30:
            raise StopIteration

    page.wait_for_function("() => document.body.dataset.appScreen === 'ei-game'"
                           " || document.body.dataset.appScreen === 'ei-pass'")
    look(page, None)  # the first decision
    with contextlib.suppress(StopIteration):
        ember_helpers.play_to_end(page, 1200, look)
    assert "clue" in made and len(seen) >= 4, (made, seen)  # clues found by their French words
    assert recorder.problems() == {}
    context.close()


def test_a_whole_small_islands_game_in_french_on_a_phone(
        browser: Browser, site_url: str, artifacts: Path) -> None:
    """Two people play a whole game on a French phone by taps: at every step the page is no
    wider than the phone (long French words must not widen it); a screenshot of the first
    screen of each kind of decision (e2e/artifacts/i18n-game-<phase>-<stage>-fr-phone.png)
    and of the end."""
    context, recorder = device_context(browser, site_url, "phone", locale="fr-FR")
    page = ready_page(context)
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    start_game(page, ["Ann", "Bob"])
    seen: set[str] = set()
    hinted: list[str] = []

    def look(st: dict[str, object]) -> None:
        fits(page)
        kind = f"{st['phase'] or st['screen']}-{st.get('stage') or 'none'}"
        if kind not in seen:
            seen.add(kind)
            page.screenshot(path=artifacts / f"i18n-game-{kind}-fr-phone.png")

    rng = random.Random(5)
    play_until(page, rng, lambda st: st["stage"] == "take", on_step=look)
    tap_act(page, "hint")  # a suggestion, worded in French
    page.wait_for_selector('[data-hint="ready"]')
    open_sheet(page, "hint")
    hinted.append(page.inner_text('[data-hint="ready"] p').strip())
    fits(page)
    page.screenshot(path=artifacts / "i18n-game-hint-fr-phone.png")
    close_sheet(page)
    play_until(page, rng, lambda st: st["screen"] == "over", on_step=look,
               max_steps=4000)
    fits(page)
    page.screenshot(path=artifacts / "i18n-game-over-fr-phone.png", full_page=True)
    text = page.inner_text("#app")
    assert "points" in text.lower() or "PP" in text
    assert {"exploration-take", "exploration-place", "reward-none"} & seen
    assert hinted and hinted[0].startswith(("Prenez", "Faites accoster")), hinted
    assert not re.search(r"\b(Take|then|place|Land|the map)\b", hinted[0]), hinted
    assert recorder.problems() == {}
    context.close()


def test_ember_isles_rules_in_french_on_a_phone(browser: Browser, site_url: str,
                                                artifacts: Path) -> None:
    """Ember Isle's rules page on a French phone: French headings (every section title from
    the built catalogue, none left in English), never wider than the phone; a full-page
    screenshot (e2e/artifacts/i18n-ember-rules-fr-phone.png)."""
    words = french()
    context, recorder = device_context(browser, site_url, "phone", locale="fr-FR")
    page = ready_page(context)
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    ember_helpers.open_ember(page)
    assert page_fetched(page, EMBER_WORDS)  # with its code
    ember_helpers.click(page, '[data-act="ei-rules"]')
    page.wait_for_selector('[data-screen="ei-rules"]')
    assert page.inner_text('[data-screen="ei-rules"] h1') == "Comment jouer à Ember Isle"
    headings = page.locator('[data-screen="ei-rules"] section.ei-rpart > h2').all_inner_texts()
    assert "Les amulettes et leurs pouvoirs" in headings
    assert headings == [words.gettext(title) for _, title in SECTIONS]
    english = {title for _, title in SECTIONS} - {words.gettext(t) for _, t in SECTIONS}
    text = page.inner_text("#app")
    assert not [t for t in english if t in text], "an English section title is shown"
    fits(page)
    page.screenshot(path=artifacts / "i18n-ember-rules-fr-phone.png", full_page=True)
    assert recorder.problems() == {}
    context.close()


def test_a_suggestion_in_french_on_a_tablet(browser: Browser, site_url: str,
                                            artifacts: Path) -> None:
    """A French tablet (820x1180, touch), two players: the suggestion asked for at the first
    take is worded in French beside its highlighted tile, the page no wider than the tablet
    (e2e/artifacts/i18n-hint-fr-tablet.png)."""
    context = browser.new_context(base_url=site_url, viewport={"width": 820, "height": 1180},
                                  has_touch=True, locale="fr-FR")
    recorder = Recorder(origin_of(site_url)).attach(context)
    page = ready_page(context)
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    start_game(page, ["Ann", "Bob"])
    play_until(page, random.Random(3), lambda st: st["stage"] == "take")
    tap_act(page, "hint")
    page.wait_for_selector('[data-hint="ready"]')
    open_sheet(page, "hint")
    reason = page.inner_text('[data-hint="ready"] p').strip()
    assert reason.startswith(("Prenez", "Faites accoster")), reason
    assert page.locator(".hinted").count() >= 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 820
    page.screenshot(path=artifacts / "i18n-hint-fr-tablet.png")
    assert recorder.problems() == {}
    context.close()


def test_ember_isle_switched_to_french_on_screen_fetches_its_words(
        browser: Browser, site_url: str) -> None:
    """An English player opens Ember Isle (no French fetched), then chooses French in its
    Settings: the catalogue and Ember Isle's part are fetched, and Ember Isle's own words (its
    part's) are French at once, none left in English."""
    part = catalogues.readable(gzip.decompress((ROOT / "site" / EMBER_WORDS).read_bytes()),
                               catalogues.read_po(catalogues.po_files()["fr"]))
    own = {k: v for k, v in part.items() if isinstance(k, str) and k and "{" not in k
           and "<" not in k and len(k) > 8 and v != k}
    context, recorder = device_context(browser, site_url, "phone", locale="en-US")
    page = ready_page(context)
    ember_helpers.open_ember(page)
    assert not page_fetched(page) and not page_fetched(page, EMBER_WORDS)
    before = page.inner_text("#app")  # its start screen
    shown = [k for k in own if k in before]
    assert shown, "Ember Isle's start screen shows none of its own words: the check checks nothing"
    ember_helpers.click(page, '[data-act="ei-settings"]')
    page.wait_for_selector('[data-screen="ei-settings"]')
    ember_helpers.click(page, '[data-act="ei-set"][data-key="language"][data-value="fr"]')
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    assert page_fetched(page) and page_fetched(page, EMBER_WORDS)
    ember_helpers.click(page, '[data-act="ei-settings-back"]')
    page.wait_for_selector('[data-screen="ei-start"]')
    page.wait_for_function("(w) => document.querySelector('#app').innerText.includes(w)",
                           arg=own[shown[0]])
    after = page.inner_text("#app")
    assert [k for k in shown if k in after] == [], "Ember Isle's words left in English"
    assert all(own[k] in after for k in shown)
    assert recorder.problems() == {}
    context.close()
