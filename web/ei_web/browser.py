"""Ember Isle's browser module (the only one of `ei_web` that touches the browser): DOM
events, rendering into ``#app``, the keyboard on the map, the live region, the device's
settings in the page (``<body>`` attributes, the sounds of its moves through the shell's
`game_shell.sounds`, `feel`), computer seats and hints through the bot worker (bot-worker.js, which unpacks Ember Isle's archive in its own
Python), and the same decisions on the main thread if the worker fails.

`game_shell.host` imports it once the archive is installed and calls `start` (later `show`);
`back` hands the page to the home game.
"""

from __future__ import annotations

import contextlib
import traceback
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyodide.ffi.wrappers import set_timeout
from pyscript import document, window

from game_plugins.ember_isle import PLUGIN
from game_shell import (
    files_browser,
    first_paint_browser,
    host,
    keeping,
    page,
    shortcuts_browser,
    sounds,
    table_draw,
    worker_host,
)
from game_shell.back import BackGuard
from game_shell.gestures import MapGestures
from game_shell.settings import body_attrs

from . import board, deduction, effects, first_paint, keys, screens
from .app import EmberApp, reopen
from .game_screen import game_table

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide: JS null arrives as None
    jsnull = None

Js = Any
STYLES = "./ember.css"
PACE_MS = 700  # a pause before each computer step, so people can follow
shell: dict[str, Any] = {
    "root": None, "app": None, "back": None, "showing": False, "failed": False,
    "busy": None, "hint": None, "timer": None, "serial": 0, "proxies": [],
    "heard": None, "tapped": False, "placed_focus": False,
    "split": None,  # this tap's drawings' times (ms): build the table, set it on the page
    "drawn": None,  # the table screen drawn last (`draw`: its changed parts only are replaced)
    "board_moved": False,  # the map's view or targets were changed in the page since
}


def missing(value: object) -> bool:
    """True for JS null/undefined (None or pyodide's jsnull)."""
    return value is None or value is jsnull


def js_obj(d: dict[str, Any]) -> Js:
    return to_js(d, dict_converter=window.Object.fromEntries)


def showing() -> bool:
    return bool(shell["showing"])


def start(root: Js, storage: Any, back: host.Back) -> None:
    """Take the screen: Ember Isle's styles (unless the page links them already: the build
    does, for its picture painted before Python is ready), events, and its saved game or its
    start screen."""
    if missing(document.querySelector(f'link[rel="stylesheet"][href="{STYLES}"]')):
        link = document.createElement("link")
        link.rel, link.href = "stylesheet", STYLES
        document.head.appendChild(link)
    shell.update(root=root, app=EmberApp(storage), back=back)
    worker_host.register(PLUGIN.name, WorkerClient())
    shell["proxies"] = page.listen(
        root,
        window,
        document,
        {
            "click": on_click, "keydown": on_keydown, "pointerdown": on_pointerdown,
            "pointermove": on_pointermove, "pointerup": on_pointerup, "pointercancel": on_pointerup,
            "wheel": on_wheel, "focusin": on_focusin, "resize": on_resize, "storage": on_storage,
            "popstate": on_popstate, "change": on_change,
            "input": on_change,  # a name as it is typed
        },
        create_proxy,
        js_obj,
    )
    files = shell["app"].files
    files.can_share = files_browser.can_share_files()
    files.tz_minutes = -int(window.Date.new().getTimezoneOffset())
    show()


def show(note: str | None = None) -> None:
    """Chosen again (`note` is for the home game's start screen only)."""
    app: EmberApp = shell["app"]
    shell["showing"], shell["drawn"] = True, None  # (the page showed another game since)
    app.session.set_active(True)
    app.sync()  # another window may have played or finished the game meanwhile
    reopen(app)
    render()


