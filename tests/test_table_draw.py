"""The table drawn part by part (`game_shell.table_draw`) ends as the whole screen drawn anew.

A small document model stands in for the browser's: it parses the HTML set as a part's (or
a layer's) content, and the test compares its tree, after every tap of whole games, with
the tree of the new screen's HTML drawn whole. Attributes compare as sets (the page keeps
an attribute's place when it is set again)."""

from __future__ import annotations

import random
from html.parser import HTMLParser
from typing import Any

import pytest
from test_ember_web import new

from ei_web import game_screen
from ei_web.app import EmberApp
from ember_web_driver import play_out
from game_shell import table_draw
from game_shell.table import Frame, Layers, Screen

VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
        "wbr"}


class Element:
    def __init__(self, tag: str, attrs: dict[str, str]) -> None:
        self.tag, self.attrs = tag, attrs
        self.children: list[Element | str] = []

    # the parts of the DOM that table_draw uses
    @property
    def firstElementChild(self) -> Element | None:  # noqa: N802 (the DOM's name)
        return next((c for c in self.children if isinstance(c, Element)), None)

    @property
    def classList(self) -> Any:  # noqa: N802
        classes = self.attrs.get("class", "").split()
        return type("ClassList", (), {"contains": staticmethod(lambda c: c in classes)})

    @property
    def innerHTML(self) -> str:  # noqa: N802
        raise NotImplementedError

    @innerHTML.setter
    def innerHTML(self, html: str) -> None:  # noqa: N802
        self.children = parse(html)

    # (names in lower case, as the parser here gives them: the page's SVG keeps viewBox's case
    # in both ways)
    def getAttribute(self, name: str) -> str | None:  # noqa: N802
        return self.attrs.get(name.lower())

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802
        self.attrs[name.lower()] = value

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        self.attrs.pop(name.lower(), None)

    tagName = "ELEMENT"  # noqa: N815
    blurred = False

    def contains(self, other: object) -> bool:
        return other is self or any(isinstance(c, Element) and c.contains(other)
                                    for c in self.children)

    def blur(self) -> None:
        self.blurred = True

    def find(self, ident: str) -> Element | None:
        if self.attrs.get("id") == ident:
            return self
        for c in self.children:
            if isinstance(c, Element) and (found := c.find(ident)) is not None:
                return found
        return None

    def tree(self) -> tuple[Any, ...]:
        """What the comparison sees: the tag, the attributes as a set, the children."""
        kids: list[Any] = []
        for c in self.children:
            if isinstance(c, str):
                if kids and isinstance(kids[-1], str):
                    kids[-1] += c
                else:
                    kids.append(c)
            else:
                kids.append(c.tree())
        return (self.tag, frozenset(self.attrs.items()), tuple(kids))


class Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        el = Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(el)
        if tag not in VOID:
            self.stack.append(el)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        assert self.stack[-1].tag == tag, f"</{tag}> closes <{self.stack[-1].tag}>"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(html: str) -> list[Element | str]:
    b = Builder()
    b.feed(html)
    b.close()
    assert b.stack == [b.root], "unclosed elements"
    return b.root.children


class Document:
    def __init__(self, root: Element) -> None:
        self.root = root
        self.activeElement: Any = type("Body", (), {"tagName": "BODY"})()  # noqa: N815

    def getElementById(self, ident: str) -> Element | None:  # noqa: N802
        return self.root.find(ident)


def whole(screen: Screen) -> tuple[Any, ...]:
    el = Element("div", {"id": "app"})
    el.innerHTML = screen.html()
    return el.tree()


def test_layers_and_attributes_are_changed_alone() -> None:
    def screen(fill: str, box: str, sheet: str | None) -> Screen:
        board = Layers((("", '<svg id="m"><g id="m-a">'), ("m-a", fill), ("", "</g></svg>")),
                       (("m", "viewBox", box),))
        sheets = Layers((("", '<section id="s">'), ("s", "<p>log</p>"), ("", "</section>")),
                        (("s", "data-open", sheet),))
        return Screen("g", 'data-x="1"', Frame("b", "", board, "", "", "", sheets, ""))

    a, b = screen("<rect/>", "0 0 1 1", None), screen("<circle/>", "0 0 2 2", "")
    root = Element("div", {"id": "app"})
    root.innerHTML = a.html()
    doc = Document(root)
    svg, section = doc.getElementById("m"), doc.getElementById("s")
    table_draw.draw(doc, root, b, a, lambda v: v is None)
    assert doc.getElementById("m") is svg and doc.getElementById("s") is section  # kept
    assert svg is not None and svg.attrs["viewbox"] == "0 0 2 2"
    assert section is not None and section.attrs.get("data-open") == ""
    assert root.tree() == whole(b)
    table_draw.draw(doc, root, a, b, lambda v: v is None)  # and back: the attribute removed
    assert root.tree() == whole(a) and "data-open" not in section.attrs
    kept = doc.getElementById("g-actions")  # unchanged: its focus stays
    doc.activeElement = kept
    table_draw.draw(doc, root, b, a, lambda v: v is None)
    assert kept is not None and not kept.blurred
    doc.activeElement = rect = doc.getElementById("m-a")  # in a layer to replace: let go first
    table_draw.draw(doc, root, a, b, lambda v: v is None)
    assert rect is not None and rect.blurred and root.tree() == whole(a)
    table_draw.draw(doc, root, a, a, lambda v: v is None, force=("board-wrap",))
    assert doc.getElementById("m") is not svg and root.tree() == whole(a)  # forced: anew


@pytest.mark.parametrize(("kinds", "seed"), [(["human", "easy"], 1), (["human", "human"], 2)])
def test_every_tap_of_a_game_draws_what_a_whole_drawing_would(kinds: list[str], seed: int) -> None:
    app = new(kinds)
    root = Element("div", {"id": "app"})
    doc = Document(root)
    drawn: list[Screen | None] = [None]
    checked = [0]
    handle = app.handle

    def tapped(act: str, data: dict[str, str], fields: dict[str, str]) -> None:
        handle(act, data, fields)
        if app.screen != "game" or app.game is None:
            drawn[0] = None
            return
        screen = game_screen.game_table(app)
        table_draw.draw(doc, root, screen, drawn[0], lambda v: v is None)
        drawn[0] = screen
        assert root.tree() == whole(screen), f"after {act} {data}"
        checked[0] += 1

    app.handle = tapped  # type: ignore[method-assign]
    play_out(app, random.Random(seed))
    assert checked[0] > 100


def test_the_app_draws_the_map_and_the_sheets_in_layers() -> None:
    app: EmberApp = new(["human", "easy"])
    pieces = game_screen.game_table(app).pieces()
    assert isinstance(pieces["ei-board-wrap"], Layers) and isinstance(pieces["ei-sheets"], Layers)
    layers = pieces["ei-board-wrap"].layers()
    assert {"ei-board-land", "ei-board-pieces", "ei-board-marks", "ei-map-grid"} <= set(layers)
