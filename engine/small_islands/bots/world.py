"""Worlds a seat cannot tell apart: rebuild a full `Game` from one seat's view.

`determinize(view, rng)` returns a game whose public state (map, display, counts, revealed
objectives, scores) and whose viewing seat's own secrets (hand, objective cards, Discovery
tokens) equal the view, while everything the seat cannot know -- other hands, the order of
the Reserve and Navigation stacks, other seats' objective cards, Discovery values it does
not own -- is drawn at random from what is left. It reads nothing but the view, so a bot
that decides on such worlds can never peek at the true hidden state.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from ..board import Board
from ..content import TILES
from ..game import Game
from ..modes import MODES
from ..objectives import DISCOVERY_VALUES
from ..options import Options
from ..solo import CARD_BY_ID, EXPLORATION_CARDS, LEVELS, SoloState
from ..view import board_from_json


def board_from_view(view: Mapping[str, Any], tiles: int | None = None) -> Board:
    """The public map of a view as a `Board` (tiles in placement order, houses, tokens).

    With `tiles`, only the first that many tiles are placed (houses and tokens all the same).
    """
    return board_from_json(view["board"], tiles)


def _chosen(view: Mapping[str, Any], seat: int) -> bool:
    """Has `seat` already chosen its objectives this round (as far as the view shows)?"""
    phase = view["phase"]
    if phase in ("exploration", "reward", "over"):
        return True
    if phase != "preparation":
        return False
    n = len(view["seats"])
    order = [(view["first_player"] + i) % n for i in range(n)]
    return order.index(seat) < order.index(view["to_move"])


def known_hands(view: Mapping[str, Any]) -> dict[int, list[str]]:
    """Tiles the view's public log shows in other seats' hands.

    A seat takes a face-up tile and then places one of its three: when it places another,
    everyone saw the taken tile go into its hand. (What the log no longer holds is simply
    not known.)
    """
    me = view["seat"]
    hands: dict[int, list[str]] = {}
    for entry in view["log"]:
        seat = entry.get("seat")
        if seat is None or seat == me:
            continue
        found = _HAND_NOTE.match(entry.get("text", ""))
        if not found:
            continue
        verb, tile = found[1], found[2]
        held = hands.setdefault(seat, [])
        if verb == "took":
            held.append(tile)
        elif tile in held:
            held.remove(tile)
    return {i: held for i, held in hands.items() if held}


_HAND_NOTE = re.compile(r"(took|placed|returned) (\S+) (?:from the display|at \(|to the box)")


def determinize(view: Mapping[str, Any], rng: random.Random, board: Board | None = None,
                hands: dict[int, list[str]] | None = None) -> Game:
    """A full game consistent with `view`, hidden parts drawn at random from `rng`.

    `board`, if given, is ``board_from_view(view)`` built once by the caller (a copy is
    used: faster when many worlds are drawn from one view). `hands`, if given, are tiles
    known to be in other seats' hands (`known_hands`): those seats hold them, and only the
    rest of their hands is drawn.
    """
    me = view["seat"]
    seats_v = view["seats"]
    mode = MODES[view["mode"]]
    solo_v = view.get("solo")
    options = Options(
        seats=(seats_v[0]["name"],) if solo_v else tuple(s["name"] for s in seats_v),
        mode=view["mode"],
        table=(view["board"]["width"], view["board"]["height"]),
        seed=rng.randrange(2**31),
        colours=tuple(s["colour"] for s in seats_v),
        first_player=None if solo_v else view["first_player"],
        solo_level=solo_v["level"] if solo_v else 1,
    )
    g = Game.new(options)
    g.rng = random.Random(rng.getrandbits(64))
    g.board = board.copy() if board is not None else board_from_view(view)
    g.actions, g.log = [], []
    g.phase, g.round, g.stage = view["phase"], view["round"], view["stage"]
    g.to_move, g.first_player = view["to_move"], view["first_player"]
    g.end_reason = view["end_reason"]
    g.display = [t["id"] if t else None for t in view["display"]]
    g.grey_ships = view["grey_ships"]
    g.placements = view["placements"]
    g.stats = {"turns": 0, "blocked_turns": 0}
    g._undo_floor = len(g.actions)
    g.pending_discovery = list(view.get("pending_discovery") or [])
    g.taken_slot = view["taken_slot"]
    g.ship_placer = view["ship_placer"]
    g.final_reward = view["final_reward"]
    g.reward_order = list(view["reward_order"])
    returned: set[int] = set()
    if g.phase == "reward":
        returned = set(g.reward_order[: g.reward_order.index(g.to_move)])

    # seats: public pieces
    for i, sv in enumerate(seats_v):
        s = g.seats[i]
        s.pp, s.stock, s.reserve, s.bonus = sv["pp"], sv["stock"], sv["reserve"], sv["bonus"]
        s.houses_placed = sv["houses_placed"]
        s.ship_cell = (sv["ship"][0], sv["ship"][1]) if sv["ship"] else None
        s.revealed = sv["objective"] is not None
        s.now = sv["objective"]["id"] if s.revealed else None
        s.later, s.held, s.hand, s.discovery = None, [], [], []
        s.last_tile = sv["last_tile"]
        s.ship_gone = sv["ship_gone"]
    mine = g.seats[me]
    mine.hand = [t["id"] for t in view["hand"]]
    mine.held = list(view["held"])
    mine.now = view["objective"]["id"] if view["objective"] else None
    mine.later = view["next_objective"]["id"] if view["next_objective"] else None
    mine.discovery = list(view["discovery"])
    if solo_v:
        g.solo = _solo_state(view, rng)
    _deal_hidden_cards(g, view, mode, returned, rng)
    _deal_hidden_tiles(g, view, rng, hands or {})
    _deal_hidden_discovery(g, view, rng)
    return g


def _solo_state(view: Mapping[str, Any], rng: random.Random) -> SoloState:
    """Alexis's cards: discards and the current card are public; his stack is sampled."""
    v = view["solo"]
    n_explore, n_land, _ = LEVELS[v["level"]]
    known = list(v["discard"]) + ([v["card"]["id"]] if v["card"] else [])
    stack: list[str] = []
    for kind, count in (("explore", n_explore), ("land", n_land)):
        unknown = [c.id for c in EXPLORATION_CARDS if c.kind == kind and c.id not in known]
        rng.shuffle(unknown)
        need = count - sum(1 for c in known if CARD_BY_ID[c].kind == kind)
        stack += unknown[: max(0, need)]
    rng.shuffle(stack)
    stack = stack[: v["stack_count"]]
    pending = [tuple(loc) for loc in v["pending_houses"]]
    return SoloState(
        level=v["level"],
        stack=stack,
        discard=list(v["discard"]),
        card=v["card"]["id"] if v["card"] else None,
        human_last=tuple(v["human_last"]) if v["human_last"] else None,
        pending_tile=v["pending_tile"]["id"] if v["pending_tile"] else None,
        pending_cell=tuple(v["pending_cell"]) if v["pending_cell"] else None,
        pending_rotations=list(v["pending_rotations"]),
        pending_islands=[pending] if pending else [],
        removed=list(v["removed"]),
    )


