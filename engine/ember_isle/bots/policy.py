"""The two computer players: Easy (greedy) and Medium (reasons over candidates and cards).

Both read only their seat's view (through `Model`) and pick one of the legal actions.

* Easy (spec section 15): raise when it can, drive to a located treasure in reach, else
  play the clue that cuts the most, else drive toward the nearest amulet or the smallest
  candidate set, swap when no clue is legal; claims any card of 4 or more.
* Medium: scores each clue by the share of the column it buys, the race to the remaining
  candidates in bound distance (turn order included), and the risk that a rival raises
  first -- its chance to hold a locating card is drawn from the clue cards it cannot see;
  holds the locating clue back until it stands within reach; uses amulets for a winning
  extra move, a cube that locates near it, or a second good clue, keeping one while it has
  roses at stake; places lava to help its races and hurt its rivals'; claims by comparing
  the card with what the rest of the pool (its own inspected cards, the unseen cards, the
  Curses still out) is likely to give it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from .. import actions as act
from ..actions import Action
from ..content import CUBES, CURSE, MAX_BOUNDS
from ..hexes import CENTRE, Hex, bit, count, dist, iter_hexes
from ..movement import distances_to
from .model import FAR, Model, hex_of

Policy = Callable[[Mapping[str, Any], Sequence[Action], random.Random], Action]
A = TypeVar("A", bound=Action)
STALL_PRESSURE = 12  # turns without a clue or a raise after which Medium plays any clue


# ------------------------------------------------------------------ shared
def of_type(legal: Sequence[Action], kind: type[A]) -> list[A]:
    """The legal actions of one class."""
    return [a for a in legal if isinstance(a, kind)]


def setup_choice(m: Model, legal: Sequence[Action], rng: random.Random) -> Action:
    """Objects at random; triads and rovers near the centre and the statues' amulets."""
    triads = of_type(legal, act.PlaceTriad)
    if triads:
        return max(triads, key=lambda a: (_start_value(m, a.new), -legal.index(a)))
    rovers = of_type(legal, act.PlaceRover)
    if rovers:
        return max(rovers, key=lambda a: (_start_value(m, a.hex), -legal.index(a)))
    if of_type(legal, act.PlaceObject):
        return rng.choice(list(legal))
    return legal[0]


def _start_value(m: Model, h: Hex) -> float:
    targets = [t for t in _statue_targets(m) if t is not None]
    near_amulet = min((dist(h, t) for t in targets), default=0)
    return -dist(h, CENTRE) - 0.5 * near_amulet


def _statue_targets(m: Model) -> list[Hex | None]:
    b = m.board
    return [b.statue_target(h) for h, k in b.objects.items() if k == "statue"]


def step_toward(
    m: Model, legal: Sequence[Action], targets: int, through_lava: bool = False
) -> act.Bound | None:
    """The legal bound that gets closest to `targets`, if it makes progress."""
    bounds = of_type(legal, act.Bound)
    if not bounds or not targets:
        return None
    d = distances_to(m.board, targets, through_lava=through_lava)
    rover = m.rovers[m.me]
    here = d.get(rover, FAR) if rover is not None else FAR
    best = min(bounds, key=lambda a: (d.get(a.hex, FAR), a.hex))
    return best if d.get(best.hex, FAR) < here else None


def bounds_left(view: Mapping[str, Any]) -> int:
    """Bounds the current move may still take (a new move: 3)."""
    t = view["turn_state"]
    return MAX_BOUNDS - t["bounds"] if view["stage"] == "move" else MAX_BOUNDS


def located_in_reach(m: Model, left: int) -> int:
    """Located treasures I can reach within `left` bounds (as a hex set)."""
    out = 0
    for name in m.columns:
        h = m.located(name)
        if h is not None and m.bounds_to(m.me, h) <= left:
            out |= bit(h)
    return out


def answer_offer(m: Model, threshold: float) -> Action:
    """Claim when the revealed card reaches the threshold."""
    card = m.view["distribution"]["card"]
    return act.Claim() if card >= threshold else act.Decline()


