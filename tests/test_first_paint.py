"""Small Islands' picture kept for the next start's first paint (si_web/first_paint.py, kept
by the shell's game_shell/first_paint.py): public by construction, the screen a reload shows
first, the record's format and size cap; and the start screen the build puts into index.html.
(The shell's record for any game, and Ember Isle's picture: tests/test_first_paint_shell.py.)"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from test_web_app import new_app, step

from game_shell import first_paint as shell_paint
from game_shell.first_paint import KEY, MAX_CHARS, Keeper
from game_shell.markup import escape
from si_web import first_paint, words
from si_web.app import SAVE_KEY, App, MemoryStorage
from si_web.first_paint import board_screen
from si_web.panels import objective_text
from small_islands import Game, Options

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools import build  # noqa: E402

BUILD = "0123456789abcdef"
GAME = "small-islands"


def keep(keeper: Keeper, app: App) -> str | None:
    """What the shell's keeper stores with Small Islands on screen (its painter)."""
    return keeper.keep(GAME, lambda: first_paint.public_screen(app))


def secrets(game: Game) -> list[str]:
    """Every seat's secrets as a screen would show them: hand tiles' names, objective texts."""
    found = []
    for seat in range(len(game.seats)):
        v = game.view(seat)
        found += [words.tile_words(t["points"], t["symbols"]) for t in v["hand"]]
        cards = [o["id"] for o in (v["objective"], v["next_objective"]) if o] + list(v["held"])
        for card in cards:  # ("6 PP", a reward's whole text, is also a score: left out)
            found += [t for t in objective_text(card) if t and not re.fullmatch(r"\d+ PP", t)]
    return found


def leaks(html: str, game: Game) -> list[str]:
    """What of the seats' secrets `html` holds (empty when nothing)."""
    found = [mark for mark in ("data-secret", 'class="mini"', "Your hand") if mark in html]
    for text in secrets(game):
        if text in html or escape(text) in html:
            found.append(text)
    return found


def advance(app: App, rng: random.Random) -> None:
    """One tap of the device's player, or one step of the computer seat to move."""
    if app.screen != "watch":
        step(app, rng)
        return
    req = app.auto.request()
    assert req is not None
    if req["kind"] == "alexis":
        app.auto.alexis_step(req["token"])
    else:
        app.auto.fallback(req["token"])


def kept(app: App) -> str:
    """The markup a Keeper stores for the app now."""
    storage = MemoryStorage()
    keep(Keeper(storage, BUILD), app)
    text = storage.data.get(KEY, "")
    head, _, html = text.partition("\n")
    assert head.startswith(f"paint/1 {BUILD} {GAME} ")
    return html


def test_the_leak_check_finds_what_a_seat_sees() -> None:
    """The check below can fail: the device seat's own game screen shows its hand tiles and
    objectives, and the check finds them there."""
    app = new_app()
    rng = random.Random(2)
    while not (app.screen == "game" and app.game is not None and app.game.phase == "exploration"):
        step(app, rng)
    private = app.render()
    found = leaks(private, app.game)
    assert "data-secret" in found and any(" tile" in f for f in found), found
    assert leaks(kept(app), app.game) == []


@pytest.mark.parametrize(
    "options",
    [
        {"seats": ("Ann", "Bob"), "mode": "normal"},
        {"seats": ("Ann", "Bob", "Cy", "Di"), "mode": "advanced"},
        {"seats": ("Ann", "Bob", "Cy"), "mode": "normal", "bots": {1: "easy"}},
        {"seats": ("Me",), "mode": "normal", "solo_level": 3},
    ],
)
def test_no_secret_is_ever_kept(options: dict[str, object]) -> None:
    """Whole games through the UI: after every tap, the kept markup holds none of any seat's
    hand tiles or objective cards (a two-human game keeps the pass screen, others the board)."""
    for seed in range(2):
        app = App(MemoryStorage())
        app.begin(Game.new(Options(seed=seed, **options)))  # type: ignore[arg-type]
        rng = random.Random(seed)
        kinds = set()
        for _ in range(3000):
            g = app.game
            assert g is not None
            if g.phase == "over":
                break
            advance(app, rng)
            html = kept(app)
            assert leaks(html, g) == [], (app.screen, g.phase)
            kinds.add(first_paint.reload_screen(app))
        assert kinds <= {"pass", "board"}
        if len(options["seats"]) - len(options.get("bots", {})) > 1:  # type: ignore[arg-type]
            assert "pass" in kinds
        assert "board" in kinds


