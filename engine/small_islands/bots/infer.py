"""How the other seats chose this round's objectives: a model of their choice.

`determinize` gives each other seat's hidden objectives uniformly from the cards its seat
has not seen. But a seat does not choose at random: it chose its pair (this round's card,
next round's card) from the 3 cards it held, looking at the map as it was at the round's
start. `ObjectiveModel` redraws, in each sampled world, each such seat's 3 held cards from
the world's unseen cards and lets the seat choose among them as Medium ranks the pairs on
that map (`policy.objective_choice_values`: this round's card over its best islands plus
`W_LATER` times next round's), softened by `BETA` per PP (a seat may weigh things
otherwise, or search). The world stays consistent: the cards not chosen go back to their
deck. Only public information is used (the map, the log, the seats' stock and colours),
so a world drawn this way is still one the seat cannot tell from the truth.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Mapping
from typing import Any

from ..game import Game
from ..modes import MODES
from .evaluate import W_LATER, Isle, isle_value, summarize
from .world import _chosen, board_from_view

BETA = 1.0  # how sharply a seat prefers the pair Medium ranks best (per PP)
_PLACED = re.compile(r"placed \S+ at \(\d+, \d+\)$")


def round_start_isles(view: Mapping[str, Any]) -> list[Isle]:
    """The islands of the map as it was when this round's objectives were chosen.

    This round's tiles are the last ones placed (the log says how many); houses are built
    only in reward phases, so those on the map were all there at the round's start.
    """
    placed = sum(1 for e in view["log"] if e.get("round") == view["round"]
                 and e.get("seat") is not None and _PLACED.search(e.get("text", "")))
    if view["phase"] not in ("exploration", "reward"):
        placed = 0
    tiles = len(view["board"]["tiles"])
    return summarize(board_from_view(view, tiles=max(0, tiles - placed)))[0]


class ObjectiveModel:
    """Redraws the hidden objectives of the seats that chose this round (see the module)."""

    def __init__(self, view: Mapping[str, Any], beta: float = BETA) -> None:
        self.beta = beta
        self.mode = MODES[view["mode"]]
        me = view["seat"]
        self.seats = [
            i for i, sv in enumerate(view["seats"])
            if i != me and sv["objective"] is None and not sv.get("alexis")
            and view["phase"] in ("preparation", "exploration", "reward") and _chosen(view, i)
        ]
        if view.get("solo"):
            self.seats = []
        self.isles = round_start_isles(view) if self.seats else []
        self.info = {i: (view["seats"][i]["colour"], view["seats"][i]["stock"])
                     for i in self.seats}
        self.cache: dict[tuple[int, str, bool], float] = {}

    def _value(self, seat: int, objective: str, now: bool) -> float:
        """Medium's value of an objective card on the round's map for `seat`."""
        key = (seat, objective, now)
        if key not in self.cache:
            colour, stock = self.info[seat]
            m, r = self.mode.parts(objective)
            vals = sorted((isle_value(m, r, isle, colour, True) for isle in self.isles),
                          reverse=True)
            total = sum(vals[: stock if now else 4])
            self.cache[key] = total if now else W_LATER * total
        return self.cache[key]

    def pair_value(self, seat: int, now: str, later: str) -> float:
        """Medium's value of choosing (`now`, `later`) for `seat` on the round's map."""
        return self._value(seat, now, True) + self._value(seat, later, False)

    def resample(self, world: Game, rng: random.Random) -> None:
        """Each modelled seat's held cards redrawn in `world`, and its choice made."""
        mode = self.mode
        for i in self.seats:
            s = world.seats[i]
            for objective in (s.now, s.later):
                if objective:
                    for card in mode.cards_of(objective):
                        world.decks[card[0]].append(card)
            held: list[str] = []
            for prefix in mode.decks:
                deck = world.decks[prefix]
                for _ in range(min(3, len(deck))):
                    held.append(deck.pop(rng.randrange(len(deck))))
            pairs = mode.choices(held)
            if not pairs:  # too few cards left (cannot happen with 12 per deck)
                for card in held:
                    world.decks[card[0]].append(card)
                continue
            scores = [self.beta * self.pair_value(i, now, later) for now, later in pairs]
            top = max(scores)
            weights = [math.exp(v - top) for v in scores]
            now, later = rng.choices(pairs, weights)[0]
            s.now, s.later = now, later
            s.held = list(mode.cards_of(later))
            kept = set(mode.cards_of(now)) | set(s.held)
            for card in held:
                if card not in kept:
                    world.decks[card[0]].append(card)
        for deck in world.decks.values():
            rng.shuffle(deck)


__all__ = ["BETA", "ObjectiveModel", "round_start_isles"]
