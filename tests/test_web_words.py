"""Issue 11 in CPython: plain words everywhere, Back, Continue, end texts, recap, ringed spots.

The browser half (touch, keyboard, axe, sizes) is e2e/test_phone.py.
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from web_driver import choose, data_of, tappables

from game_shell.widgets import MARKS
from si_web import words
from si_web.app import SAVE_KEY, App, MemoryStorage
from small_islands import Game, IllegalAction, Options

ENGINE = Path(__file__).resolve().parent.parent / "engine" / "small_islands"
# What a player must never read: tile/mission/objective/reward/card ids, coordinates.
ID_PATTERN = re.compile(r"\b[TMORE]\d{1,2}\b|\bL\d\b|\(\s*\d+\s*,\s*\d+\s*\)")
# Engine messages that once reached the screen (issue 11).
ENGINE_TEXTS = ("shares no side", "got ''", "Expecting value", "rotation 0", "seat name must")


class Visible(HTMLParser):
    """The text a player can see or hear: text nodes (not in <title>/<defs>) and the
    accessible names (aria-label, alt, title attributes); data-* values are not shown."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("defs", "style", "script"):
            self.skip += 1
        for k, v in attrs:
            if k in ("aria-label", "alt", "title", "placeholder", "value") and v:
                self.out.append(v)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("defs", "style", "script") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.out.append(data)


def visible(html: str) -> str:
    p = Visible()
    p.feed(html)
    return "\n".join(p.out)


def new_app(names: tuple[str, ...] = ("Ann", "Bob"), **fields: str) -> App:
    app = App(MemoryStorage())
    for _ in range(len(names) - 2):
        app.handle("add-seat")
    app.handle("new", {}, {**{f"name-{i}": n for i, n in enumerate(names)}, **humans(names),
                           **fields})
    return app


def humans(names: tuple[str, ...]) -> dict[str, str]:
    """Every seat human (a newcomer's form plays against a computer)."""
    return {f"kind-{i}": "human" for i in range(len(names))} if len(names) > 1 else {}


def step(app: App, rng: random.Random) -> None:
    item = choose(tappables(app.render()), rng)
    assert item is not None
    app.handle(item["data-act"], data_of(item), {})


def test_every_refusal_code_of_the_engine_has_plain_words() -> None:
    source = "\n".join(p.read_text() for p in ENGINE.glob("*.py"))
    codes = set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', source))
    assert len(codes) > 30
    assert codes <= set(words.REFUSALS), codes - set(words.REFUSALS)
    for text in words.REFUSALS.values():
        assert not ID_PATTERN.search(text)
    exc = IllegalAction("not_adjacent", "SSSLLLSS:port at (1, 2) rotation 0 shares no side")
    assert words.refusal(exc) == "That spot must touch a tile: choose a highlighted spot."


def test_form_and_save_problems_are_plain_words() -> None:
    app = App(MemoryStorage())
    app.handle("new", {}, {"name-0": "  "})
    assert app.form_error == "Give every player a name."
    for raw, text in (
        ("", "damaged"),
        ('{"format": "small-islands/99"}', "newer version"),
        ('{"format": "chess/1"}', "not a Small Islands game"),
        ('{"format": "small-islands/1", "options": {"seats": []}, "actions": []}', "no longer"),
    ):
        html = App(MemoryStorage({SAVE_KEY: raw})).render()
        assert text in html
        assert "Expecting value" not in html and "format" not in visible(html).lower()


