"""Pan and pinch-zoom of an SVG map by pointer events and the wheel, shared by both games'
browser modules (each game's own).

It imports nothing of the browser: the browser module hands it the events and says, by
callbacks, how to read the map's zoom range, what to do with a new viewBox (set it, remember it)
and what to do when a gesture ends. Arithmetic in `viewport`. A drag shorter than 8 px is a
tap; a click that ends a pan or a pinch on the map is swallowed (`swallow`), so a gesture never
taps a space by mistake.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from . import viewbox

Js = Any  # a JavaScript object seen from Python
SLOP_PX = 8  # a one-finger move shorter than this is still a tap


def current_viewbox(svg: Js) -> viewbox.Box:
    vb = svg.viewBox.baseVal
    return (vb.x, vb.y, vb.width, vb.height)


def svg_point(svg: Js, x: float, y: float) -> tuple[float, float]:
    """The map's SVG coordinates of the screen point (x, y)."""
    pt = svg.createSVGPoint()
    pt.x, pt.y = x, y
    p = pt.matrixTransform(svg.getScreenCTM().inverse())
    return p.x, p.y


def scale_of(svg: Js) -> float:
    rect = svg.getBoundingClientRect()
    return viewbox.units_per_pixel(current_viewbox(svg), rect.width, rect.height)


class MapGestures:
    """One map's gestures. `selector`: the map's SVG (``#board``, ``#ei-board``); `find(sel)`
    returns that element or a JS null/None; `set_box(svg, box)` shows and keeps a new viewBox;
    `widths()` the closest and farthest viewBox widths; `ended()` runs after a gesture that
    moved the map (and after each wheel step)."""

    def __init__(
        self,
        selector: str,
        find: Callable[[str], Js],
        set_box: Callable[[Js, viewbox.Box], None],
        widths: Callable[[], tuple[float, float]],
        ended: Callable[[], None],
    ) -> None:
        self.selector = selector
        self.find = find
        self.set_box = set_box
        self.widths = widths
        self.ended = ended
        self.pointers: dict[Any, tuple[float, float]] = {}
        self.start: dict[str, Any] | None = None
        self.moved = False
        self.suppress_click = False

    def _svg(self) -> Js:
        svg = self.find(self.selector)
        return None if svg is None or not hasattr(svg, "viewBox") else svg

    def _begin(self, svg: Js) -> None:
        self.start = {"vb": current_viewbox(svg), "pointers": dict(self.pointers), "scale": scale_of(svg)}

    def swallow(self, event: Js) -> bool:
        """Is this click the end of a pan or a pinch on the map (not a tap)? Call on every
        click: it forgets the gesture either way."""
        suppressed, self.suppress_click = self.suppress_click, False
        if not suppressed:
            return False
        target = event.target
        inside = target.closest(self.selector) if hasattr(target, "closest") else None
        return inside is not None and hasattr(inside, "tagName")

    def down(self, event: Js) -> None:
        self.suppress_click = False  # any new touch: the next click is a real tap
        target = event.target
        svg = target.closest(self.selector) if hasattr(target, "closest") else None
        if svg is None or not hasattr(svg, "viewBox"):
            return
        self.pointers[event.pointerId] = (event.clientX, event.clientY)
        self.moved = False
        self._begin(svg)
        if len(self.pointers) == 2 and self.start is not None:
            (x1, y1), (x2, y2) = self.pointers.values()
            self.start["dist"] = math.hypot(x2 - x1, y2 - y1) or 1
            self.start["mid"] = svg_point(svg, (x1 + x2) / 2, (y1 + y2) / 2)

    def move(self, event: Js) -> None:
        start = self.start
        if event.pointerId not in self.pointers or start is None:
            return
        svg = self._svg()
        if svg is None:
            return
        self.pointers[event.pointerId] = (event.clientX, event.clientY)
        if len(self.pointers) == 1:
            x0, y0 = start["pointers"].get(event.pointerId, (event.clientX, event.clientY))
            dx, dy = event.clientX - x0, event.clientY - y0
            if not self.moved and math.hypot(dx, dy) < SLOP_PX:
                return
            self.moved = True
            self.set_box(svg, viewbox.panned(start["vb"], dx, dy, start["scale"]))
        elif len(self.pointers) == 2 and "dist" in start:
            (x1, y1), (x2, y2) = self.pointers.values()
            dist = math.hypot(x2 - x1, y2 - y1) or 1
            self.moved = True
            px, py = start["mid"]
            self.set_box(svg, viewbox.zoom_within(start["vb"], px, py, start["dist"] / dist, self.widths()))

    def up(self, event: Js) -> None:
        self.pointers.pop(event.pointerId, None)
        if self.moved:
            self.suppress_click = event.type == "pointerup"
        if self.pointers:
            svg = self._svg()
            if svg is not None:
                self._begin(svg)
        else:
            if self.moved:
                self.ended()
            self.start = None
            self.moved = False

    def wheel(self, event: Js) -> None:
        target = event.target
        svg = target.closest(self.selector) if hasattr(target, "closest") else None
        if svg is None or not hasattr(svg, "viewBox"):
            return
        event.preventDefault()
        px, py = svg_point(svg, event.clientX, event.clientY)
        factor = viewbox.wheel_factor(event.deltaY, event.deltaMode == 1)
        self.set_box(svg, viewbox.zoom_within(current_viewbox(svg), px, py, factor, self.widths()))
        self.ended()
