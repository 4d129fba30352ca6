"""Each engine's public view (`Game.public_view()`): what anyone at the table may see, built
in the engine (the UI never blanks a seat's view itself), with no seat's secrets in it."""

from __future__ import annotations

import json
import random

import ember_isle
import small_islands


def test_small_islands_public_view_holds_no_secret() -> None:
    rng = random.Random(1)
    g = small_islands.Game.new(small_islands.Options(seats=("Ann", "Bob", "Cy"), seed=3))
    while g.phase != "over":
        public = g.public_view()
        text = json.dumps(public)
        for seat in range(len(g.seats)):
            secret = g.view(seat)
            for tile in secret.get("hand") or []:
                assert f'"{tile["id"]}"' not in text or tile["id"] in json.dumps(public["board"])
        assert set(public) == {"phase", "round", "to_move", "seats", "board"}
        assert all("objectives" not in s and "hand" not in s for s in public["seats"])
        g.play(rng.choice(g.legal_actions()))


def test_ember_public_view_is_a_seat_view_of_no_seat() -> None:
    rng = random.Random(2)
    g = ember_isle.Game.new(ember_isle.Options(seats=("Ann", "Bob", "Cy"), seed=4))
    steps = 0
    while g.phase != "over" and steps < 400:
        steps += 1
        public = g.public_view()
        assert public["seat"] is None and public["legal"] == [] and public["targets"] is None
        assert all(s["hand"] is None and s["treasure"] is None for s in public["seats"])
        if public["distribution"]:
            assert public["distribution"]["inspected"] == []
        # everything else is what every seat sees
        for seat in range(len(g.seats)):
            mine = g.view(seat)
            for key in ("board", "columns", "decks", "log", "amulets", "clue_discard"):
                assert mine[key] == public[key]
        g.play(rng.choice(g.legal_actions()))
    if g.phase == "over":
        assert all(s["hand"] is not None for s in g.public_view()["seats"])