@pytest.mark.parametrize(
    "names, fields, seed",
    [
        (("Ann", "Bob"), {"mode": "normal"}, 1),
        (("Ann", "Bob", "Cy"), {"mode": "advanced", "kind-2": "easy"}, 2),
        (("Me",), {"solo": "1"}, 3),
    ],
)
def test_no_id_coordinate_or_engine_message_on_any_screen_of_a_full_game(
    names: tuple[str, ...], fields: dict[str, str], seed: int
) -> None:
    app = App(MemoryStorage())
    if fields.pop("solo", None):
        app.handle("form-solo", {"solo": "1"})
    app.handle("new", {}, {**{f"name-{i}": n for i, n in enumerate(names)}, **humans(names),
                           **fields})
    assert app.game is not None
    rng = random.Random(seed)
    seen = set()
    for _ in range(4000):
        if app.screen == "watch":
            req = app.auto.request()
            assert req is not None
            if req["kind"] == "alexis":
                app.auto.alexis_step(req["token"])
            else:
                app.auto.fallback(req["token"])
        html = app.render()
        text = visible(html)
        found = ID_PATTERN.findall(text)
        assert not found, (app.screen, app.stage().name, found, text[:2000])
        assert not any(t in text for t in ENGINE_TEXTS)
        seen.add(app.stage().name)
        if app.screen == "over":
            break
        if app.screen == "watch":
            continue
        if app.screen == "game" and rng.random() < 0.1:  # an illegal tap: words, not engine text
            app.handle("cell", {"x": "0", "y": "0"})
            assert app.message is None or not ID_PATTERN.search(app.message)
        step(app, rng)
    assert app.screen == "over", seen
    assert {"take", "place", "bonus", "reward"} <= seen


def test_back_closes_the_drawer_asks_in_a_game_and_never_loses_it() -> None:
    app = new_app()
    assert app.can_back()
    app.back()  # on the pass screen: asks
    assert app.leave_asked and app.screen == "pass" and "Leave the game?" in app.render()
    app.handle("stay")
    assert not app.leave_asked
    app.handle("unlock")
    app.handle("status")
    app.back()
    assert not app.sheet and not app.leave_asked and app.screen == "game"
    app.back()
    assert app.leave_asked and 'role="alertdialog"' in app.render()
    app.back()  # Back again closes the question
    assert not app.leave_asked and app.screen == "game"
    before = app.game.to_json() if app.game else ""
    app.back()
    app.handle("menu")  # "Go to the menu"
    assert app.screen == "start" and app.can_back()
    app.back()  # Back from the menu opened over the game: the same turn, no pass screen
    assert app.screen == "game" and app.game is not None and app.game.to_json() == before
    app.handle("menu")
    app.handle("rules")
    app.back()
    assert app.screen == "start"


@pytest.mark.parametrize("screen", ["rules", "settings", "explorer"])
def test_back_on_a_screen_with_a_back_button_does_what_it_does(screen: str) -> None:
    """The browser's Back taps the screen's own Back button (`Screen.back_act`)."""
    by_back, by_button = App(MemoryStorage()), App(MemoryStorage())
    for app in (by_back, by_button):
        app.handle(screen)
        assert app.screen != "start" and "back" in {t["data-act"] for t in tappables(app.render())}
        assert app.can_back()
    by_back.back()
    by_button.handle("back")
    assert by_back.screen == by_button.screen == "start"


def test_continue_does_not_make_the_same_player_pass_to_themselves() -> None:
    app = new_app()
    app.handle("unlock")
    seat = app.viewer
    app.handle("menu")
    assert app.screen == "start"
    app.handle("continue")
    assert app.screen == "game" and app.viewer == seat
    # after a reload nobody is known to hold the device: the pass screen first
    reloaded = App(app.storage)
    assert reloaded.screen == "pass"
    reloaded.handle("menu")
    reloaded.handle("continue")
    assert reloaded.screen == "pass"


def finish(app: App, rng: random.Random) -> None:
    for _ in range(5000):
        if app.screen == "over":
            return
        if app.screen == "watch":
            req = app.auto.request()
            assert req is not None
            if req["kind"] == "alexis":
                app.auto.alexis_step(req["token"])
            else:
                app.auto.fallback(req["token"])
            continue
        step(app, rng)
    raise AssertionError("not over")


def test_end_screen_texts_for_winners_and_solo() -> None:
    for seed in range(6):
        g = Game.new(Options(seats=("Me",), solo_level=1, seed=seed, alexis_decides=True))
        app = App(MemoryStorage({SAVE_KEY: g.to_json()}))
        finish(app, random.Random(seed))
        html = app.render()
        assert "Ties are broken by most houses" not in html  # the multi-player rule
        assert "a tie goes to him" in html
        assert "count only for a player who wins" in html or "No new achievement" in html or (
            'data-ticks="1"' in html
        )
    app = new_app()
    finish(app, random.Random(4))
    html = app.render()
    assert "Ties are broken by most houses" in html
    # two humans: someone human won, so never "they count only for a player who wins"
    assert "count only for a player who wins" not in html


