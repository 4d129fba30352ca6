"""Small Islands' browser module, its entry (`game_shell.host` starts it like any game's:
``start(root, storage, back)``, ``show(note)``, ``showing()``): browser glue only -- events,
DOM, worker, timers. `App` does the rest.

It is the home game's: `show` brings back its start screen, which is the app's (with the other
games' cards); a card hands the page to that game (`game_shell.host.open_game`) and this
module leaves the page alone until the host shows it again. Clicks are delegated from the stable ``#app`` root (the
screens are replaced by innerHTML on every state change; on the game screen only the parts
whose HTML changed, and of the map only its marks layer when the map layer is unchanged);
the tapped element's ``data-act`` and ``data-*`` attributes say what the tap means. Pan and
pinch-zoom of the map change only the SVG's viewBox (no re-render); the app saves it when a
gesture ends (`gestures`, shared with Ember Isle; arithmetic in `viewport`).

Computer seats: on the "watch" screen the controller plays the seat to move after a pause
(the app's pace; none after "Skip"). Alexis's steps run here (they are cheap). Bot decisions
and "Suggest a move" run in a Web Worker (bot-worker.js, its own Pyodide), started once a game
has a bot seat or a hint is asked for; the main thread only builds the request and plays the
validated answer (`autopilot`). If the worker fails, bots play Medium here, one decision per
task, and the log says so (bookkeeping in `computers.WorkerJobs`). ``window.siBotStats``
(JSON) keeps the thinking intervals for the browser tests and the benchmark.
"""

from __future__ import annotations

import contextlib
import math
import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyodide.ffi.wrappers import clear_timeout, set_timeout
from pyscript import document, window

from game_plugins.small_islands import PLUGIN
from game_shell import (
    first_paint_browser,
    host,
    keeping,
    shortcuts_browser,
    sounds,
    table_draw,
    worker_host,
    your_games,
)
from game_shell import page as page_habits
from game_shell.back import BackGuard
from game_shell.gestures import MapGestures, svg_point
from game_shell.i18n import _
from game_shell.storage import Storage
from si_web import first_paint, form, kept_browser, keys, viewport
from si_web.app import App
from si_web.board_svg import CELL, viewbox_attr
from si_web.computers import Job, WorkerJobs
from si_web.feedback import Feedback
from si_web.game_screen import fit_button

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide: JS null arrives as None
    jsnull = None

Js = Any  # a JavaScript object seen from Python
root: Js = None  # #app (`start`)
PARTS = ("si-bar", "board-wrap", "si-say", "si-pills", "si-tray", "si-recap", "si-goal", "si-hint",
         "si-tiles", "si-log", "si-actions", "si-toasts", "si-coach")


def missing(value: object) -> bool:
    """True for JS null/undefined (None or pyodide's jsnull)."""
    return value is None or value is jsnull


app: App  # (`start`)
last: dict[str, dict[str, str] | None] = {"parts": None, "screen_parts": None}
page: dict[str, Any] = {"showing": False, "back": None}


def showing() -> bool:
    """Has Small Islands the page (not another game)?"""
    return bool(page["showing"])


# --- showing the app ------------------------------------------------------------------


def render(by_tap: bool = False) -> None:
    """Show the app's screen, then schedule what computer seats or a hint need, and keep
    the public part of what a reload shows first (`first_paint`: the shell keeps it, off the
    tap's path)."""
    refresh(by_tap)
    schedule()
    first_paint_browser.soon()


def rerender() -> None:
    """The words switched language (`game_shell.host`): the screen drawn again, the focus
    kept, the picture a reload paints first kept again in the new words."""
    if showing():
        key = focus_key()
        draw()
        restore_focus(key)
        first_paint_browser.soon()


# The next start paints it before Python is ready (first-paint.js): Small Islands' picture.
first_paint_browser.provide(PLUGIN.name, lambda: first_paint.public_screen(app))


def refresh(by_tap: bool = False) -> None:
    """Show the app's current screen, keeping the keyboard focus where it was (or on the
    step's next target), announce what happened, keep Back inside the app, and give the
    latest change its motion, sound and vibration (`feedback`)."""
    key = focus_key()
    draw()
    if app.screen == "game" and measure_map():  # this drawing changed the map's size (a
        draw()  # taller tray): the map's box and its targets' sizes depend on it
    try:
        restore_focus(key)
        announce()
        sync_history()
        reveal_tip()
        feedback.after(app, by_tap)
    except Exception:
        window.console.error("Small Islands UI error:\n" + traceback.format_exc())


