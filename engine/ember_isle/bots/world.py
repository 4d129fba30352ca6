"""A whole game rebuilt from one seat's view, the hidden cards sampled (Hard's worlds).

`sample_world(view, rng)` gives a `Game` whose public part is the view's and whose secrets
are drawn from what the seat cannot see, bounded by the known counts: the other players'
clue hands (their sizes are public) and the clue deck come from `Model.unseen_clues`; the
other players' treasure cards are the ones the public log tracks (`Model.holdings`); the
treasure deck and the face-down part of the treasure discard come from
`Model.unseen_treasure`. Only the view is read, so two games with the same view give the
same worlds for the same generator.

Worlds are built during play turns only (no distribution under way: its pool order and the
others' inspected cards would need their own sampling); `can_sample` says when.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..board import Board
from ..content import LAVA_TILES
from ..game import Game
from ..hexes import bit
from ..options import Options
from ..state import Clue, Column, Seat, Turn
from .model import Model, hex_of

SAMPLED_STAGES = ("start", "turn", "move", "amulet", "lava", "extra_clue")
ACTING_EVENTS = ("clue", "lava_tile", "raise")


def can_sample(view: Mapping[str, Any]) -> bool:
    """Is this a position Hard can rebuild (a play turn of the viewing seat)?"""
    return (
        view["phase"] == "play"
        and view["stage"] in SAMPLED_STAGES
        and view["turn_state"] is not None
        and view["distribution"] is None
        and view["seat"] == view["to_move"]
    )


def sample_world(view: Mapping[str, Any], rng: random.Random, model: Model | None = None) -> Game:
    """A full game consistent with `view` (see the module doc); `rng` draws the secrets."""
    if not can_sample(view):
        raise ValueError(f"cannot rebuild a world at stage {view['stage']!r}")
    m = model if model is not None else Model(view)
    g = Game.__new__(Game)
    names = tuple(s["name"] for s in view["seats"])
    g.options = Options(
        seats=names,
        seed=rng.randrange(1 << 30),
        first_player=view["first_player"],
        volcano=view["volcano"],
    )
    g.rng = random.Random(g.options.seed)
    g.actions = []
    g.log = [dict(e) for e in view["log"]]
    g.stage = view["stage"]
    g.to_move = view["to_move"]
    g.dist = None
    g.ending = view["ending"]
    g.end_reason = None
    g.stall = view["stall"]
    g.turns = view["turn"]
    g.seed_card = view["seed_card"]
    g.setup_order = []
    g.objects_placed = 0
    g.amulets = [hex_of(h) for h in view["amulets"]]
    g.amulet_supply = view["supply"]["amulets"]
    g.lava_supply = view["supply"]["lava"]
    g.tiles = list(view["supply"]["tiles"])
    g.board = Board.from_json(view["board"])
    g.first_player = view["first_player"]
    g.columns = {}
    for c in view["columns"]:
        col = Column(c["name"])
        for clue in c["clues"]:
            tile = clue["tile"]
            col.clues.append(Clue(LAVA_TILES[tile] if tile else clue["card"], clue["rose"], tile))
        for h in c["removed"]:
            col.removed |= bit(hex_of(h))
        g.columns[c["name"]] = col
    g._undo_floor = 0
    g._revealed = False
    g._legal = None
    g._cand = {}
    g.memo = {}
    _seats(g, view, m, rng)
    _decks(g, view, m, rng)
    t = view["turn_state"]
    turn = Turn(t["seat"], t["main_done"], t["bounds"], t["extra_move"])
    turn.after_amulet = "bound" if t["bounds"] > 0 else "start"
    turn.acted = any(
        e["turn"] == view["turn"] and e["event"] in ACTING_EVENTS for e in view["log"]
    )
    g.turn = turn
    return g


def _seats(g: Game, view: Mapping[str, Any], m: Model, rng: random.Random) -> None:
    """Seats with the public pieces; the other hands dealt from the unseen clue cards."""
    unseen = sorted(m.unseen_clues)
    rng.shuffle(unseen)
    g.seats = []
    for s in view["seats"]:
        seat = Seat(s["name"], s["colour"], s["bot"])
        seat.roses, seat.amulets, seat.raises = s["roses"], s["amulets"], s["raises"]
        seat.rover = hex_of(s["rover"]) if s["rover"] is not None else None
        if s["seat"] == m.me:
            seat.hand = list(s["hand"] or [])
            seat.treasure = list(s["treasure"] or [])
        else:
            n = s["hand_size"]
            seat.hand, unseen = unseen[:n], unseen[n:]
            seat.treasure = list(m.holdings.get(s["seat"], []))
        g.seats.append(seat)
    g.clue_deck = unseen[: view["decks"]["clues"]]
    g.clue_discard = list(view["clue_discard"])


def _decks(g: Game, view: Mapping[str, Any], m: Model, rng: random.Random) -> None:
    """The treasure deck and the discard's face-down cards from the unseen treasure cards;
    a tracked holding that does not match its public count is mended from them too."""
    pool = sorted(m.unseen_treasure.elements())
    rng.shuffle(pool)
    for i, s in enumerate(g.seats):
        want = view["seats"][i]["treasure_count"]
        while len(s.treasure) > want:
            s.treasure.remove(min(s.treasure))
        while len(s.treasure) < want and pool:
            s.treasure.append(pool.pop())
    known_discard = list(m._tracked[1])
    n_deck = view["decks"]["treasure"]
    n_discard = max(view["decks"]["treasure_discard"] - len(known_discard), 0)
    g.treasure_deck = pool[:n_deck]
    g.treasure_discard = known_discard[: view["decks"]["treasure_discard"]] + pool[
        n_deck : n_deck + n_discard
    ]
