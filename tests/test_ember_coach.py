"""Ember Isle's first-game coach (`ei_web.coach`) and its rules page (`ei_web.rules`): tips one
at a time over whole games, at most one per decision, in the coach row; a tip seen never
returns on the device; "Skip the tips" and the Settings switch; every tip links to a section
of the rules, which opens there; the rules page has every section with its pictures; plain
words throughout."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from test_ember_web import ID, new, text_of

import ember_isle as ei
from ei_web import coach, rules
from ei_web.app import EmberApp
from ei_web.coach import COACH, TIPS, Moment
from ember_web_driver import play_action, tap
from game_shell.storage import MemoryStorage

TIP = re.compile(r'<section class="coach[^"]*" data-tip="([a-z]+)"')  # a tip's sheet


def watch(app: EmberApp) -> list[tuple[int, str | None]]:
    """Every coach row drawn: (the decision, the tip shown or None)."""
    drawn: list[tuple[int, str | None]] = []
    row = app.guide.row

    def spy(a: coach.Shown) -> str:
        html = row(a)
        assert len(TIP.findall(html)) <= 1  # one tip at a time
        found = TIP.search(html)
        if a.game is not None:
            drawn.append((coach.decision(a.game, a.sel), found.group(1) if found else None))
        return html

    app.guide.row = spy  # type: ignore[method-assign]
    return drawn


def first(kinds: list[str], storage: MemoryStorage | None = None) -> EmberApp:
    """A new game at the device seat's first decision (the computer lays its land first)."""
    app = new(kinds, storage=storage)
    if app.confirm_new:  # a game in progress on the device: "start a new one" confirmed
        app.handle("ei-new", {"confirmed": "1"}, {})
    while app.auto.bot_seat() is not None:
        assert app.auto.local(app.auto.token)
    return app


def play(app: EmberApp, rng: random.Random, ok: float = 0.5, limit: int = 3000) -> None:
    """A whole game by taps; "Got it" on about half the tips."""
    assert app.game is not None
    for _ in range(limit):
        if app.game.phase == "over":
            return
        if app.screen == "pass":
            tap(app, "ei-unlock")
            continue
        if app.auto.bot_seat() is not None:
            assert app.auto.local(app.auto.token)
            continue
        found = TIP.search(app.render())
        if found and rng.random() < ok:
            tap(app, "ei-coach-ok", tip=found.group(1))
            assert found.group(1) not in TIP.findall(app.render())
        legal = app.legal()
        clues = [a for a in legal if isinstance(a, ei.PlayClue)]
        claims = [a for a in legal if a.type == "claim"]
        play_action(app, rng.choice(claims or (clues if rng.random() < 0.6 else []) or legal))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tips_come_one_at_a_time_and_one_per_decision_over_a_whole_game(seed: int) -> None:
    app = new(["human", "easy"])
    assert app.game is not None
    app.begin(ei.Game.new(dataclasses.replace(app.game.options, seed=seed)))  # the same each run
    drawn = watch(app)  # (from the start: the computer's first decisions show no tip)
    play(app, random.Random(seed))
    by_decision: dict[int, set[str]] = {}
    for at, tip in drawn:
        if tip is not None:
            by_decision.setdefault(at, set()).add(tip)
    assert all(len(tips) == 1 for tips in by_decision.values()), {
        k: v for k, v in by_decision.items() if len(v) > 1}
    shown = [tip for _, tip in drawn if tip is not None]
    order = list(dict.fromkeys(shown))  # a tip, once over, never shows again
    runs = [t for i, t in enumerate(shown) if i == 0 or shown[i - 1] != t]
    assert runs == order, runs
    assert {"triads", "seed", "clue", "leaves", "move", "share"} <= set(order), order
    assert set(order) <= set(app.guide.coach.record["seen"]) | {app.guide.coach.record["showing"]}


def test_every_decision_of_a_first_game_has_its_tip() -> None:
    """Each tip's moment, met in a game's order (the moments a game may not reach by chance)."""
    walk: list[tuple[Moment, str]] = [
        (Moment("triads"), "triads"),
        (Moment("objects"), "place"),
        (Moment("seed"), "seed"),
        (Moment("turn"), "clue"),
        (Moment("turn", card=True), "leaves"),
        (Moment("move"), "move"),
        (Moment("move", lava_bound=True), "cross"),
        (Moment("amulet"), "amulet"),
        (Moment("lava"), "lava"),
        (Moment("turn", powers=True, main_done=True), "powers"),
        (Moment("turn", located=True, main_done=True), "located"),
        (Moment("move", located=True, can_raise=True), "raise"),
        (Moment("offer"), "share"),
        (Moment("ward"), "curse"),
        (Moment("turn"), "swap"),
    ]
    seen: list[str] = []
    for m, expected in walk:
        tip = COACH.next(m, seen)
        assert tip is not None and tip.id == expected, (m, tip)
        seen.append(tip.id)
    assert seen == [t.id for t in TIPS]  # every tip, in the order a game meets them
    assert COACH.next(Moment("turn"), seen) is None


