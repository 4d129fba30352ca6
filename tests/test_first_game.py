"""A first game in at most 4 taps (issue 28, item 4): a newcomer's default form (one player
against a computer), the guided game's dealt starting tiles, computer seats with plain names
(kept in saved games), tips one at a time (and the sound question in its turn), the rules'
table of contents and the tips' links into it."""

from __future__ import annotations

import random
import re

from web_driver import choose, data_of, tappables

from ei_web import form as ei_form
from game_shell.coach import Coach
from game_shell.storage import MemoryStorage
from si_web import coach, form, rules_page
from si_web.app import App
from si_web.history import INDEX_KEY
from small_islands import Game

TIP = re.compile(r'class="coach [a-z]+" data-tip="(\w+)"')


def tip_of(html: str) -> str | None:
    m = TIP.search(html)
    return m.group(1) if m else None


def play_computers(app: App) -> None:
    """The computer seats' steps (the worker's part, done here by the fallback)."""
    while app.screen == "watch":
        req = app.auto.request()
        assert req is not None
        app.auto.fallback(req["token"])


# --------------------------------------------------------------------------- the defaults


def test_a_newcomer_gets_one_player_against_a_medium_computer() -> None:
    app = App(MemoryStorage())
    assert app.newcomer
    assert app.form["names"] == ["You", "Ben"] and app.form["kinds"] == ["human", "medium"]
    html = app.render()
    assert '<option value="medium" selected>' in html  # the form shows it, and everything else
    assert 'data-act="add-seat"' in html and 'data-act="form-solo"' in html
    app.handle("new")
    g = app.game
    assert g is not None and g.options.bots == {1: "medium"}
    assert [s.name for s in g.seats] == ["You", "Ben"]
    assert not app.newcomer


def test_a_device_with_a_game_played_keeps_the_two_player_default() -> None:
    for stored in ({INDEX_KEY: "[]"}, {"small-islands/save": "{oops"},
                   {"small-islands/ui": '{"form": {}}'}):
        app = App(MemoryStorage(dict(stored)))
        assert not app.newcomer, stored
        assert app.form["kinds"] == ["human", "human"], stored


def test_ember_isle_s_default_is_one_player_against_a_named_computer() -> None:
    f = ei_form.default()
    assert f["kinds"] == ["human", "medium"] and f["names"] == ["You", "Bob"]
    ei_form.add_seat(f)
    assert f["names"][2] == "Cleo" and f["kinds"][2] == "medium"
    options = ei_form.to_options(f)
    assert options.bots == {1: "medium", 2: "medium"}
    assert not any(n.startswith("Player") for n in options.seats)


# --------------------------------------------------------------------------- the names


def test_computer_seats_get_plain_distinct_names() -> None:
    f = form.default_form()
    form.read_fields(f, {"name-0": "Ann", "name-1": "Player 2", "kind-1": "easy"})
    assert f["names"] == ["Ann", "Ben"]
    form.add_seat(f)
    form.read_fields(f, {"kind-2": "hard"})
    assert f["names"][2] == "Mia"  # not a name already at the table
    form.read_fields(f, {"name-0": "Leo", "kind-1": "human"})  # a human keeps the name
    assert f["names"][:2] == ["Leo", "Ben"]
    form.read_fields(f, {"name-1": "Gran", "kind-1": "medium"})  # a chosen name stays
    assert f["names"][1] == "Gran"
    assert form.computer_name(["ben", "MIA", ""], 2) == "Leo"  # (ignoring case)


def test_an_older_form_s_computer_named_player_2_is_named_at_the_start() -> None:
    f = form.default_form()
    f["kinds"] = ["human", "easy"]  # (as kept by an older build: no rename when read)
    options = form.to_options(f)
    assert options.seats == ("Player 1", "Ben")


def test_the_guided_game_s_computer_has_a_name_other_than_the_player_s() -> None:
    assert coach.options("Ann", "blue").seats == ("Ann", "Ben")
    assert coach.options("Ben", "blue").seats == ("Ben", "Mia")
    assert coach.options("Player 1", "red").seats == ("You", "Ben")


def test_alexis_stays_alexis() -> None:
    f = form.newcomer_form()
    f["solo"] = True
    g = Game.new(form.to_options(f))
    assert [s.name for s in g.seats] == ["You", "Alexis"]


