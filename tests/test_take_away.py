"""The third game's screens and summary (`tests/take_away/`), in CPython; its rules and save
are the kit's tests' (tests/test_game_kit_*.py), its life in the app e2e/test_third_game.py."""

from __future__ import annotations

from game_shell.kept_games import summary_problem
from take_away import Game, Options, Take, screens


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
