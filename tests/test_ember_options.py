"""Ember Isle's new-game options in the app (CPython): the island (default, random, any
arrangement of its three pieces, named in words), who places the huts, palm trees and statues,
the basic island without the volcano, who goes first; players placing objects by taps, a
statue's facing chosen with buttons in words; whole games with these options."""

from __future__ import annotations

import random
import re

import pytest

from ei_web import form as form_mod
from ei_web.app import EmberApp
from ember_isle import PlaceObject
from ember_isle.content import ARRANGEMENTS, DEFAULT_MAP
from ember_web_driver import play_out, tap
from game_shell.storage import MemoryStorage


def start(fields: dict[str, str], kinds: tuple[str, ...] = ("human", "human")) -> EmberApp:
    app = EmberApp(MemoryStorage())
    while len(app.form["names"]) < len(kinds):
        app.handle("ei-add-seat", {}, {})
    base = {f"ei-kind-{i}": k for i, k in enumerate(kinds)}
    base |= {f"ei-name-{i}": n for i, n in enumerate(("Ann", "Bob", "Cleo", "Dev")[: len(kinds)])}
    app.handle("ei-new", {}, {**base, **fields})
    assert app.game is not None, app.form_error
    return app


def test_the_form_offers_every_option_in_words() -> None:
    html = EmberApp(MemoryStorage()).render()
    for field in ("ei-map", "ei-objects", "ei-volcano", "ei-first"):
        assert f'data-field="{field}"' in html
    text = re.sub(r"<[^>]*>", " ", html)
    assert "Great jungle, Grass bay, Crater lakes" not in text  # that is "The default island"
    assert "Jungle lake, Grass bay, Ridge" in text and "The players place them" in text
    assert "Basic island: no volcano, no lava" in text and "Player 2 (Bob)" in text
    assert not re.search(r"\b[ABC][12][ABC][12]", text)  # arrangement ids only as values
    assert len(form_mod.PIECES) == len(ARRANGEMENTS) - 1


def test_each_option_reaches_the_engine_and_is_kept() -> None:
    app = start({"ei-map": "A1B1C1", "ei-objects": "players", "ei-volcano": "no", "ei-first": "1"})
    g = app.game
    assert g is not None
    o = g.options
    assert (o.map, o.objects, o.volcano, o.first_player) == ("A1B1C1", "players", False, 1)
    assert g.stage == "objects" and g.first_player == 1
    again = EmberApp(app.session.storage)  # the form is remembered
    kept = again.form
    assert (kept["map"], kept["objects"], kept["volcano"], kept["first"]) == (
        "A1B1C1", "players", "no", "1")
    usual = start({"ei-map": "random", "ei-objects": "usual"})
    assert usual.game is not None and usual.game.options.objects == "random"
    default = start({"ei-map": "default", "ei-objects": "usual"})
    assert default.game is not None and default.game.options.objects == "default"
    assert default.game.options.map in ("default", DEFAULT_MAP)


def test_a_stored_form_with_unknown_values_falls_back() -> None:
    form = form_mod.valid({"names": ["A", "B"], "kinds": ["human", "easy"], "map": "Z9",
                           "objects": "everywhere", "volcano": 3, "first": "7"})
    assert (form["map"], form["objects"], form["volcano"], form["first"]) == (
        "default", "usual", "yes", "random")
    form["first"] = "3"  # a player who is no longer there: drawn at random
    assert form_mod.to_options(form).first_player is None


def test_placing_objects_and_turning_a_statue_with_buttons() -> None:
    app = start({"ei-objects": "players"})
    g = app.game
    assert g is not None
    if app.screen == "pass":
        tap(app, "ei-unlock")
    html = app.render()
    assert "Place a hut" in html
    seen_statue = False
    for _ in range(12):
        if app.screen == "pass":
            tap(app, "ei-unlock")
        if g.stage != "objects":
            break
        legal = app.legal()
        a = legal[0]
        assert isinstance(a, PlaceObject)
        if a.kind == "statue":
            seen_statue = True
            html = app.render()
            assert "choose which way it faces" in html
            tap(app, "ei-hex", q=a.hex[0], r=a.hex[1])
            html = app.render()
            assert 'data-act="ei-confirm"' not in html  # no facing yet: nothing to confirm
            facing = r'data-act="ei-facing" data-facing="(\d)"[^>]*>(.*?)</button>'
            buttons = re.findall(facing, html)
            assert [int(f) for f, _ in buttons] == list(range(6))
            labels = [re.sub(r"<[^>]*>", "", b) for _, b in buttons]
            assert labels[0].startswith("Face east, towards ")
            assert labels[5].startswith("Face north-east, towards ")
            assert all("svg" in b for _, b in buttons)  # each with its picture
            tap(app, "ei-facing", facing=4)
            html = app.render()
            assert 'aria-pressed="true"' in html and 'data-act="ei-confirm"' in html
            app.handle("ei-facing", {"facing": "9"}, {})  # not a facing: ignored
            assert app.sel.facing == 4
            tap(app, "ei-confirm")
            placed = [o for o in g.board.to_json()["objects"] if o["kind"] == "statue"]
            assert placed[-1]["facing"] == 4
        else:
            tap(app, "ei-hex", q=a.hex[0], r=a.hex[1])
            assert "ei-facing" not in app.render()
            tap(app, "ei-confirm")
    assert seen_statue


@pytest.mark.parametrize(
    ("fields", "kinds", "seed"),
    [
        ({"ei-objects": "players", "ei-volcano": "no"}, ("human", "easy"), 1),
        ({"ei-objects": "players", "ei-map": "C2A1B2", "ei-first": "2"},
         ("human", "human", "medium"), 2),
        ({"ei-volcano": "no", "ei-map": "random"}, ("human", "human", "easy", "human"), 3),
    ],
)
def test_whole_games_with_these_options(
    fields: dict[str, str], kinds: tuple[str, ...], seed: int
) -> None:
    app = start(fields, kinds)
    steps = play_out(app, random.Random(seed))
    assert app.game is not None and app.game.phase == "over" and app.screen == "over"
    assert steps > 20
    if fields.get("ei-volcano") == "no":
        assert not app.game.board.to_json()["lava"]