def test_saved_games_keep_the_computers_names() -> None:
    storage = MemoryStorage()
    app = App(storage)
    app.handle("new")
    again = App(storage)  # a reload: the same names from the save (no field added)
    assert again.game is not None and [s.name for s in again.game.seats] == ["You", "Ben"]
    old = Game.new(form.to_options(form.default_form()))  # a 2-human game of an older build
    assert [s.name for s in Game.from_json(old.to_json()).seats] == ["Player 1", "Player 2"]


# --------------------------------------------------------------------------- <= 4 taps


def taps_to_the_first_tile(app: App, first: str) -> int:
    """Taps from the start screen to the first tile choice (the first of each choice)."""
    taps = 0

    def tap(act: str, data: dict[str, str] | None = None) -> None:
        nonlocal taps
        taps += 1
        app.handle(act, data or {}, {"speed": "instant"})
        play_computers(app)

    tap(first)
    while not (app.screen == "game" and app.stage().name == "take"):
        items = [t for t in tappables(app.render())
                 if t["data-act"] not in ("coach-ok", "coach-skip", "sound", "rules")]
        acts = {t["data-act"]: t for t in items}
        if "obj" in acts:
            picks = app.choices.picks
            slot = "now" if not picks.get("now_O") else "later"
            card = next(t for t in items if t["data-act"] == "obj" and t["data-slot"] == slot
                        and t["data-card"] not in picks.values())
            tap("obj", data_of(card))
            if picks.get("now_O") and picks.get("later_O"):
                tap("obj-confirm")
        else:
            item = next(t for t in items if "primary" in t.get("class", ""))
            tap(item["data-act"], data_of(item))
        assert taps < 10, (app.screen, app.stage().name)
    return taps


def test_a_guided_first_game_reaches_the_first_tile_in_4_taps() -> None:
    app = App(MemoryStorage())
    assert taps_to_the_first_tile(app, "coach-start") <= 4
    g = app.game
    assert g is not None and g.phase == "exploration"
    assert app.guide.active(g)


def test_the_guided_game_deals_the_starting_tiles() -> None:
    app = App(MemoryStorage())
    app.handle("coach-start")
    g = app.game
    assert g is not None and g.phase == "preparation" and app.stage().name == "objectives"
    assert len(g.board.tiles) == 4  # the starting tiles are on the map


def test_a_game_from_the_form_keeps_the_arrangement_choice() -> None:
    app = App(MemoryStorage())
    app.handle("new", {}, {"kind-1": "human"})
    app.handle("unlock")
    assert app.stage().name in ("setup", "objectives")
    if app.game is not None and app.game.first_player == app.viewer:
        assert app.stage().name == "setup"


# --------------------------------------------------------------------------- one at a time


def test_tips_and_the_sound_question_come_one_at_a_time() -> None:
    """A whole guided game, tips read (Got it), the sound question left or answered: never a
    tip and the question at once, and after one ends nothing else on the same decision."""
    for seed, answer in ((1, False), (2, True)):
        app = App(MemoryStorage())
        app.handle("coach-start", {}, {"speed": "instant"})
        rng = random.Random(seed)
        ended: set[int] = set()  # decisions on which a tip or the question ended
        showing: tuple[int, str] | None = None
        asked = 0
        for _ in range(3000):
            play_computers(app)
            if app.screen == "over" or app.game is None:
                break
            html = app.render()
            tip, sound = tip_of(html), 'data-ask="sound"' in html
            decision = len(app.game.actions)
            assert not (tip and sound), (decision, tip)
            now = (decision, tip or "sound") if tip or sound else None
            if showing is not None and now != showing:
                ended.add(showing[0])
            if now is not None and now != showing:
                assert decision not in ended, (now, showing)  # a second one on one decision
                asked += now[1] == "sound"
            showing = now
            if tip:
                app.handle("coach-ok", {"tip": tip})
                continue
            if sound and answer:
                app.handle("sound", {"value": "off"})
                continue
            skip = {"rules", "coach-skip", "coach-ok", "track", "over-seat", "over-house",
                    "sound", "menu"}
            item = choose([t for t in tappables(html) if t["data-act"] not in skip], rng)
            assert item is not None
            app.handle(item["data-act"], data_of(item), {})
        assert app.screen == "over"
        assert asked == 1  # asked once, on a decision without a tip
        assert not app.sound_question


