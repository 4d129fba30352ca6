"""Every record the app reads survives any string JavaScript can store: lone UTF-16
surrogates, NUL, huge text, deep nesting, JSON of the wrong shape, a real record with one hostile
value. For every key of both games: the app starts, every screen its start screen opens renders,
and the raw record is kept (where it was, or moved aside under another key), never discarded.

(JavaScript strings are UTF-16 and may hold lone surrogates; Pyodide hands them to Python as
they are, where UTF-8 cannot encode them: `markup.well_formed`.)
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from kept_helpers import T0, finished
from web_driver import data_of, tappables

import ember_isle
from ei_web.app import EmberApp
from ei_web.session import finished_summary
from ei_web.session import kept_games as EmberHistory
from game_shell.storage import MemoryStorage, read_json
from si_web.app import App
from si_web.history import SAVE_PREFIX, History
from small_islands import Game, Options

SURROGATE = "\ud800"
HOSTILE = [
    "}{\ud800 x",  # the record: not JSON, with a lone surrogate
    SURROGATE,
    "\udfff\ud800",
    '{"v": 1, "name": "\ud800"}',  # JSON text holding a raw lone surrogate
    '"\\ud800"',  # an escaped one: valid JSON, a lone surrogate once parsed
    "\x00",
    "\x00{}\x00",
    "\ufeff{}",
    "",
    "null",
    "[]",
    "0",
    "1e999",
    "true",
    '{"__proto__": {"x": 1}}',
    "[" * 100_000,
    '{"a":' * 50_000,
    "x" * 2_000_000,
    json.dumps({"v": 1, "games": [{"id": "\ud800"}] * 3}),
]


def si_save() -> str:
    g = Game.new(Options(seats=("Ann", "Bob"), seed=11))
    for _ in range(6):
        g.play(g.legal_actions()[0])
    return g.to_json()


def ember_save() -> str:
    g = ember_isle.Game.new(ember_isle.Options(seats=("Ann", "Bob"), seed=11))
    for _ in range(4):
        g.play(g.legal_actions()[0])
    return json.dumps({"v": 1, "game": g.to_json(), "viewer": 0, "unlocked": False})


def with_hostile_name(text: str) -> str:
    """A real record whose player name "Ann" became one holding escaped lone surrogates."""
    return text.replace('"Ann"', '"\\ud800Ann\\udfff"').replace('\\"Ann\\"', '\\"\\\\ud800Ann\\"')


def history_base() -> dict[str, str]:
    """A device with one finished game of each kind in "Your games"."""
    storage = MemoryStorage()
    assert History(storage).add(finished(Options(seats=("Ann", "Bob"), seed=3), 0), T0).kept
    eg = ember_isle.Game.new(ember_isle.Options(seats=("Ann", "Bob"), seed=4))
    while eg.phase != "over":
        eg.play(eg.legal_actions()[0])
    assert EmberHistory(storage).add(finished_summary(eg, T0))
    return dict(storage.data)


BASE = history_base()
GAME_ID = json.loads(BASE["small-islands/history"])["games"][0]["id"]
# every key the app's Python reads (the first paint and the snapshot flag are read by JS only)
KEYS: dict[str, Callable[[], dict[str, str]]] = {
    "small-islands/save": dict,
    "small-islands/broken-save": lambda: {"small-islands/save": si_save()},
    "small-islands/ui": lambda: {"small-islands/save": si_save()},
    "small-islands/ui-state": lambda: {"small-islands/save": si_save()},
    "small-islands/settings": dict,
    "small-islands/coach": dict,
    "small-islands/achievements": dict,
    "small-islands/achievements-broken": dict,
    "small-islands/history": lambda: dict(BASE),
    "small-islands/history-broken": lambda: dict(BASE),
    SAVE_PREFIX + GAME_ID: lambda: dict(BASE),
    "ember-isle/history": lambda: dict(BASE),
    "ember-isle/history-broken": lambda: dict(BASE),
    "ember-isle/save": dict,
    "ember-isle/save-broken": lambda: {"ember-isle/save": ember_save()},
    "ember-isle/summary": lambda: {"ember-isle/save": ember_save()},
    "ember-isle/settings": dict,
    "games/active-game": dict,
    "games/settings": dict,
}


# Records the app derives or uses as flags, rewritten from what it holds: nothing of the
# player's is in them (the saved Ember game's summary line, which game is on screen).
DERIVED = ("ember-isle/summary", "games/active-game")
# Small records whose values are each checked on reading, anything wrong replaced by its
# default (README: settings, choices, the coach): a JSON object is taken as the app's own.
SMALL = ("small-islands/ui", "small-islands/ui-state", "small-islands/settings",
         "small-islands/coach", "ember-isle/settings", "games/settings")


def kept(storage: MemoryStorage, key: str, raw: str) -> bool:
    """The raw record is still on the device: where it was, or moved aside."""
    if storage.data.get(key) == raw or raw in storage.data.values() or key in DERIVED:
        return True
    return key in SMALL and isinstance(read_json(raw), dict)


def visit(data: dict[str, str], key: str, raw: str) -> None:
    """Start the app as a reload does and render; open every screen its start screen offers,
    each from the same stored records (a fresh device copy each time), and the second game's
    menu. After each, the raw record must still be on the device."""
    html = App(MemoryStorage(dict(data))).render()
    acts = {item["data-act"]: item for item in tappables(html) if item["data-act"] != "open-game"}
    for act, item in acts.items():
        storage = MemoryStorage(dict(data))
        app = App(storage)
        app.render()
        app.handle(act, data_of(item), {})
        app.render()
        assert kept(storage, key, raw), f"{key}: the raw record was discarded by {act}"
    storage = MemoryStorage(dict(data))
    ember = EmberApp(storage)
    ember.render()
    for act in ("ei-continue", "ei-rules", "ei-menu", "ei-new"):
        if f'data-act="{act}"' in ember.render():
            ember.handle(act, {}, {})
            ember.render()
    assert kept(storage, key, raw), f"{key}: the raw record was discarded by Ember Isle"


def check(key: str, raw: str) -> None:
    visit(KEYS[key]() | {key: raw}, key, raw)


@pytest.mark.parametrize("key", list(KEYS))
@pytest.mark.parametrize("raw", HOSTILE, ids=range(len(HOSTILE)))
def test_every_stored_record_survives_hostile_text(key: str, raw: str) -> None:
    check(key, raw)


@pytest.mark.parametrize("key", ["small-islands/save", "ember-isle/save",
                                 SAVE_PREFIX + GAME_ID])
def test_a_real_record_with_lone_surrogates_in_a_name(key: str) -> None:
    base = {"small-islands/save": si_save, "ember-isle/save": ember_save}
    raw = with_hostile_name(base[key]() if key in base else BASE[key])
    assert raw != (base[key]() if key in base else BASE[key])
    check(key, raw)


ANY_TEXT = st.text(st.characters(blacklist_categories=()), max_size=40)  # surrogates included


@settings(max_examples=60, deadline=None, database=None, derandomize=True)
@given(key=st.sampled_from(list(KEYS)), raw=st.one_of(
    ANY_TEXT,
    st.recursive(st.none() | st.booleans() | st.integers() | ANY_TEXT,
                 lambda inner: st.lists(inner, max_size=3)
                 | st.dictionaries(ANY_TEXT, inner, max_size=3),
                 max_leaves=8).map(json.dumps),
))
@example(key="small-islands/save", raw="}{\ud800 x")
@example(key="small-islands/achievements", raw="}{\ud800 x")
def test_any_string_in_any_record(key: str, raw: str) -> None:
    check(key, raw)
