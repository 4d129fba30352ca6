"""The shell's coach framework (`game_shell.coach`), with a game of its own making: the next
tip, the record (read, written, hostile, storage full), the taps and the markup. Take Away's
coach (tests/take_away/) is in tests/test_take_away.py, Small Islands' in test_web_coach.py."""

from __future__ import annotations

import doctest
import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from game_shell import coach as shell
from game_shell.coach import ACTS, Coach, Tip, Tips, offer_html, parse_record, tip_html
from game_shell.storage import MemoryStorage

KEY = "pebbles/coach"


@dataclass(frozen=True)
class Step:
    """The toy game's moment: how many moves were played, is it over."""

    moves: int
    over: bool = False


TIPS: Tips[Step] = Tips(
    (
        Tip("first", "First move", "Tap a pebble.", "pile", '<svg id="p1"></svg>'),
        Tip("second", "Again", "Tap another one.", "pile", dock="high"),
        Tip("after", "After the second", "Only once you saw Again.", "log"),
        Tip("never", "Never", "No moment: never shown.", "nothing"),
        Tip("end", "The end", "Well played.", "scores"),
    ),
    {
        "first": lambda m, seen: m.moves == 0,
        "second": lambda m, seen: m.moves >= 1 and not m.over,
        "after": lambda m, seen: "second" in seen and not m.over,
        "end": lambda m, seen: m.over,
    },
)
IDS = [t.id for t in TIPS.order]


def guided(storage: MemoryStorage | None = None, game: int = 5) -> Coach[Step]:
    c = Coach(storage if storage is not None else MemoryStorage(), "pebbles", TIPS)
    c.started(game)
    return c


def stored(storage: MemoryStorage) -> dict[str, object]:
    out = json.loads(storage.data[KEY])
    assert isinstance(out, dict)
    return out


# --------------------------------------------------------------------------- the next tip


def test_the_next_tip_is_the_first_in_order_whose_moment_holds_and_not_seen() -> None:
    assert TIPS.next(Step(0), []) is TIPS.by_id["first"]
    assert TIPS.next(Step(0), ["first"]) is None
    assert TIPS.next(Step(1), []).id == "second"  # type: ignore[union-attr]
    assert TIPS.next(Step(1), ["second"]).id == "after"  # its moment reads the tips seen
    assert TIPS.next(Step(1), ["second", "after"]) is None
    assert TIPS.next(Step(9, over=True), []).id == "end"  # type: ignore[union-attr]
    assert not TIPS.holds("never", Step(0), []) and not TIPS.holds("nothing such", Step(0), [])


def test_the_next_tip_against_its_definition_at_random() -> None:
    rng = random.Random(3)
    for _ in range(500):
        m = Step(rng.randrange(4), rng.random() < 0.3)
        seen = rng.sample(IDS, rng.randrange(len(IDS) + 1))
        due = [t for t in TIPS.order if t.id not in seen and TIPS.holds(t.id, m, seen)]
        assert TIPS.next(m, seen) == (due[0] if due else None)


def test_two_tips_of_one_id_are_refused() -> None:
    with pytest.raises(ValueError, match="share an id"):
        Tips((Tip("a", "A", "a.", "x"), Tip("a", "B", "b.", "y")), {})


# --------------------------------------------------------------------------- the record


def test_a_guided_game_shows_its_tips_once_each_and_remembers_them() -> None:
    storage = MemoryStorage()
    c = Coach(storage, "pebbles", TIPS)
    assert c.key == KEY and c.offer_open() and not c.active(5)
    assert c.tip(5, Step(0)) is None and KEY not in storage.data  # not guided: nothing
    c.started(5)
    assert stored(storage) == {"offer": "taken", "game": 5, "seen": [], "on": True,
                               "showing": None}
    assert not c.offer_open() and c.active(5) and not c.active(6) and not c.active(None)
    assert c.tip(6, Step(0)) is None  # another game: no tips over it
    assert c.tip(5, Step(0)).id == "first"  # type: ignore[union-attr]
    assert c.showing(5) is TIPS.by_id["first"] and c.showing(6) is None
    assert stored(storage)["showing"] == "first"
    c.got_it("first")
    assert c.record["seen"] == ["first"] and c.record["showing"] is None
    assert c.tip(5, Step(1)).id == "second"  # type: ignore[union-attr]
    assert c.tip(5, Step(2)).id == "second"  # still its moment: still showing
    # doing what it explains: its moment passed, so it is seen and the next one shows
    assert c.tip(5, Step(2, over=True)).id == "end"  # type: ignore[union-attr]
    assert c.record["seen"] == ["first", "second"]
    again = Coach(storage, "pebbles", TIPS)  # a reload reads what was written
    assert again.record == c.record and again.active(5)
    assert again.tip(5, Step(2, over=True)).id == "end"  # type: ignore[union-attr]
    again.got_it(None)  # the showing one
    assert again.tip(5, Step(2, over=True)) is None and stored(storage)["seen"][-1] == "end"