def draw(root: Js, app: EmberApp) -> None:
    """The app's screen in `root`: the game's table part by part (only what changed since
    the last drawing, `table_draw`), any other screen whole."""
    if app.screen == "game" and app.game is not None and not app.session.guard.conflict \
            and not app.leave_asked:
        t0 = window.performance.now()
        screen = game_table(app)
        t1 = window.performance.now()
        moved = ("ei-board-wrap",) if shell["board_moved"] else ()
        table_draw.draw(document, root, screen, shell["drawn"], missing, moved)
        shell["drawn"], shell["board_moved"] = screen, False
        split = shell["split"] or (0.0, 0.0)  # (bench: every drawing of the tap summed)
        shell["split"] = (split[0] + t1 - t0, split[1] + window.performance.now() - t1)
    else:
        root.innerHTML = app.render()
        shell["drawn"] = None


def render() -> None:
    app: EmberApp = shell["app"]
    if app.leave:
        to = app.leave_to  # the home game's screen to show ("Your games"), or its start
        app.left()
        back_guard.sync(False)
        shell["showing"] = False
        shell["back"](None, to)
        return
    root = shell["root"]
    focused = focus_key()
    try:
        draw(root, app)
    except Exception:
        window.console.error("Ember Isle UI error:\n" + traceback.format_exc())
        app.say(None)
        app.go("start")
        shell["drawn"] = None
        root.innerHTML = app.render()
    page.opened(document, window, "ei-" + ("elsewhere" if app.session.guard.conflict else app.screen))
    app.session.remember(app.screen)
    document.body.dataset.emberStage = app.game.stage if app.game is not None else ""
    restore_focus(focused)
    auto = root.querySelector("[data-autofocus]")  # a question (Back's "Leave the game?")
    if not missing(auto):
        auto.focus(js_obj({"preventScroll": True}))
        if auto.hasAttribute("data-jump"):  # the rules at a section (a tip's link, the contents)
            auto.scrollIntoView(js_obj({"block": "start"}))
    back_guard.sync(app.can_back())
    if measure_map():  # the map's size changed: its box depends on it
        app.last_moves.redraw()  # the others' moves, if new, play back in this drawing
        deduction.redraw()  # and a clue's ruled-out spaces
        draw(root, app)
        restore_focus(focused)
    live = document.getElementById("si-live")
    news = app.news()
    if news and not missing(live):
        live.textContent = news
    for note in app.ignored:
        window.console.info(f"Ember Isle: {note}")
    app.ignored.clear()
    out = app.files.take_outbox()
    if out is not None:  # "Download the file" or "Share…" was tapped
        files_browser.send(out)
    try:
        feel(app)
    except Exception:
        window.console.error("Ember Isle UI error:\n" + traceback.format_exc())
    schedule()
    first_paint_browser.soon()  # the picture of what a reload shows first (public only)


def picture() -> tuple[str, str] | None:
    """Ember Isle's picture for the next start (`first_paint`), once it has the page."""
    app: EmberApp | None = shell["app"]
    return None if app is None else first_paint.picture(app)


first_paint_browser.provide(PLUGIN.name, picture)


def feel(app: EmberApp) -> None:
    """The device's settings in the page (the shell's): palette, motion and the action bar's
    side as ``<body>`` attributes (ember.css and styles.css follow them); once sound is on,
    the sounds of what happened since the last render (`effects`), and a buzz for a rover
    moved or land placed by a tap of this player."""
    device = app.prefs.current()
    body = document.body
    for name, value in body_attrs(device).items():
        if str(body.getAttribute(f"data-{name}")) != value:
            body.setAttribute(f"data-{name}", value)
    tapped, shell["tapped"] = shell["tapped"], False
    g = app.game
    log = g.log if g is not None else []
    heard = shell["heard"]
    fresh = log[heard[1]:] if heard is not None and heard[0] == id(g) else []
    shell["heard"] = (id(g), len(log))
    if not device.sound:
        return
    page = sounds.for_page(window, document)
    page.ensure(effects.SOUNDS)
    played = effects.sounds_of(fresh)
    page.play(played)
    if tapped and device.vibration and ("land" in played or "place" in played):
        page.vibrate()


def data_of(el: Js) -> dict[str, str]:
    return {
        str(name)[5:]: str(el.getAttribute(name))
        for name in el.getAttributeNames()
        if str(name).startswith("data-") and name != "data-act"
    }


def fields() -> dict[str, str]:
    return {str(el.getAttribute("data-field")): str(el.value)
            for el in shell["root"].querySelectorAll("[data-field]")}


