"""What Expert reads from the public log: tiles seen going into hands, objectives chosen."""

import random
from collections import Counter

import pytest

from small_islands import Game, Options
from small_islands.bots import bot_move, determinize
from small_islands.bots.infer import ObjectiveModel, round_start_isles
from small_islands.bots.world import board_from_view, known_hands
from small_islands.content import TILES


def medium_positions(seed, seats=2, mode="normal"):
    """(game, seat to move) at every decision of a Medium game."""
    g = Game.new(Options(seats=tuple(f"P{k}" for k in range(seats)), mode=mode, seed=seed,
                         bots=dict.fromkeys(range(seats), "medium")))
    while g.phase != "over":
        yield g, g.to_move
        g.play(bot_move(g, g.to_move))


def test_known_hands_lists_only_tiles_really_in_those_hands():
    known = total = 0
    for g, seat in medium_positions(71, seats=3):
        for i, tiles in known_hands(g.view(seat)).items():
            assert i != seat
            assert Counter(tiles) <= Counter(g.seats[i].hand)  # never a wrong tile
            known += len(tiles)
        total += sum(len(s.hand) for i, s in enumerate(g.seats) if i != seat)
    assert known > total // 3  # the log shows a good share of the other hands


def test_determinize_deals_the_known_tiles_and_keeps_every_tile_once():
    checked = 0
    for g, seat in medium_positions(72):
        if g.phase != "exploration":
            continue
        view = g.view(seat)
        hands = known_hands(view)
        if not hands:
            continue
        for k in range(3):
            w = determinize(view, random.Random(k), board_from_view(view), hands)
            for i, tiles in hands.items():
                assert Counter(tiles) <= Counter(w.seats[i].hand)
                assert len(w.seats[i].hand) == len(g.seats[i].hand)
            placed = [t.tile.id for t in w.board.tiles.values() if not t.is_ship]
            places = (placed + [t for t in w.display if t] + w.navigation + w.reserve + w.boxed
                      + [t for s in w.seats for t in s.hand])
            assert Counter(places) == Counter(t.id for t in TILES) + Counter(
                t.tile.id for t in w.board.tiles.values() if t.tile.id.startswith("S"))
            assert w.view(seat)["legal"] == view["legal"]
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("mode,seats", [("normal", 2), ("normal", 4), ("advanced", 3)])
def test_objective_model_keeps_worlds_consistent(mode, seats):
    rng = random.Random(5)
    modelled = 0
    for n, (g, seat) in enumerate(medium_positions(73, seats, mode)):
        if n % 5 or g.phase not in ("preparation", "exploration", "reward"):
            continue
        view = g.view(seat)
        model = ObjectiveModel(view)
        w = determinize(view, rng)
        model.resample(w, rng)
        cards = [c for deck in w.decks.values() for c in deck]
        for i, s in enumerate(w.seats):
            cards += s.held
            if s.now and (i == seat or not (g.phase == "reward" and s.revealed and i in
                                             w.reward_order[: w.reward_order.index(w.to_move)])):
                cards += w.mode.cards_of(s.now)
        assert sorted(cards) == sorted(c for p in w.mode.decks for c in w.mode.deck(p))
        for i in model.seats:
            s = w.seats[i]
            assert s.now and s.later and s.held == w.mode.cards_of(s.later)
            modelled += 1
        assert w.view(seat)["legal"] == view["legal"]
    assert modelled > 3


def test_objective_model_chooses_as_medium_given_the_held_cards():
    """With the cards a Medium seat really held, the model's best pair is Medium's choice,
    valued on the map rebuilt from the view later in the round."""
    from small_islands.bots.policy import ranked

    checked = 0
    for seed in (74, 75):
        pending = {}
        for g, seat in medium_positions(seed):
            if g.phase == "preparation":
                choice = ranked(g, g.legal_actions())[0][1]
                pending[(g.round, seat)] = (list(g.seats[seat].held), (choice.now, choice.later))
            elif g.phase == "exploration" and g.stage == "take":
                other = 1 - seat
                if (g.round, other) not in pending:
                    continue
                held, choice = pending.pop((g.round, other))
                model = ObjectiveModel(g.view(seat))
                best = max(model.mode.choices(held), key=lambda p: model.pair_value(other, *p))
                assert best == choice
                checked += 1
    assert checked >= 10


def test_objective_model_puts_more_weight_on_the_true_objective():
    uniform = modelled = 0.0
    for seed in (74, 76, 77):
        for n, (g, seat) in enumerate(medium_positions(seed)):
            if g.phase != "exploration" or g.stage != "take" or n % 4:
                continue
            view = g.view(seat)
            other = 1 - seat
            truth = g.seats[other].now
            model = ObjectiveModel(view, beta=4.0)
            assert model.seats == [other]
            rng = random.Random(n)
            worlds = [determinize(view, rng) for _ in range(60)]
            uniform += sum(w.seats[other].now == truth for w in worlds) / 60
            for w in worlds:
                model.resample(w, rng)
            modelled += sum(w.seats[other].now == truth for w in worlds) / 60
    assert modelled > uniform


def test_round_start_isles_take_off_this_rounds_tiles():
    for g, seat in medium_positions(75):
        if g.phase == "exploration" and g.stage == "take" and g.round >= 2:
            view = g.view(seat)
            this_round = sum(1 for e in g.log if e["round"] == g.round
                             and e["text"].startswith("placed "))
            if this_round < 2:
                continue
            isles = round_start_isles(view)
            tiles = len(view["board"]["tiles"]) - this_round
            assert sum(i.size for i in isles) == sum(
                1 for t in view["board"]["tiles"][:tiles] if t["ship"] is None)
            return
    raise AssertionError("no position found")
