"""Hard: determinized playouts."""
from __future__ import annotations
import random
from typing import Any
from collections.abc import Sequence
from ..actions import Action
from .policy import medium
from .world import determinize


def hard(view: dict[str, Any], legal: Sequence[Action], rng: random.Random, budget_s: float) -> Action:
    """Placeholder."""
    return medium(determinize(view, rng), legal, rng)
