"""The Expert computer player: view only, legal actions, whole games, effort by counts."""

import importlib
import json
import random
from dataclasses import replace

import pytest
from test_bots import alter_hidden

from small_islands import AlexisStep, ChooseObjective, Game, Land, Options, PlaceHouse, TakeTile
from small_islands.bots import bot_move, choose_action, expert
from small_islands.bots.expert import (
    EFFORT,
    Effort,
    _lines,
    _pick,
    _resample,
    _take_lines,
    scaled,
)
from small_islands.bots.policy import ranked
from small_islands.bots.search import Denial
from small_islands.bots.tournament import compare, load, plan, report, run

expert_module = importlib.import_module("small_islands.bots.expert")

SMALL = 3  # playout worlds per line in these tests (the level's own counts: expert.EFFORT)


def searched_positions(seeds, seats=2, mode="normal"):
    """(game, seat) at decisions Expert searches: landing, houses, objectives, late takes."""
    for seed in seeds:
        levels = {k: "medium" for k in range(seats)}
        g = Game.new(Options(seats=tuple(f"P{k}" for k in range(seats)), mode=mode, seed=seed,
                             bots=levels))
        while g.phase != "over":
            legal = g.legal_actions()
            seat = g.to_move
            if len(legal) > 1 and (
                any(isinstance(a, (Land, PlaceHouse)) for a in legal)
                or g.phase == "preparation"
                or (isinstance(legal[0], TakeTile) and len(g.navigation) <= EFFORT.search_nav)
            ):
                yield g, seat
            g.play(bot_move(g, seat))


def test_expert_decides_identically_when_only_hidden_information_differs():
    rng = random.Random(4)
    kinds: dict[str, int] = {}
    for g, seat in searched_positions([61, 62], seats=3):
        legal = g.legal_actions()
        kind = type(legal[0]).__name__ + ("+land" if any(isinstance(x, Land) for x in legal)
                                          else "")
        if kinds.get(kind, 0) >= 2:
            continue
        h = alter_hidden(g, seat, rng)
        assert h.view(seat) == g.view(seat) and h.state() != g.state()
        traces: list[list] = [[], []]
        a = expert(g.view(seat), legal, random.Random(9), scaled(EFFORT, SMALL), traces[0])
        b = expert(h.view(seat), legal, random.Random(9), scaled(EFFORT, SMALL), traces[1])
        assert a == b and a in legal
        assert traces[0] == traces[1]  # the same lines and the same playout margins
        kinds[kind] = kinds.get(kind, 0) + 1
    assert {"ChooseObjective", "TakeTile+land", "PlaceHouse"} <= set(kinds)


# every seat count and both modes in make test; every pair in make test-deep
@pytest.mark.parametrize(
    "mode,seats",
    [("normal", 1), pytest.param("advanced", 1, marks=pytest.mark.deep),
     pytest.param("normal", 2, marks=pytest.mark.deep), ("advanced", 2), ("normal", 3),
     pytest.param("advanced", 3, marks=pytest.mark.deep),
     pytest.param("normal", 4, marks=pytest.mark.deep), ("advanced", 4)],
)
def test_expert_plays_only_legal_actions_through_whole_games(mode, seats):
    levels = {k: "expert" if k % 2 == 0 else "hard" for k in range(seats)}
    g = Game.new(Options(seats=tuple(f"E{k}" for k in range(seats)), mode=mode, seed=seats + 40,
                         bots=levels))
    rng = random.Random(1)
    while g.phase != "over":
        seat = g.to_move
        legal = g.legal_actions()
        if g.solo is not None and g.seats[seat].alexis:
            g.play(AlexisStep())
            continue
        level = levels[seat]
        action = choose_action(g.view(seat), legal, level, rng, budget_s=0.01,
                               max_worlds=SMALL if level == "expert" else 1)
        assert action in legal
        g.play(action, seat)
    assert g.end_reason is not None and g.winners()
    assert Game.from_json(g.to_json()).scores() == g.scores()


