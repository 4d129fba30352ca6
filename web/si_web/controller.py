"""The PyScript controller (main.py imports it): DOM events in, `App` does the rest, HTML out.

Contract: render into ``#app``, then set ``document.body.dataset.ready = "1"`` once the
first screen is on the page. Clicks are delegated from the stable ``#app`` root (the
screens are replaced by innerHTML on every state change; on the game screen only the parts
whose HTML changed, and of the map only its marks layer when the map layer is unchanged);
the tapped element's ``data-act`` and ``data-*`` attributes say what the tap means. Pan and
pinch-zoom of the map change only the SVG's viewBox (no re-render); the app saves it when a
gesture ends.

Computer seats: on the "watch" screen the controller plays the seat to move after a pause
(the app's pace; none after "Skip"). Alexis's steps run here (they are cheap). Bot decisions
and "Suggest a move" run in a Web Worker (bot-worker.js, its own Pyodide), started once a game
has a bot seat or a hint is asked for; the main thread only builds the request (the seat's
view and legal actions) and plays the validated answer. If the worker fails, bots play
Medium here, one decision per task, and the log says so. ``window.siBotStats`` (JSON) keeps
the thinking intervals for the browser tests and the benchmark.
"""

import contextlib
import json
import math
import traceback

from pyodide.ffi import create_proxy, to_js
from pyodide.ffi.wrappers import clear_timeout, set_timeout

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide: JS null arrives as None
    jsnull = None
from pyscript import document, window

from si_web.app import MAP_MARGIN, App
from si_web.board_svg import CELL, viewbox_attr

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
    """Show the app's screen, then schedule what computer seats or a hint need."""
    show()
    schedule()


def show():
    """Show the app's current screen. On the game screen, replace only the parts whose HTML
    changed (each one innerHTML set); otherwise the whole #app."""
    parts = app.render_parts()
    old = last["parts"]
    if parts is not None and old is not None and parts["seat"] == old["seat"]:
        if parts["game"] != old["game"]:
            game = root.querySelector('[data-screen="game"]')
            game.dataset.phase, game.dataset.stage = parts["phase"], parts["stage"]
        for key in PARTS:
            if parts[key] == old[key]:
                continue
            if key == "board-wrap" and parts["board-map"] == old["board-map"]:
                update_board(parts, old)
            else:
                document.getElementById(key).innerHTML = parts[key]
    else:
        root.innerHTML = app.render()
    last["parts"] = parts
    document.body.dataset.appScreen = app.screen


def update_board(parts, old):
    """The map layer is unchanged: replace only the marks group and the viewBox."""
    svg = board_el()
    if parts["board-marks"] != old["board-marks"]:
        document.getElementById("board-marks").innerHTML = parts["board-marks"]
    if parts["board-vb"] != svg.getAttribute("viewBox"):
        svg.setAttribute("viewBox", parts["board-vb"])


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
    svg.setAttribute("viewBox", viewbox_attr(vb))
    app.user_viewbox = tuple(vb)
    if last["parts"] is not None:  # the map in the DOM no longer matches the last HTML
        last["parts"]["board-wrap"] = ""
        last["parts"]["board-vb"] = ""


def svg_point(svg, x, y):
    pt = svg.createSVGPoint()
    pt.x, pt.y = x, y
    p = pt.matrixTransform(svg.getScreenCTM().inverse())
    return p.x, p.y


def zoom_about(svg, vb0, px, py, factor):
    table = app.game.board.width * CELL if app.game else 12 * CELL
    w = min(max(vb0[2] * factor, 250), table + MAP_MARGIN)
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
        if gesture["moved"]:
            app.remember_view()
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
    app.remember_view()


# --- computer seats and hints ----------------------------------------------------------

bots = {
    "worker": None,
    "failed": None,
    "ready": False,
    "next_id": 0,
    "pending": {},  # request id -> {"kind", "token", "t0", "level"}
    "timer": None,
    "timer_delay": 0,
    "busy": False,
    "hint_busy": None,
}
stats = {"think": [], "boot_ms": None, "failed": None}
now = window.performance.now


def js_obj(d):
    return to_js(d, dict_converter=window.Object.fromEntries)


def publish_stats():
    window.siBotStats = json.dumps(stats)
    document.body.dataset.botThinking = "1" if bots["busy"] else "0"


def ensure_worker():
    """The bot worker (started on first use); None once it has failed."""
    if bots["worker"] is not None or bots["failed"]:
        return bots["worker"]
    try:
        worker = window.Worker.new("./bot-worker.js", js_obj({"type": "module"}))
    except Exception as exc:
        worker_failed(f"it could not start: {exc}")
        return None
    worker.addEventListener("message", _worker_proxies[0])
    worker.addEventListener("error", _worker_proxies[1])
    worker.addEventListener("messageerror", _worker_proxies[1])
    bots["worker"] = worker
    return worker


