"""Thin PyScript controller: DOM events in, `si_web.app.App` does the rest, HTML out.

Contract: render into ``#app``, then set ``document.body.dataset.ready = "1"`` once the
first screen is on the page. Clicks are delegated from the stable ``#app`` root (the
screens are replaced by innerHTML on every state change); the tapped element's
``data-act`` and ``data-*`` attributes say what the tap means. Pan and pinch-zoom of the
map change only the SVG's viewBox (no re-render).
"""

import contextlib
import math
import traceback

from pyodide.ffi import create_proxy, to_js

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide: JS null arrives as None
    jsnull = None
from pyscript import document, window

from si_web.app import App

root = document.getElementById("app")


def missing(value):
    """True for JS null/undefined (None or pyodide's jsnull)."""
    return value is None or value is jsnull


class LocalStorage:
    """The browser's localStorage behind the app's Storage protocol."""

    def get(self, key):
        try:
            value = window.localStorage.getItem(key)
        except Exception:  # storage disabled: behave as empty
            return None
        # JS null arrives as pyodide.ffi.jsnull, not None: accept only real strings
        return value if isinstance(value, str) else None

    def set(self, key, value):
        try:
            window.localStorage.setItem(key, value)
        except Exception as exc:  # quota or disabled storage: keep playing, say so
            window.console.warn(f"Small Islands: could not save ({exc})")

    def remove(self, key):
        with contextlib.suppress(Exception):
            window.localStorage.removeItem(key)


app = App(LocalStorage())
gesture = {"pointers": {}, "start": None, "moved": False, "suppress_click": False}


last = {"parts": None}
PARTS = ("si-bar", "board-wrap", "si-panel", "si-toasts")


def render():
    """Show the app's current screen. On the game screen, replace only the parts whose HTML
    changed (each one innerHTML set); otherwise the whole #app."""
    parts = app.render_parts()
    old = last["parts"]
    if parts is not None and old is not None and parts["seat"] == old["seat"]:
        if parts["game"] != old["game"]:
            game = root.querySelector('[data-screen="game"]')
            game.dataset.phase, game.dataset.stage = parts["phase"], parts["stage"]
        for key in PARTS:
            if parts[key] != old[key]:
                document.getElementById(key).innerHTML = parts[key]
    else:
        root.innerHTML = app.render()
    last["parts"] = parts
    document.body.dataset.appScreen = app.screen


def read_fields():
    fields = {}
    for el in root.querySelectorAll("[data-field]"):
        fields[str(el.getAttribute("data-field"))] = str(el.value)
    return fields


def on_click(event):
    if gesture["suppress_click"]:
        gesture["suppress_click"] = False
        return
    el = event.target.closest("[data-act]")
    if missing(el):
        return
    act = str(el.getAttribute("data-act"))
    if act == "download":  # let the browser follow the data: link
        return
    data = {
        str(name)[5:]: str(el.getAttribute(name))
        for name in el.getAttributeNames()
        if str(name).startswith("data-") and name != "data-act"
    }
    if "grid" in data:  # the map's background: which cell was tapped
        svg = el.closest("svg")
        x, y = svg_point(svg, event.clientX, event.clientY)
        size = float(data.pop("grid"))
        data["x"], data["y"] = str(math.floor(x / size)), str(math.floor(y / size))
    now = window.performance.now
    t0 = now()
    try:
        app.handle(act, data, read_fields())
    except Exception:
        window.console.error("Small Islands UI error:\n" + traceback.format_exc())
        app.message = "Something went wrong; the game is saved. Reload to continue."
    t1 = now()
    render()
    t2 = now()
    # timings of the last tap (ms): handle it, render (build HTML + set innerHTML); bench/
    window.siLastTap = f"{t1 - t0:.2f} {t2 - t1:.2f}"


# --- pan and pinch-zoom of the map -------------------------------------------------------


def board_el():
    return document.getElementById("board")


def current_viewbox(svg):
    vb = svg.viewBox.baseVal
    return [vb.x, vb.y, vb.width, vb.height]