def draw() -> None:
    """On the game screen, replace only the parts whose HTML changed (each one innerHTML
    set); otherwise the whole #app."""
    measure_map()
    parts = app.render_parts()
    old = last["parts"]
    if parts is not None and old is not None and parts["seat"] == old["seat"]:
        if parts["game"] != old["game"]:
            game = root.querySelector('[data-screen="game"]')
            game.dataset.phase, game.dataset.stage = parts["phase"], parts["stage"]
            game.setAttribute("data-sheet", parts["sheet"])
        changed = [("board-marks" if k == "board-wrap" and parts["board-map"] == old["board-map"]
                    else k) for k in PARTS if parts[k] != old[k]]
        table_draw.let_go_of_focus(document, changed, missing)  # (before the browser mends it)
        for key in PARTS:
            if parts[key] == old[key]:
                continue
            if key == "board-wrap" and parts["board-map"] == old["board-map"]:
                update_board(parts, old)
            else:
                document.getElementById(key).innerHTML = parts[key]
    elif not kept_browser.draw_parts(app, last):  # the replay viewer: its changed parts
        root.innerHTML = app.render()
    last["parts"] = parts
    page_habits.opened(document, window, app.screen,
                       "table" if app.screen in ("game", "watch") else None)


def update_board(parts: dict[str, str], old: dict[str, str]) -> None:
    """The map layer is unchanged: replace only the marks group and the viewBox."""
    svg = board_el()
    for layer in ("board-recent", "board-marks"):
        if parts[layer] != old[layer]:
            document.getElementById(layer).innerHTML = parts[layer]
    if parts["board-vb"] != svg.getAttribute("viewBox"):
        svg.setAttribute("viewBox", parts["board-vb"])
    show_fit('data-act="fit"' in parts["board-wrap"])


TIP_TARGETS = {"tracker": ".tracker", "panel": "#si-say", "recap": ".recap"}  # (in a sheet)
shown_tip: dict[str, str | None] = {"id": None}


def reveal_tip() -> None:
    """A new coach tip: bring what it points at into view (a card of the scrolling panel)."""
    el = root.querySelector(".coach[data-tip]")
    tip = None if missing(el) else str(el.getAttribute("data-tip"))
    if tip == shown_tip["id"]:
        return
    shown_tip["id"] = tip
    target = TIP_TARGETS.get(str(el.getAttribute("data-target"))) if tip else None
    found: Js = root.querySelector(target) if target else None
    if not missing(found):
        found.scrollIntoView(js_obj({"block": "nearest"}))


def read_fields() -> dict[str, str]:
    """The current values of the form controls."""
    return {str(el.getAttribute("data-field")): str(el.value) for el in root.querySelectorAll("[data-field]")}


def on_click(event: Js) -> None:
    if not showing():
        return
    if gesture.swallow(event):
        return  # the end of a pan or pinch on the map, not a tap
    el = event.target.closest("[data-act]")
    if missing(el):
        return
    act = str(el.getAttribute("data-act"))
    if act == "download":  # let the browser follow the data: link
        return
    data = data_of(el)
    if "grid" in data:  # the map's background: which cell was tapped
        x, y = svg_point(el.closest("svg"), event.clientX, event.clientY)
        size = float(data.pop("grid"))
        data["x"], data["y"] = str(math.floor(x / size)), str(math.floor(y / size))
    tap_act(act, data)


def data_of(el: Js) -> dict[str, str]:
    """An element's data-* values (without data-act)."""
    return {
        str(name)[5:]: str(el.getAttribute(name))
        for name in el.getAttributeNames()
        if str(name).startswith("data-") and name not in ("data-act", "data-pick")
    }


