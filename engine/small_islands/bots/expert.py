"""Expert: determinized flat Monte Carlo over whole-round playouts, effort fixed by counts.

Expert sees what Hard sees (its seat's view) and starts from Hard's knowledge:

1. **Worlds.** It draws `Effort.pool` hidden worlds from the view (`determinize`) and weighs
   each by how well its guesses of the opponents' objectives explain the tiles they placed
   this round (Hard's `Evidence`). The playout worlds are drawn from that pool in proportion
   to the weights (systematic resampling), so the search spends its playouts on the
   opponents' likely objectives rather than on every unseen card alike.
2. **Candidates.** Hard's evaluation proposes a few lines of play, Hard's own choice first:
   at the take step every display tile (with the placement Hard would make after taking it)
   and the best landings; for houses, objectives and the starting layout Medium's best few.
3. **Playouts.** Each line is played in each world, then the round is played to the end of
   its reward phase by a fast Medium-like policy for every seat (opponents with their
   sampled objectives), and scored as Hard scores its playouts -- own total plus what is
   still in hand (houses, tokens, the ship), minus the best opponent's -- except that next
   round's objective counts with its measured weight (`W_LATER_END`), not Medium's. Every
   line meets the same worlds and playout seeds (common random numbers).
4. **Choice.** Expert departs from Hard's choice only when another line's paired margin is
   higher by at least `Effort.min_gain` PP and `Effort.confidence` standard errors.

Placing a tile and bonus tokens are Hard's (one evaluation over the pool, with the
opponents' expected gain taken off); so are takes while landing is not yet possible: their
playouts could not tell the lines apart (paired standard error ~1 PP for differences of a
few tenths, measured) and cost most of the time (`Effort.search_nav`). A decision with one
legal action costs nothing. Every count is fixed, so a decision depends only on the view,
the legal actions and the seed -- never on the machine or the clock.

Unlike Hard's playouts, every line is scored at the end of the round of the decision: a
line that itself ends the round (the last seat's "end reward turn") is not played a whole
round further than the others.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..actions import (
    Action,
    ChooseObjective,
    EndReward,
    EndTurn,
    Land,
    PlaceHouse,
    PlaceTile,
    StartLayout,
    TakeTile,
)
from ..board import Board
from ..content import NAVIGATION_SIZE
from ..game import Game
from . import rollout
from .evaluate import W_LATER, summarize
from .infer import ObjectiveModel
from .policy import Ctx, medium, ranked
from .search import MAX_PLAYOUT_STEPS, Denial, Evidence, _best, _margin, _step, take_options
from .world import board_from_view, determinize, known_hands


@dataclass(frozen=True)
class Effort:
    """Expert's search effort: counts only (no clock), so decisions are reproducible."""

    pool: int = 32  # worlds drawn from the view (opponent models, Hard's evaluation)
    worlds: int = 12  # playout worlds per candidate line (at takes and landings)
    reward_worlds: int = 16  # ... for houses (short playouts: the rest of the reward phase)
    setup_worlds: int = 6  # ... for objectives and the starting layout (a whole round)
    takes: int = 3  # take lines compared (each display tile with its planned placement)
    landings: int = 2  # landing lines compared when landing is possible
    choices: int = 4  # candidates for houses, objectives, starting layouts
    search_nav: int = -1  # search takes (no landing possible) from this Navigation count on
    min_gain: float = 0.5  # PP of paired margin a line must add over Hard's choice
    confidence: float = 1.5  # ... and by this many standard errors (up to 4 rivals at once)
    policy: str = "fast"  # playout policy: "fast" (Hard's) or "strong" (rollout.py)
    objective_lines: int = 4  # objective pairs compared (Medium's best first; 0: one per card)
    choices_now: int = 6  # ... with 0: at most this many cards to play this round
    w_card: float = 0.0  # weight of the card kept for next round (`CARD_VALUE`)
    w_later: float = W_LATER  # next round's objective in Expert's own tile and token values
    hands: bool = False  # the other hands' tiles the log shows are dealt to them
    choice_model: float = 0.0  # > 0: the others' objectives drawn by `infer` (its beta)
    place_lines: int = 0  # placements compared by playouts at the place step (< 2: Hard's)
    last_round: bool = False  # in the game's last round: no next-round objective, and ...
    last_token_cost: float | None = None  # ... what a token must gain (None: Hard's rule)
    sample: int = 0  # strong policy: positions looked at per tile (0: all)
    verify: int = 0  # > 0: a departure from Hard's choice is played out again in this many
    #                  fresh worlds and kept only if it still gains there (no selection bias)


