"""Every test deals the same games on every run.

The app draws a new game's seed from the system's randomness (`random.SystemRandom`), so a
test that starts games through the UI would meet different deals on each run, and a check that
depends on the deal (was the player ever asked to turn Alexis's tile?) would pass or fail by
chance. Here each test gets its own seeded source instead, named after the test: successive
new games within a test still differ, and a failure reproduces.
"""

from __future__ import annotations

import random
import zlib

import pytest


@pytest.fixture(autouse=True)
def _repeatable_new_game_seeds(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = random.Random(zlib.crc32(request.node.nodeid.encode()))
    monkeypatch.setattr(random, "SystemRandom", lambda: source)