def tap_act(act: str, data: dict[str, str]) -> None:
    """Hand one tap (or key press) to the app and show the result."""
    if not showing():
        return
    t0 = now()
    try:
        app.handle(act, data, read_fields())
    except Exception:
        window.console.error("Small Islands UI error:\n" + traceback.format_exc())
        app.say(keeping.after_error(app.save_game, app.kept.saved, app.game is not None))
    for note in app.ignored:
        window.console.info(f"Small Islands: {note}")
    app.ignored.clear()
    kept_browser.send_file(app)
    if app.other_game:
        open_other_game()
        return
    t1 = now()
    render(by_tap=True)
    # timings of the last tap (ms): handle it, render (build HTML + set innerHTML); bench/
    window.siLastTap = f"{t1 - t0:.2f} {now() - t1:.2f}"


def open_other_game() -> None:
    """Another game was chosen: it takes the page (its code loaded on first use) until it
    hands it back (`show`)."""
    name = app.take_other_game()
    if name is None:
        return
    page["showing"] = False
    last["parts"] = None
    back_guard.sync(False)
    host.open_game(name)


# --- keyboard, focus, screen readers, Back ---------------------------------------------

TARGETS = "#board [role=button][data-act]"
live: dict[str, Any] = {"el": None}
back_guard = BackGuard(window, lambda d: js_obj(d))  # Back stays in the app (`back`)


def focus_key() -> str | None:
    """A selector for the focused element (its data-act and data-* values), if in the app."""
    el = document.activeElement
    if missing(el) or missing(el.closest("#app")) or missing(el.getAttribute("data-act")):
        return "map" if not missing(el) and not missing(el.closest("#board")) else None
    sel = f'[data-act="{el.getAttribute("data-act")}"]'
    for name, value in data_of(el).items():
        sel += f'[data-{name}="{value}"]'
    return sel


NEXT = (  # where the next thing to do is, in this order (`restore_focus`)
    TARGETS + '[tabindex="0"]',
    "#si-actions .primary:not([disabled])",
    "#si-actions [data-act]:not([disabled])",
    ".screen .primary:not([disabled])",
)


def restore_focus(key: str | None) -> None:
    """After a render: focus a new dialog's button, else the same control if it is still
    there, else (the focus was lost with the old DOM, or was nowhere) the first thing to do:
    the step's next map target, its primary action, its first control (`NEXT`) -- so that a
    turn change or a new screen never leaves a keyboard player at the top of the page. Text
    fields are never focused (a phone would open its keyboard), nor is the page scrolled."""
    auto = root.querySelector("[data-autofocus]")
    if not missing(auto):
        auto.focus()
        return
    active = document.activeElement
    lost = missing(active) or str(active.tagName) == "BODY" or not active.isConnected
    if not lost:
        return
    el: Js = None
    if key is not None and key != "map":
        with contextlib.suppress(Exception):
            el = root.querySelector(key)
    for selector in NEXT:
        if not missing(el) and not el.hasAttribute("disabled"):
            break
        el = root.querySelector(selector)
    if not missing(el) and not el.hasAttribute("disabled"):
        el.focus(js_obj({"preventScroll": True}))


def centre_of(el: Js) -> tuple[float, float]:
    r = el.getBoundingClientRect()
    return r.left + r.width / 2, r.top + r.height / 2


def move_focus(el: Js, key: str) -> None:
    """Arrow keys on the map: the nearest target in that direction (roving tabindex)."""
    dx, dy = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}[key]
    x0, y0 = centre_of(el)
    best, best_score = None, math.inf
    for other in root.querySelectorAll(TARGETS):
        if other.isSameNode(el):
            continue
        x, y = centre_of(other)
        along = (x - x0) * dx + (y - y0) * dy
        if along <= 1:
            continue
        across = abs((x - x0) * dy) + abs((y - y0) * dx)
        score = along + 2 * across
        if score < best_score:
            best, best_score = other, score
    if best is not None:
        el.setAttribute("tabindex", "-1")
        best.setAttribute("tabindex", "0")
        best.focus()


def press(selector: str) -> bool:
    """Click the first enabled control matching `selector` (keyboard shortcuts)."""
    el = root.querySelector(selector)
    if missing(el) or el.hasAttribute("disabled"):
        return False
    el.click()
    return True


