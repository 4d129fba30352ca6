"""The shell's first paint (game_shell/first_paint.py): one record for the page, written for the
game on screen through the picture it provides; and Ember Isle's picture (ei_web/first_paint.py):
public by construction, the screen a reload shows first. (Small Islands' picture:
tests/test_first_paint.py; the browser: e2e/test_first_paint.py.)"""

from __future__ import annotations

import copy
import doctest
import json
import random
import re
import sys
from pathlib import Path

import pytest
from test_ember_web import new

import ember_isle as ei
from ei_web import first_paint as ei_paint
from ei_web.app import EmberApp, reopen, start_screen
from ember_web_driver import play_action, tap
from game_shell import first_paint, keeping, registry
from game_shell.first_paint import KEY, MAX_CHARS, Keeper, Room, Stored, game_of, parse, record
from game_shell.markup import escape
from game_shell.storage import MemoryStorage

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools import build  # noqa: E402

BUILD = "0123456789abcdef"
EMBER = "ember-isle"


def test_the_modules_examples_hold() -> None:
    result = doctest.testmod(first_paint)
    assert result.attempted >= 4 and result.failed == 0


# --- the record ----------------------------------------------------------------------


def test_the_record_names_build_game_and_kind_and_is_read_back() -> None:
    text = record(BUILD, "take-away", "board", "<p>x</p>")
    assert text == f"paint/1 {BUILD} take-away board\n<p>x</p>"
    assert parse(text, BUILD) == Stored("take-away", "board", "<p>x</p>")
    assert game_of(text) == "take-away"
    for tag, game, kind in ((BUILD, "Take Away", "board"), (BUILD, "x", "board"),
                            (BUILD, "take-away", "Board"), (BUILD, "take-away", "a b"),
                            ("", "take-away", "board"), ("a b", "take-away", "board")):
        with pytest.raises(ValueError):
            record(tag, game, kind, "")


@pytest.mark.parametrize("text", [
    None,
    "",
    "<p>no header</p>",
    f"si-paint/1 {BUILD} board\n<p>the older build's format</p>",
    f"paint/1 {BUILD} board\n<p>no game</p>",
    f"paint/1 another {EMBER} board\n<p>another build</p>",
    f"paint/1 {BUILD} {EMBER} board extra\n<p>one field too many</p>",
    f"paint/1 {BUILD} {EMBER} BOARD\n<p>not a kind</p>",
    f"paint/1 {BUILD} Ember {EMBER}\n<p>not a game</p>",
    f"paint/1 {BUILD} {EMBER} board\n" + "x" * (MAX_CHARS + 1),
    f"paint/1 {BUILD} {EMBER} board" + " " * 200 + "\n<p>a long header</p>",
])
def test_a_record_this_build_cannot_paint_is_not_read(text: str | None) -> None:
    assert parse(text, BUILD) is None


def test_without_a_build_tag_nothing_is_read_or_kept() -> None:
    storage = MemoryStorage()
    assert Keeper(storage, "").keep(EMBER, lambda: ("start", "<p>x</p>")) is None
    assert storage.data == {}
    assert parse(record(BUILD, EMBER, "start", ""), "") is None


def test_the_keeper_asks_the_game_on_screen_and_writes_only_changes() -> None:
    storage = MemoryStorage()
    writes: list[str] = []
    real_set = storage.set

    def counting(key: str, value: str) -> None:
        writes.append(key)
        real_set(key, value)

    storage.set = counting  # type: ignore[method-assign]
    keeper = Keeper(storage, BUILD, Room())
    shown = {"kind": "start", "markup": "<p>one</p>"}

    def painter() -> tuple[str, str] | None:
        return (shown["kind"], shown["markup"]) if shown["kind"] else None

    assert keeper.keep(EMBER, painter) == f"paint/1 {BUILD} {EMBER} start\n<p>one</p>"
    keeper.keep(EMBER, painter)
    assert writes == [KEY]
    shown["markup"] = "<p>two</p>"
    keeper.keep(EMBER, painter)
    assert writes == [KEY, KEY] and parse(storage.get(KEY), BUILD) == Stored(EMBER, "start",
                                                                              "<p>two</p>")
    shown["kind"] = ""  # nothing to paint (an unreadable save): no record
    assert keeper.keep(EMBER, painter) is None and KEY not in storage.data
    shown.update(kind="board", markup="x" * (MAX_CHARS + 1))  # too big: no record
    assert keeper.keep(EMBER, painter) is None and KEY not in storage.data
    shown.update(kind="Board!", markup="<p>x</p>")  # not a kind the page reads
    assert keeper.keep(EMBER, painter) is None and KEY not in storage.data


