"""Issue 30: a suggestion's reason is structured by the engine (`bots.hint.Why`) and worded
in the player's language where shown (`si_web.hint_words`): every kind of reason the engine
gives over seeded games of every mode is translated (pseudo language: nothing unmarked),
written in French without an id or a coordinate, and a reason that is hostile or of another
build is escaped or falls back to the English text, worded the old way."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from i18n_helpers import language
from test_i18n_pseudo import unmarked

from game_shell import i18n
from si_web import hint_words, panels, resume
from si_web.choices import Choices, Hint
from si_web.computers import parse_hint, why_of
from small_islands import Game, Options
from small_islands.bots import english, suggest, suggest_why
from small_islands.bots.worker import handle
from small_islands.view import SeatView

ID_OR_CELL = re.compile(r"\b[TMORE]\d{1,2}\b|\(\d+, \d+\)|\bO\d|\bslot\b")
HOSTILE = "<img src=x onerror=alert(1)>"


def reasons() -> Iterator[tuple[dict[str, Any], SeatView]]:
    """(reason, view) at every third decision of seeded games (played half at random, half
    by the suggestions): Normal and Advanced, two and three seats, and solo."""
    for seed, mode, seats, solo in ((1, "normal", 2, False), (2, "advanced", 2, False),
                                    (3, "normal", 3, False), (4, "advanced", 3, False),
                                    (5, "normal", 1, True), (6, "normal", 2, False)):
        names = ("Ann", "Bob", "Cy")[:seats]
        g = Game.new(Options(seats=names, mode=mode, seed=seed, solo_level=3 if solo else 1))
        rng = random.Random(seed)
        n = 0
        while g.phase != "over" and n < 600:
            legal = g.legal_actions()
            action = rng.choice(legal)
            if g.to_move is not None and n % 3 == 0:
                view = g.view(g.to_move)
                suggested, why = suggest_why(view, legal)
                yield why, view
                if rng.random() < 0.5:
                    action = suggested  # (a game played half by the suggestions)
            g.play(action)
            n += 1


@pytest.fixture(scope="module")
def seen() -> list[tuple[dict[str, Any], SeatView]]:
    return list(reasons())


def kind(why: dict[str, Any]) -> str:
    if why["key"] == "place":
        return f"place:{why['how']}"
    if why["key"] == "take":
        return "take:" + (why["then"]["how"] if "then" in why else "alone")
    return str(why["key"])


def test_the_games_give_every_kind_of_reason(seen: list[tuple[dict[str, Any], SeatView]]) -> None:
    kinds = {kind(w) for w, _ in seen}
    assert {"only", "layout", "objective", "take:completes", "take:closer", "take:fit",
            "place:completes", "place:improves", "place:closer", "place:fit", "land", "token",
            "keep_tokens", "house", "discovery"} <= kinds, kinds
    assert all(json.loads(json.dumps(w)) == w for w, _ in seen)  # JSON as it is sent and kept


RARE = [{"key": "no_house"}, {"key": "medium"}, {"key": "discard", "tile": "T01"},
        {"key": "take", "tile": "T02"}]  # (the games above give these seldom or never)


def test_every_reason_is_translated(seen: list[tuple[dict[str, Any], SeatView]]) -> None:
    with language(i18n.PSEUDO):
        for why, view in seen + [(w, seen[0][1]) for w in RARE]:
            html = hint_words.hint_html(why, view)
            assert html is not None and not unmarked(f"<p>{html}</p>"), (why, html)


def test_every_reason_reads_in_french_without_ids(
    seen: list[tuple[dict[str, Any], SeatView]],
) -> None:
    worded: dict[str, str] = {}
    with language("fr"):
        for why, view in seen:
            html = hint_words.hint_html(why, view)
            assert html is not None
            text = re.sub(r"<[^>]+>", "", html)
            assert not ID_OR_CELL.search(text), (why, text)
            assert "None" not in text and "{" not in text, text
            worded.setdefault(kind(why), text)
    assert worded["place:completes"].startswith("Placez"), worded
    assert worded["take:closer"].startswith("Prenez"), worded


def test_the_english_reason_is_the_engines_line() -> None:
    g = Game.new(Options(seats=("Ann", "Bob"), seed=8))
    for _ in range(40):
        legal = g.legal_actions()
        action, text = suggest(g.view(g.to_move), legal)
        again, why = suggest_why(g.view(g.to_move), legal)
        assert action == again and text == english(why)
        g.play(action)


def test_the_worker_sends_the_structured_reason_and_the_app_keeps_it() -> None:
    g = Game.new(Options(seats=("Ann", "Bob"), seed=9))
    while g.stage != "take":
        g.play(g.legal_actions()[0])
    request = json.dumps({"kind": "suggest", "view": g.view(g.to_move),
                          "legal": [a.to_json() for a in g.legal_actions()]})
    answer = handle(request)
    parsed = parse_hint(answer, g)
    assert parsed is not None
    action, reason, why = parsed
    assert why is not None and why["key"] == "take" and reason == english(why)
    choices = Choices(hint=Hint(action.to_json(), reason, why))
    record = resume.dump(choices, g, g.to_move or 0)
    kept = resume.restore(json.loads(record)["ui"], _Turn(g), _Stage())  # type: ignore[arg-type]
    assert kept.hint is not None and kept.hint.why == why


class _Turn:
    """The little of `app.Turn` that `resume.restore` reads."""

    def __init__(self, game: Game) -> None:
        self.game = game


class _Stage:
    """A decision's stage that restores nothing more."""

    def restore(self, turn: object, saved: object, choices: object) -> None:
        return None


def test_a_hostile_or_unknown_reason_is_escaped_or_worded_the_old_way() -> None:
    g = Game.new(Options(seats=("Ann", "Bob"), seed=3))
    view = g.view(0)
    for why in ({"key": "take", "tile": HOSTILE, "then": {"key": "place", "tile": 3,
                                                         "mission": HOSTILE, "how": HOSTILE}},
                {"key": "objective", "now": HOSTILE, "later": [1], "pp": "x"},
                {"key": "token", "resource": HOSTILE, "x": "1", "y": None, "pp": 1e300},
                {"key": "discovery", "token": HOSTILE}, {"key": "land", "mission": 5},
                {"key": "house", "mission": HOSTILE, "pp": True}):
        html = hint_words.hint_html(why, view)
        assert html is not None and "<img" not in html and "1e+300" not in html, html
    assert hint_words.hint_html({"key": "from a later build"}, view) is None
    assert hint_words.hint_html(["take"], view) is None
    old = Hint({"type": "end_turn"}, "Keep your bonus tokens: no token gains enough now.")
    assert "bonus" in panels.hint_reason(old, view)
    assert why_of({"key": "x", "v": "y" * 5000}) is None and why_of({"v": 1}) is None
    assert why_of({"key": "take", "tile": "T01"}) == {"key": "take", "tile": "T01"}
