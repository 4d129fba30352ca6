"""Great Explorer achievements (RULES.md 9): only in won games, per mode checklist."""

import random

from si_helpers import new_game, play_random, strip
from small_islands import SHIP_TILE, Board, Game, Options
from small_islands.achievements import ADVANCED, NORMAL, achievements


def finished(mode="normal", seed=3, seats=2) -> Game:
    return play_random(new_game(seats=seats, mode=mode, seed=seed), random.Random(seed))


def make_winner(g: Game, seat: int, total: int = 30) -> None:
    for i, s in enumerate(g.seats):
        s.pp, s.discovery = (total if i == seat else 0), []


def test_nothing_before_the_end_or_for_a_loser():
    g = new_game()
    assert achievements(g, 0) == []
    g = finished()
    make_winner(g, 0)
    assert achievements(g, 1) == []


def test_normal_checklist():
    g = finished()
    make_winner(g, 0, 55)
    s = g.seats[0]
    s.bonus, s.houses_placed = 0, 8
    s.ship_cell, s.ship_order = (0, 0), 1
    got = achievements(g, 0)
    assert {"pp50", "all_bonus", "all_houses", "ship_first"} <= set(got)
    assert set(got) <= set(NORMAL)
    s.pp = 49
    assert "pp50" not in achievements(g, 0)


def test_ship_points_and_islands():
    g = finished()
    make_winner(g, 0, 40)
    g.board = Board(12, 12)
    g.board.put(SHIP_TILE, 5, 5, 0)
    g.seats[0].ship_cell = (5, 5)
    strip(g.board, [["port", "port"]] * 2, x0=5, y=6)
    strip(g.board, [["port", "port"]] * 2, x0=5, y=4, rotation=2)
    strip(g.board, [["port", "port"]], x0=4, y=6)  # now touching (5, 6)
    strip(g.board, [["port", "port"]], x0=4, y=4, rotation=2)
    assert g.scores()[0]["ship_ports"] == 12
    assert "ship10" in achievements(g, 0)


def test_advanced_checklist_tie_and_two_houses():
    g = finished(mode="advanced")
    make_winner(g, 0, 61)
    g.seats[1].pp = 61
    g.seats[0].houses_placed, g.seats[1].houses_placed = 5, 1
    g.board = Board(16, 12)
    strip(g.board, [["house"]] * 13, x0=0)
    g.board.houses[(0, 5, 0)] = g.seats[0].colour
    g.board.houses[(5, 5, 0)] = g.seats[0].colour
    g.seats[0].ship_cell, g.seats[0].ship_order = (0, 0), 4
    got = set(achievements(g, 0))
    assert {"pp60", "tie", "two_houses", "island13", "ship_last"} <= got
    assert got <= set(ADVANCED)


def test_solo_level_achievements():
    g = Game.new(Options(seats=("Me",), solo_level=4, seed=2))
    play_random(g, random.Random(2))
    g.seats[0].pp = 500
    assert "solo4" in achievements(g, 0)
    assert achievements(g, 1) == []  # Alexis collects nothing
