"""What a computer player knows, rebuilt from its seat's view only (never the true state).

`Model(view)` reads the public board, columns, candidates and pieces, and tracks from the
public log what the other players hold: every treasure card they claimed was revealed, and
a card they lost to lava or a Curse was their highest, so their holdings are known exactly;
the cards nobody has seen (the decks, the pool, face-down discards) form the `unseen`
multisets the bots draw their expectations from.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from ..board import Board
from ..content import CLUE_CARDS, CURSE, LAVA_TILES, MAX_BOUNDS, treasure_values
from ..hexes import Hex, bit, count, iter_hexes
from ..movement import bound_distances
from ..view import board_from_view

FAR = 99
FULL_TREASURE = Counter(treasure_values() + [CURSE, CURSE])


def hex_of(value: Any) -> Hex:
    """A hex from its JSON form."""
    return (int(value[0]), int(value[1]))


class Model:
    """A seat's knowledge: board, candidates, distances, opponents' cards."""

    def __init__(
        self,
        view: Mapping[str, Any],
        board: Board | None = None,
        shared: dict[tuple[int, Hex], dict[Hex, int]] | None = None,
    ) -> None:
        """Read `view` (the seat's own view); `board`: the view's board, already built;
        `shared`: bound distances by (lava, rover) kept across models of one island (the
        terrain fixed: Hard's rollouts)."""
        self.view = view
        self.shared = shared
        self.me: int = view["seat"]
        self.board = board if board is not None else board_from_view(view)
        self.seats: list[dict[str, Any]] = view["seats"]
        self.columns: dict[str, dict[str, Any]] = {c["name"]: c for c in view["columns"]}
        self.cand: dict[str, int] = {
            name: _mask(c["candidates"]) for name, c in self.columns.items()
        }
        self.amulets: list[Hex] = [hex_of(h) for h in view["amulets"]]
        self.rovers: list[Hex | None] = [
            hex_of(s["rover"]) if s["rover"] is not None else None for s in self.seats
        ]

    # ---------------------------------------------------------------- me
    @property
    def mine(self) -> dict[str, Any]:
        """My seat's row of the view."""
        return self.seats[self.me]

    @property
    def hand(self) -> list[str]:
        """My clue cards."""
        return list(self.mine["hand"] or [])

    @property
    def treasure(self) -> list[int]:
        """My treasure card values."""
        return list(self.mine["treasure"] or [])

    # --------------------------------------------------------- distances
    def can_pay(self, seat: int) -> bool:
        """Can that seat pay for entering lava (public counts)?"""
        s = self.seats[seat]
        return bool(s["amulets"] or s["treasure_count"])

    def distances(self, seat: int) -> dict[Hex, int]:
        """Fewest bounds from that seat's rover to each island space (no lava crossing)."""
        cache = self.__dict__.setdefault("_dist", {})
        if seat not in cache:
            rover = self.rovers[seat]
            if rover is None:
                cache[seat] = {}
            elif self.shared is not None:
                key = (self.board.lava, rover)
                if key not in self.shared:
                    self.shared[key] = bound_distances(self.board, rover, 14)
                cache[seat] = self.shared[key]
            else:
                cache[seat] = bound_distances(self.board, rover, 14)
        found: dict[Hex, int] = cache[seat]
        return found

    def bounds_to(self, seat: int, h: Hex) -> int:
        """Fewest bounds from that seat's rover to `h` (FAR when unreachable)."""
        return self.distances(seat).get(h, FAR)

    def nearest(self, seat: int, mask: int) -> tuple[int, Hex | None]:
        """(bounds, hex) of the closest hex of `mask` for that seat."""
        best: tuple[int, Hex | None] = (FAR, None)
        dist = self.distances(seat)
        for h in iter_hexes(mask):
            d = dist.get(h, FAR)
            if d < best[0] or (d == best[0] and best[1] is not None and h < best[1]):
                best = (d, h)
        return best

    def turns_to(self, seat: int, h: Hex) -> int:
        """Whole moves (of 3 bounds) that seat needs to reach `h`."""
        d = self.bounds_to(seat, h)
        return FAR if d >= FAR else -(-d // MAX_BOUNDS)

    def rivals(self) -> list[int]:
        """The other seats."""
        return [i for i in range(len(self.seats)) if i != self.me]

    def order_after_me(self) -> list[int]:
        """The other seats in turn order, starting after me."""
        n = len(self.seats)
        return [(self.me + k) % n for k in range(1, n)]

    # ------------------------------------------------------------ columns
    def roses(self, column: str) -> Counter[int]:
        """Roses per seat in a column."""
        return Counter(c["rose"] for c in self.columns[column]["clues"] if c["rose"] is not None)

    def located(self, column: str) -> Hex | None:
        """The located hex of a column, if any."""
        cand = self.cand[column]
        return next(iter(iter_hexes(cand))) if count(cand) == 1 else None

    def predicates(self, column: str) -> list[str]:
        """The clue ids a column applies."""
        return [
            LAVA_TILES[c["tile"]] if c["tile"] else c["card"] for c in self.columns[column]["clues"]
        ]

    def after(self, column: str, clue: str) -> int:
        """The candidate set of `column` with `clue` (card id or tile) added."""
        return self.cand[column] & self.board.predicate(LAVA_TILES.get(clue, clue))

    # --------------------------------------------------------- hidden cards
    @cached_property
    def unseen_clues(self) -> list[str]:
        """Clue cards I cannot see: the deck and the other players' hands."""
        seen = set(self.hand) | set(self.view["clue_discard"])
        for col in self.columns.values():
            seen |= {c["card"] for c in col["clues"] if not c["tile"]}
        if self.view.get("seed_card"):
            seen.add(self.view["seed_card"])
        return [c for c in CLUE_CARDS if c not in seen]

    @cached_property
    def holdings(self) -> dict[int, list[int]]:
        """Every other seat's treasure cards, tracked from the public log."""
        return {i: cards for i, cards in self._tracked[0].items() if i != self.me}

    @cached_property
    def _tracked(self) -> tuple[dict[int, list[int]], list[int]]:
        """(treasure held per seat, known cards in the discard since its last reshuffle).

        Claims are public; a card lost to lava or a Curse is its owner's highest; a revealed
        card nobody claims and a revealed Curse go to the discard face up.
        """
        held: dict[int, list[int]] = {i: [] for i in range(len(self.seats))}
        discard: list[int] = []
        curse = False
        for e in self.view["log"]:
            event, seat = e["event"], e.get("seat")
            if event == "claim":
                held[seat].append(e["card"])
            elif _lost_highest(e) and held[seat]:
                lost = max(held[seat])
                held[seat].remove(lost)
                discard.append(lost)
            elif event == "unclaimed":
                discard.append(e["card"])
            elif event == "reveal" and e["card"] == CURSE:
                curse = True
            elif event == "distribution_over" and curse:
                discard.append(CURSE)
                curse = False
            elif event == "treasure_reshuffle":
                discard = []
        return held, discard

    @cached_property
    def unseen_treasure(self) -> Counter[int]:
        """Treasure cards whose place I do not know (decks, pool, face-down discards)."""
        known = Counter(self.treasure)
        for cards in self.holdings.values():
            known.update(cards)
        known.update(self._tracked[1])
        known.update(self.inspected_in_pool())
        d = self.view.get("distribution")
        if d and d["card"] is not None:
            known[d["card"]] += 1
        return FULL_TREASURE - known

    def inspected_in_pool(self) -> list[int]:
        """The cards I inspected in the distribution under way that are not revealed yet."""
        d = self.view.get("distribution")
        if not d:
            return []
        left = list(d["inspected"])
        log = self.view["log"]
        start = max((i for i, e in enumerate(log) if e["event"] == "raise"), default=len(log))
        for e in log[start:]:
            if e["event"] == "reveal" and e["card"] in left:
                left.remove(e["card"])
        return left

    def mean_unseen_value(self) -> float:
        """The average value of an unseen valued treasure card."""
        c = self.unseen_treasure
        n = sum(v for k, v in c.items() if k != CURSE)
        return sum(k * v for k, v in c.items() if k != CURSE) / n if n else 3.5

    def curse_share(self) -> float:
        """The share of Curses among the unseen treasure cards."""
        c = self.unseen_treasure
        total = sum(c.values())
        return c[CURSE] / total if total else 0.0

    def score(self, seat: int) -> int:
        """A seat's treasure total as far as I know (mine exactly, the others tracked)."""
        if seat == self.me:
            return sum(self.treasure)
        return sum(self.holdings.get(seat, []))


def _lost_highest(e: dict[str, Any]) -> bool:
    """Did this event discard the seat's highest treasure card (lava or a Curse)?"""
    return bool(e["event"] == "lava_paid" and e["paid"] == "card") or bool(
        e["event"] == "curse_paid" and e["paid"] == "discard"
    )


def _mask(hexes: list[list[int]]) -> int:
    m = 0
    for h in hexes:
        m |= bit((h[0], h[1]))
    return m
