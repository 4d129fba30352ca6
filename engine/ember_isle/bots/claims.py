"""Hard's claims: each offer is decided by simulating the rest of the distribution.

At an offer the seat knows the revealed card, the roses still in the column (whose lowest
rose is asked first), the cards it inspected that are still in the pool and how many pool
cards remain; the other pool cards are drawn from the treasure cards it cannot see (no
Curse while the pool still comes from the first 12 cards of the deck). For each of
`SAMPLES` sampled pools (the same ones for both answers) the distribution is played out
with Medium's claim rule for every seat after this answer, and the answer with the better
mean *relative* gain wins: my points gained minus the points gained by the rival who would
then lead. In a two-seat game a card declined is a card the rival may claim, which Medium's
threshold ignores. Only the seat's view is read; the draws come from the bot's generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .. import actions as act
from ..actions import Action
from ..content import CURSE, INITIAL_DECK
from .model import Model

SAMPLES = 48
AMULET_LOSS = 1.5  # what an amulet spent on a Curse costs, in points (the sims' ward rule)


def decide_offer(
    m: Model,
    legal: Sequence[Action],
    rng: random.Random,
    samples: int = SAMPLES,
    clairvoyant: bool = True,
) -> Action:
    """Claim or Decline the revealed card, whichever the simulations favour."""
    d = m.view["distribution"]
    card = d["card"]
    n = len(m.seats)
    known = m.inspected_in_pool()
    unknown_n = max(d["pool_size"] - len(known), 0)
    unseen = sorted(m.unseen_treasure.elements())
    if _curse_free_pool(m):
        unseen = [c for c in unseen if c != CURSE] or unseen
    scores = [m.score(i) for i in range(n)]
    amulets = [s["amulets"] for s in m.seats]
    held = [sorted(m.treasure) if i == m.me else sorted(m.holdings.get(i, [])) for i in range(n)]
    total = {True: 0.0, False: 0.0}
    expect = None if clairvoyant else Expect(m.mean_unseen_value(), m.curse_share(), known)
    for _ in range(samples):
        pool = known + rng.sample(unseen, min(unknown_n, len(unseen)))
        rng.shuffle(pool)
        for claim in (True, False):
            gains = _play_out(
                card, claim, list(d["roses"]), list(d["asking"]), list(pool), m.me,
                [list(h) for h in held], list(amulets), d["raiser"], n, expect,
            )
            mine = gains[m.me]
            best_rival = max(scores[i] + gains[i] for i in range(n) if i != m.me)
            total[claim] += mine - best_rival
    return act.Claim() if total[True] >= total[False] else act.Decline()


def _curse_free_pool(m: Model) -> bool:
    """Were all the pool's cards drawn among the deck's first 12 (no Curse there)?"""
    if any(e["event"] == "treasure_reshuffle" for e in m.view["log"]):
        return False
    deck: int = m.view["decks"]["treasure"]
    return 40 - deck <= INITIAL_DECK


@dataclass(frozen=True)
class Expect:
    """What the sims' seats expect of the pool when they do not see it (Medium's rule):
    the mean unseen value, the Curse share, and my inspected cards."""

    mean: float
    curse: float
    known: list[int]

    def threshold(self, left: list[int], my_roses: int) -> float:
        """Medium's claim_threshold for a pool of `left` cards, of which I know some."""
        if not left:
            return 1
        known = [c for c in self.known if c in left]
        unknown = max(len(left) - len(known), 0)
        valued = [c for c in known if c != CURSE]
        t = (sum(valued) + unknown * self.mean * (1 - self.curse)) / len(left) + 0.6
        if CURSE in known or unknown * self.curse > 0.25:
            t -= 1.5
        if my_roses > len(left):
            t -= 0.5
        return min(t, 5)


def _threshold(left: list[int], my_roses: int) -> float:
    """Medium's claim rule, knowing the rest of the pool (the sims' rule for every seat)."""
    if not left:
        return 1
    valued = [c for c in left if c != CURSE]
    mean = sum(valued) / len(valued) if valued else 0.0
    t = mean * len(valued) / len(left) + 0.6
    if CURSE in left:
        t -= 1.5
    if my_roses > len(left):
        t -= 0.5
    return min(t, 5)


def _play_out(
    card: int,
    claim: bool,
    roses: list[int],
    asking: list[int],
    pool: list[int],
    me: int,
    held: list[list[int]],
    amulets: list[int],
    raiser: int,
    n: int,
    expect: Expect | None = None,
) -> list[float]:
    """Points each seat gains from now to the end of the distribution (my answer first)."""
    gains = [0.0] * n
    first = True
    while True:
        taker = None
        for seat in asking:
            if first:
                yes = claim
                first = False
            else:
                rule = expect.threshold if expect is not None else _threshold
                yes = card >= rule(pool, roses.count(seat))
            if yes:
                taker = seat
                break
        if taker is not None:
            gains[taker] += card
            held[taker].append(card)
            roses.remove(taker)
        if not pool or not roses:
            return gains
        card = pool.pop()
        if card == CURSE:
            for k in range(n):
                seat = (raiser + k) % n
                if seat not in roses:
                    continue
                top = max(held[seat]) if held[seat] else 0
                if amulets[seat] and top > 3:
                    gains[seat] -= AMULET_LOSS
                elif top:
                    held[seat].remove(top)
                    gains[seat] -= top
            return gains
        asking = []
        for owner in roses:
            if owner not in asking:
                asking.append(owner)
