"""When the device changes hands between people (pass-and-play): only before a screen that
shows one of a seat's private cards (docs/EMBER.md section 11, "Hidden information").

What is private to a seat: its clue hand, its treasure cards' values, and the treasure cards it
was dealt to look at in a share-out (step 2 of a raise). Everything else -- the map, the
columns, the seed card being placed (it goes face up), a revealed pool card, the clue
discard -- is public. So:

- setup (huts, palm trees and statues placed by the players, the pieces of land, the rovers on
  the basic island, the first clues) is public: no hand-off, the screen names whose step it
  is and shows no hand;
- a turn shows the seat's clue hand and treasure cards: private;
- a Curse asks the seat to spend an amulet or give up its best treasure card: private (it
  decides on its own treasure values);
- an offer of a revealed card is public, except the first one a seat answers in a share-out
  where it was dealt cards to look at: that screen shows them (its inspection). Later offers
  show no private card; "Show my cards" hands the device over for them on purpose.

A screen for a seat shows its private cards only once that seat unlocked the device (the pass
screen), and showing another seat's step -- public or not -- locks it again.

>>> from ember_isle import Game, Options
>>> g = Game.new(Options(seats=("Ann", "Bob"), seed=3, objects="players"))
>>> private_step(g, g.to_move)
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ember_isle import Game
    from ember_isle.view import View


def looked(game: Game, seat: int) -> bool:
    """Has `seat` answered an offer of the share-out in progress (so it has seen the cards it
    was dealt: its first answer is on a private screen)? Read from the public log."""
    for e in reversed(game.log):
        if e.get("event") == "raise":
            return False
        if e.get("event") in ("claim", "decline") and e.get("seat") == seat:
            return True
    return False


def private_step(game: Game, seat: int | None) -> bool:
    """Does the screen of `seat`'s step now show one of its private cards?"""
    if seat is None or game.phase in ("setup", "over"):
        return False
    if game.phase == "play" or game.stage == "ward":
        return True
    d = game.dist  # an offer: private only for the seat's first look at its dealt cards
    return d is not None and bool(d.inspected.get(seat)) and not looked(game, seat)


def device(game: Game, humans: list[int], viewer: int | None,
           unlocked: bool) -> tuple[int | None, bool, bool]:
    """(the device seat, is its private information shown, must the device be passed first)
    for the step to move now: one person sees everything; between people the device seat is
    the person to move, locked when it changes, and a pass screen comes only before a
    private step."""
    seat = game.to_move
    if len(humans) == 1:
        return humans[0], True, False
    if not humans:
        return None, False, False
    if seat in humans and seat != viewer:
        viewer, unlocked = seat, False
    return viewer, unlocked, seat in humans and not unlocked and private_step(game, seat)


def public_step_view(game: Game, seat: int) -> View:
    """The screen of a public step of `seat` (between people, before it unlocks): the public
    view with the step's legal actions and targets, without the clues' effects of its hand."""
    own = game.view(seat)
    v = game.public_view()  # the engine's: no seat's secrets
    v["seat"] = seat
    v["legal"] = own["legal"]
    t = own["targets"]
    if t is not None:
        t["clue_counts"] = {}  # per card of the hand: private
    v["targets"] = t
    return v


def shown_view(game: Game, viewer: int | None, mine: bool, acting: bool) -> View:
    """What the screen shows (`EmberApp.view`): the device seat's own view once its private
    information may show (`mine`), the public view of its step while it acts on a public one
    (`acting`), else the public view drawn for the device seat (its rover, its colour).
    The same object while the position does not change: read it, never change it."""
    key = f"ui-view {viewer} {mine} {acting}"  # one per position: the screen asks often
    found: View | None = game.memo.get(key)  # (the engine forgets it at every change)
    if found is None:
        found = game.memo[key] = _shown_view(game, viewer, mine, acting)
    return found


def _shown_view(game: Game, viewer: int | None, mine: bool, acting: bool) -> View:
    seat = viewer if viewer is not None else 0
    if mine:
        return game.view(seat)
    if acting:
        return public_step_view(game, seat)
    v = game.public_view()  # the engine's: no seat's secrets
    v["seat"] = seat
    return v


def may_hint(game: Game | None, acting: bool, mine: bool) -> bool:
    """May the seat ask for a suggestion? On its own screen, or in setup (nothing is private
    yet): a suggestion on a public screen must not come from its private cards."""
    return acting and game is not None and (mine or game.phase == "setup")
