"""The keyboard shortcut list in the browser (markup in `shortcuts`): each game's key handler
calls `handle` first with its keys; the dialog is put on the page's body (outside the game's
root, so that a new render never removes it), its Close button focused; Escape, Close or a tap
beside it closes it and the focus goes back to the control that had it. While it is open every
key is its own (Tab stays on Close), so a game never acts on a key typed over it."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document

from . import shortcuts
from .files_browser import js_obj, missing

Js = Any
_state: dict[str, Any] = {"opener": None, "proxy": None}


def is_open() -> bool:
    return not missing(document.getElementById(shortcuts.DIALOG_ID))


def open_list(game_title: str, keys: shortcuts.Keys) -> None:
    """Show the list over the screen and focus its Close button."""
    if is_open():
        return
    _state["opener"] = document.activeElement
    holder = document.createElement("div")
    holder.innerHTML = shortcuts.dialog(game_title, keys)
    el = holder.firstElementChild
    if _state["proxy"] is None:
        _state["proxy"] = create_proxy(on_click)
    el.addEventListener("click", _state["proxy"])
    document.body.appendChild(el)
    el.querySelector('[data-shortcuts="close"]').focus(js_obj({"preventScroll": True}))


def close() -> None:
    """Take the list away; the focus back where it was (if that control is still there)."""
    el = document.getElementById(shortcuts.DIALOG_ID)
    if not missing(el):
        el.remove()
    opener, _state["opener"] = _state["opener"], None
    if not missing(opener) and opener.isConnected and hasattr(opener, "focus"):
        opener.focus()


def on_click(event: Js) -> None:
    kind = event.target.getAttribute("data-shortcuts") if hasattr(event.target, "getAttribute") else None
    if kind in ("close", "back"):
        close()


def handle(event: Js, game_title: str, keys: shortcuts.Keys) -> bool:
    """A key press, before the game sees it: True when the list took it (the game ignores it)."""
    key = str(event.key)
    if is_open():
        if key in ("Escape", shortcuts.OPEN_KEY):
            event.preventDefault()
            close()
        elif key == "Tab":
            event.preventDefault()
            document.getElementById(shortcuts.DIALOG_ID).querySelector("button").focus()
        return True  # Enter/Space still press Close (the browser's own)
    target = event.target
    typing = hasattr(target, "closest") and not missing(target.closest("input, select, textarea"))
    if shortcuts.wants_open(key, typing, bool(event.ctrlKey or event.metaKey or event.altKey)):
        event.preventDefault()
        open_list(game_title, keys)
        return True
    return False