def test_the_board_depends_on_public_state_only() -> None:
    """Another deal of the hidden cards (hands, objectives, Discovery values, the stacks'
    order) with the same public state gives the same markup."""
    app = new_app(("Ann", "Bob", "Cy"))
    rng = random.Random(5)
    for _ in range(150):
        step(app, rng)
    g = app.game
    assert g is not None
    before = board_screen(g.public_view(), None)
    other = Game.from_json(g.to_json())
    pool = [t for s in other.seats for t in s.hand] + list(other.navigation) + list(other.reserve)
    rng.shuffle(pool)
    for s in other.seats:
        s.hand = [pool.pop() for _ in s.hand]
        s.now, s.later = s.later, s.now
        s.held = list(reversed(s.held))
        s.discovery = [d + 1 for d in s.discovery]
    other.navigation = list(reversed(other.navigation))
    assert board_screen(other.public_view(), None) == before
    assert [s.hand for s in other.seats] != [s.hand for s in g.seats]


def test_kept_screen_is_what_a_reload_shows_first() -> None:
    """For many positions: a new App over the same storage (a reload) shows the screen the
    record describes (start / pass / the game's board for one human, a computer or the end)."""
    shown = {"start": "start", "pass": "pass", "game": "board", "watch": "board", "over": "board"}
    for names, bots in ((("Ann", "Bob"), {}), (("Me", "Eve"), {1: "easy"})):
        storage = MemoryStorage()
        app = App(storage)
        app.begin(Game.new(Options(seats=names, seed=9, bots=bots)))  # type: ignore[arg-type]
        rng = random.Random(1)
        for n in range(400):
            if app.screen == "start":
                app.handle("continue")
            elif app.screen in ("game", "pass") and n % 25 == 0:
                app.handle("menu")
            else:
                advance(app, rng)
            reloaded = App(MemoryStorage(storage.data))
            assert first_paint.reload_screen(app) == shown[reloaded.screen], (n, app.screen)
            if app.game is not None and app.game.phase == "over":
                break


def test_keeper_writes_a_record_only_when_it_changes() -> None:
    storage = MemoryStorage()
    writes: list[str] = []
    real_set = storage.set

    def counting(key: str, value: str) -> None:
        writes.append(key)
        real_set(key, value)

    storage.set = counting  # type: ignore[method-assign]
    app = App(storage)
    keeper = Keeper(storage, BUILD)
    text = keep(keeper, app)
    assert text is not None and text.startswith(f"paint/1 {BUILD} {GAME} start\n<section")
    assert storage.data[KEY] == text
    keep(keeper, app)
    assert writes.count(KEY) == 1
    app.handle("add-seat")
    keep(keeper, app)
    assert writes.count(KEY) == 2
    assert keep(Keeper(storage, ""), app) is None  # no build tag (not served by a build)


def test_a_broken_save_or_an_oversized_screen_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    storage = MemoryStorage({SAVE_KEY: "{not json"})
    app = App(storage)
    assert app.screen == "broken"
    storage.data[KEY] = f"paint/1 old {GAME} start\n<p>old</p>"
    keep(Keeper(storage, BUILD), app)
    assert KEY not in storage.data
    app = new_app()
    monkeypatch.setattr(shell_paint, "MAX_CHARS", 100)
    keep(Keeper(storage, BUILD), app)
    assert KEY not in storage.data
    assert MAX_CHARS >= 100_000


