"""The engine's side of issue 15: why an action cannot be undone, and the save's revision."""

from __future__ import annotations

import json
import random

import pytest

from small_islands import DiscardTile, Game, IllegalAction, MalformedInput, Options
from small_islands.save import read_save, with_revision


def test_undo_blocker_names_why_and_agrees_with_can_undo() -> None:
    seen: dict[str, int] = {}
    for seed in range(40):
        opts = [
            Options(seats=("A", "B"), seed=seed),
            Options(seats=("A", "B", "C"), mode="advanced", seed=seed),
            Options(seats=("Me",), solo_level=1 + seed % 6, seed=seed),
        ][seed % 3]
        g = Game.new(opts)
        assert g.undo_blocker() == "nothing_played"
        rng = random.Random(seed)
        while g.phase != "over":
            before_seat, before_pending = g.to_move, list(g.pending_discovery)
            action = rng.choice(g.legal_actions())
            g.play(action)
            why = g.undo_blocker()
            assert (why is None) == g.can_undo()
            if why is None:
                assert g.undo().actions == g.actions[:-1]
                continue
            seen[why] = seen.get(why, 0) + 1
            with pytest.raises(IllegalAction) as exc:
                g.undo()
            assert exc.value.code == "cannot_undo" and why in exc.value.message
            if why == "turn_passed":
                assert g.to_move != before_seat
            else:
                assert g.to_move == before_seat
            if why == "tile_drawn":
                assert isinstance(action, DiscardTile)
            if why == "discovery_drawn":
                assert not before_pending  # (the bag may be empty: nothing drawn)
        assert g.undo_blocker() == "turn_passed" or g.undo_blocker() == "game_over"
    assert {"turn_passed", "discovery_drawn", "cards_dealt", "automaton_card"} <= set(seen), seen


def test_a_stored_save_may_carry_its_revision() -> None:
    g = Game.new(Options(seats=("A", "B"), seed=3))
    g.play(g.legal_actions()[0])
    text = with_revision(g.to_json(), 7)
    assert json.loads(text)["rev"] == 7 and text.startswith('{"rev":7,"format":')
    assert Game.from_json(text).actions == g.actions
    data = json.loads(g.to_json())
    for bad in (-1, True, "7", 1.5, 2**60, None):
        with pytest.raises(MalformedInput, match="rev"):
            read_save(json.dumps({**data, "rev": bad}))
    with pytest.raises(ValueError):
        with_revision("[]", 1)
