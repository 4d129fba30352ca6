"""Browser glue of "your games" (the controller installs it): files out (a Blob and an
<a download>, or the Web Share API) and in (the file chooser), the selects that act when
changed, the replay's slider, its parts, its keys (`replay_key`) and the timer that plays it
by itself (`autoplay`), and storage events from other windows.

Like the controller, this module touches the browser; `kept` does the rest.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyodide.ffi.wrappers import clear_timeout, set_timeout
from pyscript import document, window

from game_shell import registry
from game_shell.files_browser import can_share_files, read_file, send
from si_web.app import App
from si_web.replay import PACES
from si_web.stages.replay import PARTS, ReplayScreen

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide: JS null arrives as None
    jsnull = None

Js = Any
Tap = Callable[[str, dict[str, str]], None]
NAMESPACES = tuple(p.name + "/" for p in registry.plugins())  # every game's records
REPLAY_KEYS = {
    "ArrowLeft": "prev",
    "ArrowRight": "next",
    "Home": "first",
    "End": "last",
    "PageUp": "prev-round",
    "PageDown": "next-round",
}
_keep: list[Any] = []  # proxies that must live as long as the page
_auto: dict[str, Any] = {"timer": None, "tap": None}  # the replay's pending tick


def replay_key(key: str, target: Js) -> tuple[str, dict[str, str]] | None:
    """The replay's act for a key: Space (not on a control, whose own key it is) or K play
    and pause; the arrows, Page Up/Down, Home and End step."""
    if key in REPLAY_KEYS:
        return "step", {"to": REPLAY_KEYS[key]}
    on_control = not missing(target.closest("button, a, summary, select"))
    if key in ("k", "K") or (key == " " and not on_control):
        return "replay-play", {}
    return None


def autoplay(app: App) -> None:
    """While the replay plays itself, one tick is pending (`PACES`); otherwise none."""
    r = app.kept.replay if app.screen == "replay" else None
    if r is None or not r.playing:
        if _auto["timer"] is not None:
            clear_timeout(_auto["timer"])
            _auto["timer"] = None
        return
    if _auto["timer"] is None and _auto["tap"] is not None:
        def fire() -> None:
            _auto["timer"] = None
            _auto["tap"]("replay-tick", {})
        _auto["timer"] = set_timeout(fire, PACES.get(r.pace, PACES["normal"]))


def missing(value: object) -> bool:
    return value is None or value is jsnull


def js_obj(d: dict[str, Any]) -> Js:
    return to_js(d, dict_converter=window.Object.fromEntries)


def draw_parts(app: App, last: dict[str, Any]) -> bool:
    """The replay viewer: replace only its parts that changed, and move the slider (never
    replaced, so that a finger can keep dragging it). False: draw the whole screen."""
    autoplay(app)
    stage = app.stage()
    parts = stage.parts(app) if isinstance(stage, ReplayScreen) and app.kept.replay else None
    old, last["screen_parts"] = last.get("screen_parts"), parts
    slider = document.getElementById("rp-slider")
    if parts is None or old is None or missing(slider):
        return False
    for key in PARTS:
        if parts[key] != old[key]:
            document.getElementById(key).innerHTML = parts[key]
    if str(slider.value) != parts["step"]:
        slider.value = parts["step"]
    slider.setAttribute("aria-valuetext", parts["where"])
    return True


# --- files out -------------------------------------------------------------------------


def send_file(app: App) -> None:
    """Download or share the file the last tap asked for (`Kept.outbox`)."""
    out = app.kept.take_outbox()
    if out is not None:
        send(out)


# --- events ----------------------------------------------------------------------------


def install(app: App, tap: Tap, render: Callable[[], None]) -> None:
    """Listen to changes, slider moves and other windows' storage writes; tell the app the
    device's time zone and whether it can share files."""
    root = document.getElementById("app")
    _auto["tap"] = tap

    def on_change(event: Js) -> None:
        """A select that acts when changed (data-change), or the file chooser (data-file)."""
        el = event.target
        act = el.getAttribute("data-change")
        if not missing(act):
            tap(str(act), {"value": str(el.value)})
        elif not missing(el.getAttribute("data-file")) and el.files.length:
            read_file(el.files.item(0), tap)
            el.value = ""  # the same file may be chosen again

    def on_input(event: Js) -> None:
        act = event.target.getAttribute("data-input")
        if not missing(act):
            tap(str(act), {"value": str(event.target.value)})

    def on_storage(event: Js) -> None:
        key = None if missing(event.key) else str(event.key)
        if key is not None and not key.startswith(NAMESPACES):  # another app's on this origin
            return
        try:
            changed = app.kept.storage_changed(key)
        except Exception:
            window.console.error("Small Islands UI error:\n" + traceback.format_exc())
            return
        if changed:
            render()

    proxies = [create_proxy(f) for f in (on_change, on_input, on_storage)]
    _keep.extend(proxies)
    root.addEventListener("change", proxies[0])
    root.addEventListener("input", proxies[1])
    window.addEventListener("storage", proxies[2])
    app.kept.tz_minutes = -int(window.Date.new().getTimezoneOffset())
    app.kept.can_share = can_share_files()


