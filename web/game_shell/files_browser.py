"""Files in the browser, for every game: an export downloaded or shared (the Web Share API
where the device can share files), a chosen file read as text and handed to the game's tap
(its size checked first). Touches the browser; `files` checks what is read."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyodide.ffi.wrappers import set_timeout
from pyscript import document, window

from .files import MAX_FILE_BYTES, MIME, Outgoing

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide: JS null arrives as None
    jsnull = None

Js = Any
Tap = Callable[[str, dict[str, str]], None]
_keep: list[Any] = []  # proxies that must live as long as the page


def missing(value: object) -> bool:
    return value is None or value is jsnull


def js_obj(d: dict[str, Any]) -> Js:
    return to_js(d, dict_converter=window.Object.fromEntries)


def send(out: Outgoing) -> None:
    """Download or share one file (every game's files leave this way)."""
    if out.share:
        try:
            file = window.File.new(to_js([out.text]), out.name, js_obj({"type": MIME}))
            promise = window.navigator.share(js_obj({"files": to_js([file]), "title": out.name}))
        except Exception as exc:
            window.console.warn(f"Sharing failed ({exc}); downloading instead")
            download(out.name, out.text)
            return
        on_fail = create_proxy(lambda err: share_failed(err, out.name, out.text))
        _keep.append(on_fail)
        promise.catch(on_fail)
        return
    download(out.name, out.text)


def download(name: str, text: str) -> None:
    """Save `text` as a file named `name` (a Blob URL on a temporary <a download>)."""
    blob = window.Blob.new(to_js([text]), js_obj({"type": MIME}))
    url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = name
    document.body.appendChild(a)
    a.click()
    a.remove()
    set_timeout(lambda: window.URL.revokeObjectURL(url), 60_000)


def share_failed(err: Js, name: str, text: str) -> None:
    """Sharing was refused: download instead (unless the player cancelled the sheet)."""
    if str(getattr(err, "name", "")) != "AbortError":
        window.console.warn(f"Sharing failed ({err}); downloading instead")
        download(name, text)


def can_share_files() -> bool:
    """Does this browser share files (the Web Share API level 2)?"""
    with contextlib.suppress(Exception):
        probe = window.File.new(to_js(["{}"]), "game.json", js_obj({"type": MIME}))
        return bool(window.navigator.canShare(js_obj({"files": to_js([probe])})))
    return False


def read_file(file: Js, tap: Tap, act: str = "import-file") -> None:
    """Read a chosen file as text and give it to the app as the tap `act` (a file over the
    limit is refused by its size, never read)."""
    name, size = str(file.name), int(file.size)
    if size > MAX_FILE_BYTES:
        tap(act, {"name": name, "size": str(size), "text": ""})
        return

    def done(text: Js) -> None:
        tap(act, {"name": name, "size": str(size), "text": str(text)})

    def failed(err: Js) -> None:
        tap(act, {"name": name, "size": "0", "text": "\x00"})

    on_done, on_failed = create_proxy(done), create_proxy(failed)
    _keep.extend((on_done, on_failed))
    file.text().then(on_done, on_failed)