def on_keydown(event: Js) -> None:
    if not showing() or shortcuts_browser.handle(event, PLUGIN.title, keys.KEYS):
        return  # (`?` opens the list of keys; while it is open, keys are its own)
    key = str(event.key)
    target = event.target
    typing = not missing(target.closest("input, select, textarea"))
    if typing or event.ctrlKey or event.metaKey or event.altKey:
        return
    on_map = not missing(target.closest("#board")) and not missing(target.getAttribute("data-act"))
    replay_act = kept_browser.replay_key(key, target) if app.screen == "replay" else None
    if replay_act is not None:
        event.preventDefault()
        tap_act(*replay_act)
    elif on_map and key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
        event.preventDefault()
        move_focus(target, key)
    elif on_map and key in ("Enter", " "):
        event.preventDefault()
        # on the previewed spot: place it (the step's main button); R turns it
        if target.getAttribute("aria-pressed") != "true" or not press(
                "#si-actions .primary:not([disabled])"):
            tap_act(str(target.getAttribute("data-act")), data_of(target))
    elif key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown") and missing(target.closest("button, a, summary")):
        first = root.querySelector(TARGETS + '[tabindex="0"]')
        if not missing(first):
            event.preventDefault()
            first.focus()
    elif key in ("r", "R"):
        if press('[data-act="rotate"]') or press('[data-act="draft-rotate"]'):
            event.preventDefault()
        elif app.screen == "game" and app.stage().name == "alexis_rotation":
            event.preventDefault()
            tap_act("alexis-rot", {})
    elif key == "Escape":
        if press('[data-act="stay"]') or press('[data-act="cancel"]'):
            event.preventDefault()
        elif app.sheet:
            event.preventDefault()
            tap_act("sheet", {"sheet": app.sheet})


def announce() -> None:
    """Say each move and score change in the polite live region."""
    text = app.news()
    if text and not missing(live["el"]):
        live["el"].textContent = text


def make_live_region() -> None:
    el = document.createElement("div")
    el.id = "si-live"
    el.className = "sr"
    el.setAttribute("aria-live", "polite")
    el.setAttribute("role", "status")
    document.body.appendChild(el)
    live["el"] = el


def sync_history() -> None:
    """Keep one history entry of ours while Back has something to do in the app (`back`)."""
    back_guard.sync(app.can_back())


def on_popstate(event: Js) -> None:
    if not showing() or not back_guard.popped():
        return
    try:
        app.back()
    except Exception:
        window.console.error("Small Islands UI error:\n" + traceback.format_exc())
    render()


def measure_map() -> bool:
    """Tell the app the map's size on screen (ringed spots are sized from it); True when it
    changed."""
    before = app.map_px
    wrap = document.getElementById("board-wrap")
    if missing(wrap):
        if app.map_px is None:
            w, h = window.innerWidth, window.innerHeight
            wide = w > 760 and not (h > w and w <= 1100)
            app.set_map_px((max(w - 380, 200), max(h - 120, 200)) if wide else (w, h * 0.5))
        return False
    r = wrap.getBoundingClientRect()
    if r.width > 0 and r.height > 0:
        app.set_map_px((float(r.width), float(r.height)))
    return app.map_px != before


def on_resize(event: Js) -> None:
    if not showing():
        return
    if measure_map() and app.screen == "game":
        refresh()


# --- pan and pinch-zoom of the map -----------------------------------------------------


def board_el() -> Js:
    return document.getElementById("board")


def set_viewbox(svg: Js, vb: viewport.Box) -> None:
    svg.setAttribute("viewBox", viewbox_attr(vb))
    app.set_viewbox(vb)
    show_fit(True)  # the map is the player's now
    if last["parts"] is not None:  # the map in the DOM no longer matches the last HTML
        last["parts"]["board-wrap"] = ""
        last["parts"]["board-vb"] = ""


def show_fit(shown: bool) -> None:
    """Add or remove the map's Fit button (game_screen.fit_button: on a panned map only), on
    the game screen's map or on the one shown while a computer plays."""
    wrap = document.querySelector('#board-wrap, [data-screen="watch"] > .board-wrap')
    if missing(wrap):
        return
    button = wrap.querySelector('[data-act="fit"]')
    if shown and missing(button):
        wrap.insertAdjacentHTML("beforeend", fit_button())
    elif not shown and not missing(button):
        button.remove()


def table_width() -> int:
    return app.game.board.width if app.game else 12


