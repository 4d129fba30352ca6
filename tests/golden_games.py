"""Recorded games: 300 seeded random games whose every observable output is digested.

Each game is played by a seeded random driver (every mode, 1-4 seats, solo with Alexis
deciding or the human choosing for him, a few table sizes) that also undoes, reloads from the
save, clones, and tries stale or out-of-place actions. Per game, one sha256 per output:

* ``save``: `to_json()` after every action;
* ``state``: `state()` after every action;
* ``views``: the view of the seat to move after every action, every seat's view whenever the
  phase changes and at the end;
* ``scores``: `scores()` whenever the phase changes and at the end;
* ``refusals``: the code and message of every refused action.

The log entries' events (``event``, ``args``: what the app words a log line from) are left
out of the digests: they came after the recording, and every entry's text is still digested.

`tests/golden/replay.json` holds the digests made by the engine before a refactor;
`tests/test_replay_golden.py` checks the engine still produces them. To record them anew
(only when a behaviour change is intended): ``python tests/golden_games.py``.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from small_islands import (
    Action,
    AlexisStep,
    ChooseHouse,
    ChooseRotation,
    EndReward,
    EndTurn,
    Game,
    IllegalAction,
    Options,
    TakeTile,
)

GOLDEN = Path(__file__).parent / "golden" / "replay.json"
GAMES_PER_CONFIG = 30
MAX_ACTIONS = 1500
TABLES = ((12, 12), (12, 12), (10, 14), (8, 9))
OUT_OF_PLACE: tuple[Action, ...] = (
    AlexisStep(),
    ChooseRotation(1),
    ChooseHouse(5, 5, 0),
    EndReward(),
    EndTurn(),
    TakeTile(0),
)


def configs() -> Iterator[tuple[str, dict[str, Any]]]:
    """(name, options) of the 300 recorded games: 10 configurations x 30 seeds."""
    for mode in ("normal", "advanced"):
        for seats in (1, 2, 3, 4):
            for decides in (True, False) if seats == 1 else (True,):
                for n in range(GAMES_PER_CONFIG):
                    seed = 1000 * seats + 100 * (mode == "advanced") + n + 50 * (not decides)
                    opts: dict[str, Any] = {
                        "seats": tuple("ABCD"[:seats]),
                        "mode": mode,
                        "seed": seed,
                        "table": TABLES[n % len(TABLES)],
                        "alexis_decides": decides,
                        "solo_level": 1 + n % 6,
                    }
                    if seats > 1 and n % 3 == 0:
                        opts["bots"] = {seats - 1: "medium"}
                    name = f"{mode}-{seats}{'' if decides else '-human-decides'}-{seed}"
                    yield name, opts


# The log's structured events (`event`, `args`: for the app's words) came after the
# recording; everything else of every entry, its text included, is digested as recorded.
EVENT_KEYS = ("event", "args")


def _without_events(obj: Any) -> Any:
    if isinstance(obj, dict):
        log = obj.get("log")
        if isinstance(log, list):
            obj = {**obj, "log": [{k: v for k, v in e.items() if k not in EVENT_KEYS} for e in log]}
    return obj


def _dump(obj: object) -> bytes:
    return json.dumps(_without_events(obj), sort_keys=True, default=repr).encode()


def play(options: dict[str, Any]) -> dict[str, str]:
    """Play one recorded game; the digests of its outputs."""
    h = {k: hashlib.sha256() for k in ("save", "state", "views", "scores", "refusals")}
    rng = random.Random(options["seed"] * 31 + len(options["seats"]))
    g = Game.new(Options(**options))
    seen: list[Action] = []
    phase = None
    for _ in range(MAX_ACTIONS):
        if g.phase != phase:
            phase = g.phase
            for seat in range(len(g.seats)):
                h["views"].update(_dump(g.view(seat)))
            h["scores"].update(_dump(g.scores()))
        if g.phase == "over":
            break
        legal = g.legal_actions()
        _try_refused(g, rng, seen, h["refusals"])
        action = rng.choice(legal)
        seen = (seen + legal)[-60:]
        g.play(action, seat=g.to_move)
        g = _detour(g, rng)
        h["save"].update(g.to_json().encode())
        h["state"].update(_dump(g.state()))
        if g.to_move is not None:
            h["views"].update(_dump(g.view(g.to_move)))
    assert g.phase == "over", f"game did not end in {MAX_ACTIONS} actions"
    for seat in range(len(g.seats)):
        h["views"].update(_dump(g.view(seat)))
    h["scores"].update(_dump(g.scores()))
    h["save"].update(_dump(g.winners()))
    return {k: v.hexdigest() for k, v in h.items()}


def _try_refused(g: Game, rng: random.Random, seen: list[Action], h: Any) -> None:
    """Now and then, play a stale or out-of-place action; record why it was refused."""
    if rng.random() >= 0.15:
        return
    pool = list(OUT_OF_PLACE) + seen
    action = rng.choice(pool)
    if g.is_legal(action):
        return
    try:
        g.play(action)
    except IllegalAction as exc:
        h.update(_dump([action.to_json(), exc.code, str(exc)]))
    else:
        raise AssertionError(f"{action} was played though is_legal refused it")


def _detour(g: Game, rng: random.Random) -> Game:
    """Now and then, undo and replay, reload from the save, or go on with a clone."""
    roll = rng.random()
    if roll < 0.03 and g.can_undo():
        last = g.actions[-1]
        g = g.undo()
        g.play(last)
    elif roll < 0.05:
        g = Game.from_json(g.to_json())
    elif roll < 0.08:
        g = g.clone()
    return g


def record() -> dict[str, dict[str, str]]:
    """The digests of every recorded game, by name."""
    return {name: play(opts) for name, opts in configs()}


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
