"""Computer players: hidden-world sampling, information hiding, whole games, Medium's eye."""

import random

import pytest

from small_islands import TILE_BY_ID, Board, EndTurn, Game, Options, PlaceTile, Tile
from small_islands.bots import LEVELS, bot_move, choose_action, determinize, suggest
from small_islands.bots.evaluate import (
    Isle,
    isle_value,
    merged,
    mission_progress,
    reward_value,
    summarize,
)
from small_islands.bots.policy import Ctx, easy, medium, ranked
from small_islands.bots.tournament import run, wilson

PUBLIC_KEYS = (
    "phase",
    "round",
    "stage",
    "to_move",
    "first_player",
    "seats",
    "hand",
    "held",
    "objective",
    "next_objective",
    "discovery",
    "display",
    "navigation_count",
    "reserve_count",
    "discovery_left",
    "grey_ships",
    "board",
    "legal",
    "pending_discovery",
)


def random_positions(seed, mode, seats, every=7):
    """Yield (game, seat to move) along a random game, every few decisions."""
    g = Game.new(Options(seats=tuple(f"P{i}" for i in range(seats)), mode=mode, seed=seed))
    rng = random.Random(seed)
    step = 0
    while g.phase != "over":
        if step % every == 0:
            yield g, g.to_move
        g.play(rng.choice(g.legal_actions()))
        step += 1


# ------------------------------------------------------------------- determinize
@pytest.mark.parametrize("mode,seats", [("normal", 2), ("normal", 4), ("advanced", 3)])
def test_determinized_world_matches_the_view_and_the_legal_actions(mode, seats):
    for g, seat in random_positions(11 + seats, mode, seats, every=3):
        view = g.view(seat)
        world = determinize(view, random.Random(5))
        mine = world.view(seat)
        for key in PUBLIC_KEYS:
            assert mine.get(key) == view.get(key), key
        assert sorted(map(repr, world.legal_actions())) == sorted(map(repr, g.legal_actions()))
        for a, b in zip(g.seats, world.seats, strict=True):
            assert (len(a.hand), len(a.held), len(a.discovery)) == (
                len(b.hand),
                len(b.held),
                len(b.discovery),
            )
        assert len(world.reserve) == len(g.reserve)
        assert len(world.navigation) == len(g.navigation)
        assert {k: len(v) for k, v in world.decks.items()} == {
            k: len(v) for k, v in g.decks.items()
        }


@pytest.mark.parametrize(
    "mode,seats,decides", [("normal", 1, False), ("advanced", 1, True), ("normal", 3, True)]
)
def test_determinized_view_is_the_view_but_the_log(mode, seats, decides):
    """Every public field is rebuilt exactly (solo included), for every seat."""
    g = Game.new(
        Options(
            seats=tuple(f"P{i}" for i in range(seats)),
            mode=mode,
            seed=21,
            alexis_decides=decides,
            solo_level=3,
        )
    )
    rng = random.Random(21)
    step = 0
    while g.phase != "over":
        if step % 4 == 0:
            for seat in range(len(g.seats)):
                if g.seats[seat].alexis:
                    continue
                view = g.view(seat)
                world = determinize(view, random.Random(step))
                mine = world.view(seat)
                for key in set(view) - {"log", "can_undo"}:
                    assert mine[key] == view[key], key
                if g.to_move == seat:
                    assert sorted(map(repr, world.legal_actions())) == sorted(
                        map(repr, g.legal_actions())
                    )
                    world.play(rng.choice(world.legal_actions()))
        g.play(rng.choice(g.legal_actions()))
        step += 1


def test_determinized_worlds_play_on_to_the_end():
    rng = random.Random(3)
    for g, seat in random_positions(4, "advanced", 2, every=11):
        world = determinize(g.view(seat), rng)
        while world.phase != "over":
            world.play(rng.choice(world.legal_actions()))


