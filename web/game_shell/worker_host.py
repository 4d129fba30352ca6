"""The page's one bot worker (``bot-worker.js``), shared by every game's computer players and
suggestions: started on first use, each request sent with the page's id (`worker_route`),
each answer handed back to the game that asked, and a watchdog: a request without an answer
in `WATCHDOG_MS` gives the worker up, as does its failing to start. Then every game is told
(`Client.failed`, with the ids it was owed) and plays on the main thread.

Browser glue (PyScript): a game registers a `Client` under its name, then `post`s.
"""

from __future__ import annotations

import contextlib
from typing import Any, Protocol

from pyodide.ffi import create_proxy, to_js
from pyodide.ffi.wrappers import set_timeout
from pyscript import window

from . import registry
from .worker_route import Route

Js = Any
WATCHDOG_MS = 120_000  # two minutes without an answer: the worker is given up


class Client(Protocol):
    """A game's side of the worker."""

    def answer(self, job_id: int, data: dict[str, Any]) -> None: ...

    def ready(self, data: dict[str, Any]) -> None: ...

    def failed(self, reason: str, owed: list[int]) -> None: ...


route = Route()
clients: dict[str, Client] = {}
state: dict[str, Any] = {"js": None}


def register(game: str, client: Client) -> None:
    clients[game] = client


def failed() -> str | None:
    """Why the worker was given up (None while it is usable)."""
    return route.failed


def ensure() -> Js:
    """The worker (started on first use); None once it has failed."""
    if state["js"] is not None or route.failed is not None:
        return state["js"]
    try:
        js = window.Worker.new("./bot-worker.js", to_js({"type": "module"},
                                                        dict_converter=window.Object.fromEntries))
    except Exception as exc:
        fail(f"it could not start: {exc}")
        return None
    js.addEventListener("message", _proxies[0])
    js.addEventListener("error", _proxies[1])
    js.addEventListener("messageerror", _proxies[1])
    state["js"] = js
    return js


def post(game: str, request: str, archive: str | None = None) -> int | None:
    """Send `request` for the registered game `game` (the worker answers it with the game's
    `registry.GamePlugin.worker`, after unpacking its archive once -- or `archive`, another
    of the game's, for a request that needs code the game's own does not hold); its id, or
    None when there is no worker (the caller decides on the main thread)."""
    plugin = registry.by_name(registry.plugins(), game)
    js = ensure()
    if js is None or plugin is None or plugin.worker is None:
        return None
    n = route.submit(game)
    message = {"id": n, "request": request, "handler": plugin.worker,
               "archive": archive or plugin.archive}
    js.postMessage(to_js(message, dict_converter=window.Object.fromEntries))
    set_timeout(lambda: _overdue(n), WATCHDOG_MS)
    return n


def _overdue(n: int) -> None:
    if route.owes(n):
        fail(f"no answer within {WATCHDOG_MS // 1000} s")


def fail(reason: str) -> None:
    """Give the worker up; every game is told, with the requests it was owed."""
    owed = route.fail(reason)
    if owed is None:
        return
    window.console.warn(f"Bot worker given up: {reason}")
    if state["js"] is not None:
        with contextlib.suppress(Exception):
            state["js"].terminate()
    state["js"] = None
    for game, client in list(clients.items()):
        client.failed(reason, owed.get(game, []))


def _on_message(event: Js) -> None:
    data = event.data.to_py()
    if data.get("type") == "ready":
        for client in list(clients.values()):
            client.ready(data)
        return
    if data.get("type") == "failed":
        fail(f"Python did not start in it: {data.get('error')}")
        return
    game = route.answered(data.get("id"))
    if game is not None and game in clients:
        clients[game].answer(int(data["id"]), data)


def _on_error(event: Js) -> None:
    message = getattr(event, "message", None)
    fail(str(message) if isinstance(message, str) else "the worker script failed to load")


_proxies = [create_proxy(_on_message), create_proxy(_on_error)]
