"""Every IllegalAction code: raised with a message naming the input, state unchanged."""

from pathlib import Path

import pytest
from refusals import check_refused, codes_raised

from si_helpers import new_game, started, strip
from small_islands import (
    SHIP_TILE,
    Board,
    ChooseHouse,
    ChooseObjective,
    DiscardTile,
    EndReward,
    EndTurn,
    Game,
    IllegalAction,
    KeepDiscovery,
    Land,
    PlaceHouse,
    PlacePortToken,
    PlaceResourceToken,
    PlaceTile,
    StartLayout,
    TakeTile,
)

ENGINE = Path(__file__).resolve().parents[1] / "engine" / "small_islands"


def at_place(seed=3):
    g = started(seed=seed)
    g.play(TakeTile(0))
    return g


def at_bonus(seed=3):
    g = at_place(seed)
    g.play(next(a for a in g.legal_actions() if isinstance(a, PlaceTile)))
    return g


def at_landing(seed=3):
    g = started(seed=seed)
    while g.navigation or g.stage != "take":
        g.play(next(a for a in g.legal_actions() if isinstance(a, TakeTile)))
        g.play(g.legal_actions()[0])
        if g.stage == "bonus":
            g.play(EndTurn())
    return g


def at_reward(objective="O1", symbols=(("flower", "house"), ("flower", "house"))):
    g = at_landing()
    g.play(next(a for a in g.legal_actions() if isinstance(a, Land)))
    g.board = Board(12, 12)
    strip(g.board, [list(s) for s in symbols])
    g.seats[g.to_move].now = objective
    return g


def blocked_turn():
    g = started(seed=12)
    g.board = Board(12, 12)
    g.board.put(SHIP_TILE, 0, 0, 0)
    g.seats[g.to_move].hand = ["T01", "T02"]
    g.display = ["T03", "T04", "T05"]
    g.reserve[-1] = "T37"
    g.play(TakeTile(0))
    g.play(DiscardTile("T01"))  # now T37 fits: discarding again is refused
    return g


def with_token_tile():
    g = at_bonus()
    g.board = Board(12, 12)
    strip(g.board, [["flower", "port", "port"], ["leaf"]])
    g.board.put(__import__("small_islands").Tile.parse("LLLLLLLL:fruit"), 2, 6, 0)
    return g


def finished():
    g = new_game(seed=2)
    import random

    rng = random.Random(2)
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()))
    return g


def discovery_pending():
    g = at_reward("O5", (("temple", "house"), ("temple",)))
    g.play(PlaceHouse(2, 5, 1))
    return g


def second_house_same_colour():
    g = at_reward("O1", (("flower", "house"), ("flower", "house")))
    g.play(PlaceHouse(2, 5, 1))
    return g


def no_stock():
    g = at_reward()
    g.seats[g.to_move].stock = 0
    return g


def no_objective():
    g = at_reward()
    g.seats[g.to_move].now = None
    return g


def no_bonus():
    g = at_bonus()
    g.seats[g.to_move].bonus = 0
    g.stage = "bonus"
    return g


def undo_nothing():
    return started()


def alexis_house_choice():
    from small_islands import Options

    g = Game.new(Options(seats=("Me",), seed=1, alexis_decides=False))
    g.play(g.legal_actions()[0])
    g.play(g.legal_actions()[0])
    g.board = Board(12, 12)
    strip(g.board, [["flower", "house"], ["flower", "house"]])
    g.solo.stack.remove(next(c for c in g.solo.stack if c.startswith("E")))
    g.solo.stack.append("E1")
    g.ship_placer = 1
    g.start_reward(1, final=False)
    g.play(g.legal_actions()[0])
    assert g.stage == "alexis_house"
    return g


class LaxGame(Game):
    """A game whose EndReward handler forgot its checks (the hole of the solo reward phase)."""

    _HANDLERS = {**Game._HANDLERS, ("reward", EndReward): lambda g, a: g.next_reward(g.to_move)}


def lax_alexis_reward() -> Game:
    """The human picks Alexis's house spot, in a game whose EndReward handler would accept."""
    g = alexis_house_choice()
    g.__class__ = LaxGame
    return g


