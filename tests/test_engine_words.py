"""No engine word on any screen of whole games of both games (issue 28, item 8).

Every screen the app renders while a simple player taps through a whole game (CPython: Small
Islands' `App` through tests/web_driver.py, Ember Isle's `EmberApp` through
tests/ember_web_driver.py) is scanned by `engine_words.problems`: "reserve", "navigation
stack", "cell", "slot", "rotation", ids, coordinates, engine codes, Python reprs, "1 amulets"
and "2 tile", "Spot N" without the number N on the map. Small Islands: Normal and Advanced at
2-4 seats (computers among them), Solo at several Alexis levels (Alexis deciding, or the
player choosing for him); Ember Isle: 2-4 seats, several islands, with and without the volcano.

`make test` plays a few games of each kind (tests/scale.py); `make test-deep` plays more.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from engine_words import problems
from scale import scaled
from web_driver import play_through_ui

from ei_web import rules as ei_rules
from ei_web import screens
from ei_web import words as ei_words
from ei_web import worker as ei_worker
from ei_web.app import EmberApp
from ember_web_driver import play_out, tap
from game_shell.storage import MemoryStorage
from game_shell.wording import count, plural
from si_web import words as si_words
from si_web.app import App
from small_islands import Game, Options
from small_islands.bots import worker as si_worker

SI_CONFIGS: tuple[dict[str, Any], ...] = (
    {"mode": "normal", "kinds": ("human", "human")},
    {"mode": "advanced", "kinds": ("human", "human", "easy")},
    {"mode": "normal", "kinds": ("human", "medium", "human", "easy")},
    {"mode": "advanced", "kinds": ("human", "human", "human", "human")},
    {"mode": "normal", "solo": "1", "decides": "me"},
    {"mode": "advanced", "solo": "3", "decides": "alexis"},
    {"mode": "normal", "solo": "5", "decides": "me"},
    {"mode": "normal", "solo": "6", "decides": "me"},
)
EI_CONFIGS: tuple[dict[str, Any], ...] = (
    {"kinds": ("human", "human"), "map": "default"},
    {"kinds": ("human", "medium", "human"), "map": "random"},
    {"kinds": ("human", "human", "easy", "human"), "map": "default", "volcano": "no"},
    {"kinds": ("human", "human", "human"), "map": "random", "objects": "players"},
)
SI_GAMES = [(c, n) for n in range(scaled(10)) for c in SI_CONFIGS]
EI_GAMES = [(c, n) for n in range(scaled(10)) for c in EI_CONFIGS]


def _name(config: dict[str, Any], n: int) -> str:
    parts = (str(v) if isinstance(v, str) else str(len(v)) for v in config.values())
    return "-".join(parts) + f"-{n}"


def scanned(app: Any, found: dict[str, str]) -> Callable[[], str]:
    """`app.render`, scanning every screen it returns; problems go to `found` (one screen
    each, to read)."""
    render = app.render

    def scan() -> str:
        html: str = render()
        for p in problems(html):
            found.setdefault(re.sub(r"\d+", "N", p), p)
        return html

    return scan


def with_hints(app: Any, every: int, ask: Callable[[], None],
               drop: Callable[[], None] | None = None) -> Callable[[], str]:
    """`app.render` (already scanning), asking for a suggestion on every `every`-th game
    screen first (the suggestion's words are scanned too); `drop`: then set it aside (the
    driver plays on from the screen without it)."""
    render = app.render
    calls = [0]

    def render_with_hint() -> str:
        calls[0] += 1
        if calls[0] % every == 0 and app.screen == "game":
            ask()
            if drop is not None:
                render()
                drop()
        html: str = render()
        return html

    return render_with_hint


def si_hint(app: App) -> Callable[[], None]:
    def ask() -> None:
        if app.game is None or app.game.phase == "over" or app.auto.request() is not None:
            return
        app.handle("hint")
        req = app.auto.hint_request()
        if req is not None:
            app.auto.apply_hint(si_worker.handle(req["request"]), req["token"])

    return ask


def ei_hint(app: EmberApp, kept: list[Any]) -> Callable[[], None]:
    def ask() -> None:
        kept[:] = [copy.deepcopy(app.sel)]  # what the driver had chosen so far
        if app.game is None or app.game.phase == "over" or not app.my_turn():
            return
        app.handle("ei-hint", {}, {})
        req = app.auto.hint_request()
        if req is not None:
            app.auto.apply_hint(ei_worker.handle(req[1]), req[0])

    return ask


def ei_drop_hint(app: EmberApp, kept: list[Any]) -> Callable[[], None]:
    def drop() -> None:
        app.auto.hint, app.auto.hint_text = None, None
        app.sel = kept[0]

    return drop


def start_si(app: App, config: dict[str, Any]) -> None:
    if "solo" in config:
        app.handle("form-solo", {"solo": "1"})
        fields = {"name-0": "Me", "solo-level": config["solo"], "alexis-decides": config["decides"]}
    else:
        kinds = config["kinds"]
        for _ in range(len(kinds) - 2):
            app.handle("add-seat")
        fields = {f"name-{i}": n for i, n in enumerate(("Ann", "Ben", "Cleo", "Dev")[: len(kinds)])}
        fields |= {f"kind-{i}": k for i, k in enumerate(kinds)}
    app.handle("new", {"confirmed": "1"}, {**fields, "mode": config["mode"], "speed": "instant"})
    assert app.game is not None, app.form_error


@pytest.mark.parametrize("config, n", SI_GAMES, ids=[_name(c, n) for c, n in SI_GAMES])
def test_no_engine_word_on_any_screen_of_a_small_islands_game(
    config: dict[str, Any], n: int
) -> None:
    found: dict[str, str] = {}
    app = App(MemoryStorage())
    app.render = scanned(app, found)  # type: ignore[method-assign]
    app.render = with_hints(app, 17, si_hint(app))  # type: ignore[method-assign]
    app.render()
    start_si(app, config)
    play_through_ui(app, seed=1000 + n)
    assert app.game is not None and app.game.phase == "over"
    for _ in range(3):  # the end screen, the log opened
        app.render()
    assert not found, "\n".join(sorted(found.values()))


def start_ei(config: dict[str, Any], app: EmberApp | None = None) -> EmberApp:
    """A new Ember Isle game from the start screen's form (its screens scanned, if `app`'s)."""
    app = app or EmberApp(MemoryStorage())
    kinds = config["kinds"]
    while len(app.form["names"]) < len(kinds):
        tap(app, "ei-add-seat")
    app.render()
    fields = {f"ei-name-{i}": n for i, n in enumerate(("Ann", "Ben", "Cleo", "Dev")[: len(kinds)])}
    fields |= {f"ei-kind-{i}": k for i, k in enumerate(kinds)}
    fields |= {f"ei-{k}": v for k, v in config.items() if k != "kinds"}
    app.handle("ei-new", {}, fields)
    assert app.game is not None, app.form_error
    return app


@pytest.mark.parametrize("config, n", EI_GAMES, ids=[_name(c, n) for c, n in EI_GAMES])
def test_no_engine_word_on_any_screen_of_an_ember_isle_game(config: dict[str, Any], n: int) -> None:
    found: dict[str, str] = {}
    app = EmberApp(MemoryStorage())
    kept: list[Any] = []
    app.render = scanned(app, found)  # type: ignore[method-assign]
    app.render = with_hints(app, 13, ei_hint(app, kept), ei_drop_hint(app, kept))  # type: ignore[method-assign]
    start_ei(config, app)
    play_out(app, random.Random(2000 + n))
    app.render()
    assert not found, "\n".join(sorted(found.values()))


# ----------------------------------------------- Small Islands' log: events, worded without regex
LOG_CONFIGS: tuple[dict[str, Any], ...] = (
    {"seats": ("Ann", "Ben"), "mode": "normal"},
    {"seats": ("Ann", "Ben", "Cleo"), "mode": "advanced"},
    {"seats": ("Ann", "Ben", "Cleo", "Dev"), "mode": "normal", "table": (8, 9)},
    {"seats": ("Me",), "mode": "normal", "solo_level": 2, "alexis_decides": True},
    {"seats": ("Me",), "mode": "advanced", "solo_level": 6, "alexis_decides": False},
)
LOG_GAMES = [(c, n) for n in range(scaled(30, least=2)) for c in LOG_CONFIGS]


@pytest.mark.parametrize("options, n", LOG_GAMES)
def test_every_log_entry_carries_an_event_the_app_words_plainly(
    options: dict[str, Any], n: int
) -> None:
    g = Game.new(Options(**options, seed=300 + n))
    rng = random.Random(n)
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()), seat=g.to_move)
    view = g.view(0)
    kinds = set()
    for e in g.log:
        assert isinstance(e.get("event"), str) and isinstance(e.get("args"), dict), e
        json.dumps(e["args"])  # JSON-safe (views go to the bot worker)
        html = si_words.event_html(e["event"], e["args"], view)
        assert html is not None, e
        assert not problems(f"<p>{html}</p>"), (e, html)
        assert si_words.log_html(e, view) == html
        kinds.add(e["event"])
    assert {"layout", "chose", "placed", "revealed"} <= kinds


def test_the_log_keeps_its_engine_text_and_the_map_marks_come_from_events() -> None:
    g = Game.new(Options(seats=("Me",), seed=5, solo_level=3, alexis_decides=True))
    rng = random.Random(5)
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()), seat=g.to_move)
    view = g.view(0)
    placed = next(e for e in g.log if e["event"] == "placed")
    a = placed["args"]
    assert placed["text"] == f"placed {a['tile']} at ({a['x']}, {a['y']})"  # as before
    assert si_words.entry_cells(placed) == [(a["x"], a["y"])]
    old = {k: v for k, v in placed.items() if k not in ("event", "args")}  # an entry of old
    assert si_words.entry_cells(old) == [(a["x"], a["y"])]
    assert "(" not in si_words.log_words(old, view)  # still worded, by the old rewrite
    takes = next(e for e in g.log if e["event"] == "alexis_takes")
    said = si_words.log_words(takes, view)
    assert "the nearest spot where it fits, going" in said and " from " in said
    assert si_words.SEARCH[takes["args"]["direction"]] in said
    assert si_words.entry_cells(takes) == []  # where it goes: its "places" entry marks it
    card = next(e for e in g.log if e["event"] == "alexis_reward_card")
    said = si_words.log_words(card, view)
    mission = si_words.mission_words(card["args"]["mission"])
    assert said.count(mission) == 1 and "his mission is" in said


def test_alexis_house_choices_and_the_rings_carry_the_same_numbers() -> None:
    for seed in range(40):
        app = App(MemoryStorage())
        start_si(app, {"mode": "normal", "solo": "2", "decides": "me"})
        play_through_ui(app, seed=seed, until=lambda a: a.game is not None
                        and a.game.stage == "alexis_house" and a.screen == "game")
        if app.game is None or app.game.phase == "over":
            continue
        html = app.render()
        buttons = re.findall(r'data-act="alexis-house"[^>]*>Spot (\d+)<', html)
        rings = re.findall(r'<text class="spot-num"[^>]*>(\d+)</text>', html)
        assert len(buttons) >= 2 and sorted(buttons) == sorted(rings), (buttons, rings)
        for n in buttons:
            assert f'aria-label="Spot {n}: Alexis builds on the' in html
        return
    raise AssertionError("no game asked where Alexis builds")


# ------------------------------------------------------------------------- Ember Isle
def test_the_share_out_names_the_raiser_and_who_answers_never_your_turn() -> None:
    for seed in range(30):
        app = start_ei({"kinds": ("human", "human", "human"), "map": "default"})
        rng = random.Random(seed)

        def answering(a: EmberApp) -> bool:
            g = a.game
            return (g is not None and g.phase == "distribution" and a.screen == "game"
                    and g.to_move != (a.view().get("distribution") or {}).get("raiser"))

        try:
            play_until(app, rng, answering)
        except StopIteration:
            continue
        g = app.game
        assert g is not None and g.to_move is not None
        d = app.view()["distribution"]
        assert d is not None
        html = app.render()
        who = re.search(r'<span class="say-lead">.*?<b>([^<]*)</b>', html)  # the tray's lead
        assert who is not None
        raiser, answers = g.seats[d["raiser"]].name, g.seats[g.to_move].name
        assert who.group(1) == (f"Sharing {raiser}&#x27;s {ei_words.treasure(d['column'])} "
                                f"treasure: {answers} to answer")
        assert "your turn" not in who.group(1)
        return
    raise AssertionError("no share-out answered by another seat")


def play_until(app: EmberApp, rng: random.Random, until: Callable[[EmberApp], bool]) -> None:
    """`play_out`'s taps, stopping when `until(app)` (StopIteration: the game ended first)."""
    from ember_web_driver import play_action

    while app.game is not None and app.game.phase != "over":
        if app.screen == "pass":
            tap(app, "ei-unlock")
            continue
        if until(app):
            return
        legal = app.legal()
        claims = [a for a in legal if a.type == "claim"]
        clues = [a for a in legal if a.type == "play_clue"]
        play_action(app, rng.choice(claims or (clues if rng.random() < 0.6 else []) or legal))
    raise StopIteration


