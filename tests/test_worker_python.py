"""The bot worker's own Python (web/bot-worker.js), run as it is: a whole game with a computer
player of every level and a suggestion go through its `si_handle`, with requests made by the
UI. Also run under Pyodide against the trimmed standard library (tests/test_build.py)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from web_driver import choose, data_of, tappables

from game_shell.storage import MemoryStorage
from si_web import form
from si_web.app import App
from small_islands import Game, Options
from small_islands.options import BOT_LEVELS

WORKER = Path(__file__).resolve().parents[1] / "web" / "bot-worker.js"


def worker_handle() -> Callable[[str], str]:
    """Small Islands' handler as the worker finds it (its `PYTHON` template literal, executed)."""
    found = re.search(r"const PYTHON = `(.*?)`;", WORKER.read_text(encoding="utf-8"), re.S)
    assert found, "bot-worker.js: const PYTHON not found"
    namespace: dict[str, object] = {}
    exec(compile(found.group(1), str(WORKER), "exec"), namespace)  # noqa: S102
    handle = namespace["handler_of"]("small_islands.bots.worker:handle")  # type: ignore[operator]
    assert callable(handle)
    return handle  # type: ignore[return-value]


def quick(request: str) -> str:
    """The UI's request with a small thinking budget (a test, not a player)."""
    data = json.loads(request)
    if "budget" in data:
        data["budget"] = 0.02
    return json.dumps(data)


# A table holds at most four: every level is met over two games.
TABLES = [["human", *BOT_LEVELS[:3]], ["human", *BOT_LEVELS[3:]]]


def test_the_tables_cover_every_level() -> None:
    assert sorted(k for t in TABLES for k in t[1:]) == sorted(BOT_LEVELS)
    assert all(2 <= len(t) <= 4 for t in TABLES)


def table_app(kinds: list[str]) -> App:
    """A game with these seats: from the new-game form, or, for a level the form no longer
    offers (Expert), a game saved on the device before (it still loads and plays)."""
    if all(k in form.KINDS for k in kinds):
        app = App(MemoryStorage())
        for _ in range(len(kinds) - 2):
            app.handle("add-seat")
        fields = {f"name-{i}": f"P{i}" for i in range(len(kinds))}
        fields |= {f"kind-{i}": kind for i, kind in enumerate(kinds)}
        app.handle("new", {}, {**fields, "speed": "instant"})
        assert app.form_error is None
        return app
    storage = MemoryStorage()
    game = Game.new(Options(seats=tuple(f"P{i}" for i in range(len(kinds))), seed=4,
                            bots={i: k for i, k in enumerate(kinds) if k != "human"}))
    App(storage).kept.save(game)
    app = App(storage)
    app.handle("continue", {}, {})
    assert app.game is not None and [s.bot or "human" for s in app.game.seats] == kinds
    return app


@pytest.mark.parametrize("kinds", TABLES, ids=["-".join(t[1:]) for t in TABLES])
def test_worker_plays_every_level_and_suggests(kinds: list[str]) -> None:
    handle = worker_handle()
    app = table_app(kinds)
    rng = random.Random(4)
    answered: set[str] = set()
    hinted = False
    for _ in range(6000):
        if app.screen == "over":
            break
        req = app.auto.request()
        if req is not None:
            answer = handle(quick(req["request"]))
            assert app.auto.apply(answer, req["token"])
            answered.add(str(req["level"]))
            continue
        html = app.render()
        if not hinted and "hint" in {t["data-act"] for t in tappables(html)}:
            app.handle("hint")
            hint = app.auto.hint_request()
            assert hint is not None
            reply = json.loads(handle(hint["request"]))
            assert reply["action"] and reply["reason"]
            app.auto.apply_hint(json.dumps(reply), hint["token"])
            hinted = True
            continue
        item = choose(tappables(html), rng)
        assert item is not None, (app.screen, app.game and app.game.stage)
        app.handle(item["data-act"], data_of(item), {})
    assert app.screen == "over"
    assert answered == set(kinds[1:])
    assert hinted