def test_a_game_without_a_painter_keeps_its_own_picture_and_no_other() -> None:
    """A reload came back to a game whose code is still loading (no painter yet): its picture
    stays (still its last screen); any other game's goes, so that the next start paints no
    other game before it."""
    ember = record(BUILD, EMBER, "board", "<p>the island</p>")
    storage = MemoryStorage({KEY: ember})
    keeper = Keeper(storage, BUILD, Room())
    assert keeper.keep(EMBER, None) == ember and storage.data[KEY] == ember
    assert keeper.keep("take-away", None) is None and KEY not in storage.data


def test_a_full_storage_stops_the_pictures_of_the_page() -> None:
    room = Room()
    storage = MemoryStorage()
    keeper = Keeper(storage, BUILD, room)
    keeper.keep(EMBER, lambda: ("start", "<p>x</p>"))
    assert first_paint.give_way(storage, room) is True and KEY not in storage.data
    assert keeper.keep(EMBER, lambda: ("start", "<p>y</p>")) is None
    assert KEY not in storage.data and room.full
    full = MemoryStorage(quota=40)  # a picture that does not fit is given up too
    other = Keeper(full, BUILD, Room())
    assert other.keep(EMBER, lambda: ("start", "<p>" + "x" * 50 + "</p>")) is None
    assert other.room.full and full.data == {}


def test_any_games_save_path_lets_the_picture_go_first() -> None:
    storage = MemoryStorage({KEY: record(BUILD, EMBER, "start", "x" * 200)})
    path = keeping.save_path(storage, registry.plugins(), "Menu")
    assert path.give_way() is True
    assert KEY not in storage.data and first_paint.PAGE.full


# --- the page: what first-paint.js is told ------------------------------------------------


def test_the_build_tells_the_page_the_games_and_links_their_styles(tmp_path: Path) -> None:
    games = json.loads(build.games_attr())
    assert [g["name"] for g in games] == [p.name for p in registry.plugins()]  # home first
    assert games[1] == {"name": EMBER, "aliases": ["ember"], "save": "ember-isle/save"}
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text((build.WEB / "index.html").read_text())
    with pytest.raises(SystemExit):  # a stylesheet named by a game must be in the site
        build.write_index(site, BUILD)
    (site / "ember.css").write_text((build.WEB / "ember.css").read_text())
    build.write_index(site, BUILD)
    page = (site / "index.html").read_text()
    attr = re.search(r'<html lang="en" data-build="[0-9a-f]+" data-games="([^"]+)">', page)
    assert attr is not None
    assert json.loads(attr.group(1).replace("&quot;", '"')) == games
    head = page[:page.index("</head>")]
    assert '<link rel="stylesheet" href="./ember.css">' in head
    assert head.index("./styles.css") < head.index("./ember.css")


def test_the_page_script_reads_the_shells_keys() -> None:
    script = (build.WEB / "first-paint.js").read_text()
    assert f'const KEY = "{KEY}"' in script and f'const ACTIVE = "{registry.ACTIVE}"' in script
    assert f'const FORMAT = "{first_paint.FORMAT}"' in script
    assert f"const MAX_CHARS = {MAX_CHARS};" in script.replace("200000", str(200_000))
    assert MAX_CHARS == 200_000 and first_paint.HEAD_CHARS == 200
    from game_shell import settings
    assert f'const SETTINGS = "{settings.KEY}"' in script
    assert f'const SETTINGS_FORMAT = "{settings.FORMAT}"' in script


# --- Ember Isle's picture ------------------------------------------------------------------


def advance(app: EmberApp, rng: random.Random) -> None:
    """One tap of the device's player, or one step of the computer seat to move."""
    if app.screen == "pass":
        tap(app, "ei-unlock")
    elif app.auto.bot_seat() is not None:
        assert app.auto.local(app.auto.token)
    else:
        play_action(app, rng.choice(app.legal()))
    app.session.remember(app.screen)  # (the browser module does, after each render)


def kept(app: EmberApp) -> tuple[str, str]:
    storage = MemoryStorage()
    text = Keeper(storage, BUILD, Room()).keep(EMBER, lambda: ei_paint.picture(app))
    found = parse(text, BUILD)
    assert found is not None and found.game == EMBER
    return found.kind, found.markup


SECRET_MARKS = ('data-card="', "Your clues", "Your treasure cards", "looked at", "ei-hand",
                'data-act="ei-hex"', "ei-option")


def secret_marks(html: str) -> list[str]:
    return [mark for mark in SECRET_MARKS if mark in html]


