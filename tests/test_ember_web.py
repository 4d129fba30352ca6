"""Ember Isle in the app, in CPython: the start screen offers both games, whole games through
the taps a person makes, autosave and resume, privacy of hands, undo within a turn, hints,
computer answers checked, plain words, a broken save kept."""

from __future__ import annotations

import json
import random
import re

import pytest

from ei_web import words
from ei_web.app import EmberApp
from ei_web.autopilot import Autopilot
from ei_web.session import ACTIVE, BROKEN, SAVE, SUMMARY
from ei_web.steps import Sel
from ei_web.worker import handle
from ember_isle import Bound, Game, Options, PlayClue
from ember_isle.content import CLUE_CARDS
from ember_web_driver import play_action, play_out, tap
from game_shell.storage import MemoryStorage
from si_web.app import App


def new(kinds: list[str], names: list[str] | None = None, storage: MemoryStorage | None = None,
        island: str = "default") -> EmberApp:
    app = EmberApp(storage or MemoryStorage())
    names = names or ["Ann", "Bob", "Cleo", "Dev"][: len(kinds)]
    while len(app.form["names"]) < len(kinds):
        app.handle("ei-add-seat", {}, {})
    fields = {f"ei-name-{i}": n for i, n in enumerate(names)}
    fields |= {f"ei-kind-{i}": k for i, k in enumerate(kinds)}
    app.handle("ei-new", {}, {**fields, "ei-map": island})
    assert app.game is not None, app.form_error
    return app


def text_of(html: str) -> str:
    """What a person reads: the markup without tags and attributes."""
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    return re.sub(r"<[^>]*>", " ", html)


ID = re.compile(
    r"\b(?:not_)?(?:in|beside|near|in_largest)[:_][a-z]+\b|\bV[1-4]\b|\bT[1-4]\b|-?\d+,\s?-?\d+"
)


# ----------------------------------------------------------------- the start screen


def test_the_small_islands_start_screen_offers_ember_isle_without_loading_it() -> None:
    storage = MemoryStorage()
    app = App(storage)
    html = app.render()
    assert 'data-act="open-game" data-game="ember-isle"' in html and "Play Ember Isle" in html
    app.handle("open-game", {"game": "ember-isle"}, {})
    assert app.other_game == "ember-isle"  # the controller then loads the archive
    storage.set(SUMMARY, "Ember Isle: Ann, Bob (computer) — turn 4")
    html = App(storage).render()
    assert "Continue Ember Isle" in html and "Ann, Bob (computer) — turn 4" in html


def test_continue_names_the_game() -> None:
    storage = MemoryStorage()
    app = new(["human", "medium"], storage=storage)
    stored = storage.get(SUMMARY) or ""
    assert "computer" not in stored  # data, no words (saves are language-free)
    assert json.loads(stored)["seats"][1] == {"name": "Bob", "bot": True}
    assert "Ember Isle: Ann, Bob (computer) — turn 1" in App(storage).render()  # words when shown
    again = EmberApp(storage)
    html = again.render()
    assert "Continue Ember Isle" in html and "Ann, Bob (computer) — turn 1" in html
    again.handle("ei-continue", {}, {})
    assert again.screen == "game" and again.game is not None
    assert again.game.to_json() == app.game.to_json()  # type: ignore[union-attr]


def test_the_form_bounds_and_refuses_bad_names_in_words() -> None:
    app = EmberApp(MemoryStorage())
    for _ in range(5):
        app.handle("ei-add-seat", {}, {})
    assert len(app.form["names"]) == 4
    for _ in range(5):
        app.handle("ei-remove-seat", {}, {})
    assert len(app.form["names"]) == 2
    app.handle("ei-new", {}, {"ei-name-0": "  ", "ei-name-1": "Bob"})
    assert app.game is None and app.form_error == "Every player needs a name of 1 to 40 characters."
    assert "Every player needs a name" in app.render()


# ----------------------------------------------------------------------- whole games


@pytest.mark.parametrize(
    "kinds, seed, island",
    [
        (["human", "medium"], 1, "default"),
        (["human", "human"], 2, "random"),
        (["easy", "human", "human"], 3, "default"),
        (["human", "easy", "medium", "human"], 4, "random"),
        (["hard", "human"], 5, "default"),  # (last: tests/test_build.py names the others by id)
    ],
)
def test_a_whole_game_through_the_taps(kinds: list[str], seed: int, island: str) -> None:
    storage = MemoryStorage()
    app = new(kinds, storage=storage, island=island)
    play_out(app, random.Random(seed))
    assert app.screen == "over"
    html = app.render()
    assert "The hunt is over" in html
    assert f"Game number {app.game.options.seed}: " in html  # type: ignore[union-attr]
    for row in app.game.scores():  # type: ignore[union-attr]
        assert f"<b>{row['total']} point{'' if row['total'] == 1 else 's'}</b>" in html
    # the finished game was saved and comes back as the end screen
    again = EmberApp(storage)
    assert again.game is not None and again.game.to_json() == app.game.to_json()  # type: ignore[union-attr]