def worker_failed(reason):
    """Stop using the worker; answer what it owed on the main thread (one task each)."""
    if bots["failed"]:
        return
    bots["failed"] = reason
    stats["failed"] = reason
    window.console.warn(f"Small Islands: bot worker failed: {reason}")
    app.note_worker_failed(reason)
    if bots["worker"] is not None:
        with contextlib.suppress(Exception):
            bots["worker"].terminate()
    bots["worker"] = None
    owed = list(bots["pending"].values())
    bots["pending"].clear()
    for job in owed:
        if job["kind"] == "bot":
            set_timeout(lambda job=job: local_move(job["token"]), 0)
        else:
            set_timeout(lambda job=job: local_hint(job["token"]), 0)
    render()


def local_move(token):
    bots["busy"] = False
    try:
        app.fallback_move(token)
    except Exception:
        window.console.error("Small Islands bot error:\n" + traceback.format_exc())
    publish_stats()
    render()


def local_hint(token):
    bots["hint_busy"] = None
    try:
        app.hint_locally(token)
    except Exception:
        app.hint_wanted = False
        app.message = "No suggestion could be made."
    render()


def post(kind, token, request, extra=None):
    worker = ensure_worker()
    if worker is None:
        return False
    bots["next_id"] += 1
    n = bots["next_id"]
    bots["pending"][n] = {"kind": kind, "token": token, **(extra or {})}
    worker.postMessage(js_obj({"id": n, "request": request}))
    set_timeout(lambda: n in bots["pending"] and worker_failed("no answer within 120 s"), 120_000)
    return True


def on_worker_message(event):
    data = event.data.to_py()
    if data.get("type") == "ready":
        bots["ready"] = True
        stats["boot_ms"] = data.get("ms")
        publish_stats()
        return
    if data.get("type") == "failed":
        worker_failed(f"Python did not start in it: {data.get('error')}")
        return
    job = bots["pending"].pop(data.get("id"), None)
    if job is None:
        return
    if job["kind"] == "hint":
        bots["hint_busy"] = None
        if data.get("ok"):
            app.apply_hint(data["result"], job["token"])
        else:
            app.hint_wanted = False
            app.message = "No suggestion could be made."
            window.console.warn(f"Small Islands: suggestion failed: {data.get('error')}")
        render()
        return
    bots["busy"] = False
    stats["think"].append(
        {
            "t0": job["t0"],
            "t1": now(),
            "level": job["level"],
            "n_legal": job["n_legal"],
            "ms": data.get("ms"),
        }
    )
    publish_stats()
    try:
        if data.get("ok"):
            app.apply_auto(data["result"], job["token"])
        else:
            window.console.warn(f"Small Islands: bot error: {data.get('error')}")
            app.events.append("A computer player could not decide; Medium played instead.")
            app.fallback_move(job["token"])
    except Exception:
        window.console.error("Small Islands UI error:\n" + traceback.format_exc())
    render()


def on_worker_error(event):
    message = getattr(event, "message", None)
    worker_failed(str(message) if not missing(message) else "the worker script failed to load")


_worker_proxies = [create_proxy(on_worker_message), create_proxy(on_worker_error)]


def schedule():
    """After a render: the next computer step after the pace, a hint request, the worker."""
    if app.has_bots() and not bots["failed"]:
        ensure_worker()
    if app.screen == "watch" and not bots["busy"]:
        delay = app.pace_ms()
        if bots["timer"] is not None and delay < bots["timer_delay"]:
            clear_timeout(bots["timer"])
            bots["timer"] = None
        if bots["timer"] is None:
            bots["timer_delay"] = delay
            bots["timer"] = set_timeout(auto_step, delay)
    if app.hint_wanted and bots["hint_busy"] is None:
        request_hint()


def auto_step():
    bots["timer"] = None
    t0 = now()
    try:
        req = app.auto_request()
        if req is None:
            return
        if req["kind"] == "alexis":
            app.alexis_step(req["token"])
            render()
            return
        bots["busy"] = True
        publish_stats()
        extra = {"t0": t0, "level": req["level"], "n_legal": req["n_legal"]}
        if not post("bot", req["token"], req["request"], extra):
            set_timeout(lambda: local_move(req["token"]), 0)
    except Exception:
        bots["busy"] = False
        window.console.error("Small Islands UI error:\n" + traceback.format_exc())
        app.message = "Something went wrong; the game is saved. Reload to continue."
        show()


def request_hint():
    req = app.hint_request()
    if req is None:
        return
    bots["hint_busy"] = req["token"]
    if not post("hint", req["token"], req["request"]):
        set_timeout(lambda: local_hint(req["token"]), 0)


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
publish_stats()
document.body.dataset.ready = "1"