def test_after_got_it_the_next_tip_waits_for_the_next_decision() -> None:
    c: Coach[int] = Coach(MemoryStorage(), "pebbles", coach.COACH)  # type: ignore[arg-type]
    m = coach.Moment("game", "take", 1, recap=True, placed=1, objective=True)
    c.started(1)
    assert c.tip(1, m, 5).id == "take"  # type: ignore[union-attr]
    c.got_it("take")
    assert c.tip(1, m, 5) is None and not c.free(1, 5)  # quiet: nothing else on decision 5
    assert c.tip(1, m, 6).id == "recap"  # type: ignore[union-attr]
    c.got_it()
    assert c.tip(1, m, 7).id == "islands"  # type: ignore[union-attr]
    assert not c.free(1, 7) and not c.free(1, 8)  # a tip showing: nothing else
    c.got_it()
    assert c.free(1, 8) and not c.free(1, 7)
    c.quiet(1, 8)  # the game's own question answered on decision 8
    assert c.tip(1, m, 8) is None and c.tip(1, m, 9) is not None


def test_a_tip_done_by_moving_on_lets_the_next_decision_s_tip_show() -> None:
    c: Coach[int] = Coach(MemoryStorage(), "pebbles", coach.COACH)  # type: ignore[arg-type]
    c.started(1)
    assert c.tip(1, coach.Moment("game", "objectives", 1), 1).id == "objectives"  # type: ignore[union-attr]
    take = coach.Moment("game", "take", 1, recap=True)
    assert c.tip(1, take, 3).id == "take"  # type: ignore[union-attr]  # (no Got it: chose them)
    place = coach.Moment("game", "place", 1)
    assert c.tip(1, place, 4).id == "place"  # type: ignore[union-attr]
    previewed = coach.Moment("game", "place", 1, preview=True)
    assert c.tip(1, previewed, 4) is None  # "place" done, but on its own decision: "rotate" waits


# --------------------------------------------------------------------------- the rules


def test_the_rules_have_a_table_of_contents_and_back_to_it() -> None:
    html = rules_page.rules_screen(False)
    toc = html[html.index('class="card rules-toc"'):html.index("</nav>")]
    for key, title in rules_page.PARTS:
        assert f'data-act="rules-at" data-section="{key}"' in toc and title in toc
        assert f'id="rules-{key}"' in html
    assert html.count('data-act="rules-at" data-section="top"') == len(rules_page.PARTS)
    assert "data-autofocus" not in html  # opened at its top
    at = rules_page.rules_screen(False, "missions", 3)
    assert re.search(r'id="rules-missions"><summary><h2 tabindex="-1" data-autofocus', at)
    assert at.count("data-autofocus") == 1


def test_the_contents_bring_a_section_into_view_and_back() -> None:
    app = App(MemoryStorage())
    app.handle("rules")
    app.handle("rules-at", {"section": "rewards"})
    assert 'id="rules-rewards"><summary><h2 tabindex="-1" data-autofocus' in app.render()
    app.handle("rules-at", {"section": "top"})
    assert '<h2 tabindex="-1" data-autofocus data-jump="2">Contents' in app.render()
    app.handle("rules-at", {"section": "nonsense"})  # (unknown: stays where it was)
    assert 'data-jump="2">Contents' in app.render()
    app.handle("back")
    assert app.screen == "start"


def test_every_tip_links_to_a_section_of_the_rules() -> None:
    keys = {key for key, _ in rules_page.PARTS}
    for tip in coach.TIPS:
        if tip.id != "end":
            assert tip.rules in keys, tip.id
            assert f'data-act="rules" data-section="{tip.rules}"' in coach.tip_html(tip)


def test_a_tip_s_link_opens_the_rules_at_its_section_and_back_keeps_the_game() -> None:
    app = App(MemoryStorage())
    app.handle("coach-start")
    html = app.render()
    assert tip_of(html) == "objectives"
    card = next(t for t in tappables(html) if t["data-act"] == "obj")
    app.handle("obj", data_of(card))
    before = (app.choices.to_json(), app.render())
    link = next(t for t in tappables(before[1]) if t["data-act"] == "rules" and "data-section" in t)
    app.handle("rules", data_of(link))
    assert app.screen == "rules"
    assert 'id="rules-objectives"><summary><h2 tabindex="-1" data-autofocus' in app.render()
    app.handle("back")
    assert app.screen == "game" and (app.choices.to_json(), app.render()) == before
    assert "data-autofocus" not in rules_page.rules_screen(True)