def test_determinize_draws_hidden_parts_from_unseen_content_only():
    g = next(p for p, _ in random_positions(9, "normal", 3, every=1) if p.phase == "exploration")
    seat = g.to_move
    view = g.view(seat)
    hands = set()
    for k in range(20):
        world = determinize(view, random.Random(k))
        hidden = [t for i, s in enumerate(world.seats) if i != seat for t in s.hand]
        visible = {t["id"] for t in view["board"]["tiles"]} | set(world.seats[seat].hand)
        assert not visible & set(hidden + world.reserve + world.navigation)
        hands.add(tuple(hidden))
    assert len(hands) > 1  # really sampled


# ------------------------------------------------------ decisions ignore hidden info
def alter_hidden(g, seat, rng):
    """A copy of `g` that differs only in what `seat` cannot see."""
    h = g.clone()
    others = [s for i, s in enumerate(h.seats) if i != seat]
    pool = h.reserve + h.navigation + [t for s in others for t in s.hand]
    rng.shuffle(pool)
    for s in others:
        n = len(s.hand)
        s.hand, pool = pool[:n], pool[n:]
    n = len(h.navigation)
    h.navigation, h.reserve = pool[:n], pool[n:]
    if h.phase == "exploration":  # swap other seats' unrevealed objectives with deck cards
        for s in others:
            if s.later and h.options.mode == "normal" and h.decks["O"]:
                card = h.decks["O"].pop(0)
                h.decks["O"].append(s.later)
                s.later, s.held = card, [card]
    bag = h.discovery_bag + [v for s in others for v in s.discovery]
    rng.shuffle(bag)
    for s in others:
        n = len(s.discovery)
        s.discovery, bag = bag[:n], bag[n:]
    h.discovery_bag = bag
    h.rng = random.Random(rng.random())
    return h


@pytest.mark.parametrize("level", LEVELS)
def test_choice_is_unchanged_when_hidden_information_changes(level):
    rng = random.Random(1)
    checked = 0
    for g, seat in random_positions(21, "normal", 3, every=9):
        if len(g.legal_actions()) < 2:
            continue
        h = alter_hidden(g, seat, rng)
        assert h.view(seat) == g.view(seat)
        assert h.state() != g.state()
        searched = level in ("hard", "expert", "master")
        kwargs = {"budget_s": 60.0, "max_worlds": 2} if searched else {}
        a = bot_move(g, seat, level, rng=7, **kwargs)
        b = bot_move(h, seat, level, rng=7, **kwargs)
        assert a == b
        checked += 1
        if searched and checked >= 6:
            break
    assert checked >= 6


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize(
    "mode,levels",
    [
        ("normal", ("medium", "easy")),
        ("advanced", ("easy", "medium")),
        ("normal", ("easy", "medium", "medium")),
        ("advanced", ("medium", "easy", "easy")),
        ("normal", ("medium", "easy", "medium", "easy")),
        ("advanced", ("easy", "easy", "medium", "medium")),
    ],
)
def test_bots_finish_whole_games(mode, levels):
    opts = Options(
        seats=tuple(f"Bot {i}" for i in range(len(levels))),
        mode=mode,
        seed=len(levels) * 7 + len(mode),
        bots=dict(enumerate(levels)),
    )
    g = Game.new(opts)
    while g.phase != "over":
        seat = g.to_move
        action = bot_move(g, seat)
        assert action in g.legal_actions()
        g.play(action, seat)
    assert len(g.winners()) >= 1
    assert Game.from_json(g.to_json()).scores() == g.scores()


@pytest.mark.parametrize("mode,seats", [("normal", 2), ("advanced", 3)])
def test_hard_finishes_a_whole_game_on_a_small_budget(mode, seats):
    levels = ["hard"] + ["medium"] * (seats - 1)
    g = Game.new(
        Options(
            seats=tuple(f"B{i}" for i in range(seats)),
            mode=mode,
            seed=seats,
            bots=dict(enumerate(levels)),
        )
    )
    while g.phase != "over":
        g.play(bot_move(g, g.to_move, budget_s=0.01))
    assert g.end_reason is not None


