"""The first-game coach (which tip shows when, in order, dismissed or skipped, remembered on the
device), the rules screen with pictures (opened over a game, it returns to the same choices)."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest
from web_driver import choose, data_of, tappables

from game_shell.storage import MemoryStorage
from si_web import coach, rules_page
from si_web.app import App
from si_web.coach import COACH_KEY, TIPS, Moment, next_tip
from small_islands import MISSIONS, OBJECTIVES, REWARDS
from small_islands.solo import EXPLORATION_CARDS

ID_PATTERN = re.compile(r"\b[TMORE]\d{1,2}\b|\bL\d\b|\(\s*\d+\s*,\s*\d+\s*\)")
ORDER = [t.id for t in TIPS]
# The tips every guided game meets, in this order (one per decision: "rotate", due when a tile
# is first previewed, waits for a later placement, after "place" and the first "bonus").
CORE = ["objectives", "take", "place", "bonus", "islands", "tracker", "reward", "round", "end"]


def tip_of(html: str) -> str | None:
    m = re.search(r'class="coach [a-z]+" data-tip="(\w+)"', html)
    return m.group(1) if m else None


def text_of(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def guided(storage: MemoryStorage | None = None) -> App:
    app = App(storage or MemoryStorage())
    app.handle("coach-start", {}, {"speed": "instant"})
    assert app.screen == "game", app.form_error
    return app


def step(app: App, rng: random.Random, ok: bool = True) -> str | None:
    """One move of a player who reads the tips: 'Got it' on each new one, else a tap."""
    if app.screen == "watch":
        req = app.auto.request()
        assert req is not None
        app.auto.fallback(req["token"])
        return None
    html = app.render()
    tip = tip_of(html)
    if tip is not None and ok:
        app.handle("coach-ok", {"tip": tip})
        return tip
    skip = {"rules", "coach-skip", "coach-ok", "track", "over-seat", "over-house"}
    item = choose([t for t in tappables(html) if t["data-act"] not in skip], rng)
    assert item is not None, (app.screen, tip)
    app.handle(item["data-act"], data_of(item), {})
    return None


# --------------------------------------------------------------------------- decisions


def test_each_tip_comes_at_its_moment_in_game_order() -> None:
    assert next_tip(Moment("game", "setup"), []) is None  # the guided game deals them
    assert next_tip(Moment("game", "objectives", 1), []).id == "objectives"  # type: ignore[union-attr]
    take = Moment("game", "take", 1, recap=True, objective=True)
    assert next_tip(take, []).id == "take"  # type: ignore[union-attr]
    assert next_tip(take, ["take"]).id == "recap"  # type: ignore[union-attr]
    assert next_tip(take, ["take", "recap"]) is None  # islands: only once a tile was placed
    later = Moment("game", "take", 1, placed=1, objective=True)
    assert next_tip(later, ["take", "recap"]).id == "islands"  # type: ignore[union-attr]
    assert next_tip(later, ["take", "recap", "islands"]).id == "tracker"  # type: ignore[union-attr]
    assert next_tip(Moment("game", "place", 1), ["place"]) is None
    assert next_tip(Moment("game", "place", 1, preview=True), ["place"]).id == "rotate"  # type: ignore[union-attr]
    land = Moment("game", "take", 1, placed=3, can_land=True, objective=True)
    assert next_tip(land, ORDER[:8]).id == "landing"  # type: ignore[union-attr]
    assert next_tip(Moment("game", "reward", 1, discovery=True), ORDER[:9]).id == "discovery"  # type: ignore[union-attr]
    assert next_tip(Moment("game", "objectives", 2), ORDER[:11]).id == "round"  # type: ignore[union-attr]
    assert next_tip(Moment("over"), ORDER[:12]).id == "end"  # type: ignore[union-attr]
    assert next_tip(Moment("watch", "take"), []) is None  # never over a computer's turn
    assert next_tip(Moment("rules"), []) is None


def test_tips_are_short_with_words_only_and_dock_away_from_their_target() -> None:
    for tip in TIPS:
        sentences = [s for s in re.split(r"[.!?](?:\s|$)", tip.text) if s.strip()]
        assert 1 <= len(sentences) <= 2 and len(tip.text) <= 190, tip.id
        html = coach.tip_html(tip)
        assert 'data-act="coach-ok"' in html and 'data-act="coach-skip"' in html
        assert not ID_PATTERN.search(text_of(html)), tip.id
        assert tip.dock == ("high" if tip.target in ("panel", "tracker", "recap") else "low")
        assert f'class="coach {tip.dock}"' in html
        assert 'role="dialog"' not in html and "aria-modal" not in html  # never blocking


def test_the_guided_game_is_a_normal_game_against_an_easy_computer() -> None:
    app = guided()
    g = app.game
    assert g is not None
    assert g.options.bots == {1: "easy"} and g.options.mode == "normal"
    assert g.options.first_player == 0 and len(g.seats) == 2 and g.to_move == 0
    assert app.guide.record["game"] == g.options.seed and app.guide.record["on"]
    assert g.phase == "preparation" and len(g.actions) == 1  # the starting tiles are dealt
    assert app.stage().name == "objectives" and tip_of(app.render()) == "objectives"
    assert [s.name for s in g.seats] == ["You", "Ben"]  # the computer has a plain name


# --------------------------------------------------------------------------- the offer


def test_the_offer_shows_on_first_launch_and_is_remembered() -> None:
    storage = MemoryStorage()
    app = App(storage)
    assert 'data-offer="coach"' in app.render()
    assert 'data-act="coach-start"' in app.render()  # and in the menu, always
    app.handle("coach-dismiss")
    assert 'data-offer="coach"' not in app.render()
    assert json.loads(storage.data[COACH_KEY])["offer"] == "dismissed"
    again = App(storage)
    html = again.render()
    assert 'data-offer="coach"' not in html and 'data-act="coach-start"' in html
    again.handle("coach-start")  # replayable from the menu
    assert again.screen == "game" and again.guide.active(again.game)


def test_a_guided_game_over_a_game_in_progress_asks_first() -> None:
    storage = MemoryStorage()
    app = App(storage)
    app.handle("new", {}, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    assert app.screen == "pass"
    app.handle("menu")
    app.handle("coach-start")
    assert app.confirm_new and app.screen == "start"
    app.handle("new-cancel")
    assert not app.guide.pending_coach
    app.handle("coach-start")
    app.handle("new", {"confirmed": "1"})
    assert app.game is not None and app.game.options.bots == {1: "easy"}
    assert app.guide.active(app.game)


def test_an_unreadable_record_starts_fresh() -> None:
    for raw in ("{oops", "[]", '{"seen": 3, "offer": 1, "game": true, "on": "yes"}', "[" * 5000):
        app = App(MemoryStorage({COACH_KEY: raw}))
        assert app.guide.offer_open() and not app.guide.record["seen"]
        assert 'data-offer="coach"' in app.render()


# --------------------------------------------------------------------------- a guided game


@pytest.mark.parametrize("seed", range(4))
def test_a_guided_game_shows_each_tip_once_at_its_moment_to_the_end(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = coach.options
    monkeypatch.setattr(coach, "options", lambda n, c: replace(made(n, c), seed=seed))
    storage = MemoryStorage()
    app = guided(storage)
    rng = random.Random(seed)
    shown: list[str] = []
    for _ in range(4000):
        if app.screen == "over" and "end" in shown:
            break
        tip = step(app, rng)
        if tip is not None:
            shown.append(tip)
    assert app.screen == "over"
    assert len(shown) == len(set(shown)), shown
    core = CORE
    assert [t for t in shown if t in core] == core, shown  # the game meets them in this order
    assert shown.index("bonus") < shown.index("rotate") < shown.index("reward"), shown
    if "landing" in shown:  # the computer may land every time first
        assert shown.index("landing") > shown.index("tracker")
    assert json.loads(storage.data[COACH_KEY])["seen"] == shown


def test_doing_what_a_tip_explains_dismisses_it() -> None:
    app = guided()
    rng = random.Random(4)
    while tip_of(app.render()) != "place":
        step(app, rng)
    target = next(t for t in tappables(app.render()) if "target" in t.get("class", ""))
    app.handle("cell", data_of(target))
    assert tip_of(app.render()) is None  # "rotate" waits: one tip per decision
    assert "place" in app.guide.record["seen"]
    app.handle("confirm-place")
    assert tip_of(app.render()) == "bonus" and "rotate" not in app.guide.record["seen"]


def test_skip_the_tips_stops_them_for_good() -> None:
    storage = MemoryStorage()
    app = guided(storage)
    app.handle("coach-skip")
    assert tip_of(app.render()) is None
    reloaded = App(storage)
    reloaded.handle("continue")
    rng = random.Random(1)
    for _ in range(300):
        if reloaded.screen == "over":
            break
        step(reloaded, rng, ok=False)
        assert tip_of(reloaded.render()) is None


def test_no_tips_in_an_ordinary_game() -> None:
    app = App(MemoryStorage())
    app.handle("new", {}, {"name-0": "Ann", "name-1": "Bob", "kind-1": "easy"})
    rng = random.Random(2)
    for _ in range(200):
        if app.screen == "over":
            break
        step(app, rng, ok=False)
        assert tip_of(app.render()) is None


def test_the_islands_tip_outlines_the_islands_on_the_map() -> None:
    app = guided()
    rng = random.Random(5)
    for _ in range(500):
        if tip_of(app.render()) == "islands":
            break
        step(app, rng)
    html = app.render()
    assert tip_of(html) == "islands"
    assert html.count('class="hl-island coach"') >= 1
    marks = html[html.index('id="board-marks"') :]
    assert 'class="hl-island coach"' in marks  # in the marks layer, not the map art


# --------------------------------------------------------------------------- the rules


def test_the_rules_show_every_card_as_a_picture_with_its_words() -> None:
    html = rules_page.rules_screen(False)
    text = text_of(html)
    note = "Component content of this edition is original; rules follow the published rulebook"
    assert note in text
    for m in MISSIONS.values():
        assert m.text in text
    for r in REWARDS.values():
        assert r.text[1:] in text
    assert text.count("Card ") >= len(OBJECTIVES)
    assert html.count('class="pic-item card-line"') == len(OBJECTIVES) + len(EXPLORATION_CARDS)
    assert html.count('class="pic-item"') >= 6 + len(MISSIONS) + len(REWARDS)
    for symbol in ("flower", "fruit", "leaf", "temple", "port", "house", "ship"):
        assert f'href="#g-{symbol}' in html  # the ship: #g-ship-<colour>
        assert f'id="g-{symbol}' in html  # the map's own glyphs, defined on this screen
    assert not ID_PATTERN.search(text), ID_PATTERN.findall(text)
    assert "Back to the game" in rules_page.rules_screen(True)


def test_the_rules_over_a_game_return_to_the_same_choices() -> None:
    app = App(MemoryStorage())
    app.handle("new", {}, {"name-0": "Ann", "name-1": "Bob", "kind-1": "human"})
    rng = random.Random(3)
    while not (app.screen == "game" and app.stage().name == "place"):
        step(app, rng, ok=False)
    target = next(t for t in tappables(app.render()) if "target" in t.get("class", ""))
    app.handle("cell", data_of(target))
    app.handle("rotate")
    before = (app.choices.to_json(), app.render())
    assert 'data-act="rules"' in before[1]
    app.handle("rules")
    assert app.screen == "rules" and "Back to the game" in app.render()
    app.handle("back")
    assert app.screen == "game" and (app.choices.to_json(), app.render()) == before
    app.handle("rules")
    app.back()  # the browser's Back too
    assert app.screen == "game" and app.choices.to_json() == before[0]
    app.handle("menu")
    app.handle("rules")  # from the menu, Back goes to the menu
    app.handle("back")
    assert app.screen == "start"


def test_a_new_tip_is_said_once_in_the_live_region() -> None:
    app = guided()
    app.render()
    assert "Tip: Your objectives." in app.news()
    assert "Tip:" not in app.news()
    app.handle("coach-ok", {"tip": "objectives"})
    app.render()
    assert "Tip:" not in app.news()


def test_no_place_tip_when_no_tile_fits() -> None:
    stuck = Moment("game", "place", 1, stuck=True)
    assert next_tip(stuck, ["setup", "objectives", "take"]) is None


def test_tips_over_the_map_come_only_at_steps_without_map_targets() -> None:
    everything = ORDER
    for tip in TIPS:
        if tip.dock != "high":
            continue
        for stage in ("setup", "place", "bonus", "land", "reward"):
            for preview in (False, True):
                m = Moment("game", stage, 2, preview, 3, True, False, True, True)
                assert not coach.holds(tip.id, m, everything), (tip.id, stage)
