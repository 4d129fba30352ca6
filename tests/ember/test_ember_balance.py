"""The four-seat compensation (`Options.balance`, docs/EMBER.md Corrections C6)."""

import hashlib
import json
import random
from pathlib import Path

import pytest

from ember_isle import Game, MalformedInput, Options
from ember_isle.balance import BALANCES, FOUR_SEAT_DEFAULT, default_for, hand_sizes
from ember_isle.content import AMULETS

BEFORE = json.loads((Path(__file__).parent / "data" / "balance_before.json").read_text())


def _fingerprint(g: Game) -> str:
    text = json.dumps(g.state(), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _dealt(seats: int, seed: int, balance: str | None = None, first: int | None = None) -> Game:
    names = tuple("ABCD"[:seats])
    g = Game.new(Options(seats=names, seed=seed, map="random", first_player=first,
                         balance=balance))
    while g.phase == "setup":
        g.play(g.legal_actions()[0])
    return g


def _by_position(g: Game) -> list[tuple[int, int]]:
    return [(len(g.seats[s].hand), g.seats[s].amulets) for s in g.seat_order()]


def test_default_rule_by_table_size():
    assert FOUR_SEAT_DEFAULT in BALANCES
    assert [default_for(n) for n in (2, 3, 4)] == ["none", "none", FOUR_SEAT_DEFAULT]
    assert Options(seats=("A", "B", "C", "D")).balance == FOUR_SEAT_DEFAULT
    assert Options(seats=("A", "B")).balance == Options(seats=("A", "B", "C")).balance == "none"


def test_new_four_seat_games_get_the_default_rule():
    g = _dealt(4, 9, None, 1)
    assert g.options.balance == FOUR_SEAT_DEFAULT
    assert g.state() == _dealt(4, 9, FOUR_SEAT_DEFAULT, 1).state()


@pytest.mark.parametrize("balance", BALANCES)
def test_the_rules_page_says_the_default_rule_in_words(monkeypatch, balance):
    from ei_web import rules

    monkeypatch.setattr(rules, "FOUR_SEAT_DEFAULT", balance)
    text = rules.setup()
    assert rules.FOUR_SEATS[balance] in text and balance not in text
    assert "With four players" in text  # "none" too: the rules say so


@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("balance", [b for b in BALANCES if b != "none"])
def test_no_compensation_below_four_seats(seats, balance):
    with pytest.raises(MalformedInput, match="four-player"):
        Options(seats=tuple("ABC"[:seats]), balance=balance)


def test_unknown_rule_is_refused():
    with pytest.raises(MalformedInput, match="balance"):
        Options(seats=("A", "B", "C", "D"), balance="extra-rose")


@pytest.mark.parametrize(
    ("balance", "expected"),
    [
        ("none", [(4, 0), (4, 0), (4, 0), (4, 0)]),
        ("amulet-last", [(4, 0), (4, 0), (4, 0), (4, 1)]),
        ("amulets-late", [(4, 0), (4, 0), (4, 1), (4, 1)]),
        ("card-last", [(4, 0), (4, 0), (4, 0), (5, 0)]),
        ("first-short", [(3, 0), (4, 0), (4, 0), (4, 0)]),
    ],
)
@pytest.mark.parametrize("first", [0, 2])
def test_each_rule_deals_by_position_from_the_first_player(balance, expected, first):
    g = _dealt(4, 9, balance, first)
    assert g.stage == "turn" and g.to_move == first
    assert _by_position(g) == expected
    assert g.amulet_supply == AMULETS - sum(a for _, a in expected)
    assert hand_sizes(balance, 4) == tuple(n for n, _ in expected)


def test_the_deal_order_is_kept_for_the_first_four_cards():
    plain = _dealt(4, 5, "none", 1)
    more = _dealt(4, 5, "card-last", 1)
    assert [s.hand for s in plain.seats] == [s.hand[:4] for s in more.seats]
    assert plain.columns == more.columns and plain.board.to_json() == more.board.to_json()


@pytest.mark.parametrize("balance", BALANCES)
def test_saves_keep_the_rule(balance):
    g = _dealt(4, 12, balance)
    rng = random.Random(3)
    for _ in range(60):
        g.play(rng.choice(g.legal_actions()))
    data = json.loads(g.to_json())
    assert data["options"].get("balance", "none") == balance
    again = Game.from_json(g.to_json())
    assert again.options.balance == balance and again.state() == g.state()


@pytest.mark.parametrize("game", BEFORE["games"], ids=lambda e: f"{e['seats']}seats")
def test_saves_from_before_the_option_replay_exactly(game):
    """Saves (4 seats included) written before the option existed: same state, same save."""
    g = Game.from_json(game["save"])
    assert g.options.balance == "none"
    assert _fingerprint(g) == game["state_sha256"]
    assert g.to_json() == game["save"]


@pytest.mark.parametrize("game", [e for e in BEFORE["games"] if e["seats"] < 4],
                         ids=lambda e: f"{e['seats']}seats")
def test_two_and_three_seat_games_are_unchanged(game):
    """A new 2- or 3-player game of the same options and moves is the game of before."""
    seats, seed = game["seats"], game["seed"]
    g = Game.new(Options(seats=tuple("ABCD"[:seats]), seed=seed, map="random"))
    rng = random.Random(seed)
    for _ in range(game["steps"]):
        if g.phase == "over":
            break
        g.play(rng.choice(g.legal_actions()))
    assert g.to_json() == game["save"] and _fingerprint(g) == game["state_sha256"]


def test_tournament_takes_the_rule(capsys):
    from ember_isle.__main__ import main

    assert main(["tournament", "--a", "easy", "--b", "easy", "--games", "1", "--seats", "4",
                 "--balance", "card-last"]) == 0
    out = capsys.readouterr().out
    assert "balance card-last" in out and "seat 4" in out