def set_viewbox(svg, vb):
    svg.setAttribute("viewBox", " ".join(f"{v:.1f}" for v in vb))
    app.user_viewbox = tuple(vb)
    if last["parts"] is not None:  # the map in the DOM no longer matches the last HTML
        last["parts"]["board-wrap"] = ""


def svg_point(svg, x, y):
    pt = svg.createSVGPoint()
    pt.x, pt.y = x, y
    p = pt.matrixTransform(svg.getScreenCTM().inverse())
    return p.x, p.y


def zoom_about(svg, vb0, px, py, factor):
    table = app.game.board.width * 100 if app.game else 1200
    w = min(max(vb0[2] * factor, 250), table + 1600)
    factor = w / vb0[2]
    set_viewbox(svg, [px - (px - vb0[0]) * factor, py - (py - vb0[1]) * factor, w, vb0[3] * factor])


def on_pointerdown(event):
    svg = event.target.closest("#board")
    if missing(svg):
        return
    pointers = gesture["pointers"]
    pointers[event.pointerId] = (event.clientX, event.clientY)
    gesture["moved"] = False
    gesture["suppress_click"] = False
    gesture["start"] = {
        "vb": current_viewbox(svg),
        "pointers": dict(pointers),
        "scale": scale_of(svg),
    }
    if len(pointers) == 2:
        (x1, y1), (x2, y2) = pointers.values()
        gesture["start"]["dist"] = math.hypot(x2 - x1, y2 - y1) or 1
        gesture["start"]["mid"] = svg_point(svg, (x1 + x2) / 2, (y1 + y2) / 2)


def scale_of(svg):
    rect = svg.getBoundingClientRect()
    vb = current_viewbox(svg)
    return max(vb[2] / max(rect.width, 1), vb[3] / max(rect.height, 1))


def on_pointermove(event):
    pointers = gesture["pointers"]
    start = gesture["start"]
    if event.pointerId not in pointers or start is None:
        return
    svg = board_el()
    if missing(svg):
        return
    pointers[event.pointerId] = (event.clientX, event.clientY)
    if len(pointers) == 1:
        x0, y0 = start["pointers"].get(event.pointerId, (event.clientX, event.clientY))
        dx, dy = event.clientX - x0, event.clientY - y0
        if not gesture["moved"] and math.hypot(dx, dy) < 8:
            return
        gesture["moved"] = True
        vb = start["vb"]
        s = start["scale"]
        set_viewbox(svg, [vb[0] - dx * s, vb[1] - dy * s, vb[2], vb[3]])
    elif len(pointers) == 2 and "dist" in start:
        (x1, y1), (x2, y2) = pointers.values()
        dist = math.hypot(x2 - x1, y2 - y1) or 1
        gesture["moved"] = True
        px, py = start["mid"]
        zoom_about(svg, start["vb"], px, py, start["dist"] / dist)


def on_pointerup(event):
    pointers = gesture["pointers"]
    pointers.pop(event.pointerId, None)
    if gesture["moved"]:
        gesture["suppress_click"] = event.type == "pointerup"
    if pointers:
        svg = board_el()
        if not missing(svg):
            gesture["start"] = {
                "vb": current_viewbox(svg),
                "pointers": dict(pointers),
                "scale": scale_of(svg),
            }
    else:
        gesture["start"] = None
        gesture["moved"] = False


def on_wheel(event):
    svg = event.target.closest("#board")
    if missing(svg):
        return
    event.preventDefault()
    px, py = svg_point(svg, event.clientX, event.clientY)
    delta = event.deltaY * (16 if event.deltaMode == 1 else 1)
    zoom_about(svg, current_viewbox(svg), px, py, math.exp(max(-0.5, min(0.5, delta * 0.0015))))


_proxies = [
    create_proxy(f) for f in (on_click, on_pointerdown, on_pointermove, on_pointerup, on_wheel)
]
root.addEventListener("click", _proxies[0])
root.addEventListener("pointerdown", _proxies[1])
window.addEventListener("pointermove", _proxies[2])
window.addEventListener("pointerup", _proxies[3])
window.addEventListener("pointercancel", _proxies[3])
root.addEventListener(
    "wheel", _proxies[4], to_js({"passive": False}, dict_converter=window.Object.fromEntries)
)

render()
document.body.dataset.ready = "1"
