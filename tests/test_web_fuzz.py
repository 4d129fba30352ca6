"""UI-model fuzz: thousands of taps, offered and arbitrary, across seeded games and reloads.

Never an exception; never an action played for a seat other than the one the device shows
(a tap plays at most one action, on the game screen, for the seat to move, which is the
device seat); every game reaches its end.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from scale import scaled
from web_driver import choose, data_of, tappables

import small_islands.options as options_module
from game_shell.storage import MemoryStorage
from si_web.app import App
from si_web.stages import SCREENS
from si_web.stages.base import GAME_ACTS
from small_islands import TILES, Action, Game
from small_islands.bots import choose_action

CONFIGS: list[dict[str, Any]] = [
    {"kinds": ["human", "human"], "mode": "normal"},
    {"kinds": ["human", "easy"], "mode": "advanced"},
    {"kinds": ["human", "human", "medium"], "mode": "normal"},
    {"kinds": ["easy", "human", "human", "human"], "mode": "advanced"},
    {"kinds": ["easy", "medium"], "mode": "normal"},  # computers only: a demo game
    {"solo": "3", "decides": "me", "mode": "normal"},
    {"solo": "6", "decides": "alexis", "mode": "advanced"},
    {"solo": "1", "decides": "me", "mode": "advanced"},
]
GAMES_PER_CONFIG = scaled(3)  # 3 at SI_TEST_SCALE=1 (make test-deep), 1 in make test
ARBITRARY = 0.25  # the share of taps that are arbitrary (any act, random data)


def all_acts() -> list[str]:
    """Every act any stage offers, plus some that none does."""
    from si_web import stages

    acts: set[str] = set(GAME_ACTS) | {"zz", "", "download", "take ", "TAKE"}
    for screen in SCREENS.values():
        acts |= screen.acts
    for step in stages._BY_STEP.values():
        acts |= step.acts
    return sorted(acts)


ACTS = all_acts()
TILE_IDS = [t.id for t in TILES[:8]] + ["T99", "<b>"]


def arbitrary_data(rng: random.Random) -> dict[str, str]:
    """Random data-* values: plausible, out of range, or garbage."""
    pick = lambda *xs: str(rng.choice(xs))  # noqa: E731
    data = {
        "x": pick(rng.randrange(-2, 14), "zz", "1e9"),
        "y": pick(rng.randrange(-2, 14), "", "3.5"),
        "index": pick(rng.randrange(-1, 5), "x"),
        "slot": pick(rng.randrange(-1, 4), "9"),
        "n": pick(0, 1, 5, "-1"),
        "tile": pick(*TILE_IDS),
        "card": pick("O1", "M3", "R12", "Z9", ""),
        "slot_": pick("now", "later", "never"),
        "ship": pick("grey", "blue", "red", "gold"),
        "resource": pick("flower", "fruit", "leaf", "gold"),
        "rotation": pick(0, 1, 3, 7, "r"),
        "choice": pick("flower", "", "gold"),
        "solo": pick("0", "1"),
        "confirmed": pick("0", "1"),
    }
    return {k: v for k, v in data.items() if rng.random() < 0.6}


def answer(req: dict[str, Any]) -> str:
    r = json.loads(req["request"])
    legal = [Action.from_json(a) for a in r["legal"]]
    return json.dumps({"action": choose_action(r["view"], legal, "easy", r["seed"]).to_json()})


def start(app: App, config: dict[str, Any]) -> None:
    if "solo" in config:
        app.handle("form-solo", {"solo": "1"})
        fields = {"name-0": "Me", "solo-level": config["solo"], "alexis-decides": config["decides"]}
    else:
        kinds = config["kinds"]
        for _ in range(len(kinds) - 2):
            app.handle("add-seat")
        fields = {f"name-{i}": f"P{i}" for i in range(len(kinds))}
        fields |= {f"kind-{i}": k for i, k in enumerate(kinds)}
    app.handle("new", {"confirmed": "1"}, {**fields, "mode": config["mode"], "speed": "instant"})
    assert app.game is not None, app.form_error


def tap(app: App, act: str, data: dict[str, str]) -> None:
    """One tap; it may play at most one action, and only for the device seat."""
    g = app.game
    before = (g, len(g.actions) if g else 0, g.to_move if g else None, app.viewer, app.screen)
    app.handle(act, data, {})
    app.render()
    if g is None or app.game is not g:
        return  # a new game, an undo (a replayed copy), or the menu's "play again"
    added = len(g.actions) - before[1]
    if added:
        assert added == 1, (act, added)
        assert before[4] == "game" and before[3] is not None, (act, before)
        assert before[2] == before[3], (
            f"{act} played for seat {before[2]}, device shows {before[3]}"
        )


def play_game(config: dict[str, Any], seed: int) -> int:
    """Play one game to its end through taps; the number of taps."""
    rng = random.Random(seed)
    storage = MemoryStorage()
    app = App(storage)
    start(app, config)
    taps = 0
    for _ in range(8000):
        g = app.game
        if g is not None and g.phase == "over" and app.screen in ("over", "start"):
            return taps
        req = app.auto.request()
        if req is not None and rng.random() < 0.9:
            if req["kind"] == "alexis":
                assert app.auto.alexis_step(req["token"])
            else:
                assert app.auto.apply(answer(req), req["token"])
            continue
        if rng.random() < 0.02:  # a reload
            app = App(storage)
        taps += 1
        if rng.random() < ARBITRARY:
            tap(app, rng.choice(ACTS), arbitrary_data(rng))
            continue
        html = app.render()
        if app.screen in ("start", "rules", "explorer", "broken") and app.game is not None:
            tap(app, "continue" if app.screen == "start" else "back", {})
            continue
        item = choose(tappables(html), rng)
        if item is None:
            continue
        tap(app, item["data-act"], data_of(item))
    raise AssertionError(f"game did not end: {config} seed {seed}")


@pytest.fixture
def seeded_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """New games draw their seeds in order (they use SystemRandom in the app)."""
    counter = iter(range(10**6))

    class Seeds:
        def randrange(self, n: int) -> int:
            return (next(counter) * 7919 + 11) % n

    monkeypatch.setattr(options_module.random, "SystemRandom", Seeds)


@pytest.mark.parametrize("n", range(len(CONFIGS)))
def test_random_taps_never_crash_nor_play_for_another_seat(n: int, seeded_games: None) -> None:
    total = sum(play_game(CONFIGS[n], 100 * n + i) for i in range(GAMES_PER_CONFIG))
    print(f"{total} taps")
    assert total >= 10 * GAMES_PER_CONFIG  # (the demo game, computers only, has fewest)


def test_a_tap_the_screen_does_not_offer_is_ignored_with_a_note(seeded_games: None) -> None:
    app = App(MemoryStorage())
    start(app, {"kinds": ["easy", "human"], "mode": "normal"})
    rng = random.Random(1)
    for _ in range(500):
        g = app.game
        if app.screen == "watch" and g is not None and g.phase == "exploration":
            break
        req = app.auto.request()
        if req is not None:
            app.auto.apply(answer(req), req["token"])
            continue
        item = choose(tappables(app.render()), rng)
        assert item is not None
        app.handle(item["data-act"], data_of(item), {})
    g = app.game
    assert isinstance(g, Game) and app.screen == "watch" and g.seats[g.to_move or 0].bot
    n = len(g.actions)
    app.handle("take", {"slot": "0"})  # the computer's turn: a stale "take" must not play
    assert len(g.actions) == n and app.ignored[-1] == "take ignored on the watch screen"
