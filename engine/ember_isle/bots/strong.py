"""Hard (spec section 15): Medium's play with Hard's own decisions where Medium loses value.

* Claims: every offer is decided by simulating the rest of the distribution (`claims`).
* Curses: an amulet wards a Curse unless the highest card is 3 or less.
* Amulets: spare ones spent on an extra move to a located treasure, a locating cube or an
  extra clue (a rose is a share of the loot) rather than left idle, keeping one against a
  Curse only while Curses may still come and roses are at stake; an amulet within reach is
  fetched when no clue scores above `fetch_below` (4.0 since the third session; 2.0 before).
* Lava (third session, `lava`): every legal hex is laid on a copy of the board and judged by
  its consequences (`lava.place_lava`: the new candidate sets, every rover's bound distances
  on the new board, who reaches each remaining candidate first and what that raise gives
  each seat), not by Medium's rule.
* Knobs left off after tuning: `leave` (leave an amulet whose lava would cost), `fetch_gain`
  (give up a good clue to fetch an amulet whose lava gains), besides those below.
* Also left off (bench/RESULTS.md): `deny` (a clue score that counts the
  rivals' share of the column) and `clairvoyant=False` (the sims' seats claim on the pool
  they expect rather than the sampled one).

Only the seat's view is read (through `Model`), and every draw comes from the bot's
generator, so a decision is a function of the view and the seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import actions as act
from ..actions import Action
from ..content import MAX_BOUNDS
from ..hexes import Hex, bit, count
from .claims import decide_offer
from .lava import lava_gain, place_lava
from .model import Model
from .policy import (
    STALL_PRESSURE,
    _all_plays,
    _clue_of,
    _locating_cube,
    _medium_target,
    _scored_plays,
    clue_score,
    located_in_reach,
    medium_on,
    of_type,
    step_toward,
)


@dataclass
class Knobs:
    """Which of Hard's own decisions are on (bench/ei_hard2.py switches them)."""

    claims: bool = True
    samples: int = 48  # sampled pools per answer to an offer
    clairvoyant: bool = True  # the sims' seats claim knowing the sampled pool
    ward_max: int = 3  # discard the highest card against a Curse when it is <= this
    amulets: bool = True
    extra_clue_min: float = 0.5  # buy an extra clue when the best clue scores above this
    fetch: bool = True  # drive to an amulet in reach when no clue is worth playing
    fetch_below: float = 4.0  # third session: 4.0 (H3: 2.0)
    deny: float = 0.0  # weight of the rivals' share of a column a clue advances
    lava: bool = True  # lava hexes chosen by their consequences (`lava.place_lava`)
    leave: float = 0.0  # if > 0: leave an amulet whose best lava loses more than this
    fetch_gain: float = 0.0  # if > 0: fetch an amulet in reach whose lava gains this much


KNOBS = Knobs()