def test_who_goes_first_names_the_seats_as_the_name_fields_do() -> None:
    app = EmberApp(MemoryStorage())
    app.handle("ei-add-seat", {}, {"ei-name-0": "Zoe"})
    html = app.render()
    first = html.split('data-field="ei-first"')[1]
    options = re.findall(r'<option value="(\d)"[^>]*>([^<]*)</option>', first)
    assert options == [("0", "Player 1 (Zoe)"), ("1", "Player 2 (Bob)"), ("2", "Player 3 (Cleo)")]
    assert screens.first_label(1, "  ") == "Player 2"  # (the browser renames as one types)


def test_counts_agree_with_their_nouns_in_both_games() -> None:
    assert [count(n, "amulet") for n in (0, 1, 2)] == ["0 amulets", "1 amulet", "2 amulets"]
    assert count(1, "treasure card") == "1 treasure card"
    assert count(3, "leaf", "leaves") == "3 leaves"
    assert plural(1, "a flower", "flowers") == "a flower"
    assert plural(0, "a flower", "flowers") == "0 flowers"
    assert si_words.plural is plural and ei_words.spaces(1) == "1 space"


def test_the_rules_pages_use_the_words_of_the_game_screens() -> None:
    app = App(MemoryStorage())
    app.handle("rules")
    assert app.screen == "rules"
    assert not problems(app.render())
    assert not problems(ei_rules.rules_page())
