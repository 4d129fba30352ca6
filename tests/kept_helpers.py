"""Finished games and hostile files for the tests of "your games" (CPython and browser)."""

from __future__ import annotations

import json
import random

from small_islands import Game, Options

DAY_MS = 86_400_000
T0 = 1_700_000_000_000  # 14 Nov 2023
HOSTILE_NAME = "<img src=x onerror=alert(1)>"


def finished(options: Options, seed: int = 0) -> Game:
    """`options` played to the end by random legal moves (seeded)."""
    g = Game.new(options)
    rng = random.Random(seed)
    while g.phase != "over":
        g.play(rng.choice(g.legal_actions()))
    return g


def unfinished(options: Options, moves: int, seed: int = 0) -> Game:
    """`options` after `moves` random legal moves (or fewer, if the game ends first)."""
    g = Game.new(options)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.phase == "over":
            break
        g.play(rng.choice(g.legal_actions()))
    assert g.phase != "over"
    return g


MODES = {
    "normal": Options(seats=("Ann", "Bob"), mode="normal", seed=11),
    "advanced": Options(seats=("Ann", "Bob", "Cy", "Dee"), mode="advanced", seed=12),
    "solo": Options(seats=("Ann",), solo_level=4, seed=13),
    "solo-advanced": Options(seats=("Ann",), mode="advanced", solo_level=6, seed=14),
    "bots": Options(seats=("Ann", "Bob"), seed=15, bots={1: "hard"}),
}


def hostile_files() -> list[tuple[str, str, int | None, str]]:
    """(case, text, size override, the words the player's message must contain): files
    that must be refused, each for its own reason."""
    good = finished(MODES["normal"], 1).to_json()
    data = json.loads(good)

    def with_(**changes: object) -> str:
        return json.dumps({**data, **changes})

    bad_action = json.loads(good)
    bad_action["actions"][5] = {"type": "take_tile", "slot": 9}
    swapped = json.loads(good)
    swapped["actions"][3], swapped["actions"][4] = swapped["actions"][4], swapped["actions"][3]
    after_end = json.loads(good)
    after_end["actions"].append(after_end["actions"][-1])
    name_script = json.loads(good)
    name_script["options"]["seats"] = [HOSTILE_NAME * 2, "Bob"]  # 56 characters: too long
    return [
        ("empty", "", None, "is empty"),
        ("spaces", "   \n\t ", None, "is empty"),
        ("binary", "\x00\x01PK\x03\x04", None, "not a text file"),
        ("replacement chars", "\ufffd\ufffd{}", None, "not a text file"),
        ("not json", "hello, world", None, "is damaged"),
        ("truncated", good[: len(good) // 2], None, "is damaged"),
        ("deeply nested", "[" * 5000 + "]" * 5000, None, "is damaged"),
        ("duplicate keys", '{"format": "small-islands/1", "format": "x"}', None, "is damaged"),
        ("huge number", '{"format": ' + "9" * 5000 + "}", None, "is damaged"),
        ("oversized (declared)", good, 10_000_000, "too big"),
        ("oversized (content)", good + " " * 70_000, None, "too big"),
        ("a list", "[1, 2, 3]", None, "not a Small Islands game"),
        ("a string", '"small-islands/1"', None, "not a Small Islands game"),
        ("no format", json.dumps({"options": data["options"], "actions": []}), None,
         "not a Small Islands game"),
        ("foreign format", with_(format="chess/pgn"), None, "not a Small Islands game"),
        ("script format", with_(format=HOSTILE_NAME), None, "not a Small Islands game"),
        ("format of wrong type", with_(format=["small-islands/1"]), None,
         "not a Small Islands game"),
        ("Ember Isle", with_(format="ember-isle/1"), None, "Ember Isle"),
        ("newer version", with_(format="small-islands/2"), None, "newer version"),
        ("app of wrong type", with_(app={"v": 1}), None, "is damaged"),
        ("unknown field", with_(extra=1), None, "is damaged"),
        ("options of wrong type", with_(options="normal"), None, "settings in it are not valid"),
        ("seats of wrong type", with_(options={**data["options"], "seats": "Ann"}), None,
         "settings in it are not valid"),
        ("script in a too long name", json.dumps(name_script), None,
         "settings in it are not valid"),
        ("negative seed", with_(options={**data["options"], "seed": -1.5}), None,
         "settings in it are not valid"),
        ("actions of wrong type", with_(actions={"0": 1}), None, "list of moves is not valid"),
        ("unknown action", with_(actions=[{"type": "<script>alert(1)</script>"}]), None,
         "list of moves is not valid"),
        ("illegal action", json.dumps(bad_action), None, "move 6 of"),
        ("moves out of order", json.dumps(swapped), None, "is not possible in the game"),
        ("a move after the end", json.dumps(after_end), None, "is not possible in the game"),
        ("bad revision", with_(rev=-3), None, "is damaged"),
    ]