def test_got_it_ignores_tips_it_does_not_know_and_tips_seen() -> None:
    storage = MemoryStorage()
    c = guided(storage)
    c.tip(5, Step(0))
    before = storage.data[KEY]
    c.got_it("nope")
    c.got_it("never")  # known, but not showing: seen (its "Got it" was tapped)
    assert storage.data[KEY] != before and c.record["seen"] == ["never"]
    before = storage.data[KEY]
    c.got_it("never")
    assert storage.data[KEY] == before
    c.got_it("first")
    c.got_it("first")
    assert c.record["seen"] == ["never", "first"]


def test_skip_stops_the_tips_and_a_new_guided_game_starts_them_all_again() -> None:
    storage = MemoryStorage()
    c = guided(storage)
    c.tip(5, Step(0))
    c.got_it("first")
    c.skip()
    assert not c.active(5) and c.tip(5, Step(1)) is None and c.showing(5) is None
    assert stored(storage)["on"] is False and not c.offer_open()
    c.started(8)
    assert c.record["seen"] == [] and c.tip(8, Step(0)).id == "first"  # type: ignore[union-attr]


def test_the_offer_dismissed_is_remembered() -> None:
    storage = MemoryStorage()
    Coach(storage, "pebbles", TIPS).dismiss_offer()
    c = Coach(storage, "pebbles", TIPS)
    assert not c.offer_open() and not c.active(None)
    assert stored(storage)["offer"] == "dismissed"


def test_the_taps_of_the_coach() -> None:
    c = guided()
    c.tip(5, Step(0))
    assert {"coach-ok", "coach-skip", "coach-dismiss"} == ACTS
    assert not c.handle("take", {"tip": "first"}) and c.record["seen"] == []
    assert c.handle("coach-ok", {"tip": "first"}) and c.record["seen"] == ["first"]
    c.tip(5, Step(1))
    assert c.handle("coach-ok", {"tip": ["second"]}) and c.record["seen"] == ["first", "second"]
    assert c.handle("coach-skip", {}) and not c.active(5)
    fresh = Coach(MemoryStorage(), "pebbles", TIPS)
    assert fresh.handle("coach-dismiss", {}) and not fresh.offer_open()


HOSTILE = [
    "", "{oops", "[]", "null", "3", '"text"', "[" * 5000, '{"a":' * 3000, "\ud800",
    "{" + '"seen": [],' * 2 + '"on": true}',
]
WRONG_FIELDS = [
    {"seen": 3, "offer": 1, "game": True, "on": "yes"},
    {"seen": [["first"], {"first": 1}, None, 7, "first", "unknown"], "showing": ["first"]},
    {"offer": ["open"], "game": 1.5, "on": 1, "showing": {"a": 1}},
    {"offer": "taken", "game": "5", "seen": "first", "on": True, "showing": "never-heard"},
    {"offer": "taken", "game": 10**40, "seen": ["first"] * 3, "on": True, "showing": "end"},
]


@pytest.mark.parametrize("raw", HOSTILE)
def test_a_record_not_written_by_the_app_reads_fresh_and_is_kept_aside(raw: str) -> None:
    storage = MemoryStorage({KEY: raw})
    c = Coach(storage, "pebbles", TIPS)  # never raises
    assert c.record == shell.fresh() and c.offer_open() and not c.active(None)
    assert c.tip(5, Step(0)) is None
    c.dismiss_offer()
    assert stored(storage)["offer"] == "dismissed"
    assert storage.data[KEY + "-broken"] == raw  # never silently discarded


@pytest.mark.parametrize("rec", WRONG_FIELDS)
def test_each_wrong_field_of_the_apps_record_gets_its_default(rec: dict[str, object]) -> None:
    c = Coach(MemoryStorage({KEY: json.dumps(rec)}), "pebbles", TIPS)
    r = c.record
    assert r["offer"] in shell.OFFERS and isinstance(r["on"], bool)
    assert r["game"] is None or (type(r["game"]) is int and rec["game"] == r["game"])
    assert all(s in TIPS.by_id for s in r["seen"])
    assert r["showing"] is None or r["showing"] in TIPS.by_id
    json.dumps(r)
    c.tip(r["game"], Step(0))  # and it plays on from it
    c.got_it("first")