EFFORT = Effort()
# What next round's objective, valued on the map at the end of a round (Medium's
# `isle_value` over the best 4 islands), says about the points a seat scores in the rest
# of the game: +0.04 ± 0.02 PP per PP with one round to go, +0.04 ± 0.04 with two (least
# squares over 1 180 and 1 186 seat-rounds of 600 Medium-vs-Medium games, seeds
# 500000-500599: bench/expert_value.py). Hard's playouts weigh it 0.35, which made lines
# that grow islands (exploring on rather than landing; objective pairs keeping a card that
# fits the map) look several PP better than the points they score in the round.
W_LATER_END = 0.04
# What an objective card yields in a round in which it is played, minus the average over
# cards (Medium-vs-Medium, 2 seats, seeds 300000-300199: PP per reward turn; a Discovery
# draw counted as the expected best of its tokens). Normal mode's cards only.
_CARD_PP = {"O1": 7.32, "O2": 6.87, "O3": 6.03, "O4": 10.35, "O5": 3.81, "O6": 4.79,
            "O7": 7.93, "O8": 11.27, "O9": 0.52, "O10": 7.42, "O11": 4.10, "O12": 11.15}
CARD_VALUE = {k: v - sum(_CARD_PP.values()) / len(_CARD_PP) for k, v in _CARD_PP.items()}


def _last_round(game: Game) -> bool:
    """Will the game end with this round (its last ship, or too few tiles after it)?"""
    return game.ships_left() <= 1 or len(game.reserve) < NAVIGATION_SIZE


def expert(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random,
           effort: Effort = EFFORT, trace: list[Any] | None = None) -> Action:
    """The Expert player's choice for the seat of `view` (see the module docstring).

    `trace`, if given, receives the searched lines and their margins per world.
    """
    if len(legal) == 1:
        return legal[0]
    seat = view["seat"]
    board = board_from_view(view)
    hands = known_hands(view) if effort.hands else None
    pool = _draw(view, rng, board, hands, effort)
    evidence = Evidence(view)
    first = pool[0]
    last = effort.last_round and _last_round(first)
    denial = Denial(first, seat, pool, evidence, 0.0 if last else effort.w_later,
                    effort.last_token_cost if last else None)
    kind = legal[0]
    if isinstance(kind, PlaceTile):
        scored = denial.placements(Ctx.of(first, seat, denial.w_later), first.seats[seat].hand)
        if not scored:
            return medium(first, legal, rng)
        if effort.place_lines < 2:
            return _best(scored)
        lines, n_worlds = _place_lines(scored, effort), effort.worlds
    elif isinstance(kind, EndTurn):
        return _best(denial.tokens(legal))
    else:
        lines, n_worlds = _lines(first, legal, denial, view, effort)
    if len(lines) == 1:
        return lines[0][0]
    weights = _world_weights(pool, seat, evidence)
    worlds = _resample(pool, weights, n_worlds, rng)
    margins = _card_values(first, lines, _evaluate(lines, worlds, seat, rng, effort), effort)
    if trace is not None:
        trace.append((lines, margins))
    pick = _pick(margins, effort)
    if pick and effort.verify:
        fresh = _draw(view, rng, board, hands, effort)
        worlds = _resample(fresh, _world_weights(fresh, seat, evidence), effort.verify, rng)
        pair = [lines[0], lines[pick]]
        check = _card_values(first, pair, _evaluate(pair, worlds, seat, rng, effort), effort)
        if sum(a - b for a, b in zip(check[1], check[0], strict=True)) <= 0:
            pick = 0
    return lines[pick][0]