def _deal_hidden_cards(
    g: Game, view: Mapping[str, Any], mode: Any, returned: set[int], rng: random.Random
) -> None:
    """Other seats' objective cards and the objective decks, drawn from the unseen cards."""
    me = view["seat"]
    known: set[str] = set(g.seats[me].held)
    if g.seats[me].now:
        known.update(mode.cards_of(g.seats[me].now))
    for i, s in enumerate(g.seats):
        if i != me and s.now:
            known.update(mode.cards_of(s.now))
    pools = {p: [c for c in mode.deck(p) if c not in known] for p in mode.decks}
    for pool in pools.values():
        rng.shuffle(pool)
    n_held = 1 if view["phase"] == "setup" else 3
    for i, s in enumerate(g.seats):
        if i == me or view["phase"] == "over" or s.alexis:
            continue
        if _chosen(view, i):
            if not s.now:
                s.now = mode_objective(mode, pools)
            s.later = mode_objective(mode, pools)
            s.held = mode.cards_of(s.later)
        else:
            s.held = [pools[p].pop() for p in mode.decks for _ in range(n_held)]
    g.decks = {p: list(pool) for p, pool in pools.items()}
    for i in sorted(returned):
        now = g.seats[i].now
        if now:
            for card in mode.cards_of(now):
                g.decks[card[0]].append(card)
    for deck in g.decks.values():
        rng.shuffle(deck)


def mode_objective(mode: Any, pools: dict[str, list[str]]) -> str:
    """Draw one objective's worth of cards from the pools, as the mode names it."""
    cards = [pools[p].pop() for p in mode.decks]
    return cards[0] if len(cards) == 1 else "+".join(cards)


def _deal_hidden_tiles(g: Game, view: Mapping[str, Any], rng: random.Random,
                       hands: dict[int, list[str]]) -> None:
    """Other hands, the Navigation stack and the Reserve, from the tiles not seen anywhere."""
    me = view["seat"]
    seen = {t["id"] for t in view["board"]["tiles"]}
    seen.update(t for t in g.display if t)
    seen.update(g.seats[me].hand)
    seen.update(view["boxed"])
    solo_v = view.get("solo") or {}
    seen.update(solo_v.get("removed") or [])
    if solo_v.get("pending_tile"):
        seen.add(solo_v["pending_tile"]["id"])  # Alexis's tile waiting for a rotation
    pool = [t.id for t in TILES if t.id not in seen]
    known = {i: [t for t in held if t not in seen][: view["seats"][i]["hand_count"]]
             for i, held in hands.items() if i != me}
    taken = {t for held in known.values() for t in held}
    if taken:
        pool = [t for t in pool if t not in taken]
    rng.shuffle(pool)
    for i, s in enumerate(g.seats):
        if i != me:
            count = view["seats"][i]["hand_count"] - len(known.get(i, ()))
            s.hand, pool = known.get(i, []) + pool[:count], pool[count:]
    nav = view["navigation_count"]
    g.navigation, pool = pool[:nav], pool[nav:]
    res = view["reserve_count"]
    g.reserve, pool = pool[:res], pool[res:]
    g.boxed = list(view["boxed"]) + pool


def _deal_hidden_discovery(g: Game, view: Mapping[str, Any], rng: random.Random) -> None:
    """Other seats' Discovery tokens and the bag, from the values not seen."""
    unseen = list(DISCOVERY_VALUES)
    for v in list(g.seats[view["seat"]].discovery) + list(g.pending_discovery):
        if v in unseen:
            unseen.remove(v)
    rng.shuffle(unseen)
    for i, s in enumerate(g.seats):
        if i != view["seat"]:
            count = view["seats"][i]["discovery_count"]
            s.discovery, unseen = unseen[:count], unseen[count:]
    g.discovery_bag = unseen[: view["discovery_left"]]


__all__ = ["board_from_view", "determinize"]
