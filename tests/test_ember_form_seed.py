"""The new-game form's game number (its seed, docs/EMBER.md section 5.1) and the table's sheet
of discarded clue cards (public, section 11)."""

from __future__ import annotations

import random
import re

import pytest

from ei_web import words
from ei_web.app import EmberApp
from ember_web_driver import play_action, tap
from game_shell.storage import MemoryStorage

FORM = {"ei-name-0": "Ann", "ei-name-1": "Bob", "ei-kind-0": "human", "ei-kind-1": "medium",
        "ei-map": "random", "ei-objects": "random"}


def start(number: str, storage: MemoryStorage | None = None) -> EmberApp:
    app = EmberApp(storage or MemoryStorage())
    app.handle("ei-new", {}, {**FORM, "ei-seed-number": number})
    return app


def test_the_same_number_and_settings_give_the_same_game() -> None:
    a, b = start("20261201"), start(" 20 261 201 ")  # spaces are only read past
    assert a.game is not None and b.game is not None, a.form_error
    assert a.game.options.seed == b.game.options.seed == 20261201
    assert a.game.to_json() == b.game.to_json()  # the island, its objects, the decks, who starts
    rng = random.Random(1)
    for _ in range(12):  # and the same moves give the same game on
        if a.game.phase == "over":
            break
        if a.auto.bot_seat() is not None:
            assert a.auto.local(a.auto.token) and b.auto.local(b.auto.token)
            continue
        act = rng.choice(a.legal())
        play_action(a, act)
        play_action(b, act)
        assert a.game.to_json() == b.game.to_json()
    other = start("20261202")
    same = start("20261201").game
    assert other.game is not None and same is not None and other.game.to_json() != same.to_json()
    fresh = start("")
    assert fresh.game is not None and fresh.game.options.seed is not None  # a new one each time


def test_the_number_is_kept_with_the_forms_settings() -> None:
    storage = MemoryStorage()
    app = start("77", storage)
    assert app.game is not None
    again = EmberApp(storage)
    assert again.form["seed"] == "77"
    app.handle("ei-menu", {}, {})
    assert 'data-field="ei-seed-number" value="77"' in again.render() + app.render()
    assert "Game number (optional)" in app.render()


@pytest.mark.parametrize("bad", ["12a", "-5", "1.5", "1234567890123456", "seven", "1e9"])
def test_a_bad_number_is_refused_in_words(bad: str) -> None:
    storage = MemoryStorage()
    app = start(bad, storage)
    assert app.game is None  # no game started
    assert app.form_error is not None and "game number" in app.form_error
    assert app.form_error == words.form_problem(ValueError("game number: bad"))
    html = app.render()
    assert app.form_error in html and 'role="alert"' in html
    assert f'value="{bad}"' in html  # kept as typed, to be corrected
    assert "ValueError" not in html and "MAX_SEED" not in html


def test_the_discard_sheet_lists_exactly_the_public_clue_discard() -> None:
    app = EmberApp(MemoryStorage())
    app.handle("ei-new", {}, {**FORM, "ei-kind-1": "human", "ei-seed-number": "5"})
    g = app.game
    assert g is not None
    rng = random.Random(5)
    checked = 0
    for _ in range(1500):
        if g.phase == "over" or checked >= 3:
            break
        if app.screen == "pass":
            tap(app, "ei-unlock")
            continue
        html = app.render()
        shown = re.findall(r'<li data-clue="([^"]+)">', html)
        assert shown == g.public_view()["clue_discard"] == g.clue_discard
        if shown and len(shown) > checked:
            checked = len(shown)
            assert 'data-sheet="discard"' in html
            assert f'<span class="badge-n">{len(shown)}</span>' in html
            for c in shown:
                assert words.clue(c) in html
            tap(app, "ei-sheet", sheet="discard")
            assert app.sheet == "discard"
            sheet = app.render().split('id="ei-sheet-discard"', 1)[1].split("</section>", 1)[0]
            assert "Discarded clue cards" in sheet and sheet.count('class="ei-icon"') == len(shown)
            tap(app, "ei-sheet", sheet="discard")
            assert app.sheet is None
        play_action(app, rng.choice(app.legal()))
    assert checked, "no clue card was discarded"