def test_the_secret_check_finds_what_a_seat_sees() -> None:
    app = new(["human", "easy"])
    rng = random.Random(1)
    while not (app.screen == "game" and app.my_turn() and app.game and app.game.phase == "play"):
        advance(app, rng)
    assert {'data-card="', "Your clues"} <= set(secret_marks(app.render()))
    kind, html = kept(app)
    assert kind == "board" and secret_marks(html) == []


@pytest.mark.parametrize("kinds", [["human", "human"], ["human", "easy"],
                                   ["human", "easy", "human"], ["easy", "medium"]])
def test_no_secret_is_ever_in_the_picture(
    kinds: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whole games through the UI: after every step the picture holds no hand, no treasure
    value, no target, and it never reads a seat's view (only `public_view`)."""
    app = new(kinds)
    g = app.game
    assert g is not None
    rng = random.Random(len(kinds))
    seen: set[str] = set()
    for _ in range(3000):
        if g.phase == "over":
            break
        advance(app, rng)
        with monkeypatch.context() as m:
            m.setattr(ei.Game, "view", lambda *a, **k: pytest.fail("a seat's view was read"))
            kind, html = kept(app)
        seen.add(kind)
        assert secret_marks(html) == [], (kind, g.stage)
    humans = len([k for k in kinds if k == "human"])
    assert "board" in seen and ("pass" in seen) == (humans > 1)
    assert g.phase == "over" and kept(app)[0] == "over"  # this tab shows the end
    assert "The hunt is over" in kept(app)[1]


def test_the_picture_depends_on_public_state_only() -> None:
    """Another deal of the hidden cards (hands swapped, the decks' order) with the same public
    state gives the same picture."""
    app = new(["human", "human", "easy"])
    rng = random.Random(3)
    for _ in range(120):
        advance(app, rng)
    g = app.game
    assert g is not None and g.phase != "over"
    before = ei_paint.board_screen(g.public_view())
    other = copy.deepcopy(g)
    hands = [list(s.hand) for s in other.seats]
    for s, hand in zip(other.seats, hands[1:] + hands[:1], strict=True):
        s.hand = hand
    for s in other.seats:
        s.treasure.reverse()
    other.clue_deck.reverse()
    other.treasure_deck.reverse()
    assert len({len(h) for h in hands}) == 1  # (how many cards each hand holds is public)
    assert ei_paint.board_screen(other.public_view()) == before
    assert [s.hand for s in other.seats] != [s.hand for s in g.seats]


def test_the_picture_is_what_a_reload_shows_first() -> None:
    """For many positions: a new EmberApp over the same storage, reopened (a reload), shows the
    screen the picture describes; its start and pass screens are the picture's markup."""
    shown = {"start": "start", "pass": "pass", "game": "board", "over": "over"}
    for kinds in (["human", "human"], ["human", "easy"], ["easy", "easy"]):
        storage = MemoryStorage()
        app = new(kinds, storage=storage)
        rng = random.Random(7)
        for n in range(3000):
            if app.screen == "start" and app.game is not None and app.game.phase != "over":
                tap(app, "ei-continue")
            elif app.screen in ("game", "pass") and n % 40 == 0:
                app.handle("ei-menu", {}, {})
            elif app.game is not None and app.game.phase == "over":
                break
            else:
                advance(app, rng)
            app.session.remember(app.screen)
            reloaded = EmberApp(MemoryStorage(storage.data))
            reopen(reloaded)
            found = ei_paint.picture(app)
            assert found is not None
            assert found[0] == shown[reloaded.screen], (n, app.screen, reloaded.screen)
            if found[0] == "start":
                assert found[1] == start_screen(reloaded)
            if found[0] == "pass":
                assert found[1] in reloaded.render()
        assert app.game is not None and app.game.phase == "over"


def test_the_start_picture_is_the_stored_form_and_another_windows_game_is_not_painted() -> None:
    storage = MemoryStorage()
    app = EmberApp(storage)
    app.handle("ei-add-seat", {}, {})  # not stored until a game starts: a reload shows two
    kind, html = ei_paint.picture(app) or ("", "")
    assert kind == "start" and html == start_screen(EmberApp(MemoryStorage(storage.data)))
    hostile = "<img src=x onerror=alert(1)>"
    app = new(["human", "easy"], names=[hostile, "Bob"], storage=storage)
    _, html = kept(app)
    assert hostile not in html and escape(hostile) in html
    app.session.guard.conflict = True  # another window took the game over: its copy is stale
    assert ei_paint.picture(app) is None
