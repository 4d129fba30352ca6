"""Hard (spec section 15): Medium's play with Hard's own decisions where Medium loses value.

Only the seat's view is read (through `Model`), and every draw comes from the bot's
generator, so a decision is a function of the view and the seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import Action
from .claims import decide_offer
from .model import Model
from .policy import medium_on


@dataclass
class Knobs:
    """Which of Hard's own decisions are on (bench/ei_hard2.py switches them)."""

    claims: bool = True


KNOBS = Knobs()


def hard(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard's decision for the seat of `view` (module doc)."""
    m = Model(view)
    if view["stage"] == "offer" and KNOBS.claims:
        return decide_offer(m, legal, rng)
    return medium_on(m, legal, rng)