def test_easy_never_spends_a_bonus_token_for_nothing():
    g = Game.new(Options(seats=("E1", "E2"), seed=5))
    rng = random.Random(5)
    spent = 0
    while g.phase != "over":
        legal = g.legal_actions()
        action = easy(g, legal, rng)
        if g.stage == "bonus" and not isinstance(action, EndTurn):
            gains = dict((a, v) for v, a in ranked(g, legal))
            from small_islands.bots.policy import token_cost

            assert gains[action] + token_cost(g, g.to_move) > 0
            spent += 1
        g.play(action)
    assert spent <= 8


def test_choose_action_needs_only_the_view_and_legal_list():
    g = Game.new(Options(seats=("A", "B"), seed=2))
    g.play(g.legal_actions()[0])
    view, legal = g.view(g.to_move), g.legal_actions()
    for level in LEVELS:
        assert choose_action(view, legal, level, rng=1, budget_s=0.05) in legal
    with pytest.raises(ValueError):
        choose_action(view, legal, "grandmaster")


# --------------------------------------------------------- Medium's evaluation
def flat_board():
    """One all-land tile with a flower and a house location at (5, 5)."""
    b = Board(12, 12)
    b.put(Tile.parse("LLLLLLLL:flower,house", "X1"), 5, 5, 0)
    return b


def test_island_summary_missions_and_rewards():
    b = flat_board()
    b.put(TILE_BY_ID["T09"], 6, 5, 0)  # flower, flower, house
    isles, where = summarize(b)
    (isle,) = isles
    assert isle.size == 2 and isle.counts[:3] == (3, 0, 0) and isle.free == 2
    assert isle.open == 6 and where[(6, 5)] == 0
    assert mission_progress("M1", isle) == 1.0
    assert mission_progress("M9", isle) < 1.0
    assert reward_value("R1", isle) == (5, None)
    assert reward_value("R7", isle) == (5, "flower")
    assert isle_value("M1", "R1", isle, "blue", partial=False) == 5
    b.houses[(6, 5, 2)] = "blue"
    isles, _ = summarize(b)
    assert isle_value("M1", "R1", isles[0], "blue", partial=True) == 0.0  # own house there
    assert isle_value("M1", "R1", isles[0], "red", partial=False) == 5


def test_merged_island_equals_the_island_after_placing():
    rng = random.Random(8)
    checked = 0
    for g, _ in random_positions(31, "normal", 2, every=5):
        board = g.board
        isles, where = summarize(board)
        for tile in rng.sample(list(TILE_BY_ID.values())[:56], 6):
            positions = board.legal_positions(tile)
            for x, y, r in rng.sample(positions, min(3, len(positions))):
                isle, _ = merged(board, isles, where, tile.id, x, y, r)
                after = board.copy()
                after.put(tile, x, y, r)
                new, new_where = summarize(after)
                truth = new[new_where[(x, y)]]
                assert (
                    isle.size,
                    isle.counts,
                    isle.houses,
                    isle.colours,
                    isle.open,
                    isle.near_ship,
                    set(isle.cells),
                ) == (
                    truth.size,
                    truth.counts,
                    truth.houses,
                    truth.colours,
                    truth.open,
                    truth.near_ship,
                    set(truth.cells),
                )
                checked += 1
    assert checked > 50


def exploration_game(hand, objective="O1"):
    """A 2-seat game at seat 0's take step, with a hand-built map and hand."""
    g = Game.new(Options(seats=("Me", "You"), seed=1, first_player=0))
    g.play(g.legal_actions()[0])
    while g.phase == "preparation":
        g.play(g.legal_actions()[0])
    assert g.phase == "exploration" and g.to_move == 0
    g.board = flat_board()
    g.seats[0].hand = list(hand)
    g.seats[0].now, g.seats[0].later = objective, None
    return g


def test_medium_places_the_tile_that_completes_its_objective():
    g = exploration_game(["T03", "T09"])  # T03: fruit, leaf, leaf; T09: flower, flower, house
    g.display = ["T37", "T38", "T34"]  # plain or single-leaf tips
    g.play(medium(g, g.legal_actions(), random.Random(0)))
    action = medium(g, g.legal_actions(), random.Random(0))
    assert isinstance(action, PlaceTile) and action.tile == "T09"
    ctx = Ctx.of(g, 0)
    assert ctx.total(ctx.vals_now, ctx.vals_later) < ranked(g, g.legal_actions())[0][0]