def test_every_screen_of_a_game_is_in_plain_words() -> None:
    app = new(["human", "human"])
    rng = random.Random(5)
    seen = 0
    while app.game is not None and app.game.phase != "over" and seen < 400:
        seen += 1
        html = app.render()
        found = ID.findall(text_of(html))
        assert not found, f"ids or coordinates {found} on {app.screen}/{app.game.stage}"
        if app.screen == "pass":
            tap(app, "ei-unlock")
            continue
        legal = app.legal()
        clues = [a for a in legal if isinstance(a, PlayClue)]
        play_action(app, rng.choice(clues or legal))


def test_every_clue_card_has_words_and_a_picture() -> None:
    from ei_web.pictures import clue_icon

    texts = {words.clue(c) for c in CLUE_CARDS}
    assert len(texts) == len(CLUE_CARDS)  # no two cards read the same
    for c in (*CLUE_CARDS, "V1", "V2", "V3", "V4"):
        assert "_" not in words.clue(c) and ":" not in words.clue(c)
        assert clue_icon(c).startswith("<svg")


def test_refusals_are_sentences() -> None:
    for code in ("not_reducing", "empties_column", "lava_end", "no_payment", "cannot_undo", "x"):
        text = words.refusal(code)
        assert text.endswith(".") and "_" not in text


# ------------------------------------------------------------------ saves and resume


def test_every_action_is_saved_and_a_reload_resumes_exactly_mid_turn() -> None:
    storage = MemoryStorage()
    app = new(["human", "medium"], storage=storage)
    rng = random.Random(11)
    moved = False
    for _ in range(400):
        g = app.game
        assert g is not None
        if g.phase == "over":
            break
        seat = app.auto.bot_seat()
        if seat is not None:
            app.auto.local(app.auto.token)
        else:
            legal = app.legal()
            bounds = [a for a in legal if isinstance(a, Bound)]
            play_action(app, rng.choice(bounds or legal))
        again = EmberApp(storage)
        assert again.game is not None and again.game.to_json() == g.to_json()
        again.resume()
        assert again.screen == app.screen
        if g.stage == "move" and app.my_turn():
            moved = True  # mid-move: the same bounds left, the same targets on the map
            assert again.game.turn is not None and g.turn is not None
            assert again.game.turn.bounds == g.turn.bounds
            hexes = again.render().count('data-act="ei-hex"')
            assert hexes == app.render().count('data-act="ei-hex"')
    assert moved


def test_a_broken_save_is_reported_kept_and_moved_aside() -> None:
    storage = MemoryStorage()
    storage.set(SAVE, '{"v": 1, "game": "not a save"}')
    app = EmberApp(storage)
    assert app.broken is not None and app.game is None
    html = app.render()
    assert "could not be read" in html and "not a save" not in text_of(html)
    assert storage.get(SAVE) is not None  # kept until a new game replaces it
    app.handle("ei-new", {}, {})
    assert storage.get(BROKEN) == '{"v": 1, "game": "not a save"}'
    assert app.game is not None


def test_the_small_islands_save_is_never_touched() -> None:
    storage = MemoryStorage()
    storage.set("small-islands/save", "the Small Islands game")
    app = new(["human", "easy"], storage=storage)
    play_out(app, random.Random(3))
    assert storage.get("small-islands/save") == "the Small Islands game"


def test_leaving_and_the_active_flag() -> None:
    storage = MemoryStorage()
    app = new(["human", "easy"], storage=storage)
    assert storage.get(ACTIVE) == "ember-isle"  # a reload comes back to Ember Isle
    app.handle("ei-menu", {}, {})
    app.handle("ei-leave", {}, {})
    assert app.leave and storage.get(ACTIVE) is None


# ---------------------------------------------------------------------- privacy