def ward(m: Model, legal: Sequence[Action]) -> Action:
    """Pay a Curse with a low card rather than an amulet (section 15)."""
    options = {a.choice: a for a in of_type(legal, act.WardCurse)}
    if "discard" in options and ("amulet" not in options or max(m.treasure) <= 3):
        return options["discard"]
    return options.get("amulet") or legal[0]


# -------------------------------------------------------------------- easy
def easy(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """Spec section 15, Easy."""
    m = Model(view)
    stage = view["stage"]
    if view["phase"] == "setup":
        return setup_choice(m, legal, rng)
    if stage in ("start", "amulet"):
        return act.TakeAmulet()
    if stage == "lava":
        return rng.choice(list(legal))
    if stage == "offer":
        return answer_offer(m, 4)
    if stage == "ward":
        return ward(m, legal)
    raises = of_type(legal, act.Raise)
    if raises:
        return raises[0]
    if stage == "extra_clue":
        return _biggest_cut(m, legal, rng)
    return _easy_turn(m, legal, rng)


def _easy_turn(m: Model, legal: Sequence[Action], rng: random.Random) -> Action:
    view = m.view
    moving = view["stage"] == "move"
    if moving or not view["turn_state"]["main_done"]:
        reach = located_in_reach(m, bounds_left(view))
        step = step_toward(m, legal, reach) if reach else None
        if step is not None:
            return step
        if not moving and any(isinstance(a, act.PlayClue | act.PlayLavaTile) for a in legal):
            return _biggest_cut(m, legal, rng)
        swap = act.Swap()
        if not moving and not of_type(legal, act.PlayClue) and swap in legal and rng.random() < 0.5:
            return act.Swap()
        step = step_toward(m, legal, _easy_target(m))
        if step is not None:
            return step
        for still in (act.StopMove(), act.Pass()):
            if still in legal:
                return still
        return legal[0]
    return act.EndTurn() if act.EndTurn() in legal else legal[0]


def _biggest_cut(m: Model, legal: Sequence[Action], rng: random.Random) -> Action:
    plays: list[act.PlayClue | act.PlayLavaTile] = [*of_type(legal, act.PlayClue)]
    plays = plays or [*of_type(legal, act.PlayLavaTile)]
    cuts = [(count(m.cand[a.column]) - count(m.after(a.column, _clue_of(a))), a) for a in plays]
    top = max(c for c, _ in cuts)
    return rng.choice([a for c, a in cuts if c == top])


def _clue_of(a: act.PlayClue | act.PlayLavaTile) -> str:
    return a.tile if isinstance(a, act.PlayLavaTile) else a.card


def _easy_target(m: Model) -> int:
    """The nearest amulet, or the candidates of the smallest column (a located one first)."""
    amulets = 0
    for h in m.amulets:
        amulets |= bit(h)
    sizes = [(count(c), name) for name, c in m.cand.items() if count(c) >= 1]
    smallest = m.cand[min(sizes)[1]] if sizes else 0
    d_amulet = m.nearest(m.me, amulets)[0] if amulets else FAR
    d_small = m.nearest(m.me, smallest)[0] if smallest else FAR
    return amulets if d_amulet <= d_small else smallest


# ------------------------------------------------------------------ medium
def medium(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """Reasons over the candidate sets and the other players' likely cards (module doc)."""
    return medium_on(Model(view), legal, rng)


def medium_on(m: Model, legal: Sequence[Action], rng: random.Random) -> Action:
    """Medium's decision from a model already built (Hard's rollouts share its caches)."""
    view = m.view
    stage = view["stage"]
    if view["phase"] == "setup":
        return setup_choice(m, legal, rng)
    if stage in ("start", "amulet"):
        return act.TakeAmulet() if act.TakeAmulet() in legal else act.LeaveAmulet()
    if stage == "lava":
        return _place_lava(m, legal)
    if stage == "offer":
        return answer_offer(m, claim_threshold(m))
    if stage == "ward":
        return ward(m, legal)
    raises = of_type(legal, act.Raise)
    if raises:
        return max(raises, key=lambda a: m.roses(a.column)[m.me])
    if stage == "extra_clue":
        return max(_scored_plays(m, legal), key=lambda t: t[0])[1]
    if stage == "move":
        return _continue_move(m, legal)
    if not view["turn_state"]["main_done"]:
        return _main_action(m, legal)
    return _after_main(m, legal)


def _main_action(m: Model, legal: Sequence[Action]) -> Action:
    reach = located_in_reach(m, MAX_BOUNDS)
    if reach:
        step = step_toward(m, legal, reach)
        if step is not None:
            return step
    plays = _scored_plays(m, legal)
    best = max(plays, key=lambda t: t[0]) if plays else None
    if best is not None and best[0] > 0.5:
        return best[1]
    target = _medium_target(m)
    step = step_toward(m, legal, target) if target else None
    if step is None and target and m.mine["amulets"]:  # a way through lava, paid by amulet
        step = step_toward(m, legal, target, through_lava=True)
    if step is not None:
        return step
    stalling = m.view["stall"] >= STALL_PRESSURE  # waiting games end by the stall rule
    if best is not None and (best[0] > -1.0 or stalling):
        return best[1]
    if act.Swap() in legal and not plays:
        return act.Swap()
    return act.Pass()


def _continue_move(m: Model, legal: Sequence[Action]) -> Action:
    reach = located_in_reach(m, bounds_left(m.view))
    step = step_toward(m, legal, reach) if reach else None
    if step is None:
        target = _medium_target(m)
        step = step_toward(m, legal, target)
        if step is None and target and m.mine["amulets"]:
            step = step_toward(m, legal, target, through_lava=True)
    if step is not None:
        return step
    return act.StopMove() if act.StopMove() in legal else legal[0]


def _after_main(m: Model, legal: Sequence[Action]) -> Action:
    amulets = m.mine["amulets"]
    at_stake = any(m.roses(c)[m.me] for c in m.columns)
    spare = amulets - (1 if at_stake else 0)
    if spare >= 1 or (amulets and not at_stake):
        if act.BuyPower("extra_move") in legal and located_in_reach(m, MAX_BOUNDS):
            return act.BuyPower("extra_move")
        cube = _locating_cube(m, legal)
        if cube is not None:
            return cube
    if spare >= 1 and act.BuyPower("extra_clue") in legal:
        plays = _scored_plays(m, _all_plays(m))
        if plays and max(p[0] for p in plays) > 2.0:
            return act.BuyPower("extra_clue")
    return act.EndTurn() if act.EndTurn() in legal else legal[0]


def _all_plays(m: Model) -> list[Action]:
    """Every clue play the view's targets call legal (used before buying an extra clue)."""
    out: list[Action] = []
    for card, per_column in m.view["targets"]["clue_counts"].items():
        for name, n in per_column.items():
            if 0 < n < count(m.cand[name]) and m.mine["roses"] > 0:
                out.append(act.PlayClue(card, name))
    return out


def _locating_cube(m: Model, legal: Sequence[Action]) -> Action | None:
    """Remove a cube when that locates a treasure I reach before anyone else."""
    for a in of_type(legal, act.RemoveCube):
        cand = m.cand[a.column]
        if count(cand) != 2:
            continue
        other = next(h for h in iter_hexes(cand) if h != a.hex)
        if _i_win_race(m, other):
            return a
    return None


def _i_win_race(m: Model, h: Hex) -> bool:
    """Do I reach `h` first? In whole moves from my next turn: every rival moves before it,
    so I win only with fewer moves than each of them."""
    mine = m.turns_to(m.me, h)
    return mine < FAR and all(m.turns_to(r, h) > mine for r in m.rivals())


# ---------------------------------------------------------- clue scoring
def _scored_plays(m: Model, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    plays: list[act.PlayClue | act.PlayLavaTile] = [*of_type(legal, act.PlayClue)]
    plays += of_type(legal, act.PlayLavaTile)
    return [(clue_score(m, a.column, _clue_of(a)), a) for a in plays]


def clue_score(m: Model, column: str, clue: str) -> float:
    """Section 15, Medium: share gain x pool value + race - risk (+ preferences)."""
    before, after = m.cand[column], m.after(column, clue)
    n, n2 = count(before), count(after)
    roses = m.roses(column)
    mine, total = roses[m.me] + 1, sum(roses.values()) + 1
    value = m.mean_unseen_value() * (1 - m.curse_share())
    progress = 1.0 - n2 / max(n, 1)
    score = value * mine / total * (0.4 + progress) + 0.3 * roses[m.me]
    if n2 == 1:
        h = next(iter(iter_hexes(after)))
        score += 6.0 if _i_win_race(m, h) else -6.0
    elif n2 <= 4:
        score += 1.5 * _race(m, after) - 2.0 * _locate_risk(m, after)
    return score


def _race(m: Model, cand: int) -> float:
    """+1 when I am nearer (in turns) than every rival to the nearest candidate, else -1."""
    d_me = m.nearest(m.me, cand)[0]
    d_rival = min((m.nearest(r, cand)[0] for r in m.rivals()), default=FAR)
    return 1.0 if d_me < d_rival else -1.0 if d_me > d_rival else 0.0


def _locate_risk(m: Model, cand: int) -> float:
    """Chance a rival holds a card locating one of `cand` that it reaches first.

    The rival's hand is unknown: each unseen clue card is equally likely to be in it.
    """
    unseen = m.unseen_clues
    if not unseen:
        return 0.0
    bad = 0
    for card in unseen:
        left = cand & m.board.predicate(card)
        if count(left) == 1:
            h = next(iter(iter_hexes(left)))
            if not _i_win_race(m, h):
                bad += 1
    hand = max((s["hand_size"] for i, s in enumerate(m.seats) if i != m.me), default=0)
    p_card = bad / len(unseen)
    return 1 - (1 - p_card) ** hand


def _medium_target(m: Model) -> int:
    """Where to drive: candidates of my best columns, else an amulet."""
    best, target = 0.0, 0
    for name, cand in m.cand.items():
        n = count(cand)
        if n > CUBES or n == 0:
            continue
        share = (m.roses(name)[m.me] + 1) / (sum(m.roses(name).values()) + 1)
        value = share * (CUBES + 1 - n)
        if value > best:
            best, target = value, cand
    for h in m.amulets:
        if m.bounds_to(m.me, h) <= MAX_BOUNDS and best < 6:
            return bit(h)
    return target


# ------------------------------------------------------------- lava, claims
def _place_lava(m: Model, legal: Sequence[Action]) -> Action:
    """The lava hex that most improves my races against my rivals'."""
    lavas = of_type(legal, act.PlaceLava)
    return max(lavas, key=lambda a: (_lava_value(m, a.hex), a.hex))


def _lava_value(m: Model, h: Hex) -> float:
    total = 0.0
    for name, col in m.columns.items():
        removed = 0
        for x in col["removed"]:
            removed |= bit(hex_of(x))
        after = m.board.candidates_after_lava(h, m.predicates(name), removed)
        n = count(after)
        if n == 0 or n > CUBES:
            continue
        roses = m.roses(name)
        stake = (roses[m.me] + 0.5) / (sum(roses.values()) + 1)
        total += stake * _race(m, after) * (CUBES + 1 - n) / CUBES
    for r in m.rivals():
        rover = m.rovers[r]
        if rover is not None and dist(rover, h) == 1:
            total += 0.2  # in a rival's way
    return total


def claim_threshold(m: Model) -> float:
    """Claim a card worth at least this (section 15, Claiming)."""
    d = m.view["distribution"]
    left = d["pool_size"]
    if left == 0:
        return 1
    mine = m.inspected_in_pool()
    curse_known = CURSE in mine
    unknown = max(left - len(mine), 0)
    unseen_mean = m.mean_unseen_value()
    known_values = [c for c in mine if c != CURSE]
    mean_left = (sum(known_values) + unknown * unseen_mean * (1 - m.curse_share())) / left
    threshold = mean_left + 0.6
    if curse_known or unknown * m.curse_share() > 0.25:
        threshold -= 1.5
    my_roses = d["roses"].count(m.me)
    if my_roses > left:
        threshold -= 0.5
    return float(min(threshold, 5))


POLICIES: dict[str, Policy] = {"easy": easy, "medium": medium}
