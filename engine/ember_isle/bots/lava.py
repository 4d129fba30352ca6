"""Hard's lava: each legal hex judged by what it does to the races for the treasures.

Medium (`policy._lava_value`) scores a hex by the candidate sets it leaves, with the bound
distances of the board *before* the lava, and without comparing to what was there. Hard
lays the lava on a copy of the seat's board and looks at the consequences directly:

* the new candidate set of every column (a destroyed hut or palm tree, a shrunken
  "largest" area, a "beside lava" clue may grow or shrink it, or locate the treasure);
* every rover's bound distances on the new board (lava cuts glides and crossings: a
  rival's path may now be longer);
* for each column, who would reach each remaining candidate first, in whole moves and turn
  order (this turn's bounds still mine), and what that raise gives each seat: its roses in
  the column, plus the raiser's own rose, times the expected value of a pool card;
* a column's weight grows as its set shrinks (a located treasure weighs most, a set above
  the 16-cube threshold nothing).

The value of a board is the sum over columns of weight x the mean over candidates of (my
gain - the best rival's gain) when the first to arrive raises; the hex with the highest
value wins, Medium's score breaking ties. Only the seat's view is read (the board, the
columns, the rovers, the rose counts and the unseen treasure cards' mean), and nothing is
drawn at random: a lava choice is a function of the view.

`take_amulet` (off by default: `Knobs.leave_below`) leaves an amulet whose lava would cost
more than that, comparing the best legal hex with the board as it stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import actions as act
from ..actions import Action
from ..board import Board
from ..content import CUBES, MAX_BOUNDS
from ..hexes import Hex, bit, count, dilate, iter_hexes
from ..movement import bound_distances
from .model import FAR, Model, hex_of
from .policy import _lava_value, of_type


@dataclass
class LavaKnobs:
    """The weights of Hard's lava evaluation (bench/RESULTS.md, third session)."""

    located: float = 2.0  # weight of a located column (a set of n <= 16 weighs (17-n)/16)
    power: float = 1.0  # the weight (17-n)/16 raised to this power (higher: small sets count more)
    medium: float = 0.0  # weight of Medium's own lava score added to Hard's


LAVA = LavaKnobs()


def place_lava(m: Model, legal: Sequence[Action]) -> Action:
    """The legal lava hex with the best value of the board after it (module doc)."""
    lavas = of_type(legal, act.PlaceLava)
    if not lavas:
        return legal[0]
    ctx = _Context(m)
    scored = [
        (ctx.value_after(a.hex) + LAVA.medium * _lava_value(m, a.hex), _lava_value(m, a.hex), a)
        for a in lavas
    ]
    return max(scored, key=lambda t: (t[0], t[1], t[2].hex))[2]


def lava_gain(m: Model, at: Hex | None = None, left: int | None = None) -> float | None:
    """The best legal lava hex's value minus the board's value as it stands (None when no
    lava would be placed): what taking an amulet costs or brings through its lava; `at`:
    my rover moved there first (an amulet I would fetch), `left` bounds of mine left then."""
    if not m.view["volcano"] or m.view["supply"]["lava"] <= 0:
        return None
    ctx = _Context(m, at, left)
    hexes = ctx.legal_hexes()
    if not hexes:
        return None
    return max(ctx.value_after(h) for h in hexes) - ctx.value(m.board, None)


class _Context:
    """What the evaluation of one lava decision shares between hexes."""

    def __init__(self, m: Model, at: Hex | None = None, left: int | None = None) -> None:
        self.m = m
        self.rovers = list(m.rovers)
        if at is not None:
            self.rovers[m.me] = at
        self.n = len(m.seats)
        self.order = m.order_after_me()
        self.card = m.mean_unseen_value() * (1 - m.curse_share())
        self.removed: dict[str, int] = {}
        for name, col in m.columns.items():
            mask = 0
            for x in col["removed"]:
                mask |= bit(hex_of(x))
            self.removed[name] = mask
        t = m.view["turn_state"]
        self.left_now = MAX_BOUNDS - t["bounds"] if t is not None else 0
        if left is not None:
            self.left_now = left
        has_rose = [s["roses"] > 0 for s in m.seats]
        self.gain: dict[str, list[float]] = {}  # per column: my gain - best rival's, by raiser
        for name in m.columns:
            roses = m.roses(name)
            rel = []
            for raiser in range(self.n):
                g = [roses[s] + (1 if s == raiser and has_rose[s] else 0) for s in range(self.n)]
                best = max(g[r] for r in range(self.n) if r != m.me)
                rel.append(self.card * (g[m.me] - best))
            self.gain[name] = rel

    def legal_hexes(self) -> list[Hex]:
        """Lava hexes legal now (section 8), computed from the view (for an amulet not yet
        taken: the amulet under my rover is covered by the rover anyway)."""
        m, b = self.m, self.m.board
        room = dilate(b.volcano | b.lava) & b.island & ~b.object_mask("statue")
        for h in m.amulets:
            room &= ~bit(h)
        for r in self.rovers:
            if r is not None:
                room &= ~bit(r)
        out = []
        for h in iter_hexes(room):
            if all(
                b.candidates_after_lava(h, m.predicates(c), self.removed[c]) for c in m.columns
            ):
                out.append(h)
        return out

    def value_after(self, h: Hex) -> float:
        """The board's value with lava on `h`."""
        b = self.m.board.copy()
        b.place_lava(h)
        return self.value(b, h)

    def value(self, b: Board, lava: Hex | None) -> float:
        """Sum over columns of `column_value` (lava None: the board as it stands)."""
        m = self.m
        dists = self.distances(b)
        total = 0.0
        for name in m.columns:
            if lava is None:
                cand = m.cand[name]
            else:
                cand = b.candidates(m.predicates(name), self.removed[name])
            total += self.column_value(name, cand, dists)
        return total

    def distances(self, b: Board) -> list[dict[Hex, int]]:
        """Every rover's bound distances on board `b`."""
        return [bound_distances(b, r, 14) if r is not None else {} for r in self.rovers]

    def column_value(self, name: str, cand: int, dists: list[dict[Hex, int]]) -> float:
        """Weight x the mean over `cand` of (my gain - the best rival's) when the first to
        reach the candidate raises the column (0 above the cube threshold)."""
        n = count(cand)
        if n == 0 or n > CUBES:
            return 0.0
        weight = LAVA.located if n == 1 else ((CUBES + 1 - n) / CUBES) ** LAVA.power
        rel = self.gain[name]
        s = 0.0
        for x in iter_hexes(cand):
            w = self._first(dists, x)
            if w is not None:
                s += rel[w]
        return weight * s / n

    def _first(self, dists: list[dict[Hex, int]], x: Hex) -> int | None:
        """The seat that reaches `x` first: me now with this turn's bounds, else in whole
        moves, the rivals' k-th move before my k-th next one (None: nobody reaches it)."""
        d_me = dists[self.m.me].get(x, FAR)
        if d_me <= self.left_now:
            return self.m.me
        t_me = FAR if d_me >= FAR else -(-(d_me - self.left_now) // MAX_BOUNDS)
        best: tuple[int, int] | None = None
        for j, r in enumerate(self.order):
            d = dists[r].get(x, FAR)
            if d >= FAR:
                continue
            t = -(-d // MAX_BOUNDS)
            if t <= t_me and (best is None or (t, j) < best):
                best = (t, j)
        if best is not None:
            return self.order[best[1]]
        return self.m.me if t_me < FAR else None