def test_a_tip_seen_never_returns_on_the_device_even_in_the_next_game() -> None:
    storage = MemoryStorage()
    app = first(["human", "easy"], storage)
    assert TIP.findall(app.render()) == ["triads"]
    tap(app, "ei-coach-ok", tip="triads")
    assert not TIP.findall(app.render())  # that decision stays quiet
    again = first(["human", "easy"], storage)  # the same device, a new game
    assert "triads" in again.guide.coach.record["seen"]
    drawn = watch(again)
    play(again, random.Random(5), ok=0.0)
    assert "triads" not in {t for _, t in drawn}
    assert {"seed", "clue"} <= {t for _, t in drawn}  # the tips not seen yet still come


def test_skip_turns_the_tips_off_in_settings_and_settings_turns_them_on() -> None:
    storage = MemoryStorage()
    app = first(["human", "easy"], storage)
    tap(app, "ei-coach-skip")
    assert not TIP.findall(app.render()) and not app.guide.enabled()
    tap(app, "ei-menu")
    tap(app, "ei-settings")
    html = app.render()
    assert 'data-game="ember-isle" data-key="tips" data-value="off" aria-pressed="true"' in html
    tap(app, "ei-set", game="ember-isle", key="tips", value="on")
    assert app.guide.enabled()
    tap(app, "ei-settings-back")
    tap(app, "ei-continue")
    assert TIP.findall(app.render()) == ["triads"]  # not seen: it was skipped, not dismissed


def test_a_computers_turn_and_a_hand_off_show_no_tip() -> None:
    app = new(["human", "human"])
    rng = random.Random(3)
    for _ in range(200):  # the public setup needs no hand-off: the first one is at a turn
        if app.screen == "pass":
            break
        play_action(app, rng.choice(app.legal()))
    assert app.screen == "pass" and not TIP.findall(app.render())
    bots = new(["easy", "easy"])
    assert not TIP.findall(bots.render())


def test_every_tip_links_to_a_section_of_the_rules_which_opens_there() -> None:
    page = rules.rules_page()
    for tip in TIPS:
        assert tip.rules in rules.KEYS_OF, tip.id
        assert f'data-section="{tip.rules}"' in page
    app = first(["human", "easy"])
    html = app.render()
    assert 'data-act="ei-rules" data-section="setup"' in html
    tap(app, "ei-rules", section="setup")
    html = app.render()
    at = re.search(r'<section class="card ei-rpart" data-section="([a-z-]+)"[^>]*>'
                   r'<h2 tabindex="-1" data-autofocus', html)
    assert at is not None and at.group(1) == "setup"
    tap(app, "ei-rules-at", section="geometry")  # the contents
    focused = '<h2 tabindex="-1" data-autofocus'
    assert f'data-section="geometry" id="ei-rules-geometry">{focused}' in app.render()
    tap(app, "ei-rules-back")
    assert app.screen == "game" and TIP.findall(app.render()) == ["triads"]  # the tip stays
    tap(app, "ei-rules")  # from the bar: at the top, no section
    assert "data-autofocus" not in app.render()


REQUIRED = {"setup", "turn", "clues", "geometry", "lava-tiles", "move", "lava", "amulets", "raise",
            "share", "curse", "end"}


def test_the_rules_page_has_its_contents_and_every_section_with_a_picture() -> None:
    page = rules.rules_page()
    keys = [k for k, _ in rules.SECTIONS]
    assert set(keys) >= REQUIRED
    toc = page[page.index('<nav class="card ei-toc"'):page.index("</nav>")]
    for key in keys:
        assert f'data-act="ei-rules-at" data-section="{key}"' in toc
        part = page[page.index(f'data-section="{key}" id='):]
        part = part[:part.index("</section>")]
        assert "<svg" in part, key
    geometry = page[page.index('data-section="geometry" id='):]
    assert "a hut’s own space is not beside it" in geometry
    assert geometry.count('class="ei-rpic"') >= 2  # beside and within 2, drawn
    for power in ("Extra clue", "Extra move", "Extra swap", "Remove a cube"):
        assert power in page
    for tile in ("Beside the volcano", "Not beside the volcano", "Beside lava", "Not beside lava"):
        assert tile in page
    assert "one amulet" in page and "best treasure card" in page  # the price of crossing lava
    assert len(set(re.findall(r' id="([^"]+)"', page))) == len(re.findall(r' id="([^"]+)"', page))


ENGINE = re.compile(r"\b(hex|hexes|candidates?|triads?|stage|axial|None|True|False|seat)\b|_")


def test_tips_and_rules_are_in_plain_words() -> None:
    for tip in TIPS:
        words = f"{tip.title} {tip.text}"
        assert not ID.search(words) and not ENGINE.search(words), (tip.id, words)
    text = text_of(rules.rules_page())
    assert not ID.search(text), ID.search(text)
    assert not ENGINE.search(text), ENGINE.search(text)


def test_the_guide_reads_a_broken_record_and_storage_full_never_raises() -> None:
    storage = MemoryStorage({"ember-isle/coach": "}{ not ours"})
    app = EmberApp(storage)
    assert app.guide.coach.record["seen"] == []
    full = new(["human", "easy"], storage=MemoryStorage(quota=2000))
    full.render()  # the record may not fit: the tip still shows, nothing raises