def test_recap_lists_and_frames_what_the_others_did_since_your_turn() -> None:
    app = new_app()
    rng = random.Random(9)
    while not (app.screen == "game" and app.game and app.game.phase == "exploration"):
        step(app, rng)
    first = app.viewer
    while app.screen != "pass" or app.game is None or app.game.to_move == first:
        step(app, rng)
    app.handle("unlock")
    while app.viewer == first or app.screen != "game":
        step(app, rng)
        if app.screen == "pass":
            app.handle("unlock")
    # play on to the first human's next turn, where the second human's moves are recapped
    def back_to_first(a: App) -> bool:
        return a.screen == "game" and a.viewer == first and bool(a.game) and a.game.stage == "take"

    while not back_to_first(app):
        step(app, rng)
        if app.screen == "pass":
            app.handle("unlock")
    parts = app.render_parts()
    assert parts is not None
    assert 'data-recap="1"' in parts["si-recap"] and "Since your turn" in parts["si-recap"]
    other = app.game.seats[1 - first] if app.game else None
    assert other is not None and f"<b>{other.name}</b> placed" in parts["si-recap"]
    # marked on the map by a badge in the other's colour (no house piece: issue 28)
    marks = parts["board-recent"]
    assert 'class="last-mark' in marks and f"f-{other.colour}" in marks
    assert f"#g-home-{other.colour}" not in marks.split('class="last-marks')[1]
    assert f"{other.name} placed a tile" in marks


def test_player_marks_differ_in_shape_not_only_colour() -> None:
    marks = [MARKS[c] for c in ("blue", "red", "yellow", "purple")]
    assert all(marks) and len(set(marks)) == 4


def test_ringed_spots_wait_for_an_island_when_they_would_be_too_small() -> None:
    rng = random.Random(21)
    app = new_app()
    for _ in range(5000):
        if app.screen == "game" and "house" in {t["data-act"] for t in tappables(app.render())}:
            break
        step(app, rng)
    else:
        raise AssertionError("no house spot reached")
    app.set_map_px((390.0, 420.0))  # a phone
    parts = app.render_parts()
    assert parts is not None
    if 'data-act="house"' in parts["board-marks"]:  # already big enough at this fit
        return
    assert 'data-act="focus"' in parts["board-marks"] and "sym-dot" in parts["board-marks"]
    item = next(t for t in tappables(app.render()) if t["data-act"] == "focus" and "data-x" in t)
    app.handle("focus", data_of(item))
    parts = app.render_parts()
    assert parts is not None and 'data-act="house"' in parts["board-marks"]
    x, y, w, h = (float(v) for v in parts["board-vb"].split())
    assert min(390 / w, 420 / h) * 32 >= 32  # rings at least 32 px across
    app.handle("cancel")
    assert app.choices.focus is None


def test_news_says_each_move_and_score_once() -> None:
    app = new_app()
    assert app.news() == ""
    app.handle("unlock")
    app.handle("layout-accept")
    said = app.news()
    assert "arranged the starting tiles" in said and not ID_PATTERN.search(said)
    assert app.news() == ""


def test_news_names_the_winner_once_at_the_end() -> None:
    """The live region says who won (the end screen's words), once, when the last move is
    made; never before."""
    from unittest import mock

    from test_web_fuzz import start
    from web_driver import play_through_ui

    from game_shell.celebrate import winner_words

    app = App(MemoryStorage())
    with mock.patch("random.SystemRandom", lambda: random.Random(5)):
        start(app, {"kinds": ["human", "easy"], "mode": "normal"})
    heard: list[str] = []

    def listen(a: App) -> bool:
        heard.append(a.news())
        return False

    play_through_ui(app, seed=5, until=listen)
    heard.append(app.news())
    assert app.game is not None and app.game.phase == "over"
    first = sorted((r for r in app.game.scores() if r["rank"] == 1), key=lambda r: r["seat"])
    words_said = winner_words([(str(r["name"]), int(r["total"])) for r in first])
    assert sum(words_said in h for h in heard) == 1, [h for h in heard if "win" in h]
    assert words_said in heard[-1] or words_said in heard[-2]
