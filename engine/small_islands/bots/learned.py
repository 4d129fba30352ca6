"""Hard with the learned leaf (issue 31, step 3): the hidden levels of the tournaments, and
the app's Master.

Hard's search (`search.hard`) plays each candidate out to the end of the round in worlds
drawn from the view and compares the candidates by the paired values of those playouts.
Hard values a playout by `search._margin` (total plus a rough outlook, minus the best
other's), which sees only what the round left. Here a playout that ends at the start of the
next round -- in rounds 1-3 -- is valued instead by the learned model of the seat's view of
that position (`learned_value.Model.value`: the predicted final margin, in PP), optionally
blended with `_margin`. Round 4's playouts end the game and keep the true margin, as in
Hard. Every other part of Hard (its candidates, the worlds, the denial values for tiles and
tokens, the time budget) is unchanged, and the random draws are the same, so with a fixed
number of worlds the two differ only where the leaf changes the paired comparison.

The levels (`LEVELS`) are hidden: not among `options.BOT_LEVELS`, played by the tournament
(``python -m small_islands tournament --a learned --b hard``). One of them is offered in
the app, under another name: Master (``bots.MASTER``, ``learned-i2-16``: a fixed effort, so
it plays the same on any machine), through `bots.choose_action`, which imports this module
on Master's first decision only. In the browser this module, its features and value code
and Master's model ship in an archive of their own, fetched when a Master first plays
(`tools/build.py`, ``LEARNED_ARCHIVE``); the model file then lies beside this module
(`BUNDLED`), in the repository under ``tools/learn/models/``.

Each level names its model file (`Variant.model`); a file is read once, when a level using
it first decides (`model`). ``SI_LEARNED_MODEL`` names another file for the levels that use
the original model (``mlp32_v3.json``); a level with a file of its own ignores it.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..actions import Action
from ..game import Game
from .learned_value import Model, load
from .search import Leaf, Place, _margin, hard

MODELS = Path(__file__).resolve().parents[3] / "tools" / "learn" / "models"
BUNDLED = Path(__file__).resolve().parent / "models"  # where the browser's archive puts them
DEFAULT_MODEL = "mlp32_v3.json"  # Gate 1's model (round 3); SI_LEARNED_MODEL may replace it
MODEL_FILE = MODELS / DEFAULT_MODEL


@dataclass(frozen=True)
class Variant:
    """A hidden level: in which rounds the learned leaf replaces `_margin`, and how.

    The leaf is ``weight * scale * model + (1 - weight) * _margin`` for a playout that ends
    at the start of a round after one of `rounds`; `model` is the model's file name under
    `MODELS`. With `place_top` >= 2 a tile's placement is chosen too: among Hard's best
    `place_top` placements, the one whose position just after it the model values highest,
    if it beats Hard's first by more than `place_gain` PP (`place_for`); 0 keeps Hard's.
    With `worlds` set, a searched decision plays exactly that many worlds and ignores the
    clock (deterministic given the seed, on any machine: the form a shipped level takes);
    None keeps Hard's time budget.
    """

    rounds: tuple[int, ...] = (1, 2, 3)
    weight: float = 1.0
    scale: float = 1.0
    model: str = DEFAULT_MODEL
    place_top: int = 0
    place_gain: float = 0.0
    worlds: int | None = None


LEVELS: dict[str, Variant] = {
    "learned": Variant(),
    "learned-r12": Variant(rounds=(1, 2)),
    "learned-w50": Variant(weight=0.5),
    # expert iteration, round 1: the same search and leaf, the MLP retrained on the
    # Medium/Hard games plus self-play games of `learned` (bench/RESULTS.md, issue 31)
    "learned-i1": Variant(model="mlp32_i1.json"),
    # round 2: retrained on all of that plus 4 000 self-play games of `learned-i1`
    "learned-i2": Variant(model="mlp32_i2.json"),
    # the same player with a fixed effort instead of the clock: 16 worlds a searched decision
    # (about the median the 0.25 s CPU budget reaches), so it plays the same on any machine
    "learned-i2-16": Variant(model="mlp32_i2.json", worlds=16),
}
WORLDS_BUDGET_S = float("inf")  # the clock a fixed-worlds level is given: never reached

_MODEL: dict[str, Model] = {}


def model_path(name: str = DEFAULT_MODEL) -> str:
    """The file a level's model `name` is read from (``SI_LEARNED_MODEL`` replaces the
    default model's file only)."""
    if name == DEFAULT_MODEL and os.environ.get("SI_LEARNED_MODEL"):
        return os.environ["SI_LEARNED_MODEL"]
    bundled = BUNDLED / name
    return str(bundled if bundled.is_file() else MODELS / name)


def model(name: str = DEFAULT_MODEL) -> Model:
    """The learned model `name`, read from its file on first use only."""
    if name not in _MODEL:
        _MODEL[name] = load(model_path(name))
    return _MODEL[name]


def leaf_for(variant: Variant, value: Model | None = None) -> Leaf:
    """The playout leaf of a variant (`value`: the model; the variant's file's by default)."""
    m = model(variant.model) if value is None else value

    def leaf(g: Game, seat: int) -> float:
        """A round-start position's value for `seat` (the round just played out: g.round-1)."""
        if g.round - 1 not in variant.rounds:
            return _margin(g, seat)
        learned = variant.scale * m.value(g.view(seat), g.board)
        if variant.weight >= 1.0:
            return learned
        return variant.weight * learned + (1.0 - variant.weight) * _margin(g, seat)

    return leaf


def place_for(variant: Variant, value: Model | None = None) -> Place | None:
    """The variant's placement chooser (None: Hard's placement; see `Variant`)."""
    if variant.place_top < 2:
        return None
    m = model(variant.model) if value is None else value

    def place(g: Game, seat: int, scored: Sequence[tuple[float, Action]]) -> Action:
        """Hard's first placement unless the model values another of its best clearly more."""
        order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))[:variant.place_top]
        best, best_v = order[0], 0.0
        for n, i in enumerate(order):
            after = g.clone()
            after.play_unchecked(scored[i][1])
            v = m.value(after.view(seat), after.board)
            if n == 0:
                best_v = v + variant.place_gain
            elif v > best_v:
                best, best_v = i, v
        return scored[best][1]

    return place


def choose(view: Mapping[str, Any], legal: Sequence[Action], level: str, rng: random.Random,
           budget_s: float, max_worlds: int | None = None) -> Action:
    """A hidden level's decision: Hard's search with that level's leaf."""
    if level not in LEVELS:
        raise ValueError(f"hidden level must be one of {tuple(LEVELS)}, got {level!r}")
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    variant = LEVELS[level]
    if variant.worlds is not None:
        budget_s, max_worlds = WORLDS_BUDGET_S, variant.worlds if max_worlds is None else max_worlds
    return hard(view, legal, rng, budget_s, max_worlds, leaf_for(variant), place_for(variant))


__all__ = ["BUNDLED", "DEFAULT_MODEL", "LEVELS", "MODELS", "MODEL_FILE", "Variant", "choose",
           "leaf_for", "model", "model_path", "place_for"]
