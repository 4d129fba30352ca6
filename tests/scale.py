"""How much the long tests do: one setting, the environment variable SI_TEST_SCALE.

`make test` runs at the default scale, 0.1: each property test, random-game playout, fuzzer
and the recorded-game replays do about a tenth of their full work, and the tests marked
`deep` are left out. `make test-deep` (before a release) sets SI_TEST_SCALE=1: the full
numbers (1 500 legality games, 2 004 random Small Islands games, 2 100 Ember Isle games, all
300 recorded games, ...) and every `deep` test (the whole CPython suite again under Pyodide,
the browser tests' duplicate whole games). Higher values soak longer
(`SI_TEST_SCALE=5 .venv/bin/python -m pytest tests -k random`).

Everything scaled stays seeded: a run at one scale deals the same games every time, and the
games a small scale plays are among those the full scale plays.
"""

from __future__ import annotations

import os

DEFAULT = 0.1


def _read() -> float:
    raw = os.environ.get("SI_TEST_SCALE", "").strip()
    if not raw:
        return DEFAULT
    try:
        value = float(raw)
    except ValueError:
        raise SystemExit(f"SI_TEST_SCALE={raw!r}: not a number (0.1 quick, 1 full)") from None
    if value <= 0:
        raise SystemExit(f"SI_TEST_SCALE={raw!r}: must be above 0")
    return value


SCALE = _read()
DEEP = SCALE >= 1  # the `deep` tests run too


def scaled(full: int, least: int = 1) -> int:
    """`full` (the count at scale 1) times the scale, rounded, at least `least`."""
    return max(least, round(full * SCALE))


def stride(total: int, least: int = 1) -> int:
    """Every how many of `total` recorded items a run checks: 1 at scale 1 (all of them);
    at scale 0.1 every 10th, so that about `scaled(total)` are checked."""
    return max(1, total // scaled(total, least))


def describe() -> str:
    kind = "full, with the deep tests" if DEEP else "quick, deep tests left out"
    return f"test scale: SI_TEST_SCALE={SCALE:g} ({kind}; `make test-deep` runs scale 1)"