def zoom_widths() -> tuple[float, float]:
    return (viewport.MIN_WIDTH, table_width() * CELL + viewport.MAP_MARGIN)


gesture = MapGestures("#board", lambda sel: root.querySelector(sel), set_viewbox, zoom_widths,
                      lambda: app.remember_view())


def on_pointerdown(event: Js) -> None:
    if showing():
        gesture.down(event)


def on_pointermove(event: Js) -> None:
    if showing():
        gesture.move(event)


def on_pointerup(event: Js) -> None:
    if showing():
        gesture.up(event)


def on_wheel(event: Js) -> None:
    if showing():
        gesture.wheel(event)


# --- computer seats and hints ----------------------------------------------------------

jobs = WorkerJobs()
worker: dict[str, Any] = {"timer": None, "timer_delay": 0}
now = window.performance.now


def js_obj(d: dict[str, Any]) -> Js:
    return to_js(d, dict_converter=window.Object.fromEntries)


def publish_stats() -> None:
    window.siBotStats = jobs.stats()
    document.body.dataset.botThinking = "1" if jobs.busy else "0"


def ensure_worker() -> Js:
    """The page's bot worker (`worker_host`: one for every game; started on first use)."""
    return worker_host.ensure()


def worker_failed(reason: str) -> None:
    """Stop using the worker; answer what it owed on the main thread (one task each)."""
    owed = jobs.fail(reason)
    if owed is None:
        return
    window.console.warn(f"Small Islands: bot worker failed: {reason}")
    app.auto.worker_failed(reason)
    for job in owed:
        run_locally(job)
    render()


def run_locally(job: Job) -> None:
    """Compute a job here, in its own task."""
    if job.kind == "bot":
        set_timeout(lambda: local_move(job.token), 0)
    else:
        set_timeout(lambda: local_hint(job.token), 0)


def local_move(token: str) -> None:
    jobs.busy = False
    try:
        app.auto.fallback(token)
    except Exception:
        window.console.error("Small Islands bot error:\n" + traceback.format_exc())
    publish_stats()
    render()


def local_hint(token: str) -> None:
    jobs.hint_busy = None
    try:
        app.auto.hint_locally(token)
    except Exception:
        app.want_hint(False)
        app.say(_("No suggestion could be made."))
    render()


def post(kind: str, token: str, request: str, extra: dict[str, Any] | None = None,
         archive: str | None = None) -> bool:
    n = worker_host.post(PLUGIN.name, request, archive)  # (its watchdog gives up a silent worker)
    if n is None:
        return False
    jobs.submit(kind, token, extra, job_id=n)
    return True


class WorkerClient:
    """Small Islands' side of the page's bot worker (`worker_host.Client`)."""

    def ready(self, data: dict[str, Any]) -> None:
        jobs.ready = True
        jobs.boot_ms = data.get("ms")
        publish_stats()

    def failed(self, reason: str, owed: list[int]) -> None:
        worker_failed(reason)

    def answer(self, job_id: int, data: dict[str, Any]) -> None:
        job = jobs.answered(job_id)
        if job is None:
            return
        if job.kind == "hint":
            jobs.hint_busy = None
            if data.get("ok"):
                app.auto.apply_hint(data["result"], job.token)
            else:
                app.want_hint(False)
                app.say(_("No suggestion could be made."))
                window.console.warn(f"Small Islands: suggestion failed: {data.get('error')}")
            render()
            return
        jobs.busy = False
        jobs.timed(job, now(), data.get("ms"))
        publish_stats()
        try:
            if data.get("ok"):
                app.auto.apply(data["result"], job.token)
            else:
                window.console.warn(f"Small Islands: bot error: {data.get('error')}")
                app.events.append("A computer player could not decide; Medium played instead.")
                app.auto.fallback(job.token)
        except Exception:
            window.console.error("Small Islands UI error:\n" + traceback.format_exc())
        render()



def schedule() -> None:
    """After a render: the next computer step after the pace, a hint request, the worker."""
    if app.has_bots() and not jobs.failed:
        ensure_worker()
    if app.screen == "watch" and not jobs.busy:
        delay = app.pace_ms()
        if worker["timer"] is not None and delay < worker["timer_delay"]:
            clear_timeout(worker["timer"])
            worker["timer"] = None
        if worker["timer"] is None:
            worker["timer_delay"] = delay
            worker["timer"] = set_timeout(auto_step, delay)
    if app.hint_wanted and jobs.hint_busy is None:
        request_hint()


