"""Motion, sound and vibration of Small Islands in the page: the browser side of `effects`
and `settings` (sound and vibration themselves: the shell's `game_shell.sounds`).

Browser glue, but it imports nothing of the browser: the controller hands it the page's
``window`` and ``document`` and two helpers (a dict -> JS object converter and a timer), so
the build's Python snapshot and the Pyodide test run can import it like the pure modules.

After every render the controller calls `Feedback.after`: the settings become attributes of
``<body>`` (styles.css follows them: palette, motion, the action bar's side), and a change
the app has not shown yet (`effects.Fx`, counted by its ``gen``) gets its effects once:

* motion (unless the setting or ``prefers-reduced-motion`` turns it off), started in the
  next animation frame, where measuring forces no extra layout: a tile taken from the
  display travels to the hand (FLIP: where the face-up tiles were is measured in each frame
  after a render, the new hand tile animates from there) or, for another seat, to that
  seat's score; earned PP fly from the new house (or the map) to the seat's score. Web
  Animations of at most 400 ms on fixed, pointer-transparent elements: a tap acts at once.
* sound (only once the player turned it on): the page's `game_shell.sounds.Sounds` plays the
  change's sounds (`game_shell.synth`, made when sound is first turned on, never before, the
  AudioContext made in that tap). The game's end plays when the end screen follows a game
  screen.
* a short vibration, where the device has one, for a piece placed by a tap of this player.

Computer moves shown without a pause (Skip, or the instant pace) get neither motion nor sound.

``window.siSounds`` lists the sounds played (comma-separated) for the browser tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game_shell.sounds import Sounds

from .effects import SOUNDS, Effects, Fx
from .settings import Settings, body_attrs


class Shown(Protocol):
    """What the page's effects read of the app (`App`)."""

    @property
    def settings(self) -> Settings: ...
    @property
    def fx(self) -> Effects: ...
    @property
    def screen(self) -> str: ...
    def pace_ms(self) -> int: ...

Js = Any
Rect = tuple[float, float, float, float]  # left, top, width, height
TRAVEL_MS = 360
FLY_MS = 300
CENTRE = "translate(-50%, -50%)"  # a floating chip's centre (not its corner) on the point
PULSE_MS = 100  # after the flight: the whole effect ends by 400 ms