def test_names_are_escaped_in_the_kept_screen() -> None:
    hostile = "<img src=x onerror=alert(1)>"
    app = App(MemoryStorage())
    app.begin(Game.new(Options(seats=(hostile, "Bob"), seed=3, bots={1: "easy"})))
    html = kept(app)
    assert hostile not in html and escape(hostile) in html


def test_the_build_prerenders_the_start_screen_of_a_newcomer(tmp_path: Path) -> None:
    markup = build.start_screen()
    assert markup == App(MemoryStorage()).render()
    assert markup.startswith('<section class="screen start">')
    site = tmp_path / "site"
    site.mkdir()
    for name in ("index.html", "ember.css"):  # (the games' stylesheets are linked)
        (site / name).write_text((build.WEB / name).read_text())
    build.write_index(site, BUILD)
    page = (site / "index.html").read_text()
    assert f'<html lang="en" data-build="{BUILD}" data-games="' in page
    assert f'<main id="app" class="app" inert>{markup}</main>' in page
    assert build.START_SCREEN not in page and "__SI_BUILD__" not in page
    assert build.START_SCREENS not in page


def test_the_build_prerenders_the_start_screen_in_french_too(tmp_path: Path) -> None:
    """index.html holds the French start screen (and loading words) in a template that
    first-paint.js shows on a French device: the screen Python renders there."""
    from i18n_helpers import language

    found = build.start_screens()
    screens = {lang: words.screen for lang, words in found.items()}
    assert list(screens) == ["en", "fr"] and screens["en"] == build.start_screen()
    with language("fr"):
        assert screens["fr"] == App(MemoryStorage()).render()
    assert "Nouvelle partie" in screens["fr"] and "New game" not in screens["fr"]
    assert found["en"].loading == "Getting the game ready…"
    site = tmp_path / "site"
    site.mkdir()
    for name in ("index.html", "ember.css"):
        (site / name).write_text((build.WEB / name).read_text())
    build.write_index(site, BUILD)
    page = (site / "index.html").read_text()
    found = re.search(r'<template id="start-fr" lang="fr" data-start data-loading="([^"]*)" '
                      r'data-waiting="([^"]*)">(.*?)</template>', page, re.S)
    assert found is not None
    assert found.group(1) == "Préparation du jeu…" and found.group(3) == screens["fr"]
    checker = build._Markup()
    checker.feed(found.group(3))
    assert checker.blocked == []


def test_markup_the_csp_would_block_fails_the_build() -> None:
    checker = build._Markup()
    checker.feed('<p style="color:red" onclick="x()">a</p><script>1</script>')
    assert checker.blocked == ["p style=", "p onclick=", "<script>"]


def test_a_full_storage_drops_the_record_first_and_keeps_none() -> None:
    """The record is the first thing to go when a save does not fit, and none is written
    again on that page (a save matters more than a picture of the next start)."""
    storage = MemoryStorage()
    app = App(storage)
    keeper = Keeper(storage, BUILD)
    keep(keeper, app)
    assert KEY in storage.data
    used = sum(len(k) + len(v) for k, v in storage.data.items())
    storage.quota = used + 50  # a new game fits only without the record
    app.handle("new", {}, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    assert app.game is not None and app.session.raw_save() is not None
    assert KEY not in storage.data and shell_paint.PAGE.full
    assert keep(keeper, app) is None and KEY not in storage.data
    assert shell_paint.give_way(storage) is False  # nothing left to give


def test_a_record_that_does_not_fit_is_given_up() -> None:
    storage = MemoryStorage(quota=3000)
    app = App(storage)
    assert keep(Keeper(storage, BUILD), app) is None  # the start screen alone is bigger
    assert KEY not in storage.data and shell_paint.PAGE.full
