"""Ember Isle games as files, in CPython: export (the dialog, its privacy warning, the file
and its name), import (every hostile file refused with its own plain message and nothing
stored; a finished game joins "Your games"; an unfinished one replaces the saved game only
after the player confirms), and a round trip export -> import that replays identically."""

from __future__ import annotations

import json
import random

import pytest

from ei_web.app import EmberApp
from ei_web.files import check_import, export_name
from ei_web.session import SAVE, SUMMARY, finished_summary
from ei_web.session import kept_games as EmberHistory
from ember_isle import Game, Options
from ember_isle.bots import bot_move
from ember_web_driver import play_action, play_out, tap
from game_shell.storage import MemoryStorage
from si_web.files import Incoming, Rejected
from si_web.files import check_import as si_check_import
from small_islands import Game as SIGame
from small_islands import Options as SIOptions

T0 = 1_700_000_000_000  # 14 Nov 2023
HOSTILE = "<img src=x onerror=alert(1)>"
PEOPLE = {"ei-name-0": "Ann", "ei-name-1": "Bob", "ei-kind-0": "human", "ei-kind-1": "human"}


def played(options: Options, moves: int | None = None) -> Game:
    """`options` played by Medium bots for every seat, to the end or for `moves` moves."""
    g = Game.new(options)
    while g.phase != "over" and (moves is None or len(g.actions) < moves):
        assert g.to_move is not None
        g.play(bot_move(g, g.to_move, "medium"))
    return g


FINISHED = played(Options(seats=("Ann", "Bob", "Cy"), seed=21))
HALF = played(Options(seats=("Ann", "Bob"), seed=22, bots={1: "easy"}), moves=40)


def new_app(storage: MemoryStorage | None = None, fields: dict[str, str] | None = None) -> EmberApp:
    app = EmberApp(storage or MemoryStorage())
    app.files.clock = lambda: T0
    if fields is not None:
        app.handle("ei-new", {}, fields)
        assert app.game is not None
    return app


def acts(app: EmberApp) -> set[str]:
    html = app.render()
    return {part.split('"', 1)[0] for part in html.split('data-act="')[1:]}


def send_file(app: EmberApp, game_or_text: Game | str, name: str = "game.json") -> None:
    text = game_or_text if isinstance(game_or_text, str) else game_or_text.to_json()
    app.handle("ei-import-file", {"name": name, "size": str(len(text)), "text": text}, {})


# --- check_import ----------------------------------------------------------------------


def test_a_file_replays_to_the_same_game_finished_or_not() -> None:
    for g in (FINISHED, HALF):
        text = g.to_json()
        assert json.loads(text)["format"] == "ember-isle/1" and json.loads(text)["app"]
        result = check_import("g.json", len(text), text)
        assert isinstance(result, Incoming) and result.finished == (g.phase == "over")
        assert result.game.to_json() == text
        assert result.game.state() == g.state()


