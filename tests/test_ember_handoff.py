"""Pass-and-play in Ember Isle: the device changes hands only before a screen that shows a
private card (docs/EMBER.md section 11; `ei_web.handoff`), counted over whole games."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest

import ember_isle as ei
from ei_web.app import EmberApp
from ember_isle.bots import choose_action
from ember_web_driver import play_action, tap
from game_shell.storage import MemoryStorage

# what only one seat may see: its clue cards (and their buttons), its treasure values, the
# cards it was dealt to look at in a share-out
PRIVATE = ("Your clues", "Your treasure cards", "You looked at", 'data-card="')


def shows_private(html: str) -> bool:
    return any(m in html for m in PRIVATE)


def new(kinds: list[str], seed: int, objects: str = "players",
        storage: MemoryStorage | None = None) -> EmberApp:
    app = EmberApp(storage or MemoryStorage())
    names = ["Ann", "Bob", "Cleo", "Dev"][: len(kinds)]
    while len(app.form["names"]) < len(kinds):
        app.handle("ei-add-seat", {}, {})
    fields = {f"ei-name-{i}": n for i, n in enumerate(names)}
    fields |= {f"ei-kind-{i}": k for i, k in enumerate(kinds)}
    app.handle("ei-new", {}, {**fields, "ei-objects": objects, "ei-seed-number": str(seed)})
    assert app.game is not None, app.form_error
    return app


@dataclass
class Count:
    handoffs: list[tuple[str, str, int]] = field(default_factory=list)  # (phase, stage, seat)
    old_rule: int = 0  # what a hand-off at every change of person to move would have cost
    setup_steps: int = 0
    public_offers: int = 0
    private_shown: int = 0
    share_outs: list[tuple[int, int]] = field(default_factory=list)  # (hand-offs, answers)


def play_counting(app: EmberApp, rng: random.Random, limit: int = 4000) -> Count:
    """Play a whole game through the taps, checking each screen: a pass screen shows nothing
    private and is followed by a screen that does; a screen shows private cards only of the
    seat that unlocked the device, and only if no other seat's step was shown since."""
    g = app.game
    assert g is not None
    humans = app.humans()
    c = Count()
    holder: int | None = None  # the seat whose unlock the device is under
    last_person: int | None = None
    in_dist: list[int] | None = None  # [hand-offs, answers] of the share-out in progress
    for _ in range(limit):
        if g.phase == "over":
            break
        if g.phase == "distribution" and in_dist is None:
            in_dist = [0, 0]
        if g.phase != "distribution" and in_dist is not None:
            c.share_outs.append((in_dist[0], in_dist[1]))
            in_dist = None
        html = app.render()
        seat = g.to_move
        assert seat is not None
        if app.screen == "pass":
            assert not shows_private(html), "the pass screen shows a private card"
            c.handoffs.append((g.phase, g.stage, seat))
            if in_dist is not None:
                in_dist[0] += 1
            tap(app, "ei-unlock")
            assert shows_private(app.render()), f"a hand-off before a public screen ({g.stage})"
            holder = seat
            continue
        if g.seats[seat].bot:
            assert not shows_private(html), "a computer's step shows a private card"
            assert app.auto.local(app.auto.token)
            continue
        if seat != last_person:
            c.old_rule += last_person is not None
            last_person = seat
        if shows_private(html):
            assert holder == seat or len(humans) == 1, f"{seat}'s private card without its unlock"
            c.private_shown += 1
            cards = set(re.findall(r'data-card="([^"]+)"', html))
            assert cards <= set(g.seats[seat].hand), "another seat's clue card"
        else:
            if holder != seat:
                holder = None  # shown to another person: the device is locked again
            v = app.view()
            assert all(s["hand"] is None and s["treasure"] is None for s in v["seats"])
            assert not v["distribution"] or not v["distribution"]["inspected"]
            if g.phase == "setup":
                c.setup_steps += 1
            if g.stage == "offer":
                c.public_offers += 1
        legal = app.legal()
        assert legal, f"nothing to do for {seat} at {g.stage}"
        if in_dist is not None:
            in_dist[1] += 1
        play_action(app, person_picks(app, rng))
    assert g.phase == "over"
    if in_dist is not None:
        c.share_outs.append((in_dist[0], in_dist[1]))
    return c


def person_picks(app: EmberApp, rng: random.Random) -> ei.Action:
    """A person's choice: mostly what Easy would play in their place (so treasures are
    raised and shared), sometimes any legal action."""
    g, legal = app.game, app.legal()
    assert g is not None and g.to_move is not None
    if rng.random() < 0.2:
        return rng.choice(legal)
    return choose_action(g.view(g.to_move), legal, "easy", rng.randrange(2**31))


@pytest.mark.parametrize(
    ("kinds", "seed"),
    [(["human", "human"], 11), (["human", "human"], 4), (["human", "human", "human"], 7),
     (["human", "easy", "human"], 5)],
)
def test_the_device_changes_hands_only_before_a_private_screen(kinds: list[str], seed: int) -> None:
    app = new(kinds, seed)
    c = play_counting(app, random.Random(seed))
    assert not [h for h in c.handoffs if h[0] == "setup"], "a hand-off before a public setup step"
    people = kinds.count("human")  # 9 objects (among all seats), a piece of land, a first clue
    assert c.setup_steps >= 2 * people + (9 if people == len(kinds) else 0)
    assert c.share_outs, "no treasure was shared"
    assert c.private_shown
    assert len(c.handoffs) < c.old_rule  # fewer than one at every change of person
    for handoffs, answers in c.share_outs:  # at most one look per person, and a Curse each
        assert handoffs <= answers


def test_a_share_out_between_two_people_hands_over_only_for_secret_cards() -> None:
    """Each seat's first answer in a share-out shows it the cards it was dealt (private); its
    later answers are public (no hand-off), and "Show my secret cards" hands over on purpose."""
    app = new(["human", "human"], 11)
    g = app.game
    assert g is not None
    rng = random.Random(3)
    seen_public = False
    for _ in range(3000):
        if g.phase == "over" or seen_public:
            break
        if app.screen == "pass":
            tap(app, "ei-unlock")
            continue
        if g.stage == "offer" and not app.mine():
            seat = g.to_move
            assert seat is not None and g.dist is not None
            html = app.render()
            assert not shows_private(html) and "Revealed:" in html and 'data-act="ei-do"' in html
            tap(app, "ei-show-mine")
            assert app.screen == "pass" and seat == g.to_move
            tap(app, "ei-unlock")
            looked = g.dist.inspected.get(seat, [])
            html = app.render()
            assert "Your treasure cards" in html and ("You looked at" in html) == bool(looked)
            seen_public = True
            continue
        play_action(app, person_picks(app, rng))
    assert seen_public, "no public offer in the game"


def test_a_reload_shows_a_public_step_without_a_pass_screen() -> None:
    from ei_web.first_paint import reload_screen

    storage = MemoryStorage()
    app = new(["human", "human"], 2, storage=storage)
    g = app.game
    assert g is not None and g.phase == "setup"
    for _ in range(4):  # setup steps of both seats: never a pass screen, saved and reloaded
        assert app.screen == "game" and app.my_turn() and not app.mine()
        again = EmberApp(storage)
        assert reload_screen(again) == "board"
        play_action(app, app.legal()[0])
