"""Behaviour unchanged: 300 recorded games produce the digests the engine recorded before.

See `golden_games.py`: saves, full states, views, scores and refusal messages after every
action of seeded random games of every mode and seat count, solo included.

All 300 are replayed at SI_TEST_SCALE=1 (`make test-deep`); `make test` replays every 10th
(tests/scale.py: `stride`), 3 of each of the 10 configurations, the same ones every run.
"""

from __future__ import annotations

import json

import pytest
from golden_games import GOLDEN, configs, play
from scale import stride

EXPECTED: dict[str, dict[str, str]] = json.loads(GOLDEN.read_text())
GAMES = list(configs())
REPLAYED = GAMES[:: stride(len(GAMES), least=30)]


def test_the_recorded_games_are_the_configured_ones() -> None:
    assert sorted(EXPECTED) == sorted(name for name, _ in GAMES)
    assert len(GAMES) == 300


@pytest.mark.parametrize("name, options", REPLAYED, ids=[name for name, _ in REPLAYED])
def test_recorded_game_replays_identically(name: str, options: dict[str, object]) -> None:
    got = play(options)
    differs = sorted(k for k in EXPECTED[name] if got.get(k) != EXPECTED[name][k])
    assert not differs, f"{name}: {', '.join(differs)} differ from the recording"
