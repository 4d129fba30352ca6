"""Hard (spec section 15): determinized Medium-policy rollouts over a few candidate actions.

At its main action, an amulet to take or leave and a lava hex to place, Hard samples
`Settings.worlds` full games consistent with its view (`world.sample_world`: the other
hands and the deck orders drawn from the unseen cards), plays each candidate action in
every world and lets Medium play every seat on from there for a few turns, then scores the
world with `value` (treasure held, plus what the roses in the columns, the roses in hand
and the amulets are likely worth) as its own value minus its best rival's. The candidate
with the best total wins; Medium's own choice is always a candidate and wins ties.

The work is counted in rollout steps (actions played in worlds), never in wall-clock time,
so a decision is a function of the view and the generator: `Settings.budget` steps per
decision, shared by the candidates and worlds. Setup, the rest of a move, the powers after
the main action and the distribution (claims, Curses) are Medium's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import actions as act
from ..actions import Action
from ..game import Game
from ..hexes import Hex, bit, count
from .model import Model
from .policy import (
    _lava_value,
    _medium_target,
    _scored_plays,
    located_in_reach,
    medium,
    medium_on,
    of_type,
    step_toward,
)
from .world import can_sample, sample_world


@dataclass(frozen=True)
class Settings:
    """Hard's knobs (the tuning in bench/RESULTS.md, "Ember Isle Hard", chose them)."""

    budget: int = 150  # rollout steps per decision, over all candidates and worlds
    worlds: int = 2
    turns: int = 2  # turns a rollout plays after the current one
    max_candidates: int = 4
    w_rose: float = 2.0  # value of a rose standing in a column
    w_amulet: float = 1.0
    w_roses_left: float = 0.3  # value of a rose not yet played


SETTINGS = Settings()
Shared = dict[tuple[int, Hex], dict[Hex, int]]
STATS: dict[str, int] = {"searches": 0, "steps": 0}  # counted by every search (tests, bench)


def hard(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    rng: random.Random,
    settings: Settings | None = None,
) -> Action:
    """Hard's decision for the seat of `view` (module doc)."""
    cfg = settings or SETTINGS
    base = medium(view, legal, rng)
    if len(legal) < 2 or not can_sample(view) or not searched(view):
        return base
    m = Model(view)
    cands = candidates(m, legal, base, cfg.max_candidates)
    if len(cands) < 2:
        return base
    seed = rng.randrange(1 << 30)
    STATS["searches"] += 1
    worlds = [sample_world(view, random.Random(seed + k), m) for k in range(cfg.worlds)]
    per = max(cfg.budget // (len(cands) * len(worlds)), 1)
    totals = []
    shared: Shared = {}
    for a in cands:
        total = 0.0
        for k, w in enumerate(worlds):
            r = random.Random(seed ^ (k * 7919 + 1))
            total += rollout(w.clone(), a, m.me, r, per, cfg, shared)
        totals.append(total)
    best = max(range(len(cands)), key=lambda i: (totals[i], -i))
    return cands[best]


def searched(view: Mapping[str, Any]) -> bool:
    """The decisions Hard searches: the main action, taking an amulet, placing lava (the
    rest of a move, the powers and extra clues after it are Medium's)."""
    stage = view["stage"]
    if stage == "turn":
        return not view["turn_state"]["main_done"]
    return stage in ("start", "amulet", "lava")


def candidates(m: Model, legal: Sequence[Action], base: Action, cap: int) -> list[Action]:
    """Medium's choice first, then the plausible alternatives (at most `cap`)."""
    out: list[Action] = [base]

    def add(a: Action | None) -> None:
        if a is not None and a in legal and a not in out:
            out.append(a)

    for a in legal:  # the few special actions: raise, swap, pass, powers, amulets, end
        if not isinstance(a, act.Bound | act.PlayClue | act.PlayLavaTile | act.PlaceLava
                          | act.RemoveCube):
            add(a)
    for _, a in sorted(_scored_plays(m, legal), key=lambda t: -t[0])[:3]:
        add(a)
    lavas = of_type(legal, act.PlaceLava)
    for a in sorted(lavas, key=lambda a: (-_lava_value(m, a.hex), a.hex))[:4]:
        add(a)
    cubes = of_type(legal, act.RemoveCube)
    for a in cubes[:2]:
        add(a)
    if of_type(legal, act.Bound):
        amulets = 0
        for h in m.amulets:
            amulets |= bit(h)
        for target in (located_in_reach(m, 3), _medium_target(m), amulets):
            if target:
                add(step_toward(m, legal, target))
        for cand in sorted(m.cand.values(), key=count):
            if 1 < count(cand) <= 6:
                add(step_toward(m, legal, cand))
    return out[:cap]


def rollout(
    g: Game,
    first: Action,
    me: int,
    rng: random.Random,
    steps: int,
    cfg: Settings,
    shared: Shared | None = None,
) -> float:
    """Play `first`, then Medium for every seat for `cfg.turns` turns (at most `steps`
    actions); the world's value for `me`. `shared`: bound distances kept across the
    rollouts of one search (same terrain)."""
    shared = {} if shared is None else shared
    g.play(first)
    stop = g.turns + cfg.turns
    n = 0
    while g.phase != "over" and n < steps and g.turns <= stop:
        seat = g.to_move
        assert seat is not None
        legal = g.legal_actions()
        if len(legal) == 1:
            a = legal[0]
        else:
            a = medium_on(Model(g.view(seat), g.board, shared), legal, rng)
        g.play(a)
        n += 1
    STATS["steps"] += n + 1
    return margin(g, me, cfg)


def value(g: Game, seat: int, cfg: Settings) -> float:
    """What a seat's position is worth in a world (full knowledge of that world)."""
    s = g.seats[seat]
    total = float(sum(s.treasure))
    if g.phase == "over":
        return total
    roses = sum(1 for col in g.columns.values() for c in col.clues if c.rose == seat)
    if g.dist is not None:
        roses += g.dist.roses.count(seat)
    return total + cfg.w_rose * roses + cfg.w_amulet * s.amulets + cfg.w_roses_left * s.roses


def margin(g: Game, me: int, cfg: Settings) -> float:
    """My value minus the best rival's (a won game's margin when it is over)."""
    mine = value(g, me, cfg)
    best = max(value(g, i, cfg) for i in range(len(g.seats)) if i != me)
    if g.phase == "over":
        return mine - best + (20.0 if mine > best else 0.0)
    return mine - best


__all__ = ["SETTINGS", "STATS", "Settings", "candidates", "hard", "margin", "rollout"]