def hostile_files() -> list[tuple[str, str, int | None, str]]:
    """(case, text, size override, words of the player's message)."""
    good = FINISHED.to_json()
    data = json.loads(good)

    def with_(**changes: object) -> str:
        return json.dumps({**data, **changes})

    def options(**changes: object) -> str:
        return json.dumps({**data, "options": {**data["options"], **changes}})

    bad_move = json.loads(good)
    bad_move["actions"][7] = {"type": "end_turn"}
    swapped = json.loads(good)
    swapped["actions"][3], swapped["actions"][4] = swapped["actions"][4], swapped["actions"][3]
    after_end = json.loads(good)
    after_end["actions"].append(after_end["actions"][-1])
    unknown_move = json.loads(good)
    unknown_move["actions"][2] = {"type": "fly", "to": [1, 2]}
    hex_string = json.loads(good)
    first_hex = next(i for i, a in enumerate(hex_string["actions"]) if "hex" in a)
    hex_string["actions"][first_hex]["hex"] = "<b>"
    small = SIGame.new(SIOptions(seats=("Ann", "Bob"), seed=3)).to_json()
    return [
        ("empty", "", None, "is empty"),
        ("binary", "\x00\x01PK\x03\x04", None, "not a text file"),
        ("not json", "hello, world", None, "is damaged"),
        ("truncated", good[: len(good) // 2], None, "is damaged"),
        ("deeply nested", "[" * 5000 + "]" * 5000, None, "is damaged"),
        ("duplicate keys", '{"format": "ember-isle/1", "format": "x"}', None, "is damaged"),
        ("oversized (declared)", good, 10_000_000, "too big to be an Ember Isle game"),
        ("oversized (content)", good + " " * 70_000, None, "too big"),
        ("a list", "[1, 2]", None, "not an Ember Isle game"),
        ("no format", json.dumps({"options": data["options"]}), None, "not an Ember Isle game"),
        ("foreign format", with_(format="chess/pgn"), None, "not an Ember Isle game"),
        ("script format", with_(format=HOSTILE), None, "not an Ember Isle game"),
        ("a Small Islands game", small, None, "is a game of Small Islands, not of Ember Isle"),
        ("newer version", with_(format="ember-isle/2"), None, "newer version of Ember Isle"),
        ("no app version", with_(app=""), None, "is damaged"),
        ("an extra field", with_(extra=1), None, "is damaged"),
        ("options not an object", with_(options=[1]), None, "settings in it are not valid"),
        ("unknown option", options(cheat=True), None, "settings in it are not valid"),
        ("no seed", options(seed=None), None, "settings in it are not valid"),
        ("one seat", options(seats=["Ann"]), None, "settings in it are not valid"),
        ("a name too long", options(seats=[HOSTILE * 3, "Bob", "Cy"]), None,
         "settings in it are not valid"),
        ("a bad map", options(map="ZZZ"), None, "settings in it are not valid"),
        ("moves not a list", with_(actions={"a": 1}), None, "list of moves is not valid"),
        ("unknown move", json.dumps(unknown_move), None, "list of moves is not valid"),
        ("a space that is text", json.dumps(hex_string), None, "list of moves is not valid"),
        ("an impossible move", json.dumps(bad_move), None, "move 8 of"),
        ("moves swapped", json.dumps(swapped), None, "is not possible in the game"),
        ("a move after the end", json.dumps(after_end), None, "is not possible in the game"),
    ]


@pytest.mark.parametrize(
    "case,text,size,words", hostile_files(), ids=[c[0] for c in hostile_files()]
)
def test_hostile_files_are_refused_with_a_plain_message_and_nothing_is_stored(
    case: str, text: str, size: int | None, words: str
) -> None:
    storage = MemoryStorage()
    app = new_app(storage, PEOPLE)
    app.handle("ei-menu", {}, {})
    before = dict(storage.data)
    name = f"{HOSTILE}.json"
    app.handle("ei-import-file", {"name": name, "size": str(size or len(text)), "text": text}, {})
    assert app.screen == "start" and app.files.incoming is None
    message = app.files.import_error or ""
    assert words in message, (case, message)
    assert storage.data == before
    html = app.render()
    assert HOSTILE not in html and 'role="alert"' in html
    assert "&lt;img src=x onerror=alert(1)&gt;.json" in html
    assert "ember_isle" not in message and "Traceback" not in message and "action" not in message


def test_each_hostile_file_is_refused_for_its_own_reason() -> None:
    reasons = set()
    for case, text, size, _ in hostile_files():
        r = check_import(case, size or len(text), text)
        assert isinstance(r, Rejected), case
        reasons.add(r.reason)
    assert len(reasons) >= 24


def test_small_islands_points_an_ember_isle_file_to_ember_isle() -> None:
    text = FINISHED.to_json()
    r = si_check_import("ember.json", len(text), text)
    assert isinstance(r, Rejected) and "Open it in Ember Isle" in r.message


def test_export_names_are_plain_ascii() -> None:
    g = played(Options(seats=(HOSTILE, "Zoë Ñ"), seed=5), moves=10)
    name = export_name(g, T0, tz_minutes=120)
    assert name == "ember-isle-2023-11-15-img-src-x-onerror-alert-zo-unfinished.json"
    assert export_name(FINISHED, T0) == "ember-isle-2023-11-14-ann-bob-cy.json"


# --- export ----------------------------------------------------------------------------


def test_export_from_the_menu_warns_when_several_people_play_an_unfinished_game() -> None:
    app = new_app(fields=PEOPLE)
    app.handle("ei-menu", {}, {})
    assert "ei-export" in acts(app)
    tap(app, "ei-export")
    html = app.render()
    assert 'data-dialog="ei-export"' in html and "anyone who opens it can see them" in html
    assert "ei-export-share" not in acts(app)  # this browser cannot share files
    tap(app, "ei-export-cancel")
    assert 'data-dialog="ei-export"' not in app.render() and app.files.take_outbox() is None
    app.handle("ei-export-download", {}, {})  # not from the dialog: nothing
    assert app.files.take_outbox() is None
    tap(app, "ei-export")
    tap(app, "ei-export-download")
    out = app.files.take_outbox()
    assert out is not None and not out.share and out.name.endswith("-unfinished.json")
    assert app.game is not None and out.text == app.game.to_json()
    assert "The file was downloaded." in app.render()
    assert app.files.take_outbox() is None  # once


def test_export_against_a_computer_has_no_warning_and_can_be_shared() -> None:
    app = new_app(fields={**PEOPLE, "ei-kind-1": "easy"})
    app.files.can_share = True
    app.handle("ei-menu", {}, {})
    tap(app, "ei-export")
    assert "anyone who opens it" not in app.render()
    tap(app, "ei-export-share")
    out = app.files.take_outbox()
    assert out is not None and out.share and "The file is ready." in app.render()


def test_the_end_screen_exports_the_finished_game_without_a_warning() -> None:
    app = new_app(fields={**PEOPLE, "ei-kind-1": "easy"})
    play_out(app, random.Random(4))
    assert app.screen == "over"
    tap(app, "ei-export")
    html = app.render()
    assert 'data-screen="ei-over"' in html and "anyone who opens it" not in html
    tap(app, "ei-export-download")
    out = app.files.take_outbox()
    assert out is not None and not out.name.endswith("-unfinished.json")
    assert app.game is not None and Game.from_json(out.text).scores() == app.game.scores()


# --- import ----------------------------------------------------------------------------


def test_an_unfinished_game_from_a_file_is_continued_with_nothing_to_replace() -> None:
    storage = MemoryStorage()
    app = new_app(storage)
    send_file(app, HALF, "half.json")
    html = app.render()
    assert app.screen == "import" and "in progress" in html and "“half.json”" in html
    assert storage.get(SAVE) is None  # nothing stored before the player says so
    assert "ei-card" not in html and "treasure cards" not in html  # no hand shown
    tap(app, "ei-import-continue")
    assert app.game is not None and app.game.to_json() == HALF.to_json()
    assert app.screen in ("game", "pass")
    saved = json.loads(storage.get(SAVE) or "")
    assert saved["game"] == HALF.to_json() and storage.get(SUMMARY)
    # a reload resumes it exactly
    again = EmberApp(storage)
    assert again.game is not None and again.game.state() == HALF.state()


def test_an_unfinished_game_from_a_file_replaces_the_saved_one_only_when_confirmed() -> None:
    storage = MemoryStorage()
    app = new_app(storage, PEOPLE)
    mine = storage.get(SAVE)
    app.handle("ei-menu", {}, {})
    mine = storage.get(SAVE)  # (the menu locks the hand: saved once more)
    send_file(app, HALF)
    tap(app, "ei-import-continue")
    assert 'data-dialog="ei-replace"' in app.render() and storage.get(SAVE) == mine
    tap(app, "ei-export")  # "Export it first"
    tap(app, "ei-export-download")
    out = app.files.take_outbox()
    assert out is not None and out.text == json.loads(mine or "")["game"]
    assert app.screen == "import" and "The file was downloaded." in app.render()
    tap(app, "ei-import-continue")
    tap(app, "ei-import-cancel")  # "Keep the saved game": the question closes
    assert app.screen == "import" and storage.get(SAVE) == mine
    tap(app, "ei-import-cancel")  # and Cancel leaves the import
    assert app.screen == "start" and storage.get(SAVE) == mine and app.files.incoming is None
    send_file(app, HALF)
    tap(app, "ei-import-continue")
    tap(app, "ei-import-continue", confirmed=1)
    assert app.game is not None and app.game.actions == HALF.actions
    assert json.loads(storage.get(SAVE) or "")["game"] == HALF.to_json()


def test_a_damaged_save_is_kept_aside_when_a_file_replaces_it() -> None:
    storage = MemoryStorage()
    storage.set(SAVE, '{"v": 1, "game": "not a game"}')
    app = new_app(storage)
    assert app.broken is not None
    send_file(app, HALF)
    tap(app, "ei-import-continue")
    assert storage.get("ember-isle/save-broken") == '{"v": 1, "game": "not a game"}'
    assert app.broken is None and app.game is not None


def test_a_finished_game_from_a_file_joins_your_games_once_even_after_a_delete() -> None:
    storage = MemoryStorage()
    app = new_app(storage)
    send_file(app, FINISHED)
    html = app.render()
    assert "a finished game" in html and "points" in html
    assert "ei-import-keep" in acts(app) and "ei-import-continue" not in acts(app)
    tap(app, "ei-import-keep")
    kept = EmberHistory(storage)
    assert [s["id"] for s in kept.games] == [finished_summary(FINISHED, T0)["id"]]
    assert app.screen == "start" and "added to your games" in app.render()
    assert storage.get(SAVE) is None  # the saved game is not touched
    send_file(app, FINISHED)
    tap(app, "ei-import-keep")
    assert "already in your games" in app.render() and len(EmberHistory(storage).games) == 1
    assert kept.delete(kept.games[0]["id"])
    send_file(app, FINISHED)  # deleted, then imported on purpose: it comes back
    tap(app, "ei-import-keep")
    assert len(EmberHistory(storage).games) == 1


def test_export_then_import_on_another_device_plays_on_identically() -> None:
    here = new_app(fields={**PEOPLE, "ei-kind-1": "easy"})
    rng = random.Random(6)
    for _ in range(12):
        if here.screen == "pass":
            tap(here, "ei-unlock")
        elif here.auto.bot_seat() is not None:
            assert here.auto.local(here.auto.token)
        else:
            play_action(here, rng.choice(here.legal()))
    here.handle("ei-menu", {}, {})
    tap(here, "ei-export")
    tap(here, "ei-export-download")
    out = here.files.take_outbox()
    assert out is not None
    there = new_app()
    send_file(there, out.text, out.name)
    tap(there, "ei-import-continue")
    assert there.game is not None and here.game is not None
    assert there.game.state() == here.game.state()
    play_out(there, random.Random(7))
    assert there.screen == "over"


def test_an_import_arrives_on_the_start_screen_only() -> None:
    """The file chooser is on the start screen; its tap elsewhere changes nothing visible
    beyond the import screen (and never during a game another window continued)."""
    app = new_app(fields=PEOPLE)
    html = app.render()
    assert 'data-ei-file="import"' not in html  # not on the pass or game screen
    app.handle("ei-menu", {}, {})
    assert 'data-ei-file="import"' in app.render()
    app.session.guard.conflict = True
    send_file(app, HALF)
    assert app.screen == "start" and app.files.incoming is None



def test_escape_closes_the_export_dialog_and_the_replace_question_first() -> None:
    storage = MemoryStorage()
    app = new_app(storage, PEOPLE)
    app.handle("ei-menu", {}, {})
    tap(app, "ei-export")
    app.handle("ei-cancel", {}, {})  # what Escape taps
    assert 'data-dialog="ei-export"' not in app.render() and app.files.take_outbox() is None
    send_file(app, HALF)
    tap(app, "ei-import-continue")
    assert 'data-dialog="ei-replace"' in app.render()
    app.handle("ei-cancel", {}, {})
    assert 'data-dialog="ei-replace"' not in app.render() and app.screen == "import"
    assert app.game is not None and app.game.actions != HALF.actions  # nothing replaced


def test_back_closes_the_file_dialogs_first_then_the_import_screen() -> None:
    """The browser's Back: the export dialog, then the replace question, then the import
    screen, each as its Cancel does; nothing is exported or replaced."""
    app = new_app(MemoryStorage(), PEOPLE)
    app.handle("ei-menu", {}, {})
    tap(app, "ei-export")
    assert app.can_back()
    app.back()
    assert 'data-dialog="ei-export"' not in app.render() and app.screen == "start"
    assert app.files.take_outbox() is None
    send_file(app, HALF)
    tap(app, "ei-import-continue")
    assert app.can_back()
    app.back()
    assert 'data-dialog="ei-replace"' not in app.render() and app.screen == "import"
    assert app.can_back()
    app.back()
    assert app.screen == "start" and app.files.incoming is None
    assert app.game is not None and app.game.actions != HALF.actions
