"""Raising a treasure (section 9): the deal, the pool, claim-or-pass, Curses, statues.

Automatic steps (dealing, the pool shuffle, reveals, the new clue, statues) run without a
decision; the players answer offers (Claim / Decline) and Curses (WardCurse).
"""

from __future__ import annotations

from .actions import Action, Claim, Decline, WardCurse
from .content import CURSE
from .errors import IllegalAction
from .state import Clue, Distribution, GameState
from .steps import draw_fitting


def start(g: GameState, column: str) -> None:
    """Steps 1-3: the raiser's rose, the deal from the bottom rose up, the pool."""
    assert g.turn is not None
    raiser = g.turn.seat
    s = g.seats[raiser]
    s.raises += 1
    roses = [c.rose for c in reversed(g.columns[column].clues) if c.rose is not None]
    if s.roses > 0:
        s.roses -= 1
        roses.insert(0, raiser)
    d = g.dist = Distribution(column, raiser, roses)
    clues = len(g.columns[column].clues)
    g.note("raise", raiser, column=column, hex=list(s.rover or ()), roses=list(roses), clues=clues)
    pool = []
    for owner in roses:
        card = g.draw_treasure()
        if card is None:
            break
        d.inspected.setdefault(owner, []).append(card)
        pool.append(card)
    d.dealt = len(pool)
    extra = g.draw_treasure()
    if extra is not None:
        pool.append(extra)
    g.rng.shuffle(pool)
    d.pool = pool
    if not g.treasure_deck:
        g.ending = True
    _reveal(g)


def _dist(g: GameState) -> Distribution:
    assert g.dist is not None
    return g.dist


def offer_order(d: Distribution) -> list[int]:
    """Players by their lowest remaining rose in the column (R15)."""
    order: list[int] = []
    for owner in d.roses:
        if owner not in order:
            order.append(owner)
    return order


def _reveal(g: GameState) -> None:
    """Step 4: turn up the next card, while the pool has cards and roses remain."""
    d = _dist(g)
    g.mark_revealed()
    if not d.pool or not d.roses:
        _finish(g)
        return
    card = d.card = d.pool.pop()
    g.note("reveal", None, card=card)
    if card == CURSE:
        _curse(g)
        return
    d.asking = offer_order(d)
    g.stage = "offer"
    g.to_move = d.asking[0]


def legal_offer(g: GameState) -> list[Action]:
    """The player asked answers the revealed card."""
    return [Claim(), Decline()]


def apply_claim(g: GameState, a: Claim) -> None:
    """Take the card and the lowest remaining rose back."""
    d = _dist(g)
    seat = d.asking[0]
    assert d.card is not None
    g.seats[seat].treasure.append(d.card)
    d.roses.remove(seat)  # the first one in the list is the lowest
    g.seats[seat].roses += 1
    d.last_claimer = seat
    g.note("claim", seat, card=d.card)
    d.card = None
    _reveal(g)


def apply_decline(g: GameState, a: Decline) -> None:
    """Pass the card to the next player; when nobody claims it, it is discarded."""
    d = _dist(g)
    g.note("decline", d.asking.pop(0), card=d.card)
    if d.asking:
        g.to_move = d.asking[0]
        return
    assert d.card is not None
    g.treasure_discard.append(d.card)
    g.note("unclaimed", None, card=d.card)
    d.card = None
    _reveal(g)


# ------------------------------------------------------------------ curses
def _curse(g: GameState) -> None:
    """Step 6: every rose holder, in seat order from the raiser, loses an amulet or a card."""
    d = _dist(g)
    holders = [s for s in g.seat_order(d.raiser) if s in d.roses]
    d.wards = []
    for seat in holders:
        s = g.seats[seat]
        if s.amulets or s.treasure:
            d.wards.append(seat)
        else:
            g.note("curse_nothing", seat)
    _next_ward(g)


def _next_ward(g: GameState) -> None:
    d = _dist(g)
    if d.wards:
        g.stage = "ward"
        g.to_move = d.wards[0]
        return
    g.treasure_discard.append(CURSE)
    g.treasure_discard.extend(d.pool)
    d.pool, d.card = [], None
    _finish(g)


def legal_ward(g: GameState) -> list[Action]:
    """An amulet and/or the highest treasure card, whichever the player has."""
    s = g.seats[_dist(g).wards[0]]
    out: list[Action] = []
    if s.amulets:
        out.append(WardCurse("amulet"))
    if s.treasure:
        out.append(WardCurse("discard"))
    return out


def check_ward(g: GameState, a: WardCurse) -> None:
    """Why a WardCurse is illegal."""
    s = g.seats[_dist(g).wards[0]]
    if a.choice == "amulet":
        raise IllegalAction("no_amulet", f"{s.name} has no amulet to spend on the Curse")
    raise IllegalAction("no_treasure", f"{s.name} has no treasure card to discard")


def apply_ward(g: GameState, a: WardCurse) -> None:
    """Pay the Curse."""
    d = _dist(g)
    seat = d.wards.pop(0)
    s = g.seats[seat]
    if a.choice == "amulet":
        s.amulets -= 1
        g.amulet_supply += 1
    else:
        value = max(s.treasure)
        s.treasure.remove(value)
        g.treasure_discard.append(value)
    g.note("curse_paid", seat, paid=a.choice)
    _next_ward(g)


# ----------------------------------------------------------------- the end
def _finish(g: GameState) -> None:
    """Steps 5 and 7-10: pool and roses back, clean up, the end or a new clue, statues."""
    d = _dist(g)
    g.treasure_discard.extend(d.pool)
    for owner in d.roses:
        g.seats[owner].roses += 1
    col = g.columns[d.column]
    for clue in col.clues:
        if clue.tile:
            g.tiles.append(clue.tile)
        else:
            g.clue_discard.append(clue.card)
    g.tiles.sort()
    col.clues, col.removed = [], 0
    g.dist = None
    g.changed()
    g.note("distribution_over", d.raiser, column=d.column)
    if g.ending:
        g.end_game("deck")
        return
    placer = d.last_claimer if d.last_claimer is not None else d.raiser
    _new_clue(g, d.column, placer)
    _statues(g)
    g.changed()
    g.end_turn()


def _new_clue(g: GameState, column: str, placer: int) -> None:
    """Step 9 (R7, R17): the top clue card that fits starts the column again."""
    card = draw_fitting(g)
    if card is None:
        g.note("column_empty", None, column=column)
        return
    s = g.seats[placer]
    rose = placer if s.roses > 0 else None
    if rose is not None:
        s.roses -= 1
    g.columns[column].clues.append(Clue(card, rose))
    g.note("new_clue", placer, card=card, column=column, rose=rose is not None)


def _statues(g: GameState) -> None:
    """Section 9.1 (R18): each statue makes an amulet ahead of it, then turns clockwise."""
    b = g.board
    for h, kind in list(b.objects.items()):
        if kind != "statue":
            continue
        target = b.statue_target(h)
        if target is not None and target not in g.amulets and g.amulet_supply > 0:
            g.amulets.append(target)
            g.amulet_supply -= 1
            g.note("amulet_appears", None, hex=list(target), statue=list(h))
        b.facings[h] = (b.facings[h] + 1) % 6
