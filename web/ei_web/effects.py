"""What Ember Isle's changes sound like (pure): the public log's new events as the names of
the shell's sounds (`game_shell.synth`, played by `game_shell.sounds`): a rover put on the
island or moving, a piece of land or a clue placed, a treasure card or an amulet taken, a
treasure raised, the end of the game.

>>> sounds_of([{"event": "bound"}, {"event": "raise"}, {"event": "nothing"}])
['land', 'score']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

SOUND_OF = {
    "rover": "land", "bound": "land",  # a rover lands on the island, or moves
    "triad": "place", "seed": "place", "clue": "place", "lava_tile": "place",
    "claim": "take", "amulet_taken": "take",  # a treasure card (or an amulet) taken
    "raise": "score",  # a treasure found and raised
    "game_over": "end", "stall": "end",
}
SOUNDS = tuple(sorted(set(SOUND_OF.values())))  # fetched when sound is turned on


def sounds_of(events: Iterable[Mapping[str, Any]]) -> list[str]:
    """The sounds of these log events, in order, each sound once."""
    out: list[str] = []
    for e in events:
        name = SOUND_OF.get(str(e.get("event")))
        if name is not None and name not in out:
            out.append(name)
    return out
