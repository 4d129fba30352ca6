"""Drawing a table screen in the browser part by part (`table.Screen`): when the screen on
the page has the same shape as the new one, only the parts whose HTML changed are replaced
and the frame's attributes set; otherwise the whole screen is. A game that draws its table
this way keeps the unchanged parts' DOM (the map, the sheets) across a tap: replacing the
whole screen costs the browser a parse and a layout of everything at every tap.

Browser-side (it takes the page's `document`); the choice itself is pure (`plan`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .table import Layers, Part, Screen, html_of


@dataclass
class Plan:
    """What to change on the page: elements' contents to replace (id -> HTML) and
    attributes to set (element id, name, value as written; None: remove it)."""

    replace: dict[str, str] = field(default_factory=dict)
    sets: list[tuple[str, str, str | None]] = field(default_factory=list)


def plan(new: Screen, old: Screen | None) -> Plan | None:
    """What to change, or None: the whole screen is to be drawn. A part in `Layers` of the
    same skeleton as before changes only its changed layers and attributes.

    >>> from game_shell.table import Frame
    >>> a = Screen("g", 'data-sheet=""', Frame("b", "", "m", "s", "t", "", "", "a"))
    >>> b = Screen("g", 'data-sheet="log"', Frame("b", "", "m", "s", "T", "", "", "a"))
    >>> plan(b, a), plan(b, None), plan(Screen("h", "", b.parts_), a)
    (Plan(replace={'g-tray': 'T'}, sets=[]), None, None)
    >>> m = Layers((("", '<svg id="m"><g id="p">'), ("p", "x"), ("", "</g></svg>")), (("m", "viewBox", "1"),))
    >>> n = Layers(m.segments[:1] + (("p", "y"),) + m.segments[2:], (("m", "viewBox", "2"),))
    >>> plan(Screen("g", "", Frame("b", "", n, "", "", "", "", "")), Screen("g", "", Frame("b", "", m, "", "", "", "", "")))
    Plan(replace={'p': 'y'}, sets=[('m', 'viewBox', '2')])
    """
    if old is None or old.shape() != new.shape():
        return None
    before = old.pieces()
    out = Plan()
    for i, part in new.pieces().items():
        was = before.get(i)
        if isinstance(part, Layers) and isinstance(was, Layers) and part.skeleton() == was.skeleton():
            _layers(part, was, out)
        elif was is None or html_of(was) != html_of(part):
            out.replace[i] = html_of(part)
    return out


def _layers(new: Layers, old: Layers, out: Plan) -> None:
    """A layered part's changes since `old` (of the same skeleton) into `out`."""
    gone = old.layers()
    out.replace |= {i: html for i, html in new.layers().items() if gone.get(i) != html}
    had = {(i, name): value for i, name, value in old.sets}
    out.sets += [s for s in new.sets if had.get((s[0], s[1]), "\0") != s[2]]
    now = {(i, name) for i, name, _ in new.sets}
    out.sets += [(i, name, None) for (i, name), v in had.items() if (i, name) not in now and v is not None]


def draw(document: Any, root: Any, new: Screen, old: Screen | None,
         missing: Callable[[object], bool], force: tuple[str, ...] = ()) -> None:
    """Draw `new` in `root` (the page's element holding the screen), over `old` (the screen
    drawn there last, None when it was another screen or nothing). `missing`: is this JS
    value null (the browser module's test: Pyodide's null is not always None). `force`: ids
    of parts the page changed since (a pan of the map): replaced whole even when their HTML
    is the same."""
    changed = plan(new, old)
    frame = root.firstElementChild
    if (changed is None or missing(frame) or not frame.classList.contains("table")
            or any(missing(document.getElementById(i)) for i in new.ids().values())):
        root.innerHTML = new.html()
        return
    parts: dict[str, Part] = new.pieces()
    for i in force:  # (a whole part replaced: its layers and attributes with it)
        changed.replace = {k: h for k, h in changed.replace.items() if not _inside(parts[i], k)}
        changed.sets = [s for s in changed.sets if not _inside(parts[i], s[0])]
        changed.replace[i] = html_of(parts[i])
    let_go_of_focus(document, list(changed.replace), missing)
    for i, html in changed.replace.items():
        el = document.getElementById(i)
        if missing(el):  # (a layer's element the page lost: the whole screen, to be sure)
            root.innerHTML = new.html()
            return
        el.innerHTML = html
    for i, name, value in changed.sets:
        el = document.getElementById(i)
        if missing(el):
            continue
        if value is None:
            el.removeAttribute(name)
        else:
            el.setAttribute(name, unescaped(value))
    attrs = new.attributes()
    for name, value in attrs.items():
        if frame.getAttribute(name) != unescaped(value):
            frame.setAttribute(name, unescaped(value))
    for name in old.attributes() if old else {}:
        if name not in attrs:
            frame.removeAttribute(name)


def let_go_of_focus(document: Any, ids: list[str], missing: Callable[[object], bool]) -> None:
    """Blur the focused control when a part about to be replaced holds it (the tapped button,
    say): the browser then need not mend the focus while it removes the old part, which costs
    it a style pass mid-drawing (bench/RESULTS.md, the tap latency of the sixteenth session).
    The game puts the focus back after drawing, as it does whenever a control is replaced."""
    active = document.activeElement
    if missing(active) or str(active.tagName) == "BODY":
        return
    for i in ids:
        el = document.getElementById(i)
        if not missing(el) and el.contains(active):
            active.blur()
            return


def _inside(part: Part, ident: str) -> bool:
    """Is `ident` the id of an element of a layered `part` (a layer, an element with sets)?"""
    return isinstance(part, Layers) and (ident in part.layers() or any(s[0] == ident for s in part.sets))


def unescaped(value: str) -> str:
    """An attribute's value as written in HTML, as the DOM holds it.

    >>> unescaped("a &amp; &quot;b&quot; &lt;c&gt; &#x27;")
    'a & "b" <c> \\''
    """
    return (value.replace("&quot;", '"').replace("&#x27;", "'").replace("&#39;", "'")
            .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
