"""The two engines' refusal checks, shared: every `IllegalAction` code an engine can raise has
a case, and each case is refused with its code and a message, leaving the game unchanged."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

RAISED = re.compile(r'IllegalAction\(\s*"([a-z_]+)"')


def codes_raised(sources: Iterable[Path]) -> set[str]:
    """Every code the engine's sources raise an `IllegalAction` with."""
    return {code for path in sources for code in RAISED.findall(path.read_text())}


def check_refused(g: Any, action: Any, resolve: Callable[[Any, Any], tuple[Any, int]],
                  code: str, illegal: type[Exception]) -> None:
    """`action` (or "undo") is refused with `code`; the state and the save are unchanged.

    `resolve(g, action)` turns a case's action into the action and the seat that plays it.
    """
    if action == "undo":
        with pytest.raises(illegal) as e:
            g.undo()
        assert e.value.code == code  # type: ignore[attr-defined]
        return
    action, seat = resolve(g, action)
    before, saved = g.state(), g.to_json()
    with pytest.raises(illegal) as e:
        g.play(action, seat=seat)
    refusal: Any = e.value
    assert refusal.code == code, refusal.message
    assert refusal.message and isinstance(refusal, ValueError)
    assert g.state() == before and g.to_json() == saved
