"""What every game's page does the same way when its screen changes (browser glue handed the
page's objects, so it imports nothing of the browser).

`opened` names the screen on ``<body data-app-screen>`` (styles and tests read it) and, when
the screen is a new one, shows it from its top: the page and every scrolling panel of the
new screen (``[data-scroll-top]``) start at the top, instead of where the last screen was
scrolled to (a tap on "Rules" at the bottom of the start screen used to open the rules
part-way down)."""

from __future__ import annotations

from typing import Any


def opened(document: Any, window: Any, screen: str, place: str | None = None) -> bool:
    """The screen now shown is `screen`, at `place` (screens of one place, such as a game's
    table while a computer plays and while the player does, keep their scroll); True when the
    place is another than before (then scrolled to its top)."""
    body = document.body
    place = place or screen
    body.setAttribute("data-app-screen", screen)
    if body.getAttribute("data-app-place") == place:
        return False
    body.setAttribute("data-app-place", place)
    window.scrollTo(0, 0)
    for el in document.querySelectorAll("[data-scroll-top]"):
        el.scrollTop = 0
    return True


# Where each page event is listened to: on the game's root (`#app`), the window (a drag that
# leaves the map, the size, Back, other windows) or the document (keys, wherever focus is).
ON_ROOT = frozenset({"click", "pointerdown", "wheel", "focusin", "change", "input"})
ON_WINDOW = frozenset({"pointermove", "pointerup", "pointercancel", "resize", "popstate", "storage"})
ON_DOCUMENT = frozenset({"keydown"})


def listen(
    root: Any,
    window: Any,
    document: Any,
    handlers: dict[str, Any],
    proxy: Any,
    options: Any = None,
) -> list[Any]:
    """Listen to the page's events with a game's `handlers` (event name -> function), each
    where that event belongs (`ON_ROOT`, `ON_WINDOW`, `ON_DOCUMENT`); `proxy` wraps a Python
    function for JavaScript (pyodide's `create_proxy`); `options(dict)` makes the wheel's
    listener options (not passive: the map zooms instead of the page scrolling). Returns the
    proxies (kept alive by the game). A game's handlers leave the page alone while another
    game shows (they check its `showing()`)."""
    made: dict[int, Any] = {}
    for event, handler in handlers.items():
        p = made.setdefault(id(handler), proxy(handler))
        target = root if event in ON_ROOT else window if event in ON_WINDOW else document
        if event not in ON_ROOT | ON_WINDOW | ON_DOCUMENT:
            raise ValueError(f"no place for the page event {event!r}")
        if event == "wheel" and options is not None:
            target.addEventListener(event, p, options({"passive": False}))
        else:
            target.addEventListener(event, p)
    return list(made.values())
