"""Plays Ember Isle through `EmberApp.handle` as a person would tap: every tap it makes is
on a control that the rendered screen shows (checked in the HTML)."""

from __future__ import annotations

import random

import ember_isle as ei
from ei_web.app import EmberApp
from ember_isle import Action


def tap(app: EmberApp, act: str, **data: object) -> None:
    html = app.render()
    marker = f'data-act="{act}"'
    where = (app.screen, app.game and app.game.stage)
    assert marker in html, f"{act} is not on the screen {where}"
    for k, v in data.items():
        assert f'data-{k}="{v}"' in html, f"{act} {k}={v} is not on the screen"
    app.handle(act, {k: str(v) for k, v in data.items()}, {})
    assert app.message is None, app.message


def play_action(app: EmberApp, a: Action) -> None:
    """The taps that play `a` for the device seat."""
    if isinstance(a, ei.PlaceTriad):
        tap(app, "ei-triad", triad=a.triad)
        for field in ("new", "match", "lava"):
            if field not in app.sel.fixed:
                h = getattr(a, field)
                tap(app, "ei-hex", q=h[0], r=h[1])
        tap(app, "ei-confirm")
    elif isinstance(a, ei.SeedColumn):
        tap(app, "ei-seed", col=a.column)
    elif isinstance(a, ei.PlayClue | ei.PlayLavaTile):
        tap(app, "ei-card", card=a.card)
        tap(app, "ei-option", col=a.column, tile=getattr(a, "tile", ""))
        assert "This clue leaves" in app.render()
        tap(app, "ei-confirm")
    elif isinstance(a, ei.RemoveCube):
        tap(app, "ei-cube", col=a.column)
        tap(app, "ei-hex", q=a.hex[0], r=a.hex[1])
        tap(app, "ei-confirm")
    elif isinstance(a, ei.Bound | ei.PlaceLava | ei.PlaceRover | ei.PlaceObject):
        tap(app, "ei-hex", q=a.hex[0], r=a.hex[1])
        if isinstance(a, ei.PlaceObject) and a.facing is not None:
            assert 'data-act="ei-confirm"' not in app.render()  # not before a facing is chosen
            tap(app, "ei-facing", facing=a.facing)
        tap(app, "ei-confirm")
    elif isinstance(a, ei.BuyPower):
        tap(app, "ei-power", power=a.power)
    else:
        legal = app.legal()
        tap(app, "ei-do", i=legal.index(a))


def play_out(app: EmberApp, rng: random.Random, limit: int = 3000) -> int:
    """Play the game to its end: people pick a random legal action (clues and claims
    preferred), computers decide on the main thread. Returns the number of steps."""
    steps = 0
    assert app.game is not None
    while app.game.phase != "over":
        steps += 1
        assert steps < limit
        if app.screen == "pass":
            tap(app, "ei-unlock")
            continue
        seat = app.auto.bot_seat()
        if seat is not None:
            assert app.auto.local(app.auto.token)
            continue
        legal = app.legal()
        assert legal, f"no legal action for the device seat at {app.game.stage}"
        clues = [a for a in legal if isinstance(a, ei.PlayClue)]
        claims = [a for a in legal if a.type == "claim"]
        pick = (claims or (clues if rng.random() < 0.6 else []) or legal)
        play_action(app, rng.choice(pick))
    return steps
