"""Views hide everything a seat may not know (RULES: hidden information, DESIGN: one function)."""

import json
import random

import pytest

from si_helpers import new_game, play_random
from small_islands import Game, TakeTile


def scramble_hidden(g: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `g` that differs only in what `seat` cannot know."""
    h = g.clone()
    others = [i for i in range(len(h.seats)) if i != seat]
    # tiles: other hands + face-down stacks are one unknown pool
    pool = list(h.reserve) + list(h.navigation) + [t for i in others for t in h.seats[i].hand]
    rng.shuffle(pool)
    h.reserve = [pool.pop() for _ in h.reserve]
    h.navigation = [pool.pop() for _ in h.navigation]
    for i in others:
        h.seats[i].hand = [pool.pop() for _ in h.seats[i].hand]
    # objective cards not revealed: other seats' held/now/later and the decks
    for prefix in h.decks:
        hidden = list(h.decks[prefix])
        slots = []
        for i in others:
            s = h.seats[i]
            for name in ("held",):
                for k, c in enumerate(getattr(s, name)):
                    if c[0] == prefix:
                        hidden.append(c)
                        slots.append((s, k))
        rng.shuffle(hidden)
        for s, k in slots:
            s.held[k] = hidden.pop()
        h.decks[prefix] = hidden
    for i in others:
        s = h.seats[i]
        if not s.revealed:
            s.now = s.now  # `now` is fixed by the held cards already chosen: leave it
    # discovery values of other seats and of the bag
    values = list(h.discovery_bag) + [v for i in others for v in h.seats[i].discovery]
    if h.to_move != seat:
        values += h.pending_discovery
    rng.shuffle(values)
    for i in others:
        h.seats[i].discovery = [values.pop() for _ in h.seats[i].discovery]
    if h.to_move != seat:
        h.pending_discovery = [values.pop() for _ in h.pending_discovery]
    h.discovery_bag = values
    h.rng.seed(rng.random())
    return h


@pytest.mark.parametrize("seed", range(12))
def test_a_view_is_unchanged_when_hidden_information_changes(seed):
    rng = random.Random(seed)
    g = new_game(seats=2 + seed % 3, mode="advanced" if seed % 2 else "normal", seed=seed)
    for _ in range(8):
        steps = rng.randrange(5, 40)
        play_random(g, rng, until=lambda g, n=[steps]: n.__setitem__(0, n[0] - 1) or n[0] < 0)
        if g.phase == "over":
            break
        for seat in range(len(g.seats)):
            h = scramble_hidden(g, seat, rng)
            assert h.view(seat) == g.view(seat)


def test_views_hold_no_other_hand_no_stack_order_no_rng():
    g = new_game(seats=3, seed=5)
    g.play(g.legal_actions()[0])
    while g.phase == "preparation":
        g.play(g.legal_actions()[0])
    for seat in range(3):
        text = json.dumps(g.view(seat))
        for other in range(3):
            for tile in g.seats[other].hand:
                assert (f'"{tile}"' in text) == (other == seat)
        for tile in g.reserve + g.navigation:
            assert f'"{tile}"' not in text
        assert '"rng"' not in text
        view = g.view(seat)
        assert view["navigation_count"] == 6 and view["reserve_count"] == len(g.reserve)
        assert view["objective"]["id"] == g.seats[seat].now
        assert all(s["objective"] is None for s in view["seats"])


def test_objectives_become_public_when_revealed_in_the_reward_phase():
    g = new_game(seats=2, seed=7)
    rng = random.Random(7)
    play_random(g, rng, until=lambda g: g.phase == "reward")
    lander = g.to_move
    other = 1 - lander
    assert g.view(other)["seats"][lander]["objective"]["id"] == g.seats[lander].now
    assert g.view(lander)["seats"][other]["objective"] is None


def test_legal_targets_only_for_the_seat_to_move():
    g = new_game(seats=2, seed=8)
    g.play(g.legal_actions()[0])
    while g.phase == "preparation":
        g.play(g.legal_actions()[0])
    g.play(TakeTile(0))
    mover = g.view(g.to_move)
    assert mover["legal"]["place"] and g.view(1 - g.to_move)["legal"] is None
    total = sum(len(v) for v in mover["legal"]["place"].values())
    assert total == len(g.legal_actions())


def test_view_is_json_safe_in_every_phase():
    g = new_game(seats=4, seed=9)
    rng = random.Random(9)
    while g.phase != "over":
        for seat in range(4):
            json.dumps(g.view(seat))
        g.play(rng.choice(g.legal_actions()))
    view = g.view(0)
    assert view["scores"] and json.loads(json.dumps(view)) == view


def test_view_of_an_unknown_seat():
    with pytest.raises(ValueError):
        new_game().view(5)


def test_solo_view_shows_alexis_publicly_but_not_his_stack_order():
    from small_islands import Options

    g = Game.new(Options(seats=("Me",), seed=3, alexis_decides=False))
    rng = random.Random(3)
    for _ in range(40):
        if g.phase == "over":
            break
        g.play(rng.choice(g.legal_actions()))
        h = scramble_hidden(g, 0, rng)
        rng.shuffle(h.solo.stack)
        assert h.view(0) == g.view(0)
        assert g.view(0)["solo"]["stack_count"] == len(g.solo.stack)
