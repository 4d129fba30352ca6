"""Hints: Medium's move for a seat, with a one-line reason."""
from __future__ import annotations
from typing import Any
from collections.abc import Sequence
from ..actions import Action


def suggest(view: dict[str, Any], legal: Sequence[Action]) -> tuple[Action, str]:
    """Medium's choice and why."""
    raise NotImplementedError
