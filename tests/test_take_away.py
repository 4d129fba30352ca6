"""The third game's screens, summary and coach (`tests/take_away/`), in CPython; its rules and save
are the kit's tests' (tests/test_game_kit_*.py), its life in the app e2e/test_third_game.py."""

from __future__ import annotations

import json

from game_shell.kept_games import summary_problem
from game_shell.storage import MemoryStorage
from take_away import Game, Options, Take, coach, screens


def test_a_finished_game_is_shown_and_summarized() -> None:
    g = Game(Options(stones=15, names=("Ann", "Ben")))
    for _ in range(5):
        g.play(Take(3))
    assert g.over and g.winner == 0 and "Ann took the last stone" in screens.render(g, None)
    s = g.summary(1)
    assert summary_problem(s) is None and s["id"] == g.summary(2)["id"]  # its id: its content
    assert [seat["total"] for seat in s["seats"]] == [9, 6]
    assert Game.from_json(g.to_json()).summary(1) == s


def test_its_screens_offer_what_can_be_taken_and_escape_names() -> None:
    g = Game(Options(stones=2, names=("<b>Ann</b>", "Ben")))
    html = screens.render(g, "<i>")
    assert "<b>Ann</b>" not in html and "<i>" not in html
    assert 'data-n="2"' in html and 'data-n="3"' not in html


def test_its_two_tip_coach_stands_on_the_shell_alone() -> None:
    """The shell's coach framework knows no game: Take Away's two tips, on its own record."""
    storage = MemoryStorage()
    c = coach.coach(storage)
    g = Game(Options(stones=4, names=("Ann", "Ben")))
    html = screens.render(g, None, coach.part(c, g))
    assert 'data-offer="coach"' in html and "New to Take Away?" in html
    assert "Small Islands" not in html and 'data-tip="' not in html
    c.started(coach.GUIDED)
    html = screens.render(g, None, coach.part(c, g))
    assert 'data-tip="take"' in html and 'class="coach inline"' in html
    assert 'data-offer="coach"' not in html
    assert html.index("ta-take") < html.index('data-tip="take"') < html.index("ta-menu")
    g.play(Take(1))  # doing what it explains: seen, gone
    assert coach.part(c, g) == ""
    g.play(Take(3))
    html = screens.render(g, None, coach.part(c, g))
    assert 'data-tip="end"' in html and "Ann took the last stone" not in html  # Ben did
    assert c.handle("coach-ok", {"tip": "end"}) and coach.part(c, g) == ""
    record = json.loads(storage.data["take-away/coach"])
    assert record == {"offer": "taken", "game": coach.GUIDED, "seen": ["take", "end"],
                      "on": True, "showing": None}
    assert set(storage.data) == {"take-away/coach"}