def test_expert_effort_is_counted_not_timed(monkeypatch):
    """Same view and seed, same choice; every searched line meets exactly `worlds` worlds."""
    g, seat = next((g, s) for g, s in searched_positions([63]) if any(
        isinstance(a, Land) for a in g.legal_actions()))
    view, legal = g.view(seat), g.legal_actions()
    calls = []
    real = expert_module.playout

    def counted(game, me, rng, *args):
        calls.append(me)
        return real(game, me, rng, *args)

    monkeypatch.setattr(expert_module, "playout", counted)
    effort = Effort(worlds=5)
    first = expert(view, legal, random.Random(3), effort)
    n_lines = len(calls) // 5
    assert len(calls) == 5 * n_lines and n_lines >= 2
    calls.clear()
    monkeypatch.setattr("time.perf_counter", lambda: 0.0)  # a stopped clock changes nothing
    assert expert(view, legal, random.Random(3), effort) == first
    assert len(calls) == 5 * n_lines
    assert set(calls) == {seat}


def test_expert_take_lines_start_with_hards_choice_and_include_landings():
    g, seat = next((g, s) for g, s in searched_positions([64]) if any(
        isinstance(a, Land) for a in g.legal_actions()))
    legal = g.legal_actions()
    world = g.clone()
    lines = _take_lines(world, legal, Denial(world, seat, [world]), EFFORT)
    takes = [line for line in lines if isinstance(line[0], TakeTile)]
    lands = [line for line in lines if isinstance(line[0], Land)]
    assert 1 <= len(lands) <= EFFORT.landings and len({a[0].ship for a in lands}) == len(
        {a.ship for a in legal if isinstance(a, Land)})
    assert len(takes) == sum(1 for t in g.display if t is not None)
    for line in takes:
        if len(line) == 2:  # the planned placement is legal once the tile is taken
            w = g.clone()
            w.play(line[0])
            assert line[1] in w.legal_actions()


def test_playouts_score_every_line_at_the_end_of_the_decisions_round():
    """Ending the last reward turn ends the round: that line is not played a round further."""
    from small_islands import EndReward

    checked = 0
    for g, seat in searched_positions([65, 66]):
        legal = g.legal_actions()
        if not (g.phase == "reward" and g.reward_order[-1] == seat and not g.final_reward
                and any(isinstance(a, PlaceHouse) for a in legal)):
            continue
        house = next(a for a in legal if isinstance(a, PlaceHouse))
        ends = []
        for line in ([EndReward()], [house]):
            w = g.clone()
            for action in line:
                w.play(action)
            expert_module.playout(w, seat, random.Random(1), g.round)
            ends.append((w.round, w.phase))
        assert ends[0] == ends[1]
        assert ends[0] in ((g.round + 1, "preparation"), (g.round, "over"))
        lines = expert_module._house_lines(g, legal, EFFORT)
        islands = {expert_module.summarize(g.board)[1][(a[0].x, a[0].y)]
                   for a in lines if isinstance(a[0], PlaceHouse)}
        assert len(islands) == sum(isinstance(a[0], PlaceHouse) for a in lines)  # one each
        assert [EndReward()] in lines
        checked += 1
    assert checked >= 2


def test_expert_departs_from_hards_choice_only_when_clearly_better():
    effort = Effort(min_gain=0.5, confidence=1.0)
    base = [0.0, 2.0, -1.0, 1.0, 0.5, 0.0]
    assert _pick([base, [b + 0.3 for b in base]], effort) == 0  # too small a gain
    noisy = [b + d for b, d in zip(base, [4, -3, 4, -3, 4, -3], strict=True)]
    assert _pick([base, noisy], effort) == 0  # +0.5 on average, but within the noise
    assert _pick([base, [b + 1.0 for b in base], [b + 2.0 for b in base]], effort) == 2


def test_playout_worlds_follow_the_evidence_weights():
    pool = list(range(4))
    drawn = _resample(pool, [0.0, 3.0, 1.0, 0.0], 8, random.Random(1))  # type: ignore[arg-type]
    assert sorted(drawn) == [1] * 6 + [2] * 2
    assert _resample(pool, [1.0] * 4, 4, random.Random(2)) == pool  # type: ignore[arg-type]


