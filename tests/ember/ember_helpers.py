"""Test-only scenario helpers for Ember Isle: the section 14 fixture and state setters.

They change a game's state directly (hands, columns, lava, amulets, deck order) and then
call `Game.changed()` so cached legal actions and candidates are recomputed.
"""

from __future__ import annotations

import random

from ember_isle import Game, Options, Pass, PlaceTriad
from ember_isle.content import CURSE
from ember_isle.hexes import BOARD, Hex, bit
from ember_isle.state import Clue, Turn

ANN, BOB = 0, 1


def fixture(seed: int = 0) -> Game:
    """Section 14: Ann (seat 0, first) and Bob; default map and objects; the two triads.

    Seeding and hands come from the seed; tests then set what they need. Returns the game
    at Ann's first turn, with every column emptied and both hands empty.
    """
    g = Game.new(Options(seats=("Ann", "Bob"), seed=seed, first_player=0))
    g.play(PlaceTriad("T1", (-4, 5), (-4, 6), (-5, 6)))  # Bob, last seat, places first
    g.play(PlaceTriad("T2", (5, -4), (5, -3), (6, -4)))  # Ann
    while g.phase == "setup":
        g.play(g.legal_actions()[0])
    for col in g.columns.values():
        for c in col.clues:
            g.clue_discard.append(c.card)
            if c.rose is not None:
                g.seats[c.rose].roses += 1
        col.clues = []
    for s in g.seats:
        g.clue_deck.extend(s.hand)
        s.hand = []
    g.changed()
    assert g.to_move == ANN and g.stage == "turn"
    return g


def set_column(g: Game, column: str, cards: list[str], roses: list[int | None] | None = None):
    """Column `column` holds `cards` top to bottom, with these rose owners (default: none)."""
    col = g.columns[column]
    roses = roses or [None] * len(cards)
    for c in col.clues:
        if c.rose is not None:
            g.seats[c.rose].roses += 1
    col.clues = []
    for card, rose in zip(cards, roses, strict=True):
        for pile in (g.clue_deck, g.clue_discard, *[s.hand for s in g.seats]):
            if card in pile:
                pile.remove(card)
        col.clues.append(Clue(card, rose))
        if rose is not None:
            g.seats[rose].roses -= 1
    g.changed()


def set_hand(g: Game, seat: int, cards: list[str]) -> None:
    """Give `seat` exactly these clue cards (taken from wherever they are)."""
    s = g.seats[seat]
    g.clue_deck.extend(s.hand)
    s.hand = []
    for card in cards:
        for pile in (g.clue_deck, g.clue_discard, *[x.hand for x in g.seats]):
            if card in pile:
                pile.remove(card)
                break
        s.hand.append(card)
    g.changed()


def give(g: Game, seat: int, amulets: int | None = None, treasure: list[int] | None = None):
    """Set a seat's amulets and/or treasure cards (amulets come from the supply)."""
    s = g.seats[seat]
    if amulets is not None:
        g.amulet_supply += s.amulets - amulets
        s.amulets = amulets
    if treasure is not None:
        for v in s.treasure:
            g.treasure_deck.insert(0, v)
        s.treasure = []
        for v in treasure:
            g.treasure_deck.remove(v)
            s.treasure.append(v)
    g.changed()


def put_rover(g: Game, seat: int, h: Hex) -> None:
    """Move a rover (test-only)."""
    g.seats[seat].rover = h
    g.changed()


def add_lava(g: Game, h: Hex) -> None:
    """Cover `h` with lava from the supply (test-only: no legality check)."""
    g.board.place_lava(h)
    g.lava_supply -= 1
    g.changed()


def put_amulet(g: Game, h: Hex) -> None:
    """An amulet from the supply on `h`."""
    g.amulets.append(h)
    g.amulet_supply -= 1
    g.changed()


def restart_turn(g: Game, seat: int) -> None:
    """Begin `seat`'s turn afresh (after setting up the position)."""
    g.turn = Turn(seat)
    g.to_move = seat
    g.stage = "start" if g.seats[seat].rover in g.amulets else "turn"
    g.changed()


def locate(g: Game, column: str, h: Hex) -> None:
    """Make `column` located on `h` by removing every other space (its clues are kept)."""
    g.columns[column].removed = BOARD & ~bit(h)
    g.changed()


def stack_treasure(g: Game, top: list[int]) -> None:
    """Put these treasure cards on top of the deck (first = top); taken from the deck."""
    for v in top:
        g.treasure_deck.remove(v)
    g.treasure_deck.extend(reversed(top))
    g.changed()


def force_pool_order(g: Game, reveal: list[int]) -> None:
    """The next pool shuffle puts the cards in this reveal order (first revealed first)."""
    rank = {}
    for i, v in enumerate(reveal):
        rank.setdefault(v, []).append(i)

    def shuffle(cards: list[int]) -> None:
        left = {k: list(v) for k, v in rank.items()}
        cards.sort(key=lambda c: -left[c].pop(0) if left.get(c) else -(10**6))

    g.rng.shuffle = shuffle  # type: ignore[method-assign]


def pass_turn(g: Game) -> None:
    """The seat to move passes (and ends the turn if the engine does not)."""
    g.play(Pass())
    if g.stage == "turn" and g.turn.main_done:
        from ember_isle import EndTurn

        g.play(EndTurn())


def random_game(seats: int, seed: int, **options) -> Game:
    """A whole game of uniformly random legal actions."""
    g = Game.new(Options(seats=tuple("ABCD"[:seats]), seed=seed, **options))
    rng = random.Random(seed)
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()))
    return g


CURSE_CARD = CURSE