def test_medium_follows_its_objective_not_a_fixed_tile_order():
    g = exploration_game(["T09", "T03"], objective="O3")  # M3: 2 leaves
    g.display = ["T37", "T38", "T34"]
    g.play(medium(g, g.legal_actions(), random.Random(0)))
    action = medium(g, g.legal_actions(), random.Random(0))
    assert isinstance(action, PlaceTile) and action.tile == "T03"


def test_medium_builds_houses_in_the_final_reward():
    g = Game.new(Options(seats=("A", "B"), seed=4))
    rng = random.Random(4)
    built = 0
    while g.phase != "over":
        legal = g.legal_actions()
        action = medium(g, legal, rng)
        if (
            g.phase == "reward"
            and g.final_reward
            and any(type(a).__name__ == "PlaceHouse" for a in legal)
        ):
            assert type(action).__name__ == "PlaceHouse"
        built += type(action).__name__ == "PlaceHouse"
        g.play(action)
    assert built > 0


# ------------------------------------------------------------- hints, tournaments
def test_suggest_gives_a_legal_move_and_a_reason_in_every_phase():
    g = Game.new(Options(seats=("A", "B"), mode="advanced", seed=12))
    kinds = set()
    while g.phase != "over":
        legal = g.legal_actions()
        action, reason = suggest(g.view(g.to_move), legal)
        assert action in legal and reason and "\n" not in reason
        kinds.add(action.type)
        g.play(action)
    assert {"start_layout", "choose_objective", "take_tile", "place_tile", "land"} <= kinds


def test_tournament_alternates_seats_and_reports_an_interval():
    res = run("medium", "easy", games=2, seats=2, seed=3)
    assert res.games == 2 and 0 <= res.wins_a <= 2 and len(res.margins) == 2
    lo, hi = wilson(7, 10)
    assert 0.39 < lo < 0.40 and 0.89 < hi < 0.90


def test_bots_play_the_human_seat_of_a_solo_game():
    g = Game.new(Options(seats=("Solo",), seed=5))
    rng = random.Random(1)
    while g.phase != "over":
        legal = g.legal_actions()
        action = choose_action(g.view(g.to_move), legal, "medium", rng)
        assert action in legal
        g.play(action)
    assert g.end_reason is not None


# ------------------------------------------------- Hard: the opponents' objectives
def medium_take_positions(seeds, mode="normal"):
    """(game, seat to move) at take steps of Medium-vs-Medium games, with the other seat
    having placed at least one tile this round."""
    for seed in seeds:
        g = Game.new(Options(seats=("A", "B"), mode=mode, seed=seed,
                             bots={0: "medium", 1: "medium"}))
        while g.phase != "over":
            me = g.to_move
            if g.phase == "exploration" and g.stage == "take" and any(
                e["round"] == g.round and e["seat"] == 1 - me and e["text"].startswith("placed ")
                for e in g.log
            ):
                yield g, me
            g.play(bot_move(g, me))


def test_hard_reads_the_opponents_objective_from_their_placements():
    """Medium places greedily for its objective: weighted by the placements seen this
    round, its true (hidden) objective is far likelier than a uniform guess."""
    from small_islands.bots.search import Evidence

    posterior, uniform, n = 0.0, 0.0, 0
    for g, me in medium_take_positions(range(40, 46)):
        opp = 1 - me
        mine = set(g.seats[me].held) | {g.seats[me].now, g.seats[me].later}
        unseen = [c for c in g.mode.deck("O") if c not in mine]
        evidence = Evidence(g.view(me))
        assert opp in evidence.steps and me not in evidence.steps
        w = evidence.weights(opp, unseen)
        posterior += w[unseen.index(g.seats[opp].now)] / sum(w)
        uniform += 1 / len(unseen)
        n += 1
    assert n >= 60
    assert posterior > 2 * uniform


