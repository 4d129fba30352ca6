"""Drawing a table screen in the browser part by part (`table.Screen`): when the screen on
the page has the same shape as the new one, only the parts whose HTML changed are replaced
and the frame's attributes set; otherwise the whole screen is. A game that draws its table
this way keeps the unchanged parts' DOM (the map, the sheets) across a tap: replacing the
whole screen costs the browser a parse and a layout of everything at every tap.

Browser-side (it takes the page's `document`); the choice itself is pure (`plan`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .table import Screen


def plan(new: Screen, old: Screen | None) -> dict[str, str] | None:
    """The parts to replace (id -> HTML), or None: the whole screen is to be drawn.

    >>> from game_shell.table import Frame
    >>> a = Screen("g", 'data-sheet=""', Frame("b", "", "m", "s", "t", "", "", "a"))
    >>> b = Screen("g", 'data-sheet="log"', Frame("b", "", "m", "s", "T", "", "", "a"))
    >>> plan(b, a), plan(b, None), plan(Screen("h", "", b.parts_), a)
    ({'g-tray': 'T'}, None, None)
    """
    if old is None or old.shape() != new.shape():
        return None
    before = old.parts()
    return {i: html for i, html in new.parts().items() if before.get(i) != html}


def draw(document: Any, root: Any, new: Screen, old: Screen | None,
         missing: Callable[[object], bool], force: tuple[str, ...] = ()) -> None:
    """Draw `new` in `root` (the page's element holding the screen), over `old` (the screen
    drawn there last, None when it was another screen or nothing). `missing`: is this JS
    value null (the browser module's test: Pyodide's null is not always None). `force`: ids
    of parts the page changed since (a pan of the map): replaced even when their HTML is
    the same."""
    changed = plan(new, old)
    if changed is not None:
        changed |= {i: html for i, html in new.parts().items() if i in force}
    frame = root.firstElementChild
    if (changed is not None and not missing(frame) and frame.classList.contains("table")
            and not any(missing(document.getElementById(i)) for i in new.ids().values())):
        for i, html in changed.items():
            document.getElementById(i).innerHTML = html
        attrs = new.attributes()
        for name, value in attrs.items():
            if frame.getAttribute(name) != unescaped(value):
                frame.setAttribute(name, unescaped(value))
        for name in old.attributes() if old else {}:
            if name not in attrs:
                frame.removeAttribute(name)
        return
    root.innerHTML = new.html()


def unescaped(value: str) -> str:
    """An attribute's value as written in HTML, as the DOM holds it.

    >>> unescaped("a &amp; &quot;b&quot; &lt;c&gt; &#x27;")
    'a & "b" <c> \\''
    """
    return (value.replace("&quot;", '"').replace("&#x27;", "'").replace("&#39;", "'")
            .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