def _draw(view: Mapping[str, Any], rng: random.Random, board: Board,
          hands: dict[int, list[str]] | None, effort: Effort) -> list[Game]:
    """`effort.pool` worlds drawn from the view (the others' objectives by the choice model
    when it is on)."""
    pool = [determinize(view, rng, board, hands) for _ in range(effort.pool)]
    if effort.choice_model:
        model = ObjectiveModel(view, effort.choice_model)
        if model.seats:
            for world in pool:
                model.resample(world, rng)
    return pool


def _card_values(first: Game, lines: list[list[Action]], margins: list[list[float]],
                 effort: Effort) -> list[list[float]]:
    """With `w_card`, an objective line's margins plus the value of the card it keeps."""
    if not (isinstance(lines[0][0], ChooseObjective) and effort.w_card
            and not _last_round(first)):
        return margins
    extras = [effort.w_card * CARD_VALUE.get(line[0].later, 0.0)  # type: ignore[attr-defined]
              for line in lines]
    return [[m + extra for m in ms] for ms, extra in zip(margins, extras, strict=True)]


# ------------------------------------------------------------------ candidates
def _place_lines(scored: list[tuple[float, Action]], effort: Effort) -> list[list[Action]]:
    """The best few placements by Hard's values, best first (Hard's choice)."""
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
    return [[scored[i][1]] for i in order[: effort.place_lines]]


def _lines(game: Game, legal: Sequence[Action], denial: Denial, view: Mapping[str, Any],
           effort: Effort) -> tuple[list[list[Action]], int]:
    """Lines to compare (Hard's choice first) and how many worlds to play them in."""
    first = legal[0]
    if isinstance(first, (TakeTile, Land)):
        lines = _take_lines(game, legal, denial, effort)
        searched = any(isinstance(a, Land) for a in legal) or (
            view["navigation_count"] <= effort.search_nav)
        return (lines if searched else lines[:1]), effort.worlds
    if isinstance(first, (PlaceHouse, EndReward)):
        return _house_lines(game, legal, effort), effort.reward_worlds
    if isinstance(first, ChooseObjective):
        scored = ranked(game, legal)
        if effort.objective_lines > 0:
            return [[a] for _, a in scored[: effort.objective_lines]], effort.setup_worlds
        return _objective_lines(game, scored, effort), effort.setup_worlds
    if isinstance(first, StartLayout):
        scored = ranked(game, legal)
        return [[a] for _, a in scored[: effort.choices]], effort.setup_worlds
    return [[medium(game, legal, random.Random(0))]], 0


def _objective_lines(game: Game, scored: list[tuple[float, Action]],
                     effort: Effort) -> list[list[Action]]:
    """One line per card that could be played this round (Medium's best first), each
    keeping for next round the card Medium ranks best with it, plus `CARD_VALUE`."""
    keep = 0.0 if _last_round(game) else effort.w_card
    best: dict[str, tuple[float, Action]] = {}
    for v, action in scored:
        assert isinstance(action, ChooseObjective)
        v += keep * CARD_VALUE.get(action.later, 0.0)
        if action.now not in best or v > best[action.now][0]:
            best[action.now] = (v, action)
    return [[a] for _, a in list(best.values())[: effort.choices_now]]


def _house_lines(game: Game, legal: Sequence[Action], effort: Effort) -> list[list[Action]]:
    """Medium's best house on each of the best few islands, and ending the reward turn.

    Two spots (or resource choices) on one island score the same: only the best is kept.
    """
    _, where = summarize(game.board)
    islands: set[int] = set()
    lines: list[list[Action]] = []
    for _, action in ranked(game, legal):
        if isinstance(action, PlaceHouse):
            island = where[(action.x, action.y)]
            if island in islands or len(islands) >= effort.choices:
                continue
            islands.add(island)
        lines.append([action])
    return lines