def test_hard_opponent_evidence_ignores_hidden_information():
    """The evidence and Hard's choice depend on the view only (public log and map)."""
    from small_islands.bots.search import Evidence

    rng = random.Random(2)
    checked = 0
    for g, me in medium_take_positions([47]):
        h = alter_hidden(g, me, rng)
        assert h.view(me) == g.view(me) and h.state() != g.state()
        guesses = ["O1", "O5", "O7", "O9"]
        assert Evidence(g.view(me)).weights(1 - me, guesses) == \
            Evidence(h.view(me)).weights(1 - me, guesses)
        kwargs = {"budget_s": 60.0, "max_worlds": 2}
        assert bot_move(g, me, "hard", rng=5, **kwargs) == bot_move(h, me, "hard", rng=5, **kwargs)
        checked += 1
        if checked >= 4:
            break
    assert checked == 4


def test_hard_evidence_is_uniform_without_opponent_placements():
    from small_islands.bots.search import Evidence

    g = Game.new(Options(seats=("A", "B"), seed=3, bots={0: "medium", 1: "medium"}))
    while g.phase != "exploration":
        g.play(bot_move(g, g.to_move))
    evidence = Evidence(g.view(g.to_move))  # first turn of the round: nothing placed yet
    assert evidence.steps == {}
    assert evidence.weights(1 - g.to_move, ["O1", "O2", None]) == [1.0, 1.0, 1.0]


def test_hard_counts_the_display_tiles_a_take_leaves_the_opponent():
    """`left_for_them`: per take, the opponent's best gain from the tiles left showing."""
    from small_islands.bots.search import Denial

    checked = 0
    for g, me in medium_take_positions([48, 49]):
        if None in g.display:
            continue
        world = g.clone()  # one world, holding the opponent's true objective
        denial = Denial(world, me, [world])
        left = denial.left_for_them(g.display)
        alone = [denial.left_for_them([t, None, None])[1] for t in g.display]
        for slot in range(3):
            assert left[slot] == pytest.approx(max(v for k, v in enumerate(alone) if k != slot))
        if max(alone) > 0 and alone.count(max(alone)) == 1:
            assert left.index(min(left)) == alone.index(max(alone))
            checked += 1
    assert checked >= 10


def test_evaluation_weights_are_read_at_each_call_and_restored_after_use():
    from small_islands.bots import evaluate
    from small_islands.bots.evaluate import MEDIUM_WEIGHTS, Weights, use

    isle = Isle(2, (1, 0, 0, 0, 0, 1), 0, frozenset(), 2, False, ((0, 0), (1, 0)))
    medium_value = isle_value("M1", "R1", isle, "red", True)  # one Flower of two: partial
    assert medium_value == pytest.approx(0.45 * 0.45 * 3.0)
    doubled = Weights(partial=0.9)
    with use(doubled):
        assert evaluate.W is doubled
        assert isle_value("M1", "R1", isle, "red", True) == pytest.approx(2 * medium_value)
    assert evaluate.W is MEDIUM_WEIGHTS
    with pytest.raises(RuntimeError), use(doubled):
        raise RuntimeError("an error inside the block")
    assert evaluate.W is MEDIUM_WEIGHTS  # restored on the way out of an error too


def test_medium_with_other_weights_decides_otherwise_and_medium_is_unchanged_after():
    """A weight set changes some of Medium's choices; outside `use` Medium is Medium again."""
    from small_islands.bots.evaluate import Weights, use

    g = Game.new(Options(seats=("A", "B"), seed=7))
    rng = random.Random(0)
    differ = same = 0
    while g.phase != "over":
        legal = g.legal_actions()
        if len(legal) > 1:
            before = medium(g, legal, rng)
            with use(Weights(partial=0.1, later=1.0, land_margin=6.0)):
                other = medium(g, legal, rng)
            assert other in legal and medium(g, legal, rng) == before
            differ += other != before
            same += other == before
        g.play(medium(g, legal, rng) if len(legal) > 1 else legal[0])
    assert differ > 0 and same > 0