class Feedback:
    """Effects of the app's changes in the page (one per page)."""

    def __init__(
        self, window: Js, document: Js, js_obj: Callable[[dict[str, Any]], Js],
        later: Callable[[Callable[[], None], int], Any], frame: Callable[[Callable[[], None]], Any],
        sounds: Sounds | None = None,
    ) -> None:
        self.window, self.document, self.js_obj, self.later = window, document, js_obj, later
        self.frame = frame  # runs a function in the next animation frame
        self.frame_asked = False
        self.pending: Fx | None = None
        self.rects: dict[str, tuple[Rect, str]] = {}
        self.gen = 0
        self.screen: str | None = None
        self.attrs: dict[str, str] = {}
        self.sounds = sounds or Sounds(window, document)

    # ------------------------------------------------------------------ the render
    def after(self, app: Shown, by_tap: bool) -> None:
        """After a render: apply the settings, play the latest change's sounds, buzz, and
        give it its motion in the next frame (`in_frame`)."""
        self.apply(app.settings)
        if app.settings.sound:
            self.sounds.ensure(SOUNDS)
        fx = app.fx.fx
        quiet = app.screen == "watch" and app.pace_ms() == 0  # skipping, or the instant pace
        if fx.gen and fx.gen != self.gen and not quiet:
            self.gen = fx.gen
            if self.motion(app.settings):
                self.pending = fx
            if app.settings.sound:
                self.sounds.play(fx.sounds)
            if by_tap and app.settings.vibration and (fx.map.tiles or fx.map.houses or fx.map.tokens):
                self.sounds.vibrate()
        if app.screen == "over" and self.screen in ("game", "watch") and app.settings.sound:
            self.sounds.play(["end"])
        self.screen = app.screen
        wanted = self.pending is not None or (not quiet and app.screen in ("game", "watch"))
        if wanted and not self.frame_asked:
            self.frame_asked = True
            self.frame(self.in_frame)

    def in_frame(self) -> None:
        """In the frame after a render (measuring there forces no extra layout and makes no
        task longer): the pending motion, then where the face-up tiles now are (a tile taken
        by the next move travels from there)."""
        self.frame_asked = False
        fx, self.pending = self.pending, None
        if fx is not None:
            for tile, seat in fx.taken:
                self.travel(tile, seat)
            self.fly_points(fx)
        self.rects = {}
        for el in self.document.querySelectorAll(".display [data-tile]"):
            r = el.getBoundingClientRect()
            if r.width > 0:
                self.rects[str(el.getAttribute("data-tile"))] = (
                    (r.left, r.top, r.width, r.height), str(el.innerHTML),
                )

    def apply(self, settings: Settings) -> None:
        """The settings as <body> attributes (written only when they change)."""
        body = self.document.body
        for name, value in body_attrs(settings).items():
            if self.attrs.get(name) != value:
                body.setAttribute(f"data-{name}", value)
                self.attrs[name] = value

    def motion(self, settings: Settings) -> bool:
        """May things move? (the setting, and the device's reduced-motion wish)"""
        if not settings.animations:
            return False
        return not bool(self.window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    # ------------------------------------------------------------------ motion
    def visible(self, el: Js) -> Rect | None:
        """An element's box when it is on screen."""
        if el is None or not hasattr(el, "getBoundingClientRect"):
            return None
        r = el.getBoundingClientRect()
        inside = r.bottom > 0 and r.top < self.window.innerHeight and r.right > 0
        if r.width <= 0 or r.height <= 0 or not inside or r.left > self.window.innerWidth:
            return None
        return (r.left, r.top, r.width, r.height)

    def score_of(self, seat: int) -> tuple[Js, Rect] | None:
        """A seat's score on screen: its chip in the bar, else its row of the players."""
        for sel in (f'.chip[data-seat="{seat}"]', f'.player[data-seat="{seat}"]'):
            el = self.document.querySelector(sel)
            box = self.visible(el)
            if box is not None:
                return el, box
        return None

    def animate(
        self, el: Js, frames: list[dict[str, Any]], ms: int, delay: int = 0, fill: str = "none"
    ) -> None:
        """A Web Animation of `el` (`fill="forwards"`: it stays at its last frame until it is
        removed, for the floating pieces: else they would blink at the page's corner)."""
        el.animate(
            [self.js_obj(f) for f in frames],
            self.js_obj({"duration": ms, "delay": delay, "easing": "ease-out", "fill": fill}),
        )

    def travel(self, tile: str, seat: int) -> None:
        """A taken tile goes from its place on the display to the hand (or the taker's score)."""
        src = self.rects.get(tile)
        if src is None:
            return
        (x, y, w, h), picture = src
        hand = self.document.querySelector(f'[data-secret="hand"][data-tile="{tile}"]')
        box = self.visible(hand)
        if box is not None:  # FLIP: the new hand tile starts where the face-up one was
            dx, dy, s = x - box[0], y - box[1], w / max(box[2], 1)
            self.animate(
                hand,
                [{"transform": f"translate({dx:.1f}px, {dy:.1f}px) scale({s:.3f})",
                  "transformOrigin": "0 0"}, {"transform": "none", "transformOrigin": "0 0"}],
                TRAVEL_MS,
            )
            return
        target = self.score_of(seat)
        if target is None:
            return
        _, (tx, ty, tw, th) = target
        ghost = self.floating("fly-tile", w, h)
        ghost.innerHTML = picture
        self.animate(
            ghost,
            [{"transform": f"translate({x:.1f}px, {y:.1f}px)", "opacity": 1},
             {"transform": f"translate({tx + tw / 2 - w * 0.15:.1f}px, {ty + th / 2 - h * 0.15:.1f}px)"
              " scale(0.3)", "opacity": 0.3}],
            TRAVEL_MS,
            fill="forwards",
        )
        self.remove_later(ghost, TRAVEL_MS + 30)

    def fly_points(self, fx: Fx) -> None:
        """Earned PP fly from the new house (or the map) to the seat's score, which pulses."""
        house = self.document.querySelector('#board .house[data-fx]')
        start = self.visible(house) or self.visible(self.document.getElementById("board"))
        if start is None:
            return
        sx, sy = start[0] + start[2] / 2, start[1] + start[3] / 2
        for seat, gain in fx.pp.items():
            target = self.score_of(seat)
            if target is None:
                continue
            el, (tx, ty, tw, th) = target
            chip = self.floating("fly-pp", 0, 0)
            chip.textContent = f"+{gain}"
            # Opaque all the way (text: faded, it would lose its contrast over what it
            # crosses); it shrinks into the score and is gone when it lands.
            self.animate(
                chip,
                [{"transform": f"translate({sx:.1f}px, {sy:.1f}px) {CENTRE} scale(1.2)"},
                 {"transform": f"translate({tx + tw / 2:.1f}px, {ty + th / 2:.1f}px) {CENTRE}"
                  " scale(0.7)"}],
                FLY_MS,
                fill="forwards",
            )
            self.remove_later(chip, FLY_MS + 20)
            self.animate(el, [{"transform": "scale(1)"}, {"transform": "scale(1.15)"},
                              {"transform": "scale(1)"}], PULSE_MS, FLY_MS)

    def remove_later(self, el: Js, ms: int) -> None:
        self.later(lambda: el.remove(), ms)

    def floating(self, cls: str, w: float, h: float) -> Js:
        """A fixed, pointer-transparent element over the page (removed after its flight)."""
        el = self.document.createElement("div")
        el.className = cls
        el.setAttribute("aria-hidden", "true")
        if w and h:
            el.style.width, el.style.height = f"{w:.0f}px", f"{h:.0f}px"
        self.document.body.appendChild(el)
        return el