def _take_lines(game: Game, legal: Sequence[Action], denial: Denial,
                effort: Effort) -> list[list[Action]]:
    """Take-and-place lines by Hard's values, then the best landings; Hard's pick first."""
    takes, lands = take_options(game, legal, denial)
    picked: list[tuple[float, Land]] = []
    for ship in dict.fromkeys(a.ship for _, a in lands):  # the best spot for each ship first
        picked.append(next(p for p in lands if p[1].ship == ship))
    picked += [p for p in lands if p not in picked]
    picked = sorted(picked[: effort.landings], key=lambda p: -p[0])
    lines = [line for _, line in takes[: effort.takes]] + [[a] for _, a in picked]
    if picked and takes and picked[0][0] > takes[0][0]:  # Hard would land
        lines.remove([picked[0][1]])
        lines.insert(0, [picked[0][1]])
    return lines


# ---------------------------------------------------------------------- worlds
def _world_weights(pool: list[Game], seat: int, evidence: Evidence) -> list[float]:
    """Each world's likelihood: its opponents' objective guesses against their placements."""
    weights = [1.0] * len(pool)
    for i in range(len(pool[0].seats)):
        if i == seat:
            continue
        guesses = [w.seats[i].now for w in pool]
        if any(g is None for g in guesses):
            continue
        for k, w in enumerate(evidence.weights(i, guesses)):
            weights[k] *= w
    return weights


def _resample(pool: list[Game], weights: list[float], n: int,
              rng: random.Random) -> list[Game]:
    """`n` worlds drawn from `pool` in proportion to `weights` (systematic resampling)."""
    total = sum(weights)
    if n <= 0 or total <= 0:
        return pool[:n]
    step = total / n
    u = rng.random() * step
    out: list[Game] = []
    acc = 0.0
    k = 0
    for w, weight in zip(pool, weights, strict=True):
        acc += weight
        while k < n and u + k * step < acc:
            out.append(w)
            k += 1
    while len(out) < n:  # rounding at the very end
        out.append(pool[-1])
    return out


# -------------------------------------------------------------------- playouts
def _evaluate(lines: list[list[Action]], worlds: list[Game], seat: int,
              rng: random.Random, effort: Effort = EFFORT) -> list[list[float]]:
    """Each line's margin in each world (same worlds and playout seeds for every line)."""
    margins: list[list[float]] = [[] for _ in lines]
    for world in worlds:
        seed = rng.getrandbits(32)
        for i, line in enumerate(lines):
            g = world.clone()
            for action in line:
                g.play(action)
            margins[i].append(playout(g, seat, random.Random(seed), max(world.round, 1),
                                      effort))
    return margins


def playout(g: Game, seat: int, rng: random.Random, round_: int,
            effort: Effort = EFFORT) -> float:
    """Play on to the end of round `round_` (or of the game); `seat`'s margin then.

    Every line is scored at the same point, the end of the round of the decision, even a
    line whose last action already ended that round (Hard's playout starts counting at
    the position after the line, so such a line was played a whole round further).
    """
    if effort.policy == "strong":
        return rollout.playout(g, seat, rng, round_, effort.sample, W_LATER_END)
    for _ in range(MAX_PLAYOUT_STEPS):
        if g.phase == "over" or g.round != round_:
            break
        _step(g, rng)
    return _margin(g, seat, W_LATER_END)


def _pick(margins: list[list[float]], effort: Effort) -> int:
    """Hard's choice (index 0) unless another line is clearly better in paired worlds."""
    n = len(margins[0])
    if n < 2:
        return 0
    best, best_gain = 0, 0.0
    for i in range(1, len(margins)):
        diffs = [a - b for a, b in zip(margins[i], margins[0], strict=True)]
        mean = sum(diffs) / n
        sd = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
        if mean > effort.min_gain and mean > effort.confidence * sd / n**0.5 and mean > best_gain:
            best, best_gain = i, mean
    return best


def scaled(effort: Effort, worlds: int) -> Effort:
    """`effort` with every playout count capped at `worlds` (small, fast tests)."""
    return replace(effort, worlds=min(effort.worlds, worlds),
                   reward_worlds=min(effort.reward_worlds, worlds),
                   setup_worlds=min(effort.setup_worlds, worlds))


__all__ = ["EFFORT", "Effort", "expert", "scaled"]
