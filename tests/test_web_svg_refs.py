"""Every picture on every screen finds what it draws with.

The map's tiles, pieces and symbols are `<use href="#...">` and `url(#...)` references to the
art's definitions (`art.DEFS`, Ember Isle's `board.DEFS`), which a screen must carry itself:
`#app` is replaced whole at each render. A screen without them draws tiles as bare outlines
(the replay once did). Here every render of both games, screen after screen through whole
games and the screens around them, is checked: each reference has its definition in the same
render, and no id is defined twice."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest
from kept_helpers import MODES, finished, unfinished
from web_driver import play_through_ui, run_until_watch

from ei_web.app import EmberApp
from ember_web_driver import play_out, tap
from si_web import first_paint
from si_web.app import BROKEN_KEY, SAVE_KEY, App, MemoryStorage
from si_web.history import History, game_id
from small_islands import Options

REF = re.compile(r'(?:href="#|url\(#)([\w-]+)')
DEF = re.compile(r'(?<![\w-])id="([\w-]+)"')  # not data-id


def problems(html: str) -> str:
    """What a render gets wrong: references without a definition, ids defined twice."""
    ids = Counter(DEF.findall(html))
    dangling = sorted(set(REF.findall(html)) - set(ids))
    twice = sorted(i for i, n in ids.items() if n > 1)
    return (f"undefined: {dangling[:8]} " if dangling else "") + (
        f"twice: {twice[:8]}" if twice else "")


class Checked:
    """Checks the app's render after every tap; `seen` counts the screens checked."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.seen: Counter[str] = Counter()
        self.bad: dict[str, str] = {}
        handle = app.handle

        def checked_handle(*args: Any, **kwargs: Any) -> None:
            handle(*args, **kwargs)
            self.check()

        app.handle = checked_handle
        self.check()

    def check(self, label: str | None = None) -> None:
        key = label or str(self.app.screen)
        self.seen[key] += 1
        found = problems(self.app.render())
        if found and key not in self.bad:
            self.bad[key] = found


@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_screen_of_a_whole_small_islands_game(mode: str) -> None:
    storage = MemoryStorage({SAVE_KEY: unfinished(MODES[mode], 0).to_json()})
    app = App(storage)
    c = Checked(app)
    kept: dict[str, str] = {}

    def paint_too() -> None:  # the next start's first paint of this moment
        found = first_paint.public_screen(app)
        if found is not None and not kept.get(found[0]):  # its first problem, if any
            kept[found[0]] = problems(found[1])

    play_through_ui(app, 5, until=lambda _: paint_too())
    assert app.screen == "over"
    assert c.bad == {}, c.bad
    assert c.seen["game"] > 20
    assert "board" in kept and all(v == "" for v in kept.values()), kept  # first paints


def test_the_computers_turns() -> None:
    app = App(MemoryStorage({SAVE_KEY: unfinished(MODES["bots"], 0).to_json()}))
    c = Checked(app)
    run_until_watch(app)
    c.check("watch")
    assert c.bad == {} and c.seen["watch"], (c.bad, c.seen)


def test_your_games_every_step_of_a_replay_and_the_import_screens() -> None:
    games = [finished(MODES[m], i) for i, m in enumerate(("normal", "solo", "advanced"))]
    storage = MemoryStorage()
    history = History(storage)
    for i, g in enumerate(games):
        assert history.add(g, 1_700_000_000_000 + i).kept
    app = App(storage)
    c = Checked(app)
    app.handle("history")
    app.handle("stats")
    app.handle("history")
    for g in games:
        app.handle("replay", {"id": game_id(g)})
        assert app.screen == "replay"
        for _ in range(len(g.actions)):
            app.handle("step", {"to": "next"})
        c.check("replay-end")
        app.handle("close")
    app.handle("import-file", {"name": "done.json", "size": "1", "text": games[0].to_json()})
    c.check("import-finished")
    app.handle("import-cancel")
    half = unfinished(Options(seats=("Cy", "Dee"), seed=9), 20)
    app.handle("import-file", {"name": "half.json", "size": "1", "text": half.to_json()})
    c.check("import-unfinished")
    app.handle("import-cancel")
    app.handle("menu")
    app.handle("settings")
    app.handle("back")
    app.handle("rules")
    assert c.bad == {}, c.bad
    screens = {"history", "stats", "replay", "import", "start", "settings", "rules"}
    assert screens <= set(c.seen), c.seen
    assert c.seen["replay"] > sum(len(g.actions) for g in games)


def test_the_broken_save_screen() -> None:
    app = App(MemoryStorage({SAVE_KEY: "{not json", BROKEN_KEY: ""}))
    c = Checked(app)
    assert app.screen == "broken" and c.bad == {}, c.bad


@pytest.mark.parametrize("kinds", [("human", "human"), ("human", "medium", "easy")])
def test_every_screen_of_a_whole_ember_isle_game(kinds: tuple[str, ...]) -> None:
    app = EmberApp(MemoryStorage())
    c = Checked(app)
    names = ("Ann", "Bob", "Cy")
    fields = {f"ei-name-{i}": names[i] for i in range(len(kinds))}
    fields |= {f"ei-kind-{i}": k for i, k in enumerate(kinds)}
    for _ in range(len(kinds) - 2):
        tap(app, "ei-add-seat")
    tap(app, "ei-rules")
    tap(app, "ei-rules-back")
    app.handle("ei-new", {}, fields)
    assert app.game is not None and len(app.game.seats) == len(kinds)
    play_out(app, random.Random(3))
    c.check("over")
    assert c.bad == {}, c.bad
    assert c.seen["game"] > 20 and c.seen["over"] and c.seen["rules"], c.seen