def tap(act: str, data: dict[str, str]) -> None:
    app: EmberApp = shell["app"]
    t0 = window.performance.now()
    shell["tapped"], shell["split"] = True, None
    try:
        app.handle(act, data, fields())
    except Exception:
        window.console.error("Ember Isle UI error:\n" + traceback.format_exc())
        app.say(keeping.after_error(app.save, app.session.saved, app.game is not None))
    t1 = window.performance.now()
    render()
    # timings of the last tap (ms): handle it, render (as window.siLastTap for Small Islands)
    # (and the table's: build its HTML, set it on the page; bench/ember_tap_latency.py)
    split = "".join(f" {t:.2f}" for t in shell["split"] or ())
    window.siEmberTap = f"{t1 - t0:.2f} {window.performance.now() - t1:.2f}{split}"
    shell["split"] = None


def on_change(event: Js) -> None:
    """A name typed in the form: "Who goes first" names the seat so at once. The file chooser
    ("Import a file"): the chosen file is read, then checked by the app."""
    el = event.target
    if not shell["showing"] or missing(el) or not hasattr(el, "getAttribute"):
        return
    field = el.getAttribute("data-field")
    if not missing(field) and str(field).startswith("ei-name-") and str(field)[8:].isdigit():
        seat = int(str(field)[8:])
        option = shell["root"].querySelector(f'select[data-field="ei-first"] option[value="{seat}"]')
        if not missing(option):
            option.textContent = screens.first_label(seat, str(el.value)[:40])
        return
    if str(event.type) != "change" or missing(el.getAttribute("data-ei-file")) or not el.files.length:
        return
    files_browser.read_file(el.files.item(0), tap, act="ei-import-file")
    el.value = ""  # the same file may be chosen again


def on_click(event: Js) -> None:
    shell["pointing"] = False  # the tap is over (its focus came before): see `on_focusin`
    if not shell["showing"] or gestures.swallow(event):
        return  # (the end of a pan or a pinch on the map is not a tap)
    el = event.target.closest("[data-act]")
    if missing(el):
        return
    tap(str(el.getAttribute("data-act")), data_of(el))


TARGETS = "#ei-board [data-act=ei-hex]"


def on_keydown(event: Js) -> None:
    """Enter/Space on a map target taps it; arrows go to the next or previous target; Esc
    closes an open sheet, else cancels the choices."""
    shell["pointing"] = False  # the keyboard's turn: a target it reaches is brought into view
    if not shell["showing"] or shortcuts_browser.handle(event, PLUGIN.title, keys.KEYS):
        return  # (`?` opens the list of keys; while it is open, keys are its own)
    key, target = str(event.key), event.target
    on_map = not missing(target) and hasattr(target, "closest") and not missing(target.closest(TARGETS))
    if on_map and key in ("Enter", " "):
        event.preventDefault()
        tap("ei-hex", {**data_of(target.closest(TARGETS)), "key": "1"})
    elif on_map and key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
        event.preventDefault()
        items = list(shell["root"].querySelectorAll(TARGETS))
        idx = next((i for i, e in enumerate(items) if e.isSameNode(target)), 0)
        step = 1 if key in ("ArrowRight", "ArrowDown") else -1
        nxt = items[(idx + step) % len(items)]
        target.setAttribute("tabindex", "-1")
        nxt.setAttribute("tabindex", "0")
        shell["board_moved"] = True
        nxt.focus()
    elif key == "Escape":
        app: EmberApp = shell["app"]
        if app.sheet:  # an open sheet closes first
            tap("ei-sheet", {"sheet": app.sheet})
        else:
            tap("ei-cancel", {})


# --- the map: its size, pan and pinch-zoom (shared with Small Islands), keyboard reveal ----


def measure_map() -> bool:
    """Tell the app the map's size on screen; True when it changed."""
    app: EmberApp = shell["app"]
    el = shell["root"].querySelector(".ei-game .ei-map")
    if missing(el):
        return False
    rect = el.getBoundingClientRect()
    px = (round(float(rect.width)), round(float(rect.height)))
    if px[0] <= 0 or px[1] <= 0 or px == app.map.px:
        return False
    app.map.px = px
    return True