def hard(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard's decision for the seat of `view` (module doc)."""
    m = Model(view)
    stage = view["stage"]
    if stage == "offer" and KNOBS.claims:
        return decide_offer(m, legal, rng, KNOBS.samples, KNOBS.clairvoyant)
    if stage == "ward":
        return _ward(m, legal)
    if stage == "lava" and KNOBS.lava:
        return place_lava(m, legal)
    if stage in ("start", "amulet") and KNOBS.leave > 0 and act.LeaveAmulet() in legal:
        gain = lava_gain(m)
        if gain is not None and gain < -KNOBS.leave:
            return act.LeaveAmulet()
    if stage == "extra_clue" and KNOBS.deny:
        return max(_plays(m, legal), key=lambda t: t[0])[1]
    if view["phase"] == "play" and stage == "turn" and not of_type(legal, act.Raise):
        if not view["turn_state"]["main_done"]:
            if KNOBS.fetch:
                fetch = _fetch(m, legal)
                if fetch is not None:
                    return fetch
            if KNOBS.deny:
                return _main_action(m, legal)
        elif KNOBS.amulets:
            return _after_main(m, legal)
    return medium_on(m, legal, rng)


def _ward(m: Model, legal: Sequence[Action]) -> Action:
    options = {a.choice: a for a in of_type(legal, act.WardCurse)}
    if "discard" in options and ("amulet" not in options or max(m.treasure) <= KNOBS.ward_max):
        return options["discard"]
    return options.get("amulet") or legal[0]


def _fetch(m: Model, legal: Sequence[Action]) -> Action | None:
    """A bound toward an amulet this move reaches, when no clue is worth playing."""
    if located_in_reach(m, MAX_BOUNDS):
        return None
    plays = _plays(m, legal)
    if plays and max(p[0] for p in plays) > KNOBS.fetch_below:
        return _fetch_for_lava(m, legal) if KNOBS.fetch_gain > 0 else None
    near = 0
    for h in m.amulets:
        if m.bounds_to(m.me, h) <= MAX_BOUNDS:
            near |= bit(h)
    return step_toward(m, legal, near) if near else None


def _fetch_for_lava(m: Model, legal: Sequence[Action]) -> Action | None:
    """A bound toward the amulet in reach whose lava (from there) gains the most, when that
    gain is at least `fetch_gain` (a good clue is given up for it)."""
    best: tuple[float, Hex] | None = None
    for h in m.amulets:
        d = m.bounds_to(m.me, h)
        if d > MAX_BOUNDS:
            continue
        gain = lava_gain(m, h, MAX_BOUNDS - d)
        if gain is not None and gain >= KNOBS.fetch_gain and (best is None or (gain, h) > best):
            best = (gain, h)
    return step_toward(m, legal, bit(best[1])) if best is not None else None


def _after_main(m: Model, legal: Sequence[Action]) -> Action:
    amulets = m.mine["amulets"]
    at_stake = any(m.roses(c)[m.me] for c in m.columns)
    keep = 1 if at_stake and m.curse_share() > 0 else 0
    spare = amulets - keep
    if spare >= 1:
        if act.BuyPower("extra_move") in legal and located_in_reach(m, MAX_BOUNDS):
            return act.BuyPower("extra_move")
        cube = _locating_cube(m, legal)
        if cube is not None:
            return cube
        if act.BuyPower("extra_clue") in legal:
            plays = _plays(m, _all_plays(m))
            if plays and max(p[0] for p in plays) > KNOBS.extra_clue_min:
                return act.BuyPower("extra_clue")
    return act.EndTurn() if act.EndTurn() in legal else legal[0]


def _plays(m: Model, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """The clue plays of `legal`, scored by Hard (Medium's score when `deny` is 0)."""
    if not KNOBS.deny:
        return _scored_plays(m, legal)
    plays: list[act.PlayClue | act.PlayLavaTile] = [*of_type(legal, act.PlayClue)]
    plays += of_type(legal, act.PlayLavaTile)
    return [(hard_clue_score(m, a.column, _clue_of(a)), a) for a in plays]


def hard_clue_score(m: Model, column: str, clue: str) -> float:
    """Medium's score less what the play gives the best-placed rival in that column."""
    score = clue_score(m, column, clue)
    n, n2 = count(m.cand[column]), count(m.after(column, clue))
    roses = m.roses(column)
    total = sum(roses.values()) + 1
    rival = max((roses[r] for r in m.rivals()), default=0) / total
    value = m.mean_unseen_value() * (1 - m.curse_share())
    progress = 1.0 - n2 / max(n, 1)
    return score - KNOBS.deny * value * rival * (0.4 + progress)


def _main_action(m: Model, legal: Sequence[Action]) -> Action:
    """Medium's main action (policy._main_action) with Hard's clue scores."""
    reach = located_in_reach(m, MAX_BOUNDS)
    if reach:
        step = step_toward(m, legal, reach)
        if step is not None:
            return step
    plays = _plays(m, legal)
    best = max(plays, key=lambda t: t[0]) if plays else None
    if best is not None and best[0] > 0.5:
        return best[1]
    target = _medium_target(m)
    step = step_toward(m, legal, target) if target else None
    if step is None and target and m.mine["amulets"]:
        step = step_toward(m, legal, target, through_lava=True)
    if step is not None:
        return step
    stalling = m.view["stall"] >= STALL_PRESSURE
    if best is not None and (best[0] > -1.0 or stalling):
        return best[1]
    if act.Swap() in legal and not plays:
        return act.Swap()
    return act.Pass()