def test_scaled_effort_caps_only_the_playout_counts():
    small = scaled(EFFORT, 2)
    assert (small.worlds, small.reward_worlds, small.setup_worlds) == (2, 2, 2)
    assert small.pool == EFFORT.pool and small.takes == EFFORT.takes


# ------------------------------------------------------------------ tournaments
def test_tournament_pairs_seeds_and_resumes_from_its_file(tmp_path):
    assert plan(4, 2, 10, "paired") == [(0, 10, 0), (1, 10, 1), (2, 11, 0), (3, 11, 1)]
    assert plan(3, 3, 10, "alternate") == [(0, 10, 0), (1, 11, 1), (2, 12, 2)]
    out = tmp_path / "games.jsonl"
    first = run("medium", "easy", 2, seats=2, seed=5, order="paired", out=str(out))
    assert [r["seed"] for r in first.records] == [5, 5]
    assert [r["a_seat"] for r in first.records] == [0, 1]
    again = run("medium", "easy", 4, seats=2, seed=5, order="paired", out=str(out))
    assert again.records[:2] == first.records  # the first two were read back, not replayed
    assert len(load(str(out))) == 4
    partial = run("medium", "easy", 10, seats=2, seed=5, order="paired", out=str(out),
                  play=False)
    assert partial.records == again.records  # --report: nothing played, the file's games
    text = report(again)
    assert "paired margin" in text and "95% CI" in text
    assert "+0.00 PP" in compare(again.records, again.records)
    json.dumps(again.records)  # records are plain JSON


def test_objective_lines_one_per_card_played_now():
    g, seat = next((g, s) for g, s in searched_positions([65])
                   if isinstance(g.legal_actions()[0], ChooseObjective))
    legal = g.legal_actions()
    cards = {a.now for a in legal}
    effort = Effort(objective_lines=0, choices_now=6, w_card=0.25)
    lines = _lines(g, legal, Denial(g, seat, [g]), g.view(seat), effort)[0]
    nows = [line[0].now for line in lines]
    assert len(nows) == len(set(nows)) == min(len(cards), 6) and len(cards) > 1
    assert all(line[0] in legal for line in lines)
    assert nows[0] == ranked(g, legal)[0][1].now  # the card of Medium's best pair first
    fewer = _lines(g, legal, Denial(g, seat, [g]), g.view(seat), Effort(objective_lines=0,
                                                                        choices_now=2))[0]
    assert [line[0].now for line in fewer] == nows[:2]
    assert expert(g.view(seat), legal, random.Random(1), scaled(effort, SMALL)) in legal


def test_a_departure_is_kept_only_if_fresh_worlds_confirm_it(monkeypatch):
    """With `verify`, the first pick is the same as without; a departure from Hard's choice
    then stands only if a second playout in fresh worlds also finds it better."""
    effort = replace(scaled(EFFORT, SMALL), min_gain=0.0, confidence=0.0, verify=SMALL)
    departed = 0
    for g, seat in searched_positions([71, 72]):
        legal = g.legal_actions()
        trace: list = []
        plain = expert(g.view(seat), legal, random.Random(5), replace(effort, verify=0), trace)
        if not trace:
            continue
        hards = trace[0][0][0][0]
        checked = expert(g.view(seat), legal, random.Random(5), effort)
        assert checked in (plain, hards)
        if plain != hards:
            departed += 1
            # a second playout that always finds the departure worse undoes it
            real, calls = expert_module._evaluate, []

            def worse_the_second_time(lines, *args, real=real, calls=calls):
                calls.append(lines)
                return real(lines, *args) if len(calls) == 1 else [[1.0] * SMALL, [0.0] * SMALL]

            monkeypatch.setattr(expert_module, "_evaluate", worse_the_second_time)
            assert expert(g.view(seat), legal, random.Random(5), effort) == hards
            assert len(calls) == 2 and calls[1][1][0] == plain
            monkeypatch.setattr(expert_module, "_evaluate", real)
    assert departed >= 2