def set_box(svg: Js, box: tuple[float, float, float, float]) -> None:
    svg.setAttribute("viewBox", board.viewbox_attr(box))
    shell["board_moved"] = True
    shell["app"].map.user = box


def zoom_widths() -> tuple[float, float]:
    app: EmberApp = shell["app"]
    return app.map.widths(app.view()) if app.game is not None else (50.0, 400.0)


gestures = MapGestures("#ei-board", lambda sel: document.querySelector(sel), set_box, zoom_widths,
                       lambda: None)


def on_pointerdown(event: Js) -> None:
    shell["pointing"] = True  # a focus before this tap's click is the tap's (`on_focusin`)
    if shell["showing"]:
        gestures.down(event)


def on_pointermove(event: Js) -> None:
    if shell["showing"]:
        gestures.move(event)


def on_pointerup(event: Js) -> None:
    if gestures.moved:
        shell["pointing"] = False  # a pan or a pinch: no tap (and no tap's focus) follows
    if shell["showing"]:
        gestures.up(event)


def on_wheel(event: Js) -> None:
    if shell["showing"]:
        gestures.wheel(event)


def on_focusin(event: Js) -> None:
    """A map target reached by the keyboard comes into view (the map pans to it). Never one
    focused by a tap: the map moving under the finger (a space by the zoom buttons, in their
    strip) would turn the tap into a pan, the space not chosen."""
    target = event.target
    if not shell["showing"] or shell.get("placed_focus") or shell.get("pointing"):
        return
    if missing(target) or not hasattr(target, "closest"):
        return
    el = target.closest(TARGETS)
    svg = document.getElementById("ei-board")
    app: EmberApp = shell["app"]
    if missing(el) or missing(svg) or app.game is None:
        return
    vb = svg.viewBox.baseVal
    h = (int(el.getAttribute("data-q")), int(el.getAttribute("data-r")))
    box = app.map.reveal(app.view(), (vb.x, vb.y, vb.width, vb.height), h)
    if box is not None:
        svg.setAttribute("viewBox", board.viewbox_attr(box))
        shell["board_moved"] = True


back_guard = BackGuard(window, js_obj)  # Small Islands' Back handling (game_shell.back)


def on_popstate(event: Js) -> None:
    """The browser's Back: close the rules or a dialog, or return from the menu to the game."""
    if not shell["showing"] or not back_guard.popped():
        return
    try:
        shell["app"].back()
    except Exception:
        window.console.error("Ember Isle UI error:\n" + traceback.format_exc())
    render()


def on_storage(event: Js) -> None:
    """Another window wrote Ember Isle's save: stop here, or read it again (`EmberApp.sync`)."""
    key = None if missing(event.key) else str(event.key)
    if not shell["showing"] or (key is not None and not key.startswith(PLUGIN.name + "/")):
        return
    try:
        changed = shell["app"].sync()
    except Exception:
        window.console.error("Ember Isle UI error:\n" + traceback.format_exc())
        return
    if changed:
        render()


def on_resize(event: Js) -> None:
    if shell["showing"] and measure_map():
        render()


def focus_key() -> str | None:
    el = document.activeElement
    if missing(el) or not hasattr(el, "closest") or missing(el.closest("#app")):
        return None
    act = el.getAttribute("data-act")
    if missing(act):
        return None
    sel = f'[data-act="{act}"]'
    for name, value in data_of(el).items():
        sel += f'[data-{name}="{value}"]'
    return sel


NEXT = (  # where the next thing to do is, in this order (`restore_focus`)
    TARGETS + '[tabindex="0"]',
    "#ei-actions .primary:not([disabled])",
    "#ei-actions button:not([disabled])",
    ".screen .primary:not([disabled])",
    ".ei-hand button:not([disabled]), .ei-game button:not([disabled])",
    ".screen button:not([disabled])",
)


