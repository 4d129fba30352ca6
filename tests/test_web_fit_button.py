"""The map's "Fit" button shows only on a map the player has panned or zoomed, or on a phone's
map that frames the seat's own area readably (`viewport.readable`), until Fit shows it all.

Until then the map fits its content by itself and the button would do nothing; shown anyway,
it sat over the map's bottom corner, where a tap target could lie under it (a tap there fits
the map instead of acting). Earlier the map was moved or zoomed out to keep targets clear of
it, which could not clear every target on a phone's map at its least scale (11 of 866
renders for a left-handed player). The controller adds the button when a gesture starts
(`controller.set_viewbox`) and removes it when a render's map has none (`show_fit`); the
browser tests check both (`e2e/test_phone.py`, `e2e/test_game_four.py`).
"""

from __future__ import annotations

import random
from typing import Any
from unittest import mock

from test_web_fuzz import answer, start
from web_driver import choose, data_of, run_until_watch, tappables

from game_shell.storage import MemoryStorage
from si_web import viewport
from si_web.app import App
from si_web.game_screen import fit_button

FIT = 'data-act="fit"'
CONFIGS: list[dict[str, Any]] = [
    {"kinds": ["human", "human"], "mode": "normal"},
    {"kinds": ["human", "human", "human", "human"], "mode": "advanced"},
    {"kinds": ["human", "easy"], "mode": "advanced"},
    {"solo": "3", "decides": "me", "mode": "normal"},
]


def test_the_button_is_a_named_touch_button() -> None:
    html = fit_button()
    assert FIT in html and 'class="btn fit"' in html
    assert 'aria-label="Fit the map to the screen"' in html and ">Fit</button>" in html


def computer_moved(app: App) -> bool:
    """Answer the app's request for a computer seat's (or Alexis's) move, if it has one."""
    req = app.auto.request()
    if req is None:
        return False
    if req["kind"] == "alexis":
        assert app.auto.alexis_step(req["token"])
    else:
        assert app.auto.apply(answer(req), req["token"])
    return True


def play(app: App, rng: random.Random) -> tuple[int, int, int]:
    """Play the game to its end through random taps, panning the map now and then as a
    gesture does (the controller sets `user_viewbox`) and tapping Fit now and then when it
    shows; check every game screen: the Fit button shows exactly when the map is the
    player's. Returns (game renders, of them with
    the button, taps on it)."""
    renders = shown = fits = 0
    for _ in range(6000):
        g = app.game
        if g is not None and g.phase == "over":
            return renders, shown, fits
        if computer_moved(app):
            continue
        if app.screen == "game" and rng.random() < 0.08:  # a pan or a pinch
            x, y = rng.uniform(-200, 600), rng.uniform(-200, 600)
            w = rng.uniform(300, 900)
            app.set_viewbox((x, y, w, w * 0.75))
            app.remember_view()
        html = app.render()
        if app.screen == "game":
            parts = app.render_parts()
            assert parts is not None
            renders += 1
            panned = app.user_viewbox is not None
            box = tuple(float(x) for x in parts["board-vb"].split())
            # or a phone's map framed on the seat's own area (readable), until Fit is tapped
            framed = not panned and FIT in parts["board-wrap"]
            if framed:
                assert not app.whole_map and app.map_px is not None
                assert viewport.scale(box, app.map_px) >= viewport.READABLE_SCALE - 1e-9
            assert (FIT in parts["board-wrap"]) == (panned or framed), app.user_viewbox
            assert (FIT in html) == (panned or framed)
            shown += panned or framed
        offered = tappables(html)
        fit = [it for it in offered if it["data-act"] == "fit"]
        item = fit[0] if fit and rng.random() < 0.3 else choose(offered, rng)
        if item is not None:
            fits += item["data-act"] == "fit"
            app.handle(item["data-act"], data_of(item), {})
            if item["data-act"] == "fit":
                assert app.user_viewbox is None
                assert FIT not in app.render()
    raise AssertionError("the game did not end")


def test_whole_games_show_fit_exactly_on_a_panned_map() -> None:
    totals = [0, 0, 0]
    for n in range(4):
        app = App(MemoryStorage())
        app.set_map_px((390.0, 422.0))
        with mock.patch("random.SystemRandom", lambda n=n: random.Random(n)):  # the same games
            start(app, CONFIGS[n % len(CONFIGS)])
        for i, count in enumerate(play(app, random.Random(n))):
            totals[i] += count
    renders, shown, fits = totals
    assert renders > 300
    assert 0 < shown < renders  # both kinds of map were drawn
    assert fits > 0  # and the button was tapped


def test_the_map_shown_while_a_computer_plays_has_fit_once_panned() -> None:
    """The watch screen (a computer's turn) keeps the player's pan too: Fit shows there on a
    panned map only, and fits it without leaving the computer's turn."""
    app = App(MemoryStorage())
    app.set_map_px((390.0, 422.0))
    kinds = ["human", "easy"]
    fields = {"name-0": "Ann", "name-1": "Bob", "kind-0": kinds[0], "kind-1": kinds[1]}
    app.handle("new", {"confirmed": "1"}, {**fields, "mode": "normal", "speed": "normal"})
    run_until_watch(app, seed=3)
    assert FIT not in app.render()
    app.set_viewbox((0.0, 0.0, 500.0, 375.0))  # a pan, as the controller records it
    app.remember_view()
    html = app.render()
    assert FIT in html and "fit" in {it["data-act"] for it in tappables(html)}
    app.handle("fit", {"act": "fit"}, {})
    assert app.user_viewbox is None and app.screen == "watch"
    assert FIT not in app.render()


def test_on_a_small_phone_every_placing_map_shows_a_target_whole() -> None:
    """At 360x300 (a small phone's map) every game screen with tiles to place or ships to land
    frames at least one of its targets whole, at >= 32 px (`viewport.most_targets`). (This
    four-seat game's table spreads so that the centred crop used before showed only sea.)"""
    checked = 0
    for n in range(1):
        app = App(MemoryStorage())
        app.set_map_px((360.0, 300.0))
        with mock.patch("random.SystemRandom", lambda n=n: random.Random(140 + n)):
            start(app, CONFIGS[1 - n])
        rng = random.Random(n)
        for _ in range(6000):
            g = app.game
            if g is not None and g.phase == "over":
                break
            if computer_moved(app):
                continue
            html = app.render()
            offered = tappables(html)
            cells = [it for it in offered if it["data-act"] in ("cell", "focus")
                     and "data-x" in it and "target" in it.get("class", "")]
            if app.screen == "game" and cells and app.user_viewbox is None:
                parts = app.render_parts()
                assert parts is not None
                box = tuple(float(x) for x in parts["board-vb"].split())
                assert len(box) == 4
                shown = {(int(c["data-x"]), int(c["data-y"])) for c in cells}
                for prev in (app.choices.preview, app.choices.land_at):  # or what is previewed
                    if prev:
                        shown.add((prev[0], prev[1]))
                assert any(viewport.cell_inside(x, y, box) for x, y in shown), (box, shown)
                checked += 1
            item = choose(offered, rng)
            if item is not None:
                app.handle(item["data-act"], data_of(item), {})
        else:
            raise AssertionError("the game did not end")
    assert checked > 50
