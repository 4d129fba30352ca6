"""The live objective tracker against the engine: its numbers are what the reward phase, played
out in full by the engine with the best choices, would give (many random positions, Normal,
Advanced and solo), before and after a previewed placement or landing."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from si_web import tracker
from small_islands import Game, KeepDiscovery, Land, Options, PlaceHouse, PlaceTile

ID_PATTERN = re.compile(r"\b[TMORE]\d{1,2}\b|\bL\d\b|\(\s*\d+\s*,\s*\d+\s*\)")


def best_reward(game: Game, seat: int) -> int:
    """The most the seat can earn in a reward phase that starts now with its turn, found by
    playing every sequence of houses through the engine (PP; Discovery: tokens kept)."""
    memo: dict[frozenset[Any], int] = {}

    def gain_of(g: Game) -> int:
        s = g.seats[seat]
        return len(s.discovery) if tracker_discovery(g) else s.pp

    def tracker_discovery(g: Game) -> bool:
        parts = g.objective_parts(seat)
        return parts is not None and parts[1] == "R10"

    def best(g: Game) -> int:
        key = frozenset(g.board.houses.items())
        if key in memo:
            return memo[key]
        result = 0
        by_spot: dict[tuple[int, int, int], list[PlaceHouse]] = {}
        for a in g.legal_actions():
            if isinstance(a, PlaceHouse):
                by_spot.setdefault((a.x, a.y, a.index), []).append(a)
        for options in by_spot.values():
            here = 0
            after: Game | None = None
            for a in options:  # the resource choices: same state after, different gains
                c = g.clone()
                before = gain_of(c)
                c.play(a)
                if c.pending_discovery:
                    c.play(KeepDiscovery(0))
                gained = gain_of(c) - before
                if after is None or gained > here:
                    here, after = gained, c
            assert after is not None
            result = max(result, here + best(after))
        memo[key] = result
        return result

    return best(game)


def engine_total(game: Game, seat: int) -> int:
    g = game.clone()
    g.start_reward(seat, final=False)
    return best_reward(g, seat)


def positions(n: int, seed: int) -> list[tuple[Game, int]]:
    """Random exploration positions of random games (Normal, Advanced, solo; 1-4 seats)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        seats = rng.choice([1, 2, 2, 3, 4])
        mode = rng.choice(["normal", "advanced"])
        names = tuple(f"P{i}" for i in range(seats))
        g = Game.new(Options(seats=names, mode=mode, seed=rng.randrange(10**6)))
        stop = rng.randrange(20, 160)
        while g.phase != "over" and len(g.actions) < stop:
            g.play(rng.choice(g.legal_actions()))
        if g.phase == "exploration" and g.to_move is not None and g.is_player(g.to_move):
            out.append((g, g.to_move))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_the_tracker_total_is_the_engines_best_reward_phase(seed: int) -> None:
    for g, seat in positions(25, seed):
        v = g.view(seat)
        t = tracker.track(v)
        assert t is not None
        assert t.total == engine_total(g, seat), (g.to_json(), seat)
        qualifying = {i.key() for i in g.qualifying_islands(seat)}
        assert {i.key for i in t.islands} == qualifying


def test_a_previewed_placement_changes_the_total_as_the_engine_would() -> None:
    rng = random.Random(11)
    checked = changed = 0
    for g, seat in positions(400, 99):
        if g.stage != "place":
            continue
        places = [a for a in g.legal_actions() if isinstance(a, PlaceTile)]
        if not places:
            continue
        for a in rng.sample(places, min(3, len(places))):
            v = g.view(seat)
            after = tracker.track_if_placed(v, a.tile, a.x, a.y, a.rotation)
            assert after is not None
            trial = g.clone()
            trial.play(a)
            assert after.total == engine_total(trial, seat), (g.to_json(), a)
            before = tracker.track(v)
            assert before is not None
            changed += after.total != before.total
            checked += 1
    assert checked >= 40 and changed >= 3, (checked, changed)


def test_a_previewed_landing_is_the_reward_phase_the_engine_starts() -> None:
    checked = 0
    for g, seat in positions(500, 7):
        lands = [a for a in g.legal_actions() if isinstance(a, Land)]
        for a in lands[:2]:
            after = tracker.track_if_landed(g.view(seat), a.ship, a.x, a.y)
            trial = g.clone()
            trial.play(a)  # the engine's own reward phase, the lander first
            assert trial.phase == "reward" and trial.to_move == seat
            assert after is not None and after.total == best_reward(trial, seat)
            checked += 1
    assert checked >= 10, checked


def test_the_box_names_islands_in_words_and_the_change() -> None:
    for g, seat in positions(40, 3):
        v = g.view(seat)
        html = tracker.box(v, None, "+3 PP for your objective if you place here.")
        t = tracker.track(v)
        assert t is not None
        assert f'data-track-total="{t.total}"' in html
        assert html.count('data-act="track"') == len(t.islands)
        assert "+3 PP" in html
        assert not ID_PATTERN.search(html.replace('data-x="', "").replace('data-y="', "")), html


def test_change_words() -> None:
    a = tracker.Track("M1", "R1", (), 4, False, 5)
    b = tracker.Track("M1", "R1", (), 4, False, 8)
    assert tracker.change_words(a, b, "place here") == "+3 PP for your objective if you place here."
    assert tracker.change_words(b, a, "land here").startswith("−3 PP")
    assert tracker.change_words(a, a, "place here").startswith("No change")
    d1 = tracker.Track("M5", "R10", (), 4, True, 1)
    d2 = tracker.Track("M5", "R10", (), 4, True, 2)
    assert tracker.change_words(d1, d2, "place here").startswith("+1 Discovery token ")
    assert tracker.change_words(None, a, "x") == ""