def test_the_parse_keeps_every_field_the_app_wrote() -> None:
    rec = {"offer": "taken", "game": 12, "seen": ["first", "second"], "on": True,
           "showing": "after"}
    assert parse_record(json.dumps(rec), TIPS.by_id) == rec
    assert parse_record(None, TIPS.by_id) == shell.fresh()
    assert parse_record(json.dumps({**rec, "seen": ["gone", "first"]}), TIPS.by_id)["seen"] == [
        "first"]  # a tip an older build had, no more


def test_storage_full_never_raises_and_the_coach_goes_on_in_memory() -> None:
    storage = MemoryStorage(quota=10)
    c = Coach(storage, "pebbles", TIPS)
    assert not c.save()
    c.dismiss_offer()
    c.started(5)
    assert c.tip(5, Step(0)).id == "first"  # type: ignore[union-attr]
    c.handle("coach-ok", {"tip": "first"})
    c.skip()
    assert storage.data == {} and c.record["seen"] == ["first"] and not c.offer_open()


def test_storage_full_keeps_a_foreign_record_where_it_is() -> None:
    storage = MemoryStorage({KEY: "not json"})
    storage.quota = len(KEY) + len("not json")  # full: room for nothing more
    c = Coach(storage, "pebbles", TIPS)
    c.dismiss_offer()
    assert storage.data == {KEY: "not json"}  # neither replaced nor lost
    storage.quota = None
    c.dismiss_offer()
    assert storage.data[KEY + "-broken"] == "not json" and stored(storage)["offer"] == "dismissed"


def test_each_game_has_its_own_record() -> None:
    storage = MemoryStorage()
    guided(storage)
    other = Coach(storage, "stones", TIPS)
    assert other.offer_open() and not other.active(5) and "stones/coach" not in storage.data


# --------------------------------------------------------------------------- the markup


def test_the_tip_sheet_docks_escapes_and_never_blocks() -> None:
    first = TIPS.by_id["first"]
    html = tip_html(first)
    assert html.startswith('<section class="coach low" data-tip="first" data-target="pile" '
                           'aria-label="Tip: First move">')
    assert '<div class="coach-pic" aria-hidden="true"><svg id="p1"></svg></div>' in html
    assert 'data-act="coach-ok"' in html and 'data-tip="first"' in html
    assert 'data-act="coach-skip"' in html and "Got it" in html and "Skip the tips" in html
    assert 'role="dialog"' not in html and "aria-modal" not in html
    assert 'class="coach high"' in tip_html(TIPS.by_id["second"])
    assert "coach-pic" not in tip_html(TIPS.by_id["second"])  # no picture, no frame
    assert 'class="coach inline"' in tip_html(first, inline=True)
    odd = tip_html(Tip("x", "<b>&", 'Say "<i>"', "t"))
    assert "<b>" not in odd and "<i>" not in odd and "&lt;b&gt;&amp;" in odd


def test_the_offer_takes_the_games_words() -> None:
    html = offer_html("Pebbles <3", "a guided first game against the pebble")
    assert 'data-offer="coach"' in html and "<h2>New to Pebbles &lt;3?</h2>" in html
    assert "<p>Play a guided first game against the pebble: short tips" in html
    assert 'data-act="coach-start"' in html and 'data-act="coach-dismiss"' in html


def test_the_modules_example_holds() -> None:
    result = doctest.testmod(shell)
    assert result.attempted >= 5 and result.failed == 0


def test_small_islands_record_keeps_its_key_and_format() -> None:
    """The record an older build wrote (the fixture device's) reads as written, and a guided
    game writes the same fields in the same order under the same key."""
    from si_web import coach as si

    device = json.loads((Path(__file__).parent / "fixtures" / "device-2026-11-28.json")
                        .read_text())
    raw = device[si.COACH_KEY]
    storage = MemoryStorage({si.COACH_KEY: raw})
    c = Coach(storage, si.NAME, si.COACH)
    assert c.key == si.COACH_KEY == "small-islands/coach" and dict(c.record) == json.loads(raw)
    assert c.save() and storage.data[si.COACH_KEY] == raw  # byte for byte
    c.started(42)
    assert list(json.loads(storage.data[si.COACH_KEY])) == ["offer", "game", "seen", "on",
                                                             "showing"]