def auto_step() -> None:
    worker["timer"] = None
    t0 = now()
    try:
        req = app.auto.request()
        if req is None:
            return
        if req["kind"] == "alexis":
            app.auto.alexis_step(req["token"])
            render()
            return
        jobs.busy = True
        publish_stats()
        extra = {"t0": t0, "level": req["level"], "n_legal": req["n_legal"]}
        if not post("bot", req["token"], req["request"], extra, req.get("archive")):
            set_timeout(lambda: local_move(req["token"]), 0)
    except Exception:
        jobs.busy = False
        window.console.error("Small Islands UI error:\n" + traceback.format_exc())
        app.say(keeping.after_error(app.save_game, app.kept.saved, app.game is not None))
        refresh()


def request_hint() -> None:
    req = app.auto.hint_request()
    if req is None:
        return
    jobs.hint_busy = req["token"]
    if not post("hint", req["token"], req["request"]):
        set_timeout(lambda: local_hint(req["token"]), 0)


def next_frame(fn: Any) -> None:
    """Run `fn` in the next animation frame (errors logged)."""

    def run(_: float) -> None:
        try:
            fn()
        except Exception:
            window.console.error("Small Islands UI error:\n" + traceback.format_exc())

    window.requestAnimationFrame(create_once_callable(run))


def on_change(event: Js) -> None:
    """A seat of the new-game form becomes a computer: on the form's own name ("Player 2") it
    gets a plain one at once (`form.set_kind` does the same when the form is read)."""
    el = event.target
    field = str(el.getAttribute("data-field") or "") if hasattr(el, "getAttribute") else ""
    if not page["showing"] or not field.startswith("kind-") or not field[5:].isdigit():
        return
    seat, kind = int(field[5:]), str(el.value)
    inputs = root.querySelectorAll('input[data-field^="name-"]')
    names = [str(inputs.item(i).value) for i in range(inputs.length)]
    if kind != "human" and seat < len(names) and form.placeholder(names[seat], seat):
        inputs.item(seat).value = form.computer_name(names, seat)


feedback = Feedback(window, document, js_obj, set_timeout, next_frame, sounds.for_page(window, document))
_proxies: list[Any] = []


def start(page_root: Js, storage: Storage, back: Callable[[str | None], None]) -> None:
    """Take the page (`game_shell.host`): listen to the page's events, show the screen the
    saved game or the tab was on."""
    global root, app
    root, page["back"] = page_root, back
    app = App(storage)
    worker_host.register(PLUGIN.name, WorkerClient())
    _proxies[:] = page_habits.listen(
        root,
        window,
        document,
        {
            "click": on_click, "pointerdown": on_pointerdown, "pointermove": on_pointermove,
            "pointerup": on_pointerup, "pointercancel": on_pointerup, "wheel": on_wheel,
            "keydown": on_keydown, "popstate": on_popstate, "resize": on_resize,
            "change": on_change,
        },
        create_proxy,
        js_obj,
    )
    # files, the replay's slider, other windows (not while another game has the page)
    kept_browser.install(app, tap_act, lambda: render() if showing() else None)
    make_live_region()
    if app.broken is not None:  # the engine's reason, for developers (players read plain words)
        window.console.warn(f"Small Islands: the saved game cannot be loaded: {app.broken[0]}")
    page["showing"] = True
    render()
    publish_stats()


def show(note: str | None = None, screen: str | None = None) -> None:
    """The page is ours again (another game went back, `host.back`): the start screen, which
    is the app's, saying why when the other game could not be loaded (`note`), or on to one of
    the shell's screens it asked for (`your_games.SCREEN`: "Your games", as the start screen's
    button opens it, so that Menu comes back here); the device's settings read again (the
    other game's page may have changed them)."""
    page["showing"] = True
    app.reread_settings()
    app.go("start")
    app.set_form_error(note)
    if screen == your_games.SCREEN:
        app.handle("history")
    last["parts"] = None
    render()
