"""Hand-built boards and game drivers shared by the tests."""

from __future__ import annotations

import random

from small_islands import Board, Game, Options, Tile

STRIP = "SSLLLLLS"  # sea along the north side; E and W sides land (NE/NW corners sea)


def strip(
    board: Board, symbol_lists: list[list[str]], x0: int = 2, y: int = 5, rotation: int = 0
) -> None:
    """Lay a west-to-east strip island, one coastal tile per symbol list.

    Rotation 0 has sea along the north side, rotation 2 along the south side.
    """
    for i, symbols in enumerate(symbol_lists):
        tile = Tile.parse(STRIP + (":" + ",".join(symbols) if symbols else ""))
        board.place(tile, x0 + i, y, rotation)


def two_islands(first: list[list[str]], second: list[list[str]]):
    """Two strip islands facing each other across a sea side: (board, first, second)."""
    b = Board()
    strip(b, first, y=4, rotation=2)
    strip(b, second, y=5)
    one = next(i for i in b.islands() if (2, 4) in i.cells)
    two = next(i for i in b.islands() if (2, 5) in i.cells)
    return b, one, two


def island_with(symbol_lists: list[list[str]], **kwargs: int):
    """A fresh board holding one strip island; returns (board, island)."""
    b = Board()
    strip(b, symbol_lists, **kwargs)
    assert len(b.islands()) == 1
    return b, b.islands()[0]


def play_random(g: Game, rng: random.Random, until=None) -> Game:
    """Play uniformly random legal actions until the game ends (or `until(g)` holds)."""
    while g.phase != "over" and not (until and until(g)):
        g.play(rng.choice(g.legal_actions()))
    return g


def new_game(seats: int = 2, mode: str = "normal", seed: int = 1, **kw) -> Game:
    """A new game with seats named A, B, C, D."""
    return Game.new(Options(seats=tuple("ABCD"[:seats]), mode=mode, seed=seed, **kw))


def started(seats: int = 2, mode: str = "normal", seed: int = 1, **kw) -> Game:
    """A game past setup (default layout) and preparation (first choices)."""
    g = new_game(seats, mode, seed, **kw)
    g.play(g.legal_actions()[0])
    while g.phase == "preparation":
        g.play(g.legal_actions()[0])
    return g
