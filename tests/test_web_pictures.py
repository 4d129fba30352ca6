"""Issue 28, items 5 and 6 in markup: cards as pictures where they are chosen or shown (the
objective picker, the kept objectives, Alexis's card, Ember's column choices), the keyboard
shortcut list and its keys, and the map's tiles as a table for screen readers (its cells'
words from seeded games)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from ei_web import keys as ei_keys
from ei_web import pictures as ei_pictures
from ei_web import rules as ei_rules
from ei_web.screens import column_button
from game_shell import shortcuts
from si_web import keys as si_keys
from si_web import map_grid, panels, pictures, rules_page, tracker
from si_web.choices import Choices
from small_islands import MISSIONS, OBJECTIVES, REWARDS, Game, Options
from small_islands.solo import EXPLORATION_CARDS
from small_islands.view import seat_view

ID_PATTERN = re.compile(r"\b[TMORE]\d{1,2}\b|\bL\d\b|\(\s*\d+\s*,\s*\d+\s*\)")
WEB = Path(__file__).resolve().parent.parent / "web"


def text_of(html: str) -> str:
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]*>", " ", html))


# --- cards as pictures ------------------------------------------------------------------


@pytest.mark.parametrize("card", [*OBJECTIVES, *MISSIONS, *REWARDS, "M3+R5"])
def test_every_card_has_a_picture_hidden_from_screen_readers(card: str) -> None:
    html = pictures.card(card)
    assert html.startswith('<span class="pic-card" aria-hidden="true">')
    parts = 2 if card in OBJECTIVES or "+" in card else 1
    assert html.count("<svg") == parts
    assert not ID_PATTERN.search(html), html  # not even in its path data


def test_the_picker_draws_each_card_with_buttons_named_in_whole_words() -> None:
    choices = Choices()
    html = panels.objective_card("O1", ("now", "later"), choices)
    mission, reward = panels.objective_text("O1")
    assert pictures.card("O1") in html
    assert f'aria-label="This round: mission: {mission}; reward: {reward}"' in html
    assert f'aria-label="Next round: mission: {mission}; reward: {reward}"' in html
    assert html.count('aria-pressed="false"') == 2 and "kept for" not in html
    choices.picks["now_O"] = "O1"
    kept = panels.objective_card("O1", ("now", "later"), choices)
    assert "chosen-now" in kept and kept.count('aria-pressed="true"') == 1
    assert "kept for this round" in text_of(kept)  # in words, not by colour alone
    assert "✓" in kept
    lone = panels.objective_card("R4", ("now", "later"), Choices())  # advanced mode
    assert "reward:" in lone and "mission:" not in lone and pictures.card("R4") in lone


def seeded(seed: int, stop: object, seats: tuple[str, ...] = ("Ann", "Bob")) -> Game:
    g = Game.new(Options(seats=seats, seed=seed))
    rng = random.Random(seed)
    while g.phase != "over" and not stop(g):  # type: ignore[operator]
        g.play(rng.choice(g.legal_actions()))
    return g


def test_the_kept_objectives_are_small_pictures_with_their_words() -> None:
    g = seeded(4, lambda g: g.phase == "exploration" and g.round == 2)
    v = seat_view(g, g.to_move or 0)
    box = panels.objectives_box(v)
    assert box.count('class="pic-card small"') == 2  # this round's and next round's
    assert "Mission:" in text_of(box) and "Reward:" in text_of(box)
    assert box.count("<b>") == 2  # "This round", "Next round" (read by the e2e helpers)
    card = tracker.box(v, None, "")
    if card:
        assert 'class="pic-card small"' in card
        assert not ID_PATTERN.search(card.replace('data-x="', "").replace('data-y="', ""))


def test_the_reward_trays_objective_is_its_picture_with_its_words() -> None:
    from si_web.stages.reward import Reward

    g = seeded(4, lambda g: g.phase == "reward")
    v = seat_view(g, g.to_move or 0)
    assert v.get("objective")
    tray = Reward().panel(None, v)  # type: ignore[arg-type]  (the panel reads the view only)
    assert tray.count('class="pic-card small"') == 1
    assert "Mission:" in text_of(tray) and "Reward:" in text_of(tray)


@pytest.mark.parametrize("card", EXPLORATION_CARDS, ids=lambda c: c.id)
def test_alexis_card_from_the_view_is_its_picture(card: object) -> None:
    from small_islands.solo import ExplorationCard

    assert isinstance(card, ExplorationCard)
    view_card = {"id": card.id, "kind": card.kind, "slot": card.slot,
                 "directions": list(card.directions), "mission": card.mission, "text": ""}
    html = pictures.alexis_card_of(view_card)
    assert html == pictures.alexis_card(card)
    assert html.count("<svg") == 2 and 'aria-hidden="true"' in html
    assert pictures.alexis_card_of({}) == ""  # a card the view does not describe: no picture


def test_the_solo_rotation_stage_shows_his_card_as_a_picture() -> None:
    from si_web.stages.alexis_rotation import AlexisRotation  # noqa: PLC0415

    g = seeded(2, lambda g: len(g.board.tiles) > 3, seats=("Ann",))
    v = seat_view(g, 0)
    solo = v["solo"]
    assert solo is not None
    c = EXPLORATION_CARDS[4]  # his card while he waits for the rotation (`solo_json`)
    solo["card"] = {"id": c.id, "kind": c.kind, "slot": c.slot, "directions": list(c.directions),
                    "mission": c.mission, "text": c.describe()}
    tile = v["board"]["tiles"][0]
    solo["pending_cell"] = [tile["x"], tile["y"]]  # the panel as his rotation choice shows it
    html = AlexisRotation().panel(None, v)  # type: ignore[arg-type]
    assert pictures.alexis_card_of(solo["card"]) in html
    assert "His card:" in text_of(html)


def test_ember_column_choices_show_their_cube_and_lava_clue() -> None:
    html = column_button("pearl", "Pearl: leaves 3 spaces", "ei-option", True, "in:jungle")
    assert 'data-act="ei-option"' in html and 'data-col="pearl"' in html
    assert 'data-tile="in:jungle"' in html and 'aria-pressed="true"' in html
    assert ei_pictures.cube("pearl") in html and ei_pictures.clue_icon("in:jungle") in html
    assert "Pearl: leaves 3 spaces" in text_of(html)
    seed = column_button("jade", "Jade: leaves 5 spaces", "ei-seed")
    assert "aria-pressed" not in seed and "data-tile" not in seed and "ei-option" not in seed


# --- the keyboard shortcut list ---------------------------------------------------------


def test_the_shortcut_dialog_is_a_labelled_modal_with_a_close_button() -> None:
    html = shortcuts.dialog("Small Islands", si_keys.KEYS)
    assert 'role="dialog"' in html and 'aria-modal="true"' in html
    assert 'aria-labelledby="shortcuts-title"' in html and 'id="shortcuts-title"' in html
    assert 'data-shortcuts="close"' in html and f'id="{shortcuts.DIALOG_ID}"' in html
    assert html.count("<dt>") == len(si_keys.KEYS) + len(shortcuts.SHARED)
    assert "<kbd>R</kbd>" in html and "<kbd>?</kbd>" in html
    assert shortcuts.wants_open("?", typing=False, modifier=False)
    assert not shortcuts.wants_open("?", typing=True, modifier=False)
    assert not shortcuts.wants_open("?", typing=False, modifier=True)
    assert not shortcuts.wants_open("/", typing=False, modifier=False)


def test_the_keys_listed_are_the_keys_handled() -> None:
    """Each game lists only keys its handler reads (and reads each key it lists)."""
    si = (WEB / "si_web" / "controller.py").read_text()
    si += (WEB / "si_web" / "kept_browser.py").read_text()
    handled = ('"ArrowLeft"', '"Enter"', '("r", "R")', '"Escape"', '"Home"', '"End"', '"PageUp"')
    for key in handled:
        assert key in si, key
    listed = " ".join(k for k, _ in si_keys.KEYS)
    for name in ("Arrow keys", "Enter", "R", "Escape", "Page Up", "Home"):
        assert name in listed, name
    ei = (WEB / "ei_web" / "browser.py").read_text()
    for key in ('"Enter"', '"ArrowLeft"', '"Escape"'):
        assert key in ei, key
    assert "R" not in [k for k, _ in ei_keys.KEYS]  # Ember turns nothing with R
    for text in (si, ei):
        assert "shortcuts_browser.handle(event" in text


def test_both_rules_screens_list_the_keys() -> None:
    si = rules_page.rules_screen(False)
    assert shortcuts.section(si_keys.KEYS) in si
    assert shortcuts.section(ei_keys.KEYS) in ei_rules.rules_page()


# --- the map's tiles for screen readers -------------------------------------------------


@pytest.mark.parametrize("seed", [1, 6, 9])
def test_the_map_grid_names_every_tile_by_what_is_on_it(seed: int) -> None:
    g = seeded(seed, lambda g: g.phase == "reward" or (g.round >= 3))
    v = seat_view(g, 0)
    html = map_grid.grid(v)
    tiles = v["board"]["tiles"]
    xs, ys = [t["x"] for t in tiles], [t["y"] for t in tiles]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    cells = re.findall(r"<td>(.*?)</td>", html.split("<tbody>")[1])
    assert len(cells) == width * height
    assert html.count('<th scope="row">') == height and html.count('<th scope="col">') == width
    assert sum(c != "Sea" for c in cells) == len(tiles)
    assert '<div class="sr map-grid" id="map-grid"><table><caption>' in html
    assert not ID_PATTERN.search(text_of(html))
    names = {s["colour"]: s["name"] for s in v["seats"]}
    for h in v["board"]["houses"]:
        who = names.get(h["colour"], "Alexis")
        assert f"{who}'s house" in map_grid.cell_words(v, h["x"], h["y"])
    for t in tiles:
        words = map_grid.cell_words(v, t["x"], t["y"])
        assert words.endswith(".") and words != "Sea"
        if t.get("ship"):
            assert "ship" in words
        for s in set(t["symbols"]) - {"house"}:
            assert s[:3] in words.lower(), (s, words)


def test_the_map_grid_is_empty_before_the_first_tile() -> None:
    g = Game.new(Options(seats=("Ann", "Bob"), seed=1))
    v = seat_view(g, 0)
    if not v["board"]["tiles"]:
        assert map_grid.grid(v) == ""
    assert map_grid.cell_words(v, 99, 99) == "Sea"


def test_ember_map_table_names_each_space_of_land_by_what_is_on_it() -> None:
    from ei_web import map_table  # noqa: PLC0415
    from ei_web.app import EmberApp  # noqa: PLC0415
    from ember_web_driver import play_action  # noqa: PLC0415
    from game_shell.storage import MemoryStorage  # noqa: PLC0415

    app = EmberApp(MemoryStorage())
    app.handle("ei-new", {}, {"ei-name-0": "Ann", "ei-name-1": "Bob", "ei-kind-0": "human",
                              "ei-kind-1": "easy", "ei-map": "default"})
    rng = random.Random(1)
    for _ in range(200):
        assert app.game is not None
        if app.game.phase == "over":
            break
        if app.auto.bot_seat() is not None:
            app.auto.local(app.auto.token)
        else:
            play_action(app, rng.choice(app.legal()))
    v = app.view()
    html = map_table.grid(v)
    assert '<div class="sr map-grid" id="ei-map-grid"><table><caption>' in html
    cells = re.findall(r"<td>(.*?)</td>", html)
    land = [k for k, t in v["board"]["terrain"].items() if t != "S"
            and (lambda q, r: (abs(q) + abs(r) + abs(q + r)) // 2 < 7)(*map(int, k.split(",")))]
    assert len(cells) == len(land)
    for s in v["seats"]:
        if s["rover"] is not None:
            assert f"{s['name']}&#x27;s rover" in html
    assert html.count("an amulet") >= len(v["amulets"])
    for o in v["board"]["objects"]:
        assert ("palm tree" if o["kind"] == "tree" else o["kind"]) in html
    assert not re.search(r"-?\d+,\s?-?\d+|\bin_|not_", html)  # no coordinate, no clue id
