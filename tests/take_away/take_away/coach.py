"""Take Away's first-game coach: two tips on the shell's framework (`game_shell.coach`), which
prove it knows no game. Pure: tests/test_take_away.py, e2e/test_third_game.py.

The guided game is a new game with the tips on; there is one game at a time, so the guided
one is `GUIDED` until another starts (`Coach.skip`, by `browser`)."""

from __future__ import annotations

from dataclasses import dataclass

from game_shell.coach import Coach, Tip, Tips, offer_html, tip_html
from game_shell.storage import Storage

from . import Game

NAME, TITLE = "take-away", "Take Away"
GUIDED = 1  # the guided game's id (the game on the table while the tips are on)


@dataclass(frozen=True)
class Moment:
    """What the tips look at: stones taken so far, and whether the game is over."""

    taken: int
    over: bool


TIPS: Tips[Moment] = Tips(
    (
        Tip("take", "Take stones", "Tap Take 1, 2 or 3: the stones leave the pile, then the "
            "other player takes.", "moves"),
        Tip("end", "The last stone", "Whoever takes the last stone wins. Export the game to "
            "keep it, or start a new one.", "menu"),
    ),
    {
        "take": lambda m, seen: m.taken == 0 and not m.over,  # seen once a stone is taken
        "end": lambda m, seen: m.over,
    },
)


def coach(storage: Storage) -> Coach[Moment]:
    """The coach's record on this device (``take-away/coach``)."""
    return Coach(storage, NAME, TIPS)


def moment(game: Game) -> Moment:
    return Moment(len(game.actions), game.over)


def part(c: Coach[Moment], game: Game) -> str:
    """What the coach adds to the screen: the tip over the guided game, else the offer while
    it is open, else nothing."""
    tip = c.tip(GUIDED, moment(game))
    if tip is not None:
        return tip_html(tip, inline=True)
    return offer_html(TITLE, "a guided first game for two") if c.offer_open() else ""
