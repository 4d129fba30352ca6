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
