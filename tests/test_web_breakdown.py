"""The end-of-game breakdown: every seat's lines add up to `game.scores()` (random games in
every mode, solo at every level), houses are where the map has them, words without ids."""

from __future__ import annotations

import random
import re

import pytest

from game_shell.storage import MemoryStorage
from si_web import breakdown
from si_web.app import App
from small_islands import Game, Options

ID_PATTERN = re.compile(r"\b[TMORE]\d{1,2}\b|\bL\d\b|\(\s*\d+\s*,\s*\d+\s*\)")


def finished(seed: int) -> Game:
    rng = random.Random(seed)
    seats = rng.choice([1, 2, 3, 4])
    g = Game.new(
        Options(
            seats=tuple(f"P{i}" for i in range(seats)),
            mode=rng.choice(["normal", "advanced"]),
            seed=seed,
            solo_level=rng.randint(1, 6),
        )
    )
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("seed", range(60))
def test_each_seats_lines_add_up_to_its_score(seed: int) -> None:
    g = finished(seed)
    lines = breakdown.breakdown(g)
    rows = {r["seat"]: r for r in g.scores()}
    assert len(lines) == len(rows)
    for s in lines:
        r = rows[s.seat]
        assert s.added() == r["total"] == s.total, (seed, s, r)
        assert s.prestige() == r["prestige"]
        assert sum(s.discovery) == r["discovery"]
        assert s.ship_ports == r["ship_ports"]
        assert len(s.houses) == g.seats[s.seat].houses_placed
        for h in s.houses:  # the house is on the final map, in the seat's colour
            assert g.board.houses[h.spot] == g.seats[s.seat].colour
            assert (h.spot[0], h.spot[1]) in h.cells
            assert h.round >= 1
        kept = [h.kept for h in s.houses if h.kept is not None]
        assert sorted(kept) == sorted(g.seats[s.seat].discovery)


def test_the_rows_say_it_in_words_and_offer_the_map() -> None:
    g = finished(5)
    v = g.view(0)
    lines = breakdown.breakdown(g)
    html = breakdown.rows_html(v, lines, (0, None))
    assert html.count('data-act="over-seat"') == len(lines)
    assert html.count('data-act="over-house"') == sum(len(s.houses) for s in lines)
    text = re.sub(r"<[^>]+>", " ", html)
    assert not ID_PATTERN.search(text), text
    for s in lines:
        assert f'data-total="{s.total}"' in html


def test_the_end_screen_shows_the_breakdown_and_highlights_on_tap() -> None:
    g = finished(8)
    storage = MemoryStorage({"small-islands/save": g.to_json()})
    app = App(storage)
    assert app.screen == "over"
    html = app.render()
    assert "data-act=\"over-seat\"" in html and "hl-ring" not in html
    seat = max(range(len(g.seats)), key=lambda i: g.seats[i].houses_placed)
    app.handle("over-seat", {"seat": str(seat)})
    html = app.render()
    assert html.count("<circle", html.index('class="hl-ring"')) >= 1
    assert html.count('class="hl-ring"') == 1
    app.handle("over-seat", {"seat": str(seat)})  # a second tap clears it
    assert 'class="hl-ring"' not in app.render()
    app.handle("over-house", {"seat": str(seat), "n": "0"})
    html = app.render()
    assert 'class="hl-island"' in html and 'class="hl-ring"' in html