def restore_focus(key: str | None) -> None:
    """After a render: the same control if it is still there, else -- the focus was lost with
    the old page, or was nowhere -- the first thing to do (`NEXT`: the map's next space, the
    primary action, the first button), so that a new screen or a turn change never leaves a
    keyboard player at the top of the page. Never a text field (a phone would open its
    keyboard), never scrolling the page."""
    root = shell["root"]
    el: Js = None
    if key is not None:
        with contextlib.suppress(Exception):
            el = root.querySelector(key)
    if missing(el):
        active = document.activeElement
        if not (missing(active) or str(active.tagName) == "BODY" or not active.isConnected):
            return  # the focus is still on something of the page: leave it there
    for selector in NEXT:
        if not missing(el) and not el.hasAttribute("disabled"):
            break
        el = root.querySelector(selector)
    if not missing(el) and not el.hasAttribute("disabled"):
        shell["placed_focus"] = key is None  # focus from nowhere: the map stays where it is
        try:
            el.focus(js_obj({"preventScroll": True}))
        finally:
            shell["placed_focus"] = False


# --- computer seats and hints ---------------------------------------------------------


def worker_failed(reason: str) -> None:
    if shell["failed"]:
        return
    shell["failed"] = True
    document.body.dataset.emberWorker = "failed"  # (the browser tests read it)
    window.console.warn(f"Ember Isle: bot worker failed ({reason}); computers play here")
    busy, hint = shell["busy"], shell["hint"]
    shell["busy"] = shell["hint"] = None
    if busy is not None:
        set_timeout(lambda: local_move(busy[1]), 0)
    if hint is not None:
        set_timeout(lambda: local_hint(hint[1]), 0)


def post(kind: str, token: str, request: str) -> bool:
    """A request to the page's bot worker (`game_shell.worker_host`: one for both games, with its
    watchdog); False when there is none (the caller decides here)."""
    n = None if shell["failed"] else worker_host.post(PLUGIN.name, request)
    if n is None:
        return False
    shell[kind] = (n, token)
    return True


class WorkerClient:
    """Ember Isle's side of the page's bot worker (`game_shell.worker_host.Client`)."""

    def ready(self, data: dict[str, Any]) -> None:
        pass

    def failed(self, reason: str, owed: list[int]) -> None:
        worker_failed(reason)

    def answer(self, job_id: int, data: dict[str, Any]) -> None:
        app: EmberApp = shell["app"]
        for kind in ("busy", "hint"):
            job = shell[kind]
            if job is None or job[0] != job_id:
                continue
            shell[kind] = None
            document.body.dataset.botThinking = "0"
            if data.get("ok"):
                document.body.dataset.emberWorker = "answered"
            try:
                if kind == "hint":
                    if data.get("ok"):
                        app.auto.apply_hint(str(data["result"]), job[1])
                    else:
                        app.auto.hint_locally(job[1])
                elif not (data.get("ok") and app.auto.apply(str(data["result"]), job[1])):
                    app.auto.local(job[1])
            except Exception:
                window.console.error("Ember Isle bot error:\n" + traceback.format_exc())
            if shell["showing"]:
                render()


def local_move(token: str) -> None:
    try:
        shell["app"].auto.local(token)
    except Exception:
        window.console.error("Ember Isle bot error:\n" + traceback.format_exc())
    if shell["showing"]:
        render()


def local_hint(token: str) -> None:
    shell["app"].auto.hint_locally(token)
    if shell["showing"]:
        render()


def schedule() -> None:
    """After a render: the next computer step after a pause, or the hint asked for."""
    app: EmberApp = shell["app"]
    if not shell["showing"]:
        return
    if app.auto.bot_seat() is not None and shell["busy"] is None and shell["timer"] is None:
        shell["timer"] = set_timeout(step, PACE_MS)
    hint = app.auto.hint_request()
    if hint is not None and shell["hint"] is None and not post("hint", hint[0], hint[1]):
        set_timeout(lambda: local_hint(hint[0]), 0)


def step() -> None:
    shell["timer"] = None
    app: EmberApp = shell["app"]
    if not shell["showing"] or shell["busy"] is not None:
        return
    req = app.auto.request()
    if req is None:
        return
    document.body.dataset.botThinking = "1"
    if not post("busy", req[0], req[1]):
        set_timeout(lambda: local_move(req[0]), 0)
