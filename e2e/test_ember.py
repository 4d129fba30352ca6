"""Ember Isle in real Chromium: chosen from the start screen (its code fetched only then),
whole games played to the end by taps on a phone (a person and a computer; two people), a
reload mid-turn, an offline start, privacy of hands, axe-core on its screens, screenshots at
phone and tablet size (e2e/artifacts/ember-*.png)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Recorder, origin_of, wait_controlled, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page
from test_phone import DEVICES, SEEN_TEXT, SIZES, check_axe

from ember_helpers import click, my_move, new_game, open_ember, play_to_end, state
from ember_isle import Game

SAVE = "ember-isle/save"
ARCHIVE = "ember.pack.gz"
CARDS = "() => [...document.querySelectorAll('[data-card]')].map((e) => e.dataset.card)"
MINE = "() => document.querySelector('[data-mine=\"1\"]')"
IDS = r"\b(?:not_)?(?:in|beside|near|in_largest)[:_][a-z]+\b|\bV[1-4]\b|\bT[1-4]\b|-?\d+,\s?-?\d+"


@pytest.fixture
def phone(browser: Browser, site_url: str) -> Iterator[tuple[Page, Recorder]]:
    yield from _page(browser, site_url, "phone")


@pytest.fixture
def tablet(browser: Browser, site_url: str) -> Iterator[tuple[Page, Recorder]]:
    yield from _page(browser, site_url, "tablet")


def _page(browser: Browser, site_url: str, device: str) -> Iterator[tuple[Page, Recorder]]:
    context = browser.new_context(base_url=site_url, **DEVICES[device])
    recorder = Recorder(origin_of(site_url)).attach(context)
    page = context.new_page()
    # what the page and its workers fetch (not the service worker's precaching)
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if r.service_worker is None else None)
    page.goto("./")
    wait_ready(page)
    setattr(page, "ember_fetched", fetched)  # noqa: B010
    yield page, recorder
    context.close()


def saved_game(page: Page) -> Game:
    raw = page.evaluate(f"() => localStorage.getItem('{SAVE}')")
    return Game.from_json(json.loads(raw)["game"])


def check_words_and_sizes(page: Page, where: str) -> None:
    import re

    text = page.evaluate(SEEN_TEXT)
    found = re.findall(IDS, text)
    assert not found, f"{where}: ids or coordinates {found}"
    sizes = page.evaluate(SIZES)
    assert sizes["small"] == [], f"{where}: controls under 44 px: {sizes['small']}"
    bar = page.evaluate(
        """() => { const b = document.getElementById('ei-actions'); if (!b) return null;
             const r = b.getBoundingClientRect();
             return r.top >= 0 && r.bottom <= innerHeight + 0.5; }"""
    )
    assert bar in (None, True), f"{where}: the action bar is off screen"


def test_a_person_and_a_computer_play_to_the_end_on_a_phone(
    phone: tuple[Page, Recorder], artifacts: Path
) -> None:
    page, recorder = phone
    fetched: list[str] = page.ember_fetched  # type: ignore[attr-defined]
    assert not any(u.endswith(ARCHIVE) for u in fetched)  # Small Islands' start
    check_axe(page, "the start screen with both games")
    open_ember(page)
    assert any(u.endswith(ARCHIVE) for u in fetched)  # fetched once chosen
    page.screenshot(path=artifacts / "ember-phone-form.png")
    check_axe(page, "Ember Isle's new-game form")
    check_words_and_sizes(page, "form")
    new_game(page, ["Ann", "Bob"], ["human", "easy"])
    shots: set[str] = set()

    def look(p: Page, what: str) -> None:
        st = state(p)
        if st["stage"] == "turn" and "turn" not in shots and st["mine"]:
            shots.add("turn")
            # a clue chosen, its effect previewed on the map before confirming
            card = '[data-act="ei-card"]:not([disabled])'
            if p.locator(card).count():
                click(p, card)
                click(p, '[data-act="ei-option"]')
                assert "This clue leaves" in p.inner_text("#ei-actions")
                p.screenshot(path=artifacts / "ember-phone-preview.png")
                check_axe(p, "a clue previewed")
                check_words_and_sizes(p, "a clue previewed")
                click(p, '[data-act="ei-cancel"]')
            p.screenshot(path=artifacts / "ember-phone-turn.png")
            check_axe(p, "a turn")
        if st["stage"] == "offer" and "offer" not in shots and st["mine"]:
            shots.add("offer")
            p.screenshot(path=artifacts / "ember-phone-offer.png")
            check_axe(p, "a claim-or-pass offer")
            check_words_and_sizes(p, "offer")

    def step(p: Page, what: str) -> None:
        look(p, what)

    look(page, "start")
    done = play_to_end(page, on_step=step)
    assert done.get("clue", 0) > 0
    # the computer thought in the bot worker, not on the main thread
    assert page.evaluate("() => document.body.dataset.emberWorker") == "answered"
    assert page.locator("[data-seed]").inner_text().startswith("Game number ")  # to play it again
    page.screenshot(path=artifacts / "ember-phone-over.png", full_page=True)
    check_axe(page, "the end screen")
    g = saved_game(page)
    assert g.phase == "over"
    text = page.inner_text("#app")
    for row in g.scores():
        assert f"{row['name']}" in text and f"{row['total']} points" in text
    # kept for "Your games": one summary, listed beside Small Islands' games
    kept = json.loads(page.evaluate("() => localStorage.getItem('ember-isle/history')"))
    assert len(kept["games"]) == 1 and kept["games"][0]["moves"] == len(g.actions)
    click(page, '[data-act="ei-leave"]')
    # back on Small Islands' start screen
    page.wait_for_selector('[data-act="open-game"][data-game="ember-isle"]')
    assert "Ember Isle, finished" in page.inner_text("#app")
    click(page, '[data-act="history"]')
    page.wait_for_selector('[data-kind="ember-isle"]')
    assert "Ember Isle · " in page.inner_text('[data-kind="ember-isle"]')
    assert recorder.problems() == {}


def test_two_people_play_to_the_end_and_never_see_each_others_cards(
    phone: tuple[Page, Recorder], artifacts: Path
) -> None:
    page, recorder = phone
    open_ember(page)
    new_game(page, ["Ann", "Bob"], ["human", "human"])
    passes = 0
    steps = 0
    while True:
        st = state(page)
        if st["screen"] == "ei-over":
            break
        steps += 1
        assert steps < 2000
        dom_cards = set(page.evaluate(CARDS))
        g = saved_game(page)
        if st["screen"] == "ei-pass":
            passes += 1
            assert dom_cards == set(), "the pass screen shows cards"
            assert "looked at" not in page.inner_text("#app")
            if passes == 2:
                page.screenshot(path=artifacts / "ember-phone-pass.png")
                check_axe(page, "the pass screen")
            click(page, '[data-act="ei-unlock"]')
            continue
        me = g.to_move
        assert me is not None
        other = set(g.seats[1 - me].hand) - set(g.seats[me].hand)
        assert not (dom_cards & other), "the other seat's cards are in the DOM"
        assert dom_cards <= set(g.seats[me].hand)
        my_move(page)
    assert passes >= 4
    assert recorder.problems() == {}


def test_a_reload_mid_turn_resumes_exactly(phone: tuple[Page, Recorder], artifacts: Path) -> None:
    page, recorder = phone
    open_ember(page)
    new_game(page, ["Ann", "Bob"], ["human", "easy"])
    # play until the person is in the middle of a move (a bound made, bounds left)
    for _ in range(400):
        st = state(page)
        if st["screen"] == "ei-game" and st["mine"] and st["stage"] == "move":
            break
        if st["screen"] == "ei-game" and not st["mine"]:
            page.wait_for_function("() => document.querySelector('[data-mine=\"1\"]') "
                                   "|| document.body.dataset.appScreen !== 'ei-game'")
            continue
        if st["stage"] == "turn" and page.locator('[data-act="ei-hex"]').count():
            click(page, '[data-act="ei-hex"]')
            click(page, '[data-act="ei-confirm"]')
            continue
        my_move(page)
    else:
        raise AssertionError("never mid-move")
    before: dict[str, Any] = {
        "save": page.evaluate(f"() => localStorage.getItem('{SAVE}')"),
        "targets": page.locator('[data-act="ei-hex"]').count(),
        "ask": page.inner_text("#ei-say"),
        "cards": page.evaluate(CARDS),
    }
    page.screenshot(path=artifacts / "ember-phone-before-reload.png")
    page.reload()
    wait_ready(page)
    mid_move = '[data-screen="ei-game"][data-stage="move"][data-mine="1"]'
    page.wait_for_selector(mid_move, timeout=120_000)
    assert page.evaluate(f"() => localStorage.getItem('{SAVE}')") == before["save"]
    assert page.locator('[data-act="ei-hex"]').count() == before["targets"]
    assert page.inner_text("#ei-say") == before["ask"]
    assert page.evaluate(CARDS) == before["cards"]
    page.screenshot(path=artifacts / "ember-phone-after-reload.png")
    assert recorder.problems() == {}


def test_ember_isle_starts_offline(browser: Browser, site_url: str, artifacts: Path) -> None:
    context: BrowserContext = browser.new_context(base_url=site_url, **DEVICES["phone"])
    recorder = Recorder(origin_of(site_url)).attach(context)
    page = context.new_page()
    try:
        page.goto("./")
        wait_ready(page)
        wait_controlled(page)  # the service worker has precached the site (Ember Isle too)
        context.set_offline(True)
        page.reload()
        wait_ready(page)
        open_ember(page)  # its archive from the service worker's cache
        new_game(page, ["Ann", "Bob"], ["human", "medium"])
        # the computer (in the worker, which fetches the archive offline too) plays its turns
        for _ in range(60):
            st = state(page)
            if st["screen"] == "ei-game" and st["stage"] in ("turn", "offer") and st["mine"]:
                break
            if not st["mine"]:
                page.wait_for_function(MINE, timeout=120_000)
                continue
            my_move(page)
        assert state(page)["stage"] in ("turn", "offer")
        g = saved_game(page)
        assert any(s.rover is not None for s in g.seats if s.bot)  # the computer played
        assert page.evaluate("() => document.body.dataset.emberWorker") == "answered"
        page.screenshot(path=artifacts / "ember-phone-offline.png")
        assert recorder.problems().get("console_errors") is None
    finally:
        context.close()


def test_tablet_rules_and_a_game(tablet: tuple[Page, Recorder], artifacts: Path) -> None:
    page, recorder = tablet
    open_ember(page)
    click(page, '[data-act="ei-rules"]')
    page.wait_for_selector('[data-screen="ei-rules"]')
    page.screenshot(path=artifacts / "ember-tablet-rules.png", full_page=True)
    check_axe(page, "the rules")
    check_words_and_sizes(page, "rules")
    click(page, '[data-act="ei-rules-back"]')
    # (Cleo the hard computer: her moves come from the worker too)
    new_game(page, ["Ann", "Bob", "Cleo"], ["human", "easy", "hard"], "random")
    for _ in range(200):
        st = state(page)
        if st["mine"] and st["stage"] == "turn":
            break
        if not st["mine"]:
            page.wait_for_function(MINE, timeout=120_000)
            continue
        my_move(page)
    page.screenshot(path=artifacts / "ember-tablet-turn.png")
    check_axe(page, "a turn on a tablet")
    check_words_and_sizes(page, "a turn on a tablet")
    assert recorder.problems() == {}


def test_who_goes_first_follows_a_name_as_it_is_typed(phone: tuple[Page, Recorder]) -> None:
    """Issue 28: "Who goes first: Player 1 (You)" after the player renamed themselves."""
    page, recorder = phone
    open_ember(page)
    page.wait_for_selector('[data-screen="ei-start"]')
    first = "document.querySelector('[data-field=\"ei-first\"] option[value=\"0\"]').textContent"
    page.fill('[data-field="ei-name-0"]', "Zoe")
    page.wait_for_function(f"() => {first} === 'Player 1 (Zoe)'")
    page.fill('[data-field="ei-name-0"]', "")
    page.wait_for_function(f"() => {first} === 'Player 1'")
    assert recorder.problems() == {}
