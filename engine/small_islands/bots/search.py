"""Hard: decisions over determinized worlds.

The Hard player samples hidden worlds consistent with its own view (`determinize`): other
hands, stack orders, the opponents' objective cards, Discovery values.

* Placing a tile, taking one (when landing is not possible) and bonus tokens: Medium's
  values minus the opponents' expected gain over `DENIAL_WORLDS` worlds (`Denial`). Each
  world's guess of an opponent's objective counts by how well it explains the tiles that
  opponent placed this round, read from the view's public log and map (`Evidence`). A
  take also counts what it leaves them: their best gain from the display tiles it leaves
  showing (`W_LEAVE`).
* Landing (versus exploring on), houses and objective choice: each candidate is played in
  each world, then the round is played out with a fast Medium-like policy for every seat
  (whose hidden cards in that world are the sampled ones). The outcome is the Hard seat's
  total minus the best opponent's, plus a small estimate of what each seat still holds
  (houses, tokens, objectives). The same worlds and playout seeds serve every candidate
  (common random numbers), so candidates are compared by paired differences: Hard departs
  from Medium's first choice only when another gains at least `MIN_GAIN` on average and by
  `CONFIDENCE` standard errors. Sampling stops at the time budget.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..actions import (
    Action,
    ChooseObjective,
    EndReward,
    EndTurn,
    KeepDiscovery,
    Land,
    PlaceHouse,
    PlacePortToken,
    PlaceResourceToken,
    PlaceTile,
    StartLayout,
    TakeTile,
)
from ..board import Board
from ..content import TILE_BY_ID
from ..game import Game
from ..modes import MODES
from ..tiles import SHIP_TILE
from . import evaluate
from .evaluate import INDEX, PORT, W_LATER, Isle, isle_value, merged, summarize
from .policy import Ctx, land_value, medium, placement_values, ranked, token_cost, token_values
from .world import board_from_view, determinize

CANDIDATES = 4
SAMPLE_POSITIONS = 8
SAMPLE_LANDINGS = 6
MAX_PLAYOUT_STEPS = 400
DENIAL_WORLDS = 24  # worlds sampled to guess the opponents' objectives
W_DENY = 0.5  # weight of the opponents' expected gain
MIN_WORLDS = 3  # fewer paired samples than this: keep Medium's choice
MIN_GAIN = 0.5  # PP of average margin an alternative must add over Medium's choice
CONFIDENCE = 1.0  # ... and by this many standard errors of the paired differences
OPP_BETA = 2.0  # how sharply an opponent's placements this round single out its objective
W_LEAVE = 0.6  # weight (relative to W_DENY) of the best display tile a take leaves them
# A playout's value at a round's start (see `playout`): the position after the round was
# played out, and the seat it is valued for. None: Hard's `_margin`.
Leaf = Callable[[Game, int], float]
# A tile placement chooser (see `hard`): a world, the seat, and Hard's scored placements.
# None: Hard's best score.
Place = Callable[[Game, int, Sequence[tuple[float, Action]]], Action]
# Hard's clock. The app measures wall time; tournaments use the process's CPU time so that
# other work on the machine does not cut Hard's search short (see bots/tournament.py).
CLOCK = time.perf_counter


def hard(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random, budget_s: float,
         max_worlds: int | None = None, leaf: Leaf | None = None,
         place: Place | None = None) -> Action:
    """The Hard player's choice (see the module docstring).

    `leaf` values the playouts that end at the start of a next round (rounds 1-3; see
    `playout`); None keeps Hard's own `_margin`, and with it Hard's play unchanged.
    `place` chooses a tile's placement from Hard's scored placements (in the first world
    drawn); None keeps Hard's best score.
    """
    start = CLOCK()
    seat = view["seat"]
    board = board_from_view(view)
    worlds = [determinize(view, rng, board) for _ in range(DENIAL_WORLDS)]
    first = worlds[0]
    kind = legal[0]
    denial = Denial(first, seat, worlds, Evidence(view))
    if isinstance(kind, PlaceTile):
        ctx = Ctx.of(first, seat)
        scored = denial.placements(ctx, first.seats[seat].hand)
        if not scored:
            return medium(first, legal, rng)
        return place(first, seat, scored) if place is not None else _best(scored)
    if isinstance(kind, EndTurn):
        return _best(denial.tokens(legal))
    candidates = _candidates(first, legal, denial)
    if len(candidates) == 1:
        return candidates[0][0]
    whole_round = True
    margins: list[list[float]] = [[] for _ in candidates]
    n = 0
    while True:
        world = worlds[n] if n < len(worlds) else determinize(view, rng, board)
        seed = rng.getrandbits(32)
        for i, line in enumerate(candidates):
            g = world.clone()
            for action in line:
                g.play_unchecked(action)
            margins[i].append(playout(g, seat, random.Random(seed), whole_round, leaf))
        n += 1
        if max_worlds is not None and n >= max_worlds:
            break
        spent = CLOCK() - start
        if spent + spent / n > budget_s:
            break
    return candidates[_pick(margins)][0]


def _best(scored: Sequence[tuple[float, Action]]) -> Action:
    """Highest value, earliest on ties."""
    return max(enumerate(scored), key=lambda p: (p[1][0], -p[0]))[1][1]


class Denial:
    """Medium's values minus what a move is expected to give the opponents.

    The opponents' objectives are unknown: each sampled world holds one guess. A guess
    counts by how well it explains the tiles that opponent placed this round (`Evidence`;
    equally when there is no such tile), and the opponents' gain is averaged so.
    """

    def __init__(self, game: Game, seat: int, worlds: list[Game],
                 evidence: Evidence | None = None, w_later: float | None = None,
                 cost: float | None = None) -> None:
        self.game, self.seat = game, seat
        # next round's objective in the seat's own values (None: the weights in force)
        self.w_later = evaluate.W.later if w_later is None else w_later
        self.cost = cost  # what a bonus token must gain (None: `token_cost`)
        self.isles, self.where = summarize(game.board)
        self.models: list[tuple[str, str, str, float, list[float]]] = []
        others = [i for i in range(len(game.seats)) if i != seat]
        for i in others:
            guesses = [w.seats[i].now for w in worlds]
            if any(now is None for now in guesses):
                continue
            weights = evidence.weights(i, guesses) if evidence else [1.0] * len(guesses)
            total = sum(weights)
            s = game.seats[i]
            for w, now, weight in zip(worlds, guesses, weights, strict=True):
                assert now is not None
                m, r = w.mode.parts(now)
                base = [isle_value(m, r, isle, s.colour, True) for isle in self.isles]
                self.models.append((m, r, s.colour, weight / total, base))
        self.scale = W_DENY / max(1, len(others))

    def gain(self, isle: Isle, drop: set[int]) -> float:
        """Expected opponents' gain when islands `drop` become `isle`."""
        total = 0.0
        for m, r, colour, weight, base in self.models:
            total += weight * (isle_value(m, r, isle, colour, True) - sum(base[j] for j in drop))
        return total * self.scale

    def left_for_them(self, display: Sequence[str | None]) -> list[float]:
        """For each display slot: the opponents' expected best gain from the tiles a take
        there leaves in the display (each guess's best tile, placed where it gains most)."""
        board = self.game.board
        best: list[list[float]] = []  # per display slot, per model
        for tile_id in display:
            row = [0.0] * len(self.models)
            if tile_id is not None:
                tile = TILE_BY_ID[tile_id]
                masks = tile.rotation_masks()
                seen: set[tuple[int, int, int]] = set()
                for x, y, r in board.legal_positions(tile):
                    if (x, y, masks[r]) in seen:
                        continue
                    seen.add((x, y, masks[r]))
                    isle, drop = merged(board, self.isles, self.where, tile_id, x, y, r)
                    for k, (m, rw, colour, _, base) in enumerate(self.models):
                        g = isle_value(m, rw, isle, colour, True) - sum(base[j] for j in drop)
                        if g > row[k]:
                            row[k] = g
            best.append(row)
        out = []
        for slot in range(len(display)):
            total = 0.0
            for k, (_, _, _, weight, _) in enumerate(self.models):
                total += weight * max((best[t][k] for t in range(len(display)) if t != slot),
                                      default=0.0)
            out.append(total * self.scale)
        return out

    def placements(self, ctx: Ctx, tiles: Sequence[str]) -> list[tuple[float, Action]]:
        """Medium's placement values with the opponents' expected gain taken off."""
        board = self.game.board
        out: list[tuple[float, Action]] = []
        for v, place in placement_values(ctx, tiles):
            isle, joined = merged(board, self.isles, self.where, place.tile, place.x, place.y,
                                  place.rotation)
            out.append((v - self.gain(isle, joined), place))
        return out

    def tokens(self, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """Medium's token gains (cost included) minus the opponents' expected gain."""
        g = self.game
        ctx = Ctx.of(g, self.seat, self.w_later)
        cost = token_cost(g, self.seat) if self.cost is None else self.cost
        out: list[tuple[float, Action]] = []
        for v, action in token_values(ctx, legal):
            if isinstance(action, EndTurn):
                out.append((0.0, action))
                continue
            assert isinstance(action, (PlaceResourceToken, PlacePortToken))
            k = self.where[(action.x, action.y)]
            isle = self.isles[k]
            counts = list(isle.counts)
            if isinstance(action, PlaceResourceToken):
                counts[INDEX[g.board.resource_at(action.x, action.y, action.index)]] -= 1
                counts[INDEX[action.resource]] += 1
            else:
                counts[PORT] += 1
            new = Isle(isle.size, tuple(counts), isle.houses, isle.colours,  # type: ignore[arg-type]
                       isle.open, isle.near_ship, isle.cells)
            out.append((v - cost - self.gain(new, {k}), action))
        return out


_PLACED = re.compile(r"placed (\S+) at \((\d+), (\d+)\)$")


class Evidence:
    """What the opponents' placements this round say about their objectives.

    Each tile another seat placed this round (public log and map of the view) is set
    against every legal position of that tile on the map as it was: under an objective
    guess, the placement's likelihood is a softmax (`OPP_BETA`) of this round's objective
    value (Medium's now-term) over those positions. Weights are relative likelihoods.
    """

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.steps: dict[int, list[_Step]] = {}
        if view.get("solo") or view["phase"] != "exploration" or OPP_BETA <= 0:
            return
        tiles = view["board"]["tiles"]
        index = {(t["x"], t["y"]): k for k, t in enumerate(tiles)}
        placed: list[tuple[int, int]] = []
        for entry in view["log"]:
            seat = entry.get("seat")
            if entry.get("round") != view["round"] or seat is None or seat == view["seat"]:
                continue
            found = _PLACED.match(entry.get("text", ""))
            if not found:
                continue
            k = index.get((int(found[2]), int(found[3])))
            if k is not None and tiles[k]["id"] == found[1]:
                placed.append((seat, k))
        if not placed:
            return
        board = board_from_view(view, tiles=0)  # houses and tokens; tiles follow one by one
        done = 0
        key: tuple[Any, ...] = ()
        for seat, k in sorted(placed, key=lambda p: p[1]):
            for t in tiles[done:k]:
                tile = SHIP_TILE if t["ship"] is not None else TILE_BY_ID[t["id"]]
                board.put(tile, t["x"], t["y"], t["rotation"], owner=t["ship"])
                key += ((t["x"], t["y"], t["id"], t["rotation"]),)
            done = k
            t = tiles[k]
            s = view["seats"][seat]
            step_key = (view["mode"], key, t["x"], t["y"], t["id"], t["rotation"], s["colour"],
                        s["stock"])
            step = _STEPS.get(step_key)
            if step is None:
                if len(_STEPS) > 256:
                    _STEPS.clear()
                step = _STEPS[step_key] = _Step(board, t, s["colour"], s["stock"], view["mode"])
            self.steps.setdefault(seat, []).append(step)

    def weights(self, seat: int, guesses: Sequence[str | None]) -> list[float]:
        """Relative likelihood of each objective guess for `seat` (1.0 each if no tile)."""
        steps = self.steps.get(seat)
        if not steps:
            return [1.0] * len(guesses)
        ll = [sum(step.loglik(g) for step in steps) if g else 0.0 for g in guesses]
        top = max(ll)
        return [math.exp(v - top) for v in ll]


class _Step:
    """One opponent placement: the positions it chose among, as merged islands."""

    def __init__(self, board: Board, placed: dict[str, Any], colour: str, stock: int,
                 mode: str) -> None:
        self.colour, self.stock, self.parts = colour, stock, MODES[mode].parts
        self.isles, where = summarize(board)
        tile = TILE_BY_ID[placed["id"]]
        masks = tile.rotation_masks()
        actual = (placed["x"], placed["y"], masks[placed["rotation"]])
        seen: set[tuple[int, int, int]] = set()
        self.options: list[tuple[Isle, set[int]]] = []
        self.chosen = -1
        for x, y, r in board.legal_positions(tile):
            key = (x, y, masks[r])
            if key in seen:
                continue
            seen.add(key)
            if key == actual:
                self.chosen = len(self.options)
            self.options.append(merged(board, self.isles, where, tile.id, x, y, r))
        self.cache: dict[str, float] = {}

    def loglik(self, objective: str) -> float:
        """Log-likelihood of the chosen position under `objective` (0 if not modelled)."""
        if objective in self.cache:
            return self.cache[objective]
        out = 0.0
        if self.chosen >= 0 and len(self.options) > 1:
            m, r = self.parts(objective)
            base = [isle_value(m, r, isle, self.colour, True) for isle in self.isles]
            values = []
            for isle, joined in self.options:
                vals = [v for j, v in enumerate(base) if j not in joined]
                vals.append(isle_value(m, r, isle, self.colour, True))
                vals.sort(reverse=True)
                values.append(OPP_BETA * sum(vals[: self.stock]))
            top = max(values)
            out = values[self.chosen] - top - math.log(sum(math.exp(v - top) for v in values))
        self.cache[objective] = out
        return out


_STEPS: dict[tuple[Any, ...], _Step] = {}


def _pick(margins: list[list[float]]) -> int:
    """Medium's first choice (index 0) unless another is clearly better in paired worlds."""
    best, best_gain = 0, 0.0
    n = len(margins[0])
    if n < MIN_WORLDS:
        return 0
    for i in range(1, len(margins)):
        diffs = [a - b for a, b in zip(margins[i], margins[0], strict=True)]
        mean = sum(diffs) / n
        sd = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
        if mean > MIN_GAIN and mean > CONFIDENCE * sd / n**0.5 and mean > best_gain:
            best, best_gain = i, mean
    return best


def _candidates(game: Game, legal: Sequence[Action], denial: Denial) -> list[list[Action]]:
    """Lines of play to compare: Medium's best few options (a take with its placement)."""
    first = legal[0]
    modelled = (TakeTile, Land, PlaceTile, EndTurn, PlaceHouse, EndReward, StartLayout,
                ChooseObjective)
    if isinstance(first, KeepDiscovery) or not isinstance(first, modelled):
        return [[medium(game, legal, random.Random(0))]]
    if isinstance(first, (TakeTile, Land)):
        takes, lands = take_options(game, legal, denial)
        found = [line for _, line in takes[:1]] + [[a] for _, a in lands[:2]]
        if lands and takes and lands[0][0] > takes[0][0]:
            found = [found[1], found[0]] + found[2:]
        return found
    scored = ranked(game, legal)
    lines: list[list[Action]] = [[a] for _, a in scored[:CANDIDATES]]
    if isinstance(first, (PlaceHouse, EndReward)) and [EndReward()] not in lines:
        lines.append([EndReward()])
    return lines


def take_options(game: Game, legal: Sequence[Action], denial: Denial
                 ) -> tuple[list[tuple[float, list[Action]]], list[tuple[float, Land]]]:
    """At the take step: take-and-place lines by `Denial` (a take also pays for what it
    leaves the opponents) and landings by Medium's `land_value`, each best first."""
    ctx = Ctx.of(game, game._seat(), denial.w_later)
    own = denial.placements(ctx, game.seats[game._seat()].hand)
    takes: list[tuple[float, list[Action]]] = []
    left = denial.left_for_them(game.display) if W_LEAVE else [0.0] * len(game.display)
    for slot, tile_id in enumerate(game.display):
        if tile_id is None or TakeTile(slot) not in legal:
            continue
        scored = own + denial.placements(ctx, [tile_id])
        line: list[Action] = [TakeTile(slot)]
        if scored:
            line.append(_best(scored))
        v = max((p[0] for p in scored), default=-1.0) + 0.01 * len(TILE_BY_ID[tile_id].symbols)
        v -= W_LEAVE * left[slot]
        takes.append((v, line))
    takes.sort(key=lambda p: -p[0])
    lands = sorted(((land_value(ctx, a), a) for a in legal if isinstance(a, Land)),
                   key=lambda p: -p[0])
    return takes, lands


# ------------------------------------------------------------------------ playouts
def playout(g: Game, seat: int, rng: random.Random, whole_round: bool = False,
            leaf: Leaf | None = None) -> float:
    """Play on until `seat` is to take again (or the round is scored); its margin.

    With `whole_round`, play on to the end of the round's reward phase. With `leaf`, a
    playout that ends at the next round's start (its preparation: rounds 1-3) is valued by
    ``leaf(g, seat)`` instead of `_margin`; one that ends the game (round 4), or any other,
    keeps `_margin` (at the game's end: the true margin).
    """
    start_round = g.round
    moved = False
    for _ in range(MAX_PLAYOUT_STEPS):
        if g.phase == "over" or (g.round != start_round and g.phase == "preparation"):
            break
        if g.phase == "exploration" and g.stage == "take" and not whole_round:
            if g.to_move == seat and moved:
                break
            moved = moved or g.to_move != seat
        _step(g, rng)
    if leaf is not None and g.phase == "preparation" and g.round != start_round:
        return leaf(g, seat)
    return _margin(g, seat)


def _step(g: Game, rng: random.Random) -> None:
    """One decision (a whole turn at the take step) by the fast playout policy."""
    if g.phase == "exploration" and g.stage == "take":
        _quick_turn(g, rng)
        return
    if g.phase == "exploration" and g.stage == "bonus":
        g.play_unchecked(EndTurn())
        return
    legal = g.legal_actions()
    if len(legal) == 1:
        g.play_unchecked(legal[0])
    elif isinstance(legal[0], PlaceTile):
        ctx = Ctx.of(g, g._seat())
        scored = placement_values(ctx, g.seats[g._seat()].hand, SAMPLE_POSITIONS, rng)
        g.play_unchecked(max(scored, key=lambda p: p[0])[1] if scored else legal[0])
    elif isinstance(legal[0], StartLayout):
        g.play_unchecked(legal[0])
    else:
        g.play_unchecked(medium(g, legal, rng))


Plan = tuple[float, Action, Action | None]  # value, the take or landing, the planned placement


def _quick_turn(g: Game, rng: random.Random) -> None:
    """Take and place (sampled positions), or land, with Medium's values."""
    seat = g._seat()
    ctx = Ctx.of(g, seat)
    hand = g.seats[seat].hand
    best_hand = max(placement_values(ctx, hand, SAMPLE_POSITIONS, rng), default=None,
                    key=lambda p: p[0])
    best: Plan | None = None
    for slot, tile_id in enumerate(g.display):
        if tile_id is None:
            continue
        opts = placement_values(ctx, [tile_id], SAMPLE_POSITIONS, rng)
        if best_hand is not None:
            opts.append(best_hand)
        if not opts:
            cand: Plan = (-1.0, TakeTile(slot), None)
        else:
            v, place = max(opts, key=lambda p: p[0])
            cand = (v, TakeTile(slot), place)
        if best is None or cand[0] > best[0]:
            best = cand
    if not play_plan(g, with_landings(ctx, best, rng)):
        return
    if g.phase == "exploration" and g.stage == "bonus":
        g.play_unchecked(EndTurn())



def with_landings(ctx: Ctx, best: Plan | None, rng: random.Random) -> Plan | None:
    """The better of `best` and landing one of the seat's ships (sampled cells, Medium's value)."""
    g = ctx.game
    ships = g.ships_for(ctx.seat) if not g.navigation else []
    if ships:
        cells = [c for c, _ in g.board.placements((0,))]
        if len(cells) > SAMPLE_LANDINGS:
            cells = rng.sample(cells, SAMPLE_LANDINGS)
        for x, y in cells:
            for ship in ships:
                land = Land(ship, x, y)
                v = land_value(ctx, land)
                if best is None or v > best[0]:
                    best = (v, land, None)
    return best


def play_plan(g: Game, best: Plan | None) -> bool:
    """Play a take (and its planned placement) or a landing; False if there was none to play
    (then the engine's first legal action, which ends the phase, was played)."""
    if best is None:  # nothing to take and no landing: the engine ends the phase itself
        g.play_unchecked(g.legal_actions()[0])
        return False
    g.play_unchecked(best[1])
    if best[2] is not None and g.phase == "exploration" and g.stage == "place":
        g.play_unchecked(best[2])
    return True


def _margin(g: Game, seat: int, w_later: float = W_LATER) -> float:
    """Own total plus outlook, minus the best opponent's."""
    values = [_outlook(g, i, w_later) for i in range(len(g.seats))]
    mine = values[seat]
    return mine - max(v for i, v in enumerate(values) if i != seat)


def _outlook(g: Game, i: int, w_later: float = W_LATER) -> float:
    """A seat's score now plus a rough value of what it can still use.

    `w_later` weighs next round's objective on today's map (Hard: Medium's `W_LATER`).
    """
    row = g.scores()[i]
    total = float(row["total"])
    if g.phase == "over":
        return total
    s = g.seats[i]
    total += 1.0 * min(s.stock + s.reserve, 4) + 0.5 * s.bonus
    if s.ship_cell is None:
        total += 1.5
    done = g.phase == "reward" and i in g.reward_order[: g.reward_order.index(g._seat())]
    isles = _isles(g)
    if s.now and not done:
        m, r = g.mode.parts(s.now)
        vals = sorted((isle_value(m, r, isle, s.colour, True) for isle in isles), reverse=True)
        total += sum(vals[: s.stock])
    if s.later:
        m, r = g.mode.parts(s.later)
        vals = sorted((isle_value(m, r, isle, "", True) for isle in isles), reverse=True)
        total += w_later * sum(vals[:4])
    return total


def _isles(g: Game) -> list[Isle]:
    """Island summaries of the game's map, computed once per map state.

    The cache holds the board itself (compared by identity), not its id(): a freed board's
    id could be reused by another board with the same counts.
    """
    key = (len(g.board.order), len(g.board.houses), len(g.board.resource_tokens),
           sum(len(v) for v in g.board.port_tokens.values()))
    if _ISLES_CACHE.get("board") is not g.board or _ISLES_CACHE.get("key") != key:
        _ISLES_CACHE.update(board=g.board, key=key, isles=summarize(g.board)[0])
    return _ISLES_CACHE["isles"]  # type: ignore[return-value]


_ISLES_CACHE: dict[str, object] = {}


__all__ = ["Leaf", "Place", "hard", "playout"]