def test_hands_stay_private_between_two_people() -> None:
    app = new(["human", "human"])
    g = app.game
    assert g is not None
    rng = random.Random(8)
    checked = 0
    while g.phase != "over" and checked < 300:
        checked += 1
        html = app.render()
        shown = set(re.findall(r'data-card="([^"]+)"', html))
        if app.screen == "pass":
            assert not shown and "Your clues" not in html  # nothing private on the pass screen
            assert "looked at" not in html
            assert g.phase != "setup"  # setup is public: the device never changes hands there
            tap(app, "ei-unlock")
            continue
        me = app.viewer
        assert me is not None
        assert shown <= set(g.seats[me].hand)  # only the device seat's own cards
        if not app.mine():  # a public step: the tray shows nobody's hand
            assert not shown and "Your clues" not in html and "looked at" not in html
            assert "Your treasure cards" not in html
        else:
            assert app.unlocked and g.to_move == me
        other = 1 - me
        v = app.view()
        assert v["seats"][other]["hand"] is None and v["seats"][other]["treasure"] is None
        play_action(app, rng.choice(app.legal()))


def test_computer_turns_show_no_hand_when_two_people_share_the_device() -> None:
    app = new(["human", "easy", "human"])
    g = app.game
    assert g is not None
    rng = random.Random(2)
    seen_bot = False
    for _ in range(300):
        if g.phase == "over":
            break
        if app.screen == "pass":
            tap(app, "ei-unlock")
        elif app.auto.bot_seat() is not None:
            html = app.render()
            assert 'data-card="' not in html and "Your treasure cards" not in html
            assert "looked at" not in html and "Show my secret cards" not in html
            if g.phase == "play":
                seen_bot = True
                assert "clue cards are hidden" in app.render()
            app.auto.local(app.auto.token)
        else:
            play_action(app, rng.choice(app.legal()))
    assert seen_bot


# ------------------------------------------------------------------ undo and hints


def test_undo_within_a_turn_and_not_past_a_draw() -> None:
    app = new(["human", "easy"])
    g = app.game
    assert g is not None
    rng = random.Random(4)
    undone = refused = False
    for _ in range(600):
        if app.game is None or app.game.phase == "over" or (undone and refused):
            break
        if app.auto.bot_seat() is not None:
            app.auto.local(app.auto.token)
            continue
        legal = app.legal()
        bounds = [a for a in legal if isinstance(a, Bound)]
        clues = [a for a in legal if isinstance(a, PlayClue)]
        if bounds and not undone:
            before = app.game.to_json()
            play_action(app, bounds[0])
            assert 'data-act="ei-undo"' in app.render() and app.game.can_undo()
            app.handle("ei-undo", {}, {})
            assert app.game.to_json() == before
            undone = True
        elif clues and undone and not refused:
            play_action(app, clues[0])  # draws a card: no undo past it
            if app.my_turn():
                app.handle("ei-undo", {}, {})
                assert app.message == words.refusal("cannot_undo")
                refused = True
        else:
            play_action(app, rng.choice(legal))
    assert undone


def test_a_hint_is_mediums_move_in_words_and_can_be_played() -> None:
    app = new(["human", "easy"])
    for _ in range(50):
        if app.my_turn() and app.game is not None and app.game.phase == "play":
            break
        if app.auto.bot_seat() is not None:
            app.auto.local(app.auto.token)
        else:
            play_action(app, app.legal()[0])
    app.handle("ei-hint", {}, {})
    req = app.auto.hint_request()
    assert req is not None
    app.auto.apply_hint(handle(req[1]), req[0])
    assert app.auto.hint is not None and app.auto.hint in app.legal()
    html = app.render()
    assert "Suggestion:" in html and 'data-act="ei-play-hint"' in html
    assert not ID.findall(text_of(html))
    before = len(app.game.actions)  # type: ignore[union-attr]
    app.handle("ei-play-hint", {}, {})
    assert len(app.game.actions) == before + 1  # type: ignore[union-attr]


def test_computer_answers_are_checked() -> None:
    app = new(["easy", "human"])
    auto: Autopilot = app.auto
    while app.auto.bot_seat() is None:
        play_action(app, app.legal()[0])
    token, request = auto.request()  # type: ignore[misc]
    n = len(app.game.actions)  # type: ignore[union-attr]
    assert not auto.apply(handle(request), "stale")  # an answer for another position
    assert len(app.game.actions) == n  # type: ignore[union-attr]
    # nonsense or an illegal action: the same decision is made here instead
    assert auto.apply('{"action": {"type": "raise", "column": "pearl"}}', token)
    assert len(app.game.actions) == n + 1  # type: ignore[union-attr]
    while app.auto.bot_seat() is None:
        play_action(app, app.legal()[0])
    assert auto.apply("[[[[", auto.token)


def test_the_worker_request_gives_a_legal_action() -> None:
    g = Game.new(Options(seats=("A", "B"), seed=5, bots={0: "medium", 1: "easy"}))
    for level in ("easy", "medium", "hard"):
        req = json.dumps({"kind": "bot", "view": g.view(g.to_move), "level": level, "seed": 1,
                          "legal": [a.to_json() for a in g.legal_actions()]})
        from ember_isle import Action

        action = Action.from_json(json.loads(handle(req))["action"])
        assert action in g.legal_actions()


