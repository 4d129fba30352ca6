"""Features of a seat's view for the learned value (issue 31).

`features(view)` turns what one seat may know (its `SeatView`: the public map, display and
counts, every seat's public pieces and revealed objectives, its own hand, objective cards and
Discovery values) into a fixed list of numbers, named by `NAMES`. It reads nothing else, so
hidden state (the others' hands and cards, stack orders, unseen Discovery values) cannot move
it; it is deterministic. Pure standard library: the shipped player will evaluate it in the
browser. The islands are summed up with the one-turn evaluation's `summarize` and valued
with `isle_value` (Medium's measure of how far an island is toward an objective).

"Rivals" are the other seats; "best rival" is the one with the most points in sight
(prestige + Discovery tokens at their mean value + ports around its landed ship).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from small_islands.board import Board
from small_islands.bots import evaluate
from small_islands.bots.evaluate import Isle, isle_value, merged, summarize
from small_islands.bots.world import board_from_view
from small_islands.content import TILE_BY_ID
from small_islands.objectives import DISCOVERY_VALUES, OBJECTIVES

FEATURE_VERSION = 3
DISCOVERY_MEAN = sum(DISCOVERY_VALUES) / len(DISCOVERY_VALUES)
PHASES = ("setup", "preparation", "exploration", "reward")
SYMBOLS = ("flower", "fruit", "leaf", "temple", "port", "house")
MAX_ROUNDS = 4


def _names() -> list[str]:
    names = ["bias", "seats4"]
    names += [f"round{r}" for r in range(1, MAX_ROUNDS + 1)]
    names += [f"phase_{p}" for p in PHASES]
    names += ["stage_take", "stage_place", "stage_bonus", "final_reward"]
    names += ["navigation_left", "reserve_left", "reserve_rounds", "ships_left", "grey_ships"]
    mine = ["pp", "discovery", "discovery_count", "ship_ports", "stock", "reserve",
            "houses_left", "bonus", "landed", "houses_placed", "hand_count"]
    names += [f"me_{n}" for n in mine]
    names += [f"best_{n}" for n in mine]
    names += ["rivals_mean_sight", "rivals_landed", "rivals_bonus", "rivals_houses_left"]
    names += ["sight_margin", "sight_margin_x_rounds_left"]
    names += ["now_value", "now_value_strict", "now_met", "now_to_score",
              "later_value", "later_met", "later_x_rounds_left",
              "rival_revealed_value", "rival_to_score", "houses_x_rounds_left",
              "bonus_x_rounds_left"]
    names += [f"hand_{s}" for s in SYMBOLS] + [f"display_{s}" for s in SYMBOLS]
    names += ["tiles_on_map", "islands", "complete_islands", "largest_island",
              "free_house_spots", "my_houses_on_map", "rival_houses_on_map", "open_sides",
              "islands_with_my_house", "isles_near_a_ship", "ports_on_map"]
    # version 2: the others' unseen objectives valued on the map, the margin by round
    names += ["rival_potential_best", "rival_potential_sum", "me_later_potential",
              "turn_position"]
    names += [f"sight_margin_round{r}" for r in range(1, MAX_ROUNDS + 1)]
    # version 3: the round's remaining turns and what one placement can still bring
    names += ["me_turns_left", "best_turns_left", "rivals_turns_left",
              "me_hand_gain", "me_display_gain", "me_gain", "me_gain_x_turns",
              "rival_gain_best", "rival_gain_x_turns_best", "rival_gain_x_turns_sum",
              "gain_margin_x_turns"]
    names += [f"me_gain_round{r}" for r in range(1, MAX_ROUNDS + 1)]
    return names


NAMES: tuple[str, ...] = tuple(_names())


def _sight(s: Mapping[str, Any], ports: int, discovery: float | None = None) -> float:
    """Points in sight: prestige, Discovery tokens, ports around the landed ship."""
    disc = DISCOVERY_MEAN * s["discovery_count"] if discovery is None else discovery
    return float(s["pp"]) + disc + ports


def _objective_values(mission: str, reward: str, isles: Sequence[Isle], colour: str,
                      houses: int) -> tuple[float, float, int]:
    """(best `houses` islands with partial credit, without, islands that qualify now)."""
    part = sorted((isle_value(mission, reward, i, colour, True) for i in isles), reverse=True)
    strict = sorted((isle_value(mission, reward, i, colour, False) for i in isles),
                    reverse=True)
    met = sum(1 for v in strict if v > 0.0)
    return sum(part[:houses]), sum(strict[:houses]), met


def _potential(isles: Sequence[Isle], colour: str, houses: int, cards: Sequence[str]) -> float:
    """Mean over `cards` (objective cards) of their value on the map for a seat."""
    if not cards or houses <= 0:
        return 0.0
    total = 0.0
    for card in cards:
        o = OBJECTIVES[card]
        total += _objective_values(o.mission, o.reward, isles, colour, houses)[0]
    return total / len(cards)


Placement = tuple[Isle, frozenset[int], int, int, int]  # island formed, joined, x, y, ports


def _placements(board: Board, isles: list[Isle], where: dict[tuple[int, int], int],
                tile_ids: Sequence[str]) -> list[Placement]:
    """Every legal placement of the tiles (symmetric rotations once, as Medium sees them)."""
    out: list[Placement] = []
    for tile_id in dict.fromkeys(tile_ids):
        tile = TILE_BY_ID[tile_id]
        masks = tile.rotation_masks()
        ports = tile.count("port")
        seen: set[tuple[int, int, int]] = set()
        for x, y, r in board.legal_positions(tile):
            key = (x, y, masks[r])
            if key in seen:
                continue
            seen.add(key)
            isle, joined = merged(board, isles, where, tile_id, x, y, r)
            out.append((isle, frozenset(joined), x, y, ports))
    return out


def _best_gain(places: Sequence[Placement], isles: Sequence[Isle],
               now: tuple[str, str] | None, later: tuple[str, str] | None, colour: str,
               houses_now: int, houses_later: int, ship: Sequence[int] | None) -> float:
    """Medium's one-turn value of the best placement among `places` minus the map's value
    now (this round's objective on the best `houses_now` islands, next round's weighted on
    the best `houses_later`, ports beside the own ship): what one placement can bring."""
    if not places:
        return 0.0
    w = evaluate.W

    def value_now(isle: Isle) -> float:
        return isle_value(now[0], now[1], isle, colour, True) if now is not None else 0.0

    def value_later(isle: Isle) -> float:
        return isle_value(later[0], later[1], isle, "", True) if later is not None else 0.0

    def total(a: list[float], b: list[float]) -> float:
        a.sort(reverse=True)
        b.sort(reverse=True)
        return sum(a[:houses_now]) + w.later * sum(b[:houses_later])

    vn = [value_now(i) for i in isles]
    vl = [value_later(i) for i in isles]
    base = total(list(vn), list(vl))
    best = -1e9
    for isle, joined, x, y, ports in places:
        a = [v for k, v in enumerate(vn) if k not in joined]
        b = [v for k, v in enumerate(vl) if k not in joined]
        a.append(value_now(isle))
        b.append(value_later(isle))
        v = total(a, b)
        if ship is not None and ports and abs(ship[0] - x) <= 1 and abs(ship[1] - y) <= 1:
            v += w.ship_port * ports
        best = max(best, v)
    return best - base


def _rival_gains(places: Sequence[Placement], isles: Sequence[Isle],
                 cards: Sequence[tuple[str, str]], colours: Sequence[str]) -> list[float]:
    """Per rival colour: the mean over `cards` ((mission, reward) of the objectives it may
    hold) of the best gain
    one placement among `places` brings to an island's value (the new island's value minus
    those it joins, partial credit)."""
    if not places or not cards:
        return [0.0] * len(colours)
    sums = [0.0] * len(colours)
    for mission, reward in cards:
        base = [isle_value(mission, reward, i, "", True) for i in isles]
        new = [isle_value(mission, reward, p[0], "", True) for p in places]
        for c, colour in enumerate(colours):
            best = 0.0
            for (isle, joined, _, _, _), v in zip(places, new, strict=True):
                if v <= best or colour in isle.colours:
                    continue
                g = v - sum(base[j] for j in joined if colour not in isles[j].colours)
                best = max(best, g)
            sums[c] += best
    return [v / len(cards) for v in sums]


def turns_left(view: Mapping[str, Any]) -> list[int]:
    """Each seat's exploration turns still to come this round (the current one included
    while its tile is not placed yet): the navigation stack's tiles refill the display once
    a turn, so the round lasts about that many more turns before a ship can land."""
    n = len(view["seats"])
    phase = view["phase"]
    if phase == "exploration":
        start, turns = view["to_move"], view["navigation_count"] + 1
        if view["stage"] == "bonus":  # this turn's tile is placed already
            start, turns = start + 1, turns - 1
    elif phase == "preparation":
        start, turns = view["first_player"], view["navigation_count"] + 1
    else:
        return [0] * n
    out = [0] * n
    for t in range(turns):
        out[(start + t) % n] += 1
    return out


def features(view: Mapping[str, Any]) -> list[float]:
    """The feature vector of a seat's view (`NAMES` says what each number is)."""
    me = view["seat"]
    seats = view["seats"]
    rnd = view["round"]
    phase = view["phase"]
    stage = view["stage"]
    board = board_from_view(view)
    isles, where = summarize(board)
    rounds_left = max(0, MAX_ROUNDS - rnd) + (0 if phase == "reward" else 1)
    out: list[float] = [1.0, 1.0 if len(seats) == 4 else 0.0]
    out += [1.0 if rnd == r else 0.0 for r in range(1, MAX_ROUNDS + 1)]
    out += [1.0 if phase == p else 0.0 for p in PHASES]
    out += [1.0 if stage == s else 0.0 for s in ("take", "place", "bonus")]
    out.append(1.0 if view["final_reward"] else 0.0)
    ships_left = view["grey_ships"] + sum(1 for s in seats if s["ship"] is None
                                          and not s["ship_gone"])
    reserve = view["reserve_count"]
    out += [float(view["navigation_count"]), float(reserve), float(reserve // 6),
            float(ships_left), float(view["grey_ships"])]

    ports = [board.ports_around(*s["ship"]) if s["ship"] is not None else 0 for s in seats]
    reward_order = list(view["reward_order"])
    to_move = view["to_move"]

    def to_score(i: int) -> bool:
        """Seat `i` still scores this round's objective."""
        if phase == "exploration":
            return True
        if phase != "reward" or i not in reward_order or to_move not in reward_order:
            return False
        return reward_order.index(i) >= reward_order.index(to_move)

    def row(s: Mapping[str, Any], i: int, discovery: float | None) -> list[float]:
        left = s["stock"] + s["reserve"]
        return [float(s["pp"]),
                DISCOVERY_MEAN * s["discovery_count"] if discovery is None else discovery,
                float(s["discovery_count"]), float(ports[i]), float(s["stock"]),
                float(s["reserve"]), float(left), float(s["bonus"]),
                1.0 if s["ship"] is not None else 0.0, float(s["houses_placed"]),
                float(s["hand_count"])]

    own_disc = float(sum(view["discovery"]))
    mine = seats[me]
    rivals = [i for i in range(len(seats)) if i != me]
    sights = {i: _sight(seats[i], ports[i]) for i in rivals}
    best = max(rivals, key=lambda i: (sights[i], -i))
    out += row(mine, me, own_disc)
    out += row(seats[best], best, None)
    out += [sum(sights.values()) / len(rivals),
            float(sum(1 for i in rivals if seats[i]["ship"] is not None)),
            float(sum(seats[i]["bonus"] for i in rivals)),
            float(sum(seats[i]["stock"] + seats[i]["reserve"] for i in rivals))]
    margin = _sight(mine, ports[me], own_disc) - sights[best]
    out += [margin, margin * rounds_left]

    colour = mine["colour"]
    now, now_strict, now_met = 0.0, 0.0, 0
    obj = view["objective"]
    if obj is not None:
        now, now_strict, now_met = _objective_values(obj["mission"], obj["reward"], isles,
                                                     colour, mine["stock"])
    later, later_met = 0.0, 0
    nxt = view["next_objective"]
    if nxt is not None:
        later, _, later_met = _objective_values(nxt["mission"], nxt["reward"], isles, colour,
                                                min(4, mine["stock"] + mine["reserve"]))
    rival_value = 0.0
    for i in rivals:
        o = seats[i]["objective"]
        if o is not None and to_score(i):
            rival_value = max(rival_value, _objective_values(
                o["mission"], o["reward"], isles, seats[i]["colour"], seats[i]["stock"])[1])
    mine_scores = 1.0 if to_score(me) else 0.0
    out += [now * mine_scores, now_strict * mine_scores, float(now_met), mine_scores,
            later, float(later_met), later * rounds_left, rival_value,
            float(sum(1 for i in rivals if to_score(i))),
            float(mine["stock"] + mine["reserve"]) * rounds_left,
            float(mine["bonus"]) * rounds_left]

    def symbol_counts(tiles: Sequence[Mapping[str, Any] | None]) -> list[float]:
        c = dict.fromkeys(SYMBOLS, 0)
        for t in tiles:
            if t is not None:
                for s in t["symbols"]:
                    c[s] += 1
        return [float(c[s]) for s in SYMBOLS]

    out += symbol_counts(view["hand"]) + symbol_counts(view["display"])
    my_cells = {(h["x"], h["y"]) for h in view["board"]["houses"] if h["colour"] == colour}
    rival_houses = sum(1 for h in view["board"]["houses"] if h["colour"] != colour)
    ports_on_map = sum(i.counts[4] for i in isles)
    out += [float(len(board.tiles)), float(len(isles)),
            float(sum(1 for i in isles if i.open == 0)),
            float(max((i.size for i in isles), default=0)),
            float(sum(max(0, i.free) for i in isles)), float(len(my_cells)), float(rival_houses),
            float(sum(i.open for i in isles)),
            float(sum(1 for i in isles if colour in i.colours)),
            float(sum(1 for i in isles if i.near_ship)), float(ports_on_map)]
    # the cards a rival may hold: the Normal deck minus those the seat sees (its own cards,
    # the objectives revealed); in Advanced mode the Normal cards stand in for the pairs
    seen = set(view["held"]) | {o["id"] for o in (obj, nxt) if o is not None}
    seen |= {s["objective"]["id"] for s in seats if s["objective"] is not None}
    unseen = [c for c in OBJECTIVES if c not in seen]
    pots = [_potential(isles, seats[i]["colour"], seats[i]["stock"], unseen) for i in rivals
            if to_score(i) and seats[i]["objective"] is None]
    me_later = later
    if nxt is None:
        me_later = _potential(isles, colour, min(4, mine["stock"] + mine["reserve"]), unseen)
    n = len(seats)
    out += [max(pots, default=0.0), sum(pots), me_later,
            float((me - view["first_player"]) % n) / n]
    out += [margin if rnd == r else 0.0 for r in range(1, MAX_ROUNDS + 1)]

    # version 3: what the round's remaining turns can still bring
    turns = turns_left(view)
    hand_ids = [t["id"] for t in view["hand"]]
    display_ids = [t["id"] for t in view["display"] if t is not None]
    hand_places = _placements(board, isles, where, hand_ids) if turns[me] else []
    display_places = _placements(board, isles, where, display_ids) if any(turns) else []
    now_parts = (obj["mission"], obj["reward"]) if obj is not None else None
    later_parts = (nxt["mission"], nxt["reward"]) if nxt is not None else None
    houses_later = min(4, mine["stock"] + mine["reserve"])

    def gain(places: Sequence[Placement]) -> float:
        return _best_gain(places, isles, now_parts, later_parts, colour, mine["stock"],
                          houses_later, mine["ship"])

    hand_gain = gain(hand_places)
    display_gain = gain(display_places) if turns[me] else 0.0
    me_gain = max(hand_gain, display_gain)
    scoring = [i for i in rivals if turns[i] and seats[i]["stock"] > 0]
    rival_gain = dict.fromkeys(rivals, 0.0)
    hidden = [i for i in scoring if seats[i]["objective"] is None]
    unseen_parts = [(OBJECTIVES[c].mission, OBJECTIVES[c].reward) for c in unseen]
    for i, v in zip(hidden, _rival_gains(display_places, isles, unseen_parts,
                                          [seats[i]["colour"] for i in hidden]), strict=True):
        rival_gain[i] = v
    for i in scoring:  # an objective revealed: that card
        o = seats[i]["objective"]
        if o is not None:
            rival_gain[i] = _rival_gains(display_places, isles, [(o["mission"], o["reward"])],
                                         [seats[i]["colour"]])[0]
    rival_x = [rival_gain[i] * turns[i] for i in rivals]
    out += [float(turns[me]), float(turns[best]), float(sum(turns[i] for i in rivals)),
            hand_gain, display_gain, me_gain, me_gain * turns[me],
            max(rival_gain.values()), max(rival_x), sum(rival_x),
            me_gain * turns[me] - max(rival_x)]
    out += [me_gain if rnd == r else 0.0 for r in range(1, MAX_ROUNDS + 1)]
    assert len(out) == len(NAMES)
    return [float(v) for v in out]


__all__ = ["FEATURE_VERSION", "NAMES", "features"]