LAYOUT_BAD = StartLayout((("S1a", 5, 5, 0),))
CASES = {
    "bad_field": (started, TakeTile(True)),  # type: ignore[arg-type]
    "not_allowed": (lax_alexis_reward, EndReward()),
    "game_over": (finished, EndTurn()),
    "wrong_phase": (new_game, TakeTile(0)),
    "wrong_step": (started, EndTurn()),
    "not_your_turn": (started, "other-seat"),
    "bad_layout": (new_game, LAYOUT_BAD),
    "not_in_middle": (
        new_game,
        StartLayout((("S1a", 0, 0, 0), ("S2a", 1, 0, 0), ("S3a", 0, 1, 0), ("S4a", 1, 1, 0))),
    ),
    "not_held": (lambda: _prep(), ChooseObjective("O99", "O98")),
    "same_card": (lambda: _prep(), "same-card"),
    "bad_objective": (lambda: _prep("advanced"), ChooseObjective("M1", "R2")),
    "bad_slot": (started, TakeTile(7)),
    "empty_slot": (lambda: _empty_slot(), TakeTile(0)),
    "not_in_hand": (at_place, PlaceTile("T99", 0, 0, 0)),
    "off_table": (at_place, "off-table"),
    "cell_occupied": (at_place, "occupied"),
    "not_adjacent": (at_place, "far"),
    "terrain_mismatch": (at_place, "mismatch"),
    "bad_rotation": (at_place, "rotation"),
    "discard_not_allowed": (blocked_turn, DiscardTile("T37")),
    "no_bonus_tokens": (no_bonus, PlacePortToken(2, 5)),
    "no_landscape_tile": (with_token_tile, PlacePortToken(9, 9)),
    "not_a_resource": (with_token_tile, PlaceResourceToken(2, 5, 1, "leaf")),
    "bad_resource": (with_token_tile, PlaceResourceToken(2, 5, 0, "gold")),
    "same_resource": (with_token_tile, PlaceResourceToken(2, 5, 0, "flower")),
    "not_coastal": (with_token_tile, PlacePortToken(2, 6)),
    "too_many_ports": (with_token_tile, PlacePortToken(2, 5)),
    "land_not_allowed": (started, "land-early"),
    "ship_unavailable": (at_landing, "other-ship"),
    "mission_not_met": (lambda: at_reward("O2"), PlaceHouse(2, 5, 1)),
    "no_houses_in_stock": (no_stock, PlaceHouse(2, 5, 1)),
    "no_objective": (no_objective, PlaceHouse(2, 5, 1)),
    "not_a_house_location": (at_reward, PlaceHouse(2, 5, 0)),
    "location_taken": (second_house_same_colour, PlaceHouse(2, 5, 1)),
    "house_already_there": (second_house_same_colour, PlaceHouse(3, 5, 1)),
    "island_too_small": (
        lambda: at_reward("O1", (("flower", "flower", "house"),)),
        PlaceHouse(2, 5, 2),
    ),
    "choice_required": (lambda: at_reward("O10"), "ship-then-house"),
    "bad_choice": (at_reward, PlaceHouse(2, 5, 1, "leaf")),
    "keep_discovery_first": (discovery_pending, EndReward()),
    "bad_index": (discovery_pending, KeepDiscovery(9)),
    "nothing_to_keep": (at_reward, KeepDiscovery(0)),
    "cannot_undo": (undo_nothing, "undo"),
    "not_a_choice": (alexis_house_choice, ChooseHouse(9, 9, 0)),
}


def _prep(mode="normal"):
    g = new_game(mode=mode)
    g.play(g.legal_actions()[0])
    return g


def _empty_slot():
    g = started()
    g.display[0] = None
    return g


def _resolve(g: Game, action):
    """Turn the symbolic cases into concrete calls on `g`."""
    seat = None
    if not isinstance(action, str):
        return action, seat
    if action == "other-seat":
        return TakeTile(0), 1 - g.to_move
    if action == "same-card":
        c = g.seats[g.to_move].held[0]
        return ChooseObjective(c, c), seat
    tile = g.seats[g.to_move].hand[0] if g.seats[g.to_move].hand else None
    if action == "off-table":
        return PlaceTile(tile, 12, 3, 0), seat
    if action == "occupied":
        return PlaceTile(tile, *next(iter(g.board.tiles)), 0), seat
    if action == "far":
        return PlaceTile(tile, 0, 0, 0), seat
    if action == "rotation":
        x, y = next(iter(g.board.frontier()))
        return PlaceTile(tile, x, y, 5), seat
    if action == "mismatch":
        for t in g.seats[g.to_move].hand:
            for x, y in g.board.frontier():
                for r in range(4):
                    if not g.board.can_place(g.tile(t), x, y, r):
                        return PlaceTile(t, x, y, r), seat
    if action == "land-early":
        return Land(g.seats[g.to_move].colour, *next(iter(g.board.frontier()))), seat
    if action == "other-ship":
        land = next(a for a in g.legal_actions() if isinstance(a, Land))
        other = g.seats[1 - g.to_move].colour
        return Land(other, land.x, land.y), seat
    if action == "ship-then-house":
        g.board.put(SHIP_TILE, 2, 4, 0)
        return PlaceHouse(2, 5, 1), seat
    return action, seat


def test_the_cases_cover_every_code_in_the_engine():
    codes = codes_raised(ENGINE.glob("*.py"))
    assert codes - set(CASES) == set(), "untested IllegalAction codes"
    assert set(CASES) - codes == set(), "cases for codes the engine never raises"


@pytest.mark.parametrize("code", sorted(CASES))
def test_code_raised_and_state_unchanged(code):
    make, action = CASES[code]
    check_refused(make(), action, _resolve, code, IllegalAction)
