"""Seat compensation of four-player games (docs/EMBER.md, Corrections C6): `Options.balance`.

Earlier tournaments had the first of four Mediums winning 30.5 % of 750 games; 1 000 fresh
games put every seat within 24-26 % (bench/RESULTS.md, "Ember Isle: a balanced table of
four"), so new games get no compensation (`FOUR_SEAT_DEFAULT`). The rules below stay as
measured variants, and for a table that wants one: each hands a small extra to later seats
(or takes one from the first) when the hands are dealt (section 5, step 8). Positions count
in seat order from the first player: 0 is the first player, 3 the last. ``"none"`` is the
rule of every game saved before the option existed, and the only one of 2- and 3-player
games: the compensations never apply there.

>>> start_amulets("amulet-last"), hand_sizes("amulet-last", 4)
((0, 0, 0, 1), (4, 4, 4, 4))
>>> hand_sizes("card-last", 4)
(4, 4, 4, 5)
"""

from __future__ import annotations

from .content import hand_size

#: Every rule, smallest first. ``"none"``: as spec section 5. ``"amulet-last"``: the last
#: seat starts with an amulet; ``"amulets-late"``: the third and the last seats do.
#: ``"card-last"``: the last seat is dealt a fifth clue card; ``"first-short"``: the first
#: player is dealt only three.
BALANCES = ("none", "amulet-last", "amulets-late", "card-last", "first-short")

#: The rule new four-player games get when none is given: none, since four Mediums already
#: share the wins within 25 +- 5 % a seat without one (1 000 games, bench/RESULTS.md).
FOUR_SEAT_DEFAULT = "none"

SEATS = 4  # the only table size the compensations apply to


def default_for(seats: int) -> str:
    """The rule a new game of `seats` players gets when none is given."""
    return FOUR_SEAT_DEFAULT if seats == SEATS else "none"


def start_amulets(balance: str) -> tuple[int, int, int, int]:
    """Amulets each position takes from the supply at the deal."""
    return {
        "amulet-last": (0, 0, 0, 1),
        "amulets-late": (0, 0, 1, 1),
    }.get(balance, (0, 0, 0, 0))


def hand_sizes(balance: str, seats: int) -> tuple[int, ...]:
    """Clue cards dealt to each position."""
    sizes = [hand_size(seats)] * seats
    if balance == "card-last":
        sizes[-1] += 1
    elif balance == "first-short":
        sizes[0] -= 1
    return tuple(sizes)