def test_clue_preview_matches_the_engine() -> None:
    app = new(["human", "easy"])
    for _ in range(60):
        if app.my_turn() and any(isinstance(a, PlayClue) for a in app.legal()):
            break
        if app.auto.bot_seat() is not None:
            app.auto.local(app.auto.token)
        else:
            play_action(app, app.legal()[0])
    a = next(a for a in app.legal() if isinstance(a, PlayClue))
    tap(app, "ei-card", card=a.card)
    tap(app, "ei-option", col=a.column, tile="")
    html = app.render()
    probe = app.game.clone()  # type: ignore[union-attr]
    probe.play(a)
    n = probe.candidates(a.column).bit_count()
    assert f"This clue leaves {words.spaces(n)}" in html
    assert html.count('class="keep"') == n  # the spaces it keeps, outlined on the map
    assert app.sel == Sel(card=a.card, option=(a.column, None))


@pytest.mark.parametrize(
    "raw", ["[[[[", "{}", '{"v": 1}', '{"v": 2, "game": ""}', "[" * 5000, "\udcff"]
)
def test_unreadable_saves_never_raise(raw: str) -> None:
    storage = MemoryStorage()
    storage.set(SAVE, raw)
    storage.set("ember-isle/settings", raw)
    app = EmberApp(storage)
    assert app.broken is not None and app.game is None
    assert "could not be read" in app.render()


def test_crossing_onto_lava_names_its_cost_before_it_is_made() -> None:
    """The only move that gives something up says what, on the bar that confirms it; the
    engine then takes exactly that (an amulet first, else the best treasure card)."""
    seen = 0
    for seed in range(60):
        app = new(["human", "human"])
        rng = random.Random(seed)
        while app.game is not None and app.game.phase != "over" and seen < 3:
            if app.screen == "pass":
                tap(app, "ei-unlock")
                continue
            legal = app.legal()
            v = app.view()
            t = v["targets"]
            paid = [a for a in legal if isinstance(a, Bound) and t is not None
                    and any(b["lava"] and b["hex"] == list(a.hex) for b in t["bounds"])]
            if not paid:
                play_action(app, rng.choice(legal))
                continue
            a, seat = paid[0], v["seat"]
            assert seat is not None
            me = v["seats"][seat]
            tap(app, "ei-hex", q=a.hex[0], r=a.hex[1])
            said = text_of(app.render())
            assert "Crossing onto lava here costs" in said and "Cross the lava and pay" in said
            treasure = list(me["treasure"] or [])
            if me["amulets"]:
                assert "amulet" in said
            else:
                assert f"treasure card, the {max(treasure)}" in said or \
                    f"treasure cards worth {max(treasure)}" in said
            tap(app, "ei-confirm")
            after = app.game.seats[seat]
            if me["amulets"]:
                assert after.amulets == me["amulets"] - 1
            else:
                treasure.remove(max(treasure))
                assert sorted(after.treasure) == sorted(treasure)
            seen += 1
        if seen >= 3:
            break
    assert seen >= 3, "no game offered a bound onto lava"
    # a bound that costs nothing says nothing of a cost
    app = new(["human", "human"])
    assert "costs" not in text_of(app.render())


def test_the_live_region_names_the_winner_once() -> None:
    from ei_web.app import log_news
    from game_shell.celebrate import winner_words

    app = new(["human", "easy"])
    heard: list[str] = []
    rng = random.Random(2)
    steps = 0
    assert app.game is not None
    while app.game.phase != "over":
        steps += 1
        assert steps < 3000
        if app.screen == "pass":
            tap(app, "ei-unlock")
        elif app.auto.bot_seat() is not None:
            assert app.auto.local(app.auto.token)
        else:
            play_action(app, rng.choice(app.legal()))
        heard.append(log_news(app))
    app.go("over")
    heard.append(log_news(app))
    scores = app.game.view(0)["scores"]
    assert scores is not None
    said = winner_words([(r["name"], r["total"]) for r in sorted(scores, key=lambda r: r["seat"])
                         if r["rank"] == 1])
    assert sum(said in h for h in heard) == 1


def test_the_form_offers_the_hard_computer_and_its_seat_plays_hard() -> None:
    app = EmberApp(MemoryStorage())
    assert '<option value="hard">Computer: hard</option>' in app.render()
    app = new(["human", "hard"])
    assert app.game is not None and app.game.seats[1].bot == "hard"
